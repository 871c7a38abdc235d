"""The embedded SQLite file: where it lives, how it is opened, damaged files, daily backups."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.backup import backups, daily_backup, remove_partials
from dealer_trainer.storage.engine import DB_FILENAME, locate

from .conftest import FAST_PASSWORDS, MACAU, FakeClock, answer


def _open(folder: Path, clock: FakeClock | None = None, keep: int = 7) -> Store:
    return Store.open(
        data_dir=folder,
        clock=clock or FakeClock(),
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
        backups_kept=keep,
    )


def test_data_dir_variable_moves_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DEALER_TRAINER_DB_URL", raising=False)
    monkeypatch.setenv("DEALER_TRAINER_DATA_DIR", str(tmp_path / "centre"))
    location = locate()
    assert location.sqlite_path == tmp_path / "centre" / DB_FILENAME
    Store.open(passwords=FAST_PASSWORDS).close()
    assert (tmp_path / "centre" / DB_FILENAME).is_file()


def test_db_url_variable_points_at_a_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEALER_TRAINER_DB_URL", "postgresql+psycopg://u:secret@db.centre/trainer")
    location = locate()
    assert location.sqlite_path is None
    assert location.url.get_backend_name() == "postgresql"
    assert "secret" not in location.display


def test_default_database_is_in_the_user_data_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import platformdirs

    monkeypatch.delenv("DEALER_TRAINER_DB_URL", raising=False)
    monkeypatch.delenv("DEALER_TRAINER_DATA_DIR", raising=False)
    expected = platformdirs.user_data_path("dealer-trainer", appauthor=False) / DB_FILENAME
    assert locate().sqlite_path == expected.absolute()


def test_unsupported_database_is_refused() -> None:
    with pytest.raises(StorageError, match="Unsupported"):
        locate("mysql://u@h/db")


def test_sqlite_runs_in_wal_with_busy_timeout_and_foreign_keys(tmp_path: Path) -> None:
    store = _open(tmp_path)
    try:
        pragmas = store.read(
            lambda c: {
                name: c.exec_driver_sql(f"PRAGMA {name}").scalar()
                for name in ("journal_mode", "busy_timeout", "foreign_keys", "synchronous")
            }
        )
    finally:
        store.close()
    assert pragmas == {
        "journal_mode": "wal",
        "busy_timeout": 10_000,
        "foreign_keys": 1,
        "synchronous": 2,
    }


@pytest.mark.parametrize(
    "garbage",
    [
        b"this is a spreadsheet, not a database\n" * 10,
        b"SQLite format 3\x00" + b"\xff" * 4080,  # right magic, nonsense header and pages
        b"SQLite format 3\x00\x10\x00",  # cut off inside the header
    ],
)
def test_damaged_file_gives_a_clear_message_and_is_kept_byte_for_byte(
    tmp_path: Path, garbage: bytes
) -> None:
    database = tmp_path / DB_FILENAME
    database.write_bytes(garbage)
    with pytest.raises(StorageError) as refused:
        _open(tmp_path)
    message = str(refused.value)
    assert str(database) in message
    assert "damaged or unreadable" in message and "left untouched" in message
    assert database.read_bytes() == garbage
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_FILENAME]


def test_database_with_a_damaged_page_is_refused_untouched(tmp_path: Path) -> None:
    store = _open(tmp_path)
    store.close()
    database = tmp_path / DB_FILENAME
    # Checkpoint the WAL into the file, then smash the page holding the schema.
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    data = bytearray(database.read_bytes())
    data[100:600] = b"\x00\xff" * 250
    database.write_bytes(bytes(data))
    for extra in ("-wal", "-shm"):
        Path(f"{database}{extra}").unlink(missing_ok=True)
    with pytest.raises(StorageError, match="damaged or unreadable"):
        _open(tmp_path)
    assert database.read_bytes() == bytes(data)


def test_daily_backup_is_made_once_a_day_and_the_last_n_are_kept(tmp_path: Path) -> None:
    clock = FakeClock()
    folder = tmp_path / "backups"
    for day in range(5):
        store = _open(tmp_path, clock, keep=3)
        if day == 0:
            desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
            trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
            trainee.record_answer(trainee.start_session("roulette-2003").id, answer(1))
            # A second start the same day makes no second copy.
            assert store.backup_if_due(keep=3) is None
        store.close()
        clock.advance(days=1)
    names = [path.name for path in backups(folder, tmp_path / DB_FILENAME)]
    assert names == [
        "dealer-trainer-2026-12-02.sqlite3",
        "dealer-trainer-2026-12-03.sqlite3",
        "dealer-trainer-2026-12-04.sqlite3",
    ]
    copy = sqlite3.connect(folder / names[-1])
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert copy.execute("SELECT count(*) FROM answers").fetchone() == (1,)
    finally:
        copy.close()


def test_backup_copies_the_committed_state(tmp_path: Path) -> None:
    store = _open(tmp_path)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    for n in range(3):
        trainee.record_answer(session.id, answer(n))
    made = daily_backup(tmp_path / DB_FILENAME, tmp_path / "copies", FakeClock().now.date(), 1)
    store.close()
    assert made is not None
    copy = sqlite3.connect(made)
    try:
        assert copy.execute("SELECT count(*) FROM answers").fetchone() == (3,)
    finally:
        copy.close()


def test_backup_failure_does_not_stop_training(tmp_path: Path) -> None:
    (tmp_path / "backups").write_text("a file where the backup folder should be")
    store = _open(tmp_path, FakeClock())
    try:
        assert store.backup_problem is not None and "backups" in store.backup_problem
        assert store.trainees() == []
    finally:
        store.close()


def test_a_clock_without_time_zone_is_refused(tmp_path: Path) -> None:
    from datetime import datetime

    with pytest.raises(ValueError, match="aware"):
        Store.open(data_dir=tmp_path, clock=lambda: datetime(2026, 1, 1), passwords=FAST_PASSWORDS)


def test_damaged_database_makes_no_backup_and_keeps_the_good_ones(tmp_path: Path) -> None:
    clock = FakeClock()
    store = _open(tmp_path, clock)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    for n in range(300):
        trainee.record_answer(session.id, answer(n))
    store.close()
    database = tmp_path / DB_FILENAME
    with sqlite3.connect(database) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    first_copy = tmp_path / "backups" / "dealer-trainer-2026-11-30.sqlite3"
    good = first_copy.read_bytes()

    # Smash the last page: an answers page or index, not the schema on page 1.
    data = bytearray(database.read_bytes())
    data[-4096:] = bytes(range(256)) * 16
    database.write_bytes(bytes(data))

    clock.advance(days=1)
    reopened = _open(tmp_path, clock, keep=1)
    try:
        assert reopened.backup_problem is not None
        assert "damaged" in reopened.backup_problem and str(database) in reopened.backup_problem
        assert reopened.trainees()[0].name == "Chan Tai Man"  # the intact part still works
    finally:
        reopened.close()
    assert [p.name for p in (tmp_path / "backups").iterdir()] == [first_copy.name]
    assert first_copy.read_bytes() == good


def test_this_machines_sqlite_is_at_least_the_minimum_the_app_states() -> None:
    from dealer_trainer.storage.engine import MINIMUM_SQLITE, check_sqlite_library

    assert sqlite3.sqlite_version_info >= MINIMUM_SQLITE
    check_sqlite_library()  # the library this suite runs on is accepted
    # RETURNING, which every insert of the desks uses, works on it.
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
    assert db.execute("INSERT INTO t (v) VALUES ('x') RETURNING id").fetchone() == (1,)


def test_an_sqlite_library_older_than_the_minimum_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dealer_trainer.storage import engine

    with pytest.raises(StorageError, match=r"SQLite library is version 3\.31\.1.*3\.35\.0"):
        engine.check_sqlite_library((3, 31, 1))
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 34, 1))
    with pytest.raises(StorageError, match=r"3\.34\.1"):
        engine.create(engine.locate(data_dir=tmp_path))


# ------------------------------------------- the daily backup, off the opening path --

_INTERRUPTED_BACKUP = """
import os, sys
from datetime import date
from pathlib import Path
from dealer_trainer.storage import backup

