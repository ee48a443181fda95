"""Orchard drawing that changes only with the position (labels, values and totals, the band and
its banner, in the cached layer) and what follows the pointer each frame (capture targets lit
green, the preview of a drop or a click)."""

from __future__ import annotations

import pygame

from engines import orchard
from game import theme, ui
from game.table.hands import index_corner
from game.table.orchard_input import GOOD

NAMES = ("Player 1", "Player 2")
BADGE_PT = 12  # the text size of the value and total badges (before the window's scale)
SEED_BLUE, FULL_GOLD, BRANCH_GREEN = (60, 90, 150), (150, 110, 40), (45, 110, 70)
Badge = tuple[str, tuple[int, int], tuple[int, int, int], str]  # text, where, colour, anchor
HELP = {
    "play": "plant, grow, condense, capture or prune — or pass",
    "grow": "place more cards, then Done",
    "condense": "more first cards onto this seed, then Done",
    "capture": "add tails, or click a target worth less",
    "meld": "set melds aside from the taken cards, then Done",
}


class OrchardDrawing:
    """Mixin of OrchardTable: the badges, labels and band, and the per-frame overlays."""

    # -- drawing ----------------------------------------------------------------------------------
    def stock_lift(self, i: int) -> int:
        """How far up and right the stock's i-th card lies from its first: the stack's thickness."""
        return (max(i, 0) // 6) * max(1, int(self.card_h * 0.004))

    def draw_static_extras(self, surface: pygame.Surface) -> None:
        s = theme.ui_scale(self.app.size)
        for seat in (0, 1):
            self.draw_side_labels(surface, seat, s)
            self.draw_badges(surface, seat, s)
        self.draw_hand_count(surface, s)
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
        info = f"melds {melds} · seeds captured {captured} · score {v['scores'][seat]}"
        if seat == self.me:  # the other hand's count is its own label, above its cards
            info += f" · {len(v['hands'][seat])} in hand"
        img = ui.text(info, int(14 * s), theme.TEXT_DIM)
        surface.blit(
            img,
            (
                g.margin + left.get_width() + int(12 * s),
                side.y + (left.get_height() - img.get_height()) // 2,
            ),
        )

    def draw_hand_count(self, surface: pygame.Surface, s: float) -> None:
        """How many cards the other player holds, above its backs (they overlap too much to
        count)."""
        other = 1 - self.me
        n = len(self.view["hands"][other])
        words = f"{n} card{'s' * (n != 1)}" if n else "no cards"
        img = ui.text(words, int(14 * s), theme.TEXT_DIM)
        right = self.geo.hands[other].rect.right
        mid = self.geo.sides[other].y + self.geo.text // 2
        surface.blit(img, img.get_rect(midright=(right, mid)))

    def draw_badges(self, surface: pygame.Surface, seat: int, s: float) -> None:
        for text, at, colour, anchor in self.badges(seat, s):
            badge(surface, text, at, int(BADGE_PT * s), colour, anchor)

    def badges(self, seat: int, s: float) -> list[Badge]:
        """Each seed's value on its top card; each branch's total out of its limit straddling
        the foot of its tip, on the part of the chain that shows."""
        size = int(BADGE_PT * s)
        out = []
        for seed, spot in zip(self.view["seeds"][seat], self.geo.seeds[seat], strict=True):
            x, y = spot.cards[-1]
            out.append((str(seed["value"]), (x + self.card_w - 2, y + 2), SEED_BLUE, "topright"))
            for total, chain in zip(seed["totals"], spot.branches, strict=True):
                bx, by = chain[-1]
                colour = FULL_GOLD if total == seed["value"] else BRANCH_GREEN
                at = (bx + 1, by + self.card_h + size // 2)
                out.append((f"{total}/{seed['value']}", at, colour, "bottomleft"))
        return out

    def draw_band(self, surface: pygame.Surface, s: float) -> None:
        """The middle band: stock and discard labels, and the banner: whose turn, what phase."""
        g, v = self.geo, self.view
        small = int(13 * s)
        label_y = g.stock.y - g.text
        stock_y = label_y - self.stock_lift(v["stock_count"] - 1)  # above the whole stack
        surface.blit(
            ui.text(f"Stock {v['stock_count']}", small, theme.TEXT_DIM), (g.stock.x, stock_y)
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
            box = self.tag_place(badge_box(text, int(14 * s)), rect, s)
            badge(surface, text, box.center, int(14 * s), colour, "center", dark=True)

    def tag_place(self, box: pygame.Rect, rect: pygame.Rect, s: float) -> pygame.Rect:
        """Where a tag about `rect` goes: centred above or below it (past the tip's badge), else
        slid a little sideways, else beside it; the first that covers no card's index nor a
        badge, or failing that the one that covers least of them."""
        keep = [
            index_corner(round(sp.x), round(sp.y), self.card_w, self.card_h)
            for sp in self.sprites.values()
            if sp.face_up
        ]
        size = int(BADGE_PT * s)
        for seat in (0, 1):
            keep += [
                badge_box(text, size, at, anchor) for text, at, _, anchor in self.badges(seat, s)
            ]
        area = self.play_area()
        spots = [spot.clamp(area) for spot in tag_spots(box, rect, size // 2 + 4, self.card_w)]
        return min(spots, key=lambda spot: covered(spot, keep))

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


def tag_spots(box: pygame.Rect, rect: pygame.Rect, drop: int, cw: int) -> list[pygame.Rect]:
    """Places for a tag about `rect`, best first: above it and `drop` below it, centred, then
    slid sideways by quarter card widths up to one and a half; then right and left of it."""
    spots = []
    for k in range(13):
        dx = (k + 1) // 2 * (cw // 4) * (1 if k % 2 else -1)
        spots.append(moved(box, "midbottom", (rect.centerx + dx, rect.y - 4)))
        spots.append(moved(box, "midtop", (rect.centerx + dx, rect.bottom + drop)))
    return [
        *spots,
        moved(box, "topleft", (rect.right + 4, rect.y)),
        moved(box, "topright", (rect.x - 4, rect.y)),
    ]


def moved(box: pygame.Rect, anchor: str, at: tuple[int, int]) -> pygame.Rect:
    """A copy of `box` with its `anchor` point at `at`."""
    out = box.copy()
    setattr(out, anchor, at)
    return out


def covered(box: pygame.Rect, corners: list[pygame.Rect]) -> int:
    """How much of the `corners` the `box` covers, in pixels."""
    return sum(part.w * part.h for part in (box.clip(corner) for corner in corners))


def badge_box(
    text: str, size: int, at: tuple[int, int] = (0, 0), anchor: str = "topleft"
) -> pygame.Rect:
    """The pill a badge of `text` fills, its `anchor` point at `at`."""
    img = ui.text(text, size, theme.TEXT, bold=True)
    return moved(img.get_rect().inflate(int(size * 0.45), int(size * 0.2)), anchor, at)


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
    box = badge_box(text, size, at, anchor)
    fill = theme.PANEL if dark else colour
    pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
    if dark:
        pygame.draw.rect(surface, colour, box, 2, border_radius=box.h // 2)
    surface.blit(img, img.get_rect(center=box.center))
