"""Statistics: every finished game is a row in an SQLite file in the user's data folder.

A damaged database (checked with `PRAGMA quick_check` when opened, so damage deep in the file is
found too) is moved aside with its journal (`stats.sqlite3.corrupt`), reported once, and a fresh
one is started; statistics are never worth a crash. A link at one of its names that leads out of
the data folder is moved aside too: SQLite would follow it and create the database elsewhere.
Without a data folder the statistics live in memory for the session.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    seed INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    moves INTEGER NOT NULL,
    seconds REAL NOT NULL,
    score INTEGER NOT NULL DEFAULT 0,
    finished_at REAL NOT NULL,
    scores TEXT NOT NULL DEFAULT ''
)
"""
# A row no result of ours looks like (a missing column fails it too: "no such column"). Files
# from elsewhere need not have our NOT NULL and types, and a summary of such a row would fail.
CHECK_VALUES = """
SELECT 1 FROM results WHERE
    typeof(id) != 'integer' OR typeof(game) != 'text' OR typeof(variant) != 'text'
    OR typeof(seed) != 'integer' OR typeof(outcome) != 'text' OR typeof(moves) != 'integer'
    OR typeof(seconds) NOT IN ('real', 'integer') OR typeof(score) != 'integer'
    OR typeof(finished_at) NOT IN ('real', 'integer') OR typeof(scores) != 'text'
    OR scores GLOB '*[^0-9,-]*' OR scores GLOB '*-' OR scores GLOB '*-[^0-9]*'
LIMIT 1
"""
# Added after the first release: every seat's score ("12,9"), so a plot can show the margin.
MIGRATIONS = {"scores": "ALTER TABLE results ADD COLUMN scores TEXT NOT NULL DEFAULT ''"}
WON, LOST = "won", "lost"
JOURNALS = ("-wal", "-shm", "-journal")  # SQLite's files beside the database, opened by name
SEED_LIMIT = 2**64


def seed_to_sql(seed: int) -> int:
    """Deal numbers go up to 2**64 - 1, SQLite integers to 2**63 - 1: the upper half is kept as
    its signed 64-bit twin. Seeds below 2**63 (all of the first release's) are stored as
    themselves, so older databases need no migration; a stored value reads back as value % 2**64."""
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed {seed} is not a deal number")
    return seed - SEED_LIMIT if seed >= SEED_LIMIT // 2 else seed


class Damaged(Exception):
    """quick_check found the database damaged."""


@dataclass
class Summary:
    """What the statistics screen shows for one game (and variant, if given)."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    fastest: float | None = None
    fewest_moves: int | None = None
    outcomes: dict[str, int] | None = None
    best_score: int | None = None

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class Result:
    """One finished game, as the plot of recent results needs it."""

    outcome: str
    score: int
    scores: tuple[int, ...]  # every seat's score; empty for games recorded before they were kept

    @property
    def margin(self) -> int | None:
        """Seat 1's lead over the best other seat (negative: behind it); None when unknown."""
        if len(self.scores) < 2:
            return None
        return self.scores[0] - max(self.scores[1:])


def abandoned_outcome(game: Any) -> str | None:
    """How a game given up before its end counts: a loss in solitaire, not at all with players."""
    return LOST if game.max_players == 1 else None


def is_damage(exc: sqlite3.DatabaseError) -> bool:
    """A file that is not a database, or a corrupt one; other errors (locks, I/O) are passing."""
    name = getattr(exc, "sqlite_errorname", "")
    return name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") or "no such column" in str(exc)


def stats_path() -> Path | None:
    folder = storage.home()
    return folder / "stats.sqlite3" if folder else None


