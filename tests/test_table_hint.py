"""Hint at the tables with opponents: the hard player, seeing only the asking seat's view, suggests
a move in the worker, and the table shows it as the gesture that makes it."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import wait_for

import engines
from engines import canals
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.table import advice, open_table


def open_game(make_app, seats: str, settle: bool = True):
    app = make_app((1280, 800))
    app.push(MenuScene(app))
    request = DealRequest.build(engines.get("canals"), seed=11, seats=seats)
    request.options["first"] = 0
    open_table(app, request)
    table = next(s for s in app.scenes if hasattr(s, "seats"))
    driver = Driver(app, frames=1, dt=1 / 30)
    if settle:
        wait_for(driver, lambda: not table.in_flight())
    return app, table, driver


def spy_on(app) -> list[tuple]:
    asked: list[tuple] = []
    real_submit = app.worker.submit

    def spy(owner, key, fn, *args):
        asked.append(args)
        return real_submit(owner, key, fn, *args)

    app.worker.submit = spy
    return asked


def test_hint_asks_the_hard_player_with_only_the_seats_view_and_shows_a_legal_move(make_app):
    app, table, driver = open_game(make_app, "human,easy")
    asked = spy_on(app)
    driver.key(pygame.K_h)
    assert app.toasts.latest == "Thinking of a hint…"
    ((game, kind, view, _seed),) = asked
    assert (game, kind) == ("canals", "hard")
    assert view == table.state.view(0) and view["hands"][1] == [None] * 26
    wait_for(driver, lambda: table.advisor.showing, seconds=20)
    assert app.toasts.latest.startswith("Hint: ")
    shown = table.advisor.gesture
    legal = [m for m in table.state.legal_moves() if table.gesture_for(m) == shown]
    assert legal, "the gesture on show makes no legal move"
    assert table.pos == 0  # a hint plays nothing


def test_making_a_move_takes_the_hint_away_and_a_late_answer_is_dropped(make_app, monkeypatch):
    monkeypatch.setattr(advice, "HINT_KIND", "easy")  # quick: this test is about the timing
    _app, table, driver = open_game(make_app, "human,easy")
    driver.key(pygame.K_h)
    wait_for(driver, lambda: table.advisor.showing)
    card = table.view["hands"][0][0]
    gesture = table.gesture_for(canals.Place(card, 0, None, False))
    driver.drag(gesture.press, gesture.release)
    assert table.pos >= 1 and not table.advisor.showing
    wait_for(driver, lambda: table.state.current_player == 0 and not table.in_flight())
    table.show_hint()  # H, without the frames a key press runs (a quick answer may come in them)
    assert table.advisor.thinking
    table.undo()  # the position moves on before the answer
    assert not table.advisor.thinking
    driver.run(60)
    assert not table.advisor.showing


def test_no_hint_on_the_computers_turn(make_app):
    app, table, _driver = open_game(make_app, "easy,human", settle=False)
    assert table.state.current_player == 0 and not table.hint_enabled()
    asked = spy_on(app)
    table.show_hint()
    assert not any(kind == "hard" for _game, kind, *_ in asked)
    assert app.toasts.latest == "A hint is for your own turn"


@pytest.mark.parametrize(
    ("game", "seats"), [("sandcastles", "human,easy,easy"), ("orchard", "human,easy")]
)
def test_the_hint_points_at_a_legal_move_in_the_new_games(make_app, monkeypatch, game, seats):
    monkeypatch.setattr(advice, "HINT_KIND", "easy")  # the hard player is the same code, slower
    app = make_app((1280, 800))
    app.push(MenuScene(app))
    request = DealRequest.build(engines.get(game), seed=5, seats=seats)
    open_table(app, request)
    table = next(s for s in app.scenes if hasattr(s, "seats"))
    driver = Driver(app, frames=1, dt=1 / 30)
    wait_for(driver, lambda: table.hint_enabled() and not table.in_flight(), seconds=30)
    driver.key(pygame.K_h)
    wait_for(driver, lambda: table.advisor.showing, seconds=30)
    shown = table.advisor.gesture
    assert shown is not None and app.toasts.latest.startswith("Hint: ")
    assert any(table.gesture_for(m) == shown for m in table.state.legal_moves())


@pytest.mark.parametrize(("game", "players"), [("canals", 2), ("sandcastles", 4), ("orchard", 2)])
def test_every_move_of_the_games_with_opponents_says_what_it_does(game, players):
    """The hint's words: each move a short phrase naming its cards by their faces."""
    module = engines.get(game)
    rng = random.Random(3)
    state = module.new_game(seed=3, players=players)
    said = set()
    while not state.is_over() and len(said) < 400:
        for move in state.legal_moves():
            words = move.describe()
            assert isinstance(words, str) and words and "'" not in words.replace("'s", "")
            said.add(words)
        state = state.apply(state.random_move(rng))
    assert len(said) > 20
