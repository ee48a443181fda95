"""The pygame-ce desktop app: scenes, card sprites, layout, input, animation and the command line."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
