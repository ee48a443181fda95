"""The thinking worker: engine work (computer moves, hints, the solver) off the frame loop.

Why a process and not a thread: the jobs are CPU-bound pure Python, and a thread holding the GIL
makes the frame loop wait up to the switch interval (5 ms) every time it wakes from
`clock.tick(60)`. Measured on the 2-core target with 60 card blits at 1920×1080 and 2 s of Canals
playouts: a thread stretched the frame interval from 16.0 to 21.5 ms (~47 FPS); one spawned
process left it at 16.0 ms and the frame's own work unchanged. So there is one long-lived child,
started lazily on the first submit (~60 ms until a first result) and reused; even trivial jobs go
there, as a warm round trip costs ~0.1 ms.

Why "spawn": a forked child would inherit pygame, SDL and the window. The child imports only this
module and the job's own module (engines), never pygame; jobs are therefore module-level functions
with plain picklable arguments (engine names, view dicts, seeds, budgets).

Why the parent keeps the queue: the child gets one job at a time, so work that went stale before
it started (superseded or cancelled) never runs. A running job cannot be stopped (jobs carry their
own time budgets); its result is simply dropped. Everything happens inside `submit`, `poll`,
`busy` and `cancel`, called from the frame loop, with non-blocking pipe reads only; the one thread
is short-lived and only starts the child (see `_child_ready`).
"""

from __future__ import annotations

import contextlib
import pickle
import threading
import traceback
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

from game.interrupts import children_deaf_to_ctrl_c, ignore_ctrl_c

JOIN_SECONDS = 0.15  # per step of close() (a start under way, terminate, kill): ≤ ~0.45 s


class WorkerCrashed(RuntimeError):
    """The result of a job whose worker process died while running it."""


