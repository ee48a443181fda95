"""A crash that slips through the main loop: the game is kept, a report is written into the data
folder with the traceback and the game record, and the player is told calmly where it is."""

from __future__ import annotations

import pygame
from conftest import open_canfield

import engines
from game import crash, saves
from game.driver import Driver
from game.scenes.menu import MenuScene


def crashing(table) -> None:
    """The table's next frame raises, after asking the window to close (the final message under
    the dummy driver is drawn once and never waits, but a real one would see this QUIT)."""

    def update(dt: float) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        raise RuntimeError("the felt caught fire")

    table.update = update


def test_a_crash_in_the_loop_writes_a_report_and_keeps_the_game(
    make_app, home, capsys, monkeypatch
):
    monkeypatch.setattr(pygame, "quit", lambda: None)  # later tests keep the cached fonts
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    table = open_canfield(app, driver, seed=4242)
    driver.click(table.pile_target_rect("stock").center)
    driver.click(table.pile_target_rect("stock").center)
    crashing(table)
    app.run()  # returns: nothing escapes
    assert app.crashed
    (report,) = home.glob("crash-*.txt")
    text = report.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: the felt caught fire" in text
    record = engines.GameRecord.from_json(
        text.split("`cardtable replay FILE`:\n")[1].split("\n")[0]
    )
    assert record.seed == 4242 and len(record.moves) == 2
    said = capsys.readouterr().err
    assert str(report) in said and "Your game is saved" in said and "Traceback" not in said
    # The next start offers the game again, exactly as it stood.
    saved, problem = saves.load("canfield", "seed")
    assert problem is None and saved.record.moves == record.moves


def test_a_crash_at_start_is_reported_too(home, monkeypatch, capsys):
    from game import launch

    def broken(self, app) -> None:
        raise ValueError("no menu today")

    monkeypatch.setattr(MenuScene, "__init__", broken)
    assert launch.run_app(None) == 1
    (report,) = home.glob("crash-*.txt")
    assert "ValueError: no menu today" in report.read_text(encoding="utf-8")
    assert str(report) in capsys.readouterr().err


def test_old_reports_are_pruned(home):
    for i in range(crash.KEEP_REPORTS + 3):
        (home / f"crash-20200101-0000{i:02d}.txt").write_text("old")
    crash.write_report("new")
    reports = sorted(home.glob("crash-*.txt"))
    assert len(reports) == crash.KEEP_REPORTS and reports[-1].read_text() == "new"
