"""Work the thinking worker runs off the frame loop. Plain functions of plain, picklable values (a
game's name, a view, a seed), so they can run in another process; never imports pygame. The
computer seats' memories (`_MEMORIES`) are that process's own, safe because it runs one job at a
time."""

from __future__ import annotations

from typing import Any

# The searching seats' trees between their jobs, per (game, kind, seat), in the process that runs
# the jobs: `engines.ai.Memory` only ever hands a tree to the very view it is the search of, so one
# left by another table or an undone line is simply not used.
_MEMORIES: dict[tuple[str, str, int], Any] = {}


def computer_move(game_name: str, kind: str, view: dict[str, Any], seed: int) -> dict[str, Any]:
    """The move a computer seat of `kind` makes, seeing only `view`; as the move's dict."""
    import engines
    from engines import ai

    game = engines.get(game_name)
    return ai.choose_move(
        game, kind, view, seed, memory=memory_for(game_name, kind, view)
    ).to_dict()


def memory_for(game_name: str, kind: str, view: dict[str, Any]) -> Any:
    """The kept tree (`engines.ai.Memory`) of the computer seat `view` is for, made on first use."""
    from engines import ai

    return _MEMORIES.setdefault((game_name, kind, view.get("seat", 0)), ai.Memory())
