"""Computer players. Pure, standard library only; they see a seat's `view`, never a real state.

    KINDS                 the seat kinds a computer can play ("random", "easy", "medium", "hard")
    BUDGET_S              kind -> thinking time in seconds a search player may use
    choose_move(game, kind, view, seed_or_rng, budget_s=None, memory=None) -> a legal move of the
        viewing seat; `memory`, a `Memory()` the caller keeps per seat, lets the searches reuse
        their tree between the seat's decisions (see `ismcts`); the other kinds ignore it

Every kind reasons about hidden cards only through `game.determinize(view, rng)`:

    random   `random_player`: uniform over the legal moves, the baseline
    easy     `easy`: greedy on the game's evaluation (`heuristics`), one move deep, a little noise
    medium   `ismcts`: information-set MCTS, 0.3 s a decision
    hard     `ismcts`, 1.5 s a decision
    pimc     `pimc`: flat Monte Carlo at hard's budget, the yardstick for the tree search; not a
             seat kind (not in KINDS), only `cardtable sim` plays it
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from engines.ai import easy, ismcts, pimc, random_player
from engines.ai.ismcts import Memory

KINDS: tuple[str, ...] = ("random", "easy", "medium", "hard")
BUDGET_S: dict[str, float] = {"random": 0.0, "easy": 0.05, "medium": 0.3, "hard": 1.5}
_BUDGETS = {**BUDGET_S, "pimc": BUDGET_S["hard"]}  # the yardstick thinks as long as hard

_PLAYERS = {
    "random": random_player.choose_move,
    "easy": easy.choose_move,
    "medium": ismcts.choose_move,
    "hard": ismcts.choose_move,
    "pimc": pimc.choose_move,
}


def choose_move(
    game: ModuleType,
    kind: str,
    view: dict[str, Any],
    seed_or_rng: int | random.Random,
    budget_s: float | None = None,
    memory: Memory | None = None,
) -> Any:
    """The move a computer seat of `kind` makes seeing `view` (of the seat to move).

    `seed_or_rng`: an int seed or a random.Random to draw from (random and easy: the same seed and
    view give the same move; the searches stop on the clock, so theirs also depends on how far
    they got). `budget_s`: thinking time, BUDGET_S[kind] when None. ValueError for an unknown kind
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
    budget = _BUDGETS[kind] if budget_s is None else budget_s
    if memory is not None and _PLAYERS[kind] is ismcts.choose_move:
        return ismcts.choose_move(game, view, rng, budget, memory=memory)
    return _PLAYERS[kind](game, view, rng, budget)


__all__ = ["BUDGET_S", "KINDS", "Memory", "choose_move"]
