"""A certification's dates are the centre's calendar days (Macau's), whatever zone the PC's
clock is in: a sitting that ends at 17:30 UTC ends at 01:30 the next day in Macau (SQLite
and PostgreSQL as the owner; the server's own function is tests/storage/server/)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction

import pytest

from dealer_trainer.storage import SessionKind, Store
from dealer_trainer.storage.centre import ZONE, CentreSettings, local_day
from tests.migrated import Templates

from .conftest import FAST_PASSWORDS, FakeClock, answer

SKILL = "roulette.straight_up"
#: 17:30 UTC on 30 November: 01:30 on 1 December in Macau.
EVENING_UTC = datetime(2026, 11, 30, 17, 30, tzinfo=UTC)


def test_local_day_is_macaus_day() -> None:
    assert local_day(EVENING_UTC) == date(2026, 12, 1)
    assert local_day(EVENING_UTC - timedelta(hours=2)) == date(2026, 11, 30)  # 23:30 there
    assert str(ZONE) == "Asia/Macau"


@pytest.fixture
def evening() -> FakeClock:
    return FakeClock(EVENING_UTC - timedelta(minutes=5))


@pytest.fixture
def utc_store(db_url: str, evening: FakeClock, migrated: Templates) -> Iterator[Store]:
    """A workstation whose clock's zone is UTC (a laptop set up abroad), at 17:30 UTC."""
    opened = Store.open(
        migrated(db_url),
        clock=evening,
        passwords=FAST_PASSWORDS,
        day_zone=UTC,
        instructor_idle=timedelta(days=1),
    )
    try:
        yield opened
    finally:
        opened.close()


def test_a_certification_is_dated_by_the_centres_day_not_the_pcs(
    utc_store: Store, evening: FakeClock
) -> None:
    desk = utc_store.instructor(utc_store.create_first_instructor("Ana Lei", "correct horse"))
    desk.save_centre_settings(CentreSettings("Escola", 3, 0, 24))
    wong = desk.add_trainee("Wong Mei")
    exam = desk.create_exam("Straight-up payouts", "roulette-2003", [SKILL], 2, 7, Fraction(1, 2))
    [assignment] = desk.assign_exam(exam.id, [wong.id])
    trainee = utc_store.trainee(wong.id)
    trainee.exam_paper(assignment.id)
    session = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    for n in range(2):
        trainee.record_answer(
            session.id, answer(n, skill=SKILL, time_taken_ms=2000, answered_at=EVENING_UTC)
        )
    evening.now = EVENING_UTC
    trainee.end_session(session.id)
    [cert] = desk.certifications()
    assert cert.passed_at == EVENING_UTC
    assert local_day(cert.passed_at) == date(2026, 12, 1)
    # 24 months from 1 December in Macau (the UTC day, 30 November, gave 30 November 2028).
    assert cert.valid_until == date(2028, 12, 1)
