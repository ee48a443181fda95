"""The Canals table: hot-seat hand-off, hidden information on screen, placement by drag, undo rules,
layout under stress, both hands whole and spread as far as they need, and the end of the game.
Input goes through real pygame events (Driver)."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from conftest import check_hands, open_game, pass_handoff, set_position

import engines
from engines import canals
from game import theme, ui
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.dialogs import ChoiceScene
from game.scenes.handoff import HandoffScene
from game.scenes.menu import MenuScene
from game.table.canals import CanalsTable
from game.table.hands import index_corner


def open_canals(
    make_app, size=(1280, 800), secrets=True, **options
) -> tuple[object, CanalsTable, Driver]:
    request = DealRequest.build(engines.get("canals"), seed=11)
    request.options.update(options)
    request.secrets = secrets
    return open_game(make_app, request, size, frames=6)


def drag_place(table: CanalsTable, driver: Driver, card: str, target: str) -> None:
    index = table.state.hands[table.viewer].index(card)
    driver.drag(table.card_point("hand", index), table.pile_target_rect(target).center)


def test_the_table_is_hidden_until_the_first_player_is_ready(make_app, monkeypatch):
    app, table, driver = open_canals(make_app)
    drawn = []
    monkeypatch.setattr(table, "draw", lambda surface: drawn.append(1))
    driver.run(3)
    assert isinstance(app.scene, HandoffScene) and app.scene.opaque
    assert drawn == []  # nothing of the table (hands included) was drawn behind the hand-off screen
    pass_handoff(app, driver)
    assert app.scene is table and drawn
    assert table.viewer == table.state.current_player


def test_a_drag_places_a_card_and_the_turn_passes_only_through_the_handoff(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    seat = table.viewer
    card = table.state.hands[seat][0]
    drag_place(table, driver, card, f"new:{seat}")
    assert table.state.sides[seat][0] == ((card, False),)
    # The placer keeps the table (and may undo) until they end the turn.
    assert app.scene is table and table.viewer == seat and table.can_undo()
    driver.click(table.end_turn_button.rect.center)
    driver.run(2)
    assert isinstance(app.scene, HandoffScene)
    pass_handoff(app, driver)
    assert table.viewer == 1 - seat and not table.can_undo()


def test_undo_takes_back_your_own_placement_before_the_handoff(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    seat = table.viewer
    card = table.state.hands[seat][3]
    drag_place(table, driver, card, f"new:{seat}")
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.state.turn == 0 and card in table.state.hands[seat]
    assert app.scene is table  # still this player's turn: no hand-off


def test_only_the_viewers_hand_is_face_up_and_opponents_face_down_cards_stay_hidden(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    first = table.viewer
    card = table.state.hands[first][5]
    drag_place(table, driver, card, f"new:{first}")
    mine = next(p for p in table.placed if p.card == card)
    assert not mine.face_up and mine.mark == engines.cards.pretty(card)  # the owner's peek tag
    driver.click(table.end_turn_button.rect.center)
    driver.run(1)
    pass_handoff(app, driver)
    second = table.viewer
    theirs = table.top_placement(f"col:{first}:0")
    assert not theirs.face_up and theirs.mark is None  # the other player sees only the back
    assert theirs.card is None and theirs.key != card  # nor may the sprite's key tell the face
    for p in table.placed:
        if p.pile.startswith("hand"):
            assert p.face_up == (p.pile == "hand") == (p.card is not None)
            assert (p.card in table.state.hands[second]) if p.face_up else p.card is None


def test_without_memory_aid_your_own_face_down_cards_have_no_peek(make_app):
    app, table, driver = open_canals(make_app, memory_aid=False)
    pass_handoff(app, driver)
    seat = table.viewer
    card = table.state.hands[seat][0]
    drag_place(table, driver, card, f"new:{seat}")
    placed = table.top_placement(f"col:{seat}:0")
    assert not placed.face_up and placed.mark is None


def test_face_up_toggle_by_key_and_by_right_click_while_dragging(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    seat = table.viewer
    driver.key(pygame.K_f)
    assert table.face_up
    card = table.state.hands[seat][0]
    drag_place(table, driver, card, f"new:{seat}")
    assert table.state.sides[seat][0] == ((card, True),)
    assert not table.face_up  # the choice was for that one card: the next starts face down
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.key(pygame.K_f)
    # Right-click during a drag flips the choice back to face down.
    start = table.card_point("hand", 0)
    end = table.pile_target_rect(f"new:{seat}").center
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.run(1)
    driver.post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 40), rel=(0, -40), buttons=(1, 0, 0))
    driver.run(1)
    assert table.held is not None
    driver.post(pygame.MOUSEBUTTONDOWN, pos=(start[0], start[1] - 40), button=3)
    driver.run(1)
    assert not table.face_up and table.held is not None
    driver.post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    driver.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    driver.run(2)
    assert table.state.sides[seat][0][0][1] is False


def test_a_new_column_on_the_opponents_side_is_refused_with_a_reason(make_app):
    app, table, driver = open_canals(make_app, secrets=False)
    seat = table.viewer
    card = table.state.hands[seat][0]
    drag_place(table, driver, card, f"new:{seat}")  # now the other player moves; they append to it
    other = table.viewer
    assert other == 1 - seat and not isinstance(app.scene, HandoffScene)
    their_card = table.state.hands[other][0]
    drag_place(table, driver, their_card, f"col:{seat}:0")
    assert table.state.sides[seat][0][-1] == (their_card, False)
    # There is no "new column" slot on the opponent's side to drop on, and the engine says why.
    assert table.slot(f"new:{1 - table.viewer}") is None
    move = canals.Place(table.state.hands[table.viewer][0], 1 - table.viewer, None, False)
    assert table.state.check(move) == "You can only start a new column on your own side"


def test_dragging_a_card_lights_up_every_column_and_the_new_column_slot(make_app):
    _app, table, driver = open_canals(make_app, secrets=False)
    seat = table.viewer
    drag_place(table, driver, table.state.hands[seat][0], f"new:{seat}")
    start = table.card_point("hand", 0)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.run(1)
    driver.post(
        pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 60), rel=(30, -60), buttons=(1, 0, 0)
    )
    driver.run(1)
    assert table.held.accept == {f"col:{seat}:0", f"new:{table.viewer}"}


def fill(state, moves):
    for move in moves:
        state = state.apply(move)
    return state


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_many_and_long_columns_stay_on_screen(make_app, size):
    """Every card placed in its own column on side 0, and side 1 as one 26-card column."""
    _app, table, _driver = open_canals(make_app, size=size, secrets=False)
    state = table.state
    while not state.is_over():
        seat = state.current_player
        card = state.hands[seat][0]
        if seat == 0:
            move = canals.Place(card, 0, None, False)
        else:
            move = canals.Place(card, 1, 0 if state.sides[1] else None, True)
        state = state.apply(move)
    set_position(table, state)
    w, h = size
    rects = [pygame.Rect(p.x, p.y, table.card_w, table.card_h) for p in table.placed]
    assert len(rects) == 52
    for r in rects:
        assert (
            r.left >= 0 and r.right <= w and r.top >= table.bar_h and r.bottom <= h - table.status_h
        ), r
    # The long column keeps a visible strip of every card.
    column = [p for p in table.placed if p.pile == "col:1:0"]
    steps = {b.y - a.y for a, b in itertools.pairwise(column)}
    assert min(steps) >= 2


def choose_canals_move(state):
    """A sensible placement for a scripted game: build spring → canals → fountain columns."""
    seat = state.current_player
    hand = state.hands[seat]
    kinds = {code: canals.kind(code) for code in hand}
    for i, column in enumerate(state.sides[seat]):
        codes = [code for code, _ in column]
        if canals.kind(codes[0]) != "spring" or any(canals.kind(c) == "fountain" for c in codes):
            continue
        want = "canal" if len(codes) < 3 else "fountain"
        card = next((c for c in hand if kinds[c] == want), None)
        if card:
            return canals.Place(card, seat, i, len(codes) % 2 == 0)
    spring = next((c for c in hand if kinds[c] == "spring"), None)
    if spring:
        return canals.Place(spring, seat, None, False)
    if state.sides[1 - seat]:
        return canals.Place(hand[0], 1 - seat, 0, False)
    return canals.Place(hand[0], seat, None, False)


def play_out(table, app, driver):
    """Place every remaining card with real drags (spring-canal-fountain where possible)."""
    while not table.state.is_over():
        if isinstance(app.scene, HandoffScene):
            pass_handoff(app, driver)
        move = choose_canals_move(table.state)
        if move.face_up != table.face_up:
            driver.key(pygame.K_f)
        target = f"new:{move.side}" if move.column is None else f"col:{move.side}:{move.column}"
        drag_place(table, driver, move.card, target)
        assert table.moves[-1] == move
        if not table.state.is_over() and table.seats.secrets:
            driver.click(table.end_turn_button.rect.center)


def test_the_end_flips_every_card_shows_column_scores_and_offers_a_rematch(make_app):
    app, table, driver = open_canals(make_app, secrets=False)
    starter = table.states[0].starter
    play_out(table, app, driver)
    assert all(p.face_up for p in table.placed)
    driver.run(30)
    assert isinstance(app.scene, ChoiceScene)
    a, b = table.state.scores()
    assert app.scene.lines[:2] == [f"Player 1 (red): {a} points", f"Player 2 (black): {b} points"]
    expected_title = (
        "A draw!"
        if a == b
        else f"{('Player 1 (red)', 'Player 2 (black)')[0 if a > b else 1]} wins!"
    )
    assert app.scene.title == expected_title
    outcome = "draw" if a == b else f"player {1 if a > b else 2}"
    assert app.stats.summary("canals").outcomes == {outcome: 1}
    driver.click(app.scene.buttons[0].rect.center)  # Rematch
    assert table.state.turn == 0 and table.states[0].starter == 1 - starter


def test_keyboard_only_placement(make_app):
    _app, table, driver = open_canals(make_app, secrets=False)
    seat = table.viewer
    driver.key(pygame.K_TAB)  # focus the hand
    assert table.focus_order()[table.focus] == "hand"
    driver.key(pygame.K_RETURN)  # lift a card
    assert table.held is not None and table.held.by_keyboard
    driver.key(pygame.K_UP)  # choose its neighbour instead
    card = table.held.codes[0]
    order = table.focus_order()
    while order[table.focus] != f"new:{seat}":
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert table.state.sides[seat][0] == ((card, False),)


def test_the_hand_card_under_the_pointer_rises_and_can_still_be_dragged(make_app):
    _app, table, driver = open_canals(make_app, secrets=False)
    seat = table.viewer
    resting = {p.key: p.y for p in table.placed if p.pile == "hand"}
    point = table.card_point("hand", 4)
    driver.post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))
    driver.run(6)
    raised = [p for p in table.placed if p.pile == "hand" and p.y != resting[p.key]]
    assert [p.index for p in raised] == [4]
    # Each hand rises away from its own edge of the table.
    assert (raised[0].y < resting[raised[0].key]) == (seat == 0)
    card = raised[0].card
    driver.drag(point, table.pile_target_rect(f"new:{seat}").center)
    assert table.state.sides[seat][0] == ((card, False),)


# -- regressions found in review -------------------------------------------------------------------


def test_a_double_click_on_end_turn_does_not_pass_the_handoff(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    seat = table.viewer
    drag_place(table, driver, table.state.hands[seat][0], f"new:{seat}")
    end = table.end_turn_button.rect.center
    driver.click(end, frames=1)
    driver.click(end, frames=1)  # the second click of a double-click lands on the hand-off screen
    driver.run(3)
    assert isinstance(app.scene, HandoffScene) and table.viewer == seat


def test_the_next_player_cannot_undo_the_previous_players_move_by_keyboard(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    seat = table.viewer
    drag_place(table, driver, table.state.hands[seat][0], f"new:{seat}")
    driver.click(table.end_turn_button.rect.center)
    pass_handoff(app, driver)
    for key, mod in ((pygame.K_z, pygame.KMOD_CTRL), (pygame.K_y, pygame.KMOD_CTRL)):
        driver.key(key, mod)
        assert table.pos == 1 and table.state.turn == 1


def test_an_undo_during_the_final_flip_turns_the_cards_back_down(make_app):
    _app, table, driver = open_canals(make_app, secrets=False)
    state = table.state
    while state.turn < 51:
        seat = state.current_player
        state = state.apply(canals.Place(state.hands[seat][0], seat, None, False))
    set_position(table, state)
    seat = table.viewer
    driver.frames = 1  # look right after the drop, while the cards turn over
    drag_place(table, driver, state.hands[seat][0], f"new:{seat}")
    assert table.state.is_over() and any(s.flipping for s in table.sprites.values())
    driver.key(pygame.K_z, pygame.KMOD_CTRL)  # while the cards are still turning over
    driver.run(20)
    view = table.state.view(table.viewer)
    shown = {c["card"] for side in view["sides"] for col in side for c in col if c["face_up"]}
    for sprite in table.sprites.values():
        if sprite.card not in table.state.hands[table.viewer]:
            assert sprite.face_up == (sprite.card in shown)


def test_undo_while_dragging_lets_go_of_the_card(make_app):
    _app, table, driver = open_canals(make_app, secrets=False)
    seat = table.viewer
    drag_place(table, driver, table.state.hands[seat][0], f"new:{seat}")
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    start = table.card_point("hand", len(table.state.hands[table.viewer]) - 1)
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 50), rel=(0, -50), buttons=(1, 0, 0))
    driver.run(1)
    assert table.held is not None
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert table.held is None and table.pos == 1
    driver.post(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 300), button=1)
    driver.run(3)
    assert table.pos == 1  # the release of a card no longer held does nothing


def test_keyboard_focus_survives_the_piles_changing(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    for key in (pygame.K_RETURN, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN):
        driver.key(key)
    for key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN):
        driver.key(key)
    assert app.scene is table or isinstance(app.scene, HandoffScene)


def test_no_face_the_viewer_may_not_know_is_ever_drawn(make_app, monkeypatch):
    """A whole hot-seat game, watching every card face the table draws: each must be one the player
    in front of the screen may see, and none at all is drawn behind the hand-off screen."""
    app, table, driver = open_canals(make_app)
    drawn_faces = 0
    leaks: list[str] = []
    from game.card_art import CardImages

    real_face = CardImages.face  # every size's images: cards shrink as columns grow

    def watched_face(images, code: str):
        nonlocal drawn_faces
        drawn_faces += 1
        if isinstance(app.scene, HandoffScene):
            leaks.append(f"{code} drawn behind the hand-off screen")
        view = table.state.view(table.viewer)
        allowed = set(view["hands"][table.viewer])
        allowed |= {
            c["card"] for side in view["sides"] for col in side for c in col if c["face_up"]
        }
        if code not in allowed:
            leaks.append(f"{code} shown to seat {table.viewer}")
        return real_face(images, code)

    monkeypatch.setattr(CardImages, "face", watched_face)
    play_out(table, app, driver)
    driver.run(10)
    assert drawn_faces > 1000 and leaks == []


def test_the_raised_hand_card_does_not_flicker_under_a_still_pointer(make_app):
    _app, table, driver = open_canals(make_app, secrets=False)
    cards = [p for p in table.placed if p.pile == "hand"]
    # Near the hand's edge, where a raised card would leave the pointer.
    edge = 1 if table.viewer == 0 else -1
    y = (cards[3].y + table.card_h - 3) if edge > 0 else cards[3].y + 3
    x = cards[3].x + 2
    seen = []
    for _ in range(6):
        driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
        driver.run(2)
        seen.append(table.hover)
    assert len(set(seen)) == 1 and seen[0] is not None


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("side", [0, 1])
def test_all_52_cards_in_one_column_stay_on_screen_and_readable(make_app, size, side):
    _app, table, _driver = open_canals(make_app, size=size, secrets=False, first=side)
    state = table.state
    while not state.is_over():
        seat = state.current_player
        state = state.apply(
            canals.Place(state.hands[seat][0], side, 0 if state.sides[side] else None, True)
        )
    set_position(table, state)
    w, h = size
    column = [p for p in table.placed if p.pile == f"col:{side}:0"]
    assert len(column) == 52
    for p in column:
        r = pygame.Rect(p.x, p.y, table.card_w, table.card_h)
        assert (
            r.left >= 0 and r.right <= w and r.top >= table.bar_h and r.bottom <= h - table.status_h
        ), r
    assert min(abs(b.y - a.y) for a, b in itertools.pairwise(column)) >= 2


def test_every_turn_starts_face_down_and_the_turn_count_waits_for_end_turn(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    seat = table.viewer
    assert "Turn 1 of 52" in table.status_parts()
    driver.key(pygame.K_f)
    drag_place(table, driver, table.state.hands[seat][0], f"new:{seat}")
    assert table.state.sides[seat][0][0][1] is True and not table.face_up
    assert "Turn 1 of 52" in table.status_parts()  # still this player's turn until End turn
    driver.click(table.end_turn_button.rect.center)
    pass_handoff(app, driver)
    assert "Turn 2 of 52" in table.status_parts() and not table.face_up


def test_a_drop_on_empty_felt_says_where_cards_go(make_app):
    app, table, driver = open_canals(make_app, secrets=False)
    driver.drag(table.card_point("hand", 0), (table.app.size[0] - 5, table.middle.centery))
    assert table.pos == 0
    assert app.toasts.latest == "Drop the card on a column, or on + to start a new one"


def test_esc_on_the_handoff_screen_leaves_only_when_pressed_twice(make_app):
    app, table, driver = open_canals(make_app)
    pass_handoff(app, driver)
    drag_place(table, driver, table.state.hands[table.viewer][0], f"new:{table.viewer}")
    driver.click(table.end_turn_button.rect.center)
    driver.run(12)
    assert isinstance(app.scene, HandoffScene)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, HandoffScene) and "Esc again" in app.toasts.latest
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.toasts.latest == "Canals is saved — resume it from the menu"


# -- long columns, readable --------------------------------------------------------------------


def long_game(turns: int = 52, per_side: int = 3, seed: int = 8):
    rng = random.Random(seed)
    state = canals.new_game(seed=seed)
    while state.turn < turns:
        seat = state.current_player
        if len(state.sides[seat]) < per_side:
            side, column = seat, None
        else:
            side = rng.randrange(2)
            column = rng.randrange(len(state.sides[side]))
        card = state.hands[seat][rng.randrange(len(state.hands[seat]))]
        state = state.apply(canals.Place(card, side, column, rng.random() < 0.5))
    return state


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_every_card_of_a_long_game_shows_its_index_first_card_on_top(make_app, size):
    _app, table, _driver = open_canals(make_app, size=size, secrets=False)
    set_position(table, long_game())
    for side in (0, 1):
        for i in range(3):
            column = table.pile_cards(f"col:{side}:{i}")
            steps = [b.y - a.y for a, b in itertools.pairwise(column)]
            assert steps and min(steps) >= table.strip - 1, (side, i, steps)  # first on top
            assert not table.squeezed(side, len(column))


def test_every_readable_card_carries_its_kind(make_app, monkeypatch):
    _app, table, _driver = open_canals(make_app, secrets=False)
    set_position(table, long_game(40))
    marked = []
    monkeypatch.setattr(table, "draw_kind", lambda surface, sprite: marked.append(sprite.key))
    table.rebuild_static(table.app.size, set())
    readable = {p.key for p in table.placed if p.card and (p.face_up or p.mark)}
    assert readable and set(marked) == readable


def test_a_squeezed_column_opens_in_full_under_the_pointer(make_app):
    app, table, driver = open_canals(make_app, size=(800, 600), secrets=False, first=1)
    state = table.state
    while not state.is_over():
        seat = state.current_player
        column = 0 if state.sides[1] else None
        state = state.apply(canals.Place(state.hands[seat][0], 1, column, True))
    set_position(table, state)
    cards = table.pile_cards("col:1:0")
    assert len(cards) == 52 and table.squeezed(1, 52)
    point = (cards[10].x + 5, cards[10].y + 1)
    driver.post(pygame.MOUSEMOTION, pos=point, rel=(1, 0), buttons=(0, 0, 0))
    driver.run(2)
    assert table.open_column == "col:1:0"
    drawn = []
    table.decorate = lambda surface, sprite: drawn.append(sprite.card)
    table.draw(app.screen)
    assert drawn[-52:] == [p.card for p in cards]  # the overlay: every card, first to last


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_end_table_puts_nothing_on_top_of_anything(make_app, size):
    _app, table, driver = open_canals(make_app, size=size, secrets=False)
    set_position(table, long_game())
    driver.run(10)
    s = theme.ui_scale(size)
    badges = [box for *_, box, _img, _colour in table.score_badges(s)]
    label = ui.text(table.middle_text(), int(17 * s), theme.TEXT, True).get_rect(
        center=table.middle.center
    )
    cards = [pygame.Rect(p.x, p.y, table.card_w, table.card_h) for p in table.placed]
    for box in badges:
        assert not box.colliderect(label) and table.play_area().contains(box), box
        assert not any(box.colliderect(card) for card in cards), box
    for a, b in itertools.combinations(badges, 2):
        assert not a.colliderect(b)


# -- the hands -------------------------------------------------------------------------------------


def wide_side(keep: int = 4):
    """Player 2 has started a column with every card but `keep`; Player 1 piled onto one column
    and is to move: the other side's row of columns is as wide as it gets beside its backs."""
    state = canals.new_game(seed=8, options={"first": 0})
    while len(state.hands[1]) > keep:
        seat = state.current_player
        column = None if seat == 1 or not state.sides[0] else 0
        state = state.apply(canals.Place(state.hands[seat][0], seat, column, False))
    return state


