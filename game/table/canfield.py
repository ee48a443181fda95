"""The Canfield table: stock, waste and reserve on the left, foundations and tableau on the right.

Layout is a pure function of the window size and the view (the stock and the reserve below its top
are hidden: their sprites are keyed by the view's ids); gestures become `engines.core.Move`s and the
engine decides legality.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from engines import canfield
from engines.cards import FULL_DECK, RANKS, pretty
from engines.core import Move
from game import stats, theme, ui
from game.deal import fresh_seed
from game.table.base import HINT_SECONDS, TableScene, format_time
from game.table.pieces import Gesture, Pick, Placement, Slot, Target
from game.table.solving import SolverWatch

DEMO_SECONDS = 0.45  # between the moves of "Show me"
FAN_MAX = 0.28  # tableau overlap, as a fraction of card height, before squeezing
WASTE_FAN = 0.2
STACK_STEP = 0.006  # thickness of stacked piles per card, fraction of card height


def vegas_score(foundation_cards: int) -> int:
    """Vegas scoring: the deal costs $52, each card on a foundation (the base card too) pays $5."""
    return 5 * foundation_cards - 52


def vegas_text(dollars: int) -> str:
    return f"−${-dollars}" if dollars < 0 else f"${dollars}"


# A 13-card run, alternating colours, built down from the king: the busiest thing to drag.
RUN_13 = ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S", "4H", "3C", "2D", "AS"]


def foundation_cards(view: dict[str, Any]) -> int:
    return sum(len(f) for f in view["foundations"])


def redeals_left(view: dict[str, Any]) -> int | None:
    limit = view["options"]["redeals"]
    return None if limit is None else max(0, limit - view["redeals_used"])


def turns_stock(move: Move) -> bool:
    return "stock" in (move.src, move.dst)


def only_stock_moves(state: canfield.CanfieldState) -> bool:
    return all(turns_stock(m) for m in state.legal_moves())


def cycle_key(state: canfield.CanfieldState) -> tuple:
    """A position apart from how many redeals it took to get there."""
    return state.stock, state.waste, state.reserve, state.tableau, state.foundations


class CanfieldTable(TableScene):
    option_text: ClassVar[dict[str, tuple[str, dict[Any, str]]]] = {
        "draw": ("Draw", {1: "1 card", 3: "3 cards"}),
        "redeals": ("Redeals", {None: "Unlimited", 0: "None", 1: "1", 2: "2"}),
        "tableau_move": (
            "Tableau moves",
            {"top": "Top card", "pile": "Top or whole pile", "any": "Any built run"},
        ),
        "empty_fill": ("Empty piles", {"any": "Any card", "reserve": "From reserve"}),
        "foundation_return": ("Take back from foundations", {False: "No", True: "Yes"}),
    }

    tip = (
        "drag cards, or click to move them · double-click: to a foundation · right-click: all "
        "that can go up · H hint · A auto-finish · Ctrl+Z undo"
    )

    def __init__(self, app, request) -> None:
        self.solver = SolverWatch(self)  # (before the first deal: `start_deal` asks it)
        super().__init__(app, request)
        self.auto_pending = False
        self.sweeping = False
        self.finish_announced = False
        self.checked_state = None  # the position last checked for a dead end
        self.stuck_reported = False  # "No moves left" was said for the dead end under way
        self.demo = False  # "Show me" is playing the solver's line
        self._auto_finish: list[Move] | None = None

    @classmethod
    def busiest_position(cls) -> canfield.CanfieldState:
        """A position (any built run may move) whose tableau 0 holds a 13-card run that may move."""
        rest = [c for c in FULL_DECK if c not in RUN_13]
        random.Random(13).shuffle(rest)
        diamonds = ["7D", "8D", "9D"]  # a foundation under way (base rank 7)
        rest = [c for c in rest if c not in (*diamonds, "AH")]
        return canfield.from_dict(
            {
                "game": "canfield",
                "seed": 13,
                "options": {**canfield.DEFAULTS, "tableau_move": "any"},
                "base_rank": 7,
                "foundations": [diamonds, [], [], []],
                "reserve": rest[:13],
                "tableau": [RUN_13, rest[13:14], rest[14:16], ["AH"]],  # a black K goes on a red A
                "waste": rest[16:22],
                "stock": rest[22:],
                "redeals_used": 0,
            }
        )

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        gap_ratio = 0.2
        margin = max(12, int(w * 0.02))
        # Width: stock, waste (+ fan), a gap, four piles with gaps.
        units_w = 1 + gap_ratio + (1 + 2 * WASTE_FAN) + 1.5 * gap_ratio + 4 + 3 * gap_ratio
        by_width = (w - 2 * margin) / units_w
        top = self.bar_h + int(h * 0.025)
        bottom = h - self.status_h - int(h * 0.01)
        # Height: a row of cards, a gap, a tableau pile with room for several fanned cards.
        units_h = 1.4 * (1 + gap_ratio + 1 + 5 * FAN_MAX)
        by_height = (bottom - top) / units_h
        cw = max(30, int(min(by_width, by_height)))
        ch = round(cw * 1.4)
        gap = int(cw * gap_ratio)
        total = int(cw * units_w)
        x0 = (w - total) // 2
        self.card_w, self.card_h = cw, ch
        self.stock_xy = (x0, top)
        self.waste_xy = (x0 + cw + gap, top)
        right = x0 + total - (4 * cw + 3 * gap)
        self.pile_x = [right + i * (cw + gap) for i in range(4)]
        self.row2_y = top + ch + int(gap * 1.2)
        self.reserve_xy = (x0, self.row2_y)
        self.bottom = bottom
        self.step = max(1, round(ch * STACK_STEP))

    def deal_origin(self) -> tuple[int, int]:
        return self.stock_xy

    def slots(self) -> list[Slot]:
        cw, ch = self.card_w, self.card_h
        v = self.view
        base = RANKS[v["base_rank"] - 1]
        left = redeals_left(v)
        slots = [
            Slot("stock", pygame.Rect(*self.stock_xy, cw, ch), "↻" if left != 0 else "✕"),
            Slot("waste", pygame.Rect(*self.waste_xy, cw, ch), None),
            Slot("reserve", pygame.Rect(*self.reserve_xy, cw, ch), None),
        ]
        slots += [
            Slot(f"foundation:{i}", pygame.Rect(x, self.stock_xy[1], cw, ch), base)
            for i, x in enumerate(self.pile_x)
        ]
        slots += [
            Slot(f"tableau:{i}", pygame.Rect(x, self.row2_y, cw, ch), None)
            for i, x in enumerate(self.pile_x)
        ]
        return slots

    def tableau_step(self, n: int) -> int:
        """Overlap for a pile of n cards: generous, squeezed so the pile ends above the status line."""
        if n <= 1:
            return 0
        room = self.bottom - self.row2_y - self.card_h
        return max(2, min(int(self.card_h * FAN_MAX), room // (n - 1)))

    def placements(self) -> list[Placement]:
        v = self.view
        out: list[Placement] = []
        add = out.append
        sx, sy = self.stock_xy
        for i, key in enumerate(v["ids"]["stock"]):
            d = (i // 4) * self.step
            add(Placement(key, None, "stock", i, sx - d, sy - d, False))
        wx, wy = self.waste_xy
        waste = v["waste"]
        fan_from = len(waste) - (3 if v["options"]["draw"] == 3 else 1)
        for i, code in enumerate(waste):
            x = wx + max(0, i - fan_from) * int(self.card_w * WASTE_FAN)
            add(Placement(code, code, "waste", i, x, wy, True))
        rx, ry = self.reserve_xy
        for i, (key, code) in enumerate(zip(v["ids"]["reserve"], v["reserve"], strict=True)):
            add(Placement(key, code, "reserve", i, rx, ry + i * self.step * 2, code is not None))
        for f, pile in enumerate(v["foundations"]):
            for i, code in enumerate(pile):
                add(Placement(code, code, f"foundation:{f}", i, self.pile_x[f], sy, True))
        for t, pile in enumerate(v["tableau"]):
            step = self.tableau_step(len(pile))
            x = self.pile_x[t]
            for i, code in enumerate(pile):
                add(Placement(code, code, f"tableau:{t}", i, x, self.row2_y + i * step, True))
        return out

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        v = self.view
        size = max(11, int(self.card_w * 0.13))
        for pile in ("stock", "reserve"):
            count = len(v[pile])
            if not count:
                continue
            rect = self.pile_target_rect(pile)
            img = ui.text(str(count), size, theme.TEXT, bold=True)
            badge = img.get_rect(midtop=(rect.centerx, rect.bottom + 3)).inflate(size // 2 + 6, 2)
            pygame.draw.rect(surface, (16, 40, 26), badge, border_radius=badge.h // 2)
            surface.blit(img, img.get_rect(center=badge.center))

    # -- gestures -------------------------------------------------------------------------------
    def pick_at(self, p: Placement) -> Pick | str | None:
        """The stock is clicked, not picked; anything else lifts with the cards above it."""
        return None if p.pile == "stock" else super().pick_at(p)

    def targets(self, pick: Pick) -> list[Target]:
        """Cards are only ever dropped on foundations and tableau piles."""
        return [
            Target(s.pile, s.drop)
            for s in self.slot_list
            if s.pile != pick.src and s.pile.startswith(("foundation", "tableau"))
        ]

    def move_for(self, pick: Pick, target: Target) -> Move:
        return Move(pick.src, target.id, pick.n)

    def missed_drop_reason(self) -> str:
        return "Cards go on a foundation or a tableau pile"

    def turn_stock(self) -> bool:
        """Draw, or turn the waste over: whichever the rules allow now; else say why not."""
        v = self.view
        if v["stock"] or not v["waste"]:
            fallback = Move("stock", "waste", v["options"]["draw"])
        else:
            fallback = Move("waste", "stock", len(v["waste"]))
        legal = (m for m in self.state.legal_moves() if "stock" in (m.src, m.dst))
        return self.try_move(next(legal, fallback))

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        if pile == "stock":
            return self.turn_stock()
        if index is None or (not double and not self.app.settings.click_to_move):
            return False
        p = self.pile_cards(pile)[index]
        held = self.hold(p, (0, 0), by_keyboard=False)
        if held is None:
            return False
        targets = [t for t in held.accept if not double or t.startswith("foundation")]
        if not targets:
            where = "to a foundation" if double else "anywhere"
            self.app.toasts.show(f"{pretty(p.card)} cannot go {where} now", colour=theme.WARN)
            return False
        return self.try_move(Move(pile, min(targets, key=self.target_rank), held.pick.n))

    def repeat_clicks(self, pile: str) -> bool:
        return pile == "stock"

    def quick_move(self, move: Move) -> bool:
        return "stock" in (move.src, move.dst)

    def target_rank(self, pile: str) -> tuple[int, str]:
        """Click-to-move prefers a foundation, then a card to build on, then an empty pile."""
        if pile.startswith("foundation"):
            return 0, pile
        return (2 if self.top_placement(pile) is None else 1), pile

    def gesture_for(self, move: Move) -> Gesture | None:
        if "stock" in (move.src, move.dst):
            return Gesture(self.pile_target_rect("stock").center)
        cards = self.pile_cards(move.src)
        if len(cards) < move.n:
            return None
        start = self.card_point(move.src, len(cards) - move.n)
        return Gesture(start, self.pile_target_rect(move.dst).center)

    # -- automation -----------------------------------------------------------------------------
    def state_changed(self) -> None:
        self._auto_finish = None
        self.solver.position_changed()
        h = self.history
        if h.pos == 0 or not turns_stock(h.moves[h.pos - 1]):
            self.stuck_reported = False  # a real move: a dead end would be a new one

    def dead_cycle(self) -> bool:
        """With unlimited redeals a game never runs out of moves: it is stuck when only the stock
        can be turned and the player has just turned it a whole cycle round, through positions
        that all allowed nothing else, back to where they were (it repeats forever from here).
        Judged from positions the player has seen, so it tells nothing of hidden cards."""
        h = self.history
        here = cycle_key(self.state)
        for i in range(h.pos, -1, -1):
            if not only_stock_moves(h.states[i]):
                return False
            if i < h.pos and cycle_key(h.states[i]) == here:
                return True
            if i and not turns_stock(h.moves[i - 1]):
                return False
        return False

    def auto_finish_moves(self) -> list[Move]:
        """The moves Auto-finish would play, offered only when whether it works cannot depend on
        the order of hidden cards (so the offer gives nothing away): no reserve card is hidden, and
        either the stock is empty, or every card of it comes up in turn (draw 1, unlimited
        redeals), which makes the outcome the same for every order of the stock."""
        if self._auto_finish is None:
            v = self.view
            options = v["options"]
            every_card_comes_up = options["draw"] == 1 and options["redeals"] is None
            decided = None not in v["reserve"] and (not v["stock"] or every_card_comes_up)
            over = self.state.is_over()
            self._auto_finish = (
                (self.state.auto_finish_moves() or []) if decided and not over else []
            )
        return self._auto_finish

    def auto_finish(self) -> None:
        moves = self.auto_finish_moves()
        if moves:
            self.queue = list(moves)
            self.queue_wait = 0.0

    def after_move(self) -> None:
        self.auto_pending = self.app.settings.auto_move_safe
        finishable = bool(self.auto_finish_moves()) and not self.state.is_over()
        if finishable and not self.finish_announced and not self.automatic:
            self.app.toasts.show(
                "Every card can go up now — press A or Auto-finish", 3.5, theme.ACCENT
            )
        self.finish_announced = finishable

    def on_right_click(self) -> None:
        """Right-click on the table: every card that can go up goes up (a drag is cancelled)."""
        if self.held:
            self.cancel_drag()
        else:
            self.sweeping = True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.solver.poll()
        if self.demo and not self.queue:
            self.demo = False
        if self.at_rest() and self.checked_state is not self.state:
            self.checked_state = self.state
            if self.state.is_lost() or (not self.stuck_reported and self.dead_cycle()):
                self.stuck_reported = True
                self.show_stuck()
        if (self.auto_pending or self.sweeping) and not self.queue and not self.in_flight():
            # One card at a time, each landing before the next: a player can follow it, and an
            # undo takes back one card (undo itself never triggers automatic moves).
            self.auto_pending = False
            if self.sweeping:
                moves = [m for m in self.state.legal_moves() if m.dst.startswith("foundation")]
            else:
                moves = self.state.safe_foundation_moves()
            if moves:
                self.queue = [moves[0]]
            else:
                self.sweeping = False

    def stop_automation(self) -> None:
        super().stop_automation()
        self.auto_pending = self.sweeping = self.demo = False

    def closed(self) -> None:
        self.solver.close()
        super().closed()

    def background(self, dt: float) -> None:
        super().background(dt)
        self.solver.poll()

    def show_hint(self) -> None:
        if self.dead_cycle():
            self.app.toasts.show("No moves left — undo, or deal again")
            return
        move = self.solver.next_move()
        if move is not None:
            say = "Turn the stock: " if "stock" in (move.src, move.dst) else ""
            self.app.toasts.show(f"{say}the solver's hint — this line wins")
        else:
            move = canfield.hint(self.state)
            if move is None:
                self.app.toasts.show("No useful move found — try a new deal")
                return
            why = "no winning line known" if self.solver.result != "unwinnable" else "no win left"
            say = "Turn the stock — " if "stock" in (move.src, move.dst) else ""
            self.app.toasts.show(f"{say}a rule-of-thumb hint ({why})")
        self.hint = (move.src, move.dst, HINT_SECONDS)

    def show_me(self) -> None:
        """Play the solver's winning line from here, move by move; any key or click stops it."""
        if self.solver.next_move() is None:
            self.app.toasts.show("The solver knows no winning line from here")
            return
        self.stop_automation()
        self.queue = list(self.solver.line)
        self.queue_seconds, self.queue_wait, self.demo = DEMO_SECONDS, 0.0, True
        self.app.toasts.show("Showing the win — press any key or click to stop", 3)

    def handle(self, event: pygame.event.Event) -> None:
        if self.demo and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop_automation()
            self.app.toasts.show("Stopped — your turn")
            return
        super().handle(event)

    def start_deal(self, seed: int, moves: list[Any] | None = None, elapsed: float = 0.0) -> None:
        """A deal started any other way (Restart, Play again) while a winnable one was being
        found is the one played: the search's answer must not replace it later."""
        self.solver.cancel_finding()
        super().start_deal(seed, moves, elapsed)

    def new_deal(self) -> None:
        self.confirm_if_under_way("Start a new deal? This game will be lost.", self.deal_fresh)

    def deal_fresh(self) -> None:
        """A new deal; with "Winnable deals only", the first one the solver proves winnable."""
        if not self.app.settings.winnable_only:
            self.start_deal(fresh_seed())
            return
        self.app.toasts.show("Finding a winnable deal…")
        self.solver.find_deal(self.view["options"], fresh_seed(), self.start_deal)

    def extra_buttons(self) -> list[ui.Button]:
        return [
            ui.Button(
                "Auto-finish",
                self.auto_finish,
                enabled=lambda: bool(self.auto_finish_moves()),
                tooltip="A",
                in_play=True,
            ),
            ui.Button(
                "Show me",
                self.show_me,
                enabled=lambda: self.solver.next_move() is not None and not self.demo,
                tooltip="W: the solver plays a win",
                in_play=True,
            ),
        ]

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        return {
            **super().shortcuts(),
            pygame.K_a: self.auto_finish,
            pygame.K_w: self.show_me,
        }

    # -- status and the win ---------------------------------------------------------------------
    def status_parts(self) -> list[str]:
        v = self.view
        up = foundation_cards(v)
        parts = [
            f"Deal #{self.request.seed}",
            f"{self.persistence.variant().capitalize()} rules",
            f"Moves {self.history.player_moves()}",
            format_time(self.elapsed),
            f"Foundations {up}/52",
        ]
        left = redeals_left(v)
        if left is not None:
            parts.append(f"Redeals left {left}")
        if self.app.settings.vegas:
            parts.append(f"Vegas {vegas_text(vegas_score(up))}")
        parts.append(self.solver.status())
        return parts

    def result(self) -> tuple[str, int]:
        return stats.WON, foundation_cards(self.view)

    def show_ending(self) -> None:
        from game.scenes.celebration import CelebrationScene

        self.app.push(CelebrationScene(self.app, self))

    def show_stuck(self) -> None:
        from game.scenes.dialogs import ChoiceScene

        lines = [f"{foundation_cards(self.view)} of 52 cards reached the foundations."]
        choices = [
            ("Undo", self.undo),
            ("New deal", self.deal_fresh),
            ("Keep looking", lambda: None),
        ]
        self.app.push(ChoiceScene(self.app, "No moves left", lines, choices))

    def show_results(self) -> None:
        from game.scenes.celebration import results_lines
        from game.scenes.dialogs import ChoiceScene

        choices = [
            ("New deal", self.deal_fresh),
            ("Play again", lambda: self.start_deal(self.request.seed)),
            ("Main menu", self.app.pop),
        ]
        self.app.push(ChoiceScene(self.app, "You won!", results_lines(self), choices))
