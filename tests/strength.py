"""The computer players' strength table (README, "Computer players"), played so that it can be
stopped and resumed: each cell of the targets is the games of one `cardtable sim` command
(`sim GAME --games N --seats ... --seed 1`), played one game at a time through `game.sim.play_one`
(the same deals, seats, first moves and players as that command) on both cores, and each game is
appended to a log as soon as it ends. A run started again plays only the games its log lacks.

Why a game keeps the share of the clock its process had the CPU: the searches think on the clock,
and a machine busy with other work (even at a lower priority than theirs, or above it at `nice`)
leaves them waiting for the CPU, so their decisions come out slower than their budget and weaker.
A game whose process had the CPU less than MIN_CPU_SHARE of its time counts as not played, and is
played again; so the table holds only games played on a machine that left the players alone.

Why: at hard's 1.5 s a move one 200-game cell takes hours on this machine, and all of them take
days, far more than a working session; a run that is stopped loses at most the games under way.
The summary of a cell is the `sim --json` object of its logged games (`game.sim.summarize`).

Run: `python tests/strength.py [--games N] [--game NAME] [--seats A,B,..] [--log FILE] [--jobs N]
[--report]`;
`make strength`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from game import sim

SEED = 1
MIN_CPU_SHARE = 0.9  # of a game's wall-clock time its process ran; below it the game is replayed
ROUNDS = 3  # times a cell's missing games are played before the run goes on to the next cell
# The medium cells first (the cheapest: their games take a fifth of hard's time), then the hard
# cells whose targets are least sure to hold, so that a player that needs more work is found before
# days go into cells it would have to play again: Sandcastles against easy (medium reached 56-62 %
# there for a target of 50 %, hard must reach 60 %), then every cell against the flat Monte Carlo
# player, then the rest (in short runs hard beat random and easy in every game of Canals).
CELLS = [
    ("sandcastles", ("medium", "easy", "easy")),
    ("canals", ("medium", "easy")),
    ("orchard", ("medium", "easy")),
    ("sandcastles", ("hard", "easy", "easy")),
    ("orchard", ("hard", "pimc")),
    ("canals", ("hard", "pimc")),
    ("sandcastles", ("hard", "pimc", "pimc")),
    ("sandcastles", ("hard", "random", "random")),
    ("orchard", ("hard", "easy")),
    ("orchard", ("hard", "random")),
    ("canals", ("hard", "easy")),
    ("canals", ("hard", "random")),
]


def logged(log: Path) -> dict[tuple[str, tuple[str, ...], int], dict[str, Any]]:
    """The games of seed SEED in the log: (game, seats, index) -> that game's `play_one` result,
    with the load and the commit it was played under. A line cut short by a stop, and a game that
    did not have the CPU (see MIN_CPU_SHARE; lines from before that was kept have no share), are
    skipped: their games are played again."""
    games = {}
    if log.exists():
        for line in log.read_text().splitlines():
            try:
                entry = json.loads(line)
                if entry["seed"] != SEED or not entry["cpu"] >= MIN_CPU_SHARE:
                    continue
                key = (entry["game"], tuple(entry["seats"]), entry["index"])
                games[key] = {k: entry[k] for k in ("winners", "ms", "load", "commit")}
            except (ValueError, KeyError, TypeError):
                continue
    return games


def play_cell(
    name: str, seats: tuple[str, ...], games: int, log: Path, jobs: int = 2
) -> dict[str, Any]:
    """Play the cell's games that the log lacks, logging each as it ends, and again (up to ROUNDS
    times in all) those that did not have the CPU; the summary of the cell's logged games. `jobs`
    processes play (at most one a core: each search needs a core to itself)."""
    commit = _commit(log)
    for _ in range(ROUNDS):
        done = logged(log)
        missing = [g for g in range(games) if (name, seats, g) not in done]
        if not missing:
            break
        fresh = _fresh_line(log) if log.exists() else ""
        with (
            log.open("a") as out,
            multiprocessing.get_context("spawn").Pool(
                min(jobs, sim.worker_count(len(missing))), initializer=_warm
            ) as pool,
        ):
            out.write(fresh)
            for index, result in pool.imap_unordered(
                play_indexed, [(name, seats, SEED, g) for g in missing], chunksize=1
            ):
                entry = {
                    "game": name,
                    "seats": list(seats),
                    "seed": SEED,
                    "index": index,
                    "commit": commit,
                    "load": _load(),
                }
                # Decision times to 0.1 ms: finer digits only made the log (kept in git) larger.
                result["ms"] = [[round(t, 1) for t in seat] for seat in result["ms"]]
                out.write(json.dumps(entry | result) + "\n")
                out.flush()
    return summary(name, seats, cell_games(logged(log), name, seats, games))


def cell_games(
    done: dict[tuple[str, tuple[str, ...], int], dict[str, Any]],
    name: str,
    seats: tuple[str, ...],
    games: int,
) -> list[dict[str, Any]]:
    """The logged games among the cell's first `games`, in index order."""
    return [done[(name, seats, g)] for g in range(games) if (name, seats, g) in done]


