"""Keeping a table's game: the autosave after every move, the record, and the statistics row.

The save slot is this table's only once it was resumed from it or a move was made here: merely
opening a deal never touches another game's save. A finished game is counted once. Saving and
recording never end the game: whatever goes wrong is said in a toast and play goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import engines
from game import deal, saves, stats, theme

if TYPE_CHECKING:
    from game.table.base import TableScene


class Persistence:
    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.owns_save = table.request.resumed
        self.recorded = False
        self.said: set[str] = set()  # a save that keeps failing is reported once, not every move

    def record(self) -> engines.GameRecord:
        t = self.table
        options = t.history.states[0].options
        return engines.GameRecord(
            t.game.name, t.request.seed, t.request.players, options, t.history.played()
        )

    def autosave(self) -> None:
        """Keep the game resumable after every move (a crash or power cut loses nothing)."""
        t = self.table
        if not self.owns_save or (t.queue and t.under_way):
            return  # not ours; or automatic moves are still coming: save once they are done
        try:
            if t.under_way:
                saves.save(self.record(), t.elapsed, t.request.seats)
            else:
                saves.discard(t.game.name, self.variant())  # over, or back at the start
        except OSError as exc:
            self.warn(f"Could not save the game: {exc.strerror or exc}")
        except ValueError as exc:  # too long to be read back: the last save that can be stays
            self.warn(f"Could not save the game: {exc}")
        for problem in saves.problems():  # from the writer thread, since the last move
            self.warn(problem)

    def warn(self, message: str) -> None:
        if message not in self.said:
            self.said.add(message)
            self.table.app.toasts.show(message, 4, theme.WARN)

    def variant(self) -> str:
        return deal.variant(self.table.game, self.table.history.states[0].options)

    def abandoned(self) -> None:
        """A game under way is replaced by a new deal or a restart. Only a game the player has
        played here counts (not a record opened with `cardtable replay` and left untouched)."""
        t = self.table
        outcome = stats.abandoned_outcome(t.game)
        if outcome and self.owns_save:
            self.record_result(outcome, t.state.scores()[0])

    def record_result(self, outcome: str | None = None, score: int = 0) -> None:
        """Add this game to the statistics, once; without an outcome, the finished game's own."""
        if self.recorded:
            return
        self.recorded = True
        t = self.table
        if outcome is None:
            outcome, score = t.result()
        try:
            t.app.stats.record(
                t.game.name,
                self.variant(),
                t.request.seed,
                outcome,
                t.history.player_moves(),
                t.elapsed,
                score,
                t.state.scores() if t.state.is_over() else (),
            )
        except Exception as exc:  # a result that cannot be kept is never worth the game
            t.app.toasts.show(f"Could not record the result: {exc}", 4, theme.WARN)
        t.app.report_stats_problem()

    def closed(self, state: Any) -> None:
        if state.is_over():
            self.record_result()  # left before the ending was shown: the result still counts
        self.autosave()
