"""Retrying a transaction that lost a race for a lock, so no lock error reaches the user.

SQLite answers ``database is locked`` when another workstation or process holds
the write lock past the busy timeout; PostgreSQL may abort a transaction with a
serialization failure or a deadlock. Both are safe to run again from the start,
because every repository write is one whole transaction (and answers carry a
uid, so a write that did commit is not stored twice).
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import DBAPIError

T = TypeVar("T")

_SQLITE_TRANSIENT = ("database is locked", "database is busy", "database table is locked")
_POSTGRES_TRANSIENT = {"40001", "40P01", "55P03"}  # serialization, deadlock, lock not available


def is_transient(exc: BaseException) -> bool:
    """True for lock contention that a fresh attempt of the same transaction can win."""
    if not isinstance(exc, DBAPIError):
        return False
    original = exc.orig
    if isinstance(original, sqlite3.OperationalError):
        return any(marker in str(original) for marker in _SQLITE_TRANSIENT)
    return getattr(original, "sqlstate", None) in _POSTGRES_TRANSIENT


def retrying(
    attempt: Callable[[], T],
    *,
    deadline_s: float = 120.0,
    sleep: Callable[[float], None] = time.sleep,
    monotonic: Callable[[], float] = time.monotonic,
) -> T:
    """Run ``attempt`` until it succeeds or fails for another reason than contention.

    Backs off exponentially with jitter (5 ms up to 1 s). Past ``deadline_s`` the
    last contention error is raised for the caller to explain.
    """
    start = monotonic()
    pause = 0.005
    while True:
        try:
            return attempt()
        except DBAPIError as exc:
            if not is_transient(exc) or monotonic() - start > deadline_s:
                raise
        sleep(pause * (0.5 + random.random()))
        pause = min(pause * 2, 1.0)
