"""The resumable strength runner (tests/strength.py): it plays exactly the games of the `sim`
command a cell names, logs each one, and a run started again plays only what the log lacks."""

from __future__ import annotations

import json
import os

import pytest
import strength

from game import sim

CELL = ("orchard", ("easy", "random"))  # games that differ in who wins and how many decisions
NEARLY_NONE = 0.001  # a CPU share that no game played here falls below, however busy the machine


@pytest.fixture(autouse=True)
def _any_machine(monkeypatch):
    """The tests' games count whatever share of the CPU they had (a CI machine may be busy)."""
    monkeypatch.setattr(strength, "MIN_CPU_SHARE", NEARLY_NONE)


def test_a_cell_plays_the_games_of_its_sim_command_and_logs_each(tmp_path):
    log = tmp_path / "strength.jsonl"
    report = strength.play_cell(*CELL, games=4, log=log)
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(e["index"] for e in entries) == [0, 1, 2, 3]
    for entry in entries:  # easy and random decide by their seed alone: the very same games
        assert entry["seed"] == strength.SEED
        again = sim.play_one((CELL[0], CELL[1], strength.SEED, entry["index"]))
        assert entry["winners"] == again["winners"]
        assert [len(ms) for ms in entry["ms"]] == [len(ms) for ms in again["ms"]]
    assert len({tuple(len(ms) for ms in e["ms"]) for e in entries}) > 1  # the games differ
    assert report["games"] == 4 and sum(report["wins"]) + report["draws"] == 4
    assert list(report) == [*sim.summarize(*CELL[:1], list(CELL[1]), []), "load_median", "commits"]
    if hasattr(os, "getloadavg"):  # how busy the machine was
        assert all(isinstance(e["load"], float) for e in entries)


def test_a_stopped_run_resumes_with_only_the_games_it_lacks(tmp_path):
    log = tmp_path / "strength.jsonl"
    strength.play_cell(*CELL, games=3, log=log)
    lines = log.read_text().splitlines()
    cut = next(line for line in lines if json.loads(line)["index"] == 1)
    kept = [line for line in lines if line != cut]
    other_seed = json.dumps(json.loads(kept[0]) | {"seed": strength.SEED + 1, "index": 3})
    kept.append(other_seed)  # a game of another seed's command is not one of this cell's
    log.write_text("\n".join(kept) + "\n" + cut[: len(cut) // 2])  # stopped mid-line
    report = strength.play_cell(*CELL, games=4, log=log)
    assert sorted(key[2] for key in strength.logged(log)) == [0, 1, 2, 3]
    assert report["games"] == 4
    added = [json.loads(line)["index"] for line in log.read_text().splitlines()[len(kept) + 1 :]]
    assert sorted(added) == [1, 3]  # the game cut short and the new one; nothing played twice


def test_the_report_summarises_the_log_without_playing(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(strength, "CELLS", [*strength.CELLS, CELL])
    log = tmp_path / "strength.jsonl"
    strength.play_cell(*CELL, games=2, log=log)
    assert (
        strength.main(["--report", "--games", "200", "--game", "orchard", "--log", str(log)]) == 0
    )
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line.startswith("| orchard | easy vs random |")]
    assert len(rows) == 1 and "| 2 of 200 |" in rows[0]
    assert "`cardtable sim orchard --games 200 --seats easy,random --seed 1 --json`" in rows[0]
    assert len(log.read_text().splitlines()) == 2


def test_a_game_that_did_not_have_the_cpu_is_played_again(tmp_path):
    log = tmp_path / "strength.jsonl"
    strength.play_cell(*CELL, games=3, log=log, jobs=1)
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert all(NEARLY_NONE <= e["cpu"] <= 1.05 for e in entries)
    starved = next(e for e in entries if e["index"] == 2) | {"cpu": NEARLY_NONE / 2}
    unmeasured = {k: v for k, v in entries[0].items() if k != "cpu"}  # a line from before
    kept = [e for e in entries if e["index"] not in (2, unmeasured["index"])]
    log.write_text("".join(json.dumps(e) + "\n" for e in [*kept, starved, unmeasured]))
    assert sorted(key[2] for key in strength.logged(log)) == [e["index"] for e in kept]
    strength.play_cell(*CELL, games=3, log=log)
    assert sorted(key[2] for key in strength.logged(log)) == [0, 1, 2]
    replayed = [json.loads(line)["index"] for line in log.read_text().splitlines()[3:]]
    assert sorted(replayed) == sorted([2, unmeasured["index"]])


def test_a_bad_jobs_count_is_one_line_and_status_2(tmp_path, capsys):
    log = tmp_path / "strength.jsonl"
    with pytest.raises(SystemExit) as stop:
        strength.main(["--jobs", "0", "--log", str(log)])
    assert stop.value.code == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err and not log.exists()


def test_games_that_never_have_the_cpu_are_tried_rounds_times_and_the_run_goes_on(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(strength, "MIN_CPU_SHARE", 2.0)  # no game counts
    monkeypatch.setattr(strength, "CELLS", [CELL])
    log = tmp_path / "strength.jsonl"
    report = strength.play_cell(*CELL, games=2, log=log, jobs=1)
    assert len(log.read_text().splitlines()) == strength.ROUNDS * 2 and report["games"] == 0
    assert strength.main(["--games", "2", "--jobs", "1", "--log", str(log)]) == 0
    captured = capsys.readouterr()
    assert "orchard easy vs random: no game had the CPU" in captured.err
    assert "| orchard |" not in captured.out


def test_seats_pick_the_cells_one_run_plays(tmp_path, capsys, monkeypatch):
    other = ("orchard", ("random", "easy"))
    monkeypatch.setattr(strength, "CELLS", [CELL, other, ("canals", ("hard", "pimc"))])
    log = tmp_path / "strength.jsonl"
    args = ["--games", "2", "--jobs", "1", "--log", str(log), "--seats", "random,easy"]
    assert strength.main(args) == 0
    played = {tuple(json.loads(line)["seats"]) for line in log.read_text().splitlines()}
    assert played == {other[1]}
    out = capsys.readouterr().out
    assert "| orchard | random vs easy | 2 |" in out and "easy vs random" not in out
    with pytest.raises(SystemExit) as stop:  # seats of another game's cell only
        strength.main(["--game", "orchard", "--seats", "hard,pimc", "--log", str(log)])
    assert stop.value.code == 2
    assert "no cell of orchard has the seats hard,pimc" in capsys.readouterr().err


def test_the_commit_is_dirty_for_changed_code_but_not_for_the_growing_log(tmp_path, monkeypatch):
    # The log is kept in git, so games logged since its last commit change a tracked file; the
    # games' commit must still read as clean then, and as dirty when anything else changed.
    log = tmp_path / "strength.jsonl"
    changed: list[str] = []
    answers = {
        ("describe", "--always"): lambda: "abc1234",
        ("rev-parse", "--show-toplevel"): lambda: str(tmp_path),
        ("status", "--porcelain", "--untracked-files=no"): lambda: "\n".join(changed),
    }
    monkeypatch.setattr(strength, "_git", lambda *args: answers[args]())
    assert strength._commit(log) == "abc1234"
    changed.append(" M strength.jsonl")
    assert strength._commit(log) == "abc1234"
    changed.append(" M engines/ai/ismcts.py")
    assert strength._commit(log) == "abc1234-dirty"
    answers[("describe", "--always")] = lambda: ""  # no git, or not a checkout
    assert strength._commit(log) == ""
