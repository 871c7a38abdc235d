"""The roulette felt (roulette-2003), built from the rules core's own bet positions.

Every position :func:`dealer_trainer.rules.roulette.all_positions` returns for
the ruleset becomes one spot with the same id (``split-17-20``, ``dozen-2``,
``red``), drawn where a dealer puts the chips: numbers in their cells, splits
on the line between two numbers, corners where four meet, streets and
six-lines on the outer edge of the grid.  The grid runs left to right
(0 at the left, the columns' boxes at the right), the wheel in its ruleset
order sits at the head of the table.  Sizes are a real table's, in mm.
"""

from __future__ import annotations

from dealer_trainer.layouts import labels as lbl
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import (
    BetRef,
    Decor,
    Felt,
    Marker,
    Polygon,
    Rect,
    Shape,
    Spot,
    Tone,
    Wheel,
    annular_sector,
)
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.roulette import RED, WHEEL_ORDERS, BetKind, BetPosition, all_positions
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset

CELL_W = 90.0  # a number's box on a single-zero layout, mm
CELL_H = 80.0
LINE = 11.0  # half the width of the zone on a line of the grid (splits, corners …)
WHEEL_RADIUS = 406.0  # Art. 1: a wheel of about 32 in (81.2 cm)
MARGIN = 70.0

WHEEL_X = MARGIN + WHEEL_RADIUS
GRID_X0 = WHEEL_X + WHEEL_RADIUS + 150.0  # the zero's box
GRID_X = GRID_X0 + CELL_W  # number 1's column
GRID_Y = 230.0
NINE_Y = GRID_Y - 105.0
NINE_H = 64.0
OUTSIDE_Y = GRID_Y + 3 * CELL_H
SECTOR_Y = OUTSIDE_Y + 2 * CELL_H + 24.0
SECTOR_H = 74.0
WIDTH = GRID_X + 13 * CELL_W + MARGIN
HEIGHT = SECTOR_Y + SECTOR_H + 110.0
WHEEL_Y = HEIGHT / 2
NUMBER_RING = (0.70, 0.86)  # pockets' number ring, as fractions of the wheel's radius
TRACK = (WHEEL_RADIUS + 14.0, WHEEL_RADIUS + 66.0)  # wheel-neighbour nine-number zones


def cell(number: int) -> Rect:
    """The box of a number 1–36 (0 is the pointed box at the left)."""
    street, row_from_bottom = divmod(number - 1, 3)
    return Rect(GRID_X + street * CELL_W, GRID_Y + (2 - row_from_bottom) * CELL_H, CELL_W, CELL_H)


def zero_shape() -> Polygon:
    x0, x1, y0, y1 = GRID_X0, GRID_X, GRID_Y, GRID_Y + 3 * CELL_H
    return Polygon(((x1, y0), (x1, y1), (x0 + 30, y1), (x0, (y0 + y1) / 2), (x0 + 30, y0)))


def _square(x: float, y: float, half: float = LINE) -> Rect:
    return Rect(x - half, y - half, 2 * half, 2 * half)


def _edge_center(a: int, b: int) -> tuple[float, float, bool]:
    """The middle of the line between two adjacent numbers, and whether it is vertical."""
    if a == 0:
        x, y = GRID_X, cell(b).center[1]
        return x, y, True
    ra, rb = cell(a), cell(b)
    if b == a + 3:
        return ra.x + ra.w, ra.center[1], True
    return ra.center[0], rb.y + rb.h, False


