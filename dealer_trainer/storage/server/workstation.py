"""A workstation's side of server mode: each person signs in as their own PostgreSQL login.

``open_server_store(url, login, password)`` is what the sign-in window calls. ``url``
names the server and database only (``postgresql+psycopg://server:5432/db?sslmode=
verify-full``); a URL that carries a user or a password is refused, so no workstation
keeps anyone's credentials. The store it returns is the usual ``Store`` whose desks
go through the server's own functions where the server's rules require it:

- a trainee's ``end_session`` is ``dt_end_session()`` (a trainee may not UPDATE a
  session), an exam's session is opened by ``dt_start_exam()``, which records the start
  and is the only way to an exam's seed; ``open_exams`` is ``dt_open_exams()``;
- an instructor's desk is unlocked by the sign-in itself (the server checked the
  password); after the idle lock, ``verify_instructor`` asks the server again;
- ``add_person`` and ``set_trainee_password`` are ``dt_add_person()`` and
  ``dt_set_password()``, which make and change PostgreSQL roles.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, select, text
from sqlalchemy.exc import SQLAlchemyError

from dealer_trainer import __version__
from dealer_trainer.storage import engine
from dealer_trainer.storage.access import Passwords, check_new_password
from dealer_trainer.storage.desks import InstructorDesk, TraineeDesk, training_session
from dealer_trainer.storage.errors import AccessDeniedError, StorageError
from dealer_trainer.storage.models import SessionRow
from dealer_trainer.storage.records import (
    Exam,
    ExamAssignment,
    InstructorSession,
    SessionKind,
    TrainingSession,
)
from dealer_trainer.storage.server import admin
from dealer_trainer.storage.server.schema import check_server_schema
from dealer_trainer.storage.store import DEFAULT_INSTRUCTOR_IDLE, Clock, Store, utc_now


@dataclass(frozen=True)
class SignedIn:
    """Who the server says this connection is."""

    login: str
    kind: str  # "instructor" or "trainee"
    person_id: int
    name: str


def open_server_store(
    url: str,
    login: str,
    password: str,
    *,
    clock: Clock = utc_now,
    day_zone: tzinfo | None = None,
    instructor_idle: timedelta = DEFAULT_INSTRUCTOR_IDLE,
) -> ServerStore:
    """Sign ``login`` in on the server ``url`` and open the records as that person.

    Raises ``AccessDeniedError`` when the server refuses the sign-in (the message does
    not say whether the login or the password was wrong), ``StorageError`` when the
    server cannot be reached or its schema is not this app's (it names the command IT
    must run: a workstation never migrates).
    """
    shown = engine.hide_password(url)
    location = engine.locate(url)
    if location.sqlite_path is not None:
        raise StorageError(f"{shown} is an SQLite file, not a training centre's server.")
    if location.url.username or location.url.password is not None:
        raise StorageError(
            f"The workstation's database URL {shown} names a user or a password: it must "
            "name the server and the database only (postgresql+psycopg://SERVER:5432/"
            f"DATABASE), since each person signs in with their own login. Correct "
            f"${engine.DB_URL_ENV}."
        )
    try:
        admin.check_login(login)
    except ValueError as exc:
        raise AccessDeniedError(str(exc)) from exc
    target = admin.ServerURL(location.url.set(username=login))
    sql = engine.create(
        engine.Location(location.url.set(username=login, password=password), None, None)
    )
    try:
        with sql.connect() as connection, connection.begin():
            check_server_schema(connection, location.display)
            row = connection.execute(text("SELECT kind, person_id, name FROM dt_whoami()")).first()
            if row is None:
                raise AccessDeniedError(
                    f"The login {login} is not a person of this training centre (or has been "
                    "archived): ask an instructor."
                )
            connection.execute(text("SELECT dt_sign_in()"))
    except SQLAlchemyError as exc:
        sql.dispose()
        raise admin.refusal(exc, target) from exc
    except BaseException:
        sql.dispose()
        raise
    person = SignedIn(login, str(row.kind), int(row.person_id), str(row.name))
    return ServerStore(
        sql,
        engine.Location(location.url.set(username=login), None, None),
        person=person,
        password_check=lambda typed: _password_works(location.url, login, typed),
        clock=clock,
        passwords=Passwords(),
        day_zone=day_zone or datetime.now().astimezone().tzinfo or UTC,
        instructor_idle=instructor_idle,
    )


def _password_works(url: Any, login: str, password: str) -> bool:
    probe = engine.create(engine.Location(url.set(username=login, password=password), None, None))
    try:
        with probe.connect() as connection:
            connection.execute(text("SELECT 1"))
        return True
    except SQLAlchemyError:
        return False
    finally:
        probe.dispose()


class ServerStore(Store):
    """The records as one signed-in person of the server sees them (see the module)."""

    def __init__(self, *args: Any, person: SignedIn, password_check: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.person = person
        self._password_check = password_check

    def __enter__(self) -> ServerStore:
        return self

    def backup_if_due(self, keep: int = 0) -> None:
        return None  # the server's backups are IT's (pg_dump), not a workstation's

    def has_instructor(self) -> bool:
        return bool(self.read(lambda c: c.execute(text("SELECT dt_has_instructor()")).scalar_one()))

    def trainee(self, trainee_id: int) -> ServerTraineeDesk:
        if self.person.kind != "trainee" or trainee_id != self.person.person_id:
            raise AccessDeniedError("Only the signed-in trainee's own records can be opened.")
        return ServerTraineeDesk(self, super().trainee(trainee_id).profile)

    def signed_in_instructor(self) -> InstructorSession:
        """The instructor views, unlocked by the sign-in (the server checked the password)."""
        if self.person.kind != "instructor":
            raise AccessDeniedError("The instructor views are for instructors.")
        return self._unlock(self.person.person_id, self.person.name)

    def verify_instructor(self, password: str, name: str | None = None) -> InstructorSession:
        """Unlock again after the idle lock: the server checks the password, not the app."""
        if self.person.kind != "instructor":
            raise AccessDeniedError("The instructor views are for instructors.")
        if not self._password_check(password):
            raise AccessDeniedError("Wrong password.")
        return self._unlock(self.person.person_id, self.person.name)

    def instructor(self, session: InstructorSession) -> ServerInstructorDesk:
        self.require(session)
        return ServerInstructorDesk(self, session)

    def server_call(self, sql: str, params: dict[str, Any] | None = None) -> Any:
        return self.write(lambda c: c.execute(text(sql), params or {}))


class ServerTraineeDesk(TraineeDesk):
    """A trainee's desk on the server: sessions end and exams open through its functions."""

    _store: ServerStore

    def start_session(
        self,
        ruleset_id: str,
        kind: SessionKind = SessionKind.PRACTICE,
        *,
        exam_assignment_id: int | None = None,
        app_version: str = __version__,
    ) -> TrainingSession:
        if SessionKind(kind) is not SessionKind.EXAM:
            return super().start_session(
                ruleset_id, kind, exam_assignment_id=exam_assignment_id, app_version=app_version
            )
        if exam_assignment_id is None:
            raise ValueError("an exam session names its assignment")
        session_id, _seed = self.start_exam(exam_assignment_id, ruleset_id, app_version)
        return self._session(session_id)

    def start_exam(
        self, assignment_id: int, ruleset_id: str, app_version: str = __version__
    ) -> tuple[int, int]:
        """Record the start of an assigned exam (or find its open sitting): session and seed."""

        def work(connection: Connection) -> tuple[int, int]:
            row = connection.execute(
                text("SELECT session_id, seed FROM dt_start_exam(:a, :r, :v, :w)"),
                {
                    "a": assignment_id,
                    "r": ruleset_id,
                    "v": app_version,
                    "w": self._store.workstation,
                },
            ).one()
            return int(row.session_id), int(row.seed)

        return self._store.write(work)

    def unsealed_exam(self, assignment_id: int, paper: Exam) -> Exam:
        """Start (or resume) the sitting on the server and take the exam's seed from it."""
        _session_id, seed = self.start_exam(assignment_id, paper.ruleset_id)
        return dataclasses.replace(paper, seed=seed)

    def _session(self, session_id: int) -> TrainingSession:
        query = select(SessionRow).where(SessionRow.id == session_id)
        return self._store.read(lambda c: training_session(c.execute(query).one()))

    def end_session(self, session_id: int) -> TrainingSession:
        self._store.write(lambda c: c.execute(text("SELECT dt_end_session(:s)"), {"s": session_id}))
        return self._session(session_id)

    def open_exams(self) -> list[tuple[ExamAssignment, Exam]]:
        """Assigned exams not yet taken; an exam's seed only once its sitting has started.

        Before that the ``Exam``'s ``seed`` is ``None`` (sealed): ``unsealed_exam`` (which
        ``recorder.sit_assigned_exam`` calls) records the start and hands the seed out.
        """

        def work(connection: Connection) -> list[tuple[ExamAssignment, Exam]]:
            out = []
            for row in connection.execute(text("SELECT * FROM dt_open_exams()")):
                assignment = ExamAssignment(
                    id=row.assignment_id,
                    exam_id=row.exam_id,
                    trainee_id=row.trainee_id,
                    assigned_by=row.assigned_by,
                    assigned_at=row.assigned_at,
                    due_at=row.due_at,
                    completed_at=None,
                )
                paper = Exam(
                    id=row.exam_id,
                    title=row.title,
                    ruleset_id=row.ruleset_id,
                    skills=tuple(json.loads(row.skills)),
                    item_count=row.item_count,
                    seed=None if row.seed is None else int(row.seed),
                    difficulty=row.difficulty,
                    pass_mark=Fraction(row.pass_mark_numerator, row.pass_mark_denominator),
                    time_limit=None
                    if row.time_limit_s is None
                    else timedelta(seconds=row.time_limit_s),
                    created_by=row.created_by,
                    created_at=row.created_at,
                )
                out.append((assignment, paper))
            return out

        return self._store.read(work)


class ServerInstructorDesk(InstructorDesk):
    """An instructor's desk on the server: people are PostgreSQL roles, made by the server."""

    _store: ServerStore

    def add_person(self, kind: str, login: str, name: str, password: str) -> int:
        """A new instructor or trainee who signs in with ``login`` and ``password``."""
        self._store.require(self._session)
        target = admin.ServerURL(self._store.location.url)
        return admin.add_person(self._store._engine, target, kind, login, name, password)

    def set_trainee_password(self, login: str, password: str) -> None:
        """Set or reset a trainee's password (recorded in the audit log, never shown)."""
        self._store.require(self._session)
        admin.check_login(login)
        check_new_password(password)
        verifier = admin.scram_verifier(self._store._engine, login, password)
        self._store.server_call("SELECT dt_set_password(:l, :v)", {"l": login, "v": verifier})
