"""Orchard gestures: what pressing, dragging and clicking the table's cards makes, as engine moves
(the engine decides legality), and the gesture that makes each legal move (scripted input and
hints replay it). While the player points or drags, `preview` says what would happen.
"""

from __future__ import annotations

from typing import Any

import pygame

from engines import orchard
from game import theme
from game.table.pieces import Gesture, Pick, Placement, Target

move = orchard.move_from_dict
GOOD, BAD = theme.ACCEPT, theme.WARN


def tail_sum(cards: list[str]) -> int:
    return sum(orchard.card_value(c) for c in cards)


def parse(pile: str) -> tuple[str, list[int]]:
    """ "br:1:2:0" → ("br", [1, 2, 0])."""
    kind, *rest = pile.split(":")
    return kind, [int(x) for x in rest if x.lstrip("-").isdigit()]


def target_move(seed: int, branch: int | None, count: int) -> Any:
    return move({"kind": "target", "seed": seed, "branch": branch, "count": count})


class OrchardInput:
    """Mixin of OrchardTable: gestures to moves and moves to gestures."""

    # -- gestures ---------------------------------------------------------------------------------
    def pick_at(self, p: Placement) -> Pick | str | None:
        kind, _ = parse(p.pile)
        if p.pile == "hand":
            return Pick("hand", p.index, (p.key,), (p.card,))
        if kind == "br":
            return super().pick_at(p)  # the tail from this card to the tip
        if kind == "hand":
            return "That is the other player's hand"
        return None  # a click

    def targets(self, pick: Pick) -> list[Target]:
        g = self.geo
        me = self.me
        if pick.src == "hand":
            out = [Target(f"plant:{me}", g.plant)] if g.plant is not None else []
            for i, spot in enumerate(g.seeds[me]):
                out.append(Target(f"seed:{me}:{i}", self.seed_rect(me, i)))
                out += [
                    Target(f"br:{me}:{i}:{b}", self.branch_rect(me, i, b))
                    for b in range(len(spot.branches))
                ]
            return out
        _, (seat, i, _b) = parse(pick.src)
        out = [Target("tray", g.tray)]
        if seat == me:
            out.append(Target("hand", self.slot("hand").rect))
            out.append(Target(f"seed:{me}:{i}", self.seed_rect(me, i)))
        return out

    def move_for(self, pick: Pick, target: Target) -> Any:
        kind, where = parse(target.id)
        if pick.src == "hand":
            card = pick.cards[0]
            if kind == "plant":
                return move({"kind": "plant", "card": card})
            if kind == "seed" and where[0] == self.me:
                branches = len(self.view["seeds"][self.me][where[1]]["branches"])
                return move({"kind": "grow", "card": card, "seed": where[1], "branch": branches})
            if kind == "br" and where[0] == self.me:
                return move({"kind": "grow", "card": card, "seed": where[1], "branch": where[2]})
            return None
        _, (seat, i, b) = parse(pick.src)
        if kind == "tray" and seat == self.me:
            return move({"kind": "attack", "seed": i, "branch": b, "count": pick.n})
        if kind == "tray":
            return target_move(i, b, pick.n)
        if kind == "hand":
            return move({"kind": "prune", "seed": i, "branch": b, "count": pick.n})
        if kind == "seed" and pick.index == 0:
            return move({"kind": "condense", "seed": i, "branch": b})
        return None

    def missed_drop_reason(self) -> str:
        if self.held and self.held.src != "hand":
            return "Drop a tail on your hand to prune it or on the tray to capture; a branch's first card condenses onto its seed"
        return "Drop the card on the + slot to plant it, on a seed for a new branch, or on a branch"

    def drop_target(self) -> Target | None:
        """The target under the pointer (seeds and branches lie close together), else the one the
        held cards overlap most."""
        lead = self.sprites[self.held.codes[0]]
        point = (lead.x + self.held.grab[0], lead.y + self.held.grab[1])
        under = [t for t in self.held.targets if t.rect.collidepoint(point)]
        under.sort(key=lambda t: t.id not in self.held.accept)
        return under[0] if under else super().drop_target()

    def click(self, pile: str, index: int | None, double: bool) -> bool:
        if self.tray.click(pile, index):
            return True
        kind, where = parse(pile)
        if kind not in ("br", "seed", "hand", "plant"):
            return False
        blocked = self.why_not_now()
        if blocked:
            self.app.toasts.show(blocked, colour=theme.WARN)
            return False
        if kind == "br" and index is not None:
            seat, i, b = where
            count = len(self.view["seeds"][seat][i]["branches"][b]) - index
            if seat == self.me:
                return self.try_move(
                    move({"kind": "attack", "seed": i, "branch": b, "count": count})
                )
            return self.try_move(target_move(i, b, count))
        if kind == "seed" and where[0] != self.me:
            return self.try_move(target_move(where[1], None, 0))
        hints = {
            "seed": "Drag a hand card onto a seed to start a branch, or a branch's first card to condense",
            "hand": "Drag the card to the + slot to plant it, or onto your seeds and branches",
            "plant": "Drag a hand card (not J, Q, K or A) here to plant it as a new seed",
        }
        self.app.toasts.show(hints[kind])
        return False

    def keyboard_pick(self, pile: str) -> bool:
        """Enter on the hand lifts its last card that can go somewhere (not a face card that
        only the seed slot was left for); Up and Down then walk along the hand."""
        if pile != "hand":
            return super().keyboard_pick(pile)
        for p in reversed(self.pile_cards("hand")):
            if self.hold(p, (0, 0), True, quiet=True) is not None:
                return self.keyboard_lift(p)
        return False

    def repeat_clicks(self, pile: str) -> bool:
        """Every click counts: Orchard gives double-clicks no meaning, and a tail taken by one
        click may leave another branch under the same place for the next."""
        return True

    def focus_order(self) -> list[str]:
        me, other = self.me, 1 - self.me
        order = ["hand"] if self.view["hands"][me] else []
        order += [s.pile for s in self.slot_list if s.pile.startswith("plant:")]
        for seat in (me, other):
            order += [
                s.pile
                for s in self.slot_list
                if parse(s.pile)[0] in ("seed", "br") and parse(s.pile)[1][0] == seat
            ]
            if seat == me:
                order.append("tray")
        return order + self.tray.focus_piles()

    def glows(self) -> list[tuple[str, tuple[int, int, int]]]:
        return [(pile, colour) for pile, colour in super().glows() if not self.tray.owns(pile)]

    def gesture_for(self, m: Any) -> Gesture | None:
        """The drag or click that makes `m`; None when the table has no place for it (a seed or
        branch that is not there, a card not in hand, a button that is greyed out)."""
        d = m.to_dict()
        kind = d["kind"]
        if not self.my_move():
            return None
        if kind in ("pass", "done", "cancel"):
            button = self.action_buttons[kind]
            return Gesture(button.rect.center) if button.enabled() else None
        if kind == "meld":
            return self.tray.gesture_for(d["cards"])
        me = self.me
        seat = 1 - me if kind == "target" else me
        seeds = self.view["seeds"][seat]
        i = d.get("seed")
        if kind != "plant" and not (isinstance(i, int) and 0 <= i < len(seeds)):
            return None
        if kind in ("plant", "grow"):
            return self.hand_gesture(d)
        if kind == "target" and d["branch"] is None:
            return Gesture(self.hot_point(self.seed_rect(seat, i)))
        b = d["branch"]
        if not (isinstance(b, int) and 0 <= b < len(seeds[i]["branches"])):
            return None
        pile = f"br:{seat}:{i}:{b}"
        if kind == "condense":
            return Gesture(self.card_point(pile, 0), self.hot_point(self.seed_rect(me, i)))
        count = d["count"]
        if not (isinstance(count, int) and 1 <= count <= len(seeds[i]["branches"][b])):
            return None
        start = self.card_point(pile, len(self.pile_cards(pile)) - count)
        if kind == "prune":
            hand = self.geo.hands[me].rect
            return Gesture(start, (hand.right - 4, hand.centery))
        return Gesture(start)  # attack and target: a click on the tail's first card

    def hand_gesture(self, d: dict[str, Any]) -> Gesture | None:
        """Plant and grow: a hand card dragged to the empty slot, a seed or a branch."""
        hand = self.view["hands"][self.me]
        if d["card"] not in hand:
            return None
        start = self.card_point("hand", hand.index(d["card"]))
        if d["kind"] == "plant":
            return Gesture(start, self.geo.plant.center) if self.geo.plant else None
        i, b = d["seed"], d["branch"]
        branches = self.view["seeds"][self.me][i]["branches"]
        if b == len(branches):
            return Gesture(start, self.hot_point(self.seed_rect(self.me, i)))
        if isinstance(b, int) and 0 <= b < len(branches):
            return Gesture(start, self.hot_point(self.branch_rect(self.me, i, b)))
        return None

    @staticmethod
    def hot_point(rect: pygame.Rect) -> tuple[int, int]:
        """Where a scripted drop aims inside a target: the middle of its top part."""
        return (rect.centerx, rect.y + min(rect.h // 2, 12))

    # -- hover: what a drop or a click would do ---------------------------------------------------
    def on_motion(self, event: pygame.event.Event) -> None:
        super().on_motion(event)
        if event.pos != self.pointer:
            self.pointer = event.pos

    def preview(self) -> tuple[str, tuple[int, int, int], pygame.Rect] | None:
        """A label for what happens here: the branch total a held card would make, the tail a
        click would attack with or take (green when the engine allows it, red with its reason)."""
        if self.held and self.held.src == "hand" and self.hover_target is not None:
            return self.grow_preview(self.held.pick.cards[0], self.hover_target)
        if self.held or not self.my_move() or self.view["phase"] not in ("play", "capture"):
            return None
        p = self.hit(self.pointer)
        if p is None:
            return None
        kind, where = parse(p.pile)
        if kind == "seed" and where[0] != self.me and self.view["phase"] == "capture":
            m = target_move(where[1], None, 0)
            seed = self.view["seeds"][where[0]][where[1]]
            return self.judged(m, f"take this seed ({seed['value']})", self.seed_rect(*where))
        if kind != "br":
            return None
        seat, i, b = where
        cards = self.view["seeds"][seat][i]["branches"][b][p.index :]
        tail = self.tail_rect(p.pile, p.index)
        if seat == self.me:
            total = (self.pending or {}).get("attack_sum", 0) + tail_sum(cards)
            m = move({"kind": "attack", "seed": i, "branch": b, "count": len(cards)})
            return self.judged(m, f"attack with {tail_sum(cards)} → {total}", tail)
        if self.view["phase"] != "capture":
            return None
        m = target_move(i, b, len(cards))
        return self.judged(m, f"take {tail_sum(cards)} < {self.pending['attack_sum']}", tail)

    def judged(self, m: Any, label: str, rect: pygame.Rect):
        reason = self.state.check(m)
        return (label, GOOD, rect) if reason is None else (reason, BAD, rect)

    def grow_preview(self, card: str, target: Target):
        kind, where = parse(target.id)
        if kind == "plant":
            return (f"new seed: {orchard.card_value(card)}", GOOD, target.rect)
        if kind not in ("seed", "br"):
            return None
        seed = self.view["seeds"][where[0]][where[1]]
        total = orchard.card_value(card) + (seed["totals"][where[2]] if kind == "br" else 0)
        colour = GOOD if total <= seed["value"] and target.id in self.held.accept else BAD
        return (f"branch {total} / {seed['value']}", colour, target.rect)

    def tail_rect(self, pile: str, index: int) -> pygame.Rect:
        cards = self.pile_cards(pile)[index:]
        top, last = cards[0], cards[-1]
        return pygame.Rect(top.x, top.y, self.card_w, last.y + self.card_h - top.y)
