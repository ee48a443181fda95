"""Canals: two players lay their own cards into columns on two sides of the table.

Seat 0 owns the 26 red cards, seat 1 the 26 black cards. On a turn the mover places one card from
hand, face down or face up, either as the first card of a new column on its own side or at the end
of any column on either side. After all 52 cards are down, each column scores for the owner of the
side it stands on: a Spring, then only Canals, then a Fountain scores one point per card of that
run; anything else scores 0 (see docs/rules/canals.md and the design's rules.md).

States are frozen values with tuples inside, so `apply` is cheap and never mutates anything.

`state.phase` is "place" while cards are being laid and "over" after the 52nd.

`state.view(seat)` shows the seat's own hand and, per table cell, {"card", "owner", "face_up",
"placed_face_up", "id"}: "card" is null where the seat may not see the face. Every cell's "id" is
positional, "t<side>.<column>.<row>", whether visible or not. "hand_ids" is parallel to "hands":
the viewer's own cards by code, the other seat's hidden cards as "h<seat>.<i>" (i = 0..n-1). No id
tells a face; the table keys its card sprites by them.

`state.events` lists what the move that made the state did (only public facts; [] for a new game
and for `from_dict` results; not part of equality or `to_dict`):

- `{"kind": "place", "seat": s, "side": side, "column": c, "row": r, "face_up": bool,
  "card": code if face_up else None}` (`column`: the index the card ended in, also for a new one)
- after the 52nd card also `{"kind": "reveal", "cards": [{"side", "column", "row", "card"}, ...]}`
  for every card that lay face down (in table order: side 0 then 1, columns, rows), then
  `{"kind": "score", "scores": [a, b], "winners": [...]}`.

`determinize(view, rng)` deals each owner's cards that the view does not show uniformly into that
owner's hidden places (the other seat's hand and the hidden table cells).

Speed: every `Place` the engine can list is prebuilt, so `legal_moves` only slices tables; and
`state.random_move(rng)` picks `legal_moves()[rng.randrange(len(...))]` without building the list.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.cards import FULL_DECK, SUITS, is_card, is_red, pretty, rank_number
from engines.core import IllegalMove, check_seed_and_players, check_state_opening, resolve_options

name = "canals"
title = "Canals"
min_players = 2
max_players = 2

DECK_SIZE = 52
HAND_SIZE = 26

OPTIONS: dict[str, tuple[Any, ...]] = {
    "memory_aid": (True, False),
    "min_canals": tuple(range(8)),
    "first": (None, 0, 1),
}
DEFAULTS: dict[str, Any] = {"memory_aid": True, "min_canals": 0, "first": None}
presets: dict[str, dict[str, Any]] = {"default": dict(DEFAULTS)}

SPRING = "spring"
CANAL = "canal"
FOUNTAIN = "fountain"

_KIND_BY_RANK = {r: SPRING for r in "A23"} | {r: FOUNTAIN for r in "JQK"}
_KIND_BY_RANK |= {r: CANAL for r in "456789T"}
_KIND: dict[str, str] = {code: _KIND_BY_RANK[code[0]] for code in FULL_DECK}
_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


def _hand_key(code: str) -> tuple[int, int]:
    return _SUIT_ORDER[code[1]], rank_number(code)


def owner_of(code: str) -> int:
    """The seat that owns a card: 0 for red, 1 for black."""
    return 0 if is_red(code) else 1


def player_name(seat: int) -> str:
    """Seats are 0-based in code and 1-based for people: seat 0 is "Player 1"."""
    return f"Player {seat + 1}"


# The two starting hands never change: only who places first depends on the seed.
STARTING_HANDS: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(sorted((c for c in FULL_DECK if owner_of(c) == 0), key=_hand_key)),
    tuple(sorted((c for c in FULL_DECK if owner_of(c) == 1), key=_hand_key)),
)


def kind(code: str) -> str:
    """The kind of a card: "spring" (A, 2, 3), "fountain" (J, Q, K) or "canal" (4–10)."""
    try:
        return _KIND[code]
    except (KeyError, TypeError):
        raise ValueError(f"not a card code: {code!r}") from None


# --------------------------------------------------------------------------------------- scoring


def _analyse(codes: Sequence[str], min_canals: int) -> tuple[int, str]:
    """(score, reason) of one column, cards first→last."""
    if not codes:
        return 0, "Empty column: 0"
    first = kind(codes[0])
    if first != SPRING:
        return 0, f"Starts with a {first}: 0"
    canals = 0
    for i in range(1, len(codes)):
        k = kind(codes[i])
        if k == CANAL:
            canals += 1
        elif k == SPRING:
            return 0, "Second spring before a fountain: 0"
        else:
            if canals < min_canals:
                return 0, f"Too few canals ({canals} of {min_canals}): 0"
            middle = " → " if canals == 0 else f" → {canals} canal{'s' if canals != 1 else ''} → "
            return i + 1, f"Spring{middle}Fountain: {i + 1}"
    return 0, "No fountain: 0"


def score_column(codes: Iterable[str], min_canals: int = 0) -> int:
    """Points of one column (codes first→last): a Spring, only Canals, then the first Fountain."""
    codes = list(codes)
    for code in codes:
        kind(code)  # every code is checked, even those past the fountain that do not count
    return _analyse(codes, min_canals)[0]


# ----------------------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Place:
    """Put `card` at the end of column `column` on side `side`; column None starts a new one."""

    card: str
    side: int
    column: int | None
    face_up: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "side": self.side,
            "column": self.column,
            "face_up": self.face_up,
        }

    def describe(self) -> str:
        """A short sentence for logs and the move list: "7♥ face down on a new column of side 1"."""
        face = "face up" if self.face_up else "face down"
        where = (
            f"a new column on side {self.side + 1}"
            if self.column is None
            else f"column {self.column + 1} on side {self.side + 1}"
        )
        return f"{pretty(self.card)} {face} to {where}"


_MOVE_KEYS = frozenset(("card", "side", "column", "face_up"))

# Every Place legal_moves can list, prebuilt. A side holds at most 26 columns (only its owner's
# cards start them). _NEW[card]: (face down, face up) on a new column of the card's owner's side;
# _AT[card][side]: for each column c, face down then face up, so [:2 * n] covers n columns.
_MAX_COLUMNS = HAND_SIZE
_NEW: dict[str, tuple[Place, Place]] = {}
_AT: dict[str, tuple[tuple[Place, ...], tuple[Place, ...]]] = {}
for _code in FULL_DECK:
    _own = 0 if is_red(_code) else 1
    _NEW[_code] = (Place(_code, _own, None, False), Place(_code, _own, None, True))
    _AT[_code] = tuple(  # type: ignore[assignment]
        tuple(Place(_code, _side, c, up) for c in range(_MAX_COLUMNS) for up in (False, True))
        for _side in (0, 1)
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def move_from_dict(d: Any) -> Place:
    """A Place from its `to_dict()` form; ValueError on anything malformed."""
    if not isinstance(d, Mapping):
        raise ValueError(f"a canals move must be an object, not {type(d).__name__}")
    keys = set(d)
    if keys != _MOVE_KEYS:
        missing = sorted(_MOVE_KEYS - keys)
        extra = sorted(map(str, keys - _MOVE_KEYS))
        parts = []
        if missing:
            parts.append(f"missing {', '.join(missing)}")
        if extra:
            parts.append(f"unknown {', '.join(extra)}")
        raise ValueError(f"canals move keys: {'; '.join(parts)}")
    card, side, column, face_up = d["card"], d["side"], d["column"], d["face_up"]
    if not is_card(card):
        raise ValueError(f"canals move: card must be a card code, not {card!r}")
    if not _is_int(side) or side not in (0, 1):
        raise ValueError(f"canals move: side must be 0 or 1, not {side!r}")
    if column is not None and (not _is_int(column) or column < 0):
        raise ValueError(f"canals move: column must be null or an integer ≥ 0, not {column!r}")
    if not isinstance(face_up, bool):
        raise ValueError(f"canals move: face_up must be true or false, not {face_up!r}")
    return Place(card, side, column, face_up)


# ----------------------------------------------------------------------------------------- state

# One card on the table: (code, face_up). Its owner follows from its colour.
Cell = tuple[str, bool]
Column = tuple[Cell, ...]
Side = tuple[Column, ...]


def _seed_first(seed: int) -> int:
    return random.Random(seed).randrange(2)


@dataclass(frozen=True, slots=True)
class CanalsState:
    seed: int
    memory_aid: bool
    min_canals: int
    first: int | None  # the option as given (None: the seed decided)
    starter: int  # the seat that placed (or places) the first card
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    sides: tuple[Side, Side]
    turn: int  # cards placed so far
    # The move that made this state (source of `events`); not part of equality.
    last: Place | None = field(default=None, compare=False, repr=False)

    # ------------------------------------------------------------------ basics

    @property
    def players(self) -> int:
        return 2

    @property
    def options(self) -> dict[str, Any]:
        return {"memory_aid": self.memory_aid, "min_canals": self.min_canals, "first": self.first}

    @property
    def current_player(self) -> int | None:
        if self.turn >= DECK_SIZE:
            return None
        return (self.starter + self.turn) % 2

    def is_over(self) -> bool:
        return self.turn >= DECK_SIZE

    @property
    def phase(self) -> str:
        """ "place" while cards are being laid, "over" after the 52nd."""
        return "over" if self.turn >= DECK_SIZE else "place"

    @property
    def events(self) -> list[dict[str, Any]]:
        """What the move that produced this state did, in order (see the module docstring)."""
        move = self.last
        if move is None:
            return []
        side = move.side
        column = len(self.sides[side]) - 1 if move.column is None else move.column
        row = len(self.sides[side][column]) - 1
        out: list[dict[str, Any]] = [
            {
                "kind": "place",
                "seat": owner_of(move.card),
                "side": side,
                "column": column,
                "row": row,
                "face_up": move.face_up,
                "card": move.card if move.face_up else None,
            }
        ]
        if self.turn >= DECK_SIZE:
            hidden = [
                {"side": s, "column": c, "row": r, "card": code}
                for s, cols in enumerate(self.sides)
                for c, col in enumerate(cols)
                for r, (code, up) in enumerate(col)
                if not up
            ]
            out.append({"kind": "reveal", "cards": hidden})
            out.append({"kind": "score", "scores": self.scores(), "winners": self.winners()})
        return out

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Place]:
        """Per card of the mover's hand: a new column, then side 0's and side 1's columns, each
        face down then face up."""
        mover = self.current_player
        if mover is None:
            return []
        n0, n1 = 2 * len(self.sides[0]), 2 * len(self.sides[1])
        moves: list[Place] = []
        extend = moves.extend
        new, at = _NEW, _AT
        for card in self.hands[mover]:
            extend(new[card])
            here = at[card]
            extend(here[0][:n0])
            extend(here[1][:n1])
        return moves

    def random_move(self, rng: random.Random) -> Place | None:
        """`legal_moves()[rng.randrange(len(legal_moves()))]` without building the list (uniform
        over the legal moves, same use of `rng`); None once the game is over."""
        mover = self.current_player
        if mover is None:
            return None
        hand = self.hands[mover]
        n0, n1 = len(self.sides[0]), len(self.sides[1])
        per_card = 2 * (1 + n0 + n1)
        k = rng.randrange(len(hand) * per_card)
        i, rest = divmod(k, per_card)
        card = hand[i]
        if rest < 2:
            return _NEW[card][rest]
        rest -= 2
        if rest < 2 * n0:
            return _AT[card][0][rest]
        return _AT[card][1][rest - 2 * n0]

    def check(self, move: Any) -> str | None:
        if not isinstance(move, Place):
            return "That is not a Canals move"
        mover = self.current_player
        if mover is None:
            return "The game is over"
        card = move.card
        if not is_card(card):
            return f"{card!r} is not a card"
        if card not in self.hands[mover]:
            if card in self.hands[1 - mover]:
                return f"It is {player_name(mover)}'s turn"
            return f"{pretty(card)} is not in your hand"
        side = move.side
        if not _is_int(side) or side not in (0, 1):
            return "There is no such side"
        if not isinstance(move.face_up, bool):
            return "Choose face up or face down"
        column = move.column
        if column is None:
            if side != mover:
                return "You can only start a new column on your own side"
            return None
        if not _is_int(column) or column < 0:
            return "There is no such column"
        if column >= len(self.sides[side]):
            return f"There is no column {column + 1} on that side"
        return None

    def apply(self, move: Any) -> CanalsState:
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(reason)
        mover = self.current_player
        assert mover is not None
        hand = self.hands[mover]
        i = hand.index(move.card)
        new_hand = hand[:i] + hand[i + 1 :]
        hands = (new_hand, self.hands[1]) if mover == 0 else (self.hands[0], new_hand)
        cell = (move.card, move.face_up)
        side = self.sides[move.side]
        if move.column is None:
            new_side = (*side, (cell,))
        else:
            c = move.column
            new_side = (*side[:c], (*side[c], cell), *side[c + 1 :])
        sides = (new_side, self.sides[1]) if move.side == 0 else (self.sides[0], new_side)
        return CanalsState(
            self.seed,
            self.memory_aid,
            self.min_canals,
            self.first,
            self.starter,
            hands,
            sides,
            self.turn + 1,
            move,
        )

    # ------------------------------------------------------------------ scoring

    def scores(self) -> list[int]:
        """Each side's total, counted with every card as placed (the engine knows all faces)."""
        return [
            sum(score_column((code for code, _ in col), self.min_canals) for col in side)
            for side in self.sides
        ]

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        a, b = self.scores()
        if a == b:
            return [0, 1]
        return [0] if a > b else [1]

    def column_breakdown(self) -> list[list[dict[str, Any]]]:
        """Per side, per column: {"score", "scoring_cards", "reason"} for the results screen."""
        result = []
        for side in self.sides:
            cols = []
            for col in side:
                score, reason = _analyse([code for code, _ in col], self.min_canals)
                cols.append({"score": score, "scoring_cards": score, "reason": reason})
            result.append(cols)
        return result

    # ------------------------------------------------------------------ views and saves

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may see: its own hand, the other hand's size, faces it is allowed to know."""
        if not _is_int(seat) or seat not in (0, 1):
            raise ValueError(f"canals: seat must be 0 or 1, not {seat!r}")
        over = self.is_over()
        sides = []
        for s, side in enumerate(self.sides):
            cols = []
            for c, col in enumerate(side):
                cells = []
                for r, (code, face_up) in enumerate(col):
                    owner = owner_of(code)
                    shown = over or face_up or (owner == seat and self.memory_aid)
                    cells.append(
                        {
                            "card": code if shown else None,
                            "owner": owner,
                            "face_up": face_up or over,
                            "placed_face_up": face_up,
                            "id": f"t{s}.{c}.{r}",
                        }
                    )
                cols.append(cells)
            sides.append(cols)
        other = 1 - seat
        hands: list[Any] = [None, None]
        hands[seat] = list(self.hands[seat])
        hands[other] = [None] * len(self.hands[other])  # hidden cards are null
        hand_ids: list[Any] = [None, None]
        hand_ids[seat] = list(self.hands[seat])
        hand_ids[other] = [f"h{other}.{i}" for i in range(len(self.hands[other]))]
        return {
            "game": name,
            "seat": seat,
            "seed": self.seed,
            "options": self.options,
            "first_player": self.starter,
            "current_player": self.current_player,
            "turn": self.turn,
            "over": over,
            "hands": hands,
            "hand_ids": hand_ids,
            "hand_sizes": [len(h) for h in self.hands],
            "sides": sides,
            "scores": self.scores() if over else None,
            "winners": self.winners(),
            "breakdown": self.column_breakdown() if over else None,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": name,
            "seed": self.seed,
            "options": self.options,
            "first_player": self.starter,
            "hands": [list(h) for h in self.hands],
            "sides": [
                [
                    [{"card": code, "owner": owner_of(code), "face_up": up} for code, up in col]
                    for col in side
                ]
                for side in self.sides
            ],
            "current_player": self.current_player,
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, d: Any) -> CanalsState:
        return from_dict(d)


