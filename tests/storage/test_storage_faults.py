"""Issue 16, storage faults: a lock held elsewhere, a read-only folder, a bad URL, another
program's file, a damaged log, invisible characters: each refused or survived, in words.

No test sleeps: waits are bounded (a thread joined with a timeout) and the lock-wait
clock is injected. Processes a test starts it ends by their PID.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import psycopg
import pytest
from alembic import command
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.engine import _MIGRATION_LOCK, Patience, alembic_config, locate
from dealer_trainer.storage.errors import StorageLockedError
from dealer_trainer.storage.wal import dropped_commits
from tests.processes import kill_hard

from .conftest import FAST_PASSWORDS, FakeClock, answer

#: Long enough for any open on a loaded machine, far shorter than the 126 s it took.
BOUND_S = 20.0


class FakeTime:
    """A monotonic clock that moves only when the code under test sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def _patience(told: list[str], wait_s: float = 2.0) -> tuple[Patience, FakeTime]:
    clock = FakeTime()
    return Patience(
        wait_s, lambda text: told.append(text.english()), clock.sleep, clock.monotonic
    ), clock


def _within_bound(work: Callable[[], object]) -> object:
    """Run ``work`` in a thread; fail (not hang) if it takes longer than ``BOUND_S``."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(BOUND_S)
    assert not thread.is_alive(), f"still blocked after {BOUND_S} s"
    return outcome[0]


HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("holding", flush=True)
sys.stdin.readline()
"""


@pytest.fixture
def write_lock_holder() -> Iterator[Callable[[Path], None]]:
    """Another process that takes an SQLite file's write lock and keeps it."""
    children: list[subprocess.Popen[str]] = []

    def hold(path: Path) -> None:
        child = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        children.append(child)
        assert child.stdout is not None
        assert child.stdout.readline() == "holding\n"

    yield hold
    for child in children:
        kill_hard(child)
        child.communicate()


def _registered(url: str, clock: FakeClock | None = None) -> int:
    with Store.open(url, passwords=FAST_PASSWORDS, clock=clock or FakeClock()) as store:
        desk = store.instructor(store.create_first_instructor("Mrs Wong", "a long password"))
        return desk.add_trainee("Ana Lei").id


def _downgrade_one(url: str) -> None:
    engine = create_engine(url)
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "-1")
    finally:
        engine.dispose()


# -- 1. another process holds SQLite's write lock ---------------------------------------


def test_sqlite_write_lock_held_elsewhere_does_not_stop_start_up(
    tmp_path: Path, write_lock_holder: Callable[[Path], None]
) -> None:
    database = tmp_path / "dealer-trainer.sqlite3"
    url = f"sqlite:///{database}"
    _registered(url)
    write_lock_holder(database)
    told: list[str] = []
    patience, _clock = _patience(told)
    store = _within_bound(lambda: Store.open(url, passwords=FAST_PASSWORDS, patience=patience))
    assert isinstance(store, Store), store
    try:
        assert [p.name for p in store.trainees()] == ["Ana Lei"]  # read-only work goes on
    finally:
        store.close()
    assert told == []  # nothing to wait for: the schema is current


def test_sqlite_upgrade_waits_a_bounded_time_for_the_write_lock_and_says_so(
    tmp_path: Path, write_lock_holder: Callable[[Path], None]
) -> None:
    database = tmp_path / "dealer-trainer.sqlite3"
    url = f"sqlite:///{database}"
    _registered(url)
    _downgrade_one(url)  # this app must upgrade it: that needs the write lock
    before = database.read_bytes()
    write_lock_holder(database)
    told: list[str] = []
    patience, clock = _patience(told, wait_s=2.0)
    refused = _within_bound(lambda: Store.open(url, passwords=FAST_PASSWORDS, patience=patience))
    assert isinstance(refused, StorageLockedError), refused
    assert "another program has held its write lock for more than 2 s" in str(refused)
    assert "Nothing was changed" in str(refused)
    assert len(told) == 1 and "Waiting for another program" in told[0]
    assert clock.now >= 2.0  # it waited (on its own clock), then stopped
    assert database.read_bytes() == before


# -- 2. a PostgreSQL migration in progress elsewhere (the advisory lock) ------------------


