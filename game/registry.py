"""The one list of the product's games. A game is its engine module, its table module and its rules
page, registered here once; the menu, setup, Rules, Statistics, smoke, bench and the bundle all read
this list, so adding a game needs one line here and no edit anywhere else in game/.

A game without an engine or a table yet is listed as "coming soon": that is said here, not in
engines/. Table modules are imported only when asked for, so start-up never pays for them.
The entries stay plain literals: build/cardtable.spec reads the table modules out of this file.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from importlib import import_module
from types import ModuleType


@dataclass(frozen=True)
class Game:
    name: str  # the engine's name, the command line's GAME
    title: str
    blurb: str  # one line beside the game's button in the menu
    _: KW_ONLY
    engine: str | None  # module path of the rules, None until they exist
    table: str | None  # "module:Class" of its table scene, None until it exists
    rules: str  # docs/rules/<rules>.md


# One line per game (kept long on purpose: one game, one line).
# fmt: off
GAMES: tuple[Game, ...] = (
    Game("canfield", "Canfield", "Classic solitaire · 1 player", engine="engines.canfield", table="game.table.canfield:CanfieldTable", rules="canfield"),
    Game("canals", "Canals", "Springs, canals, fountains · 2 players", engine="engines.canals", table="game.table.canals:CanalsTable", rules="canals"),
    Game("sandcastles", "Sandcastles", "Build and attack · 2–6 players", engine="engines.sandcastles", table="game.table.sandcastles:SandcastlesTable", rules="sandcastles"),
    Game("orchard", "Orchard", "Seeds and branches · 2 players", engine="engines.orchard", table="game.table.orchard:OrchardTable", rules="orchard"),
)
# fmt: on


def names() -> tuple[str, ...]:
    """Every registered game, in menu order."""
    return tuple(game.name for game in GAMES)


def entry(name: str) -> Game:
    """The registered game `name`; KeyError lists the known names."""
    for game in GAMES:
        if game.name == name:
            return game
    raise KeyError(f"unknown game {name!r} (known: {', '.join(names())})")


def playable(name: str) -> bool:
    """Offered to play: it has a table and its engine module exists."""
    game = entry(name)
    if game.engine is None or game.table is None:
        return False
    return module_exists(game.engine)


def module_exists(path: str) -> bool:
    """Whether a module can be imported, found without importing it (the menu's first frame must
    not pay for building every engine's move tables)."""
    import sys
    from importlib.util import find_spec

    if path in sys.modules:
        return True
    try:
        return find_spec(path) is not None
    except (ImportError, ValueError):
        return False


def playable_names() -> tuple[str, ...]:
    """The games that can be played today, in menu order."""
    return tuple(name for name in names() if playable(name))


def engine(name: str) -> ModuleType:
    """The game's rules module; KeyError if it has none yet."""
    game = entry(name)
    if game.engine is None:
        raise KeyError(f"{game.title} is coming soon: it has no rules engine yet")
    return import_module(game.engine)


def table_class(name: str) -> type:
    """The game's table scene class, imported on first use; KeyError if it has none yet."""
    game = entry(name)
    if game.table is None:
        raise KeyError(f"{game.title} is coming soon: it has no table yet")
    module, cls = game.table.split(":")
    return getattr(import_module(module), cls)


def title(name: str) -> str:
    return entry(name).title
