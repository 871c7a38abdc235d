"""The item's clock stands still while "Leave the exam?" is asked.

A trainee reading the question lost the item on show: it timed out behind the dialog
(recorded as not right) and the exam moved on, so "resume later" went on one item
further than the dialog had said.
"""

from __future__ import annotations

from fractions import Fraction

from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, Difficulty
from dealer_trainer.drills.sessions import ExamSpec, exam
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.leave_exam import Leave
from tests.ui.drills.conftest import HandClock, open_screen


def _exam_screen(qtbot: QtBot, clock: HandClock):  # type: ignore[no-untyped-def]
    paper = ExamSpec(("roulette.straight_up",), Difficulty.BEGINNER, 4, Fraction(3, 4), seed=3)
    session = exam(paper)
    controller = DrillController(session, exam=paper, clock=clock)
    return controller, open_screen(qtbot, controller)


def test_no_time_runs_out_while_the_trainee_reads_the_question(
    qtbot: QtBot, clock: HandClock
) -> None:
    controller, screen = _exam_screen(qtbot, clock)
    assert controller.session.timed
    item = controller.item
    assert item is not None and item.expected.amount is not None
    clock.advance(2_000)
    left = controller.time_left_ms()

    def reads_for_a_minute(*args: object) -> Leave:
        clock.advance(60_000)
        controller._tick()  # the clock's timer fires behind the dialog
        return Leave.KEEP_GOING

    screen.ask_leave_exam = reads_for_a_minute  # type: ignore[method-assign]
    assert not screen.end_session()
    assert controller.item is item  # still the same item, not timed out
    assert controller.session.outcomes == []
    assert controller.time_left_ms() == left  # and with the time it had
    clock.advance(1_500)
    with qtbot.waitSignal(controller.answerRecorded) as recorded:
        screen.submit(Answer(amount=item.expected.amount))
    assert recorded.args[0].elapsed_ms == 3_500  # the minute of reading is not counted
