# Every target creates .venv on first use and installs what it needs; nothing is installed by hand.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_APP := $(VENV)/.stamp-app
STAMP_TEST := $(VENV)/.stamp-test
STAMP_BUNDLE := $(VENV)/.stamp-bundle

.PHONY: play test lint bench bundle bundle-check clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP_APP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(STAMP_APP)

$(STAMP_BUNDLE): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[bundle]'
	touch $@

play: $(STAMP_APP)
	$(BIN)/cardtable

test: $(STAMP_TEST)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/cardtable smoke

bench: $(STAMP_APP)
	$(BIN)/cardtable bench

clean:
	rm -rf $(VENV) dist build/work .pytest_cache .ruff_cache .hypothesis
