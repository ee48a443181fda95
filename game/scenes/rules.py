"""The Rules screen: a game's rules page (docs/rules/PAGE.md) laid out as readable text, with a tab
per registered game and a scroll bar (wheel, arrow and page keys, Home/End, or drag it)."""

from __future__ import annotations

import pygame

from game import registry, theme, ui
from game.assets import rules_page
from game.felt import felt
from game.scene import Scene
from game.scrollbar import ScrollBar

LINE_GAP = 4
KEY_STEPS = {pygame.K_DOWN: 40, pygame.K_UP: -40}  # pixels at scale 1; the page keys turn a page


def read_page(game: str) -> str:
    """The registered game's rules page (a placeholder until it is written)."""
    try:
        return rules_page(registry.entry(game).rules).read_text(encoding="utf-8")
    except OSError:
        return "# Rules\n\nThe rules of this game are not written yet."


def layout_markdown(source: str, width: int, s: float) -> list[tuple[pygame.Surface, int]]:
    """Lines of the page as (surface, x-indent) pairs: headings, paragraphs and bullets."""
    body = int(17 * s)
    out: list[tuple[pygame.Surface, int]] = []
    for block in source.split("\n\n"):
        lines = [ln.strip() for ln in block.strip().splitlines()]
        if not lines:
            continue
        if lines[0].startswith("#"):
            level = len(lines[0]) - len(lines[0].lstrip("#"))
            size = int((30 if level == 1 else 22 if level == 2 else 19) * s)
            out.append(
                (
                    ui.text(
                        lines[0].lstrip("# ").strip(),
                        size,
                        theme.ACCENT if level == 1 else theme.TEXT,
                        True,
                    ),
                    0,
                )
            )
            lines = lines[1:]
        items: list[str] = []
        for ln in lines:
            if ln.startswith(("- ", "* ")):
                items.append("• " + ln[2:])
            elif items and not ln[:2].rstrip(".").isdigit():
                items[-1] += " " + ln
            else:
                items.append(ln)
        for item in items:
            clean = item.replace("**", "").replace("`", "")
            indent = int(22 * s) if clean.startswith("• ") else 0
            for i, line in enumerate(ui.wrap(clean, body, width - indent)):
                out.append(
                    (
                        ui.text(line, body, theme.TEXT_DIM),
                        indent + (int(14 * s) if i and indent else 0),
                    )
                )
        out.append((ui.text(" ", body), 0))
    return out


class RulesScene(Scene):
    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.bar = ScrollBar()
        self.lines: list[tuple[pygame.Surface, int]] = []
        self.back = ui.Button("Back", app.pop, tooltip="Esc")
        self.tabs = {
            g.name: ui.Button(g.title, lambda n=g.name: self.show(n), tooltip="← / →")
            for g in registry.GAMES
        }
        self.buttons = [self.back, *self.tabs.values()]

    def show(self, game: str) -> None:
        self.game = game
        self.bar.offset = 0
        self.resize(self.app.size)

    def next_tab(self, step: int) -> None:
        names = list(self.tabs)
        self.show(names[(names.index(self.game) + step) % len(names)])

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.ui_scale(size)
        w, h = size
        self.text_w = min(int(860 * s), w - int(80 * s))
        self.lines = layout_markdown(read_page(self.game), self.text_w, s)
        self.back.rect = pygame.Rect(int(16 * s), int(12 * s), int(110 * s), int(40 * s))
        self.back.size = int(16 * s)
        x = self.back.rect.right + int(30 * s)
        for g, tab in self.tabs.items():
            tab.rect = pygame.Rect(x, int(12 * s), int(140 * s), int(40 * s))
            tab.size = int(16 * s)
            tab.selected = g == self.game
            x += tab.rect.w + int(8 * s)
        self.top = int(76 * s)
        self.box = pygame.Rect(
            (w - self.text_w) // 2 - int(30 * s),
            self.top - int(10 * s),
            self.text_w + int(60 * s),
            h - self.top,
        )
        track = pygame.Rect(self.box.right - int(16 * s), self.box.top + int(12 * s), int(8 * s), 0)
        track.h = self.box.bottom - int(12 * s) - track.y
        content = sum(img.get_height() + LINE_GAP for img, _ in self.lines)
        self.bar.set_size(track, content, h - self.top - int(20 * s))

    def handle(self, event: pygame.event.Event) -> None:
        """The scroll bar first: a drag of its thumb must not reach the buttons."""
        if not self.bar.handle(event):
            super().handle(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        s = self.app.scale
        if event.type == pygame.MOUSEWHEEL:
            self.bar.scroll_by(int(-event.y * 60 * s))
        elif event.type != pygame.KEYDOWN:
            return
        elif event.key in KEY_STEPS:
            self.bar.scroll_by(int(KEY_STEPS[event.key] * s))
        elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_PAGEUP):
            self.bar.scroll_by(self.bar.view * (-1 if event.key == pygame.K_PAGEUP else 1))
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.bar.scroll_to(0 if event.key == pygame.K_HOME else self.bar.max_offset)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.next_tab(1 if event.key == pygame.K_RIGHT else -1)
        elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_F1):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt((w, h), self.app.settings.felt), (0, 0))
        s = theme.ui_scale((w, h))
        ui.panel(surface, self.box, alpha=220)
        clip = surface.get_clip()
        surface.set_clip(self.box)
        y = self.top + int(10 * s) - self.bar.offset
        x = (w - self.text_w) // 2
        for img, indent in self.lines:
            if y > h:
                break
            if y + img.get_height() > 0:
                surface.blit(img, (x + indent, y))
            y += img.get_height() + LINE_GAP
        surface.set_clip(clip)
        self.bar.draw(surface)
        surface.fill(theme.BAR, (0, 0, w, self.top - int(14 * s)))
        super().draw(surface)
