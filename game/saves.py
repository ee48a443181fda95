"""Autosaves: a game under way is kept as a GameRecord (plus its clock) after every move, and offered
again from the game's setup screen. A damaged save is moved aside, reported and never loaded or
overwritten silently."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import engines
from game import storage


@dataclass
class Saved:
    record: engines.GameRecord
    elapsed: float  # seconds on the game's clock when it was saved


def autosave_path(game: str) -> Path:
    return storage.data_dir() / f"autosave-{game}.json"


def save(record: engines.GameRecord, elapsed: float = 0.0) -> None:
    data = json.loads(record.to_json())
    data["elapsed"] = round(elapsed, 2)  # a key of the save file; records ignore it
    storage.atomic_write_text(autosave_path(record.game), json.dumps(data, ensure_ascii=False))


def discard(game: str) -> None:
    autosave_path(game).unlink(missing_ok=True)


def parse(text: str) -> Saved:
    """A save file; ValueError (RecordError) if anything in it is wrong."""
    record = engines.GameRecord.from_json(text)
    elapsed = json.loads(text).get("elapsed", 0.0)
    if not isinstance(elapsed, int | float) or isinstance(elapsed, bool) or not 0 <= elapsed < 1e9:
        raise ValueError(f"bad clock value {elapsed!r}")
    return Saved(record, float(elapsed))


def load(game: str) -> tuple[Saved | None, str | None]:
    """(saved game, problem): a missing save is (None, None); a damaged one is set aside."""
    return storage.read_parsed(autosave_path(game), parse)
