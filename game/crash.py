"""When an error still slips through the main loop: keep the game, write a report, say so calmly.

The order matters: first every table's autosave is written and flushed (the game is offered again
at the next start), then the report (the traceback, the versions and each open table's game
record, enough to replay the crash), then one message for the player, on the window if there is
one and on stderr.
"""

from __future__ import annotations

import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

KEEP_REPORTS = 10  # older reports go, so a crash that repeats never fills the disk


def handle(app: Any, exc: BaseException) -> Path | None:
    """Everything a crash needs; never raises. Returns where the report went, if anywhere."""
    tables = [s for s in getattr(app, "scenes", []) if hasattr(s, "persistence")]
    kept = keep_games(tables)
    try:
        path = write_report(report_text(exc, tables))
    except Exception:
        path = None
    lines = message(path, kept)
    if sys.stderr is not None:  # a windowed bundle has no stderr
        if path is None:
            traceback.print_exception(exc, file=sys.stderr)
        print("\n".join(lines), file=sys.stderr, flush=True)
    show(lines)
    return path


def keep_games(tables: list[Any]) -> bool:
    """Save each table's game as it stood and wait for the writes; True if a game under way is
    now on disk (only then does the message promise it)."""
    from game import saves

    kept = False
    for table in tables:
        try:
            table.persistence.autosave()
            kept = kept or (table.persistence.owns_save and table.under_way)
        except Exception:
            continue
    return saves.flush(10.0) and not saves.problems() and kept


def report_text(exc: BaseException, tables: list[Any]) -> str:
    import pygame

    parts = [
        f"Card Table crash report, {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"Python {platform.python_version()}, pygame-ce {pygame.version.ver},"
        f" {platform.platform()}",
        "",
        "".join(traceback.format_exception(exc)),
    ]
    for table in tables:
        try:
            record = table.persistence.record().to_json()
        except Exception as failure:
            record = f"(the record could not be written: {failure!r})"
        parts += [f"Game record ({table.game.name}), for `cardtable replay FILE`:", record, ""]
    return "\n".join(parts)


def write_report(text: str) -> Path:
    """Into the data folder (or the temporary folder when there is none), the oldest pruned."""
    from game import storage

    folder = storage.home() or Path(tempfile.gettempdir())
    path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{n}.txt"
    storage.atomic_write_text(path, text)
    for old in sorted(folder.glob("crash-*.txt"))[:-KEEP_REPORTS]:
        storage.remove(old)
    return path


def message(path: Path | None, kept: bool) -> list[str]:
    lines = ["Card Table ran into a problem it could not handle and had to stop."]
    if kept:
        lines.append("Your game is saved: resume it from the game's setup screen next time.")
    if path is not None:
        lines += ["A report of what happened is in", str(path)]
    return lines


def show(lines: list[str]) -> None:
    """The message on the window until the player closes it, presses a key or clicks (headless,
    under the dummy driver, it is drawn once: nobody could close it)."""
    try:
        import pygame

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return
        pygame.font.init()
        font = pygame.font.Font(None, 28)
        clock = pygame.time.Clock()
        waiting = pygame.display.get_driver() != "dummy"
        while True:
            draw(pygame.display.get_surface(), font, [*lines, "", "Press any key to close."])
            pygame.display.flip()
            closing = (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
            if not waiting or any(e.type in closing for e in pygame.event.get()):
                return
            clock.tick(15)
    except Exception:
        return  # the message is on stderr as well


def draw(screen: Any, font: Any, lines: list[str]) -> None:
    screen.fill((28, 60, 44))
    height = font.get_linesize()
    y = (screen.get_height() - height * len(lines)) // 2
    for line in lines:
        text = font.render(line, True, (240, 240, 230))
        screen.blit(text, ((screen.get_width() - text.get_width()) // 2, y))
        y += height
