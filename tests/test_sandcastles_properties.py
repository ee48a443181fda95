"""Sandcastles properties over 2–6 players: hundreds of random games with every invariant checked
after each move, thousands more played to the end, views that hide secrets, determinize."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from engines import sandcastles as sc
from engines.cards import FULL_DECK

SETTINGS = settings(
    max_examples=500,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
game_st = st.tuples(st.integers(0, 2**64 - 1), st.integers(2, 6), st.integers(0, 2**32))


def start(game):
    """(new state, players, move picker) of a drawn game."""
    seed, players, move_seed = game
    return sc.new_game(seed=seed, players=players), players, random.Random(move_seed)


def reference_score(board) -> int:
    """Board score from scratch, by the difference to the right neighbour."""
    values = [sc.value(c) for c in board]
    points = 0
    for i in range(len(values) - 1):
        step = values[i + 1] - values[i]
        points += {0: 3, 1: 2}.get(step, 1 if step > 0 else 0)
    return points


def reference_standings(state) -> list[str | None]:
    scores = {s: reference_score(state.boards[s]) for s in range(state.players) if state.alive[s]}
    out: list[str | None] = []
    for s in range(state.players):
        if s not in scores:
            out.append(None)
        elif not any(x > scores[s] for x in scores.values()):
            out.append("lead")
        elif not any(x < scores[s] for x in scores.values()):
            out.append("last")
        else:
            out.append("rest")
    return out


def all_cards(state) -> list[str]:
    held = [c for h in state.hands for c in h] + [c for b in state.boards for c in b]
    return [*state.stock, *state.discard, *held, *(d[1] for d in state.decls if d[1])]


def check_winners(before, after) -> None:
    """The last round's end follows the rules: one at 10+, the last one standing, a draw among
    those who all went out, or the round-200 guard."""
    ins = [s for s in range(before.players) if before.alive[s]]
    winners = after.winners()
    out = next(e for e in after.events if e["kind"] == "round_end")["out"]
    standing = [s for s in ins if s not in out]
    if not standing:
        assert winners == ins
        return
    tens = [s for s in standing if len(after.boards[s]) >= sc.WIN_SIZE]
    if len(standing) == 1 or len(tens) == 1:
        assert winners == (tens if len(tens) == 1 else standing)
        return
    assert after.round == sc.ROUND_LIMIT
    best = max(reference_score(after.boards[s]) for s in standing)
    assert winners == [s for s in standing if reference_score(after.boards[s]) == best]


@SETTINGS
@given(game_st)
def test_random_games_keep_every_invariant(game):
    state, players, rng = start(game)
    moves = []
    while not state.is_over():
        assert sorted(all_cards(state)) == sorted(FULL_DECK)
        assert state.scores() == [reference_score(b) for b in state.boards]
        before = state.to_dict()
        move = state.random_move(rng)
        after = state.apply(move)
        assert state.to_dict() == before  # apply never mutates
        if len(moves) % 4 == 0:
            assert sc.from_dict(json.loads(json.dumps(after.to_dict()))) == after
        kinds = [e["kind"] for e in after.events]
        if "round" in kinds and not after.is_over():
            assert list(after.standings) == reference_standings(after)
            assert list(after.order) == sorted(
                (s for s in range(players) if after.alive[s]),
                key=lambda s: (-reference_score(after.boards[s]), s),
            )
        for s in range(players):
            if not after.alive[s]:
                assert after.boards[s] == () and after.hands[s] == ()
        if after.is_over():
            check_winners(state, after)
        moves.append(move)
        state = after
    assert sorted(all_cards(state)) == sorted(FULL_DECK)
    assert state.legal_moves() == [] and state.current_player is None
    places = state.places()
    winners = state.winners()
    last_round = {
        s: state.round + 1 if state.alive[s] else state.out_round[s] for s in range(players)
    }
    for s in range(players):
        assert (places[s] == 1) == (s in winners)
        for t in range(players):
            if s not in winners and t not in winners and last_round[s] > last_round[t]:
                assert places[s] < places[t]  # out later (or never) is better
    record = engines.GameRecord("sandcastles", game[0], players, {}, moves)
    assert engines.GameRecord.from_json(record.to_json()).replay() == state


def test_thousands_of_random_games_end_with_winners():
    rng = random.Random(2026)
    rounds = []
    for g in range(2000):
        players = 2 + g % 5
        state = sc.new_game(seed=rng.randrange(2**64), players=players)
        while (move := state.random_move(rng)) is not None:
            state = state.apply(move)
        assert state.is_over() and state.winners()
        assert sorted(all_cards(state)) == sorted(FULL_DECK)
        rounds.append(state.round)
    assert max(rounds) < sc.ROUND_LIMIT  # random play never needs the guard


def hidden_from(state, seat) -> set[str]:
    """Every card `seat` may not see."""
    hidden = set(state.stock)
    for s in range(state.players):
        if s == seat:
            continue
        hidden |= {c for c in state.hands[s] if c not in state.face_up}
        hidden |= {d[1] for d in state.decls if d[0] == s and d[1] and d[1] not in state.face_up}
        if state.phase == "setup":
            hidden |= set(state.boards[s])
    return hidden


def swapped(state, a: str, b: str):
    """The same state with cards a and b trading places."""
    text = json.dumps(state.to_dict())
    text = text.replace(f'"{a}"', '"@@"').replace(f'"{b}"', f'"{a}"').replace('"@@"', f'"{b}"')
    return sc.from_dict(json.loads(text))


@settings(max_examples=150, derandomize=True, deadline=None, database=None)
@given(game_st)
def test_views_hide_secrets(game):
    state, players, rng = start(game)
    step = 0
    while True:
        if step % 3 == 0:
            for seat in range(players):
                view = state.view(seat)
                text = json.dumps(view)
                hidden = sorted(hidden_from(state, seat))
                for code in hidden:
                    assert f'"{code}"' not in text, (seat, code)
                # Two states differing only in hidden cards give equal views.
                if len(hidden) >= 2:
                    a, b = rng.sample(hidden, 2)
                    assert swapped(state, a, b).view(seat) == view
        if state.is_over():
            break
        state = state.apply(state.random_move(rng))
        step += 1


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(game_st)
def test_determinize_keeps_what_the_seat_knows_and_samples_the_rest(game):
    state, players, rng = start(game)
    sampled = False
    for step in range(400):
        if state.is_over():
            break
        if step % 5 == 0:
            seat = rng.randrange(players)
            view = state.view(seat)
            det = sc.determinize(view, random.Random(step))
            assert det.view(seat) == view
            assert det.hands[seat] == state.hands[seat] and det.discard == state.discard
            assert sorted(all_cards(det)) == sorted(FULL_DECK)
            assert sorted(hidden_from(det, seat)) == sorted(hidden_from(state, seat))
            if seat == state.current_player:
                assert det.legal_moves() == state.legal_moves()
            sampled |= det.stock != state.stock
        state = state.apply(state.random_move(rng))
    assert sampled
