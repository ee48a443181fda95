"""What a game's table tells the shared machinery: where each card goes, where each pile is, and the
shapes of a gesture (what is picked, where it may go)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass(slots=True)
class Placement:
    """A card's resting place for the current view (list order = drawing order).

    `key` names the sprite: the card's code when the viewer may know it, else the opaque id the view
    gives it, so a hidden card can be moved and flipped without its face ever reaching the table.
    `card` is the face to draw, None when the viewer may not see it."""

    key: str
    card: str | None
    pile: str
    index: int
    x: int
    y: int
    face_up: bool
    back: str | None = None
    mark: str | None = None  # a peek tag drawn on a face-down card (only for its owner's eyes)


@dataclass
class Slot:
    """A pile's home on the table: its outline, the label drawn when it is empty, and its drop area."""

    pile: str
    rect: pygame.Rect
    label: str | None = None
    drop: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    show_outline: bool = True


@dataclass(frozen=True)
class Pick:
    """What the player took up: a card, a run or tail (`index` and the cards above it), or a
    selection of several cards (`keys`), from region `src`."""

    src: str
    index: int
    keys: tuple[str, ...]
    cards: tuple[str | None, ...]

    @property
    def n(self) -> int:
        return len(self.keys)


@dataclass(frozen=True)
class Target:
    """Where a pick may go: a pile, a single card, or the gap before position `index` of a row.

    `rect` is the area the dragged cards must overlap; `kind` is "pile", "card" or "gap"."""

    id: str
    rect: pygame.Rect
    kind: str = "pile"
    index: int | None = None


@dataclass
class Held:
    """A pick in the player's hand (mouse or keyboard) and the targets that accept it."""

    pick: Pick
    grab: tuple[int, int] = (0, 0)  # pointer offset inside the first card
    accept: set[str] = field(default_factory=set)
    by_keyboard: bool = False
    targets: list[Target] = field(default_factory=list)

    @property
    def src(self) -> str:
        return self.pick.src

    @property
    def index(self) -> int:
        return self.pick.index

    @property
    def codes(self) -> list[str]:
        """The sprite keys held, bottom first."""
        return list(self.pick.keys)


@dataclass(frozen=True)
class Gesture:
    """How a player makes a move with the input devices: keys first, then a click at `press` or a
    drag from `press` to `release`. Scripted input (smoke, bench, tests) replays these."""

    press: tuple[int, int]
    release: tuple[int, int] | None = None
    keys: tuple[int, ...] = ()
