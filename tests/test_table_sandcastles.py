"""The Sandcastles table: every gesture makes its engine move, refusals say the engine's reason,
nothing hidden reaches a sprite or a pixel, a round's attacks play step by step (and skip), and
whole games finish with people and with computers. Input goes through real pygame events."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from conftest import open_game, pass_handoff, set_position

import engines
from engines import sandcastles
from engines.cards import FULL_DECK
from game import smoke, theme, ui
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.table.sandcastles import SandcastlesTable
from game.table.sandcastles_draw import STANDING
from game.table.sandcastles_show import arrows_of


def open_sandcastles(make_app, players=3, seats=None, secrets=False, size=(1280, 800)):
    request = DealRequest.build(engines.get("sandcastles"), seed=21, players=players)
    request.seats = list(seats or request.seats)
    request.secrets = secrets
    return open_game(make_app, request, size, settle=30)


def advance(state, done, seed=3, builds=0.7):
    """Seeded moves (builds more often than chance, so castles grow) until `done(state)`."""
    rng = random.Random(seed)
    while not done(state):
        move = state.random_move(rng)
        if move.to_dict()["kind"] == "attack" and rng.random() < builds:
            move = sandcastles.Build(move.card)
        state = state.apply(move)
    return state


def kinds(state) -> set[str]:
    return {m.to_dict()["kind"] for m in state.legal_moves()}


def drag(driver, table, src: str, dst) -> None:
    end = dst if isinstance(dst, tuple) else table.point_of(dst)
    driver.drag(table.point_of(src), end)


# -- setup ---------------------------------------------------------------------------------------


def test_marks_then_redraw_then_cards_dragged_into_the_castles_gaps(make_app):
    _app, table, driver = open_sandcastles(make_app)
    hand = [c["card"] for c in table.view["hands"][0]]
    driver.click(table.point_of("hand:1"))
    driver.click(table.point_of("hand:3"))
    assert table.marked == {hand[1], hand[3]}
    assert table.action_label() == "Redraw 2 cards"
    driver.click(table.point_of("action"))
    assert table.moves[-1] == sandcastles.Redraw((hand[1], hand[3]))
    first = table.view["hands"][0][0]["card"]
    drag(driver, table, "hand:0", "gap:0")  # the empty castle takes the first card
    assert table.moves[-1] == sandcastles.Insert(first, 0)
    card = table.view["hands"][0][0]["card"]
    drag(driver, table, "hand:0", table.gaps()[0].midleft)  # over the left half: before it
    assert table.moves[-1] == sandcastles.Insert(card, 0)
    card = table.view["hands"][0][0]["card"]
    drag(driver, table, "hand:0", table.gaps()[2].center)  # after the last card
    assert table.moves[-1] == sandcastles.Insert(card, 2)


def test_keep_all_five_by_the_button_and_by_key(make_app):
    _app, table, driver = open_sandcastles(make_app)
    assert table.action_label() == "Keep all five"
    driver.key(pygame.K_d)
    assert table.moves[-1] == sandcastles.Redraw(())


def test_a_card_dragged_before_the_redraw_is_refused_with_the_engines_reason(make_app):
    app, table, driver = open_sandcastles(make_app)
    card = table.view["hands"][0][2]["card"]
    drag(driver, table, "hand:2", "gap:0")
    assert table.pos == 0 and table.held is None
    assert app.toasts.latest == table.state.check(sandcastles.Insert(card, 0))
    assert app.toasts.latest == "First choose the cards to redraw (or none)"


def test_the_gap_opens_under_the_held_card_and_shows_the_new_score(make_app, monkeypatch):
    _app, table, driver = open_sandcastles(make_app)
    state = advance(table.state, lambda s: s.phase == "build" and s.current_player is not None)
    set_position(table, state)
    seat = table.viewer
    card = state.build_cards(seat)[0]
    src = next(p.pile for p in table.placed if p.card == card)
    before = [p.x for p in table.pile_cards(f"b:{seat}:0")]
    start, gap = table.point_of(src), table.gaps()[1].center
    driver.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    driver.run(1)
    for i in range(1, 7):
        x = start[0] + (gap[0] - start[0]) * i // 6
        y = start[1] + (gap[1] - start[1]) * i // 6
        driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        driver.run(1)
    assert table.open_gap == 1
    assert table.pile_cards(f"b:{seat}:0")[0].x < before[0]  # the cards left of it move aside
    values = [sandcastles.value(c) for c in state.boards[seat]]
    now = sandcastles.score_board(values)
    values.insert(1, sandcastles.value(card))
    shown = []
    real_text = ui.text
    monkeypatch.setattr(ui, "text", lambda s, *a, **k: shown.append(s) or real_text(s, *a, **k))
    table.draw(table.app.screen)
    assert f"Score {now} → {sandcastles.score_board(values)}" in shown
    driver.post(pygame.MOUSEBUTTONUP, pos=gap, button=1)
    driver.run(2)
    assert table.moves[-1] == sandcastles.Insert(card, 1)


# -- a round -------------------------------------------------------------------------------------


def declaring(state):
    return state.phase == "declare" and state.round >= 2 and len(state.hands[state.current]) >= 1


def test_build_and_attack_by_drag_keep_and_sacrifice(make_app):
    _app, table, driver = open_sandcastles(make_app)
    state = advance(table.state, declaring)
    set_position(table, state)
    seat, card = table.viewer, state.hands[state.current][0]
    target = next(t for t in range(3) if t != seat and state.boards[t])
    drag(driver, table, "hand:0", f"b:{target}:0")
    assert table.moves[-1] == sandcastles.Attack(card, target, 0)
    arrows = arrows_of(table.view)
    assert any(a["to"] == state.boards[target][0] for a in arrows)  # the arrow stays
    state = advance(table.state, declaring, seed=5)
    set_position(table, state)
    card = state.hands[state.current][0]
    drag(driver, table, "hand:0", "buildzone")
    assert table.moves[-1] == sandcastles.Build(card)
    state = advance(table.state, lambda s: s.phase == "sacrifice", seed=8)
    set_position(table, state)
    assert table.action_label() == "Keep my castle"
    driver.click(table.point_of("action"))
    assert table.moves[-1] == sandcastles.Keep()
    state = advance(table.state, lambda s: s.phase == "sacrifice", seed=9)
    set_position(table, state)
    drag(driver, table, f"b:{table.viewer}:1", "discard")
    assert table.moves[-1] == sandcastles.Sacrifice(1)


def test_keyboard_only_attack_through_the_focus_model(make_app):
    _app, table, driver = open_sandcastles(make_app)
    state = advance(table.state, declaring)
    set_position(table, state)
    order = table.focus_order()
    card = state.hands[state.current][0]
    driver.key(pygame.K_TAB)
    assert order[table.focus] == "hand:0"
    driver.key(pygame.K_RETURN)
    assert table.held is not None and table.held.by_keyboard
    target = next(p for p in table.focus_order() if p.startswith("b:"))
    while table.focus_order()[table.focus] != target:
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    seat, index = map(int, target.split(":")[1:])
    assert table.moves[-1] == sandcastles.Attack(card, seat, index)


def last_declaration(seed=3):
    """A position whose next move is the round's last declaration, with attacks declared."""
    rng = random.Random(seed)
    state = sandcastles.new_game(seed=seed, players=3)
    while True:
        decls = state.view(0)["declarations"]
        last = state.phase == "declare" and state.round >= 2 and sum(map(len, state.hands)) == 1
        if last and any(d["kind"] == "attack" for d in decls):
            return state
        move = state.random_move(rng)
        if move.to_dict()["kind"] == "attack" and rng.random() < 0.5:
            move = sandcastles.Build(move.card)
        state = state.apply(move)
        if state.is_over():
            state = sandcastles.new_game(seed=rng.randrange(10**6), players=3)


