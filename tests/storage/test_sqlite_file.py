"""The embedded SQLite file: where it lives, how it is opened, damaged files, daily backups."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.backup import backups, daily_backup
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
