"""Canfield solitaire: one reading of the rules (docs/rules/canfield.md, design/rules.md).

This module is the game object that `engines.get("canfield")` returns. States are immutable values
(`CanfieldState`): `apply` builds a new state and shares every untouched pile with the old one.

Pile names (used in moves, `destinations`, `movable_run_starts`): "stock", "waste", "reserve",
"tableau:0".."tableau:3", "foundation:0".."foundation:3". Every pile is a tuple of card codes listed
bottom→top, so the last element is the top card (the next stock card to turn is `stock[-1]`).

Views (`state.view(0)`) are `to_dict()` with the hidden cards as null: the stock entirely and the
reserve below its top. They add `"ids": {"stock": [...], "reserve": [...]}`, lists parallel to
`view["stock"]` and `view["reserve"]`: a visible card's id is its code, a hidden card's id is
positional, `"stock.<i>"` / `"reserve.<i>"` with i its index bottom→top in that pile, so an id
never tells a face. The table keys its card sprites by these ids. (`"seed"` is the deal number the
player sees; a computer player must not re-deal from it, it reasons through `determinize`.)

`state.phase` is "play" while the game goes on and "over" once it is won.

`state.events` lists what the move that made the state did, in order (only public facts):

- `{"kind": "move", "src": S, "dst": D, "n": n, "cards": [codes moved, bottom→top]}`
- `{"kind": "draw", "n": n, "cards": [codes now face up on the waste, in the order they landed]}`
- `{"kind": "redeal", "n": n}` (the whole waste, n cards, turned back into the stock)
- `{"kind": "reveal", "pile": "reserve", "card": code}` when a move uncovers a new reserve top
- `{"kind": "fill", "pile": "tableau:j", "card": code}` when empty_fill="reserve" fills an empty
  pile from the reserve (followed by a reveal of the new reserve top, if any)

It is [] for a new game and for `from_dict` results, and is not part of equality or `to_dict`.

`determinize(view, rng)` deals the cards the view does not show uniformly into the stock and the
hidden part of the reserve; `state.random_move(rng)` is `legal_moves()[rng.randrange(len(...))]`.

Speed: the hot path (`legal_moves`, `apply`) works on small integer pile ids, precomputed per-card
lookup tables and a table of prebuilt `Move` objects, so random playouts run at tens of thousands of
moves per second.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.cards import FULL_DECK, RANKS, SUIT_SYMBOLS, SUITS, is_card, pretty, shuffled_deck
from engines.core import (
    IllegalMove,
    Move,
    RecordError,
    check_seed,
    check_seed_and_players,
    resolve_options,
)

name = "canfield"
title = "Canfield"
min_players = 1
max_players = 1

OPTIONS: dict[str, tuple[Any, ...]] = {
    "draw": (1, 3),
    "redeals": (None, 0, 1, 2),
    "tableau_move": ("top", "pile", "any"),
    "empty_fill": ("any", "reserve"),
    "foundation_return": (False, True),
}
DEFAULTS: dict[str, Any] = {
    "draw": 1,
    "redeals": None,
    "tableau_move": "top",
    "empty_fill": "any",
    "foundation_return": False,
}
presets: dict[str, dict[str, Any]] = {
    "seed": dict(DEFAULTS),
    "classic": {
        "draw": 3,
        "redeals": None,
        "tableau_move": "pile",
        "empty_fill": "reserve",
        "foundation_return": False,
    },
}

# --- piles -------------------------------------------------------------------------------------

STOCK, WASTE, RESERVE = 0, 1, 2
T0 = 3  # tableau:i  -> T0 + i
F0 = 7  # foundation:i -> F0 + i
PILES: tuple[str, ...] = (
    "stock",
    "waste",
    "reserve",
    *(f"tableau:{i}" for i in range(4)),
    *(f"foundation:{i}" for i in range(4)),
)
_PILE_ID: dict[str, int] = {p: i for i, p in enumerate(PILES)}
_MAX_N = 52

# Every Move the engine can ever list, prebuilt: _MV[src][dst][n]. legal_moves hands these out.
_MV: list[list[list[Move]]] = [
    [[Move(s, d, n) for n in range(_MAX_N + 1)] for d in PILES] for s in PILES
]

# --- per-card lookup tables --------------------------------------------------------------------

_RANK: dict[str, int] = {c: RANKS.index(c[0]) + 1 for c in FULL_DECK}
_RED: dict[str, bool] = {c: c[1] in "HD" for c in FULL_DECK}
_OPPOSITE_SUITS = {"S": "HD", "C": "HD", "H": "SC", "D": "SC"}


def _card(rank: int, suit: str) -> str:
    """The code of rank 1..13 (wrapping allowed: 0 -> K, 14 -> A) in `suit`."""
    return RANKS[(rank - 1) % 13] + suit


# The card that follows `c` on its foundation (same suit, one up, K -> A).
_FOUND_NEXT: dict[str, str] = {c: _card(_RANK[c] + 1, c[1]) for c in FULL_DECK}
# The two cards `c` may go on in the tableau (opposite colour, one rank up; a K goes on an A).
_PLACE_ON: dict[str, tuple[str, ...]] = {
    c: tuple(_card(_RANK[c] + 1, s) for s in _OPPOSITE_SUITS[c[1]]) for c in FULL_DECK
}
_RANK_WORD = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}


def _rank_word(rank: int) -> str:
    rank = (rank - 1) % 13 + 1
    return _RANK_WORD.get(rank, str(rank))


def _with_article(word: str) -> str:
    """ "a 7", "an 8", "an A" (as the words are spoken)."""
    return ("an " if word[0] in "A8" else "a ") + word


def _colour(red: bool) -> str:
    return "red" if red else "black"


def _run_start(pile: tuple[str, ...]) -> int:
    """The lowest index i such that pile[i:] is a properly built run (alternating, one down)."""
    i = len(pile) - 1
    place_on = _PLACE_ON
    while i > 0 and pile[i - 1] in place_on[pile[i]]:
        i -= 1
    return i


# --- the rules of one game ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rules:
    """What stays fixed for a whole game: its seed, options and the base card's rank."""

    seed: int
    base_rank: int
    draw: int
    redeals: int | None
    tableau_move: str
    empty_fill: str
    foundation_return: bool

    def options(self) -> dict[str, Any]:
        return {
            "draw": self.draw,
            "redeals": self.redeals,
            "tableau_move": self.tableau_move,
            "empty_fill": self.empty_fill,
            "foundation_return": self.foundation_return,
        }