def test_attacks_play_step_by_step_from_the_events_and_space_skips(make_app):
    app, table, driver = open_sandcastles(make_app)
    state = last_declaration()
    set_position(table, state)
    seat = table.viewer
    card = state.hands[seat][0]
    target = next(t for t in range(3) if t != seat and state.boards[t] and state.alive[t])
    move = sandcastles.Attack(card, target, 0)
    before = state
    driver.frames = 1
    drag(driver, table, "hand:0", f"b:{target}:0")
    assert table.moves[-1] == move
    events = table.state.events
    assert table.frames, "the attacks are being shown"
    reveals = [e for e in events if e["kind"] == "reveal"]
    assert reveals
    # The first caption is the start; the next tells the first attack card turning up.
    captions = [caption for _, caption, _ in table.frames]
    assert engines.cards.pretty(reveals[0]["card"]) in captions[1]
    # The boards the last step shows are what resolve_attacks leaves.
    values = [[sandcastles.value(c) for c in b] for b in before.boards]
    decls = [d for d in before.view(seat)["declarations"] if d["kind"] == "attack"]
    cards = [r["card"] for r in reveals]  # the attacking cards, turned up in declaration order
    attacks = [(d["target_seat"], d["target_index"]) for d in decls] + [(target, 0)]
    expected = sandcastles.resolve_attacks(
        values, [(t, i, sandcastles.value(c)) for (t, i), c in zip(attacks, cards, strict=True)]
    )
    last = table.frames[-2][0]
    assert [[sandcastles.value(c["card"]) for c in b] for b in last["boards"]] == expected
    shown = []
    while table.frames and len(shown) < 3:
        shown.append(table.caption)
        driver.run(int(1 + table.frame_wait / driver.dt))
    assert len(set(shown)) > 1  # the steps follow one another by themselves
    assert app.scene is table and table.frames
    driver.key(pygame.K_SPACE)
    assert not table.frames and table.shown is table.view
    assert {p.key for p in table.placed} == set(table.sprites)


