"""The Sic Bo (骰寶) felt of a Macau table, on the house's pay table, in mm.

Drawn for the usual rectangular Sic Bo table of the Macau floors, an 8-foot
table: a cloth of 2440 × 1220 mm, the dealer and the shaker at the top edge,
the players along the bottom.  The boxes are sized for 40 mm chips (the
narrowest, a double, is 100 mm wide; a combination 155 mm) and follow the
order of the electronic layouts: along the top row SMALL, the doubles 1–3,
the specific triples 1–3, ANY TRIPLE, the triples 4–6, the doubles 4–6 and
BIG (with ODD and EVEN at the two ends where the house offers them), then the
totals 4 to 17, the fifteen two-dice combinations, and the six single numbers.

Every spot is a bet of the rules core (``dealer_trainer.rules.sic_bo``),
named as its request names it: ``small``, ``total-9``, ``triple-6``,
``any_triple``, ``double-2``, ``combination-2-5``, ``single-4``.  Each
payout printed is the ruleset's (the house's pay table), so a house that
changes one sees its own number on the felt.  :func:`lit_spots` gives the
areas an electronic layout lights for a throw: the spots the rules
core's electronic layout (``winning_spots``) lights for those dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from typing import Any

from dealer_trainer.glossary import felt_print
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import BetRef, Decor, Dice, Ellipse, Felt, Rect, Spot
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP

WIDTH = 2440.0  # an 8-foot table's cloth
HEIGHT = 1220.0
MARGIN = 60.0
INNER_W = WIDTH - 2 * MARGIN

DEALER = Rect(MARGIN, MARGIN, INNER_W, 180.0)  # the dealer's strip: the shaker, the title
SHAKER = Ellipse(WIDTH / 2, DEALER.y + DEALER.h / 2, 150.0, 80.0)
ROW1 = Rect(MARGIN, 255.0, INNER_W, 280.0)  # small, doubles, triples, any triple, big
TOTALS = Rect(MARGIN, ROW1.y + ROW1.h + 15, INNER_W, 170.0)
COMBINATIONS = Rect(MARGIN, TOTALS.y + TOTALS.h + 15, INNER_W, 195.0)
SINGLES = Rect(MARGIN, COMBINATIONS.y + COMBINATIONS.h + 15, INNER_W, 190.0)

ODD_EVEN_W = 180.0  # an odd or even box, where the house offers them
DOUBLE_W = 100.0
TRIPLES_W = 220.0  # the column of three specific triples
CHIP = 40.0  # mm, a casino chip: every box takes one whole

FACES = (1, 2, 3, 4, 5, 6)
TOTAL_NUMBERS = tuple(range(4, 18))
COMBINATION_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(FACES, 2))

SIC_BO_TITLE = Label("骰寶", QT_TRANSLATE_NOOP("felt", "SIC BO"))
SHAKER_LABEL = Label("骰盅", QT_TRANSLATE_NOOP("felt", "SHAKER"))
SMALL = Label(felt_print("sic_bo.small"), QT_TRANSLATE_NOOP("felt", "SMALL"))
BIG = Label(felt_print("sic_bo.big"), QT_TRANSLATE_NOOP("felt", "BIG"))
ODD = Label(felt_print("sic_bo.odd"), QT_TRANSLATE_NOOP("felt", "ODD"))
EVEN = Label(felt_print("sic_bo.even"), QT_TRANSLATE_NOOP("felt", "EVEN"))
LOSE_ON_TRIPLE = Label("圍骰通殺", QT_TRANSLATE_NOOP("felt", "LOSES ON ANY TRIPLE"))
ANY_TRIPLE = Label(felt_print("sic_bo.any_triple"), QT_TRANSLATE_NOOP("felt", "ANY TRIPLE"))
RANGE = QT_TRANSLATE_NOOP("felt", "%1 TO %2")  # small's 4 to 10, big's 11 to 17


def payout_label(ratio: Fraction) -> Label:
    """A payout as a Macau felt prints it: ``1賠60`` over ``60 TO 1``."""
    win, stake = ratio.numerator, ratio.denominator
    return Label(f"{stake}賠{win}", QT_TRANSLATE_NOOP("felt", "%1 TO %2"), (str(win), str(stake)))


class PayTable:
    """What the felt prints of a ruleset: each spot's payout, and which bets the house offers.

    ``pays`` maps a spot id to its payout (``total-4`` → 60); a single number maps to its
    three payouts, for one, two and three dice showing it (``single`` → (1, 2, 3)).
    """

    def __init__(
        self,
        ruleset_id: str,
        pays: Mapping[str, Fraction],
        single: tuple[Fraction, Fraction, Fraction],
        odd_even: bool,
        lose_on_triple: frozenset[str] = frozenset({"small", "big", "odd", "even"}),
    ) -> None:
        self.ruleset_id = ruleset_id
        self.pays = pays
        self.single = single
        self.odd_even = odd_even
        #: The even-money bets that lose on any triple (the felt prints it under them).
        self.lose_on_triple = lose_on_triple

    def of(self, spot_id: str) -> Fraction:
        try:
            return self.pays[spot_id]
        except KeyError:
            raise KeyError(
                f"the pay table of {self.ruleset_id} has no payout for {spot_id}"
            ) from None


# ------------------------------------------------------------------- spots --


def _even_money_spots(table: PayTable, row: Rect) -> tuple[list[Spot], list[Decor], float, float]:
    """Small and big at the two ends of the top row (odd and even outside them, if offered).

    Returns the spots, their printed texts, and the x where the middle of the row starts
    and ends.
    """
    spots: list[Spot] = []
    decor: list[Decor] = []
    left, right = row.x, row.x + row.w
    if table.odd_even:
        for spot_id, label, x in (("odd", ODD, left), ("even", EVEN, right - ODD_EVEN_W)):
            rect = Rect(x, row.y, ODD_EVEN_W, row.h).inset(3)
            spots.append(
                Spot(
                    spot_id,
                    BetRef(spot_id),
                    rect,
                    label,
                    text_size=34,
                    text_box=Rect(rect.x, rect.y + 20, rect.w, 120),
                )
            )
            decor += _pay_and_triple_rule(table, spot_id, rect)
        left += ODD_EVEN_W
        right -= ODD_EVEN_W
    side = 0.0
    for spot_id, label, numbers in (
        ("small", SMALL, ("4", "10")),
        ("big", BIG, ("11", "17")),
    ):
        side = (INNER_W - 2 * (ODD_EVEN_W if table.odd_even else 0)) * 0.14
        x = left if spot_id == "small" else right - side
        rect = Rect(x, row.y, side, row.h).inset(3)
        spots.append(
            Spot(
                spot_id,
                BetRef(spot_id),
                rect,
                label,
                text_size=40,
                text_box=Rect(rect.x, rect.y + 6, rect.w, 112),
            )
        )
        decor.append(
            Decor(
                None,
                Label("", RANGE, numbers),
                text_size=22,
                text_box=Rect(rect.x, rect.y + 116, rect.w, 34),
            )
        )
        decor += _pay_and_triple_rule(table, spot_id, rect)
    return spots, decor, left + side, right - side


def _pay_and_triple_rule(table: PayTable, spot_id: str, rect: Rect) -> list[Decor]:
    """An even-money box's payout, and that it loses on any triple (where it does)."""
    printed = [
        Decor(
            None,
            payout_label(table.of(spot_id)),
            text_size=21,
            text_box=Rect(rect.x, rect.y + rect.h - 118, rect.w, 60),
        ),
    ]
    if spot_id in table.lose_on_triple:
        printed.append(
            Decor(
                None,
                LOSE_ON_TRIPLE,
                text_size=14,
                text_box=Rect(rect.x, rect.y + rect.h - 56, rect.w, 48),
            )
        )
    return printed


