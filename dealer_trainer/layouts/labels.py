"""Bilingual felt labels, declared as data for Qt's translation tools.

A Macau felt prints Chinese and English side by side.  The Chinese is the
felt's own print and stays as it is (a bet's, a hand's: the glossary's word,
:func:`~dealer_trainer.glossary.felt_print`); the English line is the source text
of a Qt translation in the context ``"felt"`` (the GUI passes it through
``QCoreApplication.translate``; the languages issue adds the ``.ts`` files).
This module has no Qt: :func:`~dealer_trainer.rules.text.QT_TRANSLATE_NOOP` only
marks the strings so that ``pyside6-lupdate`` finds them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from dealer_trainer.glossary import felt_print, term
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill

CONTEXT = "felt"


@dataclass(frozen=True)
class Label:
    """A felt label: the Chinese print and the English translation source.

    Either part may be empty (a bare number is printed once).  ``args`` fill
    the English line's ``%1``, ``%2`` … after it is translated: a payout a
    house sets (``"%1 TO 1"`` with ``("60",)``) is one string to translate,
    whatever the number.
    """

    zh: str
    en: str
    args: tuple[str, ...] = field(default=())

    def english(self, translate: Callable[[str], str]) -> str:
        """The English line through ``translate``, its ``%1`` … filled from ``args``."""
        return fill(translate(self.en), *self.args) if self.en else ""


def label(zh: str, en: str) -> Label:
    return Label(zh, en)


# Roulette ----------------------------------------------------------------
DOZEN_LABELS = (
    Label(felt_print("roulette.dozen_1"), QT_TRANSLATE_NOOP("felt", "1st 12 · 1–12")),
    Label(felt_print("roulette.dozen_2"), QT_TRANSLATE_NOOP("felt", "2nd 12 · 13–24")),
    Label(felt_print("roulette.dozen_3"), QT_TRANSLATE_NOOP("felt", "3rd 12 · 25–36")),
)
COLUMN_LABEL = Label(felt_print("roulette.column"), QT_TRANSLATE_NOOP("felt", "2 to 1"))
EVEN_CHANCE_LABELS = {
    "low": Label(felt_print("roulette.low"), QT_TRANSLATE_NOOP("felt", "1 – 18")),
    "even": Label(felt_print("roulette.even"), QT_TRANSLATE_NOOP("felt", "EVEN")),
    "red": Label(felt_print("roulette.red"), QT_TRANSLATE_NOOP("felt", "RED")),
    "black": Label(felt_print("roulette.black"), QT_TRANSLATE_NOOP("felt", "BLACK")),
    "odd": Label(felt_print("roulette.odd"), QT_TRANSLATE_NOOP("felt", "ODD")),
    "high": Label(felt_print("roulette.high"), QT_TRANSLATE_NOOP("felt", "19 – 36")),
}
NINE_TITLE = Label(felt_print("roulette.nine"), QT_TRANSLATE_NOOP("felt", "NINE NUMBERS · 3 to 1"))
SECTOR12_TITLE = Label(
    felt_print("roulette.sector12"), QT_TRANSLATE_NOOP("felt", "TWELVE NUMBERS · 2 to 1")
)
WHEEL_TITLE = Label("輪盤", QT_TRANSLATE_NOOP("felt", "WHEEL"))

# Craps -------------------------------------------------------------------
PASS = Label(felt_print("craps.pass"), QT_TRANSLATE_NOOP("felt", "PASS LINE"))
DONT_PASS = Label(felt_print("craps.dont_pass"), QT_TRANSLATE_NOOP("felt", "DON'T PASS BAR"))
COME = Label(felt_print("craps.come"), QT_TRANSLATE_NOOP("felt", "COME"))
DONT_COME = Label(felt_print("craps.dont_come"), QT_TRANSLATE_NOOP("felt", "DON'T COME BAR"))
DONT_COME_SHORT = Label(felt_print("craps.dont_come"), QT_TRANSLATE_NOOP("felt", "DON'T COME"))
FIELD = Label(felt_print("craps.field"), QT_TRANSLATE_NOOP("felt", "FIELD"))
FIELD_DOUBLE = Label("雙倍", QT_TRANSLATE_NOOP("felt", "PAYS DOUBLE"))
ODDS = Label(felt_print("craps.odds"), QT_TRANSLATE_NOOP("felt", "ODDS"))
LAY_ODDS = Label(felt_print("craps.odds"), QT_TRANSLATE_NOOP("felt", "LAY ODDS"))
BIG7 = Label(felt_print("craps.big7"), QT_TRANSLATE_NOOP("felt", "BIG 7 · 4½ to 1"))
ELEVEN = Label(felt_print("craps.eleven"), QT_TRANSLATE_NOOP("felt", "ELEVEN · 15 to 1"))
ANY_CRAPS = Label(felt_print("craps.any_craps"), QT_TRANSLATE_NOOP("felt", "ANY CRAPS · 7 to 1"))
HARD_WAYS = Label(felt_print("craps.hard_ways"), QT_TRANSLATE_NOOP("felt", "HARD WAYS"))
BIG = Label(felt_print("craps.big_6_8"), QT_TRANSLATE_NOOP("felt", "BIG"))
PUCK_OFF = Label("關", QT_TRANSLATE_NOOP("felt", "OFF"))
PUCK_ON = Label("開", QT_TRANSLATE_NOOP("felt", "ON"))

# Caribbean Stud ----------------------------------------------------------
ANTE = Label(felt_print("caribbean_stud.ante"), QT_TRANSLATE_NOOP("felt", "ANTE"))
RAISE = Label(felt_print("caribbean_stud.raise"), QT_TRANSLATE_NOOP("felt", "RAISE"))
PROGRESSIVE = Label(felt_print("caribbean_stud.progressive"), QT_TRANSLATE_NOOP("felt", "JACKPOT"))
DEALER = Label("莊荷", QT_TRANSLATE_NOOP("felt", "DEALER"))
SHOE = Label("派牌盒", QT_TRANSLATE_NOOP("felt", "SHOE"))
SHUFFLER = Label("洗牌機", QT_TRANSLATE_NOOP("felt", "SHUFFLER"))
CHIP_TRAY = Label("籌碼架", QT_TRANSLATE_NOOP("felt", "CHIP TRAY"))
JACKPOT = Label(
    term("caribbean_stud.progressive").word("zh_Hant"),
    QT_TRANSLATE_NOOP("felt", "PROGRESSIVE JACKPOT"),
)
#: The hands the progressive pays (Art. 10(2)), as its display posts them, highest first.
PROGRESSIVE_AWARDS = (
    (
        "royal_flush",
        Label(felt_print("caribbean_stud.royal_flush"), QT_TRANSLATE_NOOP("felt", "ROYAL FLUSH")),
    ),
    (
        "straight_flush",
        Label(
            felt_print("caribbean_stud.straight_flush"), QT_TRANSLATE_NOOP("felt", "STRAIGHT FLUSH")
        ),
    ),
    (
        "four_of_a_kind",
        Label(
            felt_print("caribbean_stud.four_of_a_kind"), QT_TRANSLATE_NOOP("felt", "FOUR OF A KIND")
        ),
    ),
    (
        "full_house",
        Label(felt_print("caribbean_stud.full_house"), QT_TRANSLATE_NOOP("felt", "FULL HOUSE")),
    ),
    ("flush", Label(felt_print("caribbean_stud.flush"), QT_TRANSLATE_NOOP("felt", "FLUSH"))),
)
#: A box's progressive bet, drawn on its spot (the regulation gives it no amount to show).
PROGRESSIVE_BET = Label(felt_print("caribbean_stud.progressive"), QT_TRANSLATE_NOOP("felt", "BET"))
STUD_TITLE = Label("聯獎撲克", QT_TRANSLATE_NOOP("felt", "CARIBBEAN STUD POKER"))
DEALER_QUALIFIES = Label(
    "莊荷最少要有A和K", QT_TRANSLATE_NOOP("felt", "DEALER QUALIFIES WITH ACE-KING OR BETTER")
)