def test_a_pick_during_the_attacks_says_space_skips(make_app):
    _app, table, _driver = open_sandcastles(make_app)
    state = last_declaration(seed=4)
    set_position(table, state)
    table.frames = [(table.view, "step", 5.0)]
    assert "Space skips" in table.why_not_now()


# -- what may be seen ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_views_never_put_another_seats_hidden_cards_in_a_sprite(make_app, players):
    app, table, _driver = open_sandcastles(make_app, players=players)
    for seed in (1, 2):
        state = advance(table.state, lambda s: s.phase == "declare" and s.round >= 2, seed=seed)
        set_position(table, state)
        viewer = table.viewer
        view = state.view(viewer)
        allowed = {c["card"] for b in view["boards"] for c in b}
        allowed |= {c["card"] for h in view["hands"] for c in h}
        allowed |= {d["card"] for d in view["declarations"]} | set(view["discard"])
        allowed.discard(None)
        for key, sprite in table.sprites.items():
            assert sprite.card is None or sprite.card in allowed, key
            if sprite.card is None:
                assert key not in FULL_DECK
        other = sandcastles.determinize(view, random.Random(seed))
        assert other.view(viewer) == view
        table.draw(app.screen)
        first = pygame.image.tobytes(app.screen, "RGB")
        set_position(table, other)
        table.draw(app.screen)
        assert pygame.image.tobytes(app.screen, "RGB") == first


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 6])
def test_every_card_and_area_stays_on_the_table(make_app, size, players):
    _app, table, _driver = open_sandcastles(make_app, players=players, size=size)
    set_position(table, SandcastlesTable.busiest_position() if players == 6 else table.state)
    area = table.play_area()
    for p in table.placed:
        w = table.widths[p.key]
        assert area.contains(pygame.Rect(p.x, p.y, w, round(w * 1.4))), p
    rects = [a.rect for a in table.plan.areas.values()]
    for i, a in enumerate(rects):
        assert area.contains(a)
        assert not any(a.colliderect(b) for b in rects[i + 1 :])


# -- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [["human"] * 3, ["human", "easy", "easy"]])
def test_a_whole_game_finishes_through_gestures(make_app, seats, capsys):
    app = make_app((1280, 800))
    app.push(MenuScene(app))
    driver = Driver(app, 4)
    driver.run()
    walk = smoke.Walk(app, driver, "sandcastles", seats)
    walk.play()
    assert walk.table.state.is_over()
    assert "Rematch" in [b.label for b in app.scene.buttons]
    driver.click(app.scene.buttons[0].rect.center)
    assert walk.table.pos == 0 and not walk.table.state.is_over()