class Stats:
    """The results database; opened on first use, so start-up never waits for it."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or stats_path()  # None: no data folder, results kept in memory
        self.problem: str | None = None  # a sentence for the player, set when the file was damaged
        self._db: sqlite3.Connection | None = None

    def db(self) -> sqlite3.Connection:
        """The connection; sqlite3.Error for trouble that is not damage (a lock, a full disk)."""
        if self._db is None:
            self._db = self._connect()
        return self._db

    def _connect(self) -> sqlite3.Connection:
        if self.path is None:
            return self._memory()
        try:
            self._set_strangers_aside()
        except OSError:
            self.problem = (
                "The statistics file is not ours to open and could not be moved aside;"
                " statistics are kept in memory for now"
            )
            return self._memory()
        try:
            return self._open()
        except Damaged:
            return self._recover()
        except sqlite3.DatabaseError as exc:
            if not is_damage(exc):
                raise
            return self._recover()

    def _set_strangers_aside(self) -> None:
        """Links out of the data folder at the database's names are moved aside (only the
        links: what they point to is never touched), and so is anything at them that is not a
        file (a folder, a pipe), which SQLite would fail to open every time."""
        assert self.path is not None
        for name in (self.path.name, *(self.path.name + j for j in JOURNALS)):
            path = self.path.with_name(name)
            if storage.leads_out(path):
                what = "a link out of the data folder"
            elif path.exists() and not path.is_file():
                what = "not a file"
            else:
                continue
            moved = storage.quarantine(path).name
            self.problem = f"{name} was {what}; it was kept aside as {moved}"

    def _open(self) -> sqlite3.Connection:
        assert self.path is not None
        db = sqlite3.connect(self.path, timeout=1.0)
        try:
            if db.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise Damaged
            # WAL: a writer killed mid-transaction never damages the file, and readers don't wait.
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(SCHEMA)
            if db.execute("SELECT type FROM sqlite_master WHERE name = 'results'").fetchone() != (
                "table",
            ):
                raise Damaged  # a view or an index of that name: not ours
            columns = {row[1] for row in db.execute("PRAGMA table_info(results)")}
            with db:
                for column in MIGRATIONS.keys() - columns:
                    db.execute(MIGRATIONS[column])
            if db.execute(CHECK_VALUES).fetchone():
                raise Damaged
        except (sqlite3.DatabaseError, Damaged):
            db.close()
            raise
        return db

    def _recover(self) -> sqlite3.Connection:
        assert self.path is not None
        try:
            moved = storage.quarantine(self.path, JOURNALS).name
            self.problem = f"The statistics file was damaged; it was kept aside as {moved}"
        except OSError:
            self.problem = "The statistics file is damaged; statistics are kept in memory for now"
            return self._memory()
        return self._open()

    @staticmethod
    def _memory() -> sqlite3.Connection:
        db = sqlite3.connect(":memory:")
        db.execute(SCHEMA)
        return db

    def record(
        self,
        game: str,
        variant: str,
        seed: int,
        outcome: str,
        moves: int,
        seconds: float,
        score: int = 0,
        scores: Sequence[int] = (),
    ) -> None:
        """One finished game; `score` is the best (a solitaire's only) score, `scores` every
        seat's, in seat order, when the game has several."""
        db = self.db()
        with db:
            db.execute(
                "INSERT INTO results (game, variant, seed, outcome, moves, seconds, score,"
                " finished_at, scores) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    variant,
                    seed_to_sql(seed),
                    outcome,
                    moves,
                    seconds,
                    score,
                    time.time(),
                    ",".join(str(int(x)) for x in scores),
                ),
            )

    def recent(self, game: str, count: int) -> list[Result]:
        """The last `count` results of `game`, oldest first."""
        rows = self.db().execute(
            "SELECT outcome, score, scores FROM results WHERE game = ? ORDER BY id DESC LIMIT ?",
            (game, count),
        )
        return [
            Result(outcome, score, tuple(int(x) for x in scores.split(",") if x))
            for outcome, score, scores in reversed(rows.fetchall())
        ]

    def variants(self, game: str) -> set[str]:
        """The variants `game` has results under (a custom one shows only once played)."""
        rows = self.db().execute("SELECT DISTINCT variant FROM results WHERE game = ?", (game,))
        return {variant for (variant,) in rows}

    def summary(self, game: str, variant: str | None = None) -> Summary:
        query = "SELECT outcome, moves, seconds, score FROM results WHERE game = ?"
        args: list[object] = [game]
        if variant is not None:
            query += " AND variant = ?"
            args.append(variant)
        rows = self.db().execute(query + " ORDER BY id", args).fetchall()
        summary = Summary(played=len(rows), outcomes={})
        streak = 0
        for outcome, moves, seconds, score in rows:
            summary.outcomes[outcome] = summary.outcomes.get(outcome, 0) + 1
            summary.best_score = (
                score if summary.best_score is None else max(summary.best_score, score)
            )
            if outcome == WON:
                summary.won += 1
                streak += 1
                summary.best_streak = max(summary.best_streak, streak)
                summary.fastest = (
                    seconds if summary.fastest is None else min(summary.fastest, seconds)
                )
                summary.fewest_moves = (
                    moves if summary.fewest_moves is None else min(summary.fewest_moves, moves)
                )
            else:
                streak = 0
        summary.current_streak = streak
        return summary

    def reset(self, game: str) -> None:
        db = self.db()
        with db:
            db.execute("DELETE FROM results WHERE game = ?", (game,))

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
