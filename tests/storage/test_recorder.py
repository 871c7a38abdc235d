"""A drill session wired to the store: each answer is stored before its grade is returned."""

from __future__ import annotations

from datetime import timedelta

import pytest

from dealer_trainer.drills.model import Answer, Difficulty, DrillItem
from dealer_trainer.drills.review import due_skills
from dealer_trainer.drills.sessions import ItemSpec, Mode, practice
from dealer_trainer.drills.skills import all_skills
from dealer_trainer.drills.specs import skill_cards
from dealer_trainer.storage import SessionKind, StorageError, Store, TraineeDesk
from dealer_trainer.storage.recorder import SESSION_KINDS, SessionRecorder

from .conftest import START, FakeClock

ROULETTE = sorted(name for name in all_skills() if name.startswith("roulette."))


def _right_answer(item: DrillItem) -> Answer:
    expected = item.expected
    if expected.amount is not None:
        return Answer(amount=expected.amount)
    if expected.order:
        return Answer(order=tuple(spot for group in expected.order for spot in group))
    if expected.fewest_chips:
        return Answer(chips=dict(expected.fewest_chips))
    return Answer(choice=expected.choice)


@pytest.fixture
def trainee(store: Store) -> TraineeDesk:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    return store.trainee(desk.add_trainee("Chan Tai Man").id)


def test_every_drill_answer_is_stored_before_its_grade_returns(
    trainee: TraineeDesk, clock: FakeClock
) -> None:
    stored_session = trainee.start_session("roulette-2003", SESSION_KINDS[Mode.PRACTICE])
    recorder = SessionRecorder(trainee, stored_session.id, clock)
    drill = practice(ROULETTE, Difficulty.BEGINNER, seed=2026, recorder=recorder)
    for n in range(6):
        item = drill.next_item()
        assert item is not None
        answer = _right_answer(item) if n % 2 else Answer(timed_out=True)
        clock.advance(seconds=3)
        outcome = drill.submit(answer, elapsed_ms=2900)
        # By the time the grade is back, the answer is committed.
        [latest] = trainee.answers(session_id=stored_session.id)[-1:]
        assert latest.record.item_seed == item.seed and latest.record.correct is outcome.correct

    answers = trainee.answers(session_id=stored_session.id)
    assert [a.record.correct for a in answers] == [False, True] * 3
    for stored, outcome in zip(answers, drill.outcomes, strict=True):
        item = outcome.item
        record = stored.record
        assert record.skill == item.skill and record.ruleset_id == item.ruleset == "roulette-2003"
        assert record.given == outcome.answer.to_json()
        assert record.time_taken_ms == 2900
        assert record.answered_at - record.presented_at == timedelta(milliseconds=2900)
        # The stored item re-draws to the very same item, expected answer included.
        again = ItemSpec(item.skill, record.item_seed, item.difficulty, record.ruleset_id).make()
        assert {**record.situation, "expected": record.expected} == again.to_json()  # type: ignore[dict-item]


def test_review_cards_follow_the_answers(trainee: TraineeDesk, clock: FakeClock) -> None:
    session = trainee.start_session("roulette-2003", SessionKind.PRACTICE)
    recorder = SessionRecorder(trainee, session.id, clock)
    drill = practice(ROULETTE[:1], Difficulty.BEGINNER, seed=1, recorder=recorder)
    item = drill.next_item()
    assert item is not None
    drill.submit(Answer(timed_out=True), elapsed_ms=1000)  # wrong: Again, due soon
    [card] = skill_cards(trainee.review_states())
    assert card.skill == item.skill
    first_due = card.due
    assert START < first_due <= START + timedelta(days=1)
    assert due_skills([card], first_due) == [item.skill]

    clock.advance(days=1)
    item = drill.next_item()
    assert item is not None
    drill.submit(_right_answer(item), elapsed_ms=1000)
    [card] = skill_cards(trainee.review_states())
    assert card.due > first_due
    assert trainee.review_state(item.skill) is not None


def test_no_grade_when_the_answer_cannot_be_stored(trainee: TraineeDesk, clock: FakeClock) -> None:
    session = trainee.start_session("roulette-2003", SessionKind.TIMED)
    drill = practice(
        ROULETTE, Difficulty.BEGINNER, seed=3, recorder=SessionRecorder(trainee, session.id, clock)
    )
    trainee.end_session(session.id)
    item = drill.next_item()
    assert item is not None
    with pytest.raises(StorageError, match="has ended"):
        drill.submit(_right_answer(item), elapsed_ms=1500)
    assert drill.outcomes == []
    assert trainee.answers() == []


def test_stored_exam_gives_every_trainee_the_same_items(store: Store, clock: FakeClock) -> None:
    from fractions import Fraction

    from dealer_trainer.drills.sessions import exam
    from dealer_trainer.drills.specs import exam_spec
    from dealer_trainer.storage import AnswerFilter

    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    people = [desk.add_trainee(name) for name in ("Chan Tai Man", "Wong Mei")]
    stored_exam = desk.create_exam(
        "Roulette basics", "roulette-2003", ROULETTE[:3], 4, 77, Fraction(3, 4)
    )
    assignments = desk.assign_exam(stored_exam.id, [p.id for p in people])
    desk.lock()

    drawn = []
    for person, assignment in zip(people, assignments, strict=True):
        trainee = store.trainee(person.id)
        sitting = trainee.start_session(
            "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
        )
        drill = exam(exam_spec(stored_exam), SessionRecorder(trainee, sitting.id, clock))
        while (item := drill.next_item()) is not None:
            drill.submit(_right_answer(item), elapsed_ms=4000)
        trainee.end_session(sitting.id)
        assert exam_spec(stored_exam).passed(drill.summary())
        assert trainee.open_exams() == []
        drawn.append([(a.record.skill, a.record.item_seed) for a in trainee.answers()])
    assert drawn[0] == drawn[1] and len(drawn[0]) == 4

    desk = store.instructor(store.verify_instructor("correct horse"))
    assert all(a.completed_at == START for a in desk.assignments(stored_exam.id))
    assert len(desk.answers(AnswerFilter(correct=True))) == 8


def test_my_mistakes_replay_the_very_items_answered_wrong(
    trainee: TraineeDesk, clock: FakeClock
) -> None:
    from dealer_trainer.drills.sessions import replay
    from dealer_trainer.storage.recorder import replay_specs

    session = trainee.start_session("roulette-2003", SessionKind.PRACTICE)
    drill = practice(
        ROULETTE, Difficulty.BEGINNER, seed=11, recorder=SessionRecorder(trainee, session.id, clock)
    )
    wrong_items = []
    for n in range(6):
        item = drill.next_item()
        assert item is not None
        if n in (1, 4):
            wrong_items.append(item)
            drill.submit(Answer(timed_out=True), elapsed_ms=900)
        else:
            drill.submit(_right_answer(item), elapsed_ms=900)

    mistakes = trainee.answers(correct=False, newest_first=True)
    assert [m.record.item_seed for m in mistakes] == [i.seed for i in reversed(wrong_items)]
    again = replay(replay_specs(reversed(mistakes)))
    assert again.next_item() == wrong_items[0]
