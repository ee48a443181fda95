"""The Canfield solver where twins merge: Seed positions with both cards of a rank and colour in
the free talon (draw 1, unlimited redeals, no foundation returns).

Why a module of its own: the real search takes a card laid from such a talon and its twin still
at hand for one position (`_Search._twins`), and two laid twins for one card in the key
(`_Search._key`); the moves that tell them apart are offered both ways (`_TRADE` in a chain of
talon cards going up, `_RETURN` and `_EXCHANGE` alone or at the end of one, `_Search._chains`). The
random positions of test_solver (`small_position`) have many cards up and few twin pairs left in
the talon, and mutants of that merging survived every test there: a chain that ends with a
trade dropped, laid twins merged while one of them is already up, twins merged when only one
came from the talon, an exchange dropped (alone, or at a chain's end). Here:

- random small positions built around a pair of twins in the talon (`twin_position`), refereed
  by the plain exhaustive search of test_solver, with counts that keep them exercising the
  merging;
- positions that need each of those moves (one built by hand, the others found by a seeded scan
  of such random positions and kept), each in the eight relabellings of its suits that keep
  the colours: a relabelling swaps which twin is the lower-numbered one the search keeps laid,
  so each move is needed in some of them;
- the key told apart where the games differ.
"""

from __future__ import annotations

import random

import pytest
from conftest import make_state, run_of
from test_solver import alone, exhaustive, laid, replays_to_win

from engines import canfield
from engines.cards import FULL_DECK, RANKS, SUITS
from engines.solvers.canfield import (
    _CHAIN,
    _EXCHANGE,
    _RESERVE,
    _RETURN,
    _TRADE,
    _engine_line,
    _Search,
    _twin_bits,
    solve,
)

SEED = canfield.presets["seed"]
# The relabellings of the suits (SUITS is "SHDC") that keep each colour together.
SUIT_MAPS = [
    dict(zip(SUITS, image, strict=True))
    for image in ("SHDC", "CHDS", "SDHC", "CDHS", "HSCD", "HCSD", "DSCH", "DCSH")
]
TWIN_MOVES = (_TRADE, _RETURN, _EXCHANGE)


def position(
    base: int, up: dict[str, int], reserve: list[str], tableau: list[list[str]]
) -> canfield.CanfieldState:
    """A Seed position: `up[suit]` cards on each foundation, every card not named in the talon
    (its order does not matter with a free talon)."""
    foundations = [run_of(base, s, up.get(s, 0)) for s in SUITS]
    return make_state(
        base=base, foundations=foundations, reserve=reserve, tableau=tableau, options=SEED
    )


def relabel(state: canfield.CanfieldState, suits: dict[str, str]) -> canfield.CanfieldState:
    """The same position with every card's suit renamed by `suits` (colours kept): the same game."""

    def card(c: str) -> str:
        return c[0] + suits[c[1]]

    d = state.to_dict()
    for key in ("reserve", "stock", "waste"):
        d[key] = [card(c) for c in d[key]]
    for key in ("foundations", "tableau"):
        d[key] = [[card(c) for c in pile] for pile in d[key]]
    return canfield.from_dict(d)


def move_kinds(st: tuple, mv: tuple) -> set[tuple[bool, int]]:
    """The twin moves in one search move from `st`: (whether in a chain, the move's kind). A
    chain's card that is not at hand goes up by a trade."""
    if mv[0] != _CHAIN:
        return {(False, mv[0])} & {(False, kind) for kind in TWIN_MOVES}
    out = {(True, mv[2][0])} & {(True, kind) for kind in TWIN_MOVES}
    if any(not st[6] >> c & 1 for c in mv[1]):
        out.add((True, _TRADE))
    return out


def twin_kinds(search: _Search, line: list[tuple]) -> set[tuple[bool, int]]:
    """The twin moves in a search's line from its root (see `move_kinds`)."""
    out = set()
    st = search.root
    for mv in line:
        out |= move_kinds(st, mv)
        st = search._apply(st, mv)
    return out


