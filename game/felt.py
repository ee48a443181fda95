"""The table cloth: a soft radial gradient, rendered once per window size and colour."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import theme


@lru_cache(maxsize=2)
def felt(size: tuple[int, int], name: str) -> pygame.Surface:
    centre, edge = theme.FELT.get(name, theme.FELT["green"])
    # A small gradient scaled up once: smooth, and cheap to make at any window size.
    small = pygame.Surface((64, 40))
    for y in range(40):
        for x in range(64):
            d = min(1.0, (((x - 31.5) / 36) ** 2 + ((y - 17) / 26) ** 2) ** 0.5)
            t = d * d
            small.set_at(
                (x, y), tuple(int(c + (e - c) * t) for c, e in zip(centre, edge, strict=True))
            )
    surf = pygame.transform.smoothscale(small, size)
    return surf.convert() if pygame.display.get_surface() is not None else surf
