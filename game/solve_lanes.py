"""One Canfield position solved on both cores at once: `cardtable solve` and its survey.

Why: where the talon is not free (Classic), most slow deals are won by the solver's restarts,
short depth-first runs in random move orders whose time to a win is largely luck
(`engines.solvers.canfield._Restarts`). A second core running restarts from another stream of
seeds (lane 1) takes two draws of that luck at once, while this process runs everything the
one-core solver runs (lane 0). Whichever lane decides first answers, and the other is stopped
between two of its slices (about 20 ms).

The two lanes also tell each other the positions they prove dead (`_Mailbox`), so each
skips what either has proved: most of what a run finds is already proved dead, and with one
table between them the two lanes search more of the deal that neither has searched.

Lane 0 runs here, so a deal decided at once costs nothing extra; lane 1 runs in one spawned
child (the start method the bundled app supports), started at the first position it can help
with (none where the talon is free: Seed) and living as long as the `LaneSolver`. Should the
child fail to start, die, or not answer within its time limit and GRACE, lane 0 goes on alone.
"""

from __future__ import annotations

import collections
import marshal
import multiprocessing
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from engines import canfield as cf
from engines.solvers.canfield import Solution, restarts_run, solve
from game.interrupts import children_deaf_to_ctrl_c, ignore_ctrl_c
from game.sim import worker_count

DECIDED = ("winnable", "unwinnable")
GRACE = 5.0  # seconds past its time limit that lane 1 may take to answer before it counts as lost


class _Mailbox:
    """The positions proved dead, to and from the other lane (`solve`'s `share`): sent on one
    pipe, and received from another by a thread of their own.

    Why a thread: a pipe holds little, and a lane sends while the other is busy searching; were
    both to wait for the other to read, neither would. The thread reads whatever comes, so no
    send waits for long. (In `marshal`'s form, not pickle's: the news is plain tuples of ints,
    which it writes and reads in about half the time, and both lanes run the same Python.)
    """

    def __init__(self, out: Connection, into: Connection) -> None:
        self.out: Connection | None = out
        self.into = into
        self.inbox: collections.deque[tuple[int, list]] = collections.deque()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        """Take in what the other lane sends, until its end of the pipe is closed; on any
        failure, close this end, so that the other lane's sends fail (and it stops sharing)
        rather than wait for a reader that is gone."""
        try:
            while True:
                self.inbox.append(marshal.loads(self.into.recv_bytes()))
        except Exception:  # (the end closed, a damaged message, no memory: sharing ends)
            self.into.close()

    def share(self, ticket: int) -> Callable[[list], list[list]]:
        """`solve`'s `share` for job `ticket`: what the other lane sent for an earlier job is
        dropped, and for a later one kept (the other lane may be a job ahead); a pipe that fails
        stops the sharing, never the solve."""

        def share(news: list) -> list[list]:
            if news and self.out is not None:
                try:
                    self.out.send_bytes(marshal.dumps((ticket, news)))
                except OSError:
                    self.out = None
            got = []
            inbox = self.inbox
            while inbox and inbox[0][0] <= ticket:
                sent_for, items = inbox.popleft()
                if sent_for == ticket:
                    got.append(items)
            return got

        return share

    def close(self) -> None:
        """Close this lane's ends, once the other lane is gone (its end closed, so the reader
        ends; one still reading keeps its end until it does)."""
        if self.out is not None:
            self.out.close()
            self.out = None
        self.reader.join(timeout=1.0)
        if not self.reader.is_alive():
            self.into.close()


def _serve(jobs: Connection, stopped: Any, into: Connection, out: Connection) -> None:
    """Lane 1: solve each (ticket, position, deadline) sent, until the pipe closes; stop early
    once `stopped` reaches the job's ticket (lane 0 has finished it) or the parent is gone.
    The positions proved dead come in on `into` and go out on `out` (`_Mailbox`). Deaf to
    Ctrl+C (see `game.interrupts`)."""
    ignore_ctrl_c()
    parent = multiprocessing.parent_process()
    mailbox = _Mailbox(out, into)
    while True:
        try:
            ticket, position, deadline = jobs.recv()
            answer = Solution("unknown", [], 0, 0.0)
            left = deadline - time.time()  # (from when lane 0 began, not from this child's start)
            if stopped.value < ticket and left > 0:  # (not already finished by lane 0)
                stop = _stop_at(stopped, ticket, parent)
                share = mailbox.share(ticket)
                answer = solve(cf.from_dict(position), left, lane=1, stop=stop, share=share)
            jobs.send((ticket, answer))
        except (EOFError, OSError):  # the parent closed the pipe, or is gone
            return


def _stop_at(stopped: Any, ticket: int, parent: Any) -> Callable[[], bool]:
    """Whether lane 1 should stop job `ticket`: lane 0 has finished it (it sets `stopped` to the
    ticket), or the parent died without closing the pipe (nobody would read the answer)."""
    return lambda: stopped.value >= ticket or (parent is not None and not parent.is_alive())


