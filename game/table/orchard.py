"""The Orchard table for two players at one computer (people, computers, or one of each).

The viewer's seeds are the lower row, the other player's the upper one; each seed's branches hang
below it (see game.table.orchard_layout). Gestures become engine moves and the engine decides:
drag a hand card to the empty seed slot (plant), onto a seed (a new branch) or onto a branch (its
tip: grow); drag a branch's first card onto its seed (condense) or a tail into your hand (prune);
click your tails to pick attackers, then the other player's tail or bare seed (capture), then set
melds aside in the tray; Pass, Done and Cancel are buttons (P, D, C). What is drawn comes from
`state.view(viewer)` only: the other hand is backs keyed by the view's ids (its faces once the
view shows them, at the end), the stock a count.
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
from game.table.meld_tray import MeldTray, final_count
from game.table.orchard_draw import NAMES, OrchardDrawing
from game.table.orchard_input import OrchardInput, move, target_move
from game.table.orchard_layout import DISCARD_STEP, Geometry, plan, strip_for
from game.table.pieces import Placement, Slot


class OrchardTable(OrchardInput, OrchardDrawing, TableScene):
    option_text: ClassVar[dict[str, tuple[str, dict[Any, str]]]] = {
        "first": ("Who starts", {None: "Random", 0: "Player 1", 1: "Player 2"}),
    }
    seat_names = NAMES
    smoke_seats = ("human", "easy")  # `cardtable smoke` plays one whole game, person vs computer
    tip = (
        "drag hand cards to the + slot or onto your seeds · click your tails, then a target, to "
        "capture · drag a tail to your hand to prune · P pass · D done · C cancel"
    )

    def __init__(self, app, request) -> None:
        super().__init__(app, request)
        self.geo: Geometry | None = None
        self.tray = MeldTray(self)
        self.pointer: tuple[int, int] = (-1, -1)
        self.targets_lit: list[tuple[int, int, int]] = []  # capture targets: seed, branch, count

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
        return self.seats.may_act(self.state)

    def state_changed(self) -> None:
        self.tray.forget()
        self.targets_lit = self.legal_targets()

    def legal_targets(self) -> list[tuple[int, int, int]]:
        """Every capture target the engine would take now (lit green while attackers pick)."""
        v = self.view
        pending = v["pending"]
        if v["phase"] != "capture" or not pending["attackers"] or not self.my_move():
            return []
        out = []
        for i, seed in enumerate(v["seeds"][1 - self.me]):
            if not seed["branches"] and self.state.check(target_move(i, None, 0)) is None:
                out.append((i, -1, 0))
            for b, branch in enumerate(seed["branches"]):
                for k in range(1, len(branch) + 1):
                    if self.state.check(target_move(i, b, k)) is None:
                        out.append((i, b, k))
        return out

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
        for i in range(v["stock_count"]):
            lift = self.stock_lift(i)
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
        """The viewer's hand face up along the bottom; the other's beside its seeds, backs while
        the view hides its faces (face up once the game is over and the view shows them)."""
        v = self.view
        pile = "hand" if seat == self.me else f"hand:{seat}"
        spots = self.geo.hands[seat].cards
        cards = zip(v["hand_ids"][seat], v["hands"][seat], spots, strict=True)
        return [
            Placement(key, code, pile, i, x, y, code is not None, PLAYER_BACKS[seat])
            for i, (key, code, (x, y)) in enumerate(cards)
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
        out.append(Slot("hand", g.hands[self.me].rect, show_outline=False))
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

    # -- bar and band buttons ---------------------------------------------------------------------
    def make_buttons(self) -> list[ui.Button]:
        def act(kind: str) -> Callable[[], None]:
            return lambda: self.action(kind)

        self.action_buttons = {
            "pass": ui.Button(
                "Pass", act("pass"), enabled=self.allows("pass"), tooltip="P", in_play=True
            ),
            "done": ui.Button(
                "Done",
                act("done"),
                enabled=self.allows("done"),
                primary=True,
                tooltip="D",
                in_play=True,
            ),
            "cancel": ui.Button(
                "Cancel",
                act("cancel"),
                enabled=self.allows("cancel"),
                tooltip="C or Backspace",
                in_play=True,
            ),
        }
        # After the bar's own buttons: layout_bar puts them in the bar's row, then in the band.
        return [*super().make_buttons(), *self.action_buttons.values()]

    def extra_buttons(self) -> list[ui.Button]:
        self.results_button = ui.Button(
            "Results", self.show_results, enabled=lambda: self.state.is_over()
        )
        return [self.results_button]

    def allows(self, kind: str) -> Callable[[], bool]:
        """A button's state: lit exactly when the engine would take its move now."""
        return lambda: self.my_move() and self.state.check(move({"kind": kind})) is None

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
        """Pass, Done and Cancel in a row at the foot of the banner (while the game is on: they
        are `in_play` buttons)."""
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
        """Each player's total as the engine counts it: melds, captured seeds, penalty."""
        lines = []
        for seat, final in enumerate(self.view["final"] or []):
            melds = [*self.view["melds"][seat], *final["melds"]]
            shown = ", ".join(" ".join(pretty(c) for c in m) for m in melds) or "none"
            lines.append(f"{self.seat_name(seat)}: {final['score']} points = {final_count(final)}")
            lines.append(f"    melds: {shown}")
        self.results_dialog(f"{self.verdict()}!", lines)
