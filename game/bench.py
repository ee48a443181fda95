"""`cardtable bench [--json]`: the performance figures of the product, for every playable game in
the registry (nothing here knows any game).

1. Engines: random playouts through the public engine API (a random legal move, apply) on one
   core, for about 1.5 s per game; applied moves per second.
2. Frames: each table's busiest position (`TableClass.busiest_position()`) with the legal move that
   moves the most cards picked up by its own gesture and dragged in a figure of eight, frame cap
   off, SDL's dummy video driver, at 1920×1080 and 3840×2160: p50 and p99 of `App.step`.
3. Start-up: five fresh processes each of the app's `--first-frame` and of a bare pygame-ce window
   drawing one frame, interleaved, both timed from process start by `game.launch.process_age`:
   the medians, and the app's peak resident memory.

The goals come from issue 8. The benchmark never touches the player's data folder: it runs with a
temporary CARDTABLE_HOME.
"""

from __future__ import annotations

import contextlib
import json
import math
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

from game import registry

SIZES = {"1080p": (1920, 1080), "4k": (3840, 2160)}
GOALS = {
    "frame_p99_ms": {"1080p": 4.0, "4k": 10.0},  # at most
    "startup_vs_bare_window": 1.2,  # at most, as a multiple of the bare window's start
    "peak_rss_mb": 70.0,  # at most
    "moves_per_s": 50_000,  # at least, per game
}
# A bare pygame-ce window drawing one frame: what the app's start-up is compared with.
BARE_WINDOW = """
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 800))
screen.fill((39, 110, 64))
pygame.display.flip()
from game.launch import process_age
print(f"{process_age():.3f}", flush=True)
"""


# -- 1. the engines --------------------------------------------------------------------------------


def engine_playouts(
    name: str, seconds: float = 1.5, rng: random.Random | None = None, max_moves: int | None = None
) -> dict[str, Any]:
    """Random playouts of one game on this core; stops after `seconds` (or `max_moves`)."""
    game = registry.engine(name)
    rng = rng or random.Random(20_240)
    moves = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline and (max_moves is None or moves < max_moves):
        state = game.new_game(seed=rng.randrange(2**32), players=game.min_players)
        games += 1
        while max_moves is None or moves < max_moves:
            move = random_move(state, rng)
            if move is None:
                break
            state = state.apply(move)
            moves += 1
            if not moves & 127 and time.perf_counter() >= deadline:
                break
    elapsed = time.perf_counter() - start
    return {
        "moves": moves,
        "games": games,
        "seconds": round(elapsed, 3),
        "moves_per_s": round(moves / elapsed) if elapsed > 0 else 0,
    }


def random_move(state: Any, rng: random.Random) -> Any:
    """A uniformly random legal move (the state's own sampler if it has one); None once over."""
    if hasattr(state, "random_move"):
        return state.random_move(rng)
    legal = state.legal_moves()
    return rng.choice(legal) if legal else None


