"""The Canals table for two people at one computer.

Player 1 (red) sits at the bottom, Player 2 (black) at the top. Each side's columns start at its
owner's edge and grow toward the middle; the hand of the player whose turn it is fans along their
edge. What is drawn comes from `state.view(viewer)`: a face the viewer may not know is never drawn.
With two humans, a hand-off screen covers the table between turns.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engines import canals
from engines.cards import pretty
from game import theme, ui
from game.launch import fresh_seed
from game.table.base import TableScene
from game.table.pieces import Placement, Slot

BACKS = ("red_player", "black_player")
NAMES = ("Player 1 (red)", "Player 2 (black)")
COLUMN_STEP = 0.26  # overlap in a column, as a fraction of card height, before squeezing
SIZE_STEP = 0.85  # card sizes shrink in steps, so images are re-rendered rarely


class CanalsTable(TableScene):
    def __init__(self, app, request) -> None:
        self.face_up = False
        self.viewer = 0
        self.secrets = request.secrets
        self.handoff_needed = False
        self.hover: int | None = None  # the hand card under the pointer, raised a little
        super().__init__(app, request)

    # -- turn flow ------------------------------------------------------------------------------
    def start_deal(self, seed: int, moves=None, elapsed: float = 0.0) -> None:
        super().start_deal(seed, moves, elapsed)
        self.viewer = self.state.current_player if self.state.current_player is not None else 0
        self.handoff_needed = self.secrets and not self.state.is_over()

    @property
    def turn_ended(self) -> bool:
        """In hand-off mode the placer keeps the table until they end their turn."""
        return self.state.current_player is not None and self.state.current_player != self.viewer

    def end_turn(self) -> None:
        if self.turn_ended:
            self.handoff_needed = True

    def show_handoff(self) -> None:
        from game.scenes.handoff import HandoffScene

        self.handoff_needed = False
        seat = self.state.current_player
        self.app.push(HandoffScene(self.app, f"{NAMES[seat]}'s turn", lambda: self.take_seat(seat)))

    def take_seat(self, seat: int) -> None:
        self.viewer = seat
        self.sync(animate=False)

    def state_changed(self) -> None:
        """Without secrets the table always shows the player to move."""
        self.hover = None
        if not self.secrets and self.state.current_player is not None:
            self.viewer = self.state.current_player

    def can_undo(self) -> bool:
        """Never after the end; in hand-off mode only your own placement, before you pass on."""
        if self.pos == 0 or self.state.is_over():
            return False
        return not self.secrets or self.turn_ended

    def can_redo(self) -> bool:
        return super().can_redo() and (not self.secrets or not self.turn_ended)

    def toggle_face(self) -> None:
        self.face_up = not self.face_up
        self.face_button.label = "Placing face up" if self.face_up else "Placing face down"
        self.face_button.selected = self.face_up  # stands out: face up is the unusual choice

    def on_right_click(self) -> None:
        self.toggle_face()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.handoff_needed and self.app.scene is self:
            self.show_handoff()

    def result(self) -> tuple[str, int]:
        winners = self.state.winners()
        outcome = "draw" if len(winners) > 1 else f"player {winners[0] + 1}"
        return outcome, max(self.state.scores())

    def show_ending(self) -> None:
        self.show_results()

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.state
        self.margin = max(10, int(w * 0.015))
        self.middle_h = int(40 * theme.ui_scale(size))
        avail_h = h - self.bar_h - self.status_h - self.middle_h
        # Two hands and two column areas (each at least a card plus a few overlaps).
        by_height = avail_h / (1.4 * (2 + 2 * (1 + 3 * COLUMN_STEP)) + 0.1)
        columns = max(len(s.sides[0]), len(s.sides[1])) + 1
        cw = min(by_height, w * 0.11)
        while cw > 24 and columns * cw * 1.12 > w - 2 * self.margin:
            cw *= SIZE_STEP
        self.card_w = max(24, int(cw))
        ch = round(self.card_w * 1.4)
        self.card_h = ch
        self.gap = int(self.card_w * 0.12)
        pad = max(4, int(ch * 0.04))
        mid = self.bar_h + (h - self.bar_h - self.status_h) // 2
        self.middle = pygame.Rect(0, mid - self.middle_h // 2, w, self.middle_h)
        self.hand_y = (h - self.status_h - ch - pad, self.bar_h + pad)
        # Where each side's columns start (their owner's edge) and which way they grow.
        self.column_start = (self.hand_y[0] - self.gap - ch, self.hand_y[1] + ch + self.gap)
        self.column_room = (
            self.column_start[0] - self.middle.bottom,
            self.middle.top - self.column_start[1] - ch,
        )

    def column_x(self, side: int, index: int) -> int:
        count = len(self.state.sides[side]) + (1 if self.new_slot_side() == side else 0)
        span = count * self.card_w + (count - 1) * self.gap
        return (self.app.size[0] - span) // 2 + index * (self.card_w + self.gap)

    def column_step(self, side: int, n: int) -> int:
        if n <= 1:
            return 0
        return max(2, min(int(self.card_h * COLUMN_STEP), self.column_room[side] // (n - 1)))

    def new_slot_side(self) -> int | None:
        seat = self.state.current_player
        return seat if seat is not None and seat == self.viewer else None

    def slots(self) -> list[Slot]:
        out = []
        for side in (0, 1):
            for i in range(len(self.state.sides[side])):
                y = self.column_start[side]
                out.append(
                    Slot(
                        f"col:{side}:{i}",
                        pygame.Rect(self.column_x(side, i), y, self.card_w, self.card_h),
                        None,
                        show_outline=False,
                    )
                )
        side = self.new_slot_side()
        if side is not None:
            x = self.column_x(side, len(self.state.sides[side]))
            out.append(
                Slot(
                    f"new:{side}",
                    pygame.Rect(x, self.column_start[side], self.card_w, self.card_h),
                    "+",
                )
            )
        out.append(
            Slot("hand", pygame.Rect(0, self.hand_y[self.viewer], 1, 1), None, show_outline=False)
        )
        return out

    def focus_order(self) -> list[str]:
        hand = ["hand"] if self.state.current_player == self.viewer else []
        return hand + [s.pile for s in self.slot_list if s.pile != "hand"]

    def placements(self) -> list[Placement]:
        s = self.state
        view = s.view(self.viewer)
        out: list[Placement] = []
        for side in (0, 1):
            direction = -1 if side == 0 else 1
            for i, (column, seen) in enumerate(
                zip(s.sides[side], view["sides"][side], strict=True)
            ):
                step = self.column_step(side, len(column))
                x = self.column_x(side, i)
                for j, ((code, _), cell) in enumerate(zip(column, seen, strict=True)):
                    y = self.column_start[side] + direction * j * step
                    shown = cell["face_up"]
                    mark = pretty(cell["card"]) if not shown and cell["card"] else None
                    out.append(
                        Placement(
                            code,
                            f"col:{side}:{i}",
                            j,
                            x,
                            y,
                            shown,
                            BACKS[cell["owner"]],
                            mark,
                            side == 0,
                        )
                    )
        for seat in (0, 1):
            out += self.hand_placements(seat)
        return out

    def hand_placements(self, seat: int) -> list[Placement]:
        """The viewer's hand face up along their edge; the other hand as a small fan of backs."""
        hand = self.state.hands[seat]
        if not hand:
            return []
        w = self.app.size[0]
        mine = seat == self.viewer
        room = w - 2 * self.margin - self.card_w
        step = min(int(self.card_w * (0.62 if mine else 0.12)), room // max(1, len(hand) - 1))
        span = step * (len(hand) - 1) + self.card_w
        x0 = (w - span) // 2 if mine else w - self.margin - span
        y = self.hand_y[seat]
        lift = int(self.card_h * 0.12) * (1 if seat == 1 else -1)
        pile = "hand" if mine else f"hand:{seat}"
        return [
            Placement(
                code,
                pile,
                i,
                x0 + i * step,
                y + (lift if mine and i == self.hover else 0),
                mine,
                BACKS[seat],
            )
            for i, code in enumerate(hand)
        ]

    def on_motion(self, event: pygame.event.Event) -> None:
        """Besides dragging: the hand card under the pointer rises, so you see which one you take."""
        super().on_motion(event)
        over = None
        if not self.drag and not event.buttons[0] and not self.turn_ended:
            over = self.hand_card_at(event.pos)
        if over != self.hover:
            self.hover = over
            self.sync()

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The hand card under the pointer, judged by where the cards rest (so a raised card
        never slides out from under the pointer and back); above the row, the raised card."""
        cards = [p for p in self.placed if p.pile == "hand"]
        rest_y = self.hand_y[self.viewer]
        for p in reversed(cards):
            if pygame.Rect(p.x, rest_y, self.card_w, self.card_h).collidepoint(pos):
                return p.index
        raised = next((p for p in cards if p.index == self.hover), None)
        if raised and pygame.Rect(raised.x, raised.y, self.card_w, self.card_h).collidepoint(pos):
            return raised.index
        return None

    def draw_sprite(self, surface: pygame.Surface, sprite) -> None:
        """A card being placed face down is shown face down, with the peek tag for its owner."""
        if self.drag and sprite.code in self.drag.codes and not self.face_up:
            surface.blit(self.images.back(BACKS[self.viewer]), (round(sprite.x), round(sprite.y)))
            self.draw_mark(surface, sprite, pretty(sprite.code))
            return
        super().draw_sprite(surface, sprite)

    # -- gestures -------------------------------------------------------------------------------
    def pickup(self, pile: str, index: int) -> tuple[int, str | None]:
        if self.state.is_over():
            return 0, None
        if pile != "hand":
            if pile.startswith("hand:"):
                return 0, "That is the other player's hand"
            return 0, "Cards on the table stay where they are placed"
        if self.turn_ended:
            return 0, "You have placed your card — end your turn"
        return 1, None

    def drop_move(self, src: str, index: int, n: int, dst: str):
        card = self.state.hands[self.viewer][index]
        if dst.startswith("new:"):
            return canals.Place(card, int(dst[4:]), None, self.face_up)
        if dst.startswith("col:"):
            _, side, column = dst.split(":")
            return canals.Place(card, int(side), int(column), self.face_up)
        return canals.Place(card, self.viewer, -1, self.face_up)

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        if pile == "hand" and index is not None and not self.turn_ended:
            self.app.toasts.show("Drag the card to a column, or to + for a new column")
        return False

    def keyboard_pick(self, pile: str) -> bool:
        if pile != "hand" or self.turn_ended:
            return False
        cards = [p for p in self.placed if p.pile == "hand"]
        return bool(cards) and self.keyboard_lift(cards[len(cards) // 2])

    def adjust_keyboard_drag(self, delta: int) -> None:
        """Up/Down while holding a hand card: take its neighbour instead."""
        cards = [p for p in self.placed if p.pile == "hand"]
        index = (self.drag.index + delta) % len(cards)
        self.drag = None
        self.sync(animate=False)
        self.keyboard_lift(cards[index])

    # -- bar, status, the end -------------------------------------------------------------------
    def extra_buttons(self) -> list[ui.Button]:
        self.face_button = ui.Button(
            "Placing face down", self.toggle_face, tooltip="F or right-click"
        )
        self.end_button = ui.Button(
            "End turn",
            self.end_turn,
            enabled=lambda: self.secrets and self.turn_ended,
            primary=True,
            tooltip="E",
        )
        self.results_button = ui.Button(
            "Results", self.show_results, enabled=lambda: self.state.is_over()
        )
        return [self.face_button, self.end_button, self.results_button]

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        return {**super().shortcuts(), pygame.K_f: self.toggle_face, pygame.K_e: self.end_turn}

    def status_parts(self) -> list[str]:
        s = self.state
        parts = [f"Game #{self.request.seed}", f"Turn {min(s.turn + 1, 52)} of 52"]
        if s.is_over():
            a, b = s.scores()
            parts.append(f"Final score {a} – {b}")
        elif self.turn_ended:
            parts.append(
                f"{NAMES[self.viewer]}: card placed — End turn to pass the table (or undo)"
            )
        else:
            parts.append(f"{NAMES[s.current_player]} to place a card")
        return parts

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        s = theme.ui_scale(self.app.size)
        state = self.state
        for seat in (0, 1):
            y = self.hand_y[seat] + self.card_h // 2
            label = f"{NAMES[seat]} · {len(state.hands[seat])} in hand"
            img = ui.text(label, int(15 * s), theme.TEXT_DIM, bold=seat == state.current_player)
            hand_left = min(
                (
                    p.x
                    for p in self.placed
                    if p.pile in ("hand", f"hand:{seat}") and p.code in state.hands[seat]
                ),
                default=self.app.size[0],
            )
            if hand_left - self.margin >= img.get_width() + 10:
                surface.blit(img, img.get_rect(midleft=(self.margin, y)))
        text = self.middle_text()
        ui.blit_centred(
            surface, ui.text(text, int(17 * s), theme.TEXT, bold=True), self.middle.center
        )
        if state.is_over():
            self.draw_column_scores(surface, s)

    def middle_text(self) -> str:
        state = self.state
        if state.is_over():
            a, b = state.scores()
            return f"{self.verdict()} · {a} – {b}"
        return "▲ Player 2's side   ·   Player 1's side ▼"

    def draw_column_scores(self, surface: pygame.Surface, s: float) -> None:
        breakdown = self.state.column_breakdown()
        for side in (0, 1):
            for i, info in enumerate(breakdown[side]):
                top = self.top_placement(f"col:{side}:{i}")
                if top is None:
                    continue
                x = self.column_x(side, i) + self.card_w // 2
                y = (top.y - int(12 * s)) if side == 0 else (top.y + self.card_h + int(12 * s))
                scored = info["score"] > 0
                if scored:
                    self.outline_scoring_cards(surface, side, i, info["scoring_cards"])
                img = ui.text(
                    f"+{info['score']}" if scored else "0", int(16 * s), theme.TEXT, bold=True
                )
                box = img.get_rect(center=(x, y)).inflate(int(14 * s), int(4 * s))
                pygame.draw.rect(
                    surface,
                    (40, 140, 70) if scored else (90, 90, 90),
                    box,
                    border_radius=box.h // 2,
                )
                surface.blit(img, img.get_rect(center=box.center))

    def outline_scoring_cards(
        self, surface: pygame.Surface, side: int, column: int, n: int
    ) -> None:
        """Ring the run that scores, from the spring to the first fountain."""
        cards = [p for p in self.placed if p.pile == f"col:{side}:{column}"][:n]
        area = pygame.Rect(cards[0].x, cards[0].y, self.card_w, self.card_h)
        for p in cards[1:]:
            area.union_ip(pygame.Rect(p.x, p.y, self.card_w, self.card_h))
        pygame.draw.rect(
            surface, theme.ACCEPT, area.inflate(8, 8), 3, border_radius=self.card_w // 10
        )

    def show_results(self) -> None:
        from game.scenes.dialogs import ChoiceScene

        state = self.state
        a, b = state.scores()
        lines = [f"{NAMES[0]}: {a} points", f"{NAMES[1]}: {b} points"]
        for side, columns in enumerate(state.column_breakdown()):
            scoring = sum(1 for c in columns if c["score"])
            lines.append(f"{NAMES[side]}: {scoring} of {len(columns)} columns score")
        choices = [
            ("Rematch", self.rematch),
            ("Main menu", self.app.pop),
            ("See the table", lambda: None),
        ]
        self.app.push(ChoiceScene(self.app, f"{self.verdict()}!", lines, choices))

    def verdict(self) -> str:
        """Who won the finished game, as the table and the results say it."""
        winners = self.state.winners()
        return "A draw" if len(winners) > 1 else f"{NAMES[winners[0]]} wins"

    def rematch(self) -> None:
        """A new game in which the other player places first."""
        self.request.options = {**self.request.options, "first": 1 - self.states[0].starter}
        self.start_deal(fresh_seed())

    def deal_origin(self) -> tuple[int, int]:
        return (self.app.size[0] // 2, self.app.size[1] // 2)
