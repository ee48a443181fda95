"""The Canfield solver: known verdicts, every winning line replayed through the engine, budgets,
mid-game positions, every option, agreement with a plain exhaustive search, and `cardtable solve`.

The known deals were found by `cardtable solve canfield --survey N` (docs/rules/canfield.md). The
easier games' proofs (`_easier_search`) are checked against a plain exhaustive search on small
positions, and against every win the real search finds; the real search's merging of twins laid
from a free talon against the deals each of its moves was needed for.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing.context
import os
import random
import subprocess
import sys
import threading
import time
import types
from dataclasses import replace

import pytest
from conftest import make_state, nearly_won, run_of

import engines
import game.solve_lanes
from engines import canfield
from engines.cards import FULL_DECK, SUITS
from engines.solvers.canfield import (
    _CHAIN,
    _EXCHANGE,
    _PILE,
    _RETURN,
    _TWIN,
    RESULTS,
    Solution,
    _covers_place,
    _easier_search,
    _engine_line,
    _luby,
    _RelaxedSearch,
    _Restarts,
    _Search,
    _SharedDead,
    _ShuffledSearch,
    find_winnable_deal,
    gaps_wait_for_reserve,
    restarts_run,
    solve,
    solve_deal,
    solve_position,
)
from game.__main__ import main
from game.solve_lanes import LaneSolver, _Mailbox, _stop_at

# (preset, deal) -> the verdict, each decided in well under a second.
KNOWN = {
    ("seed", 1): "winnable",
    ("seed", 4): "winnable",
    ("classic", 1): "winnable",
    ("classic", 4): "winnable",
    ("classic", 9): "unwinnable",
    ("classic", 16): "unwinnable",
    ("seed", 17): "unwinnable",
    ("seed", 33): "unwinnable",
}
SOLVE_KEYS = {"result", "moves", "nodes", "seconds"}
SURVEY_KEYS = {"preset", "deals", "winnable", "unwinnable", "unknown", "median_s", "p95_s"}


def replays_to_win(state: canfield.CanfieldState, moves) -> bool:
    """Whether `moves` are legal one after another from `state` and end in a won game."""
    for move in moves:
        state = state.apply(move)  # raises IllegalMove if the line is wrong
    return state.is_won()


def deal(preset: str, seed: int, **options) -> canfield.CanfieldState:
    return canfield.new_game(seed, options={**canfield.presets[preset], **options})


def referee_key(state: canfield.CanfieldState) -> tuple:
    """A position as the referee tells them apart: the redeals used count where they are limited
    (with fewer left, less can be reached), and only there (else every redeal is a new one)."""
    used = state.redeals_used if state.rules.redeals is not None else 0
    return (state.foundations, state.reserve, state.tableau, state.stock, state.waste, used)


def exhaustive(state: canfield.CanfieldState, cap: int = 30_000) -> str | None:
    """A plain search through the engine's own legal moves: "winnable", "unwinnable", or None if
    the position has more than `cap` positions (no reductions, so it is the solver's referee)."""
    if state.is_won():
        return "winnable"
    seen = {referee_key(state)}
    todo = [state]
    while todo:
        s = todo.pop()
        for move in s.legal_moves():
            child = s.apply(move)
            if child.is_won():
                return "winnable"
            k = referee_key(child)
            if k not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(k)
                todo.append(child)
    return "unwinnable"


@pytest.mark.parametrize(("preset", "seed"), sorted(KNOWN))
def test_known_deals(preset, seed):
    state = deal(preset, seed)
    solution = solve(state, time_limit=20)
    assert solution.result == KNOWN[preset, seed]
    assert solution.nodes >= 0 and solution.seconds >= 0
    if solution.result == "winnable":
        assert replays_to_win(state, solution.moves)
    else:
        assert solution.moves == []


def test_a_dead_seed_position_is_proved_unwinnable():
    # Spades stop at the ace: the 3♠ on the reserve covers the 2♠, and nothing can take it (both
    # red 4s are up, no pile is empty); every other spade waits on it.
    state = make_state(
        base=1,
        foundations=(run_of(1, "H", 13), run_of(1, "D", 13), run_of(1, "C", 13), ["AS"]),
        reserve=["2S", "3S"],
        tableau=(["4S"], ["5S"], ["6S"], ["7S"]),
        options=dict(canfield.presets["seed"]),
    )
    solution = solve(state)
    assert solution.result == "unwinnable" and solution.moves == []


def test_unknown_when_the_budget_runs_out():
    state = deal("classic", 21)  # undecided after 10 s
    by_nodes = solve(state, time_limit=None, node_limit=1000)
    assert by_nodes.result == "unknown" and by_nodes.moves == []
    assert 1000 <= by_nodes.nodes < 2000
    by_time = solve(state, time_limit=0.05)
    assert by_time.result == "unknown" and by_time.seconds < 1
    # On Seed the real search runs alone and stops exactly at the limit.
    every = solve(deal("seed", 7), time_limit=None, node_limit=5000)
    assert every.result == "unknown" and every.nodes == 5000
    # On Classic the restarts run beside them, and stop exactly at their share too.
    every = solve(state, time_limit=None, node_limit=120_000)
    assert every.result == "unknown" and every.nodes == 120_000


def test_only_talon_cards_left_is_a_win_finished_greedily():
    # With a free talon the search stops once only talon cards are left; the line ends with the
    # engine's own greedy finish, not one trip round the stock per suit.
    talon = [c for c in FULL_DECK if c != "AS"]
    random.Random(5).shuffle(talon)
    state = make_state(
        base=1, foundations=(["AS"], [], [], []), stock=talon, options=canfield.presets["seed"]
    )
    solution = solve(state)
    assert solution.result == "winnable"
    assert solution.moves == state.auto_finish_moves()  # far shorter than one trip a suit
    assert replays_to_win(state, solution.moves)


def test_a_won_position_and_a_nearly_won_one():
    state = nearly_won()
    solution = solve(state)
    assert solution.result == "winnable" and len(solution.moves) == 1
    won = state.apply(solution.moves[0])
    assert solve(won).result == "winnable" and solve(won).moves == []


@pytest.mark.parametrize("preset", ["seed", "classic"])
def test_mid_game_positions_along_a_winning_line(preset):
    start = deal(preset, 1)
    line = solve(start).moves
    state = start
    for k, move in enumerate(line):
        state = state.apply(move)
        if k % 40 == 17:
            solution = solve(state, time_limit=5)
            assert solution.result == "winnable"
            assert replays_to_win(state, solution.moves)


def test_a_hand_built_position_with_gaps_the_reserve_must_fill():
    # empty_fill="reserve" with two empty piles and reserve cards left: the engine fills them on
    # the next move, leftmost first; the solver's line must agree with that.
    state = make_state(
        base=1,
        foundations=(["AS", "2S"], ["AH"], [], []),
        reserve=["KD", "QC"],
        tableau=(["KS"], [], ["QH"], []),
        options=dict(canfield.presets["classic"]),
    )
    solution = solve(state, time_limit=10)
    assert solution.result == "winnable"
    assert replays_to_win(state, solution.moves)


def test_gaps_waiting_for_the_reserve_when_nothing_else_moves():
    # Found by the small-positions test: the reserve's 7♣ waits to fill the empty pile on the
    # next move, and only a draw is possible before it; the win starts by 6♦ onto that 7♣.
    state = make_state(
        base=12,
        foundations=(
            run_of(12, "D", 6),
            run_of(12, "H", 13),
            run_of(12, "C", 6),
            run_of(12, "S", 10),
        ),
        reserve=["9D", "JD", "7C"],
        tableau=(["TS", "8C"], ["5C", "6D"], [], ["5D", "9C", "6C"]),
        stock=["JS", "7D", "JC", "TC", "8D", "TD"],
        options=dict(canfield.presets["classic"]),
    )
    solution = solve(state, time_limit=10)
    assert solution.result == "winnable"
    assert replays_to_win(state, solution.moves)


def test_every_option_combination():
    names = list(canfield.OPTIONS)
    for values in itertools.product(*(canfield.OPTIONS[n] for n in names)):
        state = canfield.new_game(3, options=dict(zip(names, values, strict=True)))
        solution = solve(state, time_limit=0.1)
        assert solution.result in RESULTS
        if solution.result == "winnable":
            assert replays_to_win(state, solution.moves), values


@pytest.mark.parametrize(
    "options",
    [
        {"redeals": 0},
        {"redeals": 1, "draw": 1},
        {"redeals": 2, "tableau_move": "any", "empty_fill": "any"},
        {"redeals": 0, "foundation_return": True},
    ],
)
def test_verdicts_agree_with_a_plain_search(options):
    for seed in range(1, 7):
        state = deal("classic", seed, **options)
        referee = exhaustive(state)
        if referee is None:
            continue
        assert solve(state, time_limit=20).result == referee, (seed, options)


def test_the_referee_tells_positions_apart_by_the_redeals_left():
    # One redeal allowed: this position is won only by a line that reaches a position the
    # depth-first referee first meets after its redeal; met there first, the same cards with the
    # redeal still to come must still be searched.
    options = {**canfield.presets["classic"], "redeals": 1}
    state = make_state(
        base=8,
        foundations=[run_of(8, "H", 12), run_of(8, "D", 4), run_of(8, "C", 5), run_of(8, "S", 7)],
        reserve=["2S", "AD", "3C", "KD", "3D", "6D", "5S"],
        tableau=(["6C"], ["AC", "4D", "4C"], ["KC", "5D", "7H"], ["3S", "5C", "2C", "7S"]),
        stock=["2D", "4S", "6S", "7C", "QD", "7D"],
        options=options,
    )
    assert exhaustive(state) == "winnable"
    solution = solve(state, time_limit=20)
    assert solution.result == "winnable" and replays_to_win(state, solution.moves)


def alone(search, budget: int) -> str | None:
    """One search by itself, for at most `budget` positions: its verdict, or None."""
    search.begin()
    return search.advance(budget)


def small_position(rng: random.Random, options: dict) -> canfield.CanfieldState:
    """A random late position: many cards up, the rest dealt at random to the reserve, the piles
    (in any order, not only built runs) and the talon. Mostly small enough for `exhaustive`."""
    base = rng.randint(1, 13)
    ups = [rng.randint(4, 13) for _ in SUITS]
    foundations = [run_of(base, s, n) for s, n in zip(SUITS, ups, strict=True)]
    up = {c for f in foundations for c in f}
    left = [c for c in FULL_DECK if c not in up]
    rng.shuffle(left)
    reserve = [left.pop() for _ in range(min(len(left), rng.randint(0, 10)))]
    tableau = [[left.pop() for _ in range(min(len(left), rng.randint(0, 4)))] for _ in range(4)]
    rng.shuffle(foundations)
    return make_state(
        base=base,
        foundations=foundations,
        reserve=reserve,
        tableau=tableau,
        stock=left,
        options=options,
    )


def refereed_positions(options: dict, count: int) -> list[tuple[canfield.CanfieldState, str]]:
    """Of `count` random small positions (seeded by `options`), those the referee decides, with
    its verdict; both verdicts must be well represented, or the check proves little."""
    rng = random.Random(repr(options))
    out = []
    for _ in range(count):
        state = small_position(rng, dict(options))
        referee = exhaustive(state)
        if referee is not None:
            out.append((state, referee))
    verdicts = [v for _s, v in out]
    assert min(verdicts.count("winnable"), verdicts.count("unwinnable")) >= 5, verdicts
    return out


@pytest.mark.parametrize(
    "options",
    [
        canfield.presets["seed"],
        canfield.presets["classic"],
        {**canfield.presets["seed"], "tableau_move": "any"},
        {**canfield.presets["classic"], "draw": 1, "empty_fill": "any"},
    ],
)
def test_small_positions_agree_with_a_plain_search(options):
    # The easier game's proofs (where the real search leaves it any), the free talon's shortcuts
    # (talon cards never into a gap, up only just before the next card of their suit, the game
    # won once only talon cards are left) and the rest, all against the referee.
    for state, referee in refereed_positions(options, 80):
        solution = solve(state, time_limit=20)
        assert solution.result == referee, state.to_dict()
        if referee == "winnable":
            assert replays_to_win(state, solution.moves)


@pytest.mark.parametrize(
    "options, easier, wins",
    [
        ({}, _Search, 20),  # Classic: the same game with draw 1 and unlimited redeals
        ({"foundation_return": True}, _RelaxedSearch, 8),
    ],
)
def test_the_easier_game_never_refutes_a_real_win(options, easier, wins):
    # Every deal the real search wins by itself must be winnable in the easier game too: an
    # "unwinnable" there would be a false proof.
    checked = 0
    for seed in range(1, 41):
        state = deal("classic", seed, **options)
        search = _easier_search(state)
        assert type(search) is easier
        if alone(_Search(state), 50_000) != "winnable":
            continue
        checked += 1
        assert alone(search, 100_000) != "unwinnable", seed
    assert checked >= wins


def test_no_easier_game_where_the_talon_is_free_and_twins_merge():
    # Seed: the real search proves what an easier game would, and sooner.
    assert _easier_search(deal("seed", 5)) is None


@pytest.mark.parametrize(
    "options", [canfield.presets["classic"], {**canfield.presets["classic"], "redeals": 1}]
)
def test_the_easier_game_s_proofs_agree_with_a_plain_search(options):
    # The easier game of these is the same position with draw 1 and unlimited redeals (the
    # other rules kept): run alone, every position it calls dead must be dead for the referee,
    # which searches the real game. (In `solve` the real search settles most small positions
    # before the easier game's turn comes, so this asks it directly.)
    proofs = 0
    for state, referee in refereed_positions(options, 240):
        if gaps_wait_for_reserve(state):
            continue
        easier = _easier_search(state)
        assert (easier.draw, easier.unlimited) == (1, True)
        assert (easier.mode, easier.fill_reserve) == ("pile", True)
        if alone(easier, 100_000) == "unwinnable":
            proofs += 1
            assert referee == "unwinnable", state.to_dict()
    assert proofs >= 20


@pytest.mark.parametrize("seed", [33, 4188])
def test_easier_proofs_decide_classic_deals_the_real_search_cannot(seed):
    # These Classic deals are dead, but the real search alone does not get through them in a
    # hundred thousand positions (deal 4,188 not even in 60 s of the whole solver before the
    # easier game was draw 1); the easier game is exhausted in a few thousand positions.
    state = deal("classic", seed)
    assert alone(_Search(state), 100_000) is None
    assert alone(_easier_search(state), 5_000) == "unwinnable"
    assert solve(state, time_limit=None, node_limit=100_000).result == "unwinnable"


@pytest.mark.parametrize("seed, runs", [(2, 3), (49, 2)])
def test_restarts_win_classic_deals_the_depth_first_search_gets_lost_in(seed, runs):
    # The depth-first search in its tuned order does not win these Classic deals in 400,000
    # positions; restarts in other orders win each within a few short runs (deal 2 in the third,
    # the first of twice the length), and `solve` hands out that line, which the engine replays
    # to a won game.
    state = deal("classic", seed)
    assert alone(_Search(state), 400_000) is None
    restarts = _Restarts(state)
    budget = _Restarts.UNIT * sum(_luby(i) for i in range(1, runs + 1))
    assert restarts.advance(budget) == "winnable" and restarts.runs == runs
    solution = solve(state, time_limit=None, node_limit=3 * budget)
    assert solution.result == "winnable"
    assert replays_to_win(state, solution.moves)


def test_restart_lengths_follow_the_luby_sequence():
    assert [_luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_restarts_go_on_in_new_orders_and_a_run_that_exhausts_the_game_proves_it(monkeypatch):
    monkeypatch.setattr(_Restarts, "UNIT", 500)
    restarts = _Restarts(deal("classic", 21))
    assert restarts.advance(2000) is None  # runs of 500, 500 and 1,000 positions
    assert restarts.nodes == 2000 and restarts.runs == 3 and restarts.search.nodes == 1000
    assert restarts.advance(1) is None and restarts.runs == 4 and restarts.search.nodes == 1
    # Classic deal 9 is dead and small: one run searches all of it.
    restarts = _Restarts(deal("classic", 9))
    assert restarts.advance(10_000) == "unwinnable" and restarts.runs == 1
    assert restarts.line == []


def as_state(search: _Search, root: canfield.CanfieldState, st: tuple) -> canfield.CanfieldState:
    """A search's internal position as the engine's, for the referee (foundation slots as at the
    root, a suit with none there in the first free one)."""
    fc, r, tab, talon, p, k, _mask = st
    slots = [list(f) for f in root.foundations]
    slot_of = {f[0][1]: i for i, f in enumerate(slots) if f}
    free = [i for i, f in enumerate(slots) if not f]
    for s, suit in enumerate(SUITS):
        if fc[s]:
            i = slot_of[suit] if suit in slot_of else free.pop(0)
            slots[i] = [FULL_DECK[search.card_at[s][n]] for n in range(fc[s])]
    return replace(
        root,
        foundations=tuple(tuple(f) for f in slots),
        reserve=tuple(FULL_DECK[c] for c in search.reserve[:r]),
        tableau=tuple(tuple(FULL_DECK[c] for c in pile) for pile in tab),
        waste=tuple(FULL_DECK[c] for c in talon[:p]),
        stock=tuple(FULL_DECK[c] for c in reversed(talon[p:])),
        redeals_used=0 if root.rules.redeals is None else root.rules.redeals - k,
    )


@pytest.mark.parametrize(
    "options",
    [
        canfield.presets["classic"],
        {**canfield.presets["classic"], "redeals": 1},
        {**canfield.presets["classic"], "draw": 1, "redeals": 0, "tableau_move": "any"},
    ],
)
def test_no_position_recorded_dead_can_be_won(options, monkeypatch):
    # Runs of 40 positions each, sharing one table of the positions proved dead with the real
    # search, on small positions: every position recorded dead (up to 25 a position) is given to
    # the referee, which must find no win from it (one recorded too soon, with a way back up the
    # path, often has one), and the verdicts must be the referee's. Positions found covered by
    # one that waits in a group (`pending`) must occur, so that their waiting is checked too.
    monkeypatch.setattr(_Restarts, "UNIT", 40)
    found: dict[tuple, tuple] = {}  # mark -> (the search, its internal position)
    records: list[tuple] = []
    seen, record, depend = _Search._seen, _Search._record, _Search._depend
    waited = 0

    def depend_noting(self, frame: list) -> None:
        nonlocal waited
        key, step, place = self.mark
        entry = self.pending.get(key)
        waited += bool(key not in self.on_path and entry and _covers_place(*entry[1:], step, place))
        depend(self, frame)

    def seen_noting(self, st: tuple) -> int:
        verdict = seen(self, st)
        if not verdict and self.dead is not None:
            found.setdefault(self.mark, (self, st))
        return verdict

    def record_noting(self, mark: tuple) -> None:
        records.append(found[mark])
        record(self, mark)

    monkeypatch.setattr(_Search, "_seen", seen_noting)
    monkeypatch.setattr(_Search, "_record", record_noting)
    monkeypatch.setattr(_Search, "_depend", depend_noting)
    checked = 0
    for state, referee in refereed_positions(options, 150):
        if gaps_wait_for_reserve(state):
            continue
        dead: dict = {}
        found.clear()
        records.clear()
        restarts = _Restarts(state, dead)
        real = _Search(state, dead)
        real.begin()
        verdict = None
        while verdict is None:
            verdict = restarts.advance(40) or real.advance(10)
        assert verdict == referee, state.to_dict()
        if verdict == "winnable":
            line = restarts.line if restarts.result else real.line
            assert replays_to_win(state, _engine_line(state, real.real_line(line)))
        for search, st in random.Random(len(records)).sample(records, min(25, len(records))):
            position = as_state(search, state, st)
            seen_from_there = exhaustive(position, 20_000)
            assert seen_from_there != "winnable", (state.to_dict(), position.to_dict())
            checked += seen_from_there is not None
    assert checked > 150 and waited > 5, (checked, waited)


def test_a_position_proved_dead_is_not_searched_again_by_a_search_sharing_the_table():
    # Classic deal 9 is dead: the real search proves it, and a restart run sharing its table
    # knows at once; without the table the run searches it all again.
    state = deal("classic", 9)
    dead: dict = {}
    assert alone(_Search(state, dead), 10_000) == "unwinnable"
    shared = _ShuffledSearch(state, random.Random(1), dead)
    assert alone(shared, 1) == "unwinnable" and shared.nodes == 0
    own = _ShuffledSearch(state, random.Random(1))
    assert alone(own, 10_000) == "unwinnable" and own.nodes > 0


def test_a_position_whose_only_way_on_is_back_down_the_path_waits_for_the_path():
    # The search skips the undo of the previous move, so a position searched through after a
    # card moved between piles is dead only if the position below it is: it is recorded with
    # it, not before. One that found a position seen and not yet proved dead is never recorded.
    dead: dict = {}
    search = _Search(deal("classic", 21), dead)
    search.on_path, search.pending = {}, {}
    below = frame_at(0, ("below",), 0, 0)
    undone = frame_at(1, ("undone",), 1, 4, below=below, low=0, undo=(1, 2))
    search._close(undone, 1)
    assert dead == {} and below[7][2] == [(("undone",), 1, 4)] and below[7][0] is below
    unsure = frame_at(1, ("unsure",), 0, 0, below=below)
    search.mark = (("elsewhere",), 0, 0)
    search._depend(unsure)
    assert unsure[6] == -1
    search._close(unsure, 1)
    assert ("unsure",) not in dead and below[6] == -1
    below[6] = 0  # (as if the unsure one had not been found)
    search._close(below, 0)
    assert dead == {("below",): (0, 53, 53), ("undone",): (0, 4, 53)}
    assert search.pending == {}
    # and in a real search, every frame found by a move that has an undo waits for the one below
    search = _Search(deal("classic", 21), {})
    search.begin()
    with_undo = 0
    for _ in range(50):
        search.advance(20)
        for depth, frame in enumerate(search.stacks[0]):
            assert frame[6] <= (depth - 1 if frame[5] else depth)
            with_undo += frame[5] is not None
    assert with_undo > 50


def frame_at(depth, key, step, place, below=None, low=None, undo=None) -> list:
    """A search frame at `depth` whose position has the mark (key, step, place), taken up and
    searched through (see `_Search.begin` for the slots)."""
    low = depth if low is None else low
    return [None, (), 0, [], below, undo, low, None, (key, step, place), depth]


def test_a_position_found_covered_by_one_waiting_for_the_path_waits_with_it():
    # A position searched through that waits for one on the path (here by an undo) is not dead
    # yet, nor is it open: a later position that finds it waits for the same frame, and all are
    # recorded together when that frame is proved dead.
    dead: dict = {}
    search = _Search(deal("classic", 21), dead)
    search.on_path, search.pending = {}, {}
    root = frame_at(0, ("root",), 0, 0)
    below = frame_at(1, ("below",), 0, 0, below=root)
    search._close(frame_at(2, ("undone",), 1, 4, below=below, low=1, undo=(1, 2)), 2)
    finder = frame_at(2, ("finder",), 2, 5, below=below)
    for step, place, low in [(1, 1, -1), (2, 4, -1), (1, 7, 1), (0, 0, 1)]:
        finder[6] = 2
        search.mark = (("undone",), step, place)  # place 7 and the cycle are reached from 4
        search._depend(finder)
        assert finder[6] == low, (step, place)
    search._close(finder, 2)  # it joins the group waiting for `below`
    assert dead == {} and [m[0] for m in below[7][2]] == [("undone",), ("finder",)]
    search._close(below, 1)
    assert set(dead) == {("below",), ("undone",), ("finder",)} and search.pending == {}
    # A group that waited for a frame that turned out to depend on everything is settled without
    # a verdict: what finds one of its positions later depends on everything too.
    search = _Search(deal("classic", 21), {})
    search.on_path, search.pending = {}, {}
    root = frame_at(0, ("root",), 0, 0)
    below = frame_at(1, ("below",), 0, 0, below=root)
    search._close(frame_at(2, ("undone",), 1, 4, below=below, low=1, undo=(1, 2)), 2)
    below[6] = -1
    search._close(below, 1)
    assert search.dead == {} and search.pending == {} and root[6] == -1
    frame = frame_at(1, ("other",), 0, 0, below=root)
    search.mark = (("undone",), 1, 4)
    search._depend(frame)
    assert frame[6] == -1
    # Groups handed down join the group below: a position in one waits for the new holder.
    search = _Search(deal("classic", 21), {})
    search.on_path, search.pending = {}, {}
    root = frame_at(0, ("root",), 0, 0)
    mid = frame_at(1, ("mid",), 0, 0, below=root)
    search._close(frame_at(2, ("a",), 1, 4, below=mid, low=0), 2)
    search._close(frame_at(1, ("b",), 1, 4, below=root, low=0), 1)
    search._close(mid, 1)
    assert [m[0] for m in root[7][2]] == [("b",), ("a",), ("mid",)] and root[7][0] is root
    probe = frame_at(1, ("p",), 0, 0, below=root)
    search.mark = (("a",), 1, 4)
    search._depend(probe)
    assert probe[6] == 0 and search.pending[("a",)][0][1] is root[7]
    search._close(root, 0)
    assert set(search.dead) == {("root",), ("mid",), ("a",), ("b",)}


def test_a_position_seen_on_the_path_makes_its_finders_wait_for_it():
    search = _Search(deal("classic", 21), {})
    search.on_path = {("k",): (3, 1, 4)}  # on the path at depth 3, off the cycle at place 4
    search.pending = {}
    frame = frame_at(6, ("f",), 0, 0)
    for step, place, low in [(1, 7, 3), (0, 0, 3), (1, 1, -1), (2, 5, -1)]:
        frame[6] = 6
        search.mark = (("k",), step, place)  # place 7 and the cycle are reached from 4
        search._depend(frame)
        assert frame[6] == low, (step, place)
    # with limited redeals the place is the redeals left: one with as many or more covers
    search.on_path = {("k",): (2, -1, 1)}
    for place, low in [(1, 2), (0, 2), (2, -1)]:
        frame[6] = 6
        search.mark = (("k",), -1, place)
        search._depend(frame)
        assert frame[6] == low, place


def test_a_card_laid_from_a_free_talon_and_its_twin_at_hand_are_one_position():
    # Seed rules: 8♦ laid on 9♣ from the free talon could as well have been 8♥, still at hand; the
    # search keeps the lower-numbered twin (8♥) in the pile and 8♦ at hand. A card that never was
    # in the talon (the 9♣) stays, and so does a laid card whose twin is no longer at hand.
    state = make_state(base=1, tableau=(["9C"], ["5S"], [], []), reserve=["KD"], options={})
    search = _Search(state)
    fc, r, tab, talon, p, k, mask = search.root
    card = {c: i for i, c in enumerate(FULL_DECK)}
    nine, d8, h8 = card["9C"], card["8D"], card["8H"]
    laid = (fc, r, ((nine, d8), *tab[1:]), tuple(c for c in talon if c != d8), p, k, mask ^ 1 << d8)
    merged = search._twins(laid)
    assert merged[2][0] == (nine, h8) and merged[2][1:] == tab[1:]
    assert merged[6] == mask ^ 1 << h8 and d8 in merged[3] and h8 not in merged[3]
    assert search._twins(merged) == merged
    both = (*laid[:2], ((nine, d8), tab[1] + (h8,), *tab[2:]), laid[3], p, k, laid[6] ^ 1 << h8)
    assert search._twins(both) == both
    nine_at_hand = (fc, r, ((card["9D"],), *tab[1:]), talon, p, k, mask)
    assert search._twins(nine_at_hand) == nine_at_hand  # 9♦ was dealt to the pile, not laid


def test_a_position_seen_with_its_talon_cards_back_at_hand_is_not_searched_again():
    # Seed rules: Q♥ laid from the free talon on K♠ and left uncovered is never better there than
    # at hand, so once the search has seen the position with Q♥ at hand, this one is covered; so
    # is Q♥ alone in a pile, by the position with the pile empty, where any card may go. A card
    # dealt to the piles never was at hand.
    state = make_state(base=1, tableau=(["KS"], ["5S"], [], []), reserve=["QD"], options={})
    search = _Search(state)
    fc, r, tab, talon, p, k, mask = search.root
    card = {c: i for i, c in enumerate(FULL_DECK)}
    queen = card["QH"]
    laid = (fc, r, (tab[0] + (queen,), *tab[1:]), tuple(c for c in talon if c != queen), p, k)
    laid = (*laid, mask ^ 1 << queen)
    search.begin()  # the root searched, and nothing else
    search.visited, search.bare, search.hands_seen = {}, set(), {}
    assert not search._lifted_seen(laid)
    search.begin()
    assert search._lifted_seen(laid)
    alone_in_pile = (*laid[:2], (tab[0], tab[1], (queen,), ()), *laid[3:])
    assert search._lifted_seen(alone_in_pile)  # the root is it with the pile empty
    search.visited, search.bare, search.hands_seen = {}, set(), {}
    assert not search._lifted_seen(alone_in_pile)
    dealt = make_state(base=1, tableau=(["KS", "QH"], ["5S"], [], []), reserve=["QD"], options={})
    search = _Search(dealt)
    fc, r, tab, talon, p, k, mask = search.root
    at_hand = (fc, r, ((tab[0][0],), *tab[1:]), (*talon, queen), p, k, mask | 1 << queen)
    search.begin()
    assert not search._seen(at_hand)  # the position with Q♥ at hand searched, as `advance` does
    assert not search._lifted_seen(at_hand)
    assert not search._lifted_seen(search.root)


def test_talon_cards_beneath_a_pile_s_other_cards_count_as_at_hand():
    # Seed rules: 5♥ laid from the free talon in an empty pile and 4♣ (dealt) moved onto it: the
    # position with the pile holding 4♣ alone and 5♥ at hand is at least as good (5♥ is out of
    # play until 4♣ goes, and then it could be laid back). A talon card between two dealt cards
    # holds the one above in place: taken out, the pile would be one the rules cannot build.
    state = make_state(base=1, tableau=(["KS"], ["6S"], ["4C"], ["9D"]), reserve=["QD"], options={})
    search = _Search(state)
    search.begin()  # the root searched: 4♣ alone in its pile, 5♥ at hand
    assert search._lifted_seen(laid(search, [["KS"], ["6S"], ["5H", "4C"], ["9D"]]))
    assert search._lifted_seen(laid(search, [["KS"], ["6S"], ["5H", "4C", "3H"], ["9D"]]))
    seen = laid(search, [["KS"], ["6S", "4C"], [], ["9D"]])
    assert not search._lifted_seen(seen)  # (now known as seen, as `advance` does)
    assert not search._seen(seen)
    assert not search._lifted_seen(laid(search, [["KS"], ["6S", "5H", "4C"], [], ["9D"]]))
    search.begin()
    search.visited, search.bare, search.hands_seen = {}, set(), {}
    assert not search._lifted_seen(laid(search, [["KS"], ["6S"], ["5H", "4C"], ["9D"]]))


def test_a_pile_s_talon_cards_stay_where_the_reserve_fills_empty_piles_while_it_lasts():
    # Where the reserve fills an empty pile while it lasts, the position with Q♥ at hand and a
    # pile empty is not one the game can be in, so Q♥ alone in a pile is searched, seen or not;
    # nor is 5♥ beneath 4♣ lifted (once 4♣ goes, the reserve would fill that pile). With the
    # reserve gone, both count as at hand again.
    for reserve, covered in ((["QD"], False), ([], True)):
        state = make_state(
            base=1,
            tableau=(["KS"], ["6S"], ["9D"], ["4C"]),
            reserve=reserve,
            options={"empty_fill": "reserve"},
        )
        search = _Search(state)
        search.begin()
        assert search.lifts and not search.fill_any
        for seen, st in (
            ([["KS"], ["6S"], ["9D"], []], [["KS"], ["6S"], ["9D"], ["QH"]]),
            ([["KS"], ["6S"], ["9D"], ["4C"]], [["KS"], ["6S"], ["9D"], ["5H", "4C"]]),
        ):
            seen = laid(search, seen)
            search._seen(seen)  # searched, as `advance` does (the second is the root)
            search.bare.add((seen[1], tuple(sorted(seen[2]))))
            assert search._lifted_seen(laid(search, st)) == covered, (reserve, st)


def laid(search: _Search, piles: list[list[str]], up: dict[str, int] | None = None) -> tuple:
    """The internal position from `search`'s root with these piles and, by suit letter, these
    foundation counts (the root's where none is given): the root's talon cards now in the piles
    or up are out of the talon."""
    card = {c: i for i, c in enumerate(FULL_DECK)}
    fc, r, _tab, talon, p, k, mask = search.root
    fc = tuple((up or {}).get(s, n) for s, n in zip(SUITS, fc, strict=True))
    tab = tuple(tuple(card[c] for c in pile) for pile in piles)
    gone = {card[c] for pile in piles for c in pile} | {
        search.card_at[s][n] for s in range(4) for n in range(fc[s])
    }
    rest = tuple(c for c in talon if c not in gone)
    return (fc, r, tab, rest, p, k, mask & ~sum(1 << c for c in gone))


def covered(
    search: _Search, seen: list[list[str]], seen_up: dict, piles: list[list[str]], up: dict
) -> bool:
    """Whether, with only the position of piles `seen` and foundation counts `seen_up` searched
    (see `laid`), `_lifted_seen` finds the one of `piles` and `up` covered."""
    search.begin()
    search.hands_seen = {}  # (the root, with every card at hand, would cover them all)
    assert not search._seen(laid(search, seen, up=seen_up))
    return search._lifted_seen(laid(search, piles, up=up))


def test_a_lifted_form_seen_with_more_cards_at_hand_and_fewer_up_covers_a_position():
    # Seed rules: 2♠ laid on 3♥ and left uncovered, with 2♦ up, is covered by the position seen
    # with 2♠ back at hand and 2♦ at hand too (from the free talon it can go up at any time), as
    # it is with 2♦ at hand; not with A♥ up and A♦ at hand, since A♦ is up in the one seen.
    state = make_state(base=1, tableau=(["3H"], ["9S"], ["KD"], ["6C"]), reserve=["QD"])
    search = _Search(state)
    dealt = [["3H"], ["9S"], ["KD"], ["6C"]]
    piles = [["3H", "2S"], ["9S"], ["KD"], ["6C"]]
    for up, is_covered in (({"D": 2}, True), ({"D": 1}, True), ({"H": 1}, False)):
        assert covered(search, dealt, {"D": 1}, piles, up) is is_covered
        assert not search._lifted_seen(laid(search, dealt, up={"D": 2}))  # nothing lifted


def test_a_lifted_form_covers_only_with_the_lifted_cards_at_hand():
    # Seed rules (from a review): 2♠ laid on 3♥ is not covered by a position seen with 3♥ bare
    # and 2♠ up, where it can no longer take a red ace. Nor is 5♠ laid on 6♥, with 5♣ at hand,
    # by one seen with 6♥ bare, 5♠ up and 5♣ at hand: one black five fewer for the piles.
    state = make_state(base=1, tableau=(["3H"], ["9S"], ["KD"], ["6C"]), reserve=["QD"])
    dealt = [["3H"], ["9S"], ["KD"], ["6C"]]
    assert not covered(_Search(state), dealt, {"S": 2}, [["3H", "2S"], *dealt[1:]], {"S": 1})
    fours = (run_of(1, "S", 4), (), (), ())
    state = make_state(
        base=1, foundations=fours, tableau=(["6H"], ["9S"], ["KD"], ["8C"]), reserve=["QD"]
    )
    dealt = [["6H"], ["9S"], ["KD"], ["8C"]]
    assert not covered(_Search(state), dealt, {"S": 5}, [["6H", "5S"], *dealt[1:]], {"S": 4})


def test_a_position_that_a_lifted_form_with_its_cards_up_would_call_dead():
    # Found by a review's fuzzing: winnable, and called dead by a search that let a form seen
    # with the lifted cards up cover it.
    state = make_state(
        base=10,
        foundations=(
            run_of(10, "C", 7),
            run_of(10, "D", 10),
            run_of(10, "H", 8),
            run_of(10, "S", 8),
        ),
        reserve=["5H", "9D", "6S"],
        tableau=(
            ["6C"],
            ["8H", "8D", "9S", "7S", "6H"],
            ["4C", "9H", "5S", "8C"],
            ["5C", "7C", "9C", "8S"],
        ),
        stock=["7H", "7D"],
    )
    assert exhaustive(state) == "winnable"
    search = _Search(state)
    assert alone(search, 100_000) == "winnable"
    assert replays_to_win(state, _engine_line(state, search.real_line(search.line)))


def test_two_laid_twins_are_one_position_and_either_goes_up_from_the_others_place():
    # Seed rules, spades up to 4♠: 5♠ and 5♣ both laid from the free talon, 5♠ on 6♥ under 4♥,
    # 5♣ on top of 6♦. Which of the two lies where is not in the position's key, and 5♠ may go
    # up from 5♣'s place: the two trade places first.
    card = {c: i for i, c in enumerate(FULL_DECK)}
    five, twin, four = card["5S"], card["5C"], card["4H"]
    spades = (run_of(1, "S", 4), (), (), ())

    state = make_state(base=1, foundations=spades, tableau=(["6H"], ["6D"], [], []))
    search = _Search(state)
    here = laid(search, [["6H", "5S", "4H"], ["6D", "5C"], [], []])
    there = laid(search, [["6H", "5C", "4H"], ["6D", "5S"], [], []])
    assert search._key(here) == search._key(there)
    assert (_EXCHANGE, five, 1) in search._moves(here, None)
    assert search._apply(here, (_EXCHANGE, five, 1)) == search._apply(there, (_PILE, 1, 1, -1))
    played = search._apply(here, (_EXCHANGE, five, 1))
    assert played[2][:2] == ((card["6H"], twin, four), (card["6D"],))
    # 5♣ dealt to the piles was never at hand: it is no twin of a laid card.
    dealt = make_state(base=1, foundations=spades, tableau=(["6H"], ["6D", "5C"], [], []))
    search = _Search(dealt)
    here = laid(search, [["6H", "5S", "4H"], ["6D", "5C"], [], []])
    there = laid(search, [["6H", "5C", "4H"], ["6D", "5S"], [], []])
    assert search._key(here) != search._key(there)
    assert not any(mv[0] == _EXCHANGE for mv in search._moves(here, None))
    # Nor is 5♠ dealt to the piles a twin of 5♣ laid (the key names a pair by its lower card).
    dealt = make_state(base=1, foundations=spades, tableau=(["6H"], ["6D", "5S"], [], []))
    search = _Search(dealt)
    here = laid(search, [["6H", "5C", "4H"], ["6D", "5S"], [], []])
    there = laid(search, [["6H", "5S", "4H"], ["6D", "5C"], [], []])
    assert search._key(here) != search._key(there)
    # With 4♠ at hand, it goes up only just before 5♠, and 5♠ from 5♣'s place too.
    fewer = (run_of(1, "S", 3), (), (), ())
    search = _Search(make_state(base=1, foundations=fewer, tableau=(["6H"], ["6D"], [], [])))
    here = laid(search, [["6H", "5S", "4H"], ["6D", "5C"], [], []])
    assert (_CHAIN, (card["4S"],), (_EXCHANGE, five, 1)) in search._moves(here, None)


def test_a_positions_key_does_not_depend_on_which_of_two_twins_was_laid():
    # Along a Seed search, every laid card whose twin is still at hand is swapped for it: the
    # key (computed from bit sets, whether or not `_twins` has put the position in its form)
    # must not change.
    search = _Search(deal("seed", 785))
    search.begin()
    search.advance(3_000)
    swaps = 0
    for frame in (frame for stack in search.stacks.values() for frame in stack):
        fc, r, tab, talon, p, k, mask = frame[0]
        for j, pile in enumerate(tab):
            for i, c in enumerate(pile):
                t = _TWIN[c]
                if not (search.origin >> c & 1 and mask >> t & 1):
                    continue
                piles = list(tab)
                piles[j] = (*pile[:i], t, *pile[i + 1 :])
                hand = tuple(c if x == t else x for x in talon)
                swapped = (fc, r, tuple(piles), hand, p, k, mask ^ (1 << c | 1 << t))
                assert search._key(swapped) == search._key(frame[0])
                swaps += 1
    assert swaps >= 10


@pytest.mark.parametrize(
    "options, count",
    [
        (canfield.presets["seed"], 120),
        ({**canfield.presets["seed"], "tableau_move": "any"}, 120),
        ({**canfield.presets["seed"], "tableau_move": "pile"}, 120),
        # the easier game of a Classic deal (`_easier_search`); most small positions have gaps
        # the reserve fills first, which `solve` searches from each filled position
        ({**canfield.presets["classic"], "draw": 1}, 400),
    ],
)
def test_the_real_search_alone_keeps_every_verdict(options, count):
    # The real search by itself (no relaxed proofs beside it) against the referee, counting the
    # positions it skipped because it had seen them with talon cards back at hand, and the wins
    # that take talon cards up in chains; those are written out one card at a time, and
    # replayed.
    skipped = chains = 0

    class Counting(_Search):
        def _lifted_seen(self, st: tuple) -> bool:
            nonlocal skipped
            seen = super()._lifted_seen(st)
            skipped += seen
            return seen

    searched = 0
    for state, referee in refereed_positions(options, count):
        if gaps_wait_for_reserve(state):
            continue
        searched += 1
        search = Counting(state)
        assert alone(search, 500_000) == referee, state.to_dict()
        if referee == "winnable":
            chains += any(mv[0] == _CHAIN for mv in search.line)
            assert replays_to_win(state, _engine_line(state, search.real_line(search.line)))
    assert searched >= 100
    assert skipped >= 20
    assert chains >= 5


def test_a_waste_top_that_reaches_no_more_than_one_seen_is_not_searched_again():
    # Classic (draw 3, unlimited redeals): a waste top off the cycle of draws and redeals reaches
    # itself, every third place after it and the cycle, so a position seen with it covers the same
    # position with the top on the cycle or any multiple of three places on, and no other. The
    # talon's 47 cards put its last card on the cycle, and the one before it off it.
    classic = dict(canfield.presets["classic"])
    state = make_state(
        base=1, tableau=(["KS"], ["5S"], ["9D"], ["3C"]), reserve=["QD"], options=classic
    )
    search = _Search(state)
    fc, r, tab, talon, _p, k, mask = search.root
    assert len(talon) == 47

    def at(p: int) -> tuple:
        return (fc, r, tab, talon, p, k, mask)

    search.visited = {}
    assert not search._seen(at(4))
    assert search._seen(at(4))
    assert search._seen(at(7)) and search._seen(at(46))  # 4 reaches 7, 10, ..., 46
    assert search._seen(at(0)) and search._seen(at(47))  # and the cycle
    assert not search._seen(at(5))  # reaches 5, which 4 does not
    assert not search._seen(at(1))  # reaches 1, which 4 does not
    assert search._seen(at(1)) and search._seen(at(4))  # 1 reaches 4 too
    search.visited = {}
    assert not search._seen(at(47))  # the cycle: 0, 3, ..., 45 and the last card
    assert search._seen(at(45))
    assert not search._seen(at(46))  # one short of the last card: off the cycle
    assert not search._seen(at(44)) and not search._seen(at(2))


def test_the_real_search_keeps_every_verdict_comparing_waste_tops():
    # The real search alone on small Classic positions, against the referee, counting the
    # positions it skipped only because one seen had a waste top that reaches all theirs does.
    skipped = 0

    class Counting(_Search):
        def _seen(self, st: tuple) -> int:
            nonlocal skipped
            exact = self._key(st)  # the position with its own waste top
            seen = super()._seen(st)
            if not seen:
                self.exact.add(exact)
            else:
                skipped += exact not in self.exact
            return seen

        def begin(self) -> None:
            self.exact: set[tuple] = set()
            super().begin()

    # Won only from the waste's last partial step (one position off the cycle near the end of
    # the talon): a search that took it for the cycle called this dead.
    end_of_talon = make_state(
        base=12,
        foundations=[
            run_of(12, "H", 10),
            run_of(12, "D", 5),
            run_of(12, "C", 12),
            run_of(12, "S", 10),
        ],
        tableau=(["JC", "8D"], ["JD"], ["TS"], ["JH"]),
        stock=["9S", "TD", "TH", "JS", "5D", "9D", "9H", "6D", "7D", "4D"],
        options=dict(canfield.presets["classic"]),
    )
    assert exhaustive(end_of_talon) == "winnable"
    cases = [(end_of_talon, "winnable"), *refereed_positions(canfield.presets["classic"], 80)]
    for state, referee in cases:
        if gaps_wait_for_reserve(state):
            continue
        search = Counting(state)
        assert alone(search, 500_000) == referee, state.to_dict()
        if referee == "winnable":
            assert replays_to_win(state, _engine_line(state, search.real_line(search.line)))
    assert skipped >= 20


def test_skipping_positions_seen_better_proves_a_seed_deal_sooner():
    # Seed deal 84 is dead. The real search proves it in about 400 positions, and in about
    # 14,000 when it searches the positions it has seen better.
    def plain(search: _Search) -> _Search:
        search.lifts = False
        return search

    state = deal("seed", 84)
    assert alone(_Search(state), 1_000) == "unwinnable"
    assert alone(plain(_Search(state)), 10_000) is None


def test_skipping_positions_seen_with_more_at_hand_proves_a_seed_deal_sooner(monkeypatch):
    # Seed deal 163 is dead. The real search proves it in about 4,400 positions, and in about
    # 8,300 when a position is covered only by itself (and its forms with talon cards lifted).
    state = deal("seed", 163)
    assert alone(_Search(state), 5_000) == "unwinnable"
    monkeypatch.setattr(engines.solvers.canfield, "_covers", lambda seen, hand: seen == hand)
    assert alone(_Search(state), 7_000) is None
    assert alone(_Search(state), 9_000) == "unwinnable"


def test_taking_up_positions_with_fewer_laid_cards_first_proves_a_seed_deal_sooner():
    # Seed deal 773 is dead. Taking up the positions with fewer talon cards laid in the piles
    # first, and looking for their lifted forms then, the real search proves it in about 1,600
    # positions; depth-first, in about 5,000 (more of the lifted forms are searched after the
    # positions they cover).
    state = deal("seed", 773)
    assert alone(_Search(state), 2_000) == "unwinnable"
    depth_first = _Search(state)
    depth_first._depth = lambda st: 0
    assert alone(depth_first, 4_000) is None
    assert depth_first.advance(2_000) == "unwinnable"


@pytest.mark.parametrize(("seed", "kind"), [(88, _RETURN), (18, _EXCHANGE)])
def test_merged_twins_keep_every_line_of_the_real_game(seed, kind):
    # Where a laid card and its twin are one position, the moves that tell them apart are offered
    # both ways. Seed deal 88 is won only with a card at hand going up from the pile's top where
    # its twin was laid (`_RETURN`, now at the end of a chain): without it the real search called
    # it unwinnable. Deal 18's
    # line takes a laid card up from the place of its laid twin (`_EXCHANGE`). The lines are
    # written out as the cards really laid, and the engine replays them to a win.
    state = deal("seed", seed)
    search = _Search(state)
    assert alone(search, 150_000) == "winnable"
    assert kind in {mv[0] for mv in search.line} | {
        mv[2][0] for mv in search.line if mv[0] == _CHAIN
    }
    assert replays_to_win(state, _engine_line(state, search.real_line(search.line)))
    assert solve(state, time_limit=None, node_limit=600_000).result == "winnable"


def test_a_chain_of_talon_cards_up_may_end_with_a_card_from_its_laid_twins_place():
    # Seed deal 785: the real search wins it by taking talon cards up and then the next card
    # from the pile top where its twin was laid (`_RETURN` after a chain); without that chain it
    # called the deal unwinnable. The line is written out one card at a time, and replayed.
    state = deal("seed", 785)
    search = _Search(state)
    assert alone(search, 100_000) == "winnable"
    assert any(mv[0] == _CHAIN and mv[2][0] == _RETURN for mv in search.line)
    assert replays_to_win(state, _engine_line(state, search.real_line(search.line)))


def test_plain_data_entry_points():
    state = deal("seed", 1)
    out = solve_position(state.to_dict(), 5.0)
    assert set(out) == SOLVE_KEYS and out["result"] == "winnable"
    moves = [canfield.move_from_dict(m) for m in out["moves"]]
    assert replays_to_win(state, moves)
    assert solve_deal(canfield.presets["classic"], 16, 1.0)["result"] == "unwinnable"
    found = find_winnable_deal(canfield.presets["classic"], 16, 2.0, 30.0)
    assert found["tried"] >= 2 and found["seed"] > 16  # deal 16 is unwinnable
    assert solve(deal("classic", found["seed"]), 5).result == "winnable"
    assert find_winnable_deal(canfield.presets["classic"], 2, 0.01, 0.0) == {
        "seed": None,
        "tried": 0,
    }


def test_lanes_past_the_first_run_only_restarts_from_their_own_seeds():
    classic = deal("classic", 1)
    other = solve(classic, time_limit=None, node_limit=200_000, lane=1)
    assert other.result == "winnable" and replays_to_win(classic, other.moves)
    assert other.moves != solve(classic, time_limit=None, node_limit=200_000).moves
    # Where the talon is free there are no restarts: such a lane has nothing to add.
    idle = solve(deal("seed", 1), lane=1)
    assert (idle.result, idle.moves, idle.nodes) == ("unknown", [], 0)
    assert restarts_run(classic) and not restarts_run(deal("seed", 1))
    # A search told to stop ends at its next slice, undecided.
    stopped = solve(deal("classic", 6428), time_limit=None, stop=lambda: True)
    assert stopped.result == "unknown" and stopped.nodes == 0


def test_a_position_on_two_lanes_takes_the_first_answer():
    with LaneSolver(two=True) as lanes:
        assert lanes.solve(deal("seed", 1), 5).result == "winnable"
        assert lanes.child is None  # started only when lane 1 can help
        first = deal("classic", 1)
        assert replays_to_win(first, lanes.solve(first, 5).moves)
        assert lanes.solve(deal("classic", 16), 5).result == "unwinnable"
        # Without the child (it died), lane 0 goes on alone.
        lanes.child.kill()
        lanes.child.join()
        assert lanes.solve(first, 5).result == "winnable"
        assert lanes.decided_by == 0 and not lanes.usable and lanes.child is None


def waits_for_lane_one(stop, time_limit: float, _share) -> Solution:
    """A scripted lane 0 that finds nothing, and ends once lane 1 has decided (or its time is up)."""
    end = time.perf_counter() + time_limit
    while not stop() and time.perf_counter() < end:
        time.sleep(0.01)
    return Solution("unknown", [], 0, 0.0)


def scripted_lane_zero(monkeypatch, script: list) -> None:
    """Lane 0 (this process) plays `script`, one step per job; lane 1 is the real solver."""

    def lane_zero(state, time_limit, *, stop=lambda: False, share=None):
        return script.pop(0)(stop, time_limit, share)

    monkeypatch.setattr(game.solve_lanes, "solve", lane_zero)


def test_lane_ones_answer_is_taken_when_lane_zero_has_none(monkeypatch):
    def decides_without_asking(_stop, _time_limit, _share) -> Solution:
        time.sleep(1.0)  # (lane 1's answer to this job is in the pipe by then, unread)
        return Solution("unwinnable", [], 0, 0.0)

    script = [waits_for_lane_one, decides_without_asking, waits_for_lane_one]
    scripted_lane_zero(monkeypatch, script)
    with LaneSolver(two=True) as lanes:
        dead, first = deal("classic", 16), deal("classic", 1)
        # (a generous limit: the child starts with the first job)
        assert (lanes.solve(dead, 60).result, lanes.decided_by) == ("unwinnable", 1)
        assert (lanes.solve(dead, 60).result, lanes.decided_by) == ("unwinnable", 0)
        # Lane 1's answer to the job before, unread until now, is not taken for this one.
        found = lanes.solve(first, 60)
        assert (found.result, lanes.decided_by) == ("winnable", 1)
        assert replays_to_win(first, found.moves)


def test_lanes_tell_each_other_what_they_prove_across_processes(monkeypatch):
    # Lane 0 tells lane 1 (the real solver, in its child) that the root of Classic deal 1 is
    # dead: a false proof, to see it taken in (lane 1 alone needs some 50,000 positions and
    # several runs to win this deal). Lane 1 takes it, and says so; and it tells lane 0 what
    # it proved itself on the way.
    state = deal("classic", 1)
    table = _SharedDead()
    root = _Search(state, table)
    root.begin()
    root._record(root.mark)
    false_news = table.news()
    heard: list = []

    def tells_and_listens(stop, time_limit, share) -> Solution:
        news, end = false_news, time.perf_counter() + time_limit
        while not stop() and time.perf_counter() < end:
            heard.extend(share(news))
            news = []
            time.sleep(0.01)
        while not heard and time.perf_counter() < end:
            heard.extend(share([]))
            time.sleep(0.01)
        return Solution("unknown", [], 0, 0.0)

    scripted_lane_zero(monkeypatch, [tells_and_listens])
    with LaneSolver(two=True) as lanes:
        answer = lanes.solve(state, 60)
    assert (answer.result, lanes.decided_by) == ("unwinnable", 1)
    assert heard and all(heard)


def test_a_lane_skips_what_another_lane_proved_dead():
    # Lane 0's real search proves Classic deal 74 dead in about 6,000 positions, and so do
    # restarts alone (lane 1); told what the real search recorded, lane 1 proves it at once.
    state = deal("classic", 74)
    dead = _SharedDead()
    assert alone(_Search(state, dead), 100_000) == "unwinnable"
    proved = dead.news()
    assert proved and dead.news() == []  # (each piece of news is told once)
    told = [[proved]]
    helped = solve(state, None, None, lane=1, share=lambda _news: told.pop() if told else [])
    unhelped = solve(state, None, None, lane=1)
    assert (helped.result, unhelped.result, told) == ("unwinnable", "unwinnable", [])
    assert unhelped.nodes > 5_000 and helped.nodes < 100


def test_a_shared_dead_table_keeps_the_most_each_lane_proved():
    dead = _SharedDead()
    dead[("a",)] = (0, 9, 53)
    dead[("b",)] = 1  # (the redeals left with which it is dead)
    assert sorted(dead.news()) == [(("a",), (0, 9, 53)), (("b",), 1)]
    dead.learn([(("a",), (0, 53, 4)), (("b",), 0), (("c",), 2)])
    assert dead == {("a",): (0, 9, 4), ("b",): 1, ("c",): 2}
    assert dead.news() == []  # what was learnt is not told back


def test_lanes_mailboxes_never_wait_for_each_other_to_read():
    a_in, b_out = multiprocessing.Pipe(duplex=False)
    b_in, a_out = multiprocessing.Pipe(duplex=False)
    a, b = _Mailbox(a_out, a_in), _Mailbox(b_out, b_in)
    # Each batch is far more than a pipe holds, and neither lane reads while it sends.
    batch = [((i, i, ((i % 52,),)), (0, 53, 53)) for i in range(5_000)]
    got: dict[_Mailbox, list] = {a: [], b: []}  # what each lane's `share` handed back

    def send(box: _Mailbox) -> None:
        for _ in range(8):
            got[box] += box.share(2)(batch)

    a.share(1)([(("another job",), 0)])  # (b drops it: it is working on job 2)
    senders = [threading.Thread(target=send, args=(box,), daemon=True) for box in (a, b)]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join(timeout=30)
        assert not sender.is_alive()
    end = time.perf_counter() + 30
    while len(got[b]) < 8 and time.perf_counter() < end:
        got[b] += b.share(2)([])
        time.sleep(0.01)
    assert got[b] == [batch] * 8
    b.close()  # (b's reader still waits for a)
    a.close()  # a's reader has seen b's end closed; b's now sees a's
    b.reader.join(timeout=5)
    assert not a.reader.is_alive() and not b.reader.is_alive() and a.into.closed


def another_lane(state: canfield.CanfieldState):
    """A `share` for `solve`: restarts of lane 1's own, a few hundred positions between two
    slices, telling what they prove and taking in what they are told."""
    table = _SharedDead()
    restarts = _Restarts(state, table, lane=1)

    def share(news: list) -> list:
        table.learn(news)
        if restarts.result is None:
            restarts.advance(300)
        return [table.news()]

    return share


@pytest.mark.parametrize(
    "options", [canfield.presets["classic"], {**canfield.presets["classic"], "redeals": 2}]
)
def test_small_positions_agree_with_a_plain_search_while_another_lane_tells(options):
    # What another lane proves, arriving between any two slices, never changes a verdict.
    for state, referee in refereed_positions(options, 60):
        solution = solve(state, time_limit=20, share=another_lane(state))
        assert solution.result == referee, state.to_dict()
        if referee == "winnable":
            assert replays_to_win(state, solution.moves)


def test_lane_zero_goes_on_alone_when_the_child_cannot_start(monkeypatch):
    def refuse(_process):
        raise OSError("no more processes")

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", refuse)
    with LaneSolver(two=True) as lanes:
        assert lanes.solve(deal("classic", 16), 5).result == "unwinnable"
        assert lanes.decided_by == 0 and not lanes.usable and lanes.child is None


def test_lane_one_stops_when_lane_zero_is_done_or_gone():
    class Parent:
        alive = True

        def is_alive(self):
            return self.alive

    stopped, parent = types.SimpleNamespace(value=3), Parent()
    assert not _stop_at(stopped, 4, parent)()
    assert _stop_at(stopped, 3, parent)()  # lane 0 has finished job 3
    parent.alive = False
    assert _stop_at(stopped, 4, parent)()  # nobody would read the answer


# -- the command line ----------------------------------------------------------------------------


def test_solve_json(capsys):
    assert main(["solve", "canfield", "--seed", "1", "--preset", "classic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == SOLVE_KEYS and out["result"] == "winnable"
    assert replays_to_win(deal("classic", 1), [canfield.move_from_dict(m) for m in out["moves"]])
    assert main(["solve", "canfield", "--seed", "16", "--preset", "classic"]) == 0
    assert "unwinnable" in capsys.readouterr().out


def test_solve_from_a_record(tmp_path, capsys):
    start = deal("seed", 4)
    line = solve(start).moves
    record = engines.GameRecord("canfield", 4, 1, dict(canfield.presets["seed"]), line[:30])
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert main(["solve", "canfield", "--from", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "winnable"
    assert replays_to_win(record.replay(), [canfield.move_from_dict(m) for m in out["moves"]])


def test_survey_json():
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "solve",
            "canfield",
            "--survey",
            "3",
            "--json",
            "--time-limit",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert set(out) == SURVEY_KEYS
    assert out["preset"] == "seed" and out["deals"] == 3
    assert out["winnable"] + out["unwinnable"] + out["unknown"] == 3
    assert 0 <= out["median_s"] <= out["p95_s"]


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "canals", "--seed", "1"],
        ["solve", "canfield"],
        ["solve", "canfield", "--seed", "1", "--survey", "3"],
        ["solve", "canfield", "--seed", "-1"],
        ["solve", "canfield", "--seed", "1", "--preset", "nope"],
        ["solve", "canfield", "--seed", "1", "--time-limit", "0"],
        ["solve", "canfield", "--seed", "1", "--time-limit", "soon"],
        ["solve", "canfield", "--survey", "0"],
        ["solve", "canfield", "--survey", str(10**30)],  # refused at once, not built as jobs
        ["solve", "canfield", "--from", "/no/such/file.json"],
        ["solve", "canfield", "--from", "/dev/zero"],  # not a regular file: never read whole
    ],
)
def test_bad_arguments(args, capsys):
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable: ") and err.count("\n") == 1


def test_a_fifo_given_as_the_record_is_refused_without_waiting_for_a_writer(tmp_path, capsys):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    with pytest.raises(SystemExit) as exc:
        main(["solve", "canfield", "--from", str(path)])
    assert exc.value.code == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_corrupt_record(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "canfield", "moves": 3}', encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["solve", "canfield", "--from", str(path)])
    assert exc.value.code == 2
    assert "not a valid game record" in capsys.readouterr().err
