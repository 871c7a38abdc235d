"""The craps felt of Portaria 97/85/M (craps-1985), one end of the table, in mm.

Every bet kind of the regulation has its place, named by the rules CLI's
kinds: ``pass``, ``dont_pass`` (bar 12), ``come``, ``dont_come`` (bar 12),
``field`` (2 and 12 pay double, Art. 4), ``big-6`` … ``big-4`` (Arts. 9–11),
``hard-4`` … ``hard-10`` (Art. 5), ``big7`` (Art. 6), ``eleven`` (Art. 7) and
``any_craps`` (Art. 8).  Odds (Art. 2(2), 3(2)) sit behind the line they
back: ``pass-odds``, ``dont_pass-odds``; a come bet travels to its number's
box (``come-8``) and takes its odds beside it (``come-8-odds``); don't-come
bets sit at the top of the box (``dont_come-8``, ``dont_come-8-odds``).
The puck marks the point on its box, or lies OFF in the don't-come bar.
"""

from __future__ import annotations

from dealer_trainer.layouts import labels as lbl
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import (
    BetRef,
    Decor,
    Dice,
    Ellipse,
    Felt,
    Marker,
    Polygon,
    Rect,
    Spot,
)
from dealer_trainer.rules.craps import BetKind
from dealer_trainer.rules.craps.model import BIG_NUMBERS, HARD_NUMBERS, POINT_NUMBERS
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP

POINTS = tuple(sorted(POINT_NUMBERS))  # the boxes, left to right
HARD_WAYS = (6, 10, 8, 4)  # as printed: two rows, 9 to 1 beside 7 to 1
BIGS = (6, 8, 5, 9, 4, 10)  # as printed: Big 6/8, Big 5/9, Big 4/10
assert set(HARD_WAYS) == HARD_NUMBERS and set(BIGS) == BIG_NUMBERS, "craps rules changed"

MARGIN = 60.0
WIDTH = 1900.0
HEIGHT = 1180.0
LINE_W = 110.0  # the pass line's width
RIGHT = 1290.0  # where the line bets end and the centre (one-roll bets) begins
LEFT = MARGIN + LINE_W
BIG_W = 230.0

Y_BOTTOM = HEIGHT - MARGIN
PASS_ODDS = Rect(MARGIN, Y_BOTTOM - 64, RIGHT - MARGIN, 64)
PASS_Y = PASS_ODDS.y - LINE_W
DONT_PASS_Y = PASS_Y - 76
FIELD_Y = DONT_PASS_Y - 190
COME_Y = FIELD_Y - 170
BOX_Y = MARGIN + 40
BOX_H = COME_Y - BOX_Y
DONT_COME_W = 170.0
BOX_W = (RIGHT - LEFT - DONT_COME_W) / 6
CENTER_X = RIGHT + 50
CENTER_W = WIDTH - MARGIN - CENTER_X

POINT_NAMES = {
    4: Label("四", "4"),
    5: Label("五", "5"),
    6: Label("六", QT_TRANSLATE_NOOP("felt", "SIX")),
    8: Label("八", "8"),
    9: Label("九", QT_TRANSLATE_NOOP("felt", "NINE")),
    10: Label("十", "10"),
}
# The printed payouts, each a literal for the translators (Art. 5 and Arts. 9 to 11).
HARD_PAYS = {
    4: QT_TRANSLATE_NOOP("felt", "7 to 1"),
    10: QT_TRANSLATE_NOOP("felt", "7 to 1"),
    6: QT_TRANSLATE_NOOP("felt", "9 to 1"),
    8: QT_TRANSLATE_NOOP("felt", "9 to 1"),
}
BIG_LABELS = {
    6: QT_TRANSLATE_NOOP("felt", "BIG 6 · 7 to 6"),
    8: QT_TRANSLATE_NOOP("felt", "BIG 8 · 7 to 6"),
    5: QT_TRANSLATE_NOOP("felt", "BIG 5 · 7 to 5"),
    9: QT_TRANSLATE_NOOP("felt", "BIG 9 · 7 to 5"),
    4: QT_TRANSLATE_NOOP("felt", "BIG 4 · 9 to 5"),
    10: QT_TRANSLATE_NOOP("felt", "BIG 10 · 9 to 5"),
}


def _bet(kind: BetKind, *, number: int | None = None, on: str | None = None) -> BetRef:
    """The rules core's bet a spot is, by its own kind."""
    return BetRef(kind.value, number=number, on=on)


FELT_DONT_PASS = Rect(LEFT + BIG_W, DONT_PASS_Y, RIGHT - LEFT - BIG_W - 240, PASS_Y - DONT_PASS_Y)


def point_box(number: int) -> Rect:
    """The box of a point number, where come bets travel and the puck marks the point."""
    slot = POINTS.index(number)
    return Rect(LEFT + DONT_COME_W + slot * BOX_W, BOX_Y, BOX_W, BOX_H)


