"""The table scene every game shares. It wires the parts, each with one job: `History` (the states and
moves), `Seats` (who plays, whose eyes, hand-offs, undo policy), `Persistence` (autosave, record,
statistics), `TableGestures` (pick → target → move, mouse and keyboard) and `TableCanvas` (sprites
and drawing). A game's table only lays out its regions, maps gestures to engine moves and says what
its status line shows; legality always comes from `state.check`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import pygame

import engines
from game import jobs, theme, ui
from game.deal import DealRequest, fresh_seed
from game.scene import Scene
from game.table.advice import Advisor
from game.table.canvas import TableCanvas
from game.table.gestures import TableGestures
from game.table.history import History
from game.table.persistence import Persistence
from game.table.seats import Seats

HINT_SECONDS = 2.0
COMPUTER_PAUSE = 0.45  # a computer's move waits at least this long, so a person can follow it
COMPUTER_TRIES = 3  # a computer's turn is asked for again this often after a failure
AUTO_MOVE_SECONDS = 0.035  # between automatic moves (auto-finish: 52 cards in about 2 s)
QUICK_PER_FRAME = 3  # automatic moves with no pause of their own, at most, in one frame
STEP_SECONDS = 0.14  # each later event of a move starts this much after the one before it
CARD_STAGGER = 0.01  # the cards of one event (turned over together) start one after another


class TableScene(TableCanvas, TableGestures, Scene):
    """Shared table. A game implements `layout`, `placements`, `slots`, `move_for` (and, where the
    defaults do not fit, `pick_at`, `targets`, `click`), `status_parts` and `result`."""

    option_text: ClassVar[dict[str, tuple[str, dict[Any, str]]]] = {}  # how setup shows options
    seat_names: ClassVar[tuple[str, ...]] = ()  # what the seats are called, if not "Player N"
    tip: ClassVar[str] = ""  # the key controls, shown on a first visit until closed

    def __init__(self, app, request: DealRequest) -> None:
        super().__init__(app)
        self.request = request
        self.game = engines.get(request.game)
        self.seats = Seats(request.seats, request.secrets)
        self.persistence = Persistence(self)
        self.init_canvas()
        self.init_gestures()
        self.history: History | None = None
        self.clock = 0.0
        self.elapsed = request.elapsed
        self.hint: tuple[str, str, float] | None = None  # src pile, dst pile, seconds left
        self.advisor = Advisor(self)  # Hint where opponents play: the hard player's suggestion
        self.queue: list[Any] = []  # automatic moves still to come (auto-finish, safe moves)
        self.queue_wait = 0.0
        self.queue_seconds = AUTO_MOVE_SECONDS  # between queued moves (a demo goes slower)
        self.automatic = False  # True while a queued (not player-made) move is being applied
        self.ending_done = False
        self.thinking: int | None = None  # the history serial a computer is thinking about
        self.answer: Any = None
        self.think_wait = 0.0
        self.failures = 0  # failed answers for this position
        self.bar_h = self.status_h = self.tip_h = 0
        self.all_buttons: list[ui.Button] = []
        self.bar_for_over: bool | None = None  # whether the bar was laid out for a game over

    def start(self) -> None:
        """Deal the requested game; runs once the table is on the stack, so every hook finds the
        game's own fields set up."""
        self.all_buttons = self.make_buttons()
        self.buttons = list(self.all_buttons)
        pygame.display.set_caption(f"{self.game.title} — Card Table")
        self.start_deal(self.request.seed, self.request.moves, self.request.elapsed)

    # -- the game ------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.history.state

    @property
    def states(self) -> list[Any]:
        return self.history.states

    @property
    def moves(self) -> list[Any]:
        return self.history.moves

    @property
    def pos(self) -> int:
        return self.history.pos

    @property
    def viewer(self) -> int:
        return self.seats.viewer

    @property
    def view(self) -> dict[str, Any]:
        """What the table may show: the current state as the viewer's seat sees it."""
        key = (self.history, self.history.serial, self.viewer)
        if self._view_for != key:
            self._view, self._view_for = self.state.view(self.viewer), key
        return self._view

    _view_for: tuple[History, int, int] | None = None
    _view: dict[str, Any]

    @property
    def under_way(self) -> bool:
        return self.pos > 0 and not self.state.is_over()

    def start_deal(self, seed: int, moves: list[Any] | None = None, elapsed: float = 0.0) -> None:
        """Deal `seed` (then replay `moves`, as when resuming); a game under way is abandoned."""
        if self.history is not None and self.under_way:
            self.persistence.abandoned()
        self.request.seed = seed
        state = self.game.new_game(
            seed=seed, players=self.request.players, options=self.request.options
        )
        self.set_history(History(state, moves))
        self.elapsed = elapsed
        self.persistence.autosave()  # the slot now holds this game, or nothing if it has no move
        if self.card_w:  # a new deal on a table already on screen
            self.sync(animate=False)
            self.deal_animation()

    def show_position(self, state: Any) -> None:
        """Put `state` on the table as the start of its history (tests and the benchmark)."""
        self.set_history(History(state))
        self.sync(animate=False)

    def set_history(self, history: History) -> None:
        self.history = history
        # A game that is already over (a replay opened at its end) is not counted or celebrated.
        self.ending_done = self.persistence.recorded = self.state.is_over()
        self.stop_automation()
        self.let_go()
        self.clear_hint()
        self.seats.start(self.state, self.pos)
        self.after_change()

    def try_move(self, move: Any, quiet: bool = False) -> bool:
        """Apply `move` if the rules allow it; otherwise say why. True if it was made."""
        reason = self.state.check(move)
        if reason is not None:
            if not quiet:
                self.app.toasts.show(reason, colour=theme.WARN)
            return False
        self.commit(move)
        return True

    def commit(self, move: Any) -> None:
        self.let_go()  # whatever was picked belonged to the position before this move
        self.history.push(move, self.automatic)
        self.clear_hint()
        self.persistence.owns_save = True
        self.after_change()
        self.sync(delays=self.event_delays(self.state.events))
        self.persistence.autosave()
        self.after_move()

    def clear_hint(self) -> None:
        """A hint belongs to the position it was given for."""
        self.hint = None
        self.advisor.forget()

    def show_hint(self) -> None:
        """Ask the hard computer player for this seat's move (solitaire tables give their own)."""
        self.advisor.ask()

    def after_change(self) -> None:
        """The position changed (a move, undo, redo, a new deal): seats and caches follow."""
        self.seats.follow(self.state)
        self.thinking = self.answer = None
        self.failures = 0
        self.state_changed()

    def event_delays(self, events: list[dict[str, Any]]) -> dict[str, float]:
        """Step by step: the cards of each event of a move wait for the events before it (a card
        moves, then the one it uncovered turns over), and within an event they go in turn."""
        delays: dict[str, float] = {}
        step = 0
        for event in events:
            keys = [k for k in self.event_keys(event) if k not in delays]
            if not keys:
                continue
            stagger = 0.0 if event.get("kind") == "move" else CARD_STAGGER  # a run moves as one
            for i, key in enumerate(keys):
                delays[key] = step * STEP_SECONDS + i * stagger
            step += 1
        return delays

    def event_keys(self, event: dict[str, Any]) -> list[str]:
        """The sprite keys an event moves or turns: by default the codes it names."""
        cards = event.get("cards", [event.get("card")])
        return [c for c in cards if isinstance(c, str)]

    def after_move(self) -> None:
        """Hook: queue automatic follow-up moves (safe cards to foundations, …)."""

    def state_changed(self) -> None:
        """Hook: refresh anything cached per state."""

    def undo(self) -> None:
        """Every way of undoing (button, Ctrl+Z, dialogs) goes through the seats' undo policy."""
        target = self.seats.undo_target(self.history)
        if target is not None:
            self.step_to(target)

    def redo(self) -> None:
        target = self.seats.redo_target(self.history)
        if target is not None:
            self.step_to(target)

    def can_undo(self) -> bool:
        return self.seats.undo_target(self.history) is not None

    def can_redo(self) -> bool:
        return self.seats.redo_target(self.history) is not None

    def step_to(self, pos: int) -> None:
        self.let_go()
        self.stop_automation()
        self.history.go_to(pos)
        self.clear_hint()
        self.after_change()
        if self.seats.may_act(self.state):
            self.seats.handoff_needed = False  # End turn, then undo: the turn is still theirs
        self.sync()
        self.persistence.autosave()

    def stop_automation(self) -> None:
        """Forget queued automatic moves (the player took over: undo, redo, a new deal)."""
        self.queue.clear()
        self.queue_seconds = AUTO_MOVE_SECONDS

    def new_deal(self) -> None:
        self.confirm_if_under_way(
            "Start a new deal? This game will be lost.", lambda: self.start_deal(fresh_seed())
        )

    def restart(self) -> None:
        self.confirm_if_under_way(
            "Restart this deal from the beginning?", lambda: self.start_deal(self.request.seed)
        )

    def leave(self) -> None:
        """Back to the menu; a game under way is autosaved by `closed`, and the player told."""
        kept = self.under_way and self.persistence.owns_save
        self.app.pop()
        if kept:
            self.app.toasts.show(f"{self.game.title} is saved — resume it from the menu", 4)

    def ask_to_leave(self) -> None:
        """Esc with nothing under way to cancel: leaving a game in play is asked first."""
        self.confirm_if_under_way(
            "Leave for the menu? This game is kept, to resume later.", self.leave
        )

    def closed(self) -> None:
        pygame.display.set_caption("Card Table")
        self.app.cancel_work(self)
        self.advisor.forget()
        self.persistence.closed(self.state)

    def confirm_if_under_way(self, question: str, then: Callable[[], None]) -> None:
        if self.under_way:
            from game.scenes.dialogs import ConfirmScene

            self.app.push(ConfirmScene(self.app, question, then))
        else:
            then()

    def result(self) -> tuple[str, int]:
        """The finished game's outcome and score, as the statistics keep them: the winner (or a
        draw) and the best score. A solitaire table says it its own way."""
        winners = self.state.winners()
        outcome = f"player {winners[0] + 1}" if len(winners) == 1 else "draw"
        return outcome, max(self.state.scores())

    def verdict(self) -> str:
        """Who won the finished game, as the table and the results say it."""
        winners = self.state.winners()
        return f"{self.seat_name(winners[0])} wins" if len(winners) == 1 else "A draw"

    def show_ending(self) -> None:
        """Hook: the game is over and every card has landed (celebrate, show the results)."""

    def results_dialog(self, title: str, lines: list[str]) -> None:
        """A finished game's results over the table: a rematch, the menu, or a look at the table."""
        from game.scenes.dialogs import ChoiceScene

        choices = [
            ("Rematch", self.rematch),
            ("Main menu", self.app.pop),
            ("See the table", lambda: None),
        ]
        self.app.push(ChoiceScene(self.app, title, lines, choices))

    def rematch(self) -> None:
        """The same seats again, on a new deal; where the game lets the table say who starts (a
        "first" option), the next player starts."""
        if "first" in self.game.OPTIONS and "first_player" in self.view:
            first = (self.view["first_player"] + 1) % self.request.players
            self.request.options = {**self.request.options, "first": first}
        self.start_deal(fresh_seed())

    # -- seats ---------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat] if seat < len(self.seat_names) else f"Player {seat + 1}"

    def seat_label(self, seat: int) -> str:
        """A seat's name, with the level a computer plays it at, in the words of the setup screen
        ("Player 2 (Hard)"): a table of several computers tells them apart, and the word is no
        longer than "computer", so a narrow seat area keeps its card count in view."""
        name = self.seat_name(seat)
        if not self.seats.is_computer(seat):
            return name
        level = self.seats.kind(seat).capitalize()
        return f"{name[:-1]}, {level})" if name.endswith(")") else f"{name} ({level})"

    def why_not_now(self) -> str | None:
        """Why the viewer may not pick cards now ("" says nothing), or None if they may."""
        state = self.state
        seat = state.current_player
        if seat is None:
            return ""
        if self.seats.turn_ended(state):
            return "You have moved — press End turn to pass the table (or undo)"
        if self.seats.is_computer(seat):
            return self.computer_status(seat)
        if not self.seats.may_act(state):
            return f"It is the turn of {self.seat_name(seat)}"
        return None

    def turn_status(self) -> str:
        """The status line's words about whose turn it is."""
        state = self.state
        seat = state.current_player
        if seat is None:
            return ""
        if self.seats.turn_ended(state):
            return f"{self.seat_name(self.viewer)}: End turn to pass the table (or undo)"
        if self.seats.is_computer(seat):
            return self.computer_status(seat)
        return f"{self.seat_label(seat)} to move"

    def computer_given_up(self) -> bool:
        """A computer's answers failed every try for this position (`computer_failed`)."""
        return self.failures >= COMPUTER_TRIES

    def computer_status(self, seat: int) -> str:
        if self.computer_given_up():
            return f"{self.seat_label(seat)} could not move — try Undo or a new deal"
        return f"{self.seat_label(seat)} is thinking…"

    def end_turn(self) -> None:
        self.seats.end_turn(self.state)

    def show_handoff(self) -> None:
        from game.scenes.handoff import HandoffScene

        self.seats.handoff_needed = False
        # What was said to the player who leaves (a hint names a card of theirs) is not for the
        # next one's eyes: toasts are drawn over every scene, the hand-off screen included.
        self.app.toasts.clear()
        state = self.state
        seat = state.current_player if state.current_player in self.seats.humans else self.viewer
        self.app.push(
            HandoffScene(
                self.app, f"Your turn, {self.seat_name(seat)}", lambda: self.take_seat(seat)
            )
        )

    def take_seat(self, seat: int) -> None:
        self.seats.take_seat(seat, self.pos)
        self.after_change()
        self.sync(animate=False)

    def run_computer(self, dt: float) -> None:
        """A computer seat to move: ask the worker (off the frame loop), then play the answer once
        the pause is over and the cards have landed."""
        state = self.state
        seat = state.current_player
        if not self.seats.is_computer(seat) or self.seats.handoff_needed or self.held:
            return
        serial = self.history.serial
        if self.thinking != serial:
            self.thinking, self.answer = serial, None
            self.think_wait = COMPUTER_PAUSE * max(self.app.settings.animation_factor(), 0.2)
            self.app.worker.submit(
                self,
                serial,
                jobs.computer_move,
                self.game.name,
                self.seats.kind(seat),
                state.view(seat),
                (self.request.seed * 7919 + self.pos * 104_729 + seat) % 2**63,
            )
        self.collect_answers()
        self.think_wait -= dt
        if self.answer is None or self.think_wait > 0 or self.in_flight():
            return
        answer, self.answer = self.answer, None
        if isinstance(answer, BaseException):
            self.computer_failed(f"The computer player failed: {answer}")
            return
        move = self.game.move_from_dict(answer)
        if not self.try_move(move, quiet=True):
            self.computer_failed(f"The computer player chose an illegal move: {move.to_dict()}")

    def computer_failed(self, message: str) -> None:
        """Ask again (the worker restarts a crashed process); after a few tries, say so and wait
        for the player (undo, a new deal, or leaving)."""
        self.failures += 1
        if not self.computer_given_up():
            self.thinking = None
        else:
            self.app.toasts.show(f"{message} — try Undo or a new deal", 6, theme.WARN)

    def collect_answers(self) -> None:
        if self.thinking is None or not self.app.has_worker():
            return
        for key, result in self.app.worker.poll(self):
            if key == self.thinking:
                self.answer = result

    def background(self, dt: float) -> None:
        """Under a dialog: a computer keeps thinking (its answer waits for the table)."""
        self.collect_answers()
        self.advisor.poll(0.0)

    # -- per frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.under_way and self.app.scene is self:
            self.elapsed += dt
        landed = False
        for sprite in self.sprites.values():
            if sprite.update(dt):
                landed = True
        if landed:
            self.static_dirty = True
        if self.hint:
            left = self.hint[2] - dt
            self.hint = (self.hint[0], self.hint[1], left) if left > 0 else None
        self.advisor.poll(dt)
        self.run_queue(dt)
        self.run_computer(dt)
        if self.seats.handoff_needed and self.app.scene is self:
            self.show_handoff()
        if self.state.is_over() and not self.ending_done and self.at_rest():
            self.ending_done = True
            self.persistence.record_result()
            self.show_ending()

    def run_queue(self, dt: float) -> None:
        """Play queued automatic moves briskly: a few quick ones (a draw) may go in one frame,
        the others one at a time, each a little after the last."""
        if not self.queue or self.held:
            return
        self.queue_wait -= dt
        quick = 0
        while self.queue and self.queue_wait <= 0 and quick < QUICK_PER_FRAME:
            move = self.queue.pop(0)
            if self.state.check(move) is not None:
                self.queue.clear()
                return
            self.automatic = True
            self.commit(move)
            self.automatic = False
            pace = max(self.app.settings.animation_factor(), 0.2)
            if self.queue_seconds == AUTO_MOVE_SECONDS and self.quick_move(move):
                quick += 1
            else:
                self.queue_wait = self.queue_seconds * pace
        self.queue_wait = max(self.queue_wait, 0.0)

    def quick_move(self, move: Any) -> bool:
        """Hook: an automatic move that needs no pause of its own (Canfield's draws)."""
        return False

    def at_rest(self) -> bool:
        """Nothing queued or moving, and this table is what the player sees."""
        return not self.queue and not self.in_flight() and self.app.scene is self

    def animating(self) -> bool:
        """Moving cards, a pending redraw of the resting ones, hints, queues, a computer's turn."""
        return bool(
            self.static_dirty
            or self.held
            or self.queue
            or self.hint
            or self.advisor.showing
            or (self.thinking is not None and not self.computer_given_up())
            or self.in_flight()
        )

    def handle_other(self, event: pygame.event.Event) -> None:
        if not self.handle_pointer(event) and event.type == pygame.KEYDOWN:
            self.on_key(event)

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        keys = {
            pygame.K_n: self.new_deal,
            pygame.K_r: self.restart,
            pygame.K_F1: self.open_rules,
            pygame.K_s: self.open_settings,
            pygame.K_h: self.show_hint,
        }
        if self.seats.secrets:
            keys[pygame.K_e] = self.end_turn
        return keys

    def glows(self) -> list[tuple[str, tuple[int, int, int]]]:
        glows: list[tuple[str, tuple[int, int, int]]] = []
        if self.held:
            glows += [(pile, theme.ACCEPT) for pile in self.held.accept]
        if self.hint:
            glows += [(self.hint[0], theme.HINT), (self.hint[1], theme.HINT)]
        order = self.focus_order()
        if self.focus is not None and self.focus < len(order):
            glows.append((order[self.focus], theme.FOCUS))
        return glows

    # -- layout and drawing ---------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if self.history is None:
            self.start()
        s = theme.ui_scale(size)
        self.bar_h = int(46 * s)
        self.tip_h = int(28 * s) if self.showing_tip() else 0
        self.status_h = int(34 * s) + self.tip_h
        self.layout_bar(size)
        first = not self.sprites
        self.sync(animate=False)
        if first:
            self.deal_animation()

    def sync(self, animate: bool = True, delays: dict[str, float] | None = None) -> None:
        if self.state.is_over() != self.bar_for_over:  # the game ended, or an undo reopened it
            self.layout_bar(self.app.size)
        super().sync(animate, delays)
        if self.held:  # the layout may have changed under the held cards (a resize)
            self.held.targets = self.targets(self.held.pick)
        if self.focus is not None and self.focus >= len(self.focus_order()):
            self.focus = None  # the pile it was on is gone

    def toast_area(self) -> pygame.Rect:
        """Messages go in the status line, where they never hide a card."""
        w, h = self.app.size
        line = self.status_h - self.tip_h
        return pygame.Rect(0, h - line, w, line)

    def showing_tip(self) -> bool:
        return bool(self.tip) and self.game.name not in self.app.settings.tips_closed

    def close_tip(self) -> None:
        """The tip line goes for good (remembered in the settings) and the table takes its room."""
        self.app.settings.tips_closed.append(self.game.name)
        self.app.save_settings()
        self.resize(self.app.size)

    def tip_close_rect(self) -> pygame.Rect:
        w, h = self.app.size
        size = self.tip_h - 8
        return pygame.Rect(w - size - 10, h - self.status_h + 4, size, size)

    def handle(self, event: pygame.event.Event) -> None:
        if (
            self.tip_h
            and event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.tip_close_rect().collidepoint(event.pos)
        ):
            self.close_tip()
            return
        super().handle(event)

    def play_area(self) -> pygame.Rect:
        """The table between the bar and the status line."""
        w, h = self.app.size
        return pygame.Rect(0, self.bar_h, w, h - self.bar_h - self.status_h)

    def revealed(self) -> None:
        self.static_dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_cards(surface)
        self.advisor.draw(surface, theme.ui_scale(surface.get_size()))
        self.draw_bar(surface)

    # -- bar -----------------------------------------------------------------------------------
    def make_buttons(self) -> list[ui.Button]:
        self.end_turn_button = ui.Button(
            "End turn",
            self.end_turn,
            enabled=lambda: self.seats.turn_ended(self.state),
            primary=True,
            tooltip="E",
            in_play=True,
        )
        turn = [self.end_turn_button] if self.seats.secrets else []
        return [
            ui.Button("Menu", self.leave, tooltip="Esc"),
            ui.Button("New deal", self.new_deal, tooltip="N"),
            ui.Button("Restart", self.restart, enabled=lambda: self.pos > 0, tooltip="R"),
            ui.Button("Undo", self.undo, enabled=self.can_undo, tooltip="Ctrl+Z"),
            ui.Button("Redo", self.redo, enabled=self.can_redo, tooltip="Ctrl+Y"),
            ui.Button("Hint", self.show_hint, enabled=self.hint_enabled, tooltip="H"),
            *self.extra_buttons(),
            *turn,
            ui.Button("Rules", self.open_rules, tooltip="F1"),
            ui.Button("Settings", self.open_settings, tooltip="S"),
        ]

    def hint_enabled(self) -> bool:
        return not self.state.is_over() and self.seats.may_act(self.state)

    def extra_buttons(self) -> list[ui.Button]:
        return []

    def status_parts(self) -> list[str]:
        return []

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game.name))

    def open_settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def layout_bar(self, size: tuple[int, int]) -> None:
        """The bar's buttons in a row; those `in_play` only while the game is on."""
        self.bar_for_over = over = self.state.is_over()
        self.buttons = []
        for button in self.all_buttons:
            if over and button.in_play:
                button.let_go()  # leaves the bar: a press or hover under way ends with it
            else:
                self.buttons.append(button)
        s = theme.ui_scale(size)
        pad = int(6 * s)
        x = pad
        font_size = int(15 * s)
        for button in self.buttons:
            width = button.fit_width(font_size, int(26 * s))  # one width for all its labels
            button.rect = pygame.Rect(x, pad, width, self.bar_h - 2 * pad)
            button.size = font_size
            x += width + pad

    def draw_bar(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BAR, (0, 0, w, self.bar_h))
        surface.fill(theme.BAR, (0, h - self.status_h, w, self.status_h))
        for button in self.buttons:
            button.draw(surface)
        s = theme.ui_scale((w, h))
        ui.draw_tooltip(surface, self.buttons, s)
        line = "   ·   ".join(self.status_parts())
        img = ui.text(line, int(15 * s), theme.TEXT_DIM)
        status_line = self.status_h - self.tip_h
        surface.blit(img, img.get_rect(midleft=(int(14 * s), h - status_line // 2)))
        if self.tip_h:
            self.draw_tip(surface, s)

    def draw_tip(self, surface: pygame.Surface, s: float) -> None:
        """The first-run line of key controls, with a × that closes it; the line ends before the ×
        (cut after a whole word, with "…", where the window is too narrow for all of it)."""
        w, h = surface.get_size()
        strip = pygame.Rect(0, h - self.status_h, w, self.tip_h)
        surface.fill(theme.TIP, strip)
        close = self.tip_close_rect()
        left = int(14 * s)
        line = ui.elide(f"Tip: {self.tip}", int(14 * s), close.x - int(10 * s) - left)
        img = ui.text(line, int(14 * s), theme.TEXT)
        surface.blit(img, img.get_rect(midleft=(left, strip.centery)))
        pygame.draw.rect(surface, theme.BAR, close, border_radius=close.h // 2)
        ui.blit_centred(surface, ui.text("×", int(16 * s), theme.TEXT, True), close.center)


def format_time(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"
