"""Crash safety: a scripted session killed with SIGKILL at 20 random points loses nothing.

Each run of ``answer_writer.py`` prints ``committed <uid>`` only after
``record_answer`` returned (when the app would show feedback). After every kill,
every uid it printed must be in the database and ``PRAGMA integrity_check`` ok.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_trainer.storage import Store
from tests.processes import KILLED, kill_hard

from .conftest import FAST_PASSWORDS

WRITER = Path(__file__).with_name("answer_writer.py")
KILLS = 20


def _kill_after(url: str, trainee_id: int, answers: int) -> list[str]:
    """Run the writer, SIGKILL it right after its ``answers``-th committed answer."""
    child = subprocess.Popen(
        [sys.executable, str(WRITER), url, str(trainee_id), "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    committed: list[str] = []
    try:
        line = child.stdout.readline()
        assert line == "ready\n", f"writer failed to start: {line!r}"
        while len(committed) < answers:
            line = child.stdout.readline()
            assert line.startswith("committed "), f"writer stopped: {line!r}"
            committed.append(line.split()[1])
    finally:
        # The writer is in the middle of its next answer (or, at 0, of its first).
        kill_hard(child)
        _, errors = child.communicate()
    assert child.returncode == KILLED, errors
    return committed


@pytest.mark.slow
def test_answers_committed_before_a_sigkill_are_all_there(tmp_path: Path) -> None:
    database = tmp_path / "dealer-trainer.sqlite3"
    url = f"sqlite:///{database}"
    store = Store.open(url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee_id = desk.add_trainee("Chan Tai Man").id
    store.close()

    seed = int(os.environ.get("DEALER_TRAINER_CRASH_SEED", random.randrange(2**32)))
    chooser = random.Random(seed)
    promised: list[str] = []
    for kill in range(KILLS):
        promised += _kill_after(url, trainee_id, chooser.randrange(0, 40))
        checker = sqlite3.connect(database)
        try:
            assert checker.execute("PRAGMA integrity_check").fetchall() == [("ok",)], (
                f"seed {seed}, kill {kill}"
            )
            present = {uid for (uid,) in checker.execute("SELECT uid FROM answers")}
        finally:
            checker.close()
        missing = [uid for uid in promised if uid not in present]
        assert not missing, f"seed {seed}, kill {kill}: {len(missing)} committed answers lost"
        # A kill may land after a commit whose line was not yet read: never fewer, maybe more.
        assert len(present) >= len(promised)
    assert len(promised) > KILLS  # the kills did land between answers, not only at start-up


@pytest.mark.parametrize("answers", [0, 1])
def test_killed_writer_leaves_a_database_the_app_opens(tmp_path: Path, answers: int) -> None:
    url = f"sqlite:///{tmp_path / 'dealer-trainer.sqlite3'}"
    store = Store.open(url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee_id = desk.add_trainee("Chan Tai Man").id
    store.close()
    promised = _kill_after(url, trainee_id, answers)
    reopened = Store.open(url, passwords=FAST_PASSWORDS)
    try:
        recorded = {a.record.uid for a in reopened.trainee(trainee_id).answers()}
    finally:
        reopened.close()
    assert set(promised) <= recorded
