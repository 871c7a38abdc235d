"""Sittings, retakes and certifications (no Qt).

A **sitting** is one exam session of an assignment: the first one and every retake
(``training_sessions`` rows of kind ``exam``), each kept with its answers, never
changed. Whether a new sitting may start is :func:`sitting_refusal`: inside the
exam's window (``opens_at`` .. ``due_at``), not passed already, fewer sittings than
the centre's ``retake_limit``, and ``retake_wait_days`` after the last one ended.
An interrupted sitting (not ended) is always taken up again.

A sitting **passes** when the share of the exam's items answered right reaches its
pass mark and, where the exam sets a speed mark, the share right *and* within the
skill's target time (the exam's ``speed_targets``, from ``drills.standards``) reaches
it too; an unanswered item counts as wrong and slow. Ending a passing sitting
certifies the trainee for the exam's game, in the same transaction: passed on that
day, with the score and the time, approved by the instructor who assigned the exam,
valid for the centre's ``validity_months``. On the server the same is done by
``dt_start_exam`` and ``dt_end_session`` (``storage/server/policy.py``) in SQL.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, Row, insert, select

from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.models import (
    AnswerRow,
    CertificationRow,
    ExamAssignmentRow,
    ExamRow,
    SessionRow,
)


def add_months(day: date, months: int) -> date:
    """``day`` plus whole months, on the month's last day where it is shorter (as
    PostgreSQL's ``date + interval 'n months'``): 31 Jan + 1 month = 28 (29) Feb."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def game_of(skills: list[str] | tuple[str, ...]) -> str:
    """An exam's game: its skills are named after it (``craps.hard_ways``)."""
    return str(skills[0]).split(".", 1)[0]


@unique
class Refusal(StrEnum):
    NOT_OPEN = "not_open"  # before opens_at
    CLOSED = "closed"  # after due_at
    PASSED = "passed"  # a sitting passed already
    LIMIT = "limit"  # retake_limit sittings sat
    WAIT = "wait"  # retake_wait_days not over


@dataclass(frozen=True)
class SittingRefused:
    """Why a new sitting may not start: the UI says it in words (with ``when`` or the
    ``sittings`` and ``limit``)."""

    reason: Refusal
    when: datetime | None = None
    sittings: int = 0
    limit: int = 0


@dataclass(frozen=True)
class SittingScore:
    session_id: int
    started_at: datetime
    ended_at: datetime | None
    answered: int
    correct: int
    in_time: int
    item_count: int
    time_taken_ms: int
    pass_mark: Fraction
    speed_mark: Fraction | None

    @property
    def score(self) -> Fraction:
        return Fraction(self.correct, self.item_count)

    @property
    def speed(self) -> Fraction:
        return Fraction(self.in_time, self.item_count)

    @property
    def passed(self) -> bool:
        if self.score < self.pass_mark:
            return False
        return self.speed_mark is None or self.speed >= self.speed_mark


@dataclass(frozen=True)
class Certification:
    id: int
    trainee_id: int
    game: str
    exam_id: int
    session_id: int
    passed_at: datetime
    correct: int
    in_time: int
    item_count: int
    time_taken_ms: int
    approved_by: int
    valid_until: date

    @property
    def score(self) -> Fraction:
        return Fraction(self.correct, self.item_count)

    @property
    def speed(self) -> Fraction:
        return Fraction(self.in_time, self.item_count)

    def valid_on(self, day: date) -> bool:
        return day <= self.valid_until


def certification(row: Row[Any]) -> Certification:
    return Certification(**{f: getattr(row, f) for f in Certification.__dataclass_fields__})


def speed_mark(exam_row: Any) -> Fraction | None:
    if exam_row.speed_mark_numerator is None:
        return None
    return Fraction(exam_row.speed_mark_numerator, exam_row.speed_mark_denominator)


def sittings(connection: Connection, assignment_id: int) -> list[Row[Any]]:
    """The assignment's exam sessions, oldest first."""
    return list(
        connection.execute(
            select(SessionRow)
            .where(SessionRow.exam_assignment_id == assignment_id)
            .order_by(SessionRow.started_at, SessionRow.id)
        ).all()
    )


