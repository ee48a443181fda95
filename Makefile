# Every target creates .venv on first use and installs what it needs; nothing is installed by hand.
VENV := .venv
ifeq ($(OS),Windows_NT)
PY ?= python
BIN := $(VENV)/Scripts
EXE := .exe
else
PY ?= python3
BIN := $(VENV)/bin
EXE :=
endif
STAMP_APP := $(VENV)/.stamp-app
STAMP_TEST := $(VENV)/.stamp-test
STAMP_BUNDLE := $(VENV)/.stamp-bundle

.PHONY: play test lint bench bundle bundle-check fuzz soak clean survey strength

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
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n auto  # one worker per core (pytest-xdist)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/cardtable smoke

# make bundle: a one-file executable, dist/cardtable (cardtable.exe on Windows);
# make bundle ONEDIR=1: the one-folder form, dist/cardtable-onedir/ (+ dist/Card Table.app on macOS).
# PyInstaller's work files go to build/work/ (ignored). See README.md, "Download and play".
ifneq ($(filter 1 yes true,$(ONEDIR)),)
BUNDLE_ARGS := -- --onedir
BUNDLE_EXE := dist/cardtable-onedir/cardtable$(EXE)
else
BUNDLE_ARGS :=
BUNDLE_EXE := dist/cardtable$(EXE)
endif

bundle: $(STAMP_BUNDLE)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/work \
		build/cardtable.spec $(BUNDLE_ARGS)
	@ls -l $(BUNDLE_EXE)

# The bundle's own smoke run (every game), headless; also fails if the run wrote anything into dist/.
bundle-check: bundle
	@touch build/work/smoke-start
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BUNDLE_EXE) smoke
	@# the solver's second lane, a spawned child of the bundle: Classic deal 8721 is won by it in
	@# 7-13 s here, and not by lane 0 alone in 30 s
	$(BUNDLE_EXE) solve canfield --seed 8721 --preset classic --json --time-limit 30 | grep -q '"result": "winnable"'
	@if [ -n "$$(find dist -newer build/work/smoke-start)" ]; then \
		echo "bundle-check: the smoke run wrote into dist/:"; find dist -newer build/work/smoke-start; exit 1; fi

bench: $(STAMP_APP)
	$(BIN)/cardtable bench

# make fuzz: random real events through the app, every registered game, checked after each event
# (tests/fuzzing.py); make soak: random whole games through every engine and preset, every property
# checked (tests/soaking.py), then KILLS kills of each kind of data write (make datakill). Both are
# seeded; CI runs short ones (see .ci/run). GAME=name runs one game alone (the same games as its
# share of the whole run, so a long run can be split across processes or sessions; a soak of one
# game leaves out the kills).
EVENTS ?= 1000000
GAMES ?= 100000
SEED ?= 1
GAME ?=

fuzz: $(STAMP_TEST)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python tests/fuzzing.py --events $(EVENTS) \
		--seed $(SEED) $(if $(GAME),--game $(GAME))

soak: $(STAMP_TEST)
	$(BIN)/python tests/soaking.py --games $(GAMES) --seed $(SEED) $(if $(GAME),--game $(GAME))
	$(if $(GAME),,$(MAKE) --no-print-directory datakill KILLS=$(KILLS))

# Processes killed (SIGKILL) in the middle of autosaves and statistics writes, KILLS times each;
# `make test` makes a dozen of each. The previous save and every committed row must survive.
KILLS ?= 300
.PHONY: datakill
datakill: $(STAMP_TEST)
	CARDTABLE_KILLS=$(KILLS) SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q \
		tests/test_data_folder.py -k killed

# The solver's surveys (docs/rules/canfield.md): deals 1..SURVEY_DEALS per preset, 10 s each, on
# both cores. Long (tens of minutes); not part of make test.
SURVEY_DEALS ?= 1000
survey: $(STAMP_APP)
	$(BIN)/cardtable solve canfield --survey $(SURVEY_DEALS) --preset classic --json
	$(BIN)/cardtable solve canfield --survey $(SURVEY_DEALS) --preset seed --json

# The computer players' strength table (README, "Computer players"): each cell of the targets is
# the STRENGTH_GAMES games of one `cardtable sim` command, played on both cores by tests/strength.py,
# which logs every game to STRENGTH_LOG as it ends: stopped and run again, it plays only the games
# the log lacks. STRENGTH_GAME=name for one game's cells, STRENGTH_SEATS=hard,pimc for the cells of
# those seats; STRENGTH_JOBS=1 plays on one core and leaves the other for other work (a game that
# has to share its core is played again) or for a second run of other cells on the same log; `make
# strength-report` summarises the log.
# At hard's 1.5 s a move a 200-game cell takes 2 to 30 core-hours here, about 80 in all (README).
STRENGTH_GAMES ?= 200
STRENGTH_GAME ?=
STRENGTH_LOG ?= strength.jsonl
STRENGTH_JOBS ?= 2
STRENGTH_SEATS ?=
STRENGTH_ARGS = --games $(STRENGTH_GAMES) --log $(STRENGTH_LOG) --jobs $(STRENGTH_JOBS) $(if $(STRENGTH_GAME),--game $(STRENGTH_GAME)) $(if $(STRENGTH_SEATS),--seats $(STRENGTH_SEATS))
.PHONY: strength-report
strength: $(STAMP_APP)
	$(BIN)/python tests/strength.py $(STRENGTH_ARGS)

strength-report: $(STAMP_APP)
	$(BIN)/python tests/strength.py $(STRENGTH_ARGS) --report

clean:
	rm -rf $(VENV) dist build/work .pytest_cache .ruff_cache .hypothesis
