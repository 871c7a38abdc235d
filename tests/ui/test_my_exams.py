"""A trainee's own exams and figures (pytest-qt, offscreen): *Review my exams* lists the mock
exams and the exams sat at the live table beside the assigned ones, and *My progress* shows
the live table's figures beside the drills'."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import Store, TraineeDesk
from dealer_trainer.storage.records import Person
from dealer_trainer.storage.table_recorder import TableRecorder
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.exams.review import ExamReview, trainee_sittings
from dealer_trainer.ui.table.screen import TableScreen
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.trainee.progress import ProgressWindow
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS
from tests.ui.drills.conftest import right_answer, wrong_answer
from tests.ui.table.test_table_irregular import _play_perfectly

PASSWORD = "a long password"


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(migrated(f"sqlite:///{tmp_path / 'centre.db'}"), passwords=FAST_PASSWORDS)
    session = opened.create_first_instructor("Instructor Wong", PASSWORD)
    opened.instructor(session).add_trainee("Chan Tai Man", login="chan", password=PASSWORD)
    yield opened
    opened.close()


def _signed_in(store: Store) -> tuple[Person, TraineeDesk]:
    person = store.sign_in("chan", PASSWORD)
    return person, store.trainee_desk(person)


def _sit_mock_exam(qtbot: QtBot, launcher: DrillLauncher) -> None:
    """A mock exam of three items from the drills panel, the second answered wrong."""
    launcher.set_game("roulette")
    launcher.exam_size.setValue(3)
    launcher.exams.setCurrentIndex(launcher.exams.findData(None))
    screen = launcher.start("exam")
    assert isinstance(screen, DrillScreen)
    qtbot.addWidget(screen)
    controller = screen.controller
    for number in range(1, 4):
        item = controller.item
        assert item is not None
        signal = controller.finished if number == 3 else controller.itemShown
        with qtbot.waitSignal(signal, timeout=5000):
            screen.submit(wrong_answer(item) if number == 2 else right_answer(item))
    screen.close()


def _sit_table_exam(qtbot: QtBot, desk: TraineeDesk) -> TableScreen:
    """An exam of two rounds at the live table (the Exam… button's), dealt without a slip."""
    recorder = TableRecorder.start(desk, "roulette-2003")
    screen = TableScreen(
        default_ruleset("roulette"),
        Difficulty.BEGINNER,
        recorder=recorder,
        on_finish=recorder.close,
        seed=5,
    )
    qtbot.addWidget(screen)
    screen.resize(1366, 728)
    screen.show()
    screen.start_exam(2, Fraction(4, 5))
    for _ in range(2):
        _play_perfectly(qtbot, screen, by_mouse=False)
        with qtbot.waitSignal(screen.roundStarted, timeout=5000):
            qtbot.keyClick(screen, Qt.Key.Key_N)  # the next round; then the results
    return screen


def test_review_my_exams_lists_the_mock_exams_and_the_table_exams(
    qtbot: QtBot, store: Store
) -> None:
    """Only the exams an instructor assigned were listed: a mock exam, or an exam sat at the
    live table, could not be looked at again."""
    person, desk = _signed_in(store)
    launcher = DrillLauncher(lambda: person, store=store)
    qtbot.addWidget(launcher)
    _sit_mock_exam(qtbot, launcher)
    table = _sit_table_exam(qtbot, desk)
    table.close()
    sittings = trainee_sittings(desk)
    labels = [s.label for s in sittings]
    assert len(sittings) == 2, labels
    newest, older = sittings
    assert newest.label.startswith("Table exam: Roulette · sat on ") and newest.label.endswith(
        "· 100 %"
    )
    assert len(newest.rounds) == 2 and newest.item_count == 0
    assert older.label.startswith("Mock exam · sat on ") and older.label.endswith("· 66.7 %")
    assert older.item_count == 3 and len(older.answers) == 3
    review = ExamReview("Chan Tai Man", sittings)
    qtbot.addWidget(review)
    review.show()
    qtbot.waitExposed(review)
    rows = [review.items.item(i).text() for i in range(review.items.count())]
    assert rows == ["Round 1 · ✓ every step right", "Round 2 · ✓ every step right"]
    assert review.shown.currentWidget() is review.replay_view
    review.sitting.setCurrentIndex(1)
    rows = [review.items.item(i).text() for i in range(review.items.count())]
    assert len(rows) == 3 and rows[1].startswith("2. ✗ ")
    assert review.items.currentRow() == 1  # the first item wrong, on its felt
    assert review.shown.currentWidget() is review.detail and review.detail.scene is not None
    assert "2 of 3 items right" in review.summary.text()


def test_review_my_exams_leaves_out_a_table_exam_left_half_way(qtbot: QtBot, store: Store) -> None:
    _person, desk = _signed_in(store)
    recorder = TableRecorder.start(desk, "roulette-2003")
    screen = TableScreen(
        default_ruleset("roulette"), Difficulty.BEGINNER, recorder=recorder, seed=5,
        on_finish=recorder.close,
    )  # fmt: skip
    qtbot.addWidget(screen)
    screen.start_exam(3, Fraction(4, 5))
    _play_perfectly(qtbot, screen, by_mouse=False)
    screen.close()  # one round of three: not an exam sat
    assert trainee_sittings(desk) == []


def test_my_progress_shows_the_live_tables_figures_beside_the_drills(
    qtbot: QtBot, store: Store
) -> None:
    """My progress showed the drills' skills only: the rounds dealt at the live table, their
    steps right and the pace were the instructor's to see."""
    person, desk = _signed_in(store)
    launcher = DrillLauncher(lambda: person, store=store)
    qtbot.addWidget(launcher)
    table = _sit_table_exam(qtbot, desk)
    table.close()
    window = ProgressWindow(lambda: launcher, lambda: store.day_zone)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.loaded):
        window.refresh()
    assert window.table_label.isVisible() and window.table.isVisible()
    assert window.table.rowCount() == 1
    cells = [window.table.item(0, c).text() for c in range(window.table.columnCount())]
    game, level, rounds, right, pace, target = cells
    # the practice round before the exam and the one after it, given up, and the exam's two
    assert (game, level, rounds) == ("Roulette", "Beginner", "4")
    assert right == "100 %"
    assert target == "25" and pace.isdigit()
