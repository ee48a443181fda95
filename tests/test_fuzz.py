"""The UI fuzzer (tests/fuzzing.py) in the suite: a short seeded run per registered game, the same
run twice gives the same trace, and its checks do catch what they are there to catch. CI runs
15,000 events per game (`make fuzz EVENTS=15000`, from .ci/run); `make fuzz` a million."""

from __future__ import annotations

import pygame
import pytest
from fuzzing import Checker, Fuzzer

import engines
from game import registry
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.table import open_table


@pytest.mark.parametrize("name", registry.playable_names())
def test_a_seeded_run_is_clean(home, name):
    summary = Fuzzer(name, seed=11, events=1_500).run()
    assert summary["events"] >= 1_500
    assert summary["moves"] > 0 and summary["replay_checks"] > 0
    assert registry.table_class(name).__name__ in summary["scenes"]
    assert "MenuScene" in summary["scenes"]


def test_the_same_seed_gives_the_same_run(home, tmp_path, monkeypatch):
    first = Fuzzer("canals", seed=5, events=400).run()
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "again"))
    (tmp_path / "again").mkdir()
    again = Fuzzer("canals", seed=5, events=400).run()
    assert (again["digest"], again["moves"]) == (first["digest"], first["moves"])
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path / "other"))
    (tmp_path / "other").mkdir()
    assert Fuzzer("canals", seed=6, events=400).run()["digest"] != first["digest"]


@pytest.fixture
def canals_table(make_app):
    app = make_app(animation="off")
    app.push(MenuScene(app))
    request = DealRequest.build(engines.get("canals"), seed=3, seats="human,human")
    open_table(app, request)
    Driver(app, frames=1).run(2)
    return app, app.scenes[-2]  # under the hand-off screen


def test_the_checks_pass_on_a_fresh_table(canals_table):
    app, _ = canals_table
    Checker().check(app.scenes)


def test_a_hidden_card_drawn_is_caught(canals_table):
    app, table = canals_table
    hidden = next(p for p in table.placed if p.card is None)
    other_hand = table.state.to_dict()["hands"][1 - table.viewer]
    hidden.card = other_hand[0]
    with pytest.raises(AssertionError, match="drawn but hidden"):
        Checker().check(app.scenes)


def test_a_missing_card_is_caught(canals_table):
    app, table = canals_table
    table.placed.pop()
    with pytest.raises(AssertionError, match="51 cards"):
        Checker().check(app.scenes)


def test_a_state_that_is_not_its_record_is_caught(canals_table):
    app, table = canals_table
    move = table.state.legal_moves()[0]
    table.history.states[0] = table.state.apply(move)  # as if a move were made off the record
    with pytest.raises(AssertionError, match="not its record"):
        Checker().check(app.scenes)


def test_every_key_is_in_the_fuzzers_hands(home):
    fuzzer = Fuzzer("canfield", seed=1, events=0)
    assert {pygame.K_a, pygame.K_F11, pygame.K_KP_ENTER, pygame.K_ESCAPE} <= set(fuzzer.keys)
    assert len(fuzzer.keys) > 100
    fuzzer.app.quit()
