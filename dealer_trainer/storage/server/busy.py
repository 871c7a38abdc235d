"""A sign-in the server turns away for want of a free connection is tried again, a while.

PostgreSQL refuses a new connection with "sorry, too many clients already" (SQLSTATE
53300) while every one of its ``max_connections`` slots is taken: by other workstations,
or by a flood of wrong passwords, each of which holds a slot for the ``auth_delay`` wait
(PostgreSQL 15 keeps no slots for ordinary roles). Slots come free within seconds, so a
workstation tries again, with growing and jittered waits, for up to ``BUSY_PATIENCE_S``
seconds before it tells the person that the server is busy. What this bounds, and what
the centre's server must do besides, is measured in ``benchmarks/signin_flood.py`` and
written in docs/server.md (*Sign-in floods*).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.rules.text import T
from dealer_trainer.storage.errors import StorageError

R = TypeVar("R")

#: How long a sign-in keeps trying while the server has no free connection.
BUSY_PATIENCE_S = 10.0
#: The first wait before trying again, and the longest (each wait doubles, then is jittered
#: to between half and one and a half times itself, so workstations do not retry in step).
FIRST_WAIT_S = 0.1
LONGEST_WAIT_S = 1.0

_BUSY_STATE = "53300"  # too_many_connections
_BUSY_WORDS = ("too many clients already", "remaining connection slots are reserved")


def is_busy(exc: BaseException) -> bool:
    """``exc`` is the server turning a connection away because every slot is taken."""
    original = exc.orig if isinstance(exc, DBAPIError) else exc
    if getattr(original, "sqlstate", None) == _BUSY_STATE:
        return not _role_limit(original)
    # libpq reports a refusal at connection time without its SQLSTATE.
    said = str(original)
    return any(words in said for words in _BUSY_WORDS)


def _role_limit(original: BaseException | None) -> bool:
    return "too many connections for role" in str(original)


def busy_message(seconds: float) -> StorageError:
    return StorageError(
        T(
            "The training centre's server is busy: every connection it allows is in use, and "
            "none came free in {seconds} s. Try again in a minute; if it keeps happening, "
            "tell IT (the server may be flooded with sign-in attempts).",
            seconds=f"{seconds:.0f}",
        )
    )


def role_limit_message() -> StorageError:
    return StorageError(
        T(
            "Your login already has as many connections open on the server as one person may "
            "have. If you are not signed in on other workstations, someone else may be using "
            "your login: tell an instructor or IT, and change your password."
        )
    )


def retrying_busy(
    attempt: Callable[[], R],
    *,
    patience_s: float = BUSY_PATIENCE_S,
    sleep: Callable[[float], None] = time.sleep,
    monotonic: Callable[[], float] = time.monotonic,
    jitter: Callable[[], float] = random.random,
) -> R:
    """``attempt()``, tried again while the server is busy (``is_busy``), for up to
    ``patience_s`` seconds; then ``StorageError`` saying the server is busy. A login at its
    own ``CONNECTION LIMIT`` is said at once (``role_limit_message``); every other error (a
    wrong password among them) is raised as it is."""
    started = monotonic()
    wait = FIRST_WAIT_S
    while True:
        try:
            return attempt()
        except Exception as exc:
            if _role_limit(exc.orig if isinstance(exc, DBAPIError) else exc):
                raise role_limit_message() from exc
            if not is_busy(exc):
                raise
            left = patience_s - (monotonic() - started)
            if left <= 0:
                raise busy_message(patience_s) from exc
        sleep(min(left, wait * (0.5 + jitter())))
        wait = min(wait * 2, LONGEST_WAIT_S)


#: What docs/server.md (*Sign-in floods*) advises, measured with ``benchmarks/signin_flood.py``.
ADVISED_MAX_CONNECTIONS = 300
ADVISED_AUTH_DELAY_MS = 1000


def settings_advice(connection: Connection) -> list[str]:
    """``server init``'s lines on the server's settings against sign-in floods and for TLS
    (it cannot change them: they are the superuser's, in postgresql.conf)."""
    row = connection.execute(
        text(
            "SELECT current_setting('max_connections')::int AS slots, "
            "current_setting('auth_delay.milliseconds', true) AS delay, "
            "current_setting('ssl') AS ssl"
        )
    ).one()
    lines = []
    if row.slots < ADVISED_MAX_CONNECTIONS:
        lines.append(
            f"max_connections = {row.slots}: set {ADVISED_MAX_CONNECTIONS} or more in "
            "postgresql.conf, so that a flood of wrong passwords leaves slots free for the "
            "people (docs/server.md, Sign-in floods)"
        )
    else:
        lines.append(f"max_connections = {row.slots}")
    if row.delay is None:
        lines.append(
            "auth_delay is not loaded: add shared_preload_libraries = 'auth_delay' and "
            f"auth_delay.milliseconds = {ADVISED_AUTH_DELAY_MS} to postgresql.conf, then restart"
        )
    else:
        lines.append(f"auth_delay.milliseconds = {row.delay}")
    if row.ssl != "on":
        lines.append(
            "ssl is off: workstations refuse a server without TLS (sslmode=verify-full); "
            "`dealer-trainer server tls --host NAME` makes the certificate"
        )
    return lines