# -- random positions built around a pair of twins ------------------------------------------------


def twin_position(rng: random.Random) -> canfield.CanfieldState:
    """A random late Seed position built around one pair of twins, both in the talon.

    The twins' suit that goes first has 0-2 cards before its twin at hand too (a chain of talon
    cards goes up before it), the other suit is up to at most the same rank; the cards one rank
    above the twins in the other colour (where they can be laid) lie on pile tops, the cards one
    rank below (what covers them) on the reserve or the piles, everything else at random, a few
    of it in the talon. Small enough for `exhaustive` in a fraction of a second.
    """
    base = rng.randint(1, 13)
    colour = rng.choice(("SC", "HD"))
    first, second = rng.sample(colour, 2)
    other = [s for s in SUITS if s not in colour]
    lead = rng.randint(0, 2)
    n1 = rng.randint(8, 12 - lead)
    at = n1 + lead  # the twins' place on their foundations (0 = the base rank)
    up = {first: n1, second: rng.randint(max(7, at - 3), at)}
    up |= {s: rng.randint(7, 11) for s in other}
    foundations = [run_of(base, s, up[s]) for s in SUITS]
    twins = [run_of(base, s, 1, at)[0] for s in (first, second)]
    talon = [*twins, *run_of(base, first, lead, n1)]
    rank = RANKS.index(twins[0][0])
    left = [c for c in FULL_DECK if c not in talon and c not in {x for f in foundations for x in f}]

    def of_rank(step: int) -> list[str]:
        return [c for c in left if c[1] in other and RANKS.index(c[0]) == (rank + step) % 13]

    hosts, covers = of_rank(1), of_rank(-1)
    rest = [c for c in left if c not in hosts and c not in covers]
    rng.shuffle(rest)
    for _ in range(rng.randint(0, 2)):
        if len(rest) > 6:
            talon.append(rest.pop())
    reserve = [rest.pop() for _ in range(min(len(rest), rng.randint(1, 4)))]
    piles: list[list[str]] = [[], [], [], []]
    for c in rest + hosts:  # the hosts last: on top, unless a cover lands on one
        rng.choice(piles).append(c)
    for c in covers:
        (reserve if rng.random() < 0.6 else rng.choice(piles)).append(c)
    for pile in piles:
        if not pile and reserve:
            pile.append(reserve.pop(0))
    rng.shuffle(talon)
    rng.shuffle(foundations)
    return make_state(
        base=base,
        foundations=foundations,
        reserve=reserve,
        tableau=piles,
        stock=talon,
        options=SEED,
    )


class _Counting(_Search):
    """The real search, noting whether it ever merged two laid twins in a key and whether it
    ever made a twin move."""

    def __init__(self, state: canfield.CanfieldState) -> None:
        super().__init__(state)
        self.merged = self.moved = False

    def _key(self, st: tuple) -> tuple:
        mask = st[6]
        laid = self.origin & ~mask & ~self._up(st[0])
        self.merged |= bool(laid & _twin_bits(laid))
        return super()._key(st)

    def _apply(self, st: tuple, mv: tuple) -> tuple:
        self.moved |= bool(move_kinds(st, mv))
        return super()._apply(st, mv)


def test_twin_positions_agree_with_a_plain_search():
    # The real search's verdict on random positions with a pair of twins in the talon, against
    # the referee; every win written out as the cards really laid and replayed. The counts keep
    # the positions doing what they are for: searches that merge two laid twins in a key, that
    # make twin moves, and wins whose line has one.
    rng = random.Random(20261130)
    verdicts = {"winnable": 0, "unwinnable": 0}
    merged = moved = needed = 0
    for _ in range(300):
        state = twin_position(rng)
        referee = exhaustive(state)
        if referee is None:
            continue
        search = _Counting(state)
        verdict = alone(search, 100_000)
        assert verdict == referee, (verdict, state.to_dict())
        verdicts[referee] += 1
        merged += search.merged
        moved += search.moved
        if referee == "winnable":
            needed += bool(twin_kinds(search, search.line))
            assert replays_to_win(state, _engine_line(state, search.real_line(search.line)))
    assert verdicts["winnable"] >= 200 and verdicts["unwinnable"] >= 15, verdicts
    assert merged >= 12 and moved >= 25 and needed >= 10, (merged, moved, needed)


