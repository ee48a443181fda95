"""Playing cards drawn by code: faces, backs, empty-pile slots, highlight rings and drop shadows.

Everything is drawn with `pygame.draw` and glyphs of the shipped DejaVu Sans (through
`game.assets.font`), once per card width, then cached; the table only ever blits the results.

Curves that pygame would draw jagged (rounded corners, court figures, back patterns) are drawn
at 2x or 4x the final size and smooth-scaled down once, at render time. Text (indices, pips) is
rendered at the final size by FreeType, which antialiases and hints it; each glyph is rendered
once per (text, size, colour) and reused across the deck.

Sizes: a card is `width` x `round(width * 1.4)`. `glow()` and `shadow()` are `glow_pad` larger on
every side, so blit them at `(card_x - glow_pad, card_y - glow_pad)`; add `shadow_offset` for the
shadow of a lifted card.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from engines.cards import FULL_DECK, RANK_NAMES, SUIT_SYMBOLS
from game import assets

BACK_COLOURS: tuple[str, ...] = ("blue", "red", "green", "purple")
PLAYER_BACKS: tuple[str, ...] = ("red_player", "black_player")

Colour = tuple[int, int, int]

FACE = (255, 253, 248)  # very slightly warm white
EDGE = (142, 140, 136)  # thin card border
RED = (200, 18, 42)
BLACK = (24, 25, 31)
BLUE = (20, 78, 190)
GREEN = (14, 124, 58)
GOLD = (226, 182, 72)
GOLD_LIGHT = (250, 226, 150)
GOLD_DARK = (128, 88, 26)
INK = (52, 38, 26)  # outlines of court figures
PEARL = (250, 248, 240)
ROSE = (214, 44, 78)
ROSE_DARK = (150, 20, 50)
LEAF = (58, 128, 62)

# Back palettes: (border band, field, lattice, light ornament).
_BACK_PALETTES: dict[str, tuple[Colour, Colour, Colour, Colour]] = {
    "blue": ((20, 46, 104), (30, 70, 150), (62, 108, 190), (176, 204, 246)),
    "red": ((112, 14, 24), (160, 26, 38), (196, 64, 72), (250, 196, 190)),
    "green": ((12, 70, 40), (22, 108, 62), (52, 146, 92), (186, 236, 200)),
    "purple": ((56, 26, 92), (88, 46, 138), (124, 84, 176), (222, 202, 246)),
}

SMALL_WIDTH = 64  # below this, faces show only big indices and one big centre suit

# Pip centres in a unit box (x: 0 left column .. 1 right column, y: 0 top row .. 1 bottom row).
_L, _C, _R = 0.0, 0.5, 1.0
PIP_LAYOUTS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((_C, 0), (_C, 1)),
    "3": ((_C, 0), (_C, 0.5), (_C, 1)),
    "4": ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    "5": ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    "6": ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    "7": ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    "8": ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    "9": (
        *((x, y) for y in (0, 1 / 3) for x in (_L, _R)),
        (_C, 0.5),
        *((x, y) for y in (2 / 3, 1) for x in (_L, _R)),
    ),
    "T": (
        *((x, y) for y in (0, 1 / 3) for x in (_L, _R)),
        (_C, 1 / 6),
        (_C, 5 / 6),
        *((x, y) for y in (2 / 3, 1) for x in (_L, _R)),
    ),
}


@dataclass(frozen=True)
class CardStyle:
    four_colour: bool = False
    back: str = "blue"


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """Per-pixel-alpha surface in the display's format (fast blits); as-is without a display."""
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` of the way towards `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _blank(size: tuple[int, int], colour: Colour = (0, 0, 0)) -> pygame.Surface:
    """A transparent surface whose invisible pixels carry `colour`, so smoothscale's edge
    averaging blends towards that colour instead of darkening edges with transparent black."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((*colour, 0))
    return surface


def _round_mask(surface: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle covering `surface` transparent."""
    mask = _blank(surface.get_size(), (255, 255, 255))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _shape(
    surface: pygame.Surface,
    fill: Colour,
    outline: Colour | None,
    points: list[tuple[float, float]],
    width: int,
) -> None:
    """A filled polygon with a round-jointed outline."""
    pygame.draw.polygon(surface, fill, points)
    if outline is not None and width > 0:
        pygame.draw.lines(surface, outline, True, points, width)
        for p in points:
            pygame.draw.circle(surface, outline, p, width / 2)


def _disc(
    surface: pygame.Surface,
    fill: Colour,
    outline: Colour | None,
    centre: tuple[float, float],
    r: float,
    width: int,
    shine: bool = False,
) -> None:
    """A jewel or pearl: an outlined disc, optionally with a small highlight."""
    if outline is not None:
        pygame.draw.circle(surface, outline, centre, r + width * 0.6)
    pygame.draw.circle(surface, fill, centre, r)
    if shine and r >= 3:
        pygame.draw.circle(
            surface,
            _mix(fill, (255, 255, 255), 0.75),
            (centre[0] - r * 0.3, centre[1] - r * 0.3),
            r * 0.32,
        )


def _bezier(p0, p1, p2, t: float) -> tuple[float, float]:
    u = 1 - t
    return (
        u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
        u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
    )


