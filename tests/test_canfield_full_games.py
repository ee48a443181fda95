"""Whole games of Canfield won through the user interface: one with the mouse only, one with the
keyboard only, in both presets. The winning line comes from a small search; the table must carry
out every move of it exactly as the engine expects, then celebrate."""

from __future__ import annotations

import pygame
import pytest
from canfield_solver import solve
from conftest import open_canfield

from engines import canfield
from game.driver import Driver
from game.scenes.dialogs import ChoiceScene
from game.scenes.menu import MenuScene

WINNABLE_DEAL = 4  # found by the solver for both presets


def prepared(make_app, preset):
    app = make_app(animation="off")
    app.push(MenuScene(app))
    driver = Driver(app, frames=1)
    table = open_canfield(app, driver, seed=WINNABLE_DEAL, preset=preset)
    line = solve(table.state)
    assert line, "the deal is winnable"
    return app, table, driver, line


def by_mouse(table, driver, move) -> None:
    if move.src == "stock" or move.dst == "stock":
        driver.click(table.pile_target_rect("stock").center, frames=1)
        return
    pile = table.state.pile(move.src)
    driver.drag(
        table.card_point(move.src, len(pile) - move.n),
        table.pile_target_rect(move.dst).center,
        steps=3,
    )


def focus(table, driver, pile) -> None:
    for _ in range(len(table.focus_order()) + 1):
        if table.focus is not None and table.focus_order()[table.focus] == pile:
            return
        driver.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {pile}")


def by_keyboard(table, driver, move) -> None:
    if move.src == "stock" or move.dst == "stock":
        focus(table, driver, "stock")
        driver.key(pygame.K_RETURN)
        return
    focus(table, driver, move.src)
    driver.key(pygame.K_RETURN)
    while table.held and len(table.held.codes) < move.n:
        driver.key(pygame.K_UP)  # lift more of the run
    assert table.held and len(table.held.codes) == move.n
    focus(table, driver, move.dst)
    driver.key(pygame.K_RETURN)


@pytest.mark.parametrize("preset", ["seed", "classic"])
@pytest.mark.parametrize("hand", [by_mouse, by_keyboard], ids=["mouse", "keyboard"])
def test_a_whole_game_is_won_through_the_table(make_app, preset, hand):
    app, table, driver, line = prepared(make_app, preset)
    assert table.state.options == canfield.presets[preset]
    for i, move in enumerate(line):
        before = table.pos
        hand(table, driver, move)
        assert table.pos == before + 1 and table.moves[-1] == move, (
            f"move {i + 1}: {move.to_dict()}"
        )
    assert table.state.is_over()
    driver.run(3)  # with animation off the celebration goes straight to the results
    assert isinstance(app.scene, ChoiceScene) and app.scene.title == "You won!"
    assert app.scenes[-2] is table
