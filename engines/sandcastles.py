"""Sandcastles: 2–6 players each build a row of cards (a castle) and knock down each other's.

A round is a chain of small moves (one declaration per drawn card, one insert per build card), so
move lists stay short for the search players and undo works per step; everything automatic
(draws, reshuffles, the attack chains, the end of a round) happens inside the `apply` of the move
that sets it off, each step in `state.events`. The API (phases, moves, views, events) is specified
in docs/api/sandcastles.md; the rules are ../shared/design/rules.md and docs/rules/sandcastles.md.

States are frozen values with tuples inside, so `apply` is cheap and never mutates anything.
Attack chains are walked by one function (`_chain`), used by `resolve_attack`,
`resolve_attacks` and the engine's phase 2 alike.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engines.cards import FULL_DECK, is_card, pretty, rank_number, shuffled_deck
from engines.core import (
    IllegalMove,
    check_seed,
    check_seed_and_players,
    check_state_opening,
    resolve_options,
)

name = "sandcastles"
title = "Sandcastles"
min_players = 2
max_players = 6
OPTIONS: dict[str, tuple[Any, ...]] = {}
DEFAULTS: dict[str, Any] = {}
presets: dict[str, dict[str, Any]] = {"default": {}}

ROUND_LIMIT = 200
HAND_SIZE = 5
WIN_SIZE = 10
DECK_SIZE = 52

LEAD, REST, LAST = "lead", "rest", "last"
_DRAWS = {LEAD: 2, REST: 1, LAST: 1}
SETUP, SACRIFICE, DECLARE, BUILD, OVER = "setup", "sacrifice", "declare", "build", "over"
_PHASES = (SETUP, SACRIFICE, DECLARE, BUILD, OVER)
_BUILDING = -1  # a declaration's target seat when it is a build
LOSE_REASON = "attacked with an empty board"

_VALUE: dict[str, int] = {code: rank_number(code) for code in FULL_DECK}


def value(code: str) -> int:
    """A card's value: A=1, 2–10, J=11, Q=12, K=13."""
    try:
        return _VALUE[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a card code: {code!r}") from None


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# --------------------------------------------------------------------------------------- scoring


def score_board(values: Iterable[int]) -> int:
    """Points of a board (values left→right): per card but the last, against its right neighbour
    b: a == b → 3, b == a + 1 → 2, a < b → 1, a > b → 0."""
    vals = list(values)
    total = 0
    for a, b in itertools.pairwise(vals):
        if a == b:
            total += 3
        elif b == a + 1:
            total += 2
        elif a < b:
            total += 1
    return total


_PAIR_POINTS = {(a, b): score_board((_VALUE[a], _VALUE[b])) for a in FULL_DECK for b in FULL_DECK}


def _score(board: Sequence[str]) -> int:
    """score_board of a board of codes, by a table of neighbour pairs (standings need it often)."""
    return sum(map(_PAIR_POINTS.__getitem__, itertools.pairwise(board)))


def standing(scores: Sequence[int | None], seat: int) -> str:
    """ "lead" if nobody has more points, else "last" if nobody has fewer, else "rest"; `scores` per
    seat, None for a seat that is out (ignored)."""
    mine = scores[seat]
    if mine is None:
        raise ValueError(f"seat {seat} is out and has no standing")
    present = [s for s in scores if s is not None]
    if mine >= max(present):
        return LEAD
    if mine <= min(present):
        return LAST
    return REST


# ----------------------------------------------------------------------------------- attacks

# One step of an attack chain, as `_chain` reports it (pos = index in the board at that moment,
# item = the board entry there):
#   ("strike", pos, item) · ("hit", pos, item) · ("redirect", pos, item, reason)
#   ("no_effect", reason) · ("lose",)
Step = tuple


def _lowest_below(board: list[Any], v: int, value_of: Callable[[Any], int]) -> int | None:
    """Index of the lowest card with value < v (leftmost among equals), or None."""
    best = None
    best_value = v
    for i, item in enumerate(board):
        x = value_of(item)
        if x < best_value:
            best, best_value = i, x
    return best


def _chain(board: list[Any], target: int | None, v: int, value_of: Callable[[Any], int]) -> list:
    """Walk one attack of value `v` on `board` (entries left→right; the cards hit are deleted from
    it in place) starting at index `target` (None: the named card is already gone). The one place
    where attack chains are resolved; returns its steps."""
    if not board:
        return [("lose",)]
    steps: list[Step] = []
    i = target
    if i is None:
        i = _lowest_below(board, v, value_of)
        if i is None:
            return [("no_effect", "the named card is gone and no card is lower than the attack")]
        steps.append(("redirect", i, board[i], "the named card is gone: the lowest lower card"))
    while True:
        item = board[i]
        tv = value_of(item)
        steps.append(("strike", i, item))
        if v == tv:
            steps.append(("no_effect", "equal values"))
            return steps
        if v > tv:
            del board[i]
            steps.append(("hit", i, item))
            if i == 0:
                return steps
            i -= 1
            continue
        j = _lowest_below(board, v, value_of)
        if j is None:
            steps.append(("no_effect", "the attack is lower than every card"))
            return steps
        steps.append(("redirect", j, board[j], "the attack is lower: the lowest lower card"))
        i = j


def _run_attacks(
    boards: list[list[tuple[int, Any]]],
    attacks: Iterable[tuple[int, int | None, int]],
    value_of: Callable[[Any], int],
) -> list[list[Step]]:
    """A whole phase 2. boards: per seat [(index before the first attack, card)] left→right,
    changed in place; attacks: (seat, index before the first attack or None, value) in order."""
    out = []
    for seat, index, v in attacks:
        board = boards[seat]
        target = None
        if index is not None:
            for pos, item in enumerate(board):
                if item[0] == index:
                    target = pos
                    break
        out.append(_chain(board, target, v, value_of))
    return out


def _second(item: tuple[int, int]) -> int:
    return item[1]


def _card_value(item: tuple[int, str]) -> int:
    return _VALUE[item[1]]


def resolve_attacks(
    boards: Sequence[Sequence[int]], attacks: Iterable[tuple[int, int | None, int]]
) -> list[list[int]]:
    """Every board (values left→right) after a phase 2 of `attacks`: (seat, index, value) in
    resolution order, `index` naming the target as the boards stood before the first attack (None
    only for an empty board). A target already discarded goes to the lowest smaller card."""
    items = [[(i, int(x)) for i, x in enumerate(b)] for b in boards]
    checked = []
    for seat, index, v in attacks:
        if not _is_int(seat) or not 0 <= seat < len(items):
            raise ValueError(f"no board {seat!r}")
        if index is not None and (not _is_int(index) or not 0 <= index < len(boards[seat])):
            raise ValueError(f"board {seat} has no card {index!r}")
        checked.append((seat, index, v))
    _run_attacks(items, checked, _second)
    return [[x for _, x in b] for b in items]


def resolve_attack(board: Sequence[int], target: int | None, attack: int) -> list[int]:
    """The board (values left→right) left after one whole attack chain of value `attack` on the
    card at index `target` (None: the named card is already gone)."""
    return resolve_attacks([board], [(0, target, attack)])[0]


# ----------------------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Redraw:
    """Setup: discard these cards of the hand (listed in hand order) and draw as many."""

    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "redraw", "cards": list(self.cards)}

    def describe(self) -> str:
        """A short phrase for a person (the hint's words)."""
        if not self.cards:
            return "keep all five cards"
        return "redraw " + " ".join(pretty(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Insert:
    """Put a held (setup) or build (build phase) card into the own board before position `index`."""

    card: str
    index: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "insert", "card": self.card, "index": self.index}

    def describe(self) -> str:
        return f"put {pretty(self.card)} into your castle as card {self.index + 1} from the left"


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """The last discards its board card `index` and draws one card face up."""

    index: int

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "sacrifice", "index": self.index}

    def describe(self) -> str:
        return f"sacrifice card {self.index + 1} of your castle for a face-up card"


