"""Settings: deck, back, felt, animation speed and play aids; saved as soon as they change.

The play aids are not self-explanatory, so each carries a one-line note saying what it does.
"""

from __future__ import annotations

import pygame

from game import settings as settings_mod
from game import theme, ui
from game.card_art import CardStyle, images_for
from game.choices import ChoiceGrid, ChoiceRow
from game.felt import felt
from game.scene import Scene

ON_OFF = [("On", True), ("Off", False)]


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        st = app.settings

        def setter(name: str):
            def apply(value) -> None:
                setattr(st, name, value)
                app.save_settings()
                for scene in app.scenes:
                    scene.resize(app.size)

            return apply

        def row(label: str, name: str, values, note: str = "") -> ChoiceRow:
            return ChoiceRow(label, values, lambda: getattr(st, name), setter(name), note)

        self.grid = ChoiceGrid(
            [
                row("Deck", "four_colour", [("Two colours", False), ("Four colours", True)]),
                row(
                    "Card back", "card_back", [(c.capitalize(), c) for c in settings_mod.CARD_BACKS]
                ),
                row("Table", "felt", [(c.capitalize(), c) for c in settings_mod.FELTS]),
                row(
                    "Animation",
                    "animation",
                    [(c.capitalize(), c) for c in settings_mod.ANIMATION_SPEEDS],
                ),
                row(
                    "Click to move",
                    "click_to_move",
                    ON_OFF,
                    "A click sends a card to its best place; off, only a double-click does"
                    " (to a foundation).",
                ),
                row(
                    "Auto-move safe cards",
                    "auto_move_safe",
                    ON_OFF,
                    "After each move, cards no other card can still need go up by themselves.",
                ),
                row(
                    "Vegas score",
                    "vegas",
                    ON_OFF,
                    "Canfield: a deal costs $52, each card on a foundation pays $5.",
                ),
                row(
                    "Winnable deals only",
                    "winnable_only",
                    ON_OFF,
                    "Canfield: New deal deals only deals the solver proves can be won.",
                ),
            ]
        )
        self.back = ui.Button("Back", app.pop, primary=True, tooltip="Esc")
        self.buttons = [*self.grid.buttons, self.back]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        w, _h = size
        width = min(int(900 * s), w - int(60 * s))
        self.left = (w - width) // 2
        bottom = self.grid.layout(self.left, int(130 * s), width, s)
        self.back.rect = pygame.Rect(self.left, bottom + int(20 * s), int(160 * s), int(46 * s))
        self.back.size = int(18 * s)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        surface.blit(ui.text("Settings", int(40 * s), theme.TEXT, True), (self.left, int(50 * s)))
        self.grid.draw(surface)
        self.back.draw(surface)
        self.draw_preview(surface, s)
        ui.draw_tooltip(surface, self.buttons, s)

    def draw_preview(self, surface: pygame.Surface, s: float) -> None:
        """The deck as chosen: a back and three faces whose colours show the deck setting."""
        st = self.app.settings
        images = images_for(int(84 * s), CardStyle(four_colour=st.four_colour, back=st.card_back))
        right = self.left + int(900 * s)
        x = (
            min(right, surface.get_width() - int(20 * s))
            - images.width
            - 3 * int(images.width * 0.55)
        )
        y = int(130 * s)
        surface.blit(images.back(), (x, y))
        for i, code in enumerate(("AD", "KC", "QH")):
            surface.blit(
                images.face(code),
                (x + (i + 1) * int(images.width * 0.55), y + (i + 1) * int(8 * s)),
            )
