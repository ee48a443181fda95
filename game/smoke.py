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
    table = app.scene
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
            expect(table.pos > 0 and table.state is not state, f"clicked the stock ({before} cards)")
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
    driver.drag(table.card_point(illegal.src, len(state.pile(illegal.src)) - 1), table.pile_target_rect(illegal.dst).center)
    expect(table.pos == pos_before and table.state is state, f"illegal drop {illegal.to_dict()} changed nothing")
    expect(app.toasts.latest == state.check(illegal), f"the reason was shown: {app.toasts.latest!r}")
    driver.run(6)
    sprite = table.sprites[state.pile(illegal.src)[-1]]
    placed = table.top_placement(illegal.src)
    expect((round(sprite.x), round(sprite.y)) == (placed.x, placed.y), "the card slid back to its pile")

    import pygame

    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    expect(table.pos == pos_before - 1, "Ctrl+Z undid the last move")
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    expect(table.pos == pos_before and table.state == state, "Ctrl+Y redid it")
