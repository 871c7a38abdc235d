"""Signing in: one login and password per person, trainee or instructor.

Single PC (SQLite): the argon2 hash is in the person's row and checked here.
Server (PostgreSQL) with each person's own login: PostgreSQL checked the
password when the workstation connected as that login (``Store.open(url,
login=..., password=...)``); here the connection's own user is looked up and
nothing else is accepted. (A PostgreSQL store opened with a URL that carries its
own credentials, as before, checks the app's hashes as on a single PC.)

After a wrong password the account waits (``access.delay_after``, per account, at
most 30 s): the password is not even checked while the wait runs. Every attempt,
right, wrong or too early, is in the audit log (by login, never the password).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, Row, select, text, update

from dealer_trainer.rules.text import T
from dealer_trainer.storage import audit
from dealer_trainer.storage.access import Passwords, check_own_new_password, next_attempt_at
from dealer_trainer.storage.errors import (
    AccessDeniedError,
    AccountDisabledError,
    InstructorLockedError,
    WrongPasswordError,
)
from dealer_trainer.storage.models import Instructor, Trainee
from dealer_trainer.storage.records import InstructorSession, Person, Role
from dealer_trainer.storage.work import UnitOfWork


class SignInWork(UnitOfWork, Protocol):
    """What signing in needs of the records (:class:`~dealer_trainer.storage.Store` has it)."""

    @property
    def passwords(self) -> Passwords:
        """How passwords are hashed and checked."""
        ...

    #: The server login the records were opened with (``None``: a local file).
    connected_as: str | None

    def unlock_instructor(self, instructor_id: int, name: str) -> InstructorSession: ...


#: Said for an unknown login and for a wrong password alike: which logins exist is
#: nobody's business before sign-in.
WRONG = "The login or the password is wrong."
#: Said when a trainee whose password someone else set (an instructor, IT) tries to start
#: an exam: they choose their own first (issue 36).
ONE_TIME_PASSWORD = T(
    "Your password was set by an instructor: choose your own (sign out and sign in again) "
    "before you start an exam."
)
#: Said to a disabled instructor, once their password was right (``storage/groups.py``).
DISABLED = (
    "This instructor account has been disabled: another instructor can enable it again "
    "(their records and yours stay)."
)


class NoPasswordYetError(AccessDeniedError):
    """The trainee exists but no password was set (registered before sign-in existed)."""


@dataclass
class _Failures:
    count: int
    last: datetime


class SignInDesk:
    """The sign-in of one store: its per-account failure counts and issued people."""

    def __init__(self, store: SignInWork) -> None:
        self._store = store
        #: (role, id) -> failures seen by this process: a floor under the row's count.
        self._failures: dict[tuple[Role, int], _Failures] = {}
        self._issued: dict[str, Person] = {}
        self._dummy_hash: str | None = None  # checked for an unknown login: same time taken

    def issued(self, person: Person) -> bool:
        return self._issued.get(getattr(person, "token", "")) == person

    def forget(self, person: Person) -> None:
        self._issued.pop(getattr(person, "token", ""), None)

    def clear(self) -> None:
        self._issued.clear()

    def password_reset(self, role: Role, person_id: int) -> None:
        """An instructor gave this account a new password (and cleared its row's count):
        the failures this process saw no longer hold it back."""
        self._failures.pop((role, person_id), None)

    def sign_in(self, login: str, password: str) -> Person:
        typed = (login or "").strip().lower()
        outcome = self._store.write(lambda c: self._attempt(c, typed, password))
        if isinstance(outcome, AccessDeniedError):
            raise outcome
        role, person_id, name, person_login, one_time = outcome
        session = (
            self._store.unlock_instructor(person_id, name) if role is Role.INSTRUCTOR else None
        )
        person = Person(
            role,
            person_id,
            name,
            person_login,
            secrets.token_urlsafe(32),
            session,
            must_choose_password=one_time,
        )
        self._issued[person.token] = person
        return person

    def _find(self, connection: Connection, login: str) -> tuple[Role, Row[Any]] | None:
        for role, table in ((Role.INSTRUCTOR, Instructor), (Role.TRAINEE, Trainee)):
            row = connection.execute(
                select(table).where(table.login == login).with_for_update()
            ).first()
            if row is not None:
                return role, row
        return None

    def _attempt(
        self, connection: Connection, login: str, password: str
    ) -> tuple[Role, int, str, str, bool] | AccessDeniedError:
        now = self._store.now()
        found = self._find(connection, login) if login else None
        if found is None:
            if self._dummy_hash is None:
                self._dummy_hash = self._store.passwords.hash(secrets.token_urlsafe(16))
            self._store.passwords.verify(self._dummy_hash, password)  # as long as a real one
            audit.append(connection, now, None, audit.Action.SIGN_IN_FAILED, None, "unknown login")
            return AccessDeniedError(WRONG)
        role, row = found
        if role is Role.TRAINEE and row.archived:
            audit.append(connection, now, login, audit.Action.SIGN_IN_FAILED, login, "archived")
            return AccessDeniedError(WRONG)
        if self._store.connected_as is not None:
            return self._on_server(connection, role, row, now)
        table = Instructor if role is Role.INSTRUCTOR else Trainee
        key = (role, row.id)
        seen = self._failures.get(key)
        failures, last = row.failed_attempts, row.last_failed_at
        if seen is not None and (seen.count > failures or last is None or seen.last > last):
            failures, last = seen.count, seen.last
        allowed_at = next_attempt_at(failures, last)
        if allowed_at is not None and now < allowed_at:
            audit.append(connection, now, login, audit.Action.SIGN_IN_DELAYED, login)
            return InstructorLockedError(allowed_at - now)
        if row.password_hash is None:
            audit.append(connection, now, login, audit.Action.SIGN_IN_FAILED, login, "no password")
            return NoPasswordYetError(
                "No password is set for this login yet: ask your instructor to set one."
            )
        passwords = self._store.passwords
        if not passwords.verify(row.password_hash, password):
            failures += 1
            self._failures[key] = _Failures(failures, now)
            connection.execute(
                update(table)
                .where(table.id == row.id)
                .values(failed_attempts=failures, last_failed_at=now)
            )
            audit.append(
                connection, now, login, audit.Action.SIGN_IN_FAILED, login, "wrong password"
            )
            wait = next_attempt_at(failures, now)
            assert wait is not None
            return WrongPasswordError(failures, wait - now)
        self._failures.pop(key, None)
        if role is Role.INSTRUCTOR and row.disabled:  # told only after the right password
            audit.append(connection, now, login, audit.Action.SIGN_IN_FAILED, login, "disabled")
            return AccountDisabledError(DISABLED)
        values: dict[str, object] = {"failed_attempts": 0, "last_failed_at": None}
        if passwords.needs_rehash(row.password_hash):
            values["password_hash"] = passwords.hash(password)
        connection.execute(update(table).where(table.id == row.id).values(**values))
        audit.append(connection, now, login, audit.Action.SIGN_IN, login, role.value)
        return role, row.id, row.name, row.login, bool(row.password_one_time)

    def _on_server(
        self, connection: Connection, role: Role, row: Row[Any], now: datetime
    ) -> tuple[Role, int, str, str, bool] | AccessDeniedError:
        # PostgreSQL checked the password at connect: the connection's user is who signs in.
        user = connection.execute(text("SELECT current_user")).scalar_one()
        if user != row.login or row.login != self._store.connected_as:
            return AccessDeniedError(WRONG)
        audit.append(connection, now, row.login, audit.Action.SIGN_IN, row.login, role.value)
        return role, row.id, row.name, row.login, bool(row.password_one_time)

    def change_own_password(self, person: Person, old_password: str, new_password: str) -> None:
        """``person`` (signed in here) chooses their own password (single PC): checked
        against the current one, hashed, the one-time mark cleared, in the audit."""
        if not self.issued(person):
            raise AccessDeniedError(T("Sign in first: your records are reached only after it."))
        check_own_new_password(old_password, new_password, person.login)
        table = Instructor if person.role is Role.INSTRUCTOR else Trainee
        query = select(table.password_hash).where(table.id == person.id)
        kept = self._store.read(lambda c: c.execute(query).scalar_one_or_none())
        passwords = self._store.passwords
        if kept is None or not passwords.verify(kept, old_password):
            raise AccessDeniedError(T("The current password is wrong."))
        new_hash = passwords.hash(new_password)

        def work(connection: Connection) -> None:
            connection.execute(
                update(table)
                .where(table.id == person.id)
                .values(
                    password_hash=new_hash,
                    password_one_time=False,
                    failed_attempts=0,
                    last_failed_at=None,
                )
            )
            audit.append(
                connection,
                self._store.now(),
                person.login,
                audit.Action.PASSWORD_SET,
                person.login,
                "changed by the person",
            )

        self._store.write(work)
