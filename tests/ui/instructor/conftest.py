"""Instructor UI tests: a temporary SQLite store with a small cohort, a clock moved by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_trainer.storage import Store
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock
from tests.ui.instructor.cohort import Cohort, fill


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def empty_store(tmp_path: Path, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    store = Store.open(
        migrated(f"sqlite:///{tmp_path / 'dealer-trainer.sqlite3'}"),
        clock=clock,
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def cohort(empty_store: Store) -> Cohort:
    return fill(empty_store)
