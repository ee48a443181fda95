"""The Orchard table: every gesture makes the engine's move, refusals say the engine's reason, the
capture flow (attackers, targets lit only when enough, the meld tray, confirm, cancel), views that
never show the other hand, whole games by two people and against a computer, and the layout: both
hands whole and spread as far as they need, tags clear of every index. Input goes through real
pygame events (Driver)."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from conftest import check_hands, set_position, wait_for

import engines
from engines import orchard
from engines.cards import FULL_DECK
from game import theme, ui
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.dialogs import ChoiceScene
from game.scenes.handoff import HandoffScene
from game.scenes.menu import MenuScene
from game.table import open_table
from game.table.hands import gap_for, index_corner, index_width
from game.table.orchard import OrchardTable
from game.table.orchard_draw import badge_box

move = orchard.move_from_dict


def open_orchard(make_app, size=(1280, 800), secrets=False, seats=None, seed=11):
    app = make_app(size, animation="off")
    app.push(MenuScene(app))
    request = DealRequest.build(engines.get("orchard"), seed=seed, seats=seats)
    request.secrets = secrets
    open_table(app, request)
    table = next(s for s in app.scenes if isinstance(s, OrchardTable))
    driver = Driver(app, frames=2)
    driver.run(2)
    return app, table, driver


def perform(driver: Driver, gesture) -> None:
    for key in gesture.keys:
        driver.key(key)
    if gesture.release is None:
        driver.click(gesture.press)
    else:
        driver.drag(gesture.press, gesture.release)


def play(table, driver, m) -> None:
    """Make `m` by its gesture and check it was exactly that move."""
    gesture = table.gesture_for(m)
    assert gesture is not None, m
    pos = table.pos
    perform(driver, gesture)
    assert table.pos > pos and table.moves[pos] == m, (m, table.app.toasts.latest)


def kinds(state) -> dict[str, list]:
    out: dict[str, list] = {}
    for m in state.legal_moves():
        out.setdefault(m.to_dict()["kind"], []).append(m)
    return out


def position_with(want, seed=3, tries=4000):
    """A position reached by random play in which `want(state)` holds."""
    rng = random.Random(seed)
    state = orchard.new_game(seed=seed)
    for _ in range(tries):
        if want(state):
            return state
        if state.is_over():
            state = orchard.new_game(seed=rng.randrange(10**6))
            continue
        legal = state.legal_moves()
        ends = [m for m in legal if m.to_dict()["kind"] in ("plant", "grow", "done")]
        state = state.apply(rng.choice(ends if ends and rng.random() < 0.8 else legal))
    raise AssertionError("no such position")


def can_capture(state) -> bool:
    """Play phase, and some single attacker has a target it may take."""
    if state.phase != "play":
        return False
    for a in kinds(state).get("attack", []):
        after = state.apply(a)
        if "target" in kinds(after):
            return True
    return False


def test_every_kind_of_move_is_made_by_its_gesture(make_app):
    app, table, driver = open_orchard(make_app)
    seen: set[str] = set()
    for seed in (3, 4, 5):
        rng = random.Random(seed)
        state = position_with(lambda s: s.phase == "play" and len(s.legal_moves()) > 20, seed)
        for _ in range(40):
            if state.is_over():
                break
            set_position(table, state)
            by_kind = kinds(state)
            for kind, moves in by_kind.items():
                m = rng.choice(moves)
                play(table, driver, m)
                seen.add(kind)
                app.reset_to(table)  # a move that ended the game put up its results
                set_position(table, state)
            state = state.apply(rng.choice(state.legal_moves()))
    assert {"plant", "grow", "done", "cancel", "pass", "attack", "target", "prune"} <= seen
    assert {"condense", "meld"} & seen


def test_a_face_card_dropped_on_the_seed_slot_is_refused_with_the_engines_reason(make_app):
    app, table, driver = open_orchard(make_app)
    state = position_with(
        lambda s: s.phase == "play" and any(orchard.is_face(c) for c in s.hands[s.current_player])
    )
    set_position(table, state)
    me = table.viewer
    hand = table.view["hands"][me]
    face = next(c for c in hand if orchard.is_face(c))
    driver.drag(table.card_point("hand", hand.index(face)), table.geo.plant.center)
    assert table.pos == 0
    assert app.toasts.latest == state.check(move({"kind": "plant", "card": face}))


def test_growing_past_the_seeds_value_is_refused_and_the_total_shows_while_dragging(make_app):
    app, table, driver = open_orchard(make_app)

    def over(s):
        if s.phase != "play":
            return False
        me = s.current_player
        view = s.view(me)
        return any(
            orchard.card_value(c) > seed["value"]
            for seed in view["seeds"][me]
            for c in view["hands"][me]
        )

    state = position_with(over)
    set_position(table, state)
    me = table.viewer
    view = table.view
    i, card = next(
        (i, c)
        for i, seed in enumerate(view["seeds"][me])
        for c in view["hands"][me]
        if orchard.card_value(c) > seed["value"]
    )
    start = table.card_point("hand", view["hands"][me].index(card))
    end = table.hot_point(table.seed_rect(me, i))
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.run(1)
    for t in (0.5, 1.0):
        x, y = int(start[0] + (end[0] - start[0]) * t), int(start[1] + (end[1] - start[1]) * t)
        driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        driver.run(1)
    text, _colour, _rect = table.preview()
    seed = view["seeds"][me][i]
    assert text == f"branch {orchard.card_value(card)} / {seed['value']}"
    driver.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    driver.run(2)
    grow = move({"kind": "grow", "card": card, "seed": i, "branch": len(seed["branches"])})
    assert table.pos == 0 and app.toasts.latest == state.check(grow)


def test_the_capture_flow_attackers_lit_targets_meld_tray_and_confirm(make_app):
    app, table, driver = open_orchard(make_app)
    state = position_with(can_capture, seed=8)
    set_position(table, state)
    other = 1 - table.viewer
    attack = next(a for a in kinds(state)["attack"] if "target" in kinds(state.apply(a)))
    # A target clicked before any attacker: refused with the engine's reason.
    some_target = next(
        (i, b)
        for i, seed in enumerate(table.view["seeds"][other])
        for b in range(len(seed["branches"]))
    )
    tail = move({"kind": "target", "seed": some_target[0], "branch": some_target[1], "count": 1})
    pile = f"br:{other}:{some_target[0]}:{some_target[1]}"
    driver.click(table.card_point(pile, len(table.pile_cards(pile)) - 1))
    assert table.pos == 0 and app.toasts.latest == state.check(tail)
    assert table.targets_lit == []  # nothing lit before an attacker is picked
    play(table, driver, attack)
    pending = table.view["pending"]
    assert table.view["phase"] == "capture" and pending["attack_sum"] == sum(
        orchard.card_value(c) for c in pending["attackers"][0]["cards"]
    )
    assert f"Attackers total {pending['attack_sum']}" in table.banner_lines()[1][0]
    # Lit: exactly the targets the engine accepts now.
    now = table.state
    legal = {
        (t.to_dict()["seed"], -1 if t.to_dict()["branch"] is None else t.to_dict()["branch"])
        for t in kinds(now)["target"]
    }
    assert {(i, b) for i, b, _k in table.targets_lit} == legal
    for i, b, k in table.targets_lit:
        branch = None if b < 0 else b
        target = move({"kind": "target", "seed": i, "branch": branch, "count": k})
        assert now.check(target) is None
    target = kinds(now)["target"][0]
    play(table, driver, target)
    assert table.view["phase"] == "meld"
    removed = table.view["pending"]["removed"]
    suggested = [m for _pile, m, _rect, _text in table.tray.chips if m is not None]
    assert (
        sorted(map(sorted, suggested))
        == sorted(sorted(m) for m in orchard.legal_melds(removed))[: len(suggested)]
        or not suggested
    )
    for m in suggested[:1]:
        play(table, driver, move({"kind": "meld", "cards": m}))
    mover = table.state.current_player
    play(table, driver, move({"kind": "done"}))
    assert table.state.current_player != mover and table.view["phase"] == "play"


def test_cancel_puts_the_turn_back_as_it_began(make_app):
    _app, table, driver = open_orchard(make_app)
    state = position_with(can_capture, seed=8)
    set_position(table, state)
    attack = next(a for a in kinds(state)["attack"] if "target" in kinds(state.apply(a)))
    play(table, driver, attack)
    play(table, driver, kinds(table.state)["target"][0])
    driver.key(pygame.K_c)  # Cancel from the keyboard
    assert table.state.view(table.viewer) == state.view(table.viewer)
    assert table.view["phase"] == "play"


def test_picking_melds_by_hand_refuses_a_non_meld_with_the_engines_reason(make_app):
    app, table, driver = open_orchard(make_app)
    state = position_with(can_capture, seed=8)
    set_position(table, state)
    attack = next(a for a in kinds(state)["attack"] if "target" in kinds(state.apply(a)))
    play(table, driver, attack)
    play(table, driver, kinds(table.state)["target"][0])
    removed = table.view["pending"]["removed"]
    for index in range(min(2, len(removed))):  # two cards are never a meld... unless a marriage
        spot = next(p for p in table.tray.spots if p.pile == "tray" and p.index == index)
        driver.click((spot.x + 4, spot.y + table.card_h // 2))
    picked = [c for c in removed if c in table.tray.picked]
    chip = next(c for c in table.tray.chips if c[1] is None)
    pos = table.pos
    driver.click(chip[2].center)
    attempt = move({"kind": "meld", "cards": picked})
    reason = table.states[pos].check(attempt)
    if reason is None:
        assert table.pos == pos + 1
    else:
        assert table.pos == pos and app.toasts.latest == reason


def test_the_table_draws_the_same_pixels_whatever_the_other_hand_and_stock_hold(make_app):
    app, table, _driver = open_orchard(make_app)
    real = position_with(lambda s: s.phase == "play" and s.view(0)["turn"] > 10)
    viewer = real.current_player
    other = orchard.determinize(real.view(viewer), random.Random(99))
    assert other.to_dict() != real.to_dict() and other.view(viewer) == real.view(viewer)
    set_position(table, real)
    assert table.viewer == viewer
    table.draw(app.screen)
    first = pygame.image.tobytes(app.screen, "RGB")
    set_position(table, other)
    table.draw(app.screen)
    assert pygame.image.tobytes(app.screen, "RGB") == first
    hidden = [p for p in table.placed if p.pile == f"hand:{1 - viewer}"]
    assert hidden and all(p.card is None and p.key not in engines.cards.FULL_DECK for p in hidden)


def test_keyboard_alone_plants_a_card_and_passes(make_app):
    _app, table, driver = open_orchard(make_app)
    state = table.state
    me = table.viewer
    plant = kinds(state)["plant"][0]
    card = plant.to_dict()["card"]
    order = table.focus_order()
    hand = table.view["hands"][me]
    driver.key(pygame.K_TAB)  # the focus comes to the hand
    assert order[table.focus] == "hand"
    driver.key(pygame.K_RETURN)  # lift a card, then walk to the one to plant
    for _ in range(len(hand)):
        if table.held.pick.cards == (card,):
            break
        here = table.view["hands"][me].index(table.held.pick.cards[0])
        driver.key(pygame.K_UP if here > hand.index(card) else pygame.K_DOWN)
    assert table.held.pick.cards == (card,)
    for _ in range(order.index(f"plant:{me}")):
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    assert table.moves == [plant]
    driver.key(pygame.K_p)  # the other player passes
    assert table.moves[-1] == move({"kind": "pass"})


def finish(app, table, driver, rng, limit=2000) -> None:
    """Random legal moves by their gestures (hand-offs and End turn passed) to the end."""
    for _ in range(limit):
        if table.state.is_over():
            break
        if isinstance(app.scene, HandoffScene):
            driver.run(10)
            driver.click(app.scene.ready.rect.center)
            continue
        if table.end_turn_button.enabled():
            driver.click(table.end_turn_button.rect.center)
            continue
        if table.seats.is_computer(table.state.current_player):
            # Real time, not frames: a loaded machine may take seconds to start the worker.
            pos = table.pos
            wait_for(driver, lambda p=pos: table.pos != p or table.state.is_over(), seconds=60)
            continue
        pairs = [(m, g) for m in table.state.legal_moves() if (g := table.gesture_for(m))]
        m, _g = rng.choice(pairs)
        play(table, driver, m)
    assert table.state.is_over()
    driver.run(10)


def test_two_people_finish_a_game_with_the_handoff_and_see_the_results(make_app):
    app, table, driver = open_orchard(make_app, secrets=True, seed=21)
    finish(app, table, driver, random.Random(2))
    assert isinstance(app.scene, ChoiceScene)
    final = table.view["final"]
    for seat, f in enumerate(final):
        assert f["score"] == table.state.scores()[seat]
        assert any(
            line.startswith(f"Player {seat + 1}: {f['score']} points") for line in app.scene.lines
        )
    first = table.view["first_player"]
    driver.click(app.scene.buttons[0].rect.center)  # Rematch: the other player starts
    assert table.pos == 0 and table.view["first_player"] == 1 - first


def test_a_person_finishes_a_game_against_a_computer(make_app):
    app, table, driver = open_orchard(make_app, seats="human,random", seed=22)
    finish(app, table, driver, random.Random(3), limit=4000)
    movers = {table.history.mover(i) for i in range(table.pos)}
    assert movers == {0, 1}


def nine_seeds_a_side():
    """A position with nine seeds on each side, most with branches (plants and grows first)."""
    rng = random.Random(5)
    state = orchard.new_game(seed=6)
    while True:
        seeds = state.to_dict()["seeds"]
        if min(len(seeds[0]), len(seeds[1])) >= 9 and state.phase == "play":
            return state
        legal = [m for m in state.legal_moves() if m.to_dict()["kind"] != "cancel"]
        plants = [m for m in legal if m.to_dict()["kind"] == "plant"]
        grows = [m for m in legal if m.to_dict()["kind"] in ("grow", "done")]
        nxt = state.apply(rng.choice(plants or grows or legal))
        assert not nxt.is_over(), "the made-up game ended before nine seeds a side"
        state = nxt


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_nine_seeds_a_side_stay_on_screen_in_their_own_columns(make_app, size):
    _app, table, _driver = open_orchard(make_app, size=size)
    set_position(table, nine_seeds_a_side())
    screen = pygame.Rect(0, 0, *size)
    for p in table.placed:
        assert screen.contains(pygame.Rect(p.x, max(p.y, 0), table.card_w, 1)), p
    for seat, spots in table.geo.seeds.items():
        assert len(spots) >= 9
        # Columns never run into each other: each column's left edge, then its width.
        lefts = [spot.x - (spot.width - table.card_w) // 2 for spot in spots]
        for i in range(len(spots) - 1):
            assert lefts[i] + spots[i].width <= lefts[i + 1], (seat, i)
    assert table.card_w >= 30  # still a card, not a sliver


def big_hands(mine: int, other: int):
    """Seat 0 to move holding `mine` cards, seat 1 holding `other`, the rest in the stock."""
    deck = list(FULL_DECK)
    return orchard.from_dict(
        {
            "game": "orchard",
            "seed": 7,
            "options": {"first": 0},
            "first_player": 0,
            "current_player": 0,
            "turn": 0,
            "final_turns": None,
            "passed": False,
            "stock": deck[mine + other :],
            "hands": [deck[:mine], deck[mine : mine + other]],
            "seeds": [[], []],
            "melds": [[], []],
            "captured": [[], []],
            "discard": [],
            "pending": None,
        }
    )


HAND_POSITIONS = {
    "the deal": lambda: None,
    "the busiest position": OrchardTable.busiest_position,
    "nine seeds a side": nine_seeds_a_side,
    "a 26-card hand against 20": lambda: big_hands(26, 20),
}


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("position", list(HAND_POSITIONS))
def test_both_hands_show_whole_and_the_viewers_spreads_as_needed(make_app, size, position):
    _app, table, _driver = open_orchard(make_app, size=size)
    state = HAND_POSITIONS[position]()
    if state is not None:
        set_position(table, state)
    check_hands(table, table.geo.hands[table.me].rect)


def capture_under_way():
    """The README's capture: the busiest position, the player to move has picked an attacker."""
    state = OrchardTable.busiest_position()
    attack = move({"kind": "attack", "seed": 0, "branch": 0, "count": 2})
    assert state.check(attack) is None
    return state.apply(attack)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_tag_over_a_capture_target_covers_no_index_and_no_badge(make_app, size):
    _app, table, driver = open_orchard(make_app, size=size)
    set_position(table, capture_under_way())
    assert table.targets_lit
    cw, ch = table.card_w, table.card_h
    s = theme.ui_scale(size)
    keep = [index_corner(p.x, p.y, cw, ch) for p in table.placed if p.face_up]
    for seat in (0, 1):
        keep += [
            badge_box(t, int(12 * s), at, anchor) for t, at, _, anchor in table.badges(seat, s)
        ]
    for i, b, k in table.targets_lit:
        if b < 0:
            continue
        pile = f"br:{1 - table.me}:{i}:{b}"
        index = len(table.pile_cards(pile)) - k
        driver.post(
            pygame.MOUSEMOTION, pos=table.card_point(pile, index), rel=(0, 0), buttons=(0,) * 3
        )
        driver.run(1)
        text, _colour, rect = table.preview()
        box = table.tag_place(badge_box(text, int(14 * s)), rect, s)
        assert box.collidelist(keep) == -1, (text, box)


