"""Everyone signs in: one login and password per person, a delay per account, an audit trail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import create_engine, text

from dealer_trainer.storage import (
    AccessDeniedError,
    InstructorLockedError,
    Store,
    WrongPasswordError,
)
from dealer_trainer.storage.audit import Action
from dealer_trainer.storage.records import Role
from dealer_trainer.storage.signin import NoPasswordYetError

from .conftest import FakeClock, answer

INSTRUCTOR_PASSWORD = "correct horse"
TRAINEE_PASSWORD = "battery staple"


def _centre(store: Store) -> tuple[int, int]:
    desk = store.instructor(store.create_first_instructor("Ana Lei", INSTRUCTOR_PASSWORD))
    chan = desk.add_trainee("Chan Tai Man", password=TRAINEE_PASSWORD)
    wong = desk.add_trainee("Wong Mei Ling", login="mei", password="another password")
    return chan.id, wong.id


def test_a_trainee_signs_in_with_login_and_password_and_gets_only_their_desk(
    store: Store,
) -> None:
    chan_id, wong_id = _centre(store)
    person = store.sign_in("Chan.Tai.Man ", TRAINEE_PASSWORD)  # login: case and spaces ignored
    assert (person.role, person.id, person.name, person.login) == (
        Role.TRAINEE,
        chan_id,
        "Chan Tai Man",
        "chan.tai.man",
    )
    desk = store.trainee_desk(person)
    assert desk.trainee_id == chan_id
    session = desk.start_session("roulette-2003")
    desk.record_answer(session.id, answer(1))
    assert [a.trainee_id for a in desk.answers()] == [chan_id]
    # A Person this store did not issue (say, made up with another id) is refused.
    from dataclasses import replace

    with pytest.raises(AccessDeniedError, match="Sign in first"):
        store.trainee_desk(replace(person, id=wong_id))
    store.sign_out(person)
    with pytest.raises(AccessDeniedError, match="Sign in first"):
        store.trainee_desk(person)


def test_an_instructor_signs_in_through_the_same_door_and_is_unlocked(
    store: Store,
) -> None:
    _centre(store)
    person = store.sign_in("ana.lei", INSTRUCTOR_PASSWORD)
    assert person.role is Role.INSTRUCTOR and person.session is not None
    assert store.instructor(person.session).session.name == "Ana Lei"
    with pytest.raises(AccessDeniedError, match="Sign in first"):
        store.trainee_desk(person)


def test_an_unknown_login_and_a_wrong_password_read_alike(store: Store) -> None:
    _centre(store)
    with pytest.raises(AccessDeniedError) as unknown:
        store.sign_in("nobody", TRAINEE_PASSWORD)
    with pytest.raises(WrongPasswordError) as wrong:
        store.sign_in("chan.tai.man", "not it at all")
    assert str(unknown.value) == "The login or the password is wrong."
    assert wrong.value.retry_after == timedelta(seconds=1)


def test_a_trainee_failing_the_instructors_password_slows_that_account_only(
    store: Store, clock: FakeClock
) -> None:
    _centre(store)
    for n in range(20):
        with pytest.raises((WrongPasswordError, InstructorLockedError)):
            store.sign_in("ana.lei", f"guess {n}")
        clock.advance(seconds=31)
    # The trainees are not slowed at all by it...
    assert store.sign_in("mei", "another password").login == "mei"
    # ...and the instructor waits at most 30 s, never 15 minutes.
    with pytest.raises(WrongPasswordError) as wrong:
        store.sign_in("ana.lei", "guess 21")
    assert wrong.value.retry_after == timedelta(seconds=30)
    with pytest.raises(InstructorLockedError):
        store.sign_in("ana.lei", INSTRUCTOR_PASSWORD)  # not even checked during the wait
    clock.advance(seconds=30)
    assert store.sign_in("ana.lei", INSTRUCTOR_PASSWORD).role is Role.INSTRUCTOR


def test_resetting_the_failure_count_in_the_file_does_not_shorten_the_wait(
    tmp_path: object, clock: FakeClock
) -> None:
    from pathlib import Path

    from .conftest import FAST_PASSWORDS, MACAU

    path = Path(str(tmp_path)) / "dealer-trainer.sqlite3"
    store = Store.open(f"sqlite:///{path}", clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        _centre(store)
        for _ in range(5):
            with pytest.raises((WrongPasswordError, InstructorLockedError)):
                store.sign_in("ana.lei", "guess")
            clock.advance(seconds=1)
        sql = create_engine(f"sqlite:///{path}")
        with sql.begin() as connection:  # what a curious trainee does with the sqlite3 shell
            connection.execute(
                text("UPDATE instructors SET failed_attempts = 0, last_failed_at = NULL")
            )
        sql.dispose()
        with pytest.raises(InstructorLockedError):
            store.sign_in("ana.lei", INSTRUCTOR_PASSWORD)
    finally:
        store.close()


def test_the_instructor_sets_and_resets_a_trainees_password(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", INSTRUCTOR_PASSWORD))
    old = desk.add_trainee("Lam Ka Ho")  # no password given: cannot sign in yet
    with pytest.raises(NoPasswordYetError, match="ask your instructor"):
        store.sign_in("lam.ka.ho", "anything at all")
    if store.is_server:
        with pytest.raises(Exception, match="PostgreSQL keeps the passwords"):
            desk.set_trainee_password(old.id, "first password")
        return
    desk.set_trainee_password(old.id, "first password")
    assert store.sign_in("lam.ka.ho", "first password").id == old.id
    desk.set_trainee_password(old.id, "second password")
    with pytest.raises(WrongPasswordError):
        store.sign_in("lam.ka.ho", "first password")
    with pytest.raises(InstructorLockedError):  # the wait after a wrong password runs
        store.sign_in("lam.ka.ho", "second password")
    # A reset ends the wait at once, on this workstation too (it counts what it saw).
    desk.set_trainee_password(old.id, "third password")
    assert store.sign_in("lam.ka.ho", "third password").id == old.id
    assert desk.trainee_logins()[old.id] == ("lam.ka.ho", True)


def test_the_audit_log_has_the_sign_ins_and_the_acts_and_never_a_password(
    store: Store, db_url: str, clock: FakeClock
) -> None:
    chan_id, _ = _centre(store)
    with pytest.raises(WrongPasswordError):
        store.sign_in("chan.tai.man", "my secret guess")
    clock.advance(seconds=1)
    store.sign_in("chan.tai.man", TRAINEE_PASSWORD)
    person = store.sign_in("ana.lei", INSTRUCTOR_PASSWORD)
    assert person.session is not None
    desk = store.instructor(person.session)
    desk.set_trainee_archived(chan_id, True)
    seen = [(e.actor, e.action, e.subject) for e in reversed(desk.audit_log())]
    assert seen == [
        ("ana.lei", Action.PERSON_ADDED, "ana.lei"),
        ("ana.lei", Action.PERSON_ADDED, "chan.tai.man"),
        ("ana.lei", Action.PASSWORD_SET, "chan.tai.man"),  # one-time: Chan chooses his own
        ("ana.lei", Action.PERSON_ADDED, "mei"),
        ("ana.lei", Action.PASSWORD_SET, "mei"),
        ("chan.tai.man", Action.SIGN_IN_FAILED, "chan.tai.man"),
        ("chan.tai.man", Action.SIGN_IN, "chan.tai.man"),
        ("ana.lei", Action.SIGN_IN, "ana.lei"),
        ("ana.lei", Action.PERSON_ARCHIVED, "chan.tai.man"),
    ]
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            dump = repr(connection.execute(text("SELECT * FROM audit_log")).all())
    finally:
        engine.dispose()
    for secret in (INSTRUCTOR_PASSWORD, TRAINEE_PASSWORD, "my secret guess"):
        assert secret not in dump
    with pytest.raises(AccessDeniedError):  # archived: no sign-in
        store.sign_in("chan.tai.man", TRAINEE_PASSWORD)


def test_a_login_is_role_safe_and_one_person_s_across_both_tables(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", INSTRUCTOR_PASSWORD))
    with pytest.raises(Exception, match="taken"):
        desk.add_trainee("Another Ana", login="ana.lei")
    for bad in ("1abc", "ana lei", "ana;drop", "a" * 64, "陳"):
        with pytest.raises(ValueError, match="login"):
            desk.add_trainee(f"Someone {len(bad)}", login=bad)
