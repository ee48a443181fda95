"""Autosaves: a game under way is kept as a GameRecord (plus its clock and who sits at each seat)
after every move, and offered again from the game's setup screen. A damaged save is moved aside, reported and never loaded or
overwritten silently.

Saves are written by game/writer.py's thread, so a long game never stalls a frame; everything that
reads a save back waits for the writes asked before it. Without a data folder nothing is kept.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

import engines
from engines.records import MAX_MOVES
from game import storage
from game.deal import check_seats, variant
from game.writer import WRITER

# game -> what became of its damaged one-per-game save (`adopt_legacy`), until load() says it
_legacy_problems: dict[str, str] = {}


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
        raw = storage.read_bytes(legacy)
    except OSError:
        return  # (not ours to move: it stays where it is)
    try:
        record = parse(raw.decode("utf-8")).record
    except (ValueError, RecursionError):
        # no slot of its own to be found in: set aside now, and told by the next load()
        _legacy_problems[game] = storage.set_aside(legacy, "was damaged")
        return
    target = autosave_path(game, variant_of(record))
    if target is not None and not (target.exists() or target.is_symlink()):
        with contextlib.suppress(OSError):  # (then it stays where it is, to try again)
            legacy.replace(target)


def parse(text: str) -> Saved:
    """A save file; ValueError (RecordError) if anything in it is wrong."""
    record = engines.GameRecord.from_json(text)
    data = json.loads(text)
    elapsed = data.get("elapsed", 0.0)
    if not isinstance(elapsed, int | float) or isinstance(elapsed, bool) or not 0 <= elapsed < 1e9:
        raise ValueError(f"bad clock value {elapsed!r}")
    seats = data.get("seats")
    if seats is not None:
        if not (isinstance(seats, list) and all(isinstance(kind, str) for kind in seats)):
            raise ValueError(f"bad seats {seats!r}")
        check_seats(engines.get(record.game), seats, record.players)  # as `play --seats` does
    return Saved(record, float(elapsed), seats)


def load(game: str, variant: str) -> tuple[Saved | None, str | None]:
    """(saved game, problem): a missing save is (None, None); a damaged one is set aside."""
    adopt_legacy(game)
    path = autosave_path(game, variant)
    if path is None:
        return None, None
    flush()  # a save asked for a moment ago is the one to read

    def parse_own(text: str) -> Saved:
        """`parse`, and a save of another game or preset in this slot is damage too (resumed,
        it would open that game; given up, the slot discarded would be that game's)."""
        saved = parse(text)
        found = (saved.record.game, variant_of(saved.record))
        if found != (game, variant):
            raise ValueError(f"a saved {found[0]} game ({found[1]}) in the {variant} slot")
        return saved

    saved, problem = storage.read_parsed(path, parse_own)
    return saved, problem or _legacy_problems.pop(game, None)
