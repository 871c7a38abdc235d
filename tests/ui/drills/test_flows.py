"""Drill flows on screen: right, wrong, timeout, exam to summary; stored before feedback."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt, QTranslator
from PySide6.QtWidgets import QApplication, QTextBrowser
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import (
    Difficulty,
    ExamSpec,
    Mode,
    Outcome,
    exam,
    practice,
    time_allowed,
)
from dealer_trainer.drills.specs import decode_card
from dealer_trainer.storage import SessionKind, TraineeDesk
from dealer_trainer.storage.recorder import SessionRecorder
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.feedback import ArticleDialog
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.kit.language import citation_text
from tests.ui.drills.conftest import HandClock, open_screen, right_answer, wrong_answer


def test_roulette_art7_1_right_straight_up_typed_is_stored_then_praised(
    qtbot: QtBot, desk: TraineeDesk
) -> None:
    session = practice(["roulette.straight_up"], Difficulty.BEGINNER, seed=11)
    recorder = SessionRecorder.start(desk, "roulette-2003", session.mode)
    session.recorder = recorder
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None and item.expected.amount is not None
    assert item.expected.amount == 35 * Decimal(item.situation["request"]["bets"][0]["amount"])
    assert not screen.feedback.isVisible()

    typed = f"{int(item.expected.amount):,}"  # "1,575": grouped as a dealer says it
    qtbot.keyClicks(screen.pad.display, typed)
    with qtbot.waitSignal(controller.feedbackReady) as blocker:
        qtbot.keyClick(screen.pad.display, Qt.Key.Key_Return)

    outcome = blocker.args[0]
    assert isinstance(outcome, Outcome) and outcome.correct
    assert screen.feedback.isVisible()
    assert screen.feedback.verdict == "right"
    assert "Art. 7(1)" in screen.feedback.article.text()
    (stored,) = desk.answers()
    assert stored.record.correct and stored.record.skill == "roulette.straight_up"
    assert stored.record.given == {"amount": f"{item.expected.amount:.2f}"}
    assert isinstance(stored.record.situation, dict)
    assert stored.record.situation["seed"] == item.seed
    assert desk.sessions()[0].kind is SessionKind.PRACTICE
    qtbot.waitUntil(lambda: recorder.unsaved_reviews == [])
    (state,) = desk.review_states()
    assert decode_card(state.state)["stability"] is not None  # type: ignore[arg-type]


def test_roulette_art7_wrong_total_shows_the_right_amount_solution_and_article(
    qtbot: QtBot, desk: TraineeDesk
) -> None:
    session = practice(["roulette.picture_bets"], Difficulty.INTERMEDIATE, seed=5)
    session.recorder = SessionRecorder.start(desk, "roulette-2003", session.mode)
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None and item.expected.amount is not None
    too_little = item.expected.amount - 5
    qtbot.keyClicks(screen.pad.display, str(too_little))
    with qtbot.waitSignal(controller.feedbackReady):
        qtbot.mouseClick(screen.pad.keys["enter"], Qt.MouseButton.LeftButton)

    assert screen.feedback.verdict == "wrong"
    assert "5 too little" in screen.feedback.details.text()
    assert f"{int(item.expected.amount):,}" in screen.feedback.answer.text()
    assert "Total to pay" in screen.feedback.solution.text()
    assert not desk.answers()[0].record.correct
    dialog = screen.open_article(item.citation)
    assert isinstance(dialog, ArticleDialog)
    names = [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    assert any("Português" in n for n in names) and any("中文" in n for n in names)
    pages = [dialog.tabs.widget(i) for i in range(dialog.tabs.count())]
    texts = [page.toPlainText() for page in pages if isinstance(page, QTextBrowser)]
    assert any("cavalo" in t for t in texts)  # Art. 7(2): the split, in the official text


def test_answer_is_recorded_before_any_feedback_is_visible(qtbot: QtBot) -> None:
    seen: list[tuple[str, bool]] = []
    screen_ref: list[DrillScreen] = []

    def recorder(outcome: Outcome, mode: Mode) -> None:
        seen.append(("recorded", screen_ref[0].feedback.isVisible()))

    session = practice(["craps.field"], Difficulty.BEGINNER, seed=2, recorder=recorder)
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    screen_ref.append(screen)
    controller.feedbackReady.connect(lambda _o: seen.append(("feedback", True)))
    item = controller.item
    assert item is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(right_answer(item))
    assert seen == [("recorded", False), ("feedback", True)]
    assert screen.feedback.isVisible()


def test_failing_recorder_shows_an_error_no_feedback_and_keeps_the_answer(
    qtbot: QtBot,
) -> None:
    attempts: list[Outcome] = []
    broken = [True]

    def recorder(outcome: Outcome, mode: Mode) -> None:
        attempts.append(outcome)
        if broken[0]:
            raise OSError("database is locked")

    session = practice(["roulette.zero_rule"], Difficulty.BEGINNER, seed=3, recorder=recorder)
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None
    with qtbot.waitSignal(controller.recordFailed) as failed:
        screen.submit(wrong_answer(item))
    assert failed.args == ["database is locked"]
    assert screen.error.isVisible() and "database is locked" in screen.error_text.text()
    assert not screen.feedback.isVisible()
    assert controller.pending is not None and controller.pending.answer == wrong_answer(item)
    assert session.outcomes == []
    assert not screen.end_session()  # an unsaved answer blocks the end
    broken[0] = False
    with qtbot.waitSignal(controller.feedbackReady) as shown:
        qtbot.mouseClick(screen.retry_button, Qt.MouseButton.LeftButton)
    assert shown.args[0].answer == wrong_answer(item)
    assert len(attempts) == 2 and attempts[0].answer == attempts[1].answer
    assert screen.feedback.isVisible() and not screen.error.isVisible()


def test_timed_item_at_zero_is_submitted_as_a_timeout(qtbot: QtBot, clock: HandClock) -> None:
    recorded: list[Outcome] = []
    session = practice(
        ["craps.hard_ways"],
        Difficulty.ADVANCED,
        seed=8,
        recorder=lambda o, m: recorded.append(o),
        timed=True,
    )
    controller = DrillController(session, clock=clock)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None
    assert screen.clock.isVisible() and screen.clock.text() == f"0:{time_allowed(item):02d}"
    clock.advance(time_allowed(item) * 1000 - 3000)
    with qtbot.waitSignal(controller.ticked) as tick:
        pass
    assert tick.args == [3000] and screen.clock.property("urgent") is True
    clock.advance(3000)
    with qtbot.waitSignal(controller.feedbackReady, timeout=3000) as blocker:
        pass
    outcome = blocker.args[0]
    assert outcome.answer.timed_out and not outcome.correct
    assert outcome.elapsed_ms == time_allowed(item) * 1000
    assert recorded == [outcome]
    assert screen.feedback.verdict == "timeout"


def test_exam_from_start_to_summary_gives_no_feedback_until_the_end(
    qtbot: QtBot, desk: TraineeDesk, clock: HandClock
) -> None:
    spec = ExamSpec(
        ("roulette.straight_up", "craps.field", "caribbean_stud.qualify"),
        Difficulty.BEGINNER,
        size=5,
        pass_mark=Fraction(4, 5),
        seed=99,
    )
    session = exam(spec)
    recorder = SessionRecorder.start(desk, "roulette-2003", session.mode)
    session.recorder = recorder
    controller = DrillController(session, exam=spec, clock=clock)
    screen = DrillScreen(controller, on_finish=recorder.close)
    qtbot.addWidget(screen)
    screen.show()
    feedback: list[object] = []
    controller.feedbackReady.connect(feedback.append)
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    for number in range(1, 6):
        item = controller.item
        assert item is not None
        assert screen.progress_label.text() == f"Item {number} of 5"
        assert not screen.hint_button.isVisible()
        clock.advance(2000)
        answer = wrong_answer(item) if number == 3 else right_answer(item)
        signal = controller.finished if number == 5 else controller.itemShown
        with qtbot.waitSignal(signal):
            screen.submit(answer)
        assert not screen.feedback.isVisible()
    assert feedback == []
    assert screen.pages.currentWidget() is screen.summary
    assert screen.summary.headline.text() == "4 of 5 right (80%)"
    assert screen.summary.verdict.text().startswith("PASSED")
    assert screen.summary.table.rowCount() == 3
    assert screen.summary.time.text() == "Time: 0:10"
    assert len(desk.answers()) == 5
    (stored_session,) = desk.sessions()
    assert stored_session.kind is SessionKind.PRACTICE  # a mock exam: not an assigned one
    assert stored_session.ended_at is not None


@pytest.mark.parametrize(
    "skill_id", ["roulette.rulings", "craps.rulings", "caribbean_stud.misdeal"]
)
def test_rulings_are_answered_with_number_keys_and_enter(qtbot: QtBot, skill_id: str) -> None:
    session = practice([skill_id], Difficulty.BEGINNER, seed=4)
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None
    right = [o.id for o in item.expected.options].index("right")
    assert screen.answers.currentWidget() is screen.choice
    qtbot.keyClick(screen.choice, Qt.Key(Qt.Key.Key_1 + right))
    assert screen.choice.selected() == "right"
    with qtbot.waitSignal(controller.feedbackReady) as blocker:
        qtbot.keyClick(screen.choice.buttons[right], Qt.Key.Key_Return)
    assert blocker.args[0].correct


def test_feedback_is_worked_by_keyboard_next_item_and_article_on_f1(qtbot: QtBot) -> None:
    session = practice(["craps.one_roll"], Difficulty.INTERMEDIATE, seed=6)
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(right_answer(item))
    assert screen.focusWidget() is screen.feedback.next
    qtbot.mouseClick(screen.feedback.article, Qt.MouseButton.LeftButton)
    (dialog,) = screen.findChildren(ArticleDialog)
    assert dialog.windowTitle() == citation_text(item.citation) and dialog.isVisible()
    assert "Official Craps Regulation" in dialog.windowTitle()
    dialog.close()
    qtbot.waitUntil(lambda: not screen.findChildren(ArticleDialog))  # deleted on close
    screen._article_shortcut()  # what F1 does
    (again,) = screen.findChildren(ArticleDialog)
    again.close()
    with qtbot.waitSignal(controller.itemShown):
        qtbot.keyClick(screen.feedback.next, Qt.Key.Key_Space)
    assert not screen.feedback.isVisible() and screen.answers.isEnabled()
    assert screen.progress_label.text() == "Item 2"


def test_closing_the_window_ends_the_session_but_never_drops_an_unsaved_answer(
    qtbot: QtBot,
) -> None:
    broken = [True]

    def recorder(outcome: Outcome, mode: Mode) -> None:
        if broken[0]:
            raise OSError("disk full")

    session = practice(["roulette.straight_up"], Difficulty.BEGINNER, seed=9, recorder=recorder)
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None
    screen.submit(right_answer(item))
    assert not screen.close()  # refused: the answer is not saved yet
    assert screen.isVisible() and controller.pending is not None
    broken[0] = False
    screen.retry()
    with qtbot.waitSignal(controller.finished):
        assert screen.close()
    assert controller.is_over and len(session.outcomes) == 1


def test_exam_time_limit_ends_the_exam_and_unseen_items_fail_it(
    qtbot: QtBot, clock: HandClock
) -> None:
    spec = ExamSpec(
        ("roulette.straight_up",), Difficulty.BEGINNER, size=3, pass_mark=Fraction(1, 3), seed=5
    )
    session = exam(spec)
    controller = DrillController(session, exam=spec, time_limit_ms=8000, clock=clock)
    screen = open_screen(qtbot, controller)
    first = controller.item
    assert first is not None and time_allowed(first) * 1000 > 8000  # the exam's limit bites
    clock.advance(3000)
    with qtbot.waitSignal(controller.itemShown):
        screen.submit(right_answer(first))
    clock.advance(5000)  # the exam's 8 s are up, the second item's own 10 s are not
    with qtbot.waitSignal(controller.finished, timeout=3000) as done:
        pass
    summary = done.args[0]
    assert summary.answered == 2 and summary.correct == 1
    assert session.outcomes[1].answer.timed_out
    assert not spec.passed(summary)  # the third item was never shown
    assert screen.summary.verdict.text().startswith("NOT PASSED")


class _Shouting(QTranslator):
    """A stand-in language: every drill text in capitals (amounts untouched)."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        if source and not context.startswith("Q"):  # placeholders ({amount}, %1) kept
            parts = re.split(r"(\{[^}]*\})", source)
            return "".join(p if p.startswith("{") else p.upper() for p in parts)
        return ""

    def isEmpty(self) -> bool:
        return False


def test_switching_language_retranslates_the_open_screen_and_its_feedback(
    qtbot: QtBot, qapp: QApplication
) -> None:
    session = practice(["roulette.straight_up"], Difficulty.BEGINNER, seed=14)
    controller = DrillController(session)
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(wrong_answer(item))
    assert screen.end_button.text() == "&End session"
    shouting = _Shouting()
    qapp.installTranslator(shouting)
    try:
        qtbot.waitUntil(lambda: screen.end_button.text() == "&END SESSION")
        assert "HOW MUCH DO YOU PAY" in screen.question.text()
        assert screen.feedback.next.text() == "&NEXT ITEM ↵"
        assert "TOO MUCH" in screen.feedback.details.text()
        assert screen.pad.keys["enter"].text() == "PAY ↵"
    finally:
        qapp.removeTranslator(shouting)
    qtbot.waitUntil(lambda: screen.end_button.text() == "&End session")
