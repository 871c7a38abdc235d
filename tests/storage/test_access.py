"""Who may do what: the instructor password, its growing delay, and what a trainee cannot reach."""

from __future__ import annotations

import inspect
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.storage import (
    AccessDeniedError,
    AnswerFilter,
    InstructorDesk,
    InstructorLockedError,
    InstructorSession,
    Store,
    TraineeDesk,
    WrongPasswordError,
)
from dealer_trainer.storage.access import delay_after

from .conftest import FAST_PASSWORDS, MACAU, FakeClock, answer

PASSWORD = "correct horse"


def _reopen(db_url: str, clock: FakeClock) -> Store:
    return Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)


def test_first_start_creates_the_instructor_with_an_argon2_hash(store: Store, db_url: str) -> None:
    assert not store.has_instructor()
    session = store.create_first_instructor("Ana Lei", PASSWORD)
    assert store.has_instructor()
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            stored = connection.execute(text("SELECT password_hash FROM instructors")).scalar_one()
    finally:
        engine.dispose()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    with pytest.raises(AccessDeniedError, match="already exists"):
        store.create_first_instructor("Intruder", "another password")
    assert store.instructor(session).session.name == "Ana Lei"


def test_short_instructor_password_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="at least 8"):
        store.create_first_instructor("Ana Lei", "1234")
    assert not store.has_instructor()


def test_growing_delay_is_computed_not_slept() -> None:
    assert delay_after(0) == timedelta(0)
    assert [delay_after(n).total_seconds() for n in range(1, 6)] == [1, 2, 4, 8, 16]
    assert delay_after(50) == timedelta(seconds=30)  # a delay, never a lock-out (issue 14)


def test_wrong_passwords_grow_the_delay_and_survive_a_restart(
    store: Store, db_url: str, clock: FakeClock
) -> None:
    store.create_first_instructor("Ana Lei", PASSWORD)
    with pytest.raises(WrongPasswordError) as first:
        store.verify_instructor("guess one")
    assert first.value.retry_after == timedelta(seconds=1)

    # Before the delay is over even the right password is not checked.
    with pytest.raises(InstructorLockedError) as locked:
        store.verify_instructor(PASSWORD)
    assert locked.value.wait == timedelta(seconds=1)

    clock.advance(seconds=1)
    with pytest.raises(WrongPasswordError) as second:
        store.verify_instructor("guess two")
    assert second.value.retry_after == timedelta(seconds=2)
    assert second.value.failed_attempts == 2

    # Restarting the app does not reset the delay: it is in the database.
    store.close()
    clock.advance(seconds=1)
    reopened = _reopen(db_url, clock)
    try:
        with pytest.raises(InstructorLockedError) as still:
            reopened.verify_instructor(PASSWORD)
        assert still.value.wait == timedelta(seconds=1)
        clock.advance(seconds=1)
        session = reopened.verify_instructor(PASSWORD)
        reopened.lock(session)
        # Success resets the count: the next wrong password costs 1 s again.
        with pytest.raises(WrongPasswordError) as after:
            reopened.verify_instructor("guess three")
        assert after.value.retry_after == timedelta(seconds=1)
    finally:
        reopened.close()


def test_forged_or_locked_instructor_session_is_refused(store: Store, clock: FakeClock) -> None:
    session = store.create_first_instructor("Ana Lei", PASSWORD)
    forged = replace(session, token="not-the-token")
    with pytest.raises(AccessDeniedError):
        store.instructor(forged)
    made_up = InstructorSession(
        instructor_id=session.instructor_id, name="Ana Lei", token="x", unlocked_at=clock.now
    )
    with pytest.raises(AccessDeniedError):
        store.instructor(made_up)

    desk = store.instructor(session)
    desk.lock()
    with pytest.raises(AccessDeniedError, match="locked"):
        desk.all_trainees()


def test_instructor_views_lock_after_an_idle_pause(store: Store, clock: FakeClock) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
    clock.advance(minutes=14)
    desk.all_trainees()  # use keeps it open
    clock.advance(minutes=14)
    desk.all_trainees()
    clock.advance(minutes=16)
    with pytest.raises(AccessDeniedError, match="pause"):
        desk.all_trainees()


def test_instructor_session_from_another_store_is_refused(
    store: Store, db_url: str, clock: FakeClock
) -> None:
    session = store.create_first_instructor("Ana Lei", PASSWORD)
    other = _reopen(db_url, clock)
    try:
        with pytest.raises(AccessDeniedError):
            other.instructor(session)
    finally:
        other.close()


