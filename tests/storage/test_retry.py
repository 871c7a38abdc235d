"""Lock contention is retried inside the repository; other errors are not."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from dealer_trainer.storage.retry import is_transient, retrying


def _locked() -> OperationalError:
    return OperationalError("INSERT …", {}, sqlite3.OperationalError("database is locked"))


class _PgError(Exception):
    def __init__(self, sqlstate: str) -> None:
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


def test_database_is_locked_is_retried_until_it_succeeds() -> None:
    attempts: list[int] = []
    pauses: list[float] = []

    def attempt() -> str:
        attempts.append(1)
        if len(attempts) < 4:
            raise _locked()
        return "stored"

    assert retrying(attempt, sleep=pauses.append) == "stored"
    assert len(attempts) == 4
    assert len(pauses) == 3 and pauses[0] < pauses[-1]  # backing off


def test_contention_past_the_deadline_is_raised_for_the_repository_to_explain() -> None:
    ticks = iter(range(0, 1000, 50))

    def attempt() -> None:
        raise _locked()

    with pytest.raises(OperationalError):
        retrying(attempt, deadline_s=120, sleep=lambda _: None, monotonic=lambda: next(ticks))


def test_other_errors_are_not_retried() -> None:
    attempts: list[int] = []

    def attempt() -> None:
        attempts.append(1)
        raise IntegrityError("INSERT …", {}, sqlite3.IntegrityError("UNIQUE constraint failed"))

    with pytest.raises(IntegrityError):
        retrying(attempt, sleep=lambda _: None)
    assert attempts == [1]


@pytest.mark.parametrize(
    ("sqlstate", "transient"), [("40001", True), ("40P01", True), ("23505", False)]
)
def test_postgresql_serialization_failures_and_deadlocks_are_transient(
    sqlstate: str, transient: bool
) -> None:
    error = OperationalError("UPDATE …", {}, _PgError(sqlstate))
    assert is_transient(error) is transient
