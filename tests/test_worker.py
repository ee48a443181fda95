"""The thinking worker (game/worker.py), for real: a spawned child process runs the jobs.

The job functions live here, at module level: the child imports this module by name
(`test_worker`, tests/ being on sys.path, which the spawned child inherits), so they must not
pull in pygame or the app. Every test gets its own Worker and closes it.
"""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest

from game.worker import Worker, WorkerCrashed

# -- jobs (run in the child) ---------------------------------------------------------------------


def add(a: int, b: int) -> int:
    return a + b


def nap(seconds: float, value: object = None) -> object:
    time.sleep(seconds)
    return value


def fail(message: str) -> None:
    raise ValueError(message)


def pid() -> int:
    return os.getpid()


def loaded(name: str) -> bool:
    return name in sys.modules


def canals_playouts(seconds: float, seed: int) -> int:
    """Real engine work: random Canals moves for `seconds`; how many were applied."""
    import random

    import engines

    game = engines.get("canals")
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    moves = 0
    while time.perf_counter() < deadline:
        state = game.new_game(seed=rng.randrange(1_000_000))
        while not state.is_over() and time.perf_counter() < deadline:
            state = state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return moves


# -- helpers -------------------------------------------------------------------------------------


@pytest.fixture
def worker():
    w = Worker()
    yield w
    w.close()


def results(worker: Worker, owner: object, timeout: float = 10.0) -> list:
    """Poll (as a frame loop would) until owner's wanted work is done; everything handed out."""
    got: list = []
    deadline = time.monotonic() + timeout
    while worker.busy(owner):
        got += worker.poll(owner)
        assert time.monotonic() < deadline, "the worker never finished"
        time.sleep(0.002)
    return got + worker.poll(owner)


# -- tests ---------------------------------------------------------------------------------------


def test_results_come_back_keyed_and_once(worker):
    owner = object()
    assert not worker.busy(owner) and worker.poll(owner) == []
    worker.submit(owner, ("pos", 3), add, 2, 3)
    assert worker.busy(owner)
    assert results(worker, owner) == [(("pos", 3), 5)]
    assert worker.poll(owner) == []  # handed out once


def test_real_engine_job_in_a_child_without_pygame(worker):
    owner = object()
    assert "pygame" in sys.modules  # here, the parent (conftest imported it)
    worker.submit(owner, "pygame?", loaded, "pygame")
    assert results(worker, owner) == [("pygame?", False)]
    worker.submit(owner, "moves", canals_playouts, 0.2, 7)
    [(key, moves)] = results(worker, owner)
    assert key == "moves" and moves > 50
    worker.submit(owner, "pid", pid)
    assert results(worker, owner)[0][1] != os.getpid()


def test_a_newer_submit_makes_older_work_stale(worker):
    owner = object()
    worker.submit(owner, "running", nap, 0.2, "running")  # starts at once, then goes stale
    worker.submit(owner, "queued", add, 1, 1)  # stale before it ever starts
    worker.submit(owner, "latest", add, 2, 2)
    assert results(worker, owner) == [("latest", 4)]


def test_an_answer_waiting_in_the_pipe_is_stale_once_newer_work_is_asked_for(worker):
    owner = object()
    worker.submit(owner, "warm", add, 0, 0)
    results(worker, owner)  # the child is up
    worker.submit(owner, "old", add, 1, 1)
    time.sleep(0.3)  # its answer is in the pipe, not yet read
    worker.submit(owner, "new", add, 2, 2)  # the submit itself reads the pipe
    assert results(worker, owner) == [("new", 4)]


def test_cancelled_work_never_comes_back(worker):
    owner, other = object(), object()
    worker.submit(owner, "k", nap, 0.2, "late")
    worker.cancel(owner, "some other key")  # not the wanted key: no effect
    assert worker.busy(owner)
    t = time.perf_counter()
    worker.cancel(owner, "k")
    assert time.perf_counter() - t < 0.005  # cancel does not wait for the running job
    assert not worker.busy(owner)
    worker.submit(other, "after", add, 1, 2)  # runs once the cancelled job is over
    assert results(worker, other) == [("after", 3)]
    assert worker.poll(owner) == []

    worker.submit(owner, "a", add, 0, 1)
    worker.submit(other, "b", add, 0, 2)
    results(worker, other)
    worker.cancel(owner)  # a finished, unpolled result is dropped too
    assert worker.poll(owner) == []


def test_owners_do_not_see_each_others_results(worker):
    a, b = object(), object()
    worker.submit(a, "same key", add, 1, 0)
    worker.submit(b, "same key", add, 2, 0)  # another owner: does not supersede a's work
    assert results(worker, b) == [("same key", 2)]
    assert results(worker, a) == [("same key", 1)]


def test_an_exception_comes_back_as_the_result(worker):
    owner = object()
    worker.submit(owner, "k", fail, "no move")
    [(key, exc)] = results(worker, owner)
    assert key == "k" and isinstance(exc, ValueError) and exc.args == ("no move",)
    assert any("in fail" in note for note in exc.__notes__)  # the child's traceback
    worker.submit(owner, "next", add, 1, 1)  # the child carries on
    assert results(worker, owner) == [("next", 2)]


def test_a_job_that_cannot_be_sent_fails_at_submit(worker):
    owner = object()
    with pytest.raises((AttributeError, TypeError, __import__("pickle").PicklingError)):
        worker.submit(owner, "k", lambda: 1)
    assert not worker.busy(owner)


def test_poll_never_blocks_and_close_is_quick(worker):
    owner = object()
    worker.submit(owner, "warm", add, 0, 0)
    results(worker, owner)
    worker.submit(owner, "long", nap, 1.0, "done")
    slowest = 0.0
    end = time.perf_counter() + 0.3
    while time.perf_counter() < end:
        t = time.perf_counter()
        assert worker.poll(owner) == []
        worker.busy(owner)
        slowest = max(slowest, time.perf_counter() - t)
        time.sleep(0.001)
    assert slowest < 0.005, slowest
    t = time.perf_counter()
    worker.close()
    assert time.perf_counter() - t < 0.5
    assert worker.poll(owner) == [] and not worker.busy(owner)


def test_a_killed_worker_is_reported_and_replaced(worker):
    owner = object()
    worker.submit(owner, "pid", pid)
    [(_, first)] = results(worker, owner)
    worker.submit(owner, "doomed", nap, 5.0)
    os.kill(first, signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
    [(key, exc)] = results(worker, owner, timeout=3.0)
    assert key == "doomed" and isinstance(exc, WorkerCrashed)
    worker.submit(owner, "pid", pid)  # the next submit starts a fresh child
    [(_, second)] = results(worker, owner)
    assert second != first


def test_a_worker_killed_while_idle_restarts_on_the_next_submit(worker):
    owner = object()
    worker.submit(owner, "pid", pid)
    [(_, first)] = results(worker, owner)
    os.kill(first, signal.SIGTERM)
    time.sleep(0.05)
    worker.submit(owner, "again", add, 3, 4)
    assert results(worker, owner) == [("again", 7)]
