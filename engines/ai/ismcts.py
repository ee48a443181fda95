"""Information-set Monte Carlo tree search (single-observer ISMCTS: Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), with the game's evaluation as a
prior.

Why this and not a search per sampled deal: one tree over the searching seat's information set,
every iteration on a deal drawn with `game.determinize(view, rng)` (see `deals`), so the
statistics of a move are pooled over everything the hidden cards could be, and the seat never
acts on a guess it cannot see. A node's children are keyed by `heuristics.options` (moves that
are the same choice share a node). Selection is UCB1 with availability counts: a child's
exploration term grows with the iterations in which it could have been played, not with its
parent's visits, since a hidden hand offers different moves in different deals.

Why a prior: with plain expansion (one random untried child per iteration) a few hundred
iterations leave every node's value the average over random replies and random continuations of
the mover's own multi-step turn (Orchard's grow and capture steps, Sandcastles' declarations), and
the search played worse than the greedy `easy` player. So when the search reaches a node it
creates every child at once, each valued by the game's evaluation of the state it leads to
(`heuristics.value`) and starting with PRIOR_VISITS virtual visits at that value (progressive
bias). The first UCB pick is then the greedy move, the search only leaves it when the replies
say so, and the leaf of an iteration is the new child's evaluation. The root's priors are
averaged over ROOT_SAMPLES deals first (what `easy` does with its samples), so the search starts
from at least the greedy move; one deal's evaluation is too noisy where the hidden cards matter
(the value of another seat's declared attack in Sandcastles).

Why a memory: a seat often decides several times in a row without learning anything (Orchard's
condense, grow and capture steps and their `done`, Sandcastles' declarations and setup inserts).
The subtree under the move it chose already holds the search of the next decision, over deals that
are still exactly its information set. So the caller may keep a `Memory` per seat: after a
decision it holds that subtree and the view the seat will see next, if the move shows it nothing
new (the view after the move is the same in every deal tried; a draw or a reply is not); the next
decision whose view is exactly that one starts from the subtree instead of an empty tree. Any other
view starts afresh, so a stale memory costs nothing but its own check.

The budget is thinking time; `max_iterations` caps the work instead, which makes a decision
depend only on the view, the seed and the memory given (the tests use that).
"""

from __future__ import annotations

import math
import random
import time
from types import ModuleType
from typing import Any

from engines.ai import heuristics
from engines.ai.collector import held_off
from engines.ai.deals import search_root

EXPLORATION = 0.7
PRIOR_VISITS = 3.0  # virtual visits a new child starts with, valued by the evaluation of its state
EXPAND_ALL = True
ROOT_SAMPLES = 4  # deals the root's priors are averaged over
NEXT_VIEW_SAMPLES = (
    4  # deals that must agree on the view after the chosen move, to keep its subtree
)


class _Node:
    """A move's statistics: `player` made `move` to reach here; `reward` is summed for `player`;
    `value` is the evaluation (every seat) of the state it led to when it was created."""

    __slots__ = ("avail", "children", "move", "player", "reward", "value", "visits")

    def __init__(self, move: Any, player: int | None) -> None:
        self.move = move
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0.0
        self.avail = 0
        self.reward = 0.0
        self.value: list[float] | None = None


class Memory:
    """What a searching seat keeps between its decisions (see the module's docstring): the subtree
    under its last move and the view that subtree is the search of; both None when there is none."""

    __slots__ = ("node", "view")

    def __init__(self) -> None:
        self.node: _Node | None = None
        self.view: dict[str, Any] | None = None

    def recall(self, view: dict[str, Any], legal: set[Any]) -> _Node | None:
        """The kept subtree if it is the search of `view` and holds every option in `legal`
        (the keys of the mover's options); it is handed out once."""
        node, kept = self.node, self.view
        self.node = self.view = None
        if node is None or kept != view or not legal <= node.children.keys():
            return None
        return node