def _middle_spots(
    table: PayTable, row: Rect, x0: float, x1: float
) -> tuple[list[Spot], list[Decor], list[Dice]]:
    """Doubles 1–3, triples 1–3, any triple, triples 4–6, doubles 4–6, left to right."""
    spots: list[Spot] = []
    decor: list[Decor] = []
    dice: list[Dice] = []
    any_w = (x1 - x0) - 2 * (3 * DOUBLE_W + TRIPLES_W)
    x = x0

    def doubles(faces: Sequence[int]) -> None:
        nonlocal x
        for face in faces:
            rect = Rect(x, row.y, DOUBLE_W, row.h).inset(3)
            spot_id = f"double-{face}"
            spots.append(
                Spot(
                    spot_id,
                    BetRef("double", number=face),
                    rect,
                    None,
                    anchor=(rect.center[0], rect.y + 150),
                )
            )
            dice.append(Dice(rect.center[0], rect.y + 44, (face,), 34.0))
            dice.append(Dice(rect.center[0], rect.y + 84, (face,), 34.0))
            decor.append(
                Decor(
                    None,
                    payout_label(table.of(spot_id)),
                    text_size=18,
                    text_box=Rect(rect.x, rect.y + rect.h - 76, rect.w, 64),
                )
            )
            x += DOUBLE_W

    def triples(faces: Sequence[int]) -> None:
        nonlocal x
        h = row.h / 3
        for i, face in enumerate(faces):
            rect = Rect(x, row.y + i * h, TRIPLES_W, h).inset(3)
            spot_id = f"triple-{face}"
            spots.append(
                Spot(
                    spot_id,
                    BetRef("triple", number=face),
                    rect,
                    None,
                    anchor=(rect.x + rect.w * 0.78, rect.center[1]),
                )
            )
            dice.append(Dice(rect.x + rect.w * 0.3, rect.y + 26, (face, face, face), 26.0))
            decor.append(
                Decor(
                    None,
                    payout_label(table.of(spot_id)),
                    text_size=15,
                    text_box=Rect(rect.x, rect.y + 40, rect.w * 0.6, rect.h - 42),
                )
            )
        x += TRIPLES_W

    doubles(FACES[:3])
    triples(FACES[:3])
    rect = Rect(x, row.y, any_w, row.h).inset(3)
    spots.append(
        Spot(
            "any_triple",
            BetRef("any_triple"),
            rect,
            ANY_TRIPLE,
            text_size=30,
            text_box=Rect(rect.x, rect.y + 10, rect.w, 90),
            anchor=(rect.center[0], rect.y + 200),
        )
    )
    decor.append(
        Decor(
            None,
            payout_label(table.of("any_triple")),
            text_size=20,
            text_box=Rect(rect.x, rect.y + 92, rect.w, 56),
        )
    )
    for i, face in enumerate(FACES):
        col, line = divmod(i, 3)
        cx = rect.x + rect.w * (0.2 if col == 0 else 0.8)
        dice.append(Dice(cx, rect.y + 160 + line * 34, (face, face, face), 24.0))
    x += any_w
    triples(FACES[3:])
    doubles(FACES[3:])
    return spots, decor, dice


