"""The benchmark's machinery works and prints the contract's shape (tiny runs, no timing goals)."""

from __future__ import annotations

import json
import os
import random

from game import bench, registry


def test_playouts_count_applied_moves_of_every_game():
    for name in registry.playable_names():
        result = bench.engine_playouts(name, seconds=30, rng=random.Random(3), max_moves=300)
        assert result["moves"] == 300, name
        assert result["games"] >= 1 and result["moves_per_s"] > 0


def test_a_state_without_a_sampler_gets_a_uniform_legal_move():
    class Plain:
        def legal_moves(self):
            return ["a", "b"]

    class Over:
        def legal_moves(self):
            return []

    assert bench.random_move(Plain(), random.Random(1)) in ("a", "b")
    assert bench.random_move(Over(), random.Random(1)) is None


def test_the_dragged_move_is_the_one_that_moves_most_cards(make_app):
    app = make_app((1920, 1080))
    table, state = bench.open_busiest(app, "canfield")
    move, gesture = bench.busiest_drag(table, state)
    assert move.n == 13 and gesture.release is not None


def test_run_bench_json_has_the_contract_shape(capsys, home):
    code = bench.run_bench(as_json=True, engine_seconds=0.05, frames=5, launches=1)
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    assert {"startup_s", "bare_window_s", "peak_rss_mb", "frame_ms", "moves_per_s"} <= set(data)
    games = registry.playable_names()
    assert set(data["frame_ms"]) == {f"{g}_{size}" for g in games for size in ("1080p", "4k")}
    for times in data["frame_ms"].values():
        assert set(times) == {"p50", "p99"} and 0 < times["p50"] <= times["p99"]
    assert set(data["moves_per_s"]) == set(games)
    assert all(rate > 0 for rate in data["moves_per_s"].values())
    assert data["startup_s"] > 0 and data["bare_window_s"] > 0
    assert data["peak_rss_mb"] is None or data["peak_rss_mb"] > 1
    # The private data folder of the test is untouched and restored afterwards.
    assert os.environ["CARDTABLE_HOME"] == str(home)
    assert list(home.iterdir()) == []
    text = bench.render_table(data)
    assert "moves/s" in text and "p99" in text and "bare window" in text
    rows = text.splitlines()[2 : 2 + 3 * len(games) + 2]  # engines, frames, start-up, memory
    assert all(row.split()[-1] in ("ok", "MISSED", "n/a") for row in rows), rows