@held_off
def choose_move(
    game: ModuleType,
    view: dict[str, Any],
    rng: random.Random,
    budget_s: float,
    max_iterations: int | None = None,
    memory: Memory | None = None,
) -> Any:
    """The most visited root move after `budget_s` seconds (or `max_iterations` iterations);
    `memory`, when given, is read and then kept for this seat's next decision."""
    heuristic = heuristics.for_game(game.name)
    deadline = time.perf_counter() + budget_s
    stream, first, root_options = search_root(game, view, rng, heuristic.options)
    root = memory.recall(view, set(root_options)) if memory is not None else None
    if len(root_options) == 1:
        key, move = next(iter(root_options.items()))
        if root is not None:  # a forced move: nothing to search, but its subtree may be kept
            _remember(memory, root.children[key], move, first, stream)
        return move
    if root is None:
        root = _Node(None, None)
    state = _root_priors(root, first, stream, heuristic, deadline - 0.8 * budget_s, max_iterations)
    iterations = 0
    while True:
        _iterate(root, state, heuristic, rng)
        iterations += 1
        if max_iterations is not None:
            if iterations >= max_iterations:
                break
        elif time.perf_counter() >= deadline:
            break
        state = next(stream)
    key = max(root_options, key=lambda k: (root.children[k].visits, _mean(root.children[k])))
    if memory is not None:
        _remember(memory, root.children[key], root_options[key], state, stream)
    return root_options[key]


def _remember(memory: Memory, node: _Node, move: Any, state: Any, stream: Any) -> None:
    """Keep `node` for the mover's next decision if `move` shows it nothing new: in
    NEXT_VIEW_SAMPLES deals the move leaves the same mover to move and the same view."""
    seat = state.current_player
    seen = None
    for _ in range(NEXT_VIEW_SAMPLES):
        after = state.apply(move)
        if after.is_over() or after.current_player != seat:
            return
        view = after.view(seat)
        if seen is None:
            seen = view
        elif view != seen:
            return
        state = next(stream)
    memory.node, memory.view = node, seen


def _root_priors(
    root: _Node,
    first: Any,
    stream: Any,
    heuristic: heuristics.Heuristic,
    stop_at: float,
    max_iterations: int | None,
) -> Any:
    """The root's children, valued like `easy` values its options: the evaluation after each move,
    averaged over up to ROOT_SAMPLES deals (a fifth of the budget at most, unless the work is
    capped instead). A kept root (see `Memory`) keeps the children it has searched: only those
    that hold nothing but the one deal's prior they were created with are valued again. Returns
    the next deal for the search."""
    mover = first.current_player
    totals: dict[Any, list[float]] = {}
    counts: dict[Any, int] = {}
    searched = {key for key, child in root.children.items() if child.visits > PRIOR_VISITS}
    state = first
    for sample in range(ROOT_SAMPLES):
        for key, move in heuristic.options(state).items():
            if key in searched:
                continue
            value = heuristics.value(state.apply(move), heuristic)
            if key in totals:
                totals[key] = [a + b for a, b in zip(totals[key], value, strict=True)]
                counts[key] += 1
            else:
                if key not in root.children:
                    root.children[key] = _Node(move, mover)
                totals[key], counts[key] = value, 1
        state = next(stream)
        if max_iterations is None and sample and time.perf_counter() >= stop_at:
            break
    for key, total in totals.items():
        child = root.children[key]
        child.value = [v / counts[key] for v in total]
        child.visits = PRIOR_VISITS
        child.reward = PRIOR_VISITS * child.value[mover]
    return state


def _iterate(root: _Node, state: Any, heuristic: heuristics.Heuristic, rng: random.Random) -> None:
    """One ISMCTS iteration on the deal `state`: select, expand, evaluate, back up."""
    path = [root]
    node = root
    reward = None
    while not state.is_over():
        options = heuristic.options(state)
        if not options:
            break
        mover = state.current_player
        children = node.children
        fresh = False
        created = set()
        for key, move in options.items():
            child = children.get(key)
            if child is None:
                if not EXPAND_ALL and fresh:
                    continue
                child = children[key] = _Node(move, mover)
                value = heuristics.value(state.apply(move), heuristic)
                child.value = value
                child.visits = PRIOR_VISITS
                child.reward = PRIOR_VISITS * value[mover]
                fresh = True
                created.add(key)
            child.avail += 1
        key = max(options, key=lambda k: _ucb(children[k]))
        node = children[key]
        state = state.apply(options[key])
        path.append(node)
        if node.visits <= PRIOR_VISITS:  # a leaf: never visited but for its prior
            reward = node.value if key in created else heuristics.playout(state, heuristic, rng)
            break
    if reward is None:
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