def _total_spots(table: PayTable) -> tuple[list[Spot], list[Decor]]:
    spots: list[Spot] = []
    decor: list[Decor] = []
    w = TOTALS.w / len(TOTAL_NUMBERS)
    for i, total in enumerate(TOTAL_NUMBERS):
        rect = Rect(TOTALS.x + i * w, TOTALS.y, w, TOTALS.h).inset(3)
        spot_id = f"total-{total}"
        spots.append(
            Spot(
                spot_id,
                BetRef("total", number=total),
                rect,
                Label("", str(total)),
                text_size=48,
                text_box=Rect(rect.x, rect.y + 6, rect.w, 80),
                anchor=(rect.center[0], rect.y + 86),
            )
        )
        decor.append(
            Decor(
                None,
                payout_label(table.of(spot_id)),
                text_size=20,
                text_box=Rect(rect.x, rect.y + rect.h - 66, rect.w, 60),
            )
        )
    return spots, decor


def _combination_spots(table: PayTable) -> tuple[list[Spot], list[Decor], list[Dice]]:
    spots: list[Spot] = []
    decor: list[Decor] = []
    dice: list[Dice] = []
    w = COMBINATIONS.w / len(COMBINATION_PAIRS)
    for i, (a, b) in enumerate(COMBINATION_PAIRS):
        rect = Rect(COMBINATIONS.x + i * w, COMBINATIONS.y, w, COMBINATIONS.h).inset(3)
        spot_id = f"combination-{a}-{b}"
        spots.append(
            Spot(
                spot_id,
                BetRef("combination", numbers=(a, b)),
                rect,
                None,
                anchor=(rect.center[0], rect.y + 92),
            )
        )
        dice.append(Dice(rect.center[0], rect.y + 44, (a, b), 48.0))
        decor.append(
            Decor(
                None,
                payout_label(table.of(spot_id)),
                text_size=21,
                text_box=Rect(rect.x, rect.y + rect.h - 72, rect.w, 66),
            )
        )
    return spots, decor, dice


