"""The statistics screen: a tab per playable game, each with a table of its results per rule
preset and a plot of its last results (wins and losses of a solitaire; the score margin of a game
for players).

Every figure comes from the registry and game/stats.py: a solitaire is a game with one seat, its
rows are the engine's presets, its seats are named by its table. No game is named here.
"""

from __future__ import annotations

import sqlite3

import pygame

from game import registry, stats, theme, ui
from game.charts import Bar, TextTable, draw_bars
from game.felt import felt
from game.scene import Scene
from game.table.base import format_time

RECENT = 50  # results in the plot
SOLITAIRE_COLUMNS = [
    "Rules",
    "Played",
    "Won",
    "Win %",
    "Streak",
    "Best streak",
    "Fastest",
    "Fewest moves",
]
SEAT_COLOURS = [(226, 98, 84), (150, 184, 226), (120, 210, 140), (236, 200, 90), (200, 150, 230)]
DRAW_COLOUR = (160, 166, 164)
WON_COLOUR, LOST_COLOUR = (110, 210, 130), (226, 98, 84)


def seat_names(name: str, summary: stats.Summary) -> list[str]:
    """What the game's table calls its seats, for every seat that can sit or has won."""
    game = registry.engine(name)
    won = [int(o.split()[1]) for o in summary.outcomes or {} if o.startswith("player ")]
    count = max(game.min_players, *won, 0)
    named = getattr(registry.table_class(name), "seat_names", ())
    return [named[i] if i < len(named) else f"Player {i + 1}" for i in range(count)]


def variant_rows(results: stats.Stats, name: str) -> list[tuple[str, str | None]]:
    """(row label, variant) pairs: every deal, then each preset when there is a choice of rules,
    then custom rules once some were played."""
    game = registry.engine(name)
    played = results.variants(name)
    named = list(game.presets) + (["custom"] if "custom" in played else [])
    rows: list[tuple[str, str | None]] = [("All deals", None)]
    return rows + [(v.capitalize(), v) for v in named] if len(named) > 1 else rows


def solitaire_cells(label: str, summary: stats.Summary) -> list[str]:
    fastest = format_time(summary.fastest) if summary.fastest is not None else "—"
    return [
        label,
        str(summary.played),
        str(summary.won),
        f"{summary.win_rate:.0%}" if summary.played else "—",
        str(summary.current_streak),
        str(summary.best_streak),
        fastest,
        str(summary.fewest_moves) if summary.fewest_moves is not None else "—",
    ]


def players_cells(label: str, summary: stats.Summary, seats: int) -> list[str]:
    outcomes = summary.outcomes or {}
    best = str(summary.best_score) if summary.best_score is not None else "—"
    wins = [str(outcomes.get(f"player {i}", 0)) for i in range(1, seats + 1)]
    return [label, str(summary.played), *wins, str(outcomes.get("draw", 0)), best]


def game_table(results: stats.Stats, name: str) -> TextTable:
    """One game's table: a row per variant; a solitaire's bests, or wins per seat."""
    rows = variant_rows(results, name)
    if registry.engine(name).max_players == 1:
        cells = [solitaire_cells(label, results.summary(name, v)) for label, v in rows]
        return TextTable(SOLITAIRE_COLUMNS, cells)
    seats = seat_names(name, results.summary(name))
    headers = ["Rules", "Played", *(f"{seat} won" for seat in seats), "Draws", "Best score"]
    cells = [players_cells(label, results.summary(name, v), len(seats)) for label, v in rows]
    return TextTable(headers, cells)


Legend = list[tuple[str, tuple[int, int, int]]]


def recent_bars(results: stats.Stats, name: str) -> tuple[list[Bar], tuple[str, str], str, Legend]:
    """The plot of the last results: its bars, the labels of its top and bottom, its caption and
    what its colours mean."""
    recent = results.recent(name, RECENT)
    if registry.engine(name).max_players == 1:
        bars = [
            Bar(1.0, WON_COLOUR) if r.outcome == stats.WON else Bar(-1.0, LOST_COLOUR)
            for r in recent
        ]
        won = sum(r.outcome == stats.WON for r in recent)
        return bars, ("Won", "Lost"), f"Last {len(recent)} deals: {won} won", []
    seats = seat_names(name, results.summary(name))
    widest = max((abs(r.margin) for r in recent if r.margin is not None), default=0) or 1
    bars = [margin_bar(r, widest) for r in recent]
    caption = f"Last {len(recent)} deals: margin of {seats[0]} over the best other player"
    legend = [(f"{seat} won", SEAT_COLOURS[i % len(SEAT_COLOURS)]) for i, seat in enumerate(seats)]
    return bars, (f"+{widest}", f"−{widest}"), caption, [*legend, ("Draw", DRAW_COLOUR)]


