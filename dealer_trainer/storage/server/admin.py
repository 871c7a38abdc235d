"""What ``dealer-trainer server init`` and ``server add-person`` do, without the command line.

``init`` connects as the database's owner, migrates the schema (Alembic, as every
workstation once did) and then lays the server's rules over it (``policy.statements``)
in one transaction under the migration lock. ``add_person`` asks the server's
``dt_add_person()`` to make the person's login role, with the password sent as a
SCRAM-SHA-256 verifier computed here by libpq: the password itself never reaches the
server, nor any log.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from dealer_trainer.rules.text import T
from dealer_trainer.storage import engine
from dealer_trainer.storage.access import check_new_password
from dealer_trainer.storage.errors import AccessDeniedError, AccountDisabledError, StorageError
from dealer_trainer.storage.records import clean_name, name_key
from dealer_trainer.storage.server import busy, policy
from dealer_trainer.storage.server.schema import check_server_schema, current_revision

#: SQLSTATE → what a refusal means, to be filled with the user, database and detail.
_REFUSALS = {
    "28P01": T("The server refused the sign-in of {user}: wrong password, or no such login."),
    "28000": T(
        "The server refused the sign-in of {user}: it may not sign in from this computer "
        "(pg_hba.conf), or not at all (an archived trainee, a disabled instructor)."
    ),
    "3D000": T("The database {database} does not exist on that server."),
    "42501": T("The server refused: {user} has no right to do this ({detail})."),
}

KINDS = ("instructor", "trainee")


@dataclass(frozen=True)
class ServerURL:
    """An admin command's URL: the server, database and role, never a password."""

    url: URL

    @property
    def user(self) -> str:
        assert self.url.username is not None
        return self.url.username

    @property
    def database(self) -> str:
        assert self.url.database is not None
        return self.url.database

    @property
    def shown(self) -> str:
        return self.url.render_as_string(hide_password=True)


def parse_admin_url(raw: str) -> ServerURL:
    """``postgresql://role@host:port/db`` (or ``postgresql+psycopg://``) checked, or why not."""
    shown = engine.hide_password(raw)
    try:
        url = make_url(raw)
        port = url.port
    except (SQLAlchemyError, ValueError) as exc:
        raise StorageError(
            f"The URL {shown} cannot be read. Give it as postgresql://ROLE@SERVER:5432/DATABASE."
        ) from exc
    if url.get_backend_name() != "postgresql":
        raise StorageError(
            f"The URL {shown} is not a PostgreSQL server's: server commands work on "
            "postgresql://ROLE@SERVER:5432/DATABASE (a single PC's SQLite file needs none)."
        )
    if url.password is not None:
        raise StorageError(
            f"The URL {shown} holds a password: leave it out (it would stay in the shell's "
            "history and the process list) and set PGPASSWORD, or type it when asked."
        )
    if not url.username:
        raise StorageError(
            f"The URL {shown} names no role: give the one to sign in as, "
            "postgresql://ROLE@SERVER:5432/DATABASE."
        )
    if not url.host:
        raise StorageError(f"The URL {shown} names no server: postgresql://ROLE@SERVER/DATABASE.")
    if not url.database:
        raise StorageError(
            f"The URL {shown} names no database: postgresql://ROLE@SERVER:5432/DATABASE."
        )
    if port is not None and not 0 < port < 65536:
        raise StorageError(f"The URL {shown} names port {port}, which does not exist (1 to 65535).")
    try:
        policy.check_database_name(url.database)
    except ValueError as exc:
        raise StorageError(str(exc)) from exc
    return ServerURL(url.set(drivername="postgresql+psycopg"))


def connect(target: ServerURL, password: str) -> Engine:
    """An engine signed in as ``target.user``; refused sign-ins raise ``StorageError``."""
    location = engine.Location(target.url.set(password=password), None, None)
    sql = engine.create(location)
    try:
        with sql.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        sql.dispose()
        raise refusal(exc, target) from exc
    return sql