# ------------------------------------------------------------------------------------ module API


def new_game(seed: int, players: int = 2, options: Mapping[str, Any] | None = None) -> CanalsState:
    check_seed_and_players(name, seed, players, min_players, max_players)
    opts = resolve_options(name, OPTIONS, DEFAULTS, options)
    first = opts["first"]
    starter = _seed_first(seed) if first is None else first
    return CanalsState(
        seed=seed,
        memory_aid=opts["memory_aid"],
        min_canals=opts["min_canals"],
        first=first,
        starter=starter,
        hands=STARTING_HANDS,
        sides=((), ()),
        turn=0,
    )


_STATE_KEYS = frozenset(
    ("game", "seed", "options", "first_player", "hands", "sides", "current_player", "turn")
)
_CELL_KEYS = frozenset(("card", "owner", "face_up"))


def from_dict(d: Any) -> CanalsState:
    """A state from its `to_dict()` form, fully checked; ValueError says what is wrong."""
    check_state_opening(name, d, _STATE_KEYS)
    seed = d["seed"]
    check_seed_and_players(name, seed, 2, min_players, max_players)
    if not isinstance(d["options"], Mapping):
        raise ValueError("canals state: options must be an object")
    opts = resolve_options(name, OPTIONS, DEFAULTS, d["options"])

    starter = d["first_player"]
    if not _is_int(starter) or starter not in (0, 1):
        raise ValueError(f"canals state: first_player must be 0 or 1, not {starter!r}")
    expected_starter = _seed_first(seed) if opts["first"] is None else opts["first"]
    if starter != expected_starter:
        raise ValueError("canals state: first_player does not match the seed and options")

    seen: set[str] = set()

    def take(code: Any, where: str) -> str:
        if not is_card(code):
            raise ValueError(f"canals state: {where}: {code!r} is not a card code")
        if code in seen:
            raise ValueError(f"canals state: {where}: {code} appears twice")
        seen.add(code)
        return code

    raw_hands = d["hands"]
    if not isinstance(raw_hands, list) or len(raw_hands) != 2:
        raise ValueError("canals state: hands must be a list of two lists")
    hands_list = []
    for seat, raw in enumerate(raw_hands):
        if not isinstance(raw, list):
            raise ValueError(f"canals state: hand {seat} must be a list")
        hand = []
        for code in raw:
            take(code, f"hand {seat}")
            if owner_of(code) != seat:
                raise ValueError(
                    f"canals state: hand {seat} holds {code}, a card of the other seat"
                )
            hand.append(code)
        hands_list.append(tuple(sorted(hand, key=_hand_key)))
    hands = (hands_list[0], hands_list[1])

    raw_sides = d["sides"]
    if not isinstance(raw_sides, list) or len(raw_sides) != 2:
        raise ValueError("canals state: sides must be a list of two lists")
    sides_list = []
    for s, raw_side in enumerate(raw_sides):
        if not isinstance(raw_side, list):
            raise ValueError(f"canals state: side {s} must be a list of columns")
        side = []
        for c, raw_col in enumerate(raw_side):
            where = f"side {s} column {c}"
            if not isinstance(raw_col, list) or not raw_col:
                raise ValueError(f"canals state: {where} must be a non-empty list")
            col = []
            for cell in raw_col:
                if not isinstance(cell, Mapping) or set(cell) != _CELL_KEYS:
                    raise ValueError(
                        f"canals state: {where}: each card must be {{card, owner, face_up}}"
                    )
                code = take(cell["card"], where)
                owner = cell["owner"]
                if not _is_int(owner) or owner != owner_of(code):
                    raise ValueError(f"canals state: {where}: wrong owner for {code}")
                if not isinstance(cell["face_up"], bool):
                    raise ValueError(f"canals state: {where}: face_up must be true or false")
                col.append((code, cell["face_up"]))
            if owner_of(col[0][0]) != s:
                raise ValueError(f"canals state: {where} was started with the other seat's card")
            side.append(tuple(col))
        sides_list.append(tuple(side))
    sides = (sides_list[0], sides_list[1])

    if len(seen) != DECK_SIZE:
        raise ValueError(f"canals state: {DECK_SIZE - len(seen)} card(s) missing")

    turn = d["turn"]
    if not _is_int(turn) or not 0 <= turn <= DECK_SIZE:
        raise ValueError(f"canals state: turn must be 0–{DECK_SIZE}, not {turn!r}")
    if DECK_SIZE - len(hands[0]) - len(hands[1]) != turn:
        raise ValueError("canals state: turn does not match the cards on the table")
    placed_by_starter = (turn + 1) // 2
    placed = [0, 0]
    placed[starter] = placed_by_starter
    placed[1 - starter] = turn - placed_by_starter
    for seat in (0, 1):
        if HAND_SIZE - len(hands[seat]) != placed[seat]:
            raise ValueError(
                f"canals state: {player_name(seat)} has placed the wrong number of cards"
            )

    state = CanalsState(
        seed=seed,
        memory_aid=opts["memory_aid"],
        min_canals=opts["min_canals"],
        first=opts["first"],
        starter=starter,
        hands=hands,
        sides=sides,
        turn=turn,
    )
    current = d["current_player"]
    if current is not None and not _is_int(current):
        raise ValueError(f"canals state: current_player must be 0, 1 or null, not {current!r}")
    if current != state.current_player:
        raise ValueError("canals state: current_player does not match the turn")
    return state


