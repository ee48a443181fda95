"""What the computer players know about a game beyond its rules, looked up by the game's name.

A search is only as strong as the positions it can tell apart, so each game may bring:

- `points(state)`: each seat's expected final points in a (determinized) state; the greedy player
  maximises it, the searches evaluate their leaves with it instead of a long random playout.
- `deep_points(state)`: where a game has one, what the searches evaluate with instead: `points`
  and a look at what the next round can take (Sandcastles' attacks). The greedy `easy` player
  keeps the small evaluation: it is the baseline the searches are measured against.
- `options(state)`: the mover's legal moves that are worth telling apart, keyed by what makes them
  different. Canals has hundreds of legal moves a turn, but a card's rank never matters for the
  score (only spring, canal or fountain does), and a face-up card only tells the other side what it
  is, so a search over (kind, side, column) face down sees some 30 choices instead of 500.

Games without an entry get the generic fallback: every legal move on its own, `state.scores()` as
the evaluation, random playouts to the end. Everything here uses only the public engine API
(`legal_moves`, `scores`, `to_dict`, the per-game helpers the contract names).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engines import canals, orchard, sandcastles
from engines.cards import FULL_DECK

Options = dict[Hashable, Any]


@dataclass(frozen=True)
class Heuristic:
    """One game's knowledge. `playout_moves`: random moves before a leaf is evaluated (None: play
    to the end); `scale`: the points difference that makes a position clearly won; `deep_points`:
    the searches' evaluation where it looks further than `points` (None: `points`)."""

    points: Callable[[Any], list[float]]
    options: Callable[[Any], Options]
    playout_moves: int | None
    scale: float
    deep_points: Callable[[Any], list[float]] | None = None


def _generic_points(state: Any) -> list[float]:
    return [float(s) for s in state.scores()]


def _generic_options(state: Any) -> Options:
    return {move: move for move in state.legal_moves()}


GENERIC = Heuristic(_generic_points, _generic_options, playout_moves=None, scale=5.0)


# ------------------------------------------------------------------------------------- Canals

_CANALS_KIND = {code: canals.kind(code) for code in FULL_DECK}


def _canals_options(state: Any) -> Options:
    """Face-down placements, one per (kind of card, side, column): the rest are the same move."""
    d = state.to_dict()
    mover = d["current_player"]
    if mover is None:
        return {}
    widths = [len(columns) for columns in d["sides"]]
    found: Options = {}
    for card in d["hands"][mover]:
        k = _CANALS_KIND[card]
        if (k, mover, None) in found:
            continue
        found[(k, mover, None)] = canals.Place(card, mover, None, False)
        for side in (0, 1):
            for column in range(widths[side]):
                found[(k, side, column)] = canals.Place(card, side, column, False)
    return found


def _canals_points(state: Any) -> list[float]:
    """Scored columns count in full; an open one (a spring and canals so far) counts its length
    plus the fountain, times the chance its owner closes it before the other side spoils it."""
    d = state.to_dict()
    min_canals = d["options"]["min_canals"]
    mover = d["current_player"]
    fountains, springs = [0, 0], [0, 0]
    for seat, hand in enumerate(d["hands"]):
        for code in hand:
            k = _CANALS_KIND[code]
            if k == canals.FOUNTAIN:
                fountains[seat] += 1
            elif k == canals.SPRING:
                springs[seat] += 1
    points = [0.0, 0.0]
    for side, columns in enumerate(d["sides"]):
        for column in columns:
            points[side] += _canals_column(
                [_CANALS_KIND[c["card"]] for c in column],
                min_canals,
                own_turn=mover == side,
                has_fountain=fountains[side] > 0,
                threatened=springs[1 - side] > 0,
            )
        # An unplayed spring with a fountain to match is a column still to come.
        points[side] += 0.8 * min(springs[side], fountains[side])
    return points


def _canals_column(
    kinds: list[str], min_canals: int, *, own_turn: bool, has_fountain: bool, threatened: bool
) -> float:
    if kinds[0] != canals.SPRING:
        return 0.0
    run = 0
    for i in range(1, len(kinds)):
        k = kinds[i]
        if k == canals.CANAL:
            run += 1
        elif k == canals.SPRING:
            return 0.0
        else:
            return float(i + 1) if run >= min_canals else 0.0
    chance = (0.8 if own_turn else 0.6) if has_fountain else 0.1
    if threatened and not own_turn:
        chance *= 0.7
    return chance * (len(kinds) + 1 + max(0, min_canals - run))


