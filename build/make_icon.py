"""Draw the app icon (a playing card with a fountain on green felt) and write it in every format.

    .venv/bin/python build/make_icon.py        # rewrites assets/icon.png, icon.ico, icon.icns

Writes, into assets/:
  icon.png             256 px, the window icon game/app.py sets at run time (and the Linux icon)
  icon.ico             Windows: 16, 24, 32, 48, 64, 128 (BMP entries) and 256 (PNG entry)
  icon.icns            macOS: 16 … 1024 (PNG entries), so a Mac build needs no Pillow

Everything is drawn with pygame.draw once at 1024 px and halved step by step with smoothscale, so
small sizes stay crisp. The output depends only on this file and pygame; run it again after a
change and commit the files it writes.
"""

from __future__ import annotations

import io
import itertools
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FONT = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"

BIG = 1024
FELT_LIGHT = (52, 132, 78)
FELT_DARK = (22, 76, 44)
FELT_EDGE = (14, 52, 30)
CARD = (255, 253, 248)
CARD_EDGE = (120, 118, 112)
RED = (200, 18, 42)
STONE = (150, 160, 172)
STONE_DARK = (92, 102, 116)
STONE_LIGHT = (206, 212, 220)
WATER = (40, 130, 220)
WATER_LIGHT = (140, 206, 255)
SPRAY = (64, 156, 236)

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns type code -> pixel size (PNG data is accepted for every one of these since OS X 10.7)
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def felt_tile(size: int) -> pygame.Surface:
    """A rounded square of felt with a soft radial light, the icon's background."""
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size * 0.2
    pygame.draw.rect(tile, FELT_EDGE, tile.get_rect(), border_radius=int(radius))
    inner = tile.get_rect().inflate(-size * 0.03, -size * 0.03)
    pygame.draw.rect(tile, FELT_DARK, inner, border_radius=int(radius * 0.94))
    # radial light: concentric ellipses from dark to light, clipped to the tile
    light = pygame.Surface((size, size), pygame.SRCALPHA)
    steps = 48
    for i in range(steps):
        t = i / (steps - 1)
        r = size * (0.75 - 0.6 * t)
        colour = [round(d + (li - d) * t) for d, li in zip(FELT_DARK, FELT_LIGHT, strict=True)]
        pygame.draw.circle(light, (*colour, 255), (size * 0.45, size * 0.4), r)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), inner, border_radius=int(radius * 0.94))
    light.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    tile.blit(light, (0, 0))
    return tile


def arc_points(x0: float, y0: float, dx: float, rise: float, drop: float, n: int = 60):
    """A jet of water: a parabola from (x0, y0), up about `rise`, down to (x0 + dx, y0 + drop)."""
    for i in range(n + 1):
        t = i / n
        yield x0 + dx * t, y0 - rise * 4 * t * (1 - t) + drop * t * t


def thick_line(surface: pygame.Surface, colour, points, width: float) -> None:
    """A smooth thick polyline with round ends (pygame's wide lines have notches)."""
    points = list(points)
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        steps = max(1, int(math.hypot(x2 - x1, y2 - y1) / (width * 0.25)))
        for k in range(steps + 1):
            t = k / steps
            pygame.draw.circle(surface, colour, (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t), width / 2)


def fountain(surface: pygame.Surface, cx: float, base: float, scale: float) -> None:
    """A two-tier stone fountain with jets, drawn upwards from the basin's foot at (cx, base)."""
    s = scale
    # lower basin: a wide bowl with a rim and a water surface
    bowl = [
        (cx - 150 * s, base - 110 * s),
        (cx + 150 * s, base - 110 * s),
        (cx + 112 * s, base - 20 * s),
        (cx - 112 * s, base - 20 * s),
    ]
    pygame.draw.polygon(surface, STONE, bowl)
    pygame.draw.rect(
        surface, STONE_DARK, (cx - 70 * s, base - 24 * s, 140 * s, 24 * s), border_radius=int(6 * s)
    )
    rim = pygame.Rect(0, 0, 330 * s, 44 * s)
    rim.center = (round(cx), round(base - 112 * s))
    pygame.draw.ellipse(surface, STONE_LIGHT, rim)
    pool = rim.inflate(-36 * s, -18 * s)
    pygame.draw.ellipse(surface, WATER, pool)
    # column and upper bowl
    pygame.draw.rect(surface, STONE_DARK, (cx - 20 * s, base - 250 * s, 40 * s, 142 * s))
    upper = [
        (cx - 78 * s, base - 262 * s),
        (cx + 78 * s, base - 262 * s),
        (cx + 36 * s, base - 222 * s),
        (cx - 36 * s, base - 222 * s),
    ]
    pygame.draw.polygon(surface, STONE, upper)
    top_rim = pygame.Rect(0, 0, 176 * s, 30 * s)
    top_rim.center = (round(cx), round(base - 262 * s))
    pygame.draw.ellipse(surface, STONE_LIGHT, top_rim)
    pygame.draw.ellipse(surface, WATER, top_rim.inflate(-24 * s, -12 * s))
    # jets: from the top spout over the upper bowl's rim into the lower pool, both sides
    spout = (cx, base - 275 * s)
    thick_line(surface, SPRAY, [(cx, base - 270 * s), (cx, base - 360 * s)], 22 * s)
    for side in (-1, 1):
        thick_line(
            surface,
            SPRAY,
            arc_points(cx, spout[1] - 80 * s, side * 150 * s, 46 * s, 200 * s),
            20 * s,
        )
        thick_line(
            surface,
            WATER_LIGHT,
            arc_points(cx, spout[1] - 80 * s, side * 150 * s, 46 * s, 200 * s),
            7 * s,
        )
        thick_line(
            surface,
            SPRAY,
            arc_points(cx + side * 80 * s, base - 262 * s, side * 52 * s, 30 * s, 140 * s),
            14 * s,
        )
    pygame.draw.circle(surface, WATER_LIGHT, (cx, base - 368 * s), 16 * s)
    for dx, dy, r in ((-58, -392, 9), (54, -400, 8), (-104, -330, 7), (108, -322, 7)):
        pygame.draw.circle(surface, SPRAY, (cx + dx * s, base + dy * s), r * s)


