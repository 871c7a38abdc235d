"""Stores at the current schema without running the migrations again for each test (issue 37).

Migrating an empty database takes most of a second, and most tests need a store, not a
migration. So the first store a test run needs is migrated as the app migrates it
(:func:`dealer_trainer.storage.engine.migrate`), and each later one starts as a copy:

- SQLite: the migrated template file, copied to the test's own path;
- PostgreSQL: the statements the migration sent, recorded once and sent again in the
  test's own schema (``tests/storage/conftest.py`` gives each test a schema of its own).
  The migration names no schema (each statement goes by ``search_path``), so the copy is
  the same schema, made without Alembic's Python.

A copy per test: no test sees another's rows. The tests of the migrations themselves
(``tests/storage/test_migrations.py`` and the other upgrade and downgrade tests) open an
empty database and migrate it, as do the tests of opening a new file.
"""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import URL, make_url

from dealer_trainer.storage import engine

#: One statement as the migration sent it to the driver: text, parameters, executemany.
Statement = tuple[str, Any, bool]


@dataclass
class Templates:
    """The migrated templates of one test process (each made when first needed)."""

    folder: Path
    _sqlite: Path | None = field(default=None, init=False)
    _postgresql: list[Statement] | None = field(default=None, init=False)

    def __call__(self, url: str) -> str:
        """Give the empty database at ``url`` the current schema, as a copy; return ``url``.

        An SQLite URL names a file that must not exist yet; a PostgreSQL URL names (in its
        ``search_path`` option) an empty schema of its own.
        """
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite":
            assert parsed.database, url
            path = Path(parsed.database)
            assert not path.exists(), f"{path} exists: a copy goes to a new file"
            shutil.copyfile(self.sqlite_file(), path)
        else:
            _replay(parsed, self.postgresql_statements(parsed))
        return url

    def sqlite_file(self) -> Path:
        if self._sqlite is None:
            path = self.folder / "migrated.sqlite3"
            location = engine.locate(f"sqlite:///{path}")
            sql = engine.create(location)
            try:
                engine.migrate(sql, location)
            finally:
                sql.dispose()
            # The last connection closed checkpoints the log: the file is the whole database.
            assert not path.with_name(path.name + "-wal").exists()
            self._sqlite = path
        return self._sqlite

    def postgresql_statements(self, like: URL) -> list[Statement]:
        """The migration's statements, recorded in a schema made for it, then dropped."""
        if self._postgresql is None:
            base = like.difference_update_query(["options"])
            schema = f"t_migrated_{uuid.uuid4().hex[:12]}"
            admin = create_engine(base)
            try:
                with admin.begin() as connection:
                    connection.execute(text(f'CREATE SCHEMA "{schema}"'))
                try:
                    self._postgresql = _record(
                        base.update_query_dict({"options": f"-csearch_path={schema}"}), schema
                    )
                finally:
                    with admin.begin() as connection:
                        connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            finally:
                admin.dispose()
        return self._postgresql


def _record(url: URL, schema: str) -> list[Statement]:
    location = engine.locate(url.render_as_string(hide_password=False))
    sql = engine.create(location)
    sent: list[Statement] = []

    def note(
        _connection: object,
        _cursor: object,
        statement: str,
        parameters: Any,
        _context: object,
        executemany: bool,
    ) -> None:
        sent.append((statement, parameters, executemany))

    event.listen(sql, "before_cursor_execute", note)
    try:
        engine.migrate(sql, location)
    finally:
        sql.dispose()
    named = [s for s, p, _ in sent if schema in s or schema in repr(p)]
    assert not named, f"the migration names its schema, it cannot be copied: {named[:1]}"
    return sent


def _replay(url: URL, statements: Sequence[Statement]) -> None:
    """Send ``statements`` in one transaction, as the migration did, on ``url``'s schema."""
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo) as connection, connection.cursor() as cursor:
        for statement, parameters, many in statements:
            if many:
                cursor.executemany(statement, parameters)
            else:
                cursor.execute(statement, parameters)
