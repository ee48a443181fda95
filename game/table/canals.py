"""The Canals table for two people at one computer.

Player 1 (red) sits at the bottom, Player 2 (black) at the top. Each side's columns start at its
owner's edge and grow toward the middle; the viewer's hand spreads along their edge, the other hand
lies face down at the right end of its side (game.table.hands lays both out). What is drawn comes
from `state.view(viewer)`: a face the viewer may not know is never drawn, and hidden cards are
keyed by the view's ids. Seats, the hand-off and undo are the shared seat controller's
(game.table.seats).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from engines import canals
from engines.cards import pretty
from game import theme, ui
from game.card_art import SMALL_WIDTH
from game.table import canals_tags as tags
from game.table.base import TableScene
from game.table.hands import HAND_ROW, Box, backs_width, hand_boxes, hand_fits
from game.table.pieces import Gesture, Pick, Placement, Slot, Target
from game.table.sprites import CardSprite

BACKS = ("red_player", "black_player")
NAMES = ("Player 1 (red)", "Player 2 (black)")
COLUMN_STEP = 0.26  # overlap in a column, as a fraction of card height, before squeezing
SIZE_STEP = 0.85  # card sizes shrink in steps, so images are re-rendered rarely
FIT_STEP = 0.93  # finer steps while fitting long columns: cards stay as large as the room allows
MIN_CARD_W = 36  # cards never shrink below this: longer columns are squeezed and open on hover
LABEL_ROW = 0.42  # an edge whose hand is not shown there: a line for its label, in card heights
BACKS_GAP = 0.4  # between a side's columns and the backs tucked in beside them, in card widths


def strip_for(cw: float, ch: float) -> float:
    """The height of a card's top that shows its rank and kind (small cards' indices are big)."""
    return ch * (0.27 if cw < SMALL_WIDTH else 0.17)


class CanalsTable(TableScene):
    option_text: ClassVar[dict[str, tuple[str, dict[Any, str]]]] = {
        "memory_aid": ("Peek at own face-down cards", {True: "Yes", False: "No"}),
        "min_canals": ("Fewest canals to score", {i: str(i) for i in range(8)}),
        "first": ("Who starts", {None: "Random", 0: "Player 1", 1: "Player 2"}),
    }

    seat_names = NAMES
    tip = (
        "drag a card onto a column, or onto + for a new one · F or right-click: face up · "
        "E ends your turn · Ctrl+Z takes your card back"
    )

    def __init__(self, app, request) -> None:
        super().__init__(app, request)
        self.face_up = False
        self.hover: int | None = None  # the hand card under the pointer, raised a little
        self.open_column: str | None = None  # a squeezed column under the pointer, shown whole

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
        if self.state.is_over() or self.pos == 0:  # the end, or a new deal: nothing placed yet
            self.set_face(False)

    def after_move(self) -> None:
        """The face-up choice belongs to one placement: every placement starts face down."""
        self.set_face(False)

    def toggle_face(self) -> None:
        """F, right-click or the switch; at the end there is nothing left to place."""
        if not self.state.is_over():
            self.set_face(not self.face_up)

    def set_face(self, up: bool) -> None:
        self.face_up = up
        self.face_button.label = "Placing face up" if up else "Placing face down"
        self.face_button.selected = up  # stands out: face up is the unusual choice

    def on_right_click(self) -> None:
        self.toggle_face()

    def event_keys(self, event: dict) -> list[str]:
        """Cards on the table are keyed by where they lie (their faces may be hidden)."""
        if event["kind"] == "place":
            return [f"t{event['side']}.{event['column']}.{event['row']}"]
        if event["kind"] == "reveal":
            return [f"t{c['side']}.{c['column']}.{c['row']}" for c in event["cards"]]
        return []

    def show_ending(self) -> None:
        self.show_results()

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Both sides read the same way, first card on top: Player 2's columns hang from the top
        of the table, Player 1's from the middle line, so every card shows its upright index.
        The viewer's hand spreads along their edge; the other hand lies whole at the right end
        of its side, under its label, and that side's columns make room for it. Cards shrink (in
        steps, so images are re-rendered rarely) until every column of a side stands in a row,
        every index of the viewer's hand shows and the longest columns show every card's rank and
        kind; beyond that a column is squeezed and opens on hover."""
        w, h = size
        v = self.view
        s = theme.ui_scale(size)
        sides = v["sides"]
        self.margin = max(10, int(w * 0.015))
        self.middle_h = int(34 * s)
        longest = [max((len(c) for c in side), default=1) for side in sides]
        top, bottom = self.bar_h, h - self.status_h
        cw = w * 0.11
        while cw > 24 and not self.row_fits(int(cw)):
            cw *= SIZE_STEP  # every column side by side, and the viewer's hand readable
        while cw * FIT_STEP >= MIN_CARD_W and self.height_needed(cw, longest) > bottom - top:
            cw *= FIT_STEP  # the longest columns readable card by card
        self.card_w = max(24, int(cw))
        cw, ch = self.card_w, round(self.card_w * 1.4)
        self.card_h = ch
        self.gap = int(cw * 0.12)
        self.strip = strip_for(cw, ch)
        rows = [self.hand_row(seat, ch) for seat in (0, 1)]
        pad = max(4, int(ch * 0.04))
        room = bottom - top - rows[0] - rows[1] - self.middle_h - 4 * pad
        wants = [ch + (n - 1) * ch * COLUMN_STEP for n in longest]
        share = room * wants[1] / (wants[0] + wants[1])
        share = min(max(share, ch), max(ch, room - ch))  # each side holds a card (or the backs)
        self.column_room = (room - share, share)  # per side: from the first card's top down
        side1 = top + rows[1] + pad
        self.middle = pygame.Rect(0, side1 + int(share) + pad, w, self.middle_h)
        self.column_start = (self.middle.bottom + pad, side1)
        self.hands = self.hand_layout(rows, pad)
        mine = self.hands[self.viewer].cards
        self.hand_spread = len(mine) < 2 or mine[1][0] - mine[0][0] >= cw

    def tucked(self) -> int | None:
        """The seat whose hand lies beside its columns (its edge holds only its label): the
        other player's, unless the table may turn to them without a hand-off."""
        other = 1 - self.viewer
        return None if self.hand_shown(other) else other

    def row_fits(self, cw: int) -> bool:
        """Whether cards of width `cw` stand every column of a side in a row with room for one
        more (and for the backs tucked in beside them), and show every index of the viewer's
        hand."""
        v = self.view
        room = self.app.size[0] - 2 * self.margin
        for side, columns in enumerate(v["sides"]):
            need = (len(columns) + 1) * cw * 1.12
            n = len(v["hands"][side])
            if side == self.tucked() and n:
                need += backs_width(cw, n) + int(cw * BACKS_GAP)
            if need > room:
                return False
        return hand_fits(cw, len(v["hands"][self.viewer]), room)

    def hand_layout(self, rows: list[int], pad: int) -> dict[int, Box]:
        """Each hand's place: inside its edge's row when that row holds a whole card, else (the
        other hand, tucked) just inside its side, next to its label's row."""
        w = self.app.size[0]
        top, bottom, ch = self.bar_h, self.app.size[1] - self.status_h, self.card_h
        whole = (bottom - rows[0], top + rows[1] - ch)
        tucked = (bottom - rows[0] - pad - ch, top + rows[1] + pad)
        y = [tucked[seat] if seat == self.tucked() else whole[seat] for seat in (0, 1)]
        row = pygame.Rect(self.margin, y[self.viewer], w - 2 * self.margin, ch)
        return hand_boxes(self.card_w, self.view, self.viewer, row, y[1 - self.viewer])

    def height_needed(self, cw: float, longest: list[int]) -> float:
        """Table height for cards of width `cw`: both hands, and the longest column of each side
        with every card showing its index strip."""
        ch = cw * 1.4
        strip = strip_for(cw, ch)
        hands = self.hand_row(0, ch) + self.hand_row(1, ch)
        columns = sum(ch + (n - 1) * strip for n in longest)
        return hands + columns + 80 * theme.ui_scale(self.app.size)

    def hand_row(self, seat: int, ch: float) -> int:
        """Height the seat's edge takes: a whole card where its hand is shown, else a line for
        its label. It never changes as cards are placed, so columns never jump."""
        return int(ch * (HAND_ROW if self.hand_shown(seat) else LABEL_ROW))

    def hand_shown(self, seat: int) -> bool:
        """Whether the screen may show the seat's hand face up at its edge: the viewer's, or any
        human's when the table turns to whoever moves."""
        seats = self.seats
        return (
            seat == self.viewer or not seats.humans or (seat in seats.humans and not seats.secrets)
        )

    def column_x(self, side: int, index: int) -> int:
        count = len(self.view["sides"][side]) + (1 if self.new_slot_side() == side else 0)
        span = count * self.card_w + (count - 1) * self.gap
        x0 = (self.app.size[0] - span) // 2
        backs = self.hands[side].rect
        if side == self.tucked() and backs.w:  # clear of the backs, else centred
            x0 = max(self.margin, min(x0, backs.x - int(self.card_w * BACKS_GAP) - span))
        return x0 + index * (self.card_w + self.gap)

    def column_step(self, side: int, n: int) -> int:
        if n <= 1:
            return 0
        room = self.column_room[side] - self.card_h
        generous = max(int(self.card_h * COLUMN_STEP), math.ceil(self.strip))
        return max(2, min(generous, int(room // (n - 1))))

    def squeezed(self, side: int, n: int) -> bool:
        """A column too long to show every card's index: it opens in full under the pointer."""
        return n > 1 and self.column_step(side, n) < self.strip - 1

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
        out.append(Slot("hand", self.hands[self.viewer].rect, None, show_outline=False))
        return out

    def focus_order(self) -> list[str]:
        hand = ["hand"] if self.view["current_player"] == self.viewer else []
        return hand + [s.pile for s in self.slot_list if s.pile != "hand"]

    def placements(self) -> list[Placement]:
        out: list[Placement] = []
        for side, columns in enumerate(self.view["sides"]):
            for i, column in enumerate(columns):
                step = self.column_step(side, len(column))
                x = self.column_x(side, i)
                for j, cell in enumerate(column):
                    y = self.column_start[side] + j * step
                    shown = cell["face_up"]
                    code = cell["card"]
                    mark = pretty(code) if not shown and code else None
                    back = BACKS[cell["owner"]]
                    pile = f"col:{side}:{i}"
                    out.append(Placement(cell["id"], code, pile, j, x, y, shown, back, mark))
        for seat in (0, 1):
            out += self.hand_placements(seat)
        return out

    def hand_placements(self, seat: int) -> list[Placement]:
        """The viewer's hand face up along their edge, the card under the pointer raised; the
        other hand as a small fan of backs (the view gives it no faces)."""
        v = self.view
        mine = seat == self.viewer
        lift = int(self.card_h * 0.12) * (1 if seat == 1 else -1)
        pile = "hand" if mine else f"hand:{seat}"
        cards = zip(v["hand_ids"][seat], v["hands"][seat], self.hands[seat].cards, strict=True)
        return [
            Placement(
                key,
                code,
                pile,
                i,
                x,
                y + (lift if mine and i == self.hover else 0),
                mine,
                BACKS[seat],
            )
            for i, (key, code, (x, y)) in enumerate(cards)
        ]

    def on_motion(self, event: pygame.event.Event) -> None:
        """Besides dragging: the hand card under the pointer rises, so you see which one you take,
        and a squeezed column under the pointer opens in full."""
        super().on_motion(event)
        over = None
        if not self.held and not event.buttons[0] and self.seats.may_act(self.state):
            over = self.hand_card_at(event.pos)
        if over != self.hover:
            self.hover = over
            self.sync()
        column = None if self.held else self.column_at(event.pos)
        if column != self.open_column:
            self.open_column = column

    def column_at(self, pos: tuple[int, int]) -> str | None:
        for slot in self.slot_list:
            if slot.pile.startswith("col:") and slot.drop.collidepoint(pos):
                return slot.pile
        return None

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The hand card under the pointer, judged by where the cards rest (so a raised card
        never slides out from under the pointer and back); above the row, the raised card."""
        cards = self.pile_cards("hand")
        rest_y = self.hands[self.viewer].rect.y
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
            self.draw_kind(surface, sprite)
            return
        super().draw_sprite(surface, sprite)

    def decorate(self, surface: pygame.Surface, sprite) -> None:
        """Every card the viewer can read carries its kind (spring, canal or fountain) beside its
        index, so a column's chances show at a glance; the tags fit what shows of the card
        (canals_tags); the viewer's own face-down cards carry their peek tag too."""
        if sprite.mark and not sprite.face_up:
            self.draw_mark(surface, sprite, sprite.mark)
        if sprite.card and (sprite.face_up or sprite.mark):
            self.draw_kind(surface, sprite)

    def draw_kind(self, surface: pygame.Surface, sprite) -> None:
        tag = tags.kind_tag(self.card_w, self.card_h, self.tag_room(sprite))
        if tag:
            tags.draw_kind(
                surface, (round(sprite.x), round(sprite.y)), tag, canals.kind(sprite.card)
            )

    def draw_mark(self, surface: pygame.Surface, sprite, label: str) -> None:
        """The peek tag, fitted to what shows of the card beside its kind tag (canals_tags)."""
        room = self.tag_room(sprite)
        kind = tags.kind_tag(self.card_w, self.card_h, room) if sprite.card else None
        tag = tags.peek_tag(self.card_w, room, label, kind)
        if tag:
            tags.draw_peek(surface, (round(sprite.x), round(sprite.y)), tag)

    def tag_room(self, sprite) -> tags.Room:
        """What shows of a card for its tags: a column's card down to the next card's top (its
        last card whole), an overlapped hand's card its left edge up to the next card; the card
        being dragged and every other card (the open column's) its whole top."""
        cw, ch = self.card_w, self.card_h
        key = sprite.key
        if self.held and key in self.held.codes:
            return tags.Room(cw, ch, True)
        if key.startswith("t"):
            side, column, row = (int(part) for part in key[1:].split("."))
            columns = self.view["sides"][side]
            n = len(columns[column]) if column < len(columns) else 0
            return tags.Room(cw, self.column_step(side, n) if row < n - 1 else ch, True)
        if not self.hand_spread and key in self.view["hands"][self.viewer]:
            mine = self.hands[self.viewer].cards
            return tags.Room(mine[1][0] - mine[0][0], ch, False)
        return tags.Room(cw, ch, True)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        column = self.open_column or self.focused_column()
        if column and not self.held:
            self.draw_open_column(surface, column)

    def focused_column(self) -> str | None:
        order = self.focus_order()
        if self.focus is None or self.focus >= len(order):
            return None
        return order[self.focus] if order[self.focus].startswith("col:") else None

    def draw_open_column(self, surface: pygame.Surface, pile: str) -> None:
        """A squeezed column laid out in full over the table, first card to last, in rows of
        cards side by side (each card's whole top shows, its index and tags)."""
        cards = self.pile_cards(pile)
        side = int(pile.split(":")[1])
        if not self.squeezed(side, len(cards)):
            return
        w, _h = surface.get_size()
        s = theme.ui_scale(self.app.size)
        step = self.card_w + self.gap
        per_row = max(1, (w - 2 * self.margin - 40 + self.gap) // step)
        rows = -(-len(cards) // per_row)
        row_h = int(self.card_h * 0.62)
        title = ui.text(
            f"{NAMES[side]}'s side, column {int(pile.split(':')[2]) + 1}: "
            f"{len(cards)} cards, first to last",
            int(15 * s),
            theme.TEXT,
            bold=True,
        )
        width = min(len(cards), per_row) * step - self.gap + 40
        height = (rows - 1) * row_h + self.card_h + title.get_height() + 36
        panel = pygame.Rect(0, 0, max(width, title.get_width() + 40), height)
        panel.center = (w // 2, (cards[0].y + cards[-1].y + self.card_h) // 2)  # over itself
        panel.clamp_ip(self.play_area())
        pygame.draw.rect(surface, theme.BAR, panel, border_radius=10)
        pygame.draw.rect(surface, theme.ACCENT, panel, 2, border_radius=10)
        surface.blit(title, (panel.x + 20, panel.y + 10))
        top = panel.y + 20 + title.get_height()
        for i, p in enumerate(cards):
            x = panel.x + 20 + (i % per_row) * step
            y = top + (i // per_row) * row_h
            sprite = self.sprites[p.key]
            image = self.sprite_image(sprite)
            surface.blit(image, (x, y))
            key = f"open:{p.key}"  # not the column's key: here the card's whole top shows
            moved = CardSprite(key, sprite.card, x, y, sprite.face_up, sprite.back, mark=p.mark)
            self.decorate(surface, moved)

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
            "Placing face down",
            self.toggle_face,
            tooltip="F or right-click",
            widths=("Placing face up",),
            in_play=True,
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
            if v["hand_sizes"][seat]:
                self.draw_hand_label(surface, seat, s)
        ui.blit_centred(
            surface, ui.text(self.middle_text(), int(17 * s), theme.TEXT, True), self.middle.center
        )
        if v["over"]:
            self.draw_column_scores(surface, s)

    def draw_hand_label(self, surface: pygame.Surface, seat: int, s: float) -> None:
        """Whose hand and how many cards, in its edge's row: over the backs tucked in at the
        right, else at the left of the hand if there is room."""
        v = self.view
        row = self.hand_row(seat, self.card_h)
        y = self.bar_h + row // 2 if seat == 1 else self.app.size[1] - self.status_h - row // 2
        label = f"{self.seat_label(seat)} · {v['hand_sizes'][seat]} in hand"
        img = ui.text(label, int(15 * s), theme.TEXT_DIM, bold=seat == v["current_player"])
        if seat == self.tucked():
            surface.blit(img, img.get_rect(midright=(self.hands[seat].rect.right, y)))
        elif self.hands[seat].cards[0][0] - self.margin >= img.get_width() + 10:
            surface.blit(img, img.get_rect(midleft=(self.margin, y)))

    def middle_text(self) -> str:
        v = self.view
        if v["over"]:
            a, b = v["scores"]
            return f"{self.verdict()} · {a} – {b}"
        return "▲ Player 2's side   ·   Player 1's side ▼"

    def draw_column_scores(self, surface: pygame.Surface, s: float) -> None:
        """Each column's points in a badge, and the scoring run ringed where it shows."""
        for cards, n, box, img, colour in self.score_badges(s):
            if n:
                self.outline_scoring_cards(surface, cards, n)
            pygame.draw.rect(surface, colour, box, border_radius=box.h // 2)
            surface.blit(img, img.get_rect(center=box.center))

    def score_badges(self, s: float) -> list[tuple[list, int, pygame.Rect, pygame.Surface, tuple]]:
        """Per column: its cards, the scoring run's length, and its badge, placed away from the
        middle line (above Player 2's columns, below Player 1's) so nothing overlaps."""
        out = []
        for side, columns in enumerate(self.view["breakdown"]):
            for i, info in enumerate(columns):
                cards = self.pile_cards(f"col:{side}:{i}")
                if not cards:
                    continue
                scored = info["score"] > 0
                text = f"+{info['score']}" if scored else "0"
                img = ui.text(text, int(16 * s), theme.TEXT, bold=True)
                box = img.get_rect().inflate(int(14 * s), int(4 * s))
                box.centerx = cards[0].x + self.card_w // 2
                if side == 1:
                    box.bottom = cards[0].y - int(4 * s)
                else:
                    box.top = cards[-1].y + self.card_h + int(4 * s)
                colour = (40, 140, 70) if scored else (90, 90, 90)
                out.append((cards, info["scoring_cards"] if scored else 0, box, img, colour))
        return out

    def outline_scoring_cards(self, surface: pygame.Surface, cards: list, n: int) -> None:
        """Ring the run that scores, from the spring to the first fountain, around the part of
        it that shows (the card after it covers the fountain's lower part)."""
        first = cards[0]
        bottom = cards[n].y - 2 if n < len(cards) else cards[n - 1].y + self.card_h + 4
        area = pygame.Rect(first.x - 4, first.y - 4, self.card_w + 8, bottom - first.y + 4)
        pygame.draw.rect(surface, theme.ACCEPT, area, 3, border_radius=self.card_w // 10)

    def show_results(self) -> None:
        v = self.view
        a, b = v["scores"]
        lines = [f"{NAMES[0]}: {a} points", f"{NAMES[1]}: {b} points"]
        for side, columns in enumerate(v["breakdown"]):
            scoring = sum(1 for c in columns if c["score"])
            lines.append(f"{NAMES[side]}: {scoring} of {len(columns)} columns score")
        self.results_dialog(f"{self.verdict()}!", lines)

    def deal_origin(self) -> tuple[int, int]:
        return (self.app.size[0] // 2, self.app.size[1] // 2)
