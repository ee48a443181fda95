"""The Canfield table driven like a player would: real pygame mouse and keyboard events go through
the event queue (game.driver.Driver) and every assertion is on the engine's state, the scene stack
or files in the private data folder.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pygame
import pytest
from conftest import (
    button,
    make_state,
    nearly_won,
    open_canfield,
    resize_window,
    run_of,
    set_position,
    settle,
)

from engines import GameRecord, canfield
from engines.core import Move
from game.driver import Driver
from game.scenes.celebration import CelebrationScene
from game.scenes.dialogs import ChoiceScene, ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.settings_scene import SettingsScene

SUITS = "SHDC"


# -- helpers ------------------------------------------------------------------------------------


def rest_at(table, pile: str) -> None:
    """Every card of `pile` is drawn exactly at its resting place."""
    for p in table.placed:
        if p.pile == pile:
            sprite = table.sprites[p.key]
            assert (round(sprite.x), round(sprite.y)) == (p.x, p.y), p.key
            assert not sprite.moving, p.key


def all_at_rest(table) -> None:
    for p in table.placed:
        sprite = table.sprites[p.key]
        assert (round(sprite.x), round(sprite.y)) == (p.x, p.y), p.key


def top_point(table, pile: str) -> tuple[int, int]:
    return table.card_point(pile, len(table.state.pile(pile)) - 1)


def double_click(driver, pos) -> None:
    driver.click(pos, frames=1)
    driver.click(pos, frames=1)
    driver.run()


def press_and_hold(driver, start, to) -> None:
    """Press the left button at `start` and move to `to` without releasing: a drag in progress."""
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.run(1)
    rel = (to[0] - start[0], to[1] - start[1])
    driver.post(pygame.MOUSEMOTION, pos=to, rel=rel, buttons=(1, 0, 0))
    driver.run(1)


def keyboard_focus(driver, table, pile: str, keys=(pygame.K_TAB,)) -> None:
    """Move the keyboard focus to `pile` with the given keys (cycled), as a player would."""
    order = table.focus_order()
    target = order.index(pile)
    if table.focus is None:
        driver.key(pygame.K_TAB)
    for i in range(2 * len(order)):
        if table.focus == target:
            return
        cur = table.focus
        forward = (target - cur) % len(order) <= len(order) // 2
        key = keys[i % len(keys)]
        if key == pygame.K_TAB:
            driver.key(pygame.K_TAB, 0 if forward else pygame.KMOD_SHIFT)
        else:
            driver.key(pygame.K_RIGHT if forward else pygame.K_LEFT)
    assert table.focus == target, (pile, table.focus)


# -- dragging -------------------------------------------------------------------------------------


def test_drag_to_a_legal_pile_moves_the_card(app, driver):
    table = open_canfield(app, driver)
    set_position(table, make_state(tableau=(["9H"], ["8S"], ["KD"], ["2C"]), reserve=["5D", "QC"]))
    driver.drag(top_point(table, "tableau:1"), table.pile_target_rect("tableau:0").center)
    assert table.moves == [Move("tableau:1", "tableau:0", 1)]
    assert table.state.tableau[0] == ("9H", "8S") and table.state.tableau[1] == ()
    settle(driver, table)
    rest_at(table, "tableau:0")
    # The reserve's top card, dragged onto the king.
    driver.drag(top_point(table, "reserve"), table.pile_target_rect("tableau:2").center)
    assert table.moves[-1] == Move("reserve", "tableau:2", 1)
    assert table.state.tableau[2] == ("KD", "QC") and table.state.reserve[-1] == "5D"
    settle(driver, table)
    all_at_rest(table)


def test_illegal_drop_changes_nothing_goes_back_and_says_why(app, driver):
    table = open_canfield(app, driver)
    state = make_state(tableau=(["9S"], ["8C"], ["KD"], ["2H"]), waste=["4D"])
    set_position(table, state)
    illegal = Move("tableau:1", "tableau:0", 1)
    reason = state.check(illegal)
    assert reason is not None
    driver.drag(top_point(table, "tableau:1"), table.pile_target_rect("tableau:0").center)
    assert table.state is state and table.pos == 0 and table.moves == []
    assert app.toasts.latest == reason
    settle(driver, table)
    rest_at(table, "tableau:1")
    # Dropped on the felt, away from every pile: nothing happens, no message, it goes home.
    app.toasts.items.clear()
    driver.drag(top_point(table, "waste"), (app.size[0] // 2, app.size[1] - table.status_h - 4))
    assert table.state is state
    assert app.toasts.latest == "Cards go on a foundation or a tableau pile"
    settle(driver, table)
    all_at_rest(table)


def test_a_refused_card_slides_back(make_app):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app, frames=1)  # one frame after the release: the card is still on its way
    table = open_canfield(app, driver)
    state = make_state(tableau=(["9S"], ["8C"], ["KD"], ["2H"]))
    set_position(table, state)
    driver.drag(top_point(table, "tableau:1"), table.pile_target_rect("tableau:0").center)
    assert table.state is state
    sprite = table.sprites["8C"]
    home = table.top_placement("tableau:1")
    assert sprite.moving and (round(sprite.x), round(sprite.y)) != (home.x, home.y)
    settle(driver, table)
    rest_at(table, "tableau:1")


def test_piles_that_light_up_are_exactly_the_legal_destinations(app, driver):
    table = open_canfield(app, driver, seed=77, options={"tableau_move": "any"})
    rng = random.Random(5)
    checked = lit = 0
    for _ in range(30):
        state = table.state
        for src in ("waste", "reserve", *(f"tableau:{i}" for i in range(4))):
            for index in state.movable_run_starts(src):
                n = len(state.pile(src)) - index
                start = table.card_point(src, index)
                press_and_hold(driver, start, (start[0] + 12, start[1] + 9))
                assert table.held is not None and table.held.src == src
                assert len(table.held.codes) == n
                want = {
                    dst
                    for dst in canfield.PILES
                    if dst != src and state.check(Move(src, dst, n)) is None
                }
                assert table.held.accept == want, (src, n)
                checked += 1
                lit += bool(want)
                # Cancel (Esc, or a right-click), then let go: the cards go home.
                if checked % 2:
                    driver.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
                else:
                    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=3)
                driver.post(pygame.MOUSEBUTTONUP, pos=start, button=1)
                driver.run(1)
                assert table.held is None and table.state is state
        moves = state.legal_moves()
        if not moves:
            break
        table.commit(rng.choice(moves))
        settle(driver, table)
    assert checked > 60 and lit > 10


def test_a_built_run_is_dragged_as_one(app, driver):
    table = open_canfield(app, driver, options={"tableau_move": "any"})
    state = make_state(
        options={"tableau_move": "any"},
        tableau=(["KS", "QH", "JC", "TD"], ["2C"], ["QD"], []),
        reserve=["3S"],
    )
    set_position(table, state)
    # Lift the jack and the ten (index 2) onto the red queen.
    driver.drag(table.card_point("tableau:0", 2), table.pile_target_rect("tableau:2").center)
    assert table.moves == [Move("tableau:0", "tableau:2", 2)]
    assert table.state.tableau[2] == ("QD", "JC", "TD")
    settle(driver, table)
    all_at_rest(table)


# -- clicks ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("click_to_move", [True, False])
def test_double_click_sends_a_card_to_its_foundation(make_app, click_to_move):
    app = make_app(click_to_move=click_to_move)
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    state = make_state(
        foundations=(["7H"], [], [], []),
        tableau=(["9C"], ["8H"], ["5S"], ["KD"]),
        waste=["8C"],
    )
    set_position(table, state)
    # A card with no foundation to go to: nothing moves, the table says so.
    double_click(driver, top_point(table, "tableau:2"))
    assert table.pos == 0
    assert app.toasts.latest == "5♠ cannot go to a foundation now"
    double_click(driver, top_point(table, "tableau:1"))
    assert table.moves == [Move("tableau:1", "foundation:0", 1)]
    assert table.state.foundations[0] == ("7H", "8H")
    settle(driver, table)
    rest_at(table, "foundation:0")


def test_single_click_does_nothing_without_click_to_move(make_app):
    app = make_app(click_to_move=False)
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    set_position(
        table, make_state(foundations=(["7H"], [], [], []), tableau=(["9C"], ["8H"], [], []))
    )
    driver.click(top_point(table, "tableau:1"))
    driver.run(10)  # well past the double-click time
    assert table.pos == 0


def test_single_click_moves_to_the_best_place(make_app):
    app = make_app(click_to_move=True)
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    # 8H could go to its foundation, onto the 9C, or onto the empty pile: the foundation wins.
    state = make_state(
        foundations=(["7H"], [], [], []),
        tableau=(["9C"], ["8H"], ["6S"], ["2D"]),
        waste=["5H"],
        reserve=["QS", "JD"],
    )
    set_position(table, state)
    driver.click(top_point(table, "tableau:1"))
    assert table.moves[-1] == Move("tableau:1", "foundation:0", 1)
    driver.run(10)
    # 5H: no foundation; a card to build on (the 6S) beats the empty piles.
    driver.click(top_point(table, "waste"))
    assert table.moves[-1] == Move("waste", "tableau:2", 1)
    driver.run(10)
    # JD: only the emptied pile takes it.
    driver.click(top_point(table, "reserve"))
    assert table.moves[-1] == Move("reserve", "tableau:1", 1)
    assert table.pos == 3
    driver.run(10)
    # A card with no place at all stays and the reason is shown.
    driver.click(top_point(table, "reserve"))
    assert table.pos == 3
    assert app.toasts.latest == "Q♠ cannot go anywhere now"


def test_clicking_the_stock_draws_and_the_empty_stock_redeals(app, driver):
    table = open_canfield(app, driver, seed=11, preset="classic")
    classic = dict(canfield.presets["classic"])
    stock = table.state.stock
    stock_point = table.pile_target_rect("stock").center
    driver.click(stock_point)
    assert table.moves == [Move("stock", "waste", 3)]
    assert table.state.waste == tuple(reversed(stock[-3:]))
    set_position(table, make_state(stock=["2C", "3C"], options=classic, rest="reserve"))
    driver.run(10)
    driver.click(stock_point)
    assert table.moves[-1] == Move("stock", "waste", 2) and table.state.stock == ()
    waste = table.state.waste
    driver.run(10)
    driver.click(table.slot("stock").rect.center)  # the empty stock's outline
    assert table.moves[-1] == Move("waste", "stock", len(waste))
    assert table.state.waste == () and table.state.stock == waste[::-1]
    # No redeals left: the click says so and changes nothing.
    set_position(
        table, make_state(stock=[], waste=["2C", "3C"], options={"redeals": 0}, rest="reserve")
    )
    driver.run(10)
    driver.click(table.slot("stock").rect.center)
    assert table.pos == 0
    assert app.toasts.latest == table.state.check(Move("waste", "stock", 2)) == "No redeals left"


# -- undo and redo ---------------------------------------------------------------------------------


def test_undo_and_redo_by_keyboard_and_buttons(app, driver):
    table = open_canfield(app, driver)
    undo, redo = button(table, "Undo"), button(table, "Redo")
    assert not undo.enabled() and not redo.enabled()
    stock = table.pile_target_rect("stock").center
    states = [table.state]
    for _ in range(3):
        driver.click(stock)
        driver.run(10)
        states.append(table.state)
    assert table.pos == 3 and undo.enabled() and not redo.enabled()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.pos == 2 and table.state is states[2]
    driver.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert table.pos == 1 and table.state is states[1]
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert table.pos == 2 and table.state is states[2]
    driver.key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert table.pos == 3 and table.state is states[3]
    driver.key(pygame.K_y, pygame.KMOD_CTRL)  # nothing left to redo
    assert table.pos == 3
    driver.click(undo.rect.center)
    driver.click(undo.rect.center)
    assert table.pos == 1 and redo.enabled()
    driver.click(redo.rect.center)
    assert table.pos == 2 and table.state is states[2]
    settle(driver, table)
    all_at_rest(table)
    # A new move after an undo drops the redo history.
    driver.click(undo.rect.center)
    driver.click(stock)
    assert table.pos == 2 and len(table.moves) == 2 and not redo.enabled()
    assert table.state == states[2]
    # Undo back to the deal, then the buttons grey out.
    for _ in range(3):
        driver.click(undo.rect.center)
    assert table.pos == 0 and table.state is states[0] and not undo.enabled()


# -- resizing --------------------------------------------------------------------------------------


def test_resizing_keeps_every_card_on_screen(app, driver):
    table = open_canfield(app, driver, seed=99)
    for _ in range(4):  # a waste with cards in it
        driver.click(table.pile_target_rect("stock").center)
    sizes = [(800, 600), (3840, 2160), (1024, 768), (1920, 1080), (2560, 1080), (1280, 800)]
    widths = {}
    for size in sizes:
        resize_window(app, driver, size)
        assert app.size == size and app.screen.get_size() == size
        assert (app.settings.window_width, app.settings.window_height) == size
        settle(driver, table)
        screen = pygame.Rect(0, 0, *size)
        for p in table.placed:
            sprite = table.sprites[p.key]
            rect = pygame.Rect(round(sprite.x), round(sprite.y), table.card_w, table.card_h)
            assert screen.contains(rect), (size, p)
            assert rect.top >= table.bar_h and rect.bottom <= size[1] - table.status_h, (size, p)
        for b in table.buttons:
            assert screen.contains(b.rect), (size, b.label)
        widths[size] = table.card_w
    assert widths[(800, 600)] < widths[(1280, 800)] < widths[(1920, 1080)] < widths[(3840, 2160)]
    # Smaller than the smallest window: the app keeps the minimum size.
    resize_window(app, driver, (640, 480))
    assert app.size == (800, 600)
    # The table still plays after all that.
    before = table.pos
    driver.click(table.pile_target_rect("stock").center)
    assert table.pos == before + 1


# -- keyboard --------------------------------------------------------------------------------------


def test_keyboard_focus_pick_up_drop_and_cancel(app, driver):
    table = open_canfield(app, driver)
    state = make_state(tableau=(["9H"], ["8S"], ["KD"], ["2C"]), reserve=["5D", "QC"], waste=["4H"])
    set_position(table, state)
    order = table.focus_order()
    assert table.focus is None
    driver.key(pygame.K_TAB)
    assert table.focus == 0
    driver.key(pygame.K_TAB)
    assert table.focus == 1
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_LEFT)
    assert table.focus == len(order) - 1  # wraps around
    driver.key(pygame.K_RIGHT)
    assert table.focus == 0
    keyboard_focus(driver, table, "tableau:0")
    driver.key(pygame.K_UP)
    assert order[table.focus] == "foundation:0"
    driver.key(pygame.K_DOWN)
    assert order[table.focus] == "tableau:0"
    # Enter picks up the 8S, Tab/arrows carry it, Enter drops it on the 9H.
    keyboard_focus(driver, table, "tableau:1")
    driver.key(pygame.K_RETURN)
    assert table.held is not None and table.held.by_keyboard and table.held.codes == ["8S"]
    assert table.held.accept == {"tableau:0"}
    keyboard_focus(driver, table, "tableau:0", keys=(pygame.K_LEFT,))
    driver.key(pygame.K_RETURN)
    assert table.held is None
    assert table.moves == [Move("tableau:1", "tableau:0", 1)]
    settle(driver, table)
    all_at_rest(table)
    # Esc puts the lifted card back and changes nothing.
    keyboard_focus(driver, table, "reserve")
    driver.key(pygame.K_RETURN)
    assert table.held is not None and table.held.codes == ["QC"]
    keyboard_focus(driver, table, "tableau:2")
    driver.key(pygame.K_ESCAPE)
    assert table.held is None and table.pos == 1 and app.scene is table
    settle(driver, table)
    all_at_rest(table)
    # An illegal keyboard drop: the reason is shown and the card goes home.
    keyboard_focus(driver, table, "waste")
    driver.key(pygame.K_KP_ENTER)
    keyboard_focus(driver, table, "tableau:2")
    driver.key(pygame.K_SPACE)
    assert table.pos == 1 and table.held is None
    assert app.toasts.latest == table.state.check(Move("waste", "tableau:2", 1))
    settle(driver, table)
    all_at_rest(table)
    # Enter on the stock draws.
    keyboard_focus(driver, table, "stock")
    driver.key(pygame.K_RETURN)
    assert table.moves[-1].src == "stock" and table.pos == 2


def test_a_whole_game_by_keyboard_makes_real_moves(app, driver):
    table = open_canfield(app, driver, seed=2024)
    made = draws = 0
    for step in range(300):
        if made >= 8:
            break
        state = table.state
        moves = [m for m in state.legal_moves() if m.src != "stock" and m.dst != "stock"]
        moves.sort(key=lambda m: (not m.dst.startswith("foundation"), m.src == "waste"))
        keys = (pygame.K_TAB,) if step % 2 else (pygame.K_RIGHT,)
        if not moves:
            keyboard_focus(driver, table, "stock", keys)
            driver.key(pygame.K_RETURN)
            assert table.state is not state and table.moves[-1].dst in ("waste", "stock")
            draws += 1
            continue
        move = moves[0]
        keyboard_focus(driver, table, move.src, keys)
        driver.key(pygame.K_RETURN)
        assert table.held is not None and table.held.src == move.src
        keyboard_focus(driver, table, move.dst, keys)
        driver.key(pygame.K_RETURN)
        assert table.moves[-1] == move and table.state == state.apply(move)
        made += 1
    assert made >= 8 and draws > 0
    settle(driver, table)
    all_at_rest(table)


# -- new deal, the win, auto-finish ----------------------------------------------------------------


def test_new_deal_asks_first_when_a_game_is_under_way(app, driver):
    table = open_canfield(app, driver, seed=2024)
    new = button(table, "New deal")
    # Nothing played yet: a new deal starts at once.
    driver.click(new.rect.center)
    assert app.scene is table and table.pos == 0
    driver.run(40)
    seed = table.request.seed
    driver.click(table.pile_target_rect("stock").center)
    state = table.state
    assert table.under_way
    driver.click(new.rect.center)
    assert isinstance(app.scene, ConfirmScene)
    driver.click(button(app.scene, "No").rect.center)
    assert app.scene is table and table.state is state and table.request.seed == seed
    driver.key(pygame.K_n)  # the shortcut asks too; Esc means no
    assert isinstance(app.scene, ConfirmScene)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is table and table.state is state
    driver.click(new.rect.center)
    driver.click(button(app.scene, "Yes").rect.center)
    assert app.scene is table and table.pos == 0 and table.moves == []
    assert table.state.foundation_count() == 1
    # The cards on screen are the new deal's, headed for their new places.
    driver.run(40)
    on_screen = {p.key: (p.pile, p.index) for p in table.placed}
    view = table.state.view(0)
    for pile in ("stock", "reserve", "tableau:0", "foundation:0"):
        keys = view["ids"][pile] if pile in view["ids"] else table.state.pile(pile)
        for i, key in enumerate(keys):
            assert on_screen[key] == (pile, i)
            sprite = table.sprites[key]
            place = next(p for p in table.placed if p.key == key)
            assert (round(sprite.x), round(sprite.y)) == (place.x, place.y)


def test_the_last_move_by_drag_wins_celebrates_and_offers_results(app, driver):
    table = open_canfield(app, driver)
    state = nearly_won()
    set_position(table, state)
    move = Move("tableau:0", "foundation:0", 1)
    assert state.check(move) is None
    driver.drag(top_point(table, "tableau:0"), table.pile_target_rect("foundation:0").center)
    assert table.moves == [move] and table.state.is_won()
    for _ in range(20):
        if isinstance(app.scene, CelebrationScene):
            break
        driver.run(1)
    assert isinstance(app.scene, CelebrationScene)
    for _ in range(400):  # the cards bounce away (at most 14 s), then the results appear
        if not isinstance(app.scene, CelebrationScene):
            break
        driver.run(1)
    results = app.scene
    assert isinstance(results, ChoiceScene) and results.title == "You won!"
    assert any("1 moves" in line or "Deal #" in line for line in results.lines)
    assert [b.label for b in results.buttons] == ["New deal", "Play again", "Main menu"]
    driver.click(button(results, "Play again").rect.center)
    assert app.scene is table and table.pos == 0 and not table.state.is_over()


def test_a_won_game_leaves_auto_finish_and_show_me_off_the_bar(app, driver):
    """Once every card is up there is nothing to finish or show: the two buttons go, and come
    back with an undo."""
    table = open_canfield(app, driver)

    def labels() -> list[str]:
        return [b.label for b in table.buttons]

    set_position(table, nearly_won())
    assert {"Auto-finish", "Show me"} <= set(labels())
    table.try_move(Move("tableau:0", "foundation:0", 1))
    assert table.state.is_won()
    assert "Auto-finish" not in labels() and "Show me" not in labels()
    assert "Undo" in labels() and "Hint" in labels()
    table.undo()
    assert {"Auto-finish", "Show me"} <= set(labels())


def test_a_key_skips_the_celebration(app, driver):
    table = open_canfield(app, driver)
    set_position(table, nearly_won())
    driver.drag(top_point(table, "tableau:0"), table.pile_target_rect("foundation:0").center)
    driver.run(10)
    assert isinstance(app.scene, CelebrationScene)
    driver.key(pygame.K_SPACE)
    assert isinstance(app.scene, ChoiceScene) and app.scene.title == "You won!"
    driver.click(button(app.scene, "Main menu").rect.center)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1


def test_auto_finish_plays_the_game_out(app, driver):
    table = open_canfield(app, driver)
    auto = button(table, "Auto-finish")
    # A heart buried under a higher heart: foundation moves and draws cannot finish.
    blocked = make_state(
        foundations=(run_of(7, "H", 1), run_of(7, "S", 13), run_of(7, "D", 13), run_of(7, "C", 13)),
        tableau=(run_of(7, "H", 12, 1), [], [], []),
    )
    set_position(table, blocked)
    assert blocked.auto_finish_moves() is None
    assert not auto.enabled()
    driver.click(auto.rect.center)
    driver.run(10)
    assert table.pos == 0
    # Foundations up to the king; the rest spread over the stock, waste, reserve and tableau.
    rest = [c for s in SUITS for c in run_of(7, s, 6, 7)]
    random.Random(4).shuffle(rest)
    hidden_reserve = make_state(
        foundations=[run_of(7, s, 7) for s in SUITS],
        reserve=rest[:2],
        tableau=([rest[2]], [rest[3]], [], [rest[4]]),
        waste=rest[5:8],
        stock=rest[8:],
    )
    assert hidden_reserve.auto_finish_moves()
    set_position(table, hidden_reserve)
    assert not auto.enabled()  # whether it works would tell the order of the hidden reserve
    state = make_state(
        foundations=[run_of(7, s, 7) for s in SUITS],
        reserve=rest[:1],
        tableau=([rest[2]], [rest[3]], [rest[1]], [rest[4]]),
        waste=rest[5:8],
        stock=rest[8:],
    )
    plan = state.auto_finish_moves()
    assert plan and any(m.dst == "stock" for m in plan), "the plan should need a redeal"
    set_position(table, state)
    assert auto.enabled()
    driver.click(auto.rect.center)
    for _ in range(len(plan) * 4 + 40):
        if table.state.is_over():
            break
        driver.run(1)
    assert table.state.is_won()
    assert table.moves == plan


# -- menu, settings, command line ------------------------------------------------------------------


def test_the_menu_lists_all_four_games_and_disables_unbuilt_ones(app, driver):
    from game import registry

    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert (
        list(menu.game_buttons)
        == list(registry.names())
        == ["canfield", "canals", "sandcastles", "orchard"]
    )
    titles = [b.label for b in menu.game_buttons.values()]
    assert titles == ["Canfield", "Canals", "Sandcastles", "Orchard"]
    for name, b in menu.game_buttons.items():
        assert b.enabled() == (name in registry.playable_names()), name
    assert menu.game_buttons["canfield"].enabled()
    for number, name in enumerate(registry.names(), 1):
        if (
            name not in registry.playable_names()
        ):  # coming soon: neither a click nor its key opens it
            driver.click(menu.game_buttons[name].rect.center)
            assert app.scene is menu, name
            driver.key(pygame.K_0 + number)
            assert app.scene is menu, name
    driver.click(menu.game_buttons["canfield"].rect.center)
    assert app.scene is not menu and app.scene.game.name == "canfield"


def settings_row(scene, label: str):
    return next(row for row in scene.grid.rows if row.label == label)


def click_choice(driver, scene, row_label: str, choice: str) -> None:
    row = settings_row(scene, row_label)
    target = next(b for b, (text, _) in zip(row.buttons, row.values, strict=True) if text == choice)
    driver.click(target.rect.center)


def test_settings_persist_to_the_data_folder(app, driver, home, make_app):
    menu = app.scene
    driver.click(menu.settings_button.rect.center)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    click_choice(driver, scene, "Deck", "Four colours")
    click_choice(driver, scene, "Click to move", "Off")
    click_choice(driver, scene, "Animation", "Fast")
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert saved["four_colour"] is True and saved["click_to_move"] is False
    assert saved["animation"] == "fast"
    driver.key(pygame.K_ESCAPE)
    assert app.scene is menu
    resize_window(app, driver, (1400, 900))
    app.quit()  # quitting saves the window size
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert (saved["window_width"], saved["window_height"]) == (1400, 900)
    again = make_app(size=None)
    assert again.settings.four_colour and not again.settings.click_to_move
    assert again.settings.animation == "fast" and again.size == (1400, 900)
    assert again.toasts.latest is None
    assert not [p.name for p in home.iterdir() if "corrupt" in p.name]


def test_settings_of_the_wrong_kind_are_reported_and_the_file_kept_the_rest_used(home, make_app):
    content = '{"felt": [], "window_width": "big", "vegas": true, "animation": "warp"}'
    (home / "settings.json").write_text(content, encoding="utf-8")
    app = make_app(size=None)
    assert app.settings.vegas and app.settings.felt == "green"
    assert app.settings.animation == "normal" and app.settings.window_width >= 800
    latest = app.toasts.latest or ""
    assert "(felt, window_width, animation)" in latest and "settings.json.corrupt" in latest
    assert (home / "settings.json.corrupt").read_text(encoding="utf-8") == content
    app.quit()
    again = make_app(size=None)  # the file written on quitting is clean: nothing to report
    assert again.settings.vegas and again.toasts.latest is None


@pytest.mark.parametrize("content", ["{not json", "[1, 2, 3]", "null", "[" * 100_000])
def test_a_corrupt_settings_file_is_kept_aside_and_reported(home, make_app, content):
    from game.settings import Settings

    (home / "settings.json").write_text(content, encoding="utf-8")
    app = make_app(size=None)
    app.push(MenuScene(app))
    corrupt = home / "settings.json.corrupt"
    assert corrupt.read_text(encoding="utf-8") == content
    assert not (home / "settings.json").exists()
    assert app.toasts.latest and "settings.json.corrupt" in app.toasts.latest
    assert app.settings == Settings()
    driver = Driver(app)
    driver.run(3)  # the app goes on
    driver.click(app.scene.settings_button.rect.center)
    click_choice(driver, app.scene, "Vegas score", "On")
    assert json.loads((home / "settings.json").read_text(encoding="utf-8"))["vegas"] is True
    assert corrupt.read_text(encoding="utf-8") == content
    # A second bad file never overwrites the first one kept aside.
    (home / "settings.json").write_text("\x00garbage", encoding="utf-8")
    make_app(size=None)
    assert corrupt.read_text(encoding="utf-8") == content
    assert (home / "settings.json.corrupt.1").read_text(encoding="utf-8") == "\x00garbage"


def bad_record(tmp_path) -> str:
    record = GameRecord("canfield", 5, 1, dict(canfield.DEFAULTS), [])
    data = json.loads(record.to_json())
    data["moves"] = [{"src": "tableau:0", "dst": "foundation:3", "n": 1}]  # illegal at move 1
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "args",
    [
        ["play", "nosuchgame"],
        ["play", "canfield", "--seed", "abc"],
        ["play", "canfield", "--seed", "-3"],
        ["play", "canfield", "--preset", "nope"],
        ["play", "canfield", "--players", "2"],
        ["play", "canfield", "--bogus"],
        ["--bogus"],
        ["frobnicate"],
        ["rules", "nosuchgame"],
        ["replay", "{tmp}/missing.json"],
        ["replay", "{tmp}/corrupt.json"],
        ["replay", "{tmp}/latin1.json"],
        ["replay", "{tmp}/future.json"],
        ["replay", "{illegal}"],
    ],
)
def test_bad_command_lines_exit_2_with_one_line(tmp_path, home, args):
    (tmp_path / "corrupt.json").write_text('{"game": "canfield", "seed": ', encoding="utf-8")
    (tmp_path / "latin1.json").write_bytes('{"game": "canfield ÿ"}'.encode("latin-1"))
    future = json.loads(GameRecord("canfield", 5, 1, dict(canfield.DEFAULTS), []).to_json())
    (tmp_path / "future.json").write_text(json.dumps({**future, "format": 2}), encoding="utf-8")
    illegal = bad_record(tmp_path)
    argv = [a.format(tmp=tmp_path, illegal=illegal) for a in args]
    env = {
        "PATH": "/usr/bin:/bin",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "CARDTABLE_HOME": str(home),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    done = subprocess.run(
        [sys.executable, "-m", "game", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert done.returncode == 2, (argv, done.stdout, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardtable: "), done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert list(home.iterdir()) == []  # nothing was written


def test_a_double_click_moves_one_card_only(make_app):
    app = make_app(click_to_move=True)
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    state = make_state(
        foundations=(["7H"], [], [], []), tableau=(["8D", "8H"], ["9S"], ["KD"], ["2C"])
    )
    set_position(table, state)
    double_click(driver, table.card_point("tableau:0", 1))
    assert table.moves == [Move("tableau:0", "foundation:0", 1)]
    assert table.state.tableau[0] == ("8D",)


def test_auto_move_safe_cards_go_up_after_a_move_and_undo_takes_them_back(make_app):
    app = make_app(auto_move_safe=True)
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    state = make_state(
        foundations=(["7H"], ["7S"], ["7C"], ["7D"]), tableau=(["8S", "8H"], ["QC"], ["KD"], ["2C"])
    )
    set_position(table, state)
    driver.run(10)
    assert table.pos == 0  # nothing moves by itself before the player does
    driver.click(table.pile_target_rect("stock").center)
    settle(driver, table)
    driver.run(5)
    assert table.moves == [
        Move("stock", "waste", 1),
        Move("tableau:0", "foundation:0", 1),
        Move("tableau:0", "foundation:1", 1),
    ]
    # Undo takes back one card at a time, and never sets the auto-move off again.
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.run(10)
    assert table.pos == 2
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.run(10)
    assert table.pos == 1 and table.state.tableau[0] == ("8S", "8H")


def test_a_dead_end_says_no_moves_left_and_offers_undo(make_app):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    # No redeals; the last stock card leads nowhere, and nothing on the table can move.
    before = make_state(
        base=9,
        foundations=(["9S"], [], [], []),
        tableau=(["2H"], ["2D"], ["4H"], ["4D"]),
        stock=["5H"],
        rest="waste",
        options={"redeals": 0},
    )
    set_position(table, before)
    driver.click(table.pile_target_rect("stock").center)
    driver.run(10)
    assert table.state.is_lost() and table.pos == 1
    assert isinstance(app.scene, ChoiceScene) and app.scene.title == "No moves left"
    driver.click(button(app.scene, "Undo").rect.center)
    assert app.scene is table and table.state == before


def test_status_line_counts_moves_foundations_and_vegas_dollars(make_app):
    app = make_app(vegas=True)
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver, seed=2024)
    parts = table.status_parts()
    assert parts[:3] == ["Deal #2024", "Seed rules", "Moves 0"]
    assert "Foundations 1/52" in parts and "Vegas −$47" in parts  # the base card pays $5 of $52
    set_position(table, make_state(base=7, foundations=[["7S", "8S"], ["7H"], [], []]))
    driver.click(table.pile_target_rect("stock").center)
    parts = table.status_parts()
    assert "Moves 1" in parts and "Foundations 3/52" in parts and "Vegas −$37" in parts
    app.settings.vegas = False
    assert not any(p.startswith("Vegas") for p in table.status_parts())


def test_the_move_that_makes_auto_finish_possible_says_so(app, driver):
    table = open_canfield(app, driver)
    blocked = make_state(
        foundations=(["7H"], run_of(7, "S", 13), run_of(7, "D", 13), run_of(7, "C", 13)),
        tableau=(["8H", "9H"], [], [], []),
    )
    assert blocked.auto_finish_moves() is None
    set_position(table, blocked)
    driver.drag(table.card_point("tableau:0", 1), table.pile_target_rect("tableau:1").center)
    assert table.moves == [Move("tableau:0", "tableau:1", 1)]
    assert app.toasts.latest == "Every card can go up now — press A or Auto-finish"
    assert button(table, "Auto-finish").enabled()


def test_an_empty_stock_and_waste_say_so(app, driver):
    table = open_canfield(app, driver)
    set_position(
        table, make_state(tableau=(["8S"], ["9H"], ["TS"], ["JH"]), rest="reserve", stock=[])
    )
    assert not table.state.stock and not table.state.waste
    driver.click(table.pile_target_rect("stock").center)
    assert table.pos == 0 and app.toasts.latest == "The stock and the waste are both empty"


def test_right_click_sends_everything_that_can_go_up_and_undo_takes_back_one(app, driver):
    table = open_canfield(app, driver)
    # Hearts 7..9 wait on the tableau and waste; the 8♠ after them too.
    state = make_state(
        foundations=(["7H"], ["7S"], [], []),
        tableau=(["9H"], ["8H"], ["KC"], ["8S"]),
        waste=["QD"],
    )
    set_position(table, state)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=(5, table.app.size[1] // 2), button=3)
    driver.post(pygame.MOUSEBUTTONUP, pos=(5, table.app.size[1] // 2), button=3)
    driver.run(60)
    assert sorted(m.src for m in table.moves) == ["tableau:0", "tableau:1", "tableau:3"]
    assert all(m.dst.startswith("foundation") for m in table.moves)
    assert table.state.foundation_count() == 5
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.run(30)
    assert table.state.foundation_count() == 4 and table.pos == 2  # no new sweep after the undo


def test_the_mouse_takes_over_from_a_card_held_by_the_keyboard(app, driver):
    table = open_canfield(app, driver)
    set_position(
        table,
        make_state(
            tableau=(["TD"], ["6H"], ["KS"], ["KD"]), stock=[], waste=["9C", "5S"], rest="reserve"
        ),
    )
    table.focus = table.focus_order().index("waste")
    driver.key(pygame.K_RETURN)
    assert table.held is not None and table.held.by_keyboard
    driver.click(table.slot("stock").rect.center)  # a redeal: the waste's cards go back
    assert table.held is None and table.moves[-1] == Move("waste", "stock", 2)
    for key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_RETURN):
        driver.key(key)  # nothing held any more: no stale card, no crash


def test_a_drag_survives_a_resize_and_drops_on_the_new_layout(app, driver):
    from conftest import resize_window

    table = open_canfield(app, driver)
    set_position(table, make_state(tableau=(["9H"], ["8S"], ["KD"], ["2C"]), reserve=["5D", "QC"]))
    start = top_point(table, "tableau:1")
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.post(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1]), rel=(30, 0), buttons=(1, 0, 0))
    driver.run(1)
    assert table.held is not None
    resize_window(app, driver, (1920, 1080))
    end = table.pile_target_rect("tableau:0").center
    driver.post(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    driver.run(2)
    assert table.moves == [Move("tableau:1", "tableau:0", 1)]


def test_auto_finish_is_brisk_and_counts_only_the_players_moves(app, driver):
    table = open_canfield(app, driver)
    rest = [c for s in SUITS for c in run_of(7, s, 6, 7)]
    random.Random(9).shuffle(rest)
    state = make_state(foundations=[run_of(7, s, 7) for s in SUITS], stock=rest, rest="stock")
    set_position(table, state)
    plan = state.auto_finish_moves()
    assert plan and sum(1 for m in plan if m.src == "stock") > 20  # many draws among them
    driver.dt = 1 / 60
    driver.click(table.pile_target_rect("stock").center, frames=1)  # one move of the player's
    driver.click(button(table, "Auto-finish").rect.center, frames=1)
    seconds = 0.0
    while not table.state.is_won() and seconds < 10:
        driver.run(1)
        seconds += driver.dt
    assert table.state.is_won() and seconds <= 2.2, seconds
    assert "Moves 1" in table.status_parts()
    driver.run(30)  # the last cards land: the win is recorded
    assert app.stats.summary("canfield").fewest_moves == 1


def test_a_dead_end_with_unlimited_redeals_is_reported_after_a_whole_cycle(app, driver):
    from game.scenes.dialogs import ChoiceScene

    table = open_canfield(app, driver)
    # Only hearts are left: the 8♥ lies under the 9♥, every tableau top is red, and no heart
    # in the stock can go anywhere.
    state = make_state(
        foundations=(["7H"], run_of(7, "S", 13), run_of(7, "D", 13), run_of(7, "C", 13)),
        tableau=(["8H", "9H"], ["TH"], ["JH"], ["QH"]),
        rest="stock",
    )
    legal = state.legal_moves()
    assert legal and all("stock" in (m.src, m.dst) for m in legal)
    set_position(table, state)
    driver.key(pygame.K_h)
    assert app.toasts.latest.startswith("Turn the stock")  # not stuck yet: not looked yet
    stock = table.pile_target_rect("stock").center
    for _ in range(len(state.stock) + 1):  # every card, then the redeal: back where it began
        assert not isinstance(app.scene, ChoiceScene)
        driver.click(stock, frames=8)
    assert isinstance(app.scene, ChoiceScene) and app.scene.title == "No moves left"
    driver.click(button(app.scene, "Keep looking").rect.center)
    driver.key(pygame.K_h)
    assert app.toasts.latest == "No moves left — undo, or deal again"
    driver.click(stock, frames=8)
    assert not isinstance(app.scene, ChoiceScene)  # said once for this dead end


def test_a_dragged_run_never_leaves_the_table(app, driver):
    table = open_canfield(app, driver, options={"tableau_move": "any"})
    run = ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D"]
    state = make_state(tableau=(run, [], [], []), rest="reserve", options={"tableau_move": "any"})
    set_position(table, state)
    start = table.card_point("tableau:0", 0)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    w, h = app.size
    for pos in ((start[0], h - 2), (w - 2, h - 2), (2, 2)):
        driver.post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        driver.run(1)
        assert table.held is not None and len(table.held.codes) == len(run)
        area = table.play_area()
        for key in table.held.codes:
            sprite = table.sprites[key]
            card = pygame.Rect(round(sprite.x), round(sprite.y), table.card_w, table.card_h)
            assert area.contains(card), (pos, key, card, area)


def test_a_first_visit_shows_the_key_controls_until_the_tip_is_closed(make_app, home):
    from game.driver import Driver
    from game.scenes.menu import MenuScene

    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    assert table.showing_tip() and table.tip_h > 0 and "H hint" in table.tip
    bottom_before = table.play_area().bottom
    driver.click(table.tip_close_rect().center)
    assert not table.showing_tip() and table.tip_h == 0
    assert table.play_area().bottom > bottom_before  # the table takes the room back
    saved = json.loads((home / "settings.json").read_text(encoding="utf-8"))
    assert saved["tips_closed"] == ["canfield"]
    table.leave()
    again = open_canfield(app, driver)
    assert not again.showing_tip()
