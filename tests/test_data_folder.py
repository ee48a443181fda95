"""The data folder as a hostile world leaves it: no folder at all, files that are not ours or that we
may not read, links out of it, stale temp files, and processes killed in the middle of a write.
Every case asserts what the player is told, what is kept aside, and that the game plays on.

CARDTABLE_KILLS (default 12 per kind) sets how many kills the kill tests make (`make datakill`
runs hundreds)."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from conftest import open_canfield

from game import saves, storage
from game.driver import Driver
from game.scenes.menu import MenuScene

KILLS = int(os.environ.get("CARDTABLE_KILLS", "12"))
SAVE = "autosave-canfield-seed.json"


def play_a_move(app) -> object:
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    driver.click(table.pile_target_rect("stock").center)
    assert table.pos == 1
    return table


def messages(app) -> str:
    return " | ".join(text for text, *_ in app.toasts.items)


# -- no data folder ---------------------------------------------------------------------------


def test_no_data_folder_plays_on_and_says_once_that_nothing_is_kept(
    make_app, tmp_path, monkeypatch
):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CARDTABLE_HOME", str(blocker / "new"))  # its parent is a file
    app = make_app()
    assert messages(app).startswith("Nothing will be kept this session")
    assert len(app.toasts.items) == 1
    table = play_a_move(app)
    app.stats.record("canfield", "seed", 1, "won", 1, 1.0)  # in memory
    assert app.stats.summary("canfield").played == 1
    table.persistence.autosave()
    assert saves.waiting("canfield") == [] and saves.load("canfield", "seed") == (None, None)
    app.quit()  # settings, the save: nothing to write, nothing raised
    assert messages(app).count("Nothing will be kept") == 1 and "Could not" not in messages(app)
    assert blocker.read_text() == ""


def test_a_home_that_cannot_be_written_still_starts(tmp_path):
    blocker = tmp_path / "home-is-a-file"
    blocker.write_text("")
    env = {k: v for k, v in os.environ.items() if k not in ("CARDTABLE_HOME", "XDG_DATA_HOME")}
    env.update(HOME=str(blocker), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "game", "--first-frame"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


# -- files that are not ours, or that we may not read ------------------------------------------


def test_a_settings_file_that_is_a_directory_is_kept_aside(make_app, home):
    (home / "settings.json").mkdir()
    (home / "settings.json" / "keep").write_text("mine")
    app = make_app()
    assert "settings.json could not be read (a directory)" in messages(app)
    assert "kept aside as settings.json.corrupt" in messages(app)
    play_a_move(app)
    app.quit()
    assert json.loads((home / "settings.json").read_text())["felt"] == "green"
    assert (home / "settings.json.corrupt" / "keep").read_text() == "mine"


def deny(monkeypatch, path: Path) -> None:
    """Reading `path` fails with EACCES (the tests run as root, where chmod would not do)."""
    real = storage.read_bytes

    def read(p: Path, limit: int = storage.MAX_READ) -> bytes:
        if p == path:
            raise PermissionError(13, "Permission denied", str(p))
        return real(p, limit)

    monkeypatch.setattr(storage, "read_bytes", read)


def test_a_settings_file_we_may_not_read_is_never_overwritten(make_app, home, monkeypatch):
    (home / "settings.json").write_text('{"felt": "blue"}')
    deny(monkeypatch, home / "settings.json")
    app = make_app()
    assert "settings.json could not be read (Permission denied)" in messages(app)
    assert "left untouched" in messages(app)
    play_a_move(app)
    app.quit()
    assert (home / "settings.json").read_text() == '{"felt": "blue"}'
    assert not (home / "settings.json.corrupt").exists()


def test_an_autosave_that_is_a_directory_is_kept_aside_and_the_slot_freed(make_app, home):
    (home / SAVE).mkdir()
    app = make_app()
    saved, problem = saves.load("canfield", "seed")  # what the setup screen asks
    assert saved is None and "could not be read (a directory)" in problem
    assert (home / (SAVE + ".corrupt")).is_dir()
    table = play_a_move(app)
    table.persistence.autosave()
    assert saves.flush(10.0)
    assert len(saves.load("canfield", "seed")[0].record.moves) == 1


def test_an_autosave_we_may_not_read_is_never_overwritten(make_app, home, monkeypatch):
    (home / SAVE).write_text("precious")
    deny(monkeypatch, home / SAVE)
    app = make_app()
    saved, problem = saves.load("canfield", "seed")
    assert saved is None and "left untouched" in problem
    table = play_a_move(app)
    driver = Driver(app)
    driver.click(table.pile_target_rect("stock").center)
    assert saves.flush(10.0)
    driver.click(table.pile_target_rect("stock").center)
    assert table.pos == 3  # play goes on
    assert (home / SAVE).read_text() == "precious"
    said = messages(app)
    assert said.count("left untouched") == 1, said  # reported once, not at every move


def test_an_autosave_linked_out_of_the_folder_is_set_aside(make_app, home, tmp_path):
    outside = tmp_path / "elsewhere.json"
    outside.write_text("not yours")
    (home / SAVE).symlink_to(outside)
    app = make_app()
    saved, problem = saves.load("canfield", "seed")
    assert saved is None and "a link out of the data folder" in problem
    assert (home / (SAVE + ".corrupt")).is_symlink()
    table = play_a_move(app)
    table.persistence.autosave()
    assert saves.flush(10.0)
    assert outside.read_text() == "not yours" and not (home / SAVE).is_symlink()


def test_deep_damage_to_the_statistics_is_reported_and_the_game_counts(make_app, home):
    from test_stats import fill

    fill(home / "stats.sqlite3")
    data = bytearray((home / "stats.sqlite3").read_bytes())
    data[4 * 4096 + 8 : 4 * 4096 + 900] = b"\x5a" * 892
    (home / "stats.sqlite3").write_bytes(bytes(data))
    app = make_app()
    table = play_a_move(app)
    driver = Driver(app)
    driver.key(pygame.K_n)
    driver.key(pygame.K_RETURN)  # the deal under way counts as lost
    assert "The statistics file was damaged; it was kept aside as stats.sqlite3.corrupt" in (
        messages(app)
    )
    assert app.stats.summary("canfield").played == 1 and table.pos == 0
    assert (home / "stats.sqlite3.corrupt").read_bytes() == bytes(data)


def test_stale_temp_files_are_cleared_at_start(home, monkeypatch):
    from game import launch

    stale = home / f".{SAVE}.a1b2c3.tmp"
    stale.write_text("x" * 10_000)
    old = time.time() - 3600
    os.utime(stale, (old, old))
    monkeypatch.setattr(sys, "stdout", open(os.devnull, "w"))  # noqa: SIM115 (closed at exit)
    assert launch.run_app(None, first_frame=True) == 0
    assert not stale.exists()


# -- kills in the middle of writes -------------------------------------------------------------

CHILD = r"""
import random, sys
import engines
from game import saves, stats
kind, start = sys.argv[1], int(sys.argv[2])
if kind == "save":
    state, rng, moves = engines.get("canfield").new_game(seed=5), random.Random(5), []
    while len(moves) < 300 and state.legal_moves():
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.apply(move)
    options = engines.get("canfield").presets["seed"]
    for n in range(start, 10**9):
        record = engines.GameRecord("canfield", 5, 1, dict(options), moves[: n % len(moves)])
        saves.save(record, elapsed=float(n))
        saves.flush()
        print(n, flush=True)
