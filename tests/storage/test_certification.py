"""Retakes, exam windows, the centre's settings and certifications (SQLite and PostgreSQL
as the owner; a trainee's own login on the server is tests/storage/server/)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from fractions import Fraction

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.storage import (
    AccessDeniedError,
    InstructorDesk,
    SessionKind,
    Store,
    TrainingSession,
)
from dealer_trainer.storage.audit import Action
from dealer_trainer.storage.centre import DEFAULTS, CentreSettings
from dealer_trainer.storage.certification import Refusal, add_months
from dealer_trainer.storage.errors import SittingRefusedError
from tests.migrated import Templates

from .conftest import FAST_PASSWORDS, MACAU, START, FakeClock, answer

SKILL = "roulette.straight_up"  # target 10 s at the beginner level


@pytest.fixture
def store(db_url: str, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    """The records, with an instructor who stays signed in over the weeks these tests skip."""
    opened = Store.open(
        migrated(db_url),
        clock=clock,
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
        instructor_idle=timedelta(days=400),
    )
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def desk(store: Store) -> InstructorDesk:
    return store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))


def _exam(desk: InstructorDesk, *, items: int = 4, speed: Fraction | None = None) -> int:
    return desk.create_exam(
        "Straight-up payouts",
        "roulette-2003",
        [SKILL],
        items,
        7,
        Fraction(3, 4),
        speed_mark=speed,
        speed_targets_ms={SKILL: 10_000},  # a 10 s standard
    ).id


def _sit(
    store: Store, trainee_id: int, assignment_id: int, results: list[tuple[bool, int]]
) -> TrainingSession:
    trainee = store.trainee(trainee_id)
    trainee.exam_paper(assignment_id)
    session = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment_id
    )
    for n, (correct, ms) in enumerate(results):
        trainee.record_answer(
            session.id, answer(n, skill=SKILL, correct=correct, time_taken_ms=ms, answered_at=START)
        )
    return trainee.end_session(session.id)


def test_add_months_keeps_the_day_or_the_months_last() -> None:
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_months(date(2027, 11, 30), 3) == date(2028, 2, 29)
    assert add_months(date(2026, 11, 30), 24) == date(2028, 11, 30)


def test_centre_settings_are_versioned_insert_only_and_audited(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    assert desk.centre_settings() == DEFAULTS
    assert (DEFAULTS.retake_limit, DEFAULTS.retake_wait_days, DEFAULTS.validity_months) == (
        3,
        7,
        24,
    )
    first = desk.save_centre_settings(CentreSettings("Escola  de Croupiers", 2, 3, 12))
    clock.advance(hours=1)
    second = desk.save_centre_settings(CentreSettings("Escola de Croupiers", 4, 0, 36))
    assert (first.version, first.centre_name, second.version) == (1, "Escola de Croupiers", 2)
    assert desk.centre_settings() == second
    assert [s.version for s in desk.centre_settings_history()] == [2, 1]
    entries = [e for e in desk.audit_log() if e.action is Action.CENTRE_SETTINGS_CHANGED]
    assert len(entries) == 2 and "4 sittings, 0 days" in entries[0].detail
    with pytest.raises(
        ValueError, match="The sittings of one exam must be a whole number from 1 to 20"
    ):
        desk.save_centre_settings(CentreSettings("x", 0, 3, 12))
    with pytest.raises(ValueError, match="The months a certification is valid"):
        desk.save_centre_settings(CentreSettings("x", 1, 3, 121))
    with store._engine.connect() as connection, pytest.raises(DBAPIError):
        connection.execute(text("UPDATE centre_settings SET retake_limit = 20"))
    assert desk.centre_settings().retake_limit == 4


def test_retake_limit_and_waiting_period_keep_every_sitting(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    desk.save_centre_settings(CentreSettings("Centre", 2, 3, 12))
    chan = desk.add_trainee("Chan Tai Man")
    [assignment] = desk.assign_exam(_exam(desk), [chan.id])
    trainee = store.trainee(chan.id)
    first = _sit(store, chan.id, assignment.id, [(True, 1000), (False, 1000)] * 2)  # 50 %
    # Waiting period: refused in words until three days after the sitting ended.
    refused = trainee.sitting_refusal(assignment.id)
    assert refused is not None and refused.reason is Refusal.WAIT
    assert first.ended_at is not None and refused.when == first.ended_at + timedelta(days=3)
    assert [a.id for a, _ in trainee.open_exams()] == [assignment.id]  # still listed
    with pytest.raises(SittingRefusedError) as caught:
        trainee.exam_paper(assignment.id)
    assert caught.value.refused.reason is Refusal.WAIT
    clock.advance(days=3)
    assert trainee.sitting_refusal(assignment.id) is None
    _sit(store, chan.id, assignment.id, [(False, 1000)] * 4)
    # The limit (two sittings) is reached: refused, and no longer listed.
    clock.advance(days=30)
    refused = trainee.sitting_refusal(assignment.id)
    assert refused is not None and (refused.reason, refused.sittings, refused.limit) == (
        Refusal.LIMIT,
        2,
        2,
    )
    assert trainee.open_exams() == []
    with pytest.raises(SittingRefusedError):
        trainee.start_session("roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id)
    # Both sittings are kept, each with its own answers and score.
    sittings = desk.sittings(exam_id=assignment.exam_id)
    assert [(s.correct, s.answered) for _, _, s in sittings] == [(2, 4), (0, 4)]
    assert desk.certifications() == []


def test_exam_window_opens_and_closes(store: Store, desk: InstructorDesk, clock: FakeClock) -> None:
    chan = desk.add_trainee("Chan Tai Man")
    opens, due = START + timedelta(days=1), START + timedelta(days=2)
    with pytest.raises(ValueError, match="open before it closes"):
        desk.assign_exam(_exam(desk), [chan.id], due_at=opens, opens_at=due)
    [assignment] = desk.assign_exam(_exam(desk), [chan.id], due_at=due, opens_at=opens)
    trainee = store.trainee(chan.id)
    refused = trainee.sitting_refusal(assignment.id)
    assert refused is not None and (refused.reason, refused.when) == (Refusal.NOT_OPEN, opens)
    with pytest.raises(SittingRefusedError):
        trainee.exam_paper(assignment.id)
    clock.advance(days=1)
    assert trainee.sitting_refusal(assignment.id) is None
    clock.advance(days=1, seconds=1)
    refused = trainee.sitting_refusal(assignment.id)
    assert refused is not None and (refused.reason, refused.when) == (Refusal.CLOSED, due)


def test_a_passing_sitting_certifies_for_the_game_once(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    desk.save_centre_settings(CentreSettings("Centre", 3, 0, 24))
    chan = desk.add_trainee("Chan Tai Man")
    wong = desk.add_trainee("Wong Mei")
    exam_id = _exam(desk, speed=Fraction(1, 2))
    chans, wongs = desk.assign_exam(exam_id, [chan.id, wong.id])
    # Chan: 4 right but 3 of them slower than the 10 s target: accuracy passes, speed not.
    _sit(store, chan.id, chans.id, [(True, 9000), (True, 11000), (True, 12000), (True, 10001)])
    assert desk.certifications() == []
    # Wong: 3 of 4 right, 2 within 10 s: passes both marks.
    ended = _sit(store, wong.id, wongs.id, [(True, 10000), (True, 4000), (True, 20000), (False, 1)])
    [cert] = desk.certifications()
    assert (cert.trainee_id, cert.game, cert.exam_id, cert.session_id) == (
        wong.id,
        "roulette",
        exam_id,
        ended.id,
    )
    assert (cert.score, cert.speed, cert.time_taken_ms) == (Fraction(3, 4), Fraction(1, 2), 34001)
    assert cert.approved_by == desk.session.instructor_id
    assert cert.valid_until == date(2028, 11, 30)  # 24 months from the day in Macau
    assert store.trainee(wong.id).my_certifications() == [cert]
    assert store.trainee(chan.id).my_certifications() == []
    # Passed: no further sitting.
    refused = store.trainee(wong.id).sitting_refusal(wongs.id)
    assert refused is not None and refused.reason is Refusal.PASSED
    with store._engine.connect() as connection, pytest.raises(DBAPIError):
        connection.execute(text("DELETE FROM certifications"))
    # Chan retakes (no wait at this centre) and passes: a second certification.
    _sit(store, chan.id, chans.id, [(True, 1000)] * 4)
    assert {c.trainee_id for c in desk.certifications()} == {chan.id, wong.id}
    assert len(desk.sittings(trainee_id=chan.id)) == 2


def test_a_speed_mark_needs_a_target_for_every_skill(desk: InstructorDesk) -> None:
    with pytest.raises(ValueError, match=r"needs a target time for roulette\.picture_bets"):
        desk.create_exam(
            "Speed",
            "roulette-2003",
            [SKILL, "roulette.picture_bets"],
            4,
            1,
            Fraction(1, 2),
            speed_mark=Fraction(1, 2),
            speed_targets_ms={SKILL: 10_000},
        )


def test_another_trainees_sitting_refusal_is_not_told(store: Store, desk: InstructorDesk) -> None:
    chan = desk.add_trainee("Chan Tai Man")
    wong = desk.add_trainee("Wong Mei")
    [assignment] = desk.assign_exam(_exam(desk), [chan.id])
    with pytest.raises(AccessDeniedError):
        store.trainee(wong.id).sitting_refusal(assignment.id)


def test_an_exam_built_before_target_times_were_kept_counts_nothing_in_time(
    store: Store, desk: InstructorDesk
) -> None:
    """Migration 0008 left the exams built before it without target times (NULL): their
    in-time share is no figure (``timed`` is false), not a share of 0."""
    chan = desk.add_trainee("Chan Tai Man")
    wong = desk.add_trainee("Wong Mei")
    old, new = _exam(desk), _exam(desk)
    with store._engine.begin() as connection:  # as the migration left an earlier exam
        connection.execute(
            text("UPDATE exams SET speed_targets = NULL WHERE id = :id"), {"id": old}
        )
    [olds] = desk.assign_exam(old, [chan.id])
    [news] = desk.assign_exam(new, [wong.id])
    _sit(store, chan.id, olds.id, [(True, 1000)] * 4)
    _sit(store, wong.id, news.id, [(True, 1000)] * 4)
    [(_, _, old_score)] = desk.sittings(trainee_id=chan.id)
    [(_, _, new_score)] = desk.sittings(trainee_id=wong.id)
    assert (old_score.timed, old_score.in_time) == (False, 0)
    assert (new_score.timed, new_score.speed) == (True, Fraction(1))
    by_trainee = {c.trainee_id: c for c in desk.certifications()}
    assert (by_trainee[chan.id].timed, by_trainee[wong.id].timed) == (False, True)
    assert [c.timed for c in store.trainee(chan.id).my_certifications()] == [False]
    transcript = desk.transcript(chan.id)
    assert [s.score.timed for s in transcript.sittings] == [False]
    assert [c.timed for c in transcript.certifications] == [False]
