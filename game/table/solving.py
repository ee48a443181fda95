"""The Canfield solver at the table: after every move the worker decides the position ("Winnable",
"No win from here"), so Hint can give the first move of a line that wins and "Show me" can play it;
and New deal can ask the worker for a deal the solver proves winnable.

Everything runs in the worker process, so the window never waits for a search. Answers are keyed
to the position they were asked for and dropped when the position moved on — except that playing
the solver's own next move keeps the rest of its line, which is still a win.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engines.solvers import canfield as solver

SOLVE_SECONDS = 2.0  # per position: the median deal takes well under 0.2 s
FIND_SECONDS_EACH = 2.0  # per deal tried by "winnable deals only"
FIND_SECONDS_TOTAL = 20.0


class SolverWatch:
    """What the solver knows about the table's current position."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.asked: int | None = None  # the history serial the answer below is for
        self.result: str | None = None  # "winnable", "unwinnable", "unknown"; None: thinking
        self.line: list[Any] = []  # the winning moves from here, when winnable
        self.finding: Callable[[int | None], None] | None = None  # a deal search: its then
        self.find_options: dict[str, Any] = {}  # the search's options, the next deal it tries,
        self.next_seed = 0  # and when it gives up (see `find_deal`)
        self.find_deadline = 0.0
        self.finder = object()  # the search's own worker owner: solving never makes it stale
        self.state: Any = None  # the position asked about

    # -- the position --------------------------------------------------------------------------
    def position_changed(self) -> None:
        """Ask about the new position, unless it came from the known win's next move."""
        history = self.table.history
        serial = history.serial
        if self.asked == serial:
            return
        before = history.states[history.pos - 1] if history.pos else None
        if (
            self.result == "winnable"
            and self.line
            and before is self.state
            and history.moves[history.pos - 1] == self.line[0]
        ):
            self.asked, self.state, self.line = serial, history.state, self.line[1:]
            return
        self.asked, self.state, self.result, self.line = serial, history.state, None, []
        if history.state.is_over():
            self.result = "winnable"
            return
        self.table.app.worker.submit(
            self, ("solve", serial), solver.solve_position, history.state.to_dict(), SOLVE_SECONDS
        )

    def poll(self) -> None:
        worker = self.table.app.worker if self.table.app.has_worker() else None
        if worker is None:
            return
        for key, answer in worker.poll(self):
            if key != ("solve", self.asked):
                continue
            if isinstance(answer, BaseException):
                self.result = "unknown"  # no verdict to give
                continue
            self.result = answer["result"]
            self.line = [self.table.game.move_from_dict(m) for m in answer["moves"]]
        for key, answer in worker.poll(self.finder):
            if self.finding is None or key != ("find", self.next_seed):
                continue
            found = None if isinstance(answer, BaseException) else answer["seed"]
            if found is None and not isinstance(answer, BaseException):
                self.next_seed += max(1, answer["tried"])
                if time.monotonic() < self.find_deadline:
                    self._ask_for_deal()
                    continue
            then, self.finding = self.finding, None
            then(found)

    def cancel_finding(self) -> None:
        """Forget the deal search under way, if any (another deal was started meanwhile)."""
        if self.finding is not None:
            self.finding = None
            self.table.app.cancel_work(self.finder)

    def close(self) -> None:
        """The table leaves: nothing it asked for comes back."""
        self.table.app.cancel_work(self)
        self.table.app.cancel_work(self.finder)

    def status(self) -> str:
        if self.finding is not None:
            return "Finding a winnable deal…"
        if self.state is not None and self.state.is_won():
            return "Won"  # not "Winnable": there is nothing left to win
        return {
            None: "Thinking…",
            "winnable": "Winnable",
            "unwinnable": "No win from here",
            "unknown": "Too deep to tell",
        }[self.result]

    def next_move(self) -> Any | None:
        """The first move of the solver's winning line from here, if it knows one."""
        return self.line[0] if self.result == "winnable" and self.line else None

    # -- winnable deals only -------------------------------------------------------------------
    def find_deal(self, options: dict[str, Any], first_seed: int, then: Callable[[int], None]):
        """Ask for the first deal from `first_seed` the solver proves winnable; `then(seed)`
        gets it (or `first_seed` itself if none was found in time).

        Why a job of FIND_SECONDS_EACH at a time, asked again until FIND_SECONDS_TOTAL: a job
        cannot be stopped once running, and the one worker process serves every table; so a
        search dropped (the table left, another deal started) holds it up for seconds at most,
        never for the whole search."""
        self.finding = lambda seed: then(first_seed if seed is None else seed)
        self.find_options, self.next_seed = options, first_seed
        self.find_deadline = time.monotonic() + FIND_SECONDS_TOTAL
        self._ask_for_deal()

    def _ask_for_deal(self) -> None:
        self.table.app.worker.submit(
            self.finder,
            ("find", self.next_seed),
            solver.find_winnable_deal,
            self.find_options,
            self.next_seed,
            FIND_SECONDS_EACH,
            FIND_SECONDS_EACH,
        )