# -- positions that need the twin moves ---------------------------------------------------------

# name -> (the position, the twin moves (at a chain's end?, kind) the real search's winning line
# has in some relabelling). Each is winnable, and the referee says so, but the last: too big for
# it in time, its win is proved by the solver's line, which the engine replays.
NEEDS_TWINS = {
    # Built by hand. The 4♦ on the reserve can only go on a black 5 laid on the 6♥, and the 6♠
    # under it only up after 4♠ and 5♠, both at hand: the search lays 5♠ (the lower twin, 5♣
    # at hand) and takes it up by a trade in the chain of 4♠ and 5♠ that the 6♠ ends (the line
    # written out lays 5♣ instead). No pile ever empties and no other host shows, so that is
    # the only way: without that trade the search calls it unwinnable.
    "a trade in a chain": (
        position(
            7,
            {"S": 10, "H": 9, "D": 9, "C": 11},
            ["3H", "3D", "6S", "4D"],
            [["6H"], ["6D", "5D"], ["6C", "5H"], ["4H"]],
        ),
        {(True, _TRADE)},
    ),
    # From review, built by hand: 4♠, 5♠ and 4♣ in the talon. 3♦ on the reserve goes only on a
    # black 4 laid on the 5♥, and the 6♠ under it up only after 4♠ and 5♠: the search lays 4♠
    # there (the lower twin, 4♣ at hand), then takes it up by a trade and 5♠ from the hand, in
    # one chain that the 6♠ ends. Without chains that start with a trade, or go on past one,
    # the search calls it unwinnable; with the trade written out on the wrong pile, the engine
    # refuses the line.
    "a chain that goes on past a trade": (
        position(
            7,
            {"S": 10, "C": 10, "D": 8, "H": 8},
            ["2H", "2D", "6S", "3D"],
            [["5H"], ["6D", "4D", "5D"], ["6C", "5C", "4H"], ["6H", "3H"]],
        ),
        {(True, _TRADE)},
    ),
    # The others were found by a seeded scan of random positions like `twin_position`'s, where
    # the search without the move or with the wrong key called them unwinnable; each is kept
    # with fewest cards left. Here too a chain of talon cards has a trade.
    "a trade in a chain, found": (
        position(
            8,
            {"S": 8, "D": 10, "H": 10, "C": 9},
            ["4C", "6C", "6S", "4S"],
            [["7C"], ["7H", "5C"], ["3S", "7D"], ["5D", "7S", "5S"]],
        ),
        {(True, _TRADE)},
    ),
    # 8♠ and 8♣, both next on their foundations, are laid in turn; the win takes the one its
    # suit needs up from where the other lies (`_EXCHANGE`). With a twin already up merged in
    # the key with its twin laid, that position is the one where the other suit's 8 went up,
    # seen first and lost: the search called it unwinnable.
    "an exchange, both suits waiting for the twins": (
        position(
            11,
            {"C": 10, "S": 10, "H": 8, "D": 8},
            ["9S", "7D"],
            [["9C", "8H"], ["6H", "TC", "6D", "9H", "7H"], ["TS"], ["TD", "TH", "8D", "9D"]],
        ),
        {(False, _EXCHANGE)},
    ),
    # Likewise lost with a twin up merged with its twin laid; the win takes J♣ up from the hand
    # while J♠ goes back there from a pile's top (`_RETURN`).
    "a return, a twin up and its twin laid": (
        position(
            13,
            {"C": 11, "D": 9, "S": 11, "H": 7},
            ["JH", "JD", "TD"],
            [["9D", "QD"], ["TH"], ["7H", "QC", "9H", "QH"], ["8H"]],
        ),
        {(False, _RETURN)},
    ),
    "an exchange": (
        position(
            4,
            {"C": 7, "S": 8, "H": 9, "D": 10},
            ["QS", "KS", "KC"],
            [["3C", "KH", "2D", "2S", "2C"], ["AC"], ["3D", "3H"], ["JC", "3S", "QC"]],
        ),
        {(False, _EXCHANGE)},
    ),
    "a chain ending in a return": (
        position(
            5,
            {"D": 9, "S": 10, "H": 8, "C": 8},
            ["2S", "4D", "4S", "2C", "AC"],
            [["4C", "AH"], ["3H"], ["4H", "3D"], ["KH", "KC", "3S", "3C"]],
        ),
        {(True, _RETURN)},
    ),
    "a chain ending in an exchange": (
        position(
            12,
            {"C": 8, "D": 9, "H": 10, "S": 9},
            ["8S", "TS", "9S", "9C"],
            [["8D", "JC"], ["TC"], ["JD", "9D"], ["7C", "JS"]],
        ),
        {(True, _EXCHANGE)},
    ),
    # 3♥, 4♥ and 5♥ in the talon, their twins dealt to the piles: a laid heart and its dealt
    # twin are never one card in the key (where each lies is part of the game). Merged, the
    # search called it unwinnable.
    "twins laid and dealt": (
        position(
            8,
            {"C": 7, "H": 8, "S": 9, "D": 7},
            ["7D", "3C", "7C"],
            [
                ["4D", "5S", "3D", "5D"],
                ["6D", "5C"],
                ["7H", "7S", "6S", "4S", "4C"],
                ["6H", "2C", "2D", "6C"],
            ],
        ),
        set(),
    ),
    # A♠ with A♣ and 2♠ with 2♣ dealt to the reserve and the piles, K♠ in the talon with K♣
    # dealt: no pair of them is one card in the key either.
    "twins dealt": (
        position(
            3,
            {"D": 12, "S": 10, "H": 11, "C": 7},
            ["TC", "QC", "AS", "AC"],
            [["KC"], ["JC"], ["2S", "AH"], ["2C"]],
        ),
        set(),
    ),
    # The reviewer's position, lost without the chain that ends in an exchange.
    "the reviewer's chain ending in an exchange": (
        position(
            4,
            {"H": 2, "S": 2, "C": 2, "D": 3},
            ["8H", "7C"],
            [
                ["QD", "KH"],
                ["9D", "8D", "QS", "3C", "3H"],
                ["TD", "9C", "3D", "9H", "2D"],
                ["QH", "AH"],
            ],
        ),
        {(True, _EXCHANGE)},
    ),
}
REFEREED = list(NEEDS_TWINS)[:-1]


