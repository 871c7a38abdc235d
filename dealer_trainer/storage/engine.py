"""Where the database is, how to connect to it, and bringing its schema up to date.

Default: one SQLite file ``dealer-trainer.sqlite3`` in the user data directory
(platformdirs), moved by ``DEALER_TRAINER_DATA_DIR``. A training centre sets
``DEALER_TRAINER_DB_URL=postgresql+psycopg://server:5432/db?sslmode=verify-full`` on every
workstation: a server URL without ``sslmode=verify-full`` is refused (``verified_server``).

SQLite runs in WAL mode with ``synchronous=FULL`` (a committed answer survives a
crash or power cut), a busy timeout and foreign keys on. Writes begin with
``BEGIN IMMEDIATE`` so two workstations never deadlock upgrading a read lock.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
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

from dealer_trainer.rules.text import T, Text
from dealer_trainer.storage import centre
from dealer_trainer.storage.errors import (
    SERVER_REFUSALS,
    SittingEndedError,
    StorageError,
    StorageLockedError,
)
from dealer_trainer.storage.private import private_database, private_folder

DB_URL_ENV = "DEALER_TRAINER_DB_URL"
DATA_DIR_ENV = "DEALER_TRAINER_DATA_DIR"
DB_FILENAME = "dealer-trainer.sqlite3"
APP_NAME = "dealer-trainer"
BUSY_TIMEOUT_MS = 10_000
MIGRATIONS = Path(__file__).with_name("migrations")
# Any constant: the PostgreSQL advisory lock that serialises migrations between workstations.
_MIGRATION_LOCK = 0x6D6474
#: How long opening waits for a lock held elsewhere before it says so and gives up.
DEFAULT_LOCK_WAIT_S = 30.0
#: SQLite's busy timeout while opening waits for the write lock: short, so the wait is
#: counted (and reported) here, not inside one long blocking call.
_PROBE_BUSY_MS = 250


@dataclass(frozen=True)
class Patience:
    """How opening waits for a lock another process holds.

    ``progress`` is told, in a sentence, what is being waited for (the window shows it);
    ``sleep`` and ``monotonic`` are the clock (tests inject their own).
    """

    wait_s: float = DEFAULT_LOCK_WAIT_S
    progress: Callable[[Text], None] | None = None
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)
    monotonic: Callable[[], float] = field(default=time.monotonic, repr=False)

    def tell(self, message: Text) -> None:
        if self.progress is not None:
            self.progress(message)


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
        return hide_password(self.url.render_as_string(hide_password=True))


#: The lab switch: ``1`` lets a workstation connect to a server it does not verify (no
#: ``sslmode=verify-full``), for a test lab on one machine, never a training room; the
#: window then says so all the time (``ui.window.app_store.unverified_lab_server``).
UNVERIFIED_LAB_ENV = "DEALER_TRAINER_LAB_UNVERIFIED_SERVER"
#: The name of the centre's CA certificate where a workstation keeps it (``ca_places``).
CA_FILENAME = "centre-ca.crt"
#: A workstation's server URL, as the messages show it.
SERVER_URL_FORM = (
    "postgresql+psycopg://SERVER:5432/DATABASE?sslmode=verify-full&sslrootcert=PATH-TO-CA"
)


def ca_places() -> tuple[Path, ...]:
    """Where a workstation looks for the centre's CA when its URL names no ``sslrootcert``:
    this user's configuration folder, then the machine's (IT's, for every user)."""
    return (
        platformdirs.user_config_path(APP_NAME, appauthor=False) / CA_FILENAME,
        platformdirs.site_config_path(APP_NAME, appauthor=False) / CA_FILENAME,
    )


def lab_unverified() -> bool:
    """The lab switch is on (``$DEALER_TRAINER_LAB_UNVERIFIED_SERVER`` is ``1``)."""
    return os.environ.get(UNVERIFIED_LAB_ENV, "").strip() == "1"


def verified_server(url: URL) -> tuple[URL, bool]:
    """A workstation's server ``url`` checked: TLS that verifies the server (``sslmode=
    verify-full``), or else the lab switch; the URL to connect with and whether the
    connection is unverified (the lab's).

    Without ``sslrootcert`` the centre's CA is taken from the first of ``ca_places()``
    that exists (else libpq's own, ``~/.postgresql/root.crt``). Raises ``StorageError``
    naming the problem and the URL's form.
    """
    mode = url.query.get("sslmode")
    if mode == "verify-full":
        if "sslrootcert" not in url.query:
            for place in ca_places():
                if place.is_file():
                    return url.update_query_dict({"sslrootcert": str(place)}), False
        return url, False
    if lab_unverified():
        return url, True
    raise StorageError(
        T(
            "The server URL {url} does not ask for a verified connection "
            "(sslmode=verify-full): this workstation could then be talking to another "
            "machine posing as the training centre's server, which would see every password "
            "and record sent. Give the URL in the form {form} (the centre's CA certificate: "
            "IT has it) and correct ${env}.",
            url=hide_password(url.render_as_string(hide_password=True)),
            form=SERVER_URL_FORM,
            env=DB_URL_ENV,
        )
    )


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
    shown = hide_password(text_url)
    try:
        parsed = make_url(text_url)
        port = parsed.port
    except (SQLAlchemyError, ValueError):
        # ``from None``: the parser's own error quotes the whole URL, password and all.
        raise StorageError(
            T(
                "The database URL {url} cannot be read: {problem}. Correct ${env} (form: "
                "postgresql+psycopg://user:password@server:5432/database).",
                url=shown,
                problem=_url_problem(shown),
                env=DB_URL_ENV,
            )
        ) from None
    if port is not None and not 0 < port < 65536:
        raise StorageError(
            T(
                "The database URL {url} names port {port}, which does not exist (ports are 1 "
                "to 65535; PostgreSQL's is usually 5432). Correct ${env}.",
                url=shown,
                port=str(port),
                env=DB_URL_ENV,
            )
        )
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if not parsed.database or parsed.database == ":memory:":
            raise StorageError(T("An SQLite database must be a file, not in memory."))
        path = Path(parsed.database).absolute()
        return Location(parsed.set(database=str(path)), path, path.parent)
    if backend != "postgresql":
        raise StorageError(
            T(
                "Unsupported database {backend}: use SQLite or postgresql+psycopg://…",
                backend=repr(backend),
            )
        )
    if parsed.get_driver_name() != "psycopg":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return Location(parsed, None, data_dir)


_PORT = re.compile(r"^[^:/?#]*://(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(?P<port>[^/?#]*)")


_QUERY_PASSWORD = re.compile(r"(?i)([?&;\s](?:ssl)?pass(?:word|wd)?=)[^&;#\s]*")


def hide_password(url: str) -> str:
    """``url`` as text with its password (if any) replaced by ``***``, for messages.

    Everything between ``user:`` and the last ``@`` counts as the password, and so does
    a ``password=`` in the query: a URL too broken to parse may hide more than its
    password, never less (without ``://`` all before the last ``@`` is hidden).
    """
    url = _QUERY_PASSWORD.sub(r"\1***", url)
    scheme, sep, rest = url.partition("://")
    at = rest.rfind("@")
    if not sep:
        at = url.rfind("@")
        return url if at < 0 else f"***{url[at:]}"
    if at < 0:
        return url
    user, colon, _password = rest[:at].partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}{rest[at:]}"


