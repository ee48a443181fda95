"""The win: cards leap off the foundations and bounce across the table, leaving trails; then the
results dialog offers a new deal."""

from __future__ import annotations

import random

import pygame

from game import theme, ui
from game.felt import felt
from game.scene import Scene
from game.table.base import format_time


class CelebrationScene(Scene):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.canvas: pygame.Surface | None = None
        self.rng = random.Random(table.request.seed)
        # Top cards first, one pile after another, as the classic solitaire did.
        self.queue = sorted(table.placed, key=lambda p: (-p.index, p.pile))
        self.flying: list[list] = []  # [surface, x, y, vx, vy]
        self.launch_wait = 0.0
        self.time = 0.0
        self.enabled = app.settings.animation_factor() > 0

    def animating(self) -> bool:
        return True

    def resize(self, size: tuple[int, int]) -> None:
        self.canvas = None

    def finish(self) -> None:
        if self.app.scene is self:
            self.app.pop()
        self.table.show_results()

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.finish()

    def update(self, dt: float) -> None:
        if not self.enabled:
            self.finish()
            return
        self.time += dt
        w, h = self.app.size
        g = h * 2.2
        self.launch_wait -= dt
        if self.launch_wait <= 0 and self.queue and self.canvas is not None:
            p = self.queue.pop(0)
            self.uncover(p)
            vx = self.rng.choice((-1, 1)) * self.rng.uniform(0.12, 0.35) * w
            self.flying.append(
                [
                    self.table.images.face(p.card),
                    float(p.x),
                    float(p.y),
                    vx,
                    -self.rng.uniform(0, 0.5) * h,
                ]
            )
            self.launch_wait = 0.12
        for card in self.flying:
            card[4] += g * dt
            card[1] += card[3] * dt
            card[2] += card[4] * dt
            floor = h - card[0].get_height()
            if card[2] > floor:
                card[2] = floor
                card[4] = -card[4] * 0.72
        self.flying = [c for c in self.flying if -c[0].get_width() < c[1] < w]
        if self.time > 14 or (not self.queue and not self.flying):
            self.finish()

    def uncover(self, p) -> None:
        """The launched card leaves its pile: show the card beneath, or the empty outline."""
        table = self.table
        below = [q for q in table.placed if q.pile == p.pile and q.index == p.index - 1]
        if below:
            self.canvas.blit(table.images.face(below[0].card), (below[0].x, below[0].y))
            return
        area = pygame.Rect(p.x, p.y, table.card_w, table.card_h)
        self.canvas.blit(felt(self.canvas.get_size(), self.app.settings.felt), area, area)
        slot = table.slot(p.pile)
        if slot is not None:
            self.canvas.blit(table.images.slot(slot.label), slot.rect)

    def draw(self, surface: pygame.Surface) -> None:
        if self.canvas is None or self.canvas.get_size() != surface.get_size():
            self.table.draw(surface)
            self.canvas = surface.copy()
        for img, x, y, _, _ in self.flying:
            self.canvas.blit(img, (round(x), round(y)))
        surface.blit(self.canvas, (0, 0))
        s = theme.ui_scale(surface.get_size())
        ui.blit_centred(
            surface,
            ui.text("You won!", int(72 * s), theme.ACCENT, True),
            (surface.get_width() // 2, surface.get_height() // 3),
        )


def results_lines(table) -> list[str]:
    return [
        f"Deal #{table.request.seed} in {table.history.player_moves()} moves, {format_time(table.elapsed)}"
    ]
