"""The table cloth: the felt colour at the centre, its edge colour in the corners, and a gradient
smooth enough that no band shows between neighbouring pixels."""

from __future__ import annotations

import itertools

import pytest

from game import theme
from game.felt import felt


@pytest.mark.parametrize("name", sorted(theme.FELT))
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_felt_shades_softly_from_its_centre_to_its_edge(name, size):
    felt.cache_clear()
    img = felt(size, name)
    w, h = size
    assert img.get_size() == size
    centre, edge = theme.FELT[name]
    at_centre = img.get_at((w // 2, int(h * 0.425)))[:3]
    assert all(abs(a - b) <= 2 for a, b in zip(at_centre, centre, strict=True)), at_centre
    corner = img.get_at((0, 0))[:3]
    assert all(abs(a - b) <= 2 for a, b in zip(corner, edge, strict=True)), corner
    for y in range(0, h, h // 9):
        row = [img.get_at((x, y))[:3] for x in range(0, w, 4)]
        steps = [
            max(abs(a - b) for a, b in zip(p, q, strict=True)) for p, q in itertools.pairwise(row)
        ]
        assert max(steps) <= 2, (y, max(steps))