class CardImages:
    """All card images at one width, rendered on first use and kept."""

    def __init__(self, width: int, style: CardStyle = CardStyle()) -> None:
        if style.back not in BACK_COLOURS:
            raise ValueError(f"unknown back colour {style.back!r}; expected one of {BACK_COLOURS}")
        pygame.font.init()
        self.style = style
        self.width = w = max(16, int(width))
        self.height = round(w * 1.4)
        self.radius = max(3, round(w * 0.065))
        self.glow_pad = max(4, round(w * 0.075))
        self.shadow_offset = (max(1, round(w * 0.02)), max(2, round(w * 0.045)))
        self._line = max(1, round(w / 110))  # the card's border width in final pixels
        self._faces: dict[str, pygame.Surface] = {}
        self._backs: dict[str, pygame.Surface] = {}
        self._slots: dict[str | None, pygame.Surface] = {}
        self._glows: dict[Colour, pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None
        self._face_base: pygame.Surface | None = None
        self._glyphs: dict[tuple, pygame.Surface] = {}
        self._figures: dict[tuple, pygame.Surface] = {}

    # ---------------------------------------------------------------- public API

    def face(self, code: str) -> pygame.Surface:
        surface = self._faces.get(code)
        if surface is None:
            if len(code) != 2 or (code[0] not in PIP_LAYOUTS and code[0] not in "AJQK"):
                raise ValueError(f"not a card code: {code!r}")
            if code[1] not in SUIT_SYMBOLS:
                raise ValueError(f"not a card code: {code!r}")
            surface = self._faces[code] = _finish(self._render_face(code[0], code[1]))
        return surface

    def back(self, kind: str | None = None) -> pygame.Surface:
        kind = kind or self.style.back
        surface = self._backs.get(kind)
        if surface is None:
            if kind not in BACK_COLOURS and kind not in PLAYER_BACKS:
                raise ValueError(f"unknown card back {kind!r}")
            surface = self._backs[kind] = _finish(self._render_back(kind))
        return surface

    def slot(self, label: str | None = None) -> pygame.Surface:
        surface = self._slots.get(label)
        if surface is None:
            surface = self._slots[label] = _finish(self._render_slot(label))
        return surface

    def glow(self, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (int(colour[0]), int(colour[1]), int(colour[2]))
        surface = self._glows.get(key)
        if surface is None:
            surface = self._glows[key] = _finish(self._render_glow(key))
        return surface

    def shadow(self) -> pygame.Surface:
        if self._shadow is None:
            self._shadow = _finish(self._render_shadow())
        return self._shadow

    def prerender(self) -> None:
        for code in FULL_DECK:
            self.face(code)
        self.back()

    def suit_colour(self, suit: str) -> Colour:
        if self.style.four_colour:
            return {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}[suit]
        return RED if suit in "HD" else BLACK

    # ---------------------------------------------------------------- glyphs

    def _glyph(
        self,
        text: str,
        ink_height: float,
        colour: Colour,
        bold: bool = False,
        squeeze: float = 1.0,
        rotated: bool = False,
    ) -> pygame.Surface:
        """`text` rendered so its ink is about `ink_height` pixels tall, cropped to the ink."""
        key = (text, round(ink_height * 2), colour, bold, squeeze, rotated)
        surface = self._glyphs.get(key)
        if surface is not None:
            return surface
        if rotated:
            upright = self._glyph(text, ink_height, colour, bold, squeeze)
            surface = pygame.transform.flip(upright, True, True)
        elif text == "10" and squeeze != 1.0:
            # A narrow "10" as on printed cards: a footless drawn "1" set tight against the "0".
            zero = self._glyph("0", ink_height, colour, bold)
            h = zero.get_height()
            ss, stroke = 4, max(1.5, ink_height * 0.19)
            one = _blank((round((stroke + ink_height * 0.22) * ss), h * ss), colour)
            w1 = one.get_width()
            pygame.draw.rect(one, colour, (round(w1 - stroke * ss), 0, round(stroke * ss), h * ss))
            flag = [
                (w1 - stroke * ss, 0),
                (w1 - stroke * ss, stroke * ss * 1.6),
                (0, stroke * ss * 2.3),
                (0, stroke * ss * 1.3),
            ]
            pygame.draw.polygon(one, colour, flag)
            one = pygame.transform.smoothscale(one, (max(1, w1 // ss), h))
            gap = max(1, round(ink_height * 0.08))
            joined = _blank((one.get_width() + gap + zero.get_width(), h), colour)
            joined.blit(one, (0, 0))
            joined.blit(zero, (one.get_width() + gap, 0))
            w = joined.get_width()
            surface = pygame.transform.smoothscale(joined, (max(1, round(w * squeeze)), h))
        else:
            size = max(6, round(ink_height / _ink_ratio(text, bold)))
            rendered = assets.font(size, bold).render(text, True, colour)
            box = rendered.get_bounding_rect(min_alpha=1)
            surface = rendered.subsurface(box).copy() if box.w and box.h else rendered
            if squeeze != 1.0:
                w, h = surface.get_size()
                surface = pygame.transform.smoothscale(surface, (max(1, round(w * squeeze)), h))
        self._glyphs[key] = surface
        return surface

    @staticmethod
    def _put(target: pygame.Surface, glyph: pygame.Surface, cx: float, cy: float) -> None:
        """Blit `glyph` centred on (cx, cy)."""
        w, h = glyph.get_size()
        target.blit(glyph, (round(cx - w / 2), round(cy - h / 2)))

    def _put_both(self, target: pygame.Surface, key: tuple, x: float, y: float) -> None:
        """Blit a glyph with its top-left at (x, y), and its 180° turn at the opposite corner."""
        up = self._glyph(*key)
        down = self._glyph(*key, rotated=True)
        w, h = up.get_size()
        ix, iy = round(x), round(y)
        target.blit(up, (ix, iy))
        target.blit(down, (self.width - ix - w, self.height - iy - h))

    # ---------------------------------------------------------------- faces

    def _ss(self) -> int:
        """Supersampling factor for shapes drawn then smooth-scaled down."""
        # Powers of two only: smoothscale by 3 loses precision (opaque pixels come out alpha 253).
        return 4 if self.width <= 150 else 2

    def _base(self) -> pygame.Surface:
        """The blank face: rounded white card with a thin grey edge, antialiased once."""
        if self._face_base is None:
            ss = self._ss()
            big = _blank((self.width * ss, self.height * ss), EDGE)
            rect = big.get_rect()
            r = self.radius * ss
            line = round(self._line * ss * 0.9)
            pygame.draw.rect(big, EDGE, rect, border_radius=r)
            pygame.draw.rect(big, FACE, rect.inflate(-2 * line, -2 * line), border_radius=r - line)
            self._face_base = pygame.transform.smoothscale(big, (self.width, self.height))
        return self._face_base

    def _render_face(self, rank: str, suit: str) -> pygame.Surface:
        surface = self._base().copy()
        colour = self.suit_colour(suit)
        if self.width < SMALL_WIDTH:
            self._small_face(surface, rank, suit, colour)
            return surface
        self._index(surface, rank, suit, colour)
        if rank in "JQK":
            self._court(surface, rank, suit, colour)
        elif rank == "A":
            self._ace(surface, suit, colour)
        else:
            self._pips(surface, rank, suit, colour)
        return surface

    def _rank_key(self, rank: str, ink: float, colour: Colour) -> tuple:
        text = RANK_NAMES.get(rank, rank)
        return (text, ink, colour, True, 0.82 if text == "10" else 1.0)

    def _index(self, surface: pygame.Surface, rank: str, suit: str, colour: Colour) -> None:
        w = self.width
        boost = self._boost()
        cx = w * (0.105 + 0.01 * boost)
        rank_key = self._rank_key(rank, w * (0.15 + 0.03 * boost), colour)
        rank_glyph = self._glyph(*rank_key)
        rw, rh = rank_glyph.get_size()
        top = w * 0.07
        self._put_both(surface, rank_key, max(cx - rw / 2, w * 0.035), top)
        suit_key = (SUIT_SYMBOLS[suit], w * (0.11 + 0.02 * boost), colour)
        suit_glyph = self._glyph(*suit_key)
        sw, _ = suit_glyph.get_size()
        self._put_both(surface, suit_key, cx - sw / 2, top + rh + w * 0.03)

    def _small_face(self, surface: pygame.Surface, rank: str, suit: str, colour: Colour) -> None:
        """Tiny cards: a big rank and suit side by side in the corners, one big suit centred."""
        w, h = self.width, self.height
        rank_key = self._rank_key(rank, w * 0.27, colour)
        rank_glyph = self._glyph(*rank_key)
        rw, rh = rank_glyph.get_size()
        suit_key = (SUIT_SYMBOLS[suit], w * 0.22, colour)
        suit_glyph = self._glyph(*suit_key)
        sh = suit_glyph.get_height()
        x, y = max(2, round(w * 0.08)), max(2, round(w * 0.08))
        self._put_both(surface, rank_key, x, y)
        self._put_both(surface, suit_key, x + rw + max(1, round(w * 0.04)), y + (rh - sh) / 2)
        if rank in "JQK":
            panel = pygame.Rect(0, 0, round(w * 0.56), round(h * 0.44))
            panel.center = (w // 2, h // 2)
            pygame.draw.rect(surface, self._tint(colour), panel)
            pygame.draw.rect(surface, GOLD, panel, 1)
        self._put(surface, self._glyph(SUIT_SYMBOLS[suit], w * 0.42, colour), w / 2, h / 2)

    def _boost(self) -> float:
        """0 on big cards, up to 1 on small ones: indices grow and pips shrink to make room."""
        return min(1.0, max(0.0, (110 - self.width) / 46))

    def _pips(self, surface: pygame.Surface, rank: str, suit: str, colour: Colour) -> None:
        w, h = self.width, self.height
        glyph = SUIT_SYMBOLS[suit]
        boost = self._boost()
        ink = w * ((0.2 if suit == "D" else 0.185) - 0.015 * boost)
        x0 = w * (0.3 + 0.025 * boost)
        x1 = w - x0
        y0, y1 = h * 0.185, h * 0.815
        for u, v in PIP_LAYOUTS[rank]:
            cx = x0 + (x1 - x0) * u
            cy = y0 + (y1 - y0) * v
            pip = self._glyph(glyph, ink, colour, rotated=v > 0.5)
            self._put(surface, pip, cx, cy)

    def _ace(self, surface: pygame.Surface, suit: str, colour: Colour) -> None:
        w, h = self.width, self.height
        ink = w * (0.5 if suit == "S" else 0.44)
        if suit == "S":  # the traditional decorated ace of spades: a fine double ring
            ss = self._ss()
            ring = _blank((round(w * 0.74) * ss, round(w * 0.74) * ss), GOLD)
            c = ring.get_width() / 2
            pygame.draw.circle(ring, GOLD, (c, c), c, max(1, round(ss * w / 90)))
            pygame.draw.circle(ring, GOLD, (c, c), c * 0.9, max(1, round(ss * w / 160)))
            ring = pygame.transform.smoothscale(ring, (round(w * 0.74), round(w * 0.74)))
            self._put(surface, ring, w / 2, h / 2)
        self._put(surface, self._glyph(SUIT_SYMBOLS[suit], ink, colour), w / 2, h / 2)

    # ---------------------------------------------------------------- court cards

    @staticmethod
    def _tint(colour: Colour) -> Colour:
        """The court panel's background: parchment, faintly washed with the suit colour."""
        if colour == BLACK:
            return (244, 238, 222)
        return _mix(colour, (255, 250, 240), 0.9)

    def _court(self, surface: pygame.Surface, rank: str, suit: str, colour: Colour) -> None:
        w, h = self.width, self.height
        line = self._line
        panel = pygame.Rect(0, 0, w - 2 * round(w * 0.215), h - 2 * round(w * 0.07))
        panel.center = (w // 2, h // 2)
        pygame.draw.rect(surface, self._tint(colour), panel)
        pygame.draw.rect(surface, colour, panel, line)
        inner = panel.inflate(
            -2 * (line + max(1, round(w * 0.018))), -2 * (line + max(1, round(w * 0.018)))
        )
        pygame.draw.rect(surface, GOLD, inner, line)
        surface.blit(
            self._damask(inner.inflate(-2 * line, -2 * line).size, colour), inner.move(line, line)
        )

        # The headwear, upright in the top half and turned in the bottom half.
        figure = self._figure(rank, colour)
        fw, fh = figure.get_size()
        top = inner.top + max(2, round(w * 0.03))
        surface.blit(figure, (round(w / 2 - fw / 2), top))
        flipped = pygame.transform.flip(figure, True, True)
        surface.blit(flipped, (w - round(w / 2 - fw / 2) - fw, h - top - fh))

        # Centre medallion with the rank letter, flanked by suit glyphs.
        medal = self._medallion(rank, colour)
        self._put(surface, medal, w / 2, h / 2)
        small = self._glyph(SUIT_SYMBOLS[suit], w * 0.085, colour)
        self._put(surface, small, w / 2 - w * 0.205, h / 2)
        self._put(
            surface,
            self._glyph(SUIT_SYMBOLS[suit], w * 0.085, colour, rotated=True),
            w / 2 + w * 0.205,
            h / 2,
        )

    def _damask(self, size: tuple[int, int], colour: Colour) -> pygame.Surface:
        """The court panel's ground: the tint with a faint lattice of small lozenges."""
        key = ("damask", size, colour)
        cached = self._figures.get(key)
        if cached is not None:
            return cached
        ss = self._ss()
        tint = self._tint(colour)
        big = pygame.Surface((size[0] * ss, size[1] * ss))
        big.fill(tint)
        faint = _mix(tint, colour if colour != BLACK else GOLD_DARK, 0.12)
        step = self.width * 0.09 * ss
        W, H = big.get_size()
        cx, cy = W / 2, H / 2
        r = step * 0.16
        for j in range(-int(H / step) - 1, int(H / step) + 2):
            for i in range(-int(W / step) - 1, int(W / step) + 2):
                x = cx + (i + (0.5 if j % 2 else 0)) * step
                y = cy + j * step * 0.6
                pygame.draw.polygon(
                    big, faint, [(x, y - r * 1.4), (x + r, y), (x, y + r * 1.4), (x - r, y)]
                )
        damask = pygame.transform.smoothscale(big, size)
        self._figures[key] = damask
        return damask

    def _medallion(self, rank: str, colour: Colour) -> pygame.Surface:
        key = ("medal", rank, colour)
        cached = self._figures.get(key)
        if cached is not None:
            return cached
        w = self.width
        ss = self._ss()
        d = round(w * 0.3)
        big = _blank((d * ss, d * ss), GOLD)
        c = d * ss / 2
        pygame.draw.circle(big, GOLD_DARK, (c, c), c)
        pygame.draw.circle(big, GOLD, (c, c), c - ss * max(1, w / 110))
        pygame.draw.circle(big, GOLD_DARK, (c, c), c * 0.84)
        pygame.draw.circle(big, (255, 253, 248), (c, c), c * 0.84 - ss * max(1, w / 150))
        medal = pygame.transform.smoothscale(big, (d, d))
        letter = self._glyph(rank, w * 0.15, colour, True)
        medal.blit(
            letter, (round(d / 2 - letter.get_width() / 2), round(d / 2 - letter.get_height() / 2))
        )
        self._figures[key] = medal
        return medal

    def _figure(self, rank: str, colour: Colour) -> pygame.Surface:
        key = (rank, colour)
        cached = self._figures.get(key)
        if cached is not None:
            return cached
        w = self.width
        ss = self._ss()
        size = (round(w * 0.5), round(w * 0.38))
        big = _blank((size[0] * ss, size[1] * ss), INK)
        box = big.get_rect()
        ow = max(1, round(ss * max(1.0, w / 100)))
        {"K": _draw_crown, "Q": _draw_tiara, "J": _draw_cap}[rank](big, box, colour, ow)
        figure = pygame.transform.smoothscale(big, size)
        self._figures[key] = figure
        return figure

    # ---------------------------------------------------------------- backs

    def _render_back(self, kind: str) -> pygame.Surface:
        w, h = self.width, self.height
        ss = self._ss()
        big = _blank((w * ss, h * ss), EDGE)
        rect = big.get_rect()
        r = self.radius * ss
        line = round(self._line * ss * 0.9)
        pygame.draw.rect(big, EDGE, rect, border_radius=r)
        pygame.draw.rect(big, FACE, rect.inflate(-2 * line, -2 * line), border_radius=r - line)
        margin = max(2 * ss, round(w * 0.05 * ss))
        field_rect = rect.inflate(-2 * margin, -2 * margin)
        field_r = max(ss, r - margin // 2)
        field = pygame.Surface(field_rect.size, pygame.SRCALPHA)
        unit = w * ss  # pattern sizes are fractions of the card width
        if kind in BACK_COLOURS:
            _back_classic(field, unit, ss, _BACK_PALETTES[kind])
        elif kind == "red_player":
            _back_harlequin(field, unit, ss)
        else:
            _back_rings(field, unit, ss)
        _round_mask(field, field_r)
        big.blit(field, field_rect.topleft)
        return pygame.transform.smoothscale(big, (w, h))

    # ---------------------------------------------------------------- table extras

    def _render_slot(self, label: str | None) -> pygame.Surface:
        w, h = self.width, self.height
        ss = self._ss()
        white = (255, 255, 255)
        big = _blank((w * ss, h * ss), white)
        rect = big.get_rect()
        r = self.radius * ss
        lw = max(2, round(w / 50)) * ss
        pygame.draw.rect(big, (*white, 120), rect, border_radius=r)
        pygame.draw.rect(big, (*white, 22), rect.inflate(-2 * lw, -2 * lw), border_radius=r - lw)
        slot = pygame.transform.smoothscale(big, (w, h))
        if label:
            glyph = self._glyph(label, w * (0.34 if len(label) == 1 else 0.24), white, True).copy()
            glyph.fill((255, 255, 255, 96), special_flags=pygame.BLEND_RGBA_MULT)
            self._put(slot, glyph, w / 2, h / 2)
        return slot

    def _render_glow(self, colour: Colour) -> pygame.Surface:
        w, h, pad = self.width, self.height, self.glow_pad
        ss = 2
        big = _blank(((w + 2 * pad) * ss, (h + 2 * pad) * ss), colour)
        card = pygame.Rect(pad * ss, pad * ss, w * ss, h * ss)
        r = self.radius * ss
        steps = pad * ss
        for i in range(steps, 0, -1):  # soft halo, fading outwards
            t = i / steps
            alpha = round(170 * (1 - t) ** 1.6)
            pygame.draw.rect(big, (*colour, alpha), card.inflate(2 * i, 2 * i), border_radius=r + i)
        ring = max(2, round(w / 45)) * ss
        pygame.draw.rect(
            big, (*colour, 255), card.inflate(2 * ring, 2 * ring), border_radius=r + ring
        )
        pygame.draw.rect(
            big, (*colour, 0), card.inflate(-2 * ss, -2 * ss), border_radius=max(0, r - ss)
        )
        return pygame.transform.smoothscale(big, (w + 2 * pad, h + 2 * pad))

    def _render_shadow(self) -> pygame.Surface:
        w, h, pad = self.width, self.height, self.glow_pad
        surface = _blank((w + 2 * pad, h + 2 * pad))
        card = pygame.Rect(pad, pad, w, h).inflate(-pad // 2, -pad // 2)
        pygame.draw.rect(surface, (0, 0, 0, 150), card, border_radius=self.radius + pad // 2)
        return pygame.transform.gaussian_blur(surface, max(1, pad // 2))


# ---------------------------------------------------------------------- court headwear


def _pt(box: pygame.Rect, u: float, v: float) -> tuple[float, float]:
    return (box.x + box.w * u, box.y + box.h * v)


def _draw_crown(s: pygame.Surface, box: pygame.Rect, colour: Colour, ow: int) -> None:
    """King: a five-pointed crown over a velvet cap, pearls on the points, jewels on the band."""
    P = lambda u, v: _pt(box, u, v)  # noqa: E731
    # Velvet cap showing between the points.
    cap = pygame.Rect(0, 0, box.w * 0.66, box.h * 0.62)
    cap.midbottom = (round(box.centerx), round(box.y + box.h * 0.72))
    pygame.draw.ellipse(s, INK, cap.inflate(ow * 2, ow * 2))
    pygame.draw.ellipse(s, _mix(colour, (0, 0, 0), 0.15), cap)
    sheen = cap.inflate(-cap.w * 0.6, -cap.h * 0.62).move(-cap.w * 0.12, -cap.h * 0.14)
    pygame.draw.ellipse(s, _mix(colour, (255, 255, 255), 0.18), sheen)
    # Crown body.
    body = [
        P(0.14, 0.70), P(0.06, 0.26), P(0.24, 0.46), P(0.30, 0.16), P(0.40, 0.44),
        P(0.50, 0.06), P(0.60, 0.44), P(0.70, 0.16), P(0.76, 0.46), P(0.94, 0.26), P(0.86, 0.70),
    ]  # fmt: skip
    _shape(s, GOLD, INK, body, ow)
    # Inner highlight following the points.
    for a, b in ((0.30, 0.16), (0.50, 0.06), (0.70, 0.16)):
        pygame.draw.line(s, GOLD_LIGHT, P(a, b + 0.1), P(a, 0.62), max(1, ow))
    # Band.
    band = [P(0.12, 0.64), P(0.88, 0.64), P(0.9, 0.9), P(0.1, 0.9)]
    _shape(s, _mix(GOLD, GOLD_DARK, 0.25), INK, band, ow)
    pygame.draw.line(s, GOLD_LIGHT, P(0.14, 0.69), P(0.86, 0.69), max(1, ow))
    # Pearls on the tips, a cross-ball on the centre.
    r = box.w * 0.04
    for u, v in ((0.06, 0.26), (0.30, 0.16), (0.70, 0.16), (0.94, 0.26)):
        _disc(s, PEARL, INK, P(u, v), r, ow, shine=True)
    _disc(s, colour, INK, P(0.5, 0.06), r * 1.25, ow, shine=True)
    # Jewels on the band: a big oval in the middle, round stones and pearls either side.
    mid = pygame.Rect(0, 0, box.w * 0.13, box.h * 0.19)
    mid.center = (round(box.x + box.w * 0.5), round(box.y + box.h * 0.775))
    pygame.draw.ellipse(s, INK, mid.inflate(ow * 2, ow * 2))
    pygame.draw.ellipse(s, colour, mid)
    pygame.draw.ellipse(
        s,
        _mix(colour, (255, 255, 255), 0.7),
        mid.inflate(-mid.w * 0.6, -mid.h * 0.6).move(-mid.w * 0.12, -mid.h * 0.14),
    )
    for u in (0.27, 0.73):
        _disc(s, colour, INK, P(u, 0.775), box.w * 0.045, ow, shine=True)
    for u in (0.165, 0.385, 0.615, 0.835):
        _disc(s, PEARL, None, P(u, 0.775), box.w * 0.02, ow)


def _draw_tiara(s: pygame.Surface, box: pygame.Rect, colour: Colour, ow: int) -> None:
    """Queen: a sunburst tiara of pearl-tipped rays over a jewelled band, and a rose."""
    P = lambda u, v: _pt(box, u, v)  # noqa: E731
    hub = P(0.5, 1.3)
    # Rays fanning out of the band, the middle ones tallest; drawn outside-in.
    rays = 9
    order = sorted(range(rays), key=lambda i: -abs(i - rays // 2))
    for i in order:
        t = (i - rays // 2) / (rays // 2)  # -1 .. 1
        ang = math.radians(90 - 29 * t)
        reach = box.h * (1.2 - 0.3 * abs(t) ** 1.3 - (0.13 if i % 2 else 0))
        tip = (hub[0] + math.cos(ang) * reach, hub[1] - math.sin(ang) * reach)
        base_r = box.h * 0.5
        half = math.radians(4.5 if i % 2 == 0 else 3.2)
        b1 = (hub[0] + math.cos(ang - half) * base_r, hub[1] - math.sin(ang - half) * base_r)
        b2 = (hub[0] + math.cos(ang + half) * base_r, hub[1] - math.sin(ang + half) * base_r)
        _shape(s, GOLD, INK, [b1, tip, b2], max(1, ow - 1) if ow > 2 else ow)
        pearl = box.w * (0.038 if i % 2 == 0 else 0.028)
        _disc(s, PEARL, INK, tip, pearl, max(1, ow // 2 + 1), shine=True)
    # Lace of arches between the rays.
    n = 32
    arch = []
    for k in range(n + 1):
        t = k / n
        u = 0.16 + 0.68 * t
        v = 0.74 - 0.08 * math.sin(math.pi * t) - 0.07 * abs(math.sin(math.pi * t * 4))
        arch.append(P(u, v))
    band_bottom = [
        P(0.84 - 0.68 * k / n, 0.93 - 0.07 * math.sin(math.pi * k / n)) for k in range(n + 1)
    ]
    _shape(s, GOLD, INK, arch + band_bottom, ow)
    mid_line = [
        P(0.17 + 0.66 * k / n, 0.82 - 0.07 * math.sin(math.pi * k / n)) for k in range(n + 1)
    ]
    pygame.draw.lines(s, GOLD_LIGHT, False, mid_line, max(1, ow))
    for k in (1, 3, 5, 7):
        t = k / 8
        _disc(
            s,
            colour,
            None,
            P(0.16 + 0.68 * t, 0.875 - 0.07 * math.sin(math.pi * t)),
            box.w * 0.022,
            ow,
        )
    # The teardrop jewel at the front.
    drop = [
        P(0.5, 0.42),
        P(0.545, 0.58),
        P(0.54, 0.66),
        P(0.5, 0.71),
        P(0.46, 0.66),
        P(0.455, 0.58),
    ]
    _shape(s, colour, INK, drop, ow)
    pygame.draw.circle(s, _mix(colour, (255, 255, 255), 0.7), P(0.488, 0.6), box.w * 0.014)
    # The rose, low on the left, with two leaves.
    rc = P(0.17, 0.72)
    rr = box.h * 0.16
    for ang in (195, 240):
        a = math.radians(ang)
        tip = (rc[0] + math.cos(a) * rr * 1.85, rc[1] - math.sin(a) * rr * 1.85)
        side = (-math.sin(a) * rr * 0.5, -math.cos(a) * rr * 0.5)
        mid = (rc[0] + math.cos(a) * rr * 1.05, rc[1] - math.sin(a) * rr * 1.05)
        leaf = [rc, (mid[0] + side[0], mid[1] + side[1]), tip, (mid[0] - side[0], mid[1] - side[1])]
        _shape(s, LEAF, INK, leaf, max(1, ow // 2 + 1))
    _draw_rose(s, rc, rr, ow)


def _draw_rose(s: pygame.Surface, c: tuple[float, float], r: float, ow: int) -> None:
    pygame.draw.circle(s, INK, c, r + ow)
    for k in range(5):  # outer petals
        a = math.radians(90 + 72 * k)
        p = (c[0] + math.cos(a) * r * 0.42, c[1] - math.sin(a) * r * 0.42)
        pygame.draw.circle(s, ROSE, p, r * 0.6)
    pygame.draw.circle(s, ROSE_DARK, c, r * 0.56)
    pygame.draw.circle(s, ROSE, (c[0] + r * 0.05, c[1] + r * 0.05), r * 0.46)
    arc = pygame.Rect(0, 0, r * 0.9, r * 0.9)
    arc.center = (round(c[0]), round(c[1]))
    pygame.draw.arc(s, ROSE_DARK, arc, math.radians(20), math.radians(250), max(1, ow))
    pygame.draw.circle(s, ROSE_DARK, c, r * 0.2)
    pygame.draw.circle(
        s, _mix(ROSE, (255, 255, 255), 0.5), (c[0] - r * 0.3, c[1] - r * 0.35), r * 0.12
    )


def _draw_cap(s: pygame.Surface, box: pygame.Rect, colour: Colour, ow: int) -> None:
    """Jack: a wide Tudor cap on a jewelled band, a long feather sweeping up from a brooch."""
    P = lambda u, v: _pt(box, u, v)  # noqa: E731
    # The feather, behind the cap: a quill from the brooch arching over to the left.
    base, ctrl, tip = P(0.72, 0.5), P(0.58, -0.1), P(0.06, 0.16)
    n = 36
    left, right, spine = [], [], []
    for i in range(n + 1):
        t = i / n
        x, y = _bezier(base, ctrl, tip, t)
        x1, y1 = _bezier(base, ctrl, tip, max(0.0, t - 0.02))
        x2, y2 = _bezier(base, ctrl, tip, min(1.0, t + 0.02))
        length = math.hypot(x2 - x1, y2 - y1) or 1
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        vane = 0.0 if t < 0.12 else math.sin(math.pi * (t - 0.12) / 0.88) ** 0.75
        half = box.h * 0.15 * vane
        notch = 0.78 if abs(t - 0.62) < 0.03 else 1.0  # a split in the vane, as real feathers have
        left.append((x + nx * half * 0.75, y + ny * half * 0.75))
        right.append((x - nx * half * notch, y - ny * half * notch))
        spine.append((x, y))
    plume = (248, 244, 232)
    _shape(s, plume, INK, left + right[::-1], ow)
    barb = _mix(plume, GOLD_DARK, 0.5)
    bw = max(1, ow // 2 + 1)
    for i in range(6, n - 3, 3):
        pygame.draw.line(s, barb, spine[i], _lerp(spine[i], right[i + 3], 0.9), bw)
        pygame.draw.line(s, barb, spine[i], _lerp(spine[i], left[i + 3], 0.85), bw)
    pygame.draw.lines(s, GOLD_DARK, False, spine[: n - 2], max(1, ow))
    # The cap: a wide, soft crown in the suit colour, worn at a jaunty tilt.
    cx, cy = box.x + box.w * 0.5, box.y + box.h * 0.55
    rx, ry, tilt = box.w * 0.45, box.h * 0.22, math.radians(7)

    def on_cap(a: float, k: float = 1.0) -> tuple[float, float]:
        x, y = math.cos(a) * rx * k, -math.sin(a) * ry * k * (1.25 if math.sin(a) > 0 else 0.8)
        return (
            cx + x * math.cos(tilt) - y * math.sin(tilt),
            cy + x * math.sin(tilt) + y * math.cos(tilt),
        )

    outline = [on_cap(2 * math.pi * k / 48) for k in range(48)]
    _shape(s, colour, INK, outline, ow)
    rim = _mix(colour, (255, 255, 255), 0.35)
    pygame.draw.lines(
        s, rim, False, [on_cap(math.radians(a), 0.82) for a in range(40, 150, 5)], max(1, ow)
    )
    fold = _mix(colour, (0, 0, 0), 0.35) if colour != BLACK else (70, 72, 80)
    pygame.draw.lines(
        s, fold, False, [on_cap(math.radians(a), 0.55) for a in range(200, 340, 5)], max(1, ow)
    )
    # Headband: a gold band with lozenges in the suit colour.
    band = [P(0.2, 0.7), P(0.8, 0.7), P(0.83, 0.94), P(0.17, 0.94)]
    _shape(s, GOLD, INK, band, ow)
    for k in range(5):
        u = 0.28 + k * 0.11
        lozenge = [P(u, 0.745), P(u + 0.035, 0.82), P(u, 0.895), P(u - 0.035, 0.82)]
        _shape(s, colour if k % 2 == 0 else GOLD_DARK, None, lozenge, 0)
    # The brooch holding the feather.
    _disc(s, GOLD, INK, P(0.7, 0.5), box.w * 0.065, ow)
    _disc(s, colour, None, P(0.7, 0.5), box.w * 0.038, ow, shine=True)


def _lerp(a, b, t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


# ---------------------------------------------------------------------- back patterns


def _back_classic(field: pygame.Surface, unit: float, ss: int, palette) -> None:
    """Solid band, a fine diagonal lattice inside a double frame, an oval medallion."""
    band, base, lattice, light = palette
    W, H = field.get_size()
    field.fill(band)
    inset = round(unit * 0.05)
    inner = field.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(field, base, inner, border_radius=round(unit * 0.03))
    clip = field.get_clip()
    field.set_clip(inner)
    step = unit * 0.075
    cx, cy = W / 2, H / 2
    lw = max(1, round(ss * 0.9))
    k = int((W + H) / step) + 2
    for i in range(-k, k + 1):
        off = i * step
        pygame.draw.line(field, lattice, (cx + off - H, cy - H), (cx + off + H, cy + H), lw)
        pygame.draw.line(field, lattice, (cx + off + H, cy - H), (cx + off - H, cy + H), lw)
    # Dots in the lattice cells.
    dot = max(1.0, ss * 0.9)
    for i in range(-k, k + 1):
        for j in range(-k // 2 - 1, k // 2 + 2):
            x = cx + i * step
            y = cy + j * 2 * step + (step if i % 2 else 0)
            if inner.collidepoint(x, y):
                pygame.draw.circle(field, _mix(lattice, light, 0.5), (x, y), dot)
    field.set_clip(clip)
    fw = max(1, round(ss * 1.1))
    pygame.draw.rect(field, light, inner, fw, border_radius=round(unit * 0.03))
    pygame.draw.rect(
        field,
        _mix(light, base, 0.35),
        inner.inflate(-6 * ss, -6 * ss),
        max(1, ss // 2 + 1),
        border_radius=round(unit * 0.02),
    )
    # Medallion: a vertical oval with a rosette.
    oval = pygame.Rect(0, 0, unit * 0.42, unit * 0.6)
    oval.center = (round(cx), round(cy))
    pygame.draw.ellipse(field, light, oval.inflate(4 * ss, 4 * ss))
    pygame.draw.ellipse(field, band, oval)
    pygame.draw.ellipse(field, light, oval.inflate(-5 * ss, -5 * ss), max(1, ss // 2 + 1))
    _rosette(field, (cx, cy), unit * 0.14, light, _mix(light, band, 0.45), ss)


def _rosette(s: pygame.Surface, c, r: float, light: Colour, mid: Colour, ss: int) -> None:
    """An eight-petalled star."""
    pts = []
    for k in range(16):
        a = math.pi * k / 8
        rad = r if k % 2 == 0 else r * 0.42
        pts.append((c[0] + math.cos(a) * rad, c[1] + math.sin(a) * rad))
    pygame.draw.polygon(s, light, pts)
    pts2 = []
    for k in range(16):
        a = math.pi * k / 8 + math.pi / 8
        rad = r * 0.62 if k % 2 == 0 else r * 0.3
        pts2.append((c[0] + math.cos(a) * rad, c[1] + math.sin(a) * rad))
    pygame.draw.polygon(s, mid, pts2)
    pygame.draw.circle(s, light, c, r * 0.16)


def _back_harlequin(field: pygame.Surface, unit: float, ss: int) -> None:
    """Red player: crimson harlequin diamonds edged in gold, a gold diamond medallion."""
    W, H = field.get_size()
    crimson, dark, gold = (184, 26, 40), (134, 14, 28), (232, 190, 96)
    field.fill(dark)
    cx, cy = W / 2, H / 2
    dw, dh = unit * 0.2, unit * 0.28
    nx, ny = int(W / dw) + 3, int(H / dh) + 3
    for i in range(-nx, nx + 1):
        for j in range(-ny, ny + 1):
            x = cx + i * dw / 2
            y = cy + j * dh / 2
            if (i + j) % 2:
                continue
            colour = crimson if i % 2 == 0 else dark
            pts = [(x, y - dh / 2), (x + dw / 2, y), (x, y + dh / 2), (x - dw / 2, y)]
            pygame.draw.polygon(field, colour, pts)
    lw = max(1, round(ss * 0.8))
    slope = dh / dw
    k = int((W + H) / dw) + 2
    for i in range(-k, k + 1):
        x = cx + i * dw
        pygame.draw.line(field, gold, (x - H / slope, cy - H), (x + H / slope, cy + H), lw)
        pygame.draw.line(field, gold, (x + H / slope, cy - H), (x - H / slope, cy + H), lw)
    # Double gold frame.
    edge = max(ss, round(unit * 0.025))
    rect = field.get_rect()
    pygame.draw.rect(field, gold, rect, edge + ss)
    pygame.draw.rect(field, gold, rect.inflate(-2 * edge - 5 * ss, -2 * edge - 5 * ss), max(1, ss))
    # Central medallion: a gold-rimmed diamond.
    r = unit * 0.2
    outer = [(cx, cy - r * 1.35), (cx + r, cy), (cx, cy + r * 1.35), (cx - r, cy)]
    pygame.draw.polygon(field, gold, outer)
    k2 = 0.8
    inner = [
        (cx, cy - r * 1.35 * k2),
        (cx + r * k2, cy),
        (cx, cy + r * 1.35 * k2),
        (cx - r * k2, cy),
    ]
    pygame.draw.polygon(field, crimson, inner)
    k3 = 0.45
    core = [
        (cx, cy - r * 1.35 * k3),
        (cx + r * k3, cy),
        (cx, cy + r * 1.35 * k3),
        (cx - r * k3, cy),
    ]
    pygame.draw.polygon(field, gold, core)


def _back_rings(field: pygame.Surface, unit: float, ss: int) -> None:
    """Black player: charcoal with interlocking silver rings, a silver ringed medallion."""
    W, H = field.get_size()
    charcoal, deep, silver = (44, 46, 54), (30, 32, 38), (172, 178, 190)
    field.fill(charcoal)
    cx, cy = W / 2, H / 2
    step = unit * 0.16
    r = step * 0.62
    lw = max(1, round(ss * 0.8))
    nx, ny = int(W / step) + 2, int(H / step) + 2
    for j in range(-ny, ny + 1):
        for i in range(-nx, nx + 1):
            x = cx + i * step + (step / 2 if j % 2 else 0)
            y = cy + j * step * 0.866
            pygame.draw.circle(field, _mix(silver, charcoal, 0.45), (x, y), r, lw)
            pygame.draw.circle(field, _mix(silver, charcoal, 0.2), (x, y), r * 0.18)
    edge = max(ss, round(unit * 0.025))
    rect = field.get_rect()
    pygame.draw.rect(field, silver, rect, edge + ss)
    pygame.draw.rect(
        field, silver, rect.inflate(-2 * edge - 5 * ss, -2 * edge - 5 * ss), max(1, ss)
    )
    # Central medallion: concentric rings.
    R = unit * 0.24
    pygame.draw.circle(field, silver, (cx, cy), R)
    pygame.draw.circle(field, deep, (cx, cy), R - 2 * ss)
    pygame.draw.circle(field, silver, (cx, cy), R * 0.78, max(1, ss))
    pygame.draw.circle(field, silver, (cx, cy), R * 0.5)
    pygame.draw.circle(field, deep, (cx, cy), R * 0.5 - 2 * ss)
    pygame.draw.circle(field, silver, (cx, cy), R * 0.22)


# ---------------------------------------------------------------------- module-level helpers

_INK_RATIOS: dict[tuple[str, bool], float] = {}


def _ink_ratio(text: str, bold: bool) -> float:
    """Ink height of `text` per unit of font size (measured once, at size 100)."""
    key = (text, bold)
    ratio = _INK_RATIOS.get(key)
    if ratio is None:
        rendered = assets.font(100, bold).render(text, True, (0, 0, 0))
        height = rendered.get_bounding_rect(min_alpha=1).h
        ratio = _INK_RATIOS[key] = max(0.05, height / 100)
    return ratio


_CACHE: OrderedDict[tuple[int, CardStyle], CardImages] = OrderedDict()
_CACHE_LIMIT = 2


def images_for(width: int, style: CardStyle = CardStyle()) -> CardImages:
    """Card images for a width and style, shared; only the two most recent are kept alive."""
    key = (int(width), style)
    images = _CACHE.get(key)
    if images is None:
        images = _CACHE[key] = CardImages(int(width), style)
        while len(_CACHE) > _CACHE_LIMIT:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return images
