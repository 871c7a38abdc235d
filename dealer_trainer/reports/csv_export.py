"""Answers as CSV for Excel, one row per recorded answer, read page by page (any number).

Rows come trainee by trainee (by trainee id), each trainee's answers oldest first.

Made to be opened by double-click in Excel on a Macau office PC: UTF-8 with a byte
order mark (so Chinese names are read as such), the header in the instructor's
language, skills and rulesets by their names, answers in words as the instructor's
drill-down shows them (no JSON in a cell, no internal id), whether the answer was
given in an exam or in practice, and no cell that a spreadsheet would run as a
formula (a trainee named ``=HYPERLINK(...)`` is written as text).

Money is never turned into a number: amounts stay the decimal strings they were
recorded as (``7.50``). Times are ISO 8601 in UTC; the day is the centre's own.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Collection, Iterator
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QCoreApplication

from dealer_trainer.reports.text import answer_text, skill_title
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP
from dealer_trainer.storage import AnswerFilter, InstructorDesk, SessionKind, StoredAnswer

#: The columns, in order (English; the header row is written in the instructor's language).
CSV_COLUMNS = (
    QT_TRANSLATE_NOOP("csv", "Answer no."),
    QT_TRANSLATE_NOOP("csv", "Trainee"),
    QT_TRANSLATE_NOOP("csv", "Staff no."),
    QT_TRANSLATE_NOOP("csv", "Exam or practice"),
    QT_TRANSLATE_NOOP("csv", "Session no."),
    QT_TRANSLATE_NOOP("csv", "Answered (UTC)"),
    QT_TRANSLATE_NOOP("csv", "Day"),
    QT_TRANSLATE_NOOP("csv", "Skill"),
    QT_TRANSLATE_NOOP("csv", "Ruleset"),
    QT_TRANSLATE_NOOP("csv", "Right"),
    QT_TRANSLATE_NOOP("csv", "Seconds taken"),
    QT_TRANSLATE_NOOP("csv", "Answer given"),
    QT_TRANSLATE_NOOP("csv", "Right answer"),
    QT_TRANSLATE_NOOP("csv", "Item seed"),
    QT_TRANSLATE_NOOP("csv", "App version"),
)
#: How each kind of session is named in the "Exam or practice" column.
MODE_NAMES = {
    SessionKind.EXAM: QT_TRANSLATE_NOOP("csv", "Exam"),
    SessionKind.PRACTICE: QT_TRANSLATE_NOOP("csv", "Practice"),
    SessionKind.TIMED: QT_TRANSLATE_NOOP("csv", "Practice (timed)"),
    SessionKind.REVIEW: QT_TRANSLATE_NOOP("csv", "Practice (review)"),
}
#: The first characters that make Excel, LibreOffice or Google Sheets read a cell as a
#: formula (OWASP's list): such a cell is written with a leading apostrophe, as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Given and expected answer of a stored answer, in words (the UI passes the drill-down's).
Describe = Callable[[StoredAnswer], tuple[str, str]]
PAGE = 5000


def _tr(text: str) -> str:
    return QCoreApplication.translate("csv", text)


def safe_cell(text: str) -> str:
    """``text`` as a spreadsheet shows it, never run as a formula."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def plain_words(answer: StoredAnswer) -> tuple[str, str]:
    """The given and the expected answer as short lines (without the UI's bet names)."""
    return answer_text(answer.record.given), answer_text(answer.record.expected)


def ruleset_name(ruleset_id: str, registry: RulesetRegistry = SHIPPED) -> str:
    """The ruleset by its title in the instructor's language (a house's by its own words),
    looked up in ``registry`` (a house ruleset's version needs the app's)."""
    try:
        ruleset = registry.get(ruleset_id)
    except (RulesError, KeyError, ValueError):
        return ruleset_id  # a ruleset this version does not know: its stored name is all there is
    return QCoreApplication.translate("games", ruleset.title)


def iter_answers(
    desk: InstructorDesk, where: AnswerFilter, trainee_ids: Collection[int] | None = None
) -> Iterator[StoredAnswer]:
    """Every answer ``where`` selects, a page at a time: trainee by trainee, oldest first.

    Each page is a range of the (trainee, time) index, so exporting the whole cohort
    never sorts the answers table. ``where.limit`` caps the total (``None``: no cap);
    ``newest_first`` is ignored.
    """
    if where.trainee_id is not None:
        yield from _one_trainee(desk, where)
        return
    left = where.limit
    for trainee in desk.all_trainees():
        if trainee_ids is not None and trainee.id not in trainee_ids:
            continue  # an intake group's report: its trainees only
        if left is not None and left <= 0:
            return
        for answer in _one_trainee(desk, replace(where, trainee_id=trainee.id, limit=left)):
            yield answer
            if left is not None:
                left -= 1


