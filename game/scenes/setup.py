"""Game setup: choose a preset or individual rule options, the number of players, who sits at each
seat (a person or a computer level), the deal number and how turns pass between people.

Everything offered comes from the registry: the game's engine (options, presets, player counts) and
its table class (`option_text`: how options read; `seat_names`: what seats are called).
"""

from __future__ import annotations

import pygame

from game import registry, saves, theme, ui, waiting
from game.choices import ChoiceGrid, ChoiceRow
from game.deal import DealRequest, fresh_seed, variant
from game.felt import felt
from game.scene import Scene

DIGITS = tuple("0123456789")  # str.isdigit would let "²" through
# Who can sit at a seat from this screen. Every computer level plays the `random` player until the
# computer players exist; the kinds are the contract's, so the table needs no change then.
SEAT_CHOICES = [("Human", "human"), ("Easy", "easy"), ("Medium", "medium"), ("Hard", "hard")]
MIN_FIT = 0.5  # the smallest fraction of the usual size the screen shrinks to, to fit its rows
CUSTOM = "custom"  # the Rules row's choice when the options match no preset
BLINK_SECONDS = 1.0  # the deal box's caret: shown for the first 60% of each period


class SetupScene(Scene):
    def __init__(self, app, name: str) -> None:
        super().__init__(app)
        self.game = registry.engine(name)
        table = registry.table_class(name)
        self.option_text: dict[str, tuple[str, dict]] = getattr(table, "option_text", {})
        self.seat_names: tuple[str, ...] = tuple(getattr(table, "seat_names", ()))
        self.preset = next(iter(self.game.presets))
        self.options = dict(self.game.presets[self.preset])
        self.players = self.game.min_players
        self.seats = ["human"] * self.game.max_players  # every seat's choice, used or not
        self.deal_text = ""
        self.hot_seat_secrets = True
        self.recall()
        self.start = ui.Button("Start", self.begin, primary=True, tooltip="Enter")
        self.resume = ui.Button(
            "Resume saved game", self.resume_saved, enabled=lambda: self.saved is not None
        )
        self.back = ui.Button("Back", app.pop, tooltip="Esc")
        self.rules = ui.Button("Rules", self.open_rules, tooltip="F1")
        self.actions = [self.start, self.resume, self.back, self.rules]
        self.look_for_save()
        self.deal_rect = pygame.Rect(0, 0, 0, 0)
        self.blink = 0.0  # seconds since the deal number last changed (the caret's clock)
        self.fit = 1.0
        self.build_rows()

    # -- the rows --------------------------------------------------------------------------------
    def build_rows(self) -> None:
        """The rows that apply to the choices made so far (seat rows follow the player count, the
        hand-off row shows only with two or more people)."""
        self.grid = ChoiceGrid([*self.option_rows(), *self.player_rows(), *self.handoff_rows()])
        self.buttons = [*self.grid.buttons, *self.actions]

    def option_rows(self) -> list[ChoiceRow]:
        """The presets (and "Custom", lit when the options match none), then every option."""
        presets = [(p.capitalize(), p) for p in self.game.presets] + [("Custom", CUSTOM)]
        rows = [ChoiceRow("Rules", presets, lambda: self.preset, self.set_preset)]
        for key, allowed in self.game.OPTIONS.items():
            label, names = self.option_text.get(key, (key, {}))
            values = [(names.get(v, str(v)), v) for v in allowed]
            rows.append(
                ChoiceRow(
                    label,
                    values,
                    lambda k=key: self.options[k],
                    lambda v, k=key: self.set_option(k, v),
                )
            )
        return rows

    def player_rows(self) -> list[ChoiceRow]:
        """How many play (when the game allows a choice) and who sits at each seat (a solitaire's
        one seat is always the person at the screen)."""
        rows: list[ChoiceRow] = []
        lo, hi = self.game.min_players, self.game.max_players
        if lo < hi:
            counts = [(str(n), n) for n in range(lo, hi + 1)]
            rows.append(ChoiceRow("Players", counts, lambda: self.players, self.set_players))
        if hi > 1:
            rows += [
                ChoiceRow(
                    self.seat_label(i),
                    SEAT_CHOICES,
                    lambda i=i: self.seats[i],
                    lambda kind, i=i: self.set_seat(i, kind),
                )
                for i in range(self.players)
            ]
        return rows

    def handoff_rows(self) -> list[ChoiceRow]:
        if self.seats[: self.players].count("human") < 2:
            return []
        return [
            ChoiceRow(
                "Between turns",
                [("Hide the table (hand-off)", True), ("Same screen, no secrets", False)],
                lambda: self.hot_seat_secrets,
                self.set_secrets,
            )
        ]

    def seat_label(self, i: int) -> str:
        return self.seat_names[i] if i < len(self.seat_names) else f"Player {i + 1}"

    # -- choices ---------------------------------------------------------------------------------
    def recall(self) -> None:
        """Start from the choices made last time for this game, as far as they are still valid."""
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
        players = last.get("players")
        if type(players) is int and self.game.min_players <= players <= self.game.max_players:
            self.players = players
        seats = last.get("seats")
        kinds = [kind for _, kind in SEAT_CHOICES]
        if (
            isinstance(seats, list)
            and len(seats) == self.game.max_players
            and all(kind in kinds for kind in seats)
            and (self.game.max_players > 1 or seats == ["human"])
        ):
            self.seats = list(seats)

    def remember(self) -> None:
        self.app.settings.last_setup[self.game.name] = {
            "options": dict(self.options),
            "secrets": self.hot_seat_secrets,
            "players": self.players,
            "seats": list(self.seats),
        }
        self.app.save_settings()

    def set_options(self, options: dict) -> None:
        self.options = dict(options)
        self.preset = next((p for p, o in self.game.presets.items() if o == self.options), CUSTOM)
        if hasattr(self, "actions"):  # set up: the waiting game follows the chosen preset
            had = self.saved is not None
            self.look_for_save()
            if had != (self.saved is not None):
                self.relayout()

    def look_for_save(self) -> None:
        """The game waiting in the slot of the chosen options (one save per game and preset)."""
        self.saved, problem = saves.load(self.game.name, variant(self.game, self.options))
        if problem:
            self.app.toasts.show(problem, 6, theme.WARN)

    def set_preset(self, preset: str) -> None:
        """A preset's options; "Custom" keeps the options as they are (it names them only)."""
        if preset != CUSTOM:
            self.set_options(self.game.presets[preset])

    def set_option(self, key: str, value) -> None:
        self.set_options({**self.options, key: value})

    def set_secrets(self, value: bool) -> None:
        self.hot_seat_secrets = value

    def set_players(self, count: int) -> None:
        self.players = count
        self.relayout()

    def set_seat(self, seat: int, kind: str) -> None:
        self.seats[seat] = kind
        self.relayout()

    def relayout(self) -> None:
        """Rows come and go with the seats: build them again and place them."""
        self.build_rows()
        self.resize(self.app.size)

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game.name))

    def request(self) -> DealRequest:
        seed = int(self.deal_text) if self.deal_text else fresh_seed()
        seats = self.seats[: self.players]
        request = DealRequest(self.game.name, seed, dict(self.options), self.players, seats)
        request.secrets = self.hot_seat_secrets
        return request

    def begin(self) -> None:
        """Start a new game; a saved one is given up first, once the player agrees."""
        if self.saved is None:
            self.remember()
            self.open(self.request())
            return
        from game.scenes.dialogs import ConfirmScene

        fate = waiting.fate(self.game.name)
        self.app.push(
            ConfirmScene(
                self.app, f"Start a new game? The saved one will be {fate}.", self.give_up_saved
            )
        )

    def give_up_saved(self) -> None:
        saved, self.saved = self.saved, None
        waiting.give_up(self.app, saved)
        self.begin()

    def resume_saved(self) -> None:
        self.open(waiting.resume_request(self.saved, self.hot_seat_secrets))

    def open(self, request: DealRequest) -> None:
        from game.table import open_table

        self.app.pop()
        open_table(self.app, request)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out at the usual size, smaller if that would run off the bottom of the window."""
        s = theme.ui_scale(size)
        self.fit = 1.0
        while self.place(size, s * self.fit) > size[1] and self.fit > MIN_FIT:
            self.fit -= 0.05

    def place(self, size: tuple[int, int], s: float) -> int:
        """Place the rows, the deal number and the buttons at scale `s`; the y below them all."""
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
        return y + int(48 * s) + int(16 * s)

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
        elif event.key == pygame.K_F1:
            self.open_rules()
        elif event.key == pygame.K_BACKSPACE:
            self.deal_text = self.deal_text[:-1]
            self.blink = 0.0
        elif event.unicode in DIGITS and len(self.deal_text) < 9:
            self.deal_text += event.unicode
            self.blink = 0.0

    def update(self, dt: float) -> None:
        self.blink += dt

    def caret_shown(self) -> bool:
        """The caret blinks, and stays on while the player types."""
        return self.blink % BLINK_SECONDS < 0.6 * BLINK_SECONDS

    def caret_rect(self) -> pygame.Rect:
        """The text cursor: just after the digits typed so far (at the start while there are none)."""
        s = theme.ui_scale(self.app.size) * self.fit
        size = int(16 * s)
        x = self.deal_rect.x + int(10 * s)
        if self.deal_text:
            x += ui.text(self.deal_text, size).get_width() + 1
        return pygame.Rect(
            x, self.deal_rect.centery - size * 6 // 10, max(2, int(2 * s)), size * 6 // 5
        )

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h)) * self.fit
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        surface.blit(
            ui.text(f"New game of {self.game.title}", int(38 * s), theme.TEXT, True),
            (self.left, int(44 * s)),
        )
        self.grid.draw(surface)
        self.draw_deal_box(surface, s)
        for button in self.visible_actions():
            button.draw(surface)
        ui.draw_tooltip(surface, [*self.grid.buttons, *self.visible_actions()], s)

    def draw_deal_box(self, surface: pygame.Surface, s: float) -> None:
        """The deal number: a text box that always has the keyboard (a focus ring and a caret)."""
        label = ui.text("Deal #", int(16 * s), theme.TEXT)
        surface.blit(label, label.get_rect(midleft=(self.left, self.deal_rect.centery)))
        pygame.draw.rect(surface, (20, 26, 28), self.deal_rect, border_radius=6)
        pygame.draw.rect(surface, theme.FOCUS, self.deal_rect, max(2, int(2 * s)), border_radius=6)
        caret = self.caret_rect()
        if self.deal_text:
            img = ui.text(self.deal_text, int(16 * s), theme.TEXT)
            x = self.deal_rect.x + int(10 * s)
        else:
            img = ui.text("random — type digits to choose", int(16 * s), theme.TEXT_DIM)
            x = caret.right + int(6 * s)
        surface.blit(img, img.get_rect(midleft=(x, self.deal_rect.centery)))
        if self.caret_shown():
            surface.fill(theme.TEXT, caret)
