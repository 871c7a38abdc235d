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

An exam may also hold **live-table rounds** (``exams.table_rounds``, migration 0012),
dealt in exam mode after the items, in the same session: round ``k`` is dealt from the
exam's seed plus ``k`` (:func:`table_seed`), and the first *ended* round of each seed
counts (a round cut off by the app stopping is dealt again on resuming, as an item
not answered is). Then:

- **accuracy** is the right items and right steps over the items and the judged steps
  of the rounds (``drills.table.exam.score_round``: every step tried, every planned
  step not done, every irregularity that arose and was not ruled): one item weighs as
  one step, so a round weighs as the steps it needed;
- **speed** is the items right within their target, and the rounds dealt without a
  mistake (nothing missed) within the pace's time of a round (an hour over the house's
  target of rounds an hour for the game and level, kept with the exam), over the items
  and the rounds;
- a sitting passes only if every round was dealt to its end, its accuracy reaches the
  pass mark and, where set, its speed the speed mark.

An exam of items only scores exactly as before.

**Who grades.** On one PC the app is the grader: ``score_sitting`` scores from the
recorded answers (``Grading.LOCAL``) and ending a passing sitting certifies it here. On a
centre's server the record is the centre's grader's (``storage/server/grader.py``, its
``sitting_grades`` row and the certification it writes): ``score_sitting(graded=True)``
reads that grade (``Grading.GRADED``) and, until there is one, gives the workstation's
figures as a preview of a sitting *waiting for grading* (``Grading.WAITING``, since it
ended) or still under way (``Grading.OPEN``).
"""

from __future__ import annotations

import calendar
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, Row, case, func, insert, select

from dealer_trainer.rules.games import Game
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.models import (
    AnswerRow,
    CertificationRow,
    ExamAssignmentRow,
    ExamRow,
    SessionRow,
    SittingGradeRow,
    TableAttemptRow,
    TableRoundEndRow,
    TableRoundRow,
    Trainee,
)

#: Milliseconds in an hour: a round is within the pace's time when ``ms * pace <= HOUR_MS``.
HOUR_MS = 3_600_000
SEED_SPACE = 2**63


def table_seed(exam_seed: int, index: int) -> int:
    """The seed of an exam's ``index``-th live-table round (0 first), as
    ``drills.table.exam.TableExam`` deals them from the exam's seed."""
    return (exam_seed + index) % SEED_SPACE


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
    GRADING = "grading"  # on the server: the last sitting waits for the grader (since when)


@dataclass(frozen=True)
class SittingRefused:
    """Why a new sitting may not start: the UI says it in words (with ``when`` or the
    ``sittings`` and ``limit``)."""

    reason: Refusal
    when: datetime | None = None
    sittings: int = 0
    limit: int = 0


@unique
class Grading(StrEnum):
    """Whose figures a ``SittingScore`` holds."""

    LOCAL = "local"  # one PC: the app graded it (the app is the grader there)
    GRADED = "graded"  # the centre's grader graded it: the record
    WAITING = "waiting"  # ended; the centre's grader has not graded it yet: a preview
    OPEN = "open"  # on the server, not ended yet: the figures so far, a preview


class _Figures:
    """Accuracy and speed, worked out alike for a sitting and for a certification."""

    correct: int
    in_time: int
    item_count: int
    steps_right: int
    steps_judged: int
    rounds: int
    rounds_in_pace: int

    @property
    def score(self) -> Fraction:
        """Accuracy: right items and right steps over the items and judged steps."""
        out_of = self.item_count + self.steps_judged
        return Fraction(self.correct + self.steps_right, out_of) if out_of else Fraction(0)

    @property
    def speed(self) -> Fraction:
        """Speed: items right in time and rounds clean within the pace, over both."""
        out_of = self.item_count + self.rounds
        return Fraction(self.in_time + self.rounds_in_pace, out_of) if out_of else Fraction(0)


