"""The Orchard table for two players at one computer (people, computers, or one of each).

The viewer's seeds are the lower row, the other player's the upper one; each seed's branches hang
below it (see game.table.orchard_layout). Gestures become engine moves and the engine decides:
drag a hand card to the empty seed slot (plant), onto a seed (a new branch) or onto a branch (its
tip: grow); drag a branch's first card onto its seed (condense) or a tail into your hand (prune);
click your tails to pick attackers, then the other player's tail or bare seed (capture), then set
melds aside in the tray; Pass, Done and Cancel are buttons (P, D, C). What is drawn comes from
`state.view(viewer)` only: the other hand is backs keyed by the view's ids, the stock a count.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from engines import orchard
from engines.cards import pretty
from game import theme, ui
from game.card_art import PLAYER_BACKS
from game.table.base import TableScene
from game.table.meld_tray import MeldTray
from game.table.orchard_layout import DISCARD_STEP, Geometry, plan, strip_for
from game.table.pieces import Gesture, Pick, Placement, Slot, Target

move = orchard.move_from_dict
NAMES = ("Player 1", "Player 2")
HELP = {
    "play": "plant, grow, condense, capture or prune — or pass",
    "grow": "place more cards, then Done",
    "condense": "more first cards onto this seed, then Done",
    "capture": "add tails, or click a target worth less",
    "meld": "set melds aside from the taken cards, then Done",
}
GOOD, BAD = theme.ACCEPT, theme.WARN


def tail_sum(cards: list[str]) -> int:
    return sum(orchard.card_value(c) for c in cards)


def parse(pile: str) -> tuple[str, list[int]]:
    """ "br:1:2:0" → ("br", [1, 2, 0])."""
    kind, *rest = pile.split(":")
    return kind, [int(x) for x in rest if x.lstrip("-").isdigit()]


class OrchardTable(TableScene):
    option_text: ClassVar[dict[str, tuple[str, dict[Any, str]]]] = {
        "first": ("Who starts", {None: "Random", 0: "Player 1", 1: "Player 2"}),
    }
    seat_names = NAMES
    tip = (
        "drag hand cards to the + slot or onto your seeds · click your tails, then a target, to "
        "capture · drag a tail to your hand to prune · P pass · D done · C cancel"
    )

    def __init__(self, app, request) -> None:
        super().__init__(app, request)
        self.geo: Geometry | None = None
        self.tray = MeldTray(self)
        self.pointer: tuple[int, int] = (-1, -1)
        self.targets_lit: list[
            tuple[int, int, int]
        ] = []  # legal capture targets: seed, branch, count

    @classmethod
    def busiest_position(cls) -> Any:
        """Mid-game: many seeds on both sides with branches grown on them, melds and a seed aside."""
        rng = random.Random(7)
        state = orchard.new_game(seed=7, options={"first": 0})
        prefer = {
            "play": ("grow", "plant", "grow", "attack"),
            "grow": ("grow", "grow", "done"),
            "condense": ("done",),
            "capture": ("target", "attack"),
            "meld": ("meld", "done"),
        }
        while state.view(0)["stock_count"] > 8 and not state.is_over():
            moves = state.legal_moves()
            by_kind: dict[str, list[Any]] = {}
            for m in moves:
                by_kind.setdefault(m.to_dict()["kind"], []).append(m)
            kinds = [k for k in prefer[state.phase] if k in by_kind]
            choice = by_kind[rng.choice(kinds)] if kinds else by_kind.get("cancel", moves)
            state = state.apply(rng.choice(choice))
        return state

    # -- the game as the view tells it ----------------------------------------------------------
    @property
    def me(self) -> int:
        return self.viewer

    @property
    def pending(self) -> dict[str, Any] | None:
        return self.view["pending"]

    def my_move(self) -> bool:
        return self.seats.may_act(self.state) and not self.seats.is_computer(self.viewer)

    def state_changed(self) -> None:
        self.tray.forget()
        self.targets_lit = self.legal_targets()

    def legal_targets(self) -> list[tuple[int, int, int]]:
        """Every capture target the engine would take now (lit green while attackers pick)."""
        v = self.view
        pending = v["pending"]
        if v["phase"] != "capture" or not pending or not pending["attackers"]:
            return []
        out = []
        for i, seed in enumerate(v["seeds"][1 - v["current_player"]]):
            if not seed["branches"] and self.state.check(target_move(i, None, 0)) is None:
                out.append((i, -1, 0))
            for b, branch in enumerate(seed["branches"]):
                for k in range(1, len(branch) + 1):
                    if self.state.check(target_move(i, b, k)) is None:
                        out.append((i, b, k))
        return out

    def result(self) -> tuple[str, int]:
        winners = self.view["winners"]
        outcome = "draw" if len(winners) > 1 else f"player {winners[0] + 1}"
        return outcome, max(self.view["scores"])

    def show_ending(self) -> None:
        self.show_results()

    # -- layout -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        show_slot = self.my_move() and self.view["phase"] == "play"
        top, bottom = self.bar_h, size[1] - self.status_h
        self.geo = plan(size, self.view, top, bottom, self.me, show_slot)
        self.card_w = self.geo.card_w
        self.tray.layout()
        self.layout_actions()

    def placements(self) -> list[Placement]:
        g, v = self.geo, self.view
        out: list[Placement] = []
        step = max(1, int(self.card_h * 0.004))
        for i in range(v["stock_count"]):
            lift = (i // 3) * step
            out.append(
                Placement(f"stock.{i}", None, "stock", i, g.stock.x + lift, g.stock.y - lift, False)
            )
        discard = v["discard"][-6:]
        fan = int(self.card_w * DISCARD_STEP)
        for i, code in enumerate(v["discard"]):
            shown = max(0, i - (len(v["discard"]) - len(discard)))
            out.append(
                Placement(code, code, "discard", i, g.discard.x + shown * fan, g.discard.y, True)
            )
        for seat in (0, 1):
            out += self.seed_placements(seat)
            out += self.aside_placements(seat)
        out += self.tray.placements()
        for seat in (0, 1):
            out += self.hand_placements(seat)
        return out

    def seed_placements(self, seat: int) -> list[Placement]:
        out = []
        for i, (seed, spot) in enumerate(
            zip(self.view["seeds"][seat], self.geo.seeds[seat], strict=True)
        ):
            pile = f"seed:{seat}:{i}"
            for k, (code, (x, y)) in enumerate(zip(seed["cards"], spot.cards, strict=True)):
                out.append(Placement(code, code, pile, k, x, y, True))
            for b, (branch, xy) in enumerate(zip(seed["branches"], spot.branches, strict=True)):
                pile = f"br:{seat}:{i}:{b}"
                for j, (code, (x, y)) in enumerate(zip(branch, xy, strict=True)):
                    out.append(Placement(code, code, pile, j, x, y, True))
        return out

    def aside_rows(self, seat: int) -> list[tuple[str, list[str]]]:
        """What a seat has set aside, one row each: its melds, then its captured seeds."""
        v = self.view
        return [("meld", m) for m in v["melds"][seat]] + [("seed", c) for c in v["captured"][seat]]

    def aside_placements(self, seat: int) -> list[Placement]:
        """Set-aside melds and captured seeds fanned in rows in the seat's panel (rows overlap
        when there are many, each still showing its cards' indices)."""
        rows = self.aside_rows(seat)
        panel = self.geo.panel[seat]
        step = int(self.card_w * 0.3)
        row_step = self.aside_step(seat)
        out = []
        index = 0
        for r, (_kind, cards) in enumerate(rows):
            for j, code in enumerate(cards):
                out.append(
                    Placement(
                        code,
                        code,
                        f"aside:{seat}",
                        index,
                        panel.x + j * step,
                        panel.y + r * row_step,
                        True,
                    )
                )
                index += 1
        return out

    def aside_step(self, seat: int) -> int:
        n = len(self.aside_rows(seat))
        panel = self.geo.panel[seat]
        generous = int(strip_for(self.card_w, self.card_h) * 1.2)
        return max(2, min(generous, (panel.h - self.card_h) // max(1, n - 1)))

    def hand_placements(self, seat: int) -> list[Placement]:
        """The viewer's hand face up and centred along the bottom; the other's backs at the top."""
        v = self.view
        hand, keys = v["hands"][seat], v["hand_ids"][seat]
        if not hand:
            return []
        w = self.app.size[0]
        mine = seat == self.me
        margin = self.geo.margin
        room = w - 2 * margin - self.card_w
        step = min(int(self.card_w * (0.62 if mine else 0.14)), room // max(1, len(hand) - 1))
        span = step * (len(hand) - 1) + self.card_w
        x0 = (w - span) // 2 if mine else w - margin - span
        y = self.geo.hand_y[seat]
        pile = "hand" if mine else f"hand:{seat}"
        return [
            Placement(
                key, code if mine else None, pile, i, x0 + i * step, y, mine, PLAYER_BACKS[seat]
            )
            for i, (key, code) in enumerate(zip(keys, hand, strict=True))
        ]

    def slots(self) -> list[Slot]:
        g, v = self.geo, self.view
        out = []
        if g.plant is not None:
            out.append(Slot(f"plant:{self.me}", g.plant, "+"))
        for seat in (0, 1):
            for i, spot in enumerate(g.seeds[seat]):
                rect = pygame.Rect(spot.x, spot.y, self.card_w, self.card_h)
                out.append(Slot(f"seed:{seat}:{i}", rect, show_outline=False))
                for b in range(len(spot.branches)):
                    out.append(
                        Slot(f"br:{seat}:{i}:{b}", self.branch_rect(seat, i, b), show_outline=False)
                    )
        hand = pygame.Rect(
            g.margin, g.hand_y[self.me], self.app.size[0] - 2 * g.margin, self.card_h
        )
        out.append(Slot("hand", hand, show_outline=False))
        out += self.tray.slots()  # before the tray they lie in: a click finds them first
        out.append(Slot("tray", g.tray, show_outline=False))
        out.append(Slot("stock", g.stock, show_outline=v["stock_count"] == 0))
        return out

    def seed_rect(self, seat: int, i: int) -> pygame.Rect:
        """The part of a seed that shows above its branches (the whole card when it has none)."""
        spot = self.geo.seeds[seat][i]
        bottom = spot.branches[0][0][1] if spot.branches else spot.cards[-1][1] + self.card_h
        return pygame.Rect(spot.x, spot.y, self.card_w, bottom - spot.y)

    def branch_rect(self, seat: int, i: int, b: int) -> pygame.Rect:
        """The part of a branch's chain that shows beside the next branch of the same seed."""
        spot = self.geo.seeds[seat][i]
        chain = spot.branches[b]
        width = self.card_w
        if b + 1 < len(spot.branches):
            width = spot.branches[b + 1][0][0] - chain[0][0]
        return pygame.Rect(
            chain[0][0], chain[0][1], width, chain[-1][1] + self.card_h - chain[0][1]
        )

    def deal_origin(self) -> tuple[int, int]:
        return self.geo.stock.topleft if self.geo else super().deal_origin()

    # -- gestures ---------------------------------------------------------------------------------
    def pick_at(self, p: Placement) -> Pick | str | None:
        kind, _ = parse(p.pile)
        if p.pile == "hand":
            return Pick("hand", p.index, (p.key,), (p.card,))
        if kind == "br":
            return super().pick_at(p)  # the tail from this card to the tip
        if kind == "hand":
            return "That is the other player's hand"
        return None  # a click

    def targets(self, pick: Pick) -> list[Target]:
        g = self.geo
        me = self.me
        if pick.src == "hand":
            out = [Target(f"plant:{me}", g.plant)] if g.plant is not None else []
            for i, spot in enumerate(g.seeds[me]):
                out.append(Target(f"seed:{me}:{i}", self.seed_rect(me, i)))
                out += [
                    Target(f"br:{me}:{i}:{b}", self.branch_rect(me, i, b))
                    for b in range(len(spot.branches))
                ]
            return out
        _, (seat, i, _b) = parse(pick.src)
        out = [Target("tray", g.tray)]
        if seat == me:
            out.append(Target("hand", self.slot("hand").rect))
            out.append(Target(f"seed:{me}:{i}", self.seed_rect(me, i)))
        return out

    def move_for(self, pick: Pick, target: Target) -> Any:
        kind, where = parse(target.id)
        if pick.src == "hand":
            card = pick.cards[0]
            if kind == "plant":
                return move({"kind": "plant", "card": card})
            if kind == "seed" and where[0] == self.me:
                branches = len(self.view["seeds"][self.me][where[1]]["branches"])
                return move({"kind": "grow", "card": card, "seed": where[1], "branch": branches})
            if kind == "br" and where[0] == self.me:
                return move({"kind": "grow", "card": card, "seed": where[1], "branch": where[2]})
            return None
        _, (seat, i, b) = parse(pick.src)
        if kind == "tray" and seat == self.me:
            return move({"kind": "attack", "seed": i, "branch": b, "count": pick.n})
        if kind == "tray":
            return target_move(i, b, pick.n)
        if kind == "hand":
            return move({"kind": "prune", "seed": i, "branch": b, "count": pick.n})
        if kind == "seed" and pick.index == 0:
            return move({"kind": "condense", "seed": i, "branch": b})
        return None

    def missed_drop_reason(self) -> str:
        if self.held and self.held.src != "hand":
            return "Drop a tail on your hand to prune it or on the tray to capture; a branch's first card condenses onto its seed"
        return "Drop the card on the + slot to plant it, on a seed for a new branch, or on a branch"

    def drop_target(self) -> Target | None:
        """The target under the pointer (seeds and branches lie close together), else the one the
        held cards overlap most."""
        lead = self.sprites[self.held.codes[0]]
        point = (lead.x + self.held.grab[0], lead.y + self.held.grab[1])
        under = [t for t in self.held.targets if t.rect.collidepoint(point)]
        under.sort(key=lambda t: t.id not in self.held.accept)
        return under[0] if under else super().drop_target()

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        if self.tray.click(pile, index):
            return True
        kind, where = parse(pile)
        if kind not in ("br", "seed", "hand", "plant"):
            return False
        blocked = self.why_not_now()
        if blocked:
            self.app.toasts.show(blocked, colour=theme.WARN)
            return False
        if kind == "br" and index is not None:
            seat, i, b = where
            count = len(self.view["seeds"][seat][i]["branches"][b]) - index
            if seat == self.me:
                return self.try_move(
                    move({"kind": "attack", "seed": i, "branch": b, "count": count})
                )
            return self.try_move(target_move(i, b, count))
        if kind == "seed" and where[0] != self.me:
            return self.try_move(target_move(where[1], None, 0))
        hints = {
            "seed": "Drag a hand card onto a seed to start a branch, or a branch's first card to condense",
            "hand": "Drag the card to the + slot to plant it, or onto your seeds and branches",
            "plant": "Drag a hand card (not J, Q, K or A) here to plant it as a new seed",
        }
        self.app.toasts.show(hints[kind])
        return False

    def repeat_clicks(self, pile: str) -> bool:
        """Every click counts: Orchard gives double-clicks no meaning, and a tail taken by one
        click may leave another branch under the same place for the next."""
        return True

    def focus_order(self) -> list[str]:
        me, other = self.me, 1 - self.me
        order = ["hand"] if self.view["hands"][me] else []
        order += [s.pile for s in self.slot_list if s.pile.startswith("plant:")]
        for seat in (me, other):
            order += [
                s.pile
                for s in self.slot_list
                if parse(s.pile)[0] in ("seed", "br") and parse(s.pile)[1][0] == seat
            ]
            if seat == me:
                order.append("tray")
        return order + self.tray.focus_piles()

    def glows(self) -> list[tuple[str, tuple[int, int, int]]]:
        return [(pile, colour) for pile, colour in super().glows() if not self.tray.owns(pile)]

    def gesture_for(self, m: Any) -> Gesture | None:
        d = m.to_dict()
        kind = d["kind"]
        if not self.my_move():
            return None
        if kind in ("pass", "done", "cancel"):
            button = self.action_buttons[kind]
            return Gesture(button.rect.center)
        if kind == "meld":
            return self.tray.gesture_for(d["cards"])
        me = self.me
        if kind in ("plant", "grow"):
            hand = self.view["hands"][me]
            if d["card"] not in hand:
                return None
            start = self.card_point("hand", hand.index(d["card"]))
            if kind == "plant":
                return Gesture(start, self.geo.plant.center) if self.geo.plant else None
            branches = self.view["seeds"][me][d["seed"]]["branches"]
            end = (
                self.seed_rect(me, d["seed"])
                if d["branch"] == len(branches)
                else self.branch_rect(me, d["seed"], d["branch"])
            )
            return Gesture(start, self.hot_point(end))
        if kind == "target" and d["branch"] is None:
            return Gesture(self.hot_point(self.seed_rect(1 - me, d["seed"])))
        seat = 1 - me if kind == "target" else me
        pile = f"br:{seat}:{d['seed']}:{d['branch']}"
        if kind == "condense":
            return Gesture(self.card_point(pile, 0), self.hot_point(self.seed_rect(me, d["seed"])))
        start = self.card_point(pile, len(self.pile_cards(pile)) - d["count"])
        if kind == "prune":
            return Gesture(
                start,
                (self.app.size[0] - self.geo.margin - 4, self.geo.hand_y[me] + self.card_h // 2),
            )
        return Gesture(start)  # attack and target: a click on the tail's first card

    @staticmethod
    def hot_point(rect: pygame.Rect) -> tuple[int, int]:
        """Where a scripted drop aims inside a target: the middle of its top part."""
        return (rect.centerx, rect.y + min(rect.h // 2, 12))

    # -- hover: what a drop or a click would do ---------------------------------------------------
    def on_motion(self, event: pygame.event.Event) -> None:
        super().on_motion(event)
        if event.pos != self.pointer:
            self.pointer = event.pos

    def preview(self) -> tuple[str, tuple[int, int, int], pygame.Rect] | None:
        """A label for what happens here: the branch total a held card would make, the tail a
        click would attack with or take (green when the engine allows it, red with its reason)."""
        if self.held and self.held.src == "hand" and self.hover_target is not None:
            return self.grow_preview(self.held.pick.cards[0], self.hover_target)
        if self.held or not self.my_move() or self.view["phase"] not in ("play", "capture"):
            return None
        p = self.hit(self.pointer)
        if p is None:
            return None
        kind, where = parse(p.pile)
        if kind == "seed" and where[0] != self.me and self.view["phase"] == "capture":
            m = target_move(where[1], None, 0)
            seed = self.view["seeds"][where[0]][where[1]]
            return self.judged(m, f"take this seed ({seed['value']})", self.seed_rect(*where))
        if kind != "br":
            return None
        seat, i, b = where
        cards = self.view["seeds"][seat][i]["branches"][b][p.index :]
        tail = self.tail_rect(p.pile, p.index)
        if seat == self.me:
            total = (self.pending or {}).get("attack_sum", 0) + tail_sum(cards)
            m = move({"kind": "attack", "seed": i, "branch": b, "count": len(cards)})
            return self.judged(m, f"attack with {tail_sum(cards)} → {total}", tail)
        if self.view["phase"] != "capture":
            return None
        m = target_move(i, b, len(cards))
        return self.judged(m, f"take {tail_sum(cards)} < {self.pending['attack_sum']}", tail)

    def judged(self, m: Any, label: str, rect: pygame.Rect):
        reason = self.state.check(m)
        return (label, GOOD, rect) if reason is None else (reason, BAD, rect)

    def grow_preview(self, card: str, target: Target):
        kind, where = parse(target.id)
        if kind == "plant":
            return (f"new seed: {orchard.card_value(card)}", GOOD, target.rect)
        if kind not in ("seed", "br"):
            return None
        seed = self.view["seeds"][where[0]][where[1]]
        total = orchard.card_value(card) + (seed["totals"][where[2]] if kind == "br" else 0)
        colour = GOOD if total <= seed["value"] and target.id in self.held.accept else BAD
        return (f"branch {total} / {seed['value']}", colour, target.rect)

    def tail_rect(self, pile: str, index: int) -> pygame.Rect:
        cards = self.pile_cards(pile)[index:]
        top, last = cards[0], cards[-1]
        return pygame.Rect(top.x, top.y, self.card_w, last.y + self.card_h - top.y)

    # -- drawing ----------------------------------------------------------------------------------
    def draw_static_extras(self, surface: pygame.Surface) -> None:
        s = theme.ui_scale(self.app.size)
        for seat in (0, 1):
            self.draw_side_labels(surface, seat, s)
            self.draw_badges(surface, seat, s)
        self.draw_band(surface, s)
        self.tray.draw_static(surface, s)

    def draw_side_labels(self, surface: pygame.Surface, seat: int, s: float) -> None:
        g, v = self.geo, self.view
        side = g.sides[seat]
        melds = sum(orchard.meld_score(m) or 0 for m in v["melds"][seat])
        captured = len(v["captured"][seat])
        bold = seat == v["current_player"]
        name = self.seat_label(seat) + (" — to move" if bold else "")
        left = ui.text(name, int(15 * s), theme.ACCENT if bold else theme.TEXT, bold=True)
        surface.blit(left, (g.margin, side.y))
        info = f"melds {melds} · seeds captured {captured} · score {v['scores'][seat]} · {len(v['hands'][seat])} in hand"
        img = ui.text(info, int(14 * s), theme.TEXT_DIM)
        surface.blit(
            img,
            (
                g.margin + left.get_width() + int(12 * s),
                side.y + (left.get_height() - img.get_height()) // 2,
            ),
        )

    def draw_badges(self, surface: pygame.Surface, seat: int, s: float) -> None:
        """Each seed's value on its top card; each branch's total out of its limit straddling
        the foot of its tip, on the part of the chain that shows."""
        size = int(12 * s)
        for seed, spot in zip(self.view["seeds"][seat], self.geo.seeds[seat], strict=True):
            x, y = spot.cards[-1]
            top_right = (x + self.card_w - 2, y + 2)
            badge(surface, str(seed["value"]), top_right, size, (60, 90, 150), "topright")
            for total, chain in zip(seed["totals"], spot.branches, strict=True):
                bx, by = chain[-1]
                colour = (150, 110, 40) if total == seed["value"] else (45, 110, 70)
                at = (bx + 1, by + self.card_h + size // 2)
                badge(surface, f"{total}/{seed['value']}", at, size, colour, "bottomleft")

    def draw_band(self, surface: pygame.Surface, s: float) -> None:
        """The middle band: stock and discard labels, and the banner: whose turn, what phase."""
        g, v = self.geo, self.view
        small = int(13 * s)
        label_y = g.stock.y - g.text
        surface.blit(
            ui.text(f"Stock {v['stock_count']}", small, theme.TEXT_DIM), (g.stock.x, label_y)
        )
        surface.blit(
            ui.text(f"Discard {len(v['discard'])}", small, theme.TEXT_DIM), (g.discard.x, label_y)
        )
        ui.panel(surface, g.banner, alpha=150, radius=10)
        width = g.banner.w - int(24 * s)
        y = g.banner.y + int(8 * s)
        for i, (text, colour) in enumerate(self.banner_lines()):
            size = int((17 if i == 0 else 14) * s)
            for line in ui.wrap(text, size, width, bold=i == 0):
                img = ui.text(line, size, colour, bold=i == 0)
                surface.blit(img, (g.banner.x + int(12 * s), y))
                y += img.get_height() + int(2 * s)

    def banner_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        v = self.view
        if v["current_player"] is None:
            a, b = v["scores"]
            return [
                (f"{self.verdict()} · {a} – {b}", theme.ACCENT),
                ("Results shows melds and penalties", theme.TEXT_DIM),
            ]
        lines = [(self.turn_status(), theme.TEXT)]
        phase = v["phase"]
        pending = v["pending"] or {}
        if phase == "capture":
            lines.append(
                (f"Attackers total {pending['attack_sum']}: {HELP['capture']}", theme.TEXT_DIM)
            )
        else:
            lines.append((f"{phase.capitalize()}: {HELP.get(phase, '')}", theme.TEXT_DIM))
        if v["final_turns"] is not None:
            turns = v["final_turns"]
            lines.append(
                (
                    f"Last round! The stock is empty: {turns} turn{'s' * (turns != 1)} left",
                    theme.ACCENT,
                )
            )
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_capture_targets(surface)
        self.tray.draw_focus(surface)
        shown = self.preview()
        if shown:
            text, colour, rect = shown
            pygame.draw.rect(
                surface, colour, rect.inflate(6, 6), 3, border_radius=self.card_w // 10
            )
            s = theme.ui_scale(self.app.size)
            box = badge_box(text, int(14 * s))
            box.midbottom = (rect.centerx, rect.y - 4)
            box.clamp_ip(self.play_area())
            badge(surface, text, box.center, int(14 * s), colour, "center", dark=True)

    def draw_capture_targets(self, surface: pygame.Surface) -> None:
        """While attackers are picked: every tail and bare seed they could take, outlined green."""
        if not self.targets_lit or self.held:
            return
        other = 1 - self.me
        deepest: dict[tuple[int, int], int] = {}
        for i, b, k in self.targets_lit:
            deepest[(i, b)] = max(deepest.get((i, b), 0), k)
        for (i, b), k in deepest.items():
            if b < 0:
                rect = self.seed_rect(other, i)
            else:
                pile = f"br:{other}:{i}:{b}"
                rect = self.tail_rect(pile, len(self.pile_cards(pile)) - k)
            pygame.draw.rect(surface, GOOD, rect.inflate(4, 4), 2, border_radius=self.card_w // 10)

    # -- bar and band buttons ---------------------------------------------------------------------
    def make_buttons(self) -> list[ui.Button]:
        def act(kind: str) -> Callable[[], None]:
            return lambda: self.action(kind)

        self.action_buttons = {
            "pass": ui.Button(
                "Pass", act("pass"), enabled=lambda: self.phase_is("play"), tooltip="P"
            ),
            "done": ui.Button(
                "Done",
                act("done"),
                enabled=lambda: self.phase_is("grow", "condense", "capture", "meld"),
                primary=True,
                tooltip="D",
            ),
            "cancel": ui.Button(
                "Cancel",
                act("cancel"),
                enabled=lambda: self.phase_is("grow", "condense", "capture", "meld"),
                tooltip="C or Backspace",
            ),
        }
        # After the bar's own buttons: layout_bar puts them in the bar's row, then in the band.
        return [*super().make_buttons(), *self.action_buttons.values()]

    def extra_buttons(self) -> list[ui.Button]:
        self.results_button = ui.Button(
            "Results", self.show_results, enabled=lambda: self.state.is_over()
        )
        return [self.results_button]

    def phase_is(self, *phases: str) -> bool:
        return self.my_move() and self.view["phase"] in phases

    def action(self, kind: str) -> None:
        blocked = self.why_not_now()
        if blocked:
            self.app.toasts.show(blocked, colour=theme.WARN)
            return
        self.try_move(move({"kind": kind}))

    def layout_bar(self, size: tuple[int, int]) -> None:
        super().layout_bar(size)
        self.layout_actions()

    def layout_actions(self) -> None:
        """Pass, Done and Cancel in a row at the foot of the banner."""
        if self.geo is None or not hasattr(self, "action_buttons"):
            return
        s = theme.ui_scale(self.app.size)
        banner = self.geo.banner
        h = int(30 * s)
        x = banner.x + int(12 * s)
        for button in self.action_buttons.values():
            width = button.fit_width(int(15 * s), int(24 * s))
            button.rect = pygame.Rect(x, banner.bottom - h - int(6 * s), width, h)
            button.size = int(15 * s)
            x += width + int(8 * s)

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        keys = {
            pygame.K_p: lambda: self.action("pass"),
            pygame.K_d: lambda: self.action("done"),
            pygame.K_c: lambda: self.action("cancel"),
            pygame.K_BACKSPACE: lambda: self.action("cancel"),
        }
        return {**super().shortcuts(), **keys, **self.tray.shortcuts()}

    def status_parts(self) -> list[str]:
        v = self.view
        parts = [f"Deal #{self.request.seed}", f"Turn {v['turn'] + 1}", f"Stock {v['stock_count']}"]
        a, b = v["scores"]
        parts.append(f"{NAMES[0]} {a} – {b} {NAMES[1]}")
        return parts

    # -- the end ------------------------------------------------------------------------------------
    def show_results(self) -> None:
        from game.scenes.dialogs import ChoiceScene

        lines = []
        for seat, final in enumerate(self.view["final"] or []):
            melds = [*self.view["melds"][seat], *final["melds"]]
            shown = ", ".join(" ".join(pretty(c) for c in m) for m in melds) or "none"
            lines.append(
                f"{NAMES[seat]}: {final['score']} points = melds {final['meld_points']}"
                f" + {final['captured']} captured seed{'s' * (final['captured'] != 1)} × 30"
                f" − {final['penalty']} unmelded"
            )
            lines.append(f"    melds: {shown}")
        choices = [
            ("Rematch", self.rematch),
            ("Main menu", self.app.pop),
            ("See the table", lambda: None),
        ]
        self.app.push(ChoiceScene(self.app, f"{self.verdict()}!", lines, choices))

    def verdict(self) -> str:
        winners = self.view["winners"]
        return "A draw" if len(winners) > 1 else f"{NAMES[winners[0]]} wins"

    def rematch(self) -> None:
        from game.deal import fresh_seed

        first = 1 - self.view["first_player"]
        self.request.options = {**self.request.options, "first": first}
        self.start_deal(fresh_seed())


def target_move(seed: int, branch: int | None, count: int) -> Any:
    return move({"kind": "target", "seed": seed, "branch": branch, "count": count})


def badge_box(text: str, size: int) -> pygame.Rect:
    img = ui.text(text, size, theme.TEXT, bold=True)
    return img.get_rect().inflate(int(size * 0.45), int(size * 0.2))


def badge(
    surface: pygame.Surface,
    text: str,
    at: tuple[int, int],
    size: int,
    colour: tuple[int, int, int],
    anchor: str,
    dark: bool = False,
) -> None:
    """A pill of bold text at `at` (the pill's `anchor` point)."""
    img = ui.text(text, size, theme.TEXT, bold=True)
    box = badge_box(text, size)
    setattr(box, anchor, at)
    fill = theme.PANEL if dark else colour
    pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
    if dark:
        pygame.draw.rect(surface, colour, box, 2, border_radius=box.h // 2)
    surface.blit(img, img.get_rect(center=box.center))
