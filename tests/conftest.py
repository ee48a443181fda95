"""Shared fixtures: a headless pygame, a private data folder per test, a fresh App and a Driver.

SDL's dummy video and audio drivers are chosen here, at import time, before anything imports
pygame. Every test gets its own CARDTABLE_HOME (a tmp dir), so no test ever reads or writes the
real user data folder; the session-wide value set below is a safety net for code that runs
outside a test function.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-tests-")

from collections.abc import Iterable
from typing import Any

import pygame
import pytest

from engines import canfield
from engines.cards import FULL_DECK, RANKS

atexit.register(shutil.rmtree, os.environ["CARDTABLE_HOME"], ignore_errors=True)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private, empty user data folder for this test."""
    path = tmp_path / "home"
    path.mkdir()
    monkeypatch.setenv("CARDTABLE_HOME", str(path))
    return path


@pytest.fixture
def make_app(home):
    """A factory of fresh Apps (window size, optional settings) in the test's private folder."""
    from game.app import App

    made: list[Any] = []

    def make(size: tuple[int, int] = (1280, 800), **settings: Any):
        app = App(size=size)
        pygame.event.clear()  # nothing left over from an earlier window
        for key, value in settings.items():
            assert hasattr(app.settings, key), key
            setattr(app.settings, key, value)
        made.append(app)
        return app

    yield make
    if pygame.display.get_init():
        pygame.event.clear()


@pytest.fixture
def app(make_app):
    """An App at 1280×800 with the main menu on it (animations at normal speed)."""
    from game.scenes.menu import MenuScene

    app = make_app()
    app.push(MenuScene(app))
    return app


@pytest.fixture
def driver(app):
    from game.driver import Driver

    d = Driver(app)
    d.run(1)
    return d


# -- building positions -----------------------------------------------------------------------


def run_of(base: int, suit: str, count: int, start: int = 0) -> list[str]:
    """`count` cards of `suit` in foundation order from position `start` (0 = the base rank)."""
    return [RANKS[(base - 1 + start + i) % 13] + suit for i in range(count)]


def nearly_won() -> canfield.CanfieldState:
    """Every card on the foundations but the last heart, which is on tableau 0."""
    base = 7
    f = [run_of(base, s, 13) for s in "HSDC"]
    last = f[0].pop()
    return make_state(base=base, foundations=f, tableau=([last], [], [], []), rest="stock")


def make_state(
    *,
    base: int = 7,
    foundations: Iterable[Iterable[str]] = ((), (), (), ()),
    reserve: Iterable[str] = (),
    tableau: Iterable[Iterable[str]] = ((), (), (), ()),
    stock: Iterable[str] | None = None,
    waste: Iterable[str] = (),
    options: dict[str, Any] | None = None,
    seed: int = 1,
    rest: str = "stock",
) -> canfield.CanfieldState:
    """A Canfield position via `from_dict`; every card not named goes to the bottom of `rest`."""
    d: dict[str, Any] = {
        "game": "canfield",
        "seed": seed,
        "options": {**canfield.DEFAULTS, **(options or {})},
        "base_rank": base,
        "foundations": [list(f) for f in foundations],
        "reserve": list(reserve),
        "tableau": [list(t) for t in tableau],
        "stock": list(stock or ()),
        "waste": list(waste),
        "redeals_used": 0,
    }
    named = {c for key in ("reserve", "stock", "waste") for c in d[key]}
    named |= {c for p in (*d["foundations"], *d["tableau"]) for c in p}
    leftover = [c for c in FULL_DECK if c not in named]
    d[rest] = leftover + d[rest]
    return canfield.from_dict(d)


# -- driving a table ----------------------------------------------------------------------------


def open_canfield(app, driver, seed: int = 2024, preset: str = "seed", options=None):
    """Open a Canfield table straight onto a deal and let the deal animation land."""
    from engines import canfield as cf
    from game.deal import DealRequest
    from game.table import open_table

    opts = dict(cf.presets[preset])
    opts.update(options or {})
    request = DealRequest("canfield", seed, opts, 1, ["human"])
    open_table(app, request)
    driver.run(40)
    table = app.scene
    assert table.game.name == "canfield"
    assert not any(s.moving for s in table.sprites.values())
    return table


