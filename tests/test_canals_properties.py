"""Canals properties: hundreds of random legal games, every invariant checked after each move."""

from __future__ import annotations

import json
import random
import re

from engine_checks import assert_refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines import canals
from engines.canals import CanalsState, Place
from engines.cards import FULL_DECK

SETTINGS = settings(
    max_examples=500,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

options_st = st.fixed_dictionaries(
    {
        "memory_aid": st.booleans(),
        "min_canals": st.integers(0, 7),
        "first": st.sampled_from([None, 0, 1]),
    }
)
game_st = st.tuples(st.integers(0, 2**32), options_st, st.integers(0, 2**32))


def reference_score(codes: list[str], min_canals: int) -> int:
    """Scoring from scratch, written differently from the engine: a regular expression on kinds."""
    letters = "".join("S" if c[0] in "A23" else "F" if c[0] in "JQK" else "C" for c in codes)
    match = re.match(r"SC*F", letters)
    if match is None or len(match.group()) - 2 < min_canals:
        return 0
    return len(match.group())


def pick_move(state: CanalsState, rng: random.Random) -> Place:
    """Half uniform over the legal moves, half a builder that grows canals (so columns do score)."""
    moves = state.legal_moves()
    if rng.random() < 0.5:
        return rng.choice(moves)
    me = state.current_player
    hand = state.hands[me]
    face_up = rng.random() < 0.3
    for side in (me, 1 - me) if rng.random() < 0.8 else (1 - me, me):
        for i, col in enumerate(state.sides[side]):
            kinds = [canals.kind(c) for c, _ in col]
            if kinds[0] == "spring" and "fountain" not in kinds[1:] and "spring" not in kinds[1:]:
                want = "fountain" if len(kinds) > 2 or rng.random() < 0.3 else "canal"
                for card in hand:
                    if canals.kind(card) == want:
                        return Place(card, side, i, face_up)
    springs = [c for c in hand if canals.kind(c) == "spring"]
    if springs:
        return Place(rng.choice(springs), me, None, face_up)
    return rng.choice(moves)


def candidates(state: CanalsState, rng: random.Random) -> list[Place]:
    """Some legal and many illegal moves of the right types."""
    out = []
    for _ in range(12):
        ncols = max(len(state.sides[0]), len(state.sides[1]))
        column = rng.choice([None, *range(-1, ncols + 2)])
        out.append(Place(rng.choice(FULL_DECK), rng.randrange(-1, 3), column, rng.random() < 0.5))
    legal = state.legal_moves()
    if legal:
        out.extend(rng.choice(legal) for _ in range(4))
    return out


def all_codes(state: CanalsState) -> list[str]:
    codes = [c for hand in state.hands for c in hand]
    codes += [c for side in state.sides for col in side for c, _ in col]
    return codes


def hidden_from(state: CanalsState, seat: int) -> set[str]:
    if state.is_over():
        return set()
    hidden = set(state.hands[1 - seat])
    for side in state.sides:
        for col in side:
            for code, up in col:
                if not up and (canals.owner_of(code) != seat or not state.memory_aid):
                    hidden.add(code)
    return hidden


@SETTINGS
@given(game_st)
def test_random_games_keep_every_invariant(game):
    seed, options, move_seed = game
    rng = random.Random(move_seed)
    state = canals.new_game(seed=seed, options=options)
    expected_first = (
        random.Random(seed).randrange(2) if options["first"] is None else options["first"]
    )
    assert state.current_player == expected_first
    moves = []
    while not state.is_over():
        assert state.current_player == (expected_first + state.turn) % 2
        before = state.to_dict()
        legal = set(state.legal_moves())

        # check() agrees with legal_moves() on legal and illegal candidates alike.
        for move in candidates(state, rng):
            reason = state.check(move)
            assert (reason is None) == (move in legal), (move, reason)
            if reason is not None:
                assert_refused(state, move)

        move = pick_move(state, rng)
        assert move in legal
        nxt = state.apply(move)
        moves.append(move)

        # apply never mutates; the new state is a proper step.
        assert state.to_dict() == before
        assert nxt.turn == state.turn + 1
        assert sorted(all_codes(nxt)) == sorted(FULL_DECK)
        assert len(nxt.hands[state.current_player]) == len(state.hands[state.current_player]) - 1
        assert canals.from_dict(json.loads(json.dumps(nxt.to_dict()))) == nxt
        state = nxt

    assert state.turn == 52 and state.hands == ((), ())
    assert state.legal_moves() == []
    scores = [
        sum(reference_score([c for c, _ in col], options["min_canals"]) for col in side)
        for side in state.sides
    ]
    assert state.scores() == scores
    best = max(scores)
    assert state.winners() == [s for s in (0, 1) if scores[s] == best]

    record = engines.GameRecord("canals", seed, 2, state.options, moves)
    assert engines.GameRecord.from_json(record.to_json()).replay() == state


@settings(max_examples=120, derandomize=True, deadline=None, database=None)
@given(game_st)
def test_views_never_leak_hidden_cards(game):
    seed, options, move_seed = game
    rng = random.Random(move_seed)
    state = canals.new_game(seed=seed, options=options)
    while True:
        for seat in (0, 1):
            view = state.view(seat)
            text = json.dumps(view)
            for code in hidden_from(state, seat):
                assert f'"{code}"' not in text, (seat, code)
            assert view["hands"][1 - seat] == [None] * len(state.hands[1 - seat])
            assert view["hands"][seat] == list(state.hands[seat])
            cells = [c for side in view["sides"] for col in side for c in col]
            assert len(cells) == state.turn
            assert all(set(c) >= {"card", "owner", "face_up"} for c in cells)
        if state.is_over():
            break
        state = state.apply(pick_move(state, rng))
    for seat in (0, 1):
        cells = [c for side in state.view(seat)["sides"] for col in side for c in col]
        assert all(c["face_up"] and c["card"] is not None for c in cells)


@settings(max_examples=300, derandomize=True, deadline=None, database=None)
@given(
    st.lists(st.sampled_from(FULL_DECK), max_size=12),
    st.integers(0, 7),
)
def test_score_column_matches_reference(codes, min_canals):
    assert canals.score_column(codes, min_canals) == reference_score(codes, min_canals)
    score, _reason = canals._analyse(codes, min_canals)
    assert score == reference_score(codes, min_canals)
