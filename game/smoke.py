"""`cardtable smoke [--frames N] [--home DIR]`: a headless walk through every playable game with
scripted mouse and keyboard input, exactly as a player would give it.

Per game (read from the registry; nothing here knows any game): open it from the menu through its
setup screen with a typed deal number, then make up to STEPS moves, each a seeded random legal move
performed through the table's own gesture for it (a click or a drag, keys first), passing hand-off
screens and pressing End turn as a player would. Once per game, a drop the rules forbid must change
nothing and show the engine's reason, and Ctrl+Z / Ctrl+Y must undo and redo. A game that ends
within the steps must put up its results dialog. A game for several players is opened once more
with a computer in seat 2, whose moves must happen without input; a table that names its
`smoke_seats` (people and computers) is instead played once with those seats, to the end.

Exit status 0 only if every scripted move landed. Without --home the walk uses a private temporary
data folder; with it, the settings, saves and statistics in DIR are read and written.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game import registry

DEAL = "2024"
STEPS = 60  # moves per game; Canals ends after 52
WHOLE_GAME_STEPS = 2000  # moves at most of a walk that plays a whole game
SETTLE_FRAMES = 2000  # frames a person's move waits, at most, for the table to come to rest
COMPUTER_MOVES = 3  # computer moves the computer-seat walk waits for
COMPUTER_WAIT_S = 20.0  # wall-clock time a computer may take to move


class SmokeFailure(Exception):
    pass


def expect(condition: bool, what: str, quiet: bool = False) -> None:
    """Fail the walk unless `condition`; say what passed unless `quiet` (checks made every step)."""
    if not condition:
        raise SmokeFailure(what)
    if not quiet:
        print(f"  ok  {what}")


def games() -> tuple[str, ...]:
    """What the walk covers: every playable registered game."""
    return registry.playable_names()


MAX_FRAMES = 1_000  # drawn between scripted steps: more only makes the walk take longer


def check_arguments(frames: int, home: str | None) -> None:
    """ValueError, in one line, for a frame count out of range or a data folder that cannot be
    made (a file's name, say); makes the folder otherwise."""
    if not 1 <= frames <= MAX_FRAMES:
        raise ValueError(f"--frames must be between 1 and {MAX_FRAMES}, not {frames}")
    if home is not None:
        try:
            Path(home).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(
                f"cannot use {home} as the data folder: {exc.strerror or exc}"
            ) from None


@contextlib.contextmanager
def data_folder(home: str | None) -> Iterator[str]:
    """DIR itself (created if missing), or a private temporary folder removed afterwards."""
    if home is not None:
        Path(home).mkdir(parents=True, exist_ok=True)
        yield home
        return
    with tempfile.TemporaryDirectory(prefix="cardtable-smoke-") as private:
        yield private


def run_smoke(frames: int = 4, home: str | None = None) -> int:
    from game.driver import Driver, headless_environment

    with data_folder(home) as folder:
        headless_environment(folder)
        from game.app import App
        from game.scenes.menu import MenuScene

        app = App(size=(1280, 800))
        app.push(MenuScene(app))
        driver = Driver(app, frames)
        driver.run()
        try:
            for name in games():
                seats = whole_game_seats(name)
                print(f"{registry.title(name)}{' with ' + ', '.join(seats) if seats else ''}:")
                Walk(
                    app, driver, name, seats or ["human"] * registry.engine(name).min_players
                ).play()
                if registry.engine(name).max_players > 1 and not seats:
                    print(f"{registry.title(name)} against a computer:")
                    Walk(app, driver, name, ["human", "easy"]).against_computer()
        except SmokeFailure as exc:
            print(f"smoke FAILED: {exc}")
            return 1
        finally:
            app.quit()
        print("smoke passed")
        return 0


def whole_game_seats(name: str) -> list[str]:
    """The seats of a table that asks for one whole game, people and computers mixed, as its walk
    (its `smoke_seats`); [] for the usual walk."""
    return list(getattr(registry.table_class(name), "smoke_seats", ()))


def open_from_menu(app: Any, driver: Any, name: str, seats: list[str]) -> Any:
    """Menu → the game's setup screen → seats chosen, deal number typed → Start; the table."""
    from game.scenes.dialogs import ConfirmScene
    from game.scenes.menu import MenuScene
    from game.scenes.setup import SetupScene

    app.reset_to(app.scenes[0])
    expect(isinstance(app.scene, MenuScene), "main menu is showing")
    driver.click(app.scene.game_buttons[name].rect.center)
    setup = app.scene
    expect(isinstance(setup, SetupScene), f"{name} setup screen opened from the menu")
    if setup.game.min_players < setup.game.max_players:
        choose(driver, setup, "Players", len(seats))
    for seat, kind in enumerate(seats):
        if setup.game.max_players > 1:
            choose(driver, setup, setup.seat_label(seat), kind)
    driver.type(DEAL)
    driver.click(setup.start.rect.center)
    if isinstance(app.scene, ConfirmScene):  # a saved game in --home: start afresh anyway
        import pygame

        driver.key(pygame.K_RETURN)
    table_class = registry.table_class(name)
    table = next((s for s in reversed(app.scenes) if isinstance(s, table_class)), None)
    expect(table is not None, f"{name} table opened")
    expect(
        table.request.seed == int(DEAL) and table.request.seats == seats,
        f"deal #{DEAL} was dealt with seats {', '.join(seats)}",
    )
    driver.run(30)  # let the deal animation land
    return table


def choose(driver: Any, setup: Any, label: str, value: Any) -> None:
    """Click the button of `value` in the setup row called `label` (rows come and go)."""
    row = next(r for r in setup.grid.rows if r.label == label)
    button = next(b for b, (_, v) in zip(row.buttons, row.values, strict=True) if v == value)
    driver.click(button.rect.center)


class Walk:
    """One scripted game at one table: moves by gestures, checked against the engine."""

    def __init__(self, app: Any, driver: Any, name: str, seats: list[str]) -> None:
        self.app, self.driver, self.name, self.seats = app, driver, name, seats
        self.rng = random.Random(f"smoke-{name}-{','.join(seats)}")
        self.table = open_from_menu(app, driver, name, seats)
        self.whole = bool(whole_game_seats(name))  # to the end, however long it takes

    def play(self) -> None:
        refused = False
        for step in range(WHOLE_GAME_STEPS if self.whole else STEPS):
            if self.table.state.is_over():
                break
            self.pass_turn()
            if self.table.seats.is_computer(self.table.state.current_player):
                self.computer_move()
                continue
            refused = refused or self.illegal_drop()  # while the table waits for this player
            before = self.table.state
            self.human_move()
            if step == 0:
                self.undo_and_redo(before)
        if not refused:  # e.g. Canals: every place its table lets a card drop on is legal
            print("  --  no forbidden move has a gesture at this table: nothing to refuse")
        expect(self.table.state.is_over() or not self.whole, "the whole game was played")
        if self.table.state.is_over():
            self.expect_results()

    def against_computer(self) -> None:
        computer_moves = 0
        for _ in range(STEPS):
            if self.table.state.is_over() or computer_moves >= COMPUTER_MOVES:
                break
            self.pass_turn()
            if self.seats[self.table.state.current_player] == "human":
                self.human_move()
            else:
                self.computer_move()
                computer_moves += 1
        expect(
            computer_moves >= COMPUTER_MOVES or self.table.state.is_over(),
            f"the computer moved {computer_moves} times",
        )

    # -- steps ---------------------------------------------------------------------------------
    def pass_turn(self) -> None:
        """Press End turn when the table waits for it, and pass any hand-off screen."""
        from game.scenes.handoff import HandoffScene

        for _ in range(4):
            if isinstance(self.app.scene, HandoffScene):
                self.driver.run(10)  # the hand-off screen ignores input for its first moments
                self.driver.click(self.app.scene.ready.rect.center)
            elif self.app.scene is self.table and self.table.end_turn_button.enabled():
                self.driver.click(self.table.end_turn_button.rect.center)
            else:
                return

    def mapped(self, moves: list[Any]) -> list[tuple[Any, Any]]:
        """(move, gesture) for the moves the table can show a gesture for."""
        pairs = ((move, self.table.gesture_for(move)) for move in moves)
        return [(move, gesture) for move, gesture in pairs if gesture is not None]

    def perform(self, gesture: Any) -> None:
        for key in gesture.keys:
            self.driver.key(key)
        if gesture.release is None:
            self.driver.click(gesture.press)
        else:
            self.driver.drag(gesture.press, gesture.release)

    def human_move(self) -> None:
        table, state = self.table, self.table.state
        for _ in range(SETTLE_FRAMES):  # what the last move set going (its animations) ends
            if table.at_rest():
                break
            self.driver.run(1)
        expect(
            self.app.scene is table and table.viewer == state.current_player,
            "the player to move sees the table",
            quiet=True,
        )
        choices = self.mapped(state.legal_moves())
        expect(bool(choices), "some legal move has a gesture", quiet=True)
        move, gesture = self.rng.choice(choices)
        pos = table.pos
        self.perform(gesture)
        expect(table.pos > pos and table.moves[pos] == move, f"{self.describe(move)} by a gesture")

    def computer_move(self) -> None:
        """The computer's turn: it moves by itself while frames are drawn."""
        table, pos = self.table, self.table.pos
        deadline = time.monotonic() + COMPUTER_WAIT_S
        while table.pos == pos and time.monotonic() < deadline:
            self.driver.run(1)
            time.sleep(0.005)  # the worker thinks in real time
        expect(table.pos > pos, f"the computer made {self.describe(table.moves[pos])}")

    def undo_and_redo(self, before: Any) -> None:
        import pygame

        from game.table.seats import revealed

        table, after, pos = self.table, self.table.state, self.table.pos
        self.driver.key(pygame.K_z, pygame.KMOD_CTRL)
        if revealed(after) and not table.seats.solitaire:
            expect(table.pos == pos, "Ctrl+Z kept a move that showed hidden cards")
            return
        expect(table.pos == pos - 1 and table.state == before, "Ctrl+Z undid the move")
        self.driver.key(pygame.K_y, pygame.KMOD_CTRL)
        expect(table.pos == pos and table.state == after, "Ctrl+Y redid it")

    def illegal_drop(self) -> bool:
        """Try a forbidden move the table has a gesture for; False if there is none here."""
        table, state = self.table, self.table.state
        if self.app.scene is not table or state.current_player is None:
            return False
        found = self.mapped(illegal_candidates(state, table.moves[: table.pos]))
        if not found:
            return False
        move, gesture = found[0]
        pos = table.pos
        self.perform(gesture)
        expect(
            table.pos == pos and table.state is state,
            f"illegal {self.describe(move)} changed nothing",
        )
        reason, shown = state.check(move), self.app.toasts.latest
        expect(shown == reason, f"the reason was shown: {reason!r} (shown: {shown!r})")
        return True

    def expect_results(self) -> None:
        from game.scenes.dialogs import ChoiceScene

        for _ in range(40 + SETTLE_FRAMES):  # the last move's animations play out first
            if isinstance(self.app.scene, ChoiceScene):
                break
            self.driver.run(1)
        expect(isinstance(self.app.scene, ChoiceScene), "the game ended: results dialog appeared")
        print(f"      {' / '.join(self.app.scene.lines)}")

    @staticmethod
    def describe(move: Any) -> str:
        return move.describe() if hasattr(move, "describe") else str(move.to_dict())


def illegal_candidates(state: Any, made: list[Any], limit: int = 300) -> list[Any]:
    """Moves the rules forbid here, found without knowing the game: moves made earlier, moves legal
    one move ahead, and legal moves with one field taken from another legal move (moves are frozen
    dataclasses, so a card with another move's destination is usually a forbidden move)."""
    legal = state.legal_moves()[:30]
    ahead = [m for move in legal[:10] for m in state.apply(move).legal_moves()[:30]]
    mixed = [
        dataclasses.replace(move, **{f.name: getattr(other, f.name)})
        for move in legal
        for other in legal
        if type(other) is type(move)
        for f in dataclasses.fields(move)
    ]
    candidates = []
    for move in (*made, *ahead, *mixed):
        if len(candidates) >= limit:
            break
        with contextlib.suppress(Exception):  # a mixed move may not even be well-formed
            if state.check(move) and move not in candidates:
                candidates.append(move)
    return candidates
