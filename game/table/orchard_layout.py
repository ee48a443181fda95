"""Where everything of the Orchard table lies, as a pure function of the window size and the view.

The viewer's side is at the bottom, the other player's at the top; both read the same way: a row of
seeds, each seed's branches hanging below it as short overlapped chains fanned side by side (the
first card attached to the seed on top, the tip at the bottom). Between the sides lies the band:
stock, discard pile, the capture tray and the banner. Each side keeps its set-aside melds and
captured seeds at its left; the other player's hand (backs, tightly fanned; its faces, spread so
the indices show, once the view shows them at the end) sits at the right end of its seed row, the
viewer's hand spreads along the bottom. Cards shrink in steps (so images are re-rendered rarely)
until the widest row, the longest branches and the viewer's hand (every index showing) fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game import theme
from game.card_art import SMALL_WIDTH
from game.table.hands import (
    HAND_ROW,
    Box,
    backs_width,
    fanned,
    gap_for,
    hand_boxes,
    hand_fits,
    index_width,
)

SIZE_STEP = 0.92  # card widths tried, each this much smaller than the last
MIN_CARD_W = 30
FAN = 0.62  # horizontal offset between the branches of one seed, in card widths
SEED_GAP = 0.22  # between seed columns, in card widths
SEED_STEP = 0.07  # the cards of one seed, stacked, in card heights
SEED_SHOW = 0.42  # how much of a seed's top card shows above its branches, in card heights
MELD_STEP = 0.3  # the cards of a set-aside meld, fanned, in card widths
PANEL_CARDS = 5  # the set-aside panel is as wide as a meld of this many cards
DISCARD_STEP = 0.2  # the last few discards, fanned, in card widths


def strip_for(cw: float, ch: float) -> float:
    """The height of a card's top that shows its index (small cards' indices are big)."""
    return ch * (0.27 if cw < SMALL_WIDTH else 0.19)


def margin_for(w: int) -> int:
    return max(8, int(w * 0.012))


def pad_for(ch: int) -> int:
    return max(4, int(ch * 0.05))


@dataclass
class SeedSpot:
    x: int  # the seed stack's left edge
    y: int  # the seed stack's first card
    cards: list[tuple[int, int]]  # the seed's own cards
    branches: list[list[tuple[int, int]]]  # per branch, first card to tip
    width: int  # the column's width (it grows with the branches)


@dataclass
class Geometry:
    card_w: int
    card_h: int
    margin: int
    gap: int
    text: int  # the height of a line of labels
    sides: dict[int, pygame.Rect]  # per seat: the area of its seeds and panel
    seeds: dict[int, list[SeedSpot]]
    plant: pygame.Rect | None  # the empty seed slot on the viewer's side
    panel: dict[int, pygame.Rect]  # per seat: its melds and captured seeds
    band: pygame.Rect
    stock: pygame.Rect
    discard: pygame.Rect
    tray: pygame.Rect
    banner: pygame.Rect
    hands: dict[int, Box]  # per seat: its hand's area and each card's place


def column_width(cw: int, branches: int) -> int:
    return cw + int(cw * FAN) * max(0, branches - 1)


def plan(
    size: tuple[int, int], view: dict[str, Any], top: int, bottom: int, viewer: int, slot: bool
) -> Geometry:
    """The table's geometry for a window `size`, the play area between `top` and `bottom` and the
    view; `slot`: the viewer's side shows the empty seed slot to plant on."""
    w, _h = size
    s = theme.ui_scale(size)
    margin = margin_for(w)
    text = int(19 * s)
    cw = min(w * 0.07, (bottom - top) * 0.1)
    while cw * SIZE_STEP >= MIN_CARD_W and not fits(
        int(cw), view, w, bottom - top, text, viewer, slot
    ):
        cw *= SIZE_STEP
    cw = int(cw)
    ch = round(cw * 1.4)
    gap = gap_for(cw)
    pad = pad_for(ch)
    other = 1 - viewer
    hand_h = int(ch * HAND_ROW)
    band_h = ch + text + 2 * pad
    room = bottom - top - hand_h - band_h - 3 * pad
    wants = {seat: side_height(cw, view, seat, None) for seat in (0, 1)}
    share_top = int(room * wants[other] / max(1, wants[0] + wants[1]))
    top_side = pygame.Rect(0, top + pad, w, share_top)
    band = pygame.Rect(0, top_side.bottom + pad, w, band_h)
    bottom_side = pygame.Rect(0, band.bottom + pad, w, bottom - hand_h - band.bottom - pad)
    sides = {other: top_side, viewer: bottom_side}
    panel_w = cw + int(cw * MELD_STEP) * (PANEL_CARDS - 1)
    panels = {
        seat: pygame.Rect(margin, r.y + text, panel_w, r.h - text) for seat, r in sides.items()
    }
    x0 = margin + panel_w + 2 * gap
    seeds = {seat: seed_row(cw, view, seat, x0, sides[seat], text) for seat in (0, 1)}
    plant = None
    if slot:
        row = seeds[viewer]
        x = row[-1].x + row[-1].width + int(cw * SEED_GAP) if row else x0
        plant = pygame.Rect(x, sides[viewer].y + text, cw, ch)
    row_y = band.y + pad + text
    stock = pygame.Rect(margin, row_y, cw, ch)
    discard = pygame.Rect(stock.right + gap, row_y, cw + int(cw * DISCARD_STEP) * 5, ch)
    banner_w = int(w * 0.32)
    banner = pygame.Rect(w - margin - banner_w, band.y + pad, banner_w, band_h - 2 * pad)
    tray_x = max(x0, discard.right + 3 * gap)
    tray = pygame.Rect(tray_x, row_y, banner.x - 3 * gap - tray_x, ch)
    viewer_row = pygame.Rect(margin, bottom - hand_h, w - 2 * margin, ch)
    hands = hand_boxes(cw, view, viewer, viewer_row, top_side.y + text)
    if view["hands"][other] and None not in view["hands"][other]:  # the end shows its faces
        n = len(view["hands"][other])
        hands[other] = revealed_hand(cw, n, seeds[other], x0, viewer_row.right, top_side.y + text)
    return Geometry(
        cw,
        ch,
        margin,
        gap,
        text,
        sides,
        seeds,
        plant,
        panels,
        band,
        stock,
        discard,
        tray,
        banner,
        hands,
    )