def _point_spots(number: int) -> list[Spot]:
    box = point_box(number)
    top_h, low_h, split = 58.0, 104.0, box.w * 0.56
    low_y = box.y + box.h - low_h
    dc, come = f"dont_come-{number}", f"come-{number}"
    return [
        Spot(
            dc,
            _bet(BetKind.DONT_COME, number=number),
            Rect(box.x, box.y, split, top_h).inset(3),
            lbl.DONT_COME_SHORT,
            text_size=10,
        ),
        Spot(
            f"{dc}-odds",
            _bet(BetKind.ODDS, number=number, on=dc),
            Rect(box.x + split, box.y, box.w - split, top_h).inset(3),
            lbl.LAY_ODDS,
            text_size=10,
        ),
        Spot(
            come,
            _bet(BetKind.COME, number=number),
            Rect(box.x, low_y, split, low_h).inset(3),
            lbl.COME,
            text_size=13,
        ),
        Spot(
            f"{come}-odds",
            _bet(BetKind.ODDS, number=number, on=come),
            Rect(box.x + split, low_y, box.w - split, low_h).inset(3),
            lbl.ODDS,
            text_size=13,
        ),
    ]


def _line_spots() -> list[Spot]:
    pass_shape = Polygon(
        (
            (MARGIN, BOX_Y),
            (LEFT, BOX_Y),
            (LEFT, PASS_Y),
            (RIGHT, PASS_Y),
            (RIGHT, PASS_ODDS.y),
            (MARGIN, PASS_ODDS.y),
        )
    )
    dont_pass = FELT_DONT_PASS
    dont_pass_odds = Rect(dont_pass.x + dont_pass.w, DONT_PASS_Y, 240, dont_pass.h)
    return [
        Spot(
            "pass",
            _bet(BetKind.PASS),
            pass_shape,
            lbl.PASS,
            text_size=36,
            text_box=Rect(LEFT, PASS_Y, RIGHT - LEFT, LINE_W),
            anchor=(LEFT + 160, PASS_Y + LINE_W / 2),
        ),
        Spot(
            "pass-odds", _bet(BetKind.ODDS, on="pass"), PASS_ODDS.inset(2), lbl.ODDS, text_size=20
        ),
        Spot(
            "dont_pass",
            _bet(BetKind.DONT_PASS),
            dont_pass.inset(2),
            lbl.DONT_PASS,
            text_size=24,
            text_box=Rect(dont_pass.x, dont_pass.y, dont_pass.w * 0.62, dont_pass.h),
        ),
        Spot(
            "dont_pass-odds",
            _bet(BetKind.ODDS, on="dont_pass"),
            dont_pass_odds.inset(2),
            lbl.LAY_ODDS,
            text_size=18,
        ),
        Spot(
            "field",
            _bet(BetKind.FIELD),
            Rect(LEFT + BIG_W, FIELD_Y, RIGHT - LEFT - BIG_W, DONT_PASS_Y - FIELD_Y).inset(2),
            lbl.FIELD,
            text_size=30,
            text_box=Rect(LEFT + BIG_W, FIELD_Y + 112, RIGHT - LEFT - BIG_W, 70),
        ),
        Spot(
            "come",
            _bet(BetKind.COME),
            Rect(LEFT, COME_Y, RIGHT - LEFT, FIELD_Y - COME_Y).inset(2),
            lbl.COME,
            text_size=52,
        ),
        Spot(
            "dont_come",
            _bet(BetKind.DONT_COME),
            Rect(LEFT, BOX_Y, DONT_COME_W, BOX_H).inset(2),
            lbl.DONT_COME,
            text_size=17,
            text_box=Rect(LEFT, BOX_Y + BOX_H - 120, DONT_COME_W, 110),
        ),
    ]


def _big_spots() -> list[Spot]:
    top = FIELD_Y
    w, h = BIG_W / 2, (PASS_Y - FIELD_Y) / 3
    spots = []
    for i, number in enumerate(BIGS):
        row, col = divmod(i, 2)
        rect = Rect(LEFT + col * w, top + row * h, w, h).inset(2)
        spots.append(
            Spot(
                f"big-{number}",
                _bet(BetKind.BIG, number=number),
                rect,
                Label(f"大{number}", BIG_LABELS[number]),
                text_size=14,
            )
        )
    return spots


