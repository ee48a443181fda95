"""Small widgets shared by every scene: cached text, buttons, panels and toasts.

Nothing here renders text per frame: every text surface is made once and cached by its content.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game import assets, theme

_TEXT_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_TEXT_CACHE_SIZE = 600


def text(s: str, size: int, colour=theme.TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (least recently used entries are dropped)."""
    key = (s, size, colour, bold)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        surf = assets.font(size, bold).render(s, True, colour)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _TEXT_CACHE[key] = surf
        if len(_TEXT_CACHE) > _TEXT_CACHE_SIZE:
            _TEXT_CACHE.popitem(last=False)
    else:
        _TEXT_CACHE.move_to_end(key)
    return surf


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `s` into lines that fit `width` pixels."""
    font = assets.font(size, bold)
    lines: list[str] = []
    for paragraph in s.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@lru_cache(maxsize=64)
def elide(s: str, size: int, width: int, bold: bool = False) -> str:
    """`s` if it fits `width` pixels, else cut with "…" where it fits: after its last whole
    " · " part that fits if that fills two thirds of the width, else after its last whole word
    (the separators a cut leaves at the end, such as " ·", dropped); a first word too wide on
    its own is cut between letters. Cached: a line drawn each frame is measured once."""
    font = assets.font(size, bold)

    def fits(head: str) -> bool:
        return font.size(f"{head}…")[0] <= width

    if font.size(s)[0] <= width:
        return s
    parts = s.split(" · ")
    for n in range(len(parts) - 1, 0, -1):
        head = " · ".join(parts[:n])
        if fits(head):
            if font.size(f"{head}…")[0] * 3 >= width * 2:
                return f"{head}…"
            break
    words = s.split(" ")
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n]).rstrip(" ·,;:—–-")
        if head and fits(head):
            return f"{head}…"
    for n in range(len(s) - 1, 0, -1):
        head = s[:n].rstrip()
        if fits(head):
            return f"{head}…"
    return ""


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 235, radius: int = 14) -> None:
    """A dark rounded panel with a faint edge."""
    surface.blit(_panel(rect.size, alpha, radius), rect)


@lru_cache(maxsize=8)
def _panel(size: tuple[int, int], alpha: int, radius: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*theme.PANEL, alpha), layer.get_rect(), border_radius=radius)
    # The faint edge is mixed into the fill's colour, not laid over it with its own alpha: an
    # opaque panel (a dialog) must stay opaque to its very edge.
    edge = pygame.Color(theme.PANEL).lerp(theme.PANEL_EDGE, 40 / 255)
    edge.a = alpha
    pygame.draw.rect(layer, edge, layer.get_rect(), 1, border_radius=radius)
    return layer


@lru_cache(maxsize=2)
def shade(size: tuple[int, int]) -> pygame.Surface:
    """A translucent dark veil over the whole window (behind dialogs)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 110))
    return veil


def blit_centred(surface: pygame.Surface, img: pygame.Surface, centre: tuple[int, int]) -> None:
    surface.blit(img, img.get_rect(center=centre))


_pointer_epoch = 0  # bumped whenever a scene comes on top; see take_pointer


def take_pointer() -> None:
    """A scene came on top: every button already made stops counting as hovered.

    Only the top scene gets input, so the buttons beneath a dialog never hear that the pointer
    left them; without this their hover colour and tooltip would stay on under the dialog. A
    button hovers again once it sees the pointer move (which only the top scene's buttons do).
    """
    global _pointer_epoch
    _pointer_epoch += 1


def button_width(labels: Iterable[str], size: int, pad: int, bold: bool = False) -> int:
    """The width that holds the widest of `labels` at text `size` with `pad` pixels of margin:
    a button whose label changes ("Placing face down" / "Placing face up") keeps one width, so
    neither it nor the buttons after it jump when the label does."""
    return max(text(label, size, bold=bold).get_width() for label in labels) + pad