def _not_set_up(target: ServerURL) -> StorageError:
    return StorageError(
        f"The server's database {target.database} has not been set up: run "
        "dealer-trainer server init with the owner's URL first."
    )


def refusal(exc: BaseException, target: ServerURL) -> StorageError:
    """A driver error as a sentence (naming the role and database, never the password)."""
    original = exc.orig if isinstance(exc, DBAPIError) else exc
    state = getattr(original, "sqlstate", None)
    said = str(original)
    if state is None and "password authentication failed" in said:
        state = "28P01"  # libpq reports a refused sign-in without its SQLSTATE
    elif state is None and ("no pg_hba.conf entry" in said or "not permitted to log in" in said):
        state = "28000"
    elif state is None and "does not exist" in said and "database" in said:
        state = "3D000"
    if state in _REFUSALS:
        detail = str(original).strip().splitlines()[0] if state == "42501" else ""
        why = T(_REFUSALS[state].source, user=target.user, database=target.database, detail=detail)
        cls = AccessDeniedError if state in ("28P01", "28000", "42501") else StorageError
        if "not permitted to log in" in said:  # PostgreSQL checked the password first
            cls = AccountDisabledError
        return cls(why)
    first = str(original).strip().splitlines()[0] if str(original).strip() else type(original)
    return StorageError(
        T("The server {server} cannot be used: {why}", server=target.shown, why=str(first))
    )


def _check_owner(connection: Connection, target: ServerURL) -> None:
    row = connection.execute(
        text(
            "SELECT r.rolsuper, r.rolcreaterole, "
            "pg_get_userbyid(d.datdba) = current_user AS owns "
            "FROM pg_roles r, pg_database d "
            "WHERE r.rolname = current_user AND d.datname = current_database()"
        )
    ).one()
    if row.rolsuper:
        raise AccessDeniedError(
            f"{target.user} is a superuser: run server init as the database's owner role, "
            "not a superuser (the functions init makes run with their owner's rights, which "
            "must be the owner's, not a superuser's). See the README's centre section."
        )
    if not row.owns:
        raise AccessDeniedError(
            f"{target.user} does not own the database {target.database}: run server init as "
            f"its owner (CREATE DATABASE {target.database} OWNER <owner>)."
        )
    if not row.rolcreaterole:
        raise AccessDeniedError(
            f"{target.user} may not create roles: the owner needs CREATEROLE to make the "
            f"centre's groups and each person's login (ALTER ROLE {target.user} CREATEROLE)."
        )


#: The line IT adds to postgresql.conf (keeping any library listed already, e.g.
#: ``'auth_delay,passwordcheck'``), then restarts PostgreSQL: the owner cannot (a superuser's
#: setting, read at start only).
PASSWORD_CHECK_LINE = "shared_preload_libraries = 'passwordcheck'"


def password_check_loaded(connection: Connection) -> bool:
    """Whether PostgreSQL refuses a weak password (its ``passwordcheck`` module is loaded).

    The owner may not read ``shared_preload_libraries``: it tries instead, making a role
    with the password ``a`` in a savepoint that is always rolled back (nothing is kept;
    the word ``a`` is no one's password). ``passwordcheck`` refuses it (SQLSTATE 22023)."""
    probe = f"dt_password_probe_{secrets.token_hex(6)}"
    savepoint = connection.begin_nested()
    try:
        connection.exec_driver_sql(f"CREATE ROLE {probe} NOLOGIN PASSWORD 'a'")
    except DBAPIError as exc:
        savepoint.rollback()
        if getattr(exc.orig, "sqlstate", None) == "22023":
            return True
        raise
    savepoint.rollback()
    return False