def _make_rules(seed: int, base_rank: int, options: Mapping[str, Any]) -> Rules:
    return Rules(
        seed,
        base_rank,
        options["draw"],
        options["redeals"],
        options["tableau_move"],
        options["empty_fill"],
        options["foundation_return"],
    )


# --- the state ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CanfieldState:
    """One position of a Canfield game. Immutable; piles are tuples of codes, bottom→top."""

    rules: Rules
    foundations: tuple[tuple[str, ...], ...]
    reserve: tuple[str, ...]
    tableau: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    waste: tuple[str, ...]
    redeals_used: int = 0
    # What the move that made this state did, compactly (see `events`); not part of equality.
    _events: tuple[tuple[Any, ...], ...] = field(default=(), compare=False, repr=False)

    # -- plain facts ----------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.rules.seed

    @property
    def base_rank(self) -> int:
        return self.rules.base_rank

    @property
    def options(self) -> dict[str, Any]:
        return self.rules.options()

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed; None means unlimited."""
        limit = self.rules.redeals
        return None if limit is None else max(0, limit - self.redeals_used)

    def foundation_count(self) -> int:
        """Cards on the foundations (0..52); also the player's score."""
        f = self.foundations
        return len(f[0]) + len(f[1]) + len(f[2]) + len(f[3])

    def is_won(self) -> bool:
        return self.foundation_count() == 52

    def pile(self, name: str) -> tuple[str, ...]:
        """The cards of the pile called `name` (bottom→top); KeyError for an unknown name."""
        return self._pile(_PILE_ID[name])

    def _pile(self, pid: int) -> tuple[str, ...]:
        if pid >= F0:
            return self.foundations[pid - F0]
        if pid >= T0:
            return self.tableau[pid - T0]
        if pid == STOCK:
            return self.stock
        if pid == WASTE:
            return self.waste
        return self.reserve

    def _can_redeal(self) -> bool:
        limit = self.rules.redeals
        return limit is None or self.redeals_used < limit

    def _needs(self) -> dict[str, int]:
        """Card code -> the one foundation (0..3) it may go to right now."""
        need: dict[str, int] = {}
        started = ""
        empty = -1
        for i, f in enumerate(self.foundations):
            if f:
                started += f[0][1]
                if len(f) < 13:
                    need[_FOUND_NEXT[f[-1]]] = i
            elif empty < 0:
                empty = i
        if empty >= 0:
            base = self.rules.base_rank
            for s in SUITS:
                if s not in started:
                    need[_card(base, s)] = empty
        return need

    # -- the State protocol ---------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """0 while the game goes on; None once it is won."""
        return None if self.foundation_count() == 52 else 0

    @property
    def phase(self) -> str:
        """ "play" while the game goes on, "over" once it is won."""
        return "over" if self.foundation_count() == 52 else "play"

    @property
    def events(self) -> list[dict[str, Any]]:
        """What the move that produced this state did, in order (see the module docstring)."""
        out: list[dict[str, Any]] = []
        for ev in self._events:
            k = ev[0]
            if k == "move":
                out.append(
                    {"kind": "move", "src": ev[1], "dst": ev[2], "n": ev[3], "cards": list(ev[4])}
                )
            elif k == "draw":
                out.append({"kind": "draw", "n": len(ev[1]), "cards": list(ev[1])})
            elif k == "redeal":
                out.append({"kind": "redeal", "n": ev[1]})
            else:  # reveal, fill
                out.append({"kind": k, "pile": ev[1], "card": ev[2]})
        return out

    def is_over(self) -> bool:
        """True once the game is won: all 52 cards are on the foundations.

        A dead end (no legal move left, see `is_lost`) does not end the game by itself: the player
        may still undo, so the table decides what to do with it.
        """
        return self.foundation_count() == 52

    def is_lost(self) -> bool:
        """Not won and no legal move left at all (only possible with limited redeals)."""
        if self.foundation_count() == 52 or self.stock or (self.waste and self._can_redeal()):
            return False
        return not self.legal_moves()

    def scores(self) -> list[int]:
        return [self.foundation_count()]

    def winners(self) -> list[int]:
        return [0] if self.foundation_count() == 52 else []

    def legal_moves(self) -> list[Move]:
        """Every legal move, each action once (a card goes to at most one foundation)."""
        rules = self.rules
        fnd = self.foundations
        if len(fnd[0]) + len(fnd[1]) + len(fnd[2]) + len(fnd[3]) == 52:
            return []
        tab = self.tableau
        reserve = self.reserve
        waste = self.waste
        mv = _MV
        place_on = _PLACE_ON
        need = self._needs()
        tops: dict[str, int] = {}
        empties: list[int] = []
        for j in range(4):
            p = tab[j]
            if p:
                tops[p[-1]] = j
            else:
                empties.append(j)
        may_fill = bool(empties) and (rules.empty_fill == "any" or not reserve)

        # Sources: (pile id, bottom card of the moving unit, n, tableau index or -1, whole pile).
        sources: list[tuple[int, str, int, int, bool]] = []
        if waste:
            sources.append((WASTE, waste[-1], 1, -1, False))
        if reserve:
            sources.append((RESERVE, reserve[-1], 1, -1, False))
        mode = rules.tableau_move
        for i in range(4):
            p = tab[i]
            size = len(p)
            if not size:
                continue
            sid = T0 + i
            sources.append((sid, p[-1], 1, i, size == 1))
            if size > 1 and mode != "top":
                start = _run_start(p)
                if mode == "pile":
                    if start == 0:
                        sources.append((sid, p[0], size, i, True))
                else:
                    for k in range(size - 2, start - 1, -1):
                        sources.append((sid, p[k], size - k, i, k == 0))

        moves: list[Move] = []
        append = moves.append
        for sid, card, n, src_j, whole in sources:
            row = mv[sid]
            if n == 1:
                f = need.get(card)
                if f is not None:
                    append(row[F0 + f][1])
            for t in place_on[card]:
                j = tops.get(t)
                if j is not None and j != src_j:
                    append(row[T0 + j][n])
            if may_fill and not whole:
                for j in empties:
                    append(row[T0 + j][n])

        if rules.foundation_return:
            for i in range(4):
                f = fnd[i]
                if not f:
                    continue
                card = f[-1]
                row = mv[F0 + i]
                for t in place_on[card]:
                    j = tops.get(t)
                    if j is not None:
                        append(row[T0 + j][1])
                if may_fill:
                    for j in empties:
                        append(row[T0 + j][1])

        stock = self.stock
        if stock:
            append(mv[STOCK][WASTE][min(rules.draw, len(stock))])
        elif waste and self._can_redeal():
            append(mv[WASTE][STOCK][len(waste)])
        return moves

    def check(self, move: Any) -> str | None:
        """None if `move` is legal here, else a short sentence a player can read."""
        parsed = _parse(move)
        if isinstance(parsed, str):
            return parsed
        return self._reason(*parsed)

    def apply(self, move: Any) -> CanfieldState:
        """The state after `move` (this state stays as it is); IllegalMove says why if illegal."""
        parsed = _parse(move)
        if isinstance(parsed, str):
            raise IllegalMove(parsed)
        reason = self._reason(*parsed)
        if reason is not None:
            raise IllegalMove(reason)
        return self._do(*parsed)

    def random_move(self, rng: random.Random) -> Move | None:
        """A uniformly random legal move (`legal_moves()[rng.randrange(len(...))]`); None if none."""
        moves = self.legal_moves()
        return moves[rng.randrange(len(moves))] if moves else None

    def view(self, seat: int) -> dict[str, Any]:
        """What the player sees: to_dict with the reserve below its top and the stock as None.

        Adds "ids": {"stock": [...], "reserve": [...]}, parallel to "stock" and "reserve": a
        visible card's code, a hidden card's "stock.<i>" / "reserve.<i>" (i: index bottom→top).
        """
        if seat != 0 or isinstance(seat, bool):
            raise ValueError(f"canfield: seat must be 0, not {seat!r}")
        d = self.to_dict()
        reserve = d["reserve"]
        hidden = len(reserve) - 1
        d["reserve"] = [None] * hidden + reserve[-1:]
        d["stock"] = [None] * len(d["stock"])
        d["ids"] = {
            "stock": [f"stock.{i}" for i in range(len(self.stock))],
            "reserve": [f"reserve.{i}" for i in range(hidden)] + reserve[-1:],
        }
        return d

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules
        return {
            "game": name,
            "seed": rules.seed,
            "options": rules.options(),
            "base_rank": rules.base_rank,
            "foundations": [list(f) for f in self.foundations],
            "reserve": list(self.reserve),
            "tableau": [list(p) for p in self.tableau],
            "stock": list(self.stock),
            "waste": list(self.waste),
            "redeals_used": self.redeals_used,
        }

    # -- helpers for the table UI and the computer players --------------------------------------

    def movable_run_starts(self, pile: str) -> list[int]:
        """Indices into `pile` from which the player may pick cards up (per the options).

        Tableau: the top card, plus index 0 (the whole pile) under tableau_move="pile", or the start
        of every properly built run under "any". Waste and reserve: their top. Stock: its top index
        (clicking it draws). Foundations: their top only with foundation_return. Empty pile: [].
        """
        pid = _PILE_ID[pile]
        cards = self._pile(pid)
        top = len(cards) - 1
        if top < 0 or self.is_won():
            return []
        if pid >= F0:
            return [top] if self.rules.foundation_return else []
        if pid >= T0:
            mode = self.rules.tableau_move
            if mode == "top" or top == 0:
                return [top]
            start = _run_start(cards)
            if mode == "pile":
                return [0, top] if start == 0 else [top]
            return list(range(start, top + 1))
        return [top]

    def destinations(self, src: str, n: int = 1) -> list[str]:
        """The piles that would accept `n` cards from `src` (those where `check` passes)."""
        return [dst for dst in PILES if self.check(Move(src, dst, n)) is None]

    def safe_foundation_moves(self) -> list[Move]:
        """Foundation moves that can never hurt (what an auto-play may make without asking).

        Write p for a card's position in foundation order (0 = base rank, 1 = the next rank, …).
        In the tableau a card only ever serves as a place for the two opposite-colour cards one rank
        below it, which are the cards at position p - 1. So a card at p >= 1 is safe to put up once
        both of those are already on foundations: nothing can ever be placed on it again (with
        foundation_return it can even come back).

        That holds for p == 1 too: a base-rank card can always go straight up, but parking it on
        the tableau keeps a place for the last-ranked cards (p == 12), which have none once every
        base-rank card is up. Base-rank cards (p == 0) are not listed for the same reason. Moving a
        top card never spoils a run below it, since where a run may go depends on its bottom card.
        """
        base = self.rules.base_rank
        up = {f[0][1]: len(f) for f in self.foundations if f}
        safe = []
        for m in self._foundation_moves():
            card = self._pile(_PILE_ID[m.src])[-1]
            p = (_RANK[card] - base) % 13
            if p >= 1 and all(up.get(s, 0) > p - 1 for s in _OPPOSITE_SUITS[card[1]]):
                safe.append(m)
        return safe

    def auto_finish_moves(self) -> list[Move] | None:
        """The moves that win using only foundation moves, draws and redeals; None if that fails.

        Greedy: play every available card to its foundation, otherwise draw, otherwise redeal. A
        foundation move only ever uncovers cards, so playing one never blocks another; the search
        gives up when a whole pass through the stock brings no card up (the next pass would repeat
        it exactly) or the stock cannot be turned any more. [] when the game is already won.
        """
        state = self
        moves: list[Move] = []
        progress = True  # a card went up since the last redeal (or no full pass seen yet)
        while state.foundation_count() < 52:
            up = state._foundation_moves()
            if up:
                move = up[0]
                progress = True
            elif state.stock:
                move = _MV[STOCK][WASTE][min(state.rules.draw, len(state.stock))]
            elif state.waste and state._can_redeal() and progress:
                move = _MV[WASTE][STOCK][len(state.waste)]
                progress = False
            else:
                return None
            state = state._do(_PILE_ID[move.src], _PILE_ID[move.dst], move.n)
            moves.append(move)
        return moves

    def _foundation_moves(self) -> list[Move]:
        """Moves of a waste, reserve or tableau top card to its foundation."""
        need = self._needs()
        out = []
        for sid, p in (
            (RESERVE, self.reserve),
            (WASTE, self.waste),
            *((T0 + i, t) for i, t in enumerate(self.tableau)),
        ):
            if p:
                f = need.get(p[-1])
                if f is not None:
                    out.append(_MV[sid][F0 + f][1])
        return out

    # -- rule checking --------------------------------------------------------------------------

    def _reason(self, s: int, d: int, n: int) -> str | None:
        """Why moving n cards from pile id s to pile id d is illegal, or None."""
        rules = self.rules
        if self.foundation_count() == 52:
            return "The game is over — every card is on a foundation"
        if s == d:
            return "The cards are already there"
        if s == STOCK:
            if d != WASTE:
                return "Cards from the stock are turned onto the waste"
            stock = self.stock
            if not stock:
                if not self.waste:
                    return "The stock and the waste are both empty"
                if self._can_redeal():
                    return "The stock is empty — click it to redeal"
                return "The stock is empty and no redeals are left"
            want = min(rules.draw, len(stock))
            if n != want:
                return f"A draw turns {want} card{'s' if want > 1 else ''}"
            return None
        if d == STOCK:
            if s != WASTE:
                return "Only the waste can be turned back into the stock"
            if self.stock:
                return "You can redeal only once the stock is empty"
            if not self.waste:
                return "The waste is empty — there is nothing to redeal"
            if not self._can_redeal():
                return "No redeals left"
            if n != len(self.waste):
                return "A redeal turns over the whole waste"
            return None
        if d == WASTE:
            return "Only the stock can be turned onto the waste"
        if d == RESERVE:
            return "Nothing can be put on the reserve"

        # The moving cards.
        if s >= F0:
            if not rules.foundation_return:
                return "Cards cannot come back off a foundation"
            if d >= F0:
                return "A foundation card can only go back to a tableau pile"
            src = self.foundations[s - F0]
            if not src:
                return "That foundation is empty"
            if n != 1:
                return "Only one card at a time comes off a foundation"
        elif s >= T0:
            src = self.tableau[s - T0]
            if not src:
                return "That tableau pile is empty"
            if n > len(src):
                return f"That pile has only {len(src)} card{'s' if len(src) > 1 else ''}"
            if n != 1:
                # What may move at all comes first: the reason is then the same wherever the
                # cards are dropped, so the table can refuse the pick itself with it.
                mode = rules.tableau_move
                if mode == "top":
                    return "Only the top card of a tableau pile can move"
                if mode == "pile" and n != len(src):
                    return "Only the top card or the whole pile can move"
                if _run_start(src) > len(src) - n:
                    return "Those cards are not a run in alternating colours"
                if d >= F0:
                    return "Only single cards go to a foundation"
        else:
            src = self.waste if s == WASTE else self.reserve
            where = "waste" if s == WASTE else "reserve"
            if not src:
                return f"The {where} is empty"
            if n != 1:
                return f"Only the top card of the {where} can move"
        card = src[-n]

        if d >= F0:
            return self._foundation_reason(card, d - F0)
        dst = self.tableau[d - T0]
        if not dst:
            if rules.empty_fill == "reserve" and self.reserve:
                return "An empty pile is filled from the reserve while it has cards"
            if T0 <= s < F0 and n == len(src):
                return "Moving a whole pile onto an empty pile changes nothing"
            return None
        top = dst[-1]
        if top in _PLACE_ON[card]:
            return None
        want = f"{_colour(not _RED[card])} {_rank_word(_RANK[card] + 1)}"
        have = f"{_colour(_RED[top])} {_rank_word(_RANK[top])}"
        return f"{pretty(card)} needs {_with_article(want)} — this is {_with_article(have)}"

    def _foundation_reason(self, card: str, j: int) -> str | None:
        f = self.foundations[j]
        need = self._needs()
        if need.get(card) == j:
            return None
        if not f:
            base = self.rules.base_rank
            if _RANK[card] != base:
                return f"Foundations start with {_with_article(_rank_word(base))}"
            if card in need:
                return "A new foundation goes in the leftmost empty space"
            return f"{pretty(card)} already has a foundation"
        top = f[-1]
        if len(f) == 13:
            return "That foundation is complete"
        if top[1] != card[1]:
            return f"{pretty(card)} cannot go on the {SUIT_SYMBOLS[top[1]]} foundation"
        return f"The {SUIT_SYMBOLS[top[1]]} foundation needs the {pretty(_FOUND_NEXT[top])} next"

    # -- making a move --------------------------------------------------------------------------

    def _do(self, s: int, d: int, n: int) -> CanfieldState:
        """Apply a move already known to be legal."""
        rules = self.rules
        fnd = self.foundations
        reserve = self.reserve
        tab = self.tableau
        stock = self.stock
        waste = self.waste
        used = self.redeals_used
        if s == STOCK:
            drawn = stock[: -n - 1 : -1]
            waste = waste + drawn
            stock = stock[:-n]
            events: tuple[tuple[Any, ...], ...] = (("draw", drawn),)
        elif d == STOCK:
            stock = waste[::-1]
            waste = ()
            used += 1
            events = (("redeal", n),)
        else:
            fnd, reserve, tab, waste = self._move_cards(s, d, n)
            moved = self._pile(s)[-n:]
            if s == RESERVE and reserve:
                events = (
                    ("move", PILES[s], PILES[d], n, moved),
                    ("reveal", "reserve", reserve[-1]),
                )
            else:
                events = (("move", PILES[s], PILES[d], n, moved),)

        # empty_fill="reserve": the reserve's top card fills an empty pile at once, leftmost first.
        # Checked after every kind of move, so a hand-built position with empty piles heals too.
        full = tab[0] and tab[1] and tab[2] and tab[3]
        if reserve and not full and rules.empty_fill == "reserve":
            tl = list(tab)
            evs = list(events)
            for j in range(4):
                if not tl[j] and reserve:
                    tl[j] = reserve[-1:]
                    evs.append(("fill", PILES[T0 + j], reserve[-1]))
                    reserve = reserve[:-1]
                    if reserve:
                        evs.append(("reveal", "reserve", reserve[-1]))
            tab = tuple(tl)
            events = tuple(evs)
        return CanfieldState(rules, fnd, reserve, tab, stock, waste, used, events)

    def _move_cards(
        self, s: int, d: int, n: int
    ) -> tuple[
        tuple[tuple[str, ...], ...], tuple[str, ...], tuple[tuple[str, ...], ...], tuple[str, ...]
    ]:
        """Foundations, reserve, tableau and waste after moving n cards from s to d."""
        fnd = self.foundations
        reserve = self.reserve
        tab = self.tableau
        waste = self.waste
        if s == WASTE:
            cards = waste[-1:]
            waste = waste[:-1]
        elif s == RESERVE:
            cards = reserve[-1:]
            reserve = reserve[:-1]
        elif s >= F0:
            fl = list(fnd)
            cards = fl[s - F0][-1:]
            fl[s - F0] = fl[s - F0][:-1]
            fnd = tuple(fl)
        else:
            tl = list(tab)
            p = tl[s - T0]
            cards = p[-n:]
            tl[s - T0] = p[:-n]
            tab = tuple(tl)

        if d >= F0:
            fl = list(fnd)
            fl[d - F0] = fl[d - F0] + cards
            fnd = tuple(fl)
        else:
            tl = list(tab)
            tl[d - T0] = tl[d - T0] + cards
            tab = tuple(tl)
        return fnd, reserve, tab, waste