def open_at(make_app, size, position) -> CanalsTable:
    """A table at `size` showing `position`: (a function making the state, secrets on)."""
    make_state, secrets = position
    _app, table, _driver = open_canals(make_app, size=size, secrets=secrets)
    set_position(table, make_state())
    return table


HAND_POSITIONS = {
    "the deal": (lambda: canals.new_game(seed=8, options={"first": 0}), True),
    "mid-game, Player 1 to move": (lambda: long_game(46), True),
    "mid-game, Player 2 to move": (lambda: long_game(45), True),
    "22 columns beside the backs": (wide_side, True),
    "mid-game, same screen, no secrets": (lambda: long_game(46), False),
}


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("position", list(HAND_POSITIONS))
def test_both_hands_show_whole_and_the_viewers_spreads_as_needed(make_app, size, position):
    table = open_at(make_app, size, HAND_POSITIONS[position])
    assert table.view["hand_sizes"][1 - table.viewer] > 0
    # The viewer's hand is centred in the window, between its margins.
    w, margin = size[0], table.margin
    check_hands(table, pygame.Rect(margin, 0, w - 2 * margin, table.card_h))
    hand = table.pile_cards("hand")
    for i, p in enumerate(hand):  # a press on what shows of a card takes that card
        assert table.hit(table.card_point("hand", i)) == p


