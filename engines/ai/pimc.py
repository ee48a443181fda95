"""Flat Monte Carlo over sampled deals (perfect-information Monte Carlo, PIMC): the baseline the
tree search has to beat at the same budget.

Every iteration samples a deal consistent with the view, takes the next root option in turn and
values it with the same heuristic playout the tree search uses. It plays the option with the best
average. It has no opponent model beyond the playout, which is exactly what the comparison
measures. `max_iterations` caps the work instead of the clock (a deterministic decision).
"""

from __future__ import annotations

import random
import time
from types import ModuleType
from typing import Any

from engines.ai import heuristics
from engines.ai.collector import held_off
from engines.ai.deals import search_root


@held_off
def choose_move(
    game: ModuleType,
    view: dict[str, Any],
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None = None,
) -> Any:
    """The root option with the best mean playout reward after `budget_s` seconds."""
    heuristic = heuristics.for_game(game.name)
    deadline = time.perf_counter() + budget_s
    seat = view.get("seat", 0)
    stream, state, choices = search_root(game, view, rng, heuristic.options)
    options = list(choices.values())
    if len(options) == 1:
        return options[0]
    totals = [0.0] * len(options)
    counts = [0] * len(options)
    iterations = 0
    while True:
        i = iterations % len(options)
        totals[i] += heuristics.playout(state.apply(options[i]), heuristic, rng)[seat]
        counts[i] += 1
        iterations += 1
        if max_iterations is not None:
            if iterations >= max_iterations:
                break
        elif time.perf_counter() >= deadline:
            break
        state = next(stream)
    best = max(range(len(options)), key=lambda j: totals[j] / counts[j] if counts[j] else -1.0)
    return options[best]
