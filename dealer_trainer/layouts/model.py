"""The geometry model of a felt: spots, shapes and labels, in millimetres, without Qt.

A :class:`Felt` is what a table shows at real scale (x to the right, y down,
origin at the top-left corner of the table's bounding box).  Each
:class:`Spot` is one bet of the rules core (:class:`BetRef`) with the shape a
dealer or a trainee puts chips on; decorations and fixtures (the wheel, the
puck, the shoe …) are drawn but take no bets.  The drills engine, which has no
Qt, puts chips on spot ids; the GUI draws the same model.

The classes are read-only values (frozen dataclasses).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from dealer_trainer.layouts.labels import Label
from dealer_trainer.rules.games import Game

# ------------------------------------------------------------------ shapes --


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle; ``x, y`` is its top-left corner (mm)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def bounds(self) -> Rect:
        return self

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)


@dataclass(frozen=True)
class Ellipse:
    """An axis-aligned ellipse around ``cx, cy`` (mm)."""

    cx: float
    cy: float
    rx: float
    ry: float

    @property
    def center(self) -> tuple[float, float]:
        return (self.cx, self.cy)

    @property
    def bounds(self) -> Rect:
        return Rect(self.cx - self.rx, self.cy - self.ry, 2 * self.rx, 2 * self.ry)

    def contains(self, x: float, y: float) -> bool:
        return ((x - self.cx) / self.rx) ** 2 + ((y - self.cy) / self.ry) ** 2 <= 1


@dataclass(frozen=True)
class Polygon:
    """A closed polygon; its centre is the centroid of its area."""

    points: tuple[tuple[float, float], ...]

    @property
    def center(self) -> tuple[float, float]:
        area = cx = cy = 0.0
        pts = self.points
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            cross = x0 * y1 - x1 * y0
            area += cross
            cx += (x0 + x1) * cross
            cy += (y0 + y1) * cross
        if abs(area) < 1e-9:
            return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        return (cx / (3 * area), cy / (3 * area))

    @property
    def bounds(self) -> Rect:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def contains(self, x: float, y: float) -> bool:
        inside = False
        pts = self.points
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < (x1 - x0) * (y - y0) / (y1 - y0) + x0:
                inside = not inside
        return inside


Shape = Rect | Ellipse | Polygon


def rotated_rect(cx: float, cy: float, w: float, h: float, degrees: float) -> Polygon:
    """A ``w`` × ``h`` rectangle centred on ``cx, cy`` and turned by ``degrees``."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    corners = ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
    return Polygon(tuple((cx + x * c - y * s, cy + x * s + y * c) for x, y in corners))


def annular_sector(
    cx: float, cy: float, r_in: float, r_out: float, start: float, sweep: float, steps: int = 12
) -> Polygon:
    """A ring segment from angle ``start`` over ``sweep`` degrees (clockwise, y down)."""
    outer = [
        (
            cx + r_out * math.cos(math.radians(start + sweep * i / steps)),
            cy + r_out * math.sin(math.radians(start + sweep * i / steps)),
        )
        for i in range(steps + 1)
    ]
    inner = [
        (
            cx + r_in * math.cos(math.radians(start + sweep * i / steps)),
            cy + r_in * math.sin(math.radians(start + sweep * i / steps)),
        )
        for i in range(steps, -1, -1)
    ]
    return Polygon(tuple(outer + inner))


# ------------------------------------------------------------ bets, spots --


@dataclass(frozen=True)
class BetRef:
    """The rules-core bet a spot is, in the terms of the rules CLI contract.

    ``kind`` is the contract's bet kind (``split``, ``hard``, ``ante`` …);
    ``numbers`` (roulette inside bets and sectors, the numbers the request
    names), ``index`` (column, dozen), ``number`` (craps hard ways, bigs,
    come points) and ``box`` (Caribbean Stud) name which one.  An odds spot
    names in ``on`` the spot id of the line or come bet it backs.
    """

    kind: str
    numbers: tuple[int, ...] = ()
    index: int | None = None
    number: int | None = None
    box: int | None = None
    on: str | None = None

    def request_fields(self) -> dict[str, object]:
        """The bet as a rules CLI request names it, without ``id`` and ``amount``.

        ``{"kind": "split", "numbers": [17, 20]}``, ``{"kind": "dozen", "index": 2}``,
        ``{"kind": "hard", "number": 8}``.  An odds bet's ``on`` is the *bet id*
        of the bet it backs, which only the table knows: it is left to the caller
        (``self.on`` names the spot).  A Caribbean Stud spot gives ``box`` and
        which of the box's three bets it is (the request's ``ante``,
        ``progressive`` or ``raise`` of that box).
        """
        fields: dict[str, object] = {"kind": self.kind}
        if self.numbers:
            fields["numbers"] = list(self.numbers)
        if self.index is not None:
            fields["index"] = self.index
        if self.number is not None and self.kind in NUMBERED_KINDS:
            fields["number"] = self.number
        if self.box is not None:
            fields["box"] = self.box
        return fields


#: The bet kinds whose request names a ``number``: craps's hard ways and bigs (a come bet's
#: number is where it travelled, not part of its request), Sic Bo's totals, triples,
#: doubles and single numbers.
NUMBERED_KINDS = frozenset({"hard", "big", "total", "triple", "double", "single"})


Tone = Literal["felt", "red", "black", "green", "gold", "light"]