@dataclass(frozen=True, slots=True)
class Keep:
    """The last sacrifices nothing."""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "keep"}

    def describe(self) -> str:
        return "keep your castle whole"


@dataclass(frozen=True, slots=True)
class Build:
    """Declare: `card` will be inserted in the build phase."""

    card: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "build", "card": self.card}

    def describe(self) -> str:
        return f"build with {pretty(self.card)}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Declare: `card` attacks seat `seat`'s board card `index` (None only for an empty board)."""

    card: str
    seat: int
    index: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "attack", "card": self.card, "seat": self.seat, "index": self.index}

    def describe(self) -> str:
        where = "empty castle" if self.index is None else f"card {self.index + 1} from the left"
        return f"attack {player_name(self.seat)}'s {where} with {pretty(self.card)}"


SandcastlesMove = Redraw | Insert | Sacrifice | Keep | Build | Attack

# Every move legal_moves can list (but redraws), prebuilt: a board holds at most 52 cards.
_KEEP = Keep()
_INSERT = {c: tuple(Insert(c, i) for i in range(DECK_SIZE + 1)) for c in FULL_DECK}
_BUILD = {c: Build(c) for c in FULL_DECK}
_ATTACK = {
    c: tuple(tuple(Attack(c, s, i) for i in range(DECK_SIZE)) for s in range(max_players))
    for c in FULL_DECK
}
_ATTACK_EMPTY = {c: tuple(Attack(c, s, None) for s in range(max_players)) for c in FULL_DECK}
_SACRIFICE = tuple(Sacrifice(i) for i in range(DECK_SIZE))

_MOVE_KEYS = {
    "redraw": frozenset(("kind", "cards")),
    "insert": frozenset(("kind", "card", "index")),
    "sacrifice": frozenset(("kind", "index")),
    "keep": frozenset(("kind",)),
    "build": frozenset(("kind", "card")),
    "attack": frozenset(("kind", "card", "seat", "index")),
}


def _index_field(d: Mapping[str, Any], key: str, nullable: bool = False) -> int | None:
    x = d[key]
    if x is None and nullable:
        return None
    if not _is_int(x) or x < 0:
        raise ValueError(f"sandcastles move: {key} must be an integer ≥ 0, not {x!r}")
    return x


def _card_field(d: Mapping[str, Any]) -> str:
    card = d["card"]
    if not is_card(card):
        raise ValueError(f"sandcastles move: card must be a card code, not {card!r}")
    return card


def move_from_dict(d: Any) -> SandcastlesMove:
    """A move from its `to_dict()` form; ValueError on anything malformed."""
    if not isinstance(d, Mapping):
        raise ValueError(f"a sandcastles move must be an object, not {type(d).__name__}")
    kind = d.get("kind")
    if not isinstance(kind, str) or kind not in _MOVE_KEYS:
        raise ValueError(f"sandcastles move: unknown kind {kind!r}")
    if set(d) != _MOVE_KEYS[kind]:
        raise ValueError(f"sandcastles {kind} move keys must be {sorted(_MOVE_KEYS[kind])}")
    if kind == "redraw":
        cards = d["cards"]
        if not isinstance(cards, list) or not all(is_card(c) for c in cards):
            raise ValueError("sandcastles move: cards must be a list of card codes")
        return Redraw(tuple(cards))
    if kind == "insert":
        return Insert(_card_field(d), _index_field(d, "index"))  # type: ignore[arg-type]
    if kind == "sacrifice":
        return Sacrifice(_index_field(d, "index"))  # type: ignore[arg-type]
    if kind == "keep":
        return _KEEP
    if kind == "build":
        return Build(_card_field(d))
    seat = _index_field(d, "seat")
    return Attack(_card_field(d), seat, _index_field(d, "index", nullable=True))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------- state

# A declaration: (seat, card or None once it has left, target seat or _BUILDING, target index).
Decl = tuple[int, str | None, int, int | None]

# An event as the state keeps it: (kind, *values), the values named by _EVENT_FIELDS[kind]; tuples
# cost apply less than dicts, and `events` builds the dicts only when asked.
Event = tuple[Any, ...]
_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "redraw": ("seat", "discarded", "count"),
    "insert": ("seat", "card", "index"),
    "round": ("round", "standings", "order"),
    "reshuffle": ("count",),
    "draw": ("seat", "count", "face_up"),
    "sacrifice": ("seat", "index", "card"),
    "keep": ("seat",),
    "declare": ("seat", "declaration", "build", "target_seat", "target_index"),
    "reveal": ("declaration", "seat", "card", "value"),
    "strike": ("seat", "index", "card", "value"),
    "hit": ("seat", "index", "card"),
    "redirect": ("seat", "index", "card", "reason"),
    "no_effect": ("seat", "reason"),
    "lose": ("seat", "reason"),
    "spent": ("seat", "card"),
    "forfeit": ("seat", "cards"),
    "round_end": ("round", "out", "winners", "over"),
}


