"""Certification as a trainee and an instructor meet it: exam review on the felt (trainee
and instructor, with the group's misses), retakes refused in words until the waiting
period is over and then at the centre's limit (a fake clock), and the Centre tab."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.standards import target_ms
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.storage import InstructorDesk, SessionKind, Store
from dealer_trainer.storage.audit import Action
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.recorder import exam_spec
from dealer_trainer.storage.records import Person
from dealer_trainer.ui.drills.leave_exam import Leave
from dealer_trainer.ui.exams.review import ExamReview
from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.trainee.menu import install_drills
from tests.migrated import Templates
from tests.signing import add_trainee_own
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock
from tests.ui.instructor.cohort import Cohort, record

SKILL = "roulette.straight_up"
PASSWORD = "a long password"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path: Path, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(
        migrated(f"sqlite:///{tmp_path / 'centre.sqlite3'}"),
        clock=clock,
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
        instructor_idle=timedelta(days=60),
    )
    yield opened
    opened.close()


@pytest.fixture
def desk(store: Store) -> InstructorDesk:
    desk = store.instructor(store.create_first_instructor("Mrs Wong", PASSWORD))
    add_trainee_own(store, desk, "Chan Tai Man", PASSWORD, login="chan")
    return desk


def _sit(store: Store, assignment_id: int, right: list[bool]) -> None:
    """Sit the assigned exam as the drill screen records it (real items, graded)."""
    mine = store.trainee(store.trainees()[0].id)
    paper = mine.exam_paper(assignment_id)
    session = mine.start_session(
        paper.ruleset_id, SessionKind.EXAM, exam_assignment_id=assignment_id
    )
    for spec, correct in zip(exam_spec(paper).items(), right, strict=False):
        record(mine, session.id, spec, store.now(), correct, 3000)
    mine.end_session(session.id)


class _Panel:
    """The side panel as the drills menu asks it: who is signed in, which game."""

    def __init__(self, person: Person) -> None:
        self.person = person

    def current_trainee(self) -> str:
        return self.person.name

    def signed_in(self) -> Person | None:
        return self.person

    def current_game(self) -> str:
        return "roulette"

    def current_ruleset(self) -> object:
        return get_ruleset("roulette-2003")


def test_a_retake_is_refused_in_words_until_the_wait_is_over_then_at_the_limit(
    qtbot: QtBot, store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    desk.save_centre_settings(CentreSettings("Escola", 2, 3, 24))
    paper = desk.create_exam("Straight ups", "roulette-2003", [SKILL], 2, 11, Fraction(1, 1))
    [assignment] = desk.assign_exam(paper.id, [store.trainees()[0].id])
    _sit(store, assignment.id, [True, False])  # 50 %: not passed
    person = store.sign_in("chan", PASSWORD)
    launcher = DrillLauncher(lambda: person, store=lambda: store)
    qtbot.addWidget(launcher)
    launcher.refresh_exams()
    assert "(from " in launcher.exams.itemText(0)
    assert launcher.start("exam") is None
    qtbot.waitUntil(lambda: "again from" in launcher.status.text())
    assert "sitting 2 of 2" in launcher.status.text()
    clock.advance(days=3)
    launcher.refresh_exams()
    assert launcher.exams.itemText(0) == "Assigned: Straight ups (retake)"
    screen = launcher.start("exam")
    assert screen is not None
    qtbot.addWidget(screen)
    screen.ask_leave_exam = lambda *args: Leave.HAND_IN  # type: ignore[method-assign]
    screen.close()  # handed in blank: every item wrong, the second sitting ended
    qtbot.waitUntil(
        lambda: all(s.ended_at is not None for s in store.trainee(person.id).sessions())
    )
    clock.advance(days=30)
    launcher.refresh_exams()
    assert [launcher.exams.itemData(i) for i in range(launcher.exams.count())] == [None]
    assert len(desk.sittings(exam_id=paper.id)) == 2  # both sittings kept


def test_the_trainee_reviews_an_exam_item_by_item_on_the_felt(
    qtbot: QtBot, store: Store, desk: InstructorDesk
) -> None:
    paper = desk.create_exam("Straight ups", "roulette-2003", [SKILL], 3, 12, Fraction(2, 3))
    [assignment] = desk.assign_exam(paper.id, [store.trainees()[0].id])
    _sit(store, assignment.id, [True, False, True])
    window = QMainWindow()
    qtbot.addWidget(window)
    dock = install_drills(window, _Panel(store.sign_in("chan", PASSWORD)), lambda: store)  # type: ignore[arg-type]
    dock.review_action.trigger()
    qtbot.waitUntil(lambda: getattr(dock, "reviewing", None) is not None)
    review = dock.reviewing
    assert isinstance(review, ExamReview)
    qtbot.waitUntil(review.isVisible)
    assert review.sitting.count() == 1 and "Straight ups" in review.sitting.itemText(0)
    assert review.items.count() == 3 and review.items.currentRow() == 1  # the wrong one first
    assert "✗" in review.items.item(1).text()
    assert review.detail.scene is not None  # re-drawn on the felt
    text = review.detail.text.toPlainText()
    assert "Given" in text and "Expected" in text and "Worked answer" in text
    assert "2 of 3 items right" in review.summary.text()
    review.close()


def test_the_instructor_reviews_an_exam_and_sees_what_the_group_missed(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(window.exams)
    qtbot.waitUntil(lambda: window.exams.current_exam() is not None)
    qtbot.mouseClick(window.exams.review_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.exams.reviewing is not None)
    review = window.exams.reviewing
    assert isinstance(review, ExamReview) and review.missed_items is not None
    qtbot.waitUntil(review.isVisible)
    assert review.sitting.itemText(0).startswith("Ana Lei · sitting 1")  # names, never ids
    missed = review.missed_items
    assert missed.rowCount() == 1  # Ana got item 3 wrong; Bruno has not sat it
    assert [missed.item(0, c).text() for c in (0, 2)] == ["3", "1 of 1 sitting"]
    assert review.missed_skills is not None and review.missed_skills.rowCount() >= 1
    assert review.detail.scene is not None
    assert "Worked answer" in review.detail.text.toPlainText()
    review.close()
    window.close()


def test_enter_on_a_trainees_result_reviews_their_sitting_with_room_for_the_question(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    exams = window.exams
    window.tabs.setCurrentWidget(exams)
    qtbot.waitUntil(lambda: exams.results.rowCount() == 2)
    rows = {exams.results.item(r, 0).text(): r for r in range(exams.results.rowCount())}
    assert list(rows) == ["Ana Lei", "Bruno Chan"]  # A to Z, as the heading's arrow says
    header = exams.results.horizontalHeader()
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        0,
        Qt.SortOrder.AscendingOrder,
    )
    exams.results.setFocus()
    exams.results.setCurrentCell(rows["Bruno Chan"], 0)
    qtbot.keyClick(exams.results, Qt.Key.Key_Return)
    assert exams.reviewing is None  # Bruno has not sat it: said, nothing opened
    assert exams.message.text() == "This trainee has not sat the exam yet: nothing to review."
    exams.results.setCurrentCell(rows["Ana Lei"], 0)
    qtbot.keyClick(exams.results, Qt.Key.Key_Return)
    review = exams.reviewing
    assert isinstance(review, ExamReview)
    qtbot.waitUntil(review.isVisible)
    assert review.sitting.currentText().startswith("Ana Lei · sitting 1")
    qtbot.waitUntil(lambda: review.detail.scene is not None)
    # The question's column keeps its words whole ("Answer given" was cut to "Answ er").
    assert review.detail.text.width() >= 260
    review.close()
    window.close()


def test_the_centre_tab_reads_its_records_when_shown_not_when_the_window_is_built(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    panel = window.centre
    assert panel.certifications.rowCount() == 0  # a hidden tab: nothing read on opening
    window.tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.certifications.rowCount() > 0)
    assert panel.certifications.item(0, 0).text() == "Ana Lei"
    panel.name.setText("Escola")  # typed, not saved: showing the tab again keeps it
    window.tabs.setCurrentIndex(0)
    window.tabs.setCurrentWidget(panel)
    assert panel.name.text() == "Escola"


def test_the_centre_tab_lists_the_name_certified_and_the_current_one_after_a_rename(
    qtbot: QtBot, cohort: Cohort
) -> None:
    cohort.store.instructor(cohort.session).rename_trainee(
        cohort.trainees["Ana Lei"], "Ana Lei Chan"
    )
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    panel = window.centre
    window.tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.certifications.rowCount() > 0)
    assert panel.certifications.item(0, 0).text() == "Ana Lei (now Ana Lei Chan)"
    window.close()


def test_the_centre_tab_saves_a_version_on_enter_and_the_audit_log_says_so(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(window.centre)
    panel = window.centre
    panel.name.setText("Escola de Croupiers de Macau")
    panel.retake_limit.setValue(4)
    panel.wait_days.setValue(10)
    panel.validity.setValue(36)
    panel.name.setFocus()
    qtbot.waitUntil(panel.name.hasFocus)
    with qtbot.waitSignal(panel.saved, timeout=5000):
        qtbot.keyClick(panel.name, Qt.Key.Key_Return)
    desk = cohort.store.instructor(cohort.session)
    saved = desk.centre_settings()
    assert (saved.centre_name, saved.retake_limit, saved.retake_wait_days) == (
        "Escola de Croupiers de Macau",
        4,
        10,
    )
    assert "Saved as version 1" in panel.message.text()
    assert panel.versions.item(0, 2).text() == "Mrs Wong"
    assert any(e.action is Action.CENTRE_SETTINGS_CHANGED for e in desk.audit_log())
    # Ana's certification is listed by name, game and instructor.
    row = [panel.certifications.item(0, c).text() for c in range(3)]
    assert row[:2] == ["Ana Lei", "Roulette"]
    window.close()


def test_a_speed_mark_is_kept_with_the_target_times_of_the_exams_skills(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    builder = window.exams.builder
    builder.exam_title.setText("Fast payouts")
    builder.set_skills({SKILL})
    builder.speed_mark.setValue(60)
    made = builder.save_exam()
    assert made is not None and made.speed_mark == Fraction(3, 5)
    window.close()
    from sqlalchemy import select

    from dealer_trainer.storage.models import ExamRow

    kept = cohort.store.read(
        lambda c: c.execute(select(ExamRow.speed_targets).where(ExamRow.id == made.id)).scalar()
    )
    assert kept == {SKILL: target_ms(SKILL)}  # the centre's standard, in ms, kept with the exam
