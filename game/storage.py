"""The user's data folder and safe file writes.

Every write is atomic (temporary file, then `os.replace`) so a crash never leaves half a file; a file
that cannot be read is moved aside as `NAME.corrupt` (never silently overwritten) and reported.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def data_dir() -> Path:
    """Where settings, statistics and saves live; CARDTABLE_HOME overrides it (tests, portable use)."""
    override = os.environ.get("CARDTABLE_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("cardtable", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
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


def quarantine(path: Path) -> Path:
    """Move an unreadable file aside (NAME.corrupt, NAME.corrupt.1, …) and return where it went."""
    target = path.with_name(path.name + ".corrupt")
    n = 0
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt.{n}")
    os.replace(path, target)
    return target


def read_parsed(path: Path, parse: Callable[[str], Any]) -> tuple[Any, str | None]:
    """(value, problem): None when the file is missing or unreadable; a file that `parse` rejects
    (with ValueError) is moved aside and `problem` says so in a sentence for the player."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"Could not read {path.name}: {exc.strerror or exc}"
    try:
        return parse(raw.decode("utf-8")), None  # undecodable text is damage like any other
    except (ValueError, RecursionError) as exc:
        detail = f" ({exc})" if isinstance(exc, ValueError) and str(exc) else ""
        try:
            moved = quarantine(path).name
        except OSError:
            return (
                None,
                f"{path.name} is damaged{detail} and could not be moved aside; it is ignored",
            )
        return None, f"{path.name} was damaged{detail}; it was kept aside as {moved}"


def json_object(text: str) -> dict[str, Any]:
    """Parse a JSON object; anything else (a list, null, a number) is a damaged file."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, found {type(data).__name__}")
    return data
