"""Checks every engine's property tests share."""

from __future__ import annotations

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
