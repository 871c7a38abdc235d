"""Exam results from the recorded answers (no Qt here).

A stored exam names its skills, difficulty, size, seed and pass mark; the
drills' spec made from it (``drills.specs.exam_spec``) gives every trainee
the same items in the same order. A result is read from the answers of the
exam session that sat the assignment; an item left unanswered counts as wrong.
On a centre's server the result is the centre's grader's (``sitting_grades``), and a
sitting it has not graded yet reads as waiting for grading (``ExamResult.waiting_since``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction

from dealer_trainer.reports.text import figure
from dealer_trainer.storage import (
    AnswerFilter,
    Exam,
    ExamAssignment,
    InstructorDesk,
    SessionKind,
)
from dealer_trainer.storage.certification import SittingScore

__all__ = ["ExamResult", "exam_results", "percent_text", "trainee_exam_history"]


def percent_text(share: Fraction) -> str:
    """``Fraction(4, 5)`` → ``"80 %"``; ``Fraction(2, 3)`` → ``"66.7 %"``."""
    value = share * 100
    if value.denominator == 1:
        return f"{figure(value.numerator)} %"
    tenths = Decimal(value.numerator) / Decimal(value.denominator)
    return f"{figure(f'{tenths:.1f}')} %"


@dataclass(frozen=True)
class ExamResult:
    """How one trainee did on one assigned exam."""

    assignment: ExamAssignment
    answered: int
    correct: int
    item_count: int
    pass_mark: Fraction
    #: An exam with live-table rounds: the sitting's right and judged steps, and its own
    #: verdict (both marks, every round dealt: ``storage.certification.SittingScore``).
    steps_right: int = 0
    steps_judged: int = 0
    verdict: bool | None = None
    #: On a centre's server: the sitting ended at this time and waits for the grader (its
    #: figures are the workstation's preview; ``passed`` is ``None`` until it is graded).
    waiting_since: datetime | None = None

    @property
    def taken(self) -> bool:
        return self.assignment.completed_at is not None

    @property
    def score(self) -> Fraction | None:
        """The share of the exam's items (and rounds' steps) right, once taken."""
        if not self.taken:
            return None
        out_of = self.item_count + self.steps_judged
        return Fraction(self.correct + self.steps_right, out_of) if out_of else Fraction(0)

    @property
    def passed(self) -> bool | None:
        """``None`` until taken, and while the centre's server has not graded it."""
        score = self.score
        if score is None or self.waiting_since is not None:
            return None
        return score >= self.pass_mark if self.verdict is None else self.verdict


def exam_results(
    desk: InstructorDesk, exam: Exam, trainee_id: int | None = None
) -> list[ExamResult]:
    """Every assignment of ``exam`` (or one trainee's), scored from the recorded answers
    (on a centre's server: by its grader, sitting by sitting)."""
    if exam.table_rounds or desk.graded_by_server:
        return _mixed_results(desk, exam, trainee_id)
    results = []
    for assignment in desk.assignments(exam.id):
        if trainee_id is not None and assignment.trainee_id != trainee_id:
            continue
        answered = correct = 0
        for session in desk.sessions(assignment.trainee_id):
            if session.kind is not SessionKind.EXAM or session.exam_assignment_id != assignment.id:
                continue
            answers = desk.answers(AnswerFilter(session_id=session.id, limit=None))
            answered += len(answers)
            correct += sum(1 for a in answers if a.record.correct)
        results.append(ExamResult(assignment, answered, correct, exam.item_count, exam.pass_mark))
    return results


def _mixed_results(desk: InstructorDesk, exam: Exam, trainee_id: int | None) -> list[ExamResult]:
    """An exam with live-table rounds (or any exam on a centre's server), each assignment
    scored by its sitting as storage scores it: the passing one, else the last one ended."""
    chosen: dict[int, SittingScore] = {}
    score: SittingScore | None
    for _paper, assignment, score in desk.sittings(exam_id=exam.id, trainee_id=trainee_id):
        if score.ended_at is None:
            continue
        kept = chosen.get(assignment.id)
        if kept is None or kept.pending or not kept.passed:  # a graded pass stays chosen
            chosen[assignment.id] = score
    results = []
    for assignment in desk.assignments(exam.id):
        if trainee_id is not None and assignment.trainee_id != trainee_id:
            continue
        score = chosen.get(assignment.id)
        results.append(
            ExamResult(
                assignment,
                0 if score is None else score.answered,
                0 if score is None else score.correct,
                exam.item_count,
                exam.pass_mark,
                steps_right=0 if score is None else score.steps_right,
                steps_judged=0 if score is None else score.steps_judged,
                verdict=None if score is None else score.passed,
                waiting_since=None if score is None or not score.pending else score.waiting_since,
            )
        )
    return results


def trainee_exam_history(desk: InstructorDesk, trainee_id: int) -> list[tuple[Exam, ExamResult]]:
    """A trainee's assigned exams, newest assignment first, with their results."""
    history = []
    for each in desk.exams():
        history += [(each, result) for result in exam_results(desk, each, trainee_id)]
    history.sort(key=lambda pair: pair[1].assignment.assigned_at, reverse=True)
    return history
