"""The random computer player: it sees only a view. (The other kinds: tests/test_ai.py.)"""

from __future__ import annotations

import json
import random

import pytest
from engine_checks import hidden_twin

import engines
from engines import ai, canals, canfield
from engines.ai import random_player


def test_kinds_and_budgets():
    assert ai.KINDS == ("random", "easy", "medium", "hard")
    assert ai.BUDGET_S == {"random": 0.0, "easy": 0.05, "medium": 0.3, "hard": 1.5}
    state = canals.new_game(seed=1)
    with pytest.raises(ValueError, match="kind"):
        ai.choose_move(canals, "genius", state.view(state.current_player), 1)
    with pytest.raises(ValueError):
        ai.choose_move(canals, "random", state.view(state.current_player), "seed")


@pytest.mark.parametrize("kind", ["random", "easy"])
def test_states_differing_only_in_hidden_cards_get_the_same_move(kind):
    rng = random.Random(6)
    state = canals.new_game(seed=4, options={"memory_aid": False})
    for _ in range(20):
        state = state.apply(state.random_move(rng))
    seat = state.current_player
    twin = hidden_twin(canals, state, seat)
    assert twin.hands[1 - seat] != state.hands[1 - seat] or twin.sides != state.sides
    assert twin.view(seat) == state.view(seat)
    for seed in range(10):
        move = ai.choose_move(canals, kind, state.view(seat), seed)
        assert move == ai.choose_move(canals, kind, twin.view(seat), seed)
        assert state.check(move) is None and twin.check(move) is None

    deal = canfield.new_game(8)
    other = hidden_twin(canfield, deal, 0)
    assert other.stock != deal.stock
    for seed in range(10):
        move = ai.choose_move(canfield, kind, deal.view(0), seed)
        assert move == ai.choose_move(canfield, kind, other.view(0), seed)


def test_it_works_from_a_view_alone():
    state = canals.new_game(seed=2)
    seat = state.current_player
    view = json.loads(json.dumps(state.view(seat)))  # nothing but plain JSON
    move = ai.choose_move(canals, "random", view, 3)
    assert move == ai.choose_move(canals, "random", view, random.Random(3))
    assert state.check(move) is None


def test_it_refuses_a_view_of_the_seat_not_to_move():
    state = canals.new_game(seed=2)
    with pytest.raises(ValueError, match="turn"):
        random_player.choose_move(canals, state.view(1 - state.current_player), random.Random(1))


def test_whole_canals_games_with_only_legal_moves():
    rng = random.Random(2024)
    kinds = ["random", "easy"]
    winners = set()
    for seed in range(40):
        state = canals.new_game(seed=seed, options={"memory_aid": seed % 3 != 0})
        while not state.is_over():
            seat = state.current_player
            move = ai.choose_move(canals, rng.choice(kinds), state.view(seat), rng)
            assert state.check(move) is None, move
            state = state.apply(move)
        assert state.turn == 52 and state.phase == "over"
        assert state.winners()
        winners.update(state.winners())
    assert winners == {0, 1}


def test_canfield_moves_are_legal():
    rng = random.Random(5)
    for seed in range(5):
        state = canfield.new_game(seed, options=canfield.presets["classic"])
        for _ in range(80):
            if not state.legal_moves():
                break
            move = ai.choose_move(canfield, "random", state.view(0), rng)
            assert move in state.legal_moves()
            state = state.apply(move)


@pytest.mark.parametrize("name", sorted(engines.GAMES))
def test_every_game_can_be_played_by_the_random_player(name):
    game = engines.get(name)
    state = game.new_game(seed=1, players=game.min_players)
    for _ in range(30):
        if state.is_over() or not state.legal_moves():
            break
        seat = state.current_player
        state = state.apply(ai.choose_move(game, "random", state.view(seat), seat))