def test_a_laid_card_with_its_twin_at_hand_goes_up_only_in_a_chain():
    # The hand-built position above once 5♠ is laid on 6♥ and covered by 4♦ (5♣ at hand): 5♠
    # is one at hand, and goes up by a trade only where 6♠ follows it, in the chain of 4♠ and
    # 5♠ that the reserve's 6♠ ends; never by itself, nor in a chain that ends before 6♠.
    state, _ = NEEDS_TWINS["a trade in a chain"]
    search = _Search(state)
    card = {c: i for i, c in enumerate(FULL_DECK)}

    def offered(up: dict[str, int]) -> tuple[tuple, list[tuple]]:
        """The position with `up` (see `laid`), and the chains it offers with 5♠; no lone
        trade is offered."""
        st = laid(search, [["6H", "5S", "4D"], ["6D", "5D"], ["6C", "5H"], ["4H"]], up)
        st = search._twins((st[0], st[1] - 1, *st[2:]))  # 4♦ came from the reserve
        assert not st[6] >> card["5S"] & 1 and st[6] >> card["5C"] & 1  # 5♠ laid, 5♣ at hand
        moves = search._moves(st, None)
        assert not [mv for mv in moves if mv[0] == _TRADE]
        return st, [mv for mv in moves if mv[0] == _CHAIN and card["5S"] in mv[1]]

    st, chains = offered({})
    assert chains == [(_CHAIN, (card["4S"], card["5S"]), (_RESERVE, -1))]
    after = search._apply(st, chains[0])
    assert after[2][0] == (card["6H"], card["5C"], card["4D"])  # 5♣ took 5♠'s place
    # With 4♠ up too, 5♠ is next on the spades: still no trade by itself, only the chain of 5♠.
    assert offered({"S": 11})[1] == [(_CHAIN, (card["5S"],), (_RESERVE, -1))]


