"""The random player: a uniformly random legal move, seeing only a view.

It determinizes the view (`game.determinize(view, rng)`: the hidden cards sampled among those
consistent with it) and picks uniformly among that state's legal moves. The legal moves of the
seat to move never depend on the cards hidden from it, so the pick is uniform over the real
position's legal moves too.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any


def choose_move(
    game: ModuleType, view: dict[str, Any], rng: random.Random, budget_s: float = 0.0
) -> Any:
    """A uniformly random legal move for the seat that `view` belongs to; `budget_s` is unused.

    ValueError if it is not the viewing seat's turn (a view without "seat" is seat 0's) or the
    position has no legal move (the game is over or stuck).
    """
    state = game.determinize(view, rng)
    seat = view.get("seat", 0)
    if state.current_player != seat:
        raise ValueError(f"{game.name}: it is not seat {seat}'s turn in this view")
    pick = getattr(state, "random_move", None)
    if pick is not None:
        move = pick(rng)
    else:
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))] if moves else None
    if move is None:
        raise ValueError(f"{game.name}: there is no legal move to choose")
    return move
