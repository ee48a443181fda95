"""The Canals table for two people at one computer.

Player 1 (red) sits at the bottom, Player 2 (black) at the top. Each side's columns start at its
owner's edge and grow toward the middle; the hand of the player whose turn it is fans along their
edge. What is drawn comes from `state.view(viewer)`: a face the viewer may not know is never drawn,
and hidden cards are keyed by the view's ids. Seats, the hand-off and undo are the shared seat
controller's (game.table.seats).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from engines import canals
from engines.cards import pretty
from game import theme, ui
from game.deal import fresh_seed
from game.table.base import TableScene
from game.table.pieces import Gesture, Pick, Placement, Slot, Target

BACKS = ("red_player", "black_player")
NAMES = ("Player 1 (red)", "Player 2 (black)")
COLUMN_STEP = 0.26  # overlap in a column, as a fraction of card height, before squeezing
SIZE_STEP = 0.85  # card sizes shrink in steps, so images are re-rendered rarely


class CanalsTable(TableScene):
    option_text: ClassVar[dict[str, tuple[str, dict[Any, str]]]] = {
        "memory_aid": ("Peek at own face-down cards", {True: "Yes", False: "No"}),
        "min_canals": ("Fewest canals to score", {i: str(i) for i in range(8)}),
        "first": ("Who starts", {None: "Random", 0: "Player 1", 1: "Player 2"}),
    }

    seat_names = NAMES

    def __init__(self, app, request) -> None:
        super().__init__(app, request)
        self.face_up = False
        self.hover: int | None = None  # the hand card under the pointer, raised a little

    @classmethod
    def busiest_position(cls) -> canals.CanalsState:
        """Late in a game: long columns on both sides, some face up, six cards in each hand."""
        rng = random.Random(52)
        state = canals.new_game(seed=52)
        while state.turn < 40:
            seat = state.current_player
            columns = len(state.sides[seat])
            column = None if columns < 5 else rng.randrange(columns)
            card = state.hands[seat][rng.randrange(len(state.hands[seat]))]
            state = state.apply(canals.Place(card, seat, column, rng.random() < 0.4))
        return state

    # -- turn flow ------------------------------------------------------------------------------
    @property
    def turn_ended(self) -> bool:
        return self.seats.turn_ended(self.state)

    def state_changed(self) -> None:
        self.hover = None

    def after_move(self) -> None:
        """The face-up choice belongs to one placement: every placement starts face down."""
        if self.face_up:
            self.toggle_face()

    def toggle_face(self) -> None:
        self.face_up = not self.face_up
        self.face_button.label = "Placing face up" if self.face_up else "Placing face down"
        self.face_button.selected = self.face_up  # stands out: face up is the unusual choice

    def on_right_click(self) -> None:
        self.toggle_face()

    def event_keys(self, event: dict) -> list[str]:
        """Cards on the table are keyed by where they lie (their faces may be hidden)."""
        if event["kind"] == "place":
            return [f"t{event['side']}.{event['column']}.{event['row']}"]
        if event["kind"] == "reveal":
            return [f"t{c['side']}.{c['column']}.{c['row']}" for c in event["cards"]]
        return []

    def result(self) -> tuple[str, int]:
        winners = self.view["winners"]
        outcome = "draw" if len(winners) > 1 else f"player {winners[0] + 1}"
        return outcome, max(self.view["scores"])

    def show_ending(self) -> None:
        self.show_results()

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        sides = self.view["sides"]
        self.margin = max(10, int(w * 0.015))
        self.middle_h = int(40 * theme.ui_scale(size))
        avail_h = h - self.bar_h - self.status_h - self.middle_h
        # Two hands and two column areas (each at least a card plus a few overlaps).
        by_height = avail_h / (1.4 * (2 + 2 * (1 + 3 * COLUMN_STEP)) + 0.1)
        columns = max(len(sides[0]), len(sides[1])) + 1
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
        count = len(self.view["sides"][side]) + (1 if self.new_slot_side() == side else 0)
        span = count * self.card_w + (count - 1) * self.gap
        return (self.app.size[0] - span) // 2 + index * (self.card_w + self.gap)

    def column_step(self, side: int, n: int) -> int:
        if n <= 1:
            return 0
        return max(2, min(int(self.card_h * COLUMN_STEP), self.column_room[side] // (n - 1)))

    def new_slot_side(self) -> int | None:
        """The side where the viewer may start a column now (none while a computer moves)."""
        seat = self.view["current_player"]
        if seat is None or seat != self.viewer or self.seats.is_computer(seat):
            return None
        return seat

    def slots(self) -> list[Slot]:
        out = []
        for side in (0, 1):
            for i in range(len(self.view["sides"][side])):
                rect = pygame.Rect(
                    self.column_x(side, i), self.column_start[side], self.card_w, self.card_h
                )
                out.append(Slot(f"col:{side}:{i}", rect, None, show_outline=False))
        side = self.new_slot_side()
        if side is not None:
            x = self.column_x(side, len(self.view["sides"][side]))
            rect = pygame.Rect(x, self.column_start[side], self.card_w, self.card_h)
            out.append(Slot(f"new:{side}", rect, "+"))
        out.append(
            Slot("hand", pygame.Rect(0, self.hand_y[self.viewer], 1, 1), None, show_outline=False)
        )
        return out

    def focus_order(self) -> list[str]:
        hand = ["hand"] if self.view["current_player"] == self.viewer else []
        return hand + [s.pile for s in self.slot_list if s.pile != "hand"]

    def placements(self) -> list[Placement]:
        out: list[Placement] = []
        for side, columns in enumerate(self.view["sides"]):
            direction = -1 if side == 0 else 1
            for i, column in enumerate(columns):
                step = self.column_step(side, len(column))
                x = self.column_x(side, i)
                for j, cell in enumerate(column):
                    y = self.column_start[side] + direction * j * step
                    shown = cell["face_up"]
                    code = cell["card"]
                    mark = pretty(code) if not shown and code else None
                    back = BACKS[cell["owner"]]
                    out.append(
                        Placement(
                            cell["id"],
                            code,
                            f"col:{side}:{i}",
                            j,
                            x,
                            y,
                            shown,
                            back,
                            mark,
                            side == 0,
                        )
                    )
        for seat in (0, 1):
            out += self.hand_placements(seat)
        return out

    def hand_placements(self, seat: int) -> list[Placement]:
        """The viewer's hand face up along their edge; the other hand as a small fan of backs."""
        hand = self.view["hands"][seat]
        if not hand:
            return []
        keys = self.view["hand_ids"][seat]
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
                key,
                code,
                pile,
                i,
                x0 + i * step,
                y + (lift if mine and i == self.hover else 0),
                mine,
                BACKS[seat],
            )
            for i, (key, code) in enumerate(zip(keys, hand, strict=True))
        ]

    def on_motion(self, event: pygame.event.Event) -> None:
        """Besides dragging: the hand card under the pointer rises, so you see which one you take."""
        super().on_motion(event)
        over = None
        if not self.held and not event.buttons[0] and self.seats.may_act(self.state):
            over = self.hand_card_at(event.pos)
        if over != self.hover:
            self.hover = over
            self.sync()

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The hand card under the pointer, judged by where the cards rest (so a raised card
        never slides out from under the pointer and back); above the row, the raised card."""
        cards = self.pile_cards("hand")
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
        if self.held and sprite.key in self.held.codes and not self.face_up:
            surface.blit(self.images.back(BACKS[self.viewer]), (round(sprite.x), round(sprite.y)))
            self.draw_mark(surface, sprite, pretty(sprite.card))
            return
        super().draw_sprite(surface, sprite)

    # -- gestures -------------------------------------------------------------------------------
    def pick_at(self, p: Placement) -> Pick | str | None:
        if p.pile == "hand":
            return Pick("hand", p.index, (p.key,), (p.card,))
        if p.pile.startswith("hand:"):
            return "That is the other player's hand"
        return "Cards on the table stay where they are placed"

    def targets(self, pick: Pick) -> list[Target]:
        return [Target(s.pile, s.drop) for s in self.slot_list if s.pile != "hand"]

    def missed_drop_reason(self) -> str:
        return "Drop the card on a column, or on + to start a new one"

    def move_for(self, pick: Pick, target: Target) -> canals.Place | None:
        card = pick.cards[0]
        kind, _, where = target.id.partition(":")
        if kind == "new":
            return canals.Place(card, int(where), None, self.face_up)
        if kind == "col":
            side, column = where.split(":")
            return canals.Place(card, int(side), int(column), self.face_up)
        return None

    def gesture_for(self, move: canals.Place) -> Gesture | None:
        hand = self.view["hands"][self.viewer]
        if move.card not in hand:
            return None
        dst = f"new:{move.side}" if move.column is None else f"col:{move.side}:{move.column}"
        if self.slot(dst) is None:
            return None  # no such place on the table to drop on
        keys = (pygame.K_f,) if move.face_up != self.face_up else ()
        start = self.card_point("hand", hand.index(move.card))
        return Gesture(start, self.pile_target_rect(dst).center, keys)

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        if pile == "hand" and index is not None and self.seats.may_act(self.state):
            self.app.toasts.show("Drag the card to a column, or to + for a new column")
        return False

    def keyboard_pick(self, pile: str) -> bool:
        if pile != "hand" or not self.seats.may_act(self.state):
            return False
        cards = self.pile_cards("hand")
        return bool(cards) and self.keyboard_lift(cards[len(cards) // 2])

    def adjust_keyboard_drag(self, delta: int) -> None:
        """Up/Down while holding a hand card: take its neighbour instead."""
        cards = self.pile_cards("hand")
        index = (self.held.index + delta) % len(cards)
        self.held = None
        self.sync(animate=False)
        self.keyboard_lift(cards[index])

    # -- bar, status, the end -------------------------------------------------------------------
    def extra_buttons(self) -> list[ui.Button]:
        self.face_button = ui.Button(
            "Placing face down", self.toggle_face, tooltip="F or right-click"
        )
        self.results_button = ui.Button(
            "Results", self.show_results, enabled=lambda: self.state.is_over()
        )
        return [self.face_button, self.results_button]

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        return {**super().shortcuts(), pygame.K_f: self.toggle_face}

    def status_parts(self) -> list[str]:
        v = self.view
        # The turn of the card just placed stands until its player ends the turn.
        turn = v["turn"] if self.turn_ended else v["turn"] + 1
        parts = [f"Deal #{self.request.seed}", f"Turn {min(turn, 52)} of 52"]
        if v["over"]:
            a, b = v["scores"]
            parts.append(f"Final score {a} – {b}")
        else:
            parts.append(self.turn_status())
        return parts

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        s = theme.ui_scale(self.app.size)
        v = self.view
        for seat in (0, 1):
            y = self.hand_y[seat] + self.card_h // 2
            label = f"{self.seat_label(seat)} · {v['hand_sizes'][seat]} in hand"
            img = ui.text(label, int(15 * s), theme.TEXT_DIM, bold=seat == v["current_player"])
            hand_left = min(
                (p.x for p in self.placed if p.pile in ("hand", f"hand:{seat}")),
                default=self.app.size[0],
            )
            if hand_left - self.margin >= img.get_width() + 10:
                surface.blit(img, img.get_rect(midleft=(self.margin, y)))
        ui.blit_centred(
            surface, ui.text(self.middle_text(), int(17 * s), theme.TEXT, True), self.middle.center
        )
        if v["over"]:
            self.draw_column_scores(surface, s)

    def middle_text(self) -> str:
        v = self.view
        if v["over"]:
            a, b = v["scores"]
            return f"{self.verdict()} · {a} – {b}"
        return "▲ Player 2's side   ·   Player 1's side ▼"

    def draw_column_scores(self, surface: pygame.Surface, s: float) -> None:
        for side, columns in enumerate(self.view["breakdown"]):
            for i, info in enumerate(columns):
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
        cards = self.pile_cards(f"col:{side}:{column}")[:n]
        area = pygame.Rect(cards[0].x, cards[0].y, self.card_w, self.card_h)
        for p in cards[1:]:
            area.union_ip(pygame.Rect(p.x, p.y, self.card_w, self.card_h))
        pygame.draw.rect(
            surface, theme.ACCEPT, area.inflate(8, 8), 3, border_radius=self.card_w // 10
        )

    def show_results(self) -> None:
        from game.scenes.dialogs import ChoiceScene

        v = self.view
        a, b = v["scores"]
        lines = [f"{NAMES[0]}: {a} points", f"{NAMES[1]}: {b} points"]
        for side, columns in enumerate(v["breakdown"]):
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
        winners = self.view["winners"]
        return "A draw" if len(winners) > 1 else f"{NAMES[winners[0]]} wins"

    def rematch(self) -> None:
        """A new game in which the other player places first."""
        first = 1 - self.view["first_player"]
        self.request.options = {**self.request.options, "first": first}
        self.start_deal(fresh_seed())

    def deal_origin(self) -> tuple[int, int]:
        return (self.app.size[0] // 2, self.app.size[1] // 2)
