"""Autosaves: a game under way is kept as a GameRecord (plus its clock and who sits at each seat)
after every move, and offered again from the game's setup screen. A damaged save is moved aside, reported and never loaded or
overwritten silently."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import engines
from game import stats, storage
from game.deal import SEAT_KINDS


@dataclass
class Saved:
    record: engines.GameRecord
    elapsed: float  # seconds on the game's clock when it was saved
    seats: list[str] | None = None  # seat kinds; None (a save from before seats): all human


def autosave_path(game: str, variant: str) -> Path:
    """One save per game and preset ("custom" for options that match none), so a Classic deal
    never forfeits a Seed deal under way."""
    return storage.data_dir() / f"autosave-{game}-{variant}.json"


def variant_of(record: engines.GameRecord) -> str:
    return stats.variant(engines.get(record.game), record.options)


def save(record: engines.GameRecord, elapsed: float = 0.0, seats: list[str] | None = None) -> None:
    data = json.loads(record.to_json())
    data["elapsed"] = round(elapsed, 2)  # keys of the save file; records ignore them
    if seats is not None:
        data["seats"] = list(seats)
    path = autosave_path(record.game, variant_of(record))
    storage.atomic_write_text(path, json.dumps(data, ensure_ascii=False))


def discard(game: str, variant: str) -> None:
    autosave_path(game, variant).unlink(missing_ok=True)


def waiting(game: str) -> list[str]:
    """The presets of `game` with a saved game waiting (an older one-per-game save is moved to
    its preset's slot first)."""
    adopt_legacy(game)
    prefix = f"autosave-{game}-"
    return sorted(
        p.name[len(prefix) : -len(".json")] for p in storage.data_dir().glob(f"{prefix}*.json")
    )


def adopt_legacy(game: str) -> None:
    """Saves of earlier versions were one per game (autosave-GAME.json): give it its preset's
    name, unless that slot is taken (then it stays where it is, untouched)."""
    legacy = storage.data_dir() / f"autosave-{game}.json"
    if not legacy.exists():
        return
    try:
        record = parse(legacy.read_text(encoding="utf-8")).record
        target = autosave_path(game, variant_of(record))
        if not target.exists():
            legacy.replace(target)
    except (OSError, ValueError, UnicodeDecodeError):
        return  # a damaged one is reported (and set aside) by load() of its slot


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


def load(game: str, variant: str) -> tuple[Saved | None, str | None]:
    """(saved game, problem): a missing save is (None, None); a damaged one is set aside."""
    adopt_legacy(game)
    return storage.read_parsed(autosave_path(game, variant), parse)
