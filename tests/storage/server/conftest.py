"""A training centre's server, set up as IT would: ``server init``, ``server set-password``
for the grader and ``server add-person``; the centre's grader runs beside it (a thread of
the test process, as ``dealer-trainer server grader`` runs it: ``GraderThread``).

Needs ``DEALER_TRAINER_TEST_PG_OWNER_URL`` and ``DEALER_TRAINER_TEST_PG_OWNER_PASSWORD``
(``eval "$(bash .ci/postgres.sh)"`` sets them, with ``DEALER_TRAINER_TEST_PG_CA`` for
TLS): the owner role there has CREATEROLE, and CREATEDB so that each test module gets
a database of its own (the centre's group roles are named after it) and leaves
nothing behind. Without them every test here is skipped.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

import psycopg
import pytest
from sqlalchemy.engine import make_url

from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Answer, DrillItem
from dealer_trainer.drills.sessions import Outcome
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.storage.records import AnswerRecord, Exam

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


def right_answer(item: DrillItem) -> Answer:
    """What a trainee who knows the rules answers (the rules core's own answer)."""
    expected = item.expected
    if expected.amount is not None:
        return Answer(amount=expected.amount)
    if expected.choice is not None:
        return Answer(choice=expected.choice)
    return Answer(order=tuple(bet for group in expected.order for bet in group))


def wrong_answer(item: DrillItem) -> Answer:
    expected = item.expected
    if expected.amount is not None:
        return Answer(amount=expected.amount + Decimal(5))
    if expected.choice is not None:
        return Answer(choice=next(o.id for o in expected.options if o.id != expected.choice))
    return Answer(timed_out=True)


def exam_answer(
    paper: Exam, k: int, *, right: bool = True, time_taken_ms: int = 3000,
    answered_at: datetime | None = None,
) -> AnswerRecord:  # fmt: skip
    """The answer to the paper's ``k``-th item (0 first), right or wrong, as the app
    records it (``storage.recorder.answer_record``)."""
    from dealer_trainer.storage.recorder import answer_record

    item = exam_spec(paper).items()[k].make()
    given = right_answer(item) if right else wrong_answer(item)
    outcome = Outcome(item, given, grade(item, given), time_taken_ms)
    return answer_record(outcome, answered_at or datetime.now().astimezone())


def practice_answer(
    seed: int, *, skill: str = "roulette.straight_up", right: bool = True,
    time_taken_ms: int = 4000, answered_at: datetime | None = None,
) -> AnswerRecord:  # fmt: skip
    """A practice answer to a real drill item (the grader makes it again from its skill,
    seed, level and ruleset), right or wrong, as the app records it."""
    from dealer_trainer.drills.model import Difficulty
    from dealer_trainer.drills.sessions import ItemSpec
    from dealer_trainer.storage.recorder import answer_record

    item = ItemSpec(skill, seed, Difficulty(1), "roulette-2003").make()
    given = right_answer(item) if right else wrong_answer(item)
    outcome = Outcome(item, given, grade(item, given), time_taken_ms)
    return answer_record(outcome, answered_at or datetime.now().astimezone())


class GraderThread:
    """The centre's grader (``storage.server.grader.Grader``) run in a thread of the tests,
    signed in as ``<database>_grader`` over TLS (verify-full) where the CA is known."""

    def __init__(self, centre: Centre) -> None:
        self.centre = centre
        self.thread: threading.Thread | None = None
        self.service: object | None = None
        self.errors: list[logging.LogRecord] = []

    def start(self) -> None:
        from dealer_trainer.storage.server import admin
        from dealer_trainer.storage.server.grader import Grader

        assert self.thread is None, "the grader runs already"
        target = admin.parse_admin_url(self.centre.grader_url)
        admin.check_grader_url(target)
        password = self.centre.grader_password
        service = Grader(admin.grader_engine(target, password))
        ready = threading.Event()
        errors = self.errors

        class Keep(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                errors.append(record)

        handler = Keep(logging.ERROR)
        logging.getLogger("dealer_trainer.grader").addHandler(handler)

        def run() -> None:
            try:
                service.run(lambda: admin.listen_connection(target, password), ready=ready.set)
            finally:
                logging.getLogger("dealer_trainer.grader").removeHandler(handler)
                service.engine.dispose()

        self.service = service
        self.thread = threading.Thread(target=run, name="grader", daemon=True)
        self.thread.start()
        assert ready.wait(60), "the grader did not start"

    def stop(self) -> None:
        """Stop it cleanly (its connections closed), as SIGTERM stops the service."""
        if self.thread is None:
            return
        self.service.stop()  # type: ignore[union-attr]
        self.thread.join(30)
        assert not self.thread.is_alive(), "the grader did not stop"
        self.thread = None

    @property
    def running(self) -> bool:
        return self.thread is not None


@dataclass
class Centre:
    """One database set up by ``server init``, with its people and its grader."""

    host: str
    port: int
    database: str
    owner: str
    owner_password: str
    passwords: dict[str, str] = field(default_factory=dict)
    grader_password: str = ""
    grader: GraderThread | None = None

    @property
    def grader_role(self) -> str:
        return f"{self.database}_grader"

    @property
    def grader_url(self) -> str:
        """The grader's URL: TLS, verify-full, where .ci/postgres.sh made the CA."""
        url = self.admin_url(self.grader_role)
        ca = os.environ.get(CA_ENV)
        return f"{url}?sslmode=verify-full&sslrootcert={ca}" if ca else url

    def wait_graded(self, session_id: int, timeout: float = 60.0) -> None:
        """Return once the grader has graded the sitting (its ``dt_graded`` notification,
        or its grade there already); fail after ``timeout`` seconds."""
        with self.owner_connection() as watch:
            watch.execute("LISTEN dt_graded")
            if watch.execute(
                "SELECT 1 FROM sitting_grades WHERE session_id = %s", (session_id,)
            ).fetchone():
                return
            until = time.monotonic() + timeout
            while (left := until - time.monotonic()) > 0:
                for note in watch.notifies(timeout=left, stop_after=1):
                    if note.payload == str(session_id):
                        return
        errors = [r.getMessage() for r in (self.grader.errors if self.grader else [])]
        raise AssertionError(f"sitting {session_id} was not graded in {timeout} s: {errors}")

    def wait_answers_graded(self, session_id: int, timeout: float = 60.0) -> None:
        """Return once every answer of the session has its grade (the grader's ``dt_graded``
        notification ``answers:<session>``, or nothing waits already); on the server the
        views count an answer once it is graded."""
        pending = (
            "SELECT count(*) FROM answers a WHERE a.session_id = %s AND NOT EXISTS "
            "(SELECT 1 FROM answer_grades g WHERE g.answer_id = a.id)"
        )
        with self.owner_connection() as watch:
            watch.execute("LISTEN dt_graded")
            until = time.monotonic() + timeout
            while (row := watch.execute(pending, (session_id,)).fetchone()) and row[0]:
                left = until - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the answers of session {session_id} wait still")
                for _ in watch.notifies(timeout=left, stop_after=1):
                    pass

    def wait_rounds_graded(self, session_id: int | None = None, timeout: float = 60.0) -> None:
        """Return once every live-table round that ended (of the session, else of all) has
        the grader's judgement (``round_grades``): the server's table figures count only
        those."""
        pending = (
            "SELECT count(*) FROM table_rounds r JOIN table_round_ends e ON e.round_id = r.id "
            "WHERE (r.session_id = %s::bigint OR %s::bigint IS NULL) AND NOT EXISTS "
            "(SELECT 1 FROM round_grades g WHERE g.round_id = r.id)"
        )
        with self.owner_connection() as watch:
            watch.execute("LISTEN dt_graded")
            until = time.monotonic() + timeout
            while (row := watch.execute(pending, (session_id, session_id)).fetchone()) and row[0]:
                left = until - time.monotonic()
                if left <= 0:
                    errors = [r.getMessage() for r in (self.grader.errors if self.grader else [])]
                    raise AssertionError(f"the rounds of session {session_id} wait: {errors}")
                for _ in watch.notifies(timeout=left, stop_after=1):
                    pass

    def state(self, session_id: int) -> tuple[str, datetime | None]:
        """The sitting's state as ``sitting_states`` says it (the owner reads every row)."""
        with self.owner_connection() as owner:
            row = owner.execute(
                "SELECT state, since FROM sitting_states WHERE session_id = %s", (session_id,)
            ).fetchone()
        assert row is not None
        return str(row[0]), row[1]

    def admin_url(self, role: str) -> str:
        return f"postgresql://{role}@{self.host}:{self.port}/{self.database}"

    @property
    def workstation_url(self) -> str:
        """What a workstation's DEALER_TRAINER_DB_URL holds: server and database only, over
        TLS that verifies the server (``sslmode=verify-full``, the CA of .ci/postgres.sh)."""
        return self.workstation_url_of(self.database)

    def workstation_url_of(self, database: str) -> str:
        ca = os.environ[CA_ENV]
        return (
            f"postgresql+psycopg://{self.host}:{self.port}/{database}"
            f"?sslmode=verify-full&sslrootcert={ca}"
        )

    def login(self, stem: str) -> str:
        return f"{stem}.{self.database.rsplit('_', 1)[-1]}"

    def add(
        self, kind: str, stem: str, name: str, *, by: str | None = None, own: bool = True
    ) -> str:
        """``server add-person`` (by IT, or the instructor ``by``). The password it sets is
        one-time; ``own`` (the default): the person has then chosen their own, as the app
        makes them at their first sign-in (``choose_own``), and ``passwords`` holds it."""
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
        if own:
            self.choose_own(login)
        return login

    def choose_own(self, login: str) -> str:
        """``login`` replaces their (one-time) password with one of their own through
        ``dt_change_own_password``, as the app does at sign-in; the new one is kept."""
        chosen = f"own-{uuid.uuid4().hex[:12]}"
        with self.connect(login) as person:
            verifier = person.pgconn.encrypt_password(
                chosen.encode(), login.encode(), b"scram-sha-256"
            )
            person.execute("SELECT dt_change_own_password(%s)", (verifier.decode(),))
        self.passwords[login] = chosen
        return chosen

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
    if not os.environ.get(CA_ENV):
        pytest.skip(f'{CA_ENV} is not set: run `eval "$(bash .ci/postgres.sh)"` first')
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
        made.grader_password = f"gr-{uuid.uuid4().hex[:16]}"
        done = command(
            "server", "set-password", made.admin_url(made.owner), "--login", made.grader_role,
            password=password, stdin=made.grader_password + "\n",
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        made.grader = GraderThread(made)
        made.grader.start()
        try:
            yield made
        finally:
            made.grader.stop()
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
