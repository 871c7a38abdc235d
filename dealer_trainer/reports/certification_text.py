"""Words of the transcript, the certificates and the cohort's certifications: games by
name, dates in the window's language, the centre's name (shared by ``pdf`` and
``certificates``)."""

from __future__ import annotations

import re
from datetime import date, datetime

from PySide6.QtCore import QCoreApplication, QDate, QLocale

from dealer_trainer.reports.exams import percent_text
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage.centre import local_day
from dealer_trainer.storage.certification import Certification, SittingScore

#: Where an exam counted nothing in time (built before target times were kept).
NOT_TIMED = "–"

#: The games by name, as the window's "games" context translates them.
GAME_NAMES = {
    Game.ROULETTE: QT_TRANSLATE_NOOP("games", "Roulette"),
    Game.CRAPS: QT_TRANSLATE_NOOP("games", "Craps"),
    Game.CARIBBEAN_STUD: QT_TRANSLATE_NOOP("games", "Caribbean Stud Poker"),
    Game.SIC_BO: QT_TRANSLATE_NOOP("games", "Sic Bo"),
}


def game_name(game: str) -> str:
    known = Game.known(game)
    english = None if known is None else GAME_NAMES[known]
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


def _fill(template: str, *values: str) -> str:
    """``template``'s ``%1`` … filled in one pass (a name holding "%2" stays as typed), as
    ``ui.kit.language.fill`` does above this layer."""
    return re.sub(
        r"%([1-9])",
        lambda found: (
            values[int(found.group(1)) - 1]
            if int(found.group(1)) <= len(values)
            else found.group(0)
        ),
        template,
    )


def certified_name_cell(cert: Certification, current: str) -> str:
    """The trainee in a list of certifications: the name certified, and the current one
    after it when the trainee was renamed since (``Certification.names``)."""
    certified, now = cert.names(current)
    if now is None:
        return certified
    return _fill(QCoreApplication.translate("certificates", "%1 (now %2)"), certified, now)


def renamed_line(cert: Certification, current: str) -> str | None:
    """The line under the name on a certificate when the trainee was renamed since it was
    issued (the name certified stays the certificate's): ``None`` when not."""
    _certified, now = cert.names(current)
    if now is None:
        return None
    return _fill(QCoreApplication.translate("certificates", "now named %1"), now)


def certified_as(cert: Certification, current: str) -> str | None:
    """A note for a list of one trainee's certifications (a transcript: its title names
    them as now): the name a certification was issued to, when it was another."""
    certified, now = cert.names(current)
    if now is None:
        return None
    return _fill(QCoreApplication.translate("certificates", "certified as %1"), certified)


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