class SandcastlesState(NamedTuple):
    """A position. A named tuple rather than a frozen dataclass: it is as immutable and builds
    several times faster, which is most of what a random playout spends (docs: ≥ 50,000 moves/s).
    `log` (the source of `events`) is left out of equality and hashing."""

    seed: int
    players: int
    round: int  # 0 during setup
    phase: str
    current: int | None
    stock: tuple[str, ...]  # bottom→top: the next card drawn is the last
    discard: tuple[str, ...]  # bottom→top
    hands: tuple[tuple[str, ...], ...]  # held, undeclared cards, in the order they came
    boards: tuple[tuple[str, ...], ...]  # left→right
    decls: tuple[Decl, ...]  # this round's declarations, in order
    face_up: frozenset[str]  # this round's face-up sacrifice draws still held or declared
    order: tuple[int, ...]  # declaration order this round
    standings: tuple[str | None, ...]
    alive: tuple[bool, ...]
    out_round: tuple[int | None, ...]
    out_score: tuple[int | None, ...]  # board score when the seat went out
    extra: tuple[int, ...]  # extra cards drawn this round for attacking a seat that lost
    redrawn: bool  # setup: the current seat has made its redraw
    reshuffles: int
    winners_: tuple[int, ...]
    log: tuple[Event, ...] = ()

    # ------------------------------------------------------------------ basics

    def __eq__(self, other: object) -> bool:
        return type(other) is SandcastlesState and self[:-1] == other[:-1]  # type: ignore[index]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:-1])

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def options(self) -> dict[str, Any]:
        return {}

    @property
    def events(self) -> list[dict[str, Any]]:
        """What the move that produced this state did, in order (docs/api/sandcastles.md)."""
        out = []
        for kind, *values in self.log:
            event: dict[str, Any] = {"kind": kind}
            for key, x in zip(_EVENT_FIELDS[kind], values, strict=True):
                event[key] = list(x) if isinstance(x, list) else x
            out.append(event)
        return out

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        """Each seat's board score (0 for an empty board)."""
        return [_score(b) for b in self.boards]

    def winners(self) -> list[int]:
        return list(self.winners_)

    def places(self) -> list[int | None]:
        """1-based places once over (winners 1; the others by the round they went out, later is
        better and still in best, then by board score; equals share a place); None per seat while
        running."""
        if self.phase != OVER:
            return [None] * self.players
        keys = []
        for s in range(self.players):
            if s in self.winners_:
                keys.append((0, 0, 0))
            elif self.alive[s]:
                keys.append((1, -self.round - 1, -_score(self.boards[s])))  # never went out
            else:
                keys.append((1, -(self.out_round[s] or 0), -(self.out_score[s] or 0)))
        return [1 + sum(1 for other in keys if other < key) for key in keys]

    def build_cards(self, seat: int) -> list[str]:
        """The seat's build cards still to insert, in declaration order."""
        return [d[1] for d in self.decls if d[0] == seat and d[2] == _BUILDING and d[1] is not None]

    def _targets(self, seat: int) -> list[int]:
        return [t for t in range(self.players) if t != seat and self.alive[t]]

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[SandcastlesMove]:
        cur = self.current
        if cur is None:
            return []
        phase = self.phase
        if phase == DECLARE:
            boards = self.boards
            moves: list[SandcastlesMove] = []
            append, extend = moves.append, moves.extend
            targets = self._targets(cur)
            for card in self.hands[cur]:
                append(_BUILD[card])
                attacks, empty = _ATTACK[card], _ATTACK_EMPTY[card]
                for t in targets:
                    n = len(boards[t])
                    if n:
                        extend(attacks[t][:n])
                    else:
                        append(empty[t])
            return moves
        if phase == BUILD or (phase == SETUP and self.redrawn):
            cards = self.hands[cur] if phase == SETUP else self.build_cards(cur)
            span = len(self.boards[cur]) + 1
            return [m for c in cards for m in _INSERT[c][:span]]
        if phase == SACRIFICE:
            return [_KEEP, *_SACRIFICE[: len(self.boards[cur])]]
        hand = self.hands[cur]
        return [_redraw(hand, mask) for mask in range(1 << len(hand))]

    def random_move(self, rng: random.Random) -> SandcastlesMove | None:
        """`legal_moves()[rng.randrange(len(legal_moves()))]` without building the list (uniform
        over the legal moves, the same use of `rng`); None once the game is over."""
        cur = self.current
        if cur is None:
            return None
        phase = self.phase
        if phase == DECLARE:
            boards = self.boards
            targets = self._targets(cur)
            sizes = [len(boards[t]) or 1 for t in targets]
            per = 1 + sum(sizes)
            hand = self.hands[cur]
            i, rest = divmod(rng.randrange(len(hand) * per), per)
            card = hand[i]
            if rest == 0:
                return _BUILD[card]
            rest -= 1
            for t, n in zip(targets, sizes, strict=True):
                if rest < n:
                    return _ATTACK[card][t][rest] if boards[t] else _ATTACK_EMPTY[card][t]
                rest -= n
            raise AssertionError("unreachable")
        if phase == BUILD or (phase == SETUP and self.redrawn):
            cards = self.hands[cur] if phase == SETUP else self.build_cards(cur)
            span = len(self.boards[cur]) + 1
            i, p = divmod(rng.randrange(len(cards) * span), span)
            return _INSERT[cards[i]][p]
        if phase == SACRIFICE:
            k = rng.randrange(len(self.boards[cur]) + 1)
            return _SACRIFICE[k - 1] if k else _KEEP
        hand = self.hands[cur]
        return _redraw(hand, rng.randrange(1 << len(hand)))

    def check(self, move: Any) -> str | None:
        cur = self.current
        kind = type(move)
        if kind not in _MOVE_TYPES:
            return "That is not a Sandcastles move"
        if cur is None:
            return "The game is over"
        phase = self.phase
        if kind is Build or kind is Attack:
            if phase != DECLARE:
                return "Declare your cards only in the declare phase"
            if not is_card(move.card) or move.card not in self.hands[cur]:
                return "That card is not in your hand"
            if kind is Build:
                return None
            t = move.seat
            if not _is_int(t) or not 0 <= t < self.players:
                return "There is no such player"
            if t == cur:
                return "Attack another player's card"
            if not self.alive[t]:
                return f"{player_name(t)} is out"
            n = len(self.boards[t])
            i = move.index
            if n == 0:
                return None if i is None else f"{player_name(t)}'s board is empty: name no card"
            if not _is_int(i) or not 0 <= i < n:
                return f"{player_name(t)}'s board has no such card"
            return None
        if kind is Insert:
            if phase == SETUP:
                if not self.redrawn:
                    return "First choose the cards to redraw (or none)"
                cards = self.hands[cur]
                missing = "That card is not in your hand"
            elif phase == BUILD:
                cards = self.build_cards(cur)
                missing = "That card is not one of your build cards"
            else:
                return "You insert cards only while arranging or building"
            if not is_card(move.card) or move.card not in cards:
                return missing
            i = move.index
            if not _is_int(i) or not 0 <= i <= len(self.boards[cur]):
                return "There is no such place in your board"
            return None
        if kind is Sacrifice or kind is Keep:
            if phase != SACRIFICE:
                return "Only the last may sacrifice, at the start of a round"
            if kind is Keep:
                return None
            i = move.index
            if not _is_int(i) or not 0 <= i < len(self.boards[cur]):
                return "There is no such card in your board"
            return None
        # Redraw
        if phase != SETUP or self.redrawn:
            return "You redraw only once, at the start"
        cards = move.cards
        hand = self.hands[cur]
        if not isinstance(cards, tuple) or not all(is_card(c) and c in hand for c in cards):
            return "Redraw only cards of your hand"
        if len(set(cards)) != len(cards) or list(cards) != [c for c in hand if c in cards]:
            return "List the cards to redraw once each, in hand order"
        return None

    def apply(self, move: Any) -> SandcastlesState:
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        kind = type(move)
        if kind is Build or kind is Attack:
            return self._declare(move)
        if kind is Insert:
            return self._insert(move)
        work = _Work(self)
        cur = self.current
        assert cur is not None
        if kind is Redraw:
            hand = work.hands[cur]
            for c in move.cards:
                hand.remove(c)
                work.discard.append(c)
            at = len(work.events)
            drawn = work.draw(cur, len(move.cards))
            work.events.insert(at, ("redraw", cur, list(move.cards), len(drawn)))
            work.redrawn = True
            return work.freeze()
        if kind is Sacrifice:
            board = work.boards[cur]
            card = board.pop(move.index)
            work.discard.append(card)
            work.events.append(("sacrifice", cur, move.index, card))
            drawn = work.draw(cur, 1)
            work.face_up.update(drawn)
            work.events.append(("draw", cur, 1, drawn[0]))
        else:
            work.events.append(("keep", cur))
        work.settle()
        return work.freeze()

    def _declare(self, move: Build | Attack) -> SandcastlesState:
        cur = self.current
        assert cur is not None
        hand = self.hands[cur]
        i = hand.index(move.card)
        new_hand = hand[:i] + hand[i + 1 :]
        hands = (*self.hands[:cur], new_hand, *self.hands[cur + 1 :])
        k = len(self.decls)
        if type(move) is Build:
            decl: Decl = (cur, move.card, _BUILDING, None)
            event: Event = ("declare", cur, k, True, None, None)
        else:
            decl = (cur, move.card, move.seat, move.index)
            event = ("declare", cur, k, False, move.seat, move.index)
        decls = (*self.decls, decl)
        nxt = cur
        if not new_hand:
            nxt = next((s for s in self.order if hands[s]), None)
        if nxt is not None:
            return _step(self, nxt, hands, self.boards, decls, self.face_up, False, event)
        work = _Work(self)
        work.hands[cur] = []
        work.decls = list(decls)
        work.events.append(event)
        work.settle()
        return work.freeze()

    def _insert(self, move: Insert) -> SandcastlesState:
        cur = self.current
        assert cur is not None
        board = self.boards[cur]
        p = move.index
        new_board = (*board[:p], move.card, *board[p:])
        boards = (*self.boards[:cur], new_board, *self.boards[cur + 1 :])
        if self.phase == SETUP:
            event: Event = ("insert", cur, None, p)
            hand = self.hands[cur]
            i = hand.index(move.card)
            new_hand = hand[:i] + hand[i + 1 :]
            hands = (*self.hands[:cur], new_hand, *self.hands[cur + 1 :])
            if new_hand:
                return _step(self, cur, hands, boards, (), self.face_up, True, event)
            if cur + 1 < self.players:
                return _step(self, cur + 1, hands, boards, (), self.face_up, False, event)
            work = _Work(self)
            work.hands[cur] = []
            work.boards[cur] = list(new_board)
            work.events.append(event)
            work.redrawn = False
            work.start_round()
            work.settle()
            return work.freeze()
        event = ("insert", cur, move.card, p)
        decls = list(self.decls)
        k = next(
            k
            for k, d in enumerate(decls)
            if d[0] == cur and d[1] == move.card and d[2] == _BUILDING
        )
        decls[k] = (cur, None, _BUILDING, None)
        face_up = self.face_up - {move.card} if move.card in self.face_up else self.face_up
        held = any(d[0] == cur and d[2] == _BUILDING and d[1] is not None for d in decls)
        nxt = cur if held else self._next_builder(decls)
        if nxt is not None:
            return _step(self, nxt, self.hands, boards, tuple(decls), face_up, False, event)
        work = _Work(self)
        work.boards[cur] = list(new_board)
        work.decls = decls
        work.face_up = set(face_up)
        work.events.append(event)
        work.settle()
        return work.freeze()

    def _next_builder(self, decls: Sequence[Decl]) -> int | None:
        holders = {d[0] for d in decls if d[2] == _BUILDING and d[1] is not None}
        return next((s for s in self.order if s in holders), None)

    # ------------------------------------------------------------------ views and saves

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see (docs/api/sandcastles.md): hidden cards are null with an id that
        tells no face."""
        n = self.players
        if not _is_int(seat) or not 0 <= seat < n:
            raise ValueError(f"sandcastles: seat must be 0–{n - 1}, not {seat!r}")
        setup = self.phase == SETUP
        face_up = self.face_up
        boards = []
        scores: list[int | None] = []
        for s, board in enumerate(self.boards):
            if setup and s != seat:
                boards.append([{"card": None, "id": f"b{s}.{i}"} for i in range(len(board))])
                scores.append(None)
            else:
                boards.append([{"card": c, "id": c} for c in board])
                scores.append(_score(board))
        hands = []
        for s, hand in enumerate(self.hands):
            entries = []
            for i, c in enumerate(hand):
                up = c in face_up
                if up or s == seat:
                    entries.append({"card": c, "id": c, "face_up": up})
                else:
                    entries.append({"card": None, "id": f"d{s}.{i}", "face_up": False})
            hands.append(entries)
        decls = []
        builds: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        counts = [0] * n
        for s, c, t, ti in self.decls:
            k = counts[s]
            counts[s] += 1
            up = c is not None and c in face_up
            if c is None:
                card, ident = None, None
            elif up or s == seat:
                card, ident = c, c
            else:
                card, ident = None, f"x{s}.{k}"
            build = t == _BUILDING
            decls.append(
                {
                    "seat": s,
                    "kind": "build" if build else "attack",
                    "card": card,
                    "id": ident,
                    "face_up": up,
                    "target_seat": None if build else t,
                    "target_index": ti,
                }
            )
            if build and c is not None:
                builds[s].append({"card": card, "id": ident})
        return {
            "game": name,
            "seat": seat,
            "players": n,
            "round": self.round,
            "phase": self.phase,
            "current_player": self.current,
            "redrawn": self.redrawn,
            "order": list(self.order),
            "in": list(self.alive),
            "out_round": list(self.out_round),
            "out_scores": list(self.out_score),
            "boards": boards,
            "scores": scores,
            "standings": list(self.standings),
            "hands": hands,
            "declarations": decls,
            "builds": builds,
            "stock_count": len(self.stock),
            "discard": list(self.discard),
            "extra": list(self.extra),
            "winners": list(self.winners_),
            "places": self.places(),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": name,
            "seed": self.seed,
            "players": self.players,
            "round": self.round,
            "phase": self.phase,
            "current_player": self.current,
            "redrawn": self.redrawn,
            "stock": list(self.stock),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "hands_face_up": [[c in self.face_up for c in h] for h in self.hands],
            "boards": [list(b) for b in self.boards],
            "declarations": [
                {
                    "seat": s,
                    "build": t == _BUILDING,
                    "card": c,
                    "face_up": c in self.face_up,
                    "target_seat": None if t == _BUILDING else t,
                    "target_index": ti,
                }
                for s, c, t, ti in self.decls
            ],
            "order": list(self.order),
            "standings": list(self.standings),
            "in": list(self.alive),
            "out_round": list(self.out_round),
            "out_score": list(self.out_score),
            "extra": list(self.extra),
            "reshuffles": self.reshuffles,
            "winners": list(self.winners_),
        }

    @classmethod
    def from_dict(cls, d: Any) -> SandcastlesState:
        return from_dict(d)


_MOVE_TYPES = frozenset((Redraw, Insert, Sacrifice, Keep, Build, Attack))


def _step(
    s: SandcastlesState,
    current: int | None,
    hands: tuple[tuple[str, ...], ...],
    boards: tuple[tuple[str, ...], ...],
    decls: tuple[Decl, ...],
    face_up: frozenset[str],
    redrawn: bool,
    event: Event,
) -> SandcastlesState:
    """The state after a move that sets nothing automatic off (the fast path of `apply`)."""
    return SandcastlesState(
        s.seed,
        s.players,
        s.round,
        s.phase,
        current,
        s.stock,
        s.discard,
        hands,
        boards,
        decls,
        face_up,
        s.order,
        s.standings,
        s.alive,
        s.out_round,
        s.out_score,
        s.extra,
        redrawn,
        s.reshuffles,
        s.winners_,
        (event,),
    )


def _redraw(hand: Sequence[str], mask: int) -> Redraw:
    return Redraw(tuple(c for j, c in enumerate(hand) if mask >> j & 1))


class _Work:
    """A state being changed in place (lists for tuples): the automatic parts of a round."""

    def __init__(self, s: SandcastlesState) -> None:
        self.seed, self.n, self.round, self.phase = s.seed, s.players, s.round, s.phase
        self.current = s.current
        self.stock, self.discard = list(s.stock), list(s.discard)
        self.hands = [list(h) for h in s.hands]
        self.boards = [list(b) for b in s.boards]
        self.decls = list(s.decls)
        self.face_up = set(s.face_up)
        self.order, self.standings = s.order, s.standings
        self.alive, self.out_round = list(s.alive), list(s.out_round)
        self.out_score, self.extra = list(s.out_score), list(s.extra)
        self.redrawn, self.reshuffles, self.winners = s.redrawn, s.reshuffles, s.winners_
        self.events: list[Event] = []

    def freeze(self) -> SandcastlesState:
        return SandcastlesState(
            self.seed,
            self.n,
            self.round,
            self.phase,
            self.current,
            tuple(self.stock),
            tuple(self.discard),
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.boards)),
            tuple(self.decls),
            frozenset(self.face_up),
            tuple(self.order),
            tuple(self.standings),
            tuple(self.alive),
            tuple(self.out_round),
            tuple(self.out_score),
            tuple(self.extra),
            self.redrawn,
            self.reshuffles,
            tuple(self.winners),
            tuple(self.events),
        )

    def draw(self, seat: int, count: int) -> list[str]:
        """Up to `count` cards from the top of the stock into the seat's hand, the discard pile
        shuffled into a new stock when the stock runs out; the cards drawn."""
        drawn = []
        for _ in range(count):
            if not self.stock:
                if not self.discard:
                    break
                pile, self.discard = self.discard, []
                _reshuffle_rng(self.seed, self.reshuffles).shuffle(pile)
                self.reshuffles += 1
                self.stock = pile
                self.events.append(("reshuffle", len(pile)))
            drawn.append(self.stock.pop())
        self.hands[seat].extend(drawn)
        return drawn

    def start_round(self) -> None:
        """Standings, declaration order and draws of the next round; phase "sacrifice" with no
        seat chosen yet (settle picks it)."""
        self.round += 1
        ins = [s for s in range(self.n) if self.alive[s]]
        scores: list[int | None] = [
            _score(b) if self.alive[s] else None for s, b in enumerate(self.boards)
        ]
        self.standings = tuple(
            standing(scores, s) if self.alive[s] else None for s in range(self.n)
        )
        self.order = tuple(sorted(ins, key=lambda s: (-scores[s], s)))  # type: ignore[operator]
        self.decls = []
        self.face_up = set()
        self.events.append(("round", self.round, list(self.standings), list(self.order)))
        for s in ins:
            drawn = self.draw(s, _DRAWS[self.standings[s]] + self.extra[s])  # type: ignore[index]
            self.events.append(("draw", s, len(drawn), None))
        self.phase = SACRIFICE
        self.current = None

    def settle(self) -> None:
        """Run everything automatic until a seat has a move or the game is over."""
        while True:
            if self.phase == SACRIFICE:
                start = 0 if self.current is None else self.order.index(self.current) + 1
                can_draw = bool(self.stock or self.discard)
                for s in self.order[start:]:
                    if self.standings[s] == LAST and self.boards[s] and can_draw:
                        self.current = s
                        return
                self.phase = DECLARE
            if self.phase == DECLARE:
                s = next((s for s in self.order if self.hands[s]), None)
                if s is not None:
                    self.current = s
                    return
                self.resolve()
                self.phase = BUILD
            holders = {d[0] for d in self.decls if d[2] == _BUILDING and d[1] is not None}
            s = next((s for s in self.order if s in holders), None)
            if s is not None:
                self.current = s
                return
            self.end_round()
            if self.phase == OVER:
                return
            self.start_round()

    def resolve(self) -> None:
        """Phase 2: every attack in declaration order through `_run_attacks`, every step an event."""
        attacks = [(k, d) for k, d in enumerate(self.decls) if d[2] != _BUILDING]
        items = [list(enumerate(b)) for b in self.boards]
        chains = _run_attacks(items, [(d[2], d[3], _VALUE[d[1]]) for _, d in attacks], _card_value)
        lost = set()
        events, discard = self.events, self.discard
        for (k, (s, card, t, ti)), steps in zip(attacks, chains, strict=True):
            events.append(("reveal", k, s, card, _VALUE[card]))
            for step in steps:
                what = step[0]
                if what == "strike":
                    code = step[2][1]
                    events.append(("strike", t, step[1], code, _VALUE[code]))
                elif what == "hit":
                    code = step[2][1]
                    discard.append(code)
                    events.append(("hit", t, step[1], code))
                elif what == "redirect":
                    events.append(("redirect", t, step[1], step[2][1], step[3]))
                elif what == "no_effect":
                    events.append(("no_effect", t, step[1]))
                else:
                    lost.add(t)
                    events.append(("lose", t, LOSE_REASON))
            discard.append(card)
            self.face_up.discard(card)
            events.append(("spent", s, card))
            self.decls[k] = (s, None, t, ti)
        self.boards = [[c for _, c in b] for b in items]
        for t in sorted(lost):
            cards = []
            for k, (s, c, target, ti) in enumerate(self.decls):
                if s == t and c is not None:
                    cards.append(c)
                    self.decls[k] = (s, None, target, ti)
                    self.face_up.discard(c)
            if cards:
                discard.extend(cards)
                events.append(("forfeit", t, cards))

    def end_round(self) -> None:
        """Losers and winners (rules.md), the round-200 guard, the extra cards for next round."""
        r = self.round
        ins = [s for s in range(self.n) if self.alive[s]]
        remaining = [s for s in ins if self.boards[s]]
        winners: list[int] = []
        over = False
        if len(remaining) <= 1:
            winners, over = remaining or ins, True
        else:
            tens = [s for s in remaining if len(self.boards[s]) >= WIN_SIZE]
            if len(tens) == 1:
                winners, over = tens, True
            elif tens:
                winners, remaining = tens, tens
        if not over and r >= ROUND_LIMIT:
            best = max(_score(self.boards[s]) for s in remaining)
            winners = [s for s in remaining if _score(self.boards[s]) == best]
            over = True
        out = [s for s in ins if s not in remaining]
        out_set = set(out)
        extra = [0] * self.n
        for s, _, t, _ in self.decls:
            if t in out_set and s not in out_set:
                extra[s] = 1
        for s in out:
            self.out_round[s] = r
            self.out_score[s] = _score(self.boards[s])
            self.discard.extend(self.boards[s])
            self.boards[s] = []
            self.alive[s] = False
        self.events.append(("round_end", r, out, list(winners), over))
        self.decls = []
        if over:
            self.phase, self.current, self.winners = OVER, None, tuple(winners)
        else:
            self.extra = extra


def _reshuffle_rng(seed: int, count: int) -> random.Random:
    """The generator of a deal's `count`-th reshuffle: from the seed, never global or time."""
    return random.Random(f"{name}:{seed}:{count}")