@pytest.fixture
def advisory_lock_holder(pg_url: str) -> Iterator[Callable[[], None]]:
    """Another workstation's session that holds the migration lock on the test database."""
    conninfo = make_url(pg_url).set(drivername="postgresql", query={})
    holders: list[psycopg.Connection[tuple[object, ...]]] = []

    def hold() -> None:
        holder = psycopg.connect(conninfo.render_as_string(hide_password=False), autocommit=True)
        holders.append(holder)
        holder.execute("SELECT pg_advisory_lock(%s)", (_MIGRATION_LOCK,))

    yield hold
    for holder in holders:
        holder.close()


def test_postgres_migration_lock_held_elsewhere_bounded_wait_with_a_message(
    pg_url: str, advisory_lock_holder: Callable[[], None]
) -> None:
    advisory_lock_holder()  # the schema is new: this open must migrate it
    told: list[str] = []
    patience, clock = _patience(told, wait_s=3.0)
    refused = _within_bound(lambda: Store.open(pg_url, passwords=FAST_PASSWORDS, patience=patience))
    assert isinstance(refused, StorageLockedError), refused
    message = str(refused)
    assert "Another workstation has been updating the database" in message
    assert "more than 3 s" in message and "Wait for it to finish" in message
    assert "dealer_trainer:dealer_trainer@" not in message  # never the password
    assert told and "Waiting for another workstation to finish updating" in told[0]
    assert clock.now >= 3.0


def test_postgres_migration_lock_held_elsewhere_current_schema_opens_at_once(
    pg_url: str, advisory_lock_holder: Callable[[], None]
) -> None:
    _registered(pg_url)
    advisory_lock_holder()
    told: list[str] = []
    patience, _clock = _patience(told)
    store = _within_bound(lambda: Store.open(pg_url, passwords=FAST_PASSWORDS, patience=patience))
    assert isinstance(store, Store), store
    try:
        assert [p.name for p in store.trainees()] == ["Ana Lei"]
    finally:
        store.close()
    assert told == []


# -- 3. a read-only data folder; a NUL in a name ------------------------------------------

READ_ONLY_OPEN = """
import os, sys
from pathlib import Path
from dealer_trainer.storage import StorageError, Store
Store.open("sqlite:///" + sys.argv[2]).close()  # every module loaded while root may read them
os.setgid(65534); os.setuid(65534)
try:
    Store.open(data_dir=Path(sys.argv[1])).close()
except StorageError as exc:
    print(exc)
"""


def _reachable_by_others() -> str | None:
    """A temporary folder another user can reach (each folder on its path searchable by
    all): the system's temporary folder, else ``/var/tmp`` or ``/dev/shm`` (some machines
    keep ``/tmp`` to root alone); ``None``: the system's, for a run that is not root's."""
    if sys.platform != "win32" and os.geteuid() == 0:
        for candidate in (tempfile.gettempdir(), "/var/tmp", "/dev/shm"):
            path = Path(candidate).resolve()
            if path.is_dir() and all(p.stat().st_mode & 0o001 for p in (path, *path.parents)):
                return str(path)
        pytest.skip("no temporary folder here that another user may reach")
    return None


@pytest.mark.parametrize("existing", [True, False], ids=["with-records", "first-start"])
@pytest.mark.skipif(os.name != "posix", reason="POSIX folder modes (and geteuid)")
def test_read_only_data_folder_says_what_is_wrong_and_what_to_do(
    tmp_path: Path, existing: bool
) -> None:
    folder = Path(tempfile.mkdtemp(prefix="faults-ro-", dir=_reachable_by_others()))
    try:
        if existing:
            Store.open(data_dir=folder, passwords=FAST_PASSWORDS).close()
            os.chmod(folder / "dealer-trainer.sqlite3", 0o644)
        folder.chmod(0o555)
        # root writes anywhere: open it as the user 'nobody'
        if sys.platform != "win32" and os.geteuid() == 0:
            run = subprocess.run(
                [sys.executable, "-c", READ_ONLY_OPEN, str(folder), str(tmp_path / "warm.db")],
                capture_output=True,
                text=True,
                timeout=BOUND_S,
                cwd=Path(__file__).parents[2],
                check=False,
            )
            message = run.stdout
            assert run.returncode == 0, run.stderr
        else:
            with pytest.raises(StorageError) as refused:
                Store.open(data_dir=folder, passwords=FAST_PASSWORDS)
            message = str(refused.value)
        assert "unable to open database file" not in message
        assert f"The data folder {folder} is read-only for this user" in message
        assert "Ask IT to let this user write there" in message
        assert "DEALER_TRAINER_DATA_DIR" in message
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


