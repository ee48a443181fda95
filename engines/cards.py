"""Cards as two-character codes ("TH" = ten of hearts) and the seeded deck every game deals from.

Codes are the one card representation across engines, records, logs and tests: they are hashable,
JSON-able and cheap to compare, which keeps `apply` fast and records human-readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # start-up imports this module for the card art and needs no random module
    import random

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED_SUITS = frozenset("HD")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}

FULL_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_CODES = frozenset(FULL_DECK)
_RANK_NUMBER = {r: i + 1 for i, r in enumerate(RANKS)}


def is_card(code: object) -> bool:
    """True if `code` is a valid card code such as "7S"."""
    return isinstance(code, str) and code in _CODES


def rank_number(code: str) -> int:
    """A=1 … K=13."""
    return _RANK_NUMBER[code[0]]


def is_red(code: str) -> bool:
    return code[1] in RED_SUITS


def pretty(code: str) -> str:
    """A code as a player reads it: "TH" -> "10♥"."""
    return RANK_NAMES.get(code[0], code[0]) + SUIT_SYMBOLS[code[1]]


def shuffled_deck(rng: random.Random) -> list[str]:
    """A full 52-card deck shuffled by the deal's own random generator (never the global one)."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return deck
