"""The small tags on Canals cards, sized to what shows of each card.

Every card the viewer can read carries its kind (S, C or F on the kind's colour); the owner's
face-down cards also carry the peek tag with the card's name. A column's cards overlap and an
overlapped hand shows only each card's left edge, so the tags are fitted to the part that shows:
inside the card, clear of its index, of each other and of the cards lying over it. Where the letter
no longer fits (a squeezed column's thin strips) the kind is a plain bar of its colour; the peek tag
drops the suit first (a card's kind goes by its rank alone), and itself where even the rank does not
fit (a squeezed column opens in full under the pointer, tags and all).
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

import pygame

from engines import canals
from game import theme, ui
from game.table.hands import INDEX_H, index_width

KIND_LETTER = {canals.SPRING: "S", canals.CANAL: "C", canals.FOUNTAIN: "F"}
KIND_COLOUR = {
    canals.SPRING: (40, 110, 200),
    canals.CANAL: (40, 140, 120),
    canals.FOUNTAIN: (190, 140, 30),
}
MIN_FONT = 7  # no tag's text is smaller: below it the kind is a bar and the peek tag goes
PEEK_FILL = (250, 246, 236)
NAME_INK = "10♠♥♦♣AJQK"  # sets a peek tag's height, the same for every card at one size
WIDEST_NAMES = ("10♠", "10♥", "10♦", "10♣", "Q♠", "Q♥", "Q♦", "Q♣")


class Room(NamedTuple):
    """What shows of a card, from its top-left corner: `w` × `h` pixels; `top`: its whole top
    row shows (tags go along it), else only its left edge (the kind goes under the index)."""

    w: int
    h: int
    top: bool


class Tag(NamedTuple):
    """A tag's rect, relative to the card's top-left corner, and its text's font size (0: none)."""

    rect: tuple[int, int, int, int]
    font: int
    text: str = ""


@functools.lru_cache(maxsize=1024)
def ink(text: str, size: int) -> tuple[int, int, int, int]:
    """The part of `text`, rendered bold at `size`, that its glyphs cover: (x, y, w, h)."""
    r = ui.text(text, size, (255, 255, 255), bold=True).get_bounding_rect()
    return r.x, r.y, r.w, r.h


def inset(cw: int) -> int:
    return max(1, round(cw * 0.05))


def badge_size(font: int, pad: int) -> tuple[int, int]:
    """A kind tag's width and height with its letter at `font`, `pad` clear of its edge (every
    kind's tag is the same size)."""
    letters = [ink(letter, font) for letter in KIND_LETTER.values()]
    h = max(r[3] for r in letters) + 2 * pad
    return max(h, max(r[2] for r in letters) + 2 * pad), h


@functools.lru_cache(maxsize=512)
def kind_tag(cw: int, ch: int, room: Room) -> Tag | None:
    """The kind tag of a card `cw` × `ch` of which `room` shows: at the right end of its top row,
    right of the index, or under the index when only the left edge shows; its letter as large as
    fits up to the card's own scale, else a plain bar; None where not even that fits."""
    e = inset(cw)
    if room.top:
        left = math.ceil(index_width(cw)) + 1  # a face's index: rank and suit
        most_w, most_h = cw - e - left, room.h - e - 1
    else:
        top = int(ch * INDEX_H)
        most_w, most_h = room.w - e - 1, ch - top - e

    def placed(w: int, h: int, font: int) -> Tag:
        x, y = (cw - e - w, e) if room.top else (e, int(ch * INDEX_H))
        return Tag((x, y, w, h), font)

    for font in range(max(9, int(cw * 0.17)), MIN_FONT - 1, -1):
        for pad in sorted({max(1, round(font * 0.2)), 1}, reverse=True):  # roomy, else tight
            w, h = badge_size(font, pad)
            if w <= most_w and h <= most_h:
                return placed(w, h, font)
    h = min(most_h, badge_size(MIN_FONT, 1)[1])
    if h < 3 or most_w < 3:
        return None
    return placed(min(most_w, max(h, round(cw * 0.25))), h, 0)


@functools.lru_cache(maxsize=1024)
def peek_tag(cw: int, room: Room, label: str, kind: Tag | None) -> Tag | None:
    """The peek tag with the card's name `label` (rank and suit), at the top left, left of the
    kind tag: as large as fits up to the card's own scale, the rank alone where the whole name
    does not fit; None where not even that fits, or where the card's top row does not show."""
    if not room.top:
        return None
    e = inset(cw)
    right = kind.rect[0] - max(1, e) if kind else cw - e
    most_w, most_h = right - e, room.h - e - 1
    for font in range(max(10, int(cw * 0.2)), MIN_FONT - 1, -1):
        px, py = max(2, round(font * 0.25)), max(1, round(font * 0.12))
        h = ink(NAME_INK, font)[3] + 2 * py
        # The name where the widest name fits, else the rank: every card at one size alike.
        for widest, text in ((WIDEST_NAMES, label), (("10",), label[:-1])):
            if h <= most_h and max(ink(t, font)[2] for t in widest) + 2 * px <= most_w:
                return Tag((e, e, ink(text, font)[2] + 2 * px, h), font, text)
    return None


def blit_ink(surface: pygame.Surface, img: pygame.Surface, text: str, font: int, box) -> None:
    """`img` (`text` rendered at `font`) with its glyphs centred in `box`."""
    x, y, w, h = ink(text, font)
    surface.blit(img, (box.centerx - x - w // 2, box.centery - y - h // 2))


def draw_kind(surface: pygame.Surface, at: tuple[int, int], tag: Tag, kind: str) -> None:
    box = pygame.Rect(tag.rect).move(at)
    pygame.draw.rect(surface, KIND_COLOUR[kind], box, border_radius=box.h // 2)
    if tag.font:
        letter = KIND_LETTER[kind]
        blit_ink(
            surface, ui.text(letter, tag.font, (255, 255, 255), bold=True), letter, tag.font, box
        )


def draw_peek(surface: pygame.Surface, at: tuple[int, int], tag: Tag) -> None:
    box = pygame.Rect(tag.rect).move(at)
    radius = min(4, box.h // 3)
    pygame.draw.rect(surface, PEEK_FILL, box, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=radius)
    img = ui.text(tag.text, tag.font, theme.TEXT_DARK, bold=True)
    blit_ink(surface, img, tag.text, tag.font, box)
