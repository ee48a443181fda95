"""The engine contract, checked for every game `engines.GAMES` finds: a new engine is covered here
without writing anything. Random games (every seat count, every preset, random options) through the
public API only; see ../shared/design/contract.md."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from engine_checks import assert_refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines import GameRecord, IllegalMove

NAMES = sorted(engines.GAMES)
MAX_MOVES = 90  # Canfield with unlimited redeals never has to end; Canals always ends at 52
SETTINGS = settings(
    max_examples=50,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def configs(game: Any) -> st.SearchStrategy[tuple[int, dict[str, Any]]]:
    """(players, options): every seat count with a preset or with options drawn one by one."""
    players = st.integers(game.min_players, game.max_players)
    presets = st.sampled_from([dict(p) for _, p in sorted(game.presets.items())])
    drawn = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in sorted(game.OPTIONS.items())})
    return st.tuples(players, st.one_of(presets, drawn))


def games(name: str) -> st.SearchStrategy[tuple[int, int, dict[str, Any], int]]:
    """(seed, players, options, seed of the move picker)."""
    game = engines.get(name)
    return st.tuples(SEEDS, configs(game), st.integers(0, 2**32)).map(
        lambda t: (t[0], t[1][0], t[1][1], t[2])
    )


def playout(name: str, seed: int, players: int, options: dict[str, Any], move_seed: int):
    """The states and moves of one random game (uniform legal moves, at most MAX_MOVES)."""
    game = engines.get(name)
    rng = random.Random(move_seed)
    state = game.new_game(seed=seed, players=players, options=options)
    states, moves = [state], []
    while len(moves) < MAX_MOVES:
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        state = state.apply(move)
        states.append(state)
        moves.append(move)
    return states, moves


def seats(game: Any, state: Any) -> range:
    return range(len(state.scores()))


# --- the game modules --------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_module_offers_the_contract(name):
    game = engines.get(name)
    assert game.name == name and isinstance(game.title, str) and game.title
    assert 1 <= game.min_players <= game.max_players
    assert set(game.DEFAULTS) == set(game.OPTIONS)
    assert all(game.DEFAULTS[k] in v for k, v in game.OPTIONS.items())
    assert game.presets and ("default" in game.presets or "seed" in game.presets)
    for preset in game.presets.values():
        game.new_game(seed=1, players=game.min_players, options=preset)
    for attr in ("new_game", "from_dict", "move_from_dict", "determinize"):
        assert callable(getattr(game, attr)), attr


def test_games_are_discovered_and_get_names_the_known_ones():
    assert {"canfield", "canals"} <= set(engines.GAMES)
    assert list(engines.GAMES) == sorted(engines.GAMES)
    assert not hasattr(engines, "PLANNED")
    with pytest.raises(KeyError, match="canfield"):
        engines.get("chess")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [-1, 2**64, 10**30, True, 1.5, "3", None])
def test_seeds_outside_the_range_are_refused(name, seed):
    game = engines.get(name)
    with pytest.raises(ValueError, match="seed"):
        game.new_game(seed=seed, players=game.min_players)
    d = game.new_game(seed=5, players=game.min_players).to_dict()
    d["seed"] = seed
    with pytest.raises(ValueError):
        game.from_dict(d)


@pytest.mark.parametrize("name", NAMES)
def test_the_extreme_seeds_deal(name):
    game = engines.get(name)
    for seed in (0, 2**64 - 1):
        state = game.new_game(seed=seed, players=game.min_players)
        assert game.from_dict(state.to_dict()) == state


# --- random games ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_determinism(name, data):
    seed, players, options, move_seed = data.draw(games(name))
    states, moves = playout(name, seed, players, options, move_seed)
    again, again_moves = playout(name, seed, players, options, move_seed)
    assert moves == again_moves
    assert states == again
    assert [s.to_dict() for s in states] == [s.to_dict() for s in again]
    assert [s.events for s in states] == [s.events for s in again]


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_states_round_trip_and_apply_never_mutates(name, data):
    game = engines.get(name)
    states, moves = playout(name, *data.draw(games(name)))
    for state, move in zip(states, [*moves, None], strict=True):
        d = state.to_dict()
        text = json.dumps(d)
        back = game.from_dict(d)
        assert back == state and back.to_dict() == d
        assert game.from_dict(json.loads(text)) == state
        assert back.events in ([], ())
        if move is not None:
            state.apply(move)
            assert state.to_dict() == d


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_check_legal_moves_and_apply_agree(name, data):
    game = engines.get(name)
    params = data.draw(games(name))
    states, _ = playout(name, *params)
    # Moves of other positions, of this game and of another deal of it: mostly illegal here.
    _, more = playout(name, params[0] ^ 1, params[1], params[2], params[3] + 1)
    pool = [m for s in states for m in s.legal_moves()] + more
    rng = random.Random(params[3])
    for state in states:
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal), "a move is listed twice"
        if state.is_over():
            assert legal == []
        for move in legal:
            assert state.check(move) is None, move
            assert game.move_from_dict(json.loads(json.dumps(move.to_dict()))) == move
        for move in rng.sample(legal, min(len(legal), 8)):
            state.apply(move)
        legal_set = set(legal)
        illegal = [m for m in rng.sample(pool, min(len(pool), 40)) if m not in legal_set]
        for move in illegal[:10]:
            assert_refused(state, move)
        assert isinstance(state.check("not a move"), str)
        with pytest.raises(IllegalMove):
            state.apply(None)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_records_replay_to_the_same_state(name, data):
    game = engines.get(name)
    seed, players, options, move_seed = data.draw(games(name))
    states, moves = playout(name, seed, players, options, move_seed)
    record = GameRecord(name, seed, players, options, moves)
    assert record.replay() == states[-1]
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.moves == moves
    assert loaded.replay() == states[-1]
    assert game.from_dict(loaded.replay().to_dict()) == states[-1]


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_phase_players_events_and_scores(name, data):
    seed, players, options, move_seed = data.draw(games(name))
    states, _ = playout(name, seed, players, options, move_seed)
    assert states[0].events in ([], ())
    for state in states:
        over = state.is_over()
        assert isinstance(state.phase, str) and state.phase
        assert (state.phase == "over") == over
        assert (state.current_player is None) == over
        if not over:
            assert state.current_player in range(players)
        events = state.events
        assert isinstance(events, list | tuple)
        json.dumps(list(events))
        assert all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in events)
        assert state.events == events  # a value, the same every time it is read
        scores = state.scores()
        assert len(scores) == players and all(isinstance(x, int) for x in scores)
        winners = state.winners()
        assert all(w in range(players) for w in winners)
        if not over:
            assert winners == []
    for state in states[1:]:
        assert state.events, "a move says what it did"


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_views_hide_what_they_must_and_determinize_reproduces_them(name, data):
    game = engines.get(name)
    seed, players, options, move_seed = data.draw(games(name))
    states, _ = playout(name, seed, players, options, move_seed)
    rng = random.Random(move_seed)
    sampled_apart = False
    for k, state in enumerate(states):
        if k % 3 and k != len(states) - 1:
            continue  # every third position keeps the suite fast
        for seat in seats(game, state):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            first = game.determinize(view, random.Random(rng.random()))
            second = game.determinize(json.loads(json.dumps(view)), random.Random(rng.random()))
            # Views do not change when hidden cards are swapped: every determinization shows
            # this seat exactly the same view.
            assert first.view(seat) == view
            assert second.view(seat) == view
            sampled_apart |= first.to_dict() != second.to_dict()
            for det in (first, second):
                assert det.current_player == state.current_player
                assert det.phase == state.phase
                assert det.is_over() == state.is_over()
                if state.current_player == seat:
                    # A seat can always tell its own legal moves.
                    assert set(det.legal_moves()) == set(state.legal_moves())
    first_view = states[0].view(0)
    assert first_view == game.determinize(first_view, random.Random(1)).view(0)
    assert sampled_apart or all(
        game.determinize(s.view(p), random.Random(1)) == s for s in states for p in seats(game, s)
    ), "determinize never samples anything although cards are hidden"


@pytest.mark.parametrize("name", NAMES)
def test_determinize_refuses_views_of_other_games_and_garbage(name):
    game = engines.get(name)
    others = [g for g in NAMES if g != name]
    bad: list[Any] = [None, [], "view", {}, {"game": name}]
    for other in others:
        g = engines.get(other)
        bad.append(g.new_game(seed=1, players=g.min_players).view(0))
    view = game.new_game(seed=1, players=game.min_players).view(0)
    bad.append({**view, "game": "chess"})
    for v in bad:
        with pytest.raises(ValueError):
            game.determinize(v, random.Random(0))


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(data=st.data())
def test_random_move_is_an_index_into_legal_moves(name, data):
    states, _ = playout(name, *data.draw(games(name)))
    if not hasattr(states[0], "random_move"):
        return  # optional
    for k, state in enumerate(states):
        legal = state.legal_moves()
        picked = state.random_move(random.Random(k))
        if not legal:
            assert picked is None
        else:
            assert picked == legal[random.Random(k).randrange(len(legal))]
