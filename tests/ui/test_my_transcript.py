"""Issue 15, certification, as a trainee uses it: My progress › Save my transcript (PDF)…
writes the trainee's own transcript (the centre's name, their sittings and certifications,
numbered pages), the one their instructor prints; signed out, it says to sign in."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import SessionKind, Store
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.trainee.progress import ProgressWindow
from tests.migrated import Templates
from tests.signing import add_trainee_own
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock, answer
from tests.ui.test_progress import PASSWORD, instructor, progress_of, trainee_id

SKILL = "roulette.straight_up"


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    """Two trainees who sign in with their passwords, and their instructor."""
    opened = Store.open(
        migrated(f"sqlite:///{tmp_path / 'records.db'}"),
        clock=FakeClock(),
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    desk = opened.instructor(opened.create_first_instructor("Ina Wong", PASSWORD))
    add_trainee_own(opened, desk, "Ana Lei", "ana password")
    add_trainee_own(opened, desk, "Bo Chan", "bo password")
    yield opened
    opened.close()


def _certify_ana(store: Store) -> None:
    desk = instructor(store)
    desk.save_centre_settings(CentreSettings("Escola de Croupiers de Macau", 3, 0, 24))
    ana = trainee_id(store, "Ana Lei")
    exam = desk.create_exam("Straight-up payouts", "roulette-2003", [SKILL], 2, 7, Fraction(1, 2))
    [assignment] = desk.assign_exam(exam.id, [ana, trainee_id(store, "Bo Chan")])[:1]
    trainee = store.trainee(ana)
    trainee.exam_paper(assignment.id)
    session = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    for n in range(2):
        trainee.record_answer(session.id, answer(n, skill=SKILL, time_taken_ms=3000))
    trainee.end_session(session.id)


def _text(path: Path) -> str:
    done = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True)
    return " ".join(done.stdout.split())


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_a_trainee_saves_their_own_transcript_from_my_progress(
    qtbot: QtBot, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _certify_ana(store)
    window = progress_of(qtbot, store, "ana.lei", "ana password")
    target = tmp_path / "my transcript.pdf"
    asked: list[str] = []

    def chosen(_parent: object, _title: str, suggested: str, _filter: str) -> tuple[str, str]:
        asked.append(suggested)
        return str(target), "PDF (*.pdf)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", chosen)
    button = window.transcript.button
    assert button.text() == "Save my &transcript (PDF)…" and button.isVisible()
    with qtbot.waitSignal(window.transcript.saved, timeout=20_000) as saved:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert saved.args == [str(target), 1]
    assert asked == ["Ana Lei - transcript.pdf"]
    assert window.message.text() == f"Your transcript: 1 page written to {target}"
    words = _text(target)
    assert "Escola de Croupiers de Macau" in words
    assert "Transcript: Ana Lei" in words and "by Ana Lei" in words
    assert "Straight-up payouts" in words and "passed" in words
    assert "Roulette" in words and "Ina Wong" in words
    # The day in the locale's short format (30/11/2028, 30 11 2028 …, by the tests before).
    assert "valid until 2028-11-30" in words  # a table's date, as every table writes it
    assert "page 1 of 1" in words
    assert "Bo Chan" not in words  # another trainee's sitting is not on it


def test_nobody_signed_in_is_told_to_sign_in_first(qtbot: QtBot, store: Store) -> None:
    launcher = DrillLauncher(lambda: None, store=store)
    qtbot.addWidget(launcher)
    window = ProgressWindow(lambda: launcher, lambda: store.day_zone)
    qtbot.addWidget(window)
    window.show()
    window.refresh()
    qtbot.mouseClick(window.transcript.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "transcript" in window.message.text())
    assert window.message.text() == "Sign in first: your transcript is yours to save."


def test_a_file_that_cannot_be_written_is_said_in_words(
    qtbot: QtBot, store: Store, tmp_path: Path
) -> None:
    window = progress_of(qtbot, store, "ana.lei", "ana password")
    folder = tmp_path / "no such folder" / "t.pdf"
    assert window.transcript.save(folder) is None
    assert window.message.text().startswith(f"{folder} cannot be written")
