"""`cardtable bench [--json]`: the performance figures of the product.

1. Canfield engine: random playouts (legal_moves, a random choice, apply) on one core, with a fixed
   seed, for about two seconds; applied moves per second. Goal: at least 20,000.
2. Frame time at 1920×1080 under SDL's dummy video driver with no frame cap, while a 13-card run is
   dragged across the table with real mouse events: p50 and p99 of `App.step`. Goal: p99 under 8 ms.
3. Start-up: `python -m game --first-frame` five times in fresh processes (seconds from process
   start to the first drawn menu frame, median) and the peak resident memory of those processes.

The benchmark never touches the player's data folder: it runs with a temporary CARDTABLE_HOME.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

ENGINE_GOAL = 20_000  # applied moves per second, at least
FRAME_P99_GOAL_MS = 8.0  # milliseconds, below
FRAME_SIZE = (1920, 1080)
# For comparison (architecture.md, "Measured facts"): what similar programs need to show a window.
REFERENCE = (
    "bare pygame-ce window ~0.14 s / 47 MB; Aisleriot ~0.15 s / 53 MB; KPatience ~0.45 s / 210 MB"
)

# A 13-card run, alternating colours, built down from the king: what the frame benchmark drags.
RUN_13 = ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S", "4H", "3C", "2D", "AS"]


# -- 1. the engine ---------------------------------------------------------------------------------


def engine_playouts(
    seconds: float = 2.0, seed: int = 20_240, max_moves: int | None = None, per_game: int = 1_000
) -> dict[str, Any]:
    """Random Canfield playouts on this core; stops after `seconds` (or `max_moves`)."""
    from engines import canfield

    rng = random.Random(seed)
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    done = False
    while not done:
        state = canfield.new_game(
            seed=rng.randrange(1_000_000), options={"draw": rng.choice((1, 3))}
        )
        games += 1
        for i in range(per_game):
            legal = state.legal_moves()
            if not legal:
                break
            state = state.apply(rng.choice(legal))
            moves += 1
            if max_moves is not None and moves >= max_moves:
                done = True
                break
            if not i & 127 and time.perf_counter() >= deadline:
                done = True
                break
        if time.perf_counter() >= deadline:
            done = True
    elapsed = time.perf_counter() - start
    return {
        "moves": moves,
        "games": games,
        "seconds": round(elapsed, 3),
        "moves_per_second": round(moves / elapsed) if elapsed > 0 else 0,
    }


# -- 2. frame time while dragging ------------------------------------------------------------------


@contextlib.contextmanager
def private_home() -> Iterator[str]:
    """A temporary CARDTABLE_HOME for the duration (the previous value comes back afterwards)."""
    before = os.environ.get("CARDTABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as home:
        os.environ["CARDTABLE_HOME"] = home
        try:
            yield home
        finally:
            if before is None:
                os.environ.pop("CARDTABLE_HOME", None)
            else:
                os.environ["CARDTABLE_HOME"] = before


def run_state():
    """A Canfield position (any built run may move) whose tableau 0 holds a 13-card run."""
    from engines import canfield
    from engines.cards import FULL_DECK

    rest = [c for c in FULL_DECK if c not in RUN_13]
    rng = random.Random(13)
    rng.shuffle(rest)
    diamonds = ["7D", "8D", "9D"]  # a foundation under way (base rank 7)
    rest = [c for c in rest if c not in diamonds]
    d = {
        "game": "canfield",
        "seed": 13,
        "options": {**canfield.DEFAULTS, "tableau_move": "any"},
        "base_rank": 7,
        "foundations": [diamonds, [], [], []],
        "reserve": rest[:13],
        "tableau": [RUN_13, rest[13:14], rest[14:16], rest[16:17]],
        "waste": rest[17:22],
        "stock": rest[22:],
        "redeals_used": 0,
    }
    return canfield.from_dict(d)


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between the closest ranks."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def frame_times(
    frames: int = 600, size: tuple[int, int] = FRAME_SIZE, warmup: int = 30
) -> dict[str, Any]:
    """Time `frames` calls of App.step while the mouse drags a 13-card run around the table."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with private_home():
        import pygame

        from game.app import App
        from game.driver import Driver
        from game.launch import DealRequest
        from game.table import open_table

        app = App(size=size)
        pygame.event.clear()
        state = run_state()
        request = DealRequest("canfield", state.seed, dict(state.options), 1, ["human"], [], None)
        open_table(app, request)
        driver = Driver(app, frames=1, dt=1 / 60)
        driver.run(120)  # the deal animation lands
        table = app.scene
        table.states, table.moves, table.pos = [state], [], 0
        table.state_changed()
        table.sync(animate=False)
        driver.run(2)

        x0, y0 = table.card_point("tableau:0", 0)
        driver.post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1)
        driver.post(pygame.MOUSEMOTION, pos=(x0 + 20, y0 + 12), rel=(20, 12), buttons=(1, 0, 0))
        driver.run(1)
        if table.drag is None or len(table.drag.codes) != len(RUN_13):
            raise RuntimeError("the frame benchmark could not pick up the 13-card run")

        w, h = app.size
        times: list[float] = []
        px, py = x0 + 20, y0 + 12
        for i in range(warmup + frames):
            # A figure of eight across the whole table, one mouse event per frame.
            t = i / 90
            x = int(w * (0.5 + 0.38 * _sin(t)))
            y = int(h * (0.5 + 0.3 * _sin(2 * t)))
            driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(x - px, y - py), buttons=(1, 0, 0))
            px, py = x, y
            start = time.perf_counter()
            app.step(1 / 60)
            elapsed = time.perf_counter() - start
            if i >= warmup:
                times.append(elapsed * 1000)
        still_dragging = table.drag is not None and len(table.drag.codes) == len(RUN_13)
        driver.post(pygame.MOUSEBUTTONUP, pos=(px, py), button=1)
        driver.run(1)
        if not still_dragging:
            raise RuntimeError("the run was dropped during the frame benchmark")
        driver_name = pygame.display.get_driver()
    times.sort()
    return {
        "frames": frames,
        "size": list(size),
        "video_driver": driver_name,
        "p50_ms": round(percentile(times, 50), 3),
        "p99_ms": round(percentile(times, 99), 3),
        "mean_ms": round(statistics.fmean(times), 3),
        "max_ms": round(times[-1], 3),
    }


