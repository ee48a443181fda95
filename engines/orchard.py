"""Orchard: two players grow seeds and branches, capture each other's tails and bare seeds, meld.

The rules are the design's rules.md ("Orchard"); docs/api/orchard.md is the exact API the table is
built against. States are immutable tuples, so `apply` is cheap and never mutates. A multi-move
action (condense, grow, capture) is a `Pending` whose steps record what `cancel` needs to put the
turn back exactly (`_undo`); `from_dict` rebuilds a turn's start with it and replays the steps, so
a saved half-action is checked by the same rules. `random_move` draws the playouts' moves without
listing them. `best_final_choice` is an exact dynamic programme over ranks (see its docstring).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, pairwise, product
from typing import Any, ClassVar, NamedTuple

from engines.cards import FULL_DECK, is_card, pretty
from engines.core import IllegalMove, check_seed_and_players, check_state_opening, resolve_options

name = "orchard"
title = "Orchard"
min_players = 2
max_players = 2

OPTIONS: dict[str, tuple[Any, ...]] = {"first": (None, 0, 1)}
DEFAULTS: dict[str, Any] = {"first": None}
presets: dict[str, dict[str, Any]] = {"default": {"first": None}}

TURN_LIMIT = 300
HAND_SIZE = 7
MAX_BRANCHES = 3
CAPTURED_SEED_POINTS = 30

RANK_ORDER = "23456789TJQKA"  # the order of runs (no wrap)
SUIT_ORDER = "SCDH"  # suit values 0..3
FACE_RANKS = frozenset("JQKA")
_FACE_RANK_VALUE = {"J": 1, "Q": 2, "K": 3, "A": 4}


def _value(code: str) -> int:
    rank, suit = code[0], code[1]
    if rank in _FACE_RANK_VALUE:
        return _FACE_RANK_VALUE[rank] + SUIT_ORDER.index(suit)
    return 10 if rank == "T" else int(rank)


VALUE: dict[str, int] = {c: _value(c) for c in FULL_DECK}
RANK_INDEX: dict[str, int] = {c: RANK_ORDER.index(c[0]) for c in FULL_DECK}
ORDER: dict[str, int] = {c: RANK_INDEX[c] * 4 + SUIT_ORDER.index(c[1]) for c in FULL_DECK}
_FACE: dict[str, bool] = {c: c[0] in FACE_RANKS for c in FULL_DECK}


def _checked(code: Any) -> str:
    if not is_card(code):
        raise ValueError(f"not a card code: {code!r}")
    return code


def card_value(code: str) -> int:
    """2–10: the pips; J, Q, K, A: rank value 1–4 plus suit value (♠ 0, ♣ 1, ♦ 2, ♥ 3)."""
    return VALUE[_checked(code)]


def is_face(code: str) -> bool:
    """J, Q, K and A are this game's face cards (they cannot be planted)."""
    return _FACE[_checked(code)]


def _sorted_hand(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=ORDER.__getitem__))


# ----------------------------------------------------------------------------------------- melds


def meld_score(cards: Iterable[str]) -> int | None:
    """Points of a meld, or None if the cards are not one: a run of 3–5 consecutive ranks in the
    order 2..9 T J Q K A (no wrap, suits may differ), three or four of a kind, or a marriage (K and
    Q of one suit). The sum of the values, doubled if every card has the same suit."""
    cards = [_checked(c) for c in cards]
    n = len(cards)
    if len(set(cards)) != n:
        return None
    ranks = sorted(RANK_INDEX[c] for c in cards)
    suited = len({c[1] for c in cards}) == 1
    if n == 2:
        ok = suited and {c[0] for c in cards} == {"K", "Q"}
    elif 3 <= n <= 5:
        same = ranks[0] == ranks[-1]
        run = all(b == a + 1 for a, b in pairwise(ranks))
        ok = (same and n <= 4) or run
    else:
        ok = False
    if not ok:
        return None
    total = sum(VALUE[c] for c in cards)
    return 2 * total if suited else total