@dataclass(frozen=True)
class Spot:
    """A place on the felt that takes a bet.

    ``tone`` is how its face is printed (``felt``: outline on the cloth;
    ``red``/``black``/``green``: a filled number box); ``printed`` is false for
    the invisible zones of split, corner, street and six-line bets, which lie
    on the lines of the grid.  ``layer`` orders overlapping zones: the higher
    layer is hit first.
    """

    id: str
    bet: BetRef
    shape: Shape
    label: Label | None = None
    tone: Tone = "felt"
    printed: bool = True
    layer: int = 0
    text_size: float = 20.0
    text_box: Rect | None = None
    rotation: float = 0.0  # of the label, degrees clockwise (boxes round a table face the dealer)
    anchor: tuple[float, float] | None = None  # where chips go, if not the shape's centre

    @property
    def center(self) -> tuple[float, float]:
        """Where chips on this spot are put (inside the spot, on its own layer)."""
        return self.anchor if self.anchor is not None else self.shape.center


@dataclass(frozen=True)
class Decor:
    """A printed shape or label that takes no bet (bands, borders, titles)."""

    shape: Shape | None
    label: Label | None = None
    tone: Tone = "felt"
    outline: bool = True
    text_size: float = 20.0
    rotation: float = 0.0
    text_box: Rect | None = None


# ---------------------------------------------------------------- fixtures --


@dataclass(frozen=True)
class Wheel:
    """The roulette wheel: pockets clockwise from the top, as the ruleset sets them."""

    cx: float
    cy: float
    radius: float
    pockets: tuple[int, ...]
    red: frozenset[int]

    def pocket_angle(self, position: int) -> float:
        """The angle (degrees, clockwise from the x axis, y down) of a pocket's middle."""
        return -90.0 + position * 360.0 / len(self.pockets)


@dataclass(frozen=True)
class Marker:
    """A movable marker: the roulette dolly or the craps puck.

    It rests at ``rest`` and moves to ``positions[n]`` (the winning number, or
    the point).
    """

    kind: Literal["dolly", "puck"]
    rest: tuple[float, float]
    positions: Mapping[int, tuple[float, float]]
    size: float


@dataclass(frozen=True)
class CardPlace:
    """Where a card lies (face down unless ``face_up``)."""

    shape: Polygon
    face_up: bool = False
    owner: str = ""


@dataclass(frozen=True)
class Device:
    """A table device drawn as a labelled box: dealing shoe, shuffling machine."""

    kind: Literal["shoe", "shuffler", "chip_tray"]
    shape: Rect
    label: Label


@dataclass(frozen=True)
class JackpotDisplay:
    """The electronic progressive jackpot display (Art. 1 Caribbean Stud): the pool, and under
    it the fixed award posted for each hand of ``awards`` (Art. 10(3)), by its rules-core name
    (``royal_flush`` …), highest first."""

    shape: Rect
    label: Label
    awards: tuple[tuple[str, Label], ...] = ()


@dataclass(frozen=True)
class Dice:
    """A pair of dice printed on the felt (hard ways, craps, eleven)."""

    cx: float
    cy: float
    faces: tuple[int, ...]
    size: float


Fixture = Wheel | Marker | CardPlace | Device | JackpotDisplay | Dice


# -------------------------------------------------------------------- felt --


GRID_CELL = 50.0  # mm: the squares of the felt's index of its spots (Felt.spot_at)


@dataclass(frozen=True)
class Felt:
    """One game's table layout at real scale (millimetres)."""

    game: Game
    ruleset_id: str
    width: float
    height: float
    table: Shape
    spots: tuple[Spot, ...]
    decor: tuple[Decor, ...] = ()
    fixtures: tuple[Fixture, ...] = ()
    rail: Shape | None = None  # the padded rail's outer edge round ``table``; None: a band
    _index: dict[str, Spot] = field(init=False, repr=False, compare=False)
    _grid: dict[tuple[int, int], tuple[Spot, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, Spot] = {}
        for spot in self.spots:
            if spot.id in index:
                raise ValueError(f"spot id {spot.id!r} is used twice on the {self.game} felt")
            index[spot.id] = spot
        object.__setattr__(self, "_index", index)  # derived from the spots, not a field
        # The spots whose bounds reach into each GRID_CELL-mm square, in the felt's order:
        # spot_at tests a few shapes, not all of them (a roulette felt has about 160).
        grid: dict[tuple[int, int], list[Spot]] = {}
        for spot in self.spots:
            b = spot.shape.bounds
            for i in range(math.floor(b.x / GRID_CELL), math.floor((b.x + b.w) / GRID_CELL) + 1):
                for j in range(
                    math.floor(b.y / GRID_CELL), math.floor((b.y + b.h) / GRID_CELL) + 1
                ):
                    grid.setdefault((i, j), []).append(spot)
        object.__setattr__(self, "_grid", {cell: tuple(s) for cell, s in grid.items()})

    def spot(self, spot_id: str) -> Spot:
        try:
            return self._index[spot_id]
        except KeyError:
            raise KeyError(f"the {self.game} felt has no spot {spot_id!r}") from None

    def __contains__(self, spot_id: object) -> bool:
        return spot_id in self._index

    def __iter__(self) -> Iterator[Spot]:
        return iter(self.spots)

    @property
    def spot_ids(self) -> tuple[str, ...]:
        return tuple(spot.id for spot in self.spots)

    def spot_at(self, x: float, y: float) -> Spot | None:
        """The spot a chip put at ``x, y`` lands on (the highest layer wins)."""
        near = self._grid.get((math.floor(x / GRID_CELL), math.floor(y / GRID_CELL)), ())
        hits = [s for s in near if s.shape.contains(x, y)]
        return max(hits, key=lambda s: s.layer) if hits else None

    def fixture(self, kind: type[Fixture]) -> list[Fixture]:
        return [f for f in self.fixtures if isinstance(f, kind)]