def revealed_hand(cw: int, n: int, row: list[SeedSpot], x0: int, right: int, y: int) -> Box:
    """The other player's `n` cards face up (the view shows them at the end) at `y` where its
    backs lay, ending at `right` and spread leftwards so every index shows, as far as the room
    beside its seed `row` (which starts at `x0`) allows; never tighter than the backs."""
    ch = round(cw * 1.4)
    start = max((spot.x - (spot.width - cw) // 2 + spot.width for spot in row), default=x0)
    room = right - start - gap_for(cw)
    width = max(backs_width(cw, n), min(cw + math.ceil((n - 1) * index_width(cw)), room))
    return fanned(pygame.Rect(right - width, y, width, ch), n, cw, index_width(cw))


def fits(
    cw: int, view: dict[str, Any], w: int, height: int, text: int, viewer: int, slot: bool
) -> bool:
    """Whether cards of width `cw` leave room for every seed in a row (beside the plant slot or
    the other player's backs), every branch's index and every index of the viewer's hand."""
    ch = round(cw * 1.4)
    margin = margin_for(w)
    panel_w = cw + int(cw * MELD_STEP) * (PANEL_CARDS - 1)
    for seat in (0, 1):
        seeds = view["seeds"][seat]
        row = sum(column_width(cw, len(seed["branches"])) for seed in seeds)
        row += int(cw * SEED_GAP) * len(seeds)
        if seat == viewer:
            row += cw if slot else 0
        else:
            row += gap_for(cw) + backs_width(cw, len(view["hands"][seat]))
        if 2 * margin + panel_w + 2 * gap_for(cw) + row > w:
            return False
    if not hand_fits(cw, len(view["hands"][viewer]), w - 2 * margin):
        return False
    sides = sum(side_height(cw, view, seat, strip_for(cw, ch)) for seat in (0, 1))
    fixed = ch * HAND_ROW + ch + 3 * text + 5 * pad_for(ch)
    return fixed + sides <= height


def side_height(cw: int, view: dict[str, Any], seat: int, step: float | None) -> float:
    """The height a side's seeds take with `step` between branch cards (None: the usual step)."""
    ch = round(cw * 1.4)
    step = strip_for(cw, ch) * 1.15 if step is None else step
    tallest = ch
    for seed in view["seeds"][seat]:
        above = (len(seed["cards"]) - 1) * ch * SEED_STEP
        longest = max((len(b) for b in seed["branches"]), default=0)
        if longest:
            tallest = max(tallest, above + ch * SEED_SHOW + ch + (longest - 1) * step)
        else:
            tallest = max(tallest, above + ch)
    return tallest + ch * 0.15  # the tip's total badge hangs below it


def seed_row(
    cw: int, view: dict[str, Any], seat: int, x0: int, side: pygame.Rect, text: int
) -> list[SeedSpot]:
    """Each seed of `seat` left to right from `x0`, its branches fanned below it; branch cards
    overlap by the generous step, or less when the side's room is short."""
    ch = round(cw * 1.4)
    fan = int(cw * FAN)
    sstep = max(2, int(ch * SEED_STEP))
    y = side.y + text
    room = side.bottom - y - int(ch * 0.12)
    generous = strip_for(cw, ch) * 1.15
    out = []
    x = x0
    for seed in view["seeds"][seat]:
        n = len(seed["branches"])
        width = column_width(cw, n)
        seed_x = x + (width - cw) // 2
        cards = [(seed_x, y + k * sstep) for k in range(len(seed["cards"]))]
        start = cards[-1][1] + int(ch * SEED_SHOW)
        branches = []
        for b, branch in enumerate(seed["branches"]):
            count = len(branch)
            step = generous
            if count > 1:
                step = max(2.0, min(generous, (room - (start - y) - ch) / (count - 1)))
            bx = x + b * fan
            branches.append([(bx, start + int(j * step)) for j in range(count)])
        out.append(SeedSpot(seed_x, y, cards, branches, width))
        x += width + int(cw * SEED_GAP)
    return out
