"""The repository: the one door into storage.

``Store.open()`` finds the database, refuses an unreadable one without touching
it, migrates it to the current schema, and makes the day's backup copy (SQLite;
the app leaves that to a worker thread: ``daily_backup=False``, then
``store.check_backups()``).
Then:

- anyone may list trainee profiles, and pick one: ``store.trainee(id)`` gives a
  ``TraineeDesk`` that records and reads that trainee's own answers, nothing more;
- ``store.verify_instructor(password)`` gives an ``InstructorSession`` once the
  password matches (with a growing delay after failures), and
  ``store.instructor(session)`` the ``InstructorDesk`` for everything else.

Every method is one transaction, retried on lock contention; errors reach the
caller as ``StorageError`` with a readable message.
"""

from __future__ import annotations

import glob
import secrets
import socket
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, tzinfo
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from sqlalchemy import Connection, Engine, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from dealer_trainer.rules.text import T
from dealer_trainer.storage import audit, backup, engine, wal
from dealer_trainer.storage.access import Passwords, check_new_password, next_attempt_at
from dealer_trainer.storage.desks import InstructorDesk, TraineeDesk
from dealer_trainer.storage.errors import (
    AccessDeniedError,
    AccountDisabledError,
    DuplicateLoginError,
    InstructorLockedError,
    StorageError,
    WrongPasswordError,
)
from dealer_trainer.storage.logins import check_login, login_from_name
from dealer_trainer.storage.models import AnswerRow, Instructor, Trainee
from dealer_trainer.storage.records import (
    NAME_LENGTH,
    InstructorSession,
    Person,
    Role,
    TraineeProfile,
    clean_name,
    name_key,
    trainee_profile,
)
from dealer_trainer.storage.retry import retrying
from dealer_trainer.storage.signin import DISABLED, SignInDesk

Result = TypeVar("Result")
Clock = Callable[[], datetime]

DEFAULT_BACKUPS_KEPT = 7
DEFAULT_INSTRUCTOR_IDLE = timedelta(minutes=15)


def utc_now() -> datetime:
    return datetime.now(UTC)


def _key_of(name: str) -> str | None:
    try:
        return name_key(name)
    except ValueError:
        return None


def _inspect_log(database: Path, clock: Clock) -> tuple[str | None, bool]:
    """Before SQLite reads it: did the write-ahead log lose committed work? Was it left over?

    A log left beside the database means the last session did not close cleanly (or
    another program has the file open). If SQLite would drop intact commits after a
    damaged frame, the log is copied aside (for recovery) and the loss is described.
    """
    log = database.with_name(database.name + "-wal")
    earlier = sorted(database.parent.glob(f"{glob.escape(log.name)}.damaged-*"))
    damage = wal.dropped_commits(log) if log.exists() else None
    if damage is None:
        left_over = log.exists() and log.stat().st_size > 0
        if not earlier:
            return None, left_over
        return (
            f"A damaged write-ahead log of {database} was found at an earlier start and is "
            f"kept as {earlier[-1]}: transactions committed after the damage (recorded "
            "answers among them) are missing from the records. Once IT has recovered them, "
            "or decided they cannot be, move that copy away to end this notice.",
            left_over,
        )
    kept = log.with_name(f"{log.name}.damaged-{clock().strftime('%Y%m%d-%H%M%S')}")
    try:
        kept.write_bytes(log.read_bytes())
        where = f"A copy of the log is kept as {kept} for recovery."
    except OSError as exc:
        where = f"The log could not be copied aside ({exc.strerror}): copy {log} now."
    return (
        f"The database's write-ahead log {log} is damaged at frame {damage.frame} of "
        f"{damage.frames}: SQLite stops reading it there, so {damage.commits_lost} "
        "transaction(s) committed after the damage (recorded answers among them) are "
        f"missing from the records. {where} Answers given since the last backup may have "
        "to be given again; ask IT to check the disk.",
        True,
    )