def _parse(move: Any) -> tuple[int, int, int] | str:
    """(src id, dst id, n) of a Move, or a reason why it is not one."""
    if not isinstance(move, Move):
        return "That is not a move"
    s = _PILE_ID.get(move.src) if isinstance(move.src, str) else None
    if s is None:
        return f"There is no pile called {move.src!r}"
    d = _PILE_ID.get(move.dst) if isinstance(move.dst, str) else None
    if d is None:
        return f"There is no pile called {move.dst!r}"
    n = move.n
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= _MAX_N:
        return "A move takes 1 to 52 cards"
    return s, d, n


# --- the game module's functions ---------------------------------------------------------------


def new_game(seed: int, players: int = 1, options: dict[str, Any] | None = None) -> CanfieldState:
    """Deal a new game. Same seed and options -> same deal.

    deck = engines.cards.shuffled_deck(random.Random(seed)), a list of 52 codes; then:

    - deck[0] is the base card, face up on foundation 0; its rank is the base rank.
    - deck[1:14] is the reserve, bottom→top: deck[13] is its face-up top card.
    - deck[14], deck[15], deck[16], deck[17] go face up on tableau 0, 1, 2, 3.
    - deck[18:52] is the stock, bottom→top: deck[51] is the first card a draw turns.
    - The waste starts empty; no redeal has been used.
    """
    check_seed_and_players(name, seed, players, min_players, max_players)
    opts = resolve_options(name, OPTIONS, DEFAULTS, options)
    deck = shuffled_deck(random.Random(seed))
    rules = _make_rules(seed, _RANK[deck[0]], opts)
    empty: tuple[str, ...] = ()
    return CanfieldState(
        rules,
        ((deck[0],), empty, empty, empty),
        tuple(deck[1:14]),
        tuple((c,) for c in deck[14:18]),
        tuple(deck[18:]),
        empty,
        0,
    )


