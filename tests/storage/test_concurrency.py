"""Concurrency: 8 processes each record 1,000 answers at once; all 8,000 arrive, no lock error.

SQLite serialises writers (``BEGIN IMMEDIATE`` + busy timeout + retry in the
repository); PostgreSQL takes them side by side. Either way every writer must
exit cleanly: a lock error reaching the "user" would be a traceback and exit 1.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from dealer_trainer.storage import Store

from .conftest import FAST_PASSWORDS

WRITER = Path(__file__).with_name("answer_writer.py")
PROCESSES = 8
ANSWERS_EACH = 1000


@pytest.mark.slow
def test_eight_processes_write_a_thousand_answers_each_at_once(db_url: str) -> None:
    store = Store.open(db_url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainees = [desk.add_trainee(f"Workstation {n}").id for n in range(PROCESSES)]
    store.close()

    writers = [
        subprocess.Popen(
            [sys.executable, str(WRITER), db_url, str(tid), str(ANSWERS_EACH), "--wait", "--quiet"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tid in trainees
    ]
    try:
        for writer in writers:  # every process has opened the store and started its session
            assert writer.stdout is not None
            assert writer.stdout.readline() == "ready\n"
        for writer in writers:  # then all start writing together
            assert writer.stdin is not None
            writer.stdin.write("go\n")
            writer.stdin.flush()
        outcomes = [writer.communicate(timeout=240) for writer in writers]
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
                writer.communicate()
    for writer, (out, errors) in zip(writers, outcomes, strict=True):
        assert writer.returncode == 0, errors
        assert out == f"done {ANSWERS_EACH}\n"
        assert "locked" not in errors.lower() and "Traceback" not in errors

    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT trainee_id, count(*) FROM answers GROUP BY trainee_id")
            ).all()
            per_trainee: dict[int, int] = {row[0]: row[1] for row in rows}
            distinct = connection.execute(text("SELECT count(DISTINCT uid) FROM answers")).scalar()
            counted = connection.execute(
                text("SELECT sum(answers) FROM daily_skill_counts")
            ).scalar()
    finally:
        engine.dispose()
    assert per_trainee == dict.fromkeys(trainees, ANSWERS_EACH)
    assert distinct == PROCESSES * ANSWERS_EACH
    assert counted == PROCESSES * ANSWERS_EACH  # the trigger-kept counts missed no insert
