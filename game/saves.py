"""Autosaves: a game under way is kept as a GameRecord (plus its clock and who sits at each seat)
after every move, and offered again from the game's setup screen. A damaged save is moved aside, reported and never loaded or
overwritten silently."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import engines
from game import storage
from game.deal import SEAT_KINDS


@dataclass
class Saved:
    record: engines.GameRecord
    elapsed: float  # seconds on the game's clock when it was saved
    seats: list[str] | None = None  # seat kinds; None (a save from before seats): all human


def autosave_path(game: str) -> Path:
    return storage.data_dir() / f"autosave-{game}.json"


def save(record: engines.GameRecord, elapsed: float = 0.0, seats: list[str] | None = None) -> None:
    data = json.loads(record.to_json())
    data["elapsed"] = round(elapsed, 2)  # keys of the save file; records ignore them
    if seats is not None:
        data["seats"] = list(seats)
    storage.atomic_write_text(autosave_path(record.game), json.dumps(data, ensure_ascii=False))


def discard(game: str) -> None:
    autosave_path(game).unlink(missing_ok=True)


def parse(text: str) -> Saved:
    """A save file; ValueError (RecordError) if anything in it is wrong."""
    record = engines.GameRecord.from_json(text)
    data = json.loads(text)
    elapsed = data.get("elapsed", 0.0)
    if not isinstance(elapsed, int | float) or isinstance(elapsed, bool) or not 0 <= elapsed < 1e9:
        raise ValueError(f"bad clock value {elapsed!r}")
    seats = data.get("seats")
    if seats is not None and not (
        isinstance(seats, list)
        and len(seats) == record.players
        and all(kind in SEAT_KINDS for kind in seats)
    ):
        raise ValueError(f"bad seats {seats!r}")
    return Saved(record, float(elapsed), seats)


def load(game: str) -> tuple[Saved | None, str | None]:
    """(saved game, problem): a missing save is (None, None); a damaged one is set aside."""
    return storage.read_parsed(autosave_path(game), parse)
