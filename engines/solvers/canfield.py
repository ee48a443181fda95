"""An exact Canfield solver: is this position winnable, and with which moves?

`solve(state)` answers "winnable" (with a move list the engine replays to a won state),
"unwinnable" (proved: every position reachable from `state` was searched) or "unknown" (the time
or node budget ran out first). It accepts any `CanfieldState`, mid-game positions included, under
every option.

Why it is fast enough in pure Python: it searches far fewer positions than the engine's game tree.

- **Canonical positions.** Two positions are the same search node when they differ only in things
  that cannot matter for the rest of the game:
  - the foundations are implied by where the other cards are (every card not in the reserve,
    tableau or talon is up), and which foundation slot holds which suit only names moves;
  - the tableau is a multiset of piles: no rule depends on a pile's index. With
    `empty_fill="reserve"` the reserve fills the leftmost empty pile first, but that only decides
    *which* index the card lands on, never what the piles hold, so the multiset is exact there too;
  - the talon (stock + waste) is one fixed sequence T, the order cards are turned in (waste bottom
    to top, then stock top to bottom), with a position p = len(waste). Draws and redeals only move
    p; cards only ever leave T. So T is implied by which cards are still in it, and of p only the
    part that decides what can still be reached is kept: a draw moves p to min(p + draw, len(T)), a
    redeal back to 0. With unlimited redeals the positions that are multiples of `draw`, and
    len(T), form one cycle (draw 1: every position), all reachable from each other for free; they
    are one node. Any other p (only after a card left the waste) reaches p, p + draw, … and then
    the cycle: it stays in the key. With limited redeals the key keeps p, and the redeals left are
    compared by dominance (more left is never worse).
- **Talon macro moves.** Draws and redeals are never search steps: a node offers "play T[q-1]" for
  every position q it can reach (in the current pass, or after one redeal if that is the first
  way to reach it), and the draws and redeals are filled in when the line is written out.
- **Safe foundation moves** are played automatically (dominance): a card whose two
  opposite-colour predecessors are already up can never be needed in the tableau again
  (the engine's `CanfieldState.safe_foundation_moves` rule; a base-rank card parked on the next
  rank can hold a last-rank card that has nowhere else to go, so that rank is not safe earlier). With `foundation_return` nothing is played
  automatically (a card taken up could be wanted back). Talon cards go up automatically only where
  removing them cannot change what else the talon reaches (draw 1).
- **A free talon's cards are taken out only when needed.** With draw 1 and unlimited redeals
  every talon card is at hand at any time, so one goes to the tableau only if the next move covers
  it (see `_Search._cover_moves`); this cuts the search's widest fan-out. Nor does one ever go
  into an empty pile: the card that would cover it can go there itself, and the talon card stays
  at hand.
- **Move ordering** (foundation, reserve, emptying a pile, tableau, talon, gaps, foundation
  returns), the **undo of the previous move** skipped, and a transposition table over canonical
  positions.

- **Proofs from an easier game.** Beside the real search runs one of a relaxed game that gives the
  player more (`_RelaxedSearch`): talon cards go back to the talon once uncovered, and covered
  ones trade with their twins. It has far fewer positions, so it exhausts dead deals the real
  search cannot, and when even it cannot be won, neither can the real game.

- **Another search for the wins the depth-first search gets lost on**, where it took a wrong
  turn early and must search all below it first. Where the talon is free (the Seed preset) a beam
  (`_BeamSearch`): level by level, only the positions an estimate of the work left likes best; it
  proves nothing. Where it is not (Classic) short depth-first runs in perturbed move orders
  (`_Restarts`), where the beam did not help. Either often wins in a second what the
  depth-first search does not in ten.

The depth-first searches are iterative, with an explicit stack (no recursion), so they run in a
worker process with any depth; the three searches `solve` runs take turns in slices of positions,
and the clock is checked between slices.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from engines import canfield as cf
from engines.cards import FULL_DECK, SUITS
from engines.core import Move

RESULTS = ("winnable", "unwinnable", "unknown")

# Internal move kinds. A move is a tuple; `dst` is -1 for "its foundation", else a tableau index.
_TALON = 0  # (_TALON, card, dst, q, passes): play T[q-1], reached after `passes` redeals
_RESERVE = 1  # (_RESERVE, dst)
_PILE = 2  # (_PILE, i, n, dst): the top n cards of tableau i
_BACK = 3  # (_BACK, suit, dst): the top card of that suit's foundation back down
_TRADE = 4  # (_TRADE, card, pile): relaxed game only, see `_RelaxedSearch`
_CHAIN = 5  # (_CHAIN, talon cards, move): those cards up (one suit), then `move` plays the next
_SLICE = 2048  # positions a search runs before the next one's turn (about 20 ms)

_RED = tuple(c[1] in "HD" for c in FULL_DECK)
_SUIT = tuple(SUITS.index(c[1]) for c in FULL_DECK)
_RANK0 = tuple(i % 13 for i in range(52))  # 0 = ace … 12 = king
_CARD = {c: i for i, c in enumerate(FULL_DECK)}
# The two cards each card may go on in the tableau (opposite colour, one rank up, K on A).
_HOSTS = tuple(
    tuple(s * 13 + (_RANK0[c] + 1) % 13 for s in range(4) if (SUITS[s] in "HD") != _RED[c])
    for c in range(52)
)
# The two cards that may go on each card (the inverse of _HOSTS).
_GUESTS = tuple(
    tuple(s * 13 + (_RANK0[c] - 1) % 13 for s in range(4) if (SUITS[s] in "HD") != _RED[c])
    for c in range(52)
)
# Each card's twin: the other card of its rank and colour.
_TWIN = tuple(
    next(o for o in range(c % 13, 52, 13) if o != c and _RED[o] == _RED[c]) for c in range(52)
)
_OPPOSITE = tuple(
    tuple(o for o in range(4) if (SUITS[o] in "HD") != (SUITS[s] in "HD")) for s in range(4)
)


@dataclass(frozen=True)
class Solution:
    """What `solve` found: the verdict, a winning line (engine moves) when winnable, and the cost."""

    result: str  # "winnable" | "unwinnable" | "unknown"
    moves: list[Move]
    nodes: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """The contract's `solve --json` shape."""
        return {
            "result": self.result,
            "moves": [m.to_dict() for m in self.moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }


class _Search:
    """One search from one root position. Internal states are plain tuples:

    (fc, r, tab, T, p, k, tmask, ob): fc = cards up per suit (SUITS order); r = reserve cards left
    (the root's reserve, bottom r of it); tab = 4 tuples of card ints (real pile order, so moves keep
    their real indices); T = the talon in turning order; p = cards of T on the waste; k = redeals
    left (ignored when unlimited); tmask = bit set of the cards in T; ob = the pile whose top must
    be covered next, or -1 (see `_cover_moves`).
    """

    # Talon cards go up only just before the next card of their suit (`_chains`): exact, and it
    # shrinks what an exhaustive search must cover, but it also holds back the foundations that
    # make cards safe to play automatically, which slows the search for a win; so only the
    # relaxed search, which is there to exhaust, plays that way.
    lazy_ups = False

    def __init__(self, state: cf.CanfieldState) -> None:
        rules = state.rules
        self.draw = rules.draw
        self.unlimited = rules.redeals is None
        self.mode = rules.tableau_move
        self.fill_any = rules.empty_fill == "any"
        self.fill_reserve = not self.fill_any
        self.auto = not rules.foundation_return
        self.back = rules.foundation_return
        # Draw 1 with unlimited redeals: every talon card can be had at any time, for free.
        self.free_talon = self.draw == 1 and self.unlimited
        base0 = rules.base_rank - 1
        # pos[c]: where c goes on its foundation (0 = base rank); card_at[s][n]: the n-th card up.
        self.pos = tuple((_RANK0[c] - base0) % 13 for c in range(52))
        self.card_at = tuple(tuple(s * 13 + (base0 + n) % 13 for n in range(13)) for s in range(4))
        self.reserve = tuple(_CARD[c] for c in state.reserve)
        fc = [0, 0, 0, 0]
        for f in state.foundations:
            if f:
                fc[SUITS.index(f[0][1])] = len(f)
        talon = tuple(_CARD[c] for c in state.waste) + tuple(
            _CARD[c] for c in reversed(state.stock)
        )
        mask = 0
        for c in talon:
            mask |= 1 << c
        k = 0 if self.unlimited else rules.redeals - state.redeals_used
        tab = tuple(tuple(_CARD[c] for c in p) for p in state.tableau)
        self.root = (tuple(fc), len(self.reserve), tab, talon, len(state.waste), k, mask, -1)
        self.nodes = 0

    # -- the talon ------------------------------------------------------------------------------

    def _passes(self, q: int, p: int, length: int, k: int) -> int:
        """Redeals needed to bring T[q-1] to the waste top from position p: 0, 1, or -1 (never)."""
        d = self.draw
        if q == length or (q >= p and (q - p) % d == 0):
            return 0
        if q % d == 0 and (self.unlimited or k > 0):
            return 1
        return -1

    def _key(self, st: tuple) -> tuple:
        _fc, r, tab, talon, p, _k, mask, ob = st
        length = len(talon)
        if self.unlimited and (p % self.draw == 0 or p == length):
            p = -1  # on the cycle: every cycle position is the same node
        if ob >= 0:  # the pile under obligation, by its content (the tableau is a multiset)
            ob = tab[ob]
        return (r, mask, p, tuple(sorted(tab)), ob)

    # -- moves ----------------------------------------------------------------------------------

    def _moves(self, st: tuple, undo: tuple[int, int] | None) -> list[tuple]:
        """Every move worth trying from `st`, best first (see the module docstring)."""
        if st[7] >= 0:
            return self._cover_moves(st)
        fc, r, tab, talon, p, k, _mask, _ob = st
        pos = self.pos
        hosts = _HOSTS
        tops: dict[int, int] = {}
        empties = []
        for j in range(4):
            pile = tab[j]
            if pile:
                tops[pile[-1]] = j
            else:
                empties.append(j)
        gap = empties[0] if empties and (self.fill_any or not r) else -1
        up: list[tuple] = []
        res: list[tuple] = []
        emptying: list[tuple] = []
        tabm: list[tuple] = []
        tal: list[tuple] = []
        gaps: list[tuple] = []
        backs: list[tuple] = []

        if r:
            c = self.reserve[r - 1]
            if fc[_SUIT[c]] == pos[c]:
                up.append((_RESERVE, -1))
            for h in hosts[c]:
                j = tops.get(h)
                if j is not None:
                    res.append((_RESERVE, j))
            if gap >= 0:
                res.append((_RESERVE, gap))

        mode = self.mode
        for i in range(4):
            pile = tab[i]
            size = len(pile)
            if not size:
                continue
            units = [1]
            if size > 1 and mode != "top":
                start = size - 1
                while start > 0 and pile[start - 1] in hosts[pile[start]]:
                    start -= 1
                if mode == "pile":
                    if start == 0:
                        units.append(size)
                else:
                    units.extend(range(2, size - start + 1))
            for n in units:
                b = pile[-n]
                whole = n == size
                if n == 1 and fc[_SUIT[b]] == pos[b]:
                    up.append((_PILE, i, 1, -1))
                for h in hosts[b]:
                    j = tops.get(h)
                    if j is None or j == i:
                        continue
                    if undo is not None and undo[0] == b and undo[1] == h:
                        continue
                    (emptying if whole else tabm).append((_PILE, i, n, j))
                if gap >= 0 and not whole:
                    gaps.append((_PILE, i, n, gap))

        length = len(talon)
        if length:
            where = {c: q for q, c in enumerate(talon, 1)}
            passes = self._passes
            if self.free_talon and self.lazy_ups:
                up.extend(self._chains(st, tops))
            else:
                for s in range(4):
                    if fc[s] < 13:
                        c = self.card_at[s][fc[s]]
                        q = where.get(c)
                        if q is not None:
                            n = passes(q, p, length, k)
                            if n >= 0:
                                up.append((_TALON, c, -1, q, n))
            for t, j in tops.items():
                for c in _GUESTS[t]:
                    q = where.get(c)
                    if q is not None:
                        n = passes(q, p, length, k)
                        if n >= 0:
                            tal.append((_TALON, c, j, q, n))
            if gap >= 0 and not self.free_talon:
                for q, c in enumerate(talon, 1):
                    n = passes(q, p, length, k)
                    if n >= 0:
                        gaps.append((_TALON, c, gap, q, n))

        if self.back:
            for s in range(4):
                if fc[s]:
                    c = self.card_at[s][fc[s] - 1]
                    for h in hosts[c]:
                        j = tops.get(h)
                        if j is not None:
                            backs.append((_BACK, s, j))
                    if gap >= 0:
                        backs.append((_BACK, s, gap))
        return up + res + emptying + tabm + tal + gaps + backs

    def _chains(self, st: tuple, tops: dict[int, int]) -> list[tuple]:
        """With a free talon: for each suit, its next talon cards up, then the card after them.

        Why only so: a talon card at hand can go up at any time, and nothing but the next card of
        its suit gains from it being up, so it waits until the moment that card (from the
        reserve or a pile) follows it; a line that never plays such a card after it gains
        nothing from playing it. (The game is won once only talon cards are left, see `_won`.)
        """
        fc, r, _tab, _talon, _p, _k, mask, _ob = st
        out = []
        for s in range(4):
            n = fc[s]
            while n < 13 and mask >> self.card_at[s][n] & 1:
                n += 1
            if n == 13:
                continue
            x = self.card_at[s][n]
            if n == fc[s]:  # the next card itself: from the reserve or a pile, `up` has it
                last = self._buried_up(st, x)
                if last:
                    out.append(last)
                continue
            if r and self.reserve[r - 1] == x:
                last: tuple = (_RESERVE, -1)
            elif x in tops:
                last = (_PILE, tops[x], 1, -1)
            else:
                last = self._buried_up(st, x)
                if not last:
                    continue
            out.append((_CHAIN, self.card_at[s][fc[s] : n], last))
        return out

    def _buried_up(self, st: tuple, card: int) -> tuple:
        """A way up for a card that is neither at hand nor on top: none in the real game."""
        return ()

    def _won(self, st: tuple) -> bool:
        """All cards up, or (free talon) only talon cards left: they all go up, greedily (the line
        ends there, and `_engine_line` finishes it with the engine's own `auto_finish_moves`)."""
        return sum(st[0]) == 52 or (self.free_talon and not st[1] and not any(st[2]))

    def _cover_moves(self, st: tuple) -> list[tuple]:
        """The moves that put a card on pile `ob`, whose top just came from a free talon.

        Why: when every talon card is at hand at any time (draw 1, unlimited redeals), taking one
        out to the tableau can wait until the moment a card is put on it: nothing in between can
        use it, and the card it covers stays usable meanwhile. So a talon card goes to the tableau
        only if the very next move covers it, with another talon card (which then must be covered
        in turn) or with a card from elsewhere (the reserve's top, a tableau unit, a foundation
        card); a line that never covers it is never needed.
        """
        fc, r, tab, talon, _p, _k, mask, j = st
        top = tab[j][-1]
        out: list[tuple] = []
        later: list[tuple] = []
        for g in _GUESTS[top]:
            if r and self.reserve[r - 1] == g:
                out.append((_RESERVE, j))
            for i in range(4):
                pile = tab[i]
                if i == j or g not in pile:
                    continue
                n = len(pile) - pile.index(g)
                if n == 1 or (
                    self.mode != "top"
                    and (self.mode == "any" or n == len(pile))
                    and all(
                        pile[x] in _HOSTS[pile[x + 1]] for x in range(len(pile) - n, len(pile) - 1)
                    )
                ):
                    out.append((_PILE, i, n, j))
            if self.back and fc[_SUIT[g]] and self.card_at[_SUIT[g]][fc[_SUIT[g]] - 1] == g:
                out.append((_BACK, _SUIT[g], j))
            if mask >> g & 1:
                later.append((_TALON, g, j, talon.index(g) + 1, 0))
        return out + later

    def _apply(self, st: tuple, mv: tuple) -> tuple:
        """The state after an internal move (known to be legal), with the reserve's fills."""
        fc, r, tab, talon, p, k, mask, _ob = st
        ob = -1
        kind = mv[0]
        if kind == _CHAIN:
            cards, last = mv[1], mv[2]
            fl = list(fc)
            fl[_SUIT[cards[0]]] += len(cards)
            for c in cards:
                mask ^= 1 << c
            talon = tuple(c for c in talon if c not in cards)
            return self._apply((tuple(fl), r, tab, talon, p, k, mask, ob), last)
        tl = list(tab)
        if kind == _TALON:
            c, dst, q, passes = mv[1], mv[2], mv[3], mv[4]
            if dst >= 0 and self.free_talon:
                ob = dst
            talon = talon[: q - 1] + talon[q:]
            p = q - 1
            if not self.unlimited:  # unlimited redeals are free: k stays 0, or keys repeat
                k -= passes
            mask ^= 1 << c
            cards: tuple[int, ...] = (c,)
        elif kind == _RESERVE:
            dst = mv[1]
            c = self.reserve[r - 1]
            r -= 1
            cards = (c,)
        elif kind == _PILE:
            i, n, dst = mv[1], mv[2], mv[3]
            pile = tl[i]
            cards = pile[-n:]
            tl[i] = pile[:-n]
            c = cards[0]
        else:
            s, dst = mv[1], mv[2]
            c = self.card_at[s][fc[s] - 1]
            fl = list(fc)
            fl[s] -= 1
            fc = tuple(fl)
            cards = (c,)
        if dst < 0:
            fl = list(fc)
            fl[_SUIT[c]] += 1
            fc = tuple(fl)
        else:
            tl[dst] = tl[dst] + cards
        if r and self.fill_reserve:
            for j in range(4):
                if not tl[j] and r:
                    tl[j] = (self.reserve[r - 1],)
                    r -= 1
        return (fc, r, tuple(tl), talon, p, k, mask, ob)

    def _child(self, st: tuple, mv: tuple) -> tuple[tuple, list[tuple]]:
        """The position after `mv` and the safe foundation moves it allows (none while a pile
        waits to be covered), with the moves that led there."""
        child = self._apply(st, mv)
        if child[7] >= 0:
            return child, [mv]
        child, made = self._autoplay(child)
        return child, [mv, *made]

    def _autoplay(self, st: tuple) -> tuple[tuple, list[tuple]]:
        """Play every safe foundation move (repeatedly); the new state and the moves made.

        The next card of suit s is safe once it is past the base rank and both opposite-colour
        suits have as many cards up (see the module docstring)."""
        if not self.auto:
            return st, []
        made: list[tuple] = []
        card_at, reserve = self.card_at, self.reserve
        talon_any = self.free_talon
        talon_top = self.draw == 1
        while True:
            fc = st[0]
            mv: tuple | None = None
            for s in range(4):
                n = fc[s]
                if n == 0 or n == 13:
                    continue
                o1, o2 = _OPPOSITE[s]
                if fc[o1] < n or fc[o2] < n:
                    continue
                c = card_at[s][n]
                r, tab = st[1], st[2]
                if r and reserve[r - 1] == c:
                    mv = (_RESERVE, -1)
                    break
                for i in range(4):
                    if tab[i] and tab[i][-1] == c:
                        mv = (_PILE, i, 1, -1)
                        break
                else:
                    if talon_top and st[6] >> c & 1:
                        q = st[3].index(c) + 1
                        if talon_any or q == st[4]:
                            mv = (_TALON, c, -1, q, 0)
                if mv is not None:
                    break
            if mv is None:
                return st, made
            st = self._apply(st, mv)
            made.append(mv)

    # -- the search -----------------------------------------------------------------------------

    def begin(self) -> None:
        """Set up the search at the root; `result` is set at once if the root is already won."""
        root, made = self._autoplay(self.root)
        self.result: str | None = None
        self.line: list[tuple] = []
        if self._won(root):
            self.result, self.line = "winnable", made
            return
        # Canonical position -> redeals left when it was searched (more left is never worse).
        self.visited: dict[tuple, int] = {self._key(root): root[5]}
        # A frame: [state, its moves, index of the next one to try, the moves that led here].
        self.stack: list[list[Any]] = [[root, self._moves(root, None), 0, made]]

    def advance(self, budget: int) -> str | None:
        """Search about `budget` more positions; the verdict once there is one, else None.

        Why in slices: `solve` runs three searches side by side (see `solve`), and a slice
        ends between two positions, so each search picks up exactly where it stopped.
        """
        if self.result is not None:
            return self.result
        stack, visited = self.stack, self.visited
        nodes = 0
        while stack:
            frame = stack[-1]
            moves = frame[1]
            i = frame[2]
            if i == len(moves):
                stack.pop()
                continue
            if nodes >= budget:
                self.nodes += nodes
                return None
            frame[2] = i + 1
            mv = moves[i]
            parent = frame[0]
            child, led = self._child(parent, mv)
            nodes += 1
            if self._won(child):
                self.nodes += nodes
                self.result = "winnable"
                self.line = [m for f in stack for m in f[3]] + led
                return self.result
            if not _first_visit(visited, self._key(child), child[5]):
                continue
            undo = None
            if mv[0] == _PILE and mv[3] >= 0:
                src = parent[2][mv[1]]
                if len(src) > mv[2]:
                    undo = (src[-mv[2]], src[-mv[2] - 1])  # (moved card, the card it sat on)
            stack.append([child, self._moves(child, undo), 0, led])
        self.nodes += nodes
        self.result = "unwinnable"
        return self.result


class _RelaxedSearch(_Search):
    """A search of an easier game, run only for its proofs: if even it cannot be won, neither can
    the real one.

    The easier game gives the player everything the real one does, and more:
    - draw 1 with unlimited redeals (every talon card at hand at any time), and a free choice of
      what goes into an empty pile;
    - a card that came from the talon goes back to it as soon as it is a pile's top again (a card at
      hand is never worse than the same card lying on a pile: whatever the pile allows with it,
      the talon allows too, by putting it back where it was first);
    - such a card, while covered, may trade places with its twin (same rank and colour) in the
      talon: the piles above and below accept either. Positions that differ only by that trade
      are one node (the lower-numbered twin stays in the pile), and a foundation that needs the
      covered twin takes it through the trade.

    So its "unwinnable" is a proof for the real game; its "winnable" proves nothing, and `solve`
    then stops it. What it buys: the bridges of talon cards that the real search lays in every
    order, with every twin, collapse into few positions, so dead deals are exhausted in time.
    """

    lazy_ups = True

    def __init__(self, state: cf.CanfieldState) -> None:
        easier = replace(state.rules, draw=1, redeals=None, empty_fill="any")
        super().__init__(replace(state, rules=easier, redeals_used=0))
        self.origin = self.root[6]  # the cards that started in the talon

    def _buried_up(self, st: tuple, card: int) -> tuple:
        """A covered talon card goes up through a trade with its twin at hand."""
        mask = st[6]
        if not (self.origin >> card & 1 and not mask >> card & 1 and mask >> _TWIN[card] & 1):
            return ()
        return (_TRADE, card, next(j for j in range(4) if card in st[2][j]))

    def _apply(self, st: tuple, mv: tuple) -> tuple:
        if mv[0] != _TRADE:
            return self._settle(super()._apply(st, mv))
        fc, r, tab, talon, p, k, mask, ob = st
        c, j = mv[1], mv[2]
        t = _TWIN[c]
        tl = list(tab)
        tl[j] = tuple(t if x == c else x for x in tab[j])
        fl = list(fc)
        fl[_SUIT[c]] += 1
        talon = tuple(x for x in talon if x != t)
        return self._settle((tuple(fl), r, tuple(tl), talon, p, k, mask ^ 1 << t, ob))

    def _settle(self, st: tuple) -> tuple:
        """Talon cards back from pile tops, and covered talon cards traded for the lower twin."""
        fc, r, tab, talon, p, k, mask, ob = st
        origin = self.origin
        piles = list(tab)
        pool = list(talon)
        for j in range(4):
            pile = piles[j]
            n = len(pile)
            if j != ob:  # a talon card just put on a pile waits there to be covered
                while n and origin >> pile[n - 1] & 1:
                    n -= 1
            for c in pile[n:]:
                mask |= 1 << c
                pool.append(c)
            piles[j] = pile[:n]
        for j in range(4):
            pile = piles[j]
            for i in range(len(pile) - 1):
                c = pile[i]
                t = _TWIN[c]
                if t < c and origin >> c & 1 and mask >> t & 1:
                    pile = (*pile[:i], t, *pile[i + 1 :])
                    mask ^= 1 << c | 1 << t
                    pool[pool.index(t)] = c
            piles[j] = pile
        return (fc, r, tuple(piles), tuple(pool), p, k, mask, ob)


class _BeamSearch:
    """A search for a win only, beside the exhaustive one: level by level, keeping the `width`
    positions an estimate of the work left likes best (see `_estimate`); it proves nothing.

    Why: the depth-first search answers most deals in milliseconds, but where it takes a wrong
    turn early (where a talon bridge or a reserve card goes) it must exhaust that whole subtree
    before it looks anywhere else, and a deal it does not win in a second it seldom wins in ten.
    A beam compares the alternatives at the same depth instead, and wins in about a second many
    of the deals the depth-first search leaves undecided after ten (measured on Seed and Classic
    deals 1-100; on Classic the restarts, `_Restarts`, did better, so `solve` runs it only where
    the talon is free). It plays the real game's moves (`_Search`'s), so its lines are real lines.

    A beam that dies out (every kept position led only to positions seen before) starts again,
    wider, or with the other estimate: SCHEDULE, then nothing more.
    """

    # (width, weight of a covered next-needed card): 1,000 wide, then four times wider; at each
    # width the plain estimate first (it won more Seed deals), then the one that also counts how
    # deep under a pile's top the next cards of the foundations lie (more Classic deals).
    SCHEDULE = ((1000, 0.0), (1000, 1.0), (4000, 0.0), (4000, 1.0))

    def __init__(self, search: _Search) -> None:
        self.search = search
        self.nodes = 0
        self.result: str | None = None
        self.line: list[tuple] = []
        self.round = -1
        self._restart()

    def _restart(self) -> None:
        """The next round of SCHEDULE from the root; `result` "exhausted" after the last."""
        self.round += 1
        if self.round == len(self.SCHEDULE):
            self.result = "exhausted"
            return
        self.width, self.buried = self.SCHEDULE[self.round]
        s = self.search
        root, made = s._autoplay(s.root)
        # An entry: (state, the entry it came from, the moves that led there from it).
        self.level: list[tuple] = [(root, None, made)]
        self.index = 0
        self.candidates: list[tuple[float, tuple]] = []
        self.seen = {s._key(root): root[5]}  # as `_Search.visited`: key -> redeals left

    def _estimate(self, st: tuple) -> float:
        """Lower is closer to a win: reserve cards weigh most (they are what blocks a deal), then
        cards not yet up, then a little for every tableau card (each one is a commitment)."""
        fc, r, tab = st[0], st[1], st[2]
        value = 4 * r + 52 - sum(fc) + 0.3 * sum(len(pile) for pile in tab)
        if self.buried:
            card_at = self.search.card_at
            for suit in range(4):
                if fc[suit] < 13:
                    c = card_at[suit][fc[suit]]
                    for pile in tab:
                        if c in pile:
                            value += self.buried * (len(pile) - 1 - pile.index(c))
                            break
        return value

    def advance(self, budget: int) -> str | None:
        """Expand about `budget` positions; "winnable" (with `line`) once won, "exhausted" after
        the last round, else None."""
        if self.result is not None:
            return self.result
        s = self.search
        nodes = 0
        while nodes < budget and self.result is None:
            if self.index == len(self.level):
                self.candidates.sort(key=lambda c: c[0])  # stable: ties keep their order
                self.level = [c[1] for c in self.candidates[: self.width]]
                self.index, self.candidates = 0, []
                if not self.level:
                    self._restart()
                continue
            entry = self.level[self.index]
            self.index += 1
            for mv in s._moves(entry[0], None):
                child, led = s._child(entry[0], mv)
                nodes += 1
                step = (child, entry, led)
                if s._won(child):
                    self.result, self.line = "winnable", _beam_line(step)
                    break
                if _first_visit(self.seen, s._key(child), child[5]):
                    self.candidates.append((self._estimate(child), step))
        self.nodes += nodes
        return self.result


class _ShuffledSearch(_Search):
    """The real search with its move order perturbed by `rng` (see `_Restarts`)."""

    def __init__(self, state: cf.CanfieldState, rng: random.Random) -> None:
        super().__init__(state)
        self.rng = rng

    def _moves(self, st: tuple, undo: tuple[int, int] | None) -> list[tuple]:
        """`_Search`'s moves after one pass that swaps each neighbouring pair with chance SWAP:
        a move mostly moves a place or two, though a run of swaps can carry one further back."""
        moves = super()._moves(st, undo)
        if st[7] < 0:
            chance = self.rng.random
            for i in range(len(moves) - 1):
                if chance() < _Restarts.SWAP:
                    moves[i], moves[i + 1] = moves[i + 1], moves[i]
        return moves


class _Restarts:
    """Depth-first searches of the real game from the root, each with a differently perturbed
    move order, each stopped after RESTART positions for the next (seeded 1, 2, ...).

    Why: a depth-first search's time to a win is heavy-tailed: where an early wrong turn hides a
    win, it searches that whole subtree first, and on Classic deals the beam does not win either.
    Short runs in other orders try other early turns; measured on the 13 Classic deals among 1-100
    that neither the real search nor the beam decided in 10 s, runs of about a second each (slices
    of 0.5 s, 1 s and 2 s tried; swaps with chance 0.3, 0.6, 0.8) won 6 within 10 s. A run that
    exhausts its positions has searched the whole real game, so its "unwinnable" is a proof.
    """

    RESTART = 50_000  # positions a run searches before the next starts (about a second)
    SWAP = 0.6

    def __init__(self, state: cf.CanfieldState) -> None:
        self.state = state
        self.nodes = 0
        self.runs = 0
        self.result: str | None = None
        self.line: list[tuple] = []
        self._next_run()

    def _next_run(self) -> None:
        self.runs += 1
        self.search = _ShuffledSearch(self.state, random.Random(self.runs))
        self.search.begin()
        self.done = 0  # the current run's positions

    def advance(self, budget: int) -> str | None:
        """Search about `budget` more positions; "winnable" (with `line`) or "unwinnable" once a
        run decides, else None."""
        while self.result is None and budget > 0:
            if self.done >= self.RESTART:
                self._next_run()
            run = self.search
            before = run.nodes
            verdict = run.advance(min(budget, self.RESTART - self.done))
            spent = run.nodes - before
            self.nodes += spent
            self.done += spent
            budget -= spent
            if verdict is not None:
                self.result, self.line = verdict, run.line
        return self.result


def _first_visit(visited: dict[tuple, int], key: tuple, redeals: int) -> bool:
    """Whether a position is worth searching: never seen, or seen with fewer redeals left (more
    left is never worse); it is recorded as seen with `redeals`."""
    seen = visited.get(key)
    if seen is not None and seen >= redeals:
        return False
    visited[key] = redeals
    return True


def _beam_line(entry: tuple) -> list[tuple]:
    """The moves from the root to a beam entry, following the entries it came from."""
    parts = []
    while entry is not None:
        parts.append(entry[2])
        entry = entry[1]
    return [mv for part in reversed(parts) for mv in part]


def _engine_line(state: cf.CanfieldState, line: list[tuple]) -> list[Move]:
    """The internal line as engine moves (draws and redeals filled in), checked by replaying it."""
    out: list[Move] = []
    for mv in line:  # real-search moves only: chains and trades exist in the relaxed game alone
        kind = mv[0]
        if kind == _TALON:
            code = FULL_DECK[mv[1]]
            for _ in range(200):
                if state.waste and state.waste[-1] == code:
                    break
                if state.stock:
                    turn = Move("stock", "waste", min(state.rules.draw, len(state.stock)))
                else:
                    turn = Move("waste", "stock", len(state.waste))
                out.append(turn)
                state = state.apply(turn)
            src, n, dst = "waste", 1, mv[2]
        elif kind == _RESERVE:
            src, n, dst, code = "reserve", 1, mv[1], state.reserve[-1]
        elif kind == _PILE:
            src, n, dst = f"tableau:{mv[1]}", mv[2], mv[3]
            code = state.tableau[mv[1]][-n]
        else:
            suit = SUITS[mv[1]]
            idx = next(i for i, f in enumerate(state.foundations) if f and f[0][1] == suit)
            src, n, dst, code = f"foundation:{idx}", 1, mv[2], state.foundations[idx][-1]
        target = f"foundation:{state._needs()[code]}" if dst < 0 else f"tableau:{dst}"
        move = Move(src, target, n)
        state = state.apply(move)
        out.append(move)
    finish = state.auto_finish_moves()  # [] when won; the talon's last cards otherwise
    if finish is None:
        raise AssertionError("the solver's line does not win")  # a solver bug, never the input's
    for move in finish:
        state = state.apply(move)
        out.append(move)
    if not state.is_won():
        raise AssertionError("the solver's line does not win")
    return out


def solve(
    state: cf.CanfieldState, time_limit: float | None = 10.0, node_limit: int | None = None
) -> Solution:
    """Decide `state`: winnable (with the moves), unwinnable (proved), or unknown (out of budget).

    `time_limit` in seconds (None: no limit), `node_limit` in searched positions (None: no limit;
    the beam may go a few positions past it, as it stops between two positions it expands).
    Three searches take turns in slices of positions until one decides: the real one by a win or
    by running out of positions, the relaxed one (`_RelaxedSearch`) only by running out (a relaxed
    win is no proof, and ends its turns), and a finder of wins: the beam (`_BeamSearch`) by a win
    where the talon is free, else the restarts (`_Restarts`) by a win or, rarely, a run that
    searched everything.
    """
    start = time.perf_counter()
    if state.rules.empty_fill == "reserve" and state.reserve and not all(state.tableau):
        return _solve_each_first_move(state, time_limit, node_limit)
    deadline = None if time_limit is None else start + time_limit
    real = _Search(state)
    real.begin()
    relaxed = _RelaxedSearch(state)
    relaxed.begin()
    # Beside them, a search that only looks for the wins the real one gets lost on, with its share
    # of a slice: where the talon is free (the Seed preset) the beam, with half a share (with a
    # full one, proofs the exhaustive searches finished at 7 s no longer fitted in 10: Seed deals
    # 74 and 86); where it is not (Classic) the restarts, with a full share. Classic deals
    # 101-300, 10 s each, both ways side by side: 166 decided (142 winnable, 24 unwinnable) with
    # the restarts, 154 (130, 24) with the beam; on Seed the restarts won nothing the beam did not.
    finder: _BeamSearch | _Restarts
    finder, part = (
        (_BeamSearch(real), _SLICE // 2) if real.free_talon else (_Restarts(state), _SLICE)
    )
    searches = (real, relaxed, finder)
    result = real.result

    def left() -> int:
        return _SLICE if node_limit is None else node_limit - sum(x.nodes for x in searches)

    while result is None:
        if left() <= 0 or (deadline is not None and time.perf_counter() > deadline):
            result = "unknown"
            break
        step = min(_SLICE, left())
        result = real.advance(step)
        # Where the real talon is not free, the relaxed game (whose talon is) is far easier and
        # its proofs rare: it gets a quarter of the real search's share there.
        share = min(step if real.free_talon else max(1, step // 4), left())
        if result is None and relaxed.result is None and share > 0:
            result = "unwinnable" if relaxed.advance(share) == "unwinnable" else None
        share = min(max(1, step * part // _SLICE), left())
        if result is None and finder.result is None and share > 0:
            verdict = finder.advance(share)  # the beam's "exhausted" decides nothing
            result = verdict if verdict in ("winnable", "unwinnable") else None
    line = real.line if real.result == "winnable" else finder.line
    moves = _engine_line(state, line) if result == "winnable" else []
    nodes = sum(x.nodes for x in searches)
    return Solution(result, moves, nodes, time.perf_counter() - start)


def _solve_each_first_move(
    state: cf.CanfieldState, time_limit: float | None, node_limit: int | None
) -> Solution:
    """A position (built by hand, or loaded) whose empty piles wait for the reserve: the engine
    fills them with whatever move comes next, which the searches cannot model, so each next move
    is solved in turn, from the filled position it leads to."""
    start = time.perf_counter()
    nodes, verdict = 0, "unwinnable"
    for move in state.legal_moves():
        left = None if time_limit is None else time_limit - (time.perf_counter() - start)
        if (left is not None and left <= 0) or (node_limit is not None and nodes >= node_limit):
            verdict = "unknown"
            break
        part = solve(state.apply(move), left, None if node_limit is None else node_limit - nodes)
        nodes += part.nodes
        if part.result == "winnable":
            return Solution("winnable", [move, *part.moves], nodes, time.perf_counter() - start)
        if part.result == "unknown":
            verdict = "unknown"
    return Solution(verdict, [], nodes, time.perf_counter() - start)


# --- plain-data entry points (for the app's worker process and the survey) ----------------------


def solve_position(state_dict: dict[str, Any], time_limit: float) -> dict[str, Any]:
    """Solve a `CanfieldState.to_dict()` position; the contract's solve JSON shape.

    Takes and returns plain data so it can be sent to a worker process.
    """
    return solve(cf.from_dict(state_dict), time_limit).to_dict()


def solve_deal(options: dict[str, Any], seed: int, time_limit: float) -> dict[str, Any]:
    """Solve deal `seed` under `options` from its start; solve JSON plus "seed" (for the survey)."""
    out = solve(cf.new_game(seed, options=options), time_limit).to_dict()
    out["seed"] = seed
    return out


def find_winnable_deal(
    preset_options: dict[str, Any], first_seed: int, time_limit_each: float, total_time: float
) -> dict[str, Any]:
    """The first deal from `first_seed` on that the solver proves winnable ("winnable deals only").

    Each deal gets at most `time_limit_each` seconds and all of them together `total_time`;
    {"seed": n, "tried": k}, or {"seed": None, "tried": k} when the time ran out first.
    """
    deadline = time.perf_counter() + total_time
    seed = first_seed
    tried = 0
    while seed < 2**64:
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        tried += 1
        state = cf.new_game(seed, options=preset_options)
        if solve(state, min(time_limit_each, left)).result == "winnable":
            return {"seed": seed, "tried": tried}
        seed += 1
    return {"seed": None, "tried": tried}