else:
    results = stats.Stats()
    for n in range(start, 10**9):
        results.record("canfield", "seed", n, "won", n % 300, 1.0)
        print(n, flush=True)
"""


def kill_during_writes(home: Path, kind: str, start: int) -> int:
    """Run a writer, SIGKILL it at a random moment; the last number it reported as written."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, kind, str(start)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "CARDTABLE_HOME": str(home)},
    )
    assert child.stdout is not None
    first = child.stdout.readline()  # started and writing
    time.sleep(random.uniform(0.0, 0.04))
    child.kill()
    rest = child.communicate()[0]
    return int((first + rest).split()[-1]) if (first + rest).split() else start - 1


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_save_killed_mid_write_leaves_the_previous_one_whole(home):
    done = 0
    for _ in range(KILLS):
        done = max(done, kill_during_writes(home, "save", done + 1))
        saved, problem = saves.load("canfield", "seed")
        assert problem is None and saved is not None and saved.elapsed >= done
        done = int(saved.elapsed)
    assert done >= KILLS


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_statistics_killed_mid_write_lose_no_row(home):
    done = 0
    for _ in range(KILLS):
        done = kill_during_writes(home, "stats", done + 1)
        db = sqlite3.connect(home / "stats.sqlite3")
        assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)
        count, top = db.execute("SELECT COUNT(*), MAX(seed) FROM results").fetchone()
        db.close()
        assert count == top and top >= done  # every reported row kept, none twice
        done = top
    assert not (home / "stats.sqlite3.corrupt").exists()
