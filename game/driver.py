"""Drives the app with synthetic input, frame by frame: the smoke command and the scene tests use it
to press, drag and type exactly as a player would (real pygame events through the real event queue).
"""

from __future__ import annotations

import os
import time
from typing import Any

import pygame


def headless_environment(data_dir: str) -> None:
    """Dummy video/audio and a private data folder, set before pygame starts."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["CARDTABLE_HOME"] = data_dir


class Driver:
    def __init__(self, app: Any, frames: int = 4, dt: float = 0.05) -> None:
        self.app = app
        self.frames = max(1, frames)
        self.dt = dt

    def run(self, frames: int | None = None) -> None:
        for _ in range(frames or self.frames):
            self.app.step(self.dt)
            # The real loop sleeps between frames; so must this one, briefly, or a thread of the
            # app's own (the worker's starter) never gets the interpreter.
            time.sleep(0)

    def post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos: tuple[int, int], frames: int | None = None) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.run(frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        """Press at `start`, move in steps (a frame each), release at `end`."""
        x0, y0 = int(start[0]), int(start[1])
        x1, y1 = int(end[0]), int(end[1])
        self.post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1)
        self.run(1)
        px, py = x0, y0
        for i in range(1, steps + 1):
            x = x0 + (x1 - x0) * i // steps
            y = y0 + (y1 - y0) * i // steps
            self.post(pygame.MOUSEMOTION, pos=(x, y), rel=(x - px, y - py), buttons=(1, 0, 0))
            px, py = x, y
            self.run(1)
        self.post(pygame.MOUSEBUTTONUP, pos=(x1, y1), button=1)
        self.run()

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.run()

    def type(self, text: str) -> None:
        for ch in text:
            self.key(pygame.key.key_code(ch), unicode=ch)
