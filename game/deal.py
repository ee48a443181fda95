"""What deal to open: the game, seed, options and seats, from the command line, the setup screen or
a record. A plain value module (no app, scenes or tables), so every part can import it without
import circles."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

# Who may sit at a seat (the contract's seat kinds): a person, or a computer player of some level.
SEAT_KINDS = ("human", "random", "easy", "medium", "hard")
SEED_LIMIT = 2**64  # deal numbers are 0 <= seed < 2**64

# Where new deal numbers come from. Any deal is as good as another, so this needs no secrecy; tests
# seed it to make runs repeatable.
deal_numbers = random.Random()


def fresh_seed() -> int:
    """A new deal number, small enough for a player to read out and type in again."""
    return deal_numbers.randrange(1, 1_000_000)


def variant(game: Any, options: dict[str, Any]) -> str:
    """The name saves and results are kept under: the preset the options match, else "custom"."""
    return next((name for name, preset in game.presets.items() if preset == options), "custom")


def check_players(game: Any, players: int) -> None:
    """ValueError with a one-line reason unless `game` can be played by `players` players.

    Checked before the number is used for anything: a count such as 10**18 from the command line
    must be refused at once, not after building a list of that many seats."""
    if not game.min_players <= players <= game.max_players:
        low, high = game.min_players, game.max_players
        span = str(low) if low == high else f"{low}–{high}"
        noun = "player" if high == 1 else "players"
        raise ValueError(f"{game.name} is played by {span} {noun}, not {players}")


def check_seats(game: Any, seats: list[str], players: int) -> None:
    """ValueError with a one-line reason unless `seats` can sit at a `players`-player `game`."""
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {kind!r} (known: {', '.join(SEAT_KINDS)})")
    check_players(game, players)
    if len(seats) != players:
        raise ValueError(f"--seats names {len(seats)} seats for {players} players")
    if game.max_players == 1 and seats[0] != "human":
        raise ValueError(f"{game.name}: seat 1 must be human")  # solitaire needs someone to play


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
        """Validate command-line choices (`seats` as "human,random"); ValueError has a one-line
        reason."""
        if seed is None:
            seed = fresh_seed()
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"--seed must be between 0 and {SEED_LIMIT - 1}, not {seed}")
        if preset is None:
            preset = next(iter(game.presets))
        if preset not in game.presets:
            known = ", ".join(game.presets)
            raise ValueError(f"{game.name} has no preset {preset!r} (known: {known})")
        # (`--seats ""` names one empty seat, refused below; only no --seats means all human)
        seat_list = [kind.strip() for kind in seats.split(",")] if seats is not None else []
        if players is None:
            players = len(seat_list) or game.min_players
        check_players(game, players)
        seat_list = seat_list or ["human"] * players
        check_seats(game, seat_list, players)
        options = dict(game.presets[preset])
        game.new_game(seed=seed, players=players, options=options)  # raises ValueError if bad
        return cls(game.name, seed, options, players, seat_list)

    @classmethod
    def from_record(cls, record: Any, seats: list[str] | None = None) -> DealRequest:
        """A record's deal and moves; its seats are human unless `seats` (from a save) says who
        sat where."""
        return cls(
            record.game,
            record.seed,
            dict(record.options),
            record.players,
            list(seats) if seats else ["human"] * record.players,
            list(record.moves),
        )