@dataclass(frozen=True)
class SittingScore(_Figures):
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
    #: The live-table part (0 everywhere for an exam of items only): the exam's rounds,
    #: those dealt to their end, right and judged steps, rounds within the pace, time.
    rounds: int = 0
    rounds_ended: int = 0
    steps_right: int = 0
    steps_judged: int = 0
    rounds_in_pace: int = 0
    table_ms: int = 0
    #: ``False`` for an exam that carries no target times and no rounds (built before
    #: migration 0008 kept them): nothing could be answered in time, so its in-time
    #: share is not a figure and is shown as a dash.
    timed: bool = True
    #: Whose figures these are (``Grading``); ``WAITING``: since ``waiting_since``.
    grading: Grading = Grading.LOCAL
    waiting_since: datetime | None = None
    #: The answers and rounds the centre's grader flagged (not the exam's, late …).
    flagged: int = 0

    @property
    def pending(self) -> bool:
        """The figures are a workstation's preview: the server's grade is still to come."""
        return self.grading in (Grading.WAITING, Grading.OPEN)

    @property
    def item_score(self) -> Fraction | None:
        """The items' part alone (``None``: the exam has no items)."""
        return Fraction(self.correct, self.item_count) if self.item_count else None

    @property
    def table_score(self) -> Fraction | None:
        """The rounds' part alone (``None``: no rounds, or none judged yet)."""
        return Fraction(self.steps_right, self.steps_judged) if self.steps_judged else None

    @property
    def all_rounds_dealt(self) -> bool:
        return self.rounds_ended >= self.rounds

    @property
    def passed(self) -> bool:
        if not self.all_rounds_dealt or self.score < self.pass_mark:
            return False
        return self.speed_mark is None or self.speed >= self.speed_mark


@dataclass(frozen=True)
class Certification(_Figures):
    id: int
    trainee_id: int
    game: Game
    exam_id: int
    session_id: int
    passed_at: datetime
    correct: int
    in_time: int
    item_count: int
    time_taken_ms: int
    approved_by: int
    valid_until: date
    #: The live-table part (migration 0012; 0 for an exam of items only).
    steps_right: int = 0
    steps_judged: int = 0
    rounds: int = 0
    rounds_in_pace: int = 0
    table_ms: int = 0
    #: The name the trainee was certified under (migration 0019; ``None`` for a
    #: certification issued before it): see ``name_now``.
    certified_name: str | None = None
    #: As ``SittingScore.timed``: ``False`` where the exam carried no target times
    #: (``certifications(untimed=...)`` says which exams; it is not a recorded column).
    timed: bool = True

    def valid_on(self, day: date) -> bool:
        return day <= self.valid_until

    def names(self, current: str) -> tuple[str, str | None]:
        """The name to print as certified, and the trainee's ``current`` name when they
        were renamed since (``None`` when not, or when the name certified was not kept)."""
        if not self.certified_name or self.certified_name == current:
            return current, None
        return self.certified_name, current


_RECORDED = tuple(f for f in Certification.__dataclass_fields__ if f != "timed")


def certification(row: Row[Any], *, timed: bool = True) -> Certification:
    recorded = {f: getattr(row, f) for f in _RECORDED if f != "game"}
    return Certification(**recorded, game=Game.of(row.game), timed=timed)


def is_timed(exam_row: Any) -> bool:
    """Whether the exam counts anything in time: it carries target times (every exam
    built since migration 0008 does) or has live-table rounds (counted by the pace)."""
    return bool(exam_row.speed_targets) or table_rounds_of(exam_row) > 0


def untimed_exams(terms: Iterable[Any]) -> frozenset[int]:
    """The ids of the exams among ``terms`` (rows of exams or of their public terms)
    that count nothing in time."""
    return frozenset(int(row.id) for row in terms if not is_timed(row))


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


@dataclass(frozen=True)
class TablePart:
    """A sitting's live-table rounds as recorded (the first ended round of each seed)."""

    rounds_ended: int = 0
    steps_right: int = 0
    steps_judged: int = 0
    rounds_in_pace: int = 0
    ms: int = 0
    round_ids: tuple[int, ...] = ()


