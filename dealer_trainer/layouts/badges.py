"""Where the chip badges of a drill go: near their bets, never over each other or what is read.

A badge is a bet's chip stack with its caption (count and total).  Each wants
to sit on its bet's spot; :func:`place` moves a badge off its spot, to the
nearest free place, when it would cover another badge or a thing the trainee
must read (the winning number and the dolly, the puck, the dice, the cards).
The felt then draws a leader from the moved badge to its spot.  Plain
geometry in the felt's millimetres, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in mm: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def grown(self, by: float) -> Box:
        return Box(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)

    def overlaps(self, other: Box) -> bool:
        """Do the two share any area (touching edges do not)?"""
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )

    def inside(self, other: Box) -> bool:
        return (
            self.x >= other.x
            and self.y >= other.y
            and self.x + self.w <= other.x + other.w
            and self.y + self.h <= other.y + other.h
        )


GAP = 3.0  # mm kept free between a badge and anything else
RING = 10.0  # mm between the rings of places tried round a spot
DIRECTIONS = 24  # places tried on each ring
MAX_RINGS = 60


def _ring_offsets() -> tuple[tuple[float, float], ...]:
    """The places tried round a spot, as offsets from it, nearest first: the spot itself,
    then rings of :data:`DIRECTIONS` places :data:`RING` mm apart."""
    found = [(0.0, 0.0)]
    for ring in range(1, MAX_RINGS + 1):
        radius = ring * RING
        for step in range(DIRECTIONS):
            # start below the spot (captions hang under their stacks), then go round
            angle = math.pi / 2 + 2 * math.pi * step / DIRECTIONS
            found.append((radius * math.cos(angle), radius * math.sin(angle)))
    return tuple(found)


_OFFSETS = _ring_offsets()  # the same for every spot: worked out once


def place(
    wanted: Sequence[tuple[float, float]],
    extents: Sequence[Box],
    obstacles: Sequence[Box],
    area: Box,
    allowed: Callable[[int, float, float], bool] | None = None,
    cost: Callable[[int, Box], float] | None = None,
) -> list[tuple[float, float]]:
    """Where each badge goes: badge ``i`` wants ``wanted[i]`` and covers ``extents[i]``
    moved there (``extents`` are relative to the badge's anchor).

    Badges are placed in order.  A place is possible where the badge lies
    inside ``area`` and overlaps no obstacle and no badge placed before it
    (with :data:`GAP` to spare) and, when moved, where ``allowed(i, x, y)`` (a
    felt keeps a moved stack off the spots of other bets, where it would read
    as a bet on them).  Of the possible places the badge takes the one whose
    distance from its spot plus ``cost(i, box)`` (mm; a felt charges for
    covering printed words) is least.  Raises :class:`ValueError` if a badge
    has no possible place within :data:`MAX_RINGS` rings.
    """
    if len(wanted) != len(extents):
        raise ValueError("one extent per badge")
    taken = [o.grown(GAP) for o in obstacles]
    placed: list[tuple[float, float]] = []
    for index, ((x, y), extent) in enumerate(zip(wanted, extents, strict=True)):
        best: tuple[float, float, float, Box] | None = None  # score, x, y, box
        for dx, dy in _OFFSETS:
            cx, cy = x + dx, y + dy
            distance = math.hypot(cx - x, cy - y)
            if best is not None and distance >= best[0]:
                break  # every place further out scores worse
            box = extent.moved(cx, cy)
            if not box.inside(area) or any(box.overlaps(t) for t in taken):
                continue
            moved = (cx, cy) != (x, y)
            if moved and allowed is not None and not allowed(index, cx, cy):
                continue
            score = distance + (cost(index, box) if cost is not None else 0.0)
            if best is None or score < best[0]:
                best = (score, cx, cy, box)
        if best is None:
            raise ValueError(f"no free place for a badge near ({x:.0f}, {y:.0f}) mm")
        placed.append((best[1], best[2]))
        taken.append(best[3].grown(GAP))
    return placed
