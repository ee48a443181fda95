"""A background writer: files kept up to date with the latest snapshot, off the frame loop.

An autosave of a long game is megabytes, and fsync can take a while on a busy disk; the frame loop
only hands over what to write and goes on. Only the newest content of each file matters, so a
snapshot not yet written is simply replaced by the next one. `flush` waits for everything asked so
far (quitting, a crash, reading a save back); problems are collected for the frame loop to show.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from pathlib import Path

from game import storage

# What to do with a file: render its text and write it atomically, or (None) delete it.
Job = Callable[[], str] | None


class Writer:
    def __init__(self) -> None:
        self._pending: dict[Path, Job] = {}
        self._active = False
        self._problems: list[str] = []
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, path: Path, job: Job) -> None:
        """Ask for `path` to become `job`'s text (or to go, for None); returns at once."""
        with self._cond:
            self._pending[path] = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything asked so far is on disk; False if `timeout` ran out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._active, timeout)

    def problems(self) -> list[str]:
        """Sentences for the player about writes that failed since the last call."""
        with self._cond:
            found, self._problems = self._problems, []
        return found

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path, job = self._pending.popitem()
                self._active = True
            problem = None
            try:
                if job is None:
                    storage.remove(path)
                else:
                    storage.atomic_write_text(path, job())
            except OSError as exc:
                problem = f"Could not save {path.name}: {exc.strerror or exc}"
            except Exception as exc:  # a snapshot that cannot be written is reported, not fatal
                problem = f"Could not save {path.name}: {exc}"
            with self._cond:
                if problem:
                    self._problems.append(problem)
                self._active = False
                self._cond.notify_all()


WRITER = Writer()
atexit.register(WRITER.flush, 30.0)  # however the app ends (short of a kill), nothing asked is lost
