"""The command line refuses bad choices with one clear line on stderr and exit status 2, before
any window opens: no traceback, no hang."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

import engines
from game.__main__ import main
from game.deal import DealRequest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def no_window(monkeypatch):
    """Any path that got as far as opening the app fails the test instead."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("the app was launched")

    monkeypatch.setattr("game.launch.run_app", refuse)


def fails(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cardtable: "), err
    return err.strip()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess' (known: canfield, canals, sandcastles, orchard)"),
        (
            ["play", "canals", "--seats", "human,wizard"],
            "unknown seat kind 'wizard' (known: human, random, easy, medium, hard)",
        ),
        (["play", "canals", "--seats", "human"], "canals is played by 2 players, not 1"),
        (["play", "canals", "--players", "3"], "canals is played by 2 players, not 3"),
        (
            ["play", "canals", "--players", "2", "--seats", "human"],
            "--seats names 1 seats for 2 players",
        ),
        (["play", "canfield", "--seats", "random"], "canfield: seat 1 must be human"),
        (["play", "canals", "--seats", ""], "canals is played by 2 players, not 1"),
        (["play", "canfield", "--seats", "hard"], "canfield: seat 1 must be human"),
        (["play", "canfield", "--seed", "-1"], "--seed must be between 0 and 18446744073709551615"),
        (["play", "canfield", "--seed", str(2**64)], "--seed must be between 0 and"),
        (["play", "canfield", "--seed", "x"], "invalid int value: 'x'"),
        (["play", "canfield", "--preset", "vegas"], "canfield has no preset 'vegas'"),
        (["rules", "chess"], "unknown game 'chess'"),
        (["replay", "/nonexistent/game.json"], "cannot read /nonexistent/game.json"),
    ],
)
def test_bad_choices_fail_with_one_line(capsys, argv, message):
    assert message in fails(capsys, *argv)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "canals", "--players", "10"], "canals is played by 2 players, not 10"),
        (["play", "canals", "--players", "-1"], "canals is played by 2 players, not -1"),
        (["play", "canals", "--players", "0"], "canals is played by 2 players, not 0"),
        (["play", "canfield", "--players", "2"], "canfield is played by 1 player, not 2"),
        (["play", "canfield", "--players", "-1"], "canfield is played by 1 player, not -1"),
        (
            ["play", "canals", "--players", str(10**18)],
            f"canals is played by 2 players, not {10**18}",
        ),
        (
            ["play", "canals", "--players", str(10**8), "--seats", "human,random"],
            f"canals is played by 2 players, not {10**8}",
        ),
        (
            ["play", "canals", "--players", "-1", "--seats", ""],
            "canals is played by 2 players, not -1",
        ),
    ],
)
def test_player_counts_outside_the_game_fail_at_once(capsys, argv, message):
    """Failure 6 of issue 14: the count is checked before anything is built from it (10**18 used
    to raise MemoryError, 10**8 to take 2 s and 800 MB, -1 to talk about 0 seats)."""
    started = time.perf_counter()
    assert fails(capsys, *argv) == f"cardtable: {message}"
    assert time.perf_counter() - started < 0.5


def test_huge_player_counts_build_nothing():
    game = engines.get("canals")  # finding the engines is not what is measured
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match=r"^canals is played by 2 players, not 10{18}$"):
            DealRequest.build(game, seed=1, players=10**18)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_a_corrupt_record_fails_with_one_line(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "canfield", "seed": 1}')
    assert "is not a valid game record" in fails(capsys, "replay", str(path))


def test_seats_for_a_two_player_game_are_accepted():
    request = DealRequest.build(engines.get("canals"), seed=3, seats="human, random")
    assert (request.players, request.seats) == (2, ["human", "random"])
    request = DealRequest.build(engines.get("canals"), seed=2**64 - 1, players=2)
    assert request.seats == ["human", "human"] and request.seed == 2**64 - 1
    assert DealRequest.build(engines.get("canfield"), seed=0, seats="human").seats == ["human"]


def test_rules_prints_the_page(capsys):
    assert main(["rules", "canals"]) == 0
    assert "Canals" in capsys.readouterr().out


def test_a_real_process_prints_no_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "game", "play", "canals", "--seats", "human,robot"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"SDL_VIDEODRIVER": "dummy", "PATH": ""},
    )
    assert done.returncode == 2
    known = "human, random, easy, medium, hard"
    assert done.stderr == f"cardtable: unknown seat kind 'robot' (known: {known})\n"