def card_face(width: int, height: int) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = int(width * 0.1)
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD, card.get_rect().inflate(-12, -12), border_radius=radius - 6)
    index = pygame.font.Font(str(FONT), int(width * 0.2))
    heart = pygame.font.Font(str(FONT), int(width * 0.16))
    for flip in (False, True):
        corner = pygame.Surface((int(width * 0.22), int(width * 0.42)), pygame.SRCALPHA)
        a = index.render("A", True, RED)
        h = heart.render("♥", True, RED)
        corner.blit(a, a.get_rect(midtop=(corner.get_width() / 2, 0)))
        corner.blit(h, h.get_rect(midtop=(corner.get_width() / 2, a.get_height() * 0.86)))
        if flip:
            corner = pygame.transform.rotate(corner, 180)
            card.blit(
                corner, corner.get_rect(bottomright=(width - width * 0.04, height - width * 0.05))
            )
        else:
            card.blit(corner, (width * 0.04, width * 0.05))
    fountain(card, width / 2, height * 0.85, width / 500)
    return card


def draw_icon() -> pygame.Surface:
    """The icon at BIG x BIG pixels."""
    icon = felt_tile(BIG)
    card_w, card_h = 560, 784
    # a second card peeking out behind, tilted the other way: a red back
    back = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
    pygame.draw.rect(back, CARD_EDGE, back.get_rect(), border_radius=56)
    pygame.draw.rect(back, CARD, back.get_rect().inflate(-12, -12), border_radius=50)
    pygame.draw.rect(back, (160, 26, 38), back.get_rect().inflate(-56, -56), border_radius=30)
    for k in range(-card_h, card_w, 44):
        pygame.draw.line(back, (196, 64, 72), (k + 28, 28), (k + 28 + card_h, 28 + card_h), 8)
    pygame.draw.rect(back, CARD, back.get_rect().inflate(-56, -56), 10, border_radius=30)
    back = pygame.transform.rotozoom(back, -14, 1)
    icon.blit(back, back.get_rect(center=(BIG * 0.6, BIG * 0.52)))
    # shadow, then the face card
    face = pygame.transform.rotozoom(card_face(card_w, card_h), 8, 1)
    shadow = face.copy()
    shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)
    icon.blit(shadow, shadow.get_rect(center=(BIG * 0.44 + 14, BIG * 0.52 + 20)))
    icon.blit(face, face.get_rect(center=(BIG * 0.44, BIG * 0.52)))
    return icon


def scaled(icon: pygame.Surface, size: int) -> pygame.Surface:
    """Halve with smoothscale until within 2x of `size`, then scale to it: crisp small icons."""
    surface = icon
    while surface.get_width() >= size * 2:
        half = surface.get_width() // 2
        surface = pygame.transform.smoothscale(surface, (half, half))
    if surface.get_width() != size:
        surface = pygame.transform.smoothscale(surface, (size, size))
    return surface


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def bmp_entry(surface: pygame.Surface) -> bytes:
    """An ICO image entry as a 32-bit DIB (BGRA rows bottom-up, then a 1-bit AND mask)."""
    w, h = surface.get_size()
    rgba = pygame.image.tobytes(surface, "RGBA")
    header = struct.pack("<IiiHHIIiiII", 40, w, h * 2, 1, 32, 0, 0, 0, 0, 0, 0)
    pixels = bytearray()
    for y in range(h - 1, -1, -1):
        row = rgba[y * w * 4 : (y + 1) * w * 4]
        for x in range(w):
            r, g, b, a = row[x * 4 : x * 4 + 4]
            pixels += bytes((b, g, r, a))
    mask_row = ((w + 31) // 32) * 4
    mask = bytearray()
    for y in range(h - 1, -1, -1):
        bits = bytearray(mask_row)
        for x in range(w):
            if rgba[(y * w + x) * 4 + 3] == 0:
                bits[x // 8] |= 0x80 >> (x % 8)
        mask += bits
    return header + bytes(pixels) + bytes(mask)


def ico_bytes(images: dict[int, pygame.Surface]) -> bytes:
    entries = [
        (size, png_bytes(images[size]) if size >= 256 else bmp_entry(images[size]))
        for size in ICO_SIZES
    ]
    out = struct.pack("<HHH", 0, 1, len(entries))
    offset = 6 + 16 * len(entries)
    blobs = b""
    for size, data in entries:
        dim = 0 if size >= 256 else size
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return out + blobs


def icns_bytes(images: dict[int, pygame.Surface]) -> bytes:
    body = b""
    for code, size in ICNS_TYPES:
        data = png_bytes(images[size])
        body += code + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main() -> int:
    pygame.font.init()  # no pygame.init(): no display or sound device is needed
    icon = draw_icon()
    sizes = {*ICO_SIZES, *(size for _, size in ICNS_TYPES)}
    images = {size: scaled(icon, size) for size in sizes}
    written = {
        "icon.png": png_bytes(images[256]),
        "icon.ico": ico_bytes(images),
        "icon.icns": icns_bytes(images),
    }
    for name, data in written.items():
        (ASSETS / name).write_bytes(data)
        print(f"assets/{name}  {len(data):,} bytes")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