def from_dict(d: Any) -> CanfieldState:
    """Rebuild a state from `to_dict()` output, checking everything; RecordError says what."""
    if not isinstance(d, Mapping):
        raise RecordError("a Canfield state must be a JSON object")
    for key in (
        "game",
        "seed",
        "options",
        "base_rank",
        "foundations",
        "reserve",
        "tableau",
        "stock",
        "waste",
        "redeals_used",
    ):
        if key not in d:
            raise RecordError(f"canfield state: missing field {key!r}")
    if d["game"] != name:
        raise RecordError(f"canfield state: field 'game' must be 'canfield', not {d['game']!r}")
    seed = d["seed"]
    try:
        check_seed(name, seed)
    except ValueError as exc:
        raise RecordError(f"canfield state: {exc}") from None
    if not isinstance(d["options"], Mapping):
        raise RecordError("canfield state: options must be an object")
    try:
        opts = resolve_options(name, OPTIONS, DEFAULTS, d["options"])
    except ValueError as exc:
        raise RecordError(f"canfield state: {exc}") from None
    base = d["base_rank"]
    if not isinstance(base, int) or isinstance(base, bool) or not 1 <= base <= 13:
        raise RecordError(f"canfield state: base_rank must be 1..13, not {base!r}")
    used = d["redeals_used"]
    if not isinstance(used, int) or isinstance(used, bool) or used < 0:
        raise RecordError(f"canfield state: redeals_used must be an integer ≥ 0, not {used!r}")
    if opts["redeals"] is not None and used > opts["redeals"]:
        raise RecordError(
            f"canfield state: redeals_used is {used} but only {opts['redeals']} are allowed"
        )

    foundations = _read_piles(d["foundations"], "foundations")
    tableau = _read_piles(d["tableau"], "tableau")
    reserve = _read_pile(d["reserve"], "reserve")
    stock = _read_pile(d["stock"], "stock")
    waste = _read_pile(d["waste"], "waste")

    seen: set[str] = set()
    for p in (*foundations, *tableau, reserve, stock, waste):
        for c in p:
            if c in seen:
                raise RecordError(f"canfield state: card {c} appears more than once")
            seen.add(c)
    if len(seen) != 52:
        missing = " ".join(c for c in FULL_DECK if c not in seen)
        raise RecordError(f"canfield state: cards missing: {missing}")

    for i, f in enumerate(foundations):
        if not f:
            continue
        if len(f) > 13:
            raise RecordError(f"canfield state: foundation {i} has more than 13 cards")
        if _RANK[f[0]] != base:
            raise RecordError(f"canfield state: foundation {i} must start with the base rank")
        for below, above in itertools.pairwise(f):
            if _FOUND_NEXT[below] != above:
                raise RecordError(f"canfield state: foundation {i} is not built up in suit")

    rules = _make_rules(seed, base, opts)
    return CanfieldState(rules, foundations, reserve, tableau, stock, waste, used)