# ------------------------------------------------------------------------------------ module API


def new_game(
    seed: int, players: int = 2, options: Mapping[str, Any] | None = None
) -> SandcastlesState:
    check_seed_and_players(name, seed, players, min_players, max_players)
    resolve_options(name, OPTIONS, DEFAULTS, options)
    stock = shuffled_deck(random.Random(seed))
    hands = []
    for _ in range(players):
        hands.append(tuple(stock.pop() for _ in range(HAND_SIZE)))
    none: tuple[None, ...] = (None,) * players
    return SandcastlesState(
        seed=seed,
        players=players,
        round=0,
        phase=SETUP,
        current=0,
        stock=tuple(stock),
        discard=(),
        hands=tuple(hands),
        boards=((),) * players,
        decls=(),
        face_up=frozenset(),
        order=(),
        standings=none,
        alive=(True,) * players,
        out_round=none,
        out_score=none,
        extra=(0,) * players,
        redrawn=False,
        reshuffles=0,
        winners_=(),
    )


_STATE_KEYS = frozenset(
    (
        "game",
        "seed",
        "players",
        "round",
        "phase",
        "current_player",
        "redrawn",
        "stock",
        "discard",
        "hands",
        "hands_face_up",
        "boards",
        "declarations",
        "order",
        "standings",
        "in",
        "out_round",
        "out_score",
        "extra",
        "reshuffles",
        "winners",
    )
)
_DECL_ORDER = ("seat", "build", "card", "face_up", "target_seat", "target_index")
_DECL_KEYS = frozenset(_DECL_ORDER)


