"""The UI fuzzer (tests/fuzzing.py) in the suite: a short seeded run per registered game, the same
run twice gives the same trace, and its checks do catch what they are there to catch. CI runs
20,000 events per game (`make fuzz EVENTS=20000`, from .ci/run: the long run that must reach every
scene); `make fuzz` a million."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from conftest import open_game, pass_handoff
from fuzzing import Checker, Fuzzer, collect_codes, main, replayed_move, searching_by_iterations

import engines
from engines import sandcastles
from engines.ai import BUDGET_S
from engines.cards import FULL_DECK
from game import registry
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.table import open_table
from game.table.sandcastles import resolved

DECK = frozenset(FULL_DECK)


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


def computers_moves(seed: int, moves: int) -> tuple[list, float]:
    """The first moves of a Canals game of hard against medium, played through a fuzzer's frames
    (its worker thinks with the fuzz run's job), and the seconds they took."""
    fuzzer = Fuzzer("canals", seed=seed, events=0)
    open_table(fuzzer.app, DealRequest.build(engines.get("canals"), seed, seats="hard,medium"))
    table = fuzzer.app.scene
    started = time.perf_counter()
    with searching_by_iterations():
        while len(table.moves) < moves and fuzzer.frames < 2_000:
            fuzzer.step()
    seconds = time.perf_counter() - started
    fuzzer.app.quit()
    assert fuzzer.late == 0
    return list(table.moves), seconds


def test_the_searching_levels_move_at_once_and_repeat_their_moves_in_a_fuzz_run(home):
    first, seconds = computers_moves(seed=4, moves=6)
    assert len(first) == 6
    assert seconds < 3 * (BUDGET_S["hard"] + BUDGET_S["medium"])  # what the clock alone takes
    assert computers_moves(seed=4, moves=6)[0] == first


def test_every_key_is_in_the_fuzzers_hands(home):
    fuzzer = Fuzzer("canfield", seed=1, events=0)
    assert {pygame.K_a, pygame.K_F11, pygame.K_KP_ENTER, pygame.K_ESCAPE} <= set(fuzzer.keys)
    assert len(fuzzer.keys) > 100
    fuzzer.app.quit()


def codes(value) -> set[str]:
    found: set[str] = set()
    collect_codes(value, found)
    return found


def attacks_moves_back(seed: int = 1) -> tuple[list, int, int, set[str]]:
    """A two-player Sandcastles game at a position p whose player last watched a round's attacks
    at state r < p, with cards public then but hidden now (the discard pile shuffled into the
    stock since): (moves to p, p, r, those cards)."""
    rng = random.Random(seed)
    states = [sandcastles.new_game(seed=seed, players=2)]
    moves: list = []
    while not states[-1].is_over():
        moves.append(rng.choice(states[-1].legal_moves()))
        states.append(states[-1].apply(moves[-1]))
        p, seat = len(moves), states[-1].current_player
        r = next((i for i in range(p, 0, -1) if resolved(states[i])), None)
        if seat is None or r is None or r == p:
            continue
        then = codes(states[r - 1].view(seat)) | codes(states[r].events)
        now = codes(states[p].view(seat)) | codes(states[p].events)
        gone = then - now - codes(states[p - 1].view(seat))
        if gone:
            return moves, p, r, gone
    raise AssertionError("no such position in this game")


@pytest.fixture
def replay_after_handoff(make_app):
    """A hot-seat table opened at such a position: after the hand-off, its player watches the
    attacks of state r, moves back."""
    moves, p, r, gone = attacks_moves_back()
    request = DealRequest("sandcastles", 1, {}, 2, ["human", "human"], moves, secrets=True)
    app, table, driver = open_game(make_app, request)
    pass_handoff(app, driver)
    assert table.pos == p and replayed_move(table) == r
    assert codes(table.shown) & gone, "the replay shows cards no longer public"
    return app, table, (r, gone)


def test_a_replay_of_attacks_moves_back_may_show_what_was_public_then(replay_after_handoff):
    app, _, _ = replay_after_handoff
    Checker().check(app.scenes)


def test_a_card_hidden_at_the_replayed_moment_is_still_caught(replay_after_handoff):
    app, table, (r, _) = replay_after_handoff
    seat = table.viewer
    hidden = DECK - codes(table.states[r - 1].view(seat)) - codes(table.states[r].events)
    hidden -= codes(table.view) | codes(table.states[table.pos - 1].view(seat))
    face_down = next(p for p in table.placed if p.card is None)
    face_down.card = sorted(hidden)[0]
    with pytest.raises(AssertionError, match="drawn but hidden"):
        Checker().check(app.scenes)


def test_a_misspelt_game_stops_the_fuzzer_with_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--events", "1", "--game", "canfeild"])
    assert stop.value.code == 2
    assert "invalid choice: 'canfeild'" in capsys.readouterr().err
