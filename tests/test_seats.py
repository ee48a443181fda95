"""The shared seat controller: whose eyes the table shows, hand-offs, computer turns and what undo
may take back, for every kind of table (solitaire, hot-seat, against computers, computers alone)."""

from __future__ import annotations

import random

import pygame
import pytest
from conftest import set_position, wait_for

import engines
from engines import canals
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.dialogs import ChoiceScene
from game.scenes.handoff import HandoffScene
from game.scenes.menu import MenuScene
from game.table import open_table
from game.table.history import History
from game.table.seats import Seats, revealed, visible_cards


def canals_history(moves: int, seed: int = 5) -> History:
    rng = random.Random(seed)
    history = History(canals.new_game(seed=seed, options={"first": 0}))
    for _ in range(moves):
        history.push(history.state.random_move(rng))
    return history


def test_undo_never_takes_back_a_computer_card_played_from_its_hidden_hand():
    # Orchard against a computer, nobody's secrets hidden from a second human: a computer move
    # that lays a card from its hand tells no event of a face turned up, but it shows the human
    # that card, which undo would put back into the computer's hidden hand.
    orchard = engines.get("orchard")
    seats = Seats(["human", "easy"], secrets=False)
    checked = 0
    for seed in range(1, 8):
        rng = random.Random(seed)
        history = History(orchard.new_game(seed=seed, players=2))
        seats.start(history.state, 0)
        while not history.state.is_over() and history.pos < 120:
            before = history.state
            history.push(before.random_move(rng))
            shown = visible_cards(history.state.view(0)) - visible_cards(before.view(0))
            if history.mover(history.pos - 1) == 1 and shown and not revealed(history.state):
                checked += 1
                assert seats.undo_target(history) is None, (seed, history.pos, shown)
    assert checked >= 10


def test_solitaire_undoes_anything():
    history = History(engines.get("canfield").new_game(seed=3))
    history.push(history.state.legal_moves()[-1])
    seats = Seats(["human"], secrets=True)
    assert not seats.secrets and seats.undo_target(history) == 0


def test_hot_seat_with_secrets_undoes_only_your_own_moves_of_this_turn():
    seats = Seats(["human", "human"], secrets=True)
    history = canals_history(0)
    seats.start(history.state, 0)
    assert seats.handoff_needed and seats.viewer == 0
    seats.take_seat(0, 0)
    history.push(history.state.random_move(random.Random(1)))
    assert seats.turn_ended(history.state) and seats.undo_target(history) == 0
    seats.take_seat(1, history.pos)  # the hand-off: seat 1 takes the table
    assert seats.undo_target(history) is None and seats.redo_target(history) is None
    history.go_to(0)
    assert seats.redo_target(history) is None  # seat 0's move is not seat 1's to replay


def test_without_secrets_undo_steps_one_move_and_the_table_follows_the_mover():
    seats = Seats(["human", "human"], secrets=False)
    history = canals_history(3)
    seats.start(history.state, 0)
    assert not seats.handoff_needed and seats.viewer == history.state.current_player
    assert seats.undo_target(history) == 2 and seats.redo_target(history) is None


def test_against_a_computer_undo_steps_back_to_the_humans_previous_decision():
    seats = Seats(["human", "random"], secrets=True)
    assert not seats.secrets  # one human: nothing to hide from anybody at the screen
    history = canals_history(4)  # seat 0 moves first: human, computer, human, computer
    assert seats.undo_target(history) == 2
    history.go_to(2)
    assert seats.undo_target(history) == 0
    assert seats.redo_target(history) == 4  # the human's move and the computer's reply


def test_nothing_is_undone_once_a_game_with_players_is_over():
    seats = Seats(["human", "human"], secrets=False)
    history = canals_history(52)
    assert history.state.is_over() and seats.undo_target(history) is None


def test_computers_alone_are_watched_through_the_seat_that_moves():
    seats = Seats(["random", "random"], secrets=True)
    history = canals_history(1)
    seats.start(history.state, history.pos)
    assert not seats.handoff_needed and seats.viewer == history.state.current_player


# -- at the table -------------------------------------------------------------------------------


def open_game(make_app, seats: str, secrets: bool = True, **settings):
    app = make_app((1280, 800), **settings)
    app.push(MenuScene(app))
    request = DealRequest.build(engines.get("canals"), seed=11, seats=seats)
    request.options["first"] = 0
    request.secrets = secrets
    open_table(app, request)
    table = next(s for s in app.scenes if hasattr(s, "seats"))
    return app, table, Driver(app, frames=1, dt=1 / 30)


