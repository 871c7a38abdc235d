"""A practice plan given by mistake is withdrawn while it is not done (migration 0015),
on SQLite and PostgreSQL (the server's own function: tests/storage/server/)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.storage import AnswerFilter, InstructorDesk, StorageError, Store
from dealer_trainer.storage.audit import Action

from .conftest import FakeClock, answer

STRAIGHT = "roulette.straight_up"


@pytest.fixture
def desk(store: Store) -> InstructorDesk:
    return store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))


def _answer(store: Store, trainee_id: int, clock: FakeClock, count: int) -> None:
    trainee = store.trainee(trainee_id)
    session = trainee.start_session("roulette-2003")
    for number in range(count):
        clock.advance(seconds=1)
        trainee.record_answer(
            session.id, answer(number, skill=STRAIGHT, correct=True, answered_at=clock.now)
        )
    trainee.end_session(session.id)


def test_a_plan_not_done_is_withdrawn_and_leaves_every_list_but_the_records(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    bo = desk.add_trainee("Bo Wong").id
    desk.schedules.assign_plan(
        "Straight-ups", "roulette", [STRAIGHT], 3, clock.now + timedelta(days=1), [ana, bo]
    )
    _answer(store, ana, clock, 2)  # under way: 2 of 3
    given = {p.trainee_id: p for p in desk.schedules.progress()}
    desk.schedules.withdraw_plan(given[ana].assignment_id)
    assert [p.trainee_id for p in desk.schedules.progress()] == [bo]
    assert store.trainee(ana).schedule.plans() == []
    clock.advance(days=2)  # past the due date: only Bo's is overdue
    desk = store.instructor(store.verify_instructor("correct horse"))
    assert [p.trainee_id for p in desk.schedules.overdue().plans] == [bo]
    [entry] = [e for e in desk.audit_log() if e.action is Action.PLAN_WITHDRAWN]
    assert (entry.subject, entry.detail) == ("ana.chan", "Straight-ups")
    # The assignment and Ana's answers are on file still; the withdrawal cannot be undone.
    kept = store.read(
        lambda c: c.execute(text("SELECT count(*) FROM plan_assignments")).scalar_one()
    )
    assert kept == 2
    assert len(desk.answers(AnswerFilter(trainee_id=ana))) == 2
    for statement in (
        "DELETE FROM plan_withdrawals",
        "UPDATE plan_withdrawals SET withdrawn_by = 1",
    ):

        def change(connection: Connection, sql: str = statement) -> None:
            connection.execute(text(sql))

        with pytest.raises((DBAPIError, StorageError), match=r"kept as (made|set)"):
            store.write(change)
    # Withdrawn once: a second time says the plan is no longer given.
    with pytest.raises(StorageError, match="no longer given to this trainee"):
        desk.schedules.withdraw_plan(given[ana].assignment_id)


def test_a_plan_done_is_a_record_and_is_not_withdrawn(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    desk.schedules.assign_plan(
        "Straight-ups", "roulette", [STRAIGHT], 2, clock.now + timedelta(days=1), [ana]
    )
    _answer(store, ana, clock, 2)
    [done] = desk.schedules.progress()
    assert done.complete
    with pytest.raises(StorageError, match="The plan is done"):
        desk.schedules.withdraw_plan(done.assignment_id)
    assert [p.assignment_id for p in desk.schedules.progress()] == [done.assignment_id]
    assert not [e for e in desk.audit_log() if e.action is Action.PLAN_WITHDRAWN]
    with pytest.raises(StorageError, match="no longer given"):
        desk.schedules.withdraw_plan(done.assignment_id + 99)
