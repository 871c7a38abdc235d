"""Signing in, for the tests that need a trainee's records (issue 14: no name to pick)."""

from __future__ import annotations

from collections.abc import Callable

from dealer_trainer.storage import InstructorDesk, Store, TraineeProfile
from dealer_trainer.storage.records import Person

TRAINEE_PASSWORD = "trainee password"


def sign_in_as(store: Store, desk: InstructorDesk, profile: TraineeProfile) -> Person:
    """Give ``profile`` a password (as their instructor would) and sign them in."""
    desk.set_trainee_password(profile.id, TRAINEE_PASSWORD)
    login = desk.trainee_logins()[profile.id][0]
    return store.sign_in(login, TRAINEE_PASSWORD)


def signed_in(person: Person | None) -> Callable[[], Person | None]:
    """The launcher's source of who is signed in, fixed to ``person``."""
    return lambda: person