def moves_per_second(seconds: float = 1.5, rng: random.Random | None = None) -> dict[str, int]:
    """Random-playout speed of every playable game."""
    return {
        name: engine_playouts(name, seconds, rng)["moves_per_s"]
        for name in registry.playable_names()
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


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between the closest ranks."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def busiest_drag(table: Any, state: Any) -> tuple[Any, Any]:
    """(move, gesture): the legal move that moves the most cards, among those dragged."""
    dragged = [(m, g) for m in state.legal_moves() if (g := table.gesture_for(m)) and g.release]
    if not dragged:
        raise RuntimeError(f"{table.game.name}: no legal move of the busiest position is a drag")
    return max(dragged, key=lambda pair: getattr(pair[0], "n", 1))


def open_busiest(app: Any, name: str) -> tuple[Any, Any]:
    """The game's table on its busiest position, as the start of its history; (table, state)."""
    from game.deal import DealRequest
    from game.driver import Driver
    from game.table import open_table

    state = registry.table_class(name).busiest_position()
    players = len(state.scores())
    seed = state.to_dict()["seed"]
    request = DealRequest(name, seed, dict(state.options), players, ["human"] * players)
    request.secrets = False  # people at one screen, no hand-off: the table shows who is to move
    open_table(app, request)
    Driver(app, frames=1, dt=1 / 60).run(120)  # the deal animation lands
    table = app.scene
    table.show_position(state)
    return table, state


def frame_times(name: str, size: tuple[int, int], frames: int = 600, warmup: int = 30) -> dict:
    """Time `frames` calls of App.step while the busiest move's cards are dragged around."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with private_home():
        import pygame

        from game.app import App
        from game.driver import Driver

        app = App(size=size)
        pygame.event.clear()
        table, state = open_busiest(app, name)
        move, gesture = busiest_drag(table, state)
        driver = Driver(app, frames=1, dt=1 / 60)
        driver.run(2)
        for key in gesture.keys:
            driver.key(key)
        x0, y0 = gesture.press
        driver.post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1)
        driver.post(pygame.MOUSEMOTION, pos=(x0 + 20, y0 + 12), rel=(20, 12), buttons=(1, 0, 0))
        driver.run(1)
        if getattr(table, "held", None) is None:
            raise RuntimeError(f"{name}: the frame benchmark could not pick up {move}")
        w, h = app.size
        times: list[float] = []
        px, py = x0 + 20, y0 + 12
        for i in range(warmup + frames):
            t = i / 90  # a figure of eight across the whole table, one mouse event per frame
            x, y = int(w * (0.5 + 0.38 * math.sin(t))), int(h * (0.5 + 0.3 * math.sin(2 * t)))
            driver.post(pygame.MOUSEMOTION, pos=(x, y), rel=(x - px, y - py), buttons=(1, 0, 0))
            px, py = x, y
            start = time.perf_counter()
            app.step(1 / 60)
            if i >= warmup:
                times.append((time.perf_counter() - start) * 1000)
        if getattr(table, "held", None) is None:
            raise RuntimeError(f"{name}: the cards were dropped during the frame benchmark")
        driver.post(pygame.MOUSEBUTTONUP, pos=(px, py), button=1)
        driver.run(1)
        app.quit()
    times.sort()
    return {"p50": round(percentile(times, 50), 3), "p99": round(percentile(times, 99), 3)}


# -- 3. start-up -----------------------------------------------------------------------------------


def _max_rss_mb(maxrss: int) -> float:
    """ru_maxrss is in kilobytes on Linux and in bytes on macOS."""
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def launch_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float | None]:
    """(seconds to the first frame as the child measured it, its peak RSS in MB or None)."""
    if not hasattr(os, "wait4"):  # no per-child resource usage here (Windows)
        done = subprocess.run(
            cmd, capture_output=True, text=True, env=env, timeout=120, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{cmd[-1]} failed: {(done.stderr or done.stdout).strip()[-300:]}")
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
        raise RuntimeError(f"{cmd[-1]} exited {proc.returncode}: {out.strip()[-300:]}")
    return float(out.split()[-1]), _max_rss_mb(usage.ru_maxrss)


def compile_sources() -> None:
    """Byte-compile the app's modules first, as an install or the bundle has them: with
    PYTHONDONTWRITEBYTECODE set (as on some machines) every launch would otherwise compile the
    whole app again (~30 ms) and the start-up figure would measure the compiler."""
    import compileall

    import engines
    import game

    for package in (game, engines):
        compileall.compile_dir(package.__path__[0], quiet=2)


def startup(launches: int = 5) -> dict[str, Any]:
    """Median start of the app's first menu frame and of a bare window, in the same run."""
    frozen = getattr(sys, "frozen", False)  # a bundle is its own interpreter and has no -c
    app_cmd = [sys.executable, *([] if frozen else ["-m", "game"]), "--first-frame"]
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as the app sets it for itself
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if not frozen:
        compile_sources()
    app_runs, bare_runs = [], []
    with tempfile.TemporaryDirectory(prefix="cardtable-bench-") as home:
        env["CARDTABLE_HOME"] = home
        for _ in range(launches):  # interleaved, so both see the same machine load
            app_runs.append(launch_once(app_cmd, env))
            if not frozen:
                bare_runs.append(launch_once([sys.executable, "-c", BARE_WINDOW], env)[0])
    rss = [r for _, r in app_runs if r is not None]
    return {
        "startup_s": round(statistics.median(s for s, _ in app_runs), 3),
        "bare_window_s": round(statistics.median(bare_runs), 3) if bare_runs else None,
        "peak_rss_mb": round(max(rss), 1) if rss else None,
        "launches": launches,
    }


# -- the command -----------------------------------------------------------------------------------


def measure(engine_seconds: float = 1.5, frames: int = 600, launches: int = 5) -> dict[str, Any]:
    """Every figure, in the contract's shape (plus "launches", "goals" and "machine")."""
    start = startup(launches)  # first, while this process is small: a child's peak memory
    # counts what it shared with this process before it started the app
    rates = moves_per_second(engine_seconds)
    frame_ms = {
        f"{name}_{label}": frame_times(name, size, frames)
        for name in registry.playable_names()
        for label, size in SIZES.items()
    }
    return {
        **start,
        "frame_ms": frame_ms,
        "moves_per_s": rates,
        "goals": GOALS,
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "video_driver": os.environ.get("SDL_VIDEODRIVER"),
        },
    }


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else "ok" if ok else "MISSED"


