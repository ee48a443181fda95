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


FOREIGN = {
    # our columns, but values no result of ours has (a summary or a plot of them would fail)
    "bad scores": (
        stats.SCHEMA,
        "INSERT INTO results (game, variant, seed, outcome, moves, seconds, score, finished_at,"
        " scores) VALUES ('canals', 'standard', 1, 'won', 9, 1.0, 3, 0, 'n/a')",
    ),
    "no constraints, a null": (
        "CREATE TABLE results (id INTEGER PRIMARY KEY, game, variant, seed, outcome, moves,"
        " seconds, score, finished_at, scores)",
        "INSERT INTO results (game, variant, seed, outcome, moves, seconds, score, finished_at,"
        " scores) VALUES ('canfield', 'seed', 1, 'won', 9, NULL, 3, 0, '')",
    ),
    # a layout of its own: later writes would fail on every finished game
    "no finished_at": (
        "CREATE TABLE results (id INTEGER PRIMARY KEY, game TEXT, variant TEXT, seed INTEGER,"
        " outcome TEXT, moves INTEGER, seconds REAL, score INTEGER, scores TEXT)",
        "",
    ),
    "a view": ("CREATE VIEW results AS SELECT 1 AS id", ""),
}


@pytest.mark.parametrize("case", FOREIGN)
def test_a_database_not_laid_out_or_filled_as_ours_is_kept_aside(home, case):
    import sqlite3

    db = sqlite3.connect(home / "stats.sqlite3")
    for statement in FOREIGN[case]:
        if statement:
            db.execute(statement)
    db.commit()
    db.close()
    s = stats.Stats()
    assert s.summary("canals").played == 0 and s.recent("canals", 5) == []
    s.record("canfield", "seed", 1, "won", 100, 100.0)
    assert s.summary("canfield").won == 1
    assert "damaged" in s.problem
    assert (home / "stats.sqlite3.corrupt").exists()


def test_a_folder_at_the_database_s_name_is_kept_aside(home):
    (home / "stats.sqlite3").mkdir()
    (home / "stats.sqlite3" / "keep").write_text("mine")
    s = stats.Stats()
    s.record("canfield", "seed", 1, "won", 100, 100.0)
    assert s.summary("canfield").won == 1
    assert s.problem == "stats.sqlite3 was not a file; it was kept aside as stats.sqlite3.corrupt"
    assert (home / "stats.sqlite3.corrupt" / "keep").read_text() == "mine"


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


@pytest.mark.parametrize("seed", [0, 2**63 - 1, 2**63, 2**64 - 1])
def test_every_deal_number_fits_and_reads_back(home, seed):
    s = stats.Stats()
    s.record("canfield", "seed", seed, "won", 1, 1.0)  # before the fix: OverflowError at 2**63
    (stored,) = s.db().execute("SELECT seed FROM results").fetchone()
    assert stored % 2**64 == seed and s.summary("canfield").won == 1


def test_a_database_of_the_first_release_keeps_its_rows(home):
    import sqlite3

    old = sqlite3.connect(home / "stats.sqlite3")
    old.execute(stats.SCHEMA.replace(",\n    scores TEXT NOT NULL DEFAULT ''", ""))
    old.execute(
        "INSERT INTO results (game, variant, seed, outcome, moves, seconds, score, finished_at)"
        " VALUES ('canfield', 'seed', 77, 'won', 90, 100.0, 52, 0)"
    )
    old.commit()
    old.close()
    s = stats.Stats()
    s.record("canfield", "seed", 2**64 - 1, "lost", 5, 5.0)
    seeds = [v % 2**64 for (v,) in s.db().execute("SELECT seed FROM results ORDER BY id")]
    assert seeds == [77, 2**64 - 1] and s.problem is None


def fill(path, rows: int = 2000) -> None:
    s = stats.Stats(path)
    db = s.db()
    with db:
        db.executemany(
            "INSERT INTO results (game, variant, seed, outcome, moves, seconds, score,"
            " finished_at) VALUES ('canfield', 'seed', ?, 'won', 1, 1.0, 0, 0)",
            [(i,) for i in range(rows)],
        )
    s.close()


def test_damage_deep_in_the_database_is_found_and_set_aside(home):
    path = home / "stats.sqlite3"
    fill(path)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    data[3 * page + 8 : 3 * page + 800] = b"\xa5" * 792  # a leaf page of the table, not page 1
    path.write_bytes(bytes(data))
    s = stats.Stats()
    assert s.summary("canfield").played == 0  # a fresh database
    assert "damaged" in s.problem and "stats.sqlite3.corrupt" in s.problem
    assert (home / "stats.sqlite3.corrupt").read_bytes() == bytes(data)
    s.record("canfield", "seed", 1, "won", 1, 1.0)
    assert stats.Stats().summary("canfield").played == 1


def test_the_database_uses_wal(home):
    s = stats.Stats()
    assert s.db().execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_link_out_of_the_folder_never_creates_a_database_there(home, tmp_path):
    outside = tmp_path / "elsewhere" / "stats.sqlite3"
    outside.parent.mkdir()
    (home / "stats.sqlite3").symlink_to(outside)
    (home / "stats.sqlite3-wal").symlink_to(tmp_path / "elsewhere" / "wal")
    s = stats.Stats()
    s.record("canfield", "seed", 1, "won", 1, 1.0)
    assert list(outside.parent.iterdir()) == []
    assert "link out of the data folder" in s.problem
    assert (home / "stats.sqlite3.corrupt").is_symlink()
    assert not (home / "stats.sqlite3").is_symlink() and s.summary("canfield").played == 1


def test_a_result_that_cannot_be_recorded_is_a_toast_and_play_goes_on(make_app, monkeypatch):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver, seed=2**63)

    def broken(*_args, **_kwargs):
        raise RuntimeError("no statistics today")

    monkeypatch.setattr(app.stats, "record", broken)
    driver.click(table.pile_target_rect("stock").center)
    driver.key(pygame.K_n)  # a new deal: the one under way counts as lost
    driver.key(pygame.K_RETURN)
    assert app.toasts.latest == "Could not record the result: no statistics today"
    assert app.scene is table and table.pos == 0
    driver.click(table.pile_target_rect("stock").center)
    assert table.pos == 1


def test_a_deal_number_of_2_63_or_more_is_recorded_after_a_resume(make_app, home):
    from game import saves
    from game.waiting import give_up

    seed = 2**64 - 1
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver, seed=seed)
    driver.click(table.pile_target_rect("stock").center)
    assert saves.flush(10.0)
    saved, problem = saves.load("canfield", "seed")
    assert problem is None and saved.record.seed == seed
    give_up(app, saved)  # start afresh: the saved deal counts as lost
    summary = app.stats.summary("canfield", "seed")
    assert (summary.played, summary.won) == (1, 0)


def test_giving_up_a_save_survives_any_failure_to_record(make_app, monkeypatch):
    from game import saves
    from game.waiting import give_up

    app = make_app()
    record = engines_record()
    monkeypatch.setattr(app.stats, "record", lambda *a, **k: 1 / 0)
    give_up(app, saves.Saved(record, 1.0))
    assert app.toasts.latest.startswith("Could not record the result: division by zero")


def engines_record():
    import engines

    return engines.GameRecord("canfield", 2**63, 1, dict(engines.get("canfield").presets["seed"]))
