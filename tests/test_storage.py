"""game/storage.py on its own: reads that never hang or run away, files not ours set aside, files
we may not read left untouched, links out of the folder never followed, stale temp files cleared."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import storage


def test_a_regular_file_is_read_whole(tmp_path):
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 3_000_000)
    assert storage.read_bytes(path) == b"x" * 3_000_000


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(storage.NotOurs, match="not a regular file"):
        storage.read_bytes(fifo)  # before the fix: open() waited for a writer forever


def test_a_device_and_a_huge_file_are_refused(tmp_path):
    with pytest.raises(storage.NotOurs, match="not a regular file"):
        storage.read_bytes(Path("/dev/zero"))
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(storage.MAX_READ + 1)  # sparse: costs no disk
    with pytest.raises(storage.NotOurs, match="larger than 16 MB"):
        storage.read_bytes(big)


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_replay_of_a_fifo_or_dev_zero_says_one_line_and_exits_2(tmp_path, kind):
    if kind == "fifo":
        target = tmp_path / "record.json"
        os.mkfifo(target)
    else:
        target = Path("/dev/zero")
    done = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(target)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "not a regular file" in done.stderr, done.stderr


def test_replay_of_a_file_over_16_mb_is_refused(tmp_path, capsys):
    from game.__main__ import main

    big = tmp_path / "record.json"
    with big.open("wb") as handle:
        handle.truncate(17 * 2**20)
    with pytest.raises(SystemExit) as stop:
        main(["replay", str(big)])
    assert stop.value.code == 2 and "larger than 16 MB" in capsys.readouterr().err


def test_a_link_out_of_the_folder_is_set_aside_and_its_target_untouched(tmp_path):
    folder, outside = tmp_path / "home", tmp_path / "outside.json"
    folder.mkdir()
    outside.write_text('{"a": 1}')
    (folder / "settings.json").symlink_to(outside)
    (folder / "inside.json").symlink_to(folder / "real.json")
    assert storage.leads_out(folder / "settings.json")
    assert not storage.leads_out(folder / "inside.json")  # a link within the folder is fine
    value, problem = storage.read_parsed(folder / "settings.json", storage.json_object)
    assert value is None and "a link out of the data folder" in problem
    assert "kept aside as settings.json.corrupt" in problem
    assert (folder / "settings.json.corrupt").is_symlink() and outside.read_text() == '{"a": 1}'


def test_a_directory_in_the_place_of_a_file_is_set_aside(tmp_path):
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "keep.txt").write_text("mine")
    value, problem = storage.read_parsed(tmp_path / "settings.json", storage.json_object)
    assert value is None and "kept aside as settings.json.corrupt" in problem
    assert (tmp_path / "settings.json.corrupt" / "keep.txt").read_text() == "mine"
    storage.atomic_write_text(tmp_path / "settings.json", "{}")  # the name is free again
    assert (tmp_path / "settings.json").read_text() == "{}"


def test_a_file_that_cannot_be_read_is_never_written_over_or_removed(tmp_path, monkeypatch):
    path = tmp_path / "autosave-canfield-seed.json"
    path.write_text("precious")
    real = storage.read_bytes

    def denied(p: Path, limit: int = storage.MAX_READ) -> bytes:
        if p == path:
            raise PermissionError(13, "Permission denied", str(p))
        return real(p, limit)

    monkeypatch.setattr(storage, "read_bytes", denied)  # tests run as root: chmod would not do
    value, problem = storage.read_parsed(path, storage.json_object)
    assert value is None and "Permission denied" in problem and "left untouched" in problem
    with pytest.raises(PermissionError, match="left untouched"):
        storage.atomic_write_text(path, "new")
    storage.remove(path)
    assert path.read_text() == "precious" and not (tmp_path / (path.name + ".corrupt")).exists()
    assert storage.read_parsed(path, storage.json_object) == (None, None)  # said once


def test_only_our_old_temp_files_are_cleared(tmp_path):
    old = time.time() - 2 * storage.STALE_TEMP_SECONDS
    names = {
        ".autosave-canfield-seed.json.k2j_9x0a.tmp": True,
        ".settings.json.abc123.tmp": True,
        ".crash-20260101-101010.txt.q1w2e3.tmp": True,
        ".notes.txt.abc123.tmp": False,  # not one of our names
        "autosave-canfield-seed.json": False,
    }
    for name in names:
        (tmp_path / name).write_text("x")
        os.utime(tmp_path / name, (old, old))
    fresh = tmp_path / ".autosave-canals-default.json.zz9.tmp"  # a write under way elsewhere
    fresh.write_text("x")
    assert storage.clear_stale_temp(tmp_path) == 3
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {fresh.name} | {n for n, ours in names.items() if not ours}


def test_the_temp_file_of_a_failed_write_does_not_stay(tmp_path, monkeypatch):
    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        storage.atomic_write_text(tmp_path / "settings.json", "{}")
    assert list(tmp_path.iterdir()) == []
