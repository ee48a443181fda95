"""Cards drawn by code: sizes, transparency, distinctness, colours, caching."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from engines.cards import FULL_DECK
from game import assets, card_art
from game.card_art import BACK_COLOURS, CardImages, CardStyle, images_for

WIDTHS = (40, 72, 150, 260)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    card_art._CACHE.clear()


@pytest.fixture(scope="module")
def decks() -> dict[int, CardImages]:
    return {w: CardImages(w) for w in WIDTHS}


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def opaque_colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {
        tuple(surface.get_at((x, y)))[:3]
        for y in range(h)
        for x in range(w)
        if surface.get_at((x, y)).a == 255
    }


@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_renders_at_size_with_alpha_and_round_corners(decks, width):
    images = decks[width]
    assert images.width == width
    assert images.height == round(width * 1.4)
    assert images.radius >= 3
    w, h = images.width, images.height
    for code in FULL_DECK:
        face = images.face(code)
        assert face.get_size() == (w, h), code
        assert face.get_flags() & pygame.SRCALPHA, code
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert face.get_at(corner).a == 0, (code, corner)
        assert face.get_at((w // 2, 1)).a == 255  # the edge is solid away from the corners
        assert face.get_at((w // 2, h // 2)).a == 255


@pytest.mark.parametrize("width", WIDTHS)
def test_faces_are_all_different(decks, width):
    images = decks[width]
    seen = {pixels(images.face(code)) for code in FULL_DECK}
    assert len(seen) == 52


def test_neighbouring_ranks_and_court_cards_differ(decks):
    for images in decks.values():
        assert pixels(images.face("7H")) != pixels(images.face("8H"))
        courts = {pixels(images.face(c)) for c in ("KS", "QS", "JS")}
        assert len(courts) == 3


def test_faces_are_cached(decks):
    images = decks[72]
    assert images.face("QD") is images.face("QD")
    assert images.back() is images.back()
    assert images.back() is images.back("blue")
    assert images.slot("A") is images.slot("A")
    assert images.glow((255, 200, 0)) is images.glow((255, 200, 0))
    assert images.shadow() is images.shadow()


def test_four_colour_changes_diamonds_and_clubs_only():
    two = CardImages(110)
    four = CardImages(110, CardStyle(four_colour=True))
    for code in ("7S", "AH", "KS", "QH"):
        assert pixels(two.face(code)) == pixels(four.face(code)), code
    for code in ("7D", "AC", "KD", "QC"):
        assert pixels(two.face(code)) != pixels(four.face(code)), code
    assert card_art.BLUE in opaque_colours(four.face("7D"))
    assert card_art.GREEN in opaque_colours(four.face("7C"))
    assert card_art.RED in opaque_colours(two.face("7D"))
    assert card_art.BLACK in opaque_colours(two.face("7C"))
    assert card_art.BLUE not in opaque_colours(two.face("7D"))


def test_red_and_black_suits(decks):
    images = decks[150]
    assert card_art.RED in opaque_colours(images.face("5H"))
    assert card_art.BLACK in opaque_colours(images.face("5S"))
    assert card_art.RED not in opaque_colours(images.face("5S"))


@pytest.mark.parametrize("width", WIDTHS)
def test_backs_differ_and_have_card_shape(decks, width):
    images = decks[width]
    kinds = (*BACK_COLOURS, "red_player", "black_player")
    backs = {kind: images.back(kind) for kind in kinds}
    for kind, back in backs.items():
        assert back.get_size() == (images.width, images.height), kind
        assert back.get_flags() & pygame.SRCALPHA
        assert back.get_at((0, 0)).a == 0
        assert back.get_at((images.width // 2, images.height // 2)).a == 255
    assert len({pixels(b) for b in backs.values()}) == len(kinds)
    assert pixels(images.back()) == pixels(images.back("blue"))


def edge_map(surface: pygame.Surface) -> set[tuple[int, int]]:
    """Where the picture changes: a colour swap keeps this, a different design does not."""
    w, h = surface.get_size()
    out = set()
    for y in range(0, h - 1):
        for x in range(0, w - 1):
            here = surface.get_at((x, y))
            for nxt in (surface.get_at((x + 1, y)), surface.get_at((x, y + 1))):
                if sum(abs(a - b) for a, b in zip(here, nxt, strict=True)) > 40:
                    out.add((x, y))
    return out


def test_player_backs_are_different_designs_not_just_colours():
    images = CardImages(100)
    red = edge_map(images.back("red_player"))
    black = edge_map(images.back("black_player"))
    assert len(red ^ black) > 0.5 * len(red | black)
    # The plain colour backs, by contrast, share one design.
    blue, green = edge_map(images.back("blue")), edge_map(images.back("green"))
    assert len(blue ^ green) < 0.5 * len(blue | green)


def test_default_back_follows_style():
    images = CardImages(72, CardStyle(back="purple"))
    assert pixels(images.back()) == pixels(images.back("purple"))
    with pytest.raises(ValueError):
        CardImages(72, CardStyle(back="orange"))
    with pytest.raises(ValueError):
        images.back("orange")
    with pytest.raises(ValueError):
        images.face("1X")


def test_slot_glow_and_shadow_sizes(decks):
    for images in decks.values():
        w, h = images.width, images.height
        pad = images.glow_pad
        assert pad > 0
        for label in (None, "A", "7", "↻", "+"):
            slot = images.slot(label)
            assert slot.get_size() == (w, h)
            assert slot.get_at((0, 0)).a == 0
            assert 0 < slot.get_at((w // 2, 0)).a < 255  # a translucent line
        assert pixels(images.slot("A")) != pixels(images.slot("7"))
        glow = images.glow((255, 220, 80))
        assert glow.get_size() == (w + 2 * pad, h + 2 * pad)
        assert glow.get_at((pad + w // 2, pad + h // 2)).a == 0  # a ring: clear inside
        assert glow.get_at((pad + w // 2, pad - 1)).a > 128  # bright at the card's edge
        assert images.glow((80, 160, 255)) is not glow
        shadow = images.shadow()
        assert shadow.get_size() == (w + 2 * pad, h + 2 * pad)
        assert 0 < shadow.get_at((pad + w // 2, pad + h // 2)).a < 255
        assert shadow.get_at((0, 0)).a < 10
        dx, dy = images.shadow_offset
        assert 0 <= dx <= pad and 0 < dy <= pad


def test_glyphs_are_rendered_once_per_size_and_colour(monkeypatch):
    renders = []
    real_font = assets.font

    class CountingFont:
        def __init__(self, font):
            self._font = font

        def render(self, *args, **kwargs):
            renders.append(args[0])
            return self._font.render(*args, **kwargs)

    monkeypatch.setattr(
        assets, "font", lambda size, bold=False: CountingFont(real_font(size, bold))
    )
    images = CardImages(123)
    images.prerender()
    first = len(renders)
    # Ranks in two colours, four suit glyphs at index and pip sizes, court letters: far fewer than
    # the 52 cards x ~12 glyphs drawn.
    assert first < 80
    images.prerender()
    assert len(renders) == first


def test_prerender_fills_the_cache():
    images = CardImages(90)
    images.prerender()
    assert set(images._faces) == set(FULL_DECK)
    assert "blue" in images._backs


def test_images_for_caches_and_keeps_two_sizes():
    card_art._CACHE.clear()
    style = CardStyle()
    a = images_for(80, style)
    assert images_for(80, style) is a
    b = images_for(100, style)
    assert images_for(80, style) is a  # still alive; now the most recent
    c = images_for(120, style)  # evicts 100, the least recently used
    assert len(card_art._CACHE) == 2
    assert images_for(80, style) is a
    assert images_for(120, style) is c
    assert images_for(100, style) is not b
    assert len(card_art._CACHE) == 2
    four = images_for(80, CardStyle(four_colour=True))
    assert four is not a and four.style.four_colour


def test_renders_without_a_display():
    pygame.display.quit()
    try:
        assert pygame.display.get_surface() is None
        images = CardImages(60)
        assert images.face("AS").get_size() == (60, 84)
        assert images.back("black_player").get_size() == (60, 84)
        assert images.glow((255, 255, 255)).get_size()[0] == 60 + 2 * images.glow_pad
    finally:
        pygame.display.init()
        pygame.display.set_mode((64, 64))
