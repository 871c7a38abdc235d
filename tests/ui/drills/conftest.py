"""Drill screen tests: a temporary SQLite store with one registered trainee, a hand clock."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, DrillItem
from dealer_trainer.storage import Store, TraineeDesk
from dealer_trainer.storage.access import Passwords
from dealer_trainer.storage.records import Person
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.screen import DrillScreen
from tests.migrated import Templates
from tests.signing import add_trainee_own

FAST_PASSWORDS = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
TRAINEE = "Ana Lei"
TRAINEE_LOGIN = "ana.lei"
TRAINEE_PASSWORD = "trainee password"


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
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(migrated(f"sqlite:///{tmp_path / 'drills.db'}"), passwords=FAST_PASSWORDS)
    session = opened.create_first_instructor("Instructor Wong", "a long password")
    # Given one-time by the instructor; TRAINEE_PASSWORD is the trainee's own (issue 36).
    add_trainee_own(opened, opened.instructor(session), TRAINEE, TRAINEE_PASSWORD)
    yield opened
    opened.close()


def trainee(store: Store) -> Callable[[], Person | None]:
    """The launcher's "who is signed in": ``TRAINEE``, signed in with their password."""
    person = store.sign_in(TRAINEE_LOGIN, TRAINEE_PASSWORD)
    return lambda: person


@pytest.fixture
def desk(store: Store) -> TraineeDesk:
    (profile,) = store.trainees()
    return store.trainee(profile.id)


def open_screen(qtbot: QtBot, controller: DrillController) -> DrillScreen:
    """A drill screen of the controller, shown at the app's size, its first item on show."""
    screen = DrillScreen(controller)
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    return screen


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


@pytest.fixture(autouse=True)
def _collect_between_tests() -> Iterator[None]:
    """Free each test's screens before the next test paints.

    A test's top-level screens are Python-owned and sit in reference cycles
    (signal connections to their own methods); left to the cyclic collector,
    one may be freed in the middle of the next test's paint event, deleting a
    widget tree while Qt paints another (a crash inside shiboken).  In the app
    the launcher's screens are deleted on close by Qt, at a safe point.
    """
    yield
    gc.collect()
