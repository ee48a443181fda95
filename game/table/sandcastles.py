"""The Sandcastles table for 2–6 players, people and computers in any mix.

Each seat's castle (its board) lies in its own area around the table (game.table.sandcastles_layout);
the viewer's is largest, at the bottom, with their hand under it. Everything drawn comes from
`state.view(viewer)`, or, while a round's attacks play, from frames replayed from its public
events (game.table.sandcastles_show). Gestures: in setup, click cards to mark them for a redraw,
then Redraw (or Keep), then drag the five into the gaps of the castle; the last may drag a castle
card to the discard pile (or Keep); to declare, drag a held card onto another castle's card to
attack it, or onto Build; to build, drag each build card into a gap, which opens under the
pointer with the castle's new score. The engine decides every legality.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from engines import sandcastles
from game import theme, ui
from game.table.base import TableScene
from game.table.pieces import Placement, Slot
from game.table.sandcastles_draw import SandcastlesDrawing, ordinal
from game.table.sandcastles_input import SandcastlesInput
from game.table.sandcastles_layout import GAP, gap_rects, plan, row_xs
from game.table.sandcastles_show import attack_frames, round_caption, with_declaration


class SandcastlesTable(SandcastlesInput, SandcastlesDrawing, TableScene):
    smoke_seats = ("human", "human", "easy")  # `cardtable smoke` plays a whole game with these
    tip = (
        "drag a card onto another castle's card to attack it, or onto Build · build cards go "
        "into a gap of your castle · Space skips the attacks · E ends your turn"
    )

    def __init__(self, app, request) -> None:
        super().__init__(app, request)
        self.marked: set[str] = set()  # hand cards marked for the setup redraw
        self.open_gap: int | None = None  # the gap of the viewer's castle under the held card
        self.frames: list[tuple[dict[str, Any], str, float]] = []  # the attacks still to show
        self.frame_wait = 0.0
        self.caption = ""
        self.watched: dict[int, tuple] = {}  # seat -> the last attacks played for it
        self.widths: dict[str, int] = {}  # sprite key -> its card width (two sizes)
        self.homes: dict[str, pygame.Rect] = {}  # declared card -> where it rests
        self.rects: dict[str, pygame.Rect] = {}  # pile -> the visible part of its card
        self.plan = None
        self.kinds_for: int | None = None  # the history serial `kinds` was listed for
        self.kinds: set[str] = set()

    @classmethod
    def busiest_position(cls) -> Any:
        """Six players deep in a game: long castles, cards declared, the player to move holding
        cards to declare (attacks aim across the table)."""
        rng = random.Random(6)
        state = sandcastles.new_game(seed=6, players=6)
        while not (state.phase == "declare" and min(map(len, state.boards)) >= 7):
            legal = state.legal_moves()
            grow = [m for m in legal if m.to_dict()["kind"] in ("build", "insert", "keep")]
            state = state.apply(rng.choice(grow or legal))
        while sum(map(len, state.hands)) > 2:  # attacks declared, two cards still to declare
            attacks = [m for m in state.legal_moves() if m.to_dict()["kind"] == "attack"]
            state = state.apply(rng.choice(attacks))
        return state

    # -- what is shown ---------------------------------------------------------------------------
    @property
    def shown(self) -> dict[str, Any]:
        """The view, or the frame of the attacks on screen now."""
        return self.frames[0][0] if self.frames else self.view

    def legal_kinds(self) -> set[str]:
        """The kinds of move the rules allow now (what the table offers follows them)."""
        if self.kinds_for != self.history.serial:
            self.kinds_for = self.history.serial
            self.kinds = {m.to_dict()["kind"] for m in self.state.legal_moves()}
        return self.kinds

    def my_move(self) -> bool:
        """The viewer may act now (their turn, nothing playing)."""
        return not self.frames and self.seats.may_act(self.state)

    def redrawing(self) -> bool:
        return self.my_move() and "redraw" in self.legal_kinds()

    def state_changed(self) -> None:
        self.frames = []
        self.caption = ""
        self.open_gap = None
        if self.redrawing():  # marks stay only on cards still in the hand now shown
            self.marked &= {c["card"] for c in self.view["hands"][self.viewer]}
        else:
            self.marked = set()

    def after_move(self) -> None:
        """A round's last declaration resolved its attacks: play them step by step."""
        if resolved(self.state):
            self.play_attacks(self.pos)

    def take_seat(self, seat: int) -> None:
        """After the hand-off: attacks this player has not watched yet play for them."""
        super().take_seat(seat)
        last = next((i for i in range(self.pos, 0, -1) if resolved(self.states[i])), None)
        if last is not None and self.watched.get(seat) != (self.history, last):
            self.play_attacks(last)

    def play_attacks(self, index: int) -> None:
        """The attacks of the move that made state `index`, from the position before it as the
        viewer saw it, to the position on the table now."""
        if self.app.settings.animation_factor() <= 0:
            return
        events = self.states[index].events
        declare = next(e for e in events if e["kind"] == "declare")
        move = self.moves[index - 1].to_dict()
        before = self.states[index - 1].view(self.viewer)
        card = move["card"] if declare["seat"] == self.viewer else None
        start = with_declaration(before, declare, card)
        self.frames = attack_frames(start, events, self.seat_name)
        self.frames.append((self.view, round_caption(events, self.seat_name), 1.4))
        self.watched[self.viewer] = (self.history, index)
        self.show_frame()

    def show_frame(self) -> None:
        _, self.caption, seconds = self.frames[0]
        self.frame_wait = seconds * max(self.app.settings.animation_factor(), 0.2)
        self.sync()

    def skip_attacks(self) -> None:
        self.frames = []
        self.caption = ""
        self.sync()

    def update(self, dt: float) -> None:
        if self.frames:
            self.frame_wait -= dt
            if self.frame_wait <= 0:
                self.frames.pop(0)
                if self.frames:
                    self.show_frame()
                else:
                    self.skip_attacks()
        super().update(dt)

    def at_rest(self) -> bool:
        return not self.frames and super().at_rest()

    def animating(self) -> bool:
        return bool(self.frames) or super().animating()

    def run_computer(self, dt: float) -> None:
        if not self.frames:
            super().run_computer(dt)

    def why_not_now(self) -> str | None:
        if self.frames:
            return "The attacks are being shown — Space skips to the end"
        return super().why_not_now()

    def sync(self, animate: bool = True, delays: dict[str, float] | None = None) -> None:
        """As the shared table syncs; besides, cards new to a hand are drawn from the stock."""
        known, same_eyes = set(self.sprites), self.synced_viewer == self.viewer
        super().sync(animate, delays)
        factor = self.app.settings.animation_factor() if animate else 0.0
        if not factor or not known or not same_eyes:
            return
        drawn = [p for p in self.placed if p.key not in known and p.pile.startswith(("hand", "oh"))]
        for i, p in enumerate(drawn):
            sprite = self.sprites[p.key]
            if not sprite.moving:
                sprite.x, sprite.y, sprite.face_up = *self.stock_rect.topleft, False
                sprite.move_to(p.x, p.y, 0.3 * factor, delay=(0.1 + i * 0.08) * factor)
                sprite.pending_face = p.face_up

    def deal_origin(self) -> tuple[int, int]:
        return self.stock_rect.topleft

    # -- layout ----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        players = len(self.shown["boards"])
        self.plan = plan(size, self.bar_h, size[1] - self.status_h, s, players, self.viewer)
        self.card_w = self.plan.big_w
        self.small_w = self.plan.small_w
        self.small_h = sh = round(self.small_w * 1.4)
        centre, sw = self.plan.centre, self.small_w
        y = centre.bottom - sh - int(6 * s)
        self.stock_rect = pygame.Rect(centre.centerx - sw - sw // 3, y, sw, sh)
        self.discard_rect = pygame.Rect(centre.centerx + sw // 3, y, sw, sh)

    def board_xs(self, seat: int) -> list[int]:
        """Left edges of a castle's cards, with the open gap (the viewer's) spread apart."""
        area = self.plan.area(seat)
        n = len(self.shown["boards"][seat])
        xs = row_xs(n, area.card_w, area.rect)
        if seat == self.viewer and self.open_gap is not None and n:
            half = max(xs[1] - xs[0] if n > 1 else 0, int(area.card_w * (1 + GAP))) // 2
            xs = [x - half if i < self.open_gap else x + half for i, x in enumerate(xs)]
        return xs

    def gaps(self) -> list[pygame.Rect]:
        """Where the viewer's castle takes a card: the closed row's gaps (they stay put while a
        gap opens, so the pointer never chases them)."""
        area = self.plan.area(self.viewer)
        xs = row_xs(len(self.shown["boards"][self.viewer]), area.card_w, area.rect)
        return gap_rects(xs, area.card_w, area.board_y, area.card_h, area.rect)

    def inserting(self) -> bool:
        return self.my_move() and "insert" in self.legal_kinds()

    def declaring(self) -> bool:
        return self.my_move() and bool({"build", "attack"} & self.legal_kinds())

    def sacrificing(self) -> bool:
        return self.my_move() and "sacrifice" in self.legal_kinds()

    def action_label(self) -> str | None:
        """The on-table button of the moment: redraw the marked cards, or keep them; keep the
        castle whole instead of a sacrifice."""
        if self.redrawing():
            n = len(self.marked)
            return f"Redraw {n} card{'s' if n > 1 else ''}" if n else "Keep all five"
        if self.my_move() and "keep" in self.legal_kinds():
            return "Keep my castle"
        return None

    def slots(self) -> list[Slot]:
        v, out = self.shown, []
        out.append(Slot("stock", self.stock_rect, None, show_outline=False))
        out.append(Slot("discard", self.discard_rect, None, show_outline=False))
        for seat, board in enumerate(v["boards"]):
            if seat != self.viewer and not board and v["in"][seat] and v["round"]:
                area = self.plan.area(seat)
                rect = pygame.Rect(0, area.board_y, area.card_w, area.card_h)
                rect.centerx = area.rect.centerx
                out.append(Slot(f"empty:{seat}", rect, None, show_outline=False))
        mine = self.plan.area(self.viewer)
        if self.inserting() or self.redrawing():
            for i, rect in enumerate(self.gaps()):
                out.append(Slot(f"gap:{i}", rect, None, show_outline=False))
        if self.build_zone_shown():
            out.append(Slot("buildzone", self.build_rect, "Build"))
        label = self.action_label()
        if label:
            s = theme.ui_scale(self.app.size)
            width = ui.button_width([label, "Redraw 5 cards"], int(16 * s), int(30 * s), True)
            rect = pygame.Rect(0, 0, width, int(40 * s))
            rect.midleft = (self.row_end + mine.card_w // 2, mine.row_y + mine.card_h // 2)
            out.append(Slot("action", rect, None, show_outline=False))
        return out

    def build_zone_shown(self) -> bool:
        return self.declaring() or bool(self.shown["builds"][self.viewer])

    def placements(self) -> list[Placement]:
        v = self.shown
        out: list[Placement] = []
        self.widths, self.homes, self.rects = {}, {}, {}
        strikes = v.get("strikes", {})
        striking = []
        for seat in range(len(v["boards"])):
            area = self.plan.area(seat)
            xs = self.board_xs(seat)
            for i, (x, cell) in enumerate(zip(xs, v["boards"][seat], strict=True)):
                nxt = xs[i + 1] if i + 1 < len(xs) else x + area.card_w
                self.add(out, cell["id"], cell["card"], f"b:{seat}:{i}", x, area.board_y, area, nxt)
            if seat == self.viewer:
                self.my_row(out, v, area)
            else:
                self.their_row(out, v, seat, area)
        for key, target in strikes.items():
            striking.append((key, target))
        # Every card has its place: the stock as backs keyed by position (a drawn card flies
        # from it), the discard pile squared up with its top few fanned a little.
        stock = self.stock_rect
        for i in range(v["stock_count"]):
            lift = min(i // 10, 2) * 2
            out.append(
                Placement(f"stock.{i}", None, "stock", i, stock.x - lift, stock.y - lift, False)
            )
            self.widths[f"stock.{i}"] = self.small_w
        spot = self.discard_rect
        under = max(0, len(v["discard"]) - 4)
        for i, code in enumerate(v["discard"]):
            shift = max(0, i - under)
            out.append(Placement(code, code, "discard", i, spot.x + shift, spot.y - shift, True))
            self.widths[code] = self.small_w
        by_key = {p.key: p for p in out}
        for key, target in striking:  # an attacking card lies on the card it strikes
            p, t = by_key.get(key), by_key.get(target)
            if p is None or t is None:
                continue
            out.remove(p)
            w = self.widths[target]
            p.x, p.y = t.x + w // 4, t.y + round(w * 1.4 * 0.3)
            self.widths[key] = w
            out.append(p)
        self.rects["discard"] = pygame.Rect(spot)
        return out

    def add(self, out, key, card, pile, x, y, area, nxt=None, face=None, raise_by=0) -> None:
        w, h = area.card_w, area.card_h
        face_up = card is not None if face is None else face
        out.append(Placement(key, card, pile, len(out), x, y - raise_by, face_up))
        self.widths[key] = w
        seen = w if nxt is None else max(4, min(w, nxt - x))
        self.rects[pile] = pygame.Rect(x, y - raise_by, seen, h)

    def my_row(self, out: list[Placement], v: dict[str, Any], area) -> None:
        """Under the viewer's castle: the hand, the build zone with its cards, declared attacks."""
        w = area.card_w
        hand = v["hands"][self.viewer]
        builds = v["builds"][self.viewer]
        attacks = attacks_of(v, self.viewer)
        zone = self.build_zone_shown()
        span = len(hand) * w * (1 + GAP) + (w * 1.6 if zone else 0) + len(attacks) * w * (1 + GAP)
        x = int(area.rect.centerx - span / 2)
        lift = int(area.card_h * 0.16)
        for i, cell in enumerate(hand):
            raised = lift if cell["card"] in self.marked else 0
            self.add(
                out, cell["id"], cell["card"], f"hand:{i}", x, area.row_y, area, raise_by=raised
            )
            x += int(w * (1 + GAP))
        self.build_rect = pygame.Rect(x + w // 4, area.row_y, w, area.card_h)
        if zone:
            step = min(w // 3, (w // 2) // max(1, len(builds) - 1)) if len(builds) > 1 else 0
            for i, cell in enumerate(builds):
                bx = self.build_rect.x + i * step
                nxt = bx + step if i + 1 < len(builds) else None
                self.add(out, cell["id"], cell["card"], f"build:{i}", bx, area.row_y, area, nxt)
            x = self.build_rect.right + w // 3 + step * max(0, len(builds) - 1)
        for k, decl in enumerate(attacks):
            self.add(out, decl["id"], decl["card"], f"atk:{k}", x, area.row_y, area)
            self.homes[decl["id"]] = pygame.Rect(x, area.row_y, w, area.card_h)
            x += int(w * (1 + GAP))
        self.row_end = x

    def their_row(self, out: list[Placement], v: dict[str, Any], seat: int, area) -> None:
        """Another seat's hand (backs, but a face-up sacrifice draw) and declared cards, centred
        under its castle."""
        w = area.card_w
        hand, decls = v["hands"][seat], attacks_of(v, seat) + v["builds"][seat]
        span = (
            (len(hand) - 1) * (w // 3)
            + w
            + (w // 2 + (len(decls) - 1) * int(w * 0.6) + w) * (bool(decls))
        )
        x = area.rect.centerx - max(span, w) // 2
        for cell in hand:
            self.add(out, cell["id"], cell["card"], f"oh:{seat}", x, area.row_y, area, x + w // 3)
            x += w // 3
        x += w - w // 3 + w // 2
        for cell in decls:
            self.add(out, cell["id"], cell["card"], f"od:{seat}", x, area.row_y, area, x + w // 2)
            self.homes[cell["id"]] = pygame.Rect(x, area.row_y, w, area.card_h)
            x += int(w * 0.6)

    # -- two card sizes --------------------------------------------------------------------------
    def images_of(self, key: str):
        return (
            self.images if self.widths.get(key, self.card_w) == self.card_w else self.small_images
        )

    def pile_target_rect(self, pile: str) -> pygame.Rect:
        if pile in self.rects:
            top = self.top_placement(pile)
            if top is not None:
                w = self.widths[top.key]
                return pygame.Rect(
                    top.x, top.y, w, round(w * 1.4) if w != self.card_w else self.card_h
                )
        return super().pile_target_rect(pile)

    def hit(self, pos: tuple[int, int]) -> Placement | None:
        for p in reversed(self.placed):
            w = self.widths.get(p.key, self.card_w)
            h = self.card_h if w == self.card_w else self.small_h
            if p.x <= pos[0] < p.x + w and p.y <= pos[1] < p.y + h:
                return p
        return None

    def point_of(self, pile: str) -> tuple[int, int]:
        """The middle of what shows of a pile's card, or of its slot (scripted input)."""
        rect = self.rects.get(pile) or self.slot(pile).rect
        return rect.center

    # -- results ---------------------------------------------------------------------------------
    def result(self) -> tuple[str, int]:
        winners = self.view["winners"]
        outcome = f"player {winners[0] + 1}" if len(winners) == 1 else "draw"
        return outcome, max(self.view["scores"])

    def show_ending(self) -> None:
        self.show_results()

    def show_results(self) -> None:
        v = self.view
        order = sorted(range(len(v["places"])), key=lambda s: (v["places"][s], s))
        lines = []
        for seat in order:
            place = v["places"][seat]
            board = len(v["boards"][seat])
            what = (
                f"{board} card{'s' * (board != 1)}, {v['scores'][seat]} points"
                if board
                else f"out in round {v['out_round'][seat]}"
            )
            lines.append(f"{ordinal(place)}  {self.seat_label(seat)} — {what}")
        self.results_dialog(f"{self.verdict()}!", lines)

    def verdict(self) -> str:
        winners = self.view["winners"]
        if len(winners) == 1:
            return f"{self.seat_name(winners[0])} wins"
        return "A draw"

    def extra_buttons(self) -> list[ui.Button]:
        return [ui.Button("Results", self.show_results, enabled=lambda: self.state.is_over())]

    def status_parts(self) -> list[str]:
        v = self.view
        parts = [f"Deal #{self.request.seed}"]
        parts.append(f"Round {v['round']}" if v["round"] else "Setting up")
        parts.append(
            self.turn_status() if not v["winners"] or not self.state.is_over() else self.verdict()
        )
        return parts


def resolved(state: Any) -> bool:
    """The move that made `state` resolved a round's attacks."""
    return any(e["kind"] == "reveal" for e in state.events)


def attacks_of(v: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The seat's declared attacks whose cards still wait (a spent one has no card left)."""
    return [
        d
        for d in v["declarations"]
        if d["seat"] == seat and d["kind"] == "attack" and d["id"] and not d.get("spent")
    ]
