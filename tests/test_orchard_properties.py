"""Orchard properties over thousands of random games: cards, purity, round trips, the end, scores,
views and determinize; best_final_choice against a brute force."""

from __future__ import annotations

import functools
import json
import random
from itertools import combinations, pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from soaking import codes_in

from engines import GameRecord, orchard
from engines.cards import FULL_DECK
from engines.orchard import OrchardState, best_final_choice, best_final_score, meld_score


def games(n: int):
    return settings(
        max_examples=n,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


game_st = st.tuples(st.integers(0, 2**64 - 1), st.sampled_from([None, 0, 1]), st.integers(0, 2**32))

# Moves the builder prefers, first found first: captures and melds happen often, not by luck.
_EAGER = ("meld", "target", "attack", "grow", "plant")


def pick(state: OrchardState, rng: random.Random):
    """Half the time a uniform legal move, otherwise the first kind of _EAGER on offer."""
    moves = state.legal_moves()
    if rng.random() < 0.5:
        return rng.choice(moves)
    for kind in _EAGER:
        some = [m for m in moves if m.kind == kind]
        if some:
            return rng.choice(some)
    return rng.choice(moves)


def play_game(seed: int, first, picker: int):
    state = orchard.new_game(seed=seed, options={"first": first})
    rng = random.Random(picker)
    states, moves = [state], []
    while not state.is_over():
        move = pick(state, rng)
        state = state.apply(move)
        states.append(state)
        moves.append(move)
    return states, moves


def cards_on_the_table(state: OrchardState) -> list[str]:
    """Every card of the state, read from its parts (not from to_dict)."""
    cards = [*state.stock, *state.discard, *state.hands[0], *state.hands[1]]
    for side in state.seeds:
        for seed_cards, _value, branches, _sums in side:
            cards += seed_cards
            cards += [c for b in branches for c in b]
    cards += [c for side in state.melds for m in side for c in m]
    cards += [c for side in state.captured for m in side for c in m]
    pending = state.pending
    if pending is not None:
        cards += pending.removed  # melded or not, the removed cards are all listed here
        if pending.target is not None and pending.target[1] is None:
            cards += pending.target[3]  # a captured seed
    return cards


def loose_and_seeded(state: OrchardState, seat: int) -> tuple[list[str], list[str]]:
    loose, seeded = list(state.hands[seat]), []
    for seed_cards, _value, branches, _sums in state.seeds[seat]:
        seeded += seed_cards
        loose += [c for b in branches for c in b]
    return loose, seeded


def recount(state: OrchardState) -> list[int]:
    """The scores from scratch: melds set aside, captured seeds, and at the end the final melds."""
    out = []
    for seat in (0, 1):
        points = sum(meld_score(m) for m in state.melds[seat]) + 30 * len(state.captured[seat])
        if state.is_over():
            points += best_final_score(*loose_and_seeded(state, seat))
        out.append(points)
    return out


@games(1500)
@given(game_st)
def test_every_game_ends_every_card_is_somewhere_and_scores_recount(params):
    states, _moves = play_game(*params)
    last = states[-1]
    assert last.turn <= orchard.TURN_LIMIT and last.phase == "over"
    assert last.turn == orchard.TURN_LIMIT or last.final_turns == 0 or last.passed
    for state in states:
        cards = cards_on_the_table(state)
        assert len(cards) == 52 and set(cards) == set(FULL_DECK)
        for seat in (0, 1):
            for seed_cards, value, branches, sums in state.seeds[seat]:
                assert not orchard.is_face(seed_cards[0]) and len(branches) <= 3
                assert value == sum(map(orchard.card_value, seed_cards))
                assert sums == tuple(sum(map(orchard.card_value, b)) for b in branches)
                assert all(b and total <= value for b, total in zip(branches, sums, strict=True))
        events = state.events
        if state.pending is None and events and events[0]["kind"] != "cancel":
            # A turn ended: its player drew back to seven, or the stock ran out.
            assert len(state.hands[events[0]["seat"]]) >= 7 or not state.stock
    assert last.scores() == recount(last)
    final = last.final()
    for seat in (0, 1):
        loose, seeded = loose_and_seeded(last, seat)
        melded = [c for m in final[seat]["melds"] for c in m]
        assert len(melded) == len(set(melded)) and set(melded) <= {*loose, *seeded}
        assert all(meld_score(m) is not None for m in final[seat]["melds"])
        assert final[seat]["unmelded"] == [c for c in loose if c not in melded]


@games(300)
@given(game_st)
def test_apply_never_mutates_and_states_records_and_moves_round_trip(params):
    states, moves = play_game(*params)
    for k, (state, move) in enumerate(zip(states, moves, strict=False)):
        if k % 4:
            continue
        d = state.to_dict()
        back = orchard.from_dict(json.loads(json.dumps(d)))
        assert back == state and back.to_dict() == d and hash(back) == hash(state)
        state.apply(move)
        assert state.to_dict() == d
        assert orchard.move_from_dict(json.loads(json.dumps(move.to_dict()))) == move
        for other in state.legal_moves()[:5]:
            assert state.check(other) is None
    record = GameRecord.from_json(
        GameRecord("orchard", params[0], 2, {"first": params[1]}, moves).to_json()
    )
    assert record.replay() == states[-1]


@games(200)
@given(game_st)
def test_views_hide_the_other_hand_and_the_stock_and_determinize_reproduces_them(params):
    states, _moves = play_game(*params)
    rng = random.Random(params[2])
    for k, state in enumerate(states):
        if k % 5 and k != len(states) - 1:
            continue
        for seat in (0, 1):
            view = state.view(seat)
            text = json.dumps(view)
            other = 1 - seat
            if not state.is_over():
                assert view["hands"][other] == [None] * len(state.hands[other])
                assert not any(f'"{c}"' in text for c in state.hands[other])
            assert not any(f'"{c}"' in text for c in state.stock)
            det = orchard.determinize(json.loads(text), random.Random(rng.random()))
            assert det.view(seat) == view
            assert det.hands[seat] == state.hands[seat] and det.seeds == state.seeds
            assert sorted(det.stock + det.hands[other]) == sorted(state.stock + state.hands[other])
            if state.current_player == seat:
                assert det.legal_moves() == state.legal_moves()


@games(100)
@given(game_st)
def test_events_name_only_cards_both_seats_see(params):
    states, _moves = play_game(*params)
    for before, after in pairwise(states):
        assert after.events
        for seat in (0, 1):
            seen = json.dumps([before.view(seat), after.view(seat)])
            for code in codes_in(after.events):
                assert f'"{code}"' in seen, (after.events, code, seat)


def brute_force(loose: list[str], seeded: list[str]) -> int:
    """Every subset of 2–5 cards that meld_score accepts, then the best disjoint choice."""
    cards = loose + seeded
    melds = []
    for size in range(2, 6):
        for combo in combinations(range(len(cards)), size):
            score = meld_score([cards[i] for i in combo])
            if score is not None:
                mask = sum(1 << i for i in combo)
                melds.append((mask, score + sum(1 for i in combo if i < len(loose))))

    @functools.cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        result = best(mask ^ low)
        for m, gain in melds:
            if m & low and m & mask == m:
                result = max(result, gain + best(mask ^ m))
        return result

    return best((1 << len(cards)) - 1) - len(loose)


# Dense pools (few ranks, many suits) make runs, sets and marriages compete for the same cards.
POOLS = [
    list(FULL_DECK),
    [r + s for r in "789TJQK" for s in "SCDH"],
    [r + s for r in "23456" for s in "SHD"] + ["QS", "KS", "QH", "KH"],
    [r + s for r in "TJQKA" for s in "SCDH"],
]


@games(400)
@given(st.sampled_from(range(len(POOLS))), st.integers(0, 12), st.randoms(use_true_random=False))
def test_best_final_choice_matches_a_brute_force(pool, n, rng):
    cards = rng.sample(POOLS[pool], n)
    k = rng.randrange(n + 1)
    loose, seeded = cards[:k], cards[k:]
    score, melds = best_final_choice(loose, seeded)
    assert score == brute_force(loose, seeded)
    melded = [c for m in melds for c in m]
    assert len(melded) == len(set(melded)) and set(melded) <= set(cards)
    assert score == sum(meld_score(m) for m in melds) - sum(1 for c in loose if c not in melded)
