"""Work the thinking worker runs off the frame loop. Plain functions of plain, picklable values (a
game's name, a view, a seed), so they can run in another thread or process; never imports pygame."""

from __future__ import annotations

from typing import Any


def computer_move(game_name: str, kind: str, view: dict[str, Any], seed: int) -> dict[str, Any]:
    """The move a computer seat of `kind` makes, seeing only `view`; as the move's dict."""
    import engines
    from engines import ai

    game = engines.get(game_name)
    return ai.choose_move(game, kind, view, seed).to_dict()
