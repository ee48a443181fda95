"""Sandcastles input: what each press picks up, where it may go, the move it makes, the keys, and
the gesture a scripted player uses for every move. Mixin of SandcastlesTable; legality is always
`state.check`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.table.pieces import Gesture, Pick, Placement, Target

MARK_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)


class SandcastlesInput:
    """Mixin of SandcastlesTable (which supplies the layout, the view shown and the phases)."""

    def pick_at(self, p: Placement) -> Pick | str | None:
        pile = p.pile
        if pile.startswith(("hand:", "build:")):
            return Pick(pile, 0, (p.key,), (p.card,))
        if pile.startswith(f"b:{self.viewer}:"):
            if self.sacrificing():
                return Pick(pile, int(pile.rsplit(":", 1)[1]), (p.key,), (p.card,))
            return "The cards of your castle stay where they are built"
        if pile.startswith("b:") and self.declaring():
            return "Drag a card from your hand onto this card to attack it"
        return None

    def targets(self, pick: Pick) -> list[Target]:
        if pick.src.startswith("b:"):
            return [Target("discard", self.rects["discard"])]
        if self.inserting() or self.redrawing():  # (a card dragged before the redraw is refused)
            return [Target(f"gap:{i}", r, "gap", i) for i, r in enumerate(self.gaps())]
        out = [Target("buildzone", self.build_rect)]
        v = self.shown
        for seat, board in enumerate(v["boards"]):
            if seat == self.viewer or not v["in"][seat]:
                continue
            for i in range(len(board)):
                out.append(Target(f"b:{seat}:{i}", self.rects[f"b:{seat}:{i}"], "card", i))
            if not board:
                out.append(Target(f"empty:{seat}", self.slot(f"empty:{seat}").rect))
        return out

    def move_for(self, pick: Pick, target: Target) -> Any:
        card = pick.cards[0]
        kind, _, rest = target.id.partition(":")
        if kind == "gap":
            d = {"kind": "insert", "card": card, "index": int(rest)}
        elif kind == "buildzone":
            d = {"kind": "build", "card": card}
        elif kind == "b":
            seat, index = rest.split(":")
            d = {"kind": "attack", "card": card, "seat": int(seat), "index": int(index)}
        elif kind == "empty":
            d = {"kind": "attack", "card": card, "seat": int(rest), "index": None}
        elif kind == "discard":
            d = {"kind": "sacrifice", "index": pick.index}
        else:
            return None
        return self.game.move_from_dict(d)

    def drop_target(self) -> Target | None:
        """The target under the pointer (castle cards and gaps are narrow), else the one the
        held card overlaps most."""
        lead = self.sprites[self.held.codes[0]]
        point = (lead.x + self.held.grab[0], lead.y + self.held.grab[1])
        under = [t for t in self.held.targets if t.rect.collidepoint(point)]
        if under:
            return max(under, key=lambda t: t.id in self.held.accept)
        return super().drop_target()

    def hover_changed(self) -> None:
        target = self.hover_target
        gap = target.index if target is not None and target.kind == "gap" else None
        if gap != self.open_gap:
            self.open_gap = gap
            self.sync()

    def let_go(self) -> None:
        super().let_go()
        self.open_gap = None

    def missed_drop_reason(self) -> str:
        if self.inserting():
            return "Drop the card into a gap of your castle"
        if self.sacrificing():
            return "Drop the card on the discard pile to sacrifice it"
        return "Drop the card on another castle's card to attack it, or on Build"

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        if pile == "action":
            return self.act()
        if pile.startswith("hand:") and self.redrawing():
            return self.toggle_mark(int(pile.split(":")[1]))
        if pile.startswith("hand:") and self.declaring():
            self.app.toasts.show("Drag the card onto another castle's card, or onto Build")
        return False

    def toggle_mark(self, i: int) -> bool:
        hand = self.view["hands"][self.viewer]
        if not self.redrawing() or i >= len(hand):
            return False
        self.marked ^= {hand[i]["card"]}
        self.sync()
        return True

    def act(self) -> bool:
        """The on-table button: redraw the marked cards (or none), or keep the castle."""
        if self.redrawing():
            cards = [c["card"] for c in self.view["hands"][self.viewer] if c["card"] in self.marked]
            return self.try_move(self.game.move_from_dict({"kind": "redraw", "cards": cards}))
        if self.my_move() and "keep" in self.legal_kinds():
            return self.try_move(self.game.move_from_dict({"kind": "keep"}))
        return False

    def on_key(self, event: pygame.event.Event) -> None:
        if self.frames and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE):
            self.skip_attacks()
        else:
            super().on_key(event)

    def handle_pointer(self, event: pygame.event.Event) -> bool:
        if self.frames and event.type == pygame.MOUSEBUTTONDOWN:
            self.skip_attacks()
            return True
        return super().handle_pointer(event)

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        keys = {**super().shortcuts(), pygame.K_d: self.act, pygame.K_k: self.act}
        for i, key in enumerate(MARK_KEYS):
            keys[key] = lambda i=i: self.toggle_mark(i)
        return keys

    def focus_order(self) -> list[str]:
        piles = [s.pile for s in self.slot_list]
        mine = [f"hand:{i}" for i in range(len(self.shown["hands"][self.viewer]))]
        mine += sorted({p.pile for p in self.placed if p.pile.startswith("build:")})
        if self.sacrificing():
            mine += [f"b:{self.viewer}:{i}" for i in range(len(self.shown["boards"][self.viewer]))]
            return [*mine, "discard", "action"]
        order = mine + [p for p in piles if p.startswith(("gap:", "buildzone", "empty:", "action"))]
        if self.declaring():
            order += [
                p.pile
                for p in self.placed
                if p.pile.startswith("b:") and not p.pile.startswith(f"b:{self.viewer}:")
            ]
        return order

    def gesture_for(self, move: Any) -> Gesture | None:
        d = move.to_dict()
        kind = d["kind"]
        if not self.my_move():
            return None
        if kind == "redraw":
            hand = [c["card"] for c in self.view["hands"][self.viewer]]
            flips = (set(d["cards"]) ^ self.marked) & set(hand)
            keys = tuple(MARK_KEYS[hand.index(c)] for c in sorted(flips, key=hand.index))
            return Gesture(self.point_of("action"), None, keys)
        if kind == "keep":
            return Gesture(self.point_of("action"))
        if kind == "sacrifice":
            src, dst = f"b:{self.viewer}:{d['index']}", "discard"
        else:
            src = next(
                (
                    p.pile
                    for p in self.placed
                    if p.card == d["card"] and p.pile.startswith(("hand:", "build:"))
                ),
                None,
            )
            if src is None:
                return None
            dst = {
                "insert": f"gap:{d.get('index')}",
                "build": "buildzone",
                "attack": f"b:{d.get('seat')}:{d.get('index')}"
                if d.get("index") is not None
                else f"empty:{d.get('seat')}",
            }[kind]
        pick = self.pick_at(self.top_placement(src))
        if not isinstance(pick, Pick):
            return None
        target = next((t for t in self.targets(pick) if t.id == dst), None)
        if target is None or self.move_for(pick, target) != move:
            return None
        return Gesture(self.point_of(src), target.rect.center)