def test_trainee_desk_has_no_way_to_edit_answers_or_see_others() -> None:
    public = {name for name, _ in inspect.getmembers(TraineeDesk) if not name.startswith("_")}
    assert public == {
        "answers",
        "centre_settings",
        "end_session",
        "exam_paper",
        "graded_by_server",  # a constant: whose grade a sitting's is (the server's grader)
        "grading_wait",  # read only: how many of their answers wait for the server's grade
        "my_certifications",
        "my_daily_skill_stats",
        "mock_exam_sessions",  # read only: their own mock exams, for their review
        "my_table_figures",  # read only: their own live-table figures (My progress)
        "my_transcript",  # read only: their own sittings and certifications
        "open_exams",
        "record_answer",
        "review_state",
        "review_states",
        "rounds",
        "save_review_state",
        "schedule",
        "sessions",
        "sitting_refusal",
        "sitting_time_used_ms",  # read only: the time a sitting has used of its limit
        "standing",
        "start_session",
        "table_grading_wait",  # read only: how many of their live-table rounds wait
        "trainee_id",
        "wait_for_grade",  # read only: waits for the server's grade of their own sitting
    }
    # The live table's rounds: recorded and read, never changed (no update, no delete).
    from dealer_trainer.storage.rounds import Rounds

    rounds = {n for n, _ in inspect.getmembers(Rounds) if not n.startswith("_")}
    assert rounds == {
        "all",
        "exam_sessions",
        "finish",
        "record_attempt",
        "start",
    }  # read: exam_sessions
    # The centre's standards, the trainee's mastery and plans (issue 15): read only.
    from dealer_trainer.storage.schedules import MySchedule
    from dealer_trainer.storage.standards import MyStandards

    assert {n for n, _ in inspect.getmembers(MyStandards) if not n.startswith("_")} == {
        "mastery",
        "standards",
    }
    assert {n for n, _ in inspect.getmembers(MySchedule) if not n.startswith("_")} == {
        "group_names",  # read only: the groups they may read (their own, on the server)
        "now",
        "plans",
    }
    signatures = {
        name: inspect.signature(getattr(TraineeDesk, name))
        for name in public - {"trainee_id", "rounds", "standing", "schedule", "graded_by_server"}
    }
    assert all("trainee_id" not in sig.parameters for sig in signatures.values())
    instructor_only = {n for n, _ in inspect.getmembers(InstructorDesk) if not n.startswith("_")}
    assert {"daily_skill_stats", "add_trainee", "assign_exam"} <= instructor_only - public


def test_trainee_cannot_reach_another_trainees_session_or_answers(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
    chan = store.trainee(desk.add_trainee("Chan Tai Man").id)
    wong = store.trainee(desk.add_trainee("Wong Mei").id)
    chans_session = chan.start_session("roulette-2003")
    chan.record_answer(chans_session.id, answer(1))
    desk.lock()

    with pytest.raises(AccessDeniedError, match="not one of yours"):
        wong.record_answer(chans_session.id, answer(2))
    with pytest.raises(AccessDeniedError, match="not one of yours"):
        wong.end_session(chans_session.id)
    assert wong.answers() == []
    assert wong.answers(session_id=chans_session.id) == []
    assert wong.sessions() == []
    assert len(chan.answers()) == 1


def test_trainee_cannot_replay_another_trainees_answer(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
    chan = store.trainee(desk.add_trainee("Chan Tai Man").id)
    wong = store.trainee(desk.add_trainee("Wong Mei").id)
    record = answer(1)
    chan.record_answer(chan.start_session("roulette-2003").id, record)
    with pytest.raises(AccessDeniedError):
        wong.record_answer(wong.start_session("roulette-2003").id, record)
    assert desk.answers(AnswerFilter(trainee_id=wong.trainee_id)) == []


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE answers SET correct = NOT correct",
        'UPDATE answers SET given = \'{"payout": "350.00"}\'',
        "DELETE FROM answers",
    ],
)
def test_database_refuses_any_change_to_a_recorded_answer(
    store: Store, db_url: str, statement: str
) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
    chan = store.trainee(desk.add_trainee("Chan Tai Man").id)
    stored = chan.record_answer(
        chan.start_session("roulette-2003").id, answer(1, correct=False, given={"payout": "1.00"})
    )
    engine = create_engine(db_url)
    try:
        with pytest.raises(DBAPIError, match="answers are immutable"), engine.begin() as c:
            c.execute(text(statement))
    finally:
        engine.dispose()
    assert desk.answers() == [stored]


def test_postgresql_refuses_truncating_answers(pg_url: str, clock: FakeClock) -> None:
    _reopen(pg_url, clock).close()
    engine = create_engine(pg_url)
    try:
        with pytest.raises(DBAPIError, match="answers are immutable"), engine.begin() as c:
            # With the grades that reference them (migration 0017): else the foreign key
            # refuses it before the answers' own trigger can.
            c.execute(text("TRUNCATE answers, answer_grades"))
    finally:
        engine.dispose()


def test_second_instructor_and_password_change(store: Store, clock: FakeClock) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
    desk.add_instructor("Ho Kin", "second password")
    with pytest.raises(AccessDeniedError, match="Choose which instructor"):
        store.verify_instructor(PASSWORD)
    ho = store.verify_instructor("second password", name="Ho Kin")
    assert ho.name == "Ho Kin"

    with pytest.raises(AccessDeniedError, match="current password is wrong"):
        desk.change_password("not it", "a new password")
    desk.change_password(PASSWORD, "a new password")
    with pytest.raises(WrongPasswordError):
        store.verify_instructor(PASSWORD, name="Ana Lei")
    clock.advance(seconds=1)
    assert store.verify_instructor("a new password", name="Ana Lei").name == "Ana Lei"
