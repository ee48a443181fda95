"""The hands of a two-player table, laid out the same way by every game that has them.

The viewer's hand spreads along its row a small gap apart, centred, and overlaps only when it
would not fit otherwise; a table shrinks its cards (`hand_fits`) until every card's index shows.
The other player's hand is a tight fan of backs (a label gives the count), drawn whole where the
table puts it. Positions come from the view alone: the other hand is only a number of cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.card_art import SMALL_WIDTH

HAND_ROW = 1.04  # the viewer's hand row, in card heights
BACK_STEP = 0.14  # the other player's backs, fanned, in card widths
BACK_FAN = 1.0  # how far those backs spread at most, in card widths (their label gives the count)
INDEX_H = 0.33  # the height of a card's index corner (rank and suit), in card heights


@dataclass
class Box:
    """A rectangle plus the card positions laid out in it."""

    rect: pygame.Rect
    cards: list[tuple[int, int]] = field(default_factory=list)


def gap_for(cw: int) -> int:
    """The gap between cards laid side by side."""
    return max(4, int(cw * 0.12))


def index_width(cw: float) -> float:
    """The width of a card's left edge that shows its index (small cards set rank and suit side
    by side, so theirs is wider)."""
    return cw * (0.64 if cw < SMALL_WIDTH else 0.3)


def index_corner(x: int, y: int, cw: int, ch: int) -> pygame.Rect:
    """The top-left corner of a card at (x, y) that shows its rank and suit (on big cards the
    suit sits below the rank)."""
    return pygame.Rect(x, y, int(index_width(cw)), int(ch * INDEX_H))


def hand_fits(cw: int, n: int, width: int) -> bool:
    """Whether `n` cards of width `cw` fit in `width` with every index showing."""
    return n < 2 or cw + (n - 1) * index_width(cw) <= width


def backs_width(cw: int, n: int) -> int:
    """The width of the other player's `n` backs, fanned."""
    return cw + int(min(cw * BACK_STEP * (n - 1), cw * BACK_FAN)) if n else 0


def fanned(rect: pygame.Rect, n: int, cw: int, widest: float) -> Box:
    """`n` cards in a row centred in `rect`, `widest` apart at most and closer only when the row
    would not fit otherwise."""
    step = widest if n < 2 else min(widest, (rect.w - cw) / (n - 1))
    x0 = rect.x + (rect.w - (step * (n - 1) + cw)) / 2
    return Box(rect, [(int(x0 + i * step), rect.y) for i in range(n)])


def hand_boxes(
    cw: int, view: dict[str, Any], viewer: int, row: pygame.Rect, other_y: int
) -> dict[int, Box]:
    """The viewer's hand spread along `row`, a small gap apart while there is room; the other
    player's backs tightly fanned at `other_y`, ending where `row` ends."""
    ch = round(cw * 1.4)
    other = 1 - viewer
    n = len(view["hands"][other])
    width = backs_width(cw, n)
    backs = pygame.Rect(row.right - width, other_y, width, ch)
    return {
        viewer: fanned(row, len(view["hands"][viewer]), cw, cw + gap_for(cw)),
        other: fanned(backs, n, cw, cw * BACK_STEP),
    }