def legal_melds(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Every legal meld among `cards`, each listed in the order of `cards`."""
    cards = [_checked(c) for c in cards]
    position = {c: i for i, c in enumerate(cards)}
    by_rank: list[list[str]] = [[] for _ in RANK_ORDER]
    for c in cards:
        by_rank[RANK_INDEX[c]].append(c)
    found: list[tuple[str, ...]] = []
    for group in by_rank:
        for size in (3, 4):
            found.extend(combinations(group, size))
    for start in range(len(RANK_ORDER) - 2):
        for length in (3, 4, 5):
            ranks = by_rank[start : start + length]
            if len(ranks) < length or not all(ranks):
                break
            found.extend(product(*ranks))
    queens = {c[1]: c for c in by_rank[RANK_INDEX["QS"]]}
    for king in by_rank[RANK_INDEX["KS"]]:
        if king[1] in queens:
            found.append((queens[king[1]], king))
    return [tuple(sorted(m, key=position.__getitem__)) for m in found]


_Q_RANK = RANK_ORDER.index("Q")
_NO_MIXED = (0, 0, 0)
# Per suit between two ranks: 0 no open suited run, 1 / 2 / 3 an open suited run of 1, 2, or 3 or
# more cards, _WAITING its Q waits for its K (a marriage).
_WAITING = 4
_NEXT_CLASS = (1, 2, 3, 3)  # an open run's class after one more card
# A class is worth at least as much as the classes listed for it, all else equal: 3 can do
# whatever 0, 1, 2 or a waiting Q can (stop, or go on: a K that extends a run of 3 scores what it
# would marrying); 2 whatever 1 or a waiting Q can.
_BETTER_CLASSES = {0: (3,), 1: (2, 3), 2: (3,), 3: (), _WAITING: (2, 3)}


def best_final_choice(loose: Iterable[str], seeded: Iterable[str]) -> tuple[int, list[list[str]]]:
    """The best final melding: (score, melds). score = meld points − 1 per unmelded loose card;
    seeded cards cost nothing unmelded. Ties go to the first choice found (deterministic).

    Exact, by dynamic programming over the ranks 2..A. Melding a card gains its value (twice in an
    all-one-suit meld) plus 1 if it is loose (a penalty saved). A run is taken as either *suited*
    (one suit, every card counts twice) or *mixed* (any suits, once): a mixed run that happens to
    be one suit is undervalued, but its suited reading is also tried, so the maximum is exact.
    A run of 6 or more scores what its split into runs of 3–5 scores (6 = 3 + 3, 7 = 3 + 4, ...),
    so runs are searched as any length ≥ 3 and split at the end. Between two ranks the state is
    each suit's class (see _WAITING) and how many open mixed runs have 1, 2 and 3+ cards (mixed
    runs are interchangeable: only the counts matter). At a rank each card extends or starts its
    suit's run, marries, or is *free*; of the free cards the best k go into a set of that rank
    (k = 3 or 4) or into mixed runs, so only how many do is enumerated. Runs of 1 or 2 must go on;
    a run of 3+ may stop, and goes on rather than a new run starting beside it (never worse).
    States beaten by another (_undominated) are dropped. That keeps a few hundred states a rank
    even for 30 cards of 8 ranks, where a search over card subsets takes seconds."""
    loose = [_checked(c) for c in loose]
    seeded = [_checked(c) for c in seeded]
    everything = {*loose, *seeded}
    if len(everything) != len(loose) + len(seeded):
        raise ValueError("best_final_choice: a card is listed twice")
    loose_set = set(loose)
    by_rank: list[list[str]] = [[] for _ in RANK_ORDER]
    for c in sorted(everything, key=ORDER.__getitem__):
        by_rank[RANK_INDEX[c]].append(c)
    states: dict[tuple, int] = {((0, 0, 0, 0), _NO_MIXED): 0}
    history: list[dict[tuple, tuple]] = []
    for r in range(len(RANK_ORDER)):
        states, back = _rank_step(r, by_rank, states, loose_set)
        history.append(back)
    end, best = None, -1
    for state, value in states.items():
        suited, mixed = state
        if mixed[0] == mixed[1] == 0 and all(x in (0, 3) for x in suited) and value > best:
            end, best = state, value
    assert end is not None  # melding nothing is always possible
    decisions: list[tuple] = []
    for back in reversed(history):
        end, decision = back[end]
        decisions.append(decision)
    decisions.reverse()
    return best - len(loose), _melds_from(by_rank, decisions, loose_set)


def _rank_step(
    r: int, by_rank: list[list[str]], states: dict[tuple, int], loose: set[str]
) -> tuple[dict[tuple, int], dict[tuple, tuple]]:
    """The states after rank r from those before it: best value and (previous state, decision).
    A run starts only where the next two ranks can carry it, a Q marries only if its K is there.
    What the suits' roles allow depends only on the suit classes, what the free cards can do only
    on which cards are free and on the mixed runs: both are worked out once per rank and kept."""
    out: dict[tuple, int] = {}
    back: dict[tuple, tuple] = {}
    cards = by_rank[r]
    after = [{c[1] for c in by_rank[x]} if x < len(by_rank) else set() for x in (r + 1, r + 2)]
    rooms = len(after[0]), len(after[1])
    suits = [SUIT_ORDER.index(c[1]) for c in cards]
    absent = [s for s in range(4) if s not in suits]
    single = [VALUE[c] + (c in loose) for c in cards]
    double = [2 * VALUE[c] + (c in loose) for c in cards]
    can_start = [c[1] in after[0] and c[1] in after[1] for c in cards]
    can_marry = [r == _Q_RANK and c[1] in after[0] for c in cards]
    by_suited: dict[tuple, list] = {}
    by_free: dict[tuple, list] = {}
    get = out.get
    for state, value in states.items():
        suited, mixed = state
        role_options = by_suited.get(suited)
        if role_options is None:
            if any(0 < suited[s] < 3 or suited[s] == _WAITING for s in absent):
                role_options = []  # a run of 1 or 2 must go on, a waiting Q needs its K
            else:
                role_options = _role_options(r, suited, suits, double, can_start, can_marry)
            by_suited[suited] = role_options
        for free_mask, gain, key, roles in role_options:
            free_options = by_free.get((free_mask, mixed))
            if free_options is None:
                free = sorted(
                    (single[k] for k in range(len(cards)) if free_mask >> k & 1), reverse=True
                )
                free_options = by_free[free_mask, mixed] = _free_options(free, mixed, rooms)
            base = value + gain
            for new_mixed, extra, in_set, in_runs in free_options:
                total = base + extra
                new = (key, new_mixed)
                if get(new, -1) < total:
                    out[new] = total
                    back[new] = (state, (roles, in_set, in_runs))
    return _undominated(out), back


def _role_options(r, suited, suits, double, can_start, can_marry) -> list[tuple]:
    """Per way the cards of a rank can take their suits' roles: (mask of the free cards, gain of
    the others, the suit classes after, the roles)."""
    options = []
    for k, s in enumerate(suits):
        cls = suited[s]
        if cls == _WAITING:
            options.append(("marry",))
        elif 0 < cls < 3:
            options.append(("extend",))
        else:
            roles = ["free"]
            if cls:
                roles.append("extend")
            elif can_start[k]:
                roles.append("start")
            if can_marry[k]:
                roles.append("marry")
            options.append(roles)
    out = []
    for roles in product(*options):
        gain = free_mask = 0
        new_suited = [0, 0, 0, 0]
        for k, role in enumerate(roles):
            if role == "free":
                free_mask |= 1 << k
                continue
            gain += double[k]
            s = suits[k]
            if role == "extend":
                new_suited[s] = _NEXT_CLASS[suited[s]]
            elif role == "start":
                new_suited[s] = 1
            elif r == _Q_RANK:
                new_suited[s] = _WAITING
        out.append((free_mask, gain, tuple(new_suited), roles))
    return out


def _free_options(free: list[int], mixed: tuple[int, int, int], rooms: tuple[int, int]) -> list:
    """What the free cards (their gains, best first) can do given the open mixed runs: the best k
    in a set (k = 0, 3, 4), the next ones in mixed runs (every run of 1 or 2 goes on, runs of 3+
    go on before new ones start, and no more start than the next two ranks can carry). Each as
    (mixed runs after, gain, k, cards in runs)."""
    n1, n2, n3 = mixed
    must = n1 + n2
    n_free = len(free)
    out = []
    if n_free < must:
        return out
    for in_set in (0, 3, 4) if n_free >= 3 else (0,):
        total = sum(free[:in_set])
        taken = in_set
        for in_runs in range(must, n_free - in_set + 1):
            while taken < in_set + in_runs:
                total += free[taken]
                taken += 1
            spare = in_runs - must
            extended = min(n3, spare)
            started = spare - extended
            if started > rooms[1] or started + n1 > rooms[0]:
                break  # more runs than the next ranks can carry
            out.append(((started, n1, n2 + extended), total, in_set, in_runs))
    return out


def _undominated(states: dict[tuple, int]) -> dict[tuple, int]:
    """The states no other state beats: the same but for one suit's class or the mixed runs,
    which are better (_BETTER_CLASSES; a mixed run one card further, or one more run of 3+), and a
    value at least as high. Whatever can follow a dropped state can follow the one that beats it,
    for at least as much."""
    kept = {}
    get = states.get
    for state, value in states.items():
        suited, mixed = state
        if any(get((rival, mixed), -1) >= value for rival in _suited_rivals(suited)):
            continue
        if any(get((suited, rival), -1) >= value for rival in _mixed_rivals(mixed)):
            continue
        kept[state] = value
    return kept


@cache
def _suited_rivals(suited: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(_put(suited, s, better) for s in range(4) for better in _BETTER_CLASSES[suited[s]])


@cache
def _mixed_rivals(mixed: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    n1, n2, n3 = mixed
    rivals = [(n1, n2, n3 + 1)]
    if n1:
        rivals += [(n1 - 1, n2 + 1, n3), (n1 - 1, n2, n3 + 1)]
    if n2:
        rivals.append((n1, n2 - 1, n3 + 1))
    return tuple(rivals)


def _melds_from(
    by_rank: list[list[str]], decisions: list[tuple], loose: set[str]
) -> list[list[str]]:
    """Replay the chosen decisions rank by rank into the melds themselves."""
    melds: list[list[str]] = []
    runs: list[list[str]] = []  # finished runs of any length ≥ 3, split at the end
    suited_runs: list[list[str] | None] = [None, None, None, None]
    mixed_runs: list[list[str]] = []
    queens: dict[int, str] = {}
    for cards, (roles, in_set, in_runs) in zip(by_rank, decisions, strict=True):
        extended = set()
        free = []
        for c, role in zip(cards, roles, strict=True):
            s = SUIT_ORDER.index(c[1])
            if role == "free":
                free.append(c)
            elif role == "marry":
                if c[0] == "Q":
                    queens[s] = c
                else:
                    melds.append([queens.pop(s), c])
            elif role == "start":
                suited_runs[s] = [c]
                extended.add(s)
            else:
                run = suited_runs[s]
                assert run is not None
                run.append(c)
                extended.add(s)
        for s in range(4):
            run = suited_runs[s]
            if run is not None and s not in extended:
                runs.append(run)
                suited_runs[s] = None
        free.sort(key=lambda c: -(VALUE[c] + (c in loose)))
        if in_set:
            melds.append(free[:in_set])
        runners = free[in_set : in_set + in_runs]
        # Runs of 1 or 2 must go on; then the longest go on; the rest stop; new ones start.
        mixed_runs.sort(key=len)
        short = sum(1 for run in mixed_runs if len(run) < 3)
        going = mixed_runs[:short] + mixed_runs[short:][::-1][: len(runners) - short]
        runs.extend(run for run in mixed_runs if all(run is not g for g in going))
        for run, c in zip(going, runners, strict=False):
            run.append(c)
        mixed_runs = going + [[c] for c in runners[len(going) :]]
    runs.extend(run for run in suited_runs if run is not None)
    runs.extend(mixed_runs)
    for run in runs:
        while len(run) > 5:
            melds.append(run[:3])
            run = run[3:]
        melds.append(run)
    return sorted((sorted(m, key=ORDER.__getitem__) for m in melds), key=lambda m: ORDER[m[0]])


def best_final_score(loose: Iterable[str], seeded: Iterable[str]) -> int:
    """The best total of meld points minus unmelded loose cards (see best_final_choice)."""
    return best_final_choice(loose, seeded)[0]


# ----------------------------------------------------------------------------------------- moves


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Move:
    """What every move shares: `to_dict()` is {"kind": ..., then its fields}."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in self.__dataclass_fields__:  # type: ignore[attr-defined]
            value = getattr(self, f)
            d[f] = list(value) if isinstance(value, tuple) else value
        return d


@dataclass(frozen=True, slots=True)
class Plant(_Move):
    card: str
    kind = "plant"

    def describe(self) -> str:
        """A short phrase for a person (the hint's words)."""
        return f"plant {pretty(self.card)} as a new seed"


@dataclass(frozen=True, slots=True)
class Condense(_Move):
    seed: int
    branch: int
    kind = "condense"

    def describe(self) -> str:
        return f"condense branch {self.branch + 1} into seed {self.seed + 1}"


@dataclass(frozen=True, slots=True)
class Grow(_Move):
    card: str
    seed: int
    branch: int
    kind = "grow"

    def describe(self) -> str:
        return f"grow seed {self.seed + 1} with {pretty(self.card)}"


@dataclass(frozen=True, slots=True)
class Attack(_Move):
    seed: int
    branch: int
    count: int
    kind = "attack"

    def describe(self) -> str:
        return f"attack with {_tail(self.count)} of seed {self.seed + 1}'s branch {self.branch + 1}"


@dataclass(frozen=True, slots=True)
class Target(_Move):
    seed: int
    branch: int | None  # None: the seed itself (count 0)
    count: int
    kind = "target"

    def describe(self) -> str:
        if self.branch is None:
            return f"capture the other player's seed {self.seed + 1}"
        return f"take {_tail(self.count)} of their seed {self.seed + 1}'s branch {self.branch + 1}"


