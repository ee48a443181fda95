"""Computer players. Pure, standard library only; they see a seat's `view`, never a real state.

    KINDS                 the seat kinds a computer can play ("random", "easy", "medium", "hard")
    BUDGET_S              kind -> thinking time in seconds a search player may use
    choose_move(game, kind, view, seed_or_rng, budget_s=None) -> a legal move of the viewing seat

Every kind reasons about hidden cards only through `game.determinize(view, rng)`. Until the search
players exist, every kind plays the random player (`engines.ai.random_player`): a real baseline,
uniform over the legal moves.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from engines.ai import random_player

KINDS: tuple[str, ...] = ("random", "easy", "medium", "hard")
BUDGET_S: dict[str, float] = {"random": 0.0, "easy": 0.05, "medium": 0.3, "hard": 1.5}

_PLAYERS = {
    "random": random_player.choose_move,
    "easy": random_player.choose_move,
    "medium": random_player.choose_move,
    "hard": random_player.choose_move,
}


def choose_move(
    game: ModuleType,
    kind: str,
    view: dict[str, Any],
    seed_or_rng: int | random.Random,
    budget_s: float | None = None,
) -> Any:
    """The move a computer seat of `kind` makes seeing `view` (of the seat to move).

    `seed_or_rng`: an int seed (the same seed and view give the same move) or a random.Random to
    draw from. `budget_s`: thinking time, BUDGET_S[kind] when None. ValueError for an unknown kind
    or a view without a move to make.
    """
    if kind not in _PLAYERS:
        raise ValueError(f"unknown computer kind {kind!r} (known: {', '.join(KINDS)})")
    if isinstance(seed_or_rng, random.Random):
        rng = seed_or_rng
    elif isinstance(seed_or_rng, int) and not isinstance(seed_or_rng, bool):
        rng = random.Random(seed_or_rng)
    else:
        raise ValueError(f"seed_or_rng must be an int or a random.Random, not {seed_or_rng!r}")
    budget = BUDGET_S[kind] if budget_s is None else budget_s
    return _PLAYERS[kind](game, view, rng, budget)


__all__ = ["BUDGET_S", "KINDS", "choose_move"]
