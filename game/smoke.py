"""`cardtable smoke`: a headless walk through the app with scripted mouse input.

It opens the menu, starts a game from the setup screen, makes real moves by dragging cards to
positions taken from the layout, drops one card where the rules forbid it (it must slide back), then
undoes and redoes. Exit status 0 only if every scripted move landed in the engine's state.
"""

from __future__ import annotations

import tempfile

CANFIELD_DEAL = "2024"


class SmokeFailure(Exception):
    pass


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailure(what)
    print(f"  ok  {what}")


def run_smoke(frames: int = 4) -> int:
    from game.driver import Driver, headless_environment

    with tempfile.TemporaryDirectory(prefix="cardtable-smoke-") as home:
        headless_environment(home)
        from game.app import App
        from game.scenes.menu import MenuScene

        app = App(size=(1280, 800))
        app.push(MenuScene(app))
        driver = Driver(app, frames)
        driver.run()
        try:
            smoke_canfield(app, driver)
            smoke_canals(app, driver)
        except SmokeFailure as exc:
            print(f"smoke FAILED: {exc}")
            return 1
        print("smoke passed")
        return 0


def open_from_menu(app, driver, name: str, deal: str | None) -> object:
    from game.scenes.menu import MenuScene
    from game.scenes.setup import SetupScene

    app.reset_to(app.scenes[0])
    expect(isinstance(app.scene, MenuScene), "main menu is showing")
    driver.click(app.scene.game_buttons[name].rect.center)
    expect(isinstance(app.scene, SetupScene), f"{name} setup screen opened from the menu")
    if deal:
        driver.type(deal)
    driver.click(app.scene.start.rect.center)
    from game.table.base import TableScene

    table = next(scene for scene in reversed(app.scenes) if isinstance(scene, TableScene))
    expect(table.game.name == name, f"{name} table opened")
    driver.run(30)  # let the deal animation land
    return table


def smoke_canfield(app, driver) -> None:
    from engines.core import Move

    print("Canfield:")
    table = open_from_menu(app, driver, "canfield", CANFIELD_DEAL)
    expect(table.request.seed == int(CANFIELD_DEAL), f"deal #{CANFIELD_DEAL} was dealt")
    drags = 0
    for _ in range(200):
        if drags >= 5:
            break
        state = table.state
        moves = [m for m in state.legal_moves() if m.src not in ("stock",) and m.dst != "stock"]
        moves.sort(key=lambda m: (not m.dst.startswith("foundation"), m.src == "waste"))
        if not moves:
            before = len(state.stock)
            driver.click(table.pile_target_rect("stock").center)
            expect(
                table.pos > 0 and table.state is not state, f"clicked the stock ({before} cards)"
            )
            continue
        move = moves[0]
        pile = state.pile(move.src)
        start = table.card_point(move.src, len(pile) - move.n)
        end = table.pile_target_rect(move.dst).center
        driver.drag(start, end)
        expect(table.moves[-1] == move and table.state is not state, f"dragged {move.to_dict()}")
        drags += 1
    expect(drags >= 5, "five real moves were dragged")

    # An illegal drop must slide back and say why.
    state = table.state
    illegal = None
    for t in range(4):
        for src in ("waste", "reserve", *(f"tableau:{i}" for i in range(4))):
            if src == f"tableau:{t}" or not state.pile(src):
                continue
            move = Move(src, f"tableau:{t}", 1)
            if state.check(move) is not None and state.pile(f"tableau:{t}"):
                illegal = move
                break
        if illegal:
            break
    expect(illegal is not None, "found an illegal drop to try")
    pos_before = table.pos
    driver.drag(
        table.card_point(illegal.src, len(state.pile(illegal.src)) - 1),
        table.pile_target_rect(illegal.dst).center,
    )
    expect(
        table.pos == pos_before and table.state is state,
        f"illegal drop {illegal.to_dict()} changed nothing",
    )
    expect(
        app.toasts.latest == state.check(illegal), f"the reason was shown: {app.toasts.latest!r}"
    )
    driver.run(6)
    sprite = table.sprites[state.pile(illegal.src)[-1]]
    placed = table.top_placement(illegal.src)
    expect(
        (round(sprite.x), round(sprite.y)) == (placed.x, placed.y), "the card slid back to its pile"
    )

    import pygame

    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    expect(table.pos == pos_before - 1, "Ctrl+Z undid the last move")
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    expect(table.pos == pos_before and table.state == state, "Ctrl+Y redid it")


def choose_canals_move(state):
    """A sensible placement for the scripted game: build spring → canals → fountain columns."""
    from engines import canals

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
    other = 1 - seat
    if state.sides[other]:
        return canals.Place(hand[0], other, 0, False)
    return canals.Place(hand[0], seat, None, False)


def smoke_canals(app, driver) -> None:
    import pygame

    from game.scenes.dialogs import ChoiceScene
    from game.scenes.handoff import HandoffScene

    print("Canals:")
    table = open_from_menu(app, driver, "canals", "77")
    handoffs = 0
    for _ in range(60):
        if table.state.is_over():
            break
        if isinstance(app.scene, HandoffScene):
            driver.run(10)  # the hand-off screen ignores input for its first moments
            driver.click(app.scene.ready.rect.center)
            handoffs += 1
        expect(
            app.scene is table and table.viewer == table.state.current_player,
            "the player to move sees the table",
        )
        state = table.state
        move = choose_canals_move(state)
        if move.face_up != table.face_up:
            driver.key(pygame.K_f)
        index = state.hands[table.viewer].index(move.card)
        dst = f"new:{move.side}" if move.column is None else f"col:{move.side}:{move.column}"
        driver.drag(table.card_point("hand", index), table.pile_target_rect(dst).center)
        expect(
            table.moves[-1] == move and table.state.turn == state.turn + 1,
            f"dragged {move.describe()}",
        )
        if not table.state.is_over():
            driver.click(table.end_button.rect.center)
    expect(table.state.is_over(), "all 52 cards were placed")
    expect(handoffs >= 51, f"the table was handed over between turns ({handoffs} times)")
    driver.run(40)
    expect(isinstance(app.scene, ChoiceScene), "the results dialog appeared")
    a, b = table.state.scores()
    expect(
        f"{a} points" in app.scene.lines[0] and f"{b} points" in app.scene.lines[1],
        f"results show {a} – {b}",
    )
    expect(a + b > 0, "some columns scored")
