"""What a game's table tells the shared machinery: where each card goes and where each pile is."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass(slots=True)
class Placement:
    """A card's resting place for the current state (list order = drawing order)."""

    code: str
    pile: str
    index: int
    x: int
    y: int
    face_up: bool
    back: str | None = None
    mark: str | None = None  # a peek tag drawn on a face-down card (only for its owner's eyes)
    mark_low: bool = False  # draw the tag at the card's bottom (the part left visible)


@dataclass
class Slot:
    """A pile's home on the table: its outline, the label drawn when it is empty, and its drop area."""

    pile: str
    rect: pygame.Rect
    label: str | None = None
    drop: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    show_outline: bool = True


@dataclass
class Drag:
    """Cards in the player's hand (mouse or keyboard): from where, how many, and who accepts them."""

    src: str
    index: int
    codes: list[str]
    grab: tuple[int, int] = (0, 0)  # pointer offset inside the first card
    accept: set[str] = field(default_factory=set)
    by_keyboard: bool = False