def _sin(t: float) -> float:
    import math

    return math.sin(t)


# -- 3. start-up -----------------------------------------------------------------------------------


def _max_rss_mb(maxrss: int) -> float:
    """ru_maxrss is in kilobytes on Linux and in bytes on macOS."""
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def launch_once(env: dict[str, str]) -> tuple[float, float | None]:
    """(seconds to the first frame as the child measured it, its peak RSS in MB or None)."""
    frozen = getattr(sys, "frozen", False)  # a bundle is its own interpreter
    cmd = (
        [sys.executable, "--first-frame"]
        if frozen
        else [sys.executable, "-m", "game", "--first-frame"]
    )
    if not hasattr(os, "wait4"):  # no per-child resource usage here (Windows)
        done = subprocess.run(
            cmd, capture_output=True, text=True, env=env, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(
                f"--first-frame failed: {(done.stderr or done.stdout).strip()[-300:]}"
            )
        return float(done.stdout.split()[-1]), None
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
    )
    try:
        out = proc.stdout.read() if proc.stdout else ""
    finally:
        if proc.stdout:
            proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"--first-frame exited {proc.returncode}: {out.strip()[-300:]}")
    return float(out.split()[-1]), _max_rss_mb(usage.ru_maxrss)


def first_frame(launches: int = 5) -> dict[str, Any]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as home:
        env["CARDTABLE_HOME"] = home
        results = [launch_once(env) for _ in range(launches)]
    seconds = [s for s, _ in results]
    rss = [r for _, r in results if r is not None]
    return {
        "launches": launches,
        "video_driver": env["SDL_VIDEODRIVER"],
        "median_s": round(statistics.median(seconds), 3),
        "min_s": round(min(seconds), 3),
        "max_s": round(max(seconds), 3),
        "peak_rss_mb": round(max(rss), 1) if rss else None,
    }


# -- the command -----------------------------------------------------------------------------------


def measure(
    engine_seconds: float = 2.0,
    frames: int = 600,
    launches: int = 5,
    engine_max_moves: int | None = None,
) -> dict[str, Any]:
    engine = engine_playouts(seconds=engine_seconds, max_moves=engine_max_moves)
    frame = frame_times(frames=frames)
    start = first_frame(launches=launches)
    return {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "engine": {
            **engine,
            "goal_moves_per_second": ENGINE_GOAL,
            "ok": engine["moves_per_second"] >= ENGINE_GOAL,
        },
        "frame": {
            **frame,
            "goal_p99_ms": FRAME_P99_GOAL_MS,
            "ok": frame["p99_ms"] < FRAME_P99_GOAL_MS,
        },
        "first_frame": {**start, "reference": REFERENCE},
    }


def render_table(r: dict[str, Any]) -> str:
    e, f, s = r["engine"], r["frame"], r["first_frame"]

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    w, h = f["size"]
    rss = f"{s['peak_rss_mb']:.0f} MB" if s["peak_rss_mb"] is not None else "n/a"
    rows = [
        ("Measure", "Value", "Goal", "Result"),
        (
            f"Canfield random playouts ({e['games']} games, {e['seconds']:.1f} s, 1 core)",
            f"{e['moves_per_second']:,} moves/s",
            f"≥ {ENGINE_GOAL:,}",
            verdict(e["ok"]),
        ),
        (
            f"Frame p50, dragging 13 cards at {w}×{h} ({f['video_driver']})",
            f"{f['p50_ms']:.2f} ms",
            "",
            "",
        ),
        (
            f"Frame p99, dragging 13 cards at {w}×{h} ({f['frames']} frames, no cap)",
            f"{f['p99_ms']:.2f} ms",
            f"< {FRAME_P99_GOAL_MS:g} ms",
            verdict(f["ok"]),
        ),
        (
            f"First frame, median of {s['launches']} launches ({s['video_driver']})",
            f"{s['median_s']:.3f} s",
            "",
            "",
        ),
        ("Peak resident memory of those launches", rss, "", ""),
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for i, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)).rstrip())
        if i == 0:
            lines.append("  ".join("-" * wd for wd in widths))
    m = r["machine"]
    lines.append("")
    lines.append(f"Python {m['python']} on {m['platform']}, {m['cpus']} CPUs")
    lines.append(f"For comparison: {REFERENCE}")
    return "\n".join(lines)


def run_bench(as_json: bool = False, **params: Any) -> int:
    """Measure and print; 0 when every measurement ran (missed goals are reported, not fatal)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        results = measure(**params)
    except (RuntimeError, OSError, subprocess.SubprocessError, ValueError) as exc:
        print(f"cardtable: bench failed: {exc}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        print(render_table(results))
    return 0