# -- tags on small cards -----------------------------------------------------------------------


def random_game(seed: int, turns: int = 52):
    """A game of uniformly random moves (the engine's random move picker), after `turns` moves."""
    rng = random.Random(seed)
    state = canals.new_game(seed=seed)
    while state.turn < turns:
        state = state.apply(state.random_move(rng))
    return state


# Of the random games of seeds 0-999, seed 208 at its end has the smallest cards at 800x600 and
# the most squeezed columns (22 and 16 cards: the cards shrink to MIN_CARD_W, the columns still
# squeeze); no random game has cards below MIN_CARD_W, 22 columns beside the backs shrink them to
# 28 px. With secrets on, the viewer's face-down cards carry peek tags as well.
TAG_POSITIONS = {
    "the smallest cards of random games, at the end": (lambda: random_game(208), False),
    "that game late, peek tags on": (lambda: random_game(208, 45), True),
    "22 columns beside the backs": (wide_side, True),
}


def drawn_tags(table, draw) -> list[tuple[pygame.Rect, object, list[pygame.Rect]]]:
    """Every card decorated while `draw()` runs, in drawing order: its rect, its sprite, and the
    rects of the tags drawn on it (whatever pygame.draw.rect drew while it was decorated)."""
    drawn: list[tuple[pygame.Rect, object, list[pygame.Rect]]] = []
    current: list[list[pygame.Rect]] = []
    real_rect, real_decorate = pygame.draw.rect, table.decorate

    def rect(surface, colour, r, *args, **kwargs):
        if current and pygame.Rect(r) not in current[-1]:  # a tag's outline is its own rect
            current[-1].append(pygame.Rect(r))
        return real_rect(surface, colour, r, *args, **kwargs)

    def decorate(surface, sprite):
        current.append([])
        real_decorate(surface, sprite)
        card = pygame.Rect(round(sprite.x), round(sprite.y), table.card_w, table.card_h)
        drawn.append((card, sprite, current.pop()))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pygame.draw, "rect", rect)
        patch.setattr(table, "decorate", decorate)
        draw()
    return drawn


