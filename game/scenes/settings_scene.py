"""Settings: deck, back, felt, animation speed and play aids; saved as soon as they change."""

from __future__ import annotations

import pygame

from game import settings as settings_mod
from game import theme, ui
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

        def row(label: str, name: str, values) -> ChoiceRow:
            return ChoiceRow(label, values, lambda: getattr(st, name), setter(name))

        self.grid = ChoiceGrid(
            [
                row("Deck", "four_colour", [("Two colours", False), ("Four colours", True)]),
                row("Card back", "card_back", [(c.capitalize(), c) for c in settings_mod.CARD_BACKS]),
                row("Table", "felt", [(c.capitalize(), c) for c in settings_mod.FELTS]),
                row("Animation", "animation", [(c.capitalize(), c) for c in settings_mod.ANIMATION_SPEEDS]),
                row("Click to move", "click_to_move", ON_OFF),
                row("Auto-move safe cards", "auto_move_safe", ON_OFF),
                row("Vegas score", "vegas", ON_OFF),
            ]
        )
        self.back = ui.Button("Back", app.pop, primary=True)
        self.buttons = [*self.grid.buttons, self.back]

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        w, h = size
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