CANALS = Heuristic(_canals_points, _canals_options, playout_moves=0, scale=4.0)

# -------------------------------------------------------------------------------- Sandcastles

_SANDCASTLES_VALUE = {code: sandcastles.value(code) for code in FULL_DECK}
_UNDECIDED_CARD = 0.7  # a held card not yet declared: most become a build or a useful attack
_CARD_POINTS = 4.0  # a castle card; a castle's score point is worth 0.6
_OUT = -40.0  # a seat that is out, or whose castle is empty


def _sandcastles_table(state: Any) -> tuple[list[list[int]], list[float], list[bool]]:
    """The castles (values) as they stand once the round's declarations are resolved: attacks
    through the contract's `resolve_attacks`, so a declaration is judged the moment it is made,
    not a phase later; the cards each seat is still to add (a build card counts in full, a held
    card not yet declared `_UNDECIDED_CARD`); and who is still in."""
    d = state.to_dict()
    boards = [[_SANDCASTLES_VALUE[c] for c in board] for board in d["boards"]]
    gains = [0.0] * len(boards)
    unresolved = d["phase"] in (sandcastles.SACRIFICE, sandcastles.DECLARE)
    attacks = []
    for decl in d["declarations"]:
        if decl["card"] is None:
            continue  # spent or inserted: already on the boards
        if decl["build"]:
            gains[decl["seat"]] += 1.0
        elif unresolved:
            attacks.append(
                (decl["target_seat"], decl["target_index"], _SANDCASTLES_VALUE[decl["card"]])
            )
    if attacks:
        boards = sandcastles.resolve_attacks(boards, attacks)
    for seat, hand in enumerate(d["hands"]):
        gains[seat] += _UNDECIDED_CARD * len(hand)
    return boards, gains, d["in"]


def _castle_points(board: list[int], gain: float, still_in: bool) -> float:
    """Cards in the castle first (ten win, none loses), its score second (it decides who draws
    two)."""
    cards = len(board) + gain
    if not still_in or cards == 0:
        return _OUT
    won = 20.0 if cards >= sandcastles.WIN_SIZE else 0.0
    return _CARD_POINTS * cards + 0.6 * sandcastles.score_board(board) + won


def _sandcastles_points(state: Any) -> list[float]:
    """Each seat's castle (`_castle_points`) once the round's declarations are resolved."""
    boards, gains, still_in = _sandcastles_table(state)
    return [_castle_points(*seat) for seat in zip(boards, gains, still_in, strict=True)]


def _sandcastles_deep_points(state: Any) -> list[float]:
    """The searches' evaluation: `_sandcastles_points` less what one attack next round could take
    from each castle (`_exposure`), counted as if that attack were certain.

    Why: one attack knocks down every card to the left of its target that is lower than the
    attacking card, and goes on to the lowest lower card when it meets a higher one, so a castle
    built in rising order (the order that scores best) can lose all its cards to one king. The
    tree sees that only when it reaches the next round's attacks, which at 0.3-1.5 s a move it
    seldom does. Measured: a greedy player valuing moves this way won 59.7 % of 300 three-player
    games against two `easy` players (which value them by `_sandcastles_points`), against 31.5 %
    for the same greedy player without the exposure term."""
    boards, gains, still_in = _sandcastles_table(state)
    return [
        _castle_points(board, gain, is_in) - _CARD_POINTS * _exposure(tuple(board))
        for board, gain, is_in in zip(boards, gains, still_in, strict=True)
    ]


@lru_cache(maxsize=65536)
def _exposure(board: tuple[int, ...]) -> float:
    """The cards one attack takes from `board` (values), on average over the 13 values the
    attacking card may have, each aimed at the card where it takes most."""
    n = len(board)
    if not n:
        return 0.0
    taken = 0
    for attack in range(1, 14):
        taken += n - min(len(sandcastles.resolve_attack(board, i, attack)) for i in range(n))
    return taken / 13