@dataclass
class Button:
    """A clickable label; `enabled` is asked each frame so buttons grey out by themselves.

    `tooltip` names the button's keyboard shortcut. `widths` lists the other labels the button
    may show, so `fit_width` sizes it once for all of them. `in_play` marks a button a table
    shows only while its game is on (End turn, the face-up switch): at the end it has nothing to
    do, so it leaves the bar instead of standing there greyed.
    """

    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: Callable[[], bool] = lambda: True
    tooltip: str = ""
    size: int = 16
    primary: bool = False
    selected: bool = False
    widths: tuple[str, ...] = ()
    in_play: bool = False
    _hover: bool = False
    _epoch: int = -1
    _hover_since: int = 0
    _down: bool = False
    _face: dict = field(default_factory=dict)

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was this button's (so scenes stop looking further)."""
        if event.type == pygame.MOUSEMOTION:
            hover = self.rect.collidepoint(event.pos)
            if hover and not self.hovered:
                self._hover_since = pygame.time.get_ticks()
            self._hover = hover
            self._epoch = _pointer_epoch
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._down = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_down, self._down = self._down, False
            if was_down and self.rect.collidepoint(event.pos):
                if self.enabled():
                    self.action()
                return True
        return False

    def let_go(self) -> None:
        """Forget a press and a hover under way (the button is leaving the screen)."""
        self._down = self._hover = False

    @property
    def hovered(self) -> bool:
        """The pointer rests on it, as last seen while its scene was on top."""
        return self._hover and self._epoch == _pointer_epoch

    def fit_width(self, size: int, pad: int) -> int:
        """The width for the widest of its label and `widths` at text `size`, plus `pad`."""
        return button_width((self.label, *self.widths), size, pad, bold=self.primary)

    def draw(self, surface: pygame.Surface) -> None:
        enabled = self.enabled()
        if not enabled:
            state = "disabled"
        elif self._down:
            state = "down"
        elif self.hovered or self.selected:
            state = "hover"
        else:
            state = "up"
        key = (state, self.rect.size, self.label, self.size, self.primary, self.selected)
        face = self._face.get(key)
        if face is None:
            face = self._render(state)
            self._face.clear()
            self._face[key] = face
        surface.blit(face, self.rect)

    def _render(self, state: str) -> pygame.Surface:
        colours = {
            "up": theme.BUTTON,
            "hover": theme.BUTTON_HOVER,
            "down": theme.BUTTON_DOWN,
            "disabled": theme.BUTTON_DISABLED,
        }
        fill = colours[state]
        if self.selected and state != "disabled":
            fill = (60, 104, 84) if state != "hover" else (72, 122, 98)
        if self.primary and state != "disabled":
            fill = (
                tuple(min(255, c + 40) for c in (44, 120, 80))
                if state == "hover"
                else (44, 120, 80)
            )
        face = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        radius = max(4, self.rect.height // 4)
        pygame.draw.rect(face, fill, face.get_rect(), border_radius=radius)
        edge = theme.ACCENT if self.selected else (255, 255, 255, 50)
        pygame.draw.rect(
            face, edge, face.get_rect(), 2 if self.selected else 1, border_radius=radius
        )
        colour = theme.TEXT if state != "disabled" else (120, 128, 128)
        label = text(self.label, self.size, colour, bold=self.primary)
        blit_centred(face, label, face.get_rect().center)
        return face


TOOLTIP_DELAY_MS = 600


def tooltip_pending(buttons: list[Button]) -> bool:
    """True while the pointer rests on a button whose tooltip is about to show (keep drawing)."""
    now = pygame.time.get_ticks()
    return any(
        b.tooltip and b.hovered and now - b._hover_since <= TOOLTIP_DELAY_MS + 50 for b in buttons
    )


def showing_tooltip(buttons: list[Button]) -> Button | None:
    """The button whose tooltip shows: the pointer has rested on it long enough."""
    now = pygame.time.get_ticks()
    return next(
        (
            b
            for b in buttons
            if b.tooltip and b.hovered and now - b._hover_since >= TOOLTIP_DELAY_MS
        ),
        None,
    )


def draw_tooltip(surface: pygame.Surface, buttons: list[Button], scale: float) -> None:
    """The shortcut of the button the pointer has rested on, in a small label below it."""
    button = showing_tooltip(buttons)
    if button is None:
        return
    img = text(button.tooltip, int(13 * scale), theme.TEXT_DARK)
    box = img.get_rect(midtop=(button.rect.centerx, button.rect.bottom + 6)).inflate(12, 6)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (250, 246, 226), box, border_radius=5)
    surface.blit(img, img.get_rect(center=box.center))


@lru_cache(maxsize=16)
def _toast_pill(message: str, size: int, colour, scale: float, pad_y: int = 18) -> pygame.Surface:
    img = text(message, size, colour, bold=True)
    box = img.get_rect().inflate(int(36 * scale), int(pad_y * scale))
    pill = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (16, 20, 22, 230), pill.get_rect(), border_radius=box.h // 2)
    pill.blit(img, img.get_rect(center=pill.get_rect().center))
    return pill


class Toasts:
    """Short messages that fade out at the bottom of the window (illegal-move reasons, notices)."""

    def __init__(self) -> None:
        self.items: list[list] = []  # [message, seconds_left, colour]

    def show(self, message: str, seconds: float = 2.6, colour=theme.TEXT) -> None:
        self.items = [i for i in self.items if i[0] != message][-2:]
        self.items.append([message, seconds, colour])

    def clear(self) -> None:
        self.items = []

    def update(self, dt: float) -> None:
        for item in self.items:
            item[1] -= dt
        self.items = [i for i in self.items if i[1] > 0]

    @property
    def latest(self) -> str | None:
        return self.items[-1][0] if self.items else None

    def draw(self, surface: pygame.Surface, scale: float, area: pygame.Rect | None = None) -> None:
        """Low in the middle of the window, or, given a strip of the screen (a table's status
        line), right-aligned in it: the newest message only, so play is never covered."""
        w, h = surface.get_size()
        size = int(17 * scale)
        if area is not None and self.items:
            message, left, colour = self.items[-1]
            pill = _toast_pill(message, int(15 * scale), colour, scale, pad_y=6)
            box = pill.get_rect(midright=(area.right - int(10 * scale), area.centery))
            box.left = max(box.left, area.left)
            pill.set_alpha(int(255 * min(1.0, left / 0.35)))
            surface.blit(pill, box)
            return
        y = h - int(70 * scale)
        for message, left, colour in reversed(self.items):
            pill = _toast_pill(message, size, colour, scale)
            box = pill.get_rect(center=(w // 2, y))
            pill.set_alpha(int(255 * min(1.0, left / 0.35)))  # fades out over its last moments
            surface.blit(pill, box)
            y -= box.h + int(8 * scale)
