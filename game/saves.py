"""Autosaves: a game under way is kept as a GameRecord (plus its clock and who sits at each seat)
after every move, and offered again from the game's setup screen. A damaged save is moved aside, reported and never loaded or
overwritten silently.

Saves are written by game/writer.py's thread, so a long game never stalls a frame; everything that
reads a save back waits for the writes asked before it. Without a data folder nothing is kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import engines
from engines.records import MAX_MOVES
from game import storage
from game.deal import SEAT_KINDS, variant
from game.writer import WRITER


@dataclass
class Saved:
    record: engines.GameRecord
    elapsed: float  # seconds on the game's clock when it was saved
    seats: list[str] | None = None  # seat kinds; None (a save from before seats): all human


def autosave_path(game: str, variant: str) -> Path | None:
    """One save per game and preset ("custom" for options that match none), so a Classic deal
    never forfeits a Seed deal under way; None when there is no data folder."""
    folder = storage.home()
    return folder / f"autosave-{game}-{variant}.json" if folder else None


def variant_of(record: engines.GameRecord) -> str:
    return variant(engines.get(record.game), record.options)


def save(record: engines.GameRecord, elapsed: float = 0.0, seats: list[str] | None = None) -> None:
    """Ask for the game to be saved; returns at once (the writer thread does the work, and
    `problems()` tells of a write that failed). ValueError for a game too long to load again:
    the save made before it stays."""
    if len(record.moves) > MAX_MOVES:
        raise ValueError(f"it is longer than a save can hold ({MAX_MOVES} moves)")
    path = autosave_path(record.game, variant_of(record))
    if path is None:
        return
    # A snapshot: the table goes on changing its own lists while the writer renders this one.
    snapshot = engines.GameRecord(
        record.game, record.seed, record.players, dict(record.options), list(record.moves)
    )
    extra: dict[str, object] = {"elapsed": round(elapsed, 2)}  # keys records ignore
    if seats is not None:
        extra["seats"] = list(seats)
    WRITER.put(path, lambda: render(snapshot, extra))


def render(record: engines.GameRecord, extra: dict[str, object]) -> str:
    data = json.loads(record.to_json())
    data.update(extra)
    return json.dumps(data, ensure_ascii=False)


def discard(game: str, variant: str) -> None:
    path = autosave_path(game, variant)
    if path is not None:
        WRITER.put(path, None)


def flush(timeout: float | None = None) -> bool:
    """Wait until every save asked for is written (quitting, a crash); False on timeout."""
    return WRITER.flush(timeout)


def problems() -> list[str]:
    """Sentences about saves that could not be written since the last call."""
    return WRITER.problems()


def waiting(game: str) -> list[str]:
    """The presets of `game` with a saved game waiting (an older one-per-game save is moved to
    its preset's slot first)."""
    folder = storage.home()
    if folder is None:
        return []
    adopt_legacy(game)
    flush()
    prefix = f"autosave-{game}-"
    return sorted(p.name[len(prefix) : -len(".json")] for p in folder.glob(f"{prefix}*.json"))


def adopt_legacy(game: str) -> None:
    """Saves of earlier versions were one per game (autosave-GAME.json): give it its preset's
    name, unless that slot is taken (then it stays where it is, untouched)."""
    folder = storage.home()
    if folder is None:
        return
    legacy = folder / f"autosave-{game}.json"
    if not legacy.exists() or storage.leads_out(legacy):
        return
    flush()
    try:
        record = parse(storage.read_bytes(legacy).decode("utf-8")).record
        target = autosave_path(game, variant_of(record))
        if target is not None and not (target.exists() or target.is_symlink()):
            legacy.replace(target)
    except (OSError, ValueError):
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
    path = autosave_path(game, variant)
    if path is None:
        return None, None
    flush()  # a save asked for a moment ago is the one to read
    return storage.read_parsed(path, parse)
