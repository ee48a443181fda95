"""The engine soak: many random whole games through every engine (`engines.GAMES`), every preset
and every player count, with the contract's properties checked on the way (see
tests/test_contract.py, which checks the same on fewer, shorter games):

- determinism: the record of the game replays state by state to the same states and events;
- round trips: `to_dict`/`from_dict` (through JSON), `Move.to_dict`/`move_from_dict`, GameRecord JSON;
- `apply` never changes the state it was called on;
- `check` and `legal_moves` agree, and illegal moves are refused with the reason `check` gives;
- views are JSON-able and `determinize` gives states that show the seat exactly that view;
- every game ends (a solitaire may walk in circles for ever, Canfield with unlimited redeals: its
  games stop at MAX_SOLITAIRE_MOVES and are counted as capped);
- card accounting: every state's `to_dict` holds each of the 52 cards exactly once.

Why sampled: checking every position of every game would make 100,000 games a day's work, so the
costly checks (round trips, views, determinize, illegal moves) run on every CHECK_EVERY-th position
at a random offset (fewer past the 64th move), and always on the first and the last; across many
games every kind of position is covered. Replay and phase checks run on every position.

Run: `python tests/soaking.py --games N --seed S [--jobs J]`; `make soak`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from multiprocessing import get_context
from typing import Any

from engine_checks import assert_refused

import engines
from engines import GameRecord, IllegalMove
from engines.cards import FULL_DECK

DECK = frozenset(FULL_DECK)
CHECK_EVERY = 8
MAX_SOLITAIRE_MOVES = 400
MAX_MOVES = 10_000  # a game of several players that has not ended by then never will
CHUNK = 250  # games per task handed to a process
PROGRESS_EVERY = 10_000  # games between progress lines


def deal(name: str, preset: str, run_seed: int, index: int) -> tuple[int, int, int]:
    """Game `index` of a run: (deal number over the contract's whole range, players, picker seed)."""
    game = engines.get(name)
    rng = random.Random(f"{run_seed}:{name}:{preset}:{index}")
    players = game.min_players + index % (game.max_players - game.min_players + 1)
    return rng.randrange(2**64), players, rng.randrange(2**32)


def soak_one(name: str, preset: str, seed: int, players: int, picker: int) -> tuple[int, bool]:
    """One random game with every check; (moves played, whether it was capped)."""
    game = engines.get(name)
    options = dict(game.presets[preset])
    rng = random.Random(picker)
    solitaire = game.max_players == 1
    cap = MAX_SOLITAIRE_MOVES if solitaire else MAX_MOVES
    state = game.new_game(seed=seed, players=players, options=options)
    assert game.new_game(seed=seed, players=players, options=options) == state
    states, moves = [state], []
    offset = rng.randrange(CHECK_EVERY)
    while not state.is_over() and len(moves) < cap:
        legal = state.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        if sampled(len(moves), offset):
            check_position(game, state, legal, states, rng)
            before = state.to_dict()
            after = state.apply(move)
            assert state.to_dict() == before, f"apply changed the state: {move}"
        else:
            after = state.apply(move)
        state = after
        states.append(state)
        moves.append(move)
    capped = not state.is_over() and bool(state.legal_moves())
    assert solitaire or not capped, f"{name} seed {seed}: no end after {len(moves)} moves"
    check_position(game, states[0], states[0].legal_moves(), states, rng)
    check_position(game, state, state.legal_moves(), states, rng)
    check_replay(game, seed, players, options, states, moves)
    return len(moves), capped


def check_replay(game, seed, players, options, states, moves) -> None:
    """The record, through JSON, replays to the same states with the same events, in order."""
    record = GameRecord.from_json(GameRecord(game.name, seed, players, options, moves).to_json())
    assert record.moves == moves
    state = record.new_state()
    for want, move in zip(states, [*moves, None], strict=True):
        assert state == want and list(state.events) == list(want.events)
        phase_consistent(state, players)
        if move is not None:
            state = state.apply(move)


def sampled(move: int, offset: int) -> bool:
    """Whether the position before move `move` gets the costly checks: every CHECK_EVERY-th at
    first, thinning out in long games (a solitaire walking in circles repeats itself)."""
    stride = CHECK_EVERY * (1 + move // (8 * CHECK_EVERY))
    return move % stride == offset % stride


def phase_consistent(state: Any, players: int) -> None:
    over = state.is_over()
    assert (state.phase == "over") == over and (state.current_player is None) == over
    scores = state.scores()
    assert len(scores) == players and all(isinstance(x, int) for x in scores)
    assert over or state.winners() == []


def check_position(game, state, legal, states, rng) -> None:
    """The costly checks, on one position."""
    d = state.to_dict()
    back = game.from_dict(json.loads(json.dumps(d)))
    assert back == state and back.to_dict() == d
    assert_every_card_once(d)
    assert len(set(legal)) == len(legal), "a move is listed twice"
    for move in legal:
        assert state.check(move) is None, move
    # Every move's dict through JSON and back: one JSON text for all of them (the same round
    # trip per move, without a json call per move).
    dicts = json.loads(json.dumps([move.to_dict() for move in legal]))
    for move, raw in zip(legal, dicts, strict=True):
        assert game.move_from_dict(raw) == move, move
    legal_set = set(legal)
    other = rng.choice(states)
    illegal = [m for m in other.legal_moves() if m not in legal_set]
    for move in rng.sample(illegal, min(len(illegal), 3)):
        assert_refused(state, move)
    try:
        state.apply(None)
    except IllegalMove:
        pass
    else:
        raise AssertionError("apply(None) was accepted")
    for seat in range(len(state.scores())):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        det = game.determinize(view, random.Random(rng.random()))
        assert det.view(seat) == view
        assert (det.current_player, det.phase) == (state.current_player, state.phase)
        if state.current_player == seat:
            assert set(det.legal_moves()) == legal_set


def assert_every_card_once(state_dict: dict[str, Any]) -> None:
    cards = Counter(codes_in(state_dict))
    missing, doubled = DECK - set(cards), sorted(c for c, n in cards.items() if n > 1)
    assert not missing and not doubled, f"missing {sorted(missing)}, more than once {doubled}"


def codes_in(value: Any):
    """Every card code in a JSON-able value, once per occurrence."""
    if isinstance(value, str):
        if value in DECK:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from codes_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from codes_in(item)


def soak_chunk(name: str, preset: str, run_seed: int, start: int, count: int) -> dict[str, int]:
    """Games start..start+count-1 of one game and preset (one task for a process)."""
    totals = Counter(games=0, moves=0, capped=0, over=0)
    for index in range(start, start + count):
        seed, players, picker = deal(name, preset, run_seed, index)
        try:
            played, capped = soak_one(name, preset, seed, players, picker)
        except BaseException as exc:
            exc.add_note(f"soak {name} {preset}: game {index} (seed {seed}, {players} players)")
            raise
        totals.update(games=1, moves=played, capped=int(capped), over=int(not capped))
    return dict(totals)


def run(games: int, seed: int, jobs: int, names: list[str] | None = None) -> list[dict[str, Any]]:
    """`games` games per game and preset, on `jobs` processes; a summary per game and preset."""
    plan = [(n, p) for n in names or sorted(engines.GAMES) for p in engines.get(n).presets]
    tasks = [
        (n, p, seed, start, min(CHUNK, games - start))
        for n, p in plan
        for start in range(0, games, CHUNK)
    ]
    totals: dict[tuple[str, str], Counter[str]] = {key: Counter() for key in plan}
    started, done = time.perf_counter(), 0
    with get_context("spawn").Pool(jobs) as pool:
        for task, part in pool.imap_unordered(run_chunk, tasks):
            totals[task[:2]].update(part)
            done += part["games"]
            if done % PROGRESS_EVERY < CHUNK:
                rate = done / (time.perf_counter() - started)
                print(f"  soak: {done} of {len(plan) * games} games, {rate:.0f}/s", flush=True)
    return [{"game": n, "preset": p, **totals[n, p]} for n, p in plan]


def run_chunk(task: tuple[str, str, int, int, int]) -> tuple[tuple, dict[str, int]]:
    return task, soak_chunk(*task)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2_000, help="games per game and preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted(engines.GAMES),
        help="an engine (default: every one)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    summaries = run(args.games, args.seed, args.jobs, args.game)
    for s in summaries:
        print(
            f"soak {s['game']} {s['preset']}: {s['games']} games, {s['moves']} moves,"
            f" {s['over']} ended, {s['capped']} capped at {MAX_SOLITAIRE_MOVES} moves"
        )
    print(
        f"soak: {sum(s['games'] for s in summaries)} games clean in {time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