@pytest.mark.parametrize("game", ["canfield", "orchard"])  # a long page, and one that fits a buffer
def test_output_to_a_reader_that_went_away_is_no_crash(game):
    """`cardtable rules canfield | head -1`: the pipe is closed before the page is printed."""
    run = subprocess.Popen(
        [sys.executable, "-m", "game", "rules", game],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"SDL_VIDEODRIVER": "dummy", "PATH": ""},
    )
    run.stdout.close()
    assert run.wait(timeout=60) == 0
    assert run.stderr.read() == b""
    run.stderr.close()


def test_no_standard_output_at_all_is_no_crash(monkeypatch):
    """A windowed Windows bundle has no stdout (None): commands still end normally."""
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["rules", "canals"]) == 0


@pytest.mark.skipif(
    len(os.sched_getaffinity(0)) < 2, reason="on one core these commands start no child process"
)
@pytest.mark.parametrize(
    "command, processes",
    [
        # (with multiprocessing's resource tracker) lane 1's child, or a pool of two
        (["solve", "canfield", "--seed", "6430", "--preset", "classic"], 3),
        (["sim", "canals", "--games", "4", "--seats", "hard,hard"], 4),
    ],
)
def test_ctrl_c_is_one_line_and_leaves_no_process(command, processes):
    # As a shell starts a command: Ctrl+C not ignored (a command a non-interactive shell starts
    # in the background ignores it, as CI may start this suite, and a child inherits that), in
    # its own process group, as a terminal's Ctrl+C reaches one.
    as_from_a_shell = (
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "sys.argv[0] = 'cardtable'; runpy.run_module('game', run_name='__main__')"
    )
    run = subprocess.Popen(
        [sys.executable, "-c", as_from_a_shell, *command],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={"SDL_VIDEODRIVER": "dummy", "PATH": ""},
        start_new_session=True,
    )
    for _ in range(600):  # until its children exist (some may still be starting up)
        if len(_running_in_group(run.pid)) >= processes or run.poll() is not None:
            break
        time.sleep(0.1)
    os.killpg(run.pid, signal.SIGINT)
    # It dies of the signal, as a shell loop needs to stop, after one line and its clean-up.
    assert run.wait(timeout=60) == -signal.SIGINT
    assert run.stderr.read() == b"cardtable: interrupted\n"
    run.stderr.close()
    time.sleep(0.5)
    assert _running_in_group(run.pid) == []


def test_a_broken_pipe_that_is_not_stdout_is_not_swallowed(monkeypatch, capsys):
    """Only a closed stdout ends quietly: a broken pipe elsewhere (here stdout is pytest's own
    in-memory capture) is a real error and goes on up."""

    def broken(_argv):
        raise BrokenPipeError("a pipe to somewhere else")

    monkeypatch.setattr("game.__main__.run_command", broken)
    with pytest.raises(BrokenPipeError, match="somewhere else"):
        main(["rules", "canals"])


def test_ctrl_c_in_an_in_process_call_returns_130(monkeypatch, capsys):
    """A caller's `main([...])` (a test, a REPL) gets the status back rather than a dead process."""

    def interrupted(_argv):
        raise KeyboardInterrupt

    monkeypatch.setattr("game.__main__.run_command", interrupted)
    assert main(["rules", "canals"]) == 130
    assert capsys.readouterr().err == "cardtable: interrupted\n"


def _running_in_group(group: int) -> list[int]:
    """The processes of a process group that have not ended (a zombie waiting to be reaped by
    init has), read from /proc (no pgrep on a bare machine)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # (ended while being read)
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def test_smoke_home_is_passed_on(monkeypatch, tmp_path):
    seen = {}
    monkeypatch.setattr("game.smoke.run_smoke", lambda frames, home: seen.update(f=frames, h=home))
    main(["smoke", "--frames", "2", "--home", str(tmp_path)])
    assert seen == {"f": 2, "h": str(tmp_path)}


@pytest.mark.parametrize("frames", ["0", "-1", str(10**30)])
def test_smoke_refuses_a_frame_count_out_of_range(frames, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["smoke", "--frames", frames])
    assert exc.value.code == 2
    assert (
        capsys.readouterr().err == f"cardtable: --frames must be between 1 and 1000, not {frames}\n"
    )


def test_smoke_refuses_a_data_folder_it_cannot_make(tmp_path, capsys):
    taken = tmp_path / "a file"
    taken.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SystemExit) as exc:
        main(["smoke", "--home", str(taken / "below")])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardtable: cannot use {taken / 'below'} as the data folder: ")
    assert err.count("\n") == 1


def test_smoke_uses_the_given_data_folder_or_a_private_one(tmp_path):
    from game.smoke import data_folder

    with data_folder(str(tmp_path / "new")) as folder:
        assert folder == str(tmp_path / "new") and Path(folder).is_dir()
    assert Path(folder).is_dir()  # a real data folder stays
    with data_folder(None) as private:
        assert Path(private).is_dir() and "cardtable-smoke-" in private
    assert not Path(private).exists()