def test_a_human_plays_a_computer_and_undo_takes_back_both_moves(make_app):
    app, table, driver = open_game(make_app, "human,easy")
    assert app.scene is table and table.viewer == 0  # no hand-off against a computer
    wait_for(driver, lambda: not table.in_flight())
    card = table.view["hands"][0][0]
    gesture = table.gesture_for(canals.Place(card, 0, None, False))
    driver.drag(gesture.press, gesture.release)
    assert table.pos == 1 and table.state.current_player == 1
    assert "thinking" in " ".join(table.status_parts())
    wait_for(driver, lambda: table.pos == 2 and not table.in_flight())
    assert table.state.current_player == 0 and table.viewer == 0  # the human's turn again
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.pos == 0 and card in table.state.hands[0]
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert table.pos == 2  # redo replays the computer's reply too


def test_undo_does_not_take_back_a_computer_card_laid_face_up_from_its_hand(make_app):
    # The random player's reply here lays a card of its hidden hand face up: undone, that card
    # would go back into a hand the human now knows.
    _app, table, driver = open_game(make_app, "human,random")
    wait_for(driver, lambda: not table.in_flight())
    card = table.view["hands"][0][0]
    gesture = table.gesture_for(canals.Place(card, 0, None, False))
    driver.drag(gesture.press, gesture.release)
    wait_for(driver, lambda: table.pos == 2 and not table.in_flight())
    reply = table.history.moves[1]
    assert reply.face_up and reply.card in visible_cards(table.view)
    assert not table.can_undo()
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert table.pos == 2


def test_a_computer_seat_sees_only_its_view(make_app):
    app, table, driver = open_game(make_app, "human,random")
    asked = []
    real_submit = app.worker.submit

    def spy(owner, key, fn, *args):
        asked.append(args)
        return real_submit(owner, key, fn, *args)

    app.worker.submit = spy
    card = table.view["hands"][0][3]
    gesture = table.gesture_for(canals.Place(card, 0, None, False))
    driver.drag(gesture.press, gesture.release)
    wait_for(driver, lambda: table.pos == 2)
    (game, kind, view, _seed), *_ = asked
    assert (game, kind) == ("canals", "random")
    assert view == table.states[1].view(1)
    assert view["hands"][0] == [None] * 25 and view["sides"][0][0][0]["card"] is None


def test_two_computers_play_a_whole_game_and_the_table_stays_responsive(make_app):
    app, table, driver = open_game(make_app, "random,random", animation="fast")
    frames = 0
    while not table.state.is_over() and frames < 3000:
        driver.run(1)
        frames += 1
        assert not isinstance(app.scene, HandoffScene)
    assert table.state.is_over() and table.pos == 52
    wait_for(driver, lambda: isinstance(app.scene, ChoiceScene))
    assert app.stats.summary("canals").played == 1


def test_leaving_the_table_while_a_computer_thinks_drops_its_answer(make_app):
    app, table, driver = open_game(make_app, "random,human")
    driver.run(1)
    assert table.thinking is not None
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    driver.run(30)
    assert table.pos == 0 and not app.worker.busy(table)


def test_a_dialog_over_the_table_lets_the_computer_keep_thinking(make_app):
    app, table, driver = open_game(make_app, "random,human")
    driver.run(1)
    table.open_settings()
    wait_for(driver, lambda: table.answer is not None)  # collected under the dialog
    assert table.pos == 0  # but played only once the table is in front again
    app.pop()
    wait_for(driver, lambda: table.pos == 1)


@pytest.mark.parametrize("secrets", [True, False])
def test_the_hand_off_only_comes_between_different_humans(make_app, secrets):
    app, table, driver = open_game(make_app, "human,human", secrets=secrets)
    driver.run(2)
    assert isinstance(app.scene, HandoffScene) == secrets
    state = table.state
    set_position(table, state)
    assert table.viewer == 0


# -- regressions found in review ----------------------------------------------------------------


def test_what_was_said_to_one_player_is_gone_from_the_hand_off_screen(make_app):
    # A hint names the leaving player's card, and toasts are drawn over every scene.
    app, table, driver = open_game(make_app, "human,human", secrets=True)
    driver.run(2)
    app.toasts.show("Hint: 7H face down to column 2 on side 1")
    table.show_handoff()
    assert isinstance(app.scene, HandoffScene) and app.toasts.latest is None