def test_nul_and_invisible_characters_never_reach_the_database(db_url: str) -> None:
    with Store.open(db_url, passwords=FAST_PASSWORDS) as store:
        session = store.create_first_instructor("Mrs\x00 Wong", "a long password")
        assert session.name == "Mrs Wong"
        desk = store.instructor(session)
        trainee = desk.add_trainee("Ana\x00 Lei\u202e")
        assert trainee.name == "Ana Lei"
        paper = desk.create_exam(
            "Roulette\x00 \u200bpayouts \u202eweek 1",
            "roulette-2003",
            ["roulette.payout.straight_up"],
            5,
            7,
            Fraction(4, 5),
        )
        assert paper.title == "Roulette payouts week 1"
        assert desk.exams()[0].title == "Roulette payouts week 1"
        with pytest.raises(ValueError, match="invisible or control character"):
            desk.create_exam(
                "Week 2", "roulette-2003\x00", ["roulette.payout.straight_up"], 5, 7, Fraction(1)
            )


def test_nfc_and_nfd_spellings_of_a_title_are_one_title(db_url: str) -> None:
    with Store.open(db_url, passwords=FAST_PASSWORDS) as store:
        desk = store.instructor(store.create_first_instructor("Mrs Wong", "a long password"))
        skills = ["roulette.payout.straight_up"]
        composed = desk.create_exam(
            "Pagamentos 1.\u00ba", "roulette-2003", skills, 5, 7, Fraction(1)
        )
        decomposed = desk.create_exam(
            "Pagamentos 1.o\u0301", "roulette-2003", skills, 5, 7, Fraction(1)
        )
        assert decomposed.title == "Pagamentos 1.ó"
        assert composed.title == "Pagamentos 1.º"


# -- 4. a non-numeric port ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("postgresql+psycopg://trainer:s3cret@db.centre:five/trainer", "the port 'five'"),
        ("postgresql://trainer:s3cret@db.centre:99999/trainer", "names port 99999"),
        ("postgresql://trainer:s3/cr@t@db.centre:x/trainer", "cannot be read"),
    ],
)
def test_bad_port_in_the_database_url_is_named_without_the_password(url: str, says: str) -> None:
    with pytest.raises(StorageError) as refused:
        locate(url)
    message = str(refused.value)
    assert says in message
    assert "s3cret" not in message and "s3/cr@t" not in message and "cr@t" not in message
    assert "trainer:***@db.centre" in message
    assert "DEALER_TRAINER_DB_URL" in message


# -- 5. another program's SQLite file -------------------------------------------------------


def test_another_programs_sqlite_file_is_refused_byte_identical(tmp_path: Path) -> None:
    other = tmp_path / "inventory.db"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT)")
    connection.execute("INSERT INTO parts (name) VALUES ('chip tray')")
    connection.commit()
    connection.close()
    before = other.read_bytes()
    with pytest.raises(StorageError) as refused:
        Store.open(f"sqlite:///{other}", passwords=FAST_PASSWORDS)
    message = str(refused.value)
    assert "an SQLite database of another program (its tables: parts)" in message
    assert "left unchanged" in message
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["inventory.db"]


# -- 6. a flipped byte in the write-ahead log -----------------------------------------------


def _snapshot_with_log(tmp_path: Path) -> tuple[Path, int]:
    """A database and its log as a power cut leaves them: 12 answers, all in the log."""
    live = tmp_path / "live" / "dealer-trainer.sqlite3"
    live.parent.mkdir()
    url = f"sqlite:///{live}"
    trainee_id = _registered(url)
    store = Store.open(url, passwords=FAST_PASSWORDS, clock=FakeClock())
    hold = sqlite3.connect(live)  # a reader keeps the log from being checkpointed away
    hold.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    hold.execute("BEGIN")
    hold.execute("SELECT count(*) FROM answers").fetchone()
    desk = store.trainee(trainee_id)
    session = desk.start_session("roulette-2003")
    for n in range(12):
        desk.record_answer(session.id, answer(n))
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{live}{suffix}", crashed / f"dealer-trainer.sqlite3{suffix}")
    hold.rollback()
    hold.close()
    store.close()
    return crashed / "dealer-trainer.sqlite3", 12


