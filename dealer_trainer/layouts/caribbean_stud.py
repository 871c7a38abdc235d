"""The Caribbean Stud Poker felt (caribbean-stud-2004), in mm.

Art. 2: eight places including the dealer's, so seven player boxes, each
with three betting spots: nearest the dealer the progressive, in the middle
the ante, outermost the raise.  Boxes are numbered 1–7 from the dealer's left
(the right of the picture, as the players see the table), the order of
dealing (Art. 7) and of paying progressive awards (Art. 10(4)).  The dealer
keeps the chip tray, the shoe and the shuffling machine (Art. 1); the
progressive jackpot display shows the pool.  Spot ids: ``box-3-ante``,
``box-3-raise``, ``box-3-progressive``.
"""

from __future__ import annotations

import math

from dealer_trainer.layouts import labels as lbl
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import (
    BetRef,
    CardPlace,
    Decor,
    Device,
    Ellipse,
    Felt,
    Fixture,
    JackpotDisplay,
    Polygon,
    Rect,
    Spot,
    rotated_rect,
)
from dealer_trainer.rules.caribbean_stud import table as rules_table
from dealer_trainer.rules.games import Game

BOXES = tuple(rules_table.BOXES)  # Art. 2(1): eight places with the dealer's, seven boxes
SPOT_KINDS = tuple(spot.value for spot in rules_table.SPOTS_FROM_DEALER)  # Art. 2(2)
WIDTH = 2400.0
HEIGHT = 1260.0
RAIL_Y = 210.0  # the dealer's straight edge ends; the players' arc begins
CENTER = (WIDTH / 2, RAIL_Y)
TABLE_RX, TABLE_RY = 1160.0, 1020.0
CARD_W, CARD_H = 63.0, 88.0  # a poker-size card
#: How far each card of a box's hand lies from the one before (mm): the rank and suit in the
#: corner of every card stay in sight (``painting.card_index_rect`` is 3 + 0.4 × 63 mm wide).
FAN_STEP = 30.0
FAN_WIDTH = CARD_W + 4 * FAN_STEP
RADIUS = {"cards": 476.0, "progressive": 585.0, "ante": 725.0, "raise": 880.0, "number": 985.0}
FIRST_ANGLE, LAST_ANGLE = 18.0, 162.0


def box_angle(box: int) -> float:
    """The direction of a box from the dealer (degrees, y down): box 1 on the dealer's left."""
    return FIRST_ANGLE + (box - 1) * (LAST_ANGLE - FIRST_ANGLE) / (len(BOXES) - 1)


def _at(radius: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (CENTER[0] + radius * math.cos(a), CENTER[1] + radius * math.sin(a))


RAIL = 46.0  # mm of padded rail round the cloth


def _table(grow: float = 0.0) -> Polygon:
    """The cloth: a straight dealer's side and the players' half-ellipse (``grow``: the rail)."""
    rx, ry = TABLE_RX + grow, TABLE_RY + grow
    arc = [
        (CENTER[0] + rx * math.cos(a), CENTER[1] + ry * math.sin(a))
        for a in (math.radians(d) for d in range(0, 181, 3))
    ]
    top = RAIL_Y - 190 - grow
    return Polygon(((CENTER[0] + rx, top), *arc, (CENTER[0] - rx, top)))


def _box_spots(box: int) -> list[Spot]:
    angle = box_angle(box)
    facing = angle - 90.0  # labels read from the player's seat
    spots = []
    for kind in SPOT_KINDS:
        cx, cy = _at(RADIUS[kind], angle)
        if kind == "progressive":
            shape: Ellipse | Polygon = Ellipse(cx, cy, 46, 46)
            text, size = lbl.PROGRESSIVE, 13.0
        elif kind == "ante":
            shape, text, size = Ellipse(cx, cy, 66, 66), lbl.ANTE, 17.0
        else:
            shape, text, size = rotated_rect(cx, cy, 170, 108, facing), lbl.RAISE, 19.0
        spot_id = rules_table.spot_id(box, rules_table.Spot(kind))
        spots.append(
            Spot(
                spot_id,
                BetRef(kind, box=box),
                shape,
                text,
                text_size=size,
                rotation=facing,
                tone="gold" if kind == "progressive" else "felt",
            )
        )
    return spots


def _box_decor(box: int) -> list[Decor]:
    angle = box_angle(box)
    cx, cy = _at(RADIUS["number"], angle)
    return [Decor(Ellipse(cx, cy, 26, 26), Label("", str(box)), tone="light", text_size=22)]


def _card_places() -> list[CardPlace]:
    places: list[CardPlace] = []
    for box in BOXES:
        angle = box_angle(box)
        cx, cy = _at(RADIUS["cards"], angle)
        places.append(
            CardPlace(
                rotated_rect(cx, cy, FAN_WIDTH + 8, CARD_H + 8, angle - 90.0), owner=f"box-{box}"
            )
        )
    first_x = CENTER[0] - 2 * (CARD_W + 14)
    for i in range(5):  # Art. 7: the dealer's fifth card is dealt face up
        x = first_x + i * (CARD_W + 14)
        places.append(
            CardPlace(
                rotated_rect(x, RAIL_Y + 8, CARD_W, CARD_H, 0.0), face_up=i == 4, owner="dealer"
            )
        )
    return places


def caribbean_stud_felt(ruleset_id: str = "caribbean-stud-2004") -> Felt:
    """The Caribbean Stud felt: seven boxes of three spots, the dealer's place and devices."""
    spots: list[Spot] = []
    decor: list[Decor] = []
    for box in BOXES:
        spots += _box_spots(box)
        decor += _box_decor(box)
    decor += [
        Decor(None, lbl.DEALER, text_size=20, text_box=Rect(CENTER[0] - 200, RAIL_Y + 64, 400, 50)),
        Decor(
            None,
            lbl.STUD_TITLE,
            text_size=36,
            text_box=Rect(CENTER[0] - 500, RAIL_Y + 150, 1000, 100),
        ),
        Decor(
            None,
            lbl.DEALER_QUALIFIES,
            text_size=15,
            text_box=Rect(CENTER[0] - 450, RAIL_Y + 250, 900, 60),
        ),
    ]
    fixtures: list[Fixture] = [
        Device("chip_tray", Rect(CENTER[0] - 330, 24, 660, 120), lbl.CHIP_TRAY),
        Device("shoe", Rect(CENTER[0] + 400, 30, 140, 150), lbl.SHOE),
        Device("shuffler", Rect(CENTER[0] - 540, 30, 180, 150), lbl.SHUFFLER),
        # Art. 10(3): the fixed awards are posted at the table, under the pool.
        JackpotDisplay(Rect(70, 24, 570, 314), lbl.JACKPOT, lbl.PROGRESSIVE_AWARDS),
        *_card_places(),
    ]
    return Felt(
        game=Game.CARIBBEAN_STUD,
        ruleset_id=ruleset_id,
        width=WIDTH,
        height=HEIGHT,
        table=_table(),
        rail=_table(RAIL),
        spots=tuple(spots),
        decor=tuple(decor),
        fixtures=tuple(fixtures),
    )