def _sandcastles_options(state: Any) -> Options:
    """Every legal move, keyed by card values instead of codes: suits never matter, so two sevens
    are one choice (and a search pools what it learns about an unseen hand's seven)."""
    found: Options = {}
    for move in state.legal_moves():
        if isinstance(move, sandcastles.Attack):
            key: Hashable = ("a", _SANDCASTLES_VALUE[move.card], move.seat, move.index)
        elif isinstance(move, sandcastles.Build):
            key = ("b", _SANDCASTLES_VALUE[move.card])
        elif isinstance(move, sandcastles.Insert):
            key = ("i", _SANDCASTLES_VALUE[move.card], move.index)
        elif isinstance(move, sandcastles.Redraw):
            key = ("r", *sorted(_SANDCASTLES_VALUE[c] for c in move.cards))
        else:
            key = move
        found.setdefault(key, move)
    return found


SANDCASTLES = Heuristic(
    _sandcastles_points,
    _sandcastles_options,
    playout_moves=0,
    scale=8.0,
    deep_points=_sandcastles_deep_points,
)

# ------------------------------------------------------------------------------------ Orchard

_ORCHARD_VALUE = {code: orchard.card_value(code) for code in FULL_DECK}
# A seed without branches the other side can already outgun costs 30 if taken: nearly that when
# the other side moves next, less when its owner still has a turn to grow a branch on it.
_SEED_AT_RISK = {True: 10.0, False: 26.0}  # by whether the seed's owner is the one to move
_SEED_IN_REACH = 27.0  # a capture under way whose attackers already outgun a bare seed


@lru_cache(maxsize=4096)
def _orchard_melding(loose: tuple[str, ...], seeded: tuple[str, ...]) -> int:
    """The exact final melding of these cards (searches meet the same hands again and again)."""
    return orchard.best_final_score(loose, seeded)


def _orchard_points(state: Any) -> list[float]:
    """Points banked (melds set aside, 30 a captured seed), plus what the cards held would meld
    for if the game ended now, minus the seeds the opponent could take. A capture under way is
    counted by what its attackers can already take, so picking attackers is worth something
    before the target is named."""
    d = state.to_dict()
    banked = [float(p) for p in state.scores()]
    seeds = d["seeds"]
    reach = [  # the most the seat's branches could attack with: every branch card at once
        sum(
            _ORCHARD_VALUE[c] for seed in seeds[seat] for branch in seed["branches"] for c in branch
        )
        for seat in (0, 1)
    ]
    mover = d["current_player"]
    points = []
    for seat in (0, 1):
        loose = [*d["hands"][seat], *(c for sd in seeds[seat] for br in sd["branches"] for c in br)]
        seeded = [c for sd in seeds[seat] for c in sd["cards"]]
        melding = _orchard_melding(tuple(sorted(loose)), tuple(sorted(seeded)))
        at_risk = sum(
            1
            for sd in seeds[seat]
            if not sd["branches"] and reach[1 - seat] > sum(_ORCHARD_VALUE[c] for c in sd["cards"])
        )
        points.append(banked[seat] + melding - _SEED_AT_RISK[seat == mover] * at_risk)
    if d["pending"] and d["pending"]["kind"] == "capture" and mover is not None:
        pending = state.view(mover)["pending"]
        target = pending["target"]
        if target is None:
            if any(
                not sd["branches"]
                and pending["attack_sum"] > sum(_ORCHARD_VALUE[c] for c in sd["cards"])
                for sd in seeds[1 - mover]
            ):
                points[mover] += _SEED_IN_REACH
        else:  # the taken cards: melds chosen so far, the best of the rest, a seed's 30
            taken = sum(orchard.meld_score(m) or 0 for m in pending["melds"])
            taken += _orchard_melding((), tuple(sorted(pending["removed"])))
            if target["branch"] is None:
                taken += orchard.CAPTURED_SEED_POINTS
            points[mover] += taken
    return points


