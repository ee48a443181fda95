"""`game.determinize(view, rng)` and the ids in views: consistent, uniform, and never a leak."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engines import canals, canfield
from engines.canals import Place
from engines.cards import FULL_DECK
from engines.core import Move


def chi_square(counts: Counter, categories: list, samples: int) -> float:
    expected = samples / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


# Upper 0.1% points of the chi-square distribution, by degrees of freedom.
CHI2_999 = {11: 31.26, 25: 52.62, 45: 80.08}


def chi2_limit(dof: int) -> float:
    if dof in CHI2_999:
        return CHI2_999[dof]
    return dof + 4.5 * (2 * dof) ** 0.5  # a generous normal approximation


# --- Canfield ----------------------------------------------------------------------------------


def test_canfield_view_ids_are_parallel_and_positional():
    state = canfield.new_game(9)
    view = state.view(0)
    ids = view["ids"]
    assert ids["stock"] == [f"stock.{i}" for i in range(34)]
    assert ids["reserve"] == [f"reserve.{i}" for i in range(12)] + [state.reserve[-1]]
    assert len(ids["reserve"]) == len(view["reserve"]) and len(ids["stock"]) == len(view["stock"])
    # The ids are the same for every deal with the same pile sizes: they tell no face.
    other = canfield.new_game(10).view(0)["ids"]
    assert other["stock"] == ids["stock"] and other["reserve"][:-1] == ids["reserve"][:-1]
    after = state.apply(Move("stock", "waste", 1))
    assert after.view(0)["ids"]["stock"] == [f"stock.{i}" for i in range(33)]


def test_canfield_determinize_keeps_what_is_seen_and_deals_the_rest():
    state = canfield.new_game(21, options={"draw": 3})
    for _ in range(5):
        state = state.apply(state.legal_moves()[0])
    view = state.view(0)
    det = canfield.determinize(view, random.Random(1))
    assert det.view(0) == view
    assert det.tableau == state.tableau and det.waste == state.waste
    assert det.foundations == state.foundations and det.reserve[-1] == state.reserve[-1]
    hidden = sorted(state.stock + state.reserve[:-1])
    assert sorted(det.stock + det.reserve[:-1]) == hidden
    assert det.events == []


def test_canfield_determinize_is_uniform():
    view = canfield.new_game(4).view(0)
    unseen = [c for c in FULL_DECK if c not in json.dumps(view)]
    assert len(unseen) == 46
    rng = random.Random(7)
    samples = 4600
    tops = Counter(canfield.determinize(view, rng).stock[-1] for _ in range(samples))
    assert set(tops) <= set(unseen)
    assert chi_square(tops, unseen, samples) < chi2_limit(45)


def test_canfield_determinize_with_the_same_rng_is_repeatable():
    view = canfield.new_game(4).view(0)
    assert canfield.determinize(view, random.Random(3)) == canfield.determinize(
        view, random.Random(3)
    )
    assert canfield.determinize(view, random.Random(3)) != canfield.determinize(
        view, random.Random(4)
    )


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v.update(game="canals"),
        lambda v: v.pop("stock"),
        lambda v: v.pop("ids"),
        lambda v: v["stock"].__setitem__(0, "AS"),  # a face where the view must hide it
        lambda v: v["reserve"].__setitem__(0, "AS"),
        lambda v: v["stock"].pop(),  # one hidden place too few for the unseen cards
        lambda v: v["tableau"][0].append(v["tableau"][1][0]),  # a card twice
        lambda v: v["ids"]["stock"].__setitem__(0, "KH"),  # an id that tells a face
        lambda v: v.update(seed=-1),
        lambda v: v.update(extra=1),
    ],
)
def test_canfield_determinize_refuses_malformed_views(change):
    view = canfield.new_game(4).view(0)
    change(view)
    with pytest.raises(ValueError):
        canfield.determinize(view, random.Random(0))


# --- Canals ------------------------------------------------------------------------------------


def play(state, rng, steps):
    for _ in range(steps):
        if state.is_over():
            break
        state = state.apply(state.random_move(rng))
    return state


def test_canals_view_ids():
    state = canals.new_game(seed=5, options={"first": 0})
    state = state.apply(Place("AH", 0, None)).apply(Place("5S", 0, 0, True))
    state = state.apply(Place("9H", 0, 0)).apply(Place("2C", 1, None))
    for seat in (0, 1):
        view = state.view(seat)
        assert [c["id"] for c in view["sides"][0][0]] == ["t0.0.0", "t0.0.1", "t0.0.2"]
        assert [c["id"] for c in view["sides"][1][0]] == ["t1.0.0"]
        other = 1 - seat
        assert view["hand_ids"][seat] == view["hands"][seat] == list(state.hands[seat])
        assert view["hand_ids"][other] == [f"h{other}.{i}" for i in range(len(state.hands[other]))]
    # The ids do not depend on which card lies where: two deals differing in a hidden card.
    a = canals.new_game(seed=5, options={"first": 0}).apply(Place("AH", 0, None))
    b = canals.new_game(seed=5, options={"first": 0}).apply(Place("KD", 0, None))
    assert a.view(1)["sides"] == b.view(1)["sides"]
    assert a.view(1) == b.view(1)


@pytest.mark.parametrize("memory_aid", [True, False])
def test_canals_determinize_reproduces_the_view_and_keeps_the_owners(memory_aid):
    rng = random.Random(11)
    for seed in range(6):
        state = canals.new_game(seed=seed, options={"memory_aid": memory_aid})
        while True:
            for seat in (0, 1):
                view = state.view(seat)
                det = canals.determinize(view, rng)
                assert det.view(seat) == view
                assert det.hands[seat] == state.hands[seat]
                for side_a, side_b in zip(det.sides, state.sides, strict=True):
                    for col_a, col_b in zip(side_a, side_b, strict=True):
                        for (ca, ua), (cb, ub) in zip(col_a, col_b, strict=True):
                            assert ua == ub and canals.owner_of(ca) == canals.owner_of(cb)
            if state.is_over():
                assert canals.determinize(state.view(0), rng) == state
                break
            state = state.apply(Place(*_with_face(state.random_move(rng), rng)))


def _with_face(move, rng):
    return move.card, move.side, move.column, rng.random() < 0.4


def test_canals_without_memory_aid_even_own_face_down_cards_are_sampled():
    rng = random.Random(2)
    state = canals.new_game(seed=3, options={"memory_aid": False, "first": 0})
    state = state.apply(Place("AH", 0, None)).apply(Place("2S", 1, None))
    state = state.apply(Place("5H", 0, 0))
    view = state.view(0)
    assert view["sides"][0][0][0]["card"] is None
    assert view["sides"][0][0][1]["card"] is None and "AH" not in view["hands"][0]
    # Seat 0 knows its hand, so its two face-down cards are AH and 5H in some order.
    firsts = Counter(canals.determinize(view, rng).sides[0][0][0][0] for _ in range(400))
    assert set(firsts) == {"AH", "5H"} and min(firsts.values()) > 150


def test_canals_determinize_is_uniform():
    rng = random.Random(5)
    state = play(canals.new_game(seed=9, options={"first": 0}), rng, 30)
    # Put one black card face down on a known cell to watch what lands there.
    seat = state.current_player
    view = state.view(1 - seat)
    places = [
        (s, c, r)
        for s, side in enumerate(view["sides"])
        for c, col in enumerate(side)
        for r, cell in enumerate(col)
        if cell["card"] is None
    ]
    assert places
    s, c, r = places[0]
    owner = view["sides"][s][c][r]["owner"]
    seen = json.dumps(view)
    unseen = [x for x in canals.STARTING_HANDS[owner] if f'"{x}"' not in seen]
    samples = 200 * len(unseen)
    counts = Counter(canals.determinize(view, rng).sides[s][c][r][0] for _ in range(samples))
    assert set(counts) <= set(unseen)
    assert chi_square(counts, unseen, samples) < chi2_limit(len(unseen) - 1)


@pytest.mark.parametrize(
    "change",
    [
        lambda v: v.update(game="canfield"),
        lambda v: v.update(seat=2),
        lambda v: v.pop("hands"),
        lambda v: v["hands"][1].__setitem__(0, "AH"),  # a red card in black's hand
        lambda v: v["hands"][1].pop(),  # the hand sizes no longer add up
        lambda v: v["hand_ids"][1].__setitem__(0, "KS"),
        lambda v: v["sides"][0][0][0].update(owner=1),
        lambda v: v["sides"][0][0][0].update(card="KS"),
        lambda v: v.update(turn=5),
        lambda v: v.update(sides="no"),
    ],
)
def test_canals_determinize_refuses_malformed_views(change):
    state = canals.new_game(seed=1, options={"first": 0})
    state = state.apply(Place("AH", 0, None)).apply(Place("2S", 0, 0))
    view = state.view(0)
    change(view)
    with pytest.raises(ValueError):
        canals.determinize(view, random.Random(0))


# --- Canals random_move --------------------------------------------------------------------------


def test_canals_random_move_is_uniform_over_the_legal_moves():
    rng = random.Random(1)
    positions = [canals.new_game(seed=2)]
    positions.append(play(positions[0], rng, 9))
    positions.append(play(positions[0], rng, 40))
    for state in positions:
        legal = state.legal_moves()
        samples = 40 * len(legal)
        counts = Counter(state.random_move(rng) for _ in range(samples))
        assert set(counts) <= set(legal)
        assert chi_square(counts, legal, samples) < chi2_limit(len(legal) - 1), len(legal)
    assert play(canals.new_game(seed=2), rng, 52).random_move(rng) is None
