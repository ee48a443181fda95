"""A table of text and a bar plot, drawn with pygame.draw: what the statistics screen is made of.

Both are laid out once per window size (and per change of their numbers) and then only blitted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import theme, ui

MIN_TEXT = 10  # a table shrinks its text down to this size to fit its width
RADIUS = 8  # the corners of the table's and the plot's panels


class TextTable:
    """Rows of cells under a header row; the first column reads left-aligned (it names the row),
    the others are centred. Columns are as wide as their widest cell."""

    def __init__(self, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.headers = list(headers)
        self.rows = [list(row) for row in rows]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 16
        self.widths: list[int] = []

    def layout(self, left: int, top: int, width: int, size: int) -> int:
        """Place the table at text `size`, smaller if it would be wider than `width`; returns the
        y below it."""
        self.size = size
        while True:
            pad = self.size * 3 // 2
            self.widths = [
                max(ui.text(cell, self.size, bold=True).get_width() for cell in column) + pad
                for column in zip(self.headers, *self.rows, strict=True)
            ]
            if sum(self.widths) <= width or self.size <= MIN_TEXT:
                break
            self.size -= 1
        self.rect = pygame.Rect(left, top, sum(self.widths), self.row_h * (1 + len(self.rows)))
        return self.rect.bottom

    @property
    def row_h(self) -> int:
        return self.size * 2

    def draw(self, surface: pygame.Surface) -> None:
        ui.panel(surface, self.rect, alpha=200, radius=RADIUS)
        y = self.rect.y
        for i, row in enumerate([self.headers, *self.rows]):
            if i % 2 == 0 and i:
                stripe = pygame.Rect(self.rect.x, y, self.rect.w, self.row_h)
                corner = RADIUS if i == len(self.rows) else 0  # the last row keeps the panel's
                pygame.draw.rect(
                    surface,
                    theme.BUTTON_DOWN,
                    stripe,
                    border_bottom_left_radius=corner,
                    border_bottom_right_radius=corner,
                )
            x = self.rect.x
            for j, (cell, w) in enumerate(zip(row, self.widths, strict=True)):
                colour = theme.ACCENT if i == 0 else theme.TEXT if j == 0 else theme.TEXT_DIM
                img = ui.text(cell, self.size, colour, bold=i == 0 or j == 0)
                if j == 0:
                    surface.blit(
                        img, img.get_rect(midleft=(x + self.size // 2, y + self.row_h // 2))
                    )
                else:
                    ui.blit_centred(surface, img, (x + w // 2, y + self.row_h // 2))
                x += w
            y += self.row_h


@dataclass(frozen=True)
class Bar:
    """One result: its height from -1 (all the way down) to 1 (all the way up), and its colour."""

    value: float
    colour: tuple[int, int, int]


def draw_bars(
    surface: pygame.Surface,
    rect: pygame.Rect,
    bars: Sequence[Bar],
    slots: int,
    labels: tuple[str, str],
    size: int,
) -> None:
    """Bars up and down from a middle line, oldest on the left, one slot each of `slots`;
    `labels` name the top and the bottom half ("Won", "Lost"; "+7", "−7")."""
    ui.panel(surface, rect, alpha=200, radius=RADIUS)
    top_label = ui.text(labels[0], size, theme.TEXT_DIM)
    bottom_label = ui.text(labels[1], size, theme.TEXT_DIM)
    gutter = max(top_label.get_width(), bottom_label.get_width()) + size
    inner = pygame.Rect(rect.x + gutter, rect.y + size // 2, rect.w - gutter - size // 2, 0)
    inner.h = rect.bottom - size // 2 - inner.y
    surface.blit(top_label, (rect.x + size // 2, inner.y))
    surface.blit(bottom_label, bottom_label.get_rect(bottomleft=(rect.x + size // 2, inner.bottom)))
    middle = inner.centery
    pygame.draw.line(surface, theme.TEXT_DIM, (inner.x, middle), (inner.right, middle))
    step = inner.w / max(1, slots)
    width = max(1, int(step * 0.7))
    for i, bar in enumerate(bars):
        height = max(2, int(abs(bar.value) * (inner.h // 2 - 1)))
        x = inner.x + int(i * step + (step - width) / 2)
        y = middle - height if bar.value >= 0 else middle + 1
        pygame.draw.rect(surface, bar.colour, (x, y, width, height))
