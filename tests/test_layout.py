"""The Canfield layout at every window size we promise: piles never overlap, every card is on
screen between the top bar and the status line, and cards grow with the window; every game's
tip line ends before its close button; and a dialog's buttons hold their labels."""

from __future__ import annotations

import itertools

import pygame
import pytest
from conftest import make_state, run_of, set_position

import engines
from engines import canfield
from engines.cards import FULL_DECK
from game import registry, theme, ui
from game.deal import DealRequest
from game.table import open_table
from game.table.base import TableScene

SIZES = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]
PRESETS = list(canfield.presets)


def positions(preset: str) -> dict[str, canfield.CanfieldState]:
    """Deals and built positions that stress the layout, under the preset's options."""
    options = dict(canfield.presets[preset])
    fresh = canfield.new_game(seed=7, options=options)
    drawn = fresh
    for _ in range(5):  # a fanned waste
        drawn = drawn.apply(next(m for m in drawn.legal_moves() if m.src == "stock"))
    long_pile = list(FULL_DECK[:20])
    deck_rest = [c for c in FULL_DECK if c not in long_pile]
    return {
        "fresh deal": fresh,
        "waste fanned": drawn,
        "a 20-card tableau pile": make_state(
            base=13,
            options=options,
            tableau=(long_pile, [deck_rest[0]], [], [deck_rest[1]]),
            reserve=deck_rest[2:15],
            waste=deck_rest[15:20],
        ),
        "48 cards in one tableau pile": make_state(
            base=1,
            options=options,
            foundations=[[f"A{s}"] for s in "SHDC"],
            tableau=([c for c in FULL_DECK if c[0] != "A"], [], [], []),
        ),
        "13 cards in every tableau pile": make_state(
            base=1,
            options=options,
            tableau=[FULL_DECK[i * 13 : (i + 1) * 13] for i in range(4)],
        ),
        "stock, waste, reserve and foundations full-ish": make_state(
            base=7,
            options=options,
            foundations=[run_of(7, s, 3) for s in "SHDC"],
            reserve=[*run_of(7, "S", 10, 3), "KH", "QH", "JH"],
            waste=["2H", "3H", "4H", "5H", "6H"],
        ),
    }


def open_at(make_app, size, preset):
    app = make_app(size=size, animation="off")
    options = dict(canfield.presets[preset])
    open_table(app, DealRequest("canfield", 7, options, 1, ["human"], [], preset))
    return app, app.scene


def check_layout(app, table, what: str) -> None:
    w, h = app.size
    slots = table.slot_list
    assert {s.pile for s in slots} == set(canfield.PILES), what
    for a, b in itertools.combinations(slots, 2):
        assert not a.rect.colliderect(b.rect), (what, a.pile, b.pile)
        # The area each pile's cards cover (its drop area) never reaches another pile either.
        assert not a.drop.colliderect(b.drop), (what, a.pile, a.drop, b.pile, b.drop)
    play_area = pygame.Rect(0, table.bar_h, w, h - table.bar_h - table.status_h)
    assert len({p.key for p in table.placed}) == 52, what
    assert {p.card for p in table.placed} - {None} <= set(FULL_DECK), what
    for p in table.placed:
        rect = pygame.Rect(p.x, p.y, table.card_w, table.card_h)
        assert play_area.contains(rect), (what, p, play_area)
        sprite = table.sprites[p.key]
        assert (round(sprite.x), round(sprite.y)) == (p.x, p.y), (what, p.key)
    for s in slots:
        assert play_area.contains(s.rect), (what, s.pile)
    # Every card of a tableau pile shows at least a sliver of its index corner.
    for t in range(4):
        ys = [p.y for p in table.placed if p.pile == f"tableau:{t}"]
        assert all(b - a >= 2 for a, b in itertools.pairwise(ys)), (what, t)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_piles_never_overlap_and_cards_stay_between_bar_and_status(make_app, size, preset):
    app, table = open_at(make_app, size, preset)
    assert app.size == size
    for what, state in positions(preset).items():
        set_position(table, state)
        check_layout(app, table, f"{size} {preset}: {what}")


def test_cards_get_bigger_on_bigger_windows(make_app):
    widths = []
    for size in SIZES:
        _app, table = open_at(make_app, size, "seed")
        assert table.card_h == round(table.card_w * 1.4)
        widths.append(table.card_w)
    assert widths == sorted(widths) and len(set(widths)) == len(widths), widths
    assert widths[0] >= 60  # still readable in the smallest window


