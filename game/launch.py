"""Starting the app: the window with its menu (and any requested deal on top), and how long the
start took. What deal to open is game/deal.py's business.

Start-up clears what killed runs left in the data folder (old temporary files); a missing data
folder is no reason not to start (the app says once that nothing is kept); an error during start
gets a crash report like one in the main loop (game/crash.py)."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.deal import DealRequest


def _start_ticks(pid: str) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
        return int(handle.read().rsplit(")", 1)[1].split()[19])


def launch_pid() -> str:
    """The process the user launched: a one-file bundle runs the app in a child of its unpacker
    (the same executable), whose start is the one a person waits from."""
    import os

    if getattr(sys, "frozen", False):
        parent = str(os.getppid())
        try:
            if os.path.realpath(f"/proc/{parent}/exe") == os.path.realpath("/proc/self/exe"):
                return parent
        except OSError:
            pass
    return "self"


def process_age() -> float:
    """Seconds since the kernel started the launched process (Linux), else since the app loaded."""
    try:
        import os

        start_ticks = _start_ticks(launch_pid())
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        # No /proc (Windows, macOS): count from when the app's code started loading instead.
        import game

        return time.perf_counter() - game.LOADED_AT


def run_app(request: DealRequest | None, first_frame: bool = False) -> int:
    """0 after a normal end, 1 after a crash (reported, the game kept)."""
    from game import storage
    from game.app import App
    from game.scenes.menu import MenuScene

    storage.clear_stale_temp()
    app: App | None = None
    try:
        app = App()
        app.push(MenuScene(app))
        if first_frame:
            app.step(0.0)
            print(f"{process_age():.3f}", flush=True)  # stdout is None in a windowed Windows bundle
            return 0
        if request is not None:
            from game.waiting import open_or_offer

            open_or_offer(app, request)
    except Exception as exc:
        from game import crash

        crash.handle(app, exc)
        return 1
    try:
        app.run()
    except KeyboardInterrupt:
        app.quit()
    return 1 if app.crashed else 0
