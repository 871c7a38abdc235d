"""Issue 12, exams on the trainee's side: leaving asks first (the default keeps the exam
going), an interrupted exam resumes where it stopped with the same items, and the summary
lists every item with the answer given, the right one and the worked solution by name."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from fractions import Fraction

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty, ExamSpec, exam, skill
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.storage import SessionKind, Store, TraineeDesk
from dealer_trainer.storage.certification import Refusal
from dealer_trainer.storage.recorder import SessionRecorder
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.leave_exam import Leave, LeaveExamDialog
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.drills.situation import FeltStage
from dealer_trainer.ui.kit.rendering import render
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from tests.ui.drills.conftest import right_answer, trainee, wrong_answer

PASSWORD = "a long password"
SKILLS = ["roulette.pay_order", "caribbean_stud.misdeal", "roulette.straight_up", "craps.pay_order"]
ROULETTE = ["roulette.pay_order", "roulette.rulings", "roulette.straight_up"]
_OPEN: list[DrillScreen] = []


@pytest.fixture(autouse=True)
def _leave_open_exams() -> Iterator[None]:
    """Screens the launcher opened close themselves (and are deleted by Qt); one left
    open mid-exam is left to resume, so that no question blocks the test's end."""
    yield
    while _OPEN:
        screen = _OPEN.pop()
        if shiboken6.isValid(screen):
            screen.ask_leave_exam = lambda *args: Leave.RESUME_LATER  # type: ignore[method-assign]
            screen.close()


def _assign(store: Store, desk: TraineeDesk, size: int = 6, skills: list[str] | None = None):  # type: ignore[no-untyped-def]
    instructor = store.instructor(store.verify_instructor(PASSWORD))
    paper = instructor.create_exam(
        "Pay orders and rulings", "roulette-2003", skills or ROULETTE, size, 4242, Fraction(4, 5), 2
    )
    instructor.assign_exam(paper.id, [desk.trainee_id])
    return paper


def _sit(qtbot: QtBot, launcher: DrillLauncher) -> DrillScreen:
    launcher.exams.setCurrentIndex(0)
    screen = launcher.start("exam")
    assert screen is not None, launcher.status.text()
    _OPEN.append(screen)  # deleted by Qt when it closes (the launcher's screens are)
    return screen


def _answer(qtbot: QtBot, screen: DrillScreen, count: int) -> list[tuple[str, int]]:
    done = []
    for _ in range(count):
        item = screen.controller.item
        assert item is not None
        done.append((item.skill, item.seed))
        with qtbot.waitSignal(screen.controller.answerRecorded):
            screen.submit(right_answer(item) if len(done) % 2 else wrong_answer(item))
    return done


def test_enter_and_escape_in_the_leave_question_keep_the_exam_going(
    qtbot: QtBot,
) -> None:
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Escape):
        dialog = LeaveExamDialog(None, 3, 10, resumable=True)
        qtbot.addWidget(dialog)
        assert dialog.defaultButton() is dialog.keep
        dialog.open()
        qtbot.waitExposed(dialog)
        with qtbot.waitSignal(dialog.finished):
            qtbot.keyClick(dialog, key)
        assert dialog.choice() is Leave.KEEP_GOING


def test_closing_the_window_mid_exam_asks_and_enter_keeps_it_open(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    _assign(store, desk)
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    screen = _sit(qtbot, launcher)
    _answer(qtbot, screen, 2)
    asked: list[str] = []

    def press_enter() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QMessageBox)
        asked.append(dialog.text())
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    QTimer.singleShot(0, press_enter)  # the question is modal: answer it once it is up
    assert not screen.close()
    assert asked and "not finished" in asked[0]
    assert screen.isVisible() and not screen.controller.is_over
    assert screen.controller.item is not None
    (session,) = desk.sessions()
    assert session.ended_at is None and len(desk.open_exams()) == 1


