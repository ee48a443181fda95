"""Hint in the games with opponents: the hard computer player, seeing only the asking seat's view,
suggests that seat's next move, and the table points it out as the gesture that would make it.

The search runs in the worker, like a computer seat's, so the window never waits; an answer that
arrives after the position moved on is dropped.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game import jobs, theme

HINT_KIND = "hard"
SHOW_SECONDS = 4.0


class Advisor:
    """Asks for one hint at a time and keeps the suggestion on show for a few seconds."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.asked: int | None = None  # the history serial a hint is being thought about for
        self.gesture: Any = None  # the suggested move's gesture, while it is on show
        self.left = 0.0

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def ask(self) -> None:
        """Start thinking about the seat to move's best move (a person's turn only)."""
        table = self.table
        state = table.state
        if state.is_over() or not table.seats.may_act(state):
            table.app.toasts.show("A hint is for your own turn")
            return
        serial = table.history.serial
        if self.asked == serial:
            return
        seat = state.current_player
        self.asked, self.gesture = serial, None
        table.app.toasts.show("Thinking of a hint…")
        table.app.worker.submit(
            self,
            ("hint", serial),
            jobs.computer_move,
            table.game.name,
            HINT_KIND,
            state.view(seat),
            (table.request.seed * 31 + table.pos) % 2**63,
        )

    def poll(self, dt: float) -> None:
        """Take a finished answer (if it is still about this position); age the one on show."""
        if self.gesture is not None:
            self.left -= dt
            if self.left <= 0:
                self.gesture = None
        if self.asked is None or not self.table.app.has_worker():
            return
        if self.asked != self.table.history.serial:
            self.forget()  # the position moved on: its answer, come or not, is for nobody
            return
        for key, answer in self.table.app.worker.poll(self):
            if key == ("hint", self.asked):
                self.asked = None
                self.suggest(answer)

    def suggest(self, answer: Any) -> None:
        table = self.table
        if isinstance(answer, BaseException):
            table.app.toasts.show(f"No hint this time: {answer}", 4, theme.WARN)
            return
        move = table.game.move_from_dict(answer)
        if table.state.check(move) is not None:
            return
        said = move.describe() if hasattr(move, "describe") else "the move shown"
        table.app.toasts.show(f"Hint: {said}")
        self.gesture, self.left = table.gesture_for(move), SHOW_SECONDS

    def forget(self) -> None:
        """The position changed (or the table left): no hint is owed or shown any more."""
        if self.asked is not None:
            self.table.app.cancel_work(self)
        self.asked, self.gesture = None, None

    @property
    def showing(self) -> bool:
        return self.gesture is not None

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        """The suggested gesture: a ring where to press and an arrow to where to let go."""
        if self.gesture is None:
            return
        pulse = 0.5 + 0.5 * math.sin(self.left * 6)
        width = max(2, round(3 * scale))
        radius = max(10, round(18 * scale * (0.9 + 0.2 * pulse)))
        pygame.draw.circle(surface, theme.HINT, self.gesture.press, radius, width)
        if self.gesture.release is not None:
            draw_arrow(surface, self.gesture.press, self.gesture.release, theme.HINT, width)


def draw_arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: tuple[int, int, int],
    width: int,
) -> None:
    """A straight arrow from `start` to `end` with a filled head (drawn on top of the cards)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = min(length * 0.4, 6.0 * width)
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    side = head * 0.55
    points = [
        end,
        (base[0] - uy * side, base[1] + ux * side),
        (base[0] + uy * side, base[1] - ux * side),
    ]
    pygame.draw.polygon(surface, colour, points)
