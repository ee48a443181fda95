"""The Orchard capture tray, in the band between the two sides: the attackers picked so far, and
once a target is taken the removed cards, the melds already set aside from them and chips for the
legal melds among them (best first; 1–9 on the keyboard). Clicking removed cards picks them for a
meld of your own choice ("Set aside the picked cards"); the engine says why one is refused.
Once the game is over it asks for nothing: it shows how each side's total was counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from engines import orchard
from engines.cards import pretty
from game import theme, ui
from game.table.pieces import Gesture, Placement, Slot

if TYPE_CHECKING:
    from game.table.orchard import OrchardTable

PICKED = "chip:picked"
CARD_STEP = 0.42  # tray cards of one group, fanned, in card widths
GROUP_GAP = 0.3  # between groups (one attacker's tail, one meld), in card widths


class MeldTray:
    def __init__(self, table: OrchardTable) -> None:
        self.table = table
        self.picked: set[str] = set()  # removed cards clicked for a meld of the player's choice
        self.spots: list[Placement] = []
        self.chips: list[
            tuple[str, list[str] | None, pygame.Rect, str]
        ] = []  # pile, cards, rect, text
        self.labels: list[tuple[str, int, int]] = []  # text over a group, its x and y

    def forget(self) -> None:
        self.picked.clear()

    @property
    def pending(self) -> dict[str, Any] | None:
        return self.table.view["pending"]

    def melding(self) -> bool:
        return self.table.view["phase"] == "meld" and self.table.my_move()

    def groups(self) -> list[tuple[str, str, list[str]]]:
        """(pile, label, cards) per group of tray cards, left to right."""
        p = self.pending
        if not p or p["kind"] != "capture":
            return []
        if p["target"] is None:
            return [("tray", f"+{sum_of(a['cards'])}", a["cards"]) for a in p["attackers"]]
        out = [("tray", "taken", p["removed"])] if p["removed"] else []
        out += [("traykept", f"meld {orchard.meld_score(m)}", m) for m in p["melds"]]
        if p["target"]["branch"] is None:
            out.append(("traykept", "seed +30", p["target"]["cards"]))
        return out

    # -- layout -------------------------------------------------------------------------------------
    def layout(self) -> None:
        t = self.table
        g = t.geo
        cw, ch = g.card_w, round(g.card_w * 1.4)
        groups = self.groups()
        cards = sum(len(c) for _, _, c in groups)
        room = g.tray.w * (0.55 if self.melding() else 1.0) - cw
        step = int(cw * CARD_STEP)
        gap = int(cw * GROUP_GAP)
        spread = (cards - 1) * step + gap * max(0, len(groups) - 1)
        if cards > 1 and spread > room:
            step = max(3, int((room - gap * (len(groups) - 1)) / (cards - 1)))
        self.spots, self.labels = [], []
        x = g.tray.x + gap
        indices: dict[str, int] = {}
        for pile, label, group in groups:
            self.labels.append((label, x, g.tray.y - g.text))
            for code in group:
                index = indices.get(pile, 0)
                indices[pile] = index + 1
                self.spots.append(Placement(code, code, pile, index, x, g.tray.y, True))
                x += step
            x += cw - step + gap
        self.layout_chips(x, ch)

    def layout_chips(self, x: int, ch: int) -> None:
        """Chips for the legal melds among the removed cards, in columns right of the cards."""
        self.chips = []
        if not self.melding():
            return
        t = self.table
        g = t.geo
        s = theme.ui_scale(t.app.size)
        size = int(14 * s)
        h = int(24 * s)
        wanted: list[tuple[list[str] | None, str]] = []
        if self.picked:
            wanted.append((None, f"Set aside the {len(self.picked)} picked"))
        for meld in self.suggestions():
            wanted.append(
                (meld, f"{' '.join(pretty(c) for c in meld)}  +{orchard.meld_score(meld)}")
            )
        y = g.tray.y
        column_w = 0
        for k, (meld, text) in enumerate(wanted):
            w = ui.text(text, size, theme.TEXT, True).get_width() + int(16 * s)
            if y + h > g.tray.y + ch:
                x, y, column_w = x + column_w + int(6 * s), g.tray.y, 0
            if x + w > g.tray.right:
                break
            pile = PICKED if meld is None else f"chip:{k - bool(self.picked)}"
            self.chips.append((pile, meld, pygame.Rect(x, y, w, h), text))
            column_w = max(column_w, w)
            y += h + int(4 * s)

    def suggestions(self) -> list[list[str]]:
        """The legal melds among the removed cards, best first."""
        removed = self.pending["removed"]
        melds = [list(m) for m in orchard.legal_melds(removed)]
        order = {c: i for i, c in enumerate(removed)}
        melds = [sorted(m, key=order.__getitem__) for m in melds]
        return sorted(melds, key=lambda m: (-(orchard.meld_score(m) or 0), -len(m), m))

    def placements(self) -> list[Placement]:
        return list(self.spots)

    def slots(self) -> list[Slot]:
        return [Slot(pile, rect, show_outline=False) for pile, _, rect, _ in self.chips]

    def owns(self, pile: str) -> bool:
        return pile.startswith("chip:")

    def focus_piles(self) -> list[str]:
        return [pile for pile, *_ in self.chips]

    # -- input ----------------------------------------------------------------------------------------
    def click(self, pile: str, index: int | None) -> bool:
        """A removed card picked or put back, or a chip's meld set aside; True if it was the tray's."""
        if pile == "tray" and index is not None and self.melding():
            code = self.pending["removed"][index]
            self.picked.symmetric_difference_update({code})
            self.table.sync(animate=False)
            return True
        chip = next((c for c in self.chips if c[0] == pile), None)
        if chip is None:
            return False
        cards = chip[1]
        if cards is None:
            cards = [c for c in self.pending["removed"] if c in self.picked]
        return self.table.try_move(orchard.move_from_dict({"kind": "meld", "cards": cards}))

    def gesture_for(self, cards: list[str]) -> Gesture | None:
        for _pile, meld, rect, _ in self.chips:
            if meld is not None and sorted(meld) == sorted(cards):
                return Gesture(rect.center)
        return None

    def shortcuts(self) -> dict[int, Any]:
        keys = {}
        chips = [c for c in self.chips if c[1] is not None]
        for k, (pile, _meld, _rect, _text) in enumerate(chips[:9]):
            keys[pygame.K_1 + k] = lambda pile=pile: self.click(pile, None)
        return keys

    # -- drawing --------------------------------------------------------------------------------------
    def draw_static(self, surface: pygame.Surface, s: float) -> None:
        t = self.table
        g = t.geo
        outline = g.tray.inflate(int(8 * s), int(8 * s))
        pygame.draw.rect(surface, (255, 255, 255), outline, 1, border_radius=int(8 * s))
        small = int(13 * s)
        if self.over():
            self.draw_end(surface, s)
            return
        title = self.title()
        img = ui.text(title, small, theme.TEXT_DIM)
        if not self.spots:
            ui.blit_centred(surface, img, g.tray.center)
        else:
            right = max((x for _, x, _ in self.labels), default=g.tray.x)
            x = max(right + int(60 * s), g.tray.centerx)
            # It ends inside the tray: beyond it lies the banner.
            surface.blit(img, (min(x, g.tray.right - img.get_width()), g.tray.y - g.text))
        for label, x, y in self.labels:
            surface.blit(ui.text(label, small, theme.ACCENT, True), (x, y))
        for p in self.spots:
            if p.card in self.picked:
                rect = pygame.Rect(p.x, p.y, t.card_w, t.card_h).inflate(4, 4)
                pygame.draw.rect(surface, theme.FOCUS, rect, 3, border_radius=t.card_w // 10)
        for pile, _meld, rect, text in self.chips:
            fill = (52, 92, 140) if pile == PICKED else (44, 104, 72)
            pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
            ui.blit_centred(surface, ui.text(text, int(14 * s), theme.TEXT, True), rect.center)

    def over(self) -> bool:
        return self.table.view["current_player"] is None

    def draw_end(self, surface: pygame.Surface, s: float) -> None:
        """Once the game is over: how each side's total was counted, centred in the tray (the
        title alone where those lines do not fit)."""
        tray = self.table.geo.tray
        small = int(13 * s)
        room = tray.w - int(16 * s)
        lines = [(self.title(), theme.TEXT_DIM)]
        counts = self.end_lines()
        if all(ui.text(c, small, theme.TEXT).get_width() <= room for c in counts):
            lines = [("Game over — the final count", theme.TEXT_DIM)]
            lines += [(c, theme.TEXT) for c in counts]
        imgs = [ui.text(ui.elide(text, small, room), small, colour) for text, colour in lines]
        gap = int(4 * s)
        y = tray.centery - (sum(i.get_height() for i in imgs) + gap * (len(imgs) - 1)) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(tray.centerx, y)))
            y += img.get_height() + gap

    def end_lines(self) -> list[str]:
        """Each side's total as the view's final counts it (the Results dialog's sums)."""
        finals = self.table.view["final"] or []
        return [
            f"{self.table.seat_name(seat)}: {final_count(f)} = {f['score']}"
            for seat, f in enumerate(finals)
        ]

    def title(self) -> str:
        if self.over():
            return "Game over — Results shows melds and penalties"
        p = self.pending
        if not self.table.my_move():  # the other side's turn, or a computer's
            mover = self.table.seat_name(self.table.view["current_player"])
            if p and p["kind"] == "capture":
                return f"{mover} is capturing: attackers total {p['attack_sum']}"
            return f"{mover} to move"
        if p is None:
            return self.capture_prompt()
        if p["kind"] in ("grow", "condense"):
            doing = "growing" if p["kind"] == "grow" else "condensing"
            return f"No capture this turn: you are {doing} (Cancel to choose again)"
        if p["target"] is None:
            return f"Attackers total {p['attack_sum']}: click a target worth less"
        if self.melding() and not self.chips:
            return "No meld among the taken cards: Done sends them to the discard pile"
        if self.melding():
            return "Click melds to set aside (or pick cards), then Done"
        return "Setting melds aside"

    def capture_prompt(self) -> str:
        """What the tray offers on the viewer's move before a capture: the way to start one, or
        what is missing for it (branches to attack with, seeds to attack)."""
        seeds = self.table.view["seeds"]
        me = self.table.me
        if not seeds[me]:
            return "Capture: plant a seed and grow a branch on it to attack with"
        if not any(seed["branches"] for seed in seeds[me]):
            return "Capture: grow a branch on a seed of yours to attack with"
        if not seeds[1 - me]:
            return "Capture: the other side has no seed to attack yet"
        return "Capture: click your branch tails to attack"

    def draw_focus(self, surface: pygame.Surface) -> None:
        t = self.table
        order = t.focus_order()
        if t.focus is None or t.focus >= len(order) or not self.owns(order[t.focus]):
            return
        chip = next((c for c in self.chips if c[0] == order[t.focus]), None)
        if chip:
            pygame.draw.rect(
                surface, theme.FOCUS, chip[2].inflate(6, 6), 3, border_radius=chip[2].h
            )


def sum_of(cards: list[str]) -> int:
    return sum(orchard.card_value(c) for c in cards)


def final_count(final: dict[str, Any]) -> str:
    """How a side's final score is made, from one entry of the view's `final`."""
    seeds = f"{final['captured']} seed{'s' * (final['captured'] != 1)}"
    return (
        f"melds {final['meld_points']} + {seeds} × {orchard.CAPTURED_SEED_POINTS}"
        f" − {final['penalty']} unmelded"
    )
