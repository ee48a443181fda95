"""The table cloth: a soft radial gradient, rendered once per window size and colour."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import theme


@lru_cache(maxsize=2)
def felt(size: tuple[int, int], name: str) -> pygame.Surface:
    centre, edge = theme.FELT.get(name, theme.FELT["green"])
    # A small gradient scaled up once: smooth, and cheap to make at any window size. The colour
    # depends only on the squared distance from the centre, so one row of 256 shades is made and
    # every pixel picks its shade (the first menu frame waits for this).
    shades = [
        bytes(int(c + (e - c) * i / 255) for c, e in zip(centre, edge, strict=True))
        for i in range(256)
    ]
    xs = [((x - 31.5) / 36) ** 2 for x in range(64)]
    pixels = b"".join(
        shades[min(255, int((dx + ((y - 17) / 26) ** 2) * 255))] for y in range(40) for dx in xs
    )
    small = pygame.image.frombytes(pixels, (64, 40), "RGB")
    if pygame.display.get_surface() is not None:
        small = small.convert()  # scaling a display-format surface is much faster
    return pygame.transform.smoothscale(small, size)
