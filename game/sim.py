"""`cardtable sim GAME --games N --seats A,B[,...]`: computer-only matches, no window.

Why rotate: a seat or the first move may favour one side, so game g seats the i-th listed player
at seat (i + g) mod k and, when the game has a "first" option, lets seat (g // k) mod k start; over
k² games every player has sat everywhere and started from everywhere. Wins are counted per listed
player, wherever it sat; a game with several winners is a draw, and `shared[i]` counts the draws
the i-th listed player is one of the winners of (a draw between two others is a loss for the third:
its score counts its wins and half its shared wins). Games run on up to two spawned
processes (the start method the bundled app supports, as `solve --survey` does); decisions are
timed around `engines.ai.choose_move`, which is what a seat in the app waits for.

Kept free of pygame. Argument problems raise ValueError with a one-line message; the command line
turns that into stderr + exit 2.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from typing import Any

from game.interrupts import pool_deaf_to_ctrl_c

SIM_KINDS = ("random", "easy", "medium", "hard", "pimc")
MAX_GAMES = 100_000
# A game still going after this many moves is scored where it stands (a solitaire played at random
# can go round its stock for ever).
MOVE_CAP = 5_000


def run_sim(game_name: str, games: int, seats: str, seed: int = 1, as_json: bool = False) -> int:
    """Play the match, print the summary (the contract's JSON with `as_json`), return 0."""
    report = simulate(game_name, games, parse_seats(game_name, seats), seed)
    print(json.dumps(report) if as_json else _text(report))
    return 0


def parse_seats(game_name: str, seats: str) -> list[str]:
    """The listed players; ValueError for an unknown kind, a human, or a count the game refuses."""
    import engines

    game = engines.get(game_name)
    players = [kind.strip() for kind in seats.split(",")]
    for kind in players:
        if kind == "human":
            raise ValueError("sim plays computers only: 'human' cannot take a seat")
        if kind not in SIM_KINDS:
            raise ValueError(f"unknown seat kind {kind!r} (choose from {', '.join(SIM_KINDS)})")
    if not game.min_players <= len(players) <= game.max_players:
        span = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players}–{game.max_players}"
        )
        raise ValueError(f"{game.title} takes {span} seats, not {len(players)}")
    return players


def simulate(game_name: str, games: int, players: list[str], seed: int) -> dict[str, Any]:
    """The contract's `sim --json` object for `games` games between `players` (already checked)."""

    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games must be between 1 and {MAX_GAMES}, not {games}")
    if seed < 0 or seed + games > 2**64:
        raise ValueError(f"--seed must be a deal number 0 ≤ S with S + games ≤ 2**64, not {seed}")
    jobs = [(game_name, tuple(players), seed, g) for g in range(games)]
    workers = worker_count(games)
    if workers == 1:
        results = [play_one(job) for job in jobs]
    else:
        with pool_deaf_to_ctrl_c(workers) as pool:
            results = list(pool.imap_unordered(play_one, jobs, chunksize=1))
    return summarize(game_name, players, results)


def worker_count(games: int) -> int:
    """Processes to play `games` games on: two at most, so each search has a core to itself."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(2, cores or 1, games))  # (the cores this process may use, not all there are)


def summarize(game_name: str, players: list[str], results: list[dict[str, Any]]) -> dict[str, Any]:
    """The contract's `sim --json` object for the games `play_one` returned (in any order)."""
    wins = [0] * len(players)
    shared = [0] * len(players)
    draws = 0
    times: list[list[float]] = [[] for _ in players]
    for result in results:
        winners = result["winners"]
        if len(winners) == 1:
            wins[winners[0]] += 1
        elif winners:
            draws += 1
            for i in winners:
                shared[i] += 1
        for i, spent in enumerate(result["ms"]):
            times[i].extend(spent)
    return {
        "game": game_name,
        "games": len(results),
        "seats": list(players),
        "wins": wins,
        "draws": draws,
        "decision_ms_mean": [round(sum(t) / len(t), 2) if t else 0.0 for t in times],
        "decision_ms_p95": [round(_p95(t), 2) for t in times],
        "shared": shared,
    }


def score(report: dict[str, Any], player: int) -> float:
    """The listed player's share of the games, a shared win counting half."""
    return (report["wins"][player] + report["shared"][player] / 2) / report["games"]


def play_one(job: tuple[str, tuple[str, ...], int, int]) -> dict[str, Any]:
    """Game `index` of a match: {"winners": listed players who won, "ms": decision times per
    listed player}. Top-level and of plain values so a spawned process can run it."""
    import engines
    from engines import ai

    game_name, players, seed, index = job
    game = engines.get(game_name)
    k = len(players)
    seat_of = [(i + index) % k for i in range(k)]
    player_at = {seat: i for i, seat in enumerate(seat_of)}
    options = {"first": (index // k) % k} if "first" in game.OPTIONS and k > 1 else None
    state = game.new_game(seed=seed + index, players=k, options=options)
    rng = random.Random(f"sim:{game_name}:{seed}:{index}")
    ms: list[list[float]] = [[] for _ in players]
    memories = [ai.Memory() for _ in players]  # each searching player's tree between decisions
    for _ in range(MOVE_CAP):
        if state.is_over() or not state.legal_moves():
            break
        seat = state.current_player
        player = player_at[seat]
        start = time.perf_counter()
        move = ai.choose_move(game, players[player], state.view(seat), rng, memory=memories[player])
        ms[player].append(1000.0 * (time.perf_counter() - start))
        state = state.apply(move)
    return {"winners": sorted(player_at[s] for s in state.winners()), "ms": ms}


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[math.ceil(0.95 * len(ordered)) - 1]


def _text(report: dict[str, Any]) -> str:
    n = report["games"]
    lines = [f"{report['game']}: {n} games, {report['draws']} drawn"]
    for i, kind in enumerate(report["seats"]):
        lines.append(
            f"  {i + 1}. {kind:<7} {report['wins'][i]:>5} wins  {100 * score(report, i):5.1f} % "
            f"(shared wins half)  decision mean {report['decision_ms_mean'][i]:.1f} ms, "
            f"p95 {report['decision_ms_p95'][i]:.1f} ms"
        )
    return "\n".join(lines)
