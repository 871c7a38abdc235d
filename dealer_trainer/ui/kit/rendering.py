"""How drills look: text translated, money in the reader's format, the style sheet.

The drills engine carries every sentence as a :class:`~dealer_trainer.rules.text.Text`;
:func:`render` passes it through ``QCoreApplication.translate`` and writes amounts
with the locale's digit grouping and decimal point (never through a float).
:func:`parse_amount_text` reads what a trainee typed back, the other way round.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from decimal import Decimal

from PySide6.QtCore import QCoreApplication, QLocale

from dealer_trainer.drills import Answer, amount_answer
from dealer_trainer.i18n import match_locale
from dealer_trainer.i18n.citations import format_article
from dealer_trainer.i18n.numbers import format_amount, parse_amount
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.text import Text, fill
from dealer_trainer.ui.kit import palette


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


def article_text(citation: Citation) -> str:
    """An article inside a sentence, in the reader's legal style (``第七條第一款``)."""
    return format_article(citation, language_code())


def render(text: Text) -> str:
    """A drill sentence in the reader's language, amounts in the reader's format.

    A translation whose placeholders do not match its source (a translator's slip)
    falls back to the English sentence rather than failing the screen.
    """
    try:
        return text.render(QCoreApplication.translate, format_money, article_text)
    except (KeyError, IndexError, ValueError):
        return text.render(None, format_money, article_text)


def escape(text: str) -> str:
    """Plain text made safe to show in a label's rich text."""
    return html.escape(text, quote=False)


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
    return fill(QCoreApplication.translate("drills", "%1 s"), number)


def clock_text(milliseconds: int) -> str:
    """``1:05``: minutes and seconds left on a clock, or a session's length."""
    seconds = (max(milliseconds, 0) + 999) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


#: The drill screens' style sheet: large readable type, clear right/wrong colours.
DRILL_STYLE = f"""
#drillScreen {{ background: {palette.PAPER}; }}
QLabel {{ color: {palette.TEXT}; font-size: 15px; }}
#modeBadge {{ background: {palette.FELT_GREEN}; color: {palette.ON_DARK}; border-radius: 6px;
              padding: 3px 10px; font-weight: 600; }}
#skillTitle {{ font-size: 18px; font-weight: 600; padding-left: 8px; }}
#clock {{ font-size: 22px; font-weight: 700; font-family: monospace; min-width: 64px; }}
#clock[urgent="true"] {{ color: {palette.WRONG}; }}
#question {{ font-size: 21px; font-weight: 600; color: {palette.TEXT}; padding: 6px 2px; }}
#betList {{ font-size: 14px; background: {palette.PANEL}; border: 1px solid {palette.EDGE};
            border-radius: 6px; padding: 6px; }}
#hint {{ background: {palette.HINT_TINT}; border: 1px solid {palette.HINT_EDGE};
         border-radius: 6px; padding: 6px; }}
#questionPanel QPushButton {{ font-size: 15px; padding: 6px 12px; }}
#padKey {{ font-size: 20px; font-weight: 600; min-height: 42px; }}
#amountDisplay {{ font-size: 26px; font-weight: 700; padding: 6px; min-height: 38px; }}
#amountDisplay[empty="true"] {{ font-size: 16px; font-weight: 400; }}
#primary {{ background: {palette.FELT_GREEN}; color: {palette.ON_DARK}; border: none;
            border-radius: 5px; font-weight: 700; font-size: 15px; padding: 6px 14px; }}
#primary:disabled {{ background: {palette.FELT_GREEN_DISABLED}; }}
#primary:focus {{ outline: none; border: 2px solid {palette.FOCUS}; }}
#chipTotal {{ font-size: 18px; font-weight: 600; }}
#answerError {{ color: {palette.WRONG}; }}
#muted {{ color: {palette.MUTED}; font-size: 13px; }}
#questionPanel QListWidget {{ font-size: 15px; }}
#choiceText {{ font-size: 16px; }}
#choice {{ font-size: 16px; padding: 4px 0; }}
#recordError {{ background: {palette.ALARM_TINT}; border: 2px solid {palette.WRONG};
                border-radius: 6px; }}
#feedback {{ background: {palette.PANEL}; border: 2px solid {palette.FADED}; border-radius: 8px; }}
#feedback[verdict="right"] {{ border-color: {palette.OK}; background: {palette.OK_TINT}; }}
#feedback[verdict="wrong"] {{ border-color: {palette.WRONG}; background: {palette.WRONG_TINT}; }}
#feedback[verdict="timeout"] {{ border-color: {palette.LATE}; background: {palette.LATE_TINT}; }}
#headline {{ font-size: 22px; font-weight: 700; }}
#rightAnswer {{ font-size: 17px; font-weight: 600; }}
#solution {{ font-size: 15px; }}
#article {{ text-align: left; }}
#summaryHeadline {{ font-size: 28px; font-weight: 700; }}
#verdict {{ font-size: 20px; font-weight: 700; }}
#verdict[passed="true"] {{ color: {palette.OK}; }}
#verdict[passed="false"] {{ color: {palette.WRONG}; }}
"""


def join_names(names: Sequence[str]) -> str:
    """``A, B, C`` in the reader's language (``A、B、C`` in Chinese): the drills' own
    list sentence ``{first}, {next}``, so a list reads the same as in the worked solution."""
    pattern = QCoreApplication.translate("", "{first}, {next}")
    if not names:
        return ""
    text = names[0]
    for name in names[1:]:
        text = pattern.replace("{first}", text).replace("{next}", name)
    return text