@dataclass(frozen=True, slots=True)
class Meld(_Move):
    cards: tuple[str, ...]
    kind = "meld"

    def describe(self) -> str:
        return "set aside the meld " + " ".join(pretty(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Prune(_Move):
    seed: int
    branch: int
    count: int
    kind = "prune"

    def describe(self) -> str:
        return f"prune {_tail(self.count)} of seed {self.seed + 1}'s branch {self.branch + 1}"


@dataclass(frozen=True, slots=True)
class Done(_Move):
    kind = "done"

    def describe(self) -> str:
        return "press Done"


@dataclass(frozen=True, slots=True)
class Cancel(_Move):
    kind = "cancel"

    def describe(self) -> str:
        return "cancel and start the turn again"


@dataclass(frozen=True, slots=True)
class Pass(_Move):
    kind = "pass"

    def describe(self) -> str:
        return "pass"


def _tail(count: int) -> str:
    return "the last card" if count == 1 else f"the last {count} cards"


OrchardMove = Plant | Condense | Grow | Attack | Target | Meld | Prune | Done | Cancel | Pass
DONE, CANCEL, PASS = Done(), Cancel(), Pass()

_MOVE_FIELDS: dict[str, tuple[type, tuple[str, ...]]] = {
    "plant": (Plant, ("card",)),
    "condense": (Condense, ("seed", "branch")),
    "grow": (Grow, ("card", "seed", "branch")),
    "attack": (Attack, ("seed", "branch", "count")),
    "target": (Target, ("seed", "branch", "count")),
    "meld": (Meld, ("cards",)),
    "prune": (Prune, ("seed", "branch", "count")),
    "done": (Done, ()),
    "cancel": (Cancel, ()),
    "pass": (Pass, ()),
}


def move_from_dict(d: Any) -> OrchardMove:
    """A move from its `to_dict()` form; ValueError on anything malformed."""
    if not isinstance(d, Mapping):
        raise ValueError(f"an orchard move must be an object, not {type(d).__name__}")
    kind = d.get("kind")
    if kind not in _MOVE_FIELDS:
        raise ValueError(f"orchard move: unknown kind {kind!r}")
    cls, fields = _MOVE_FIELDS[kind]
    if set(d) != {"kind", *fields}:
        raise ValueError(f"orchard {kind} move: keys must be kind, {', '.join(fields)}")
    args = []
    for f in fields:
        value = d[f]
        if f == "card":
            if not is_card(value):
                raise ValueError(f"orchard {kind} move: card must be a card code, not {value!r}")
        elif f == "cards":
            if not isinstance(value, list) or not all(is_card(c) for c in value):
                raise ValueError(f"orchard {kind} move: cards must be a list of card codes")
            value = tuple(value)
        elif f == "branch" and kind == "target" and value is None:
            pass
        elif not _is_int(value) or value < 0:
            raise ValueError(f"orchard {kind} move: {f} must be an integer ≥ 0, not {value!r}")
        args.append(value)
    if kind == "target" and (d["branch"] is None) != (d["count"] == 0):
        raise ValueError("orchard target move: a seed target has branch null and count 0")
    return cls(*args)


# Interned moves: legal_moves hands out the same objects again and again.
_PLANT = {c: Plant(c) for c in FULL_DECK}
_CONDENSE: dict[tuple[int, int], Condense] = {}
_GROW: dict[tuple[str, int, int], Grow] = {}
_ATTACK: dict[tuple[int, int, int], Attack] = {}
_TARGET: dict[tuple[int, int | None, int], Target] = {}
_PRUNE: dict[tuple[int, int, int], Prune] = {}


def _grow_move(c: str, i: int, b: int) -> Grow:
    key = (c, i, b)
    move = _GROW.get(key)
    if move is None:
        move = _GROW[key] = Grow(c, i, b)
    return move


def _nth_grow(hand: tuple[str, ...], counts: list[int], slots: list, k: int) -> Grow:
    """The k-th grow in listing order: per hand card, its slots that have room."""
    for c, n in zip(hand, counts, strict=True):
        if k < n:
            v = VALUE[c]
            for room, i, b in slots:
                if v <= room:
                    if k == 0:
                        return _grow_move(c, i, b)
                    k -= 1
        k -= n
    raise AssertionError("random_move: the grow counts do not match the moves")


def _interned(table: dict, cls: type, *key: Any) -> Any:
    move = table.get(key)
    if move is None:
        move = table[key] = cls(*key)
    return move


# ----------------------------------------------------------------------------------------- state

# A seed: (cards, value, branches, sums); branches from the card on the seed to the tip.
Seed = tuple[tuple[str, ...], int, tuple[tuple[str, ...], ...], tuple[int, ...]]


def _make_seed(cards: tuple[str, ...], branches: tuple[tuple[str, ...], ...]) -> Seed:
    return (
        cards,
        sum(VALUE[c] for c in cards),
        branches,
        tuple(sum(VALUE[c] for c in b) for b in branches),
    )


def _cut_tail(seed: Seed, b: int, k: int) -> tuple[Seed, tuple[str, ...], bool]:
    """The seed without the last k cards of branch b, those cards, and whether the branch emptied."""
    cards, value, branches, sums = seed
    branch = branches[b]
    tail = branch[-k:]
    if k == len(branch):
        return (
            (cards, value, branches[:b] + branches[b + 1 :], sums[:b] + sums[b + 1 :]),
            tail,
            True,
        )
    rest = branch[:-k]
    tail_sum = sum(VALUE[c] for c in tail)
    seed = (
        cards,
        value,
        (*branches[:b], rest, *branches[b + 1 :]),
        (*sums[:b], sums[b] - tail_sum, *sums[b + 1 :]),
    )
    return seed, tail, False


def _add_tail(seed: Seed, b: int, tail: tuple[str, ...], new: bool) -> Seed:
    """The inverse of _cut_tail (new: the branch had emptied, so it comes back at index b)."""
    cards, value, branches, sums = seed
    tail_sum = sum(VALUE[c] for c in tail)
    if new:
        return (
            cards,
            value,
            (*branches[:b], tail, *branches[b:]),
            (*sums[:b], tail_sum, *sums[b:]),
        )
    return (
        cards,
        value,
        (*branches[:b], branches[b] + tail, *branches[b + 1 :]),
        (*sums[:b], sums[b] + tail_sum, *sums[b + 1 :]),
    )


def _put(seq: tuple, i: int, item: Any) -> tuple:
    return (*seq[:i], item, *seq[i + 1 :])


def _pair(old: tuple, seat: int, item: Any) -> tuple:
    return (item, old[1]) if seat == 0 else (old[0], item)


def _shift_used(used: tuple[int, ...], b: int, emptied: bool) -> tuple[int, ...]:
    """Branch indices already used this action, after branch b was used (and maybe vanished)."""
    if emptied:
        return tuple(x - 1 if x > b else x for x in used)
    return tuple(sorted((*used, b)))


class Pending(NamedTuple):
    """A multi-move action under way, with what cancel needs to undo it.

    condense: `seed`, `steps` = ((branch, emptied), ...), `used` = branches of that seed already
    condensed (current indices). grow: `placed` = ((card, seed, branch), ...). capture:
    `attackers` = ((seed, branch, count, cards, emptied), ...), `used` = (seed, branch) pairs
    already attacking, `attack_sum`, `removed` = every removed card in order (attackers, then a
    target tail), `target` = (seed, branch | None, count, cards, sum, emptied) or None, `melds`.
    """

    kind: str
    seed: int | None = None
    steps: tuple[tuple[int, bool], ...] = ()
    used: tuple = ()
    placed: tuple[tuple[str, int, int], ...] = ()
    attackers: tuple[tuple[int, int, int, tuple[str, ...], bool], ...] = ()
    attack_sum: int = 0
    removed: tuple[str, ...] = ()
    target: tuple[int, int | None, int, tuple[str, ...], int, bool] | None = None
    melds: tuple[tuple[str, ...], ...] = ()

    @property
    def phase(self) -> str:
        return "meld" if self.target is not None else self.kind

    def unmelded(self) -> tuple[str, ...]:
        if not self.melds:
            return self.removed
        taken = {c for m in self.melds for c in m}
        return tuple(c for c in self.removed if c not in taken)


_FINISH_FIRST = {
    "condense": "Finish the condense first (Done), or cancel it",
    "grow": "Finish growing first (Done), or cancel it",
    "capture": "Finish the capture first, or cancel it",
    "meld": "Choose melds and press Done, or cancel the capture",
}


class _StateFields(NamedTuple):
    seed: int
    first: int | None  # the option as given (None: the seed decided)
    starter: int  # the non-dealer, who moved first
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    seeds: tuple[tuple[Seed, ...], tuple[Seed, ...]]
    melds: tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]
    captured: tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]
    stock: tuple[str, ...]  # top = last
    discard: tuple[str, ...]
    current: int | None
    turn: int  # turns played
    final_turns: int | None  # turns left once the stock is empty (0 once over that way)
    passed: bool  # the last turn was a pass
    pending: Pending | None = None
    # What made this state (for `events`): the move and, for a turn's end, (action, drawn,
    # discarded, last_round). Not part of equality.
    last: Any = None
    note: Any = None


_COMPARED = 14  # the fields up to `pending`: what equality and hashing look at


