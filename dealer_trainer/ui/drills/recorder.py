"""Drill answers into storage: every answer committed before its feedback is shown.

:class:`StoreRecorder` is the drills session's recorder.  For each
:class:`~dealer_trainer.drills.Outcome` it writes an
:class:`~dealer_trainer.storage.AnswerRecord` through
:meth:`TraineeDesk.record_answer` (which returns only once the answer is
durable), then moves the skill's FSRS card and saves it with
:meth:`TraineeDesk.save_review_state` (at once, or once the feedback is on
screen when given a ``defer``).  Any failure propagates, so the drill
session shows no feedback; a retry writes the same answer ``uid`` again,
which storage stores once.

Storage keeps three session kinds (practice, review, exam).  A timed run is
a practice session whose answers carry their times; an exam is an exam
session only when it is an instructor's assignment, otherwise a mock exam a
trainee set himself is kept as practice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from fsrs.card import CardDict

from dealer_trainer import __version__
from dealer_trainer.drills import Difficulty, ItemSpec, Mode, Outcome, all_skills
from dealer_trainer.drills.model import expected_to_json
from dealer_trainer.drills.review import SkillCard, review, review_items
from dealer_trainer.storage import (
    AnswerRecord,
    ReviewState,
    SessionKind,
    StorageError,
    TraineeDesk,
)

Clock = Callable[[], datetime]
_FLOAT_FIELDS = ("stability", "difficulty")


def utc_now() -> datetime:
    return datetime.now(UTC)


def session_kind(mode: Mode, *, assigned_exam: bool = False) -> SessionKind:
    """The storage session kind of a drill mode (timed runs and mock exams are practice)."""
    if mode is Mode.REVIEW:
        return SessionKind.REVIEW
    if mode is Mode.EXAM and assigned_exam:
        return SessionKind.EXAM
    return SessionKind.PRACTICE


# ------------------------------------------------------------- FSRS cards --


def encode_card(state: CardDict) -> dict[str, Any]:
    """An FSRS card as storage keeps it: its two floats as exact decimal strings.

    Storage refuses floats (no binary fraction reaches the database);
    ``repr`` of a float reads back as the very same float.
    """
    out: dict[str, Any] = dict(state)
    for name in _FLOAT_FIELDS:
        value = out.get(name)
        out[name] = None if value is None else repr(float(value))
    return out


def decode_card(data: Mapping[str, Any]) -> CardDict:
    out = dict(data)
    for name in _FLOAT_FIELDS:
        value = out.get(name)
        out[name] = None if value is None else float(value)
    return cast(CardDict, out)


def skill_cards(states: list[ReviewState]) -> list[SkillCard]:
    """The trainee's FSRS cards, from the review states storage keeps."""
    known = all_skills()
    cards = []
    for state in states:
        if state.skill in known and isinstance(state.state, Mapping):
            cards.append(SkillCard(state.skill, decode_card(state.state)))
    return cards


def review_specs(desk: TraineeDesk, difficulty: Difficulty, seed: int, size: int = 10,
                 now: datetime | None = None) -> list[ItemSpec]:
    """Items of the trainee's due skills, the weakest most often (empty: nothing is due)."""
    when = now or utc_now()
    return review_items(skill_cards(desk.review_states()), when, difficulty, seed, size)


def mistake_specs(desk: TraineeDesk, limit: int = 20, history: int = 1000) -> list[ItemSpec]:
    """"My mistakes": the trainee's wrongly answered items, newest first, each once."""
    known = all_skills()
    seen: set[tuple[str, int, int, str]] = set()
    specs: list[ItemSpec] = []
    for stored in reversed(desk.answers(limit=None)[-history:]):
        record = stored.record
        situation = record.situation
        if record.correct or record.skill not in known or not isinstance(situation, Mapping):
            continue
        level = situation.get("difficulty")
        if not isinstance(level, int) or level not in {int(d) for d in Difficulty}:
            continue
        key = (record.skill, record.item_seed, level, record.ruleset_id)
        if key in seen:
            continue
        seen.add(key)
        specs.append(ItemSpec(record.skill, record.item_seed, Difficulty(level), record.ruleset_id))
        if len(specs) >= limit:
            break
    return specs


# --------------------------------------------------------------- recorder --


def answer_record(outcome: Outcome, uid: str, answered_at: datetime) -> AnswerRecord:
    """What storage keeps of one answer: the whole item (to redraw it), the answer, the time."""
    item = outcome.item
    presented_at = answered_at - timedelta(milliseconds=outcome.elapsed_ms)
    return AnswerRecord(
        item_seed=item.seed,
        skill=item.skill,
        ruleset_id=item.ruleset,
        situation=item.to_json(),
        expected=expected_to_json(item.expected),
        given=outcome.answer.to_json(),
        correct=outcome.correct,
        time_taken_ms=outcome.elapsed_ms,
        app_version=__version__,
        presented_at=presented_at,
        answered_at=answered_at,
        uid=uid,
    )


class StoreRecorder:
    """Records a drill session's answers and review states for one trainee, in one session.

    The answer is committed inside the call, before the session returns its
    grade.  The skill's FSRS card is updated at once in memory; writing it is
    handed to ``defer`` (the launcher passes "after the feedback is on screen"),
    as the review state is a schedule derived from the answers, not an answer.
    A card that could not be written stays unsaved and goes with the next write.
    """

    def __init__(self, desk: TraineeDesk, session_id: int, clock: Clock = utc_now,
                 defer: Callable[[Callable[[], None]], None] | None = None) -> None:
        self.desk = desk
        self.session_id = session_id
        self.clock = clock
        self.defer = defer
        self.recorded = 0
        self.review_problem: str | None = None
        self._cards = {card.skill: card for card in skill_cards(desk.review_states())}
        self._unsaved: dict[str, SkillCard] = {}

    @classmethod
    def start(cls, desk: TraineeDesk, ruleset_id: str, mode: Mode, *,
              exam_assignment_id: int | None = None, clock: Clock = utc_now,
              defer: Callable[[Callable[[], None]], None] | None = None) -> StoreRecorder:
        """Open a storage session of the right kind and a recorder for it."""
        kind = session_kind(mode, assigned_exam=exam_assignment_id is not None)
        session = desk.start_session(ruleset_id, kind, exam_assignment_id=exam_assignment_id)
        return cls(desk, session.id, clock, defer)

    def uid(self) -> str:
        """The next answer's id: the same on a retry, so a retried write stores one answer."""
        return f"session-{self.session_id}-answer-{self.recorded + 1}"

    def __call__(self, outcome: Outcome, mode: Mode) -> None:
        del mode  # the session's kind was fixed when it was opened
        when = self.clock()
        self.desk.record_answer(self.session_id, answer_record(outcome, self.uid(), when))
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
                self.desk.save_review_state(skill_id, encode_card(card.state), card.due)
            except Exception as exc:  # kept; the next answer or close() writes it again
                self.review_problem = str(exc) or type(exc).__name__
                return False
            del self._unsaved[skill_id]
        self.review_problem = None
        return True

    def close(self) -> None:
        """Write what is left and end the storage session (completing an exam assignment)."""
        if not self.save_reviews():
            raise StorageError(f"the review schedule could not be saved: {self.review_problem}")
        self.desk.end_session(self.session_id)
