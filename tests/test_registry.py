"""The registry is the one list of games: an extra entry shows up in the menu, setup, Rules,
Statistics, smoke and bench without any other edit."""

from __future__ import annotations

import random
import sys
import types
from dataclasses import dataclass, field
from typing import ClassVar

import pygame
import pytest

import engines
from game import bench, registry, smoke
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene, read_page
from game.scenes.setup import SetupScene
from game.scenes.stats_scene import StatsScene

# -- a made-up game: a few lines of engine, a table class with labels, one registry line ------


@dataclass(frozen=True)
class Step:
    n: int


@dataclass(frozen=True)
class CountState:
    """Players take turns adding 1 or 2 to a counter; reaching 10 ends the game."""

    options: dict
    players: int
    total: int = 0
    turn: int = 0
    events: list = field(default_factory=list)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over() else self.turn % self.players

    def is_over(self) -> bool:
        return self.total >= 10

    def legal_moves(self) -> list[Step]:
        return [] if self.is_over() else [Step(1), Step(self.options["step"])]

    def apply(self, move: Step) -> CountState:
        return CountState(self.options, self.players, self.total + move.n, self.turn + 1)


def new_game(seed: int = 0, players: int = 2, options: dict | None = None) -> CountState:
    opts = {"step": 2, **(options or {})}
    if opts["step"] not in (2, 3) or set(opts) != {"step"}:
        raise ValueError("count: bad options")
    if not 2 <= players <= 4:
        raise ValueError("count: players must be 2–4")
    return CountState(opts, players)


class CountTable:
    option_text: ClassVar[dict] = {"step": ("Big step", {2: "Two", 3: "Three"})}
    seat_names = ("North", "East", "South", "West")


COUNT = registry.Game("count", "Count to Ten", "Add up · 2–4 players", engine="count_engine", table="count_table:CountTable", rules="count")  # fmt: skip
DOMINOES = registry.Game("dominoes", "Dominoes", "Tiles · 2 players", engine=None, table=None, rules="dominoes")  # fmt: skip


@pytest.fixture
def extra_games(monkeypatch):
    """Register the made-up game (playable) and a coming-soon one, one line each."""
    engine = types.ModuleType("count_engine")
    engine.__dict__.update(
        name="count",
        title="Count to Ten",
        min_players=2,
        max_players=4,
        OPTIONS={"step": (2, 3)},
        DEFAULTS={"step": 2},
        presets={"short": {"step": 3}, "long": {"step": 2}},
        new_game=new_game,
    )
    table = types.ModuleType("count_table")
    table.CountTable = CountTable
    monkeypatch.setitem(sys.modules, "count_engine", engine)
    monkeypatch.setitem(sys.modules, "count_table", table)
    monkeypatch.setitem(engines.GAMES, "count", engine)
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, COUNT, DOMINOES))
    return engine


def test_the_registry_answers_for_every_game(extra_games):
    assert registry.names()[:4] == ("canfield", "canals", "sandcastles", "orchard")
    assert registry.playable_names() == ("canfield", "canals", "sandcastles", "orchard", "count")
    assert registry.engine("canals") is engines.get("canals")
    assert registry.table_class("canfield").__name__ == "CanfieldTable"
    assert registry.table_class("sandcastles").__name__ == "SandcastlesTable"
    assert registry.title("orchard") == "Orchard"
    assert not registry.playable("dominoes")
    with pytest.raises(KeyError, match="coming soon"):
        registry.engine("dominoes")
    with pytest.raises(KeyError, match=r"unknown game 'chess' \(known: canfield, canals"):
        registry.entry("chess")


def test_the_menu_lists_every_registered_game_and_offers_only_playable_ones(app, driver):
    menu = app.scene
    assert list(menu.game_buttons) == list(registry.names())
    assert [b.label for b in menu.game_buttons.values()] == [g.title for g in registry.GAMES]
    for name, b in menu.game_buttons.items():
        assert b.enabled() == registry.playable(name), name
        assert (menu.note(name) == "coming soon") != registry.playable(name)
    driver.key(pygame.K_3)
    assert isinstance(app.scene, SetupScene) and app.scene.game.name == "sandcastles"


def test_an_extra_entry_reaches_the_menu(extra_games, make_app):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    menu = app.scene
    assert list(menu.game_buttons)[-2:] == ["count", "dominoes"]
    assert menu.game_buttons["count"].enabled() and not menu.game_buttons["dominoes"].enabled()
    assert menu.note("count") == "Add up · 2–4 players"
    assert menu.note("dominoes") == "coming soon"
    driver.key(pygame.K_6)  # the sixth game: coming soon, nothing opens
    assert app.scene is menu
    driver.key(pygame.K_5)
    assert isinstance(app.scene, SetupScene) and app.scene.game is extra_games


def test_an_extra_entry_reaches_setup_with_its_labels_presets_and_seats(extra_games, make_app):
    app = make_app()
    app.push(MenuScene(app))
    setup = SetupScene(app, "count")
    app.push(setup)
    rows = {row.label: [label for label, _ in row.values] for row in setup.grid.rows}
    assert rows["Rules"] == ["Short", "Long", "Custom"]
    assert rows["Big step"] == ["Two", "Three"]
    assert rows["Players"] == ["2", "3", "4"]
    assert "North" in rows and "East" in rows and "South" not in rows  # two seats to start
    setup.set_players(4)
    assert [r.label for r in setup.grid.rows][-5:] == [
        "North",
        "East",
        "South",
        "West",
        "Between turns",
    ]
    request = setup.request()
    assert (request.game, request.players, request.seats) == ("count", 4, ["human"] * 4)
    assert request.options == {"step": 3}


def test_an_extra_entry_reaches_rules_stats_smoke_and_bench(extra_games, make_app):
    app = make_app()
    app.push(MenuScene(app))
    rules = RulesScene(app, "count")
    app.push(rules)
    assert list(rules.tabs) == [*registry.names()]
    assert rules.tabs["count"].label == "Count to Ten" and rules.tabs["count"].selected
    assert "not written yet" in read_page("dominoes")
    app.pop()
    app.stats.record("count", "short", 1, "player 3", 5, 10.0, 7)
    stats = StatsScene(app)
    assert list(stats.tabs) == [*registry.playable_names()]
    stats.show("count")
    assert stats.tabs["count"].label == "Count to Ten"
    assert stats.table.headers == [
        "Rules",
        "Played",
        "North won",
        "East won",
        "South won",
        "Draws",
        "Best score",
    ]
    assert stats.table.rows[0] == ["All deals", "1", "0", "0", "1", "0", "7"]
    assert [row[0] for row in stats.table.rows] == ["All deals", "Short", "Long"]
    assert smoke.games() == ("canfield", "canals", "sandcastles", "orchard", "count")
    rates = bench.moves_per_second(seconds=0.02, rng=random.Random(1))
    assert list(rates) == [*smoke.games()] and rates["count"] > 0