def test_every_position_gets_its_own_serial_so_old_answers_never_fit_a_new_deal():
    a, b = canals_history(0), canals_history(0)
    assert a.serial != b.serial
    before = a.serial
    a.push(a.state.random_move(random.Random(1)))
    a.go_to(0)
    assert len({before, a.serial, b.serial}) == 3


def test_a_failing_computer_is_asked_again_then_reported(make_app):
    app, table, driver = open_game(make_app, "human,random")
    table.seats.kinds[1] = "no-such-level"  # its player raises in the worker
    card = table.view["hands"][0][0]
    gesture = table.gesture_for(canals.Place(card, 0, None, False))
    driver.drag(gesture.press, gesture.release)
    wait_for(driver, lambda: table.failures >= 3)
    assert "computer player failed" in app.toasts.latest and table.pos == 1
    driver.run(10)  # (the card lands)
    # It waits for the player, and says so; the table rests instead of redrawing every frame.
    assert "could not move — try Undo" in " ".join(table.status_parts())
    assert not table.animating()
    table.seats.kinds[1] = "random"
    driver.key(pygame.K_z, pygame.KMOD_CTRL)  # the player takes over; the computer tries again
    assert table.pos == 0 and table.failures == 0


def test_in_same_screen_hot_seat_the_placed_card_does_not_fly_from_the_hand(make_app):
    _app, table, driver = open_game(make_app, "human,human", secrets=False)
    wait_for(driver, lambda: not table.in_flight())
    card = table.view["hands"][0][5]
    gesture = table.gesture_for(canals.Place(card, 0, None, False))
    driver.frames = 1
    driver.drag(gesture.press, gesture.release)
    assert table.viewer == 1  # the table turned to the next player
    cell = table.top_placement("col:0:0")
    sprite = table.sprites[cell.key]
    target = pygame.Rect(cell.x, cell.y, table.card_w, table.card_h)
    assert target.inflate(table.card_w, table.card_h).collidepoint(sprite.x, sprite.y)


def test_undo_never_goes_back_past_cards_drawn_from_the_stock():
    orchard = engines.get("orchard")
    seats = Seats(["human", "human"], secrets=False)
    history = History(orchard.new_game(seed=4))
    seats.start(history.state, 0)
    assert history.state.current_player == 0
    plants = [m for m in history.state.legal_moves() if m.to_dict()["kind"] == "plant"]
    history.push(max(plants, key=lambda m: orchard.card_value(m.card)))  # a seed to grow on
    drew = [e for e in history.state.events if e["kind"] == "draw"]
    assert drew and drew[0]["count"] == 1  # the planter saw the stock's top card
    assert seats.undo_target(history) is None
    # A step that draws nothing (a grow not yet confirmed) can still be taken back.
    history.push(next(m for m in history.state.legal_moves() if m.to_dict()["kind"] == "pass"))
    grows = [m for m in history.state.legal_moves() if m.to_dict()["kind"] == "grow"]
    assert grows  # seat 0 has its seed and cards in hand to grow it
    history.push(grows[0])
    assert history.state.events[-1]["kind"] == "grow" and seats.undo_target(history) == 2


def test_a_sandcastles_redraw_cannot_be_undone_but_keeping_all_five_can():
    sandcastles = engines.get("sandcastles")
    seats = Seats(["human", "human"], secrets=False)
    start = sandcastles.new_game(seed=9, players=2)
    redraws = [m for m in start.legal_moves() if m.to_dict()["kind"] == "redraw"]
    keep = next(m for m in redraws if not m.to_dict()["cards"])
    some = next(m for m in redraws if m.to_dict()["cards"])
    for move, undoable in ((keep, True), (some, False)):
        history = History(start)
        seats.start(start, 0)
        history.push(move)
        assert (seats.undo_target(history) == 0) is undoable


def test_a_computer_seat_is_named_with_its_level(make_app):
    _app, table, _driver = open_game(make_app, "human,easy")
    assert table.seat_label(0) == table.seat_name(0)
    name = table.seat_name(1)  # Canals names its seats by colour: "Player 2 (blue)"
    assert table.seat_label(1) == f"{name[:-1]}, Easy)"
