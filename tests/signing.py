"""Signing in, for the tests that need a trainee's records (issue 14: no name to pick)."""

from __future__ import annotations

from collections.abc import Callable

from dealer_trainer.storage import InstructorDesk, Store, TraineeProfile
from dealer_trainer.storage.records import Person

TRAINEE_PASSWORD = "trainee password"
#: What an instructor gives (one-time) in ``add_trainee_own``.
GIVEN_PASSWORD = "given by the instructor 1"
#: What a trainee chooses at their first sign-in, for the one-time password they were given.
OWN_PASSWORD = "my own password 1"


def sign_in_own(store: Store, login: str, given: str, own: str = OWN_PASSWORD) -> Person:
    """Sign ``login`` in with the password ``given`` by an instructor (one-time) and choose
    ``own`` in its place, as the sign-in window makes them (issue 36)."""
    person = store.sign_in(login, given)
    if person.must_choose_password:
        store.change_own_password(person, given, own)
    return person


def add_trainee_own(
    store: Store, desk: InstructorDesk, name: str, password: str, *, login: str | None = None
) -> TraineeProfile:
    """Add a trainee with a one-time password, as their instructor does, and let them
    choose ``password`` in its place at their first sign-in (issue 36)."""
    profile = desk.add_trainee(name, login=login, password=GIVEN_PASSWORD)
    sign_in_own(store, desk.trainee_logins()[profile.id][0], GIVEN_PASSWORD, password)
    return profile


def sign_in_as(store: Store, desk: InstructorDesk, profile: TraineeProfile) -> Person:
    """Give ``profile`` a password (as their instructor would), sign them in, and let them
    choose their own (``OWN_PASSWORD``)."""
    desk.set_trainee_password(profile.id, TRAINEE_PASSWORD)
    login = desk.trainee_logins()[profile.id][0]
    return sign_in_own(store, login, TRAINEE_PASSWORD)


def signed_in(person: Person | None) -> Callable[[], Person | None]:
    """The launcher's source of who is signed in, fixed to ``person``."""
    return lambda: person
