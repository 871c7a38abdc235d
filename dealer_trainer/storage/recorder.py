"""The drills' ``Recorder`` backed by the store: how a drill session keeps its answers.

``DrillSession.submit`` calls the recorder before it returns the grade, and
``StoreRecorder`` returns only once the answer is committed, so no feedback is
ever shown for an answer that is not stored. It then moves the skill's review
card (FSRS) on, in its own transaction: the answer is the record that matters;
a review card can always be rebuilt from the answers.

Not imported by ``dealer_trainer.storage`` itself, so the storage core does not
load the drills; import it where a drill session is wired to a trainee.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime, timedelta

from dealer_trainer import __version__
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.review import SkillCard, review
from dealer_trainer.drills.sessions import ExamSpec, ItemSpec, Mode, Outcome
from dealer_trainer.storage.desks import TraineeDesk
from dealer_trainer.storage.records import AnswerRecord, Exam, SessionKind, StoredAnswer

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
    the rules-CLI request, question, citation) so it can be re-drawn and re-graded;
    ``expected`` is the rules core's answer, ``given`` the trainee's.
    """
    item = outcome.item.to_json()
    expected = item.pop("expected")
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


def exam_spec(exam: Exam) -> ExamSpec:
    """The drills' exam for a stored one: every trainee gets the same items."""
    return ExamSpec(
        skills=exam.skills,
        difficulty=Difficulty(exam.difficulty),
        size=exam.item_count,
        pass_mark=exam.pass_mark,
        seed=exam.seed,
        ruleset=exam.ruleset_id,
    )


def replay_specs(answers: Iterable[StoredAnswer]) -> list[ItemSpec]:
    """The items of stored answers, to sit again ("my mistakes": ``drills.sessions.replay``)."""
    specs = []
    for stored in answers:
        situation = stored.record.situation
        difficulty = situation.get("difficulty") if isinstance(situation, Mapping) else None
        if not isinstance(difficulty, int):
            raise ValueError(f"answer {stored.id} was not recorded from a drill item")
        specs.append(
            ItemSpec(
                stored.record.skill,
                stored.record.item_seed,
                Difficulty(difficulty),
                stored.record.ruleset_id,
            )
        )
    return specs


def skill_cards(desk: TraineeDesk) -> list[SkillCard]:
    """The trainee's review cards, for ``drills.review.review_items``."""
    return [SkillCard(state.skill, state.state) for state in desk.review_states()]  # type: ignore[arg-type]


class StoreRecorder:
    """Records every answer of one drill session into one stored training session."""

    def __init__(
        self,
        desk: TraineeDesk,
        session_id: int,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        *,
        review_cards: bool = True,
    ) -> None:
        self._desk = desk
        self._session_id = session_id
        self._clock = clock
        self._review_cards = review_cards
        self.stored: list[StoredAnswer] = []

    def __call__(self, outcome: Outcome, mode: Mode) -> None:
        del mode  # the stored session already says which mode it is
        stored = self._desk.record_answer(self._session_id, answer_record(outcome, self._clock()))
        self.stored.append(stored)
        if not self._review_cards:
            return
        skill = outcome.item.skill
        saved = self._desk.review_state(skill)
        current = None if saved is None else SkillCard(skill, saved.state)  # type: ignore[arg-type]
        card = review(current, skill, outcome, stored.record.answered_at)
        self._desk.save_review_state(skill, card.state, card.due)