def _single_spots(table: PayTable) -> tuple[list[Spot], list[Decor], list[Dice]]:
    """A single number's box: its die, and what it pays for one, two or three dice showing it."""
    spots: list[Spot] = []
    decor: list[Decor] = []
    dice: list[Dice] = []
    w = SINGLES.w / len(FACES)
    for i, face in enumerate(FACES):
        rect = Rect(SINGLES.x + i * w, SINGLES.y, w, SINGLES.h).inset(3)
        spots.append(
            Spot(
                f"single-{face}",
                BetRef("single", number=face),
                rect,
                None,
                anchor=(rect.x + rect.w * 0.2, rect.y + rect.h - 38),
            )
        )
        dice.append(Dice(rect.x + rect.w * 0.2, rect.y + 68, (face,), 84.0))
        for line, (count, ratio) in enumerate(zip((1, 2, 3), table.single, strict=True)):
            y = rect.y + 26 + line * 52
            dice.append(Dice(rect.x + rect.w * 0.5, y + 16, (face,) * count, 26.0))
            decor.append(
                Decor(
                    None,
                    payout_label(ratio),
                    text_size=16,
                    text_box=Rect(rect.x + rect.w * 0.66, y - 8, rect.w * 0.32, 50),
                )
            )
    return spots, decor, dice


def _row_titles() -> list[Decor]:
    """The dealer's strip: the game's name at the left and right, the shaker in the middle."""
    return [
        Decor(
            SHAKER,
            SHAKER_LABEL,
            tone="gold",
            outline=True,
            text_size=16,
            text_box=Rect(SHAKER.cx - 120, SHAKER.cy - SHAKER.ry + 4, 240, 52),
        ),
        Decor(
            None,
            SIC_BO_TITLE,
            text_size=44,
            text_box=Rect(DEALER.x, DEALER.y, DEALER.w * 0.3, DEALER.h),
        ),
        Decor(
            None,
            SIC_BO_TITLE,
            text_size=44,
            text_box=Rect(DEALER.x + DEALER.w * 0.7, DEALER.y, DEALER.w * 0.3, DEALER.h),
        ),
    ]


def sic_bo_felt_of(table: PayTable) -> Felt:
    """The felt that prints ``table``."""
    spots, decor, middle_x0, middle_x1 = _even_money_spots(table, ROW1)
    middle, middle_decor, dice = _middle_spots(table, ROW1, middle_x0, middle_x1)
    totals, total_decor = _total_spots(table)
    pairs, pair_decor, pair_dice = _combination_spots(table)
    singles, single_decor, single_dice = _single_spots(table)
    return Felt(
        game=Game.SIC_BO,
        ruleset_id=table.ruleset_id,
        width=WIDTH,
        height=HEIGHT,
        table=Rect(0, 0, WIDTH, HEIGHT),
        spots=(*spots, *middle, *totals, *pairs, *singles),
        decor=(*_row_titles(), *decor, *middle_decor, *total_decor, *pair_decor, *single_decor),
        fixtures=(*dice, *pair_dice, *single_dice),
    )


#: Where the dice of a throw come to rest on the felt: in the shaker, before the dealer.
DICE_AT = (SHAKER.cx, SHAKER.cy + 22)


