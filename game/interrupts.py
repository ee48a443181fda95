"""Ctrl+C and child processes: the parent alone answers it.

Ctrl+C in a terminal reaches every process of the foreground group, children included. A child
(the app's worker, the solver's second lane, `sim`'s and the survey's pool) must not die of it
with a traceback: its parent decides when it ends. So children are started with SIGINT blocked
(a spawned child inherits the signal mask, and so cannot be interrupted while it starts up), and
each ignores it, then lifts the block, as its first step. A Ctrl+C meanwhile reaches the parent
as soon as its own block lifts. The standard library's resource tracker starts the same way.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

_MASKS = hasattr(signal, "pthread_sigmask")  # (POSIX; Windows has no signal masks)


@contextmanager
def children_deaf_to_ctrl_c() -> Iterator[None]:
    """Start child processes inside this (from any thread: the mask is the calling thread's)."""
    if not _MASKS:
        yield
        return
    from multiprocessing import resource_tracker

    # Its first start (at a spawned child's) blocks SIGINT and then unblocks it, which would
    # undo the block below: so it is started first.
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, ())  # (the mask as it is: blocking nothing)
    try:  # (a Ctrl+C pending when the block lands is raised there: the mask is still restored)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def pool_deaf_to_ctrl_c(workers: int) -> Iterator[Pool]:
    """A pool of `workers` spawned processes that ignore Ctrl+C, ended however the block ends (a
    Ctrl+C that waited for the block to lift included)."""
    import multiprocessing

    pool = None
    try:
        with children_deaf_to_ctrl_c():
            pool = multiprocessing.get_context("spawn").Pool(workers, initializer=ignore_ctrl_c)
        yield pool
    finally:
        if pool is not None:
            pool.terminate()


def ignore_ctrl_c() -> None:
    """A child's first step: ignore SIGINT from now on, then lift the block it started with."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _MASKS:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