def margin_bar(result: stats.Result, widest: int) -> Bar:
    """Up when seat 1 won, down when another did, as tall as the margin (a quarter when the margin
    was not kept), in the winner's colour; a draw is a grey stub."""
    if not result.outcome.startswith("player "):
        return Bar(0.0, DRAW_COLOUR)
    seat = int(result.outcome.split()[1]) - 1
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    if result.margin is not None:
        return Bar(result.margin / widest, colour)
    return Bar(0.25 if seat == 0 else -0.25, colour)


class StatsScene(Scene):
    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        names = registry.playable_names()
        self.game = game if game in names else names[0]
        self.back = ui.Button("Back", app.pop, primary=True, tooltip="Esc")
        self.reset = ui.Button("Reset", self.confirm_reset)
        self.tabs = {
            name: ui.Button(registry.title(name), lambda n=name: self.show(n), tooltip="← / →")
            for name in names
        }
        self.buttons = [self.back, self.reset, *self.tabs.values()]
        self.problem: str | None = None
        self.refresh()

    def show(self, game: str) -> None:
        self.game = game
        self.refresh()

    def next_tab(self, step: int) -> None:
        names = list(self.tabs)
        self.show(names[(names.index(self.game) + step) % len(names)])

    def refresh(self) -> None:
        """Read the numbers once (not every frame), and lay them out."""
        self.reset.label = f"Reset {registry.title(self.game)}"
        try:
            self.table = game_table(self.app.stats, self.game)
            plot = recent_bars(self.app.stats, self.game)
            self.bars, self.bar_labels, self.caption, self.legend = plot
            self.problem = None
        except sqlite3.Error as exc:
            self.table, self.bars, self.legend = TextTable([], []), [], []
            self.problem = f"The statistics could not be read: {exc}"
        self.app.report_stats_problem()
        self.resize(self.app.size)

    def confirm_reset(self) -> None:
        from game.scenes.dialogs import ConfirmScene

        game = self.game

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
        w, h = size
        self.left = max(int(24 * s), (w - int(1000 * s)) // 2)
        width = w - 2 * self.left
        x = self.left
        for name, tab in self.tabs.items():
            tab.rect = pygame.Rect(x, int(104 * s), int(150 * s), int(40 * s))
            tab.size = int(17 * s)
            tab.selected = name == self.game
            x += tab.rect.w + int(8 * s)
        top = int(164 * s)
        self.table.layout(self.left, top, width, int(17 * s))
        button_h = int(46 * s)
        bottom = h - button_h - int(24 * s)
        self.caption_y = self.table.rect.bottom + int(22 * s)
        plot_top = self.caption_y + int(26 * s)
        self.plot = pygame.Rect(
            self.left, plot_top, width, min(int(200 * s), bottom - int(50 * s) - plot_top)
        )
        x = self.left
        for button in (self.back, self.reset):
            button.size = int(17 * s)
            button.rect = pygame.Rect(
                x, bottom, button.fit_width(button.size, int(48 * s)), button_h
            )
            x = button.rect.right + int(16 * s)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.next_tab(1 if event.key == pygame.K_RIGHT else -1)

    def revealed(self) -> None:
        self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        surface.blit(ui.text("Statistics", int(40 * s), theme.TEXT, True), (self.left, int(36 * s)))
        if self.problem:
            surface.blit(
                ui.text(self.problem, int(17 * s), theme.WARN), (self.left, self.table.rect.y)
            )
        else:
            self.table.draw(surface)
            self.draw_plot(surface, s)
        super().draw(surface)

    def draw_plot(self, surface: pygame.Surface, s: float) -> None:
        size = int(15 * s)
        if not self.bars:
            surface.blit(
                ui.text("No results yet", size, theme.TEXT_DIM), (self.left, self.caption_y)
            )
            return
        surface.blit(ui.text(self.caption, size, theme.TEXT), (self.left, self.caption_y))
        if self.plot.h > 3 * size:
            draw_bars(surface, self.plot, self.bars, RECENT, self.bar_labels, int(13 * s))
        x, y = self.left, self.plot.bottom + size // 2
        for label, colour in self.legend:
            pygame.draw.rect(surface, colour, (x, y + size // 4, size // 2 + 4, size // 2 + 4))
            img = ui.text(label, size, theme.TEXT_DIM)
            surface.blit(img, (x + size, y))
            x += size + img.get_width() + size
