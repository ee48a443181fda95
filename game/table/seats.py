"""Who sits at the table: a human or a computer level per seat, whose eyes the table shows, when the
hand-off screen goes up, and what undo may take back. One controller for every game.

- Viewer: a lone human always sees through their own seat. Several humans sharing secrets ("hide
  the table between turns") change seats only through the hand-off screen; without secrets, and
  with computers alone, the table follows whoever moves.
- Undo: in solitaire, anything. Otherwise computer moves are stepped over back to a human's
  decision; with secrets a human takes back only their own moves of the current turn; nothing is
  taken back past a move that revealed cards, or once the game is over.
"""

from __future__ import annotations

from typing import Any

from engines.cards import FULL_DECK
from game.table.history import History

HUMAN = "human"


class Seats:
    def __init__(self, kinds: list[str], secrets: bool) -> None:
        self.kinds = list(kinds)
        humans = [i for i, kind in enumerate(self.kinds) if kind == HUMAN]
        self.humans = humans
        self.secrets = secrets and len(humans) >= 2
        self.viewer = humans[0] if humans else 0
        self.turn_start = 0  # history position where the viewer's current turn began
        self.handoff_needed = False
        # (id(before), id(after), viewer) -> (before, after, whether the step reveals): see
        # `_reveals`; the states are kept so that an id is never mistaken for another's
        self._reveal_memo: dict[tuple[int, int, int], tuple[Any, Any, bool]] = {}

    @property
    def solitaire(self) -> bool:
        return len(self.kinds) == 1

    def is_computer(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] != HUMAN

    def kind(self, seat: int) -> str:
        return self.kinds[seat]

    # -- the flow of turns ---------------------------------------------------------------------
    def start(self, state: Any, pos: int) -> None:
        """A new deal (or a resumed one): with secrets, the first human takes the table first."""
        mover = state.current_player
        self.turn_start = pos
        if self.secrets:
            self.viewer = mover if mover in self.humans else self.humans[0]
            self.handoff_needed = mover is not None
        else:
            self.follow(state)

    def follow(self, state: Any) -> None:
        """After any change: without secrets the table shows the human to move (or, with no
        human at all, whoever moves)."""
        mover = state.current_player
        if self.secrets or mover is None:
            return
        if self.kinds[mover] == HUMAN or not self.humans:
            self.viewer = mover

    def turn_ended(self, state: Any) -> bool:
        """A human of a secret game has moved and another human is next: they must pass the table."""
        mover = state.current_player
        return self.secrets and mover in self.humans and mover != self.viewer

    def may_act(self, state: Any) -> bool:
        """The person at the table may pick cards now: it is the move of the seat they see
        through, a human's (watching computers alone, the table follows a computer's seat)."""
        seat = state.current_player
        return seat is not None and seat == self.viewer and not self.is_computer(seat)

    def end_turn(self, state: Any) -> None:
        if self.turn_ended(state):
            self.handoff_needed = True

    def take_seat(self, seat: int, pos: int) -> None:
        self.viewer = seat
        self.turn_start = pos
        self.handoff_needed = False

    # -- undo policy -----------------------------------------------------------------------------
    def undo_target(self, history: History) -> int | None:
        """The history position undo goes back to, or None when undo may not act."""
        pos = history.pos
        if pos == 0:
            return None
        if self.solitaire:
            return pos - 1
        if history.state.is_over():
            return None
        for i in range(pos - 1, -1, -1):
            mover = history.mover(i)
            if self._reveals(history.states[i], history.states[i + 1], self.is_computer(mover)):
                return None
            if self.is_computer(mover):
                continue
            if self.secrets and (mover != self.viewer or i < self.turn_start):
                return None
            return i
        return None

    def _reveals(self, before: Any, after: Any, by_computer: bool) -> bool:
        """Whether the step showed anybody a card hidden before (its events), or, made by a
        computer, showed the viewer one: a card played from a computer's hand tells no event of
        a face turned up, and undone it would go back to being hidden with the viewer knowing it.
        (Humans at one table without secrets see each other's cards anyway.) Remembered per step:
        undo is asked about every frame, to draw its button."""
        key = (id(before), id(after), self.viewer)
        known = self._reveal_memo.get(key)
        if known is None or known[0] is not before or known[1] is not after:
            if len(self._reveal_memo) > 512:  # (steps undone for good are not kept for ever)
                self._reveal_memo.clear()
            shown = revealed(after) or (
                by_computer
                and bool(
                    visible_cards(after.view(self.viewer)) - visible_cards(before.view(self.viewer))
                )
            )
            known = self._reveal_memo[key] = (before, after, shown)
        return known[2]

    def redo_target(self, history: History) -> int | None:
        """Where redo goes: the next human decision forward (computer replies replayed with it)."""
        pos = history.pos
        if pos >= len(history.moves):
            return None
        if self.secrets and history.mover(pos) != self.viewer:
            return None
        end = pos + 1
        while end < len(history.moves) and self.is_computer(history.mover(end)):
            end += 1
        return end


# Events after which somebody knows cards that were hidden before: a face turned up, or cards
# drawn from a stock. Undo must not go back past one (with the cards known, the move could be
# chosen again differently); solitaire is the exception, as its player is alone.
REVEALING = frozenset(("reveal", "draw", "redraw"))


def revealed(state: Any) -> bool:
    """Whether the move that made `state` showed anybody a card that was hidden before."""
    return any(
        event.get("kind") in REVEALING and event.get("count", 1) != 0
        for event in getattr(state, "events", ())
    )


_CODES = frozenset(FULL_DECK)


def visible_cards(view: Any) -> set[str]:
    """The cards a view shows the faces of (a hidden card is None or an id there). Every game
    deals one deck, so a code names one card wherever it lies."""
    seen: set[str] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in _CODES:
                seen.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return seen
