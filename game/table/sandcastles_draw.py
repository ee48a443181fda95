"""How the Sandcastles table is drawn besides its cards: the words of each seat (name, castle
score, standing as a word with a marker), the banner (round, phase, who acts, or the step of the
attacks being shown), the stock, the arrows of declared attacks, the score a castle would have
with the held card in the open gap, and cards in two sizes (the viewer's large, the others' small).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

import pygame

from engines import sandcastles
from game import theme, ui
from game.card_art import images_for
from game.table.advice import draw_arrow

STANDING = {"lead": ("▲ Lead", (238, 196, 84)), "rest": ("● Rest", (150, 162, 156))}
STANDING["last"] = ("▼ Last", (226, 110, 92))
PHASE = {"setup": "Setting up", "sacrifice": "Sacrifice", "declare": "Declare", "build": "Build"}
PHASE["over"] = "Game over"
DOING = {"setup": "sets up a castle", "sacrifice": "may sacrifice a castle card"}
DOING |= {"declare": "declares: attack or build", "build": "builds"}
ATTACK = (232, 84, 70)
REDIRECT = (255, 186, 60)
MARKED = (226, 110, 92)


class SandcastlesDrawing:
    """Mixin of SandcastlesTable (which supplies the layout and the view being shown)."""

    small_images: Any = None

    def refresh_geometry(self) -> None:
        super().refresh_geometry()
        style = self.images.style
        small = self.small_images
        if small is None or small.width != self.small_w or small.style != style:
            self.small_images = images_for(self.small_w, style)
        self.small_h = self.small_images.height

    # -- cards in two sizes ----------------------------------------------------------------------
    def sprite_image(self, sprite) -> pygame.Surface:
        images = self.images_of(sprite.key)
        if sprite.face_up and sprite.card:
            return images.face(sprite.card)
        return images.back(sprite.back)

    @contextmanager
    def sized(self, key: str):
        """Draw as the shared canvas does, at the card size of `key`."""
        images = self.images_of(key)
        if images is self.images:
            yield
            return
        big = self.images, self.card_w, self.card_h
        self.images, self.card_w, self.card_h = images, images.width, images.height
        try:
            yield
        finally:
            self.images, self.card_w, self.card_h = big

    def draw_sprite(self, surface: pygame.Surface, sprite) -> None:
        with self.sized(sprite.key):
            super().draw_sprite(surface, sprite)

    def decorate(self, surface: pygame.Surface, sprite) -> None:
        super().decorate(surface, sprite)
        if sprite.card in self.marked:
            s = theme.ui_scale(self.app.size)
            img = ui.text("↻ Redraw", int(14 * s), theme.TEXT, True)
            box = img.get_rect().inflate(int(12 * s), int(4 * s))
            box.midbottom = (round(sprite.x) + self.card_w // 2, round(sprite.y) - int(3 * s))
            pygame.draw.rect(surface, MARKED, box, border_radius=box.h // 2)
            surface.blit(img, img.get_rect(center=box.center))

    def glows(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What lights up each frame: the shared glows but those of the places that accept the
        held card (they go in the resting layer: a castle has many) and of the gaps (only the
        open one shows, as a hole); the place under the held card."""
        accept = self.held.accept if self.held else set()
        out = [
            (pile, colour)
            for pile, colour in super().glows()
            if not pile.startswith("gap:") and not (pile in accept and colour == theme.ACCEPT)
        ]
        target = self.hover_target
        if self.held and target is not None and target.kind != "gap":
            out.append((target.id, theme.FOCUS))
        return out

    def draw_glows(self, surface: pygame.Surface, glows=None) -> None:
        for pile, colour in self.glows() if glows is None else glows:
            rect = self.pile_target_rect(pile)
            images = self.images if rect.w >= self.card_w else self.small_images
            pad = images.glow_pad
            surface.blit(images.glow(colour), (rect.x - pad, rect.y - pad))

    # -- per frame -------------------------------------------------------------------------------
    def draw_cards(self, surface: pygame.Surface) -> None:
        super().draw_cards(surface)
        self.draw_open_gap(surface)
        self.draw_arrows(surface, live=True)

    def draw_open_gap(self, surface: pygame.Surface) -> None:
        """The hole the held card would fill, and the castle's score with it there."""
        if self.open_gap is None or not self.held:
            return
        area = self.plan.area(self.viewer)
        xs = self.board_xs(self.viewer)
        s = theme.ui_scale(self.app.size)
        if xs:
            left = xs[self.open_gap - 1] + area.card_w if self.open_gap else xs[0] - area.card_w
            right = xs[self.open_gap] if self.open_gap < len(xs) else xs[-1] + 2 * area.card_w
            centre = (left + right) // 2
        else:
            centre = area.rect.centerx
        hole = pygame.Rect(0, area.board_y, area.card_w, area.card_h)
        hole.centerx = centre
        pygame.draw.rect(surface, theme.ACCEPT, hole, max(2, int(3 * s)), border_radius=8)
        values = [sandcastles.value(c["card"]) for c in self.shown["boards"][self.viewer]]
        before = sandcastles.score_board(values)
        values.insert(self.open_gap, sandcastles.value(self.held.pick.cards[0]))
        after = sandcastles.score_board(values)
        img = ui.text(f"Score {before} → {after}", int(17 * s), theme.TEXT_DARK, True)
        box = img.get_rect().inflate(int(16 * s), int(6 * s))
        box.midbottom = (centre, area.board_y - int(3 * s))
        pygame.draw.rect(surface, theme.ACCEPT, box, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))

    def arrow_anchor(self, key: str) -> tuple[float, float] | None:
        home = self.homes.get(key)
        if home is not None:
            return home.centerx, home.y + home.h * 0.15
        sprite = self.sprites.get(key)
        return None if sprite is None else (sprite.x + self.card_w / 2, sprite.y)

    def target_point(self, key: str) -> tuple[float, float] | None:
        if key.startswith("empty:"):
            slot = self.slot(key)
            return None if slot is None else slot.rect.center
        sprite = self.sprites.get(key)
        if sprite is None or not any(p.key == key and p.pile.startswith("b:") for p in self.placed):
            return None
        w = self.widths.get(key, self.card_w)
        return sprite.x + w / 2, sprite.y + w * 0.7

    def draw_arrows(self, surface: pygame.Surface, live: bool) -> None:
        """The arrows of declared attacks: those between resting cards in the resting layer
        (`live` False), those with a moving end (and the one of the held card) each frame."""
        v = self.shown
        moving = {s.key for s in self.in_flight()}
        arrows = v.get("arrows")
        if arrows is None:
            from game.table.sandcastles_show import arrows_of

            arrows = arrows_of(v)
        if self.held and self.hover_target is not None and self.hover_target.kind == "card":
            lead = self.sprites[self.held.codes[0]]
            seat, index = (int(n) for n in self.hover_target.id.split(":")[1:])
            key = v["boards"][seat][index]["id"]
            arrows = [*arrows, {"from": None, "to": key, "kind": "attack", "at": lead}]
        width = max(3, int(4 * theme.ui_scale(self.app.size)))
        for arrow in arrows:
            if live != bool(arrow.get("at") is not None or {arrow["from"], arrow["to"]} & moving):
                continue
            if arrow.get("at") is not None:
                a = (arrow["at"].x + self.card_w / 2, arrow["at"].y + self.card_h * 0.3)
            else:
                a = self.arrow_anchor(arrow["from"])
            b = self.target_point(arrow["to"])
            if a is None or b is None:
                continue
            colour = REDIRECT if arrow["kind"] == "redirect" else ATTACK
            now = arrow["from"] is not None and arrow["from"] == v.get("current")
            draw_arrow(surface, a, b, colour, width * 2 if now else width)

    # -- the static layer ------------------------------------------------------------------------
    def draw_static_extras(self, surface: pygame.Surface) -> None:
        s = theme.ui_scale(self.app.size)
        v = self.shown
        for seat in range(len(v["boards"])):
            self.draw_seat_words(surface, seat, s)
        self.draw_arrows(surface, live=False)
        self.draw_banner(surface, s)  # over the arrows: its words stay readable
        self.draw_stock(surface, s)
        for slot in self.slot_list:  # the small piles' outlines (the shared ones are large)
            small = slot.pile == "discard" or slot.pile.startswith("empty:")
            if small and not self.pile_cards(slot.pile):
                surface.blit(self.small_images.slot(None), slot.rect.topleft)
        if not v["boards"][self.viewer] and self.inserting():
            outline = self.images.slot("+")
            surface.blit(outline, outline.get_rect(center=self.gaps()[0].center))
        if self.held:
            accept = sorted(p for p in self.held.accept if not p.startswith("gap:"))
            self.draw_glows(surface, [(pile, theme.ACCEPT) for pile in accept])
        action = self.slot("action")
        if action is not None:
            self.draw_action(surface, action.rect, s)

    def draw_seat_words(self, surface: pygame.Surface, seat: int, s: float) -> None:
        area = self.plan.area(seat)
        if self.shown["current_player"] == seat and not self.frames:
            pygame.draw.rect(
                surface, theme.ACCENT, area.rect.inflate(4, 4), max(2, int(2 * s)), border_radius=12
            )
        size, words = self.seat_words(seat, s)
        for text, colour, bold, box, badge in words:
            if badge is not None:
                pygame.draw.rect(surface, badge, box, border_radius=box.h // 2)
            img = ui.text(text, size, colour, bold)
            surface.blit(img, img.get_rect(center=box.center))

    def seat_words(
        self, seat: int, s: float
    ) -> tuple[int, list[tuple[str, Any, bool, pygame.Rect, Any]]]:
        """The seat's label: its font size, and its words as (text, colour, bold, box, badge
        colour or None), left to right inside its area: the name, what it holds, and its standing
        (or place at the end) as a badge. Where the area is narrow (six seats in a small window)
        the name is cut first to leave room for the badge, what it holds is cut or left out, and
        only an area too narrow for the badge beside a letter of the name cuts the badge."""
        v = self.shown
        area = self.plan.area(seat)
        size = int((17 if area.big else 15) * s)
        name = self.seat_label(seat) + (" — your castle" if area.big else "")
        if not v["in"][seat]:
            when = v["out_round"][seat]
            held = f"out in round {when}" if when else "out"
        else:
            count = len(v["boards"][seat])
            score = v["scores"][seat]
            score = "castle hidden" if score is None else f"{score} point{'s' * (score != 1)}"
            held = f"{count} card{'s' * (count != 1)} · {score}"
        standing, place = v["standings"][seat], v["places"][seat]
        badge = None
        if place is not None:  # the game is over: places instead of standings
            word = f"★ {ordinal(place)}, winner" if place == 1 else ordinal(place)
            badge = (word, STANDING["lead" if place == 1 else "rest"][1])
        elif standing in STANDING and v["in"][seat]:
            badge = STANDING[standing]
        gap = int(12 * s)
        x, y = area.rect.x + int(8 * s), area.label_y
        right = area.rect.right - int(8 * s)
        badge_w = 0
        if badge is not None:
            badge_w = ui.text(badge[0], size, theme.TEXT_DARK, True).get_width() + size + gap
        words = []

        def put(text: str, colour: Any, bold: bool, fill: Any = None) -> None:
            nonlocal x
            box = ui.text(text, size, colour, bold).get_rect()
            if fill is not None:  # a badge: room round the word
                box.inflate_ip(size, size // 4)
            box.midleft = (x, y)
            words.append((text, colour, bold, box, fill))
            x = box.right + gap

        shown = ui.elide(name, size, max(0, right - x - badge_w), True)
        if shown:
            put(shown, theme.TEXT, True)
        short = ui.elide(held, size, max(0, right - x - badge_w))
        if short:
            put(short, theme.TEXT_DIM, False)
        if badge is not None:
            word = ui.elide(badge[0], size, max(0, right - x - size), True)
            if word:
                put(word, theme.TEXT_DARK, True, badge[1])
        return size, words

    def draw_banner(self, surface: pygame.Surface, s: float) -> None:
        v = self.shown
        centre = self.plan.centre
        phase = PHASE.get(v["phase"], v["phase"].title())
        head = f"Round {v['round']} · {phase}" if v["round"] else phase
        seat = v["current_player"]
        if self.frames:
            line, colour = self.caption, theme.ACCENT
        elif seat is None:
            line, colour = self.verdict(), theme.ACCENT
        else:
            who = self.seat_label(seat)
            line, colour = f"{who} {self.doing(seat)}", theme.TEXT_DIM
        lines = [ui.text(head, int(24 * s), theme.TEXT, True)]
        for part in ui.wrap(line, int(17 * s), centre.w - int(40 * s))[:2]:
            lines.append(ui.text(part, int(17 * s), colour, bool(self.frames)))
        width = max(img.get_width() for img in lines) + int(28 * s)
        height = sum(img.get_height() for img in lines) + int(12 * s)
        box = pygame.Rect(0, centre.y + int(2 * s), width, height)
        box.centerx = centre.centerx
        ui.panel(surface, box, alpha=110, radius=int(12 * s))
        top = box.y + int(6 * s)
        for img in lines:
            surface.blit(img, img.get_rect(midtop=(centre.centerx, top)))
            top += img.get_height()

    def doing(self, seat: int) -> str:
        """What the seat to act does now, in a few words."""
        phase = self.shown["phase"]
        if seat == self.viewer and self.my_move():
            if self.redrawing():
                return "— click cards to redraw, then the button"
            if self.inserting():
                return "— drag your cards into the gaps of your castle"
            if self.sacrificing():
                return "— drag a castle card to the discard pile, or keep it"
            if self.declaring():
                return "— drag each card onto a castle's card to attack, or onto Build"
        return DOING.get(phase, "acts")

    def draw_stock(self, surface: pygame.Surface, s: float) -> None:
        count = self.shown["stock_count"]
        rect = self.stock_rect
        img = ui.text(f"Stock {count}", int(13 * s), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midright=(rect.x - int(10 * s), rect.centery)))
        discard = self.discard_rect
        n = len(self.shown["discard"])
        img = ui.text(f"Discard {n}", int(13 * s), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midleft=(discard.right + int(10 * s), discard.centery)))

    def draw_action(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """The on-table button (Redraw / Keep); it is a slot, so the focus model reaches it."""
        pygame.draw.rect(surface, (44, 120, 80), rect, border_radius=rect.h // 3)
        pygame.draw.rect(surface, theme.TEXT, rect, 1, border_radius=rect.h // 3)
        ui.blit_centred(
            surface, ui.text(self.action_label(), int(16 * s), theme.TEXT, True), rect.center
        )


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
