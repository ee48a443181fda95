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
    the cycle: it is told apart, and covers the same position with p + draw, p + 2 draw, … or
    on the cycle (`_Search._seen`). With limited redeals the key keeps p, and the redeals left
    are compared by dominance (more left is never worse);
  - with a free talon (below), a card laid from the talon whose twin (same rank and colour) is
    still at hand could as well have been the twin: the two positions are one node, the one with
    the lower-numbered twin in the pile (`_Search._twins`); and once both twins are laid, which
    of the two lies where is not in the key either (`_Search._key`). The moves that tell them
    apart are offered both ways: a foundation takes the laid card through a trade in a chain
    (`_TRADE`), the card at hand from the pile's top (`_RETURN`), or a laid card from the top
    where its laid twin lies (`_EXCHANGE`). `_Search.real_line` writes a line out as the cards
    really laid. On Seed deals the first decides more than a third of the deals the search
    without it left undecided in 10 s.
- **A position seen better is not searched again.** With a free talon, a talon card lying on a
  pile's top, or at the bottom of a pile beneath cards from elsewhere, is never better there
  than at hand (see `_Search._lifted_seen`), so a position the search has already seen with
  such cards back at hand covers it, and so does one seen with those back at hand and more
  cards at hand, fewer up. Where the talon is not free but redeals are unlimited
  (Classic), a position seen with the waste's top at a place that reaches every place this one
  reaches covers it too (see `_Search._seen`).
- **Talon macro moves.** Draws and redeals are never search steps: a node offers "play T[q-1]" for
  every position q it can reach (in the current pass, or after one redeal if that is the first
  way to reach it), and the draws and redeals are filled in when the line is written out.
- **Safe foundation moves** are played automatically (dominance): a card whose two
  opposite-colour predecessors are already up can never be needed in the tableau again
  (the engine's `CanfieldState.safe_foundation_moves` rule; a base-rank card parked on the next
  rank can hold a last-rank card that has nowhere else to go, so that rank is not safe
  earlier). With `foundation_return` nothing is played automatically (a card taken up could be
  wanted back). Talon cards go up automatically only where removing them cannot change what
  else the talon reaches (draw 1).
- **A free talon's cards are taken out only when needed.** With draw 1 and unlimited redeals
  every talon card is at hand at any time, so one goes to the tableau only as part of a bridge:
  one or more talon cards laid on a pile and covered at once by a card from elsewhere, all in one
  search step (see `_Search._bridges`), shortest bridges first, and of two twins at hand only
  the lower-numbered is laid (the other is the same position, see below). Half-laid bridges are
  never positions of the search, which cuts its widest fan-out (on Seed deals 1-100, 10 s each,
  90 of them decided against 88 when each talon card was a step of its own that the next step
  had to cover, and proofs such as deals 74 and 86 take a third of the time). Nor does a talon
  card ever go into an empty pile: the card that would cover it can go there itself, and the
  talon card stays at hand. And one goes up to its foundation only just before the next card of
  its suit follows it (`_Search._chains`), which is all that gains from it being up (with
  foundation returns too: a talon card taken up and back down could as well have stayed at
  hand). Fewer positions differ only in what is up and what at hand: on the 152 Seed deals
  among 1-1000 that took the solver over half a second, 10 s each, this decided 122 against 112
  (with `_RelaxedSearch` beside it in both), though it finds some wins later (the safe moves
  it plays automatically wait for the talon cards below them). A laid card whose twin is at
  hand waits the same way: it goes up by a trade, which is the same as the twin laid and the
  card going up from the hand (Seed deal 168 is proved in 53,000 positions instead of 123,000
  when such trades went up alone).
- **Move ordering** (foundation, reserve, emptying a pile, tableau, talon, gaps, foundation
  returns), the **undo of the previous move** skipped, and a transposition table over canonical
  positions.

- **Proofs from an easier game** (`_easier_search`). Where the talon is not free (Classic), beside
  the real search runs one of the same game dealt with draw 1 and unlimited redeals: every line of
  the real game is a line of that one (a draw of three is three draws of one), so when even it
  cannot be won, neither can the real game. Its talon is free, so its laid twins merge and it
  has far fewer positions: it exhausts dead deals the real search cannot (Classic deal 4,188 in
  1,700 positions, undecided by the real search in 60 s). Where laid twins do not merge because
  cards come back from the foundations, the easier game gives the player still more
  (`_RelaxedSearch`): talon cards go back to the talon once uncovered.

- **Another search for the wins the depth-first search gets lost on**, where it took a wrong
  turn early and must search all below it first: where the talon is not free (Classic), short
  depth-first runs in perturbed move orders (`_Restarts`). They often win in a second what the
  depth-first search does not in ten. (Where the talon is free, neither they nor a beam search
  decided any deal the two searches above did not.) The runs and the real search share one
  table of the positions proved dead (`_Search._close`), so none searches again what another
  has proved dead: the runs, which get most of the time, seldom search one dead end twice.

The searches are depth-first, but where talon cards are lifted, positions with fewer talon
cards laid in the piles are taken up first (`_Search._depth`), so that the forms that cover
others tend to be searched before them. They are iterative, with explicit stacks (no
recursion), so they run in a worker process with any depth; the searches `solve` runs take
turns in slices of positions, and the clock is checked between slices.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
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
_TRADE = 4  # (_TRADE, card, pile): a laid talon card up, its twin at hand takes its place
_CHAIN = 5  # (_CHAIN, talon cards, move): those up (one suit, laid ones by trades), then `move`
_BRIDGE = 6  # (_BRIDGE, talon cards, move): those cards onto a pile, then `move` covers them
_RETURN = 7  # (_RETURN, card, pile): a card at hand up, its twin on the pile's top back to hand
_EXCHANGE = 8  # (_EXCHANGE, card, pile): a laid card up from the pile's top, where its laid twin
# lies: the two trade places first (see `_Search._key`)
_SLICE = 2048  # positions a search runs before the next one's turn (about 20 ms)
_SEEN, _DEAD = 1, 2  # what `_Search._seen` finds covering a position (0: none)

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
# The same as bit sets, to rule most cards out with one test.
_HOST_BITS = tuple((1 << a) | (1 << b) for a, b in _HOSTS)
_GUEST_BITS = tuple((1 << a) | (1 << b) for a, b in _GUESTS)


# _SPANS[h][g]: for a card g that may lie on h with talon cards between, one more than their
# number (the ranks between, alternating colours); 0 where none or no chain of them fits.
def _span(h: int, g: int) -> int:
    """One entry of `_SPANS`."""
    d = (_RANK0[h] - _RANK0[g]) % 13
    return d if d >= 2 and (_RED[g] == _RED[h]) == (d % 2 == 0) else 0


_SPANS = tuple(tuple(_span(h, g) for g in range(52)) for h in range(52))
# Each card's twin: the other card of its rank and colour.
_TWIN = tuple(
    next(o for o in range(c % 13, 52, 13) if o != c and _RED[o] == _RED[c]) for c in range(52)
)
# Each card's twin as a bit.
_TWIN_BIT = tuple(1 << _TWIN[c] for c in range(52))
# Card sets as bit masks: the twin of every card in a set, and the higher-numbered card of each
# pair of twins (diamonds and clubs; SUITS is "SHDC").
_SPADES = (1 << 13) - 1
_HEARTS = _SPADES << 13
_HIGH = _SPADES << 26 | _SPADES << 39


def _twin_bits(cards: int) -> int:
    """The twins of the cards in the bit set `cards`."""
    return (
        (cards & _SPADES) << 39
        | (cards >> 39) & _SPADES
        | (cards & _HEARTS) << 13
        | (cards >> 13) & _HEARTS
    )


def _lowered(tab: tuple, laid: int, mask: int) -> tuple:
    """The piles as the key has them where twins merge: each card laid from the talon whose
    twin is at hand (in `mask`) or laid too is the lower-numbered of the two (`laid`: the talon
    cards in the piles)."""
    lower = laid & _HIGH & _twin_bits(laid | mask)
    if not lower:
        return tab
    twin = _TWIN
    return tuple(tuple([twin[c] if lower >> c & 1 else c for c in pile]) for pile in tab)


def _hand_high(mask: int, laid_twins: int) -> int:
    """The cards at hand as the key has them where twins merge: of a twin at hand and its laid
    twin, the one at hand is the higher-numbered (see `_lowered`; `laid_twins`: the twins of
    the talon cards in the piles)."""
    hand = mask & laid_twins
    if not hand:
        return mask
    pairs = hand | _twin_bits(hand)
    return mask & ~pairs | pairs & _HIGH


