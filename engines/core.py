"""What every game engine shares: errors, the State protocol, the generic move and option checking."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Protocol


class IllegalMove(ValueError):
    """A move the rules forbid; `.reason` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RecordError(ValueError):
    """A record (save, replay) that is malformed or replays an illegal move."""


@dataclass(frozen=True, slots=True)
class Move:
    """Take `n` cards from pile `src` to pile `dst` (pile names are the game's own, e.g. "tableau:2")."""

    src: str
    dst: str
    n: int = 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class State(Protocol):
    """The interface every game state offers (see the contract).

    `events` lists what the move that produced the state did, as JSON-able dicts in order ([] for
    a new game and for `from_dict` results); it holds only public facts and is not part of
    equality. `phase` is a short word for what happens now ("over" once the game is over).
    """

    @property
    def current_player(self) -> int | None: ...

    @property
    def phase(self) -> str: ...

    @property
    def events(self) -> list[dict[str, Any]]: ...

    def legal_moves(self) -> list[Any]: ...

    def check(self, move: Any) -> str | None: ...

    def apply(self, move: Any) -> State: ...

    def is_over(self) -> bool: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def view(self, seat: int) -> dict[str, Any]: ...

    def to_dict(self) -> dict[str, Any]: ...


def resolve_options(
    game: str,
    allowed: Mapping[str, tuple[Any, ...]],
    defaults: Mapping[str, Any],
    options: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """Defaults overlaid with `options`, every key and value checked; ValueError names the culprit."""
    resolved = dict(defaults)
    if options is None:
        return resolved
    if not isinstance(options, Mapping):
        raise ValueError(f"{game}: options must be a mapping, not {type(options).__name__}")
    for key, value in options.items():
        if key not in allowed:
            known = ", ".join(sorted(allowed))
            raise ValueError(f"{game}: unknown option {key!r} (known: {known})")
        # bool is an int in Python: compare type as well so True never passes for 1.
        if not any(value == a and type(value) is type(a) for a in allowed[key]):
            choices = ", ".join("none" if a is None else str(a).lower() for a in allowed[key])
            raise ValueError(f"{game}: option {key!r} cannot be {value!r} (choose {choices})")
        resolved[key] = value
    return resolved


def check_state_opening(game: str, d: Any, keys: frozenset[str], exact: bool = False) -> None:
    """The first checks of every engine's `from_dict`: an object, with every key of `keys` (and,
    if `exact`, no other), of this game; ValueError ("GAME state: ...") says what is wrong."""
    if not isinstance(d, Mapping):
        raise ValueError(f"{game} state: must be an object")
    missing = sorted(keys - set(d))
    unknown = sorted(map(str, set(d) - keys)) if exact else []
    if missing or unknown:
        said = [f"missing {', '.join(missing)}"] if missing else []
        said += [f"unknown {', '.join(unknown)}"] if unknown else []
        raise ValueError(f"{game} state: {'; '.join(said)}")
    if d["game"] != game:
        raise ValueError(f"{game} state: game must be {game!r}, not {d['game']!r}")


SEED_LIMIT = 2**64


def check_seed(game: str, seed: Any) -> None:
    """A seed is a deal number: an int with 0 <= seed < 2**64 (never a bool); ValueError names it."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"{game}: seed must be an integer from 0 to 2**64 - 1, not {seed!r}")


def check_seed_and_players(game: str, seed: Any, players: Any, lo: int, hi: int) -> None:
    """Shared argument checks of `new_game` (and of `from_dict`, for the seed)."""
    check_seed(game, seed)
    if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
        span = str(lo) if lo == hi else f"{lo}–{hi}"
        raise ValueError(f"{game}: players must be {span}, not {players!r}")