def _quick_check(sql: Engine, location: engine.Location) -> None:
    """After an unclean shutdown: refuse a database that fails ``PRAGMA quick_check``."""
    with sql.connect() as connection, connection.begin():
        verdict = connection.exec_driver_sql("PRAGMA quick_check").fetchall()
    if [tuple(row) for row in verdict] != [("ok",)]:
        assert location.sqlite_path is not None
        problems = "; ".join(str(row[0]) for row in verdict[:3])
        raise StorageError(engine.corrupt_message(location.sqlite_path, problems))


@dataclass
class _Unlocked:
    instructor_id: int
    last_used: datetime


class Store:
    """An open database. Use ``Store.open``; close it (or use ``with``) when done."""

    def __init__(
        self,
        sql: Engine,
        location: engine.Location,
        *,
        clock: Clock,
        passwords: Passwords,
        day_zone: tzinfo,
        instructor_idle: timedelta,
    ) -> None:
        self._engine = sql
        self.location = location
        self._clock = clock
        self._passwords = passwords
        self.day_zone = day_zone
        self._instructor_idle = instructor_idle
        self._unlocked: dict[str, _Unlocked] = {}
        self._sign_in = SignInDesk(self)
        #: Server mode with each person's own PostgreSQL login: the login this store's
        #: connections use (PostgreSQL checked the password). ``None``: the app checks it.
        self.connected_as: str | None = None
        #: A server reached without verifying it is the centre's (the lab switch,
        #: ``engine.verified_server``): the window says so all the time.
        self.unverified_server = False
        self.workstation = socket.gethostname()[:NAME_LENGTH] or "unknown"
        self.backup_problem: str | None = None
        #: Committed work that SQLite's damaged log made it drop at this open (for the
        #: instructor: the log is kept beside the database for recovery).
        self.log_problem: str | None = None
        #: Fewer answers than the newest backup copy holds: answers were lost.
        self.loss_problem: str | None = None
        #: The daily backup work is still to do (``check_backups``), and how many copies
        #: it keeps.
        self.backup_pending = False
        self.backups_kept = DEFAULT_BACKUPS_KEPT
        #: A setting that could not be used (``$DEALER_TRAINER_BACKUPS_KEPT``), for IT.
        self.setting_problem: str | None = None

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        data_dir: Path | None = None,
        clock: Clock = utc_now,
        passwords: Passwords | None = None,
        day_zone: tzinfo | None = None,
        backups_kept: int | None = None,
        instructor_idle: timedelta = DEFAULT_INSTRUCTOR_IDLE,
        patience: engine.Patience | None = None,
        daily_backup: bool = True,
        login: str | None = None,
        password: str | None = None,
    ) -> Store:
        """Open (creating and migrating if needed) the database.

        ``url`` defaults to ``$DEALER_TRAINER_DB_URL``, then to the SQLite file in
        ``data_dir`` (default ``$DEALER_TRAINER_DATA_DIR`` or the user data dir).
        ``day_zone`` decides which calendar day an answer counts for (default: this
        machine's zone). Raises ``StorageError`` when the database cannot be used, and
        ``StorageLockedError`` when a lock held elsewhere outlasts ``patience``.

        The daily backup work (:meth:`check_backups`, keeping ``backups_kept`` copies:
        by default ``$DEALER_TRAINER_BACKUPS_KEPT``, else seven) is done here unless
        ``daily_backup`` is false: then the caller does it, and ``backup_pending`` says so
        (the window does it on a worker thread, as it takes long on a large file).

        ``login`` and ``password`` become a server connection's user and password (they
        are ignored for an SQLite file, where the app checks the password). A training
        centre's server, set up with ``dealer-trainer server init``, is opened with
        :func:`dealer_trainer.storage.open_store`, which gives its own store.
        """
        patience = patience or engine.Patience()
        location = engine.locate(url, data_dir)
        unverified = False
        if location.sqlite_path is None:  # a server: verified by TLS, or the lab's switch
            checked, unverified = engine.verified_server(location.url)
            location = engine.Location(checked, None, location.data_dir)
        if location.sqlite_path is None and login is not None:
            location = engine.Location(
                location.url.set(username=login, password=password),
                None,
                location.data_dir,
            )
        log_problem: str | None = None
        unclean = False
        if location.sqlite_path is not None:
            engine.check_sqlite_file(location.sqlite_path)
            log_problem, unclean = _inspect_log(location.sqlite_path, clock)
        sql = engine.create(location)
        try:
            retrying(
                lambda: engine.migrate(sql, location, patience),
                deadline_s=patience.wait_s,
                sleep=patience.sleep,
                monotonic=patience.monotonic,
            )
            if unclean:
                _quick_check(sql, location)
        except (SQLAlchemyError, StorageError) as exc:
            sql.dispose()
            raise engine.explain(exc, location) from exc
        except BaseException:
            sql.dispose()
            raise
        store = cls(
            sql,
            location,
            clock=clock,
            passwords=passwords or Passwords(),
            day_zone=day_zone or datetime.now().astimezone().tzinfo or UTC,
            instructor_idle=instructor_idle,
        )
        store.log_problem = log_problem
        store.connected_as = login if location.sqlite_path is None else None
        store.unverified_server = unverified
        if backups_kept is None and location.sqlite_path is not None:
            backups_kept, store.setting_problem = backup.kept_setting(DEFAULT_BACKUPS_KEPT)
        store.backups_kept = DEFAULT_BACKUPS_KEPT if backups_kept is None else backups_kept
        store.backup_pending = location.sqlite_path is not None
        if daily_backup:
            try:
                store.check_backups()
            except BaseException:
                store.close()
                raise
        return store

    @property
    def problems(self) -> list[str]:
        """What an instructor must know about these records (a damaged log, a failed backup)."""
        found = (self.log_problem, self.loss_problem, self.backup_problem, self.setting_problem)
        return [p for p in found if p is not None]

    def close(self) -> None:
        self._unlocked.clear()
        self._sign_in.clear()
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- plumbing shared with the desks ---------------------------------------------

    def now(self) -> datetime:
        now = self._clock()
        if now.utcoffset() is None:
            raise ValueError("the clock must return aware datetimes")
        return now.astimezone(UTC)

    def day_of(self, moment: datetime) -> date:
        return moment.astimezone(self.day_zone).date()

    def read(self, work: Callable[[Connection], Result]) -> Result:
        """Run ``work`` in one read transaction."""
        return self._run(work, write=False)

    def write(self, work: Callable[[Connection], Result]) -> Result:
        """Run ``work`` in one write transaction, committed when this returns."""
        return self._run(work, write=True)

    def _run(self, work: Callable[[Connection], Result], *, write: bool) -> Result:
        def attempt() -> Result:
            with self._engine.connect() as connection:
                if write:
                    connection.execution_options(write=True)
                with connection.begin():
                    return work(connection)

        try:
            return retrying(attempt)
        except IntegrityError as exc:
            raise StorageError(f"The database refused the change: {exc.orig}") from exc
        except SQLAlchemyError as exc:
            raise engine.explain(exc, self.location) from exc

    # -- backup ----------------------------------------------------------------------

    def check_backups(self) -> None:
        """The daily backup work of a SQLite file (nothing on a server).

        Compares the answers here with every backup copy (``loss_problem``), then makes
        today's copy unless it exists, keeping the newest ``backups_kept``; a failure is
        kept in ``backup_problem``. Minutes on a large file: it only reads the database
        (through its own connections) and may run on a worker thread while the store is
        used. Raises ``StorageError`` if the database cannot be read.
        """
        if self.location.sqlite_path is not None:
            self.loss_problem = self._compare_with_backup()
            self.backup_if_due(self.backups_kept)
        self.backup_pending = False

    def _compare_with_backup(self) -> str | None:
        """Fewer answers here than in a backup copy? Then say so: they were lost.

        Every kept copy counts (the fullest one), so the notice stays while a copy that
        still holds the lost answers is kept, not only until the next day's backup.
        """
        path = self.location.sqlite_path
        assert path is not None
        counted = [
            (count, copy)
            for copy in backup.backups(path.parent / backup.BACKUP_DIRNAME, path)
            if (count := backup.answer_count(copy)) is not None
        ]
        if not counted:
            return None
        kept, fullest = max(counted, key=lambda found: found[0])
        here = self.read(
            lambda c: c.execute(select(func.count()).select_from(AnswerRow)).scalar_one()
        )
        if here >= kept:
            return None
        return (
            f"The database {path} holds {here} answers, fewer than the {kept} in its backup "
            f"copy {fullest}: {kept - here} recorded answers were lost (answers are never "
            "deleted). Keep both files. IT can restore the backup copy (answers given after "
            "it would then be missing instead) and should check the disk."
        )

    def backup_if_due(self, keep: int = DEFAULT_BACKUPS_KEPT) -> Path | None:
        """Make today's backup copy of the SQLite file unless it exists (no-op on a server).

        A failed backup does not stop training: it is kept in ``backup_problem``.
        """
        path = self.location.sqlite_path
        if path is None:
            return None
        folder = path.parent / backup.BACKUP_DIRNAME
        try:
            made = backup.daily_backup(path, folder, self.day_of(self.now()), keep)
        except backup.DamagedDatabaseError as exc:
            self.backup_problem = (
                f"{engine.corrupt_message(path, str(exc))} No backup was made today and "
                f"every earlier copy in {folder} is kept."
            )
            return None
        except (OSError, sqlite3.Error) as exc:
            self.backup_problem = f"The daily backup into {folder} failed: {exc}"
            return None
        self.backup_problem = None
        return made

    # -- trainees: anyone may pick a profile ------------------------------------------

    def trainees(self) -> list[TraineeProfile]:
        """The active trainee profiles, by name (the welcome asks whether there is one)."""

        def work(connection: Connection) -> list[TraineeProfile]:
            rows = connection.execute(
                select(Trainee).where(Trainee.archived.is_(False)).order_by(Trainee.name)
            )
            return [trainee_profile(row) for row in rows]

        return self.read(work)

    def find_trainee(self, name: str) -> TraineeProfile | None:
        """The active profile a typed or picked name stands for, or ``None``.

        The exact name first (so of two profiles kept from before names were compared
        by their key, each person gets their own); else the one profile whose name is
        another spelling of it. Never a guess between two people: ``None`` then.
        """
        try:
            key = name_key(name)
        except ValueError:
            return None
        profiles = self.trainees()
        exact = [p for p in profiles if p.name == name]
        if len(exact) == 1:
            return exact[0]
        same = [p for p in profiles if _key_of(p.name) == key]
        return same[0] if len(same) == 1 else None

    def trainee(self, trainee_id: int) -> TraineeDesk:
        """The trainee-level API for one active profile."""

        def work(connection: Connection) -> TraineeProfile:
            row = connection.execute(select(Trainee).where(Trainee.id == trainee_id)).first()
            if row is None or row.archived:
                raise AccessDeniedError(
                    T("There is no active trainee profile {id}.", id=trainee_id)
                )
            return trainee_profile(row)

        return TraineeDesk(self, self.read(work))

    # -- instructors -----------------------------------------------------------------

    def has_instructor(self) -> bool:
        """False on first start, before the instructor account exists."""
        return self.read(
            lambda c: c.execute(select(func.count()).select_from(Instructor)).scalar_one() > 0
        )

    def create_first_instructor(
        self, name: str, password: str, login: str | None = None
    ) -> InstructorSession:
        """First start: create the instructor account and unlock it.

        Refused once any instructor exists (further ones are added by an instructor).
        """
        check_new_password(password)
        name = clean_name(name)
        password_hash = self._passwords.hash(password)

        def work(connection: Connection) -> int:
            if connection.dialect.name == "postgresql":  # two workstations on first start
                connection.exec_driver_sql("LOCK TABLE instructors IN EXCLUSIVE MODE")
            if connection.execute(select(func.count()).select_from(Instructor)).scalar_one():
                raise AccessDeniedError(T("The instructor account already exists."))
            return self.insert_instructor(connection, name, password_hash, login, password=password)

        instructor_id = self.write(work)
        return self._unlock(instructor_id, name)

    def free_login(
        self, connection: Connection, name: str, fallback: str, login: str | None
    ) -> str:
        """``login`` checked and free, or (``None``) a free one made from ``name``."""

        def taken(candidate: str) -> bool:
            return any(
                connection.execute(select(table.id).where(table.login == candidate)).first()
                for table in (Trainee, Instructor)
            )

        if login is None:
            return login_from_name(name, fallback, taken)
        login = check_login(login)
        if taken(login):
            raise DuplicateLoginError(login)
        return login

    def insert_instructor(
        self,
        connection: Connection,
        name: str,
        password_hash: str,
        login: str | None = None,
        actor: str | None = None,
        *,
        password: str | None = None,
        one_time: bool = False,
    ) -> int:
        """Add an instructor (``password`` is checked against the login once it is chosen);
        ``one_time``: another instructor set the password, the new one chooses their own."""
        login = self.free_login(connection, name, "instructor", login)
        if password is not None:
            check_new_password(password, login)
        audit.append(
            connection, self.now(), actor or login, audit.Action.PERSON_ADDED, login, "instructor"
        )
        if one_time:
            audit.append(
                connection,
                self.now(),
                actor or login,
                audit.Action.PASSWORD_SET,
                login,
                "one-time, set by an instructor",
            )
        return connection.execute(
            insert(Instructor)
            .values(
                name=name,
                name_key=_key_of(name),
                login=login,
                password_hash=password_hash,
                failed_attempts=0,
                last_failed_at=None,
                created_at=self.now(),
                password_one_time=one_time,
            )
            .returning(Instructor.id)
        ).scalar_one()

    @property
    def passwords(self) -> Passwords:
        return self._passwords

    @property
    def is_server(self) -> bool:
        """PostgreSQL holds the passwords (the store was opened with a person's login)."""
        return self.connected_as is not None

    # -- signing in ------------------------------------------------------------------

    def sign_in(self, login: str, password: str) -> Person:
        """The person ``login`` names, if ``password`` is theirs (trainee or instructor).

        Raises ``AccessDeniedError`` ("The login or the password is wrong.", the same
        for an unknown login), ``WrongPasswordError`` with the wait before the next
        attempt, ``InstructorLockedError`` (the password not checked) while that wait
        runs. The wait is per account: no one else is slowed. An instructor's ``Person``
        carries the unlocked ``InstructorSession``.
        """
        return self._sign_in.sign_in(login, password)

    def change_own_password(self, person: Person, old_password: str, new_password: str) -> None:
        """``person``, signed in here, replaces their password with one of their own (the
        one-time password an instructor set, or any time): ``old_password`` is checked,
        the new one must follow ``access.check_new_password`` and differ from it. Ends the
        one-time mark (exams may be started again); in the audit, never the password."""
        self._sign_in.change_own_password(person, old_password, new_password)

    def password_reset(self, role: Role, person_id: int) -> None:
        """A new password was set for this account: its wait after wrong passwords ends."""
        self._sign_in.password_reset(role, person_id)

    def sign_out(self, person: Person) -> None:
        self._sign_in.forget(person)
        if person.session is not None:
            self.lock(person.session)

    def trainee_desk(self, person: Person) -> TraineeDesk:
        """The signed-in trainee's own desk; refused for anyone not signed in here."""
        if not self._sign_in.issued(person) or person.role is not Role.TRAINEE:
            raise AccessDeniedError(T("Sign in first: your records are reached only after it."))
        return self.trainee(person.id)

    def unlock_instructor(self, instructor_id: int, name: str) -> InstructorSession:
        return self._unlock(instructor_id, name)

    def hash_password(self, password: str) -> str:
        check_new_password(password)
        return self._passwords.hash(password)

    def verify_instructor(self, password: str, name: str | None = None) -> InstructorSession:
        """Check the password and unlock the instructor views.

        ``name`` may be left out while there is one instructor. Raises
        ``InstructorLockedError`` (password not even checked) while the delay from earlier
        failures runs, ``WrongPasswordError`` (with the new delay) on a mismatch.
        """
        outcome = self.write(lambda c: self._attempt(c, password, name))
        if isinstance(outcome, AccessDeniedError):
            raise outcome
        instructor_id, instructor_name = outcome
        return self._unlock(instructor_id, instructor_name)

    def _attempt(
        self, connection: Connection, password: str, name: str | None
    ) -> tuple[int, str] | AccessDeniedError:
        query = select(Instructor)
        if name is None:
            query = query.where(Instructor.disabled.is_(False))
        else:
            query = query.where(or_(Instructor.name == name, Instructor.login == name.lower()))
        # FOR UPDATE: two workstations failing at once both count (SQLite: BEGIN IMMEDIATE).
        rows = connection.execute(query.order_by(Instructor.id).limit(2).with_for_update()).all()
        if len(rows) != 1:
            if name is None and rows:
                return AccessDeniedError(T("Choose which instructor you are."))
            return AccessDeniedError(T("There is no such instructor account."))
        row = rows[0]
        now = self.now()
        allowed_at = next_attempt_at(row.failed_attempts, row.last_failed_at)
        if allowed_at is not None and now < allowed_at:
            audit.append(connection, now, row.login, audit.Action.SIGN_IN_DELAYED, row.login)
            return InstructorLockedError(allowed_at - now)
        if not self._passwords.verify(row.password_hash, password):
            audit.append(
                connection, now, row.login, audit.Action.SIGN_IN_FAILED, row.login, "unlock"
            )
            failures = row.failed_attempts + 1
            connection.execute(
                update(Instructor)
                .where(Instructor.id == row.id)
                .values(failed_attempts=failures, last_failed_at=now)
            )
            wait = next_attempt_at(failures, now)
            assert wait is not None
            return WrongPasswordError(failures, wait - now)
        if row.disabled:  # told only after the right password (storage/groups.py)
            audit.append(
                connection, now, row.login, audit.Action.SIGN_IN_FAILED, row.login, "disabled"
            )
            return AccountDisabledError(DISABLED)
        values: dict[str, object] = {"failed_attempts": 0, "last_failed_at": None}
        if self._passwords.needs_rehash(row.password_hash):
            values["password_hash"] = self._passwords.hash(password)
        connection.execute(update(Instructor).where(Instructor.id == row.id).values(**values))
        audit.append(connection, now, row.login, audit.Action.SIGN_IN, row.login, "unlock")
        return row.id, row.name

    def check_password(self, instructor_id: int, password: str) -> bool:
        row = self.read(
            lambda c: c.execute(
                select(Instructor.password_hash).where(Instructor.id == instructor_id)
            ).scalar_one_or_none()
        )
        return row is not None and self._passwords.verify(row, password)

    def _unlock(self, instructor_id: int, name: str) -> InstructorSession:
        now = self.now()
        token = secrets.token_urlsafe(32)
        self._unlocked[token] = _Unlocked(instructor_id, now)
        return InstructorSession(
            instructor_id=instructor_id, name=name, token=token, unlocked_at=now
        )

    def instructor(self, session: InstructorSession) -> InstructorDesk:
        """The instructor-level API; refused without a live session from this store."""
        self.require(session)
        return InstructorDesk(self, session)

    def require(self, session: InstructorSession) -> None:
        """Refuse unless ``session`` is unlocked here and was used within the idle limit."""
        live = self._unlocked.get(getattr(session, "token", ""))
        if live is None or live.instructor_id != getattr(session, "instructor_id", None):
            raise AccessDeniedError(
                T("The instructor views are locked: enter the instructor password.")
            )
        now = self.now()
        if now - live.last_used > self._instructor_idle:
            del self._unlocked[session.token]
            raise AccessDeniedError(
                T("The instructor views locked themselves after a pause: enter the password again.")
            )
        live.last_used = now

    def one_time_login(self, session: InstructorSession) -> str | None:
        """The login of the session's instructor while their password is one-time (set by
        another instructor): they choose their own before the views open (the Instructor
        menu's way in as the sign-in's); ``None`` once it is their own."""
        self.require(session)
        query = select(Instructor.login, Instructor.password_one_time).where(
            Instructor.id == session.instructor_id
        )
        row = self.read(lambda c: c.execute(query).one_or_none())
        return None if row is None or not row.password_one_time else str(row.login)

    def lock(self, session: InstructorSession) -> None:
        """End an instructor session (the views need the password again)."""
        self._unlocked.pop(session.token, None)
