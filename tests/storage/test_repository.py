"""The repository records every answer whole and gives it back exactly (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_trainer.storage import (
    AccessDeniedError,
    AnswerFilter,
    AnswerRecord,
    InstructorDesk,
    SessionKind,
    StorageError,
    Store,
)

from .conftest import START, FakeClock, answer


@pytest.fixture
def desk(store: Store) -> InstructorDesk:
    return store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))


def test_answer_is_committed_with_every_field(store: Store, desk: InstructorDesk) -> None:
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    record = answer(7, given={"payout": "349.50"}, correct=False, time_taken_ms=4321)

    stored = trainee.record_answer(session.id, record)

    # Read back through a second, independent connection: it is committed.
    assert desk.answers(AnswerFilter(session_id=session.id)) == [stored]
    assert stored.record == record
    assert stored.record.given == {"payout": "349.50"}
    assert stored.record.situation["bets"][0]["amount"] == "10.00"  # type: ignore[index, call-overload]
    assert stored.trainee_id == trainee.trainee_id
    assert stored.record.app_version == "0.1.0"
    assert stored.record.ruleset_id == "roulette-2003"


def test_money_in_answers_is_text_and_float_is_refused() -> None:
    record = answer(given={"payout": Decimal("350.00"), "chips": [Decimal("0.50")]})
    assert record.given == {"payout": "350.00", "chips": ["0.50"]}
    with pytest.raises(TypeError, match="decimal string"):
        answer(given={"payout": 350.0})


def test_answer_record_refuses_naive_times_and_negative_durations() -> None:
    with pytest.raises(ValueError, match="time zone"):
        AnswerRecord(
            item_seed=1,
            skill="s",
            ruleset_id="roulette-2003",
            situation={},
            expected={},
            given={},
            correct=True,
            time_taken_ms=1,
            app_version="0.1.0",
            presented_at=datetime(2026, 1, 1),
            answered_at=datetime(2026, 1, 1),
        )
    with pytest.raises(ValueError, match="time_taken_ms"):
        answer(time_taken_ms=-1)


def test_retrying_the_same_answer_stores_it_once(store: Store, desk: InstructorDesk) -> None:
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    record = answer(3)
    first = trainee.record_answer(session.id, record)
    again = trainee.record_answer(session.id, record)
    assert again.id == first.id
    assert len(desk.answers(AnswerFilter(trainee_id=trainee.trainee_id))) == 1


def test_answer_day_is_the_training_centres_calendar_day(
    store: Store, desk: InstructorDesk
) -> None:
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    # 17:30 UTC on 29 November is 01:30 on 30 November in Macau.
    late = trainee.record_answer(
        session.id, answer(1, answered_at=datetime(2026, 11, 29, 17, 30, tzinfo=UTC))
    )
    assert late.answered_day == date(2026, 11, 30)


def test_ended_session_takes_no_more_answers(store: Store, desk: InstructorDesk) -> None:
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    ended = trainee.end_session(session.id)
    assert ended.ended_at == START
    with pytest.raises(StorageError, match="has ended"):
        trainee.record_answer(session.id, answer(1))


def test_session_records_ruleset_version_and_workstation(
    store: Store, desk: InstructorDesk
) -> None:
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("craps-2010", SessionKind.REVIEW, app_version="0.2.0")
    assert desk.sessions(trainee.trainee_id) == [session]
    assert (session.kind, session.ruleset_id, session.app_version) == (
        SessionKind.REVIEW,
        "craps-2010",
        "0.2.0",
    )
    assert session.workstation == store.workstation != ""


def test_exam_assignment_is_taken_once(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    chan = desk.add_trainee("Chan Tai Man")
    wong = desk.add_trainee("Wong Mei")
    exam = desk.create_exam(
        "Roulette payouts",
        "roulette-2003",
        ["roulette.payout.straight_up"],
        20,
        99,
        Fraction(4, 5),
        difficulty=2,
        time_limit=timedelta(minutes=10),
    )
    assert (exam.pass_mark, exam.difficulty) == (Fraction(4, 5), 2)
    due = START + timedelta(days=7)
    assignments = desk.assign_exam(exam.id, [chan.id, wong.id], due_at=due)
    assert [a.trainee_id for a in assignments] == sorted([chan.id, wong.id])
    with pytest.raises(StorageError, match="already assigned"):
        desk.assign_exam(exam.id, [chan.id])

    trainee = store.trainee(chan.id)
    [(open_assignment, notice)] = trainee.open_exams()
    assert (notice.id, notice.title, notice.item_count) == (exam.id, exam.title, exam.item_count)
    assert not hasattr(notice, "seed") and open_assignment.due_at == due
    assert trainee.exam_paper(open_assignment.id) == exam
    with pytest.raises(ValueError, match="exam session"):
        trainee.start_session("roulette-2003", SessionKind.EXAM)
    sitting = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=open_assignment.id
    )
    clock.advance(minutes=9)
    trainee.end_session(sitting.id)
    # Not passed: listed again for a retake, which waits the centre's period.
    assert [a.id for a, _ in trainee.open_exams()] == [open_assignment.id]
    [done] = [a for a in desk.assignments(exam.id) if a.trainee_id == chan.id]
    assert done.completed_at == START + timedelta(minutes=9)
    with pytest.raises(AccessDeniedError, match="cannot be sat now: wait"):
        trainee.start_session("roulette-2003", SessionKind.EXAM, exam_assignment_id=done.id)
    # Wong's assignment is not Chan's to sit.
    [wongs] = [a for a in assignments if a.trainee_id == wong.id]
    with pytest.raises(AccessDeniedError, match="not assigned to you"):
        trainee.start_session("roulette-2003", SessionKind.EXAM, exam_assignment_id=wongs.id)


def test_review_state_is_replaced_per_skill(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    skill = "craps.odds.place_six"
    trainee.save_review_state(skill, {"interval_days": 1, "ease": "2.5"}, START + timedelta(days=1))
    clock.advance(days=1)
    saved = trainee.save_review_state(
        skill, {"interval_days": 3, "ease": "2.6"}, START + timedelta(days=4)
    )
    assert trainee.review_states() == [saved]
    assert saved.state == {"interval_days": 3, "ease": "2.6"}
    assert saved.updated_at == START + timedelta(days=1)
    assert trainee.review_states(due_by=START + timedelta(days=2)) == []
    assert trainee.review_states(due_by=START + timedelta(days=4)) == [saved]


def test_answers_filter_by_skill_correctness_and_time(store: Store, desk: InstructorDesk) -> None:
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    for n in range(6):
        trainee.record_answer(
            session.id,
            answer(
                n,
                skill=("roulette.payout.split", "roulette.payout.corner")[n % 2],
                correct=n < 4,
                answered_at=START + timedelta(minutes=n),
            ),
        )
    wrong = desk.answers(AnswerFilter(correct=False))
    assert [a.record.item_seed for a in wrong] == [4, 5]
    corners = desk.answers(AnswerFilter(skill="roulette.payout.corner", newest_first=True))
    assert [a.record.item_seed for a in corners] == [5, 3, 1]
    window = desk.answers(
        AnswerFilter(since=START + timedelta(minutes=2), until=START + timedelta(minutes=4))
    )
    assert [a.record.item_seed for a in window] == [2, 3]
    assert [a.record.item_seed for a in trainee.answers(limit=2)] == [0, 1]


def test_dashboard_aggregates_accuracy_and_exact_median(store: Store, desk: InstructorDesk) -> None:
    chan = store.trainee(desk.add_trainee("Chan Tai Man").id)
    wong = store.trainee(desk.add_trainee("Wong Mei").id)
    skill = "roulette.payout.straight_up"
    day1 = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)
    day2 = day1 + timedelta(days=1)
    plan = [  # (trainee, day, time ms, correct)
        (chan, day1, 3000, True),
        (chan, day1, 1000, False),
        (chan, day1, 2000, True),
        (wong, day1, 4000, True),
        (wong, day1, 5001, True),
        (chan, day2, 1500, True),
    ]
    sessions = {
        chan.trainee_id: chan.start_session("roulette-2003").id,
        wong.trainee_id: wong.start_session("roulette-2003").id,
    }
    for n, (who, when, ms, ok) in enumerate(plan):
        who.record_answer(
            sessions[who.trainee_id],
            answer(n, skill=skill, correct=ok, time_taken_ms=ms, answered_at=when),
        )
    first, last = date(2026, 11, 30), date(2026, 12, 1)

    cohort = desk.daily_skill_stats(first, last)
    assert [(s.day, s.trainee_id, s.answers, s.correct, s.median_time_ms) for s in cohort] == [
        (date(2026, 11, 30), None, 5, 4, Decimal(3000)),
        (date(2026, 12, 1), None, 1, 1, Decimal(1500)),
    ]
    assert cohort[0].accuracy_percent == Decimal("80.0")

    each = desk.daily_skill_stats(first, first, per_trainee=True)
    assert [(s.trainee_id, s.answers, s.correct, s.median_time_ms) for s in each] == [
        (chan.trainee_id, 3, 2, Decimal(2000)),
        (wong.trainee_id, 2, 2, Decimal("4500.5")),  # even count: mean of the two middles
    ]
    assert chan.my_daily_skill_stats(first, last) == desk.daily_skill_stats(
        first, last, trainee_id=chan.trainee_id
    )
    assert desk.daily_skill_stats(first, last, skills=["craps.odds"]) == []


def test_archived_trainee_leaves_the_picker_but_keeps_answers(
    store: Store, desk: InstructorDesk
) -> None:
    chan = desk.add_trainee("Chan  Tai   Man")
    assert chan.name == "Chan Tai Man"
    trainee = store.trainee(chan.id)
    trainee.record_answer(trainee.start_session("roulette-2003").id, answer(1))
    desk.set_trainee_archived(chan.id, True)
    assert store.trainees() == []
    with pytest.raises(AccessDeniedError):
        store.trainee(chan.id)
    assert len(desk.answers(AnswerFilter(trainee_id=chan.id))) == 1
    with pytest.raises(StorageError, match="already exists"):
        desk.add_trainee("Chan Tai Man")


def test_aggregates_agree_with_a_plain_median_on_many_answers(
    store: Store, desk: InstructorDesk
) -> None:
    import random
    import statistics

    rng = random.Random(6)
    trainees = [store.trainee(desk.add_trainee(f"Trainee {n}").id) for n in range(3)]
    sessions = {t.trainee_id: t.start_session("roulette-2003").id for t in trainees}
    skills = ["craps.odds.four", "roulette.payout.split"]
    truth: dict[tuple[int, str, date], list[tuple[int, bool]]] = {}
    for n in range(150):
        who = trainees[rng.randrange(3)]
        skill = skills[rng.randrange(2)]
        when = datetime(2026, 11, 28, 3, tzinfo=UTC) + timedelta(days=rng.randrange(3))
        ms, ok = rng.randrange(500, 9000), rng.random() < 0.7
        who.record_answer(
            sessions[who.trainee_id],
            answer(n, skill=skill, correct=ok, time_taken_ms=ms, answered_at=when),
        )
        truth.setdefault((who.trainee_id, skill, store.day_of(when)), []).append((ms, ok))

    def expected(groups: dict[tuple[object, str, date], list[tuple[int, bool]]]) -> list[tuple]:  # type: ignore[type-arg]
        return sorted(
            (key, len(v), sum(ok for _, ok in v), Decimal(statistics.median(ms for ms, _ in v)))
            for key, v in groups.items()
        )

    first, last = date(2026, 11, 28), date(2026, 11, 30)
    each = desk.daily_skill_stats(first, last, per_trainee=True)
    assert sorted(
        ((s.trainee_id, s.skill, s.day), s.answers, s.correct, s.median_time_ms) for s in each
    ) == expected(truth)  # type: ignore[arg-type]

    cohort_truth: dict[tuple[object, str, date], list[tuple[int, bool]]] = {}
    for (_, skill, day), values in truth.items():
        cohort_truth.setdefault((None, skill, day), []).extend(values)
    cohort = desk.daily_skill_stats(first, last)
    assert sorted(
        ((None, s.skill, s.day), s.answers, s.correct, s.median_time_ms) for s in cohort
    ) == expected(cohort_truth)