def determinize(view: Any, rng: random.Random) -> CanfieldState:
    """A full state whose view(0) == `view`: the cards it does not show, shuffled with `rng`, fill
    the stock and the reserve below its top (every consistent deal equally likely).

    ValueError (RecordError) on a view that is not a Canfield view or is malformed.
    """
    if not isinstance(view, Mapping) or view.get("game") != name:
        raise RecordError("canfield determinize: not a Canfield view")
    for key in ("stock", "reserve", "ids"):
        if key not in view:
            raise RecordError(f"canfield determinize: view without {key!r}")
    stock, reserve = view["stock"], view["reserve"]
    if not isinstance(stock, list) or any(c is not None for c in stock):
        raise RecordError("canfield determinize: the stock of a view must be hidden (null) cards")
    if not isinstance(reserve, list) or any(c is not None for c in reserve[:-1]):
        raise RecordError("canfield determinize: the reserve below its top must be hidden")
    if reserve and not is_card(reserve[-1]):
        raise RecordError("canfield determinize: the reserve's top must be a card")
    seen: set[str] = set(reserve[-1:])
    for key in ("foundations", "tableau"):
        piles = view.get(key)
        if not isinstance(piles, list):
            raise RecordError(f"canfield determinize: {key} must be a list of piles")
        for p in piles:
            if not isinstance(p, list):
                raise RecordError(f"canfield determinize: {key} must be a list of piles")
            seen.update(c for c in p if isinstance(c, str))
    waste = view.get("waste")
    if not isinstance(waste, list):
        raise RecordError("canfield determinize: waste must be a list of cards")
    seen.update(c for c in waste if isinstance(c, str))
    unseen = [c for c in FULL_DECK if c not in seen]
    n_stock, n_hidden = len(stock), max(0, len(reserve) - 1)
    if len(unseen) != n_stock + n_hidden:
        raise RecordError(
            f"canfield determinize: {len(unseen)} unseen cards for {n_stock + n_hidden} hidden places"
        )
    rng.shuffle(unseen)
    d = {k: v for k, v in view.items() if k != "ids"}
    d["stock"] = unseen[:n_stock]
    d["reserve"] = unseen[n_stock:] + list(reserve[-1:])
    state = from_dict(d)
    if state.view(0) != view:
        raise RecordError("canfield determinize: the view is not one a Canfield state shows")
    return state


