"""The shared table machinery (sprites, gestures, animation) and one thin table per game; which table
a game uses is said in game/registry.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import registry

if TYPE_CHECKING:
    from game.app import App
    from game.deal import DealRequest


def open_table(app: App, request: DealRequest) -> None:
    """Put the requested deal's table on top of the app."""
    app.push(registry.table_class(request.game)(app, request))
