"""The main menu: every registered game (those without an engine or table yet as "coming soon"),
plus Rules, Statistics, Settings and Quit, each with a keyboard shortcut named in its tooltip.

Each game's note (its blurb, "a saved game is waiting") sits beside its button and wraps to the
room left in the window, so no text runs off it at any window size.
"""

from __future__ import annotations

import pygame

from game import registry, theme, ui
from game.card_art import CardStyle, images_for
from game.felt import felt
from game.scene import Scene

NOTE_W = 330  # room kept for the notes beside the game buttons, at scale 1


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.game_buttons = {
            game.name: ui.Button(
                game.title,
                lambda n=game.name: self.choose(n),
                enabled=lambda n=game.name: registry.playable(n),
                tooltip=str(i) if i <= 9 else "",
            )
            for i, game in enumerate(registry.GAMES, 1)
        }
        self.rules_button = ui.Button("Rules", self.open_rules, tooltip="R or F1")
        self.settings_button = ui.Button("Settings", self.open_settings, tooltip="S")
        self.stats_button = ui.Button("Statistics", self.open_stats, tooltip="T")
        self.quit_button = ui.Button("Quit", app.quit, tooltip="Q or Esc")
        self.shortcuts = {
            pygame.K_r: self.open_rules,
            pygame.K_F1: self.open_rules,
            pygame.K_s: self.open_settings,
            pygame.K_t: self.open_stats,
        }
        self.notes: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.saved: set[str] = set()
        self.saves_looked_at = False  # not before the first frame: start-up does not wait for it
        self.drawn_once = False
        self._fan: pygame.Surface | None = None
        self._fan_key: tuple | None = None  # the size and style the fan was drawn for
        self.small_buttons = [
            self.rules_button,
            self.stats_button,
            self.settings_button,
            self.quit_button,
        ]
        self.buttons = [*self.game_buttons.values(), *self.small_buttons]

    def choose(self, name: str) -> None:
        from game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, name))

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, registry.GAMES[0].name))

    def open_stats(self) -> None:
        from game.scenes.stats_scene import StatsScene

        self.app.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def revealed(self) -> None:
        self.look_for_saves()

    def look_for_saves(self) -> None:
        """Which games have one waiting to be resumed (checked when the menu shows, not per frame)."""
        from game.saves import waiting

        self.saved = {name for name in self.game_buttons if waiting(name)}
        self.saves_looked_at = True
        self.place_notes()

    def update(self, dt: float) -> None:
        if not self.saves_looked_at and self.drawn_once:
            self.look_for_saves()  # the frame after the first: the notes then say what waits

    def animating(self) -> bool:
        return not self.saves_looked_at or self._fan_key is None

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.ui_scale(size)
        bw, bh, gap = int(420 * s), int(62 * s), int(14 * s)
        # The buttons and their notes are centred together; a narrow window moves them left.
        left = max(int(24 * s), (w - bw - int(NOTE_W * s)) // 2)
        top = int(h * 0.30)
        for i, button in enumerate(self.game_buttons.values()):
            button.rect = pygame.Rect(left, top + i * (bh + gap), bw, bh)
            button.size = int(22 * s)
        count = len(self.small_buttons)
        small_w = (bw - (count - 1) * gap) // count
        y = top + len(self.game_buttons) * (bh + gap) + gap
        for i, button in enumerate(self.small_buttons):
            button.rect = pygame.Rect(left + i * (small_w + gap), y, small_w, int(bh * 0.75))
            button.size = int(17 * s)
        if self.saves_looked_at:
            self.look_for_saves()
        else:
            self.place_notes()

    def place_notes(self) -> None:
        """Each game's note beside its button, wrapped to the room up to the window's edge."""
        w, h = self.app.size
        s = theme.ui_scale((w, h))
        size = int(15 * s)
        self.notes = []
        for name, button in self.game_buttons.items():
            x = button.rect.right + int(16 * s)
            lines = ui.wrap(self.note(name), size, w - x - int(16 * s))
            images = [ui.text(line, size, theme.TEXT_DIM) for line in lines]
            y = button.rect.centery - sum(img.get_height() for img in images) // 2
            for img in images:
                self.notes.append((img, img.get_rect(topleft=(x, y))))
                y += img.get_height()

    def note(self, name: str) -> str:
        """The line beside a game's button: its blurb (or "coming soon") and any waiting save."""
        note = registry.entry(name).blurb if registry.playable(name) else "coming soon"
        return note + " · a saved game is waiting" if name in self.saved else note

    def fan(self, s: float) -> pygame.Surface:
        """Five cards fanned beside the title: drawn once per size, then reused. The very first
        frame gets only the room for it (the window appears sooner; the cards follow a frame
        later)."""
        key = (round(s, 3), self.app.settings.four_colour)
        if self._fan_key != key:
            images = images_for(int(70 * s), CardStyle(four_colour=self.app.settings.four_colour))
            w, h = images.width, images.height
            surf = pygame.Surface((int(w * 3.2), int(h * 1.5)), pygame.SRCALPHA)
            if not self.drawn_once:
                return surf  # the first frame: room only, and `animating` asks for the next
            for i, code in enumerate(("TS", "JH", "QC", "KD", "AS")):
                card = pygame.transform.rotozoom(images.face(code), 24 - i * 12, 1.0)
                x = surf.get_width() // 2 + (i - 2) * int(w * 0.42)
                y = surf.get_height() // 2 + abs(i - 2) * int(h * 0.06)
                surf.blit(card, card.get_rect(center=(x, y)))
            self._fan, self._fan_key = surf, key
        return self._fan

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q):
            self.app.quit()
        elif event.type == pygame.KEYDOWN and event.key in self.shortcuts:
            self.shortcuts[event.key]()
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            names = list(self.game_buttons)  # keys 1, 2, ... open the games in menu order
            index = event.key - pygame.K_1
            if index < len(names) and registry.playable(names[index]):
                self.choose(names[index])

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        title = ui.text("Card Table", int(64 * s), theme.TEXT, True)
        fan = self.fan(s)
        gap = int(10 * s)
        left = (w - fan.get_width() - gap - title.get_width()) // 2
        cx = left + fan.get_width() + gap + title.get_width() // 2
        surface.blit(fan, fan.get_rect(midleft=(left, int(h * 0.15))))
        ui.blit_centred(surface, title, (cx, int(h * 0.14)))
        subtitle = ui.text("Card games at one table", int(20 * s), theme.TEXT_DIM)
        ui.blit_centred(surface, subtitle, (cx, int(h * 0.14) + int(52 * s)))
        super().draw(surface)
        for img, rect in self.notes:
            surface.blit(img, rect)
        self.drawn_once = True