def check_tags(table, drawn) -> None:
    """Each tag lies inside its card, clear of every card drawn after it (so nothing covers it
    and it covers no neighbour), of the card's other tag and of a face-up card's index."""
    for i, (card, sprite, tags) in enumerate(drawn):
        later = [c for c, _s, _t in drawn[i + 1 :] if c.colliderect(card)]
        index = index_corner(card.x, card.y, table.card_w, table.card_h)
        for tag in tags:
            assert card.contains(tag), (sprite.key, card, tag)
            assert tag.collidelist(later) == -1, (sprite.key, tag, later[tag.collidelist(later)])
            assert not (sprite.face_up and tag.colliderect(index)), (sprite.key, tag, index)
        for a, b in itertools.combinations(tags, 2):
            assert not a.colliderect(b), (sprite.key, a, b)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("position", list(TAG_POSITIONS))
def test_kind_and_peek_tags_sit_inside_their_cards_clear_of_the_rest(make_app, size, position):
    table = open_at(make_app, size, TAG_POSITIONS[position])
    drawn = drawn_tags(table, lambda: table.rebuild_static(size, set()))
    assert len(drawn) == len(table.placed)
    tagged = [sprite for _card, sprite, tags in drawn if tags]
    check_tags(table, drawn)
    # Every card whose whole top shows (a column's last card, a hand card) still carries its tags.
    readable = {p.key for p in table.placed if p.card and (p.face_up or p.mark)}
    last = {
        table.pile_cards(f"col:{s}:{i}")[-1].key
        for s in (0, 1)
        for i in range(len(table.view["sides"][s]))
    }
    hand = {p.key for p in table.pile_cards("hand")}
    assert (readable & (last | hand)) <= {s.key for s in tagged}
    if TAG_POSITIONS[position][
        1
    ]:  # the peek tags of the viewer's own face-down cards: two tags on those that show
        peeks = [s for s in tagged if s.mark and not s.face_up and s.key in last]
        assert peeks and all(len(t) == 2 for _c, s, t in drawn if s in peeks)


