"""Words of the transcript, the certificates and the cohort's certifications: games by
name, dates in the window's language, the centre's name (shared by ``pdf`` and
``certificates``)."""

from __future__ import annotations

import re
from datetime import date, datetime

from PySide6.QtCore import QCoreApplication, QDate, QLocale

from dealer_trainer.reports.exams import percent_text
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage.centre import local_day
from dealer_trainer.storage.certification import Certification, SittingScore

#: Where an exam counted nothing in time (built before target times were kept).
NOT_TIMED = "–"

#: The games by name, as the window's "games" context translates them.
GAME_NAMES = {
    "roulette": QT_TRANSLATE_NOOP("games", "Roulette"),
    "craps": QT_TRANSLATE_NOOP("games", "Craps"),
    "caribbean_stud": QT_TRANSLATE_NOOP("games", "Caribbean Stud Poker"),
    "sic_bo": QT_TRANSLATE_NOOP("games", "Sic Bo"),
}


def game_name(game: str) -> str:
    english = GAME_NAMES.get(game)
    return game if english is None else QCoreApplication.translate("games", english)


def day_text(day: date | datetime, *, long: bool = False) -> str:
    """A date: in tables as every table of the app writes it (2026-11-30: the year whole,
    never read as a month in any language), long on a certificate in the window's language
    (30 de novembro de 2026, 2026年11月30日)."""
    if isinstance(day, datetime):  # a moment: the centre's day (Macau's), not the PC's
        day = local_day(day)
    if long:  # the language's long date without its weekday
        written = QLocale().dateFormat(QLocale.FormatType.LongFormat)
        written = re.sub(r"\s*dddd[,，]?\s*", " ", written).strip()
        return QLocale().toString(QDate(day.year, day.month, day.day), written)
    return day.isoformat()


def centre_title(name: str) -> str:
    return name or QCoreApplication.translate("certificates", "Dealer training centre")


def valid_text(cert: Certification, today: date) -> str:
    if cert.valid_on(today):
        return fill(
            QCoreApplication.translate("certificates", "valid until %1"), day_text(cert.valid_until)
        )
    return fill(
        QCoreApplication.translate("certificates", "expired on %1"), day_text(cert.valid_until)
    )


def in_time_text(result: SittingScore | Certification) -> str:
    """The share right within the target, or a dash for an exam that kept no targets
    (every item of such an exam would otherwise read as late: "0 %")."""
    return percent_text(result.speed) if result.timed else NOT_TIMED
