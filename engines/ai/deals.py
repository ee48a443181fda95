"""Deals consistent with a view, for the searches: fresh ones first, then the same ones again.

Sampling a deal (`game.determinize`, which also checks that the deal shows exactly the view) costs
as much as the rest of an iteration. A search that has drawn POOL deals has seen the hidden cards'
spread well enough; going round those deals again doubles the iterations in the same time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

POOL = 64


def deals(game: ModuleType, view: dict[str, Any], rng: random.Random) -> Iterator[Any]:
    """An endless stream of full states whose view is `view`: POOL fresh ones, then them again."""
    pool = []
    for _ in range(POOL):
        state = game.determinize(view, rng)
        pool.append(state)
        yield state
    while True:
        yield from pool


def search_root(game: ModuleType, view: dict[str, Any], rng: random.Random, options: Any) -> tuple:
    """What every search starts from: the stream of deals, its first deal, and the mover's
    options there (`options(state) -> {key: move}`); ValueError if the view's seat cannot move."""
    seat = view.get("seat", 0)
    stream = deals(game, view, rng)
    first = next(stream)
    if first.current_player != seat:
        raise ValueError(f"{game.name}: it is not seat {seat}'s turn in this view")
    choices = options(first)
    if not choices:
        raise ValueError(f"{game.name}: there is no legal move to choose")
    return stream, first, choices
