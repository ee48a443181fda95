"""The table cloth: a soft radial gradient, rendered once per window size and colour."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import theme

# The gradient is drawn small and scaled up once: smooth, and cheap at any window size (the first
# menu frame waits for it). Each small pixel holds its shade's index, from its squared distance to
# a centre a little above the middle, and the palette turns indices into colours.
_SMALL = (32, 20)
_X2 = [((x - 15.5) / 18) ** 2 for x in range(_SMALL[0])]
_Y2 = [((y - 8.5) / 13) ** 2 for y in range(_SMALL[1])]


@lru_cache(maxsize=2)
def felt(size: tuple[int, int], name: str) -> pygame.Surface:
    centre, edge = theme.FELT.get(name, theme.FELT["green"])
    palette = [
        tuple(c + (e - c) * i // 255 for c, e in zip(centre, edge, strict=True)) for i in range(256)
    ]
    shade = bytes([min(255, int((dx + dy) * 255)) for dy in _Y2 for dx in _X2])
    small = pygame.image.frombytes(shade, _SMALL, "P")
    small.set_palette(palette)
    # Smoothscale takes 24 or 32 bits; the display's format scales much faster, when there is one.
    small = small.convert() if pygame.display.get_surface() is not None else small.convert(24)
    return pygame.transform.smoothscale(small, size)