def test_an_exam_left_half_way_resumes_at_the_next_item_with_the_same_items(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    paper = _assign(store, desk)
    planned = [(s.skill, s.seed) for s in exam_spec(paper).items()]
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    screen = _sit(qtbot, launcher)
    first = _answer(qtbot, screen, 3)
    screen.ask_leave_exam = lambda *args: Leave.RESUME_LATER  # type: ignore[assignment,method-assign]
    with qtbot.waitSignal(screen.controller.suspended):
        assert screen.end_session()
    assert not screen.isVisible()
    # Nothing was ended: the assignment is open, the launcher offers to resume it.
    (session,) = desk.sessions()
    assert session.ended_at is None and len(desk.open_exams()) == 1
    assert "resume at item 4 of 6" in launcher.exams.itemText(0)

    again = _sit(qtbot, launcher)
    assert again.progress_label.text() == "Item 4 of 6"
    rest = _answer(qtbot, again, 3)
    assert first + rest == planned  # the same items, in the same order
    assert again.pages.currentWidget() is again.summary
    (session,) = desk.sessions()  # one sitting, in one storage session
    assert session.kind is SessionKind.EXAM and session.ended_at is not None
    assert [(a.record.skill, a.record.item_seed) for a in desk.answers()] == planned
    assert again.summary.headline.text() == "4 of 6 right (67%)"  # R W R, then R W R
    # Not passed: listed again for a retake, which waits the centre's period (7 days).
    assert [_waits(desk, a.id) for a, _ in desk.open_exams()] == [Refusal.WAIT]


def test_an_exam_cut_off_by_a_crash_resumes_keeping_its_recorded_answers(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    paper = _assign(store, desk, size=4)
    planned = [(s.skill, s.seed) for s in exam_spec(paper).items()]
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    screen = _sit(qtbot, launcher)
    first = _answer(qtbot, screen, 2)
    recorded = [(a.record.uid, a.record.correct) for a in desk.answers()]
    # The power goes: no question, no suspend, no end; the process is gone.
    screen.controller.stop()
    screen.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    screen.hide()
    del screen
    gc.collect()

    fresh = DrillLauncher(trainee(store), store=store)  # the app started again
    qtbot.addWidget(fresh)
    assert "resume at item 3 of 4" in fresh.exams.itemText(0)
    again = _sit(qtbot, fresh)
    assert [(o.item.skill, o.item.seed) for o in again.session.outcomes] == first
    rest = _answer(qtbot, again, 2)
    assert first + rest == planned
    stored = desk.answers()
    assert [(a.record.uid, a.record.correct) for a in stored[:2]] == recorded
    assert len(stored) == 4 and len({a.record.uid for a in stored}) == 4
    assert again.summary.headline.text() == "2 of 4 right (50%)"


def test_exam_summary_lists_every_item_by_bet_names_and_option_texts(
    qtbot: QtBot, desk: TraineeDesk
) -> None:
    spec = ExamSpec(
        tuple(SKILLS), Difficulty.INTERMEDIATE, size=4, pass_mark=Fraction(4, 5), seed=7
    )
    session = exam(spec)
    recorder = SessionRecorder.start(desk, "roulette-2003", session.mode)
    session.recorder = recorder
    controller = DrillController(session, exam=spec)
    screen = DrillScreen(controller, on_finish=recorder.close)
    qtbot.addWidget(screen)
    screen.resize(1366, 768)
    screen.show()
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    given = []
    while controller.item is not None:
        item = controller.item
        answer = wrong_answer(item)
        given.append((item, answer))
        screen.submit(answer)
    assert screen.pages.currentWidget() is screen.summary
    assert screen.summary.items.isVisible()
    plain = screen.summary.items.toPlainText()
    stage = FeltStage()
    outcomes = screen.summary._shown[0].outcomes if screen.summary._shown else ()
    assert [o.item for o in outcomes] == [item for item, _ in given]
    for number, ((item, answer), outcome) in enumerate(zip(given, outcomes, strict=True), 1):
        assert f"Item {number} · {render(skill(item.skill).title)}" in plain
        assert render(item.question) in plain
        for step in item.solution:
            assert render(step) in plain
        shown = screen.summary.given_text(outcome, screen.summary.bet_labels(item))
        assert shown in plain
        if answer.order is not None:
            stage.stage(item)
            names = {b.bet_id: b.label for b in stage.bets}  # as the felt named them
            assert shown == " → ".join(names[b] for b in answer.order)
            for group in item.expected.order:
                for bet in group:
                    assert names[bet] in plain
        elif answer.choice is not None:
            options = {o.id: render(o.label) for o in item.expected.options}
            assert shown == options[answer.choice]
            assert options[str(item.expected.choice)] in plain
    assert plain.count("Your answer") == 4 and plain.count("Correct answer") == 4


def test_handing_in_half_way_shows_the_results_and_completes_the_exam(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    _assign(store, desk, size=4)
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    screen = _sit(qtbot, launcher)
    _answer(qtbot, screen, 1)
    screen.ask_leave_exam = lambda *args: Leave.HAND_IN  # type: ignore[method-assign]
    with qtbot.waitSignal(screen.controller.finished):
        assert not screen.close()  # the window stays, on the results
    assert screen.isVisible() and screen.pages.currentWidget() is screen.summary
    assert "NOT PASSED" in screen.summary.verdict.text()
    assert "Items not answered: 3" in screen.summary.verdict.text()
    # Not passed: listed again for a retake, which waits the centre's period (7 days).
    assert [_waits(desk, a.id) for a, _ in desk.open_exams()] == [Refusal.WAIT]
    (session,) = desk.sessions()
    assert session.ended_at is not None
    assert screen.close()  # now it closes


def _waits(desk: TraineeDesk, assignment_id: int) -> Refusal | None:
    refused = desk.sitting_refusal(assignment_id)
    return None if refused is None else refused.reason
