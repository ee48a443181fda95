"""The shared table machinery (sprites, drag and drop, animation) and one thin table per game."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App
    from game.launch import DealRequest

# game name -> "module:Class" of its table scene; a game is playable once it is listed here.
TABLES = {
    "canfield": "game.table.canfield:CanfieldTable",
    "canals": "game.table.canals:CanalsTable",
}


def table_class(name: str) -> type:
    module, cls = TABLES[name].split(":")
    return getattr(import_module(module), cls)


def open_table(app: App, request: DealRequest) -> None:
    app.push(table_class(request.game)(app, request))
