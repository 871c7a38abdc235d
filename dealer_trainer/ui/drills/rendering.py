"""How drill text and money reach the screen: translated, and in the reader's number format.

The drills engine carries every sentence as a :class:`~dealer_trainer.drills.text.Text`;
:func:`render` passes it through ``QCoreApplication.translate`` and writes amounts
with the locale's digit grouping and decimal point (never through a float).
:func:`parse_amount_text` reads what a trainee typed back, the other way round.
"""

from __future__ import annotations

import re
from decimal import Decimal

from PySide6.QtCore import QCoreApplication, QLocale

from dealer_trainer.drills import Answer, amount_answer
from dealer_trainer.drills.text import Text
from dealer_trainer.i18n import match_locale
from dealer_trainer.i18n.numbers import format_amount, parse_amount
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


def language_code(locale: QLocale | None = None) -> str:
    """The app language (``en``, ``pt``, ``zh_Hant``) of a locale; the default one by default.

    The language manager sets the default ``QLocale`` when the trainee picks a language.
    """
    return match_locale((locale or QLocale()).name())


def separators(code: str) -> tuple[str, str]:
    """The digit-group separator and the decimal point of a language, as amounts show them."""
    sample = format_amount(Decimal("1000.50"), code)  # "1,000.50" or "1.000,50"
    return sample[1], sample[5]


def format_money(value: Decimal, locale: QLocale | None = None) -> str:
    """``1275`` → ``1,275`` (``1.275`` in Portuguese); cents shown only when there are any."""
    return format_amount(value, language_code(locale))


def render(text: Text) -> str:
    """A drill sentence in the reader's language, amounts in the reader's format.

    A translation whose placeholders do not match its source (a translator's slip)
    falls back to the English sentence rather than failing the screen.
    """
    try:
        return text.render(QCoreApplication.translate, format_money)
    except (KeyError, IndexError, ValueError):
        return text.render(None, format_money)


def parse_amount_text(typed: str, locale: QLocale | None = None) -> Answer:
    """What the trainee typed, read as an amount answer (``ValueError`` with the reason).

    Digit grouping must be real grouping (threes): in Portuguese "7.50" is refused
    rather than read as 750, so a slip of convention never changes an amount.
    """
    code = language_code(locale)
    group, point = separators(code)
    cleaned = typed.strip().replace(" ", "").replace("\u00a0", "")
    if group in cleaned:
        grouped = rf"\d{{1,3}}(?:{re.escape(group)}\d{{3}})+(?:{re.escape(point)}\d*)?"
        if not re.fullmatch(grouped, cleaned):
            raise ValueError(f"{typed!r}: digits are grouped in threes ({group})")
    amount = parse_amount(cleaned, code)
    return amount_answer(f"{amount}")


def seconds_text(milliseconds: int) -> str:
    """``12.3 s``: a time a trainee took, to the tenth of a second."""
    tenths = (max(milliseconds, 0) + 50) // 100
    number = f"{tenths // 10}{separators(language_code())[1]}{tenths % 10}"
    return QCoreApplication.translate("drills", "%1 s").replace("%1", number)


def clock_text(milliseconds: int) -> str:
    """``1:05``: minutes and seconds left on a clock, or a session's length."""
    seconds = (max(milliseconds, 0) + 999) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"
