"""Roulette bets (Art. 6) as typed records."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique


@unique
class BetKind(StrEnum):
    """Every bet of Art. 6, by the name the rules CLI uses."""

    STRAIGHT = "straight"  # pleno / 孤丁
    SPLIT = "split"  # cavalo / 兩門騎
    STREET = "street"  # rua / 三門一列
    CORNER = "corner"  # quadro / 四門騎
    LINE = "line"  # linha / 六門
    NINE = "nine"  # sector / 九門
    SECTOR12 = "sector12"  # sector de doze números / 十二門
    COLUMN = "column"  # coluna / 直十二門
    DOZEN = "dozen"  # pequeno, médio, grande / 小 中 大
    RED = "red"  # encarnado / 紅
    BLACK = "black"  # preto / 黑
    EVEN = "even"  # par / 雙
    ODD = "odd"  # ímpar / 單
    LOW = "low"  # menor 1–18 / 小
    HIGH = "high"  # maior 19–36 / 大

    @property
    def takes_numbers(self) -> bool:
        """Inside bets and sectors name the numbers they cover."""
        return self in _NUMBERED

    @property
    def takes_index(self) -> bool:
        """Columns and dozens are named by their index 1–3."""
        return self in (BetKind.COLUMN, BetKind.DOZEN)


_NUMBERED = frozenset(
    {
        BetKind.STRAIGHT,
        BetKind.SPLIT,
        BetKind.STREET,
        BetKind.CORNER,
        BetKind.LINE,
        BetKind.NINE,
        BetKind.SECTOR12,
    }
)

#: How many numbers each numbered bet covers (Art. 6(1)–(7)).
NUMBERS_COVERED: dict[BetKind, int] = {
    BetKind.STRAIGHT: 1,
    BetKind.SPLIT: 2,
    BetKind.STREET: 3,
    BetKind.CORNER: 4,
    BetKind.LINE: 6,
    BetKind.NINE: 9,
    BetKind.SECTOR12: 12,
}

#: The item of Art. 6 that defines each bet (dozens are items 9–11, one per dozen).
ART6_ITEM: dict[BetKind, int] = {
    BetKind.STRAIGHT: 1,
    BetKind.SPLIT: 2,
    BetKind.STREET: 3,
    BetKind.CORNER: 4,
    BetKind.LINE: 5,
    BetKind.NINE: 6,
    BetKind.SECTOR12: 7,
    BetKind.COLUMN: 8,
    BetKind.DOZEN: 9,
    BetKind.EVEN: 12,
    BetKind.ODD: 13,
    BetKind.LOW: 14,
    BetKind.HIGH: 15,
    BetKind.RED: 16,
    BetKind.BLACK: 17,
}


@dataclass(frozen=True)
class BetPosition:
    """Where a bet lies on the layout: its kind and the numbers it covers.

    ``numbers`` is sorted and always filled (a column lists its twelve
    numbers); ``index`` names a column or dozen (1–3) and is ``None`` otherwise.
    """

    kind: BetKind
    numbers: tuple[int, ...]
    index: int | None = None

    @property
    def spot_id(self) -> str:
        """A stable name of the spot: ``split-17-20``, ``dozen-2``, ``red``."""
        if self.index is not None:
            return f"{self.kind}-{self.index}"
        if self.kind.takes_numbers:
            return f"{self.kind}-" + "-".join(str(n) for n in self.numbers)
        return str(self.kind)


@dataclass(frozen=True)
class Bet:
    """A stake on a position, with the id the table (or a request) gave it."""

    id: str
    position: BetPosition
    amount: Decimal
    #: Whose bet it is, where the table says (Art. 5(2): one player's winning bets may be paid
    #: together); ``None`` when the situation does not tell players apart.
    player: str | None = None

    @property
    def kind(self) -> BetKind:
        return self.position.kind