def summary(name: str, seats: tuple[str, ...], games: list[dict[str, Any]]) -> dict[str, Any]:
    """The `sim --json` object of the cell's logged games, with the median load they ran under
    and the commits they were played on (a run resumed after a change mixes them)."""
    loads = [g["load"] for g in games if g["load"] is not None]
    report = sim.summarize(name, list(seats), games)
    report["load_median"] = round(statistics.median(loads), 2) if loads else None
    report["commits"] = sorted({g["commit"] for g in games})
    return report


def _fresh_line(log: Path) -> str:
    """A newline when the log ends inside a line (a run stopped while writing it), so that the
    next game's line is not glued to the broken one."""
    with log.open("rb") as f:
        if f.seek(0, 2) == 0:
            return ""
        f.seek(-1, 2)
        return "" if f.read(1) == b"\n" else "\n"


def _warm() -> None:
    """A worker's imports, done before its first game, so that game's CPU share is its own."""
    import engines.ai  # noqa: F401  (what `sim.play_one` imports on its first game)


def play_indexed(job: tuple[str, tuple[str, ...], int, int]) -> tuple[int, dict[str, Any]]:
    """`sim.play_one` with the game's index (games are logged in the order they end) and the
    share of its wall-clock time that this process had the CPU ("cpu")."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = sim.play_one(job)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return job[3], result | {"cpu": round(cpu / wall, 3) if wall > 0 else 1.0}


def command(name: str, seats: tuple[str, ...], games: int) -> str:
    return f"cardtable sim {name} --games {games} --seats {','.join(seats)} --seed {SEED} --json"


def row(report: dict[str, Any], planned: int) -> str:
    """A Markdown row: the cell, its games ("36 of 200" until all are in), the first listed
    player's results and score, every player's decision times, the load and commits, and the
    `sim` command (of `planned` games) that these games are of."""
    wins, shared = report["wins"], report["shared"]
    times = ", ".join(
        f"{kind} {mean:.0f} / {p95:.0f} ms"
        for kind, mean, p95 in zip(
            report["seats"], report["decision_ms_mean"], report["decision_ms_p95"], strict=True
        )
    )
    load = "–" if report["load_median"] is None else f"{report['load_median']:.2f}"
    count = report["games"] if report["games"] == planned else f"{report['games']} of {planned}"
    return (
        f"| {report['game']} | {' vs '.join(report['seats'])} | {count} | "
        f"{wins[0]} / {shared[0]} / {' / '.join(str(w) for w in wins[1:])} | "
        f"{100 * sim.score(report, 0):.1f} % | {times} | {load} | "
        f"{', '.join(report['commits'])} | `{command(report['game'], tuple(report['seats']), planned)}` |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per cell")
    parser.add_argument("--game", choices=sorted({name for name, _ in CELLS}))
    parser.add_argument(
        "--seats",
        choices=sorted({",".join(seats) for _, seats in CELLS}),
        help="only the cells of these seats (a second run on the other core can take one cell)",
    )
    parser.add_argument("--log", type=Path, default=Path("strength.jsonl"))
    parser.add_argument("--report", action="store_true", help="only summarise what is logged")
    parser.add_argument(
        "--jobs", type=int, default=2, help="processes (1 leaves a core for other work)"
    )
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    if not 1 <= args.games <= sim.MAX_GAMES:
        parser.error(f"--games must be between 1 and {sim.MAX_GAMES}, not {args.games}")
    cells = [
        (name, seats)
        for name, seats in CELLS
        if args.game in (None, name) and args.seats in (None, ",".join(seats))
    ]
    if not cells:
        parser.error(f"no cell of {args.game} has the seats {args.seats}")
    print(
        "| game | cell | games | first listed: wins / shared wins / others' wins | its score "
        "(shared wins half) | decision mean / p95 | load (median) | commits | the games of |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    done = logged(args.log) if args.report else {}
    for name, seats in cells:
        if args.report:
            results = cell_games(done, name, seats, args.games)
            if not results:
                continue
            report = summary(name, seats, results)
        else:
            report = play_cell(name, seats, args.games, args.log, args.jobs)
            if not report["games"]:  # every game was starved of the CPU: nothing to show yet
                print(f"{name} {' vs '.join(seats)}: no game had the CPU", file=sys.stderr)
                continue
        print(row(report, args.games), flush=True)
    return 0


def _load() -> float | None:
    """The machine's load average over the last minute when a game ends: the searches think on
    the clock, so a busy machine makes them weaker, and the log says how busy it was."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def _commit(log: Path) -> str:
    """The commit the games are played on, for the log: "-dirty" when a tracked file other than
    the log itself has changes (the log is kept in git, and grows uncommitted while games are
    played); empty outside a git checkout."""
    head = _git("describe", "--always")
    if not head:
        return ""
    top = Path(_git("rev-parse", "--show-toplevel"))
    changed = _git("status", "--porcelain", "--untracked-files=no").splitlines()
    dirty = any((top / line[3:]).resolve() != log.resolve() for line in changed)
    return head + "-dirty" * dirty


def _git(*args: str) -> str:
    """What a git command prints, stripped; empty if git is missing or fails."""
    try:
        run = subprocess.run(["git", *args], capture_output=True, text=True, check=False)
    except OSError:
        return ""
    return run.stdout.strip() if run.returncode == 0 else ""


if __name__ == "__main__":
    sys.exit(main())