def open_game(make_app, request, size=(1280, 800), frames=3, settle=2):
    """A table opened from the menu for `request`; (app, table, driver) once `settle` frames ran."""
    from game.driver import Driver
    from game.scenes.menu import MenuScene
    from game.table import open_table

    app = make_app(size)
    app.push(MenuScene(app))
    open_table(app, request)
    table = next(s for s in app.scenes if hasattr(s, "seats"))
    driver = Driver(app, frames=frames)
    driver.run(settle)
    return app, table, driver


def pass_handoff(app, driver) -> None:
    """Wait out the hand-off screen's first moments, then press I'm ready."""
    from game.scenes.handoff import HandoffScene

    driver.run(10)  # the screen ignores input for its first moments
    assert isinstance(app.scene, HandoffScene)
    driver.click(app.scene.ready.rect.center)


def set_position(table, state) -> None:
    """Put `state` on the table as the start of its history (as if it had been dealt)."""
    table.show_position(state)


def check_hands(table, row: pygame.Rect) -> None:
    """Both hands of a two-player table as game.table.hands lays them out: the other player's
    backs (no faces) whole inside the table and clear of every other card; the viewer's hand
    centred in `row`, evenly spaced, a small gap apart while it fits, else overlapped with every
    index showing."""
    import itertools

    from game.table.hands import gap_for, index_width

    cw, ch = table.card_w, table.card_h
    other = f"hand:{1 - table.viewer}"
    backs = table.pile_cards(other)
    assert len(backs) == len(table.view["hands"][1 - table.viewer])
    rest = [pygame.Rect(p.x, p.y, cw, ch) for p in table.placed if p.pile != other]
    for p in backs:
        rect = pygame.Rect(p.x, p.y, cw, ch)
        assert p.card is None and not p.face_up, p
        assert table.play_area().contains(rect), (p, table.play_area())
        assert rect.collidelist(rest) == -1, (p, rest[rect.collidelist(rest)])
    hand = table.pile_cards("hand")
    n = len(hand)
    left, right = hand[0].x - row.x, row.right - (hand[-1].x + cw)
    assert abs(left - right) <= 2, (left, right)
    steps = {b.x - a.x for a, b in itertools.pairwise(hand)}
    assert max(steps) - min(steps) <= 1, steps
    gap = gap_for(cw)
    if n * cw + (n - 1) * gap <= row.w:
        assert cw < min(steps) <= cw + gap, (steps, cw)
    else:
        assert left + right <= 2 and min(steps) >= index_width(cw), (steps, cw)


def settle(driver, table, frames: int = 60) -> None:
    """Run frames until nothing moves and no automatic move is queued."""
    for _ in range(frames):
        if not table.queue and not any(s.moving for s in table.sprites.values()):
            return
        driver.run(1)
    raise AssertionError("the table never came to rest")


def button(scene, label: str):
    found = [b for b in scene.buttons if b.label == label]
    assert len(found) == 1, f"no single button {label!r} in {[b.label for b in scene.buttons]}"
    return found[0]


def resize_window(app, driver, size: tuple[int, int]) -> None:
    """What a window manager does: the window gets a new size, then SDL posts VIDEORESIZE.

    Under the dummy driver nothing resizes the window for us, so set its size first (as the
    window system would), then post the real event the app listens to.
    """
    pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    driver.run(2)


def wait_for(driver, condition, seconds: float = 10.0) -> None:
    """Run frames until `condition` holds; real time bounds it (the worker is another process)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        driver.run(1)
    raise AssertionError("it never happened")


@pytest.fixture(autouse=True)
def repeatable_deals():
    """New deal numbers come from a seeded source, so every run of a test sees the same deals."""
    from game import deal

    deal.deal_numbers.seed(20261129)
    yield
