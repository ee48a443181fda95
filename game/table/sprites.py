"""Card sprites: where a card is drawn, where it is going, and the eased tween between the two."""

from __future__ import annotations

from dataclasses import dataclass


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass(slots=True)
class CardSprite:
    """One card on screen, keyed by its placement's key. `card` is its face (None while the viewer
    may not know it); `face_up`/`back` say how to draw it; a tween moves it to (tx, ty)."""

    key: str
    card: str | None = None
    x: float = 0.0
    y: float = 0.0
    face_up: bool = False
    back: str | None = None
    z: int = 0
    sx: float = 0.0  # tween start
    sy: float = 0.0
    tx: float = 0.0  # tween target
    ty: float = 0.0
    delay: float = 0.0
    elapsed: float = 0.0
    duration: float = 0.0
    pending_face: bool | None = None  # face to show once the tween lands (flips land with it)
    mark: str | None = None
    flip_to: bool | None = None  # an in-place flip: the face it turns to
    flip_elapsed: float = 0.0
    flip_duration: float = 0.0

    @property
    def flipping(self) -> bool:
        return self.flip_to is not None

    def start_flip(self, face_up: bool, duration: float, delay: float = 0.0) -> None:
        """Turn over in place: the card narrows to an edge and widens showing its other side."""
        self.flip_to, self.flip_duration, self.flip_elapsed = face_up, duration, -delay

    def flip_view(self) -> tuple[float, bool]:
        """(width factor, showing face) at this moment of the flip."""
        t = max(0.0, min(1.0, self.flip_elapsed / self.flip_duration))
        return abs(1 - 2 * t), (self.flip_to if t >= 0.5 else self.face_up)

    @property
    def moving(self) -> bool:
        return self.duration > 0

    def move_to(self, x: float, y: float, duration: float, delay: float = 0.0) -> None:
        """Tween from wherever the card is now; a zero duration jumps."""
        if duration <= 0 or (abs(x - self.x) < 0.5 and abs(y - self.y) < 0.5 and delay <= 0):
            self.x, self.y, self.duration = x, y, 0.0
            self.tx, self.ty = x, y
            return
        self.sx, self.sy, self.tx, self.ty = self.x, self.y, x, y
        self.delay, self.elapsed, self.duration = delay, 0.0, duration

    def update(self, dt: float) -> bool:
        """Advance the tween or flip; True when it has just landed."""
        if self.flip_to is not None:
            self.flip_elapsed += dt
            if self.flip_elapsed >= self.flip_duration:
                self.face_up, self.flip_to = self.flip_to, None
                return True
        if not self.duration:
            return False
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
        self.elapsed += dt
        t = min(1.0, self.elapsed / self.duration)
        e = ease_out_cubic(t)
        self.x = self.sx + (self.tx - self.sx) * e
        self.y = self.sy + (self.ty - self.sy) * e
        if t >= 1.0:
            self.duration = 0.0
            if self.pending_face is not None:
                self.face_up, self.pending_face = self.pending_face, None
            return True
        return False

    def finish(self) -> None:
        self.x, self.y, self.duration = self.tx, self.ty, 0.0
        if self.flip_to is not None:
            self.face_up, self.flip_to = self.flip_to, None
        if self.pending_face is not None:
            self.face_up, self.pending_face = self.pending_face, None
