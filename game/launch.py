"""Starting the app: what deal to open (from the command line or a record) and the run itself."""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

# Where new deal numbers come from. Any deal is as good as another, so this needs no secrecy; tests
# seed it to make runs repeatable.
deal_numbers = random.Random()


def fresh_seed() -> int:
    """A new deal number, small enough for a player to read out and type in again."""
    return deal_numbers.randrange(1, 1_000_000)


@dataclass
class DealRequest:
    """Everything needed to open a table: game, seed, options, seats and any moves to replay."""

    game: str
    seed: int
    options: dict[str, Any]
    players: int
    seats: list[str]
    moves: list[Any] = field(default_factory=list)
    secrets: bool = True  # multi-player: hide the table between human turns
    resumed: bool = False  # opened from the autosave, which this table then keeps up to date
    elapsed: float = 0.0  # the game clock when resuming

    @classmethod
    def build(
        cls,
        game: Any,
        seed: int | None = None,
        preset: str | None = None,
        players: int | None = None,
        seats: str | None = None,
    ) -> DealRequest:
        """Validate command-line choices; ValueError has a one-line reason."""
        if seed is None:
            seed = fresh_seed()
        if seed < 0:
            raise ValueError(f"--seed must be 0 or more, not {seed}")
        if preset is None:
            preset = next(iter(game.presets))
        if preset not in game.presets:
            known = ", ".join(game.presets)
            raise ValueError(f"{game.name} has no preset {preset!r} (known: {known})")
        seat_list = seats.split(",") if seats else []
        if players is None:
            players = len(seat_list) or game.min_players
        seat_list = seat_list or ["human"] * players
        if len(seat_list) != players:
            raise ValueError(f"--seats names {len(seat_list)} seats for {players} players")
        for seat in seat_list:
            if seat != "human":
                raise ValueError(f"unknown seat kind {seat!r} (known: human)")
        options = dict(game.presets[preset])
        game.new_game(seed=seed, players=players, options=options)  # raises ValueError if bad
        return cls(game.name, seed, options, players, seat_list)

    @classmethod
    def from_record(cls, record: Any) -> DealRequest:
        seats = ["human"] * record.players
        return cls(
            record.game,
            record.seed,
            dict(record.options),
            record.players,
            seats,
            list(record.moves),
        )


def _start_ticks(pid: str) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
        return int(handle.read().rsplit(")", 1)[1].split()[19])


def launch_pid() -> str:
    """The process the user launched: a one-file bundle runs the app in a child of its unpacker
    (the same executable), whose start is the one a person waits from."""
    import os

    if getattr(sys, "frozen", False):
        parent = str(os.getppid())
        try:
            if os.path.realpath(f"/proc/{parent}/exe") == os.path.realpath("/proc/self/exe"):
                return parent
        except OSError:
            pass
    return "self"


def process_age() -> float:
    """Seconds since the kernel started the launched process (Linux), else since the app loaded."""
    try:
        import os

        start_ticks = _start_ticks(launch_pid())
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        # No /proc (Windows, macOS): count from when the app's code started loading instead.
        import game

        return time.perf_counter() - game.LOADED_AT


def run_app(request: DealRequest | None, first_frame: bool = False) -> int:
    from game.app import App
    from game.scenes.menu import MenuScene

    app = App()
    app.push(MenuScene(app))
    if first_frame:
        app.step(0.0)
        print(f"{process_age():.3f}", flush=True)  # stdout is None in a windowed Windows bundle
        return 0
    if request is not None:
        from game.table import open_table

        open_table(app, request)
    try:
        app.run()
    except KeyboardInterrupt:
        app.quit()
    return 0
