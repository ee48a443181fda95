"""The hand-off screen: covers the whole table between two human turns so nothing secret of the next
player is drawn until they click."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme, ui
from game.felt import felt
from game.scene import Scene

READY_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
SETTLE_SECONDS = 0.4
LEAVE_AGAIN_SECONDS = 3.0  # a second Esc within this long leaves the game


class HandoffScene(Scene):
    def __init__(self, app, title: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.title = title
        self.on_ready = on_ready
        self.ready = ui.Button("I'm ready", self.go, primary=True, tooltip="Enter or Space")
        self.buttons = [self.ready]
        self.age = 0.0
        self.pressed = False

    def go(self) -> None:
        if self.app.scene is self:
            self.app.pop()
            self.on_ready()

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.ready.rect = pygame.Rect(0, 0, int(220 * s), int(56 * s))
        self.ready.rect.center = (size[0] // 2, int(size[1] * 0.58))
        self.ready.size = int(20 * s)

    def handle(self, event: pygame.event.Event) -> None:
        """Only deliberate input counts: a click that began on this screen, or a key, once the
        screen has been up for a moment (the second click of a double-click must not pass it)."""
        if self.age >= SETTLE_SECONDS:
            super().handle(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
            return
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed
        key = event.key if event.type == pygame.KEYDOWN else None
        if clicked or key in READY_KEYS:
            self.go()
        elif key == pygame.K_ESCAPE:
            self.escape()

    def escape(self) -> None:
        """Esc leaves the game only when pressed twice: the first says the game is kept."""
        if self.age - self.escaped_at > LEAVE_AGAIN_SECONDS:
            self.escaped_at = self.age
            self.app.toasts.show("Press Esc again to leave for the menu — the game is kept", 3)
            return
        table = self.app.scenes[-2]
        self.app.pop()
        table.leave()

    escaped_at = -1e9

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        ui.blit_centred(
            surface, ui.text(self.title, int(48 * s), theme.TEXT, True), (w // 2, int(h * 0.38))
        )
        ui.blit_centred(
            surface,
            ui.text(
                "Pass the computer — the other player looks away. Click when ready.",
                int(19 * s),
                theme.TEXT_DIM,
            ),
            (w // 2, int(h * 0.46)),
        )
        super().draw(surface)