def _read_pile(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise RecordError(f"canfield state: {what} must be a list of cards")
    for c in value:
        if not is_card(c):
            raise RecordError(f"canfield state: {what} holds {c!r}, which is not a card")
    return tuple(value)


def _read_piles(value: Any, what: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise RecordError(f"canfield state: {what} must be a list of 4 piles")
    return tuple(_read_pile(p, f"{what}[{i}]") for i, p in enumerate(value))


def move_from_dict(d: Any) -> Move:
    """A Move from its to_dict() form; ValueError if malformed (the rules are checked by apply)."""
    if not isinstance(d, Mapping):
        raise ValueError(f"a move must be an object, not {type(d).__name__}")
    extra = set(d) - {"src", "dst", "n"}
    if extra:
        raise ValueError(f"a move has unknown fields: {', '.join(sorted(map(str, extra)))}")
    if "src" not in d or "dst" not in d:
        raise ValueError("a move needs 'src' and 'dst'")
    src, dst, n = d["src"], d["dst"], d.get("n", 1)
    for label, pile in (("src", src), ("dst", dst)):
        if not isinstance(pile, str) or pile not in _PILE_ID:
            raise ValueError(f"move {label}: unknown pile {pile!r} (piles: {', '.join(PILES)})")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= _MAX_N:
        raise ValueError(f"move n must be an integer from 1 to {_MAX_N}, not {n!r}")
    return _MV[_PILE_ID[src]][_PILE_ID[dst]][n]


# --- a simple hint -----------------------------------------------------------------------------


def hint(state: CanfieldState) -> Move | None:
    """A reasonable next move, or None when no move makes progress.

    In order of preference: a card to a foundation (safe ones first, the reserve's first); the
    reserve's top card to the tableau; a tableau move that empties a pile while the reserve can fill
    it; a tableau move that uncovers a card that can go to a foundation or that gives the reserve's
    or waste's top card a place it does not have yet; the waste's top card to the tableau; a draw or
    redeal. Tableau moves that uncover nothing new are never suggested, so the hint never sends a
    card back and forth, and cards never come back off a foundation.
    """
    moves = state.legal_moves()
    if not moves:
        return None
    to_foundation = state.safe_foundation_moves() or state._foundation_moves()
    if to_foundation:
        return to_foundation[0]

    reserve, waste = state.reserve, state.waste
    reserve_top = reserve[-1] if reserve else None
    waste_top = waste[-1] if waste else None

    def placed(card: str | None) -> bool:
        """Whether `card` already has a tableau destination."""
        if card is None:
            return True
        return any(t and t[-1] in _PLACE_ON[card] for t in state.tableau)

    from_reserve = next((m for m in moves if m.src == "reserve"), None)
    if from_reserve:
        return from_reserve

    reserve_placed = placed(reserve_top)
    waste_placed = placed(waste_top)
    need = state._needs()
    emptying = uncovering = None
    for m in moves:
        if not (m.src.startswith("tableau:") and m.dst.startswith("tableau:")):
            continue
        src = state.pile(m.src)
        if m.n == len(src):
            if reserve and emptying is None:
                emptying = m
            continue
        if not state.pile(m.dst):
            continue  # never park cards on an empty pile just to look underneath
        under = src[-m.n - 1]
        if uncovering is None and (
            under in need
            or (not reserve_placed and under in _PLACE_ON[reserve_top])  # type: ignore[index]
            or (not waste_placed and under in _PLACE_ON[waste_top])  # type: ignore[index]
        ):
            uncovering = m
    if emptying is not None:
        return emptying
    if uncovering is not None:
        return uncovering

    for m in moves:
        if m.src == "waste" and (state.pile(m.dst) or not reserve):
            return m
    for m in moves:
        if m.src == "stock" or m.dst == "stock":
            return m
    return None