def copy_then_die(database, partial):
    partial.write_bytes(b"SQLite format 3\\x00" + bytes(4000))  # part of a copy...
    os._exit(9)  # ...then the power goes (no finally, no clean-up)

backup._copy_and_check = copy_then_die
backup.daily_backup(Path(sys.argv[1]), Path(sys.argv[2]), date(2026, 12, 1), 7)
"""


def _interrupted_backup(database: Path, folder: Path) -> Path:
    """Run a backup in a process that dies half-way through the copy; its half copy."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_BACKUP, str(database), str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 9, done.stderr
    (partial,) = folder.iterdir()
    assert partial.name.startswith(".dealer-trainer-2026-12-01.sqlite3.")
    assert partial.name.endswith(".partial")
    return partial


def test_an_interrupted_backup_leaves_no_half_copy_after_the_next_start(tmp_path: Path) -> None:
    _open(tmp_path).close()
    folder = tmp_path / "backups"
    for copy in folder.iterdir():
        copy.unlink()
    partial = _interrupted_backup(tmp_path / DB_FILENAME, folder)
    store = _open(tmp_path)  # the next start
    store.close()
    assert not partial.exists()
    assert [p.name for p in folder.iterdir()] == ["dealer-trainer-2026-11-30.sqlite3"]


@pytest.mark.skipif(sys.platform == "win32", reason="Windows refuses to delete an open file")
def test_a_half_copy_another_running_app_is_writing_is_left_alone(tmp_path: Path) -> None:
    import subprocess

    _open(tmp_path).close()
    folder = tmp_path / "backups"
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        writing = folder / f".dealer-trainer-2026-11-30.sqlite3.{running.pid}.partial"
        writing.write_bytes(b"being written")
        assert remove_partials(folder, tmp_path / DB_FILENAME) == []
        assert writing.exists()
    finally:
        running.kill()
        running.wait()
    assert remove_partials(folder, tmp_path / DB_FILENAME) == [writing]


