"""Issue 15, schedules: an exam given by mistake is withdrawn before it is sat, and leaves
the trainee's open exams and the overdue list; once a sitting has started, it stays (on
one PC's SQLite file and, with DEALER_TRAINER_TEST_PG_URL, on PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from dealer_trainer.storage import SessionKind, StorageError, Store
from dealer_trainer.storage.audit import Action
from tests.signing import sign_in_own
from tests.storage.conftest import FakeClock


def test_an_exam_not_started_is_withdrawn_and_a_started_one_stays(
    store: Store, clock: FakeClock
) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    chan = desk.add_trainee("Chan Tai Man", password="battery staple")
    wong = desk.add_trainee("Wong Mei Ling", password="battery staple")
    paper = desk.create_exam(
        "Roulette payouts", "roulette-2003", ["roulette.straight_up"], 2, 7, Fraction(1, 2)
    )
    due = clock.now + timedelta(days=1)
    for_chan, for_wong = desk.assign_exam(paper.id, [chan.id, wong.id], due)
    wong_desk = store.trainee_desk(sign_in_own(store, "wong.mei.ling", "battery staple"))
    wong_desk.exam_paper(for_wong.id)  # Wong starts hers and leaves it unfinished
    wong_desk.start_session("roulette-2003", SessionKind.EXAM, exam_assignment_id=for_wong.id)
    clock.advance(days=2)  # both overdue; the instructor signs in again after the pause
    desk = store.instructor(store.verify_instructor("correct horse"))
    assert {o.trainee_id for o in desk.schedules.overdue().exams} == {chan.id, wong.id}
    with pytest.raises(StorageError, match="has been started: its sitting is a record"):
        desk.withdraw_exam(for_wong.id)

    desk.withdraw_exam(for_chan.id)
    assert [a.id for a in desk.assignments(paper.id)] == [for_wong.id]
    assert {o.trainee_id for o in desk.schedules.overdue().exams} == {wong.id}
    chan_desk = store.trainee_desk(sign_in_own(store, "chan.tai.man", "battery staple"))
    assert chan_desk.open_exams() == []
    [entry] = [e for e in desk.audit_log() if e.action is Action.EXAM_WITHDRAWN]
    assert (entry.actor, entry.subject, entry.detail) == (
        "ana.lei",
        "chan.tai.man",
        f"exam:{paper.id}",
    )
    with pytest.raises(StorageError, match="not there any more"):
        desk.withdraw_exam(for_chan.id)
    assert desk.verify_records().clean  # the withdrawal leaves the records whole