def test_flipped_byte_in_the_log_is_reported_not_silently_dropped(tmp_path: Path) -> None:
    database, answers = _snapshot_with_log(tmp_path)
    log = database.with_name(database.name + "-wal")
    data = bytearray(log.read_bytes())
    page_size = int.from_bytes(data[8:12], "big")
    data[32 + 2 * (24 + page_size) + 24 + 200] ^= 0x01  # inside the third frame's page
    log.write_bytes(bytes(data))
    damage = dropped_commits(log)
    assert damage is not None and damage.frame == 3 and damage.commits_lost >= answers - 1
    store = Store.open(f"sqlite:///{database}", passwords=FAST_PASSWORDS, clock=FakeClock())
    try:
        kept = store.read(lambda c: c.exec_driver_sql("SELECT count(*) FROM answers").scalar())
        assert kept is not None and kept < answers  # SQLite did drop them...
        problem = store.log_problem
        assert problem is not None and problem in store.problems  # ...and the app says so
        assert f"is damaged at frame 3 of {damage.frames}" in problem
        assert f"{damage.commits_lost} transaction(s) committed after the damage" in problem
        copies = list(database.parent.glob("dealer-trainer.sqlite3-wal.damaged-*"))
        assert len(copies) == 1 and copies[0].read_bytes() == bytes(data)  # kept for recovery
        assert str(copies[0]) in problem
    finally:
        store.close()
    # Told again at every start while the damaged copy is kept, not just once.
    with Store.open(f"sqlite:///{database}", passwords=FAST_PASSWORDS) as again:
        assert again.log_problem is not None
        assert f"kept as {copies[0]}" in again.log_problem
    copies[0].unlink()
    with Store.open(f"sqlite:///{database}", passwords=FAST_PASSWORDS) as handled:
        assert handled.problems == []


def test_a_log_torn_by_a_crash_is_not_reported(tmp_path: Path) -> None:
    database, answers = _snapshot_with_log(tmp_path)
    log = database.with_name(database.name + "-wal")
    data = log.read_bytes()
    log.write_bytes(data[: len(data) - 100])  # the last frame only partly written
    assert dropped_commits(log) is None
    with Store.open(f"sqlite:///{database}", passwords=FAST_PASSWORDS) as store:
        assert store.log_problem is None
        kept = store.read(lambda c: c.exec_driver_sql("SELECT count(*) FROM answers").scalar())
        assert kept == answers - 1  # the torn transaction only


def test_damaged_database_after_an_unclean_shutdown_is_refused(tmp_path: Path) -> None:
    database, _answers = _snapshot_with_log(tmp_path)
    # Damage a page of the database file itself (not the header, not the schema page).
    with database.open("r+b") as handle:
        page_size = int.from_bytes(handle.read(18)[16:18], "big")
        handle.seek(3 * page_size + 8)
        handle.write(b"\xff" * 64)
    with pytest.raises(StorageError, match="damaged or unreadable"):
        Store.open(f"sqlite:///{database}", passwords=FAST_PASSWORDS)


def test_fewer_answers_than_the_last_backup_is_told_not_hidden(tmp_path: Path) -> None:
    database = tmp_path / "dealer-trainer.sqlite3"
    url = f"sqlite:///{database}"
    clock = FakeClock()
    trainee_id = _registered(url, clock)  # day 1's backup: no answers yet
    with Store.open(url, passwords=FAST_PASSWORDS, clock=clock) as store:
        desk = store.trainee(trainee_id)
        session = desk.start_session("roulette-2003")
        for n in range(5):
            desk.record_answer(session.id, answer(n))
    day_one = next((tmp_path / "backups").iterdir())
    clock.advance(days=1)
    with Store.open(url, passwords=FAST_PASSWORDS, clock=clock) as store:  # day 2's: 5 answers
        assert store.problems == []
    # What a log that lost its last transactions leaves: the records as they were on day 1.
    shutil.copyfile(day_one, database)
    clock.advance(days=1)
    with Store.open(url, passwords=FAST_PASSWORDS, clock=clock) as store:
        problem = store.loss_problem
        assert problem is not None and problem in store.problems
        assert "holds 0 answers, fewer than the 5 in its backup copy" in problem
        assert "5 recorded answers were lost" in problem