def scrub(text: str, *secrets: str | None) -> str:
    """``text`` with each non-empty secret (a password) replaced by ``***``."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return text


def _url_problem(url: str) -> Text:
    port = _PORT.match(url)
    if port is not None and not port["port"].isdigit():
        return T("the port {port} is not a number", port=repr(port["port"]))
    if "://" not in url:
        return T("it is not of the form dialect://user:password@server/database")
    return T("it is not a valid database URL")


_SQLITE_MAGIC = b"SQLite format 3\x00"
_DAMAGE = ("not a database", "malformed", "corrupt")


def check_sqlite_file(path: Path) -> None:
    """Refuse a file that is not a readable SQLite database of this app, without writing to it.

    An absent or empty file is fine (SQLite creates the database in it). So is an
    SQLite file with no tables yet. A database with tables but without this app's
    schema belongs to another program: it is refused, byte for byte unchanged.
    The data folder must be writable (SQLite keeps its log and index files there).
    """
    if not path.exists():
        if not path.parent.exists():
            try:
                private_folder(path.parent)
            except OSError as exc:
                raise StorageError(
                    T(
                        "Cannot create the data folder {folder}: {why}. {instead}",
                        folder=str(path.parent),
                        why=str(exc.strerror),
                        instead=_WHERE_INSTEAD,
                    )
                ) from exc
        _check_writable(path)
        return
    try:
        with path.open("rb") as handle:
            head = handle.read(100)
    except OSError as exc:
        raise StorageError(
            T("Cannot read the database file {path}: {why}.", path=str(path), why=str(exc.strerror))
        ) from exc
    if head:
        if len(head) < 100 or not head.startswith(_SQLITE_MAGIC):
            raise StorageError(corrupt_message(path, T("it is not an SQLite database")))
        _check_ours(path)
    _check_writable(path)


_WHERE_INSTEAD = T(
    "Ask IT to let this user write there, or set {env} to a folder this user may write to.",
    env=DATA_DIR_ENV,
)
#: The tables every schema of this app has had since its first migration.
_OUR_TABLES = frozenset({"alembic_version", "trainees", "instructors", "answers"})


def _check_writable(path: Path) -> None:
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StorageError(
            T(
                "The data folder {folder} is read-only for this user: the Dealer Trainer keeps "
                "its records in it and must write there (the database and its log files). "
                "{instead}",
                folder=str(folder),
                instead=_WHERE_INSTEAD,
            )
        )
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StorageError(
            T(
                "The database file {path} is read-only for this user: answers could not be "
                "recorded. Ask IT to let this user write to it, or set {env} to a folder this "
                "user may write to.",
                path=str(path),
                env=DATA_DIR_ENV,
            )
        )


def _check_ours(path: Path) -> None:
    try:
        # Read-only: SQLite reads the schema and page 1 but cannot write the file.
        probe = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
        try:
            rows = probe.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).fetchall()
        finally:
            probe.close()
    except sqlite3.DatabaseError as exc:
        why = str(exc)
        if any(sign in why for sign in _DAMAGE):
            raise StorageError(corrupt_message(path, why)) from exc
        # Anything else (say a WAL index that a read-only probe may not rebuild) is
        # not a verdict on the file: the real open below reports what is wrong.
        return
    tables = {str(row[0]) for row in rows}
    if tables - {"alembic_version"} and not tables >= _OUR_TABLES:
        shown = ", ".join(sorted(tables)[:5]) + (" …" if len(tables) > 5 else "")
        raise StorageError(
            T(
                "The file {path} is an SQLite database of another program (its tables: "
                "{tables}), not the Dealer Trainer's records. It has been left unchanged. Point "
                "{url_env} or {dir_env} at the Dealer Trainer's own file, or at a folder without "
                "one to start new records.",
                path=str(path),
                tables=shown,
                url_env=DB_URL_ENV,
                dir_env=DATA_DIR_ENV,
            )
        )


def corrupt_message(path: Path, why: str | Text) -> Text:
    return T(
        "The database file {path} is damaged or unreadable ({why}). It has been left "
        "untouched: keep it for recovery, and restore a copy from the 'backups' folder beside "
        "it, or move it away to start a new database.",
        path=str(path),
        why=why,
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


#: The oldest SQLite library the app runs on: every insert reads its new row back with
#: ``RETURNING`` (SQLite 3.35.0, March 2021). Python 3.11's own builds ship 3.39 or newer.
MINIMUM_SQLITE = (3, 35, 0)


def check_sqlite_library(version: tuple[int, int, int] | None = None) -> None:
    """Refuse an SQLite library too old for the app's statements, saying which one it found
    (``version``: the library Python is linked with unless given)."""
    if version is None:
        version = sqlite3.sqlite_version_info
    if version < MINIMUM_SQLITE:
        found = ".".join(map(str, version))
        needed = ".".join(map(str, MINIMUM_SQLITE))
        raise StorageError(
            T(
                "This computer's SQLite library is version {found}; the app needs {needed} or "
                "newer to record answers. Install a current Python (3.11 or newer from "
                "python.org ships one), or use a training centre's server instead of a local "
                "file.",
                found=found,
                needed=needed,
            )
        )


def create(location: Location) -> Engine:
    """An engine for ``location`` with this app's connection settings.

    An SQLite file and its folder are made private to this OS account first (``private``).
    """
    if location.sqlite_path is not None:
        check_sqlite_library()
        try:
            private_folder(location.sqlite_path.parent)
            private_database(location.sqlite_path)
        except OSError as exc:
            raise StorageError(
                T(
                    "Cannot make the records {path} private to this user: {why}. {instead}",
                    path=str(location.sqlite_path),
                    why=str(exc.strerror),
                    instead=_WHERE_INSTEAD,
                )
            ) from exc
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


def migrate(engine: Engine, location: Location, patience: Patience | None = None) -> None:
    """Upgrade the schema to head, one workstation at a time, waiting a bounded time.

    The schema version is read first in a plain read transaction: a database that is
    up to date is opened without taking any write lock, so another program holding
    SQLite's write lock (or a workstation migrating a PostgreSQL server) does not stop
    this one from starting. Only an upgrade takes the lock: on SQLite one
    ``BEGIN IMMEDIATE`` transaction (DDL is transactional there), on PostgreSQL an
    advisory transaction lock. Either is waited for at most ``patience.wait_s``
    seconds, saying so through ``patience.progress``; then ``StorageLockedError``.
    A database written by a newer app is refused, not touched.
    """
    patience = patience or Patience()
    with engine.connect() as connection, connection.begin():
        current = _current_revision(connection)
    if _up_to_date(current, location):
        return
    started = patience.monotonic()
    told = False
    while True:
        with engine.connect() as connection:
            if _upgrade(connection, location, patience.wait_s):
                return
        waited = patience.monotonic() - started
        if waited >= patience.wait_s:
            raise StorageLockedError(_locked_message(location, patience.wait_s))
        if not told:
            patience.tell(_waiting_message(location, patience.wait_s))
            told = True
        patience.sleep(min(0.5, max(0.0, patience.wait_s - waited)))


def _up_to_date(current: str | None, location: Location) -> bool:
    known = {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}
    if current is not None and current not in known:
        raise StorageError(
            T(
                "The database {database} was written by a newer version of the Dealer Trainer "
                "(schema {schema}); update this workstation's app.",
                database=location.display,
                schema=current,
            )
        )
    return current == head_revision()


def _upgrade(connection: Connection, location: Location, wait_s: float) -> bool:
    """One attempt at the upgrade under the lock; ``False`` when the lock is held elsewhere."""
    postgres = connection.dialect.name == "postgresql"
    raw = None if postgres else connection.connection.driver_connection
    if isinstance(raw, sqlite3.Connection):
        raw.execute(f"PRAGMA busy_timeout = {min(_PROBE_BUSY_MS, int(wait_s * 1000))}")
    connection.execution_options(write=True)
    try:
        with connection.begin():
            if postgres:
                lock = text("SELECT pg_try_advisory_xact_lock(:key)")
                if not connection.execute(lock, {"key": _MIGRATION_LOCK}).scalar_one():
                    return False
            # Another workstation may have upgraded while this one waited.
            if _up_to_date(_current_revision(connection), location):
                return True
            config = alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            return True
    except DBAPIError as exc:
        if not postgres and "locked" in str(exc.orig):
            return False
        raise
    finally:
        if isinstance(raw, sqlite3.Connection):
            raw.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def _waiting_message(location: Location, wait_s: float) -> Text:
    if location.sqlite_path is not None:
        return T(
            "Waiting for another program to release the database {database} (it holds the "
            "write lock); up to {seconds} s…",
            database=location.display,
            seconds=f"{wait_s:.0f}",
        )
    return T(
        "Waiting for another workstation to finish updating the database {database} to a new "
        "version; up to {seconds} s…",
        database=location.display,
        seconds=f"{wait_s:.0f}",
    )


def _locked_message(location: Location, wait_s: float) -> Text:
    if location.sqlite_path is not None:
        return T(
            "The database {database} must be updated to this version of the app, but another "
            "program has held its write lock for more than {seconds} s. Nothing was changed. "
            "Close the other program (another Dealer Trainer, or a database tool that has the "
            "file open) and start again.",
            database=location.display,
            seconds=f"{wait_s:.0f}",
        )
    return T(
        "Another workstation has been updating the database {database} for more than "
        "{seconds} s (it holds the update lock). Nothing was changed here. Wait for it to "
        "finish and start again; if no workstation is starting, ask IT to end the database "
        "session that holds advisory lock {lock} (see pg_locks).",
        database=location.display,
        seconds=f"{wait_s:.0f}",
        lock=str(_MIGRATION_LOCK),
    )


def _current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def server_refusal(error: BaseException | None) -> StorageError | None:
    """A refusal of the server's functions in the reader's words, by the key its ``HINT``
    gives (``errors.SERVER_REFUSALS``); ``None`` for any other error."""
    diag = getattr(error, "diag", None)
    key = getattr(diag, "message_hint", None)
    if not isinstance(key, str) or key not in SERVER_REFUSALS:
        return None
    detail = getattr(diag, "message_detail", None) or ""
    try:
        at = datetime.fromisoformat(detail).astimezone(centre.ZONE).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        at = detail
    words = Text(SERVER_REFUSALS[key].source, {"at": at})
    if key == "dt:time_ran_out":
        return SittingEndedError(words)
    return StorageError(words)


def explain(exc: BaseException, location: Location) -> StorageError:
    """Turn a driver error into a message that names the database, what is wrong, what to do."""
    if isinstance(exc, StorageError):
        return exc
    original = exc.orig if isinstance(exc, DBAPIError) else exc
    refused = server_refusal(original)
    if refused is not None:
        return refused
    why = scrub(str(original).strip(), location.url.password)
    if "NUL" in why and ("0x00" in why or "\\u0000" in why):
        return StorageError(
            T(
                "The text contains a NUL character (code 0, invisible), which the database "
                "{database} cannot store. Nothing was saved: type the text again without it "
                "(it usually comes from pasting).",
                database=location.display,
            )
        )
    if location.sqlite_path is not None and isinstance(original, sqlite3.DatabaseError):
        if any(sign in why for sign in _DAMAGE):
            return StorageError(corrupt_message(location.sqlite_path, why))
        if any(sign in why for sign in ("unable to open", "readonly", "read-only")):
            return StorageError(
                T(
                    "The database file {database} cannot be opened for writing ({why}): this "
                    "user may not write in its folder {folder}, or the disk is full or "
                    "read-only. {instead}",
                    database=location.display,
                    why=why,
                    folder=str(location.sqlite_path.parent),
                    instead=_WHERE_INSTEAD,
                )
            )
        return StorageError(
            T(
                "The database file {database} cannot be used: {why}.",
                database=location.display,
                why=why,
            )
        )
    return StorageError(
        T("The database {database} cannot be used: {why}", database=location.display, why=why)
    )
