"""A monkey at the table: thousands of random clicks, drags, keys and resizes across every scene must
never raise, and whatever the monkey did, the table still shows exactly the engine's state."""

from __future__ import annotations

import random

import pygame
import pytest

from game.driver import Driver
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.table.base import TableScene

KEYS = [
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_z,
    pygame.K_y,
    pygame.K_h,
    pygame.K_a,
    pygame.K_n,
    pygame.K_r,
    pygame.K_f,
    pygame.K_e,
    pygame.K_1,
    pygame.K_2,
    pygame.K_5,
    pygame.K_BACKSPACE,
    pygame.K_F1,
]
SIZES = [(800, 600), (1280, 800), (1024, 700), (1920, 1080)]


def card_gesture(rng: random.Random, driver: Driver, table: TableScene) -> None:
    """Aimed like a player's hand: from a random card to a random pile (legal or not), or a click."""
    p = rng.choice(table.placed)
    start = table.card_point(p.pile, p.index)
    if rng.random() < 0.3:
        driver.click(start, frames=1)
        return
    slot = rng.choice(table.slot_list)
    driver.drag(start, table.pile_target_rect(slot.pile).center, steps=3)


def random_event(rng: random.Random, driver: Driver, size: tuple[int, int]) -> None:
    scene = driver.app.scene
    if isinstance(scene, TableScene) and scene.placed and rng.random() < 0.5:
        card_gesture(rng, driver, scene)
        return
    w, h = size
    point = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    if roll < 0.35:
        driver.click(point, frames=1)
    elif roll < 0.6:
        driver.drag(point, (rng.randrange(w), rng.randrange(h)), steps=3)
    elif roll < 0.9:
        mod = rng.choice([0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT])
        key = rng.choice(KEYS)
        driver.post(pygame.KEYDOWN, key=key, mod=mod, unicode=pygame.key.name(key)[:1], scancode=0)
        driver.run(1)
    elif roll < 0.97:
        driver.post(pygame.MOUSEBUTTONDOWN, pos=point, button=3)
        driver.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
        driver.run(1)
    else:
        new = rng.choice(SIZES)
        pygame.display.set_mode(new, pygame.RESIZABLE)
        driver.post(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])
        driver.run(1)


def table_matches_engine(table: TableScene) -> None:
    """Every card of the engine's state has exactly one sprite, resting where the layout puts it."""
    state = table.state
    codes = [p.key for p in table.placed]
    assert len(codes) == len(set(codes)) == 52
    assert set(table.sprites) == set(codes)
    if table.game.name == "canfield":
        for p in table.placed:
            assert p.card in (None, state.pile(p.pile)[p.index])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_input_never_breaks_the_app(make_app, seed):
    rng = random.Random(seed)
    app = make_app(size=(1280, 800), animation="fast")
    app.push(MenuScene(app))
    driver = Driver(app, frames=1, dt=0.06)
    driver.run(2)
    tables_seen = set()
    made = 0  # engine moves the monkey managed to make
    seen_pos: dict[int, int] = {}
    for _ in range(1200):
        if not app.running:  # the monkey found Quit: start again
            app = make_app(size=(1280, 800), animation="fast")
            app.push(MenuScene(app))
            driver = Driver(app, frames=1, dt=0.06)
        if isinstance(app.scene, MenuScene) and rng.random() < 0.3:
            name = rng.choice(["canfield", "canals"])
            driver.click(app.scene.game_buttons[name].rect.center, frames=1)
        if isinstance(app.scene, SetupScene) and rng.random() < 0.3:
            driver.click(app.scene.start.rect.center, frames=1)
        random_event(rng, driver, app.size)
        for scene in app.scenes:
            if isinstance(scene, TableScene):
                tables_seen.add(scene.game.name)
                made += max(0, scene.pos - seen_pos.get(id(scene), 0))
                seen_pos[id(scene)] = scene.pos
                if not scene.in_flight() and not scene.held:
                    table_matches_engine(scene)
    assert tables_seen  # the monkey did reach a table
    assert made >= 20  # ... and played there
