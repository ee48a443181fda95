"""The statistics screen: a table per game and preset, a plot of the last 50 results, all of it
inside the window at every size; and the queries behind it (recent results, seat scores)."""

from __future__ import annotations

import sqlite3

import pygame
import pytest

from game import stats
from game.driver import Driver
from game.scenes.menu import MenuScene
from game.scenes.stats_scene import LOST_COLOUR, SEAT_COLOURS, WON_COLOUR, StatsScene


def fill(results: stats.Stats) -> None:
    """60 Canfield deals (every third won, some custom) and four Canals games."""
    for i in range(60):
        variant = ["seed", "classic", "custom"][i % 3]
        results.record("canfield", variant, i, "won" if i % 3 == 0 else "lost", 100 + i, 200.0 + i)
    for i, (a, b) in enumerate([(9, 4), (3, 8), (5, 5), (7, 6)]):
        outcome = "draw" if a == b else "player 1" if a > b else "player 2"
        results.record("canals", "default", i, outcome, 52, 300.0, max(a, b), scores=(a, b))


def test_recent_results_come_oldest_first_with_every_seat_score(home):
    results = stats.Stats()
    fill(results)
    recent = results.recent("canfield", 50)
    assert len(recent) == 50 and recent[0].outcome == "lost" and recent[-1].outcome == "lost"
    assert [r.outcome for r in recent[-3:]] == ["won", "lost", "lost"]  # deals 57, 58, 59
    canals = results.recent("canals", 50)
    assert [r.margin for r in canals] == [5, -5, 0, 1]
    assert results.variants("canfield") == {"seed", "classic", "custom"}
    results.record("canals", "default", 9, "player 1", 52, 1.0, 4)  # no seat scores given
    assert results.recent("canals", 1)[0].margin is None


def test_an_older_database_gains_the_scores_column(home):
    old = sqlite3.connect(home / "stats.sqlite3")
    old.execute(
        "CREATE TABLE results (id INTEGER PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL,"
        " seed INTEGER NOT NULL, outcome TEXT NOT NULL, moves INTEGER NOT NULL,"
        " seconds REAL NOT NULL, score INTEGER NOT NULL DEFAULT 0, finished_at REAL NOT NULL)"
    )
    old.execute("INSERT INTO results VALUES (1, 'canals', 'default', 1, 'player 2', 52, 1, 8, 0)")
    old.commit()
    old.close()
    results = stats.Stats()
    results.record("canals", "default", 2, "player 1", 52, 1.0, 6, scores=(6, 2))
    assert [r.margin for r in results.recent("canals", 5)] == [None, 4]
    assert results.problem is None and not (home / "stats.sqlite3.corrupt").exists()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_screen_fits_the_window_with_a_table_and_a_plot(make_app, size):
    app = make_app(size)
    fill(app.stats)
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.key(pygame.K_t)
    screen = app.scene
    assert isinstance(screen, StatsScene)
    window = app.screen.get_rect()
    for game in ("canfield", "canals"):
        driver.click(screen.tabs[game].rect.center)
        assert screen.game == game
        parts = [screen.table.rect, screen.plot, *(b.rect for b in screen.buttons)]
        assert all(window.contains(rect) for rect in parts), game
        assert (
            screen.table.rect.bottom < screen.plot.top < screen.plot.bottom < screen.back.rect.top
        )
        app.draw()
    driver.click(screen.tabs["canfield"].rect.center)
    assert [row[0] for row in screen.table.rows] == ["All deals", "Seed", "Classic", "Custom"]
    assert screen.table.rows[0][:4] == ["All deals", "60", "20", "33%"]
    assert len(screen.bars) == 50
    assert [b.colour for b in screen.bars[-3:]] == [WON_COLOUR, LOST_COLOUR, LOST_COLOUR]
    driver.key(pygame.K_RIGHT)  # the next tab from the keyboard
    assert screen.game == "canals"
    assert [round(b.value, 2) for b in screen.bars] == [1.0, -1.0, 0.0, 0.2]
    assert screen.bars[0].colour == SEAT_COLOURS[0] and screen.bars[1].colour == SEAT_COLOURS[1]
