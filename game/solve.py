"""`cardtable solve canfield …`: decide a deal, a saved position, or a survey of deals 1..N.

Kept free of pygame: it only reads records and asks `engines.solvers.canfield`. Argument problems
raise ValueError with a one-line message; the command line turns that into stderr + exit 2.
A position is solved on both cores at once where that helps (`game.solve_lanes`); a survey's
deals are then taken one at a time, and elsewhere two at a time, one on each core. Either way
each deal's time limit is on the clock.
"""

from __future__ import annotations

import json
import math
import statistics
from typing import Any

from game.interrupts import pool_deaf_to_ctrl_c

SOLVABLE = ("canfield",)
MAX_SURVEY = 1_000_000  # deals: a survey that long already takes weeks here; more is a typo


def run_solve(
    game: str,
    *,
    seed: int | None = None,
    preset: str | None = None,
    time_limit: float = 10.0,
    as_json: bool = False,
    from_file: str | None = None,
    survey: int | None = None,
) -> int:
    """Print the verdict (or the survey) and return the exit status; ValueError on bad arguments."""
    from engines import canfield

    if game not in SOLVABLE:
        raise ValueError(f"solve knows only {', '.join(SOLVABLE)}, not {game!r}")
    if not time_limit > 0 or math.isinf(time_limit):
        raise ValueError(f"--time-limit must be a positive number of seconds, not {time_limit}")
    if sum(x is not None for x in (seed, from_file, survey)) != 1:
        raise ValueError("solve needs exactly one of --seed N, --from FILE or --survey N")
    if from_file is not None and preset is not None:
        raise ValueError("--preset does not go with --from: the record has its own options")
    name = preset or "seed"
    if name not in canfield.presets:
        raise ValueError(f"unknown preset {name!r} (choose {', '.join(canfield.presets)})")
    options = canfield.presets[name]

    if survey is not None:
        if not 1 <= survey <= MAX_SURVEY:
            raise ValueError(
                f"--survey needs a number of deals from 1 to {MAX_SURVEY}, not {survey}"
            )
        report = run_survey(name, options, survey, time_limit)
        print(json.dumps(report) if as_json else _survey_text(report))
        return 0

    if from_file is not None:
        state, where = _position_after(from_file), from_file
    else:
        state = canfield.new_game(seed, options=options)  # a bad seed raises ValueError
        where = f"deal {seed} ({name})"
    from game.solve_lanes import LaneSolver

    with LaneSolver() as lanes:
        solution = lanes.solve(state, time_limit)
    print(json.dumps(solution.to_dict()) if as_json else _solution_text(where, solution))
    return 0


def _position_after(path: str) -> Any:
    """The Canfield position after every move of the record in `path`."""
    from pathlib import Path

    import engines
    from game import storage

    try:  # (never blocks on a FIFO nor runs away on /dev/zero: `storage.read_bytes`)
        record = engines.GameRecord.from_json(storage.read_bytes(Path(path)))
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except engines.RecordError as exc:
        raise ValueError(f"{path} is not a valid game record: {exc}") from None
    if record.game not in SOLVABLE:
        raise ValueError(f"{path} is a {record.game} record; solve knows only canfield")
    return record.replay()


def run_survey(preset: str, options: dict[str, Any], deals: int, time_limit: float) -> dict:
    """Solve deals 1..`deals` from their start; the contract's summary. Where a second lane helps
    (`restarts_run`), the deals are taken one at a time, each on both cores; elsewhere two at a
    time, one on each core."""

    from engines import canfield
    from engines.solvers.canfield import restarts_run, solve_deal
    from game.sim import worker_count
    from game.solve_lanes import LaneSolver

    workers = worker_count(deals)
    if restarts_run(canfield.new_game(1, options=options)) or workers == 1:
        with LaneSolver() as lanes:
            results = [
                lanes.solve(canfield.new_game(seed, options=options), time_limit).to_dict()
                for seed in range(1, deals + 1)
            ]
    else:
        jobs = [(options, seed, time_limit) for seed in range(1, deals + 1)]
        with pool_deaf_to_ctrl_c(workers) as pool:
            results = pool.starmap(solve_deal, jobs, chunksize=1)
    times = sorted(r["seconds"] for r in results)
    count = {k: sum(r["result"] == k for r in results) for k in ("winnable", "unwinnable")}
    return {
        "preset": preset,
        "deals": deals,
        "winnable": count["winnable"],
        "unwinnable": count["unwinnable"],
        "unknown": deals - count["winnable"] - count["unwinnable"],
        "median_s": round(statistics.median(times), 4),
        "p95_s": round(times[math.ceil(0.95 * len(times)) - 1], 4),
    }


def _solution_text(where: str, solution: Any) -> str:
    verdict = {
        "winnable": f"winnable in {len(solution.moves)} moves",
        "unwinnable": "unwinnable (every reachable position was searched)",
        "unknown": "unknown (the time ran out before the search was done)",
    }[solution.result]
    lines = [f"{where}: {verdict} — {solution.nodes} positions, {solution.seconds:.2f} s"]
    lines += [f"{i:4}. {m.src} → {m.dst} ({m.n})" for i, m in enumerate(solution.moves, 1)]
    return "\n".join(lines)


def _survey_text(report: dict) -> str:
    n = report["deals"]
    share = {
        k: f"{report[k]} ({100 * report[k] / n:.1f} %)"
        for k in ("winnable", "unwinnable", "unknown")
    }
    return (
        f"Canfield, {report['preset']} preset, deals 1–{n}: winnable {share['winnable']}, "
        f"unwinnable {share['unwinnable']}, unknown {share['unknown']}; "
        f"median {report['median_s']:.3f} s, p95 {report['p95_s']:.3f} s"
    )