def determinize(view: Any, rng: random.Random) -> CanalsState:
    """A full state whose view(seat) == `view` (seat = view["seat"]).

    Each owner's 26 cards are known (red: seat 0, black: seat 1); those of an owner that the view
    does not show are shuffled with `rng` into that owner's hidden places, the other seat's hand
    and the hidden table cells (with memory_aid off even the viewer's own face-down cells), so
    every consistent deal is equally likely. ValueError on a view that is not a Canals view or is
    malformed.
    """
    if not isinstance(view, Mapping) or view.get("game") != name:
        raise ValueError("canals determinize: not a Canals view")
    seat = view.get("seat")
    if not _is_int(seat) or seat not in (0, 1):
        raise ValueError(f"canals determinize: seat must be 0 or 1, not {seat!r}")
    raw_hands, raw_sides = view.get("hands"), view.get("sides")
    if not isinstance(raw_hands, list) or len(raw_hands) != 2:
        raise ValueError("canals determinize: hands must be a list of two lists")
    if not isinstance(raw_sides, list) or len(raw_sides) != 2:
        raise ValueError("canals determinize: sides must be a list of two lists")
    seen: set[str] = set()
    # Hidden places per owner: ("hand", seat, index) or ("cell", side, column, row).
    places: list[list[tuple[int, ...]]] = [[], []]
    hands: list[list[Any]] = []
    for s, raw in enumerate(raw_hands):
        if not isinstance(raw, list):
            raise ValueError(f"canals determinize: hand {s} must be a list")
        hand = list(raw)
        for i, code in enumerate(hand):
            if code is None:
                places[s].append((0, s, i))
            elif is_card(code):
                seen.add(code)
            else:
                raise ValueError(f"canals determinize: hand {s} holds {code!r}")
        hands.append(hand)
    sides: list[list[list[dict[str, Any]]]] = []
    for s, raw_side in enumerate(raw_sides):
        if not isinstance(raw_side, list):
            raise ValueError(f"canals determinize: side {s} must be a list of columns")
        cols = []
        for c, raw_col in enumerate(raw_side):
            if not isinstance(raw_col, list):
                raise ValueError(f"canals determinize: side {s} column {c} must be a list")
            col = []
            for r, cell in enumerate(raw_col):
                if not isinstance(cell, Mapping) or not {"card", "owner", "placed_face_up"} <= set(
                    cell
                ):
                    raise ValueError(f"canals determinize: side {s} column {c}: bad cell")
                code, owner = cell["card"], cell["owner"]
                if not _is_int(owner) or owner not in (0, 1):
                    raise ValueError(f"canals determinize: side {s} column {c}: bad owner")
                if code is None:
                    places[owner].append((1, s, c, r))
                elif is_card(code):
                    seen.add(code)
                else:
                    raise ValueError(f"canals determinize: side {s} column {c} holds {code!r}")
                col.append({"card": code, "owner": owner, "face_up": cell["placed_face_up"]})
            cols.append(col)
        sides.append(cols)
    for owner in (0, 1):
        unseen = [c for c in STARTING_HANDS[owner] if c not in seen]
        if len(unseen) != len(places[owner]):
            raise ValueError(
                f"canals determinize: {len(unseen)} unseen cards of {player_name(owner)} for "
                f"{len(places[owner])} hidden places"
            )
        rng.shuffle(unseen)
        for place, code in zip(places[owner], unseen, strict=True):
            if place[0] == 0:
                hands[place[1]][place[2]] = code
            else:
                sides[place[1]][place[2]][place[3]]["card"] = code
    d = {
        "game": name,
        "seed": view.get("seed"),
        "options": view.get("options"),
        "first_player": view.get("first_player"),
        "hands": hands,
        "sides": sides,
        "current_player": view.get("current_player"),
        "turn": view.get("turn"),
    }
    state = from_dict(d)
    if state.view(seat) != view:
        raise ValueError("canals determinize: the view is not one a Canals state shows")
    return state