class Worker:
    """Runs `fn(*args)` in one child process; results are keyed and handed out per owner."""

    def __init__(self) -> None:
        self._proc: Any = None  # multiprocessing's SpawnProcess, imported lazily (start-up time)
        self._conn: Any = None  # our end of the duplex pipe to the child
        self._starter: threading.Thread | None = None  # starting the child, see _child_ready
        self._started: tuple[Any, Any] | BaseException | None = None  # what the starter made
        self._next_id = 0
        self._queue: deque[tuple[int, object, Hashable, bytes]] = deque()
        self._running: tuple[int, object, Hashable] | None = None
        self._wanted: dict[object, int] = {}  # owner -> the job id whose answer it still wants
        self._done: dict[object, list[tuple[Hashable, Any]]] = {}

    # -- the API the scenes use ------------------------------------------------------------------

    def submit(self, owner: object, key: Hashable, fn: Callable[..., Any], *args: Any) -> None:
        """Run fn(*args) off the frame loop; a newer submit by `owner` makes its older
        unfinished work stale. fn and args are pickled here, so a job that cannot cross to the
        process fails at once, in the caller's frame (TypeError / pickle.PicklingError)."""
        payload = _dumps((fn, args))
        self._next_id += 1
        job = self._next_id
        self._wanted[owner] = job  # before any pumping: an older answer now in the pipe is stale
        self._queue = deque(q for q in self._queue if q[1] != owner)  # stale before it started
        self._queue.append((job, owner, key, payload))
        self._pump()

    def poll(self, owner: object) -> list[tuple[Hashable, Any]]:
        """Finished (key, result) pairs for `owner`, each once; a job that raised gives its
        exception instance. Cheap enough for every frame: one non-blocking pipe check."""
        self._pump()
        return self._done.pop(owner, [])

    def cancel(self, owner: object, key: Hashable | None = None) -> None:
        """Drop interest in owner's work (all of it if key is None); never blocks."""
        job = self._wanted.get(owner)
        if job is not None and (key is None or self._job_key(job) == key):
            del self._wanted[owner]
            self._queue = deque(q for q in self._queue if q[0] != job)
        if key is None:
            self._done.pop(owner, None)
        elif owner in self._done:
            self._done[owner] = [r for r in self._done[owner] if r[0] != key]

    def busy(self, owner: object) -> bool:
        """Owner has wanted work queued or running (stale work does not count)."""
        self._pump()
        return owner in self._wanted

    def close(self) -> None:
        """Stop the child (app exit): terminate, then kill; returns within ~0.45 s."""
        self._queue.clear()
        self._wanted.clear()
        self._done.clear()
        self._running = None
        if self._starter is not None:  # a start under way takes ~20 ms; adopt it, then end it
            self._starter.join(JOIN_SECONDS)
            self._starter = None
            started, self._started = self._started, None
            if isinstance(started, tuple):
                self._proc, self._conn = started
        self._stop_child()

    # -- the parent's side of the pipe -----------------------------------------------------------

    def _job_key(self, job: int) -> Hashable | None:
        if self._running is not None and self._running[0] == job:
            return self._running[2]
        return next((q[2] for q in self._queue if q[0] == job), None)

    def _pump(self) -> None:
        """Take every finished result off the pipe; notice a dead child; start the next job."""
        while self._conn is not None:
            try:
                if not self._conn.poll(0):
                    break
                data = self._conn.recv_bytes()
            except (EOFError, OSError):  # the child died: its pipe end is closed
                self._crashed()
                break
            try:
                ok, result = pickle.loads(data)
            except Exception as exc:  # e.g. an exception class that cannot be rebuilt here
                ok, result = False, exc
            self._finish(result if ok else _as_exception(result))
        self._dispatch()

    def _finish(self, result: Any) -> None:
        """The running job is over (the child runs one at a time, so replies need no id)."""
        if self._running is not None:
            job, owner, key = self._running
            self._running = None
            self._deliver(job, owner, key, result)

    def _deliver(self, job: int, owner: object, key: Hashable, result: Any) -> None:
        if self._wanted.get(owner) == job:
            del self._wanted[owner]
            self._done.setdefault(owner, []).append((key, result))

    def _crashed(self) -> None:
        code = self._stop_child()
        self._finish(WorkerCrashed(f"the worker process died (exit code {code})"))

    def _dispatch(self) -> None:
        """Hand the oldest queued job to the child if it is idle, (re)starting it if needed."""
        if self._running is not None or not self._queue:
            return
        if self._conn is None and not self._child_ready():
            return
        job, owner, key, payload = self._queue.popleft()
        self._running = (job, owner, key)
        try:
            self._conn.send_bytes(payload)
        except OSError:  # it died between jobs; the next dispatch starts a fresh one
            self._crashed()

    def _child_ready(self) -> bool:
        """Start the child from a short-lived thread, so the ~20 ms of `import multiprocessing`
        and `Process.start()` overlap the frame loop's sleep instead of delaying one frame
        (measured: the first submit's frame 8–16 ms late inline, at most 3 ms this way)."""
        if self._starter is None:
            self._starter = threading.Thread(target=self._start_child, name="worker-start")
            self._starter.daemon = True
            self._starter.start()
            return False
        if self._starter.is_alive():
            return False
        self._starter = None
        started, self._started = self._started, None
        if isinstance(started, BaseException):  # no process at all: fail the work, not the frame
            while self._queue:
                job, owner, key, _ = self._queue.popleft()
                self._deliver(job, owner, key, WorkerCrashed(f"no worker process: {started!r}"))
            return False
        self._proc, self._conn = started
        return True

    def _start_child(self) -> None:
        """In the starter thread: its only write to shared state is `_started`, at the end."""
        try:
            import multiprocessing

            ctx = multiprocessing.get_context("spawn")
            ours, theirs = ctx.Pipe(duplex=True)
            proc = ctx.Process(target=_serve, args=(theirs,), name="cardtable-worker")
            proc.daemon = True  # multiprocessing's atexit ends it if close() is never called
            with children_deaf_to_ctrl_c():
                proc.start()
            theirs.close()  # only the child holds that end now, so its death reads as EOF here
            self._started = (proc, ours)
        except Exception as exc:
            self._started = exc

    def _stop_child(self) -> int | None:
        """End the child (terminate, then kill) and forget it; its exit code, if known."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is None:
            return None
        if proc.is_alive():
            proc.terminate()
            proc.join(JOIN_SECONDS)
            if proc.is_alive():
                proc.kill()
                proc.join(JOIN_SECONDS)
        code = proc.exitcode
        with contextlib.suppress(ValueError):  # not reaped yet after the kill: the OS will
            proc.close()
        return code


# -- the child's side ----------------------------------------------------------------------------


def _serve(conn: Any) -> None:
    """The child's loop: one job at a time, until the pipe closes (deaf to Ctrl+C: see
    `game.interrupts`)."""
    ignore_ctrl_c()
    while True:
        try:
            payload = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            fn, args = pickle.loads(payload)
            reply: tuple[bool, Any] = (True, fn(*args))
        except BaseException as exc:
            exc.add_note("".join(traceback.format_exception(exc)).rstrip())  # the child's stack
            reply = (False, exc)
        try:
            data = _dumps(reply)
        except Exception as exc:  # an unpicklable result or exception
            data = _dumps((False, TypeError(f"the job's result cannot be sent back: {exc!r}")))
        try:
            conn.send_bytes(data)
        except OSError:
            return


def _dumps(value: Any) -> bytes:
    return pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


def _as_exception(value: Any) -> BaseException:
    return value if isinstance(value, BaseException) else RuntimeError(repr(value))