@pytest.mark.parametrize("name", list(NEEDS_TWINS))
def test_positions_won_only_with_twins_told_apart(name):
    # In every relabelling the solver wins, and the engine replays its line to a won game; in
    # some, the real search's line needs the twin moves the position is kept for.
    state, needs = NEEDS_TWINS[name]
    used: set[tuple[bool, int]] = set()
    for suits in SUIT_MAPS:
        image = relabel(state, suits)
        solution = solve(image, time_limit=None, node_limit=200_000)
        assert solution.result == "winnable", (solution.result, suits, image.to_dict())
        assert replays_to_win(image, solution.moves)
        search = _Search(image)
        assert alone(search, 200_000) == "winnable"
        used |= twin_kinds(search, search.line)
    assert needs <= used, used


@pytest.mark.parametrize("name", REFEREED)
def test_the_referee_wins_the_positions_too(name):
    # A relabelling of the suits that keeps the colours is the same game, so one verdict of the
    # plain search covers all eight.
    assert exhaustive(NEEDS_TWINS[name][0], cap=200_000) == "winnable"


# -- the key ------------------------------------------------------------------------------------


def test_the_key_keeps_apart_a_twin_up_and_its_twin_laid():
    # Seed rules, spades and clubs up to 4: 5♠ and 5♣ both in the free talon. With 5♠ up and 5♣
    # laid on 6♥ the clubs wait for the 5♣ on the pile; with 5♣ up and 5♠ laid there the spades
    # do: two different games, two keys. Only two laid twins, both in the piles, are one card in
    # the key, and only when both came from the talon.
    fours = {"S": 4, "C": 4, "H": 5, "D": 5}
    state = position(1, fours, [], [["6H"], ["6D"], ["KS"], ["KC"]])
    search = _Search(state)
    spade_up = laid(search, [["6H", "5C"], ["6D"], ["KS"], ["KC"]], {"S": 5})
    club_up = laid(search, [["6H", "5S"], ["6D"], ["KS"], ["KC"]], {"C": 5})
    assert search._key(spade_up) != search._key(club_up)
    both = laid(search, [["6H", "5S"], ["6D", "5C"], ["KS"], ["KC"]], {})
    swapped = laid(search, [["6H", "5C"], ["6D", "5S"], ["KS"], ["KC"]], {})
    assert search._key(both) == search._key(swapped)
    # 5♣ dealt to the piles, or both dealt: where each lies is in the key.
    dealt = position(1, fours, [], [["6H"], ["6D", "5C"], ["KS"], ["KC"]])
    search = _Search(dealt)
    here = laid(search, [["6H", "5S"], ["6D", "5C"], ["KS"], ["KC"]], {})
    there = laid(search, [["6H", "5C"], ["6D", "5S"], ["KS"], ["KC"]], {})
    assert search._key(here) != search._key(there)
    both_dealt = position(1, fours, [], [["6H", "5S"], ["6D", "5C"], [], []])
    search = _Search(both_dealt)
    here = laid(search, [["6H", "5S"], ["6D", "5C"], [], []], {})
    there = laid(search, [["6H", "5C"], ["6D", "5S"], [], []], {})
    assert search._key(here) != search._key(there)
