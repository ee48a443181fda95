"""An idle table is not redrawn sixty times a second, yet anything that moves is drawn every frame."""

from __future__ import annotations

import pygame
from conftest import open_canfield

from game.driver import Driver
from game.scenes.menu import MenuScene


def count_draws(app, monkeypatch) -> list[int]:
    drawn: list[int] = []
    real = app.draw
    monkeypatch.setattr(app, "draw", lambda: (drawn.append(1), real()))
    return drawn


def test_idle_frames_are_skipped_but_the_clock_still_ticks(make_app, monkeypatch):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app, frames=1)
    table = open_canfield(app, driver)  # the deal has landed
    driver.dt = 1 / 60
    drawn = count_draws(app, monkeypatch)
    driver.run(60)  # one idle second
    assert 2 <= len(drawn) <= 6
    drawn.clear()
    driver.click(table.pile_target_rect("stock").center, frames=1)  # a draw: the card flies
    frames = 1
    while table.in_flight():
        driver.run(1)
        frames += 1
    assert frames >= 5 and len(drawn) == frames  # every frame of the flight, landing included
    drawn.clear()
    driver.run(5)
    assert drawn == []  # then the table rests


def test_pointer_motion_is_drawn_at_once(make_app, monkeypatch):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app, frames=1, dt=1 / 60)
    driver.run(30)
    drawn = count_draws(app, monkeypatch)
    for x in range(100, 400, 30):
        driver.post(pygame.MOUSEMOTION, pos=(x, 300), rel=(30, 0), buttons=(0, 0, 0))
        driver.run(1)
    assert len(drawn) == 10


def test_a_toast_is_drawn_until_it_has_gone(make_app, monkeypatch):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app, frames=1, dt=1 / 60)
    driver.run(30)
    app.toasts.show("Hello", seconds=0.5)
    drawn = count_draws(app, monkeypatch)
    frames = 0
    while app.toasts.items:
        driver.run(1)
        frames += 1
    # Every frame was drawn, the one in which the toast vanished included; then the menu rests.
    assert frames >= 25 and len(drawn) == frames
    driver.run(3)
    assert len(drawn) == frames
