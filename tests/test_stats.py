"""Statistics: results recorded once per game, summaries and streaks, a damaged database set aside."""

from __future__ import annotations

import pygame
import pytest
from conftest import button, nearly_won, open_canfield, set_position

from game import stats
from game.driver import Driver
from game.scenes.dialogs import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.stats_scene import StatsScene


def test_summary_counts_wins_streaks_and_bests(home):
    s = stats.Stats()
    for outcome, moves, seconds in [
        ("won", 120, 300.0),
        ("won", 90, 410.0),
        ("lost", 40, 60.0),
        ("won", 150, 200.0),
    ]:
        s.record("canfield", "seed", 1, outcome, moves, seconds, 52 if outcome == "won" else 10)
    s.record("canfield", "classic", 2, "lost", 10, 10.0)
    every = s.summary("canfield")
    assert (every.played, every.won) == (5, 3)
    assert every.current_streak == 0 and every.best_streak == 2
    assert every.fastest == 200.0 and every.fewest_moves == 90
    seed = s.summary("canfield", "seed")
    assert (seed.played, seed.won, seed.current_streak) == (4, 3, 1)
    assert round(seed.win_rate, 2) == 0.75
    assert s.summary("canals").played == 0
    s.reset("canfield")
    assert s.summary("canfield").played == 0


def test_a_damaged_database_is_kept_aside_and_a_new_one_started(home):
    (home / "stats.sqlite3").write_bytes(b"this is not a database" * 100)
    s = stats.Stats()
    s.record("canfield", "seed", 1, "won", 100, 100.0)
    assert s.summary("canfield").won == 1
    assert "damaged" in s.problem
    assert (home / "stats.sqlite3.corrupt").read_bytes().startswith(b"this is not")


def test_a_win_is_recorded_once_and_an_abandoned_deal_counts_as_lost(make_app):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver)
    set_position(table, nearly_won())
    driver.drag(table.card_point("tableau:0", 0), table.pile_target_rect("foundation:0").center)
    driver.run(60)
    assert table.state.is_won()
    driver.key(pygame.K_ESCAPE)  # skip the celebration
    summary = app.stats.summary("canfield", "seed")
    assert (summary.played, summary.won) == (1, 1)
    # A game under way replaced by a new deal is a loss; the new deal itself is not counted yet.
    driver.click(button(app.scene, "New deal").rect.center)
    assert app.scene is table and table.pos == 0
    driver.run(40)
    driver.click(table.pile_target_rect("stock").center)
    driver.key(pygame.K_n)
    assert isinstance(app.scene, ConfirmScene)
    driver.key(pygame.K_RETURN)
    summary = app.stats.summary("canfield", "seed")
    assert (summary.played, summary.won, summary.current_streak) == (2, 1, 0)


def test_the_statistics_screen_shows_the_numbers(make_app):
    app = make_app()
    app.stats.record("canfield", "classic", 3, "won", 80, 125.0, 52)
    app.stats.record("canals", "default", 4, "player 2", 52, 300.0, 9, scores=(4, 9))
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.click(app.scene.stats_button.rect.center)
    screen = app.scene
    assert isinstance(screen, StatsScene) and screen.game == "canfield"
    rows = {row[0]: row for row in screen.table.rows}
    assert rows["Classic"][:4] == ["Classic", "1", "1", "100%"] and rows["Classic"][6] == "2:05"
    assert rows["Seed"][1] == "0" and "Custom" not in rows
    driver.click(screen.tabs["canals"].rect.center)
    assert screen.table.headers[2:4] == ["Player 1 (red) won", "Player 2 (black) won"]
    assert screen.table.rows == [["All deals", "1", "0", "1", "0", "9"]]
    driver.click(screen.reset.rect.center)
    driver.key(pygame.K_RETURN)  # yes
    assert screen.table.rows == [["All deals", "0", "0", "0", "0", "—"]] and not screen.bars
    assert app.stats.summary("canfield").played == 1  # only the game shown was reset


def test_leaving_while_the_winning_card_still_flies_still_counts_the_win(make_app):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app, frames=1)
    table = open_canfield(app, driver)
    set_position(table, nearly_won())
    x, y = table.pile_target_rect("foundation:0").center
    driver.drag(table.card_point("tableau:0", 0), (x + 30, y + 40))  # off-centre: it glides home
    assert table.state.is_won() and table.in_flight()
    driver.key(pygame.K_ESCAPE)  # straight back to the menu
    assert isinstance(app.scene, MenuScene)
    assert app.stats.summary("canfield").won == 1


def test_a_locked_database_is_reported_not_set_aside(home):
    import sqlite3

    s = stats.Stats()
    s.record("canfield", "seed", 1, "won", 1, 1.0)
    s.close()
    other = sqlite3.connect(home / "stats.sqlite3")
    other.execute("BEGIN EXCLUSIVE")
    try:
        again = stats.Stats()
        with pytest.raises(sqlite3.OperationalError):
            again.record("canfield", "seed", 2, "won", 1, 1.0)
        assert again.problem is None and not (home / "stats.sqlite3.corrupt").exists()
    finally:
        other.rollback()
        other.close()
    assert stats.Stats().summary("canfield").played == 1
