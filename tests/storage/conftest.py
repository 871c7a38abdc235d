"""Storage tests run on SQLite (a temporary file) and on PostgreSQL.

PostgreSQL tests need ``DEALER_TRAINER_TEST_PG_URL`` (``eval "$(bash .ci/postgres.sh)"``
sets it); each test gets its own schema there, dropped afterwards. The ``store`` fixture's
database starts as a copy of one migrated once per test run (``tests/migrated.py``).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from argon2 import PasswordHasher
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from dealer_trainer.storage import AnswerRecord, Store
from dealer_trainer.storage.access import Passwords
from tests.migrated import Templates

PG_ENV = "DEALER_TRAINER_TEST_PG_URL"
PG_CA_ENV = "DEALER_TRAINER_TEST_PG_CA"
MACAU = ZoneInfo("Asia/Macau")
START = datetime(2026, 11, 30, 1, 0, tzinfo=UTC)  # 09:00 in Macau

# Cheap argon2 parameters keep the tests fast; the app uses argon2-cffi's defaults.
FAST_PASSWORDS = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))


@dataclass
class FakeClock:
    """A clock the test moves by hand."""

    now: datetime = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def pg_base_url() -> str | None:
    """``$DEALER_TRAINER_TEST_PG_URL``, over TLS that verifies the server where the test CA
    is known (``$DEALER_TRAINER_TEST_PG_CA``): a workstation refuses a server without it."""
    base = os.environ.get(PG_ENV) or None
    ca = os.environ.get(PG_CA_ENV)
    if base is None or not ca or "sslmode=" in base:
        return base
    return (
        make_url(base)
        .update_query_dict({"sslmode": "verify-full", "sslrootcert": ca})
        .render_as_string(hide_password=False)
    )


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh schema of its own."""
    base = pg_base_url()
    if base is None:
        pytest.skip(f'{PG_ENV} is not set: run `eval "$(bash .ci/postgres.sh)"` first')
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base)
    try:
        with admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    finally:
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'dealer-trainer.sqlite3'}"
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(db_url: str, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    """A store at the current schema (a copy of one migrated once: ``tests/migrated.py``).

    A test of the migrations opens ``db_url`` itself: the database is empty there."""
    opened = Store.open(migrated(db_url), clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        yield opened
    finally:
        opened.close()


def answer(
    seed: int = 1,
    *,
    skill: str = "roulette.payout.straight_up",
    correct: bool = True,
    time_taken_ms: int = 2500,
    answered_at: datetime = START,
    given: object = None,
) -> AnswerRecord:
    """A realistic roulette payout answer: 10.00 straight up on 17 pays 350.00."""
    return AnswerRecord(
        item_seed=seed,
        skill=skill,
        ruleset_id="roulette-2003",
        situation={
            "number": 17,
            "bets": [{"kind": "straight_up", "spot": "17", "amount": "10.00"}],
        },
        expected={"payout": "350.00", "citation": "roulette-2003 Art. 7(1)"},
        given={"payout": "350.00"} if given is None else given,  # type: ignore[arg-type]
        correct=correct,
        time_taken_ms=time_taken_ms,
        app_version="0.1.0",
        presented_at=answered_at - timedelta(milliseconds=time_taken_ms),
        answered_at=answered_at,
    )
