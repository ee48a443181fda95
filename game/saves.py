"""Autosaves: a game under way is kept as a GameRecord when its table closes (leaving, quitting,
SIGTERM) and offered again from the game's setup screen. A damaged save is moved aside, reported and
never loaded or overwritten silently."""

from __future__ import annotations

from pathlib import Path

import engines
from game import storage


def autosave_path(game: str) -> Path:
    return storage.data_dir() / f"autosave-{game}.json"


def save(record: engines.GameRecord) -> None:
    storage.atomic_write_text(autosave_path(record.game), record.to_json())


def discard(game: str) -> None:
    autosave_path(game).unlink(missing_ok=True)


def load(game: str) -> tuple[engines.GameRecord | None, str | None]:
    """(record, problem): a missing save is (None, None); a damaged one is set aside with a reason."""
    return storage.read_parsed(autosave_path(game), engines.GameRecord.from_json)
