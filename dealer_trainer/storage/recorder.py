"""Drill answers into storage: every answer committed before its feedback is shown.

``DrillSession.submit`` calls its recorder before it returns the grade, and
:class:`SessionRecorder` returns only once :meth:`TraineeDesk.record_answer`
has made the answer durable, so no feedback is ever shown for an answer that is
not stored.  The answer's id stays the same when the write is retried, so a
write whose reply was lost is not stored twice.  The skill's FSRS review card
then moves on in memory and is saved with :meth:`TraineeDesk.save_review_state`,
at once or, given a ``defer``, once the feedback is on screen: the answer is the
record that matters; a review card can always be rebuilt from the answers.

Session kinds follow the drill modes (practice, timed, review, exam); an exam
is an exam session only when it is an instructor's assignment, a mock exam a
trainee sets himself is practice.

Not imported by ``dealer_trainer.storage`` itself, so the storage core does not
load the drills; import it where a drill session is wired to a trainee.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

from dealer_trainer import __version__
from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.review import SkillCard, review, review_items
from dealer_trainer.drills.sessions import DrillSession, ItemSpec, Mode, Outcome, exam
from dealer_trainer.drills.specs import (
    answer_from_json,
    exam_spec,
    item_spec,
    mistakes,
    skill_cards,
)
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.storage.desks import TraineeDesk
from dealer_trainer.storage.errors import StorageError
from dealer_trainer.storage.records import (
    MOCK_EXAM_KEY,
    AnswerRecord,
    Exam,
    SessionKind,
    StoredAnswer,
    TrainingSession,
)

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


SESSION_KINDS = {
    Mode.PRACTICE: SessionKind.PRACTICE,
    Mode.TIMED: SessionKind.TIMED,
    Mode.REVIEW: SessionKind.REVIEW,
    Mode.EXAM: SessionKind.EXAM,
}


def answer_record(
    outcome: Outcome, answered_at: datetime, app_version: str = __version__
) -> AnswerRecord:
    """The stored form of one answered drill item.

    ``situation`` is the whole item as the drills serialise it (seed, difficulty,
    the rules-CLI request, question, citation, and a choice's option texts) so it
    can be re-drawn, re-graded and read by the option texts the trainee saw;
    ``expected`` is the rules core's answer, ``given`` the trainee's.
    """
    item = outcome.item.to_json()
    expected = item.pop("expected")
    options = outcome.item.expected.options
    if options:  # their texts, so the answer reads by them even where the item changes
        item["options"] = [{"id": o.id, "label": o.label.to_json()} for o in options]
    return AnswerRecord(
        item_seed=outcome.item.seed,
        skill=outcome.item.skill,
        ruleset_id=outcome.item.ruleset,
        situation=item,
        expected=expected,
        given=outcome.answer.to_json(),
        correct=outcome.correct,
        time_taken_ms=outcome.elapsed_ms,
        app_version=app_version,
        presented_at=answered_at - timedelta(milliseconds=outcome.elapsed_ms),
        answered_at=answered_at,
    )


def stored_outcome(
    stored: StoredAnswer, spec: ItemSpec, rulesets: RulesetRegistry = SHIPPED
) -> Outcome:
    """A recorded answer as the drill session had it: the item re-made from its seed
    (its ruleset looked up in ``rulesets``; default: the shipped ones only).

    The grade's verdict is the recorded one (what the trainee was scored on); its
    sentences are the grader's for the answer given.
    """
    item = spec.make(rulesets)
    given = answer_from_json(stored.record.given)
    verdict = dataclasses.replace(grade(item, given, rulesets), correct=stored.record.correct)
    return Outcome(item, given, verdict, stored.record.time_taken_ms)


def replay_specs(answers: Iterable[StoredAnswer]) -> list[ItemSpec]:
    """The items of stored answers, to sit again ("my mistakes": ``drills.sessions.replay``)."""
    specs = []
    for stored in answers:
        spec = item_spec(stored.record)
        if spec is None:
            raise ValueError(f"answer {stored.id} was not recorded from a drill item")
        specs.append(spec)
    return specs


def session_kind(mode: Mode, *, assigned_exam: bool = False) -> SessionKind:
    """The storage session kind of a drill mode (a mock exam is practice)."""
    if mode is Mode.EXAM and not assigned_exam:
        return SessionKind.PRACTICE
    return SESSION_KINDS[mode]


# ------------------------------------------------------- a trainee's items --


def review_specs(
    desk: TraineeDesk,
    difficulty: Difficulty,
    seed: int,
    size: int = 10,
    now: datetime | None = None,
) -> list[ItemSpec]:
    """Items of the trainee's due skills, the weakest most often (empty: nothing is due)."""
    when = now or utc_now()
    return review_items(skill_cards(desk.review_states()), when, difficulty, seed, size)


def mistake_specs(desk: TraineeDesk, limit: int = 20, history: int = 1000) -> list[ItemSpec]:
    """ "My mistakes": the trainee's wrongly answered items, newest first, each once."""
    newest = desk.answers(limit=history, newest_first=True)
    return mistakes((stored.record for stored in newest), limit)


# --------------------------------------------------------------- recorder --


@dataclass(frozen=True)
class MockExam:
    """A mock exam's size and pass mark, as its answers keep them."""

    items: int
    pass_mark: Fraction

    def to_json(self) -> dict[str, Any]:
        return {"items": self.items, "pass_mark": str(self.pass_mark)}

    @classmethod
    def from_json(cls, data: object) -> MockExam | None:
        """The mock exam an answer's situation names (``None``: none, or not readable)."""
        if not isinstance(data, dict):
            return None
        try:
            return cls(int(data["items"]), Fraction(str(data["pass_mark"])))
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            return None


class SessionRecorder:
    """Records a drill session's answers and review states for one trainee, in one session.

    The answer is committed inside the call, before the session returns its
    grade.  The skill's FSRS card is updated at once in memory; writing it is
    handed to ``defer`` (the launcher passes "after the feedback is on screen"),
    as the review state is a schedule derived from the answers, not an answer.
    A card that could not be written stays unsaved and goes with the next write.
    """

    def __init__(
        self,
        desk: TraineeDesk,
        session_id: int,
        clock: Clock = utc_now,
        defer: Callable[[Callable[[], None]], None] | None = None,
        recorded: int = 0,
        mock_exam: MockExam | None = None,
    ) -> None:
        self.desk = desk
        self.session_id = session_id
        self.clock = clock
        self.defer = defer
        self.recorded = recorded  # answers already in the session (a resumed exam)
        #: A mock exam's size and pass mark, kept with each of its answers (its session is
        #: a practice session): the trainee's review finds and scores the mock exam.
        self.mock_exam = mock_exam
        self.review_problem: str | None = None
        self._cards = {card.skill: card for card in skill_cards(desk.review_states())}
        self._unsaved: dict[str, SkillCard] = {}

    @classmethod
    def start(
        cls,
        desk: TraineeDesk,
        ruleset_id: str,
        mode: Mode,
        *,
        exam_assignment_id: int | None = None,
        clock: Clock = utc_now,
        defer: Callable[[Callable[[], None]], None] | None = None,
        mock_exam: MockExam | None = None,
    ) -> SessionRecorder:
        """Open a storage session of the right kind and a recorder for it."""
        kind = session_kind(mode, assigned_exam=exam_assignment_id is not None)
        session = desk.start_session(ruleset_id, kind, exam_assignment_id=exam_assignment_id)
        return cls(desk, session.id, clock, defer, mock_exam=mock_exam)

    def uid(self) -> str:
        """The next answer's id: the same on a retry, so a retried write stores one answer."""
        return f"session-{self.session_id}-answer-{self.recorded + 1}"

    def __call__(self, outcome: Outcome, mode: Mode) -> None:
        del mode  # the session's kind was fixed when it was opened
        when = self.clock()
        record = dataclasses.replace(answer_record(outcome, when), uid=self.uid())
        if self.mock_exam is not None:
            situation = record.situation if isinstance(record.situation, dict) else {}
            record = dataclasses.replace(
                record, situation={**situation, MOCK_EXAM_KEY: self.mock_exam.to_json()}
            )
        self.desk.record_answer(self.session_id, record)
        self.recorded += 1
        skill_id = outcome.item.skill
        card = review(self._cards.get(skill_id), skill_id, outcome, when)
        self._cards[skill_id] = card
        self._unsaved[skill_id] = card
        if self.defer is None:
            self.save_reviews()
        else:
            self.defer(self._save_later)

    def _save_later(self) -> None:
        self.save_reviews()

    @property
    def unsaved_reviews(self) -> list[str]:
        return sorted(self._unsaved)

    def save_reviews(self) -> bool:
        """Write the FSRS cards not yet stored; ``False`` (and kept for later) if storage fails."""
        for skill_id, card in sorted(self._unsaved.items()):
            try:
                self.desk.save_review_state(skill_id, card.state, card.due)
            except Exception as exc:  # kept; the next answer or close() writes it again
                self.review_problem = str(exc) or type(exc).__name__
                return False
            del self._unsaved[skill_id]
        self.review_problem = None
        return True

    def suspend(self) -> None:
        """Leave the session open to be taken up again (an assigned exam left unfinished).

        The answers are stored already; the review cards are written if storage allows
        (they can be rebuilt from the answers otherwise). The session is not ended, so
        the exam assignment stays open and ``sit_assigned_exam`` resumes it.
        """
        self.save_reviews()

    def close(self) -> None:
        """Write what is left and end the storage session (completing an exam assignment)."""
        if not self.save_reviews():
            raise StorageError(f"the review schedule could not be saved: {self.review_problem}")
        self.desk.end_session(self.session_id)


# ------------------------------------------------------------ assigned exams --


@dataclass
class ExamSitting:
    """An assigned exam ready to sit: new, or taken up where it stopped."""

    session: DrillSession
    recorder: SessionRecorder
    #: Time the trainee spent on the items answered before (counts against a time limit).
    time_used_ms: int
    resumed: bool


def unfinished_exam(desk: TraineeDesk, assignment_id: int) -> TrainingSession | None:
    """The assignment's exam session that was left, closed or cut off before its end."""
    for session in desk.sessions():  # newest first
        if session.exam_assignment_id == assignment_id and session.ended_at is None:
            return session
    return None


def exam_progress(desk: TraineeDesk, assignment_id: int) -> int | None:
    """How many items of an unfinished sitting are answered (``None``: not started)."""
    session = unfinished_exam(desk, assignment_id)
    return None if session is None else len(desk.answers(session.id, limit=None))


def sit_assigned_exam(
    desk: TraineeDesk,
    assignment_id: int,
    paper: Exam,
    *,
    clock: Clock = utc_now,
    defer: Callable[[Callable[[], None]], None] | None = None,
    rulesets: RulesetRegistry = SHIPPED,
) -> ExamSitting:
    """Start an assigned exam, or resume the sitting that was interrupted (the paper's
    ruleset looked up in ``rulesets``: a house ruleset's version needs them).

    Interrupted (the window closed, the app crashed, the power went): the session is
    still open. Its recorded answers are kept as they are (re-made from their seeds to
    show them in the summary) and the exam goes on at the next item, in the same
    session, so the remaining items are exactly those of the first sitting.
    """
    spec = exam_spec(paper)
    left = unfinished_exam(desk, assignment_id)
    if left is None:
        recorder = SessionRecorder.start(
            desk,
            paper.ruleset_id,
            Mode.EXAM,
            exam_assignment_id=assignment_id,
            clock=clock,
            defer=defer,
        )
        done: list[Outcome] = []
        used = 0
    else:
        stored = desk.answers(left.id, limit=None)
        items = spec.items()
        if len(stored) > len(items):
            raise StorageError("The exam's session holds more answers than the exam has items.")
        done = [stored_outcome(answer, items[i], rulesets) for i, answer in enumerate(stored)]
        # The time used counts against the limit as the server keeps it (its own clock
        # since the sitting began, on a centre's server), else the workstation's.
        used = desk.sitting_time_used_ms(
            left.id, sum(answer.record.time_taken_ms for answer in stored)
        )
        recorder = SessionRecorder(desk, left.id, clock, defer, recorded=len(stored))
    session = exam(spec, recorder, done, rulesets)
    session.on_suspend = recorder.suspend
    return ExamSitting(session, recorder, used, left is not None)
