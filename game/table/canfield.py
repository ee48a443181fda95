"""The Canfield table: stock, waste and reserve on the left, foundations and tableau on the right.

Layout is a pure function of the window size; gestures become `engines.core.Move`s and the engine
decides legality.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engines import canfield
from engines.cards import RANKS, pretty
from engines.core import Move
from game import stats, theme, ui
from game.launch import fresh_seed
from game.table.base import HINT_SECONDS, TableScene, format_time
from game.table.pieces import Placement, Slot

FAN_MAX = 0.28  # tableau overlap, as a fraction of card height, before squeezing
WASTE_FAN = 0.2
STACK_STEP = 0.006  # thickness of stacked piles per card, fraction of card height


def vegas_score(foundation_cards: int) -> int:
    """Vegas scoring: the deal costs $52, each card on a foundation (the base card too) pays $5."""
    return 5 * foundation_cards - 52


def vegas_text(dollars: int) -> str:
    return f"−${-dollars}" if dollars < 0 else f"${dollars}"


class CanfieldTable(TableScene):
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
        s = self.state
        base = RANKS[s.base_rank - 1]
        can_redeal = s.redeals_left is None or s.redeals_left > 0
        slots = [
            Slot("stock", pygame.Rect(*self.stock_xy, cw, ch), "↻" if can_redeal else "✕"),
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
        s = self.state
        out: list[Placement] = []
        add = out.append
        sx, sy = self.stock_xy
        for i, code in enumerate(s.stock):
            d = (i // 4) * self.step
            add(Placement(code, "stock", i, sx - d, sy - d, False))
        wx, wy = self.waste_xy
        fan_from = len(s.waste) - (3 if s.options["draw"] == 3 else 1)
        for i, code in enumerate(s.waste):
            x = wx + max(0, i - fan_from) * int(self.card_w * WASTE_FAN)
            add(Placement(code, "waste", i, x, wy, True))
        rx, ry = self.reserve_xy
        last = len(s.reserve) - 1
        for i, code in enumerate(s.reserve):
            add(Placement(code, "reserve", i, rx, ry + i * self.step * 2, i == last))
        for f, pile in enumerate(s.foundations):
            for i, code in enumerate(pile):
                add(Placement(code, f"foundation:{f}", i, self.pile_x[f], sy, True))
        for t, pile in enumerate(s.tableau):
            step = self.tableau_step(len(pile))
            for i, code in enumerate(pile):
                add(
                    Placement(code, f"tableau:{t}", i, self.pile_x[t], self.row2_y + i * step, True)
                )
        return out

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        s = self.state
        size = max(11, int(self.card_w * 0.13))
        for pile in ("stock", "reserve"):
            count = len(s.pile(pile))
            if not count:
                continue
            rect = self.pile_target_rect(pile)
            img = ui.text(str(count), size, theme.TEXT, bold=True)
            badge = img.get_rect(midtop=(rect.centerx, rect.bottom + 3)).inflate(size // 2 + 6, 2)
            pygame.draw.rect(surface, (16, 40, 26), badge, border_radius=badge.h // 2)
            surface.blit(img, img.get_rect(center=badge.center))

    # -- gestures -------------------------------------------------------------------------------
    def pickup(self, pile: str, index: int) -> tuple[int, str | None]:
        s = self.state
        if pile == "stock" or (
            pile.startswith("foundation") and not s.options["foundation_return"]
        ):
            return 0, None if pile == "stock" else "Cards on a foundation stay there"
        cards = len(self.pile_cards(pile))
        if index in s.movable_run_starts(pile):
            return cards - index, None
        if pile == "reserve" or pile == "waste":
            return 0, "Only the top card can be played"
        if pile.startswith("foundation"):
            return 0, "Only a foundation's top card can come back"
        mode = s.options["tableau_move"]
        if mode == "top":
            return 0, "Only the top card of a tableau pile moves"
        if mode == "pile":
            return 0, "Move the top card or the whole pile"
        return 0, "Only a built run up to the top card moves"

    def pile_cards(self, pile: str) -> tuple[str, ...]:
        return self.state.pile(pile)

    def drop_move(self, src: str, index: int, n: int, dst: str) -> Move:
        return Move(src, dst, n)

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        s = self.state
        if pile == "stock":
            if s.stock:
                return self.try_move(Move("stock", "waste", min(s.options["draw"], len(s.stock))))
            if not s.waste:
                self.app.toasts.show("The stock and the waste are both empty")
                return False
            return self.try_move(Move("waste", "stock", len(s.waste)))
        if index is None:
            return False
        if not double and not self.app.settings.click_to_move:
            return False
        n, reason = self.pickup(pile, index)
        if n <= 0:
            if reason:
                self.app.toasts.show(reason, colour=theme.WARN)
            return False
        targets = s.destinations(pile, n)
        if double:
            targets = [t for t in targets if t.startswith("foundation")]
        targets = sorted(targets, key=self.target_rank)
        if not targets:
            code = self.pile_cards(pile)[index]
            where = "a foundation" if double else "anywhere"
            self.app.toasts.show(f"{pretty(code)} cannot go to {where} now", colour=theme.WARN)
            return False
        return self.try_move(Move(pile, targets[0], n))

    def repeat_clicks(self, pile: str) -> bool:
        return pile == "stock"

    def target_rank(self, pile: str) -> int:
        """Click-to-move prefers a foundation, then a card to build on, then an empty pile."""
        if pile.startswith("foundation"):
            return 0
        return 2 if not self.pile_cards(pile) else 1

    # -- automation -----------------------------------------------------------------------------
    def state_changed(self) -> None:
        self._auto_finish = None

    def auto_finish_moves(self) -> list[Move] | None:
        if self._auto_finish is None:
            self._auto_finish = (
                (self.state.auto_finish_moves() or []) if not self.state.is_over() else []
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

    finish_announced = False

    def on_right_click(self) -> None:
        """Right-click on the table: every card that can go up goes up (a drag is cancelled)."""
        if self.drag:
            self.cancel_drag()
        else:
            self.sweeping = True

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.at_rest() and self.checked_state is not self.state:
            self.checked_state = self.state
            if self.state.is_lost():
                self.show_stuck()
        if (
            (self.auto_pending or self.sweeping)
            and not self.queue
            and not self.drag
            and not self.in_flight()
        ):
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

    auto_pending = False
    sweeping = False

    def stop_automation(self) -> None:
        super().stop_automation()
        self.auto_pending = self.sweeping = False

    def show_hint(self) -> None:
        move = canfield.hint(self.state)
        if move is None:
            self.app.toasts.show("No useful move found — try a new deal")
            return
        if move.src == "stock" or move.dst == "stock":
            self.app.toasts.show("Turn the stock")
        self.hint = (move.src, move.dst, HINT_SECONDS)

    def extra_buttons(self) -> list[ui.Button]:
        return [
            ui.Button(
                "Hint", self.show_hint, enabled=lambda: not self.state.is_over(), tooltip="H"
            ),
            ui.Button(
                "Auto-finish",
                self.auto_finish,
                enabled=lambda: bool(self.auto_finish_moves()),
                tooltip="A",
            ),
        ]

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        return {**super().shortcuts(), pygame.K_h: self.show_hint, pygame.K_a: self.auto_finish}

    # -- status and the win ---------------------------------------------------------------------
    def status_parts(self) -> list[str]:
        s = self.state
        parts = [
            f"Deal #{self.request.seed}",
            f"{self.variant().capitalize()} rules",
            f"Moves {self.pos}",
            format_time(self.elapsed),
            f"Foundations {s.foundation_count()}/52",
        ]
        if s.redeals_left is not None:
            parts.append(f"Redeals left {s.redeals_left}")
        if self.app.settings.vegas:
            parts.append(f"Vegas {vegas_text(vegas_score(s.foundation_count()))}")
        return parts

    checked_state = None  # the position last checked for a dead end (possible with limited redeals)

    def result(self) -> tuple[str, int]:
        return stats.WON, self.state.foundation_count()

    def show_ending(self) -> None:
        from game.scenes.celebration import CelebrationScene

        self.app.push(CelebrationScene(self.app, self))

    def show_stuck(self) -> None:
        from game.scenes.dialogs import ChoiceScene

        lines = [f"{self.state.foundation_count()} of 52 cards reached the foundations."]
        choices = [
            ("Undo", self.undo),
            ("New deal", lambda: self.start_deal(fresh_seed())),
            ("Keep looking", lambda: None),
        ]
        self.app.push(ChoiceScene(self.app, "No moves left", lines, choices))

    def show_results(self) -> None:
        from game.scenes.celebration import results_lines
        from game.scenes.dialogs import ChoiceScene

        choices = [
            ("New deal", lambda: self.start_deal(fresh_seed())),
            ("Play again", lambda: self.start_deal(self.request.seed)),
            ("Main menu", self.app.pop),
        ]
        self.app.push(ChoiceScene(self.app, "You won!", results_lines(self), choices))
