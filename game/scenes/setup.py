"""Game setup: choose a preset or individual rule options, the deal number and the seats."""

from __future__ import annotations

import sqlite3

import pygame

import engines
from game import saves, stats, theme, ui
from game.choices import ChoiceGrid, ChoiceRow
from game.felt import felt
from game.launch import DealRequest, fresh_seed
from game.scene import Scene

DIGITS = tuple("0123456789")  # str.isdigit would let "²" through

# How each option reads on screen: label and the label of each value.
OPTION_TEXT: dict[str, tuple[str, dict]] = {
    "draw": ("Draw", {1: "1 card", 3: "3 cards"}),
    "redeals": ("Redeals", {None: "Unlimited", 0: "None", 1: "1", 2: "2"}),
    "tableau_move": (
        "Tableau moves",
        {"top": "Top card", "pile": "Top or whole pile", "any": "Any built run"},
    ),
    "empty_fill": ("Empty piles", {"any": "Any card", "reserve": "From reserve"}),
    "foundation_return": ("Take back from foundations", {False: "No", True: "Yes"}),
    "memory_aid": ("Peek at own face-down cards", {True: "Yes", False: "No"}),
    "min_canals": ("Fewest canals to score", {i: str(i) for i in range(8)}),
    "first": ("Who starts", {None: "Random", 0: "Player 1", 1: "Player 2"}),
}