def _fail(message: str) -> ValueError:
    return ValueError(f"sandcastles state: {message}")


def _per_seat(d: Mapping[str, Any], key: str, n: int) -> list[Any]:
    x = d[key]
    if not isinstance(x, list) or len(x) != n:
        raise _fail(f"{key} must be a list of {n} entries")
    return x


def _optional_ints(d: Mapping[str, Any], key: str, n: int) -> tuple[int | None, ...]:
    xs = _per_seat(d, key, n)
    if not all(x is None or (_is_int(x) and x >= 0) for x in xs):
        raise _fail(f"{key} entries must be null or integers ≥ 0")
    return tuple(xs)


def from_dict(d: Any) -> SandcastlesState:
    """A state from its `to_dict()` form, fully checked; ValueError says what is wrong."""
    check_state_opening(name, d, _STATE_KEYS)
    check_seed(name, d["seed"])
    n = d["players"]
    if not _is_int(n) or not min_players <= n <= max_players:
        raise _fail(f"players must be {min_players}–{max_players}, not {n!r}")
    rnd, phase = d["round"], d["phase"]
    if not _is_int(rnd) or not 0 <= rnd <= ROUND_LIMIT:
        raise _fail(f"round must be 0–{ROUND_LIMIT}, not {rnd!r}")
    if phase not in _PHASES or (phase == SETUP) != (rnd == 0):
        raise _fail(f"phase {phase!r} does not fit round {rnd}")
    if not isinstance(d["redrawn"], bool) or (d["redrawn"] and phase != SETUP):
        raise _fail("redrawn must be true or false (true only during setup)")
    reshuffles = d["reshuffles"]
    if not _is_int(reshuffles) or reshuffles < 0:
        raise _fail("reshuffles must be an integer ≥ 0")

    seen: set[str] = set()

    def cards(raw: Any, where: str) -> tuple[str, ...]:
        if not isinstance(raw, list):
            raise _fail(f"{where} must be a list of card codes")
        for code in raw:
            if not is_card(code):
                raise _fail(f"{where}: {code!r} is not a card code")
            if code in seen:
                raise _fail(f"{where}: {code} appears twice")
            seen.add(code)
        return tuple(raw)

    stock, discard = cards(d["stock"], "stock"), cards(d["discard"], "discard")
    hands = tuple(cards(h, f"hand {s}") for s, h in enumerate(_per_seat(d, "hands", n)))
    boards = tuple(cards(b, f"board {s}") for s, b in enumerate(_per_seat(d, "boards", n)))
    face_up: set[str] = set()
    for hand, flags in zip(hands, _per_seat(d, "hands_face_up", n), strict=True):
        if not isinstance(flags, list) or len(flags) != len(hand):
            raise _fail("hands_face_up must have a flag per held card")
        if not all(isinstance(f, bool) for f in flags):
            raise _fail("hands_face_up flags must be true or false")
        face_up.update(c for c, up in zip(hand, flags, strict=True) if up)
    alive = tuple(_per_seat(d, "in", n))
    if not all(isinstance(a, bool) for a in alive):
        raise _fail("in must hold true or false per seat")
    out_round = _optional_ints(d, "out_round", n)
    out_score = _optional_ints(d, "out_score", n)
    for s in range(n):
        if alive[s] != (out_round[s] is None) or alive[s] != (out_score[s] is None):
            raise _fail(f"seat {s}: out_round and out_score are set exactly when it is out")
        if not alive[s] and (boards[s] or hands[s] or out_round[s] > rnd):  # type: ignore[operator]
            raise _fail(f"seat {s} is out but holds cards or went out later")
    if sum(alive) < 2 and phase != OVER:
        raise _fail("fewer than two seats are in a game that is not over")

    raw_decls = d["declarations"]
    if not isinstance(raw_decls, list):
        raise _fail("declarations must be a list")
    decls: list[Decl] = []
    for k, e in enumerate(raw_decls):
        if not isinstance(e, Mapping) or set(e) != _DECL_KEYS:
            raise _fail(f"declaration {k} must have {sorted(_DECL_KEYS)}")
        s, build, c, up, t, ti = (e[key] for key in _DECL_ORDER)
        if not _is_int(s) or not 0 <= s < n or not isinstance(build, bool):
            raise _fail(f"declaration {k}: bad seat or build flag")
        if c is not None:
            cards([c], f"declaration {k}")
        if not isinstance(up, bool) or (up and c is None):
            raise _fail(f"declaration {k}: face_up must be true or false (false without a card)")
        if up:
            face_up.add(c)
        if build:
            if t is not None or ti is not None:
                raise _fail(f"declaration {k}: a build has no target")
            t = _BUILDING
        elif not _is_int(t) or not 0 <= t < n or t == s:
            raise _fail(f"declaration {k}: the target must be another seat")
        elif ti is not None and (not _is_int(ti) or ti < 0):
            raise _fail(f"declaration {k}: bad target index {ti!r}")
        decls.append((s, c, t, ti))
    if len(seen) != DECK_SIZE:
        raise _fail(f"{DECK_SIZE - len(seen)} card(s) missing")

    order = tuple(d["order"]) if isinstance(d["order"], list) else None
    ins = [s for s in range(n) if alive[s]]
    if phase == SETUP:
        if order != ():
            raise _fail("order must be empty during setup")
    elif order is None or (phase != OVER and sorted(order) != ins):
        raise _fail("order must list the seats still in")
    elif not all(_is_int(s) and 0 <= s < n for s in order) or len(set(order)) != len(order):
        raise _fail("order must list seats once each")
    standings = tuple(_per_seat(d, "standings", n))
    for s, st in enumerate(standings):
        if st not in (None, LEAD, REST, LAST) or (st is None) != (phase == SETUP or s not in order):
            raise _fail(f"standing of seat {s} must be lead, rest or last exactly when it plays")
    extra = tuple(_per_seat(d, "extra", n))
    if not all(x in (0, 1) and _is_int(x) for x in extra):
        raise _fail("extra entries must be 0 or 1")
    winners = tuple(d["winners"]) if isinstance(d["winners"], list) else None
    if winners is None or not all(_is_int(w) and 0 <= w < n for w in winners):
        raise _fail("winners must be a list of seats")
    if len(set(winners)) != len(winners) or bool(winners) != (phase == OVER):
        raise _fail("winners are listed once each, exactly when the game is over")

    current = d["current_player"]
    expected = _expected_current(phase, n, hands, boards, decls, order, d["redrawn"])
    if phase == SACRIFICE:
        if current not in order or standings[current] != LAST or not boards[current]:
            raise _fail("the seat to sacrifice must be a last with a board")
        if not (stock or discard) or decls:
            raise _fail("a sacrifice needs a card to draw and comes before any declaration")
        expected = current
    if phase in (BUILD, OVER) and any(hands):
        raise _fail(f"nobody holds cards in the {phase} phase")
    if phase != DECLARE and any(c is not None and t != _BUILDING for _, c, t, _ in decls):
        raise _fail("attack cards are held only in the declare phase")
    if phase == SETUP and (decls or face_up):
        raise _fail("there are no declarations during setup")
    if current != expected or (current is not None and not _is_int(current)):
        raise _fail(f"current_player must be {expected}, not {current!r}")
    return SandcastlesState(
        d["seed"],
        n,
        rnd,
        phase,
        current,
        stock,
        discard,
        hands,
        boards,
        tuple(decls),
        frozenset(face_up),
        order,  # type: ignore[arg-type]
        standings,
        alive,
        out_round,
        out_score,
        extra,
        d["redrawn"],
        reshuffles,
        winners,
    )


