"""Seats on the setup screen: who sits where (a person or a computer level), remembered like the
options, carried into the deal request and the autosave, and every row on screen at 800×600."""

from __future__ import annotations

import pygame
import pytest

import engines
from game import saves
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene


def open_setup(make_app, name: str, size=(1280, 800)):
    app = make_app(size)
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.click(app.scene.game_buttons[name].rect.center)
    assert isinstance(app.scene, SetupScene)
    return app, app.scene, driver


def row(setup: SetupScene, label: str):
    return next(r for r in setup.grid.rows if r.label == label)


def choose(driver, setup: SetupScene, label: str, choice: str) -> None:
    button = next(b for b in row(setup, label).buttons if b.label == choice)
    driver.click(button.rect.center)


def test_canals_offers_human_or_a_computer_level_per_seat(make_app):
    _app, setup, driver = open_setup(make_app, "canals")
    labels = [r.label for r in setup.grid.rows]
    assert "Players" not in labels  # Canals is always two
    first, second = setup.seat_label(0), setup.seat_label(1)
    assert [label for label, _ in row(setup, second).values] == ["Human", "Easy", "Medium", "Hard"]
    assert setup.seats[:2] == ["human", "human"] and "Between turns" in labels
    choose(driver, setup, second, "Medium")
    assert setup.seats[:2] == ["human", "medium"]
    # one person at the screen: nothing to hide between turns
    assert "Between turns" not in [r.label for r in setup.grid.rows]
    request = setup.request()
    assert (request.players, request.seats) == (2, ["human", "medium"])
    choose(driver, setup, first, "Hard")
    choose(driver, setup, second, "Human")
    assert setup.request().seats == ["hard", "human"]


def test_a_solitaire_has_no_seat_rows(make_app):
    _app, setup, _driver = open_setup(make_app, "canfield")
    labels = [r.label for r in setup.grid.rows]
    assert not {"Players", "Player 1", "Between turns"} & set(labels)
    request = setup.request()
    assert (request.players, request.seats) == (1, ["human"])


def test_seat_choices_are_remembered_and_checked_on_recall(make_app):
    app, setup, driver = open_setup(make_app, "canals")
    choose(driver, setup, setup.seat_label(1), "Easy")
    driver.key(pygame.K_RETURN)  # start
    assert app.scenes[1].request.seats == ["human", "easy"]  # the table (under any hand-off)
    assert app.settings.last_setup["canals"]["seats"] == ["human", "easy"]
    app.reset_to(app.scenes[0])
    driver.click(app.scene.game_buttons["canals"].rect.center)
    assert app.scene.seats == ["human", "easy"]
    for stale in (["human", "genius"], ["human"], "human,easy", ["random", "human"]):
        app.settings.last_setup["canals"]["seats"] = stale
        app.pop()
        driver.click(app.scene.game_buttons["canals"].rect.center)
        assert app.scene.seats == ["human", "human"], stale


def test_resuming_restores_the_seats_of_the_save(make_app, home):
    game = engines.get("canals")
    record = engines.GameRecord("canals", 5, 2, dict(game.DEFAULTS), [])
    state = record.new_state()
    record = engines.GameRecord("canals", 5, 2, dict(game.DEFAULTS), [state.legal_moves()[0]])
    saves.save(record, 3.0, ["human", "hard"])
    _app, setup, _driver = open_setup(make_app, "canals")
    assert setup.saved.seats == ["human", "hard"]
    request = DealRequest.from_record(setup.saved.record, setup.saved.seats)
    assert request.seats == ["human", "hard"] and len(request.moves) == 1


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("name", ["canfield", "canals"])
def test_every_row_and_button_fits_the_window(make_app, size, name):
    _app, setup, _driver = open_setup(make_app, name, size)
    w, h = size
    for button in setup.buttons:
        if button in setup.actions and button not in setup.visible_actions():
            continue
        assert pygame.Rect(0, 0, w, h).contains(button.rect), (button.label, button.rect)
    assert setup.deal_rect.bottom < setup.start.rect.top
