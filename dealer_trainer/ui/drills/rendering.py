"""How drill text and money reach the screen: translated, and in the reader's number format.

The drills engine carries every sentence as a :class:`~dealer_trainer.drills.text.Text`;
:func:`render` passes it through ``QCoreApplication.translate`` and writes amounts
with the locale's digit grouping and decimal point (never through a float).
:func:`parse_amount_text` reads what a trainee typed back, the other way round.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QCoreApplication, QLocale

from dealer_trainer.drills import Answer, amount_answer
from dealer_trainer.drills.text import Text, format_amount
from dealer_trainer.layouts.chips import ChipSet, Denomination

#: Every chip a drill may show or ask for (the drills' tray, HKD), lowest first.
#: The colours follow the main window's chips where the values coincide.
DRILL_CHIPS = ChipSet(
    "HKD",
    (
        Denomination(Decimal(1), "#e8e4da", "#2b6cb0", "#1b1b1b"),
        Denomination(Decimal(5), "#c62828", "#ffffff"),
        Denomination(Decimal(10), "#1f5fbf", "#ffffff"),
        Denomination(Decimal(25), "#2e7d32", "#ffffff"),
        Denomination(Decimal(50), "#e07b16", "#ffffff"),
        Denomination(Decimal(100), "#1b1b1b", "#e9c46a"),
        Denomination(Decimal(500), "#6a2c91", "#ffffff"),
        Denomination(Decimal(1000), "#d4a017", "#7a1f1f", "#1b1b1b"),
        Denomination(Decimal(5000), "#b3202a", "#ffffff"),
        Denomination(Decimal(10000), "#0f7a5a", "#f1e4b3"),
    ),
)


def _separators(locale: QLocale | None = None) -> tuple[str, str]:
    locale = locale or QLocale()
    return locale.groupSeparator(), locale.decimalPoint()


def format_money(value: Decimal, locale: QLocale | None = None) -> str:
    """``1275`` → ``1,275`` (``1.275`` in Portuguese); cents shown only when there are any."""
    group, point = _separators(locale)
    english = format_amount(value)
    return "".join(group if c == "," else point if c == "." else c for c in english)


def render(text: Text) -> str:
    """A drill sentence in the reader's language, amounts in the reader's format."""
    return text.render(QCoreApplication.translate, format_money)


def parse_amount_text(typed: str, locale: QLocale | None = None) -> Answer:
    """What the trainee typed, read as an amount answer (``ValueError`` with the reason)."""
    group, point = _separators(locale)
    cleaned = typed.strip().replace(" ", "").replace("\u00a0", "")
    if group and group != point:
        cleaned = cleaned.replace(group, "")
    if point != ".":
        cleaned = cleaned.replace(point, ".")
    return amount_answer(cleaned)


def seconds_text(milliseconds: int) -> str:
    """``12.3 s``: a time a trainee took, to the tenth of a second."""
    tenths = (max(milliseconds, 0) + 50) // 100
    number = f"{tenths // 10}{_separators()[1]}{tenths % 10}"
    return QCoreApplication.translate("drills", "%1 s").replace("%1", number)


def clock_text(milliseconds: int) -> str:
    """``1:05``: minutes and seconds left on a clock, or a session's length."""
    seconds = (max(milliseconds, 0) + 999) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"