def _orchard_options(state: Any) -> Options:
    """Every legal move but those that only go round in circles for a player who plans: Cancel
    (unless nothing else is left), and an attack too weak for every target even with every other
    branch joining it whole (more attackers never hurt). Such an attack could only be called
    back: played, cancelled and played again, it went round for ever."""
    moves = state.legal_moves()
    d = state.to_dict()
    mover = d["current_player"]
    if not moves or mover is None:
        return {}
    kinds = [m.kind for m in moves]
    if "attack" in kinds:
        moves = _landing_attacks(moves, kinds, d, mover)
        kinds = [m.kind for m in moves]
    if len(moves) > 1 and "cancel" in kinds:
        moves = [m for m, k in zip(moves, kinds, strict=True) if k != "cancel"]
    return {move: move for move in moves}


def _landing_attacks(moves: list, kinds: list[str], d: dict[str, Any], mover: int) -> list:
    """`moves` without the attacks that cannot take anything. An attack of a branch's last
    `count` cards reaches at most the attackers already picked, that tail, and every other branch
    free to join (each listed among the attacks), whole; it lands if that beats the weakest
    target: a branchless seed's value, or a branch's last card."""
    weakest = min(
        min(_ORCHARD_VALUE[br[-1]] for br in sd["branches"])
        if sd["branches"]
        else sum(_ORCHARD_VALUE[c] for c in sd["cards"])
        for sd in d["seeds"][1 - mover]
    )
    branches = [sd["branches"] for sd in d["seeds"][mover]]
    free = {
        (m.seed, m.branch): sum(_ORCHARD_VALUE[c] for c in branches[m.seed][m.branch])
        for m, k in zip(moves, kinds, strict=True)
        if k == "attack"
    }
    picked = d["pending"]["removed"] if d["pending"] else ()
    reach = sum(_ORCHARD_VALUE[c] for c in picked) + sum(free.values())
    kept = []
    for m, k in zip(moves, kinds, strict=True):
        if k == "attack":
            tail = sum(_ORCHARD_VALUE[c] for c in branches[m.seed][m.branch][-m.count :])
            if reach - free[(m.seed, m.branch)] + tail <= weakest:
                continue
        kept.append(m)
    return kept


ORCHARD = Heuristic(_orchard_points, _orchard_options, playout_moves=0, scale=10.0)

_BY_GAME = {"canals": CANALS, "sandcastles": SANDCASTLES, "orchard": ORCHARD}


def for_game(name: str) -> Heuristic:
    """The game's own knowledge, or the generic fallback."""
    return _BY_GAME.get(name, GENERIC)


def outcome(state: Any) -> list[float]:
    """Each seat's reward for a finished game: 1 for a win, 1/k shared by k winners, 0 otherwise."""
    winners = state.winners()
    reward = [0.0] * len(state.scores())
    for seat in winners:
        reward[seat] = 1.0 / len(winners)
    return reward


def value(state: Any, heuristic: Heuristic) -> list[float]:
    """Each seat's reward in [0, 1] for the searches: the outcome once over, else how far ahead
    its points are (`deep_points` where the game has them)."""
    if state.is_over():
        return outcome(state)
    points = (heuristic.deep_points or heuristic.points)(state)
    if len(points) == 1:
        return [1.0 / (1.0 + math.exp(-points[0] / heuristic.scale))]
    out = []
    for seat, mine in enumerate(points):
        best_other = max(p for i, p in enumerate(points) if i != seat)
        out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / heuristic.scale)))
    return out


# A random playout that has not ended after this many moves is evaluated where it stands (a
# solitaire with unlimited redeals can go round for ever).
_PLAYOUT_CAP = 200


def random_move(state: Any, rng: random.Random) -> Any:
    """A uniform legal move, through the engine's `random_move` fast path when it has one; None
    when there is no move."""
    pick = getattr(state, "random_move", None)
    if pick is not None:
        return pick(rng)
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))] if moves else None


def playout(state: Any, heuristic: Heuristic, rng: random.Random) -> list[float]:
    """The rewards of `state` after the heuristic's number of random moves (or to the end)."""
    limit = _PLAYOUT_CAP if heuristic.playout_moves is None else heuristic.playout_moves
    for _ in range(limit):
        if state.is_over():
            break
        move = random_move(state, rng)
        if move is None:
            break
        state = state.apply(move)
    return value(state, heuristic)
