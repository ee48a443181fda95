"""Modal dialogs drawn over the scene below: a yes/no question and a message with choices.

A dialog's panel is opaque and the buttons beneath lose their hover the moment it opens, so
nothing of the screen below (a button, its highlight, its tooltip) shows through or reacts.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme, ui
from game.scene import Scene

WIDTH = 520  # the panel's width at scale 1


class ChoiceScene(Scene):
    """A title, a few lines and a row of buttons; Enter picks the first button, Esc the last."""

    opaque = False

    def __init__(
        self, app, title: str, lines: list[str], choices: list[tuple[str, Callable[[], None]]]
    ) -> None:
        super().__init__(app)
        ui.take_pointer()
        self.title = title
        self.lines = lines
        self.choices = choices
        last = len(choices) - 1
        self.buttons = [
            ui.Button(
                label,
                lambda a=action: self.choose(a),
                primary=(i == 0),
                tooltip="Enter" if i == 0 else "Esc" if i == last else "",
            )
            for i, (label, action) in enumerate(choices)
        ]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.wrapped: list[str] = []

    def choose(self, action: Callable[[], None]) -> None:
        if self.app.scene is self:
            self.app.pop()
        action()

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        bh, gap, font = int(44 * s), int(14 * s), int(17 * s)
        # One width for every button, wide enough for the longest label, and the row inside the
        # window whatever the labels.
        n = len(self.buttons)
        widest = max(b.fit_width(font, int(32 * s)) for b in self.buttons)
        bw = min(max(int(150 * s), widest), (size[0] - int(60 * s) - (n - 1) * gap) // n)
        total = n * bw + (n - 1) * gap
        w = min(max(int(WIDTH * s), total + int(40 * s)), size[0] - int(20 * s))
        self.wrapped = [
            part for line in self.lines for part in ui.wrap(line, int(17 * s), w - int(40 * s))
        ]
        h = int((150 + 30 * len(self.wrapped)) * s)
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)
        x = self.box.centerx - total // 2
        for button in self.buttons:
            button.rect = pygame.Rect(x, self.box.bottom - bh - int(20 * s), bw, bh)
            button.size = font
            x += bw + gap

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.choose(self.choices[-1][1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.choose(self.choices[0][1])

    def draw(self, surface: pygame.Surface) -> None:
        s = theme.ui_scale(surface.get_size())
        surface.blit(ui.shade(surface.get_size()), (0, 0))
        ui.panel(surface, self.box, alpha=255)
        y = self.box.top + int(34 * s)
        ui.blit_centred(
            surface, ui.text(self.title, int(24 * s), theme.TEXT, True), (self.box.centerx, y)
        )
        for line in self.wrapped:
            y += int(30 * s)
            ui.blit_centred(
                surface, ui.text(line, int(17 * s), theme.TEXT_DIM), (self.box.centerx, y)
            )
        super().draw(surface)


class ConfirmScene(ChoiceScene):
    def __init__(self, app, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app, "Are you sure?", [question], [("Yes", on_yes), ("No", lambda: None)])
