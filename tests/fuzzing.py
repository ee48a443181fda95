"""The UI fuzzer: long seeded sequences of real pygame events through the real app, checking after
every event that nothing raised, that every table's state is the replay of its record, and that
every card is drawn somewhere or hidden where the rules hide it (`table_checks`).

Why real events and not calls into scenes: the event queue is the only door a player has, so the
fuzzer presses, drags and releases (also off the window), double- and right-clicks, turns the wheel,
types every key with and without Ctrl/Shift, resizes the window from 320×240 to 3840×2160, takes
the focus away and asks the app to quit (then starts a new App on the same data folder, as a
player restarting would). Half the pointer input is aimed (at buttons, cards and piles), or the
fuzzer would rarely get past the menu; it also plays legal moves through the table's own gestures,
opens tables with computer seats, and opens deals a few moves before their end, so every scene
(menu, setup, rules, settings, statistics, dialogs, hand-off, celebration, tables) is reached.

Deterministic for a seed: the events come from one `random.Random(seed)`, the app's deal numbers
are seeded, every frame advances the same `dt`, and a computer's answer is waited for (boundedly)
before the next frame, so it lands on the same frame every run; the computer levels that think for
a set time search a set number of iterations instead (`SEARCH_ITERATIONS`). Not deterministic: the
Canfield solver's verdicts behind Hint and "Show me" (a time budget inside the worker), when a
hint's answer arrives (not waited for; it only draws), tooltips (pygame's tick clock, drawing
only), and SDL's late full-screen size report (`App.stale_resize`, one real second).
`summary["late"]` counts waits for the worker that ran out.

Run: `python tests/fuzzing.py --events N --seed S [--game NAME ...] [--jobs J]`; `make fuzz`.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import get_context
from typing import Any

from engines.cards import FULL_DECK

DECK = frozenset(FULL_DECK)
# Deals the fuzzer opens: the contract's whole range, 0 <= seed < 2**64 (the statistics keep seeds of
# 2**63 and more since issue 14's failure 1 was fixed; the fuzzer found it within seconds).
SEED_RANGE = 2**64
WAIT_FOR_WORKER_S = 10.0  # a computer's move is waited for this long before the frame goes on
DT = 0.05  # seconds per frame, the same every frame (the table's clocks are deterministic)
PROGRESS_EVERY = 100_000  # events between progress lines of a long run
# Seat kinds the fuzzer sits down itself; the other levels are reached through the setup screen.
SEAT_MIXES = ("human", "random", "human")
# The searching computer levels think for a set time in the app (engines.ai.BUDGET_S: 0.3 s and
# 1.5 s a move); in a fuzz run they search this many iterations instead (ismcts's max_iterations):
# a move then depends only on the view, the seed and the seat's kept tree (`game.jobs.memory_for`,
# which a hint's job may also have touched, and hints are not waited for), and comes in
# milliseconds, where waiting out the clock took most of a long run's time at the computers' tables.
SEARCH_ITERATIONS = {"medium": 20, "hard": 100}
# Scenes every long run must reach (besides the game's table); CI fails a run that misses one.
EVERY_RUN_SCENES = {"MenuScene", "SetupScene", "RulesScene", "SettingsScene", "StatsScene"}
LONG_RUN = 20_000
SIZES = ((320, 240), (800, 600), (1280, 800), (1920, 1080), (3840, 2160))
BROWSE = {"r": "RulesScene", "t": "StatsScene", "s": "SettingsScene"}  # the menu's keys for them

# What the fuzzer does next, and how often (relative weights).
ACTIONS = {
    "click": 14,
    "double_click": 4,
    "drag": 14,
    "stray": 6,  # one press, motion or release on its own, anywhere
    "other_button": 4,  # right and middle clicks
    "wheel": 4,
    "key": 20,
    "resize": 2,
    "focus": 2,
    "quit": 0.05,
    "open_table": 1,
    "browse": 3,  # from the menu, one of the screens beside the games (else nothing happens)
    "play": 10,
    "wait": 6,
}


def all_keys(pygame: Any) -> list[int]:
    """Every key pygame names."""
    return sorted({getattr(pygame, n) for n in dir(pygame) if n.startswith("K_")})


class Fuzzer:
    """One seeded run against one game (its own menu button, setup and tables are aimed at; the
    other games' are reachable too)."""

    def __init__(self, game: str, seed: int, events: int, progress: bool = False) -> None:
        import pygame

        from game import deal

        self.pg = pygame
        self.game = game
        self.rng = random.Random(f"{game}:{seed}")
        self.events_wanted = events
        self.progress = progress
        deal.deal_numbers.seed(seed)
        self.keys = all_keys(pygame)
        self.checker = Checker()
        self.events = self.frames = self.apps = self.late = 0
        self.scenes: Counter[str] = Counter()
        self.digest = hashlib.blake2b(digest_size=8)
        self.app: Any = None
        self.endings: dict[str, list[Any]] = {}
        self.new_app()

    # -- the app -------------------------------------------------------------------------------
    def new_app(self) -> None:
        from game.app import App
        from game.scenes.menu import MenuScene

        self.app = App(size=(1280, 800))
        self.pg.event.clear()
        self.app.push(MenuScene(self.app))
        self.apps += 1
        self.held = False  # the fuzzer's own idea of whether button 1 is down
        self.step()

    def step(self) -> None:
        """One frame; then the frame's checks. A quit starts a new App on the same data folder.
        No sleep between frames (even sleep(0) waits out the timer slack, and on a busy machine
        hands the core away: a quarter of a run's time): the app's own threads (the worker's
        starter, the save writer) get the interpreter at its switch interval, or while this one
        waits for a computer, and saves are flushed before they are read."""
        self.app.step(DT)
        self.frames += 1
        if not self.app.running:
            self.new_app()
            return
        self.wait_for_computers()
        top = self.app.scene
        self.scenes[type(top).__name__] += 1
        self.checker.check(self.app.scenes)
        self.digest.update(
            f"{type(top).__name__}{self.checker.positions(self.app.scenes)}".encode()
        )

    def wait_for_computers(self) -> None:
        """A computer's answer is in before the next frame, so it lands on the same frame on every
        run (the worker itself runs in real time)."""
        if not self.app.has_worker():
            return
        for table in self.checker.tables(self.app.scenes):
            if table.thinking is None:
                continue
            deadline = time.perf_counter() + WAIT_FOR_WORKER_S
            while self.app.worker.busy(table):
                if time.perf_counter() > deadline:
                    self.late += 1
                    break
                time.sleep(0.0005)

    def post(self, kind: int, **attrs: Any) -> None:
        """One real event, then a frame: every event is followed by the checks."""
        self.pg.event.post(self.pg.event.Event(kind, **attrs))
        self.events += 1
        if self.progress and self.events % PROGRESS_EVERY == 0:
            print(f"  {self.game}: {self.events} events, {self.checker.moves} moves", flush=True)
        self.step()

    # -- where to point ------------------------------------------------------------------------
    def point(self, off_window: float = 0.1) -> tuple[int, int]:
        """Aimed at something clickable half the time; anywhere in (or just off) the window else."""
        w, h = self.app.size
        roll = self.rng.random()
        if roll < 0.5:
            aims = self.aims()
            if aims:
                rect = self.rng.choice(aims)
                if self.rng.random() < 0.7:
                    return rect.center
                return (
                    rect.x + self.rng.randrange(max(1, rect.w)),
                    rect.y + self.rng.randrange(max(1, rect.h)),
                )
        if roll < 1 - off_window:
            return self.rng.randrange(w), self.rng.randrange(h)
        return self.rng.randrange(-w // 2, w * 3 // 2), self.rng.randrange(-h // 2, h * 3 // 2)

    def aims(self) -> list[Any]:
        """What a player would aim at here: buttons, and at a table its cards and piles; in the
        menu this run's own game more often than the others."""
        from game.scenes.menu import MenuScene
        from game.table.base import TableScene

        scene = self.app.scene
        rects = [b.rect for b in scene.buttons if b.rect.w]
        if isinstance(scene, MenuScene) and self.rng.random() < 0.3:
            return [scene.game_buttons[self.game].rect]
        if isinstance(scene, TableScene):
            cards = [self.pg.Rect(p.x, p.y, scene.card_w, scene.card_h) for p in scene.placed]
            piles = [scene.pile_target_rect(s.pile) for s in scene.slot_list]
            rects += cards + piles
        return rects

    # -- actions -------------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        names, weights = list(ACTIONS), list(ACTIONS.values())
        with self.checker.counting_moves(), searching_by_iterations():
            try:
                while self.events < self.events_wanted:
                    getattr(self, self.rng.choices(names, weights)[0])()
            except BaseException as exc:
                exc.add_note(f"fuzzing {self.game}: failed after {self.events} events")
                raise
        self.app.quit()
        return self.summary(time.perf_counter() - started)

    def summary(self, seconds: float) -> dict[str, Any]:
        return {
            "game": self.game,
            "events": self.events,
            "frames": self.frames,
            "apps": self.apps,
            "moves": self.checker.moves,
            "replay_checks": self.checker.replays,
            "scenes": dict(sorted(self.scenes.items())),
            "late": self.late,
            "digest": self.digest.hexdigest(),
            "seconds": round(seconds, 1),
        }

    def press(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.held = self.held or button == 1

    def release(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(self.pg.MOUSEBUTTONUP, pos=pos, button=button)
        self.held = self.held and button != 1

    def motion(self, pos: tuple[int, int], rel: tuple[int, int] = (0, 0)) -> None:
        self.post(self.pg.MOUSEMOTION, pos=pos, rel=rel, buttons=(int(self.held), 0, 0))

    def click(self, pos: tuple[int, int] | None = None) -> None:
        pos = pos or self.point()
        self.motion(pos)
        self.press(pos)
        self.release(pos)

    def double_click(self) -> None:
        pos = self.point()
        self.click(pos)
        self.click(pos)

    def drag(self, start: tuple[int, int] | None = None, end: tuple[int, int] | None = None):
        start, end = start or self.point(), end or self.point(off_window=0.2)
        self.press(start)
        steps = self.rng.randint(1, 8)
        last = start
        for i in range(1, steps + 1):
            here = (
                start[0] + (end[0] - start[0]) * i // steps,
                start[1] + (end[1] - start[1]) * i // steps,
            )
            self.motion(here, (here[0] - last[0], here[1] - last[1]))
            last = here
        self.release(end)

    def stray(self) -> None:
        pos = self.point(off_window=0.3)
        self.rng.choice((self.press, self.release, self.motion))(pos)

    def other_button(self) -> None:
        pos = self.point()
        button = self.rng.choice((3, 3, 2))
        self.press(pos, button)
        self.release(pos, button)

    def wheel(self) -> None:
        """A wheel turn as SDL reports it: the wheel event, and pygame's button 4/5 pair."""
        y = self.rng.choice((-3, -1, 1, 3))
        self.post(self.pg.MOUSEWHEEL, x=self.rng.choice((0, 0, 1, -1)), y=y, flipped=False)
        pos = self.point()
        self.press(pos, 4 if y > 0 else 5)
        self.release(pos, 4 if y > 0 else 5)

    def key(self, key: int | None = None, mod: int | None = None) -> None:
        """Any key (half the time one the app uses), with Ctrl, Shift or Alt now and then."""
        if key is None:
            key = self.rng.choice(self.keys if self.rng.random() < 0.5 else self.used_keys())
        pg = self.pg
        if mod is None:
            mods = (0, 0, 0, 0, pg.KMOD_LCTRL, pg.KMOD_LSHIFT, pg.KMOD_LCTRL | pg.KMOD_LSHIFT)
            mod = self.rng.choice((*mods, pg.KMOD_LALT))
        char = chr(key) if 32 <= key < 127 else ""
        char = char.upper() if mod & pg.KMOD_SHIFT else char
        self.post(pg.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
        self.post(pg.KEYUP, key=key, mod=mod, unicode=char, scancode=0)

    def used_keys(self) -> list[int]:
        pg = self.pg
        return [
            *(pg.K_TAB, pg.K_LEFT, pg.K_RIGHT, pg.K_UP, pg.K_DOWN, pg.K_RETURN, pg.K_KP_ENTER),
            *(pg.K_SPACE, pg.K_ESCAPE, pg.K_BACKSPACE, pg.K_F1, pg.K_F11),
            *(ord(c) for c in "zyhanrfeqst0123456789"),
        ]

    def resize(self) -> None:
        """What a window manager does: the window takes a new size, then SDL says so."""
        if self.rng.random() < 0.3:
            size = self.rng.choice(SIZES)
        else:  # log-uniform: every scale is visited, the everyday ones most (4K frames are slow)
            w = int(320 * 12 ** self.rng.random())
            size = (w, min(2160, max(240, int(w * self.rng.uniform(0.45, 0.9)))))
        self.pg.display.set_mode(size, self.pg.RESIZABLE)
        self.post(self.pg.VIDEORESIZE, size=size, w=size[0], h=size[1])

    def focus(self) -> None:
        pg = self.pg
        kind = self.rng.choice(
            (
                pg.WINDOWFOCUSLOST,
                pg.WINDOWFOCUSGAINED,
                pg.WINDOWLEAVE,
                pg.WINDOWENTER,
                pg.WINDOWMINIMIZED,
                pg.WINDOWRESTORED,
                pg.WINDOWEXPOSED,
                pg.ACTIVEEVENT,
            )
        )
        if kind == pg.ACTIVEEVENT:
            self.post(kind, gain=self.rng.randint(0, 1), state=self.rng.choice((1, 2, 4, 6)))
        else:
            self.post(kind)

    def quit(self) -> None:
        self.post(self.pg.QUIT)

    def wait(self) -> None:
        """Frames without input: animations land, computers move, the celebration plays on."""
        for _ in range(self.rng.randint(1, 30)):
            self.step()

    def browse(self) -> None:
        """At the menu, open Rules, Statistics or Settings by its key, one not reached yet first,
        as a player looks around: with four games in the menu, random clicks alone can miss a
        screen for a whole run."""
        from game.scenes.menu import MenuScene

        if not isinstance(self.app.scene, MenuScene):
            return
        unseen = [key for key, scene in BROWSE.items() if scene not in self.scenes]
        self.key(ord(self.rng.choice(unseen or list(BROWSE))), 0)

    def open_table(self) -> None:
        """A deal of this run's game straight onto the table (as `cardtable play` does): any seat
        mix, sometimes a few moves before the end of a finished game."""
        from game.deal import DealRequest
        from game.table import open_table
        from game.table.base import TableScene

        if any(isinstance(s, TableScene) for s in self.app.scenes):
            return  # the app opens a table from the menu only
        engine = self.engine()
        players = self.rng.randint(engine.min_players, engine.max_players)
        seats = ["human"] + [self.rng.choice(SEAT_MIXES) for _ in range(players - 1)]
        if players > 1 and self.rng.random() < 0.3:
            seats[0] = "random"  # computers alone
        preset = self.rng.choice(sorted(engine.presets))
        seed = self.rng.randrange(SEED_RANGE)
        request = DealRequest.build(engine, seed, preset, seats=",".join(seats))
        if self.rng.random() < 0.4:
            line = self.ending(preset)
            request.seed, request.options, request.players = line[0], line[1], line[2]
            request.seats = ["human"] * line[2]
            request.moves = line[3][: max(0, len(line[3]) - self.rng.randint(1, 6))]
        request.secrets = self.rng.random() < 0.7
        open_table(self.app, request)
        self.step()

    def engine(self) -> Any:
        from game import registry

        return registry.engine(self.game)

    def ending(self, preset: str) -> Any:
        """A finished game of this run's game and preset: (seed, options, players, moves)."""
        if preset not in self.endings:
            self.endings[preset] = finished_game(self.engine(), preset)
        return self.endings[preset]

    def play(self) -> None:
        """A legal move through the table's own gesture for it (keys, then a click or a drag):
        the next move of a known ending when the table is on its way there, else any."""
        from game.table.base import TableScene

        table = self.app.scene
        if not isinstance(table, TableScene) or not table.seats.may_act(table.state):
            return
        move = self.ending_move(table)
        if move is None:
            legal = table.state.legal_moves()
            if not legal:
                return
            move = self.rng.choice(legal)
        gesture = table.gesture_for(move)
        if gesture is None:
            return
        for key in gesture.keys:
            self.key(key, mod=0)
        if gesture.release is None:
            self.click(gesture.press)
        else:
            self.drag(gesture.press, gesture.release)

    def ending_move(self, table: Any) -> Any:
        """The next move of a known ending, if the table is playing that deal along its line."""
        played = table.history.played()
        for seed, options, _, moves in self.endings.values():
            same_deal = table.request.seed == seed and table.request.options == options
            if same_deal and len(played) < len(moves) and moves[: len(played)] == played:
                return moves[len(played)]
        return None


class Checker:
    """The checks after every event, for every table on the scene stack (one under a dialog
    too): its state is the replay of its record, and its cards are all there and show nothing
    the viewer may not see."""

    def __init__(self) -> None:
        self.moves = 0  # moves made at tables (by players, computers and automatic moves)
        self.replays = 0  # record replays compared with a table's state
        self.replayed: dict[int, Any] = {}  # id(table) -> the history position last replayed
        self.seen: dict[int, tuple[Any, set[str]]] = {}  # id(table) -> (view key, visible codes)

    @staticmethod
    def tables(scenes: list[Any]) -> list[Any]:
        from game.table.base import TableScene

        return [s for s in scenes if isinstance(s, TableScene)]

    def positions(self, scenes: list[Any]) -> list[tuple[int, int]]:
        return [(t.pos, len(t.moves)) for t in self.tables(scenes)]

    def check(self, scenes: list[Any]) -> None:
        for table in self.tables(scenes):
            self.check_replay(table)
            self.check_cards(table)

    def check_replay(self, table: Any) -> None:
        """Only when the position changed: the same history at the same serial replays the same."""
        key = (table.history, table.history.serial)
        last = self.replayed.get(id(table))
        if last is not None and last[0] is key[0] and last[1] == key[1]:
            return
        self.replayed[id(table)] = key
        self.replays += 1
        record = table.persistence.record()
        assert record.replay() == table.state, f"{table.game.name}: the state is not its record's"

    def visible(self, table: Any) -> set[str]:
        """The card codes the viewer may see now (cached per position, viewer and replay): what
        its view shows, and what the last move showed on its way, as a table replays it step by
        step: the view before it and the move's events, which are public (a Sandcastles round can
        show a card in the discard pile that the same move then shuffles into the stock). A
        replay of an earlier move (`replayed_move`) may show the same of that move."""
        replayed = replayed_move(table)
        key = (table.history, table.history.serial, table.viewer, replayed)
        cached = self.seen.get(id(table))
        if cached is None or cached[0][0] is not key[0] or cached[0][1:] != key[1:]:
            codes: set[str] = set()
            collect_codes(table.state.view(table.viewer), codes)
            for index in {table.pos, replayed} - {None}:
                collect_codes(table.states[index].events, codes)
                if index > 0:
                    collect_codes(table.states[index - 1].view(table.viewer), codes)
            cached = self.seen[id(table)] = (key, codes)
        return cached[1]

    def check_cards(self, table: Any) -> None:
        """Every card has one placement and one sprite; a face drawn, or a code used as a sprite's
        key, is one the view shows."""
        name = table.game.name
        keys = [p.key for p in table.placed]
        assert len(keys) == len(set(keys)) == len(FULL_DECK), f"{name}: {len(set(keys))} cards"
        assert set(table.sprites) == set(keys), f"{name}: sprites and placements differ"
        visible = self.visible(table)
        faces = {p.card for p in table.placed if p.card is not None}
        faces |= {s.card for s in table.sprites.values() if s.card is not None}
        faces |= {k for k in keys if k in DECK}
        leaked = faces - visible
        assert not leaked, f"{name}: drawn but hidden from seat {table.viewer}: {sorted(leaked)}"

    @contextmanager
    def counting_moves(self) -> Iterator[None]:
        """Count every move a table commits (the one door moves take onto a table)."""
        from game.table.base import TableScene

        commit = TableScene.commit

        def counted(table: Any, move: Any) -> None:
            self.moves += 1
            commit(table, move)

        TableScene.commit = counted
        try:
            yield
        finally:
            TableScene.commit = commit


def replayed_move(table: Any) -> int | None:
    """The history position whose move a table is replaying now, if it is not the last one: a
    Sandcastles table shows a round's attacks to a player after the hand-off that passes them
    the table, maybe moves later (its frames come from the view before the move that resolved
    them and that move's events; `watched` says which move, for whom)."""
    if not getattr(table, "frames", None):
        return None
    history, index = table.watched[table.viewer]
    return index if history is table.history and index != table.pos else None


@contextmanager
def searching_by_iterations() -> Iterator[None]:
    """The worker's job for a computer seat or a hint becomes `computer_move` (the app looks the
    job up in `game.jobs` when it submits one)."""
    from game import jobs

    original = jobs.computer_move
    jobs.computer_move = computer_move
    try:
        yield
    finally:
        jobs.computer_move = original


def computer_move(game_name: str, kind: str, view: dict[str, Any], seed: int) -> dict[str, Any]:
    """`game.jobs.computer_move` in a fuzz run, in the worker: the searching levels stop after
    SEARCH_ITERATIONS, not on the clock, and keep their trees between decisions as in the app."""
    import engines
    from engines import ai
    from engines.ai import ismcts
    from game import jobs

    game = engines.get(game_name)
    if kind not in SEARCH_ITERATIONS:
        return ai.choose_move(game, kind, view, seed).to_dict()
    rng = random.Random(seed)
    memory = jobs.memory_for(game_name, kind, view)
    budget, iterations = ai.BUDGET_S[kind], SEARCH_ITERATIONS[kind]
    return ismcts.choose_move(game, view, rng, budget, iterations, memory).to_dict()


def collect_codes(value: Any, codes: set[str]) -> None:
    """Every card code anywhere in a view (lists, dicts, strings)."""
    if isinstance(value, str):
        if value in DECK:
            codes.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            collect_codes(item, codes)
    elif isinstance(value, list | tuple):
        for item in value:
            collect_codes(item, codes)


def finished_game(engine: Any, preset: str) -> tuple[int, dict[str, Any], int, list[Any]]:
    """A whole game of `engine` under `preset` that ends: (seed, options, players, moves).

    Random play ends most games (Canals always does); a solitaire needs a winning line, which the
    tests' small Canfield solver finds (a quarter of a second per deal tried)."""
    options = dict(engine.presets[preset])
    players = engine.min_players
    for seed in range(1, 100):
        state = engine.new_game(seed=seed, players=players, options=options)
        moves = random_finish(state, random.Random(seed))
        if moves is None and engine.name == "canfield":
            from canfield_solver import solve

            moves = solve(state, seconds=0.25)
        if moves is not None:
            return seed, options, players, moves
    raise AssertionError(f"no finished game of {engine.name} ({preset}) found")


def random_finish(state: Any, rng: random.Random, limit: int = 2_000) -> list[Any] | None:
    """The moves of a random game that ends within `limit` moves, or None."""
    moves: list[Any] = []
    while not state.is_over():
        legal = state.legal_moves()
        if not legal or len(moves) >= limit:
            return None
        moves.append(rng.choice(legal))
        state = state.apply(moves[-1])
    return moves


@contextmanager
def private_home() -> Iterator[str]:
    """A data folder of the run's own (settings, saves and statistics start empty)."""
    with tempfile.TemporaryDirectory(prefix="cardtable-fuzz-") as home:
        from game.driver import headless_environment

        headless_environment(home)
        yield home


def fuzz_one(game: str, seed: int, events: int) -> dict[str, Any]:
    """One game's run in a process of its own, in a data folder of its own."""
    with private_home():
        return Fuzzer(game, seed, events, progress=True).run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20_000, help="events per game")
    parser.add_argument("--seed", type=int, default=1)
    from game import registry

    parser.add_argument(
        "--game",
        action="append",
        choices=list(registry.playable_names()),
        help="a registered game (default: every one)",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    games = args.game or list(registry.playable_names())
    started = time.perf_counter()
    # Not multiprocessing.Pool: its daemonic processes may not start the app's worker process.
    jobs = min(args.jobs, len(games))
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        runs = [pool.submit(fuzz_one, game, args.seed, args.events) for game in games]
        results = [run.result() for run in runs]
    missed = False
    for r in results:
        scenes = ", ".join(f"{k} {v}" for k, v in r["scenes"].items())
        print(
            f"fuzz {r['game']}: {r['events']} events, {r['frames']} frames, {r['moves']} moves,"
            f" {r['replay_checks']} replays checked, {r['apps']} apps, {r['late']} late answers,"
            f" {r['seconds']} s, digest {r['digest']}; frames per scene: {scenes}"
        )
        missing = EVERY_RUN_SCENES | {registry.table_class(r["game"]).__name__}
        missing -= set(r["scenes"])
        if missing and r["events"] >= LONG_RUN:
            print(f"fuzz {r['game']}: never reached {', '.join(sorted(missing))}")
            missed = True
    print(f"fuzz: {len(results)} games clean in {time.perf_counter() - started:.0f} s")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
