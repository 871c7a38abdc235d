"""Where the database is, how to connect to it, and bringing its schema up to date.

Default: one SQLite file ``dealer-trainer.sqlite3`` in the user data directory
(platformdirs), moved by ``DEALER_TRAINER_DATA_DIR``. A training centre sets
``DEALER_TRAINER_DB_URL=postgresql+psycopg://user:pw@server/db`` on every workstation.

SQLite runs in WAL mode with ``synchronous=FULL`` (a committed answer survives a
crash or power cut), a busy timeout and foreign keys on. Writes begin with
``BEGIN IMMEDIATE`` so two workstations never deadlock upgrading a read lock.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from dealer_trainer.storage.errors import StorageError

DB_URL_ENV = "DEALER_TRAINER_DB_URL"
DATA_DIR_ENV = "DEALER_TRAINER_DATA_DIR"
DB_FILENAME = "dealer-trainer.sqlite3"
APP_NAME = "dealer-trainer"
BUSY_TIMEOUT_MS = 10_000
MIGRATIONS = Path(__file__).with_name("migrations")
# Any constant: the PostgreSQL advisory lock that serialises migrations between workstations.
_MIGRATION_LOCK = 0x6D6474


@dataclass(frozen=True)
class Location:
    """The database to open: its URL and, for SQLite, the file and data directory."""

    url: URL
    sqlite_path: Path | None
    data_dir: Path | None

    @property
    def display(self) -> str:
        """The file path or the URL without its password, for messages."""
        if self.sqlite_path is not None:
            return str(self.sqlite_path)
        return self.url.render_as_string(hide_password=True)


def default_data_dir() -> Path:
    """``$DEALER_TRAINER_DATA_DIR`` or the platform's user data directory."""
    moved = os.environ.get(DATA_DIR_ENV)
    if moved:
        return Path(moved).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def locate(url: str | None = None, data_dir: Path | None = None) -> Location:
    """Resolve what to open: ``url``, else ``$DEALER_TRAINER_DB_URL``, else the SQLite file."""
    text_url = url or os.environ.get(DB_URL_ENV) or None
    if text_url is None:
        folder = data_dir if data_dir is not None else default_data_dir()
        path = (folder / DB_FILENAME).absolute()
        return Location(URL.create("sqlite+pysqlite", database=str(path)), path, folder)
    try:
        parsed = make_url(text_url)
    except SQLAlchemyError as exc:
        raise StorageError(f"The database URL {text_url!r} cannot be read: {exc}") from exc
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise StorageError("An SQLite database must be a file, not in memory.")
        path = Path(parsed.database).absolute()
        return Location(parsed.set(database=str(path)), path, path.parent)
    if backend != "postgresql":
        raise StorageError(
            f"Unsupported database {backend!r}: use SQLite or postgresql+psycopg://…"
        )
    if parsed.get_driver_name() != "psycopg":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return Location(parsed, None, data_dir)


_SQLITE_MAGIC = b"SQLite format 3\x00"
_DAMAGE = ("not a database", "malformed", "corrupt")


def check_sqlite_file(path: Path) -> None:
    """Refuse a file that is not a readable SQLite database, without writing to it.

    An absent or empty file is fine (SQLite creates the database in it).
    """
    if not path.exists():
        if not path.parent.exists():
            try:
                path.parent.mkdir(parents=True)
            except OSError as exc:
                raise StorageError(
                    f"Cannot create the data folder {path.parent}: {exc.strerror}."
                ) from exc
        return
    try:
        with path.open("rb") as handle:
            head = handle.read(100)
    except OSError as exc:
        raise StorageError(f"Cannot read the database file {path}: {exc.strerror}.") from exc
    if not head:
        return
    if len(head) < 100 or not head.startswith(_SQLITE_MAGIC):
        raise StorageError(corrupt_message(path, "it is not an SQLite database"))
    try:
        # Read-only: SQLite reads the schema and page 1 but cannot write the file.
        probe = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            probe.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            probe.close()
    except sqlite3.DatabaseError as exc:
        why = str(exc)
        if any(sign in why for sign in _DAMAGE):
            raise StorageError(corrupt_message(path, why)) from exc
        # Anything else (say a WAL index that a read-only probe may not rebuild) is
        # not a verdict on the file: the real open below reports what is wrong.


def corrupt_message(path: Path, why: str) -> str:
    return (
        f"The database file {path} is damaged or unreadable ({why}). "
        "It has been left untouched: keep it for recovery, and restore a copy from the "
        f"'backups' folder beside it, or move it away to start a new database."
    )


def _sqlite_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    # The driver must not open transactions on its own: the begin hook does.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        mode = cursor.fetchone()
        if mode is None or str(mode[0]).lower() != "wal":
            raise sqlite3.OperationalError(f"cannot switch to WAL mode (got {mode})")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    immediate = connection.get_execution_options().get("write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def create(location: Location) -> Engine:
    """An engine for ``location`` with this app's connection settings."""
    if location.sqlite_path is not None:
        engine = create_engine(
            location.url,
            connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
        )
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    return create_engine(location.url, pool_pre_ping=True, connect_args={"connect_timeout": 10})


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def migrate(engine: Engine, location: Location) -> None:
    """Upgrade the schema to head, one workstation at a time.

    On SQLite the upgrade runs inside one ``BEGIN IMMEDIATE`` transaction (DDL is
    transactional there), on PostgreSQL under an advisory transaction lock.
    A database written by a newer app is refused, not touched.
    """
    config = alembic_config()
    known = {rev.revision for rev in ScriptDirectory.from_config(config).walk_revisions()}
    with engine.connect() as connection:
        connection.execution_options(write=True)
        with connection.begin():
            if connection.dialect.name == "postgresql":
                lock = text("SELECT pg_advisory_xact_lock(:key)")
                connection.execute(lock, {"key": _MIGRATION_LOCK})
            current = _current_revision(connection)
            if current is not None and current not in known:
                raise StorageError(
                    f"The database {location.display} was written by a newer version of the "
                    f"Dealer Trainer (schema {current}); update this workstation's app."
                )
            if current == head_revision():
                return
            config.attributes["connection"] = connection
            command.upgrade(config, "head")


def _current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def explain(exc: BaseException, location: Location) -> StorageError:
    """Turn a driver error into a message that names the database."""
    if isinstance(exc, StorageError):
        return exc
    original = exc.orig if isinstance(exc, DBAPIError) else exc
    if location.sqlite_path is not None and isinstance(original, sqlite3.DatabaseError):
        why = str(original)
        if any(sign in why for sign in _DAMAGE):
            return StorageError(corrupt_message(location.sqlite_path, why))
        return StorageError(f"The database file {location.display} cannot be used: {why}.")
    return StorageError(f"The database {location.display} cannot be used: {original}")