def _expected_current(
    phase: str,
    n: int,
    hands: Sequence[Sequence[str]],
    boards: Sequence[Sequence[str]],
    decls: Sequence[Decl],
    order: Sequence[int] | None,
    redrawn: bool,
) -> int | None:
    """The seat to move in a position of `phase` (the sacrifice phase is checked apart)."""
    if phase == SETUP:
        cur = next((s for s in range(n) if hands[s]), None)
        if cur is None:
            raise _fail("setup is over: nobody holds a card")
        for s in range(n):
            size = len(hands[s]) + len(boards[s])
            done = len(boards[s]) == HAND_SIZE and not hands[s]
            fresh = len(hands[s]) == HAND_SIZE and not boards[s]
            if size != HAND_SIZE or (s < cur and not done) or (s > cur and not fresh):
                raise _fail(f"seat {s} is not where setup would have it")
        if boards[cur] and not redrawn:
            raise _fail("a seat arranges its board only after its redraw")
        return cur
    if phase == DECLARE:
        cur = next((s for s in order or () if hands[s]), None)
        if cur is None:
            raise _fail("nobody holds a card to declare")
        return cur
    if phase == BUILD:
        holders = {d[0] for d in decls if d[2] == _BUILDING and d[1] is not None}
        cur = next((s for s in order or () if s in holders), None)
        if cur is None:
            raise _fail("nobody holds a card to build")
        return cur
    return None


