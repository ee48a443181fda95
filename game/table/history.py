"""The states of one game and the moves between them: undo and redo are moves along this list.

States are values (the engine never mutates one), so history is simply every state so far; what
undo may take back is the seats' business (`game.table.seats`), not this list's.
"""

from __future__ import annotations

import itertools
from typing import Any

# Every position any table has ever shown gets its own number, so an answer asked for one
# position can never be taken for another's, not even in the next deal.
_serials = itertools.count()


class History:
    def __init__(self, first: Any, moves: list[Any] | None = None) -> None:
        self.states: list[Any] = [first]
        self.moves: list[Any] = []
        self.automatic: list[bool] = []  # per move: made by the table (auto-finish), not a player
        self.pos = 0
        self.serial = next(_serials)  # a new one with every step: stale answers are told by it
        for move in moves or []:
            self.push(move)

    @property
    def state(self) -> Any:
        return self.states[self.pos]

    def mover(self, index: int) -> int | None:
        """The seat that made move `index`."""
        return self.states[index].current_player

    def push(self, move: Any, automatic: bool = False) -> Any:
        """Apply `move` to the current state (forgetting any redo); IllegalMove if it is illegal."""
        new = self.state.apply(move)
        del self.states[self.pos + 1 :]
        del self.moves[self.pos :]
        del self.automatic[self.pos :]
        self.states.append(new)
        self.moves.append(move)
        self.automatic.append(automatic)
        self.pos += 1
        self.serial = next(_serials)
        return new

    def go_to(self, pos: int) -> None:
        self.pos = max(0, min(pos, len(self.moves)))
        self.serial = next(_serials)

    def player_moves(self) -> int:
        """The moves up to here that a player made (what the status line and statistics count)."""
        return self.pos - sum(self.automatic[: self.pos])

    def played(self) -> list[Any]:
        """The moves that lead to the current state."""
        return self.moves[: self.pos]
