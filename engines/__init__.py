"""The rules of every game, as pure values: no pygame, no files, no clock.

Each game is a module offering `name`, `title`, `min_players`, `max_players`, `presets`,
`new_game`, `from_dict` and `move_from_dict` (see the contract).
"""

from __future__ import annotations

from types import ModuleType

from engines import canals, canfield
from engines.core import IllegalMove, Move, RecordError, State
from engines.records import GameRecord

GAMES: dict[str, ModuleType] = {module.name: module for module in (canfield, canals)}

# Games of the product that have no engine yet: the menu lists them as "coming soon".
PLANNED: dict[str, str] = {"sandcastles": "Sandcastles", "orchard": "Orchard"}


def get(name: str) -> ModuleType:
    """The game module called `name`; KeyError lists the known names."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


__all__ = ["GAMES", "PLANNED", "GameRecord", "IllegalMove", "Move", "RecordError", "State", "get"]
