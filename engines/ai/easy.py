"""The easy player: greedy, one move deep, with a little noise.

It samples a few deals consistent with its view (`game.determinize`), tries each of its options
(see `heuristics.options`) in every sample, and plays the one whose evaluation leaves it furthest
ahead of the best other seat on average, give or take some noise so it does not always fall into
the same trap. It never looks at the replies: that is what makes it easy. Its work is a fixed
number of evaluations, not a clock, so the same view and seed give the same move.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from engines.ai import heuristics

SAMPLES = 3
NOISE = 0.6  # standard deviation, in points, added to every option's average margin


def choose_move(
    game: ModuleType, view: dict[str, Any], rng: random.Random, budget_s: float = 0.0
) -> Any:
    """The greedy move for the seat that `view` belongs to; `budget_s` is unused (fixed work)."""
    heuristic = heuristics.for_game(game.name)
    seat = view.get("seat", 0)
    samples = [game.determinize(view, rng) for _ in range(SAMPLES)]
    if samples[0].current_player != seat:
        raise ValueError(f"{game.name}: it is not seat {seat}'s turn in this view")
    options = heuristic.options(samples[0])
    if not options:
        raise ValueError(f"{game.name}: there is no legal move to choose")
    best, best_score = None, float("-inf")
    for move in options.values():
        total = 0.0
        for state in samples:
            total += _margin(heuristic, state.apply(move), seat)
        score = total / SAMPLES + rng.gauss(0.0, NOISE)
        if score > best_score:
            best, best_score = move, score
    return best


def _margin(heuristic: heuristics.Heuristic, state: Any, seat: int) -> float:
    """How far `seat` is ahead of the best other seat: final scores once over, else the estimate."""
    points = [float(p) for p in state.scores()] if state.is_over() else heuristic.points(state)
    if len(points) == 1:
        return points[0]
    return points[seat] - max(p for i, p in enumerate(points) if i != seat)