def test_opened_without_the_daily_backup_the_caller_makes_it_bounded(tmp_path: Path) -> None:
    clock = FakeClock()
    folder = tmp_path / "backups"
    for day in range(4):
        store = Store.open(
            data_dir=tmp_path,
            clock=clock,
            passwords=FAST_PASSWORDS,
            day_zone=MACAU,
            backups_kept=2,
            daily_backup=False,
        )
        try:
            pending = store.backup_pending
            made_at_open = backups(folder, tmp_path / DB_FILENAME)
            store.check_backups()  # what the app does on a worker thread
            assert (pending, store.backup_pending) == (True, False)
            assert store.problems == []
        finally:
            store.close()
        assert len(made_at_open) == min(day, 2)  # opening made no copy
        assert len(backups(folder, tmp_path / DB_FILENAME)) == min(day + 1, 2)
        clock.advance(days=1)


def test_a_failed_backup_is_kept_for_the_instructor_when_made_after_opening(
    tmp_path: Path,
) -> None:
    (tmp_path / "backups").write_text("a file where the backup folder should be")
    store = Store.open(
        data_dir=tmp_path, clock=FakeClock(), passwords=FAST_PASSWORDS, daily_backup=False
    )
    try:
        assert store.problems == []
        store.check_backups()
        assert store.backup_problem is not None and store.backup_problem in store.problems
        assert "The daily backup into" in store.backup_problem
    finally:
        store.close()


def test_the_number_of_copies_kept_is_a_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_BACKUPS_KEPT", "2")
    clock = FakeClock()
    for _ in range(4):
        with Store.open(data_dir=tmp_path, clock=clock, passwords=FAST_PASSWORDS) as store:
            assert store.backups_kept == 2 and store.problems == []
        clock.advance(days=1)
    names = [p.name for p in backups(tmp_path / "backups", tmp_path / DB_FILENAME)]
    assert names == ["dealer-trainer-2026-12-02.sqlite3", "dealer-trainer-2026-12-03.sqlite3"]


@pytest.mark.parametrize("value", ["seven", "0", "-3", "2.5", "367", "１２"])
def test_a_bad_number_of_copies_keeps_seven_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_BACKUPS_KEPT", value)
    with Store.open(data_dir=tmp_path, clock=FakeClock(), passwords=FAST_PASSWORDS) as store:
        assert store.backups_kept == 7
        problem = store.setting_problem
        assert problem is not None and problem in store.problems
        assert "DEALER_TRAINER_BACKUPS_KEPT must be a whole number" in problem
        assert repr(value) in problem and "7 copies are kept" in problem
    assert len(backups(tmp_path / "backups", tmp_path / DB_FILENAME)) == 1  # backed up still