def _inside_shape(kind: BetKind, numbers: tuple[int, ...]) -> Shape:
    """Where a chip on an inside bet lies: in the box, on a line or on a crossing."""
    if kind is BetKind.STRAIGHT:
        return zero_shape() if numbers == (0,) else cell(numbers[0]).inset(1.0)
    if kind is BetKind.SPLIT:
        x, y, vertical = _edge_center(numbers[0], numbers[1])
        if vertical:
            return Rect(x - LINE, y - CELL_H / 4, 2 * LINE, CELL_H / 2)
        return Rect(x - CELL_W / 4, y - LINE, CELL_W / 2, 2 * LINE)
    if kind is BetKind.STREET:
        if numbers[0] == 0:  # 0-1-2 or 0-2-3: where the zero meets two numbers
            return _square(GRID_X, cell(numbers[1]).y)
        return Rect(cell(numbers[0]).center[0] - CELL_W / 4, OUTSIDE_Y - LINE, CELL_W / 2, 2 * LINE)
    if kind is BetKind.CORNER:
        if numbers[0] == 0:  # 0-1-2-3: the bottom corner of the zero
            return _square(GRID_X, OUTSIDE_Y)
        low = cell(numbers[0])
        return _square(low.x + low.w, low.y)
    assert kind is BetKind.LINE
    return _square(cell(numbers[0]).x + CELL_W, OUTSIDE_Y, LINE * 1.25)


def _is_layout_block(numbers: tuple[int, ...]) -> bool:
    first = numbers[0]
    return first % 3 == 1 and numbers == tuple(range(first, first + 9))


