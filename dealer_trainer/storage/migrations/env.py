"""Alembic environment, run by ``storage.engine.migrate`` on the connection it passes in.

Run by hand (``alembic -x url=sqlite:///path upgrade head``) it opens its own engine.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from dealer_trainer.storage.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        compare_type=True,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if not url:
        raise SystemExit("give the database: alembic -x url=<SQLAlchemy URL> upgrade head")
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            _run(conn)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported; give a database URL")
run_migrations_online()