def password_check_said(loaded: bool) -> str:
    """``init``'s line about PostgreSQL's password check: what it found, what IT must do."""
    if loaded:
        return (
            "password check: PostgreSQL refuses weak passwords (passwordcheck is loaded): "
            "fewer than 8 characters, the login in it, or not letters and other characters "
            "mixed, when given in plain text (ALTER ROLE ... PASSWORD 'text'); a password "
            "sent already hashed (the app's SCRAM verifiers, psql's \\password) is checked by "
            "the app, the server can only refuse one equal to the login"
        )
    return (
        "password check: NOT LOADED: PostgreSQL accepts any password a person sets for "
        "their own login outside the app (ALTER ROLE ... PASSWORD 'a' in psql). IT: add "
        f"{PASSWORD_CHECK_LINE} to postgresql.conf (keep any library listed there already, "
        "e.g. 'auth_delay,passwordcheck'), restart PostgreSQL and run server init again"
    )


def init(target: ServerURL, password: str) -> list[str]:
    """Create or migrate the schema, roles, grants and policies; what was done, in lines.

    Running it again changes nothing: the migrations are at head, and every policy
    statement leaves the same state behind.
    """
    names = policy.Names(target.database, target.user)
    sql = connect(target, password)
    location = engine.Location(target.url, None, None)
    done: list[str] = []
    try:
        with sql.connect() as connection, connection.begin():
            _check_owner(connection, target)
            before = current_revision(connection)
        engine.migrate(sql, location)
        with sql.connect() as connection, connection.begin():
            after = current_revision(connection)
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:key)"),
                {"key": engine._MIGRATION_LOCK},  # the migrations' own
            )
            cursor = connection.connection.cursor()  # no parameters: '%' is SQL's own
            for statement in policy.statements(names):
                cursor.execute(statement)
            cursor.close()
            advice = busy.settings_advice(connection)
            checked = password_check_loaded(connection)
    except SQLAlchemyError as exc:
        raise refusal(exc, target) from exc
    finally:
        sql.dispose()
    done.append(
        f"schema {after} (was {before})" if before != after else f"schema {after}, up to date"
    )
    done.append(
        f"groups {names.instructors} and {names.trainees}, grants, row-level security and "
        f"functions (server rules version {policy.SECURITY_VERSION})"
    )
    done.append(
        f"the grader's role {names.grader}: give it a password once (server set-password "
        f"--login {names.grader}) and run `dealer-trainer server grader` as a service"
    )
    done.append(f"each person's login: at most {policy.PERSON_CONNECTIONS} connections")
    done += advice
    done.append(password_check_said(checked))
    return done


def check_login(login: str) -> str:
    import re  # noqa: PLC0415 (once per command)

    if not re.match(policy.LOGIN_PATTERN, login):
        raise ValueError(
            f"The login {login!r} cannot be used: a login is a lower-case letter, then "
            "lower-case letters, digits, '_', '.' or '-', at most 63 characters."
        )
    return login


def scram_verifier(sql: Engine, login: str, password: str) -> str:
    """libpq's SCRAM-SHA-256 verifier of ``password`` (what ``CREATE ROLE … PASSWORD`` keeps)."""
    with sql.connect() as connection:
        raw = connection.connection.driver_connection
        pgconn = raw.pgconn  # type: ignore[union-attr]
        verifier = pgconn.encrypt_password(
            password.encode("utf-8"), login.encode("utf-8"), b"scram-sha-256"
        )
    return bytes(verifier).decode("ascii")


