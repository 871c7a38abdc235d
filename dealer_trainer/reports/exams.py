"""Exams between storage and the drills: the seeded spec, and the results (no Qt here).

The stored exam (``storage.Exam``) has its skills, size, seed and pass mark but
no column for the difficulty. The difficulty is kept, losslessly, in the two
lowest bits of the stored seed (``seed = base * 4 + difficulty``): the same
stored exam always gives the same :class:`~dealer_trainer.drills.ExamSpec`,
so every trainee gets the same items. Use :func:`exam_spec` to turn a stored
exam into the drills' spec (the drill screen does the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dealer_trainer.drills import Difficulty, ExamSpec
from dealer_trainer.storage import (
    AnswerFilter,
    Exam,
    ExamAssignment,
    InstructorDesk,
    SessionKind,
)
from dealer_trainer.storage.records import SEED_LIMIT

_DIFFICULTY_BITS = 4
MAX_BASE_SEED = SEED_LIMIT // _DIFFICULTY_BITS - 1
MAX_ITEMS = 500  # ExamSpec's limit


def stored_seed(base_seed: int, difficulty: Difficulty) -> int:
    """The seed to store for an exam of ``difficulty`` drawn from ``base_seed``."""
    if not 0 <= base_seed <= MAX_BASE_SEED:
        raise ValueError(f"the exam seed must be between 0 and {MAX_BASE_SEED}")
    return base_seed * _DIFFICULTY_BITS + int(Difficulty(difficulty))


def difficulty_of(exam: Exam) -> Difficulty:
    """The difficulty kept in the stored seed (see the module's note)."""
    return Difficulty(exam.seed % _DIFFICULTY_BITS)


def exam_spec(exam: Exam) -> ExamSpec:
    """The drills' spec of a stored exam: the same items in the same order for everyone."""
    return ExamSpec(
        skills=tuple(exam.skills),
        difficulty=difficulty_of(exam),
        size=exam.item_count,
        pass_mark=Fraction(exam.pass_mark_percent, 100),
        seed=exam.seed,
        ruleset=exam.ruleset_id,
    )


@dataclass(frozen=True)
class ExamResult:
    """How one trainee did on one assigned exam."""

    assignment: ExamAssignment
    answered: int
    correct: int
    item_count: int
    pass_mark_percent: int

    @property
    def taken(self) -> bool:
        return self.assignment.completed_at is not None

    @property
    def score_percent(self) -> Fraction | None:
        if not self.taken:
            return None
        return Fraction(100 * self.correct, self.item_count)

    @property
    def passed(self) -> bool | None:
        """``None`` until taken; an item left unanswered counts as wrong."""
        score = self.score_percent
        if score is None:
            return None
        return score >= self.pass_mark_percent


def exam_results(
    desk: InstructorDesk, exam: Exam, trainee_id: int | None = None
) -> list[ExamResult]:
    """Every assignment of ``exam`` (or one trainee's), with its score from the recorded answers."""
    results = []
    for assignment in desk.assignments(exam.id):
        if trainee_id is not None and assignment.trainee_id != trainee_id:
            continue
        answered = correct = 0
        for session in desk.sessions(assignment.trainee_id):
            if session.kind is SessionKind.EXAM and session.exam_assignment_id == assignment.id:
                answers = desk.answers(AnswerFilter(session_id=session.id, limit=None))
                answered += len(answers)
                correct += sum(1 for a in answers if a.record.correct)
        results.append(
            ExamResult(assignment, answered, correct, exam.item_count, exam.pass_mark_percent)
        )
    return results


def trainee_exam_history(desk: InstructorDesk, trainee_id: int) -> list[tuple[Exam, ExamResult]]:
    """A trainee's assigned exams, newest first, with their results."""
    history = []
    for each in desk.exams():
        history += [(each, result) for result in exam_results(desk, each, trainee_id)]
    history.sort(key=lambda pair: pair[1].assignment.assigned_at, reverse=True)
    return history
