"""The statistics screen: how every playable game has gone so far, per game and per rule preset."""

from __future__ import annotations

import sqlite3

import pygame

from game import registry, stats, theme, ui
from game.felt import felt
from game.scene import Scene
from game.table.base import format_time


def solitaire_line(summary: stats.Summary) -> str:
    """Win rate, streaks and bests of a one-player game."""
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


def players_line(summary: stats.Summary, seat_names: list[str]) -> str:
    """Wins per seat ("player N" outcomes), draws and the best score of a game for players."""
    if not summary.played:
        return "No games played yet"
    outcomes = summary.outcomes or {}
    wins = [f"{seat} won {outcomes.get(f'player {i}', 0)}" for i, seat in enumerate(seat_names, 1)]
    return " · ".join(
        [
            f"Games {summary.played}",
            *wins,
            f"draws {outcomes.get('draw', 0)}",
            f"best score {summary.best_score}",
        ]
    )


def seat_names(name: str, summary: stats.Summary) -> list[str]:
    """What the game's table calls its seats, for every seat that can sit or has won."""
    game = registry.engine(name)
    won = [int(o.split()[1]) for o in summary.outcomes or {} if o.startswith("player ")]
    count = max(game.min_players, *won, 0)
    named = getattr(registry.table_class(name), "seat_names", ())
    return [named[i] if i < len(named) else f"Player {i + 1}" for i in range(count)]


def game_lines(results: stats.Stats, name: str) -> list[tuple[str, bool]]:
    """A heading and the lines of one game: a solitaire over all deals and per preset (when it
    has several), a game for players by seat."""
    game = registry.engine(name)
    lines = [(registry.title(name), True)]
    if game.max_players == 1:
        lines.append((f"All deals: {solitaire_line(results.summary(name))}", False))
        if len(game.presets) > 1:
            lines += [
                (f"{p.capitalize()} rules: {solitaire_line(results.summary(name, p))}", False)
                for p in game.presets
            ]
    else:
        summary = results.summary(name)
        lines.append((players_line(summary, seat_names(name, summary)), False))
    return lines


class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = ui.Button("Back", app.pop, primary=True)
        self.resets = {
            name: ui.Button(f"Reset {registry.title(name)}", lambda n=name: self.confirm_reset(n))
            for name in registry.playable_names()
        }
        self.buttons = [self.back, *self.resets.values()]
        self.lines: list[tuple[str, bool]] = []
        self.refresh()

    def refresh(self) -> None:
        """Read the numbers once (not every frame); (text, is_heading) pairs."""
        try:
            self.lines = [line for name in self.resets for line in game_lines(self.app.stats, name)]
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

        title = registry.title(game)
        self.app.push(ConfirmScene(self.app, f"Forget every {title} result?", reset))

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
