"""Autosave and resume: a game under way survives leaving the table or quitting the app; a damaged
save is set aside and reported, never loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
from conftest import button

import engines
from game import saves
from game.deal import DealRequest
from game.driver import Driver
from game.scenes.dialogs import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.table import open_table
from game.table.base import TableScene


def on_disk(path: Path) -> Path:
    """`path` once every save asked for so far is written (saves go through a writer thread)."""
    assert saves.flush(10.0)
    return path


def start_canfield(make_app, seed=31):
    app = make_app()
    app.push(MenuScene(app))
    open_table(app, DealRequest.build(engines.get("canfield"), seed=seed))
    driver = Driver(app)
    driver.run(30)
    return app, app.scene, driver


def draw_a_card(table, driver):
    driver.click(table.pile_target_rect("stock").center)
    assert table.pos == 1


def test_leaving_a_game_under_way_saves_it_and_setup_resumes_it(make_app, home):
    app, table, driver = start_canfield(make_app)
    draw_a_card(table, driver)
    state = table.state
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, ConfirmScene) and "kept" in app.scene.lines[0]
    driver.key(pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)
    assert app.toasts.latest == "Canfield is saved — resume it from the menu"
    record = json.loads(on_disk(home / "autosave-canfield-seed.json").read_text())
    assert record["seed"] == 31 and len(record["moves"]) == 1
    driver.click(app.scene.game_buttons["canfield"].rect.center)
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.resume.enabled()
    driver.click(setup.resume.rect.center)
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed.state == state and resumed.pos == 1
    resumed.undo()  # the resumed game keeps its history
    assert resumed.pos == 0


def test_quitting_saves_the_game(make_app, home):
    app, table, driver = start_canfield(make_app)
    draw_a_card(table, driver)
    driver.post(pygame.QUIT)  # what SDL turns SIGTERM into
    driver.run(1)
    assert not app.running
    assert (
        engines.GameRecord.from_json(
            on_disk(home / "autosave-canfield-seed.json").read_text()
        ).replay()
        == table.state
    )


def test_opening_and_leaving_another_deal_keeps_the_saved_game(make_app, home):
    app, table, driver = start_canfield(make_app)
    draw_a_card(table, driver)
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_RETURN)
    saved = on_disk(home / "autosave-canfield-seed.json").read_text()
    open_table(app, DealRequest.build(engines.get("canfield"), seed=99))
    driver.run(30)
    driver.key(pygame.K_ESCAPE)  # nothing played here
    assert on_disk(home / "autosave-canfield-seed.json").read_text() == saved


def test_every_move_is_saved_at_once_and_undoing_to_the_start_clears_the_save(make_app, home):
    _app, table, driver = start_canfield(make_app)
    draw_a_card(table, driver)
    # Saved before the table closes: a crash now would lose nothing.
    assert (
        engines.GameRecord.from_json(
            on_disk(home / "autosave-canfield-seed.json").read_text()
        ).replay()
        == table.state
    )
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.key(pygame.K_ESCAPE)
    assert not on_disk(home / "autosave-canfield-seed.json").exists()


def test_a_damaged_save_is_kept_aside_and_reported(make_app, home):
    on_disk(home / "autosave-canfield-seed.json").write_text(
        '{"game": "canfield", "seed": 1, "players": 1, "options": {}, "moves": [{"src": "tableau:0", "dst": "stock", "n": 9}]}'
    )
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.click(app.scene.game_buttons["canfield"].rect.center)
    assert isinstance(app.scene, SetupScene) and not app.scene.resume.enabled()
    assert on_disk(home / "autosave-canfield-seed.json.corrupt").exists()
    assert not on_disk(home / "autosave-canfield-seed.json").exists()
    assert "damaged" in app.toasts.latest


def a_save_of(game: str, preset: str, seats: list[str] | None = None) -> str:
    players = 2 if game == "canals" else 1
    record = engines.GameRecord(game, 5, players, dict(engines.get(game).presets[preset]))
    data = json.loads(record.to_json())
    if seats is not None:
        data["seats"] = seats
    return json.dumps(data)


def test_a_save_in_another_game_s_or_preset_s_slot_is_kept_aside_not_loaded(home):
    # Resumed, it would open the other game; given up, the slot discarded would be the other's.
    own = on_disk(home / "autosave-canfield-seed.json")
    for stranger in (a_save_of("canals", "default"), a_save_of("canfield", "classic")):
        own.write_text(stranger)
        saved, problem = saves.load("canfield", "seed")
        assert saved is None and "in the seed slot" in problem
        assert not own.exists()
    assert len(list(home.glob("autosave-canfield-seed.json.corrupt*"))) == 2


def test_a_solitaire_save_with_a_computer_in_seat_one_is_damaged(home):
    on_disk(home / "autosave-canfield-seed.json").write_text(
        a_save_of("canfield", "seed", ["easy"])
    )
    saved, problem = saves.load("canfield", "seed")
    assert saved is None and "seat 1 must be human" in problem


def test_a_damaged_old_one_per_game_save_is_kept_aside_and_told_by_the_next_load(home):
    on_disk(home / "autosave-canfield.json").write_text("{ not json")
    assert saves.waiting("canfield") == []  # (the menu looks first, and says nothing)
    assert on_disk(home / "autosave-canfield.json.corrupt").exists()
    assert not on_disk(home / "autosave-canfield.json").exists()
    saved, problem = saves.load("canfield", "seed")
    assert saved is None and "autosave-canfield.json was damaged" in problem
    assert saves.load("canfield", "seed") == (None, None)  # told once


def test_a_deal_number_takes_only_plain_digits(make_app):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.click(app.scene.game_buttons["canfield"].rect.center)
    setup = app.scene
    for ch in "4²٣7":  # a superscript two and an Arabic-Indic three are digits to str.isdigit
        driver.key(pygame.K_UNKNOWN, unicode=ch)
    assert setup.deal_text == "47"
    driver.key(pygame.K_RETURN)
    assert isinstance(app.scene, TableScene) and app.scene.request.seed == 47


def test_setup_remembers_the_last_choices_and_ignores_stale_ones(make_app, home):
    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.click(app.scene.game_buttons["canfield"].rect.center)
    setup = app.scene
    classic = next(
        b
        for row in setup.grid.rows
        if row.label == "Rules"
        for b in row.buttons
        if b.label == "Classic"
    )
    driver.click(classic.rect.center)
    driver.key(pygame.K_RETURN)  # start
    assert app.scene.states[0].options["draw"] == 3
    app.quit()
    again = make_app()
    again.push(MenuScene(again))
    driver = Driver(again)
    driver.click(again.scene.game_buttons["canfield"].rect.center)
    assert again.scene.preset == "classic" and again.scene.options["tableau_move"] == "pile"
    # A hand-edited or outdated entry falls back to the defaults instead of breaking the screen.
    again.settings.last_setup["canfield"] = {"options": {"draw": 7}, "secrets": "maybe"}
    again.scene.app.pop()
    driver.click(again.scene.game_buttons["canfield"].rect.center)
    assert again.scene.preset == "seed" and again.scene.options["draw"] == 1


def test_starting_afresh_over_a_saved_solitaire_asks_and_counts_it_lost(make_app, home):
    app, table, driver = start_canfield(make_app)
    draw_a_card(table, driver)
    driver.run(20)
    table.leave()
    driver.click(app.scene.game_buttons["canfield"].rect.center)
    setup = app.scene
    driver.click(setup.start.rect.center)
    assert isinstance(app.scene, ConfirmScene) and "counted as lost" in app.scene.lines[0]
    driver.key(pygame.K_ESCAPE)  # no: nothing happens
    assert app.scene is setup and on_disk(home / "autosave-canfield-seed.json").exists()
    driver.click(setup.start.rect.center)
    driver.key(pygame.K_RETURN)  # yes
    assert isinstance(app.scene, TableScene) and app.scene.pos == 0
    assert not on_disk(home / "autosave-canfield-seed.json").exists()
    summary = app.stats.summary("canfield", "seed")
    assert (summary.played, summary.won) == (1, 0)


def test_a_resumed_game_keeps_its_clock(make_app, home):
    app, table, driver = start_canfield(make_app)
    draw_a_card(table, driver)
    driver.run(100)  # five seconds of thought
    table.leave()
    driver.click(app.scene.game_buttons["canfield"].rect.center)
    driver.click(app.scene.resume.rect.center)
    assert app.scene.elapsed >= 5.0


def test_a_finished_game_opened_again_is_not_counted_twice(make_app, home):
    from canfield_solver import solve

    app = make_app(animation="off")
    app.push(MenuScene(app))
    request = DealRequest.build(engines.get("canfield"), seed=4)
    state = engines.get("canfield").new_game(4)
    line = solve(state)
    request.moves = line
    open_table(app, request)  # as `cardtable replay` of a won game does
    driver = Driver(app)
    driver.run(10)
    assert app.scene.game.name == "canfield" and app.scene.state.is_won()
    driver.key(pygame.K_ESCAPE)
    assert app.stats.summary("canfield").played == 0


def test_the_menu_mentions_a_saved_game(make_app, home):
    app, table, driver = start_canfield(make_app)
    menu = app.scenes[0]
    assert "canfield" not in menu.saved
    draw_a_card(table, driver)
    driver.click(button(table, "Menu").rect.center)
    assert app.scene is menu and menu.saved == {"canfield"}


# -- one save per game and preset; a waiting game is never replaced without asking -------------


def play_and_leave(app, driver, request):
    from game.waiting import open_or_offer

    open_or_offer(app, request)
    driver.run(30)
    table = app.scene
    assert isinstance(table, TableScene)
    draw_a_card(table, driver)
    table.leave()
    driver.run(2)
    return table


def test_a_classic_deal_never_forfeits_a_seed_deal_under_way(make_app, home):
    from game.scenes.dialogs import ChoiceScene

    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    canfield = engines.get("canfield")
    play_and_leave(app, driver, DealRequest.build(canfield, seed=31, preset="seed"))
    play_and_leave(app, driver, DealRequest.build(canfield, seed=32, preset="classic"))
    assert not isinstance(app.scene, ChoiceScene)  # the classic slot was free: no question
    assert on_disk(home / "autosave-canfield-seed.json").exists()
    assert on_disk(home / "autosave-canfield-classic.json").exists()
    app.scene.revealed()
    assert "canfield" in app.scene.saved
    setup = SetupScene(app, "canfield")
    app.push(setup)
    setup.set_preset("seed")
    assert setup.saved.record.seed == 31
    setup.set_preset("classic")
    assert setup.saved.record.seed == 32


def test_an_old_one_per_game_save_moves_to_its_presets_slot(make_app, home):
    record = engines.GameRecord("canfield", 5, 1, dict(engines.get("canfield").presets["classic"]))
    record.moves.append(record.replay().legal_moves()[-1])
    on_disk(home / "autosave-canfield.json").write_text(record.to_json())

    assert saves.waiting("canfield") == ["classic"]
    assert not on_disk(home / "autosave-canfield.json").exists()
    assert saves.load("canfield", "classic")[0].record.seed == 5


def test_play_with_a_saved_game_waiting_asks_first(make_app, home):
    from game.scenes.dialogs import ChoiceScene
    from game.waiting import open_or_offer

    app = make_app()
    app.push(MenuScene(app))
    driver = Driver(app)
    canfield = engines.get("canfield")
    saved_table = play_and_leave(app, driver, DealRequest.build(canfield, seed=31))
    open_or_offer(app, DealRequest.build(canfield, seed=77))
    dialog = app.scene
    assert isinstance(dialog, ChoiceScene) and dialog.title == "A saved game is waiting"
    driver.click(dialog.buttons[0].rect.center)  # Resume saved game
    table = app.scene
    assert isinstance(table, TableScene) and table.request.seed == 31
    assert table.state == saved_table.state and table.pos == 1
    table.leave()
    driver.run(2)
    open_or_offer(app, DealRequest.build(canfield, seed=77))
    driver.click(app.scene.buttons[1].rect.center)  # Start the new one
    table = app.scene
    assert isinstance(table, TableScene) and table.request.seed == 77 and table.pos == 0
    summary = app.stats.summary("canfield", "seed")
    assert summary.played == 1 and summary.won == 0  # the given-up deal counts as lost
    assert not on_disk(home / "autosave-canfield-seed.json").exists()


def test_a_slow_disk_never_stalls_a_frame_and_the_latest_snapshot_wins(make_app, home, monkeypatch):
    import threading
    import time

    from game import storage

    gate, written = threading.Event(), []
    real = storage.atomic_write_text

    def slow(path, text):
        gate.wait(30.0)  # a disk that takes ages to fsync
        written.append(text)
        real(path, text)

    _app, table, driver = start_canfield(make_app)
    monkeypatch.setattr(storage, "atomic_write_text", slow)
    start = time.perf_counter()
    for _ in range(3):
        driver.click(table.pile_target_rect("stock").center)
    assert time.perf_counter() - start < 15.0 and table.pos == 3  # before: 30 s a move
    gate.set()
    assert len(json.loads(on_disk(home / "autosave-canfield-seed.json").read_text())["moves"]) == 3
    assert len(written) <= 2  # the snapshots in between were never written


def test_a_record_of_more_than_100000_moves_is_refused_at_once():
    import time

    import pytest

    text = json.dumps(
        {"game": "canfield", "seed": 1, "players": 1, "options": {}, "moves": [{}] * 100_001}
    )
    start = time.perf_counter()
    with pytest.raises(engines.RecordError, match="100001 moves is too many"):
        engines.GameRecord.from_json(text)
    assert time.perf_counter() - start < 5.0


def test_a_save_with_too_many_moves_is_set_aside(home):
    text = json.dumps(
        {"game": "canfield", "seed": 1, "players": 1, "options": {}, "moves": [{}] * 100_001}
    )
    (home / "autosave-canfield-seed.json").write_text(text)
    saved, problem = saves.load("canfield", "seed")
    assert saved is None and "too many" in problem
    assert (home / "autosave-canfield-seed.json.corrupt").exists()


def test_a_game_too_long_to_load_again_keeps_its_last_loadable_save(make_app, home, monkeypatch):
    monkeypatch.setattr(saves, "MAX_MOVES", 2)  # as if the game had reached 100,000 moves
    app, table, driver = start_canfield(make_app)
    for _ in range(3):
        driver.click(table.pile_target_rect("stock").center)
    assert table.pos == 3
    assert len(json.loads(on_disk(home / "autosave-canfield-seed.json").read_text())["moves"]) == 2
    assert (
        app.toasts.latest == "Could not save the game: it is longer than a save can hold (2 moves)"
    )
