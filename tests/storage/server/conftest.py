"""A training centre's server, set up as IT would: ``server init``, then ``server add-person``.

Needs ``DEALER_TRAINER_TEST_PG_OWNER_URL`` and ``DEALER_TRAINER_TEST_PG_OWNER_PASSWORD``
(``eval "$(bash .ci/postgres.sh)"`` sets them, with ``DEALER_TRAINER_TEST_PG_CA`` for
TLS): the owner role there has CREATEROLE, and CREATEDB so that each test module gets
a database of its own (the centre's group roles are named after it) and leaves
nothing behind. Without them every test here is skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field

import psycopg
import pytest
from sqlalchemy.engine import make_url

OWNER_URL_ENV = "DEALER_TRAINER_TEST_PG_OWNER_URL"
OWNER_PASSWORD_ENV = "DEALER_TRAINER_TEST_PG_OWNER_PASSWORD"
CA_ENV = "DEALER_TRAINER_TEST_PG_CA"


def command(
    *args: str, password: str, stdin: str = "", db_url: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``dealer-trainer ARGS`` in a process of its own, the role's password in PGPASSWORD
    (and ``db_url`` as the workstation's ``DEALER_TRAINER_DB_URL``)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env["PGPASSWORD"] = password
    env.pop("DEALER_TRAINER_DB_URL", None)
    if db_url is not None:
        env["DEALER_TRAINER_DB_URL"] = db_url
    return subprocess.run(
        [sys.executable, "-m", "dealer_trainer.app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


@dataclass
class Centre:
    """One database set up by ``server init``, with its people."""

    host: str
    port: int
    database: str
    owner: str
    owner_password: str
    passwords: dict[str, str] = field(default_factory=dict)

    def admin_url(self, role: str) -> str:
        return f"postgresql://{role}@{self.host}:{self.port}/{self.database}"

    @property
    def workstation_url(self) -> str:
        """What a workstation's DEALER_TRAINER_DB_URL holds: server and database only."""
        return f"postgresql+psycopg://{self.host}:{self.port}/{self.database}"

    def login(self, stem: str) -> str:
        return f"{stem}.{self.database.rsplit('_', 1)[-1]}"

    def add(self, kind: str, stem: str, name: str, *, by: str | None = None) -> str:
        login = self.login(stem)
        password = f"pw-{uuid.uuid4().hex[:12]}"
        by_role = by or self.owner
        by_password = self.owner_password if by is None else self.passwords[by]
        done = command(
            "server", "add-person", self.admin_url(by_role), "--role", kind,
            "--login", login, "--name", name,
            password=by_password, stdin=password + "\n",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == login
        self.passwords[login] = password
        return login

    def connect(self, login: str, password: str | None = None) -> psycopg.Connection:
        """A psql-like session as ``login``: what a curious trainee would open."""
        return psycopg.connect(
            host=self.host,
            port=self.port,
            dbname=self.database,
            user=login,
            password=self.passwords[login] if password is None else password,
            autocommit=True,
        )

    def owner_connection(self) -> psycopg.Connection:
        return psycopg.connect(
            host=self.host,
            port=self.port,
            dbname=self.database,
            user=self.owner,
            password=self.owner_password,
            autocommit=True,
        )


def owner_settings() -> tuple[str, str] | None:
    url, password = os.environ.get(OWNER_URL_ENV), os.environ.get(OWNER_PASSWORD_ENV)
    return None if not url or not password else (url, password)


@pytest.fixture(scope="module")
def centre() -> Iterator[Centre]:
    settings = owner_settings()
    if settings is None:
        pytest.skip(f'{OWNER_URL_ENV} is not set: run `eval "$(bash .ci/postgres.sh)"` first')
    raw, password = settings
    base = make_url(raw)
    assert base.username and base.host
    database = f"dt_sec_{uuid.uuid4().hex[:10]}"
    made = Centre(base.host, base.port or 5432, database, base.username, password)
    with psycopg.connect(
        host=made.host, port=made.port, dbname=base.database, user=made.owner,
        password=password, autocommit=True,
    ) as admin:  # fmt: skip
        admin.execute(f'CREATE DATABASE "{database}"')
    try:
        done = command("server", "init", made.admin_url(made.owner), password=password)
        assert done.returncode == 0, done.stderr
        yield made
    finally:
        with psycopg.connect(
            host=made.host, port=made.port, dbname=base.database, user=made.owner,
            password=password, autocommit=True,
        ) as admin:  # fmt: skip
            admin.execute(f'DROP DATABASE IF EXISTS "{database}"')
            for login in made.passwords:
                admin.execute(f'DROP ROLE IF EXISTS "{login}"')
            for group in ("instructors", "trainees"):
                admin.execute(f'DROP ROLE IF EXISTS "{database}_{group}"')
