"""The bets of a Macau Sic Bo layout, as typed records.

Every spot of the layout is one :class:`Spot`: its kind and, for the kinds that
take them, the number (a total 4–17, a face 1–6) or the two faces of a
combination, sorted.  ``spot_id`` names it stably (``total-9``,
``combination-2-5``), as the electronic layout's lit areas and the felt do.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from itertools import combinations

from dealer_trainer.rules.text import T, Text

FACES = (1, 2, 3, 4, 5, 6)
TOTALS = tuple(range(4, 18))  # 3 and 18 are only triples: no total spot


@unique
class BetKind(StrEnum):
    """Every bet of the layout, by the name the rules CLI uses."""

    SMALL = "small"  # 小: total 4–10
    BIG = "big"  # 大: total 11–17
    ODD = "odd"  # 單
    EVEN = "even"  # 雙
    TOTAL = "total"  # 點數: one total, 4–17
    TRIPLE = "triple"  # 圍骰: a specific triple
    ANY_TRIPLE = "any_triple"  # 全圍
    DOUBLE = "double"  # 雙骰 (短牌): a specific double (a triple of it wins too)
    COMBINATION = "combination"  # 兩骰組合 (長牌): two different faces
    SINGLE = "single"  # 單骰 (三軍): one face, paid by how many dice show it

    @property
    def takes_number(self) -> bool:
        return self in (BetKind.TOTAL, BetKind.TRIPLE, BetKind.DOUBLE, BetKind.SINGLE)

    @property
    def takes_numbers(self) -> bool:
        return self is BetKind.COMBINATION

    @property
    def numbers_allowed(self) -> tuple[int, ...]:
        """The numbers a bet of this kind may name (totals 4–17, else a face 1–6)."""
        return TOTALS if self is BetKind.TOTAL else FACES


#: The kinds small/big and odd/even: they lose on any triple by default.
EVEN_MONEY = frozenset({BetKind.SMALL, BetKind.BIG, BetKind.ODD, BetKind.EVEN})
ODD_EVEN = frozenset({BetKind.ODD, BetKind.EVEN})


@dataclass(frozen=True, order=True)
class Spot:
    """A place on the layout: its kind and what it names (``numbers`` sorted, maybe empty)."""

    kind: BetKind
    numbers: tuple[int, ...] = ()

    @property
    def number(self) -> int | None:
        """The number of a total, triple, double or single spot (None for the others)."""
        return self.numbers[0] if self.kind.takes_number else None

    @property
    def spot_id(self) -> str:
        """A stable name: ``small``, ``total-9``, ``triple-5``, ``combination-2-5``."""
        if not self.numbers:
            return str(self.kind)
        return f"{self.kind}-" + "-".join(str(n) for n in self.numbers)


def all_spots(odd_even_offered: bool = True) -> tuple[Spot, ...]:
    """Every spot of the layout, in the rows a Macau table draws (top row first):
    small, big, odd, even, the doubles, the triples, any triple; the totals; the
    combinations; the single numbers.  52 spots, 50 without odd and even."""
    top: list[Spot] = [Spot(BetKind.SMALL), Spot(BetKind.BIG)]
    if odd_even_offered:
        top += [Spot(BetKind.ODD), Spot(BetKind.EVEN)]
    top += [Spot(BetKind.DOUBLE, (f,)) for f in FACES]
    top += [Spot(BetKind.TRIPLE, (f,)) for f in FACES]
    top.append(Spot(BetKind.ANY_TRIPLE))
    return (
        *top,
        *(Spot(BetKind.TOTAL, (t,)) for t in TOTALS),
        *(Spot(BetKind.COMBINATION, pair) for pair in combinations(FACES, 2)),
        *(Spot(BetKind.SINGLE, (f,)) for f in FACES),
    )


#: The layout's rows (top first), the groups of the ``layout_rows`` pay order.
LAYOUT_ROWS: tuple[frozenset[BetKind], ...] = (
    frozenset(
        {
            BetKind.SMALL,
            BetKind.BIG,
            BetKind.ODD,
            BetKind.EVEN,
            BetKind.DOUBLE,
            BetKind.TRIPLE,
            BetKind.ANY_TRIPLE,
        }
    ),
    frozenset({BetKind.TOTAL}),
    frozenset({BetKind.COMBINATION}),
    frozenset({BetKind.SINGLE}),
)


@dataclass(frozen=True)
class Bet:
    """A stake on a spot, with the id the table (or a request) gave it."""

    id: str
    spot: Spot
    amount: Decimal
    #: Whose bet it is, where the table says; ``None`` when the situation does not tell.
    player: str | None = None

    @property
    def kind(self) -> BetKind:
        return self.spot.kind


def spot_name(spot: Spot) -> Text:
    """The spot as a trainee reads it, to translate: "total 9", "combination 2-5"."""
    kind = spot.kind
    if kind is BetKind.COMBINATION:
        return T("combination {first}-{second}", first=spot.numbers[0], second=spot.numbers[1])
    if kind.takes_number:
        return _NUMBERED_NAMES[kind](spot.numbers[0])
    return _PLAIN_NAMES[kind]


_PLAIN_NAMES = {
    BetKind.SMALL: T("small"),
    BetKind.BIG: T("big"),
    BetKind.ODD: T("odd"),
    BetKind.EVEN: T("even"),
    BetKind.ANY_TRIPLE: T("any triple"),
}
_NUMBERED_NAMES = {
    BetKind.TOTAL: lambda n: T("total {number}", number=n),
    BetKind.TRIPLE: lambda n: T("triple {number}", number=n),
    BetKind.DOUBLE: lambda n: T("double {number}", number=n),
    BetKind.SINGLE: lambda n: T("single {number}", number=n),
}
