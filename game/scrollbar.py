"""A vertical scroll bar for a page taller than its window: the wheel and keys move the page, the
thumb shows where it is and can be dragged, a click on the track turns a page."""

from __future__ import annotations

import pygame

from game import theme


class ScrollBar:
    def __init__(self) -> None:
        self.track = pygame.Rect(0, 0, 0, 0)
        self.content = 0  # the page's height
        self.view = 0  # the height shown at once
        self.offset = 0  # how far down the page the view starts
        self.grab: int | None = None  # while dragging: where in the thumb the pointer holds it

    @property
    def max_offset(self) -> int:
        return max(0, self.content - self.view)

    @property
    def shown(self) -> bool:
        """Only a page that does not fit has a bar."""
        return self.max_offset > 0

    def set_size(self, track: pygame.Rect, content: int, view: int) -> None:
        self.track, self.content, self.view = track, content, view
        self.scroll_to(self.offset)

    def scroll_to(self, offset: int) -> None:
        self.offset = min(self.max_offset, max(0, int(offset)))

    def scroll_by(self, delta: int) -> None:
        self.scroll_to(self.offset + delta)

    @property
    def thumb(self) -> pygame.Rect:
        if not self.shown:
            return pygame.Rect(self.track)
        h = max(self.track.w * 2, self.track.h * self.view // self.content)
        y = self.track.y + (self.track.h - h) * self.offset // self.max_offset
        return pygame.Rect(self.track.x, y, self.track.w, h)

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was the bar's (a press on it, a drag of its thumb, the release)."""
        if not self.shown:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.track.inflate(self.track.w, 0)  # easier to hit than it is to see
            if not hit.collidepoint(event.pos):
                return False
            thumb = self.thumb
            if thumb.top <= event.pos[1] < thumb.bottom:
                self.grab = event.pos[1] - thumb.top
            else:  # a page towards the pointer
                self.scroll_by(self.view if event.pos[1] >= thumb.bottom else -self.view)
            return True
        if event.type == pygame.MOUSEMOTION and self.grab is not None:
            travel = max(1, self.track.h - self.thumb.h)
            top = event.pos[1] - self.grab - self.track.y
            self.scroll_to(top * self.max_offset / travel)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.grab is not None:
            self.grab = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        radius = self.track.w // 2
        pygame.draw.rect(surface, theme.BAR, self.track, border_radius=radius)
        colour = theme.ACCENT if self.grab is not None else theme.BUTTON_HOVER
        pygame.draw.rect(surface, colour, self.thumb, border_radius=radius)
