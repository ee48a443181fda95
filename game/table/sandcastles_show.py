"""The attacks of a Sandcastles round, step by step, as a person can follow them.

The engine resolves every attack of a round inside one `apply`; its `state.events` say what each
step did. `attack_frames` replays those events on the position the viewer saw just before (the
previous state's view, plus the declaration that ended the round), giving one view-shaped frame
per step: the attacking card turned up, the card it strikes, each card that falls to the discard
pile, each redirect. Only public facts go in (the events are public), so a frame shows nothing
the viewer's own view would not.

A frame is the view's dict plus `arrows` (from a declaration's card to the card it aims at) and
`strikes` (declaration key → the board card it lies on while it strikes) and `current` (the
attacking card whose chain is being shown).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from engines.cards import pretty

Frame = tuple[dict[str, Any], str, float]  # (the frame, its caption, seconds at normal speed)

SECONDS = {"reveal": 0.8, "strike": 0.7, "hit": 0.8, "redirect": 0.9, "no_effect": 0.9}
SECONDS.update({"lose": 1.1, "spent": 0.35, "start": 0.6})


def arrows_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The declared attacks of the round still to resolve: one arrow each, from the attacking
    card to the card it names (or to the empty board it names)."""
    out = []
    for decl in view["declarations"]:
        if decl["kind"] != "attack" or decl.get("spent") or not decl["id"]:
            continue
        seat, index = decl["target_seat"], decl["target_index"]
        board = view["boards"][seat]
        to = board[index]["id"] if index is not None and index < len(board) else f"empty:{seat}"
        out.append({"from": decl["id"], "to": to, "kind": "attack", "seat": decl["seat"]})
    return out


def with_declaration(
    before: dict[str, Any], event: dict[str, Any], card: str | None
) -> dict[str, Any]:
    """The previous view with the round's last declaration made (`card`: its face if the viewer
    may know it): the card leaves the declaring seat's hand for its declarations."""
    d = copy.deepcopy(before)
    seat = event["seat"]
    hand = d["hands"][seat]
    known = next((i for i, c in enumerate(hand) if card and c["card"] == card), None)
    if known is None:
        hidden = [i for i, c in enumerate(hand) if c["card"] is None]
        known = hidden[-1] if hidden else len(hand) - 1
    if 0 <= known < len(hand):
        hand.pop(known)
    mine = sum(1 for decl in d["declarations"] if decl["seat"] == seat)
    key = card or f"x{seat}.{mine}"
    d["declarations"].append(
        {
            "seat": seat,
            "kind": "build" if event["build"] else "attack",
            "card": card,
            "id": key,
            "target_seat": event["target_seat"],
            "target_index": event["target_index"],
        }
    )
    if event["build"]:  # a build card also waits among the seat's builds, as the view lists it
        d["builds"][seat].append({"card": card, "id": key})
    return d


def attack_frames(
    start: dict[str, Any], events: list[dict[str, Any]], name: Callable
) -> list[Frame]:
    """One frame per step of the round's attacks, from `start` (see `with_declaration`)."""
    d = copy.deepcopy(start)
    d["arrows"] = arrows_of(d)
    d["strikes"] = {}
    d["current"] = None  # the attacking card whose chain is being shown
    for decl in d["declarations"]:
        decl["spent"] = False
    frames: list[Frame] = [
        (copy.deepcopy(d), "Every card is declared: the attacks begin", SECONDS["start"])
    ]
    attack: dict[str, Any] | None = None
    for e in events:
        kind = e["kind"]
        caption = None
        if kind == "reveal":
            attack = d["declarations"][e["declaration"]]
            old = attack["id"]
            attack["card"] = attack["id"] = d["current"] = e["card"]
            for arrow in d["arrows"]:
                if arrow["from"] == old:
                    arrow["from"] = e["card"]
            caption = f"{name(e['seat'])} attacks with {pretty(e['card'])} ({e['value']})"
        elif kind == "forfeit":  # a seat that lost gives up its own declared cards
            for decl in d["declarations"]:
                decl["spent"] = decl["spent"] or decl["seat"] == e["seat"]
            d["builds"][e["seat"]] = []
            d["discard"] += e["cards"]
        elif attack is None:
            continue
        elif kind == "strike":
            board = d["boards"][e["seat"]]
            d["strikes"][attack["id"]] = board[e["index"]]["id"]
            caption = f"{pretty(attack['card'])} strikes {name(e['seat'])}'s {pretty(e['card'])}"
        elif kind == "hit":
            board = d["boards"][e["seat"]]
            cell = board.pop(e["index"])
            d["discard"].append(cell["card"])
            if e["index"] > 0:  # it moves on to the card on the left (else it goes with this one)
                d["strikes"][attack["id"]] = board[e["index"] - 1]["id"]
            caption = f"{pretty(attack['card'])} beats {pretty(e['card'])}: it falls"
            if e["index"] > 0:
                caption += ", and the card to its left is next"
        elif kind == "redirect":
            target = d["boards"][e["seat"]][e["index"]]["id"]
            d["arrows"].append(
                {"from": attack["id"], "to": target, "kind": "redirect", "seat": attack["seat"]}
            )
            caption = f"Redirected to {pretty(e['card'])} — {e['reason']}"
        elif kind == "no_effect":
            caption = f"No effect — {e['reason']}"
        elif kind == "lose":
            caption = f"{name(e['seat'])} is out: {e['reason']}"
        elif kind == "spent":
            attack["spent"] = True
            d["strikes"].pop(attack["id"], None)
            d["discard"].append(e["card"])
            d["arrows"] = [a for a in d["arrows"] if a["from"] != attack["id"]]
            caption = frames[-1][1]  # a short step: the card goes, the words stay
            attack = d["current"] = None
        if caption is not None:
            frames.append((copy.deepcopy(d), caption, SECONDS[kind]))
    return frames


def round_caption(events: list[dict[str, Any]], name: Callable) -> str:
    """What the end of the round did, in a line."""
    end = next((e for e in events if e["kind"] == "round_end"), None)
    if end is None:
        return "The attacks are over: now the builders build"
    if end["over"]:
        winners = end["winners"]
        if len(winners) == 1:
            return f"{name(winners[0])} wins!"
        return "A draw between " + " and ".join(name(s) for s in winners)
    parts = [f"Round {end['round']} is over"]
    if end["out"]:
        parts.append(", ".join(name(s) for s in end["out"]) + " out")
    if end["winners"]:
        parts.append(", ".join(name(s) for s in end["winners"]) + " reached 10 and play on")
    return " · ".join(parts)