def score_sitting(connection: Connection, session: Any, exam_row: Any) -> SittingScore:
    """A sitting scored from its recorded answers (unanswered items count as wrong)."""
    answers = connection.execute(
        select(AnswerRow.skill, AnswerRow.correct, AnswerRow.time_taken_ms).where(
            AnswerRow.session_id == session.id
        )
    ).all()
    targets = exam_row.speed_targets or {}
    in_time = sum(
        1
        for a in answers
        if a.correct and a.skill in targets and a.time_taken_ms <= int(targets[a.skill])
    )
    return SittingScore(
        session_id=session.id,
        started_at=session.started_at,
        ended_at=session.ended_at,
        answered=len(answers),
        correct=sum(1 for a in answers if a.correct),
        in_time=in_time,
        item_count=exam_row.item_count,
        time_taken_ms=sum(a.time_taken_ms for a in answers),
        pass_mark=Fraction(exam_row.pass_mark_numerator, exam_row.pass_mark_denominator),
        speed_mark=speed_mark(exam_row),
    )


def passed_already(connection: Connection, assignment_id: int) -> bool:
    query = (
        select(CertificationRow.id)
        .join(SessionRow, SessionRow.id == CertificationRow.session_id)
        .where(SessionRow.exam_assignment_id == assignment_id)
    )
    return connection.execute(query.limit(1)).first() is not None


def sitting_refusal(
    connection: Connection, assignment: Any, now: datetime, settings: CentreSettings
) -> SittingRefused | None:
    """Why a new sitting of ``assignment`` may not start now, or ``None`` if it may.

    ``None`` as well when a sitting is under way (it is taken up again, not new).
    """
    held = sittings(connection, assignment.id)
    if any(s.ended_at is None for s in held):
        return None
    if assignment.opens_at is not None and now < assignment.opens_at:
        return SittingRefused(Refusal.NOT_OPEN, when=assignment.opens_at)
    if assignment.due_at is not None and now > assignment.due_at:
        return SittingRefused(Refusal.CLOSED, when=assignment.due_at)
    if passed_already(connection, assignment.id):
        return SittingRefused(Refusal.PASSED)
    if len(held) >= settings.retake_limit:
        return SittingRefused(Refusal.LIMIT, sittings=len(held), limit=settings.retake_limit)
    if held:
        last = max(s.ended_at for s in held)
        again = last + timedelta(days=settings.retake_wait_days)
        if now < again:
            return SittingRefused(
                Refusal.WAIT, when=again, sittings=len(held), limit=settings.retake_limit
            )
    return None


def certify_if_passed(
    connection: Connection, session: Any, at: datetime, day: date, settings: CentreSettings
) -> Certification | None:
    """Certify the trainee if the ended exam ``session`` passed (once per sitting)."""
    if session.exam_assignment_id is None:
        return None
    assignment = connection.execute(
        select(ExamAssignmentRow).where(ExamAssignmentRow.id == session.exam_assignment_id)
    ).one()
    exam_row = connection.execute(select(ExamRow).where(ExamRow.id == assignment.exam_id)).one()
    result = score_sitting(connection, session, exam_row)
    if not result.passed:
        return None
    existing = connection.execute(
        select(CertificationRow).where(CertificationRow.session_id == session.id)
    ).first()
    if existing is not None:
        return certification(existing)
    row = connection.execute(
        insert(CertificationRow)
        .values(
            trainee_id=session.trainee_id,
            game=game_of(exam_row.skills),
            exam_id=exam_row.id,
            session_id=session.id,
            passed_at=at,
            correct=result.correct,
            in_time=min(result.in_time, result.correct),
            item_count=result.item_count,
            time_taken_ms=result.time_taken_ms,
            approved_by=assignment.assigned_by,
            valid_until=add_months(day, settings.validity_months),
        )
        .returning(*CertificationRow.__table__.c)
    ).one()
    return certification(row)


def certifications(connection: Connection, trainee_id: int | None = None) -> list[Certification]:
    """Certifications (one trainee's, or everyone's), newest first."""
    query = select(CertificationRow).order_by(
        CertificationRow.passed_at.desc(), CertificationRow.id.desc()
    )
    if trainee_id is not None:
        query = query.where(CertificationRow.trainee_id == trainee_id)
    return [certification(r) for r in connection.execute(query)]
