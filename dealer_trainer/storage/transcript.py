"""What a transcript shows (``reports.certificates``): a trainee's every exam sitting, scored,
their certifications, the centre's name and the instructors named on them.

The instructor reads any trainee's (``InstructorDesk.transcript``); a trainee reads their
own (``TraineeDesk.my_transcript``), the same on a single PC and on the centre's server.
There a trainee's login reads only their own rows (row-level security) and never the
``exams`` table (it holds each exam's seed): the exams' public terms (title, items, pass
and speed marks, the targets the speed mark counts by) come from ``dt_my_exam_terms()``
and the instructors' names from ``dt_my_instructors()``, two ``SECURITY DEFINER``
functions that answer for the caller's own exams only (``storage/server/policy.py``).
Either way each sitting is scored by ``certification.score_sitting``, as everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, select, text, union

from dealer_trainer.storage import centre
from dealer_trainer.storage.certification import (
    Certification,
    SittingScore,
    certifications,
    score_sitting,
    sittings,
    speed_mark,
    untimed_exams,
)
from dealer_trainer.storage.errors import StorageError
from dealer_trainer.storage.groups import NO_TRAINEE
from dealer_trainer.storage.models import (
    CertificationRow,
    ExamAssignmentRow,
    ExamRow,
    Instructor,
    Trainee,
)


@dataclass(frozen=True)
class TranscriptSitting:
    """One sitting of an exam (the first one or a retake), scored."""

    title: str
    assignment_id: int
    pass_mark: Fraction
    speed_mark: Fraction | None
    score: SittingScore


@dataclass(frozen=True)
class Transcript:
    trainee_id: int
    name: str
    centre_name: str
    sittings: tuple[TranscriptSitting, ...]  # oldest first
    certifications: tuple[Certification, ...]  # newest first
    instructors: Mapping[int, str]  # who assigned the exams and approved the certifications


def read(
    connection: Connection,
    trainee_id: int,
    *,
    server_trainee: bool = False,
    graded: bool = False,
) -> Transcript:
    """``trainee_id``'s transcript (``server_trainee``: read through the trainee's own login
    on the server, by its functions; ``graded``: its sittings as the centre's grader scored
    them, a sitting it has not graded yet marked as waiting)."""
    name = connection.execute(
        select(Trainee.name).where(Trainee.id == trainee_id)
    ).scalar_one_or_none()
    if name is None:
        raise StorageError(NO_TRAINEE)
    terms = exam_terms(connection, trainee_id, server_trainee=server_trainee)
    if server_trainee:
        names = {
            int(r.id): str(r.name)
            for r in connection.execute(text("SELECT * FROM dt_my_instructors()"))
        }
    else:
        named = union(
            select(ExamAssignmentRow.assigned_by).where(ExamAssignmentRow.trainee_id == trainee_id),
            select(CertificationRow.approved_by).where(CertificationRow.trainee_id == trainee_id),
        )
        names = {
            int(r.id): str(r.name)
            for r in connection.execute(
                select(Instructor.id, Instructor.name).where(Instructor.id.in_(named))
            )
        }
    return Transcript(
        trainee_id=trainee_id,
        name=str(name),
        centre_name=centre.current(connection).centre_name,
        sittings=tuple(_sittings(connection, trainee_id, terms, graded=graded)),
        certifications=tuple(
            certifications(connection, trainee_id=trainee_id, untimed=untimed_exams(terms.values()))
        ),
        instructors=names,
    )


def exam_terms(
    connection: Connection, trainee_id: int, *, server_trainee: bool = False
) -> dict[int, Any]:
    """The terms of the exams assigned to ``trainee_id``, by exam id (``server_trainee``:
    through the trainee's own login, which reads them by ``dt_my_exam_terms()``)."""
    if server_trainee:
        return {r.id: r for r in connection.execute(text("SELECT * FROM dt_my_exam_terms()"))}
    exam_ids = select(ExamAssignmentRow.exam_id).where(ExamAssignmentRow.trainee_id == trainee_id)
    return {r.id: r for r in connection.execute(select(ExamRow).where(ExamRow.id.in_(exam_ids)))}


def _sittings(
    connection: Connection, trainee_id: int, terms: Mapping[int, Any], *, graded: bool = False
) -> list[TranscriptSitting]:
    out = []
    assignments = connection.execute(
        select(ExamAssignmentRow)
        .where(ExamAssignmentRow.trainee_id == trainee_id)
        .order_by(ExamAssignmentRow.id)
    ).all()
    for assignment in assignments:
        paper = terms[assignment.exam_id]
        for session in sittings(connection, assignment.id):
            out.append(
                TranscriptSitting(
                    title=str(paper.title),
                    assignment_id=int(assignment.id),
                    pass_mark=Fraction(paper.pass_mark_numerator, paper.pass_mark_denominator),
                    speed_mark=speed_mark(paper),
                    score=score_sitting(connection, session, paper, graded=graded),
                )
            )
    out.sort(key=lambda each: (each.score.started_at, each.score.session_id))
    return out
