"""Information-set Monte Carlo tree search (single-observer ISMCTS: Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

Why this and not a search per sampled deal: one tree over the searching seat's information set,
every iteration on a deal drawn with `game.determinize(view, rng)` (see `deals`), so the
statistics of a move are pooled over everything the hidden cards could be, and the seat never
acts on a guess it cannot see. A node's children are keyed by `heuristics.options` (moves that
are the same choice share a node). Selection is UCB1 with availability counts: a child's
exploration term grows with the iterations in which it could have been played, not with its
parent's visits, since a hidden hand offers different moves in different deals. A new leaf is
valued by the game's heuristic playout (for Canals: its evaluation at once, no random moves;
elsewhere random moves to the end). The tree is built afresh for every decision.

The budget is thinking time; `max_iterations` caps the work instead, which makes a decision
depend only on the view and the seed (the tests use that).
"""

from __future__ import annotations

import math
import random
import time
from types import ModuleType
from typing import Any

from engines.ai import heuristics
from engines.ai.deals import search_root

EXPLORATION = 0.7


class _Node:
    """A move's statistics: `player` made `move` to reach here; `reward` is summed for `player`."""

    __slots__ = ("avail", "children", "move", "player", "reward", "visits")

    def __init__(self, move: Any, player: int | None) -> None:
        self.move = move
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def choose_move(
    game: ModuleType,
    view: dict[str, Any],
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None = None,
) -> Any:
    """The most visited root move after `budget_s` seconds (or `max_iterations` iterations)."""
    heuristic = heuristics.for_game(game.name)
    deadline = time.perf_counter() + budget_s
    stream, first, root_options = search_root(game, view, rng, heuristic.options)
    if len(root_options) == 1:
        return next(iter(root_options.values()))
    root = _Node(None, None)
    iterations = 0
    state = first
    while True:
        _iterate(root, state, heuristic, rng)
        iterations += 1
        if max_iterations is not None:
            if iterations >= max_iterations:
                break
        elif time.perf_counter() >= deadline:
            break
        state = next(stream)
    # The most visited move; on a tiny budget, when visits tie, the better average.
    key = max(root.children, key=lambda k: (root.children[k].visits, _mean(root.children[k])))
    return root_options[key]


def _iterate(root: _Node, state: Any, heuristic: heuristics.Heuristic, rng: random.Random) -> None:
    """One ISMCTS iteration on the deal `state`: select, expand one child, evaluate, back up."""
    path = [root]
    node = root
    while not state.is_over():
        options = heuristic.options(state)
        if not options:
            break
        mover = state.current_player
        untried = []
        for key in options:
            child = node.children.get(key)
            if child is None:
                untried.append(key)
            else:
                child.avail += 1
        if untried:
            key = untried[rng.randrange(len(untried))]
            child = node.children[key] = _Node(options[key], mover)
            child.avail = 1
            state = state.apply(options[key])
            path.append(child)
            break
        key = max(options, key=lambda k: _ucb(node.children[k]))
        node = node.children[key]
        state = state.apply(options[key])
        path.append(node)
    reward = heuristics.playout(state, heuristic, rng)
    for visited in path:
        visited.visits += 1
        if visited.player is not None:
            visited.reward += reward[visited.player]


def _mean(node: _Node) -> float:
    return node.reward / node.visits


def _ucb(child: _Node) -> float:
    return child.reward / child.visits + EXPLORATION * math.sqrt(
        math.log(child.avail) / child.visits
    )
