"""A saved game waiting in the slot a new game would take: resume it, or give it up knowingly.

The setup screen and the command line (`cardtable play`, `cardtable replay`) both come here, so a
game under way is never replaced without the player saying so, and a solitaire deal given up is
counted as lost once.
"""

from __future__ import annotations

from typing import Any

import engines
from game import deal, saves, stats, theme
from game.deal import DealRequest
from game.scenes.dialogs import ChoiceScene


def waiting_for(app: Any, request: DealRequest) -> saves.Saved | None:
    """The save in the slot `request` would use (its game and preset), if any."""
    variant = deal.variant(engines.get(request.game), request.options)
    saved, problem = saves.load(request.game, variant)
    if problem:
        app.toasts.show(problem, 6, theme.WARN)
    return saved


def resume_request(saved: saves.Saved, secrets: bool = True) -> DealRequest:
    request = DealRequest.from_record(saved.record, saved.seats)
    request.secrets = secrets
    request.resumed = True
    request.elapsed = saved.elapsed
    return request


def give_up(app: Any, saved: saves.Saved) -> None:
    """Let the saved game go: a solitaire deal counts as lost; the slot is emptied."""
    record = saved.record
    variant = saves.variant_of(record)
    outcome = stats.abandoned_outcome(engines.get(record.game))
    if outcome:
        try:
            score = record.replay().scores()[0]
            app.stats.record(
                record.game, variant, record.seed, outcome, len(record.moves), saved.elapsed, score
            )
        except Exception as exc:  # a result that cannot be kept is never worth the game
            app.toasts.show(f"Could not record the result: {exc}", 4, theme.WARN)
    try:
        saves.discard(record.game, variant)
    except OSError as exc:
        app.toasts.show(f"Could not remove the saved game: {exc.strerror or exc}", 4, theme.WARN)


def fate(game_name: str) -> str:
    """What happens to a saved game given up, in words."""
    return "counted as lost" if stats.abandoned_outcome(engines.get(game_name)) else "discarded"


def open_or_offer(app: Any, request: DealRequest) -> None:
    """Open `request` at once, or first ask what to do with the game waiting in its slot."""
    from game.table import open_table

    saved = waiting_for(app, request) if not request.resumed else None
    if saved is None:
        open_table(app, request)
        return

    def start_new() -> None:
        give_up(app, saved)
        open_table(app, request)

    moves = len(saved.record.moves)
    lines = [
        f"Deal #{saved.record.seed}: {moves} move{'s' if moves != 1 else ''} made.",
        f"Starting the new one, the saved game is {fate(request.game)}.",
    ]
    choices = [
        ("Resume saved game", lambda: open_table(app, resume_request(saved, request.secrets))),
        ("Start the new one", start_new),
        ("Main menu", lambda: None),
    ]
    app.push(ChoiceScene(app, "A saved game is waiting", lines, choices))