def _winning_throw(spot: Spot) -> tuple[int, int, int]:
    """A throw that wins the bet of ``spot`` (the pay table asks the rules core what it pays)."""
    bet = spot.bet
    number = bet.number or 0
    throws: dict[str, tuple[int, int, int]] = {
        "small": (1, 2, 4),
        "big": (3, 4, 6),
        "odd": (1, 2, 4),
        "even": (1, 2, 5),
        "any_triple": (2, 2, 2),
        "triple": (number, number, number),
        "double": (number, number, 7 - number),
        "single": (number, 7 - number, 7 - number),
    }
    if bet.kind == "total":
        first = max(1, number - 12)  # three dice, not all alike, that add up to ``number``
        rest = number - first
        second = max(1, rest - 6)
        return (first, second, rest - second)
    if bet.kind == "combination":
        a, b = bet.numbers
        third = next(f for f in FACES if f not in (a, b))
        return (a, b, third)
    return throws[bet.kind]


def _settled(
    ruleset: Ruleset, bets: list[dict[str, object]], dice: Sequence[int]
) -> list[dict[str, Any]]:
    from dealer_trainer.rules.sic_bo.api import settle  # noqa: PLC0415 (the rules on first use)

    request = {"game": Game.SIC_BO, "bets": bets, "outcome": {"dice": list(dice)}}
    return list(settle(request, ruleset)["results"])


STAKE = Decimal(10)  # what the felt's pay table stakes on each spot to ask what it pays


def pay_table(ruleset: Ruleset) -> PayTable:
    """The felt's pay table: what the rules core pays each spot's bet under ``ruleset``."""
    odd_even = ruleset.flag("odd_even_offered")
    skeleton = sic_bo_felt_of(PayTable(ruleset.id, _Any(), (Fraction(1),) * 3, odd_even))
    pays: dict[str, Fraction] = {}
    for spot in skeleton:
        if spot.bet.kind == "single":
            continue
        bet = {"id": spot.id, "amount": str(STAKE), **spot.bet.request_fields()}
        (result,) = _settled(ruleset, [bet], _winning_throw(spot))
        pays[spot.id] = Fraction(result["pays"])
    # On a triple inside its range (2-2-2 is a small total of 6, an even one; 5-5-5 a big,
    # odd 15), does the even-money bet lose?
    triple_of = {"small": (2, 2, 2), "even": (2, 2, 2), "big": (5, 5, 5), "odd": (5, 5, 5)}
    lose_on_triple = set()
    for spot in skeleton:
        if spot.id in triple_of:
            bet = {"id": spot.id, "amount": str(STAKE), **spot.bet.request_fields()}
            (result,) = _settled(ruleset, [bet], triple_of[spot.id])
            if result["outcome"] == "lose":
                lose_on_triple.add(spot.id)
    single: list[Fraction] = []
    for count in (1, 2, 3):
        bet = {"id": "single", "kind": "single", "number": 1, "amount": str(STAKE)}
        (result,) = _settled(ruleset, [bet], (1,) * count + (2,) * (3 - count))
        single.append(Fraction(result["pays"]))
    return PayTable(
        ruleset.id, pays, (single[0], single[1], single[2]), odd_even, frozenset(lose_on_triple)
    )


class _Any(dict[str, Fraction]):
    """The payouts of a felt drawn only for its spots (each reads 1 to 1)."""

    def __missing__(self, key: str) -> Fraction:
        return Fraction(1)


def sic_bo_felt(ruleset: Ruleset) -> Felt:
    """The Sic Bo felt under ``ruleset`` (its payouts printed, odd and even if offered)."""
    return sic_bo_felt_of(pay_table(ruleset))


def lit_spots(felt: Felt, ruleset: Ruleset, dice: Sequence[int]) -> tuple[str, ...]:
    """The areas the electronic layout lights for ``dice``, in the felt's order: the rules
    core's winning spots of the throw (``winning_spots``), each a spot of this felt."""
    from dealer_trainer.rules.sic_bo import Throw, winning_spots  # noqa: PLC0415

    faces = tuple(int(d) for d in dice)
    if len(faces) != 3:
        raise ValueError(f"a Sic Bo throw is three dice, not {list(dice)}")
    won = {spot.spot_id for spot in winning_spots(ruleset, Throw((faces[0], faces[1], faces[2])))}
    missing = won - set(felt.spot_ids)
    if missing:
        raise ValueError(f"the rules core lights {sorted(missing)}, which the felt does not draw")
    return tuple(spot_id for spot_id in felt.spot_ids if spot_id in won)