class SetupScene(Scene):
    def __init__(self, app, name: str) -> None:
        super().__init__(app)
        self.game = engines.get(name)
        self.preset = next(iter(self.game.presets))
        self.options = dict(self.game.presets[self.preset])
        self.deal_text = ""
        self.hot_seat_secrets = True
        self.recall()
        rows: list[ChoiceRow] = []
        if len(self.game.presets) > 1:
            rows.append(
                ChoiceRow(
                    "Rules",
                    [(p.capitalize(), p) for p in self.game.presets],
                    lambda: self.preset,
                    self.set_preset,
                )
            )
        for key, allowed in self.game.OPTIONS.items():
            label, names = OPTION_TEXT.get(key, (key, {}))
            values = [(names.get(v, str(v)), v) for v in allowed]
            rows.append(
                ChoiceRow(
                    label,
                    values,
                    lambda k=key: self.options[k],
                    lambda v, k=key: self.set_option(k, v),
                )
            )
        if self.game.min_players > 1:
            rows.append(
                ChoiceRow(
                    "Between turns",
                    [("Hide the table (hand-off)", True), ("Same screen, no secrets", False)],
                    lambda: self.hot_seat_secrets,
                    self.set_secrets,
                )
            )
        self.grid = ChoiceGrid(rows)
        self.start = ui.Button("Start", self.begin, primary=True)
        self.resume = ui.Button(
            "Resume saved game", self.resume_saved, enabled=lambda: self.saved is not None
        )
        self.back = ui.Button("Back", app.pop)
        self.rules = ui.Button("Rules", self.open_rules)
        self.actions = [self.start, self.resume, self.back, self.rules]
        self.buttons = [*self.grid.buttons, *self.actions]
        self.saved, problem = saves.load(name)
        if problem:
            app.toasts.show(problem, 6, theme.WARN)
        self.deal_rect = pygame.Rect(0, 0, 0, 0)

    def recall(self) -> None:
        """Start from the choices made last time for this game, if they are still valid."""
        last = self.app.settings.last_setup.get(self.game.name)
        if not isinstance(last, dict):
            return
        try:
            state = self.game.new_game(
                seed=1, players=self.game.min_players, options=last.get("options")
            )
        except (ValueError, TypeError):
            return
        self.set_options(state.options)
        if isinstance(last.get("secrets"), bool):
            self.hot_seat_secrets = last["secrets"]

    def remember(self) -> None:
        self.app.settings.last_setup[self.game.name] = {
            "options": dict(self.options),
            "secrets": self.hot_seat_secrets,
        }
        self.app.save_settings()

    def set_options(self, options: dict) -> None:
        self.options = dict(options)
        self.preset = next((p for p, o in self.game.presets.items() if o == self.options), "custom")

    def set_preset(self, preset: str) -> None:
        self.preset = preset
        self.options = dict(self.game.presets[preset])

    def set_option(self, key: str, value) -> None:
        self.set_options({**self.options, key: value})

    def set_secrets(self, value: bool) -> None:
        self.hot_seat_secrets = value

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game.name))

    def request(self) -> DealRequest:
        seed = int(self.deal_text) if self.deal_text else fresh_seed()
        players = self.game.min_players
        request = DealRequest(
            self.game.name, seed, dict(self.options), players, ["human"] * players
        )
        request.secrets = self.hot_seat_secrets
        return request

    def begin(self) -> None:
        """Start a new game; a saved one is given up first, once the player agrees."""
        if self.saved is None:
            self.remember()
            self.open(self.request())
            return
        from game.scenes.dialogs import ConfirmScene

        counts = stats.abandoned_outcome(self.game) is not None
        fate = "counted as lost" if counts else "discarded"
        self.app.push(
            ConfirmScene(
                self.app, f"Start a new game? The saved one will be {fate}.", self.give_up_saved
            )
        )

    def give_up_saved(self) -> None:
        saved, self.saved = self.saved, None
        outcome = stats.abandoned_outcome(self.game)
        if outcome:
            record = saved.record
            score = record.replay().scores()[0]
            variant = stats.variant(self.game, record.new_state().options)
            try:
                self.app.stats.record(
                    self.game.name,
                    variant,
                    record.seed,
                    outcome,
                    len(record.moves),
                    saved.elapsed,
                    score,
                )
            except sqlite3.Error as exc:
                self.app.toasts.show(f"Could not record the result: {exc}", 4, theme.WARN)
        try:
            saves.discard(self.game.name)
        except OSError as exc:
            self.app.toasts.show(
                f"Could not remove the saved game: {exc.strerror or exc}", 4, theme.WARN
            )
        self.begin()

    def resume_saved(self) -> None:
        request = DealRequest.from_record(self.saved.record)
        request.secrets = self.hot_seat_secrets
        request.resumed = True
        request.elapsed = self.saved.elapsed
        self.open(request)

    def open(self, request: DealRequest) -> None:
        from game.table import open_table

        self.app.pop()
        open_table(self.app, request)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        w, _h = size
        width = min(int(980 * s), w - int(60 * s))
        self.left = (w - width) // 2
        y = self.grid.layout(self.left, int(120 * s), width, s)
        self.deal_rect = pygame.Rect(
            self.left + int(290 * s), y + int(6 * s), int(420 * s), int(40 * s)
        )
        y = self.deal_rect.bottom + int(30 * s)
        x = self.left
        for button in self.visible_actions():
            width = int((250 if button is self.resume else 160) * s)
            button.rect = pygame.Rect(x, y, width, int(48 * s))
            button.size = int(18 * s)
            x += width + int(16 * s)

    def visible_actions(self) -> list[ui.Button]:
        """Resume shows only when there is a saved game to resume."""
        return [b for b in self.actions if b is not self.resume or self.saved is not None]

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.begin()
        elif event.key == pygame.K_BACKSPACE:
            self.deal_text = self.deal_text[:-1]
        elif event.unicode in DIGITS and len(self.deal_text) < 9:
            self.deal_text += event.unicode

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        surface.blit(
            ui.text(f"New game of {self.game.title}", int(38 * s), theme.TEXT, True),
            (self.left, int(44 * s)),
        )
        self.grid.draw(surface)
        label = ui.text("Deal number", int(16 * s), theme.TEXT)
        surface.blit(label, label.get_rect(midleft=(self.left, self.deal_rect.centery)))
        pygame.draw.rect(surface, (20, 26, 28), self.deal_rect, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, self.deal_rect, 1, border_radius=6)
        shown = self.deal_text or "random — type digits to choose"
        colour = theme.TEXT if self.deal_text else theme.TEXT_DIM
        img = ui.text(shown, int(16 * s), colour)
        surface.blit(
            img, img.get_rect(midleft=(self.deal_rect.x + int(10 * s), self.deal_rect.centery))
        )
        for button in self.visible_actions():
            button.draw(surface)