def determinize(view: Any, rng: random.Random) -> SandcastlesState:
    """A full state whose view(seat) == `view` (seat = view["seat"]): every card the view does not
    show (other seats' held, declared and, during setup, board cards, and the stock) is dealt with
    `rng` uniformly from the cards unaccounted for; the seed (which only steers future reshuffles)
    is drawn from `rng` too. ValueError on a view that is not a Sandcastles view or is malformed."""
    if not isinstance(view, Mapping) or view.get("game") != name:
        raise ValueError("sandcastles determinize: not a Sandcastles view")
    try:
        return _determinize(view, rng)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"sandcastles determinize: malformed view ({exc!r})") from None


def _determinize(view: Mapping[str, Any], rng: random.Random) -> SandcastlesState:
    seat, n = view["seat"], view["players"]
    if not _is_int(n) or not min_players <= n <= max_players:
        raise ValueError("sandcastles determinize: bad players")
    if not _is_int(seat) or not 0 <= seat < n:
        raise ValueError("sandcastles determinize: bad seat")
    seen: list[str] = []
    slots: list[tuple[list[Any], int | str]] = []  # (container, key) for each hidden card

    def entry(container: list[Any], key: int | str, card: Any) -> None:
        if card is None:
            slots.append((container, key))
        elif is_card(card):
            seen.append(card)
            container[key] = card  # type: ignore[index]
        else:
            raise ValueError(f"sandcastles determinize: {card!r} is not a card code")

    hands, flags = [], []
    for raw in view["hands"]:
        hand: list[Any] = [None] * len(raw)
        for i, e in enumerate(raw):
            entry(hand, i, e["card"])
        hands.append(hand)
        flags.append([bool(e["face_up"]) for e in raw])
    boards = []
    for raw in view["boards"]:
        board: list[Any] = [None] * len(raw)
        for i, e in enumerate(raw):
            entry(board, i, e["card"])
        boards.append(board)
    decls = []
    for e in view["declarations"]:
        build = e["kind"] == "build"
        decl = {
            "seat": e["seat"],
            "build": build,
            "card": None,
            "face_up": e["face_up"],
            "target_seat": e["target_seat"],
            "target_index": e["target_index"],
        }
        if e["id"] is not None:
            entry(decl, "card", e["card"])  # type: ignore[arg-type]
        decls.append(decl)
    discard = list(view["discard"])
    seen.extend(discard)
    count = view["stock_count"]
    if not _is_int(count) or count < 0:
        raise ValueError("sandcastles determinize: bad stock_count")
    stock: list[Any] = [None] * count
    slots.extend((stock, i) for i in range(count))
    unseen = [c for c in FULL_DECK if c not in set(seen)]
    if len(unseen) != len(slots) or len(set(seen)) != len(seen):
        raise ValueError(
            f"sandcastles determinize: {len(unseen)} unseen cards for {len(slots)} hidden places"
        )
    rng.shuffle(unseen)
    for (container, key), code in zip(slots, unseen, strict=True):
        container[key] = code  # type: ignore[index]
    state = from_dict(
        {
            "game": name,
            "seed": rng.randrange(2**64),
            "players": n,
            "round": view["round"],
            "phase": view["phase"],
            "current_player": view["current_player"],
            "redrawn": view["redrawn"],
            "stock": stock,
            "discard": discard,
            "hands": hands,
            "hands_face_up": flags,
            "boards": boards,
            "declarations": decls,
            "order": view["order"],
            "standings": view["standings"],
            "in": view["in"],
            "out_round": view["out_round"],
            "out_score": view["out_scores"],
            "extra": view["extra"],
            "reshuffles": 0,
            "winners": view["winners"],
        }
    )
    if state.view(seat) != view:
        raise ValueError("sandcastles determinize: the view is not one a Sandcastles state shows")
    return state
