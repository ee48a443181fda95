"""Colours and proportions shared by every scene, so the app looks like one product."""

from __future__ import annotations

FELT = {
    "green": ((39, 110, 64), (20, 70, 40)),
    "blue": ((34, 84, 130), (17, 48, 82)),
    "dark": ((52, 56, 62), (26, 28, 32)),
}
TEXT = (242, 244, 240)
TEXT_DIM = (196, 208, 200)
TEXT_DARK = (30, 34, 38)
PANEL = (24, 30, 34)
PANEL_EDGE = (255, 255, 255)
BAR = (14, 20, 22)
TIP = (34, 58, 70)  # the first-run tip line of a table
BUTTON = (58, 70, 74)
BUTTON_HOVER = (82, 98, 102)
BUTTON_DOWN = (40, 50, 54)
BUTTON_DISABLED = (46, 52, 55)
ACCENT = (246, 196, 76)
ACCEPT = (120, 230, 140)
FOCUS = (120, 190, 255)
HINT = (255, 214, 90)
WARN = (240, 120, 100)


def ui_scale(size: tuple[int, int]) -> float:
    """One number for text and widget sizes: 1.0 at 1280×800, growing with the window."""
    w, h = size
    return max(0.75, min(w / 1280, h / 800) ** 0.8)