def _covering(known: tuple[int, ...], step: int, p: int) -> tuple[int, ...]:
    """A record of places (see `_Search._seen`) that also covers place p of its step: index 0
    is 0 (any record covers the cycle), index `step` at most p."""
    if not step:
        return (0, *known[1:])
    return (0, *known[1:step], min(p, known[step]), *known[step + 1 :])


def _covers_place(was: int, where: int, step: int, place: int) -> bool:
    """Whether a position at (step `was`, place `where`) covers one with the same key at (step,
    place) (see `_Search._seen`); step -1: redeals left, where more left is never worse."""
    if was == step == -1:
        return where >= place
    return step == 0 or (was == step and where <= place)


def _pile_of(tab: tuple, card: int) -> int:
    """The index of the pile that holds `card` (which lies in one)."""
    return next(j for j in range(4) if card in tab[j])


def _covers(seen: int, hand: int) -> bool:
    """Whether a searched position with the cards `seen` at hand covers one with the same piles
    and reserve and `hand` at hand (as in the key): it has those at hand and maybe more, which
    are up here (see `_Search._lifted_seen`)."""
    return seen & hand == hand


_OPPOSITE = tuple(
    tuple(o for o in range(4) if (SUITS[o] in "HD") != (SUITS[s] in "HD")) for s in range(4)
)


