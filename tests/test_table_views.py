"""Tables draw from views: what the viewer may not see never changes a pixel, hidden cards are keyed
by ids that tell nothing, and every refusal a pick meets is the engine's own reason."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import make_state, open_canfield, set_position

import engines
from engines import canals
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.table import open_table


def open_canals_table(make_app, size=(1280, 800)):
    app = make_app(size)
    app.push(MenuScene(app))
    request = DealRequest.build(engines.get("canals"), seed=7)
    request.secrets = False
    open_table(app, request)
    table = next(s for s in app.scenes if hasattr(s, "seats"))
    return app, table, Driver(app, frames=2)


def canals_midgame(seed: int, moves: int) -> canals.CanalsState:
    rng = random.Random(seed)
    state = canals.new_game(seed=seed, options={"first": 0})
    for _ in range(moves):
        state = state.apply(state.random_move(rng))
    return state


def pixels(table, app) -> bytes:
    table.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


def test_canals_draws_the_same_pixels_whatever_the_hidden_cards_are(make_app):
    app, table, _driver = open_canals_table(make_app)
    real = canals_midgame(3, 30)
    viewer = real.current_player
    other = canals.determinize(real.view(viewer), random.Random(99))
    assert other.to_dict() != real.to_dict()  # the hidden cards really differ
    assert other.view(viewer) == real.view(viewer)
    set_position(table, real)
    assert table.viewer == viewer
    first = pixels(table, app)
    set_position(table, other)
    assert pixels(table, app) == first


def test_canfield_draws_the_same_pixels_whatever_the_stock_and_reserve_hold(app, driver):
    table = open_canfield(app, driver, seed=41)
    real = table.state
    other = engines.get("canfield").determinize(real.view(0), random.Random(5))
    assert other.stock != real.stock and other.view(0) == real.view(0)
    first = pixels(table, app)
    set_position(table, other)
    assert pixels(table, app) == first


def test_hidden_cards_are_keyed_by_ids_that_do_not_name_them(make_app):
    _app, table, _driver = open_canals_table(make_app)
    set_position(table, canals_midgame(8, 20))
    hidden = [p for p in table.placed if p.card is None]
    assert hidden and all(p.key not in engines.cards.FULL_DECK for p in hidden)
    assert set(table.sprites) == {p.key for p in table.placed}
    assert all(table.sprites[p.key].card is None for p in hidden)


def test_a_turned_stock_card_is_the_same_sprite_flying_to_the_waste(app, driver):
    table = open_canfield(app, driver, seed=41)
    stock = table.pile_target_rect("stock")
    driver.click(stock.center, frames=1)
    card = table.state.waste[-1]
    sprite = table.sprites[card]
    assert sprite.moving and abs(sprite.x - stock.x) < table.card_w  # it leaves from the stock
    assert table.state.events == [{"kind": "draw", "n": 1, "cards": [card]}]


@pytest.mark.parametrize(
    ("mode", "index", "reason"),
    [
        ("top", 0, "Only the top card of a tableau pile can move"),
        ("pile", 1, "Only the top card or the whole pile can move"),
        ("any", 0, "Those cards are not a run in alternating colours"),
    ],
)
def test_a_pick_the_rules_forbid_is_refused_with_the_engines_reason(
    app, driver, mode, index, reason
):
    table = open_canfield(app, driver, options={"tableau_move": mode})
    state = make_state(
        tableau=(["9H", "4C", "3D"], ["KS"], ["QC"], ["2S"]),
        options={"tableau_move": mode},
        rest="reserve",
    )
    set_position(table, state)
    start = table.card_point("tableau:0", index)
    driver.drag(start, table.pile_target_rect("tableau:1").center)
    assert table.pos == 0 and table.held is None
    assert (
        app.toasts.latest
        == reason
        == state.check(engines.Move("tableau:0", "tableau:1", 3 - index))
    )


def test_cards_on_a_foundation_stay_there_says_the_engine(app, driver):
    table = open_canfield(app, driver)
    driver.drag(table.card_point("foundation:0", 0), table.pile_target_rect("tableau:0").center)
    assert table.pos == 0
    assert app.toasts.latest == table.state.check(engines.Move("foundation:0", "tableau:0", 1))


def test_a_move_plays_its_events_in_order_the_uncovered_reserve_card_turns_after(app, driver):
    table = open_canfield(app, driver)
    state = make_state(tableau=(["9H"], ["KS"], ["QC"], ["2S"]), reserve=["5D", "8S"])
    set_position(table, state)
    driver.frames = 1  # look right after the drop
    driver.drag(top_point_of(table, "reserve"), table.pile_target_rect("tableau:0").center)
    assert [e["kind"] for e in table.state.events] == ["move", "reveal"]
    revealed = table.sprites["5D"]
    assert revealed.flipping and revealed.flip_elapsed < 0  # waits for the 8♠ to land first


def test_the_last_canals_card_reveals_the_table_card_after_card(make_app):
    _app, table, driver = open_canals_table(make_app)
    state = canals_midgame(4, 51)
    set_position(table, state)
    seat = table.viewer
    card = table.view["hands"][seat][0]
    gesture = table.gesture_for(canals.Place(card, seat, None, False))
    driver.frames = 1
    driver.drag(gesture.press, gesture.release)
    starts = sorted(-s.flip_elapsed for s in table.sprites.values() if s.flipping)
    assert len(starts) > 5 and starts[0] < starts[-1]  # not all at once
    driver.run(40)
    assert all(s.face_up for s in table.sprites.values())


def top_point_of(table, pile: str) -> tuple[int, int]:
    return table.card_point(pile, len(table.pile_cards(pile)) - 1)
