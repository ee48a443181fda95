"""The user's data folder and safe file access.

Every write is atomic (temporary file, then `os.replace`) so a crash never leaves half a file. A
file in the way that is not ours to read (a directory, a FIFO, a link out of the folder, something
huge) is moved aside as `NAME.corrupt`; one we may not read (no permission, an I/O error) is left
untouched and never written over. A data folder that cannot be made at all leaves the app running
with nothing kept (`home()` is None).
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_READ = 16 * 2**20  # far above any real file of ours: a record of 10,000 moves is ~0.4 MB
STALE_TEMP_SECONDS = 60.0  # a temp file this old was left by a process that died mid-write
# What atomic_write_text leaves behind when killed: ".NAME.RANDOM.tmp" for one of our file names.
OUR_TEMP = re.compile(r"^\.(settings\.json|autosave-[\w.-]+\.json|crash-[\w.-]+\.txt)\.\w+\.tmp$")

# Files that could not be read this session and must not be written over (absolute paths).
_untouchable: set[str] = set()


class NotOurs(OSError):
    """Something sits where one of our files goes that we must not read: we move it aside."""


def data_dir() -> Path:
    """Where settings, statistics and saves live; CARDTABLE_HOME overrides it (tests, portable use).
    OSError when it cannot be made or written (a read-only parent, a file in its place)."""
    override = os.environ.get("CARDTABLE_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("cardtable", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    if not os.access(path, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    return path


def home() -> Path | None:
    """The data folder, or None when there is none this session (then nothing is kept)."""
    try:
        return data_dir()
    except OSError:
        return None


def unavailable() -> str | None:
    """The one sentence for the player when nothing can be kept; None when the folder works."""
    try:
        data_dir()
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        return (
            f"Nothing will be kept this session: the data folder{where} cannot be used"
            f" ({exc.strerror or exc}). Play on; settings, saves and statistics end when you quit."
        )
    return None


def leads_out(path: Path) -> bool:
    """A symlink whose target lies outside the folder it sits in (or whose chain loops): never
    followed, so nothing of ours is ever read from or created outside the data folder."""
    if not path.is_symlink():
        return False
    try:
        target = os.path.realpath(path, strict=False)
        folder = os.path.realpath(path.parent)
    except (OSError, RuntimeError):
        return True
    return os.path.commonpath([target, folder]) != folder


def read_bytes(path: Path, limit: int = MAX_READ) -> bytes:
    """A regular file's bytes, at most `limit` of them. Opening never blocks (a FIFO) and reading
    never runs away (/dev/zero): anything but a regular file raises NotOurs, as does a bigger one."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise NotOurs(errno.EINVAL, kind, str(path))
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise NotOurs(errno.EFBIG, f"larger than {limit // 2**20} MB", str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` whole or not at all. Replacing the name never follows a link at it; a file
    that could not be read this session is never replaced (OSError)."""
    if str(path.absolute()) in _untouchable:
        raise PermissionError(
            errno.EACCES, f"{path.name} could not be read, so it is left untouched", str(path)
        )
    import tempfile  # here, not at the top: start-up reads files and never waits for this

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def remove(path: Path) -> None:
    """Delete one of our files (a link: only the link); never one that could not be read."""
    if str(path.absolute()) in _untouchable:
        return
    path.unlink(missing_ok=True)


def quarantine(path: Path, companions: tuple[str, ...] = ()) -> Path:
    """Move an unreadable file aside (NAME.corrupt, NAME.corrupt.1, …) and return where it went.
    Files named NAME+suffix for each companion suffix go along, as CORRUPT+suffix (an SQLite
    database's journal), so the copy kept aside stays whole."""
    target = path.with_name(path.name + ".corrupt")
    n = 0
    while target.exists() or target.is_symlink():
        n += 1
        target = path.with_name(f"{path.name}.corrupt.{n}")
    os.replace(path, target)
    for suffix in companions:
        companion = path.with_name(path.name + suffix)
        if companion.exists() or companion.is_symlink():
            os.replace(companion, target.with_name(target.name + suffix))
    return target


def read_parsed(path: Path, parse: Callable[[str], Any]) -> tuple[Any, str | None]:
    """(value, problem): None when the file is missing or unusable, and `problem` says why in a
    sentence for the player. Damage (`parse` raises ValueError) or something that is not our file
    is moved aside; a file we may not read stays where it is, untouched for the whole session."""
    if str(path.absolute()) in _untouchable:
        return None, None  # reported when it was first met
    try:
        if leads_out(path):
            raise NotOurs(errno.ELOOP, "a link out of the data folder", str(path))
        raw = read_bytes(path)
    except FileNotFoundError:
        return None, None
    except (NotOurs, IsADirectoryError) as exc:
        return None, set_aside(path, f"could not be read ({exc.strerror or exc})")
    except OSError as exc:
        _untouchable.add(str(path.absolute()))
        return None, (
            f"{path.name} could not be read ({exc.strerror or exc}); it is left untouched"
            " and will not be overwritten"
        )
    try:
        return parse(raw.decode("utf-8")), None  # undecodable text is damage like any other
    except (ValueError, RecursionError) as exc:
        detail = f" ({exc})" if isinstance(exc, ValueError) and str(exc) else ""
        return None, set_aside(path, f"was damaged{detail}")


def set_aside(path: Path, what: str) -> str:
    """Move `path` aside and say so; if even that fails, leave it untouched for the session."""
    try:
        moved = quarantine(path).name
    except OSError:
        _untouchable.add(str(path.absolute()))
        return f"{path.name} {what} and could not be moved aside; it is left untouched"
    return f"{path.name} {what}; it was kept aside as {moved}"


def clear_stale_temp(folder: Path | None = None) -> int:
    """Delete the temporary files of writes a killed process never finished (each one as big as
    its file), only ours and only old ones: a write under way in another instance is left alone.
    Returns how many went."""
    folder = folder or home()
    if folder is None:
        return 0
    cleared = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not OUR_TEMP.match(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                os.unlink(entry.path)
                cleared += 1
        except OSError:
            continue
    return cleared


def json_object(text: str) -> dict[str, Any]:
    """Parse a JSON object; anything else (a list, null, a number) is a damaged file."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, found {type(data).__name__}")
    return data
