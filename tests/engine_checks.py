"""Checks every engine's property tests share."""

from __future__ import annotations

import random
from typing import Any

from engines import IllegalMove


def assert_refused(state: Any, move: Any) -> None:
    """An illegal move: `check` gives a reason, `apply` raises it unchanged, the state stays as it was."""
    before = state.to_dict()
    reason = state.check(move)
    assert isinstance(reason, str) and reason, (move, reason)
    try:
        state.apply(move)
    except IllegalMove as exc:
        assert exc.reason == reason
    else:
        raise AssertionError(f"{move} was applied although check said {reason!r}")
    assert state.to_dict() == before


def hidden_twin(game, state, seat):
    """Another real state that differs from `state` only in cards hidden from `seat`."""
    view = state.view(seat)
    for k in range(100):
        twin = game.determinize(view, random.Random(k))
        if twin.to_dict() != state.to_dict():
            return twin
    raise AssertionError("no hidden card to swap")