def test_after_the_handoff_the_next_player_watches_the_attacks_too(make_app):
    app, table, driver = open_sandcastles(make_app, secrets=True)
    state = last_declaration()
    set_position(table, state)
    pass_handoff(app, driver)
    seat = table.viewer
    target = next(t for t in range(3) if t != seat and state.boards[t] and state.alive[t])
    drag(driver, table, "hand:0", f"b:{target}:0")
    assert table.frames
    driver.key(pygame.K_SPACE)  # the player who declared last skips them
    next_seat = table.state.current_player
    driver.click(table.end_turn_button.rect.center)
    pass_handoff(app, driver)
    assert table.viewer == next_seat != seat
    assert table.frames and table.frames[-1][0] is table.view  # played for them, to the end


def cards_in(frame: dict) -> int:
    """How many cards a view-shaped frame puts on the table (the stock as a count)."""
    waiting = [d for d in frame["declarations"] if d["kind"] == "attack" and d["id"]]
    waiting = [d for d in waiting if not d.get("spent")]
    return (
        sum(len(b) for b in frame["boards"])
        + sum(len(h) for h in frame["hands"])
        + sum(len(b) for b in frame["builds"])
        + len(waiting)
        + len(frame["discard"])
        + frame["stock_count"]
    )


def test_every_frame_of_the_attacks_holds_all_52_cards_even_when_a_build_ends_the_round():
    from engines import sandcastles
    from game.table.sandcastles_show import attack_frames, with_declaration

    rng = random.Random(8)
    checked = 0
    for seed in range(60):
        state = sandcastles.new_game(seed=seed, players=3)
        while not state.is_over() and checked < 12:
            move = state.random_move(rng)
            after = state.apply(move)
            declare = [e for e in after.events if e["kind"] == "declare"]
            if declare and any(e["kind"] == "reveal" for e in after.events):
                viewer = (declare[0]["seat"] + 1) % 3
                card = None
                start = with_declaration(state.view(viewer), declare[0], card)
                frames = attack_frames(start, after.events, str)
                assert all(cards_in(f) == 52 for f, _caption, _s in frames), (seed, declare)
                checked += declare[0]["build"]
            state = after
    assert checked >= 12  # rounds that ended on a build declaration were among them


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_six_seats_labels_stay_inside_their_areas_and_the_places_always_show(make_app, size):
    # At 800×600 the names and "0 cards · castle hidden" of six seats ran into the next seat's
    # label and off the window; the places at the end must show whatever the width.
    app, table, _driver = open_sandcastles(make_app, players=6, size=size)
    s = theme.ui_scale(app.size)
    mid = advance(table.state, lambda st: st.round >= 2)
    over = advance(mid, lambda st: st.is_over())
    for state, ended in ((table.state, False), (mid, False), (over, True)):
        set_position(table, state)
        for seat in range(6):
            area = table.plan.area(seat).rect
            _size, words = table.seat_words(seat, s)
            assert all(w[3].centery == table.plan.area(seat).label_y for w in words)
            shown = words[0][0].rstrip("…")  # the name first, perhaps cut
            assert shown and f"{table.seat_label(seat)} — your castle".startswith(shown)
            boxes = [w[3] for w in words]
            assert all(a.right < b.left for a, b in itertools.pairwise(boxes))
            assert all(area.left <= w[3].left and w[3].right <= area.right for w in words), (
                seat,
                [w[0] for w in words],
                area,
            )
            if ended:  # the place badge comes last, and never cut
                assert words[-1][4] is not None and words[-1][0].endswith(
                    ("1st, winner", "2nd", "3rd", "th")
                )
            elif state.view(0)["standings"][seat] in STANDING and state.view(0)["in"][seat]:
                assert (
                    words[-1][4] is not None
                    and words[-1][0] == STANDING[state.view(0)["standings"][seat]][0]
                )


def test_watching_computers_alone_the_person_cannot_act_or_ask_for_a_hint(make_app):
    # The table follows whichever computer moves; its seat is still not the watcher's to play.
    _app, table, _driver = open_sandcastles(make_app, seats=["easy", "easy", "easy"])
    assert table.seats.is_computer(table.viewer) and table.state.current_player == table.viewer
    before = table.pos
    assert not table.my_move() and not table.hint_enabled()
    assert not table.act() and table.pos == before