def table_rounds_of(exam_row: Any) -> int:
    return int(getattr(exam_row, "table_rounds", 0) or 0)


def score_table_part(connection: Connection, session_id: int, exam_row: Any) -> TablePart:
    """The sitting's exam rounds scored from their recorded attempts and ends.

    The exam's rounds are those dealt from its seeds.  Where the seed is not at hand (a
    trainee's own transcript on the server, whose terms never carry it), they are the
    first ``count`` seeds the sitting dealt, which is the same set for every sitting the
    live table dealt; the certification itself is always judged by the exam's seeds.
    """
    count = table_rounds_of(exam_row)
    if count == 0:
        return TablePart()
    exam_seed = getattr(exam_row, "seed", None)
    seeds = None if exam_seed is None else {table_seed(exam_seed, k) for k in range(count)}
    rows = connection.execute(
        select(
            TableRoundRow.id,
            TableRoundRow.seed,
            TableRoundEndRow.missed,
            TableRoundEndRow.ms,
            TableRoundEndRow.complete,
            TableRoundEndRow.mistakes,
        )
        .join(TableRoundEndRow, TableRoundEndRow.round_id == TableRoundRow.id)
        .where(
            TableRoundRow.session_id == session_id,
            TableRoundRow.game == exam_row.table_game,
            TableRoundRow.difficulty == exam_row.table_difficulty,
        )
        .order_by(TableRoundRow.id)
    ).all()
    counted: dict[int, Any] = {}
    for row in rows:
        wanted = len(counted) < count if seeds is None else row.seed in seeds
        if wanted and row.seed not in counted:
            counted[row.seed] = row
    # Each counted round's judged steps and right ones, in one query for all of them.
    steps: dict[int, tuple[int, int]] = {
        int(r.round_id): (int(r.judged), int(r.right or 0))
        for r in connection.execute(
            select(
                TableAttemptRow.round_id,
                func.count().label("judged"),
                func.sum(case((TableAttemptRow.accepted, 1), else_=0)).label("right"),
            )
            .where(
                TableAttemptRow.round_id.in_([row.id for row in counted.values()]),
                TableAttemptRow.action.is_not(None),
            )
            .group_by(TableAttemptRow.round_id)
        )
    }
    right = judged = in_pace = ms = 0
    for row in counted.values():
        round_judged, round_right = steps.get(int(row.id), (0, 0))
        missed = int(row.missed or 0)
        right += round_right
        judged += round_judged + missed
        ms += int(row.ms)
        clean = bool(row.complete) and missed == 0 and round_right == round_judged
        if clean and int(row.ms) * int(exam_row.table_pace) <= HOUR_MS:
            in_pace += 1
    ids = tuple(sorted(r.id for r in counted.values()))
    return TablePart(len(counted), right, judged, in_pace, ms, ids)


def score_sitting(
    connection: Connection, session: Any, exam_row: Any, *, graded: bool = False
) -> SittingScore:
    """A sitting scored from its recorded answers (unanswered items count as wrong) and,
    where the exam has live-table rounds, from its recorded rounds.

    ``graded`` (a centre's server): the centre's grader's grade of it, or else those
    figures as a preview, marked waiting for grading (ended) or open."""
    if graded:
        grade = connection.execute(
            select(SittingGradeRow).where(SittingGradeRow.session_id == session.id)
        ).first()
        if grade is not None:
            return graded_score(session, exam_row, grade)
        preview = score_sitting(connection, session, exam_row)
        ended = session.ended_at
        return replace(
            preview,
            grading=Grading.OPEN if ended is None else Grading.WAITING,
            waiting_since=ended,
        )
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
    table = score_table_part(connection, session.id, exam_row)
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
        rounds=table_rounds_of(exam_row),
        rounds_ended=table.rounds_ended,
        steps_right=table.steps_right,
        steps_judged=table.steps_judged,
        rounds_in_pace=table.rounds_in_pace,
        table_ms=table.ms,
        timed=is_timed(exam_row),
    )


