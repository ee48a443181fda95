"""The shell around the tables: dialogs cover what is beneath them, tooltips name every shortcut
and vanish under a dialog, the menu's notes, the Rules scroll bar, the deal box's caret, Settings'
notes and setup's "Custom" stay readable at every window size."""

from __future__ import annotations

import pygame
import pytest
from conftest import button, open_canfield

from game import theme, ui
from game.driver import Driver
from game.scenes.dialogs import ConfirmScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats_scene import StatsScene

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


def menu_app(make_app, size=(1280, 800)):
    app = make_app(size)
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.run(1)
    return app, driver


def point_at(driver, pos, rest_ms: int = 1000) -> None:
    """Move the pointer to `pos` and let it rest there (long enough for a tooltip)."""
    driver.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    driver.run(1)
    for b in driver.app.scene.buttons:
        b._hover_since -= rest_ms


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_a_dialog_covers_everything_beneath_its_panel(make_app):
    app, driver = menu_app(make_app)
    driver.key(pygame.K_1)
    setup = app.scene
    app.push(ConfirmScene(app, "Start a new game? The saved one will be counted as lost.", print))
    box = app.scene.box
    app.draw()
    over_setup = [pixels(app.screen, box.inflate(-30, 0)), pixels(app.screen, box.inflate(0, -30))]
    setup.draw = lambda surface: surface.fill((255, 0, 255))  # anything at all beneath
    app.draw()
    assert [pixels(app.screen, box.inflate(-30, 0)), pixels(app.screen, box.inflate(0, -30))] == (
        over_setup
    )


def test_buttons_beneath_a_dialog_lose_their_hover_and_tooltip(make_app):
    app, driver = menu_app(make_app)
    table = open_canfield(app, driver)
    new_deal = button(table, "New deal")
    driver.click(table.pile_target_rect("stock").center)  # a move: New deal now asks first
    point_at(driver, new_deal.rect.center)
    assert new_deal.hovered and ui.showing_tooltip(table.buttons) is new_deal
    driver.key(pygame.K_n)
    dialog = app.scene
    assert isinstance(dialog, ConfirmScene)
    assert not new_deal.hovered and ui.showing_tooltip(table.buttons) is None
    point_at(driver, dialog.buttons[1].rect.center)  # the pointer moves: only the dialog hears it
    assert dialog.buttons[1].hovered and not any(b.hovered for b in table.buttons)
    driver.key(pygame.K_ESCAPE)
    assert app.scene is table and not any(b.hovered for b in table.buttons)
    point_at(driver, new_deal.rect.center)
    assert new_deal.hovered


def test_every_shell_button_names_its_shortcut_and_the_shortcut_works(make_app):
    app, driver = menu_app(make_app)
    menu = app.scene
    assert [b.tooltip for b in menu.game_buttons.values()] == ["1", "2", "3", "4"]
    tips = {b.label: b.tooltip for b in menu.small_buttons}
    assert tips == {"Rules": "R or F1", "Statistics": "T", "Settings": "S", "Quit": "Q or Esc"}
    for key, scene in [
        (pygame.K_r, RulesScene),
        (pygame.K_t, StatsScene),
        (pygame.K_s, SettingsScene),
    ]:
        driver.key(key)
        assert isinstance(app.scene, scene)
        assert button(app.scene, "Back").tooltip == "Esc"
        driver.key(pygame.K_ESCAPE)
        assert app.scene is menu
    driver.key(pygame.K_1)
    setup = app.scene
    assert (setup.start.tooltip, setup.back.tooltip, setup.rules.tooltip) == ("Enter", "Esc", "F1")
    driver.key(pygame.K_F1)
    assert isinstance(app.scene, RulesScene)
    driver.key(pygame.K_ESCAPE)
    dialog = ConfirmScene(app, "Really?", print)
    assert [b.tooltip for b in dialog.buttons] == ["Enter", "Esc"]


def test_a_button_can_be_sized_for_every_label_it_may_show():
    pygame.font.init()
    labels = ("Placing face down", "Placing face up")
    widest = ui.text("Placing face down", 15).get_width()
    assert ui.button_width(labels, 15, 26) == widest + 26
    a = ui.Button("Placing face up", print, widths=labels)
    b = ui.Button("Placing face down", print, widths=labels)
    assert a.fit_width(15, 26) == b.fit_width(15, 26) == widest + 26


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_keeps_its_notes_inside_the_window(make_app, size):
    app, _driver = menu_app(make_app, size)
    menu = app.scene
    menu.saved = set(menu.game_buttons)  # every game has a save waiting: the longest notes
    menu.place_notes()
    window = app.screen.get_rect()
    assert menu.notes and all(window.contains(rect) for _, rect in menu.notes)
    assert all(window.contains(b.rect) for b in menu.buttons)
    rects = [rect for _, rect in menu.notes]
    assert not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])
    assert not any(r.colliderect(b.rect) for r in rects for b in menu.buttons)


