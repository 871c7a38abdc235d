"""Drill screen tests: a temporary SQLite store with one registered trainee, a hand clock."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from dealer_trainer.drills import Answer, DrillItem
from dealer_trainer.storage import Store, TraineeDesk
from dealer_trainer.storage.access import Passwords

FAST_PASSWORDS = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
TRAINEE = "Ana Lei"


@dataclass
class HandClock:
    """Monotonic milliseconds the test moves by hand."""

    now: int = 1_000_000

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms


@pytest.fixture
def clock() -> HandClock:
    return HandClock()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(f"sqlite:///{tmp_path / 'drills.db'}", passwords=FAST_PASSWORDS)
    session = opened.create_first_instructor("Instructor Wong", "a long password")
    opened.instructor(session).add_trainee(TRAINEE)
    yield opened
    opened.close()


@pytest.fixture
def desk(store: Store) -> TraineeDesk:
    (profile,) = store.trainees()
    return store.trainee(profile.id)


def right_answer(item: DrillItem) -> Answer:
    expected = item.expected
    if expected.amount is not None:
        return Answer(amount=expected.amount)
    if expected.choice is not None:
        return Answer(choice=expected.choice)
    return Answer(order=tuple(bet for group in expected.order for bet in group))


def wrong_answer(item: DrillItem) -> Answer:
    expected = item.expected
    if expected.amount is not None:
        return Answer(amount=expected.amount + Decimal(5))
    if expected.choice is not None:
        return Answer(choice=next(o.id for o in expected.options if o.id != expected.choice))
    return Answer(order=tuple(reversed([bet for group in expected.order for bet in group])))
