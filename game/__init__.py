"""The pygame-ce desktop app: scenes, card sprites, layout, input, animation and the command line."""

import os
import time

LOADED_AT = time.perf_counter()  # for --first-frame where the kernel's start time is not at hand

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
