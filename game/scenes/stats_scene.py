"""The statistics screen: how every game has gone so far, per game and per rule preset."""

from __future__ import annotations

import sqlite3

import pygame

from game import stats, theme, ui
from game.felt import felt
from game.scene import Scene
from game.table.base import format_time


def canfield_line(summary: stats.Summary) -> str:
    if not summary.played:
        return "No deals played yet"
    parts = [
        f"Played {summary.played}",
        f"won {summary.won} ({summary.win_rate:.0%})",
        f"streak {summary.current_streak} (best {summary.best_streak})",
    ]
    if summary.fastest is not None:
        parts.append(f"fastest win {format_time(summary.fastest)}")
        parts.append(f"fewest moves {summary.fewest_moves}")
    return " · ".join(parts)


def canals_line(summary: stats.Summary) -> str:
    if not summary.played:
        return "No games played yet"
    outcomes = summary.outcomes or {}
    return " · ".join(
        [
            f"Games {summary.played}",
            f"Player 1 (red) won {outcomes.get('player 1', 0)}",
            f"Player 2 (black) won {outcomes.get('player 2', 0)}",
            f"draws {outcomes.get('draw', 0)}",
            f"best score {summary.best_score}",
        ]
    )


class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = ui.Button("Back", app.pop, primary=True)
        self.resets = {
            game: ui.Button(f"Reset {game.capitalize()}", lambda g=game: self.confirm_reset(g))
            for game in ("canfield", "canals")
        }
        self.buttons = [self.back, *self.resets.values()]
        self.lines: list[tuple[str, bool]] = []
        self.refresh()

    def refresh(self) -> None:
        """Read the numbers once (not every frame); (text, is_heading) pairs."""
        try:
            s = self.app.stats
            self.lines = [
                ("Canfield", True),
                (f"All deals: {canfield_line(s.summary('canfield'))}", False),
                (f"Seed rules: {canfield_line(s.summary('canfield', 'seed'))}", False),
                (f"Classic rules: {canfield_line(s.summary('canfield', 'classic'))}", False),
                ("Canals", True),
                (canals_line(s.summary("canals")), False),
            ]
        except sqlite3.Error as exc:
            self.lines = [(f"The statistics could not be read: {exc}", False)]
        self.app.report_stats_problem()

    def confirm_reset(self, game: str) -> None:
        from game.scenes.dialogs import ConfirmScene

        def reset() -> None:
            try:
                self.app.stats.reset(game)
            except sqlite3.Error as exc:
                self.app.toasts.show(f"Could not reset the statistics: {exc}", 4, theme.WARN)
            self.refresh()  # the dialog closed (and revealed this screen) before the reset

        self.app.push(ConfirmScene(self.app, f"Forget every {game.capitalize()} result?", reset))

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        w = size[0]
        self.left = max(int(30 * s), (w - int(1000 * s)) // 2)
        y = int(130 * s) + len(self.lines) * int(40 * s) + int(30 * s)
        x = self.left
        for button in (self.back, *self.resets.values()):
            width = int((160 if button is self.back else 200) * s)
            button.rect = pygame.Rect(x, y, width, int(46 * s))
            button.size = int(17 * s)
            x += width + int(16 * s)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()

    def revealed(self) -> None:
        self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        surface.blit(ui.text("Statistics", int(40 * s), theme.TEXT, True), (self.left, int(50 * s)))
        y = int(130 * s)
        for text, heading in self.lines:
            size = int((22 if heading else 16) * s)
            colour = theme.ACCENT if heading else theme.TEXT
            surface.blit(ui.text(text, size, colour, bold=heading), (self.left, y))
            y += int(40 * s)
        super().draw(surface)
