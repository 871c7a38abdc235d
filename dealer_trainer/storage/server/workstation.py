"""A workstation's side of server mode: each person signs in as their own PostgreSQL login.

``open_server_store(url, login, password)`` is what the sign-in window calls, then
``store.sign_in(login, password)`` for the ``Person`` (as on a single PC). ``url``
names the server and database only (``postgresql+psycopg://server:5432/db?sslmode=
verify-full``); a URL that carries a user or a password is refused, so no workstation
keeps anyone's credentials, and so is one without ``sslmode=verify-full`` unless the
lab's switch is on (``engine.verified_server``). The store it returns is the usual
``Store`` whose desks go through the server's own functions where the server's rules
require it:

- a trainee's ``end_session`` is ``dt_end_session()`` (a trainee may not UPDATE a
  session); ``exam_paper`` (and an exam's ``start_session``) is ``dt_start_exam()``,
  which records the start and is the only way to an exam's seed; ``open_exams`` is
  ``dt_open_exams()``;
- an instructor's desk is unlocked by the sign-in itself (the server checked the
  password); after the idle lock, ``verify_instructor`` asks the server again;
- ``add_trainee``, ``add_instructor`` (and ``add_person``) are ``dt_add_person()``,
  ``set_trainee_password`` is ``dt_set_password()``: they make and change PostgreSQL
  roles; ``change_password`` changes the instructor's own role's password.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, Engine, event, select, text
from sqlalchemy.exc import SQLAlchemyError

from dealer_trainer import __version__
from dealer_trainer.rules.text import T
from dealer_trainer.storage import engine, graded
from dealer_trainer.storage.access import Passwords, check_new_password, check_own_new_password
from dealer_trainer.storage.desks import InstructorDesk, TraineeDesk
from dealer_trainer.storage.errors import (
    SESSION_ENDED,
    SITTING_ENDED,
    AccessDeniedError,
    SittingEndedError,
    SittingRefusedError,
    StorageError,
)
from dealer_trainer.storage.models import SessionRow, Trainee
from dealer_trainer.storage.records import (
    AnswerRecord,
    Exam,
    ExamAssignment,
    ExamNotice,
    InstructorSession,
    Person,
    Role,
    SessionKind,
    StoredAnswer,
    TraineeProfile,
    TrainingSession,
    clean_name,
    trainee_profile,
    training_session,
)
from dealer_trainer.storage.server import admin, busy
from dealer_trainer.storage.server.policy import GRADED_CHANNEL
from dealer_trainer.storage.server.schema import check_server_schema
from dealer_trainer.storage.signin import ONE_TIME_PASSWORD, WRONG
from dealer_trainer.storage.store import DEFAULT_INSTRUCTOR_IDLE, Clock, Store, utc_now


class Secret:
    """The signed-in person's password, for the connections the pool opens while they are
    signed in (PostgreSQL asks for it at each); in no URL, engine or log. ``forget`` at
    sign-out: nothing of it stays in the app (issue 36)."""

    def __init__(self, value: str) -> None:
        self._value: str | None = value

    def matches(self, typed: str) -> bool:
        kept = self._value
        return kept is not None and secrets.compare_digest(
            typed.encode("utf-8"), kept.encode("utf-8")
        )

    def replace(self, value: str) -> None:
        self._value = value

    def forget(self) -> None:
        self._value = None

    def supply(self, _dialect: Any, _record: Any, _args: Any, params: dict[str, Any]) -> None:
        """SQLAlchemy's ``do_connect``: the password into this one connection's parameters."""
        if self._value is None:
            raise AccessDeniedError(T("Sign in first: your records are reached only after it."))
        params["password"] = self._value

    def __repr__(self) -> str:
        return "Secret(…)"


def _engine_for(url: Any, secret: Secret) -> Engine:
    """An engine as ``url``'s user (no password in it), the password given per connection."""
    sql = engine.create(engine.Location(url, None, None))
    event.listen(sql, "do_connect", secret.supply)
    return sql


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
    must run: a workstation never migrates). Nothing is written until ``sign_in``.
    """
    shown = engine.hide_password(url)
    location = engine.locate(url)
    if location.sqlite_path is not None:
        raise StorageError(T("{url} is an SQLite file, not a training centre's server.", url=shown))
    if location.url.username or location.url.password is not None:
        raise StorageError(
            T(
                "The workstation's database URL {url} names a user or a password: it must name "
                "the server and the database only (postgresql+psycopg://SERVER:5432/DATABASE), "
                "since each person signs in with their own login. Correct ${env}.",
                url=shown,
                env=engine.DB_URL_ENV,
            )
        )
    server, unverified = engine.verified_server(location.url)  # TLS, or the lab's switch
    login = (login or "").strip().lower()  # as the single PC's sign-in reads it
    try:
        admin.check_login(login)
    except ValueError as exc:
        raise AccessDeniedError(str(exc)) from exc
    target = admin.ServerURL(server.set(username=login))
    secret = Secret(password)
    sql = _engine_for(server.set(username=login), secret)

    def whoami() -> Any:
        with sql.connect() as connection, connection.begin():
            check_server_schema(connection, location.display)
            return connection.execute(text("SELECT kind, person_id, name FROM dt_whoami()")).first()

    try:
        row = busy.retrying_busy(whoami)  # a server with no free connection: again, a while
        if row is None:
            raise AccessDeniedError(
                T(
                    "The login {login} is not a person of this training centre (or has "
                    "been archived): ask an instructor.",
                    login=login,
                )
            )
    except SQLAlchemyError as exc:
        secret.forget()
        sql.dispose()
        raise admin.refusal(exc, target) from None  # its frames held the password
    except BaseException:
        secret.forget()
        sql.dispose()
        raise
    person = SignedIn(login, str(row.kind), int(row.person_id), str(row.name))
    store = ServerStore(
        sql,
        engine.Location(server.set(username=login), None, None),
        person=person,
        secret=secret,
        password_check=lambda typed: _password_works(server, login, typed),
        clock=clock,
        passwords=Passwords(),
        day_zone=day_zone or datetime.now().astimezone().tzinfo or UTC,
        instructor_idle=instructor_idle,
    )
    store.connected_as = login
    store.unverified_server = unverified
    return store


def _password_works(url: Any, login: str, password: str) -> bool:
    secret = Secret(password)
    probe = _engine_for(url.set(username=login), secret)

    def attempt() -> None:
        with probe.connect() as connection:
            connection.execute(text("SELECT 1"))

    try:
        busy.retrying_busy(attempt)
        return True
    except SQLAlchemyError:
        return False
    finally:
        secret.forget()
        probe.dispose()


class ServerStore(Store):
    """The records as one signed-in person of the server sees them (see the module)."""

    def __init__(
        self,
        *args: Any,
        person: SignedIn,
        secret: Secret,
        password_check: Callable[[str], bool],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        graded.mark_server(self._engine)  # its views read the grader's record
        self.person = person
        self._secret = secret
        self._password_check = password_check
        self._people: dict[str, Person] = {}

    def __enter__(self) -> ServerStore:
        return self

    def backup_if_due(self, keep: int = 0) -> None:
        return None  # the server's backups are IT's (pg_dump), not a workstation's

    def has_instructor(self) -> bool:
        return bool(self.read(lambda c: c.execute(text("SELECT dt_has_instructor()")).scalar_one()))

    def sign_in(self, login: str, password: str) -> Person:
        """The ``Person`` this store was opened as (the server checked the password)."""
        typed = (login or "").strip().lower()
        if typed != self.person.login or not self._secret.matches(password):
            raise AccessDeniedError(WRONG)

        def work(connection: Connection) -> bool:
            connection.execute(text("SELECT dt_sign_in()"))
            return not connection.execute(text("SELECT dt_password_chosen()")).scalar_one()

        one_time = self.write(work)
        role = Role.INSTRUCTOR if self.person.kind == "instructor" else Role.TRAINEE
        session = self.signed_in_instructor() if role is Role.INSTRUCTOR else None
        signed = Person(
            role,
            self.person.person_id,
            self.person.name,
            self.person.login,
            secrets.token_urlsafe(32),
            session,
            must_choose_password=one_time,
        )
        self._people[signed.token] = signed
        return signed

    def sign_out(self, person: Person) -> None:
        """``person`` signs out: their views lock, and this store (their own connection)
        forgets the password and closes its connections; it serves nobody after."""
        self._people.pop(getattr(person, "token", ""), None)
        if person.session is not None:
            self.lock(person.session)
        self.close()

    def close(self) -> None:
        self._secret.forget()
        super().close()

    def change_own_password(self, person: Person, old_password: str, new_password: str) -> None:
        """``person`` chooses their own password (their one-time one, or any time): the
        server's ``dt_change_own_password`` sets it (libpq's SCRAM verifier, never the
        password) and clears the one-time mark; the audit says it."""
        if self._people.get(getattr(person, "token", "")) != person:
            raise AccessDeniedError(T("Sign in first: your records are reached only after it."))
        check_own_new_password(old_password, new_password, person.login)
        if not self._secret.matches(old_password):
            raise AccessDeniedError(T("The current password is wrong."))
        verifier = admin.scram_verifier(self._engine, person.login, new_password)
        if not re.fullmatch(r"SCRAM-SHA-256\$[A-Za-z0-9+/=:$]+", verifier):
            raise StorageError("libpq made an unexpected password verifier; nothing was changed.")
        self.write(lambda c: c.execute(text("SELECT dt_change_own_password(:v)"), {"v": verifier}))
        self._secret.replace(new_password)  # the pool's next connections sign in with it

    def trainee_desk(self, person: Person) -> ServerTraineeDesk:
        if self._people.get(getattr(person, "token", "")) != person:
            raise AccessDeniedError(T("Sign in first: your records are reached only after it."))
        if person.role is not Role.TRAINEE:
            raise AccessDeniedError(T("Sign in first: your records are reached only after it."))
        return self.trainee(person.id)

    def trainee(self, trainee_id: int) -> ServerTraineeDesk:
        if self.person.kind != "trainee" or trainee_id != self.person.person_id:
            raise AccessDeniedError(T("Only the signed-in trainee's own records can be opened."))
        return ServerTraineeDesk(self, super().trainee(trainee_id).profile)

    def signed_in_instructor(self) -> InstructorSession:
        """The instructor views, unlocked by the sign-in (the server checked the password)."""
        if self.person.kind != "instructor":
            raise AccessDeniedError(T("The instructor views are for instructors."))
        return self._unlock(self.person.person_id, self.person.name)

    def verify_instructor(self, password: str, name: str | None = None) -> InstructorSession:
        """Unlock again after the idle lock: the server checks the password, not the app."""
        if self.person.kind != "instructor":
            raise AccessDeniedError(T("The instructor views are for instructors."))
        if not self._password_check(password):
            raise AccessDeniedError(T("Wrong password."))
        return self._unlock(self.person.person_id, self.person.name)

    def instructor(self, session: InstructorSession) -> ServerInstructorDesk:
        self.require(session)
        return ServerInstructorDesk(self, session)

    @contextmanager
    def listening(self, channel: str) -> Iterator[Any]:
        """A connection of the store's (the signed-in person's), in autocommit, that
        ``LISTEN``s on ``channel``: its psycopg connection, ``notifies()`` to wait on."""
        with self._engine.connect() as opened:
            autocommit = opened.execution_options(isolation_level="AUTOCOMMIT")
            raw = autocommit.connection.driver_connection
            assert raw is not None
            raw.execute(f"LISTEN {channel}")
            try:
                yield raw
            finally:
                raw.execute("UNLISTEN *")

    def server_call(self, sql: str, params: dict[str, Any] | None = None) -> Any:
        return self.write(lambda c: c.execute(text(sql), params or {}))


class ServerTraineeDesk(TraineeDesk):
    """A trainee's desk on the server: sessions end and exams open through its functions."""

    _store: ServerStore
    _transcript_by_functions = True  # their exams' terms, never the exams table (the seed)
    graded_by_server = True  # the centre's grader's sitting grades and certifications

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
        session_id, _seed = self._start_exam(exam_assignment_id, app_version)
        return self._session(session_id)

    def _start_exam(self, assignment_id: int, app_version: str = __version__) -> tuple[int, int]:
        """Record the start of an assigned exam (or find its open sitting): session and seed.

        A new sitting the centre's rules refuse is refused here first, with the reason the
        window can say in words (``SittingRefusedError``); the server refuses it too."""
        if self._store.read(
            lambda c: not c.execute(text("SELECT dt_password_chosen()")).scalar_one()
        ):
            raise AccessDeniedError(ONE_TIME_PASSWORD)  # the server refuses it too
        refused = self.sitting_refusal(assignment_id)
        if refused is not None:
            raise SittingRefusedError(refused)

        def work(connection: Connection) -> tuple[int, int]:
            row = connection.execute(
                text("SELECT session_id, seed FROM dt_start_exam(:a, :v, :w)"),
                {"a": assignment_id, "v": app_version, "w": self._store.workstation},
            ).one()
            return int(row.session_id), int(row.seed)

        return self._store.write(work)

    def _sitting_clock(self, connection: Connection) -> datetime:
        return connection.execute(text("SELECT clock_timestamp()")).scalar_one()  # type: ignore[no-any-return]

    def _session(self, session_id: int) -> TrainingSession:
        query = select(SessionRow).where(SessionRow.id == session_id)
        return self._store.read(lambda c: training_session(c.execute(query).one()))

    def end_session(self, session_id: int) -> TrainingSession:
        """End the session at the server's time; an exam's sitting is then the centre's
        grader's to score and certify (it reads as waiting for grading until it has)."""
        self._store.write(lambda c: c.execute(text("SELECT dt_end_session(:s)"), {"s": session_id}))
        return self._session(session_id)

    def record_answer(self, session_id: int, record: AnswerRecord) -> StoredAnswer:
        """As on a single PC; an answer the server refused because its session ended
        meanwhile (the grader ends a sitting at its time limit, by the server's clock) is
        said so in words (``SittingEndedError``), not in the server's own."""
        try:
            return super().record_answer(session_id, record)
        except SittingEndedError:
            raise
        except StorageError as exc:
            session = self._session(session_id)
            if session.ended_at is None:
                raise
            exam = session.kind is SessionKind.EXAM
            raise SittingEndedError(SITTING_ENDED if exam else SESSION_ENDED) from exc

    def wait_for_grade(
        self, session_id: int, timeout_s: float, stopped: Callable[[], bool] = lambda: False
    ) -> bool:
        """Wait until the centre's grader has graded the sitting (``True``), woken by its
        notification on ``GRADED_CHANNEL`` (the grade is read from the table, not from the
        notification); ``False`` after ``timeout_s`` or once ``stopped()`` (asked between
        waits of at most half a second)."""
        until = time.monotonic() + timeout_s
        with self._store.listening(GRADED_CHANNEL) as listen:
            while True:
                if listen.execute(
                    "SELECT 1 FROM sitting_grades WHERE session_id = %s", (session_id,)
                ).fetchone():
                    return True
                left = until - time.monotonic()
                if left <= 0 or stopped():
                    return False
                for _ in listen.notifies(timeout=min(left, 0.5), stop_after=1):
                    pass

    def sitting_time_used_ms(self, session_id: int, recorded_ms: int) -> int:
        """The time the sitting has used by the server's clock since it started (the limit
        the server keeps), or the workstation's own where that is longer."""

        def work(connection: Connection) -> int:
            used = connection.execute(
                text(
                    "SELECT (extract(epoch FROM clock_timestamp() - started_at) * 1000)::bigint "
                    "FROM training_sessions WHERE id = :s"
                ),
                {"s": session_id},
            ).scalar_one_or_none()
            return max(recorded_ms, int(used or 0))

        return self._store.read(work)

    def _open_exams(self, connection: Connection) -> list[Any]:
        return list(connection.execute(text("SELECT * FROM dt_open_exams()")))

    def open_exams(self) -> list[tuple[ExamAssignment, ExamNotice]]:
        """Assigned exams not yet taken: titles and sizes; the server keeps the seed."""

        def work(connection: Connection) -> list[tuple[ExamAssignment, ExamNotice]]:
            return [
                (
                    _assignment(row),
                    ExamNotice(
                        id=row.exam_id,
                        title=row.title,
                        ruleset_id=row.ruleset_id,
                        item_count=row.item_count,
                        time_limit=_limit(row.time_limit_s),
                        table_rounds=_table_part(connection, row.assignment_id).table_rounds,
                    ),
                )
                for row in self._open_exams(connection)
            ]

        return self._store.read(work)

    def exam_paper(self, assignment_id: int) -> Exam:
        """Start (or resume) the sitting on the server, which logs it and hands out the seed."""

        self._start_exam(assignment_id)

        def work(connection: Connection) -> Exam:
            row = next(r for r in self._open_exams(connection) if r.assignment_id == assignment_id)
            table = _table_part(connection, assignment_id)
            return Exam(
                id=row.exam_id,
                title=row.title,
                ruleset_id=row.ruleset_id,
                skills=tuple(json.loads(row.skills)),
                item_count=row.item_count,
                seed=int(row.seed),
                difficulty=row.difficulty,
                pass_mark=Fraction(row.pass_mark_numerator, row.pass_mark_denominator),
                time_limit=_limit(row.time_limit_s),
                created_by=row.created_by,
                created_at=row.created_at,
                table_rounds=table.table_rounds,
                table_difficulty=table.table_difficulty,
                table_pace=table.table_pace,
                table_game=table.table_game,
            )

        return self._store.read(work)


