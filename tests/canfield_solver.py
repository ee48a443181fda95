"""A small depth-first Canfield solver for tests: finds a winning line so that tests can play a whole
game to the win through the user interface (mouse only, keyboard only)."""

from __future__ import annotations

import sys
import time

from engines import canfield
from engines.core import Move


def _key(state: canfield.CanfieldState) -> tuple:
    """Positions equal up to the order of the tableau piles are the same for the search."""
    return (
        state.foundations,
        state.reserve,
        tuple(sorted(state.tableau)),
        state.stock,
        state.waste,
    )


def _order(move: Move) -> tuple:
    return (
        not move.dst.startswith("foundation"),
        move.src != "reserve",
        "stock" in (move.src, move.dst),
    )


def solve(state: canfield.CanfieldState, seconds: float = 5.0) -> list[Move] | None:
    """A list of moves that wins from `state`, or None if none was found in time."""
    deadline = time.perf_counter() + seconds
    seen: set[tuple] = set()
    path: list[Move] = []

    def search(s: canfield.CanfieldState) -> bool:
        if s.is_over():
            return True
        if time.perf_counter() > deadline or _key(s) in seen:
            return False
        seen.add(_key(s))
        for move in sorted(s.legal_moves(), key=_order):
            path.append(move)
            if search(s.apply(move)):
                return True
            path.pop()
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return list(path) if search(state) else None
    finally:
        sys.setrecursionlimit(limit)
