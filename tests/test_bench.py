"""The benchmark's machinery works (tiny runs, no timing assertions)."""

from __future__ import annotations

import json
import os

from game import bench


def test_engine_playouts_count_applied_moves():
    result = bench.engine_playouts(seconds=30, max_moves=400)
    assert result["moves"] == 400
    assert result["games"] >= 1 and result["moves_per_second"] > 0


def test_the_dragged_position_holds_a_13_card_run():
    state = bench.run_state()
    assert state.tableau[0] == tuple(bench.RUN_13)
    assert state.movable_run_starts("tableau:0")[0] == 0  # the whole run can be lifted


def test_run_bench_json_has_every_figure(capsys, home):
    code = bench.run_bench(as_json=True, engine_seconds=0.05, frames=12, launches=1)
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"machine", "engine", "frame", "first_frame"}
    assert {"moves_per_second", "goal_moves_per_second", "ok"} <= set(data["engine"])
    assert data["engine"]["moves_per_second"] > 0
    frame = data["frame"]
    assert {"p50_ms", "p99_ms", "goal_p99_ms", "ok", "frames", "size"} <= set(frame)
    assert frame["frames"] == 12 and frame["size"] == [1920, 1080]
    assert 0 < frame["p50_ms"] <= frame["p99_ms"] <= frame["max_ms"]
    start = data["first_frame"]
    assert start["launches"] == 1 and start["median_s"] > 0
    assert start["peak_rss_mb"] is None or start["peak_rss_mb"] > 1
    # The private data folder of the test is untouched and restored afterwards.
    assert os.environ["CARDTABLE_HOME"] == str(home)
    assert list(home.iterdir()) == []
    text = bench.render_table(data)
    assert "moves/s" in text and "p99" in text and "First frame" in text
