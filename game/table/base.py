"""The table scene every game shares: history (undo/redo), sprites, drag and drop, keyboard focus,
animation, the top bar and the status line. A game's table only maps its piles to the screen and the
player's gestures to engine moves; legality always comes from `state.check`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pygame

import engines
from game import stats, theme, ui
from game.card_art import CardStyle, images_for
from game.felt import felt
from game.launch import DealRequest, fresh_seed
from game.scene import Scene
from game.table.pieces import Drag, Placement, Slot
from game.table.sprites import CardSprite

DOUBLE_CLICK_SECONDS = 0.4
DRAG_THRESHOLD = 5
MOVE_SECONDS = 0.15
FLIP_SECONDS = 0.3
HINT_SECONDS = 2.0


class TableScene(Scene):
    """Shared table. Subclasses implement `layout`, `placements`, `slots`, `pickup`, `drop_move`,
    `click` and `status_parts`; everything else lives here once."""

    def __init__(self, app, request: DealRequest) -> None:
        super().__init__(app)
        self.request = request
        self.game = engines.get(request.game)
        self.sprites: dict[str, CardSprite] = {}
        self.slot_list: list[Slot] = []
        self.placed: list[Placement] = []
        self.static: pygame.Surface | None = None
        self.static_dirty = True
        self.drag: Drag | None = None
        self.press: tuple[int, int, Placement | None, str | None] | None = None
        self.last_click: tuple[float, str | None, int | None] = (-1.0, None, None)
        self.clock = 0.0
        self.focus: int | None = None
        self.hint: tuple[str, str, float] | None = None  # src pile, dst pile, seconds left
        self.queue: list[Any] = []
        self.queue_wait = 0.0
        self.images = None
        self.card_w = self.card_h = 0
        self.bar_h = self.status_h = 0
        self.buttons = self.make_buttons()
        self.owns_save = request.resumed
        self.start_deal(request.seed, request.moves, request.elapsed)
        pygame.display.set_caption(f"{self.game.title} — Card Table")

    # -- game flow ---------------------------------------------------------------------------
    def start_deal(self, seed: int, moves: list[Any] | None = None, elapsed: float = 0.0) -> None:
        """Deal `seed` (then replay `moves`, as when resuming); a game under way is abandoned."""
        if getattr(self, "states", None) and self.under_way:
            self.abandoned()
        self.request.seed = seed
        state = self.game.new_game(
            seed=seed, players=self.request.players, options=self.request.options
        )
        self.states = [state]
        self.moves: list[Any] = []
        for move in moves or []:
            self.states.append(self.states[-1].apply(move))
            self.moves.append(move)
        self.pos = len(self.moves)
        self.elapsed = elapsed
        # A game that is already over (a replay opened at its end) is not counted or celebrated again.
        self.ending_done = self.recorded = self.state.is_over()
        self.stop_automation()
        self.let_go()
        self.hint = None
        self.state_changed()
        self.autosave()  # the slot now holds this game, or nothing if it has no move yet
        if self.card_w:  # a new deal on a table already on screen
            self.sync(animate=False)
            self.deal_animation()

    @property
    def state(self) -> Any:
        return self.states[self.pos]

    @property
    def under_way(self) -> bool:
        return self.pos > 0 and not self.state.is_over()

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
        new = self.state.apply(move)
        del self.states[self.pos + 1 :]
        del self.moves[self.pos :]
        self.states.append(new)
        self.moves.append(move)
        self.pos += 1
        self.hint = None
        self.owns_save = True
        self.state_changed()
        self.sync()
        self.autosave()
        self.after_move()

    def after_move(self) -> None:
        """Hook: queue automatic follow-up moves (safe cards to foundations, …)."""

    def undo(self) -> None:
        """Every way of undoing (button, Ctrl+Z, dialogs) goes through the game's `can_undo`."""
        if self.can_undo():
            self.step_history(-1)

    def redo(self) -> None:
        if self.can_redo():
            self.step_history(+1)

    def step_history(self, delta: int) -> None:
        self.let_go()
        self.stop_automation()
        self.pos += delta
        self.state_changed()
        self.sync()
        self.autosave()

    def stop_automation(self) -> None:
        """Forget queued automatic moves (the player took over: undo, redo, a new deal)."""
        self.queue.clear()

    def let_go(self) -> None:
        """Drop whatever the player holds without moving it (the position is about to change)."""
        self.drag = None
        self.press = None

    def can_undo(self) -> bool:
        return self.pos > 0

    def can_redo(self) -> bool:
        return self.pos < len(self.moves)

    def state_changed(self) -> None:
        """Hook: refresh anything cached per state."""

    def new_deal(self) -> None:
        self.confirm_if_under_way(
            "Start a new deal? This game will be lost.",
            lambda: self.start_deal(fresh_seed()),
        )

    def restart(self) -> None:
        self.confirm_if_under_way(
            "Restart this deal from the beginning?", lambda: self.start_deal(self.request.seed)
        )

    def leave(self) -> None:
        """Back to the menu; a game under way is autosaved by `closed`."""
        self.app.pop()

    def record(self) -> engines.GameRecord:
        options = self.states[0].options
        return engines.GameRecord(
            self.game.name, self.request.seed, self.request.players, options, self.moves[: self.pos]
        )

    def abandoned(self) -> None:
        """A game under way is replaced by a new deal or a restart. Only a game the player has
        played here counts (not a record opened with `cardtable replay` and left untouched)."""
        outcome = stats.abandoned_outcome(self.game)
        if outcome and self.owns_save:
            self.record_result(outcome, self.state.scores()[0])

    def result(self) -> tuple[str, int]:
        """The finished game's outcome and score, as the statistics keep them."""
        raise NotImplementedError

    def show_ending(self) -> None:
        """Hook: the game is over and every card has landed (celebrate, show the results)."""

    def record_result(self, outcome: str | None = None, score: int = 0) -> None:
        """Add this game to the statistics, once; without an outcome, the finished game's own."""
        if self.recorded:
            return
        self.recorded = True
        if outcome is None:
            outcome, score = self.result()
        stats = self.app.stats
        try:
            stats.record(
                self.game.name,
                self.variant(),
                self.request.seed,
                outcome,
                self.pos,
                self.elapsed,
                score,
            )
        except sqlite3.Error as exc:
            self.app.toasts.show(f"Could not record the result: {exc}", 4, theme.WARN)
        self.app.report_stats_problem()

    def variant(self) -> str:
        return stats.variant(self.game, self.states[0].options)

    def autosave(self) -> None:
        """Keep the game resumable after every move (a crash or power cut loses nothing).

        The save slot is this table's only once it was resumed from it or a move was made here:
        merely opening a deal never touches another game's save."""
        from game import saves

        if not self.owns_save or (self.queue and self.under_way):
            return  # not ours; or automatic moves are still coming: save once they are done
        try:
            if self.under_way:
                saves.save(self.record(), self.elapsed)
            else:
                saves.discard(self.game.name)  # won, or back at the start: nothing to resume
        except OSError as exc:
            self.app.toasts.show(f"Could not save the game: {exc.strerror or exc}", 4, theme.WARN)

    def closed(self) -> None:
        pygame.display.set_caption("Card Table")
        if self.state.is_over():
            self.record_result()  # left before the ending was shown: the result still counts
        self.autosave()

    def confirm_if_under_way(self, question: str, then) -> None:
        if self.under_way:
            from game.scenes.dialogs import ConfirmScene

            self.app.push(ConfirmScene(self.app, question, then))
        else:
            then()

    # -- subclass interface -------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Set card_w and pile geometry for a window size."""
        raise NotImplementedError

    def placements(self) -> list[Placement]:
        raise NotImplementedError

    def slots(self) -> list[Slot]:
        raise NotImplementedError

    def pickup(self, pile: str, index: int) -> tuple[int, str | None]:
        """How many cards pressing card `index` of `pile` lifts (0 with a reason if none)."""
        raise NotImplementedError

    def drop_move(self, src: str, index: int, n: int, dst: str) -> Any:
        """The engine move for dropping cards index..index+n-1 of `src` on `dst`."""
        raise NotImplementedError

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        """A click on a card (index) or an empty pile (None); True if it did something."""
        return False

    def status_parts(self) -> list[str]:
        return []

    def extra_buttons(self) -> list[ui.Button]:
        return []

    def deal_origin(self) -> tuple[int, int]:
        return (-self.card_w * 2, self.app.size[1] // 2)

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        """Hook: badges and labels that change only with the state."""

    # -- layout and sprites ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        self.bar_h = int(46 * s)
        self.status_h = int(34 * s)
        self.layout_bar(size)
        first = not self.sprites
        self.sync(animate=False)
        if first:
            self.deal_animation()

    def refresh_geometry(self) -> None:
        """Lay the table out for the window and the current state; card images follow the size."""
        self.layout(self.app.size)
        style = CardStyle(
            four_colour=self.app.settings.four_colour, back=self.app.settings.card_back
        )
        if self.images is None or self.images.width != self.card_w or self.images.style != style:
            self.images = images_for(self.card_w, style)
        self.card_h = self.images.height

    def revealed(self) -> None:
        self.static_dirty = True

    def sync(self, animate: bool = True, stagger: float = 0.0) -> None:
        """Send every sprite toward its place in the current state."""
        factor = self.app.settings.animation_factor() if animate else 0.0
        self.refresh_geometry()
        self.placed = self.placements()
        self.slot_list = self.slots()
        seen = set()
        held = set(self.drag.codes) if self.drag else set()  # in the player's hand: left alone
        delay = 0.0
        for z, p in enumerate(self.placed):
            sprite = self.sprites.get(p.code)
            if sprite is None:
                sprite = self.sprites[p.code] = CardSprite(p.code, p.x, p.y, p.face_up, p.back)
            seen.add(p.code)
            if p.code in held:
                continue
            if sprite.flipping and sprite.flip_to != p.face_up:
                # Turned back mid-flip (an undo): drop the flip; the code below sets the face.
                sprite.flip_to = None
            sprite.z, sprite.back = z, p.back
            sprite.mark, sprite.mark_low = p.mark, p.mark_low
            # A dragged card has moved (x, y) but not its target: it must slide home too.
            moved = (
                sprite.moving
                or abs(sprite.tx - p.x) > 0.5
                or abs(sprite.ty - p.y) > 0.5
                or abs(sprite.x - p.x) > 0.5
                or abs(sprite.y - p.y) > 0.5
            )
            if moved and factor:
                sprite.move_to(p.x, p.y, MOVE_SECONDS * factor, delay)
                # A card going face down hides at once; one going face up shows when it lands.
                if sprite.face_up and not p.face_up:
                    sprite.face_up = False
                sprite.pending_face = p.face_up if sprite.face_up != p.face_up else None
                delay += stagger * factor
            elif factor and sprite.face_up != p.face_up and not sprite.flipping:
                sprite.move_to(p.x, p.y, 0)
                sprite.start_flip(p.face_up, FLIP_SECONDS * factor, delay)
                delay += stagger * factor
            elif not sprite.flipping:
                sprite.move_to(p.x, p.y, 0)
                sprite.face_up, sprite.pending_face = p.face_up, None
        for code in list(self.sprites):
            if code not in seen:
                del self.sprites[code]
        self.update_drop_areas()
        if self.focus is not None and self.focus >= len(self.focus_order()):
            self.focus = None  # the pile it was on is gone
        self.static_dirty = True

    def update_drop_areas(self) -> None:
        by_pile: dict[str, pygame.Rect] = {}
        for p in self.placed:
            r = pygame.Rect(p.x, p.y, self.card_w, self.card_h)
            by_pile[p.pile] = by_pile[p.pile].union(r) if p.pile in by_pile else r
        for slot in self.slot_list:
            slot.drop = (
                slot.rect.union(by_pile[slot.pile]) if slot.pile in by_pile else slot.rect.copy()
            )

    def deal_animation(self) -> None:
        factor = self.app.settings.animation_factor()
        if not factor:
            return
        ox, oy = self.deal_origin()
        for i, p in enumerate(self.placed):
            sprite = self.sprites[p.code]
            sprite.x, sprite.y = ox, oy
            sprite.face_up = False
            sprite.move_to(p.x, p.y, 0.22 * factor, delay=i * 0.018 * factor)
            sprite.pending_face = p.face_up
        self.static_dirty = True

    def top_placement(self, pile: str) -> Placement | None:
        last = None
        for p in self.placed:
            if p.pile == pile:
                last = p
        return last

    def slot(self, pile: str) -> Slot | None:
        return next((s for s in self.slot_list if s.pile == pile), None)

    def pile_target_rect(self, pile: str) -> pygame.Rect:
        """Where a glow for `pile` goes: its top card, or its empty outline."""
        top = self.top_placement(pile)
        if top is not None:
            return pygame.Rect(top.x, top.y, self.card_w, self.card_h)
        slot = self.slot(pile)
        return slot.rect if slot else pygame.Rect(0, 0, 0, 0)

    def card_point(self, pile: str, index: int) -> tuple[int, int]:
        """A point on the visible part of card `index` of `pile` (for scripted input)."""
        cards = [p for p in self.placed if p.pile == pile]
        p = cards[index]
        if index + 1 < len(cards):
            below = cards[index + 1]
            visible_h = below.y - p.y
            if visible_h > 2:
                return (p.x + self.card_w // 2, p.y + max(1, visible_h // 2))
            return (p.x + max(1, (below.x - p.x) // 2), p.y + self.card_h // 2)
        return (p.x + self.card_w // 2, p.y + self.card_h // 2)

    # -- input ----------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> Placement | None:
        for p in reversed(self.placed):
            if p.x <= pos[0] < p.x + self.card_w and p.y <= pos[1] < p.y + self.card_h:
                return p
        return None

    def slot_at(self, pos: tuple[int, int]) -> Slot | None:
        return next((s for s in self.slot_list if s.rect.collidepoint(pos)), None)

    def handle_other(self, event: pygame.event.Event) -> None:
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
        elif event.type == pygame.KEYDOWN:
            self.on_key(event)

    def land_moving_cards(self) -> None:
        """A press lands every card still in motion, so the player grabs what they see."""
        for sprite in self.sprites.values():
            if sprite.moving:
                sprite.finish()
                self.static_dirty = True

    def on_motion(self, event: pygame.event.Event) -> None:
        if self.drag and not self.drag.by_keyboard:
            lead = self.sprites[self.drag.codes[0]]
            dx = event.pos[0] - self.drag.grab[0] - lead.x
            dy = event.pos[1] - self.drag.grab[1] - lead.y
            for code in self.drag.codes:
                sprite = self.sprites[code]
                sprite.x += dx
                sprite.y += dy
            return
        if self.press and self.press[2] is not None and event.buttons[0]:
            x0, y0, p, _ = self.press
            if abs(event.pos[0] - x0) + abs(event.pos[1] - y0) >= DRAG_THRESHOLD:
                self.press = None
                self.begin_drag(p, (x0 - p.x, y0 - p.y))
                if self.drag:
                    self.on_motion(event)

    def begin_drag(self, p: Placement, grab: tuple[int, int], by_keyboard: bool = False) -> bool:
        n, reason = self.pickup(p.pile, p.index)
        if n <= 0:
            if reason:
                self.app.toasts.show(reason, colour=theme.WARN)
            return False
        pile_cards = [q for q in self.placed if q.pile == p.pile]
        codes = [q.code for q in pile_cards[p.index : p.index + n]]
        accept = {
            s.pile
            for s in self.slot_list
            if s.pile != p.pile
            and self.state.check(self.drop_move(p.pile, p.index, n, s.pile)) is None
        }
        self.drag = Drag(p.pile, p.index, codes, grab, accept, by_keyboard)
        for i, code in enumerate(codes):
            self.sprites[code].z = 10_000 + i
        self.static_dirty = True
        return True

    def drop_target(self) -> Slot | None:
        """The pile the dragged cards overlap most (piles that accept them win ties)."""
        lead = self.sprites[self.drag.codes[0]]
        rect = pygame.Rect(int(lead.x), int(lead.y), self.card_w, self.card_h)
        best, best_key = None, (False, 0)
        for slot in self.slot_list:
            if slot.pile == self.drag.src:
                continue
            overlap = rect.clip(slot.drop)
            area = overlap.w * overlap.h
            if area <= 0:
                continue
            key = (slot.pile in self.drag.accept, area)
            if key > best_key:
                best, best_key = slot, key
        return best

    def on_release(self, pos: tuple[int, int]) -> None:
        if self.drag and not self.drag.by_keyboard:
            target = self.drop_target()
            drag, self.drag = self.drag, None
            if target is not None:
                self.try_move(self.drop_move(drag.src, drag.index, len(drag.codes), target.pile))
            self.sync()
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

    last_click_acted = False

    def repeat_clicks(self, pile: str) -> bool:
        """True for piles where quick clicks each count (a stock turned card after card)."""
        return False

    def on_right_click(self) -> None:
        """A right-click cancels a drag, unless a game gives it another meaning."""
        if self.drag:
            self.cancel_drag()

    def cancel_drag(self) -> None:
        self.drag = None
        self.sync()

    # -- keyboard ---------------------------------------------------------------------------
    def focus_order(self) -> list[str]:
        return [s.pile for s in self.slot_list]

    def on_key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        shift = event.mod & pygame.KMOD_SHIFT
        key = event.key
        if ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif key == pygame.K_ESCAPE:
            if self.drag:
                self.cancel_drag()
            else:
                self.leave()
        elif key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
            self.move_focus(key, bool(shift))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.activate_focus()
        elif action := self.shortcuts().get(key):
            action()

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        """Single keys and what they do; games add their own to these."""
        return {pygame.K_n: self.new_deal, pygame.K_r: self.restart, pygame.K_F1: self.open_rules}

    def move_focus(self, key: int, shift: bool) -> None:
        order = self.focus_order()
        if not order:
            return
        if self.focus is None:
            self.focus = 0
        elif (
            self.drag
            and self.drag.by_keyboard
            and key in (pygame.K_UP, pygame.K_DOWN)
            and order[self.focus] == self.drag.src
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
        if self.focus is None:
            self.focus = 0
            return
        pile = order[self.focus]
        if self.drag and self.drag.by_keyboard:
            drag, self.drag = self.drag, None
            if pile != drag.src:
                self.try_move(self.drop_move(drag.src, drag.index, len(drag.codes), pile))
            self.sync()
            return
        top = self.top_placement(pile)
        if top is None or not self.keyboard_pick(pile):
            self.click(pile, top.index if top else None, False)

    def keyboard_pick(self, pile: str) -> bool:
        """Lift the top card of `pile` with the keyboard; False if it cannot be lifted."""
        top = self.top_placement(pile)
        if top is None or self.pickup(pile, top.index)[0] <= 0:
            return False
        return self.keyboard_lift(top)

    def keyboard_lift(self, p: Placement) -> bool:
        self.begin_drag(p, (0, 0), by_keyboard=True)
        self.position_keyboard_drag()
        return self.drag is not None

    def adjust_keyboard_drag(self, delta: int) -> None:
        """Up/Down on the source pile lifts one card more or fewer (where the rules allow runs)."""
        drag = self.drag
        cards = [p for p in self.placed if p.pile == drag.src]
        index = drag.index - delta
        while 0 <= index < len(cards):
            if self.pickup(drag.src, index)[0] == len(cards) - index:
                self.drag = None
                self.sync(animate=False)
                self.begin_drag(cards[index], (0, 0), by_keyboard=True)
                return
            index -= delta

    def position_keyboard_drag(self) -> None:
        if not (self.drag and self.drag.by_keyboard) or self.focus is None:
            return
        target = self.pile_target_rect(self.focus_order()[self.focus])
        lift = int(self.card_h * 0.22)
        first = self.sprites[self.drag.codes[0]]
        src_y = first.ty
        for code in self.drag.codes:
            sprite = self.sprites[code]
            offset = sprite.ty - src_y
            sprite.move_to(
                target.x + self.card_w * 0.12,
                target.y + lift + offset,
                0.08 * self.app.settings.animation_factor(),
            )

    # -- per-frame ----------------------------------------------------------------------------
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
        if self.queue and not self.drag:
            self.queue_wait -= dt
            if self.queue_wait <= 0:
                move = self.queue.pop(0)
                if self.state.check(move) is None:
                    self.automatic = True
                    self.commit(move)
                    self.automatic = False
                else:
                    self.queue.clear()
                self.queue_wait = 0.09 * max(self.app.settings.animation_factor(), 0.2)
        if self.state.is_over() and not self.ending_done and self.at_rest():
            self.ending_done = True
            self.record_result()
            self.show_ending()

    automatic = False  # True while a queued (not player-made) move is being applied

    def at_rest(self) -> bool:
        """Nothing queued or moving, and this table is what the player sees."""
        return not self.queue and not self.in_flight() and self.app.scene is self

    def animating(self) -> bool:
        """Moving cards, a pending redraw of the resting ones (one just landed), hints, queues."""
        return bool(self.static_dirty or self.drag or self.queue or self.hint or self.in_flight())

    def in_flight(self) -> list[CardSprite]:
        dragged = set(self.drag.codes) if self.drag else set()
        return [s for s in self.sprites.values() if s.moving or s.flipping or s.code in dragged]

    def sprite_image(self, sprite: CardSprite) -> pygame.Surface:
        return self.images.face(sprite.code) if sprite.face_up else self.images.back(sprite.back)

    def rebuild_static(self, size: tuple[int, int], flying: set[str]) -> None:
        if self.static is None or self.static.get_size() != size:
            self.static = pygame.Surface(size).convert()
        surf = self.static
        surf.blit(felt(size, self.app.settings.felt), (0, 0))
        for slot in self.slot_list:
            if slot.show_outline:
                surf.blit(self.images.slot(slot.label), slot.rect.topleft)
        for p in self.placed:
            sprite = self.sprites.get(p.code)
            if sprite is None or p.code in flying:
                continue
            surf.blit(self.sprite_image(sprite), (round(sprite.x), round(sprite.y)))
            if sprite.mark and not sprite.face_up:
                self.draw_mark(surf, sprite, sprite.mark)
        self.draw_static_extras(surf)
        self.static_dirty = False

    def draw(self, surface: pygame.Surface) -> None:
        flying = self.in_flight()
        flying_codes = {s.code for s in flying}
        if self.static_dirty or self.static is None or self.static.get_size() != surface.get_size():
            self.rebuild_static(surface.get_size(), flying_codes)
        surface.blit(self.static, (0, 0))
        self.draw_glows(surface)
        for sprite in sorted(flying, key=lambda s: s.z):
            if self.drag and sprite.code == self.drag.codes[0]:
                surface.blit(
                    self.images.shadow(),
                    (
                        round(sprite.x) - self.images.glow_pad + self.images.shadow_offset[0],
                        round(sprite.y) - self.images.glow_pad + self.images.shadow_offset[1],
                    ),
                )
            self.draw_sprite(surface, sprite)
        self.draw_bar(surface)

    def draw_sprite(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        x, y = round(sprite.x), round(sprite.y)
        if sprite.flipping:
            width_factor, face_up = sprite.flip_view()
            img = self.images.face(sprite.code) if face_up else self.images.back(sprite.back)
            w = max(1, int(self.card_w * width_factor))
            surface.blit(
                pygame.transform.scale(img, (w, img.get_height())), (x + (self.card_w - w) // 2, y)
            )
            return
        surface.blit(self.sprite_image(sprite), (x, y))
        if sprite.mark and not sprite.face_up:
            self.draw_mark(surface, sprite, sprite.mark)

    def draw_mark(self, surface: pygame.Surface, sprite: CardSprite, label: str) -> None:
        """A small tag on a face-down card that only its owner may see (the peek marker)."""
        size = max(10, int(self.card_w * 0.2))
        img = ui.text(label, size, theme.TEXT_DARK, bold=True)
        box = img.get_rect().inflate(8, 2)
        if sprite.mark_low:
            box.bottomleft = (round(sprite.x) + 3, round(sprite.y) + self.card_h - 3)
        else:
            box.topleft = (round(sprite.x) + 3, round(sprite.y) + 3)
        pygame.draw.rect(surface, (250, 246, 236), box, border_radius=4)
        pygame.draw.rect(surface, theme.ACCENT, box, 1, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))

    def draw_glows(self, surface: pygame.Surface) -> None:
        pad = self.images.glow_pad
        glows: list[tuple[str, tuple[int, int, int]]] = []
        if self.drag:
            glows += [(pile, theme.ACCEPT) for pile in self.drag.accept]
        if self.hint:
            glows += [(self.hint[0], theme.HINT), (self.hint[1], theme.HINT)]
        if self.focus is not None and self.focus < len(self.focus_order()):
            glows.append((self.focus_order()[self.focus], theme.FOCUS))
        for pile, colour in glows:
            rect = self.pile_target_rect(pile)
            surface.blit(self.images.glow(colour), (rect.x - pad, rect.y - pad))

    # -- bar -----------------------------------------------------------------------------------
    def make_buttons(self) -> list[ui.Button]:
        return [
            ui.Button("Menu", self.leave, tooltip="Esc"),
            ui.Button("New deal", self.new_deal, tooltip="N"),
            ui.Button("Restart", self.restart, enabled=lambda: self.pos > 0, tooltip="R"),
            ui.Button("Undo", self.undo, enabled=self.can_undo, tooltip="Ctrl+Z"),
            ui.Button("Redo", self.redo, enabled=self.can_redo, tooltip="Ctrl+Y"),
            *self.extra_buttons(),
            ui.Button("Rules", self.open_rules, tooltip="F1"),
            ui.Button("Settings", self.open_settings),
        ]

    def open_rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game.name))

    def open_settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def layout_bar(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        pad = int(6 * s)
        x = pad
        font_size = int(15 * s)
        for button in self.buttons:
            width = ui.text(button.label, font_size).get_width() + int(26 * s)
            button.rect = pygame.Rect(x, pad, width, self.bar_h - 2 * pad)
            button.size = font_size
            x += width + pad

    def draw_bar(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BAR, (0, 0, w, self.bar_h))
        for button in self.buttons:
            button.draw(surface)
        s = theme.ui_scale((w, h))
        ui.draw_tooltip(surface, self.buttons, s)
        line = "   ·   ".join(self.status_parts())
        img = ui.text(line, int(15 * s), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midleft=(int(14 * s), h - self.status_h // 2)))


def format_time(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"
