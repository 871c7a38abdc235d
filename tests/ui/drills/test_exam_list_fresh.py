"""An exam assigned while the drills panel is open shows in its exam list when it drops down.

The list was read once, when the panel opened: a trainee waiting at the workstation
for the exam the instructor had just assigned saw only "Mock exam".
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store, TraineeDesk
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from tests.ui.drills.conftest import trainee

PASSWORD = "a long password"


def test_exam_list_is_read_again_when_it_drops_down(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    launcher.show()
    assert launcher.exams.count() == 1  # the mock exam only
    instructor = store.instructor(store.verify_instructor(PASSWORD))
    paper = instructor.create_exam(
        "Week 1", "roulette-2003", ["roulette.straight_up"], 4, 7, Fraction(4, 5), 1
    )
    instructor.assign_exam(paper.id, [desk.trainee_id])
    launcher.exams.showPopup()
    try:
        assert launcher.exams.count() == 2
        assert launcher.exams.itemText(0) == "Assigned: Week 1"
    finally:
        launcher.exams.hidePopup()
        QApplication.processEvents()


def test_exam_chosen_stays_chosen_when_the_list_is_read_again(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    instructor = store.instructor(store.verify_instructor(PASSWORD))
    for title in ("Week 1", "Week 2"):
        paper = instructor.create_exam(
            title, "roulette-2003", ["roulette.straight_up"], 4, 7, Fraction(4, 5), 1
        )
        instructor.assign_exam(paper.id, [desk.trainee_id])
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    index = next(i for i in range(launcher.exams.count()) if "Week 2" in launcher.exams.itemText(i))
    launcher.exams.setCurrentIndex(index)
    launcher.refresh_exams()
    assert "Week 2" in launcher.exams.currentText()


def test_exam_choice_names_itself_whole_in_its_tooltip(qtbot: QtBot, store: Store) -> None:
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    assert launcher.exams.currentText() == "Mock exam (pass mark 80%)"
    assert launcher.exams.toolTip().startswith("A mock exam of the skills ticked below")
