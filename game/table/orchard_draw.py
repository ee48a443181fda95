"""Orchard drawing that changes only with the position (labels, values and totals, the band and
its banner, in the cached layer) and what follows the pointer each frame (capture targets lit
green, the preview of a drop or a click)."""

from __future__ import annotations

import pygame

from engines import orchard
from game import theme, ui
from game.table.orchard_input import GOOD

NAMES = ("Player 1", "Player 2")
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
