"""Finds the files the app ships, both from a source checkout and inside a PyInstaller bundle.

In a bundle, data lives under `sys._MEIPASS` (a temporary folder for one-file builds): read from
it, never write to it — user data goes to `game.storage`'s folder.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


def root() -> Path:
    """The folder that holds `assets/` and `docs/`."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    return root().joinpath("assets", *parts)


def rules_page(game: str) -> Path:
    return root() / "docs" / "rules" / f"{game}.md"


FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"


@cache
def font(size: int, bold: bool = False):  # -> pygame.font.Font
    """A shipped font at a pixel size, loaded once (never per frame)."""
    import pygame

    path = asset("fonts", FONT_BOLD if bold else FONT_REGULAR)
    return pygame.font.Font(str(path), max(6, int(size)))