def render_table(r: dict[str, Any]) -> str:
    """The figures as a plain-text table, each against its goal."""
    frame_goal = GOALS["frame_p99_ms"]
    rows = [("Measure", "Value", "Goal", "Result")]
    for name, rate in r["moves_per_s"].items():
        goal = GOALS["moves_per_s"]
        rows.append(
            (
                f"{registry.title(name)}: random playouts, 1 core",
                f"{rate:,} moves/s",
                f"≥ {goal:,}",
                verdict(rate >= goal),
            )
        )
    for key, times in r["frame_ms"].items():
        name, label = key.rsplit("_", 1)
        w, h = SIZES[label]
        rows.append(
            (
                f"{registry.title(name)}: frame while dragging, {w}×{h}, no cap",
                f"p50 {times['p50']:.2f} ms, p99 {times['p99']:.2f} ms",
                f"p99 ≤ {frame_goal[label]:g} ms",
                verdict(times["p99"] <= frame_goal[label]),
            )
        )
    start, bare = r["startup_s"], r["bare_window_s"]
    ratio = start / bare if bare else None
    rows.append(
        (
            f"Start-up to the first menu frame (median of {r['launches']})",
            f"{start:.3f} s" + (f" = {ratio:.2f}× a bare window ({bare:.3f} s)" if ratio else ""),
            f"≤ {GOALS['startup_vs_bare_window']:g}× a bare window",
            verdict(None if ratio is None else ratio <= GOALS["startup_vs_bare_window"]),
        )
    )
    rss = r["peak_rss_mb"]
    rows.append(
        (
            "Peak resident memory of those launches",
            "n/a" if rss is None else f"{rss:.0f} MB",
            f"≤ {GOALS['peak_rss_mb']:g} MB",
            verdict(None if rss is None else rss <= GOALS["peak_rss_mb"]),
        )
    )
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = [
        "  ".join(cell.ljust(widths[j]) for j, cell in enumerate(row)).rstrip() for row in rows
    ]
    lines.insert(1, "  ".join("-" * wd for wd in widths))
    m = r["machine"]
    lines += ["", f"Python {m['python']} on {m['platform']}, {m['cpus']} CPUs"]
    lines.append(f"Video driver: {m['video_driver']}")
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