def add_person(
    sql: Engine, target: ServerURL, kind: str, login: str, name: str, password: str
) -> int:
    """Make ``login`` a person of the centre through ``dt_add_person()``; their row's id."""
    if kind not in KINDS:
        raise ValueError(f"A person is an instructor or a trainee, not {kind!r}.")
    check_login(login)
    name = clean_name(name)
    check_new_password(password, login)
    verifier = scram_verifier(sql, login, password)
    try:
        with sql.connect() as connection, connection.begin():
            check_server_schema(connection, target.shown)
            return int(
                connection.execute(
                    text("SELECT dt_add_person(:kind, :login, :name, :key, :verifier)"),
                    {
                        "kind": kind,
                        "login": login,
                        "name": name,
                        "key": name_key(name),
                        "verifier": verifier,
                    },
                ).scalar_one()
            )
    except DBAPIError as exc:
        state = getattr(exc.orig, "sqlstate", None)
        if state == "42710":
            raise StorageError(
                f"The login {login!r} is already taken on this server (by a person or by "
                "another role): choose another."
            ) from exc
        if state == "23505":
            raise StorageError(
                f"A person named {name!r} or with the login {login!r} already exists."
            ) from exc
        if state == "42883":
            raise _not_set_up(target) from exc
        raise refusal(exc, target) from exc


def set_password(sql: Engine, target: ServerURL, login: str, password: str) -> None:
    """Give ``login`` (an instructor or a trainee of the centre) a new password through
    ``dt_set_password()``: the owner (IT) for anyone, an instructor for a trainee. The
    server keeps only its SCRAM verifier and writes the audit entry."""
    check_login(login)
    check_new_password(password, login)
    verifier = scram_verifier(sql, login, password)
    try:
        with sql.connect() as connection, connection.begin():
            check_server_schema(connection, target.shown)
            connection.execute(
                text("SELECT dt_set_password(:login, :verifier)"),
                {"login": login, "verifier": verifier},
            )
    except DBAPIError as exc:
        state = getattr(exc.orig, "sqlstate", None)
        if state == "42704":  # undefined_object: no such person
            raise StorageError(
                f"There is no person with the login {login!r} on this server that "
                f"{target.user} may give a password to (the owner: an instructor or a "
                "trainee; an instructor: a trainee)."
            ) from exc
        if state == "42883":
            raise _not_set_up(target) from exc
        raise refusal(exc, target) from exc


#: Where a grader may sign in without TLS: on the database's own machine only.
_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def check_grader_url(target: ServerURL) -> None:
    """The grader's URL: TLS with ``verify-full`` (as the workstations'), unless it runs on
    the database's own machine; its role is the centre's grader."""
    host = target.url.host or ""
    sslmode = target.url.query.get("sslmode")
    if host not in _LOCAL_HOSTS and not host.startswith("/") and sslmode != "verify-full":
        raise StorageError(
            f"The grader's URL {target.shown} reaches another machine without "
            "sslmode=verify-full: add ?sslmode=verify-full&sslrootcert=CA-FILE (its password "
            "writes grades and certifications), or run it on the database's machine."
        )
    expected = policy.Names(target.database, "").grader
    if target.user != expected:
        raise StorageError(
            f"The grader signs in as {expected}, the centre's grader role (server init made "
            f"it; IT sets its password with server set-password --login {expected}), not as "
            f"{target.user}."
        )


def grader_engine(target: ServerURL, password: str | None) -> Engine:
    """An engine signed in as the grader, checked: the schema and rules are this app's and
    the role is the centre's grader (``session_user``)."""
    location = engine.Location(target.url.set(password=password), None, None)
    sql = engine.create(location)
    try:
        with sql.connect() as connection:
            check_server_schema(connection, target.shown)
            who = connection.execute(text("SELECT session_user")).scalar_one()
    except SQLAlchemyError as exc:
        sql.dispose()
        raise refusal(exc, target) from exc
    except BaseException:
        sql.dispose()
        raise
    if who != policy.Names(target.database, "").grader:
        sql.dispose()
        raise AccessDeniedError(f"{target.shown} signed in as {who}, not as the grader.")
    return sql


def listen_connection(target: ServerURL, password: str | None) -> Any:
    """A psycopg connection (autocommit) as the grader, to ``LISTEN`` on."""
    import psycopg  # noqa: PLC0415 (the server's driver, imported where it is needed)

    conninfo = target.url.set(drivername="postgresql", password=None).render_as_string(
        hide_password=False
    )
    return psycopg.connect(conninfo, password=password, autocommit=True)