def finished_game(seed=2):
    """A game played to its end by random moves (mostly plants, grows and dones), both players
    still holding cards."""
    rng = random.Random(seed)
    state = orchard.new_game(seed=seed)
    while not state.is_over():
        legal = state.legal_moves()
        ends = [m for m in legal if m.to_dict()["kind"] in ("plant", "grow", "done")]
        state = state.apply(rng.choice(ends if ends and rng.random() < 0.8 else legal))
    assert all(state.to_dict()["hands"]), "the made-up game ended with an empty hand"
    return state


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_at_the_end_the_other_hand_lies_face_up_as_the_view_shows_it(make_app, size):
    app, table, driver = open_orchard(make_app, size=size)
    set_position(table, finished_game())
    app.reset_to(table)
    driver.run(2)
    other = 1 - table.viewer
    shown = table.view["hands"][other]
    assert shown and None not in shown  # the engine's view shows every hand at the end
    cards = table.pile_cards(f"hand:{other}")
    assert [p.card for p in cards] == shown and all(p.face_up for p in cards)
    assert all(table.sprites[p.key].face_up for p in cards)
    # Whole inside the table and clear of every other card, spread so every index shows unless
    # the other player's seeds leave no room for that (then as far as they do).
    cw, ch = table.card_w, table.card_h
    rest = [pygame.Rect(p.x, p.y, cw, ch) for p in table.placed if p.pile != f"hand:{other}"]
    for p in cards:
        rect = pygame.Rect(p.x, p.y, cw, ch)
        assert table.play_area().contains(rect) and rect.collidelist(rest) == -1, p
    steps = {b.x - a.x for a, b in itertools.pairwise(cards)}
    assert max(steps) - min(steps) <= 1, steps
    seeds_end = max(s.x - (s.width - cw) // 2 + s.width for s in table.geo.seeds[other])
    room_short = cards[0].x - seeds_end <= gap_for(cw) + 2
    assert min(steps) >= int(index_width(cw)) or room_short, (steps, cw)


def test_the_info_line_leaves_the_other_hands_count_to_its_label(make_app, monkeypatch):
    app, table, _driver = open_orchard(make_app)
    set_position(table, big_hands(9, 5))
    drawn: list[str] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
    table.draw_static_extras(app.screen)
    mine, theirs = (len(table.view["hands"][seat]) for seat in (table.me, 1 - table.me))
    assert mine != theirs and f"{theirs} cards" in drawn  # the label above the other hand
    assert [t for t in drawn if "in hand" in t] == [
        next(t for t in drawn if t.startswith("melds") and t.endswith(f"· {mine} in hand"))
    ]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_at_the_end_the_tray_asks_for_no_capture_and_the_turn_buttons_go(
    make_app, monkeypatch, size
):
    app, table, driver = open_orchard(make_app, size=size)
    actions = list(table.action_buttons.values())
    assert all(any(b is a for b in table.buttons) for a in actions)  # while the game is on
    set_position(table, finished_game())
    app.reset_to(table)  # past the results dialog
    driver.run(2)
    assert not any(b is a for b in table.buttons for a in actions)
    drawn: list[tuple[str, int]] = []
    real = ui.text

    def text(s, size, *args, **kwargs):
        img = real(s, size, *args, **kwargs)
        drawn.append((s, img.get_width()))
        return img

    monkeypatch.setattr(ui, "text", text)
    table.tray.draw_static(app.screen, theme.ui_scale(size))
    words = [s for s, _ in drawn]
    assert not any("Capture" in s or "click" in s.lower() for s in words), words
    # How each side's total was counted, as the view's final has it, inside the tray.
    for seat, final in enumerate(table.view["final"]):
        line = next(s for s in words if s.startswith(f"Player {seat + 1}: melds"))
        assert f"melds {final['meld_points']} " in line and line.endswith(f"= {final['score']}")
    assert all(width <= table.geo.tray.w for _, width in drawn), drawn
    table.start_deal(5)  # a new deal (as a rematch makes): they are back
    assert all(any(b is a for b in table.buttons) for a in actions)


def test_while_the_other_side_moves_the_tray_says_so_and_asks_nothing(make_app):
    """The tray only asks for a capture on the viewer's own move; during a computer's turn it
    names the mover, and a capture under way there shows its attackers' total."""
    _app, table, _driver = open_orchard(make_app, seats="human,random", seed=22)
    rng = random.Random(4)
    state, seen = orchard.new_game(seed=22), set()
    while not state.is_over() and seen != {"idle", "capture"}:
        if state.current_player == 1:
            pending = state.view(0)["pending"]
            kind = "capture" if pending and pending["kind"] == "capture" else "idle"
            if kind not in seen:
                seen.add(kind)
                set_position(table, state)
                title = table.tray.title()
                assert "click" not in title.lower(), title
                if kind == "capture":
                    assert (
                        title == f"Player 2 is capturing: attackers total {pending['attack_sum']}"
                    )
                else:
                    assert title == "Player 2 to move"
        state = state.apply(rng.choice(state.legal_moves()))
    assert seen == {"idle", "capture"}


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_stock_and_discard_labels_sit_above_their_piles(make_app, monkeypatch, size):
    """A full stock is drawn as a thick stack, its top card lifted; its label stays clear of it,
    and the discard pile's label of that pile."""
    _app, table, _driver = open_orchard(make_app, size=size)
    assert table.view["stock_count"] >= 30
    stack = [p for p in table.placements() if p.pile == "stock"]
    top = min(p.y for p in stack)
    assert top < table.geo.stock.y  # the stack does rise
    images: list[pygame.Surface] = []
    rects: list[pygame.Rect] = []
    real = ui.text

    def text(s, *args, **kwargs):
        img = real(s, *args, **kwargs)
        if s.startswith(("Stock ", "Discard ")):
            images.append(img)
        return img

    class Recorder(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            rect = super().blit(source, dest, *args, **kwargs)
            if any(source is img for img in images):
                rects.append(rect)
            return rect

    monkeypatch.setattr(ui, "text", text)
    table.draw_band(Recorder(size), theme.ui_scale(size))
    stock, discard = rects  # drawn in that order
    assert stock.bottom <= top and stock.top >= table.bar_h, (stock, top)
    assert discard.bottom <= table.geo.discard.y and discard.top >= table.bar_h


def test_before_a_capture_the_tray_says_what_one_needs(make_app):
    """On the viewer's move the tray asks for attacking tails only when the engine would take an
    attack and there is something to attack; otherwise it says what is missing, or that a turn
    already begun (growing, condensing) has no capture in it."""
    _app, table, _driver = open_orchard(make_app, seats="human,human", seed=22)
    seen: set[str] = set()
    for game in range(400):  # random games until each case has come up
        if len(seen) == 6:
            break
        seen |= tray_prompts_in(table, orchard.new_game(seed=game), random.Random(game))
    assert seen == {"no seed", "no branch", "no target", "ready", "grow", "condense"}, seen


def tray_prompts_in(table, state, rng) -> set[str]:
    """Play `state` out at random, checking the tray's prompt on each of seat 0's moves."""
    seen = set()
    while not state.is_over():
        pending = state.view(0)["pending"]
        if state.current_player == 0 and not (pending and pending["kind"] == "capture"):
            set_position(table, state)
            mine, theirs = table.view["seeds"]
            title = table.tray.title()
            attack = any(m.to_dict()["kind"] == "attack" for m in state.legal_moves())
            if pending is not None:
                doing = {"grow": "growing", "condense": "condensing"}[pending["kind"]]
                assert title == f"No capture this turn: you are {doing} (Cancel to choose again)"
                assert not attack
                seen.add(pending["kind"])
            elif not mine:
                assert title == "Capture: plant a seed and grow a branch on it to attack with"
                seen.add("no seed")
            elif not any(seed["branches"] for seed in mine):
                assert title == "Capture: grow a branch on a seed of yours to attack with"
                seen.add("no branch")
            elif not theirs:
                assert title == "Capture: the other side has no seed to attack yet"
                seen.add("no target")
            else:
                assert title == "Capture: click your branch tails to attack" and attack
                seen.add("ready")
        state = state.apply(rng.choice(state.legal_moves()))
    return seen