def _center_spots() -> tuple[list[Spot], list[Decor | Dice]]:
    x, w = CENTER_X, CENTER_W
    y = BOX_Y
    spots: list[Spot] = [
        Spot(
            "big7",
            _bet(BetKind.BIG7),
            Rect(x, y, w, 110).inset(2),
            lbl.BIG7,
            tone="red",
            text_size=28,
        ),
    ]
    extras: list[Decor | Dice] = [
        Decor(None, lbl.HARD_WAYS, text_size=18, text_box=Rect(x, y + 114, w, 44)),
    ]
    y += 166
    hw, hh = w / 2, 150.0
    for i, number in enumerate(HARD_WAYS):
        row, col = divmod(i, 2)
        rect = Rect(x + col * hw, y + row * hh, hw, hh).inset(2)
        spots.append(
            Spot(
                f"hard-{number}",
                _bet(BetKind.HARD, number=number),
                rect,
                Label(f"硬{number}", HARD_PAYS[number]),
                text_size=18,
                text_box=Rect(rect.x, rect.y + hh * 0.55, rect.w, hh * 0.4),
            )
        )
        extras.append(Dice(rect.center[0], rect.y + hh * 0.3, (number // 2, number // 2), 40.0))
    y += 2 * hh + 14
    eleven = Rect(x, y, w, 130).inset(2)
    spots.append(
        Spot(
            "eleven",
            _bet(BetKind.ELEVEN),
            eleven,
            lbl.ELEVEN,
            text_size=22,
            text_box=Rect(eleven.x + w * 0.3, eleven.y, w * 0.7, eleven.h),
        )
    )
    extras.append(Dice(x + w * 0.16, eleven.center[1], (5, 6), 36.0))
    y += 146
    craps = Rect(x, y, w, 150).inset(2)
    spots.append(
        Spot(
            "any_craps",
            _bet(BetKind.ANY_CRAPS),
            craps,
            lbl.ANY_CRAPS,
            text_size=22,
            text_box=Rect(craps.x, craps.y + 78, craps.w, 66),
        )
    )
    for i, faces in enumerate(((1, 1), (1, 2), (6, 6))):
        extras.append(Dice(x + w * (0.22 + 0.28 * i), craps.y + 42, faces, 32.0))
    return spots, extras


def _field_decor() -> list[Decor]:
    """The field's numbers, with 2 and 12 circled: they pay double (Art. 4)."""
    field = Rect(LEFT + BIG_W, FIELD_Y, RIGHT - LEFT - BIG_W, DONT_PASS_Y - FIELD_Y)
    numbers = (2, 3, 4, 9, 10, 11, 12)
    step = field.w / len(numbers)
    decor: list[Decor] = []
    for i, number in enumerate(numbers):
        cx, cy = field.x + step * (i + 0.5), field.y + 62
        doubled = number in (2, 12)
        if doubled:
            decor.append(Decor(Ellipse(cx, cy, 46, 46), tone="red", outline=True))
        decor.append(
            Decor(
                None,
                Label("", str(number)),
                text_size=44 if doubled else 40,
                text_box=Rect(cx - 50, cy - 36, 100, 72),
            )
        )
        if doubled:
            decor.append(
                Decor(
                    None, lbl.FIELD_DOUBLE, text_size=12, text_box=Rect(cx - 80, cy + 46, 160, 40)
                )
            )
    return decor


def craps_felt(ruleset_id: str = "craps-1985") -> Felt:
    """The craps felt (one end of the table); the same print serves craps-2010's line bets."""
    spots = _line_spots()
    for number in POINTS:
        spots += _point_spots(number)
    spots += _big_spots()
    center, extras = _center_spots()
    spots += center
    decor: list[Decor] = [
        Decor(
            None,
            POINT_NAMES[n],
            text_size=40,
            text_box=Rect(point_box(n).x, point_box(n).y + 140, BOX_W, point_box(n).h - 250),
        )
        for n in POINTS
    ]
    decor.append(
        Decor(
            None,
            lbl.PASS,
            text_size=30,
            rotation=-90.0,
            text_box=Rect(MARGIN + LINE_W / 2 - 200, (BOX_Y + PASS_Y) / 2 - 50, 400, 100),
        )
    )
    decor += [Decor(Rect(point_box(n).x, BOX_Y, BOX_W, BOX_H), outline=True) for n in POINTS]
    decor += _field_decor()
    decor += [d for d in extras if isinstance(d, Decor)]
    puck = Marker(
        "puck",
        (LEFT + DONT_COME_W / 2, BOX_Y + 60),
        {n: (point_box(n).center[0], point_box(n).y + 100) for n in POINTS},
        36.0,
    )
    return Felt(
        game=Game.CRAPS,
        ruleset_id=ruleset_id,
        width=WIDTH,
        height=HEIGHT,
        table=Rect(0, 0, WIDTH, HEIGHT),
        spots=tuple(spots),
        decor=tuple(decor),
        fixtures=(*[d for d in extras if isinstance(d, Dice)], *_bar_twelve(), puck),
    )


def _bar_twelve() -> tuple[Dice, ...]:
    """Double six printed on both don't bars: a 12 there is barred, a push (Art. 3(1), 3(3))."""
    dont_pass = FELT_DONT_PASS
    return (
        Dice(dont_pass.x + dont_pass.w * 0.8, dont_pass.center[1], (6, 6), 34.0),
        Dice(LEFT + DONT_COME_W / 2, BOX_Y + BOX_H - 160, (6, 6), 34.0),
    )
