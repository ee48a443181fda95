"""The scene interface: each screen of the app handles input, updates and draws itself."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game import ui


class Host(Protocol):
    """What scenes ask of the app that owns them (game.app.App); scenes never import the app."""

    settings: Any
    toasts: Any

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scale(self) -> float: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...


class Scene:
    opaque = True  # False: the scene below is drawn first (dialogs)

    def __init__(self, app: Host) -> None:
        self.app = app
        self.buttons: list[ui.Button] = []

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        self.handle_other(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        """Input that no button took."""

    def update(self, dt: float) -> None:
        """Advance animations and clocks by dt seconds."""

    def background(self, dt: float) -> None:
        """Another scene is on top (a dialog): keep background tasks going (a computer thinking)."""

    def animating(self) -> bool:
        """True while something on screen changes without input (frames must be drawn)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)
        ui.draw_tooltip(surface, self.buttons, self.app.scale)

    def toast_area(self) -> pygame.Rect | None:
        """Where messages go on this screen (None: low in the middle of the window)."""
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout for a new window size."""

    def revealed(self) -> None:
        """The scene above this one closed."""

    def closed(self) -> None:
        """The scene leaves the stack (autosave here)."""
