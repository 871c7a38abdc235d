"""Issue 15, exams with live-table rounds: the screens they change fit a 1366×768 laptop and
a 1920×1080 monitor in English, Portuguese and Chinese (the checks of test_geometry): the
instructor's exam builder with its rounds and their weighing in words, an exam of both
parts chosen in the exams list, the trainee's live table in the exam's mode, the end
screen with both parts, and the review with a round's replay."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from PySide6.QtCore import QRect
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.certification import Grading, SittingScore
from dealer_trainer.ui.drills.screen import drill_window_size
from dealer_trainer.ui.exams.review import ExamReview, exam_sittings, trainee_sittings
from dealer_trainer.ui.exams.sitting import ExamEnd
from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.kit import geometry
from dealer_trainer.ui.table import TableScreen
from tests.storage.conftest import START, answer
from tests.storage.exam_table_dealer import deal_exam_rounds
from tests.ui.instructor.cohort import Cohort
from tests.ui.test_geometry import _show, assert_fits, cohort, language, room

__all__ = ["cohort", "language", "room"]  # the fixtures of test_geometry, used by name

SKILL = "roulette.straight_up"


def _mixed(cohort: Cohort) -> int:
    """A mixed exam (2 items, 2 spins), sat by Ana Lei with a wrong pay at the table."""
    desk = cohort.store.instructor(cohort.session)
    paper = desk.create_exam(
        "Roulette: payouts and the table, final of the intake",
        "roulette-2003",
        [SKILL],
        2,
        8,
        Fraction(4, 5),
        speed_mark=Fraction(3, 4),
        speed_targets_ms={SKILL: 10_000},
        table_rounds=2,
        table_difficulty=1,
        table_pace=25,
        table_game="roulette",
    )
    [assignment] = desk.assign_exam(paper.id, [cohort.trainees["Ana Lei"]])
    trainee = cohort.store.trainee(cohort.trainees["Ana Lei"])
    handed = trainee.exam_paper(assignment.id)
    session = trainee.start_session(
        handed.ruleset_id, SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    for n in range(2):
        trainee.record_answer(
            session.id,
            answer(n, skill=SKILL, correct=n == 0, time_taken_ms=3000, answered_at=START),
        )
    deal_exam_rounds(trainee, session.id, handed, round_ms=60_000, wrong_first_pay=True)
    trainee.end_session(session.id)
    return paper.id


def test_exam_builder_with_rounds_and_a_mixed_exam_chosen_fit(
    qtbot: QtBot, room: QRect, language: str, cohort: Cohort
) -> None:
    exam_id = _mixed(cohort)
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
        window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(window.exams)
    panel = window.exams
    panel.builder.table_part.rounds.setValue(50)
    panel.builder.table_part.level.setCurrentIndex(2)
    last = panel.builder.preview.item(panel.builder.preview.count() - 1).text()
    assert "Speed:" in last or language != "en"  # the weighing ends the preview
    row = next(i for i, e in enumerate(panel._exams) if e.id == exam_id)
    panel.exam_list.setCurrentRow(row)
    qtbot.waitUntil(lambda: panel.results.rowCount() > 0)
    assert_fits(qtbot, window, room, f"mixed-exam-builder-{language}-{room.height()}")
    window.close()


def test_exam_end_screen_and_the_review_with_rounds_fit(
    qtbot: QtBot, room: QRect, language: str, cohort: Cohort
) -> None:
    exam_id = _mixed(cohort)
    desk = cohort.store.instructor(cohort.session)
    [paper] = [e for e in desk.exams() if e.id == exam_id]
    [(_, _, score)] = desk.sittings(exam_id=exam_id)
    assert isinstance(score, SittingScore) and score.rounds == 2
    end = ExamEnd(paper, score, certified=False)
    _show(qtbot, end)
    assert end.close_button.isDefault()
    assert_fits(qtbot, end, room, f"mixed-exam-end-{language}-{room.height()}")
    end.close()
    # On a centre's server, handed in and waiting for its grader: the preview, said so.
    waiting = replace(score, grading=Grading.WAITING, waiting_since=score.ended_at)
    pending = ExamEnd(paper, waiting, certified=False)
    _show(qtbot, pending)
    assert_fits(qtbot, pending, room, f"mixed-exam-waiting-{language}-{room.height()}")
    pending.close()
    trainee = cohort.store.trainee(cohort.trainees["Ana Lei"])
    for name, review in (
        ("instructor", ExamReview(paper.title, exam_sittings(desk, paper), group=True)),
        ("trainee", ExamReview("Ana Lei", trainee_sittings(trainee))),
    ):
        _show(qtbot, review)
        review.items.setCurrentRow(3)  # the second spin, with its wrong pay
        assert review.shown.currentWidget() is review.replay_view
        assert_fits(qtbot, review, room, f"mixed-exam-review-{name}-{language}-{room.height()}")
        review.close()


def test_live_table_in_an_assigned_exams_mode_fits(
    qtbot: QtBot, room: QRect, language: str
) -> None:
    screen = TableScreen(
        get_ruleset("roulette-2003"),
        Difficulty.ADVANCED,
        seed=5,
        timed=False,
        deal=False,
    )
    screen.exam_only = True
    screen.exam_button.hide()
    screen.timed_button.hide()
    screen.start_exam(50, Fraction(4, 5))
    geometry.restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
    _show(qtbot, screen)
    assert screen.exam is not None and screen.round is not None
    assert_fits(qtbot, screen, room, f"mixed-exam-table-{language}-{room.height()}")
    screen.close()