def graded_score(session: Any, exam_row: Any, grade: Any) -> SittingScore:
    """The centre's grader's grade of a sitting (a ``sitting_grades`` row) as a score."""
    return SittingScore(
        session_id=session.id,
        started_at=session.started_at,
        ended_at=session.ended_at,
        answered=grade.answered,
        correct=grade.correct,
        in_time=grade.in_time,
        item_count=grade.item_count,
        time_taken_ms=grade.time_ms,
        pass_mark=Fraction(exam_row.pass_mark_numerator, exam_row.pass_mark_denominator),
        speed_mark=speed_mark(exam_row),
        rounds=grade.rounds,
        rounds_ended=grade.rounds_ended,
        steps_right=grade.steps_right,
        steps_judged=grade.steps_judged,
        rounds_in_pace=grade.rounds_in_pace,
        table_ms=grade.table_ms,
        timed=is_timed(exam_row),
        grading=Grading.GRADED,
        flagged=grade.flagged,
    )


def passed_already(connection: Connection, assignment_id: int) -> bool:
    query = (
        select(CertificationRow.id)
        .join(SessionRow, SessionRow.id == CertificationRow.session_id)
        .where(SessionRow.exam_assignment_id == assignment_id)
    )
    return connection.execute(query.limit(1)).first() is not None


def sitting_refusal(
    connection: Connection,
    assignment: Any,
    now: datetime,
    settings: CentreSettings,
    *,
    graded: bool = False,
) -> SittingRefused | None:
    """Why a new sitting of ``assignment`` may not start now, or ``None`` if it may.

    ``None`` as well when a sitting is under way (it is taken up again, not new).
    ``graded`` (a centre's server): not while an ended sitting waits for the grader (its
    grade decides whether the exam is passed already), as ``dt_start_exam`` refuses it.
    """
    held = sittings(connection, assignment.id)
    if any(s.ended_at is None for s in held):
        return None
    if graded and held:
        waiting = [
            s
            for s in held
            if connection.execute(
                select(SittingGradeRow.session_id).where(SittingGradeRow.session_id == s.id)
            ).first()
            is None
        ]
        if waiting:
            return SittingRefused(Refusal.GRADING, when=max(s.ended_at for s in waiting))
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
        return certification(existing, timed=result.timed)
    row = connection.execute(
        insert(CertificationRow)
        .values(
            trainee_id=session.trainee_id,
            certified_name=select(Trainee.name)
            .where(Trainee.id == session.trainee_id)
            .scalar_subquery(),
            game=game_of(exam_row.skills) if exam_row.skills else exam_row.table_game,
            exam_id=exam_row.id,
            session_id=session.id,
            passed_at=at,
            correct=result.correct,
            in_time=min(result.in_time, result.correct),
            item_count=result.item_count,
            time_taken_ms=result.time_taken_ms,
            approved_by=assignment.assigned_by,
            valid_until=add_months(day, settings.validity_months),
            steps_right=result.steps_right,
            steps_judged=result.steps_judged,
            rounds=result.rounds,
            rounds_in_pace=result.rounds_in_pace,
            table_ms=result.table_ms,
        )
        .returning(*CertificationRow.__table__.c)
    ).one()
    return certification(row, timed=result.timed)


def certifications(
    connection: Connection,
    trainee_id: int | None = None,
    *,
    untimed: Collection[int] = frozenset(),
) -> list[Certification]:
    """Certifications (one trainee's, or everyone's), newest first; those of the exams
    in ``untimed`` (``untimed_exams``) are marked as counting nothing in time."""
    query = select(CertificationRow).order_by(
        CertificationRow.passed_at.desc(), CertificationRow.id.desc()
    )
    if trainee_id is not None:
        query = query.where(CertificationRow.trainee_id == trainee_id)
    return [certification(r, timed=r.exam_id not in untimed) for r in connection.execute(query)]
