"""Drawing a table: card sprites keyed by the view's ids, tweens toward their places, one cached layer
of resting cards, glows and peek tags. Everything drawn comes from the game's `placements()`, which
read `state.view(viewer)` only, so nothing the viewer may not see can reach the screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.card_art import CardStyle, images_for
from game.felt import felt
from game.table.pieces import Held, Placement, Slot
from game.table.sprites import CardSprite

MOVE_SECONDS = 0.15
FLIP_SECONDS = 0.3


class TableCanvas:
    """Mixin of TableScene: the sprites and the drawing. The game supplies `layout`, `placements`,
    `slots` and `draw_static_extras`."""

    app: Any
    held: Held | None
    viewer: int

    def init_canvas(self) -> None:
        self.sprites: dict[str, CardSprite] = {}
        self.slot_list: list[Slot] = []
        self.placed: list[Placement] = []
        self.static: pygame.Surface | None = None
        self.static_dirty = True
        self.images = None
        self.card_w = self.card_h = 0
        self.synced_viewer: int | None = None  # whose view the sprites were last keyed for

    # -- game hooks ----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Set card_w and pile geometry for a window size."""
        raise NotImplementedError

    def placements(self) -> list[Placement]:
        raise NotImplementedError

    def slots(self) -> list[Slot]:
        raise NotImplementedError

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        """Hook: badges and labels that change only with the state."""

    def deal_origin(self) -> tuple[int, int]:
        return (-self.card_w * 2, self.app.size[1] // 2)

    # -- sprites -------------------------------------------------------------------------------
    def refresh_geometry(self) -> None:
        """Lay the table out for the window and the current state; card images follow the size."""
        self.layout(self.app.size)
        style = CardStyle(
            four_colour=self.app.settings.four_colour, back=self.app.settings.card_back
        )
        if self.images is None or self.images.width != self.card_w or self.images.style != style:
            self.images = images_for(self.card_w, style)
        self.card_h = self.images.height

    def sync(self, animate: bool = True, delays: dict[str, float] | None = None) -> None:
        """Send every sprite toward its place in the current view; `delays` holds back the
        sprites of later steps of a move (see `event_delays`).

        A card whose key changes (a hidden stock card turned onto the waste, a hand card placed
        into a column) is the same card to the eye: each new key takes over the place and look of a
        key that vanished in the same step, in drawing order, and travels on from there."""
        factor = self.app.settings.animation_factor() if animate else 0.0
        delays = delays or {}
        self.refresh_geometry()
        self.placed = self.placements()
        self.slot_list = self.slots()
        origins = self.origins(factor > 0)
        held = set(self.held.codes) if self.held else set()  # in the player's hand: left alone
        for z, p in enumerate(self.placed):
            sprite = self.sprites.get(p.key)
            if sprite is None:
                old = origins.get(p.key)
                sprite = self.sprites[p.key] = CardSprite(p.key, p.card, p.x, p.y, p.face_up)
                if old is not None:
                    sprite.x, sprite.y, sprite.face_up = old.x, old.y, old.face_up and bool(p.card)
                sprite.tx, sprite.ty = sprite.x, sprite.y  # at rest where it appears
            if p.key in held:
                continue
            sprite.card = p.card
            if not p.face_up and (sprite.face_up or sprite.flipping):
                # A card going face down hides at once: it never shows its face on the way.
                sprite.face_up, sprite.flip_to, sprite.pending_face = False, None, None
            if sprite.flipping and sprite.flip_to != p.face_up:
                # Turned back mid-flip (an undo): drop the flip; the code below sets the face.
                sprite.flip_to = None
            sprite.z, sprite.back = z, p.back
            sprite.mark = p.mark
            # A dragged card has moved (x, y) but not its target: it must slide home too.
            moved = (
                sprite.moving
                or abs(sprite.tx - p.x) > 0.5
                or abs(sprite.ty - p.y) > 0.5
                or abs(sprite.x - p.x) > 0.5
                or abs(sprite.y - p.y) > 0.5
            )
            delay = delays.get(p.key, 0.0) * factor
            if moved and factor:
                sprite.move_to(p.x, p.y, MOVE_SECONDS * factor, delay)
                # A card going face up shows its face when it lands.
                sprite.pending_face = p.face_up if sprite.face_up != p.face_up else None
            elif factor and sprite.face_up != p.face_up and not sprite.flipping:
                sprite.move_to(p.x, p.y, 0)
                sprite.start_flip(p.face_up, FLIP_SECONDS * factor, delay)
            elif not sprite.flipping:
                sprite.move_to(p.x, p.y, 0)
                sprite.face_up, sprite.pending_face = p.face_up, None
        keys = {p.key for p in self.placed}
        for key in list(self.sprites):
            if key not in keys:
                del self.sprites[key]
        self.synced_viewer = self.viewer
        self.update_drop_areas()
        self.static_dirty = True

    def origins(self, animate: bool) -> dict[str, CardSprite]:
        """For each new key, the vanished sprite it continues: first the one showing the same
        face; then, unless the viewer changed (every hand is keyed anew then), the rest in
        drawing order."""
        if not animate:
            return {}
        keys = {p.key for p in self.placed}
        vanished = sorted((s for k, s in self.sprites.items() if k not in keys), key=lambda s: s.z)
        arriving = [p for p in self.placed if p.key not in self.sprites]
        by_face = {s.card: s for s in vanished if s.card}
        found: dict[str, CardSprite] = {}
        for p in arriving:
            if p.card and p.card in by_face:
                found[p.key] = by_face.pop(p.card)
        if self.synced_viewer != self.viewer:
            return found
        taken = {id(s) for s in found.values()}
        rest = iter(s for s in vanished if id(s) not in taken)
        for p in arriving:
            if p.key not in found:
                old = next(rest, None)
                if old is None:
                    break
                found[p.key] = old
        return found

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
            sprite = self.sprites[p.key]
            sprite.x, sprite.y = ox, oy
            sprite.face_up = False
            sprite.move_to(p.x, p.y, 0.22 * factor, delay=i * 0.018 * factor)
            sprite.pending_face = p.face_up
        self.static_dirty = True

    def land_moving_cards(self) -> None:
        """A press lands every card still in motion, so the player grabs what they see."""
        for sprite in self.sprites.values():
            if sprite.moving:
                sprite.finish()
                self.static_dirty = True

    def in_flight(self) -> list[CardSprite]:
        held = set(self.held.codes) if self.held else set()
        return [s for s in self.sprites.values() if s.moving or s.flipping or s.key in held]

    # -- where things are ----------------------------------------------------------------------
    def pile_cards(self, pile: str) -> list[Placement]:
        return [p for p in self.placed if p.pile == pile]

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
        cards = self.pile_cards(pile)
        p = cards[index]
        if index + 1 < len(cards):
            below = cards[index + 1]
            visible_h = below.y - p.y
            if visible_h > 2:
                return (p.x + self.card_w // 2, p.y + max(1, visible_h // 2))
            return (p.x + max(1, (below.x - p.x) // 2), p.y + self.card_h // 2)
        return (p.x + self.card_w // 2, p.y + self.card_h // 2)

    def hit(self, pos: tuple[int, int]) -> Placement | None:
        for p in reversed(self.placed):
            if p.x <= pos[0] < p.x + self.card_w and p.y <= pos[1] < p.y + self.card_h:
                return p
        return None

    def slot_at(self, pos: tuple[int, int]) -> Slot | None:
        return next((s for s in self.slot_list if s.rect.collidepoint(pos)), None)

    # -- drawing -------------------------------------------------------------------------------
    def sprite_image(self, sprite: CardSprite) -> pygame.Surface:
        if sprite.face_up and sprite.card:
            return self.images.face(sprite.card)
        return self.images.back(sprite.back)

    def rebuild_static(self, size: tuple[int, int], flying: set[str]) -> None:
        if self.static is None or self.static.get_size() != size:
            self.static = pygame.Surface(size).convert()
        surf = self.static
        surf.blit(felt(size, self.app.settings.felt), (0, 0))
        for slot in self.slot_list:
            if slot.show_outline:
                surf.blit(self.images.slot(slot.label), slot.rect.topleft)
        for p in self.placed:
            sprite = self.sprites.get(p.key)
            if sprite is None or p.key in flying:
                continue
            surf.blit(self.sprite_image(sprite), (round(sprite.x), round(sprite.y)))
            self.decorate(surf, sprite)
        self.draw_static_extras(surf)
        self.static_dirty = False

    def draw_cards(self, surface: pygame.Surface) -> None:
        flying = self.in_flight()
        if self.static_dirty or self.static is None or self.static.get_size() != surface.get_size():
            self.rebuild_static(surface.get_size(), {s.key for s in flying})
        surface.blit(self.static, (0, 0))
        self.draw_glows(surface)
        lead = self.held.codes[0] if self.held else None
        for sprite in sorted(flying, key=lambda s: s.z):
            if sprite.key == lead:
                pad, (sx, sy) = self.images.glow_pad, self.images.shadow_offset
                surface.blit(
                    self.images.shadow(), (round(sprite.x) - pad + sx, round(sprite.y) - pad + sy)
                )
            self.draw_sprite(surface, sprite)

    def draw_sprite(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        x, y = round(sprite.x), round(sprite.y)
        if sprite.flipping:
            width_factor, face_up = sprite.flip_view()
            img = (
                self.images.face(sprite.card)
                if face_up and sprite.card
                else self.images.back(sprite.back)
            )
            w = max(1, int(self.card_w * width_factor))
            surface.blit(
                pygame.transform.scale(img, (w, img.get_height())), (x + (self.card_w - w) // 2, y)
            )
            return
        surface.blit(self.sprite_image(sprite), (x, y))
        self.decorate(surface, sprite)

    def decorate(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        """What is drawn on a card besides its image (a table's tags and marks; nothing here).
        Drawn right after the card, so later cards cover it as they cover the card."""

    def glows(self) -> list[tuple[str, tuple[int, int, int]]]:
        """(pile, colour) pairs to light up this frame."""
        return []

    def draw_glows(self, surface: pygame.Surface) -> None:
        pad = self.images.glow_pad
        for pile, colour in self.glows():
            rect = self.pile_target_rect(pile)
            surface.blit(self.images.glow(colour), (rect.x - pad, rect.y - pad))
