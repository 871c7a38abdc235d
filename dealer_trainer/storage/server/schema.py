"""Is the server's database what this app needs? A workstation checks; it never migrates.

A person's login has no right to change the schema (``policy``): when the server's
schema or rules are older than this app's, the workstation says that IT must run
``dealer-trainer server init``; when they are newer, that this app must be updated.
"""

from __future__ import annotations

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.storage import engine
from dealer_trainer.storage.errors import StorageError
from dealer_trainer.storage.server.policy import SECURITY_VERSION

_INIT = (
    "IT must run 'dealer-trainer server init' with the owner's URL on this version of "
    "the app (see the README's centre section); nothing was changed."
)


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def check_server_schema(connection: Connection, shown: str) -> None:
    """Refuse, in a sentence, a server whose schema or rules are not this app's."""
    try:
        with connection.begin_nested():
            revision = current_revision(connection)
    except DBAPIError as exc:  # no right to read alembic_version: rules not laid yet
        raise StorageError(
            f"The database {shown} is not set up for the training centre's server mode. {_INIT}"
        ) from exc
    head = engine.head_revision()
    known = {
        r.revision for r in ScriptDirectory.from_config(engine.alembic_config()).walk_revisions()
    }
    if revision is not None and revision not in known:
        raise StorageError(
            f"The database {shown} was set up by a newer version of the Dealer Trainer "
            f"(schema {revision}): update this workstation's app."
        )
    if revision != head:
        raise StorageError(
            f"The database {shown} has schema {revision or 'none'}, this app needs {head}. {_INIT}"
        )
    try:
        with connection.begin_nested():
            rules = connection.execute(text("SELECT dt_security_version()")).scalar_one()
    except DBAPIError as exc:
        raise StorageError(
            f"The database {shown} has the schema but not the server's rules. {_INIT}"
        ) from exc
    if rules > SECURITY_VERSION:
        raise StorageError(
            f"The database {shown} has server rules version {rules}, newer than this app's "
            f"({SECURITY_VERSION}): update this workstation's app."
        )
    if rules < SECURITY_VERSION:
        raise StorageError(
            f"The database {shown} has server rules version {rules}; this app needs "
            f"{SECURITY_VERSION}. {_INIT}"
        )