def test_the_rules_page_has_a_scroll_bar_for_wheel_keys_and_drag(make_app):
    app, driver = menu_app(make_app, (800, 600))
    driver.key(pygame.K_r)
    rules = app.scene
    bar = rules.bar
    assert bar.shown and bar.offset == 0
    app.draw()
    assert app.screen.get_at(bar.thumb.center)[:3] == theme.BUTTON_HOVER
    driver.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    driver.run(1)
    assert bar.offset > 0
    driver.key(pygame.K_END)
    assert bar.offset == bar.max_offset
    driver.key(pygame.K_HOME)
    assert bar.offset == 0
    driver.key(pygame.K_PAGEDOWN)
    assert bar.offset == min(bar.view, bar.max_offset)
    driver.key(pygame.K_HOME)
    thumb = bar.thumb
    travel = bar.track.h - thumb.h
    driver.drag(thumb.center, (thumb.centerx, thumb.centery + travel // 2))
    assert abs(bar.offset - bar.max_offset / 2) <= bar.max_offset / travel + 1
    assert app.scene is rules  # the drag reached no button
    before = bar.offset
    driver.click((bar.track.centerx, bar.track.bottom - 2))  # the track below the thumb: a page
    assert bar.offset == min(bar.max_offset, before + bar.view)


def test_the_deal_box_shows_focus_and_a_blinking_caret(make_app):
    app, driver = menu_app(make_app)
    driver.key(pygame.K_1)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    empty = setup.caret_rect()
    driver.type("42")
    assert setup.deal_text == "42" and setup.caret_rect().x > empty.x
    assert setup.caret_shown()
    app.draw()
    box = setup.deal_rect
    assert app.screen.get_at((box.centerx, box.top))[:3] == theme.FOCUS
    assert app.screen.get_at(setup.caret_rect().center)[:3] == theme.TEXT
    driver.run(14)  # 0.7 s later the caret is off for a moment
    assert not setup.caret_shown()
    app.draw()
    assert app.screen.get_at(setup.caret_rect().center)[:3] != theme.TEXT
    driver.key(pygame.K_BACKSPACE)  # typing brings it back at once
    assert setup.caret_shown() and setup.deal_text == "4"


def test_setup_shows_custom_when_the_options_match_no_preset(make_app):
    app, driver = menu_app(make_app)
    driver.key(pygame.K_1)
    setup = app.scene

    def chosen(label: str) -> list[str]:
        row = next(r for r in setup.grid.rows if r.label == label)
        return [b.label for b in row.buttons if b.selected]

    driver.click(button(setup, "Seed").rect.center)
    assert chosen("Rules") == ["Seed"]
    driver.click(button(setup, "3 cards").rect.center)
    assert chosen("Rules") == ["Custom"] and setup.preset == "custom"
    driver.click(button(setup, "Custom").rect.center)  # names the options, changes none
    assert setup.options["draw"] == 3 and chosen("Rules") == ["Custom"]
    driver.click(button(setup, "Classic").rect.center)
    assert chosen("Rules") == ["Classic"] and chosen("Draw") == ["3 cards"]


@pytest.mark.parametrize("size", SIZES)
def test_settings_explain_the_play_aids_inside_the_window(make_app, size):
    app, driver = menu_app(make_app, size)
    driver.key(pygame.K_s)
    grid = app.scene.grid
    notes = " ".join(line for line, _ in grid.notes)
    assert "go up by themselves" in notes and "$52" in notes
    window = app.screen.get_rect()
    for line, pos in grid.notes:
        rect = ui.text(line, grid.note_size).get_rect(topleft=pos)
        assert window.contains(rect), line
        assert not any(rect.colliderect(b.rect) for b in app.scene.buttons), line
    assert window.contains(app.scene.back.rect)


def test_the_window_gets_its_icon_before_it_opens(make_app, monkeypatch):
    """Set before `set_mode`, our icon is the window's from the start, and pygame does not load
    its own default icon first (a few milliseconds of the first frame)."""
    calls = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode
    monkeypatch.setattr(
        pygame.display, "set_icon", lambda icon: calls.append("icon") or set_icon(icon)
    )
    monkeypatch.setattr(
        pygame.display, "set_mode", lambda *a, **k: calls.append("window") or set_mode(*a, **k)
    )
    make_app()
    assert calls[:2] == ["icon", "window"]
