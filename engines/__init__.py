"""The rules of every game, as pure values: no pygame, no files, no clock.

Each game is a module of this package offering `name`, `title`, `min_players`, `max_players`,
`OPTIONS`, `DEFAULTS`, `presets`, `new_game`, `from_dict`, `move_from_dict` and `determinize`
(see the contract). `GAMES` is found, not written down: every module of the package that defines
`new_game`, `name`, `from_dict` and `move_from_dict` is a game, so adding a game is adding its
module. Discovery goes through `pkgutil.iter_modules` only (PyInstaller's pkgutil runtime hook
supports it for frozen packages; the bundle spec lists every engines.* module as a hidden import).
Which games the app offers, and which are only "coming soon", is the app's registry's business.
GAMES is found on first use, not at import: `import engines.cards` (the card art, at start-up) must
not pay for building every game's move tables, nor for the record and move classes below.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

# The shared classes, imported when first asked for (the same start-up reason).
_LAZY = {
    "IllegalMove": "engines.core",
    "Move": "engines.core",
    "RecordError": "engines.core",
    "State": "engines.core",
    "GameRecord": "engines.records",
}
_GAME_ATTRIBUTES = ("new_game", "name", "from_dict", "move_from_dict")


def _discover() -> dict[str, ModuleType]:
    """name -> module for every game module of this package, in module-name order."""
    import pkgutil

    found: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if all(hasattr(module, attr) for attr in _GAME_ATTRIBUTES):
            if module.name in found:
                raise ImportError(f"two engine modules call their game {module.name!r}")
            found[module.name] = module
    return found


def __getattr__(attr: str) -> Any:
    """`engines.GAMES`, discovered the first time it is asked for, and the shared classes (PEP 562)."""
    if attr == "GAMES":
        games = globals()["GAMES"] = _discover()
        return games
    if attr in _LAZY:
        value = globals()[attr] = getattr(importlib.import_module(_LAZY[attr]), attr)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def get(name: str) -> ModuleType:
    """The game module called `name`; KeyError lists the known names."""
    games = __getattr__("GAMES") if "GAMES" not in globals() else globals()["GAMES"]
    try:
        return games[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(games))
        raise KeyError(f"unknown game {name!r} (known: {known})") from None


__all__ = ["GAMES", "GameRecord", "IllegalMove", "Move", "RecordError", "State", "get"]