def test_a_very_wide_or_very_tall_window_still_fits(make_app):
    for size in [(3840, 800), (800, 2160), (2560, 600)]:
        app, table = open_at(make_app, size, "classic")
        for what, state in positions("classic").items():
            set_position(table, state)
            check_layout(app, table, f"{size}: {what}")


def test_leaving_full_screen_restores_the_window_size_and_keeps_it(make_app):
    from game.driver import Driver
    from game.scenes.menu import MenuScene

    app = make_app((1280, 720))
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.key(pygame.K_F11)
    assert app.fullscreen
    full = app.size
    driver.post(pygame.VIDEORESIZE, size=full, w=full[0], h=full[1])
    driver.run(1)
    driver.key(pygame.K_F11)
    assert not app.fullscreen and app.size == (1280, 720)
    # SDL reports the full-screen size late, after the switch back: it must not stick.
    driver.post(pygame.VIDEORESIZE, size=full, w=full[0], h=full[1])
    driver.run(1)
    assert app.size == (1280, 720)
    assert (app.settings.window_width, app.settings.window_height) == (1280, 720)


def test_a_remembered_window_bigger_than_the_screen_opens_fitted_to_it(monkeypatch):
    from game import app as app_module

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    assert app_module.fit_to_desktop((1920, 1080)) == (1366, 768)
    assert app_module.fit_to_desktop((1280, 720)) == (1280, 720)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(640, 480)])
    assert app_module.fit_to_desktop((1920, 1080)) == app_module.MIN_SIZE
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")  # no screen to fit
    assert app_module.fit_to_desktop((1920, 1080)) == (1920, 1080)


class BlitSpy(pygame.Surface):
    """A window-sized surface that remembers where each image was drawn."""

    def __init__(self, size):
        super().__init__(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        self.blits.append((source, pygame.Rect(rect.topleft, source.get_size())))
        return rect


TIP_SIZES = [*SIZES, (2560, 600)]


@pytest.mark.parametrize("game", registry.names())
@pytest.mark.parametrize("size", TIP_SIZES, ids=[f"{w}x{h}" for w, h in TIP_SIZES])
def test_the_tip_line_ends_before_its_close_button_cut_after_a_whole_word(
    make_app, monkeypatch, size, game
):
    app = make_app(size=size, animation="off")
    open_table(app, DealRequest.build(engines.get(game), seed=7))
    table = next(s for s in app.scenes if isinstance(s, TableScene))  # under a hand-off, maybe
    assert table.showing_tip() and table.tip_h > 0
    made: list[tuple[pygame.Surface, str]] = []  # each text image made, with its words
    real = ui.text

    def text(s, *args, **kwargs):
        made.append((real(s, *args, **kwargs), s))
        return made[-1][0]

    monkeypatch.setattr(ui, "text", text)
    spy = BlitSpy(size)
    table.draw_tip(spy, theme.ui_scale(size))
    words = {id(img): s for img, s in made}
    drawn = [(words[id(img)], rect) for img, rect in spy.blits if id(img) in words]
    drawn = [(s, rect) for s, rect in drawn if s.startswith("Tip")]
    assert len(drawn) == 1, drawn
    line, rect = drawn[0]
    close = table.tip_close_rect()
    assert rect.right < close.x and rect.x >= 0, (line, rect, close)
    full = f"Tip: {table.tip}"
    if line != full:  # cut: whole words, then "…"
        head = line.removesuffix("…")
        assert line.endswith("…") and full.startswith(head) and full[len(head)] == " ", line
        assert head and head[-1] not in " ·", line


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_dialogs_buttons_hold_their_whole_labels(make_app, size):
    """The saved-game question's "Resume saved game" was cut to "sume saved gar" at 1280x800: every
    button is now as wide as the longest label needs, in a row inside the panel and the window
    (which even labels far too long for it never leave)."""
    from game.scenes.dialogs import ChoiceScene

    app = make_app(size)
    window = pygame.Rect((0, 0), size)
    for labels, whole in (
        (["Resume saved game", "Start the new one", "Main menu"], True),
        (["A label far too long for any button row at all"] * 3, False),
    ):
        choices = [(label, lambda: None) for label in labels]
        dialog = ChoiceScene(app, "A saved game is waiting", ["Deal #9: 4 moves made."], choices)
        dialog.resize(size)
        rects = [b.rect for b in dialog.buttons]
        for button in dialog.buttons:
            label = ui.text(button.label, button.size, bold=button.primary)
            assert not whole or label.get_width() + 8 <= button.rect.w, (button.label, button.rect)
            assert dialog.box.contains(button.rect) and window.contains(button.rect)
        assert all(a.right < b.left for a, b in itertools.pairwise(rects))
