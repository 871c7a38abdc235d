"""Open the records a workstation uses: a training centre's server, or a local file.

The one entry the window and the commands call. A server URL with the signed-in
person's login opens the server's own store (:mod:`dealer_trainer.storage.server`:
the server's roles, grants and functions decide what this person may do, and the
workstation never migrates); anything else is :meth:`Store.open`. This module sits
above both, so that neither imports the other back.
"""

from __future__ import annotations

from datetime import timedelta, tzinfo
from pathlib import Path
from typing import Any

from dealer_trainer.storage import engine
from dealer_trainer.storage.server.workstation import open_server_store
from dealer_trainer.storage.store import DEFAULT_INSTRUCTOR_IDLE, Store, utc_now


def open_store(
    url: str | None = None,
    *,
    login: str | None = None,
    password: str | None = None,
    data_dir: Path | None = None,
    day_zone: tzinfo | None = None,
    instructor_idle: timedelta = DEFAULT_INSTRUCTOR_IDLE,
    **single_pc: Any,
) -> Store:
    """The records at ``url`` (``$DEALER_TRAINER_DB_URL``, else the local file).

    On a server, ``login`` and ``password`` (what the person typed in the sign-in dialog)
    are the PostgreSQL connection's user and password, and ``store.sign_in(login,
    password)`` then gives the ``Person``. ``single_pc`` are :meth:`Store.open`'s other
    options (the clock, the password hasher, the backups), for a local file only.
    """
    location = engine.locate(url, data_dir)
    if location.sqlite_path is None and login is not None:
        clock = single_pc.get("clock", utc_now)
        return open_server_store(
            location.url.render_as_string(hide_password=False),
            login,
            password or "",
            clock=clock,
            day_zone=day_zone,
            instructor_idle=instructor_idle,
        )
    return Store.open(
        url,
        login=login,
        password=password,
        data_dir=data_dir,
        day_zone=day_zone,
        instructor_idle=instructor_idle,
        **single_pc,
    )