def test_the_open_column_shows_every_cards_tags_whole(make_app):
    app, table, driver = open_canals(make_app, size=(800, 600), secrets=False)
    set_position(table, random_game(208))
    driver.run(2)
    cards = table.pile_cards("col:1:0")
    assert table.squeezed(1, len(cards))
    driver.post(
        pygame.MOUSEMOTION, pos=(cards[5].x + 5, cards[5].y + 1), rel=(1, 0), buttons=(0, 0, 0)
    )
    driver.run(2)
    assert table.open_column == "col:1:0"
    drawn = drawn_tags(table, lambda: table.draw_open_column(app.screen, "col:1:0"))
    assert [s.card for _c, s, _t in drawn] == [p.card for p in cards]
    assert all(len(tags) == 1 for _c, _s, tags in drawn)  # every card's kind, none hidden
    check_tags(table, drawn)


def test_at_the_end_end_turn_and_the_face_switch_leave_the_bar(make_app):
    """Once the game is over there is no turn to end and no card to place face up: the two
    buttons go, the rest of the bar closes up, and a new deal brings them back."""
    app, table, driver = open_canals(make_app)
    playing_only = [table.end_turn_button, table.face_button]
    assert all(any(b is p for b in table.buttons) for p in playing_only)
    rules = next(b for b in table.buttons if b.label == "Rules")
    before = rules.rect.x
    state = table.state
    while not state.is_over():
        state = state.apply(choose_canals_move(state))
    app.reset_to(table)  # past the hand-off: the keys reach the table
    driver.key(pygame.K_f)
    assert table.face_up  # chosen for a placement that the game's end leaves unmade
    table.face_button._down = True  # and the switch held down as the game ends
    set_position(table, state)
    app.reset_to(table)  # past the hand-off and the results: the keys reach the table
    driver.run(2)
    assert not any(b is p for b in table.buttons for p in playing_only)
    assert rules.rect.x < before  # closed up, no gap where they stood
    assert not table.face_up
    driver.key(pygame.K_f)  # their shortcuts do nothing at the end
    driver.key(pygame.K_e)
    assert table.state.is_over() and not table.face_up
    table.start_deal(5)
    driver.run(2)
    assert all(any(b is p for b in table.buttons) for p in playing_only)
    assert rules.rect.x == before
    assert not table.face_up and table.face_button.label == "Placing face down"
    assert not table.face_button._down  # the press it had when it left is not kept
