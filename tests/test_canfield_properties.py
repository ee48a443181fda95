"""Property tests: random legal Canfield games over seeds × options keep every invariant.

Hypothesis runs derandomized without a database, so CI sees the same games every time. Each game
first follows `hint` for a while (to reach mid- and late-game positions: emptied piles, an empty
reserve, redeals) and then plays random legal moves, biased away from drawing.
"""

from __future__ import annotations

import random
from collections import Counter

from engine_checks import assert_refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import GameRecord, Move, canfield
from engines.cards import FULL_DECK

OPTIONS = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in canfield.OPTIONS.items()})
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
STABLE = {
    "derandomize": True,
    "database": None,
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
}


def all_cards(state) -> list[str]:
    return [
        c
        for pile in (*state.foundations, state.reserve, *state.tableau, state.stock, state.waste)
        for c in pile
    ]


def pick(state, moves: list[Move], rng: random.Random, follow_hint: bool) -> Move:
    if follow_hint:
        h = canfield.hint(state)
        if h is not None:
            return h
    plays = [m for m in moves if m.src != "stock" and m.dst != "stock"]
    if plays and rng.random() < 0.75:
        return rng.choice(plays)
    return rng.choice(moves)


def candidates(state) -> list[Move]:
    """Moves covering every src × dst pair with every n that matters (and some that cannot)."""
    out = []
    for src in canfield.PILES:
        size = len(state.pile(src))
        ns = {0, 1, 2, 3, size - 1, size, size + 1, len(state.waste), 13, 52, 53}
        for dst in canfield.PILES:
            out.extend(Move(src, dst, n) for n in sorted(ns))
    return out


def play(seed, options, rng_seed, lead, steps, on_state):
    """Play a game; call on_state(state, legal_moves) before every move. Returns (state, moves)."""
    state = canfield.new_game(seed, options=options)
    rng = random.Random(rng_seed)
    played: list[Move] = []
    for i in range(lead + steps):
        moves = state.legal_moves()
        on_state(state, moves)
        if not moves:
            assert state.is_won() or state.is_lost()
            break
        assert not state.is_over() and state.current_player == 0 and not state.is_lost()
        move = pick(state, moves, rng, follow_hint=i < lead)
        before = state.to_dict()
        after = state.apply(move)
        assert state.to_dict() == before  # apply never mutates its input
        assert after is not state
        played.append(move)
        state = after
    return state, played


def basic_invariants(state, moves: list[Move], rng: random.Random) -> None:
    cards = all_cards(state)
    assert len(cards) == 52 and Counter(cards) == Counter(FULL_DECK)
    assert len(moves) == len(set(moves)), "a move is listed twice"
    foundation_srcs = [m.src for m in moves if m.dst.startswith("foundation")]
    assert len(foundation_srcs) == len(set(foundation_srcs)), "a card has two foundations"
    for m in moves:
        assert state.check(m) is None, (m, state.check(m))
    assert canfield.from_dict(state.to_dict()) == state
    assert state.scores() == [state.foundation_count()]
    won = state.foundation_count() == 52
    assert state.winners() == ([0] if won else [])
    assert state.is_over() == won and state.current_player == (None if won else 0)

    # One move that is not legal: apply refuses it and nothing changes.
    while True:
        move = Move(rng.choice(canfield.PILES), rng.choice(canfield.PILES), rng.randint(0, 4))
        if move not in moves:
            break
    assert_refused(state, move)


@settings(max_examples=1000, **STABLE)
@given(
    seed=SEEDS,
    options=OPTIONS,
    rng_seed=st.integers(0, 2**32),
    lead=st.integers(0, 120),
    steps=st.integers(1, 30),
)
def test_random_games_keep_every_invariant(seed, options, rng_seed, lead, steps):
    rng = random.Random(rng_seed ^ 0x5EED)
    final, played = play(
        seed, options, rng_seed, lead, steps, lambda s, ms: basic_invariants(s, ms, rng)
    )

    record = GameRecord("canfield", seed, 1, options, played)
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.moves == played
    assert loaded.options == options and loaded.seed == seed
    assert loaded.replay() == final
    assert record.replay() == final


def agreement(state, moves: list[Move]) -> None:
    legal = set(moves)
    for m in candidates(state):
        reason = state.check(m)
        assert (reason is None) == (m in legal), (m, reason)
        assert reason is None or (isinstance(reason, str) and reason)
    # The UI helpers agree with the rules.
    for src in canfield.PILES:
        size = len(state.pile(src))
        starts = state.movable_run_starts(src)
        if src == "stock":
            assert starts == ([size - 1] if size else [])
            continue
        listed = {m.n for m in moves if m.src == src and m.dst != "stock"}
        assert all(size - n in starts for n in listed), (src, starts, listed)
        for start in starts:
            n = size - start
            assert state.destinations(src, n) == [
                dst for dst in canfield.PILES if Move(src, dst, n) in legal
            ]
    assert set(state.safe_foundation_moves()) <= legal
    h = canfield.hint(state)
    assert h is None or h in legal
    if h is not None and h.src.startswith("tableau") and h.dst.startswith("tableau"):
        nxt = state.apply(h)
        back = canfield.hint(nxt)
        assert back is None or nxt.apply(back) != state, "the hint sent a card back and forth"


@settings(max_examples=150, **STABLE)
@given(
    seed=SEEDS,
    options=OPTIONS,
    rng_seed=st.integers(0, 2**32),
    lead=st.integers(0, 150),
    steps=st.integers(1, 15),
)
def test_check_agrees_with_legal_moves(seed, options, rng_seed, lead, steps):
    final, _ = play(seed, options, rng_seed, lead, steps, agreement)
    finish = final.auto_finish_moves()
    if finish is not None:
        for m in finish:
            final = final.apply(m)
        assert final.is_won() and final.is_over() and final.winners() == [0]


@settings(max_examples=60, **STABLE)
@given(seed=SEEDS, options=OPTIONS)
def test_greedy_hint_play_never_breaks_the_rules(seed, options):
    """Follow the hint until it gives up: every hinted move is legal, and the game stays whole."""
    state = canfield.new_game(seed, options=options)
    seen = {state}
    for _ in range(400):
        h = canfield.hint(state)
        if h is None:
            break
        assert state.check(h) is None
        state = state.apply(h)
        if state in seen and not state.stock and not state.waste:
            break
        seen.add(state)
    assert Counter(all_cards(state)) == Counter(FULL_DECK)
    if state.is_won():
        assert state.legal_moves() == [] and canfield.hint(state) is None


def test_auto_finish_wins_from_a_nearly_finished_random_deal():
    """Take a won game apart into the stock in a random order: auto-finish always solves it.

    (Draw 1 with unlimited redeals reaches every stock card; under draw 3 some orders do not.)
    """
    rng = random.Random(3)
    for _ in range(50):
        base = rng.randint(1, 13)
        order = "A23456789TJQK"
        foundations = [
            [order[(base - 1 + i) % 13] + s for i in range(rng.randint(0, 13))] for s in "HSDC"
        ]
        rest = [c for c in FULL_DECK if not any(c in f for f in foundations)]
        rng.shuffle(rest)
        state = canfield.from_dict(
            {
                "game": "canfield",
                "seed": 0,
                "options": {"redeals": None},
                "base_rank": base,
                "foundations": foundations,
                "reserve": [],
                "tableau": [[], [], [], []],
                "stock": rest,
                "waste": [],
                "redeals_used": 0,
            }
        )
        moves = state.auto_finish_moves()
        assert moves is not None
        for m in moves:
            state = state.apply(m)
        assert state.is_won()
