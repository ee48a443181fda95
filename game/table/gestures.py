"""One gesture model for mouse and keyboard, shared by every table: pick (a card, a run or tail, a
selection) → target (a pile, a card, the gap between two cards of a row) → the move.

A game's table only maps: `pick_at` (what pressing a card takes up), `targets` (where a pick might
go) and `move_for` (the engine move of a pick on a target). Which targets light up, and every
refusal's reason, come from `state.check`: no rule is decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import theme
from game.table.pieces import Held, Pick, Placement, Target

DOUBLE_CLICK_SECONDS = 0.4
DRAG_THRESHOLD = 5


class TableGestures:
    """Mixin of TableScene: pointer and keyboard input turned into picks, targets and moves."""

    app: Any

    def init_gestures(self) -> None:
        self.held: Held | None = None
        self.press: tuple[int, int, Placement | None, str | None] | None = None
        self.last_click: tuple[float, str | None, int | None] = (-1.0, None, None)
        self.last_click_acted = False
        self.focus: int | None = None
        self.hover_target: Target | None = None

    # -- game hooks ----------------------------------------------------------------------------
    def pick_at(self, p: Placement) -> Pick | str | None:
        """What pressing card `p` takes up: by default it and every card above it in its pile.
        None: pressing it is a click, not a pick; a str: why it cannot be taken."""
        cards = self.pile_cards(p.pile)[p.index :]
        return Pick(p.pile, p.index, tuple(c.key for c in cards), tuple(c.card for c in cards))

    def targets(self, pick: Pick) -> list[Target]:
        """Where `pick` might go: by default every pile but its own."""
        return [Target(s.pile, s.drop) for s in self.slot_list if s.pile != pick.src]

    def move_for(self, pick: Pick, target: Target) -> Any:
        """The engine move of dropping `pick` on `target` (None: no such move)."""
        raise NotImplementedError

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        """A click on a card (index) or an empty pile (None); True if it did something."""
        return False

    def repeat_clicks(self, pile: str) -> bool:
        """True for piles where quick clicks each count (a stock turned card after card)."""
        return False

    def hover_changed(self) -> None:
        """Hook: the target under the held cards changed (a row may open a gap there)."""

    def focus_order(self) -> list[str]:
        return [s.pile for s in self.slot_list]

    def gesture_for(self, move: Any) -> Any:
        """How a player makes `move` with mouse and keys (scripted input replays it), or None."""
        return None

    # -- picking -------------------------------------------------------------------------------
    def hold(self, p: Placement, grab: tuple[int, int], by_keyboard: bool, quiet: bool = False):
        """Take up what pressing `p` picks, lighting the targets that accept it. A pick that no
        target accepts, for one reason everywhere, is not taken: that reason is the pick's own."""
        blocked = self.why_not_now()
        if blocked:
            if not quiet:
                self.app.toasts.show(blocked, colour=theme.WARN)
            return None
        pick = self.pick_at(p)
        if pick is None or isinstance(pick, str):
            if pick and not quiet:
                self.app.toasts.show(pick, colour=theme.WARN)
            return None
        targets = self.targets(pick)
        accept, reasons = self.judge(pick, targets)
        if not accept and len(reasons) == 1:
            if not quiet:
                self.app.toasts.show(reasons.pop(), colour=theme.WARN)
            return None
        return Held(pick, grab, accept, by_keyboard, targets)

    def judge(self, pick: Pick, targets: list[Target]) -> tuple[set[str], set[str]]:
        """(ids of the targets that accept `pick`, the reasons the others refuse it)."""
        accept: set[str] = set()
        reasons: set[str] = set()
        for target in targets:
            move = self.move_for(pick, target)
            if move is None:
                continue
            reason = self.state.check(move)
            if reason is None:
                accept.add(target.id)
            else:
                reasons.add(reason)
        return accept, reasons

    def begin_drag(self, p: Placement, grab: tuple[int, int], by_keyboard: bool = False) -> bool:
        held = self.hold(p, grab, by_keyboard)
        if held is None:
            return False
        self.held = held
        for i, key in enumerate(held.codes):
            self.sprites[key].z = 10_000 + i
        self.static_dirty = True
        return True

    def let_go(self) -> None:
        """Drop whatever the player holds without moving it (the position is about to change)."""
        self.held = None
        self.press = None
        self.hover_target = None

    def cancel_drag(self) -> None:
        self.let_go()
        self.sync()

    def drop_on(self, target: Target | None) -> None:
        """Make the move of dropping what is held on `target`; a drop on nothing says where
        cards may go, so no drop ever snaps back without a word."""
        held, self.held = self.held, None
        self.hover_target = None
        move = self.move_for(held.pick, target) if target is not None else None
        if move is not None:
            self.try_move(move)
        else:
            self.app.toasts.show(self.missed_drop_reason(), colour=theme.WARN)
        self.sync()

    def missed_drop_reason(self) -> str:
        """What a drop on empty felt is told."""
        return "Drop the cards on a place that lights up"

    def drop_target(self) -> Target | None:
        """The target the held cards overlap most (targets that accept them win ties)."""
        lead = self.sprites[self.held.codes[0]]
        rect = pygame.Rect(int(lead.x), int(lead.y), self.card_w, self.card_h)
        best, best_key = None, (False, 0)
        for target in self.held.targets:
            overlap = rect.clip(target.rect)
            area = overlap.w * overlap.h
            if area <= 0:
                continue
            key = (target.id in self.held.accept, area)
            if key > best_key:
                best, best_key = target, key
        return best

    def target_by_id(self, target_id: str) -> Target | None:
        return (
            next((t for t in self.held.targets if t.id == target_id), None) if self.held else None
        )

    # -- mouse ---------------------------------------------------------------------------------
    def handle_pointer(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and self.held and self.held.by_keyboard:
            self.cancel_drag()  # the mouse takes over: what the keyboard held goes back
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.land_moving_cards()
            p = self.hit(event.pos)
            slot = None if p else self.slot_at(event.pos)
            self.press = (event.pos[0], event.pos[1], p, slot.pile if slot else None)
            self.focus = None
        elif event.type == pygame.MOUSEMOTION:
            self.on_motion(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.on_right_click()
        else:
            return False
        return True

    def on_motion(self, event: pygame.event.Event) -> None:
        if self.held and not self.held.by_keyboard:
            lead = self.sprites[self.held.codes[0]]
            dx = event.pos[0] - self.held.grab[0] - lead.x
            dy = event.pos[1] - self.held.grab[1] - lead.y
            dx, dy = self.keep_in_play(dx, dy)
            for key in self.held.codes:
                sprite = self.sprites[key]
                sprite.x += dx
                sprite.y += dy
            self.track_hover()
            return
        if self.press and self.press[2] is not None and event.buttons[0]:
            x0, y0, p, _ = self.press
            if abs(event.pos[0] - x0) + abs(event.pos[1] - y0) >= DRAG_THRESHOLD:
                self.press = None
                self.begin_drag(p, (x0 - p.x, y0 - p.y))
                if self.held:
                    self.on_motion(event)

    def keep_in_play(self, dx: float, dy: float) -> tuple[float, float]:
        """The held cards follow the pointer but never leave the table: not off the window, not
        over the bar or the status line (a long run stops at the bottom edge)."""
        sprites = [self.sprites[key] for key in self.held.codes]
        area = self.play_area()
        xs, ys = [s.x for s in sprites], [s.y for s in sprites]
        x0, x1 = min(xs) + dx, max(xs) + dx + self.card_w
        y0, y1 = min(ys) + dy, max(ys) + dy + self.card_h
        dx += max(0.0, area.left - x0) - max(0.0, x1 - area.right)
        dy += max(0.0, area.top - y0) - max(0.0, y1 - area.bottom)
        return dx, dy

    def track_hover(self) -> None:
        target = self.drop_target()
        if target != self.hover_target:
            self.hover_target = target
            self.hover_changed()

    def on_release(self, pos: tuple[int, int]) -> None:
        if self.held and not self.held.by_keyboard:
            self.drop_on(self.drop_target())
            return
        if self.press is None:
            return
        _, _, p, slot_pile = self.press
        self.press = None
        now = self.clock
        key = (p.pile, p.index) if p else (slot_pile, None)
        last_time, last_pile, last_index = self.last_click
        quick = now - last_time < DOUBLE_CLICK_SECONDS and last_pile == key[0]
        double = quick and last_index == key[1]
        if key[0] is None:
            return
        if quick and self.last_click_acted and not self.repeat_clicks(key[0]):
            # The first click of this double-click already moved a card: don't act on what lies under it.
            self.last_click = (-1.0, None, None)
            return
        self.last_click_acted = self.click(key[0], key[1], double)
        self.last_click = (now, key[0], key[1])

    def on_right_click(self) -> None:
        """A right-click cancels a drag, unless a game gives it another meaning."""
        if self.held:
            self.cancel_drag()

    # -- keyboard ------------------------------------------------------------------------------
    def on_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        shift = event.mod & pygame.KMOD_SHIFT
        key = event.key
        if ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif key == pygame.K_ESCAPE:
            if self.held:
                self.cancel_drag()
            elif self.focus is not None:
                self.focus = None
            else:
                self.ask_to_leave()
        elif key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
            self.move_focus(key, bool(shift))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.activate_focus()
        elif action := self.shortcuts().get(key):
            action()

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        """Single keys and what they do; games add their own to these."""
        return {}

    def move_focus(self, key: int, shift: bool) -> None:
        order = self.focus_order()
        if not order:
            return
        if self.focus is None or self.focus >= len(order):
            self.focus = 0
        elif (
            self.held
            and self.held.by_keyboard
            and key in (pygame.K_UP, pygame.K_DOWN)
            and order[self.focus] == self.held.src
        ):
            self.adjust_keyboard_drag(+1 if key == pygame.K_UP else -1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.focus = self.vertical_neighbour(self.focus, -1 if key == pygame.K_UP else 1)
        else:
            step = -1 if key == pygame.K_LEFT or (key == pygame.K_TAB and shift) else 1
            self.focus = (self.focus + step) % len(order)
        self.position_keyboard_drag()

    def vertical_neighbour(self, index: int, direction: int) -> int:
        """The pile above/below the focused one (an index into `focus_order`), nearest by column."""
        order = self.focus_order()
        here = self.pile_target_rect(order[index])
        best, best_d = index, None
        for i, pile in enumerate(order):
            there = self.pile_target_rect(pile)
            dy = there.centery - here.centery
            if dy * direction <= 0:
                continue
            d = abs(there.centerx - here.centerx) * 4 + abs(dy)
            if best_d is None or d < best_d:
                best, best_d = i, d
        return best

    def activate_focus(self) -> None:
        order = self.focus_order()
        if self.focus is None or self.focus >= len(order):
            self.focus = 0
            return
        pile = order[self.focus]
        if self.held and not self.held.by_keyboard:
            return  # the mouse is dragging: Enter does not drop its cards
        if self.held and self.held.by_keyboard:
            if pile == self.held.src:
                self.cancel_drag()
            else:
                self.drop_on(self.target_by_id(pile))
            return
        top = self.top_placement(pile)
        if top is None or not self.keyboard_pick(pile):
            self.click(pile, top.index if top else None, False)

    def keyboard_pick(self, pile: str) -> bool:
        """Lift the top card of `pile` with the keyboard; False if it cannot be lifted."""
        top = self.top_placement(pile)
        if top is None or self.hold(top, (0, 0), True, quiet=True) is None:
            return False
        return self.keyboard_lift(top)

    def keyboard_lift(self, p: Placement) -> bool:
        self.begin_drag(p, (0, 0), by_keyboard=True)
        self.position_keyboard_drag()
        return self.held is not None

    def adjust_keyboard_drag(self, delta: int) -> None:
        """Up/Down on the source pile lifts one card more or fewer (where the rules allow runs)."""
        held = self.held
        cards = self.pile_cards(held.src)
        index = held.index - delta
        while 0 <= index < len(cards):
            if self.hold(cards[index], (0, 0), True, quiet=True) is not None:
                self.held = None
                self.sync(animate=False)
                self.begin_drag(cards[index], (0, 0), by_keyboard=True)
                return
            index -= delta

    def position_keyboard_drag(self) -> None:
        if not (self.held and self.held.by_keyboard) or self.focus is None:
            return
        order = self.focus_order()
        if self.focus >= len(order):
            return
        target = self.pile_target_rect(order[self.focus])
        lift = int(self.card_h * 0.22)
        first = self.sprites[self.held.codes[0]]
        src_y = first.ty
        for key in self.held.codes:
            sprite = self.sprites[key]
            offset = sprite.ty - src_y
            sprite.move_to(
                target.x + self.card_w * 0.12,
                target.y + lift + offset,
                0.08 * self.app.settings.animation_factor(),
            )
        self.hover_target = self.target_by_id(order[self.focus])
        self.hover_changed()