def _one_trainee(desk: InstructorDesk, where: AnswerFilter) -> Iterator[StoredAnswer]:
    cap = where.limit
    sent = 0
    since = where.since
    seen_at_edge: set[int] = set()
    while cap is None or sent < cap:
        page = desk.answers(replace(where, since=since, limit=PAGE, newest_first=False))
        fresh = [a for a in page if a.id not in seen_at_edge]
        for answer in fresh:
            if cap is not None and sent >= cap:
                return
            yield answer
            sent += 1
        if len(page) < PAGE:
            return
        # the next page starts at the last instant seen; answers already sent there are skipped
        edge = page[-1].record.answered_at
        at_edge = {a.id for a in page if a.record.answered_at == edge}
        seen_at_edge = at_edge | (seen_at_edge if since == edge else set())
        if since == edge and not fresh:
            raise RuntimeError("more than one page of answers share one instant")
        since = edge


def write_answers_csv(
    desk: InstructorDesk,
    target: Path | TextIO,
    where: AnswerFilter | None = None,
    names: dict[int, str] | None = None,
    describe: Describe = plain_words,
    trainee_ids: Collection[int] | None = None,
    registry: RulesetRegistry = SHIPPED,
) -> int:
    """Write the answers ``where`` selects (all by default) as CSV; return how many rows.

    ``trainee_ids`` (an intake group's trainees) keeps the answers of those trainees only;
    ``registry`` names their rulesets (the app's: house rulesets too).

    A path is written with a byte order mark (Excel reads it as UTF-8); a stream is
    written as given (the caller chose its encoding)."""
    where = where or AnswerFilter(limit=None)
    trainees = desk.all_trainees()
    if names is None:
        names = {t.id: t.name for t in trainees}
    staff = {t.id: t.staff_number or "" for t in trainees}
    if isinstance(target, Path):
        with target.open("w", newline="", encoding="utf-8-sig") as stream:
            return _write(desk, stream, where, names, describe, staff, trainee_ids, registry)
    return _write(desk, target, where, names, describe, staff, trainee_ids, registry)


def _write(
    desk: InstructorDesk,
    stream: TextIO,
    where: AnswerFilter,
    names: dict[int, str],
    describe: Describe,
    staff: dict[int, str],
    trainee_ids: Collection[int] | None,
    registry: RulesetRegistry,
) -> int:
    writer = csv.writer(stream, dialect="excel")
    writer.writerow([_tr(column) for column in CSV_COLUMNS])
    yes = QCoreApplication.translate("csv", "yes")
    no = QCoreApplication.translate("csv", "no")
    waiting = QCoreApplication.translate("csv", "waiting for grading")
    modes: dict[int, str] = {}  # session id → its mode, read once per trainee
    skills: dict[str, str] = {}
    rulesets: dict[str, str] = {}
    count = 0
    for answer in iter_answers(desk, where, trainee_ids):
        record = answer.record
        if answer.session_id not in modes:
            for session in desk.sessions(answer.trainee_id):
                modes[session.id] = _tr(MODE_NAMES[session.kind])
        if record.skill not in skills:
            skills[record.skill] = skill_title(record.skill)
        if record.ruleset_id not in rulesets:
            rulesets[record.ruleset_id] = ruleset_name(record.ruleset_id, registry)
        given, expected = describe(answer)
        # On a centre's server the grader's verdict and time (``desk.answers``), or none yet.
        right = waiting if answer.pending else yes if record.correct else no
        writer.writerow(
            (
                answer.id,
                safe_cell(names.get(answer.trainee_id, "")),
                safe_cell(staff.get(answer.trainee_id, "")),
                modes.get(answer.session_id, ""),
                answer.session_id,
                record.answered_at.isoformat(),
                answer.answered_day.isoformat(),
                safe_cell(skills[record.skill]),
                safe_cell(rulesets[record.ruleset_id]),
                right,
                f"{Decimal(record.time_taken_ms) / 1000:.1f}",
                safe_cell(given),
                safe_cell(expected),
                record.item_seed,
                record.app_version,
            )
        )
        count += 1
    return count
