"""Player preferences, kept in settings.json in the user's data folder."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import storage

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.6, "normal": 1.0, "slow": 1.8}
FELTS = ("green", "blue", "dark")
CARD_BACKS = ("blue", "red", "green", "purple")


@dataclass
class Settings:
    window_width: int = 1280
    window_height: int = 800
    four_colour: bool = False
    card_back: str = "blue"
    animation: str = "normal"
    felt: str = "green"
    click_to_move: bool = True
    auto_move_safe: bool = False
    vegas: bool = False
    winnable_only: bool = False  # Canfield's New deal deals only deals the solver can win
    # The setup screen's last choices per game ({"options": {...}, "secrets": bool}); checked by
    # the engine before use, so a stale or hand-edited entry only falls back to the defaults.
    last_setup: dict[str, Any] = field(default_factory=dict)
    # Games whose first-run tip line (its key controls) the player has closed.
    tips_closed: list[str] = field(default_factory=list)

    def animation_factor(self) -> float:
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    def sanitised(self) -> Settings:
        """Any value out of range falls back to its default, so a hand-edited file can't break us."""
        default = Settings()
        clean = Settings(**asdict(self))
        for f in fields(Settings):
            value = getattr(clean, f.name)
            want = type(getattr(default, f.name))
            if type(value) is not want:
                setattr(clean, f.name, getattr(default, f.name))
        if clean.animation not in ANIMATION_SPEEDS:
            clean.animation = default.animation
        if clean.felt not in FELTS:
            clean.felt = default.felt
        if clean.card_back not in CARD_BACKS:
            clean.card_back = default.card_back
        clean.window_width = min(max(clean.window_width, 800), 7680)
        clean.window_height = min(max(clean.window_height, 600), 4320)
        return clean


WINDOW = ("window_width", "window_height")


def settings_path() -> Path | None:
    """None when there is no data folder this session (the defaults, kept only in memory)."""
    folder = storage.home()
    return folder / "settings.json" if folder else None


def load() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a sentence if the file could not be used."""
    path = settings_path()
    if path is None:
        return Settings(), None  # the app says once that nothing is kept
    data, problem = storage.read_parsed(path, storage.json_object)
    if data is None:
        return Settings(), problem
    known = {f.name for f in fields(Settings)}
    values: dict[str, Any] = {k: v for k, v in data.items() if k in known}
    clean = Settings(**values).sanitised()
    # (a window size is only brought into range, silently: a screen smaller than it was is no fault)
    replaced = [
        name
        for name, value in values.items()
        if (type(value) is not int if name in WINDOW else getattr(clean, name) != value)
    ]
    if replaced:  # the rest is used; the file as it was is kept, since quitting rewrites it
        what = f"had values that cannot be used ({', '.join(replaced)}), now their defaults"
        problem = storage.set_aside(path, what)
    return clean, problem


def save(settings: Settings) -> None:
    """Keep the settings; OSError if they could not be written (nothing happens without a folder)."""
    path = settings_path()
    if path is not None:
        storage.atomic_write_text(path, json.dumps(asdict(settings), indent=2))