def _nine_shape(numbers: tuple[int, ...], wheel: Wheel) -> tuple[Shape, Label]:
    """A 3×3 block goes in the nine-number strip; a wheel arc on the track round the wheel."""
    if _is_layout_block(numbers):
        block = (numbers[0] - 1) // 3
        width = 12 * CELL_W / 10
        return (
            Rect(GRID_X + block * width, NINE_Y, width, NINE_H).inset(2.0),
            Label("", f"{numbers[0]}–{numbers[-1]}"),
        )
    pockets = wheel.pockets
    count = len(pockets)
    members = set(numbers)
    start = next(
        i
        for i in range(count)
        if all(pockets[(i + j) % count] in members for j in range(len(numbers)))
    )
    middle = (start + len(numbers) // 2) % count
    step = 360.0 / count
    shape = annular_sector(
        wheel.cx, wheel.cy, TRACK[0], TRACK[1], wheel.pocket_angle(middle) - step / 2, step, 3
    )
    return shape, Label("", str(pockets[middle]))


_OUTSIDE_ORDER = (BetKind.LOW, BetKind.EVEN, BetKind.RED, BetKind.BLACK, BetKind.ODD, BetKind.HIGH)


def _outside(position: BetPosition) -> Spot:
    kind, spot_id = position.kind, position.spot_id
    if kind is BetKind.COLUMN:
        assert position.index is not None
        box = Rect(GRID_X + 12 * CELL_W, GRID_Y + (3 - position.index) * CELL_H, CELL_W, CELL_H)
        return Spot(spot_id, _ref(position), box.inset(1), lbl.COLUMN_LABEL, layer=1, text_size=17)
    if kind is BetKind.DOZEN:
        assert position.index is not None
        box = Rect(GRID_X + (position.index - 1) * 4 * CELL_W, OUTSIDE_Y, 4 * CELL_W, CELL_H)
        return Spot(
            spot_id,
            _ref(position),
            box.inset(1),
            lbl.DOZEN_LABELS[position.index - 1],
            layer=1,
            text_size=26,
        )
    slot = _OUTSIDE_ORDER.index(kind)
    box = Rect(GRID_X + slot * 2 * CELL_W, OUTSIDE_Y + CELL_H, 2 * CELL_W, CELL_H).inset(1)
    # red and black: the label is printed across the spot's diamond (see _decor)
    return Spot(
        spot_id, _ref(position), box, lbl.EVEN_CHANCE_LABELS[str(kind)], layer=1, text_size=24
    )


def _ref(position: BetPosition) -> BetRef:
    """The request's terms: numbers for inside bets and sectors, an index for columns and dozens."""
    numbers = position.numbers if position.kind.takes_numbers else ()
    return BetRef(position.kind.value, numbers, position.index)


def roulette_felt(ruleset: Ruleset | None = None) -> Felt:
    """The felt of a roulette ruleset: one spot per legal bet position, in mm."""
    ruleset = ruleset or default_ruleset(Game.ROULETTE)
    on_track = ruleset.choice("nine_number_definition") != "layout_block"
    # the neighbours' track round the wheel needs a deeper table than the wheel alone
    wheel_y = max(WHEEL_Y, TRACK[1] + 40.0) if on_track else WHEEL_Y
    height = max(HEIGHT, wheel_y + TRACK[1] + 40.0) if on_track else HEIGHT
    wheel = Wheel(WHEEL_X, wheel_y, WHEEL_RADIUS, WHEEL_ORDERS[ruleset.choice("wheel_order")], RED)
    spots: list[Spot] = []
    sector_slot = 0
    for position in all_positions(ruleset):
        kind, numbers = position.kind, position.numbers
        if kind is BetKind.STRAIGHT:
            number = numbers[0]
            tone: Tone = "green" if number == 0 else "red" if number in RED else "black"
            spots.append(
                Spot(
                    position.spot_id,
                    _ref(position),
                    _inside_shape(kind, numbers),
                    Label("", str(number)),
                    tone=tone,
                    layer=1,
                    text_size=34,
                )
            )
        elif kind in (BetKind.SPLIT, BetKind.STREET, BetKind.CORNER, BetKind.LINE):
            spots.append(
                Spot(
                    position.spot_id,
                    _ref(position),
                    _inside_shape(kind, numbers),
                    printed=False,
                    layer=3,
                )
            )
        elif kind is BetKind.NINE:
            shape, text = _nine_shape(numbers, wheel)
            on_track = not isinstance(shape, Rect)
            spots.append(
                Spot(
                    position.spot_id,
                    _ref(position),
                    shape,
                    text,
                    layer=2,
                    text_size=14 if on_track else 20,
                )
            )
        elif kind is BetKind.SECTOR12:
            box = Rect(GRID_X + sector_slot * 6 * CELL_W, SECTOR_Y, 6 * CELL_W, SECTOR_H).inset(2)
            sector_slot += 1
            shown = " · ".join(str(n) for n in numbers)
            spots.append(
                Spot(position.spot_id, _ref(position), box, Label("", shown), layer=1, text_size=15)
            )
        else:
            spots.append(_outside(position))
    return Felt(
        game=Game.ROULETTE,
        ruleset_id=ruleset.id,
        width=WIDTH,
        height=height,
        table=Rect(0, 0, WIDTH, height),
        spots=tuple(spots),
        decor=_decor(spots),
        fixtures=(wheel, _dolly()),
    )


def _decor(spots: list[Spot]) -> tuple[Decor, ...]:
    decor: list[Decor] = [
        # the outer border of the grid, the number boxes' frame
        Decor(Rect(GRID_X0 - 6, GRID_Y - 6, 14 * CELL_W + 12, 5 * CELL_H + 12), tone="felt"),
    ]
    has_nine_strip = any(s.bet.kind == "nine" and isinstance(s.shape, Rect) for s in spots)
    if has_nine_strip:
        decor.append(
            Decor(
                None,
                lbl.NINE_TITLE,
                text_size=18,
                text_box=Rect(GRID_X, NINE_Y - 42, 12 * CELL_W, 38),
            )
        )
    else:
        decor.append(
            Decor(None, lbl.NINE_TITLE, text_size=18, text_box=Rect(10, 12, 340, 56))
        )  # the track's corner
    decor.append(
        Decor(
            None,
            lbl.SECTOR12_TITLE,
            text_size=18,
            text_box=Rect(GRID_X, SECTOR_Y + SECTOR_H + 6, 12 * CELL_W, 38),
        )
    )
    for kind in ("red", "black"):
        box = next(s.shape for s in spots if s.id == kind).bounds
        # the diamond fills the spot, as on the tables; the label is printed across it
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        half_w, half_h = box.w * 0.44, box.h * 0.42
        diamond = Polygon(
            ((cx - half_w, cy), (cx, cy - half_h), (cx + half_w, cy), (cx, cy + half_h))
        )
        decor.append(Decor(diamond, tone="red" if kind == "red" else "black", outline=False))
    return tuple(decor)


def _dolly() -> Marker:
    """The dolly rests by the zero and is put on the winning number (Art. 4)."""
    positions = {n: cell(n).center for n in range(1, 37)}
    positions[0] = zero_shape().center
    return Marker("dolly", (GRID_X0 + CELL_W / 2, SECTOR_Y + SECTOR_H / 2), positions, 42.0)