def _free_talon(rules: cf.Rules) -> bool:
    """Draw 1 with unlimited redeals: every talon card can be had at any time, for free."""
    return rules.draw == 1 and rules.redeals is None


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

    (fc, r, tab, T, p, k, tmask): fc = cards up per suit (SUITS order); r = reserve cards left
    (the root's reserve, bottom r of it); tab = 4 tuples of card ints (real pile order, so moves keep
    their real indices); T = the talon in turning order; p = cards of T on the waste; k = redeals
    left (ignored when unlimited); tmask = bit set of the cards in T.
    """

    def __init__(self, state: cf.CanfieldState, dead: dict[tuple, Any] | None = None) -> None:
        """`dead`: a table of the positions proved dead (see `_close`) to share with other
        searches of the same game from the same root, or None for none."""
        rules = state.rules
        self.draw = rules.draw
        self.unlimited = rules.redeals is None
        self.mode = rules.tableau_move
        self.fill_any = rules.empty_fill == "any"
        self.fill_reserve = not self.fill_any
        self.auto = not rules.foundation_return
        self.back = rules.foundation_return
        self.free_talon = _free_talon(rules)
        # A laid card and its twin at hand are one position (`_twins`); not where cards come back
        # from the foundations: one that went up and came back could not have been its twin.
        self.twins = self.free_talon and not self.back
        # A position is skipped when the search has seen it with talon cards from pile tops
        # back at hand (`_lifted_seen`): only where the twins are merged, the case its argument
        # and its tests cover.
        self.lifts = self.twins
        # (Where talon cards are lifted, positions are not taken up depth-first: no dead table.)
        self.dead = None if self.lifts else dead
        self.mark: tuple = ()  # see `_seen`
        base0 = rules.base_rank - 1
        # pos[c]: where c goes on its foundation (0 = base rank); card_at[s][n]: the n-th card up.
        self.pos = tuple((_RANK0[c] - base0) % 13 for c in range(52))
        self.card_at = tuple(tuple(s * 13 + (base0 + n) % 13 for n in range(13)) for s in range(4))
        # up_bits[s][n]: the bit set of the first n cards up on suit s's foundation.
        self.up_bits = tuple(
            tuple(sum(1 << c for c in self.card_at[s][:n]) for n in range(14)) for s in range(4)
        )
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
        self.root = (tuple(fc), len(self.reserve), tab, talon, len(state.waste), k, mask)
        self.origin = mask  # the cards that started in the talon
        # before[c]: the talon cards turned before c (the talon only ever loses cards, so a card's
        # place in it is the number of those still there, plus one).
        self.before = [0] * 52
        seen = 0
        for c in talon:
            self.before[c] = seen
            seen |= 1 << c
        self.runs: dict[tuple[int, ...], int] = {}  # see `_run`
        # Where the talon is not free but redeals are unlimited, positions are compared by the
        # places of the waste's top they reach (see `_seen`).
        self.steps = self.unlimited and not self.free_talon
        self.no_places = (53,) * self.draw  # a record of places (`_covering`) that covers none
        self.reach: dict[tuple[int, int, int], tuple[int, ...]] = {}  # see `_passes`
        self.safe_cards: dict[tuple[int, ...], tuple[tuple[int, ...], int]] = {}  # `_autoplay`
        self.nodes = 0

    # -- the talon ------------------------------------------------------------------------------

    def _passes(self, p: int, length: int, k: int) -> tuple[int, ...]:
        """For each q in 1..length (index q), the redeals needed to bring T[q-1] to the waste
        top from position p: 0, 1, or -1 (never). Kept per (p, length, k): few of them occur."""
        key = (p, length, k)
        table = self.reach.get(key)
        if table is None:
            d = self.draw
            table = self.reach[key] = tuple(
                0
                if q == length or (q >= p and (q - p) % d == 0)
                else 1
                if q % d == 0 and (self.unlimited or k > 0)
                else -1
                for q in range(length + 1)
            )
        return table

    def _key(self, st: tuple) -> tuple:
        """The canonical position (see the module docstring). With the twins merged, two laid
        twins that both lie in the piles are one card in it: which of the two lies where is
        only told apart when one goes up, and `_EXCHANGE` offers that both ways.

        Why that is exact: with the talon free, both were at hand when the first was laid, and
        since then only rank and colour decided what either could do (neither has been up), so
        the line that laid each where the other lies reaches the same position with the two
        swapped.
        """
        fc, r, tab, talon, p, _k, mask = st
        if self.twins:  # the talon is free: every position of the talon is on the cycle
            return self._twin_key(r, tab, mask, self._laid(fc, mask))
        if self.unlimited and (p % self.draw == 0 or p == len(talon)):
            p = -1  # on the cycle: every cycle position is the same node
        return (r, mask, p, tuple(sorted(tab)))

    def _seen(self, st: tuple) -> int:
        """Whether a position needs no search: 0 if no position the search has seen covers it
        (it is then recorded as seen, and searched), else `_SEEN`, or `_DEAD` when the table of
        positions proved dead (`dead`, see `_close`) covers it. Where a dead table is kept and the
        position is not dead, `mark` is set to its (key, step, place) for `_close` and `_depend`.

        What covers it: the same canonical position (`_key`), with as many redeals left or more
        (more left is never worse). And where the talon is not free but redeals are unlimited,
        the same position with the waste's top at a place that reaches all this one reaches: a
        place off the cycle reaches itself, every `draw`-th place after it, and the cycle, so it
        covers the cycle and the places p' after it in its steps (p < p', p = p' modulo draw).
        Such a position is kept as (r, mask, piles) -> for each p modulo draw, the lowest p seen
        (53: none), where the cycle is step 0 and place 0: any record covers it.

        Why a position skipped against one not yet searched through (an ancestor, say) loses
        no win: the two differ only in p, which the moves read only through `_passes`, and a
        talon move leads to the same position from either; so the covering one is never further
        from a win in search steps. Were there a win, the searched position nearest to it would
        have a next position on the way that is searched, or skipped against one at most as
        far: nearer still either way, so the search meets the win. And one skipped as dead has
        no win to lose.
        """
        if self.lifts:  # (the talon is free: no redeals to compare, and no dead table)
            r, hand, _p, piles = self._key(st)
            hands = self.hands_seen.get((r, piles))
            if hands is None:
                self.hands_seen[r, piles] = [hand]
            elif hand in hands:
                return _SEEN
            else:
                hands.append(hand)
            return 0
        visited = self.visited
        dead = self.dead
        if not self.steps:
            key = self._key(st)
            redeals = st[5]
            if dead is not None:
                if dead.get(key, -1) >= redeals:
                    return _DEAD
                self.mark = (key, -1, redeals)
            seen = visited.get(key)
            if seen is not None and seen >= redeals:
                return _SEEN
            visited[key] = redeals
            return 0
        _fc, r, tab, talon, p, _k, mask = st
        key = (r, mask, tuple(sorted(tab)))
        step = p % self.draw
        if step == 0 or p == len(talon):  # on the cycle
            step = p = 0
        if dead is not None:
            known = dead.get(key)
            if known is not None and known[step] <= p:
                return _DEAD
            self.mark = (key, step, p)
        seen = visited.get(key)
        if seen is not None and seen[step] <= p:
            return _SEEN
        visited[key] = _covering(seen or self.no_places, step, p)
        return 0

    def _up(self, fc: tuple[int, ...]) -> int:
        """The bit set of the cards up, from the cards up per suit."""
        ub = self.up_bits
        return ub[0][fc[0]] | ub[1][fc[1]] | ub[2][fc[2]] | ub[3][fc[3]]

    def _laid(self, fc: tuple[int, ...], mask: int) -> int:
        """The talon cards now in the piles: neither at hand (`mask`) nor up."""
        return self.origin & ~mask & ~self._up(fc)

    def _twin_key(self, r: int, tab: tuple, mask: int, laid: int) -> tuple:
        """`_key` where twins merge, from the piles, the cards at hand and the talon cards in
        the piles alone, whether or not `_twins` has put the position in its form (see
        `_lowered`)."""
        hand = _hand_high(mask, _twin_bits(laid))
        return (r, hand, -1, tuple(sorted(_lowered(tab, laid, mask))))

    # -- moves ----------------------------------------------------------------------------------

    def _moves(self, st: tuple, undo: tuple[int, int] | None) -> list[tuple]:
        """Every move worth trying from `st`, best first (see the module docstring)."""
        fc, r, tab, talon, p, k, mask = st
        pos = self.pos
        hosts = _HOSTS
        tops: dict[int, int] = {}
        top_bits = 0
        empties = []
        for j in range(4):
            pile = tab[j]
            if pile:
                tops[pile[-1]] = j
                top_bits |= 1 << pile[-1]
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
        covers: list[tuple] = []  # what may cover a bridge, see `_bridges` (free talon only)
        bridging = self.free_talon

        if r:
            c = self.reserve[r - 1]
            if bridging:
                covers.append((c, -1, (_RESERVE,)))
            if fc[_SUIT[c]] == pos[c]:
                up.append((_RESERVE, -1))
            for h in hosts[c]:
                j = tops.get(h)
                if j is not None:
                    res.append((_RESERVE, j))
            if gap >= 0:
                res.append((_RESERVE, gap))

        mode = self.mode
        twins = self.twins
        runs = self.runs
        for i in range(4):
            pile = tab[i]
            size = len(pile)
            if not size:
                continue
            b = pile[-1]
            if fc[_SUIT[b]] == pos[b]:
                up.append((_PILE, i, 1, -1))
            if twins and self.origin >> b & 1:
                t = _TWIN[b]
                if fc[_SUIT[t]] == pos[t] and self.origin >> t & 1:
                    # the twin at hand, or laid in a pile (it is not up: it goes up next)
                    up.append((_RETURN if mask >> t & 1 else _EXCHANGE, t, i))
            if size == 1:
                units: tuple[int, ...] | range = (1,)
            elif mode == "top":
                units = (1,)
            else:
                run = runs.get(pile) or self._run(pile)
                if mode == "pile":
                    units = (1, size) if run == size else (1,)
                else:
                    units = range(1, run + 1)
            for n in units:
                if n > 1:
                    b = pile[-n]
                whole = n == size
                if bridging:
                    covers.append((b, i, (_PILE, i, n)))
                if _HOST_BITS[b] & top_bits:
                    for h in hosts[b]:
                        j = tops.get(h)
                        if j is None or j == i:
                            continue
                        if undo is not None and undo[0] == b and undo[1] == h:
                            continue
                        (emptying if whole else tabm).append((_PILE, i, n, j))
                if gap >= 0 and not whole:
                    gaps.append((_PILE, i, n, gap))

        if self.back:
            for s in range(4):
                if fc[s]:
                    c = self.card_at[s][fc[s] - 1]
                    if bridging:
                        covers.append((c, -1, (_BACK, s)))
                    for h in hosts[c]:
                        j = tops.get(h)
                        if j is not None:
                            backs.append((_BACK, s, j))
                    if gap >= 0:
                        backs.append((_BACK, s, gap))

        length = len(talon)
        if length and self.free_talon:
            up.extend(self._chains(st, tops))
            tal.extend(sorted(self._bridges(st, tops, covers), key=lambda m: len(m[1])))
        elif length:
            # T[q-1] is c where q - 1 talon cards are left of those turned before c.
            before = self.before
            passes = self.reach.get((p, length, k)) or self._passes(p, length, k)
            for s in range(4):
                if fc[s] < 13:
                    c = self.card_at[s][fc[s]]
                    if mask >> c & 1:
                        q = (mask & before[c]).bit_count() + 1
                        n = passes[q]
                        if n >= 0:
                            up.append((_TALON, c, -1, q, n))
            for t, j in tops.items():
                if _GUEST_BITS[t] & mask:
                    for c in _GUESTS[t]:
                        if mask >> c & 1:
                            q = (mask & before[c]).bit_count() + 1
                            n = passes[q]
                            if n >= 0:
                                tal.append((_TALON, c, j, q, n))
            if gap >= 0:
                for q, c in enumerate(talon, 1):
                    n = passes[q]
                    if n >= 0:
                        gaps.append((_TALON, c, gap, q, n))

        return [*up, *res, *emptying, *tabm, *tal, *gaps, *backs]

    def _run(self, pile: tuple[int, ...]) -> int:
        """How many cards on top of `pile` are built down in sequence (at least its top card);
        remembered per pile, since most piles stay as they are from one position to the next."""
        run = self.runs.get(pile)
        if run is None:
            start = len(pile) - 1
            while start > 0 and pile[start - 1] in _HOSTS[pile[start]]:
                start -= 1
            run = self.runs[pile] = len(pile) - start
        return run

    def _bridges(self, st: tuple, tops: dict[int, int], covers: list[tuple]) -> list[tuple]:
        """With a free talon: talon cards laid on a pile only as a bridge the same move covers.

        Why: every talon card is at hand at any time, so one goes to the tableau only when a card
        from elsewhere (the reserve's top, a tableau unit, a foundation card) is put on it at once,
        directly or through more talon cards; laying the bridge and its cover as one move keeps
        the half-built bridges out of the search.

        `covers`: (card, the pile it comes from or -1, the move that plays it less its target)
        for every card that may be put on a pile. Every bridge the talon holds is listed.
        """
        mask = st[6]
        if self.twins:
            # Of two twins at hand, only the lower-numbered is laid: laying the other is the
            # same position (see `_twins`).
            mask &= ~(_HIGH & _twin_bits(mask))
        out = []
        for h, j in tops.items():
            if not _GUEST_BITS[h] & mask:  # no talon card goes on it
                continue
            span = _SPANS[h]
            levels: list[list[tuple[int, ...]]] = [[()]]  # [n]: the chains of n talon cards
            for g, i, play in covers:
                d = span[g]
                if not d or i == j:
                    continue
                while len(levels) < d and levels[-1]:
                    levels.append(
                        [
                            (*ch, c)
                            for ch in levels[-1]
                            for c in _GUESTS[ch[-1] if ch else h]
                            if mask >> c & 1
                        ]
                    )
                if len(levels) >= d:
                    out.extend((_BRIDGE, ch, (*play, j)) for ch in levels[d - 1])
        return out

    def _chains(self, st: tuple, tops: dict[int, int]) -> list[tuple]:
        """With a free talon: for each suit, its next talon cards up, then the card after them
        (or, after some, one of them that lies on a pile's top, or its twin's place there).

        Why only so: a talon card at hand can go up at any time, and nothing but the next card of
        its suit gains from it being up, so it waits until the moment that card (from the
        reserve or a pile) follows it; a line that never plays such a card after it gains
        nothing from playing it. (The game is won once only talon cards are left, see `_won`.)
        A laid card whose twin is at hand is one at hand too: it goes up by a trade (`_TRADE`),
        its twin taking its place, the same position as if the twin had been laid and the card
        went up from the hand (see `_twins`). So it waits in a chain like the others (alone,
        72 % of the positions such a trade led to had been seen already): `_play` trades each
        card of a chain that is not at hand, and `real_line` writes that out as a `_TRADE`.
        """
        fc, r, _tab, _talon, _p, _k, mask = st
        origin = self.origin if self.twins else 0
        # laid talon cards whose twin is at hand (where twins merge, the lower of the two)
        tradable = self._laid(fc, mask) & _twin_bits(mask) if origin else 0
        hand = mask | tradable
        out = []
        for s in range(4):
            n = fc[s]
            cards: tuple[int, ...] = ()
            while n < 13 and hand >> self.card_at[s][n] & 1:
                c = self.card_at[s][n]
                t = _TWIN[c]
                if cards and t in tops and origin >> t & 1:
                    # or the card goes up from where its laid twin lies (`up` has the first)
                    out.append((_CHAIN, cards, (_RETURN, c, tops[t])))
                if cards and c in tops:  # or a laid card up from a pile's top
                    out.append((_CHAIN, cards, (_PILE, tops[c], 1, -1)))
                cards += (c,)
                n += 1
            if n == 13 or not cards:  # the next card itself: from the reserve or a pile, `up`
                continue
            x = self.card_at[s][n]
            if r and self.reserve[r - 1] == x:
                out.append((_CHAIN, cards, (_RESERVE, -1)))
            elif x in tops:
                out.append((_CHAIN, cards, (_PILE, tops[x], 1, -1)))
            t = _TWIN[x]
            if t in tops and origin >> x & 1 and origin >> t & 1:  # both laid
                out.append((_CHAIN, cards, (_EXCHANGE, x, tops[t])))
        return out

    def _lifted_seen(self, st: tuple) -> bool:
        """Whether the search has seen `st` with some of the talon cards on its pile tops, or
        beneath the rest of a pile, back at hand, and maybe more cards at hand and fewer up: a
        position at least as good, so `st` needs no search.

        Why it is at least as good: with a free talon, a card at hand can go wherever the same
        card on a pile top can go (its foundation, another pile), and when a card is to be put
        on it, it is first laid back where it lay (it was laid there by the rules, on the card
        still below it, or into the pile it left empty, where any card may go). So every line
        from `st` is matched from the position with the card at hand, and a win from `st` would
        be a win from there, which the search finds or has found. Talon cards at the bottom of
        a pile, under cards from elsewhere, are the same once those are gone: until then they
        are out of play, and then they lie on top of a pile the other position has empty. And a
        card at hand there that is up here can go up from there at any time (no rule reads the
        foundations but the next card up, and none go back down where twins merge), so a line
        from `st` is matched with it going up when the next card of its suit follows.

        Why one skipped against one not yet searched through loses no win: not step for step (a
        safe card the autoplay takes from a pile top may take a trade from there), but the
        covering position is nearer a win in this measure: first the moves of cards
        other than talon cards from hand or to their foundations, then the cards in the piles
        and the reserve, then the cards not yet up. Matching a line adds only talon cards from
        hand (laid back, or up) and turns the lifted cards' moves from pile to pile into moves
        from hand, while fewer cards lie in the piles there; and every search step along a line
        with the fewest such moves brings a position nearer: it moves a counted card, or takes a
        card up from the piles or the reserve (a chain ends so, whatever it trades on the way,
        and a line's trades wait in chains, see `_chains`). So the argument of `_seen` holds:
        of the positions found that could be won, the one nearest a win is taken up and not
        skipped (what covers it would be nearer still), and the step it offers towards the win
        leads nearer again. Seed deal 84 is proved dead in about 400 positions, against 14,000
        without this.
        """
        fc, r, tab, _talon, _p, _k, mask = st
        origin = self.origin
        # A pile's last card is lifted only where a card may be put into an empty pile (and so
        # laid back there); where the reserve fills empty piles, only once it is gone.
        floor = 0 if self.fill_any or not r else 1
        laid = self._laid(fc, mask)
        # Lifting a laid card leaves its twin at hand or laid, so the piles' other cards keep
        # their form in the key (`_lowered`), and the lifted piles' keys are slices of it.
        low = _lowered(tab, laid, mask)
        # Per pile, how far it can be cut: its cards from `m` up are talon cards, and so are
        # those below `b` (beneath the pile's other cards).
        cuts = []
        rest = []  # what is left of each pile in the key with every cut made
        for j in range(4):
            pile = tab[j]
            m = len(pile)
            while m > floor and origin >> pile[m - 1] & 1:
                m -= 1
            b = 0
            if m and not floor:
                while origin >> pile[b] & 1:
                    b += 1
            cuts.append((m, b))
            rest.append(low[j][b:m])
        # What every position that differs from this one only by talon cards lifted has in
        # common: none taken up yet, so none of them either (and from now on one is). Those
        # with fewer laid cards are taken up first (`_depth`), so a covering form found but
        # not yet taken up is not missed for good: it is taken up before this one. (Half the
        # positions taken up stop here, before their forms are worked out.)
        bare = (r, tuple(sorted(rest)))
        if bare not in self.bare:
            self.bare.add(bare)
            return False
        # Per pile, for each cut: what is left of it in the key, the twins of the cards lifted
        # (so the laid cards' twins are those of the unlifted), and the cards lifted.
        ways = []
        for j in range(4):
            pile, key = tab[j], low[j]
            m, b = cuts[j]
            way = [(key, 0, 0)]
            lifted = twins = 0
            for i in range(len(pile) - 1, m - 1, -1):
                c = pile[i]
                lifted |= 1 << c
                twins |= _TWIN_BIT[c]
                way.append((key[:i], twins, lifted))
            if b:
                under = under_twins = 0
                for c in pile[:b]:
                    under |= 1 << c
                    under_twins |= _TWIN_BIT[c]
                way += [(k[b:], t | under_twins, cut | under) for k, t, cut in way]
            ways.append(way)
        hands_seen = self.hands_seen
        twins = _twin_bits(laid)
        for (a, ta, la), (b, tb, lb), (c, tc, lc), (d, td, ld) in itertools.product(*ways):
            lifted = la | lb | lc | ld
            if not lifted:  # `st` itself
                continue
            piles = tuple(sorted((a, b, c, d)))
            hands = hands_seen.get((r, piles))
            if hands is not None:  # (most are not: no hand to work out)
                hand = _hand_high(mask | lifted, twins & ~(ta | tb | tc | td))
                for seen in hands:
                    if _covers(seen, hand):
                        return True
        return False

    def _won(self, st: tuple) -> bool:
        """All cards up, or (free talon) only talon cards left: they all go up, greedily (the line
        ends there, and `_engine_line` finishes it with the engine's own `auto_finish_moves`)."""
        return sum(st[0]) == 52 or (self.free_talon and not st[1] and not any(st[2]))

    def _apply(self, st: tuple, mv: tuple) -> tuple:
        """The state after an internal move (known to be legal), with the reserve's fills, and
        (free talon) in its canonical form (see `_twins`)."""
        after = self._play(st, mv)
        return self._twins(after) if self.twins else after

    def _twins(self, st: tuple) -> tuple:
        """The position with every card laid from a free talon whose twin (same rank and colour)
        is still at hand swapped for the lower-numbered of the two.

        Why it is exact: with the talon free, the twin was at hand too when the card was laid,
        and from then on only rank and colour decided what the card could do in the piles; so the
        line that laid the twin instead reaches the same position with the two swapped. The two
        positions are one node, and a foundation that needs the laid card takes it by a trade
        in a chain (`_TRADE`, see `_chains`): the twin takes its place, as if it had been laid
        instead. `real_line` turns such a line back into the moves that were really made.
        """
        fc, r, tab, talon, p, k, mask = st
        # talon cards now in the piles (or up), the higher of their pair, with the twin at hand
        swap = self.origin & ~mask & _HIGH & _twin_bits(mask)
        if swap:
            swap &= ~self._up(fc)
        if not swap:
            return st
        piles = None
        for j in range(4):
            pile = tab[j]
            for i, c in enumerate(pile):
                if swap >> c & 1:
                    t = _TWIN[c]
                    if piles is None:
                        piles, pool = list(tab), list(talon)
                    pile = (*pile[:i], t, *pile[i + 1 :])
                    piles[j] = pile
                    mask ^= 1 << c | 1 << t
                    pool[pool.index(t)] = c
        if piles is None:
            return st
        return (fc, r, tuple(piles), tuple(pool), p, k, mask)

    def _play(self, st: tuple, mv: tuple) -> tuple:
        """`_apply` without the canonical form."""
        kind = mv[0]
        if kind >= _TRADE and kind != _RETURN:  # (see the kinds' numbers at the top)
            return self._play_compound(st, mv)
        fc, r, tab, talon, p, k, mask = st
        tl = list(tab)
        if kind == _PILE:
            i, n, dst = mv[1], mv[2], mv[3]
            pile = tl[i]
            cards: tuple[int, ...] = pile[-n:]
            tl[i] = pile[:-n]
            c = cards[0]
        elif kind == _TALON:
            c, dst, q, passes = mv[1], mv[2], mv[3], mv[4]
            talon = talon[: q - 1] + talon[q:]
            p = q - 1
            if not self.unlimited:  # unlimited redeals are free: k stays 0, or keys repeat
                k -= passes
            mask ^= 1 << c
            cards = (c,)
        elif kind == _RESERVE:
            dst = mv[1]
            c = self.reserve[r - 1]
            r -= 1
            cards = (c,)
        elif kind == _RETURN:  # the card at hand up, its twin from the pile's top to hand
            c, i, dst = mv[1], mv[2], -1
            twin = tl[i][-1]
            tl[i] = tl[i][:-1]
            talon = tuple(twin if x == c else x for x in talon)
            mask ^= 1 << c | 1 << twin
            cards = (c,)
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
        if r and self.fill_reserve and not all(tl):
            for j in range(4):
                if not tl[j] and r:
                    tl[j] = (self.reserve[r - 1],)
                    r -= 1
        return (fc, r, tuple(tl), talon, p, k, mask)

    def _play_compound(self, st: tuple, mv: tuple) -> tuple:
        """`_play` for the moves made of others (chains, bridges, exchanges, trades)."""
        fc, r, tab, talon, p, k, mask = st
        kind = mv[0]
        if kind == _CHAIN:
            cards, last = mv[1], mv[2]
            held = [c for c in cards if mask >> c & 1]
            for c in cards:
                if not mask >> c & 1:  # laid, its twin at hand
                    trade = (_TRADE, c, _pile_of(tab, c))
                    fc, r, tab, talon, p, k, mask = self._play(
                        (fc, r, tab, talon, p, k, mask), trade
                    )
            fl = list(fc)
            fl[_SUIT[cards[0]]] += len(held)
            for c in held:
                mask ^= 1 << c
            talon = tuple(c for c in talon if c not in held)
            return self._play((tuple(fl), r, tab, talon, p, k, mask), last)
        if kind == _BRIDGE:
            cards, last = mv[1], mv[2]
            tl = list(tab)
            tl[last[-1]] = tab[last[-1]] + cards
            for c in cards:
                mask ^= 1 << c
            talon = tuple(c for c in talon if c not in cards)
            return self._play((fc, r, tuple(tl), talon, p, k, mask), last)
        if kind == _EXCHANGE:
            c, t = mv[1], _TWIN[mv[1]]
            tab = tuple(tuple(t if x == c else c if x == t else x for x in pile) for pile in tab)
            return self._play((fc, r, tab, talon, p, k, mask), (_PILE, mv[2], 1, -1))
        c, j = mv[1], mv[2]  # _TRADE
        t = _TWIN[c]
        tl = list(tab)
        tl[j] = tuple(t if x == c else x for x in tab[j])
        fl = list(fc)
        fl[_SUIT[c]] += 1
        talon = tuple(x for x in talon if x != t)
        return (tuple(fl), r, tuple(tl), talon, p, k, mask ^ 1 << t)

    def real_line(self, line: list[tuple]) -> list[tuple]:
        """A line from the root as the moves really made: where the search's canonical form
        (`_twins`) swapped a laid card for its twin, the bridge that laid it lays the twin
        instead, where a laid card goes up from its laid twin's place (`_EXCHANGE`) the two
        bridges that laid them trade cards, a trade is the card's plain way up from the talon,
        and a chain's cards go up one at a time.

        Why it holds: the line is replayed twice, as searched (`_apply`) and as really made
        (`_play`); the two differ only in which of two twins lies where in the piles and which
        at hand, and wherever a move needs the one the real replay has elsewhere (at hand, or on
        top on its way up), the bridges that laid them are changed to lay the other.
        """
        if not self.free_talon:
            return line
        seen = real = self.root
        out: list[tuple] = []
        laid: dict[int, int] = {}  # a laid card of the real replay -> its bridge's index in out

        def relabel(i: int, old: int, new: int) -> None:
            out[i] = (_BRIDGE, tuple(new if c == old else c for c in out[i][1]), out[i][2])
            laid[new] = i

        def swap(st: tuple, pile_card: int, twin: int) -> tuple:
            """The real replay with `twin` laid where `pile_card` lies, and `pile_card` where
            `twin` lies, or at hand if `twin` was."""
            i, j = laid.pop(pile_card), laid.pop(twin, None)
            relabel(i, pile_card, twin)
            fc, r, tab, talon, p, k, mask = st
            tab = tuple(
                tuple(twin if c == pile_card else pile_card if c == twin else c for c in pile)
                for pile in tab
            )
            if j is None:
                talon = tuple(pile_card if c == twin else c for c in talon)
                mask ^= 1 << pile_card | 1 << twin
            else:
                relabel(j, twin, pile_card)
            return (fc, r, tab, talon, p, k, mask)

        todo = line[::-1]
        while todo:
            mv = todo.pop()
            kind = mv[0]
            if kind == _CHAIN:  # its talon cards up one at a time, then its last move
                c, more = mv[1][0], mv[1][1:]
                todo.append((_CHAIN, more, mv[2]) if more else mv[2])
                if seen[6] >> c & 1:
                    todo.append((_TALON, c, -1, seen[3].index(c) + 1, 0))
                else:  # laid, its twin at hand
                    todo.append((_TRADE, c, _pile_of(seen[2], c)))
                continue
            cards = mv[1] if kind == _BRIDGE else ()
            need = cards if kind == _BRIDGE else (mv[1],) if kind in (_TALON, _TRADE) else ()
            for c in need:  # cards the move takes from the talon
                if not real[6] >> c & 1:
                    real = swap(real, c, _TWIN[c])
            if kind == _PILE and mv[3] < 0:  # a pile's top up: the one the search has there
                c, x = seen[2][mv[1]][-1], real[2][mv[1]][-1]
                if c != x:
                    real = swap(real, x, c)
            step = mv
            if kind in (_RETURN, _EXCHANGE):  # the card was the one laid there: up from the top
                c, x = mv[1], real[2][mv[2]][-1]
                if c != x:
                    real = swap(real, x, c)
                step = (_PILE, mv[2], 1, -1)
            if kind in (_TALON, _TRADE):
                step = (_TALON, mv[1], -1 if kind == _TRADE else mv[2], real[3].index(mv[1]) + 1, 0)
            elif kind == _BRIDGE:
                step = mv
                laid.update((c, len(out)) for c in cards)
            out.append(step)
            seen, real = self._apply(seen, mv), self._play(real, step)
        return out

    def _child(self, st: tuple, mv: tuple) -> tuple[tuple, list[tuple]]:
        """The position after `mv` and the safe foundation moves it allows, with the moves that
        led there."""
        child = self._apply(st, mv)
        child, made = self._autoplay(child)
        return child, [mv, *made]

    def _twin_up(self, st: tuple, card: int) -> tuple | None:
        """How a safe card at hand goes up when its twin was laid from the talon (the canonical
        form cannot tell which of the two lies in the pile): from the pile's top if the twin is
        there (`_RETURN`: better than leaving the twin on the pile), else not automatically (the
        search tries both the card at hand and, later, the twin's pile)."""
        twin = _TWIN[card]
        if st[6] >> twin & 1 or st[0][_SUIT[twin]] > self.pos[twin]:
            return (_TALON, card, -1, st[3].index(card) + 1, 0)  # the twin is at hand or up
        for j in range(4):
            if st[2][j] and st[2][j][-1] == twin:
                return (_RETURN, card, j)
        return None

    def _autoplay(self, st: tuple) -> tuple[tuple, list[tuple]]:
        """Play every safe foundation move (repeatedly); the new state and the moves made.

        The next card of suit s is safe once it is past the base rank and both opposite-colour
        suits have as many cards up (see the module docstring)."""
        if not self.auto:
            return st, []
        made: list[tuple] = []
        safe_of = self.safe_cards
        talon_any = self.free_talon
        talon_top = self.draw == 1
        while True:
            fc = st[0]
            known = safe_of.get(fc)
            if known is None:
                known = safe_of[fc] = self._safe(fc)
            safe, safe_bits = known
            if not safe:
                return st, made
            r, tab = st[1], st[2]
            # Most positions have safe cards but none within reach: one test rules them out.
            reach = st[6] if talon_top else 0
            if r:
                reach |= 1 << self.reserve[r - 1]
            for pile in tab:
                if pile:
                    reach |= 1 << pile[-1]
            if not safe_bits & reach:
                return st, made
            mv: tuple | None = None
            for c in safe:
                if r and self.reserve[r - 1] == c:
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
                        if self.twins and self.origin >> _TWIN[c] & 1:
                            mv = self._twin_up(st, c)
                if mv is not None:
                    break
            if mv is None:
                return st, made
            st = self._apply(st, mv)
            made.append(mv)

    def _safe(self, fc: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """The cards that are safe to play up with `fc` up (`_autoplay`), in suit order, and
        as a bit set; `_autoplay` keeps them per `fc` in `safe_cards`, since most positions
        share theirs."""
        safe = []
        for s in range(4):
            n = fc[s]
            o1, o2 = _OPPOSITE[s]
            if 0 < n < 13 and fc[o1] >= n and fc[o2] >= n:
                safe.append(self.card_at[s][n])
        return tuple(safe), sum(1 << c for c in safe)

    # -- the search -----------------------------------------------------------------------------

    def begin(self) -> None:
        """Set up the search at the root; `result` is set at once if the root is already won."""
        root, made = self._autoplay(self.root)
        self.result: str | None = None
        self.line: list[tuple] = []
        if self._won(root):
            self.result, self.line = "winnable", made
            return
        # The searched positions (`_seen`): canonical position -> redeals left when it was
        # searched (more left is never worse), or where the waste's top is compared, (r, mask,
        # piles) -> the lowest waste position seen per step (see `_seen`; step 0 is the cycle).
        self.visited: dict[tuple, Any] = {}
        # Where talon cards are lifted (`_lifted_seen`), the searched positions instead: the
        # reserve and piles (as in the key) -> the cards at hand (as in the key) of each.
        self.hands_seen: dict[tuple, list[int]] = {}
        # The positions on the search's path (where a dead table is kept, see `_close`): key ->
        # (depth, step, place) of the shallowest with that key.
        self.on_path: dict[tuple, tuple[int, int, int]] = {}
        # The positions searched through that wait for one on the path (see `_close`): key ->
        # (their group, step, place), of the last with that key; dropped when a group with a
        # position of that key is settled.
        self.pending: dict[tuple, tuple[list[Any], int, int]] = {}
        if self._seen(root) == _DEAD:  # another search proved it
            self.result = "unwinnable"
            return
        if self.dead is not None:
            self.on_path[self.mark[0]] = (0, self.mark[1], self.mark[2])
        # The searched positions with every talon card lifted from their tops (`_lifted_seen`);
        # the root has none in its piles.
        self.bare = {(root[1], tuple(sorted(root[2])))}
        # The positions found and not yet searched through, by `_depth`: a stack of frames
        # [state, its moves (None until it is taken up), index of the next one to try, the moves
        # that led here, the frame it was found from, the move it would undo (see `_moves`),
        # and for `_close`: the shallowest depth it depends on, the group of positions that wait
        # for it, its `mark`, its place on the path (its index in the stack)].
        frame = [root, None, 0, made, None, None, 0, None, self.mark, 0]
        self.stacks: dict[int, list[list[Any]]] = {self._depth(root): [frame]}

    def _depth(self, st: tuple) -> int:
        """Which positions are taken up first: where talon cards are lifted (`_lifted_seen`),
        those with fewer talon cards laid in the piles; elsewhere all alike (depth-first).

        Why: a position is searched in vain when a form of it with talon cards lifted is
        searched later; depth-first, that was so for about 45 % of the positions searched in
        the proofs of Seed deals 14 and 168. Taken up fewest laid cards first, depth-first among
        the same, and checked for lifted forms when taken up rather than when found, deal 14 was
        proved in 36,000 positions instead of 67,000, deal 168 in 123,000 instead of 207,000
        (since trades wait in chains, deal 14 takes 24,000 against 50,000 depth-first).
        """
        if not self.lifts:
            return 0
        return self._laid(st[0], st[6]).bit_count()

    def _line_to(self, frame: list[Any]) -> list[tuple]:
        """The moves from the root to a frame's position."""
        parts = []
        while frame is not None:
            parts.append(frame[3])
            frame = frame[4]
        return [mv for part in reversed(parts) for mv in part]

    def advance(self, budget: int) -> str | None:
        """Search about `budget` more positions; the verdict once there is one, else None.

        Why in slices: `solve` runs three searches side by side (see `solve`), and a slice
        ends between two positions, so each search picks up exactly where it stopped.

        Why a position skipped when it is taken up (`_lifted_seen`) loses no win: it was found,
        but the one that covers it is nearer a win in the measure of `_lifted_seen`, and is
        taken up too (and searched, or skipped in turn against one nearer still); the argument
        of `_lifted_seen` holds for positions found, whenever taken up.
        """
        if self.result is not None:
            return self.result
        stacks = self.stacks
        tarjan = self.dead is not None
        lifts = self.lifts
        child_of, seen_of, moves_of, won = self._child, self._seen, self._moves, self._won
        nodes = 0
        while stacks:
            depth = min(stacks) if lifts else 0  # (one stack where nothing is lifted)
            stack = stacks[depth]
            frame = stack[-1]
            moves = frame[1]
            if moves is None:  # taken up
                skip = lifts and self._lifted_seen(frame[0])
                moves = frame[1] = () if skip else moves_of(frame[0], frame[5])
            parent = frame[0]
            i = frame[2]
            while i < len(moves):  # the next moves, until one leads to a position to search
                if nodes >= budget:
                    frame[2] = i
                    self.nodes += nodes
                    return None
                mv = moves[i]
                i += 1
                child, led = child_of(parent, mv)
                nodes += 1
                if won(child):
                    self.nodes += nodes
                    self.result = "winnable"
                    self.line = self._line_to(frame) + led
                    return self.result
                seen = seen_of(child)
                if seen:
                    if seen == _SEEN and tarjan:
                        self._depend(frame)
                    continue
                undo = None
                if mv[0] == _PILE and mv[3] >= 0:
                    src = parent[2][mv[1]]
                    if len(src) > mv[2]:
                        undo = (src[-mv[2]], src[-mv[2] - 1])  # (moved card, the card it sat on)
                found = stacks.setdefault(self._depth(child), []) if lifts else stack
                at = len(found)
                # (a skipped undo leads back to the frame it was found from: it depends on it)
                mark = self.mark
                low = at if undo is None else at - 1
                found.append([child, None, 0, led, frame, undo, low, None, mark, at])
                if tarjan:
                    self.on_path.setdefault(mark[0], (at, mark[1], mark[2]))
                break
            else:  # searched through
                stack.pop()
                frame[1] = ()  # (its moves are not needed again)
                if tarjan:
                    self._close(frame, len(stack))
                if not stack:
                    del stacks[depth]
            frame[2] = i
        self.nodes += nodes
        self.result = "unwinnable"
        return self.result

    def _depend(self, frame: list[Any]) -> None:
        """Note that `frame` found a position (`mark`) covered by one seen (see `_close`): if the
        shallowest position on the path with its key covers it, it depends on that one's depth;
        else if the last position searched through with its key that still waits for the path
        (`pending`) covers it, on the depth of the frame that one waits for; else on every
        depth."""
        key, step, place = self.mark
        found = self.on_path.get(key)
        low = -1
        if found is not None:
            at, was, where = found
            if _covers_place(was, where, step, place):
                low = at
        if low < 0:
            waiting = self.pending.get(key)
            if waiting is not None and _covers_place(waiting[1], waiting[2], step, place):
                group = waiting[0]
                while group[1] is not None:  # (merged into the group below)
                    group = group[1]
                low = group[0][9]  # (a settled group's positions are no longer in `pending`)
        if low < frame[6]:
            frame[6] = low

    def _close(self, frame: list[Any], depth: int) -> None:
        """A frame searched through, at `depth` on the path: record it dead in `dead` when that
        is proved, with the positions waiting for it, or hand them to the frame below.

        Why: the restarts (`_Restarts`) and the real search meet the same positions again and
        again, and every search through a dead one is wasted. A position searched through is
        dead when each of its moves won nothing and led to a position recorded dead or to one
        that is dead for the same reason. What may still be open is what is on the path: a move
        that leads back to a position on it (or to one covered by it, see `_seen`), and the
        undo of the previous move, which the search skips (it leads back to the frame below
        exactly: the move took no card up, or there would be no undo). So each frame keeps the
        shallowest depth on the path it depends on, as in Tarjan's strongly connected
        components: one that depends on nothing below itself is dead, and with it every position
        that was waiting for it; one that does goes on waiting, with its own waiting positions, on
        the frame below. The positions that wait together form a group (`[frame waited for, the
        group it joined or None, marks]`, in `pending` by key), so a later position that finds
        one of them waits for the same frame (`_depend`); until 2026-12-07 such a position was
        taken to depend on everything, and on Classic deal 3981 over half the frames the runs
        searched through in 500,000 positions were then never recorded (95,000, against 93,000
        recorded; now 200,000 are recorded). A position found covered by one that is neither on
        the path nor known to wait (it was settled without a verdict, or its entry in `pending`
        went when another with its key was settled) could depend on anything, and is taken to:
        then no position on the path is recorded. Nor is what waits when a restart run is cut
        off.

        Why it is exact: the positions recorded together can only move among themselves or to
        positions already proved dead, and none of their moves wins; so none can be won.
        """
        low = frame[6]
        mark = frame[8]
        if self.on_path.get(mark[0], (-2,))[0] == depth:
            del self.on_path[mark[0]]
        group = frame[7]
        below = frame[4]
        if below is not None and low < below[6]:
            below[6] = low
        proved = low >= depth
        if proved or below is None or low < 0:
            if proved:
                self._record(mark)
            if group is not None:  # settled: what finds one of these later depends on all
                pending = self.pending
                for waiting in group[2]:
                    if proved:
                        self._record(waiting)
                    pending.pop(waiting[0], None)
            return
        if group is None:
            group = [None, None, []]
        group[2].append(mark)
        self.pending[mark[0]] = (group, mark[1], mark[2])
        held = below[7]
        if held is None:
            below[7] = group
            group[0] = below
        else:
            held[2].extend(group[2])
            group[0], group[1], group[2] = None, held, ()

    def _record(self, mark: tuple) -> None:
        """Record a position (its `mark`) as proved dead."""
        key, step, place = mark
        dead = self.dead
        if step < 0:  # redeals left: dead with some, dead with fewer
            if dead.get(key, -1) < place:
                dead[key] = place
        else:
            dead[key] = _covering(dead.get(key) or self.no_places, step, place)


class _RelaxedSearch(_Search):
    """A search of an easier game, run only for its proofs: if even it cannot be won, neither can
    the real one.

    The easier game gives the player everything the real one does, and more:
    - draw 1 with unlimited redeals (every talon card at hand at any time), and a free choice of
      what goes into an empty pile;
    - a card that came from the talon goes back to it as soon as it is a pile's top again (a card at
      hand is never worse than the same card lying on a pile: whatever the pile allows with it,
      the talon allows too, by putting it back where it was first);
    - as in the real search, a laid card and its twin at hand are one node (`_Search._twins`).

    So its "unwinnable" is a proof for the real game; its "winnable" proves nothing, and `solve`
    then stops it. What it buys: the bridges of talon cards that the real search keeps until they
    are uncovered collapse into few positions, so dead deals are exhausted in time. `solve` runs
    it where cards come back from the foundations (see `_easier_search`).
    """

    def __init__(self, state: cf.CanfieldState) -> None:
        easier = replace(state.rules, draw=1, redeals=None, empty_fill="any")
        super().__init__(replace(state, rules=easier, redeals_used=0))
        # In the easier game a laid card may trade with its twin at hand even after a trip to
        # its foundation and back: one more freedom the real game does not have.
        self.twins = True
        # Its canonical form takes every talon card off the pile tops already.
        self.lifts = False

    def _twins(self, st: tuple) -> tuple:
        """Talon cards back from pile tops, then `_Search._twins` (a card that came back may be
        the twin of one still laid)."""
        fc, r, tab, talon, p, k, mask = st
        origin = self.origin
        piles = list(tab)
        pool = list(talon)
        for j in range(4):
            pile = piles[j]
            n = len(pile)
            while n and origin >> pile[n - 1] & 1:
                n -= 1
            for c in pile[n:]:
                mask |= 1 << c
                pool.append(c)
            piles[j] = pile[:n]
        return super()._twins((fc, r, tuple(piles), tuple(pool), p, k, mask))


def _easier_search(state: cf.CanfieldState) -> _Search | None:
    """A search of a game that gives the player everything `state`'s does, and more, run only for
    its proofs (see the module docstring); None where none would prove more than the real search.

    - Where the talon is not free and no card comes back from the foundations (Classic): the
      same game with draw 1 and unlimited redeals, whose laid twins merge. On Classic deals
      1-1000 and 4,801-5,800, each run alone for 100,000 positions at most, it proved the 15
      deals `_RelaxedSearch` proved (in fewer positions, or as few on two) and 7 more; and
      Classic deal 4,188, which the solver without it left undecided even in 60 s, in 1,700.
    - Where cards come back from the foundations, laid twins do not merge in that game either:
      `_RelaxedSearch`, which merges them anyway (Seed deal 17 with foundation returns: dead in
      1,850 of its positions; the real search had not got through it in 20 s).
    - Where the talon is free and twins merge (Seed), none: there `_RelaxedSearch` did not pay
      for its turns (on the 152 Seed deals among 1-1000 that took over half a second, 10 s each,
      the real search decided 125 alone against 122 with `_RelaxedSearch` taking turns).
    """
    rules = state.rules
    if rules.foundation_return:
        return _RelaxedSearch(state)
    if _free_talon(rules):
        return None
    easier = replace(rules, draw=1, redeals=None)
    return _Search(replace(state, rules=easier, redeals_used=0))


class _ShuffledSearch(_Search):
    """The real search with its move order perturbed by `rng` (see `_Restarts`)."""

    def __init__(
        self, state: cf.CanfieldState, rng: random.Random, dead: dict[tuple, Any] | None = None
    ) -> None:
        super().__init__(state, dead)
        self.rng = rng

    def _moves(self, st: tuple, undo: tuple[int, int] | None) -> list[tuple]:
        """`_Search`'s moves in a random order at the first SHUFFLED levels of the search (the
        root's is the first), and further down after one pass that swaps each neighbouring pair
        with chance SWAP: a move mostly moves a place or two, though a run of swaps can carry one
        further back.

        (Restarts run only where the talon is not free, so nothing is lifted and the search is
        one stack, whose top frame is the position taken up: its length is that position's
        level, 1 at the root.)"""
        moves = super()._moves(st, undo)
        if len(self.stacks[0]) <= _Restarts.SHUFFLED:
            self.rng.shuffle(moves)
            return moves
        chance = self.rng.random
        swap = _Restarts.SWAP
        for i in range(len(moves) - 1):
            if chance() < swap:
                moves[i], moves[i + 1] = moves[i + 1], moves[i]
        return moves


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: run lengths
    that waste at most a logarithmic factor against the best fixed length, whatever it is (Luby,
    Sinclair & Zuckerman, 1993)."""
    while True:
        k = i.bit_length()  # 2 ** (k - 1) <= i < 2 ** k
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


class _Restarts:
    """Depth-first searches of the real game from the root, each with a differently perturbed
    move order (seeded 1, 2, ...), run i stopped after UNIT * _luby(i) positions for the next.

    Why: a depth-first search's time to a win is heavy-tailed: where an early wrong turn hides a
    win, it searches that whole subtree first. Short runs in other orders try other early turns;
    measured on the 13 Classic deals among 1-100 that neither the real search nor a beam search
    decided in 10 s, runs of about a second each then (slices of 0.5 s, 1 s and 2 s tried; swaps
    with chance 0.3, 0.6, 0.8) won 6 within 10 s. Taking the first turns in a fully random order
    (SHUFFLED) tries more of them: on Classic deals 1-918, 10 s each, side by side with runs that
    only swapped, the solver with the first 4 levels so shuffled decided 27 deals more and 10
    fewer (92.7 % against 90.8 %); on deals 1-1000, 8 levels decided 7 more than 4 on the first
    443 deals, and 16 levels 938 in all (93.8 %, against 926 with 4). Until 2026-12-07 each
    run was 50,000 positions long; runs of UNIT times the Luby sequence (mostly short, a long
    one now and then for the deals that need it) then decided 92.6 % of the fresh Classic deals
    1001-2000 against 91.8 %, side by side (21 deals more, 13 fewer). With the table of the
    positions proved dead that the runs share (`_Search._close`), UNIT is still the best of
    those tried: on Classic deals 3001-3300, 10 s each, with a first form of the table, 295
    decided against 292 with 1,500 and 291 with 10,000, and against 293 with SWAP 0.3; on the
    fresh deals 3601-3900, SHUFFLED 16 decided 283 against 279 for 8, and SWAP 0.6 283 against
    280 for 0.8. A run that exhausts its positions (or finds the rest proved dead) has searched
    the whole real game, so its "unwinnable" is a proof.
    """

    UNIT = 4_000  # positions of the shortest runs (about 0.05 s)
    SHUFFLED = 16  # levels from the root whose moves a run takes in a random order
    SWAP = 0.6

    def __init__(
        self, state: cf.CanfieldState, dead: dict[tuple, Any] | None = None, lane: int = 0
    ) -> None:
        """`dead`: the table of positions proved dead the runs share (see `_Search._close`);
        `lane`: which stream of run seeds (lane 0's are 1, 2, ...; see `solve`)."""
        self.state = state
        self.dead = dead
        self.lane = lane
        self.nodes = 0
        self.runs = 0
        self.result: str | None = None
        self.line: list[tuple] = []
        self._next_run()

    def _next_run(self) -> None:
        self.runs += 1
        rng = random.Random(self.lane << 32 | self.runs)
        self.search = _ShuffledSearch(self.state, rng, self.dead)
        self.search.begin()
        self.length = self.UNIT * _luby(self.runs)
        self.done = 0  # the current run's positions

    def advance(self, budget: int) -> str | None:
        """Search about `budget` more positions; "winnable" (with `line`) or "unwinnable" once a
        run decides, else None."""
        while self.result is None and budget > 0:
            if self.done >= self.length:
                self._next_run()
            run = self.search
            before = run.nodes
            verdict = run.advance(min(budget, self.length - self.done))
            spent = run.nodes - before
            self.nodes += spent
            self.done += spent
            budget -= spent
            if verdict is not None:
                self.result, self.line = verdict, run.line
        return self.result


class _SharedDead(dict):
    """The table of positions proved dead (see `_Search._close`) where another lane solves the
    same position: it tells what this lane has newly proved (`news`), and takes in what that
    lane has proved (`learn`).

    Why: the runs of both lanes keep meeting the same positions, and most of what a run finds
    is already proved dead (on Classic deal 6,430, 64 % of the positions the restarts found);
    with one table, each lane skips what either has proved. A position proved dead is dead
    whoever proved it, so a lane may use the other's proofs like its own (same root, same rules:
    the keys mean the same positions).

    The news is the positions added since it was last told (a dict keeps the order keys came
    in, so they are its last entries): one proved dead again at more places (`_covering`) is
    not told again, which only leaves the other lane a little less to skip.
    """

    def __init__(self) -> None:
        super().__init__()
        self.told = 0  # entries at the last `news` or `learn`: those after it are new

    def news(self) -> list[tuple[tuple, Any]]:
        """The positions added to the table since the last call (or `learn`): (key, value)
        pairs."""
        fresh = len(self) - self.told
        self.told = len(self)
        return list(itertools.islice(reversed(self.items()), fresh))

    def learn(self, items: list[tuple[tuple, Any]]) -> None:
        """Take in the other lane's `news`: the places proved dead (`_covering`), the lowest of
        both per step; or the redeals left (an int), the most of both. (Call it after `news`:
        what it adds is not told back.)"""
        keep = self.setdefault
        for key, value in items:
            old = keep(key, value)
            if old is not value:  # known here too
                if isinstance(value, int):
                    self[key] = max(old, value)
                else:
                    self[key] = tuple(map(min, old, value))
        self.told = len(self)


def _engine_line(state: cf.CanfieldState, line: list[tuple]) -> list[Move]:
    """The internal line as engine moves (draws and redeals filled in), checked by replaying it."""
    out: list[Move] = []
    steps: list[tuple] = []
    for mv in line:  # the moves `_Search.real_line` writes
        if mv[0] == _BRIDGE:
            steps.extend((_TALON, c, mv[2][-1], 0, 0) for c in mv[1])
            steps.append(mv[2])
        else:
            steps.append(mv)
    for mv in steps:
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
    state: cf.CanfieldState,
    time_limit: float | None = 10.0,
    node_limit: int | None = None,
    *,
    lane: int = 0,
    stop: Callable[[], bool] | None = None,
    share: Callable[[list[tuple[tuple, Any]]], list[list[tuple[tuple, Any]]]] | None = None,
) -> Solution:
    """Decide `state`: winnable (with the moves), unwinnable (proved), or unknown (out of budget).

    `time_limit` in seconds (None: no limit), `node_limit` in searched positions (None: no
    limit). The searches take turns in slices of positions until one decides: the real one by a
    win or by running out of positions, the easier game's (`_easier_search`) only by running out
    (a win there is no proof, and ends its turns), and where the talon is not free the restarts
    (`_Restarts`), by a win or, rarely, a run that searched everything.

    Lanes let one position be solved on several cores at once (`game.solve_lanes`): lane 0 runs
    all of the above, any other lane only restarts, from its own stream of run seeds (and none
    where the talon is free: it answers "unknown" at once). `stop`, asked between slices, ends
    the search early with "unknown" (another lane has decided). `share`, called between slices
    with the positions this lane has added to its table of the dead since (`_SharedDead.news`),
    returns what the other lanes have added to theirs, which this lane's searches then skip too.
    """
    start = time.perf_counter()
    if gaps_wait_for_reserve(state):
        return _solve_each_first_move(state, time_limit, node_limit, lane=lane, stop=stop)
    deadline = None if time_limit is None else start + time_limit
    # Shared by the real search and the restarts (`_Search._close`), and with other lanes.
    dead: dict[tuple, Any] = {} if share is None else _SharedDead()
    real = _Search(state, dead)
    real.begin()
    easier = None if lane else _easier_search(state)
    if easier is not None:
        easier.begin()
    # Where the talon is not free (Classic), beside them the restarts look for the wins the real
    # search gets lost on, with the largest share. Where it is free (Seed) nothing else helped: on
    # the 54 Seed deals among 1-300 that took over a second, the restarts or a beam search beside
    # the two decided exactly the deals the two decided alone (measured before laid twins were
    # merged and talon cards went up only when needed).
    finder = None if real.free_talon else _Restarts(state, dead, lane)
    searches = [x for x in (real, easier, finder) if x is not None]
    result = real.result
    if lane:  # only the restarts: the real search is kept for its root verdict and `real_line`
        searches = [finder] if finder is not None else []
        if finder is None and result is None:
            result = "unknown"

    def left() -> int:
        return _SLICE if node_limit is None else node_limit - sum(x.nodes for x in searches)

    while result is None:
        if (
            left() <= 0
            or (deadline is not None and time.perf_counter() > deadline)
            or (stop is not None and stop())
        ):
            result = "unknown"
            break
        if isinstance(dead, _SharedDead):
            for news in share(dead.news()):
                dead.learn(news)
        step = min(_SLICE, left())
        # Where the restarts run, they find most of the slow wins, and with the dead table they
        # share the real search's proofs, and the real search theirs: on the fresh Classic deals
        # 3001-3300, 10 s each, the real search with a quarter of their share and the easier
        # game's (then `_RelaxedSearch`) with a tenth decided 295 against 291 with the shares 1,
        # 1/4 and 1 before (with a first form of the table; the solver as it was then decided
        # 294, and 288 before the table).
        if not lane:
            result = real.advance(step if finder is None else max(1, step // 4))
        quota = min(step if finder is None else max(1, step // 10), left())
        if result is None and easier is not None and easier.result is None and quota > 0:
            result = "unwinnable" if easier.advance(quota) == "unwinnable" else None
        quota = left()
        if result is None and finder is not None and finder.result is None and quota > 0:
            result = finder.advance(min(step, quota))
    line = real.line if real.result == "winnable" or finder is None else finder.line
    moves = _engine_line(state, real.real_line(line)) if result == "winnable" else []
    nodes = sum(x.nodes for x in searches)
    return Solution(result, moves, nodes, time.perf_counter() - start)


def restarts_run(state: cf.CanfieldState) -> bool:
    """Whether `solve` runs restarts from `state` (the talon is not free), which is all a lane
    but the first runs: elsewhere a second lane has nothing to add."""
    return not _free_talon(state.rules)


def gaps_wait_for_reserve(state: cf.CanfieldState) -> bool:
    """Whether `state`'s empty piles wait for the reserve: the engine fills them with whatever
    move comes next, which the searches cannot model (`solve` splits such a position by its
    next moves, see `_solve_each_first_move`)."""
    return state.rules.empty_fill == "reserve" and bool(state.reserve) and not all(state.tableau)


def _solve_each_first_move(
    state: cf.CanfieldState,
    time_limit: float | None,
    node_limit: int | None,
    **lanes: Any,
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
        part = solve(
            state.apply(move), left, None if node_limit is None else node_limit - nodes, **lanes
        )
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
