"""Rows of labelled choice buttons ("Draw: 1 card | 3 cards"), used by Settings and game setup.

A row may carry a note: one short line under its buttons saying what the choice does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import theme, ui


@dataclass
class ChoiceRow:
    label: str
    values: list[tuple[str, Any]]  # (button label, value)
    get: Callable[[], Any]
    set: Callable[[Any], None]
    note: str = ""
    buttons: list[ui.Button] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.buttons = [ui.Button(text, lambda v=value: self.set(v)) for text, value in self.values]

    def refresh(self) -> None:
        current = self.get()
        for button, (_, value) in zip(self.buttons, self.values, strict=True):
            button.selected = value == current and type(value) is type(current)


class ChoiceGrid:
    """Lays out rows under each other: the label on the left, its buttons to the right."""

    def __init__(self, rows: list[ChoiceRow]) -> None:
        self.rows = rows
        self.label_pos: list[tuple[int, int]] = []
        self.notes: list[tuple[str, tuple[int, int]]] = []  # (line, top-left)
        self.size = 16

    @property
    def buttons(self) -> list[ui.Button]:
        return [b for row in self.rows for b in row.buttons]

    def layout(self, left: int, top: int, width: int, s: float) -> int:
        """Place every row; returns the y just below the grid."""
        self.size = int(16 * s)
        label_w = int(290 * s)
        row_h, gap = int(40 * s), int(10 * s)
        self.label_pos = []
        self.notes = []
        y = top
        for row in self.rows:
            self.label_pos.append((left, y + row_h // 2))
            x = left + label_w
            for button, (text, _) in zip(row.buttons, row.values, strict=True):
                bw = ui.text(text, self.size).get_width() + int(28 * s)
                if x + bw > left + width:
                    x = left + label_w
                    y += row_h + gap // 2
                button.rect = pygame.Rect(x, y, bw, row_h)
                button.size = self.size
                x += bw + gap // 2
            y += row_h + gap
            for line in ui.wrap(row.note, self.note_size, width - label_w) if row.note else []:
                self.notes.append((line, (left + label_w, y - gap // 2)))
                y += ui.text(line, self.note_size).get_height()
        self.refresh()
        return y

    @property
    def note_size(self) -> int:
        return max(11, self.size * 7 // 8)

    def refresh(self) -> None:
        for row in self.rows:
            row.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        self.refresh()
        for row, (x, y) in zip(self.rows, self.label_pos, strict=True):
            img = ui.text(row.label, self.size, theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(x, y)))
            for button in row.buttons:
                button.draw(surface)
        for line, pos in self.notes:
            surface.blit(ui.text(line, self.note_size, theme.TEXT_DIM), pos)
