"""Single PC: the ways around the answer triggers that the sqlite3 shell offers are
refused, and what needs the triggers dropped first is found by "verify records".

Each attack is typed into the ``sqlite3`` shell when it is installed (as a trainee at
the computer would), else run through Python's sqlite3 module (the same library).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_trainer.storage import InstructorDesk, Store
from dealer_trainer.storage.verify import Figures, Problem

from .conftest import FAST_PASSWORDS, MACAU, FakeClock, answer

PASSWORD = "correct horse"


def shell(path: Path, sql: str) -> str:
    """Run ``sql`` on the file; the error the database gave, or '' when it did it."""
    binary = shutil.which("sqlite3")
    if binary is not None:
        done = subprocess.run(
            [binary, "-bail", str(path)], input=sql, capture_output=True, text=True, check=False
        )
        return done.stderr.strip() if done.returncode else ""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.executescript(sql)
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        connection.close()
    return ""


@pytest.fixture
def records(tmp_path: Path) -> Iterator[tuple[Path, Store, InstructorDesk]]:
    folder = tmp_path / "data"
    clock = FakeClock()
    store = Store.open(data_dir=folder, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
    chan = store.trainee(desk.add_trainee("Chan Tai Man", password="battery staple").id)
    session = chan.start_session("roulette-2003")
    for n in range(4):
        clock.advance(seconds=10)
        chan.record_answer(session.id, answer(n, correct=False, given={"payout": "35.00"}))
    assert store.location.sqlite_path is not None
    try:
        yield store.location.sqlite_path, store, desk
    finally:
        store.close()


def _columns(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return [str(row[1]) for row in connection.execute("PRAGMA table_info(answers)")]
    finally:
        connection.close()


def _rewritten(path: Path, verb: str, row_id: int) -> str:
    """``verb`` (INSERT OR REPLACE / REPLACE) answer ``row_id`` again, marked correct."""
    columns = _columns(path)
    chosen = ", ".join("1" if c == "correct" else c for c in columns)
    return (
        f"{verb} INTO answers ({', '.join(columns)}) SELECT {chosen} FROM answers "
        f"WHERE id = {row_id};"
    )


def _wrong_answers(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(
            connection.execute("SELECT count(*) FROM answers WHERE NOT correct").fetchone()[0]
        )
    finally:
        connection.close()


@pytest.mark.parametrize(
    "attack",
    [
        "INSERT OR REPLACE",
        "REPLACE",
        "UPSERT",
        "UPDATE",
        "UPDATE OR REPLACE",
        "DELETE",
        "DELETE ALL",
    ],
)
def test_sqlite_shell_ways_around_the_answer_triggers_are_refused(
    records: tuple[Path, Store, InstructorDesk], attack: str
) -> None:
    path, _store, desk = records
    columns = _columns(path)
    sql = {
        "INSERT OR REPLACE": _rewritten(path, "INSERT OR REPLACE", 2),
        "REPLACE": _rewritten(path, "REPLACE", 2),
        "UPSERT": (
            f"INSERT INTO answers ({', '.join(columns)}) SELECT {', '.join(columns)} FROM "
            "answers WHERE id = 2 ON CONFLICT(uid) DO UPDATE SET correct = 1;"
        ),
        "UPDATE": "UPDATE answers SET correct = 1 WHERE id = 2;",
        "UPDATE OR REPLACE": "UPDATE OR REPLACE answers SET correct = 1;",
        "DELETE": "DELETE FROM answers WHERE id = 2;",
        "DELETE ALL": "DELETE FROM answers;",
    }[attack]
    error = shell(path, sql)
    assert "cannot be" in error  # the trigger's sentence
    assert _wrong_answers(path) == 4
    assert desk.verify_records().clean


@pytest.mark.parametrize("table", ["audit_log", "table_rounds", "house_rulesets"])
def test_insert_or_replace_cannot_rewrite_other_insert_only_tables(
    records: tuple[Path, Store, InstructorDesk], table: str
) -> None:
    path, _store, _desk = records
    if table == "audit_log":
        error = shell(
            path, "INSERT OR REPLACE INTO audit_log SELECT * FROM audit_log WHERE id = 1;"
        )
        assert "cannot be replaced" in error
        assert "append-only" in shell(path, "DELETE FROM audit_log;")
    else:  # empty tables: the trigger is there, keyed on the id
        connection = sqlite3.connect(path)
        try:
            found = connection.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?",
                (f"{table}_refuse_replace",),
            ).fetchone()[0]
        finally:
            connection.close()
        assert found == 1


def test_an_answer_changed_behind_dropped_triggers_is_found(
    records: tuple[Path, Store, InstructorDesk],
) -> None:
    path, _store, desk = records
    assert (
        shell(
            path,
            "DROP TRIGGER answers_refuse_update;"
            "UPDATE answers SET correct = 1, given = expected WHERE id = 2;"
            "CREATE TRIGGER answers_refuse_update BEFORE UPDATE ON answers "
            "BEGIN SELECT RAISE(ABORT, 'answers are immutable: a recorded answer cannot be "
            "changed or deleted'); END;",
        )
        == ""
    )
    found = desk.verify_records()
    assert [(f.problem, f.trainee) for f in found.findings] == [
        (Problem.ANSWER_CHANGED, "Chan Tai Man"),
        # The rollups still count it wrong: the dashboard's and the cohort table's.
        (Problem.ROLLUP_CHANGED, None),
        (Problem.ROLLUP_CHANGED, "Chan Tai Man"),
    ]
    assert {(f.shown, f.recorded) for f in found.findings[1:]} == {
        (Figures(4, 0, 5000, 0), Figures(4, 1, 5000, 0))
    }


def test_a_forged_answer_inserted_with_the_shell_is_found(
    records: tuple[Path, Store, InstructorDesk],
) -> None:
    path, _store, desk = records
    columns = [c for c in _columns(path) if c != "id"]
    forged = ", ".join(
        "'forged-1'" if c == "uid" else "1" if c == "correct" else c for c in columns
    )
    assert (
        shell(
            path,
            f"INSERT INTO answers ({', '.join(columns)}) "
            f"SELECT {forged} FROM answers WHERE id = 4;",
        )
        == ""
    )
    found = desk.verify_records()
    assert [f.problem for f in found.findings] == [Problem.ANSWER_CHANGED]  # its seal: a copy
    # A forged row without a seal at all:
    assert (
        shell(
            path,
            "DROP TRIGGER answers_refuse_update;"
            "UPDATE answers SET chain_hash = NULL WHERE uid = 'forged-1';",
        )
        == ""
    )
    problems = [f.problem for f in desk.verify_records().findings]
    assert Problem.ANSWER_ADDED in problems and Problem.TRIGGER_MISSING in problems


def test_answers_deleted_behind_dropped_triggers_are_found(
    records: tuple[Path, Store, InstructorDesk],
) -> None:
    path, _store, desk = records
    assert (
        shell(path, "DROP TRIGGER answers_refuse_delete; DELETE FROM answers WHERE id IN (2, 3);")
        == ""
    )
    found = desk.verify_records()
    removed = [f for f in found.findings if f.problem is Problem.ANSWERS_REMOVED]
    assert [(f.count, f.trainee) for f in removed] == [(2, "Chan Tai Man")]
    assert [f.what for f in found.findings if f.problem is Problem.TRIGGER_MISSING] == [
        "answers_refuse_delete"
    ]


def test_an_audit_entry_removed_behind_dropped_triggers_is_found(
    records: tuple[Path, Store, InstructorDesk],
) -> None:
    path, _store, desk = records
    assert (
        shell(
            path,
            "DROP TRIGGER audit_log_refuse_delete; DELETE FROM audit_log WHERE id = 1;"
            "CREATE TRIGGER audit_log_refuse_delete BEFORE DELETE ON audit_log "
            "BEGIN SELECT RAISE(ABORT, 'x'); END;",
        )
        == ""
    )
    assert [f.problem for f in desk.verify_records().findings] == [Problem.AUDIT_REMOVED]


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_the_data_folder_the_file_its_logs_and_backups_are_private(
    records: tuple[Path, Store, InstructorDesk],
) -> None:
    path, store, _desk = records

    def mode(p: Path) -> int:
        return stat.S_IMODE(p.stat().st_mode)

    assert mode(path.parent) == 0o700
    side = [path.with_name(path.name + s) for s in ("-wal", "-shm")]
    assert side and all(p.exists() for p in side)
    for each in [path, *side]:
        assert mode(each) == 0o600, each
    backups = list((path.parent / "backups").iterdir())
    assert backups and mode(path.parent / "backups") == 0o700
    assert {mode(b) for b in backups} == {0o600}
    # Loosened by hand: made private again at the next open.
    os.chmod(path, 0o644)
    os.chmod(path.parent, 0o755)
    store.close()
    Store.open(data_dir=path.parent, passwords=FAST_PASSWORDS).close()
    assert (mode(path), mode(path.parent)) == (0o600, 0o700)