def _table_part(connection: Connection, assignment_id: int) -> Any:
    """The exam's live-table part (rounds, level, pace target, game) for its trainee."""
    return connection.execute(text("SELECT * FROM dt_exam_table(:a)"), {"a": assignment_id}).one()


def _limit(seconds: int | None) -> timedelta | None:
    return None if seconds is None else timedelta(seconds=seconds)


def _assignment(row: Any) -> ExamAssignment:
    return ExamAssignment(
        id=row.assignment_id,
        exam_id=row.exam_id,
        trainee_id=row.trainee_id,
        assigned_by=row.assigned_by,
        assigned_at=row.assigned_at,
        due_at=row.due_at,
        completed_at=None,
    )


class ServerInstructorDesk(InstructorDesk):
    """An instructor's desk on the server: people are PostgreSQL roles, made by the server."""

    _store: ServerStore
    graded_by_server = True  # the centre's grader's sitting grades and certifications

    def add_person(self, kind: str, login: str, name: str, password: str) -> int:
        """A new instructor or trainee who signs in with ``login`` and ``password``."""
        self._store.require(self._session)
        target = admin.ServerURL(self._store.location.url)
        return admin.add_person(self._store._engine, target, kind, login, name, password)

    def add_trainee(
        self, name: str, *, login: str | None = None, password: str | None = None
    ) -> TraineeProfile:
        """A trainee with their own PostgreSQL login (made from the name when not given)."""
        if password is None:
            raise StorageError(
                T("On the server a new trainee needs their first password: PostgreSQL keeps it.")
            )
        name = clean_name(name)
        chosen = self._read(lambda c: self._store.free_login(c, name, "trainee", login))
        new_id = self.add_person("trainee", chosen, name, password)
        query = select(Trainee).where(Trainee.id == new_id)
        return self._read(lambda c: trainee_profile(c.execute(query).one()))

    def add_instructor(self, name: str, password: str, login: str | None = None) -> int:
        name = clean_name(name)
        chosen = self._read(lambda c: self._store.free_login(c, name, "instructor", login))
        return self.add_person("instructor", chosen, name, password)

    def set_trainee_password(self, trainee_id: int, password: str) -> None:
        """Set or reset a trainee's password, one-time: they choose their own at their next
        sign-in (the server marks it and logs it, never the password)."""
        check_new_password(password)
        query = select(Trainee.login).where(Trainee.id == trainee_id)
        login = self._read(lambda c: c.execute(query).scalar_one_or_none())
        if login is None:
            raise StorageError(T("There is no trainee {id}.", id=trainee_id))
        check_new_password(password, login)
        verifier = admin.scram_verifier(self._store._engine, login, password)
        self._write(
            lambda c: c.execute(text("SELECT dt_set_password(:l, :v)"), {"l": login, "v": verifier})
        )

    def change_password(self, old_password: str, new_password: str) -> None:
        """The instructor's own PostgreSQL password, through ``dt_change_own_password``
        (which also ends a one-time password IT set, and writes the audit entry)."""
        self._store.require(self._session)
        if not self._store._password_check(old_password):
            raise AccessDeniedError(T("The current password is wrong."))
        login = self._store.person.login
        check_own_new_password(old_password, new_password, login)
        verifier = admin.scram_verifier(self._store._engine, login, new_password)
        if not re.fullmatch(r"SCRAM-SHA-256\$[A-Za-z0-9+/=:$]+", verifier):
            raise StorageError("libpq made an unexpected password verifier; nothing was changed.")
        self._write(lambda c: c.execute(text("SELECT dt_change_own_password(:v)"), {"v": verifier}))
        self._store._secret.replace(new_password)