class OrchardState(_StateFields):
    """A position. An immutable tuple (a NamedTuple: building one costs a tenth of a frozen
    dataclass, and apply builds one per move); `==` and `hash` look at the game's fields only,
    not at `last` and `note`."""

    # Set on an instance when first needed (they live in its __dict__, outside the tuple):
    _final: list[dict[str, Any]] | None = None  # final()'s result, computed once
    _picked: Any = None  # the move random_move returned here: legal, so apply skips the check

    def __eq__(self, other: object) -> bool:
        if type(other) is not OrchardState:
            return NotImplemented
        return self[:_COMPARED] == other[:_COMPARED]

    def __ne__(self, other: object) -> bool:
        if type(other) is not OrchardState:
            return NotImplemented
        return self[:_COMPARED] != other[:_COMPARED]

    def __hash__(self) -> int:
        return hash(self[:_COMPARED])

    # ------------------------------------------------------------------ basics

    @property
    def players(self) -> int:
        return 2

    @property
    def options(self) -> dict[str, Any]:
        return {"first": self.first}

    @property
    def dealer(self) -> int:
        return 1 - self.starter

    @property
    def current_player(self) -> int | None:
        return self.current

    def is_over(self) -> bool:
        return self.current is None

    @property
    def phase(self) -> str:
        if self.current is None:
            return "over"
        return "play" if self.pending is None else self.pending.phase

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self) -> list[OrchardMove]:
        """play: plants, condenses, grows, attacks, prunes, pass. condense: condenses, done,
        cancel. grow: grows, done, cancel. capture: attacks, targets, cancel. meld: melds, done,
        cancel."""
        me = self.current
        if me is None:
            return []
        pending = self.pending
        moves: list[OrchardMove] = []
        if pending is None:
            hand = self.hands[me]
            mine = self.seeds[me]
            moves.extend(_PLANT[c] for c in hand if not _FACE[c])
            for i, seed in enumerate(mine):
                for b in range(len(seed[2])):
                    moves.append(_interned(_CONDENSE, Condense, i, b))
            self._grows(me, moves)
            if self._has_target(1 - me):
                self._tails(mine, _ATTACK, Attack, (), moves)
            self._tails(mine, _PRUNE, Prune, (), moves)
            moves.append(PASS)
            return moves
        kind = pending.phase
        if kind == "grow":
            self._grows(me, moves)
            moves.append(DONE)
        elif kind == "condense":
            i = pending.seed
            for b in range(len(self.seeds[me][i][2])):
                if b not in pending.used:
                    moves.append(_interned(_CONDENSE, Condense, i, b))
            moves.append(DONE)
        elif kind == "capture":
            self._tails(self.seeds[me], _ATTACK, Attack, pending.used, moves)
            total = pending.attack_sum
            for i, (_cards, value, branches, _sums) in enumerate(self.seeds[1 - me]):
                if not branches:
                    if value < total:
                        moves.append(_interned(_TARGET, Target, i, None, 0))
                    continue
                for b, branch in enumerate(branches):
                    tail = 0
                    for k in range(1, len(branch) + 1):
                        tail += VALUE[branch[-k]]
                        if tail >= total:
                            break
                        moves.append(_interned(_TARGET, Target, i, b, k))
        else:
            moves.extend(Meld(m) for m in legal_melds(pending.unmelded()))
            moves.append(DONE)
        moves.append(CANCEL)
        return moves

    def _grow_slots(self, me: int) -> list[tuple[int, int, int]]:
        """(room left, seed, branch) of every place a card could grow, in listing order."""
        slots = []
        for i, (_cards, value, branches, sums) in enumerate(self.seeds[me]):
            for b, total in enumerate(sums):
                slots.append((value - total, i, b))
            if len(branches) < MAX_BRANCHES:
                slots.append((value, i, len(branches)))
        return slots

    def _grows(self, me: int, out: list) -> None:
        slots = self._grow_slots(me)
        if not slots:
            return
        for c in self.hands[me]:
            v = VALUE[c]
            for room, i, b in slots:
                if v <= room:
                    out.append(_grow_move(c, i, b))

    @staticmethod
    def _tails(seeds: tuple[Seed, ...], table: dict, cls: type, used: tuple, out: list) -> None:
        for i, seed in enumerate(seeds):
            for b, branch in enumerate(seed[2]):
                if (i, b) in used:
                    continue
                for k in range(1, len(branch) + 1):
                    key = (i, b, k)
                    move = table.get(key)
                    if move is None:
                        move = table[key] = cls(i, b, k)
                    out.append(move)

    def _has_target(self, seat: int) -> bool:
        return bool(self.seeds[seat])

    def random_move(self, rng: random.Random) -> OrchardMove | None:
        """`legal_moves()[rng.randrange(len(legal_moves()))]` (same use of `rng`), without building
        the list in the phases random play spends most moves in (play and grow); None once over.
        The move is remembered, so `apply` need not check it again."""
        move = self._random_move(rng)
        self._picked = move
        return move

    def _random_move(self, rng: random.Random) -> OrchardMove | None:
        me = self.current
        if me is None:
            return None
        pending = self.pending
        if pending is not None and pending.kind != "grow":
            moves = self.legal_moves()
            return moves[rng.randrange(len(moves))]
        hand = self.hands[me]
        mine = self.seeds[me]
        slots = []  # as _grow_slots, with the counts of condenses and tails on the way
        rooms = []
        n_condense = n_tails = 0
        for i, (_cards, value, branches, sums) in enumerate(mine):
            n = len(sums)
            n_condense += n
            for b in range(n):
                room = value - sums[b]
                slots.append((room, i, b))
                rooms.append(room)
                n_tails += len(branches[b])
            if n < MAX_BRANCHES:
                slots.append((value, i, n))
                rooms.append(value)
        rooms.sort()
        n_slots = len(rooms)
        grow_counts = [n_slots - bisect_left(rooms, VALUE[c]) for c in hand]
        n_grow = sum(grow_counts)
        if pending is not None:
            k = rng.randrange(n_grow + 2)
            if k >= n_grow:
                return DONE if k == n_grow else CANCEL
            return _nth_grow(hand, grow_counts, slots, k)
        plants = [c for c in hand if not _FACE[c]]
        n_attack = n_tails if self.seeds[1 - me] else 0
        k = rng.randrange(len(plants) + n_condense + n_grow + n_attack + n_tails + 1)
        if k < len(plants):
            return _PLANT[plants[k]]
        k -= len(plants)
        if k < n_condense:
            for i, seed in enumerate(mine):
                if k < len(seed[2]):
                    return _interned(_CONDENSE, Condense, i, k)
                k -= len(seed[2])
        k -= n_condense
        if k < n_grow:
            return _nth_grow(hand, grow_counts, slots, k)
        k -= n_grow
        if k >= n_attack + n_tails:
            return PASS
        table, cls = (_ATTACK, Attack) if k < n_attack else (_PRUNE, Prune)
        if k >= n_attack:
            k -= n_attack
        for i, seed in enumerate(mine):
            for b, branch in enumerate(seed[2]):
                if k < len(branch):
                    return _interned(table, cls, i, b, k + 1)
                k -= len(branch)
        raise AssertionError("random_move: the counts do not match the moves")

    # ------------------------------------------------------------------ checking

    def check(self, move: Any) -> str | None:
        me = self.current
        if me is None:
            return "The game is over"
        checker = _CHECKS.get(type(move))
        if checker is None:
            return "That is not an Orchard move"
        return checker(self, me, move)

    def _phase_reason(self, *allowed: str) -> str | None:
        phase = self.phase
        if phase in allowed:
            return None
        if phase == "play":
            if allowed == ("meld",):
                return "Melds are chosen after a capture"
            if "capture" in allowed and "play" not in allowed:
                return "Pick your attackers first"
            return "There is nothing to confirm"
        return _FINISH_FIRST[phase]

    def _own_branch(self, me: int, i: Any, b: Any) -> str | None:
        seeds = self.seeds[me]
        if not _is_int(i) or not 0 <= i < len(seeds):
            return "You have no such seed"
        if not _is_int(b) or not 0 <= b < len(seeds[i][2]):
            return "That seed has no such branch"
        return None

    def _check_plant(self, me: int, move: Plant) -> str | None:
        reason = self._phase_reason("play")
        if reason:
            return reason
        if move.card not in self.hands[me]:
            return f"{_name(move.card)} is not in your hand"
        if _FACE.get(move.card):
            return "A face card cannot be a seed"
        return None

    def _check_condense(self, me: int, move: Condense) -> str | None:
        reason = self._phase_reason("play", "condense") or self._own_branch(
            me, move.seed, move.branch
        )
        if reason:
            return reason
        pending = self.pending
        if pending is not None:
            if move.seed != pending.seed:
                return "Every condense of one action is on the same seed"
            if move.branch in pending.used:
                return "That branch has already given its first card this turn"
        return None

    def _check_grow(self, me: int, move: Grow) -> str | None:
        reason = self._phase_reason("play", "grow")
        if reason:
            return reason
        if move.card not in self.hands[me]:
            return f"{_name(move.card)} is not in your hand"
        seeds = self.seeds[me]
        i, b = move.seed, move.branch
        if not _is_int(i) or not 0 <= i < len(seeds):
            return "You have no such seed"
        _cards, value, branches, sums = seeds[i]
        if not _is_int(b) or not 0 <= b <= len(branches):
            return "That seed has no such branch"
        if b == len(branches):
            if b >= MAX_BRANCHES:
                return f"A seed has at most {MAX_BRANCHES} branches"
            total = VALUE[move.card]
        else:
            total = sums[b] + VALUE[move.card]
        if total > value:
            return f"That branch would total {total}, over its seed's {value}"
        return None

    def _check_tail(self, me: int, move: Attack | Prune) -> str | None:
        reason = self._own_branch(me, move.seed, move.branch)
        if reason:
            return reason
        n = len(self.seeds[me][move.seed][2][move.branch])
        if not _is_int(move.count) or not 1 <= move.count <= n:
            return f"That branch has {n} card{'s' if n != 1 else ''}"
        return None

    def _check_attack(self, me: int, move: Attack) -> str | None:
        reason = self._phase_reason("play", "capture")
        if reason:
            return reason
        if self.pending is None and not self._has_target(1 - me):
            return "The other player has nothing to capture"
        reason = self._check_tail(me, move)
        if reason:
            return reason
        if self.pending is not None and (move.seed, move.branch) in self.pending.used:
            return "That branch is already attacking"
        return None

    def _check_target(self, me: int, move: Target) -> str | None:
        reason = self._phase_reason("capture")
        if reason:
            return reason
        pending = self.pending
        assert pending is not None
        seeds = self.seeds[1 - me]
        i, b, k = move.seed, move.branch, move.count
        if not _is_int(i) or not 0 <= i < len(seeds):
            return "The other player has no such seed"
        _cards, value, branches, _sums = seeds[i]
        total = pending.attack_sum
        if b is None:
            if k != 0:
                return "A seed is captured whole"
            if branches:
                return "A seed with branches cannot be captured"
            if value >= total:
                return f"Your attackers total {total}: they must beat the seed's {value}"
            return None
        if not _is_int(b) or not 0 <= b < len(branches):
            return "That seed has no such branch"
        n = len(branches[b])
        if not _is_int(k) or not 1 <= k <= n:
            return f"That branch has {n} card{'s' if n != 1 else ''}"
        tail = sum(VALUE[c] for c in branches[b][-k:])
        if tail >= total:
            return f"Your attackers total {total}: the target must be less (it is {tail})"
        return None

    def _check_meld(self, me: int, move: Meld) -> str | None:
        reason = self._phase_reason("meld")
        if reason:
            return reason
        assert self.pending is not None
        free = self.pending.unmelded()
        cards = move.cards
        if not isinstance(cards, tuple) or not all(c in free for c in cards):
            return "A meld is made of the removed cards not yet melded"
        if meld_score(cards) is None:
            return "Those cards are not a meld"
        if list(cards) != [c for c in free if c in cards]:
            return "List the meld's cards in the order they were removed"
        return None

    def _check_prune(self, me: int, move: Prune) -> str | None:
        return self._phase_reason("play") or self._check_tail(me, move)

    def _check_done(self, me: int, move: Done) -> str | None:
        if self.phase == "capture":
            return "Pick a target first (or cancel)"
        return self._phase_reason("condense", "grow", "meld")

    def _check_cancel(self, me: int, move: Cancel) -> str | None:
        return None if self.pending is not None else "There is nothing to cancel"

    def _check_pass(self, me: int, move: Pass) -> str | None:
        return self._phase_reason("play")

    # ------------------------------------------------------------------ applying

    def apply(self, move: Any) -> OrchardState:
        if move is not self._picked or move is None:
            reason = self.check(move)
            if reason is not None:
                raise IllegalMove(reason)
        return _APPLY[type(move)](self, self.current, move)

    def _pending_state(self, hands, seeds, pending: Pending, move: Any) -> OrchardState:
        return OrchardState(
            self.seed,
            self.first,
            self.starter,
            hands,
            seeds,
            self.melds,
            self.captured,
            self.stock,
            self.discard,
            self.current,
            self.turn,
            self.final_turns,
            self.passed,
            pending,
            move,
        )

    def _end_turn(self, me, hands, seeds, melds, captured, discard, move, action, removed=()):
        """The action is final: draw up to 7, then the last-round and guard bookkeeping."""
        hand = hands[me]
        stock = self.stock
        drawn = min(HAND_SIZE - len(hand), len(stock))
        if drawn > 0:
            hands = _pair(hands, me, _sorted_hand((*hand, *stock[-drawn:])))
            stock = stock[:-drawn]
        else:
            drawn = 0
        final_turns = self.final_turns
        last_round = False
        over = False
        if final_turns is not None:
            final_turns -= 1
            over = final_turns == 0
        elif drawn and not stock:
            final_turns = 2
            last_round = True
        is_pass = action == "pass"
        if is_pass and self.passed:
            over = True
        turn = self.turn + 1
        if turn >= TURN_LIMIT:
            over = True
        return OrchardState(
            self.seed,
            self.first,
            self.starter,
            hands,
            seeds,
            melds,
            captured,
            stock,
            discard,
            None if over else 1 - me,
            turn,
            final_turns,
            is_pass,
            None,
            move,
            (action, drawn, removed, last_round),
        )

    def _apply_plant(self, me: int, move: Plant) -> OrchardState:
        hand = self.hands[me]
        k = hand.index(move.card)
        hands = _pair(self.hands, me, hand[:k] + hand[k + 1 :])
        seed = ((move.card,), VALUE[move.card], (), ())
        seeds = _pair(self.seeds, me, (*self.seeds[me], seed))
        return self._end_turn(
            me, hands, seeds, self.melds, self.captured, self.discard, move, "plant"
        )

    def _apply_condense(self, me: int, move: Condense) -> OrchardState:
        i, b = move.seed, move.branch
        mine = self.seeds[me]
        cards, value, branches, sums = mine[i]
        branch = branches[b]
        card = branch[0]
        v = VALUE[card]
        emptied = len(branch) == 1
        if emptied:
            branches, sums = branches[:b] + branches[b + 1 :], sums[:b] + sums[b + 1 :]
        else:
            branches, sums = _put(branches, b, branch[1:]), _put(sums, b, sums[b] - v)
        seeds = _pair(self.seeds, me, _put(mine, i, ((*cards, card), value + v, branches, sums)))
        old = self.pending
        steps = ((b, emptied),) if old is None else (*old.steps, (b, emptied))
        used = _shift_used(() if old is None else old.used, b, emptied)
        return self._pending_state(
            self.hands, seeds, Pending("condense", seed=i, steps=steps, used=used), move
        )

    def _apply_grow(self, me: int, move: Grow) -> OrchardState:
        c, i, b = move.card, move.seed, move.branch
        hand = self.hands[me]
        k = hand.index(c)
        hands = _pair(self.hands, me, hand[:k] + hand[k + 1 :])
        mine = self.seeds[me]
        cards, value, branches, sums = mine[i]
        if b == len(branches):
            seed = (cards, value, (*branches, (c,)), (*sums, VALUE[c]))
        else:
            seed = (
                cards,
                value,
                _put(branches, b, (*branches[b], c)),
                _put(sums, b, sums[b] + VALUE[c]),
            )
        seeds = _pair(self.seeds, me, _put(mine, i, seed))
        old = self.pending
        placed = ((c, i, b),) if old is None else (*old.placed, (c, i, b))
        return self._pending_state(hands, seeds, Pending("grow", None, (), (), placed), move)

    def _apply_attack(self, me: int, move: Attack) -> OrchardState:
        i, b, k = move.seed, move.branch, move.count
        mine = self.seeds[me]
        seed, tail, emptied = _cut_tail(mine[i], b, k)
        seeds = _pair(self.seeds, me, _put(mine, i, seed))
        old = self.pending or Pending("capture")
        used = tuple(
            (i, x) for x in _shift_used(tuple(x for s, x in old.used if s == i), b, emptied)
        )
        pending = Pending(
            "capture",
            used=tuple(sorted((*(u for u in old.used if u[0] != i), *used))),
            attackers=(*old.attackers, (i, b, k, tail, emptied)),
            attack_sum=old.attack_sum + sum(VALUE[c] for c in tail),
            removed=old.removed + tail,
        )
        return self._pending_state(self.hands, seeds, pending, move)

    def _apply_target(self, me: int, move: Target) -> OrchardState:
        i, b, k = move.seed, move.branch, move.count
        theirs = self.seeds[1 - me]
        old = self.pending
        assert old is not None
        if b is None:
            cards, value = theirs[i][0], theirs[i][1]
            seeds = _pair(self.seeds, 1 - me, theirs[:i] + theirs[i + 1 :])
            target = (i, None, 0, cards, value, False)
            removed = old.removed
        else:
            seed, tail, emptied = _cut_tail(theirs[i], b, k)
            seeds = _pair(self.seeds, 1 - me, _put(theirs, i, seed))
            target = (i, b, k, tail, sum(VALUE[c] for c in tail), emptied)
            removed = old.removed + tail
        pending = Pending(
            "capture",
            used=old.used,
            attackers=old.attackers,
            attack_sum=old.attack_sum,
            removed=removed,
            target=target,
        )
        return self._pending_state(self.hands, seeds, pending, move)

    def _apply_meld(self, me: int, move: Meld) -> OrchardState:
        old = self.pending
        assert old is not None
        pending = Pending(
            "capture",
            used=old.used,
            attackers=old.attackers,
            attack_sum=old.attack_sum,
            removed=old.removed,
            target=old.target,
            melds=(*old.melds, move.cards),
        )
        return self._pending_state(self.hands, self.seeds, pending, move)

    def _apply_done(self, me: int, move: Done) -> OrchardState:
        pending = self.pending
        assert pending is not None
        melds, captured, discard, removed = self.melds, self.captured, self.discard, ()
        if pending.kind == "capture":
            target = pending.target
            assert target is not None
            if pending.melds:
                melds = _pair(melds, me, (*melds[me], *pending.melds))
            removed = pending.unmelded()
            discard = discard + removed
            if target[1] is None:
                captured = _pair(captured, me, (*captured[me], target[3]))
        return self._end_turn(
            me, self.hands, self.seeds, melds, captured, discard, move, pending.kind, removed
        )

    def _apply_cancel(self, me: int, move: Cancel) -> OrchardState:
        return _with_pending(self, None, _undo(self), move)

    def _apply_prune(self, me: int, move: Prune) -> OrchardState:
        i = move.seed
        mine = self.seeds[me]
        seed, tail, _emptied = _cut_tail(mine[i], move.branch, move.count)
        seeds = _pair(self.seeds, me, _put(mine, i, seed))
        hands = _pair(self.hands, me, _sorted_hand((*self.hands[me], *tail)))
        return self._end_turn(
            me, hands, seeds, self.melds, self.captured, self.discard, move, "prune", tail
        )

    def _apply_pass(self, me: int, move: Pass) -> OrchardState:
        return self._end_turn(
            me, self.hands, self.seeds, self.melds, self.captured, self.discard, move, "pass"
        )

    # ------------------------------------------------------------------ scoring

    def final(self) -> list[dict[str, Any]] | None:
        """Once over, per seat: the final melds (best_final_choice of hand + branch cards as loose,
        seed cards as seeded), the loose cards left unmelded, captured seeds, penalty, points."""
        if self.current is not None:
            return None
        if self._final is None:
            out = []
            for s in (0, 1):
                loose = list(self.hands[s])
                seeded = []
                for cards, _value, branches, _sums in self.seeds[s]:
                    seeded.extend(cards)
                    for branch in branches:
                        loose.extend(branch)
                score, melds = best_final_choice(loose, seeded)
                melded = {c for m in melds for c in m}
                unmelded = [c for c in loose if c not in melded]
                final_points = score + len(unmelded)
                play_points = sum(_meld_points(m) for m in self.melds[s])
                n = len(self.captured[s])
                out.append(
                    {
                        "melds": melds,
                        "unmelded": unmelded,
                        "captured": n,
                        "penalty": len(unmelded),
                        "meld_points": play_points + final_points,
                        "score": play_points + score + CAPTURED_SEED_POINTS * n,
                    }
                )
            self._final = out
        return self._final

    def scores(self) -> list[int]:
        """Melds set aside + 30 per captured seed; once over, the final totals."""
        final = self.final()
        if final is not None:
            return [f["score"] for f in final]
        return [
            sum(_meld_points(m) for m in self.melds[s])
            + CAPTURED_SEED_POINTS * len(self.captured[s])
            for s in (0, 1)
        ]

    def winners(self) -> list[int]:
        if self.current is not None:
            return []
        a, b = self.scores()
        if a == b:
            return [0, 1]
        return [0] if a > b else [1]

    # ------------------------------------------------------------------ events

    @property
    def events(self) -> list[dict[str, Any]]:
        """What the move that produced this state did, in order (public facts only)."""
        move = self.last
        if move is None:
            return []
        me = self._mover()
        kind = move.kind
        out: list[dict[str, Any]] = []
        pending = self.pending
        if kind in ("plant", "grow", "pass"):
            out.append({**move.to_dict(), "seat": me})
        elif kind == "condense":
            out.append({**move.to_dict(), "seat": me, "card": self.seeds[me][move.seed][0][-1]})
        elif kind == "attack":
            assert pending is not None
            out.append(
                {
                    "kind": "attack",
                    "seat": me,
                    "seed": move.seed,
                    "branch": move.branch,
                    "cards": list(pending.attackers[-1][3]),
                }
            )
        elif kind == "target":
            assert pending is not None and pending.target is not None
            _i, b, _k, cards, total, _e = pending.target
            out.append(
                {
                    "kind": "capture",
                    "seat": me,
                    "target_seat": 1 - me,
                    "seed": move.seed,
                    "branch": b,
                    "cards": list(cards),
                    "sum": total,
                    "attack_sum": pending.attack_sum,
                }
            )
        elif kind == "meld":
            out.append(
                {
                    "kind": "meld",
                    "seat": me,
                    "cards": list(move.cards),
                    "score": _meld_points(move.cards),
                }
            )
        elif kind == "prune":
            out.append(
                {
                    "kind": "prune",
                    "seat": me,
                    "seed": move.seed,
                    "branch": move.branch,
                    "cards": list(self.note[2]),
                }
            )
        elif kind == "cancel":
            out.append({"kind": "cancel", "seat": me})
        elif kind == "done":
            out.append({"kind": "done", "seat": me, "action": self.note[0]})
            if self.note[2]:
                out.append({"kind": "discard", "cards": list(self.note[2])})
        if self.note is not None:
            _action, drawn, _cards, last_round = self.note
            if drawn:
                out.append({"kind": "draw", "seat": me, "count": drawn})
            if last_round:
                out.append({"kind": "last_round"})
            if self.current is None:
                final = self.final()
                assert final is not None
                out.append(
                    {
                        "kind": "final",
                        "scores": self.scores(),
                        "winners": self.winners(),
                        "melds": [f["melds"] for f in final],
                    }
                )
        return out

    def _mover(self) -> int:
        """The seat that made the last move."""
        if self.note is None:
            assert self.current is not None
            return self.current
        # A turn ended: the mover is the seat whose turn number was self.turn - 1.
        return self.starter if (self.turn - 1) % 2 == 0 else 1 - self.starter

    # ------------------------------------------------------------------ views and saves

    def _board_dict(self, hands: list[Any]) -> dict[str, Any]:
        return {
            "hands": hands,
            "seeds": [
                [
                    {"cards": list(cards), "branches": [list(b) for b in branches]}
                    for cards, _value, branches, _sums in mine
                ]
                for mine in self.seeds
            ],
            "melds": [[list(m) for m in melds] for melds in self.melds],
            "captured": [[list(c) for c in cap] for cap in self.captured],
            "discard": list(self.discard),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: everything but the other hand's faces and the stock's order."""
        if not _is_int(seat) or seat not in (0, 1):
            raise ValueError(f"orchard: seat must be 0 or 1, not {seat!r}")
        other = 1 - seat
        hands: list[Any] = [None, None]
        hands[seat] = list(self.hands[seat])
        hand_ids: list[Any] = [None, None]
        hand_ids[seat] = list(self.hands[seat])
        if self.current is None:  # the end shows every hand (the final melds use them)
            hands[other] = hand_ids[other] = list(self.hands[other])
        else:
            hands[other] = [None] * len(self.hands[other])
            hand_ids[other] = [f"h{other}.{i}" for i in range(len(self.hands[other]))]
        board = self._board_dict(hands)
        for mine, seeds in zip(board["seeds"], self.seeds, strict=True):
            for entry, (_cards, value, _branches, sums) in zip(mine, seeds, strict=True):
                entry["value"] = value
                entry["totals"] = list(sums)
        return {
            "game": name,
            "seat": seat,
            "options": self.options,  # not the seed: it would tell the deal (hand and stock)
            "phase": self.phase,
            "current_player": self.current,
            "turn": self.turn,
            "first_player": self.starter,
            "dealer": self.dealer,
            "hand_ids": hand_ids,
            "stock_count": len(self.stock),
            **board,
            "passed": self.passed,
            "pending": None
            if self.pending is None
            else _pending_view(self.pending, self.seeds[self.current]),
            "final_turns": self.final_turns,
            "scores": self.scores(),
            "winners": self.winners(),
            "final": self.final(),
        }

    def to_dict(self) -> dict[str, Any]:
        """The full state; a pending action as its undo records (no card is named twice)."""
        return {
            "game": name,
            "seed": self.seed,
            "options": self.options,
            "first_player": self.starter,
            "current_player": self.current,
            "turn": self.turn,
            "final_turns": self.final_turns,
            "passed": self.passed,
            "stock": list(self.stock),
            **self._board_dict([list(h) for h in self.hands]),
            "pending": None if self.pending is None else _pending_record(self.pending),
        }

    @classmethod
    def from_dict(cls, d: Any) -> OrchardState:
        return from_dict(d)


def _name(code: Any) -> str:
    return pretty(code) if is_card(code) else repr(code)


def _meld_points(cards: Iterable[str]) -> int:
    score = meld_score(cards)
    assert score is not None
    return score


_CHECKS = {
    Plant: OrchardState._check_plant,
    Condense: OrchardState._check_condense,
    Grow: OrchardState._check_grow,
    Attack: OrchardState._check_attack,
    Target: OrchardState._check_target,
    Meld: OrchardState._check_meld,
    Prune: OrchardState._check_prune,
    Done: OrchardState._check_done,
    Cancel: OrchardState._check_cancel,
    Pass: OrchardState._check_pass,
}
_APPLY = {
    Plant: OrchardState._apply_plant,
    Condense: OrchardState._apply_condense,
    Grow: OrchardState._apply_grow,
    Attack: OrchardState._apply_attack,
    Target: OrchardState._apply_target,
    Meld: OrchardState._apply_meld,
    Prune: OrchardState._apply_prune,
    Done: OrchardState._apply_done,
    Cancel: OrchardState._apply_cancel,
    Pass: OrchardState._apply_pass,
}


# ----------------------------------------------------------------------------------- pending


@dataclass(frozen=True, slots=True)
class _Board:
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    seeds: tuple[tuple[Seed, ...], tuple[Seed, ...]]


def _undo(state: OrchardState) -> _Board:
    """The hands and seeds as they were when the pending action began."""
    pending = state.pending
    me = state.current
    assert pending is not None and me is not None
    hands, seeds = state.hands, state.seeds
    mine = list(seeds[me])
    if pending.kind == "condense":
        i = pending.seed
        assert i is not None
        cards, value, branches, sums = mine[i]
        for b, emptied in reversed(pending.steps):
            card, cards = cards[-1], cards[:-1]
            value -= VALUE[card]
            if emptied:
                branches = (*branches[:b], (card,), *branches[b:])
                sums = (*sums[:b], VALUE[card], *sums[b:])
            else:
                branches = _put(branches, b, (card, *branches[b]))
                sums = _put(sums, b, sums[b] + VALUE[card])
        mine[i] = (cards, value, branches, sums)
    elif pending.kind == "grow":
        hand = list(hands[me])
        for card, i, b in reversed(pending.placed):
            seed, _tail, _emptied = _cut_tail(mine[i], b, 1)
            mine[i] = seed
            hand.append(card)
        hands = _pair(hands, me, _sorted_hand(hand))
    else:
        theirs = list(seeds[1 - me])
        target = pending.target
        if target is not None:
            i, b, _k, cards, _total, emptied = target
            if b is None:
                theirs.insert(i, _make_seed(cards, ()))
            else:
                theirs[i] = _add_tail(theirs[i], b, cards, emptied)
        for i, b, _k, cards, emptied in reversed(pending.attackers):
            mine[i] = _add_tail(mine[i], b, cards, emptied)
        seeds = _pair(seeds, 1 - me, tuple(theirs))
    return _Board(hands, _pair(seeds, me, tuple(mine)))


def _pending_view(p: Pending, seeds: tuple[Seed, ...]) -> dict[str, Any]:
    """The pending action as the view shows it (`seeds`: the mover's)."""
    target = p.target
    condensed = (
        seeds[p.seed][0][len(seeds[p.seed][0]) - len(p.steps) :] if p.seed is not None else ()
    )
    return {
        "kind": p.kind,
        "seed": p.seed,
        "steps": [{"branch": b, "emptied": e} for b, e in p.steps],
        "condensed": list(condensed),
        "placed": [[c, i, b] for c, i, b in p.placed],
        "attackers": [
            {"seed": i, "branch": b, "count": k, "cards": list(cards), "emptied": e}
            for i, b, k, cards, e in p.attackers
        ],
        "attack_sum": p.attack_sum,
        "target": None
        if target is None
        else {
            "seed": target[0],
            "branch": target[1],
            "count": target[2],
            "cards": list(target[3]),
            "sum": target[4],
            "emptied": target[5],
        },
        "removed": list(p.unmelded()),
        "melds": [list(m) for m in p.melds],
    }


def _pending_record(p: Pending) -> dict[str, Any]:
    """The pending action for to_dict: card codes only where the cards left the board."""
    if p.kind == "condense":
        return {"kind": "condense", "seed": p.seed, "steps": [[b, e] for b, e in p.steps]}
    if p.kind == "grow":
        return {"kind": "grow", "placed": [[i, b] for _c, i, b in p.placed]}
    index = {c: k for k, c in enumerate(p.removed)}
    target = p.target
    record_target = None
    if target is not None:
        record_target = {
            "seed": target[0],
            "branch": target[1],
            "count": target[2],
            "emptied": target[5],
        }
        if target[1] is None:
            record_target["cards"] = list(target[3])
    return {
        "kind": "capture",
        "attackers": [[i, b, k, e] for i, b, k, _cards, e in p.attackers],
        "removed": list(p.removed),
        "target": record_target,
        "melds": [[index[c] for c in m] for m in p.melds],
    }


# ------------------------------------------------------------------------------------ module API


def _deal(seed: int, first: int | None) -> tuple[int, tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """(starter, hands, stock) of a deal. One random.Random(seed): a coin for who starts (drawn
    even when the option decides, so the cards do not depend on it), then shuffles until neither
    hand is all face cards (a misdeal is dealt again with the same generator)."""
    rng = random.Random(seed)
    coin = rng.randrange(2)
    starter = coin if first is None else first
    while True:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        top = deck[-2 * HAND_SIZE :][::-1]  # one at a time from the top, the non-dealer first
        dealt = [top[0::2], top[1::2]]
        if not any(all(_FACE[c] for c in hand) for hand in dealt):
            break
    hands = [(), ()]
    hands[starter] = _sorted_hand(dealt[0])
    hands[1 - starter] = _sorted_hand(dealt[1])
    return starter, (hands[0], hands[1]), tuple(deck[: -2 * HAND_SIZE])


def new_game(seed: int, players: int = 2, options: Mapping[str, Any] | None = None) -> OrchardState:
    check_seed_and_players(name, seed, players, min_players, max_players)
    opts = resolve_options(name, OPTIONS, DEFAULTS, options)
    starter, hands, stock = _deal(seed, opts["first"])
    return OrchardState(
        seed=seed,
        first=opts["first"],
        starter=starter,
        hands=hands,  # type: ignore[arg-type]
        seeds=((), ()),
        melds=((), ()),
        captured=((), ()),
        stock=stock,
        discard=(),
        current=starter,
        turn=0,
        final_turns=None,
        passed=False,
    )


_STATE_KEYS = frozenset(
    (
        "game",
        "seed",
        "options",
        "first_player",
        "current_player",
        "turn",
        "final_turns",
        "passed",
        "stock",
        "hands",
        "seeds",
        "melds",
        "captured",
        "discard",
        "pending",
    )
)


def _fail(what: str) -> ValueError:
    return ValueError(f"orchard state: {what}")


def _int_in(value: Any, lo: int, hi: int, what: str) -> int:
    if not _is_int(value) or not lo <= value <= hi:
        raise _fail(f"{what} must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _codes(value: Any, what: str, seen: set[str], nonempty: bool = False) -> tuple[str, ...]:
    if not isinstance(value, list) or (nonempty and not value):
        raise _fail(f"{what} must be a {'non-empty ' if nonempty else ''}list of card codes")
    for code in value:
        if not is_card(code):
            raise _fail(f"{what}: {code!r} is not a card code")
        if code in seen:
            raise _fail(f"{what}: {code} appears twice")
        seen.add(code)
    return tuple(value)


def _pair_of_lists(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != 2:
        raise _fail(f"{what} must be a list of two lists")
    for part in value:
        if not isinstance(part, list):
            raise _fail(f"{what} must be a list of two lists")
    return value


def _parse_seed(raw: Any, where: str, seen: set[str]) -> Seed:
    if not isinstance(raw, Mapping) or set(raw) != {"cards", "branches"}:
        raise _fail(f"{where} must be {{cards, branches}}")
    cards = _codes(raw["cards"], f"{where} cards", seen, nonempty=True)
    if _FACE[cards[0]]:
        raise _fail(f"{where} was planted with a face card")
    if not isinstance(raw["branches"], list) or len(raw["branches"]) > MAX_BRANCHES:
        raise _fail(f"{where}: branches must be a list of at most {MAX_BRANCHES}")
    branches = tuple(
        _codes(b, f"{where} branch {k}", seen, nonempty=True) for k, b in enumerate(raw["branches"])
    )
    seed = _make_seed(cards, branches)
    for k, total in enumerate(seed[3]):
        if total > seed[1]:
            raise _fail(f"{where} branch {k} totals {total}, over the seed's {seed[1]}")
    return seed


def from_dict(d: Any) -> OrchardState:
    """A state from its `to_dict()` form, fully checked; ValueError says what is wrong."""
    check_state_opening(name, d, _STATE_KEYS, exact=True)
    seed = d["seed"]
    check_seed_and_players(name, seed, 2, min_players, max_players)
    if not isinstance(d["options"], Mapping):
        raise _fail("options must be an object")
    opts = resolve_options(name, OPTIONS, DEFAULTS, d["options"])
    starter = d["first_player"]
    coin = random.Random(seed).randrange(2)
    if starter != (coin if opts["first"] is None else opts["first"]) or not _is_int(starter):
        raise _fail("first_player does not match the seed and options")
    turn = _int_in(d["turn"], 0, TURN_LIMIT, "turn")
    final_turns = d["final_turns"]
    if final_turns is not None:
        _int_in(final_turns, 0, 2, "final_turns")
    passed = d["passed"]
    if not isinstance(passed, bool):
        raise _fail("passed must be true or false")
    current = d["current_player"]
    if current is not None:
        _int_in(current, 0, 1, "current_player")
        expected = starter if turn % 2 == 0 else 1 - starter
        if current != expected or turn >= TURN_LIMIT or final_turns == 0:
            raise _fail("current_player does not match the turn")
    elif not (turn >= TURN_LIMIT or final_turns == 0 or passed):
        raise _fail("the game is over (current_player null) but no end has come")

    seen: set[str] = set()
    stock = _codes(d["stock"], "stock", seen)
    if not stock and final_turns is None:
        raise _fail("the stock is empty but the last round has not begun")
    if stock and final_turns is not None:
        raise _fail("the last round began with cards in the stock")
    hands = tuple(
        _sorted_hand(_codes(h, f"hand {s}", seen))
        for s, h in enumerate(_pair_of_lists(d["hands"], "hands"))
    )
    seeds = tuple(
        tuple(_parse_seed(raw, f"seat {s} seed {i}", seen) for i, raw in enumerate(mine))
        for s, mine in enumerate(_pair_of_lists(d["seeds"], "seeds"))
    )
    melds = []
    for s, mine in enumerate(_pair_of_lists(d["melds"], "melds")):
        parsed = tuple(_codes(m, f"seat {s} meld", seen, nonempty=True) for m in mine)
        for m in parsed:
            if meld_score(m) is None:
                raise _fail(f"seat {s}: {list(m)} is not a meld")
        melds.append(parsed)
    captured = tuple(
        tuple(_codes(c, f"seat {s} captured seed", seen, nonempty=True) for c in mine)
        for s, mine in enumerate(_pair_of_lists(d["captured"], "captured"))
    )
    discard = _codes(d["discard"], "discard", seen)

    raw_pending = d["pending"]
    if raw_pending is not None:
        if current is None:
            raise _fail("a finished game has no pending action")
        _count_pending_cards(raw_pending, seen)
    if len(seen) != len(FULL_DECK):
        raise _fail(f"{len(FULL_DECK) - len(seen)} card(s) missing")

    state = OrchardState(
        seed,
        opts["first"],
        starter,
        hands,  # type: ignore[arg-type]
        seeds,  # type: ignore[arg-type]
        (melds[0], melds[1]),
        captured,  # type: ignore[arg-type]
        stock,
        discard,
        current,
        turn,
        final_turns,
        passed,
    )
    if raw_pending is None:
        return state
    return _replay_pending(state, raw_pending)


def _count_pending_cards(raw: Any, seen: set[str]) -> None:
    """The cards a pending record names (they are off the board), checked and counted."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in ("condense", "grow", "capture"):
        raise _fail("pending must be null or a condense, grow or capture record")
    if raw["kind"] != "capture":
        return
    if set(raw) != {"kind", "attackers", "removed", "target", "melds"}:
        raise _fail("pending capture: keys must be kind, attackers, removed, target, melds")
    _codes(raw["removed"], "pending removed", seen)
    target = raw["target"]
    if isinstance(target, Mapping) and target.get("branch") is None and "cards" in target:
        _codes(target["cards"], "pending captured seed", seen, nonempty=True)


def _replay_pending(state: OrchardState, raw: Mapping[str, Any]) -> OrchardState:
    """The state with its pending action: the start of the turn (rebuilt with `_undo` from the
    records), then the steps again through `apply`, which must lead exactly to the board given."""
    me = state.current
    assert me is not None
    kind = raw["kind"]
    try:
        probe, moves = _probe(state, raw)
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        if isinstance(exc, ValueError) and str(exc).startswith("orchard state"):
            raise
        raise _fail(f"pending {kind}: malformed ({exc!r})") from None
    try:
        board = _undo(_with_pending(state, probe))
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        raise _fail(f"pending {kind}: the records do not fit the board ({exc!r})") from None
    replayed = _with_pending(state, None, board)
    for move in moves:
        reason = replayed.check(move)
        if reason is not None:
            raise _fail(f"pending {kind}: a step is illegal ({reason})")
        replayed = replayed.apply(move)
    if (replayed.hands, replayed.seeds) != (state.hands, state.seeds) or replayed.pending is None:
        raise _fail(f"pending {kind}: the steps do not lead to this board")
    return _with_pending(replayed, replayed.pending)


def _probe(state: OrchardState, raw: Mapping[str, Any]) -> tuple[Pending, list[OrchardMove]]:
    """From a pending record: a Pending good enough for `_undo`, and the steps as moves."""
    me = state.current
    assert me is not None
    kind = raw["kind"]
    if kind == "condense":
        if set(raw) != {"kind", "seed", "steps"} or not isinstance(raw["steps"], list):
            raise _fail("pending condense: keys must be kind, seed, steps")
        steps = tuple((b, e) for b, e in raw["steps"])
        if not steps or not all(_is_int(b) and isinstance(e, bool) for b, e in steps):
            raise _fail("pending condense: steps must be [branch, emptied] pairs")
        i = raw["seed"]
        return Pending("condense", seed=i, steps=steps), [Condense(i, b) for b, _e in steps]
    if kind == "grow":
        if (
            set(raw) != {"kind", "placed"}
            or not isinstance(raw["placed"], list)
            or not raw["placed"]
        ):
            raise _fail("pending grow: keys must be kind, placed (a non-empty list)")
        placed, seeds = [], list(state.seeds[me])
        for i, b in reversed(raw["placed"]):
            seeds[i], tail, _e = _cut_tail(seeds[i], b, 1)
            placed.append((tail[0], i, b))
        placed.reverse()
        return Pending("grow", placed=tuple(placed)), [Grow(c, i, b) for c, i, b in placed]
    removed = tuple(raw["removed"])
    attackers, at = [], 0
    for i, b, k, emptied in raw["attackers"]:
        if not (_is_int(k) and k > 0 and isinstance(emptied, bool)):
            raise _fail("pending capture: attackers must be [seed, branch, count, emptied]")
        attackers.append((i, b, k, removed[at : at + k], emptied))
        at += k
    if not attackers:
        raise _fail("pending capture: no attackers")
    moves: list[OrchardMove] = [Attack(i, b, k) for i, b, k, _c, _e in attackers]
    target = raw["target"]
    probe_target = None
    if target is not None:
        i, b, k, emptied = target["seed"], target["branch"], target["count"], target["emptied"]
        keys = {"seed", "branch", "count", "emptied"} | ({"cards"} if b is None else set())
        if set(target) != keys or not isinstance(emptied, bool):
            raise _fail(f"pending capture: the target's keys must be {sorted(keys)}")
        if b is None:
            tail = tuple(target["cards"])
        else:
            tail = removed[at : at + k]
            at += k
        probe_target = (i, b, k, tail, 0, emptied)
        moves.append(Target(i, b, k))
        moves.extend(Meld(tuple(removed[x] for x in m)) for m in raw["melds"])
    elif raw["melds"]:
        raise _fail("pending capture: melds before a target")
    if at != len(removed):
        raise _fail("pending capture: the removed cards do not match the steps")
    probe = Pending("capture", attackers=tuple(attackers), target=probe_target)
    return probe, moves


def _with_pending(
    state: OrchardState, pending: Pending | None, board: _Board | None = None, last: Any = None
) -> OrchardState:
    """The same state with another pending action (and optionally other hands and seeds)."""
    return OrchardState(
        state.seed,
        state.first,
        state.starter,
        state.hands if board is None else board.hands,
        state.seeds if board is None else board.seeds,
        state.melds,
        state.captured,
        state.stock,
        state.discard,
        state.current,
        state.turn,
        state.final_turns,
        state.passed,
        pending,
        last,
    )


def _view_pending_record(raw: Any) -> dict[str, Any] | None:
    """A view's pending action as the to_dict record (the inverse of what view and to_dict show)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise ValueError("orchard determinize: pending must be null or an object")
    kind = raw.get("kind")
    if kind == "condense":
        return {
            "kind": kind,
            "seed": raw["seed"],
            "steps": [[s["branch"], s["emptied"]] for s in raw["steps"]],
        }
    if kind == "grow":
        return {"kind": kind, "placed": [[i, b] for _c, i, b in raw["placed"]]}
    removed = [c for a in raw["attackers"] for c in a["cards"]]
    target = raw["target"]
    record_target = None
    if target is not None:
        record_target = {k: target[k] for k in ("seed", "branch", "count", "emptied")}
        if target["branch"] is None:
            record_target["cards"] = list(target["cards"])
        else:
            removed.extend(target["cards"])
    index = {c: k for k, c in enumerate(removed)}
    return {
        "kind": "capture",
        "attackers": [[a["seed"], a["branch"], a["count"], a["emptied"]] for a in raw["attackers"]],
        "removed": removed,
        "target": record_target,
        "melds": [[index[c] for c in m] for m in raw["melds"]],
    }


def _view_codes(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        if is_card(value):
            out.add(value)
    elif isinstance(value, Mapping):
        for item in value.values():
            _view_codes(item, out)
    elif isinstance(value, list):
        for item in value:
            _view_codes(item, out)


def _seed_for(starter: Any, options: Any, rng: random.Random) -> int:
    """A deal seed for a determinized state (the view does not tell the real one): any seed when
    the option names who starts, else one whose coin gives that starter (from_dict checks it)."""
    if not _is_int(starter) or starter not in (0, 1):
        raise ValueError(f"orchard determinize: first_player must be 0 or 1, not {starter!r}")
    while True:
        seed = rng.randrange(2**64)
        if options.get("first") is not None or random.Random(seed).randrange(2) == starter:
            return seed


def determinize(view: Any, rng: random.Random) -> OrchardState:
    """A full state whose view(seat) == `view` (seat = view["seat"]): the cards the view does not
    show (the other hand and the stock) dealt uniformly with `rng`. ValueError on a view that is
    not an Orchard view or is malformed."""
    if not isinstance(view, Mapping) or view.get("game") != name:
        raise ValueError("orchard determinize: not an Orchard view")
    seat = view.get("seat")
    if not _is_int(seat) or seat not in (0, 1):
        raise ValueError(f"orchard determinize: seat must be 0 or 1, not {seat!r}")
    try:
        other = 1 - seat
        shown = view["current_player"] is None
        hidden = 0 if shown else len(view["hands"][other])
        if not shown and any(c is not None for c in view["hands"][other]):
            raise ValueError("orchard determinize: the other hand must be hidden")
        stock_count = view["stock_count"]
        if not _is_int(stock_count) or stock_count < 0:
            raise ValueError("orchard determinize: bad stock_count")
        seen: set[str] = set()
        board = {k: view[k] for k in ("seeds", "melds", "captured", "discard", "pending")}
        _view_codes(board, seen)
        _view_codes(view["hands"][seat], seen)
        if shown:
            _view_codes(view["hands"][other], seen)
        unseen = [c for c in FULL_DECK if c not in seen]
        if len(unseen) != hidden + stock_count:
            raise ValueError(
                f"orchard determinize: {len(unseen)} unseen cards for "
                f"{hidden + stock_count} hidden places"
            )
        rng.shuffle(unseen)
        hands: list[Any] = [None, None]
        hands[seat] = list(view["hands"][seat])
        hands[other] = list(view["hands"][other]) if shown else unseen[:hidden]
        d = {
            "game": name,
            "seed": _seed_for(view["first_player"], view["options"], rng),
            "options": view["options"],
            "first_player": view["first_player"],
            "current_player": view["current_player"],
            "turn": view["turn"],
            "final_turns": view["final_turns"],
            "passed": view["passed"],
            "stock": unseen[hidden:],
            "hands": hands,
            "seeds": [
                [{"cards": s["cards"], "branches": s["branches"]} for s in mine]
                for mine in view["seeds"]
            ],
            "melds": view["melds"],
            "captured": view["captured"],
            "discard": view["discard"],
            "pending": _view_pending_record(view["pending"]),
        }
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"orchard determinize: malformed view ({exc!r})") from None
    state = from_dict(d)
    if state.view(seat) != view:
        raise ValueError("orchard determinize: the view is not one an Orchard state shows")
    return state