class LaneSolver:
    """Solves positions with lane 0 here and lane 1 in a child process (see the module
    docstring). Use as a context manager.

    `two`: whether to use lane 1 at all (None: where this process may use two cores or more).
    """

    def __init__(self, two: bool | None = None) -> None:
        self.ticket = 0
        self.child: Any = None
        self.jobs: Connection | None = None
        self.stopped: Any = None
        self.mailbox: _Mailbox | None = None
        self.usable = (
            worker_count(2) == 2 if two is None else two
        )  # lane 1 may be (or is being) used
        self.decided_by: int | None = None  # the lane whose answer `solve` last gave, if decided

    def _start(self) -> None:
        """The child, at the first position lane 1 can help with; if it cannot be started,
        lane 0 goes on alone."""
        ctx = multiprocessing.get_context("spawn")
        ends: list[Connection] = []  # (the child's: closed here once it has them)
        try:
            self.stopped = ctx.Value("q", 0, lock=False)
            self.jobs, far = ctx.Pipe()
            from_child, its_out = ctx.Pipe(duplex=False)
            its_in, to_child = ctx.Pipe(duplex=False)
            ends = [far, its_in, its_out]
            args = (far, self.stopped, its_in, its_out)
            child = ctx.Process(target=_serve, args=args, daemon=True)
            with children_deaf_to_ctrl_c():
                child.start()
                self.child = child  # (before a Ctrl+C held back by the block is raised)
            self.mailbox = _Mailbox(to_child, from_child)  # (its thread may fail to start)
        except (OSError, ValueError, RuntimeError):
            self._lost()
            return
        finally:
            for end in ends:  # (its death closes the pipes)
                end.close()

    def __enter__(self) -> LaneSolver:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the child at once: its job, if any, is already stopped or of no use."""
        self._lost()

    def solve(self, state: cf.CanfieldState, time_limit: float) -> Solution:
        """`engines.solvers.canfield.solve` on both lanes: the first decided answer, with the
        seconds until it was known here, and the positions lane 0 searched plus lane 1's when
        its answer came (when lane 0 decides first, lane 1's stopped work is not waited for)."""
        start = time.perf_counter()
        self.decided_by = None
        if self.usable and restarts_run(state):
            if self.child is None:
                self._start()
            if self.jobs is not None:
                self.ticket += 1
                answer = self._both(state, time_limit, start)
                if answer is not None:
                    return answer
        answer = solve(state, time_limit)
        self.decided_by = 0 if answer.result in DECIDED else None
        return answer

    def _both(self, state: cf.CanfieldState, time_limit: float, start: float) -> Solution | None:
        """`solve` on both lanes; None if the child cannot be reached."""
        ticket = self.ticket
        # (The deadline on the wall clock, which both processes read alike.)
        if not self._send((ticket, state.to_dict(), time.time() + time_limit)):
            return None
        heard: list[Solution] = []  # lane 1's answer, once it came
        noticed = [0.0]

        def other_decided() -> bool:
            if not heard:
                got = self._receive(ticket, within=None)
                if got is not None:
                    heard.append(got)
                    noticed[0] = time.perf_counter() - start
            return bool(heard) and heard[0].result in DECIDED

        share = None if self.mailbox is None else self.mailbox.share(ticket)
        own = solve(state, time_limit, stop=other_decided, share=share)
        own_at = time.perf_counter() - start
        self.stopped.value = ticket
        if own.result in DECIDED:  # (lane 1's answer is dropped when it comes)
            self.decided_by = 0
            return Solution(own.result, own.moves, own.nodes + sum(x.nodes for x in heard), own_at)
        if not heard:
            got = self._receive(ticket, within=max(0.0, start + time_limit - time.perf_counter()))
            heard.append(got if got is not None else Solution("unknown", [], 0, 0.0))
            noticed[0] = time.perf_counter() - start
        other = heard[0]
        nodes = own.nodes + other.nodes
        if other.result in DECIDED:
            self.decided_by = 1
            return Solution(other.result, other.moves, nodes, noticed[0])
        return Solution("unknown", [], nodes, time.perf_counter() - start)

    def _send(self, job: tuple) -> bool:
        if self.jobs is None:
            return False
        try:
            self.jobs.send(job)
        except OSError:
            self._lost()
            return False
        return True

    def _receive(self, ticket: int, *, within: float | None) -> Solution | None:
        """Lane 1's answer to `ticket` (answers to earlier ones are dropped), or None: none yet
        (`within` None: not waited for), none within `within` + GRACE seconds (lane 1 then
        counts as lost), or the child is gone."""
        deadline = time.perf_counter() + (0.0 if within is None else within + GRACE)
        try:
            while self.jobs is not None:
                if not self.jobs.poll(max(0.0, deadline - time.perf_counter())):
                    if within is not None:
                        self._lost()
                    return None
                got_ticket, answer = self.jobs.recv()
                if got_ticket == ticket:
                    return answer
        except (OSError, EOFError):
            self._lost()
        return None

    def _lost(self) -> None:
        """Without the child (it failed, or the solver is closed): lane 0 goes on alone."""
        self.usable = False
        if self.jobs is not None:
            self.jobs.close()
            self.jobs = None
        if self.child is not None:
            self.child.kill()
            self.child.join()
            self.child = None
        if self.mailbox is not None:
            self.mailbox.close()
            self.mailbox = None
