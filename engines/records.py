"""Game records: the seed, options and moves of a game as JSON, replayable to the exact same state.

Saves, replays and bug reports are all records. Loading one never trusts it: every field is checked
and every move is replayed through the rules, so a tampered or corrupt file raises RecordError.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engines.core import IllegalMove, RecordError

FORMAT_VERSION = 1
# Far above any real game (Canfield ends in under 1,000 moves, Canals in 52), and low enough that
# a record is read, replayed and saved again in well under a second.
MAX_MOVES = 100_000


@dataclass
class GameRecord:
    game: str
    seed: int
    players: int
    options: dict[str, Any]
    moves: list[Any] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT_VERSION,
                "game": self.game,
                "seed": self.seed,
                "players": self.players,
                "options": self.options,
                "moves": [m.to_dict() for m in self.moves],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and fully validate a record (its moves are replayed); RecordError says what is wrong."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise RecordError(f"not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        version = data.get("format", FORMAT_VERSION)
        if version != FORMAT_VERSION or isinstance(version, bool):
            raise RecordError(
                f"unsupported record format {version!r} (this version reads {FORMAT_VERSION})"
            )
        game_name = _field(data, "game", str)
        seed = _field(data, "seed", int)
        players = _field(data, "players", int)
        options = _field(data, "options", dict)
        raw_moves = _field(data, "moves", list)
        if len(raw_moves) > MAX_MOVES:
            raise RecordError(f"{len(raw_moves)} moves is too many (a record holds {MAX_MOVES})")
        game = _game(game_name)
        moves = []
        for i, raw in enumerate(raw_moves):
            try:
                moves.append(game.move_from_dict(raw))
            except (ValueError, TypeError, KeyError) as exc:
                raise RecordError(f"move {i + 1}: {exc}") from None
        record = cls(game_name, seed, players, options, moves)
        record.replay()
        return record

    def new_state(self) -> Any:
        try:
            return _game(self.game).new_game(
                seed=self.seed, players=self.players, options=self.options
            )
        except ValueError as exc:
            raise RecordError(f"cannot start the game: {exc}") from None

    def replay(self) -> Any:
        """The state after every move; RecordError names the first move that is illegal."""
        state = self.new_state()
        for i, move in enumerate(self.moves):
            try:
                state = state.apply(move)
            except IllegalMove as exc:
                raise RecordError(
                    f"move {i + 1} ({move.to_dict()}) is illegal: {exc.reason}"
                ) from None
        return state


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise RecordError(f"missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"field {key!r} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _game(name: str) -> Any:
    from engines import get

    try:
        return get(name)
    except KeyError as exc:
        raise RecordError(str(exc.args[0])) from None
