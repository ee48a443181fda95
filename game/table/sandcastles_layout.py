"""Where things go at the Sandcastles table: a pure function of the window, the number of players
and whose eyes the table shows.

The viewer's castle is largest, along the bottom edge, with their hand row under it; the other
players sit around the table in seat order, clockwise from the viewer: down the left side, along
the top, down the right side (sides only from five players on). The middle of the table holds the
banner, the stock and the discard pile. Every other player's area is a name line, a board row and
a row for their hand and declared cards, all in the small card size.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

RATIO = 1.4  # card height / width
GAP = 0.08  # between board cards, as a fraction of the card width
SIZE_STEP = 0.9  # card widths are rounded down to these steps so images are re-rendered rarely


@dataclass
class Area:
    """One seat's part of the table: a line of words, its board row, and its hand row."""

    seat: int
    rect: pygame.Rect
    card_w: int
    card_h: int
    label_y: int  # centre line of the name, score and standing
    board_y: int
    row_y: int  # hand and declared cards
    big: bool = False  # the viewer's own area


@dataclass
class Plan:
    big_w: int
    small_w: int
    areas: dict[int, Area]
    centre: pygame.Rect  # banner, stock and discard
    margin: int

    def area(self, seat: int) -> Area:
        return self.areas[seat]


def stepped(width: float) -> int:
    """The largest width of the form 200 × 0.9^k not above `width` (few distinct sizes)."""
    w = 200.0
    while w > width and w > 20:
        w *= SIZE_STEP
    return max(20, int(w))


def around(viewer: int, players: int) -> tuple[list[int], list[int], list[int]]:
    """(left side, top row left to right, right side): the other seats, clockwise from the viewer."""
    others = [(viewer + k) % players for k in range(1, players)]
    if len(others) <= 3:
        return [], others, []
    return others[:1], others[1:-1], others[-1:]


def plan(
    size: tuple[int, int], top: int, bottom: int, scale: float, players: int, viewer: int
) -> Plan:
    w, _h = size
    margin = max(8, int(w * 0.012))
    label = int(24 * scale)
    pad = int(8 * scale)
    banner = int(58 * scale)
    left, row, right = around(viewer, players)
    sides = bool(left)
    ratio = 0.7 if players <= 3 else 0.62  # small cards / big cards
    height = bottom - top
    fixed = (label + 3 * pad) * (3 if sides else 2) + (0 if sides else banner + pad)
    units = 2 * RATIO + 2 * RATIO * ratio + (2 * RATIO * ratio if sides else RATIO * ratio)
    big = (height - fixed) / units
    big = min(big, (w - 2 * margin) / 8.5)
    across = len(row)
    area_w = (w - 2 * margin - (across - 1) * pad) / max(1, across)
    small = min(big * ratio, area_w / 6.6)
    if sides:
        side_w = (w - 2 * margin) * 0.31
        small = min(small, side_w / 6.6)
    big_w, small_w = stepped(big), stepped(small)
    big_h, small_h = round(big_w * RATIO), round(small_w * RATIO)
    area_h = label + 2 * small_h + 2 * pad
    areas: dict[int, Area] = {}

    def small_area(seat: int, rect: pygame.Rect) -> Area:
        board_y = rect.y + label + pad // 2
        return Area(
            seat, rect, small_w, small_h, rect.y + label // 2 + 2, board_y, board_y + small_h + pad
        )

    y = top + pad // 2
    for i, seat in enumerate(row):
        x = margin + i * (area_w + pad)
        areas[seat] = small_area(seat, pygame.Rect(int(x), y, int(area_w), area_h))
    middle_top = y + area_h + pad
    mine_h = label + 2 * big_h + 2 * pad
    mine = pygame.Rect(margin, bottom - mine_h - pad // 2, w - 2 * margin, mine_h)
    board_y = mine.y + label + pad // 2
    areas[viewer] = Area(
        viewer, mine, big_w, big_h, mine.y + label // 2 + 2, board_y, board_y + big_h + pad, True
    )
    middle = pygame.Rect(0, middle_top, w, max(0, mine.y - middle_top - pad))
    if sides:
        side_w = int((w - 2 * margin) * 0.31)
        side_y = middle.y + (middle.h - area_h) // 2
        for seat, x in ((left[0], margin), (right[0], w - margin - side_w)):
            areas[seat] = small_area(seat, pygame.Rect(x, side_y, side_w, area_h))
        centre = pygame.Rect(
            margin + side_w + pad, middle.y, w - 2 * (margin + side_w + pad), middle.h
        )
    else:
        centre = middle.inflate(-2 * margin, 0)
    return Plan(big_w, small_w, areas, centre, margin)


def row_xs(count: int, width: int, rect: pygame.Rect, spread: float = 1 + GAP) -> list[int]:
    """Left edges of `count` cards of `width` in a row centred in `rect`: spaced apart when they
    fit, overlapping evenly when they do not."""
    if count <= 0:
        return []
    step = width * spread
    if count > 1 and (count - 1) * step + width > rect.w:
        step = (rect.w - width) / (count - 1)
    span = (count - 1) * step + width
    x0 = rect.centerx - span / 2
    return [int(x0 + i * step) for i in range(count)]


def gap_rects(
    xs: list[int], card_w: int, y: int, card_h: int, rect: pygame.Rect
) -> list[pygame.Rect]:
    """The drop areas of the gaps of a board row, before its first card, between each two and
    after its last: the pointer over a card's left half is in the gap before it, over its right
    half in the gap after it (the end gaps reach a card's width beyond the row)."""
    if not xs:
        r = pygame.Rect(0, y, 2 * card_w, card_h)
        r.centerx = rect.centerx
        return [r]
    step = xs[1] - xs[0] if len(xs) > 1 else round(card_w * (1 + GAP))
    space = max(0, step - card_w)
    seen = min(step, card_w)  # the visible width of a card that another covers
    bounds = [x - space // 2 for x in xs] + [xs[-1] + card_w + space // 2]
    out = []
    for i, b in enumerate(bounds):
        if i == 0:
            left, right = b - card_w, b + seen // 2
        elif i == len(xs):
            left, right = b - card_w // 2, b + card_w
        else:
            left, right = b - seen // 2, b + seen // 2
        out.append(pygame.Rect(left, y, right - left, card_h))
    return out
