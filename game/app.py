"""The window, the scene stack and the one main loop."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # see architecture.md, measured facts
os.environ.setdefault("SDL_VIDEO_CENTERED", "1")  # the window opens in the middle of the screen
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")  # crisp cards on scaled Windows
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import contextlib

import pygame

from game import settings as settings_mod
from game import storage, theme, ui
from game.scene import Scene
from game.writer import WRITER

if TYPE_CHECKING:
    from game.stats import Stats
    from game.worker import Worker

TITLE = "Card Table"
IDLE_REDRAW_SECONDS = 0.25  # with nothing moving, redraw this often (clocks on screen still tick)
MIN_SIZE = (800, 600)
STALE_RESIZE_SECONDS = 1.0  # after leaving full screen, SDL may still report its size this long


def fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """The remembered window size, shrunk to fit the screen it opens on (a window saved on a big
    monitor must not open half off a small one); never below MIN_SIZE."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return size  # no real screen: its made-up desktop size means nothing
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return size
    if desk_w <= 0 or desk_h <= 0:
        return size
    return (
        max(MIN_SIZE[0], min(size[0], desk_w)),
        max(MIN_SIZE[1], min(size[1], desk_h)),
    )


class App:
    """Owns the window and a stack of scenes; only the top scene gets input."""

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        self.settings, problem = settings_mod.load()
        pygame.display.init()
        pygame.font.init()
        if size is None:
            size = fit_to_desktop((self.settings.window_width, self.settings.window_height))
        self.fullscreen = False
        self._set_icon()  # before the window opens: then pygame loads no icon of its own
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        self.scenes: list[Scene] = []
        self._stats: Stats | None = None
        self._worker: Worker | None = None
        self.toasts = ui.Toasts()
        self.running = True
        self.clock = pygame.time.Clock()
        self.crashed = False  # an error ended run() (and was reported)
        nothing_kept = storage.unavailable()
        if nothing_kept:
            self.toasts.show(nothing_kept, 12, theme.WARN)
        elif problem:
            self.toasts.show(problem, 6, theme.WARN)

    # -- scene stack -------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        ui.take_pointer()  # what lies beneath stops showing hover and tooltips
        self.scenes.append(scene)
        scene.resize(self.screen.get_size())

    def pop(self) -> None:
        if len(self.scenes) > 1:
            self.scenes.pop().closed()
            self.scene.resize(self.screen.get_size())
            self.scene.revealed()

    def reset_to(self, scene: Scene) -> None:
        """Leave every scene but the bottom one (the main menu), then show `scene` on it."""
        while len(self.scenes) > 1:
            self.scenes.pop().closed()
        if scene is not self.scenes[0]:
            self.push(scene)
        else:
            scene.resize(self.screen.get_size())
            scene.revealed()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        return theme.ui_scale(self.size)

    # -- window --------------------------------------------------------------------------------
    def _set_icon(self) -> None:
        from game.assets import asset

        with contextlib.suppress(FileNotFoundError, pygame.error):
            pygame.display.set_icon(pygame.image.load(str(asset("icon.png"))))

    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if not self.fullscreen:
            if (w, h) != tuple(size):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self.settings.window_width, self.settings.window_height = w, h
        self.screen = pygame.display.get_surface()
        for scene in self.scenes:
            scene.resize(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        """F11. The window comes back at the size it had; resize events the switch leaves behind
        (SDL reports the full-screen size late) never become the window's size."""
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.windowed = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.full_size = self.screen.get_size()
        else:
            self.screen = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
            pygame.event.clear(pygame.VIDEORESIZE)
            self.stale_resize_until = time.monotonic() + STALE_RESIZE_SECONDS
        self.on_resize(self.screen.get_size())

    windowed: tuple[int, int] = (1280, 800)
    full_size: tuple[int, int] = (0, 0)
    stale_resize_until = 0.0

    def stale_resize(self, size: tuple[int, int]) -> bool:
        """A late report of the full-screen size, just after leaving full screen."""
        return tuple(size) == self.full_size and time.monotonic() < self.stale_resize_until

    def save_settings(self) -> None:
        try:
            settings_mod.save(self.settings)
        except OSError as exc:
            self.toasts.show(f"Could not save settings: {exc.strerror or exc}", 4, theme.WARN)

    # -- loop ------------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            if not self.stale_resize(event.size):
                self.on_resize(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.scenes:
            self.scene.handle(event)

    def step(self, dt: float) -> None:
        """One frame: input, update, and (unless the screen would look the same) draw and flip."""
        events = pygame.event.get()
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        top = self.scene
        for below in self.scenes[:-1]:
            below.background(dt)
        top.update(dt)
        had_toasts = bool(self.toasts.items)
        self.toasts.update(dt)
        self.since_draw += dt
        # Idle: nothing happened and nothing moves; a toast that just expired still needs one
        # more frame to vanish.
        idle = not (
            events
            or had_toasts
            or top.animating()
            or top is not self.drawn_top
            or ui.tooltip_pending(top.buttons)
        )
        if idle and self.since_draw < IDLE_REDRAW_SECONDS:
            return  # an idle table costs next to nothing
        self.since_draw = 0.0
        self.drawn_top = top
        self.draw()
        pygame.display.flip()

    since_draw = 0.0
    drawn_top: Scene | None = None

    def draw(self) -> None:
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        for scene in self.scenes[start:]:
            scene.draw(self.screen)
        self.toasts.draw(self.screen, self.scale, self.scene.toast_area())

    def run(self, fps: int = 60) -> None:
        """The main loop. An error that escapes it keeps the game, leaves a crash report and a
        calm message (game/crash.py) instead of a traceback."""
        last = time.perf_counter()
        try:
            while self.running:
                now = time.perf_counter()
                dt, last = min(now - last, 0.1), now
                self.step(dt)
                self.clock.tick(fps)
        except Exception as exc:
            from game import crash

            crash.handle(self, exc)
            self.crashed = True
        pygame.quit()

    def quit(self) -> None:
        for scene in reversed(self.scenes):
            scene.closed()
        self.save_settings()
        if self._worker is not None:
            self._worker.close()
        if self._stats is not None:
            self._stats.close()
        WRITER.flush(30.0)  # the last autosave is on disk before the app goes
        self.running = False

    def report_stats_problem(self) -> None:
        """Say once that the statistics file had to be set aside."""
        if self._stats is not None and self._stats.problem:
            self.toasts.show(self._stats.problem, 6, theme.WARN)
            self._stats.problem = None

    @property
    def stats(self) -> Stats:
        """The results database, opened on first use (start-up never waits for SQLite)."""
        if self._stats is None:
            from game.stats import Stats

            self._stats = Stats()
        return self._stats

    @property
    def worker(self) -> Worker:
        """The thinking worker (computer players, hints), started on first use."""
        if self._worker is None:
            from game.worker import Worker

            self._worker = Worker()
        return self._worker

    def has_worker(self) -> bool:
        return self._worker is not None

    def cancel_work(self, owner: object) -> None:
        """Drop whatever `owner` asked the worker for (a table that closes)."""
        if self._worker is not None:
            self._worker.cancel(owner)
