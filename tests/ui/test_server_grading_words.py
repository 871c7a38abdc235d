"""Issue 36 on the screens: on a centre's server the grader's result is the record, so a
sitting handed in and not graded yet reads as waiting for grading (since when), and the
workstation's own verdict says it is a preview; on one PC everything reads as before."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from fractions import Fraction

from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty
from dealer_trainer.drills.sessions import ExamSpec, SkillScore, Summary
from dealer_trainer.reports.exams import ExamResult
from dealer_trainer.storage.certification import (
    Grading,
    Refusal,
    SittingRefused,
    SittingScore,
)
from dealer_trainer.storage.records import Exam, ExamAssignment
from dealer_trainer.ui.drills.feedback import SummaryView
from dealer_trainer.ui.exams.review import moment_text, refusal_text, score_text
from dealer_trainer.ui.exams.sitting import ExamEnd

ENDED = datetime(2026, 12, 8, 2, 30, tzinfo=UTC)
SCORE = SittingScore(
    session_id=1, started_at=ENDED - timedelta(minutes=5), ended_at=ENDED, answered=2,
    correct=2, in_time=2, item_count=2, time_taken_ms=6000, pass_mark=Fraction(1, 2),
    speed_mark=None,
)  # fmt: skip
WAITING = replace(SCORE, grading=Grading.WAITING, waiting_since=ENDED)
PAPER = Exam(
    id=1, title="Straight-ups", ruleset_id="roulette-2003", skills=("roulette.straight_up",),
    item_count=2, seed=1, difficulty=1, pass_mark=Fraction(1, 2), time_limit=None,
    created_by=1, created_at=ENDED,
)  # fmt: skip


def test_a_sitting_waiting_for_grading_says_so_with_its_time() -> None:
    assert score_text(WAITING) == f"waiting for grading since {moment_text(ENDED)}"
    assert score_text(SCORE) == "100 %"
    assert WAITING.pending and not SCORE.pending
    said = refusal_text(SittingRefused(Refusal.GRADING, when=ENDED))
    assert "waiting for grading" in said and moment_text(ENDED) in said


def test_the_end_of_a_sitting_on_the_server_says_the_result_is_to_come(qtbot: QtBot) -> None:
    end = ExamEnd(PAPER, WAITING, certified=False)
    qtbot.addWidget(end)
    assert end.headline.text() == "Handed in: Straight-ups"
    assert end.then.text().startswith("Waiting for grading since ")
    assert end.parts.text().startswith("This computer's preview:")
    graded = ExamEnd(PAPER, replace(SCORE, grading=Grading.GRADED), certified=True)
    qtbot.addWidget(graded)
    assert graded.headline.text() == "Passed: Straight-ups"


def test_an_assigned_exams_summary_on_the_server_is_a_preview(qtbot: QtBot) -> None:
    view = SummaryView()
    qtbot.addWidget(view)
    exam = ExamSpec(("roulette.straight_up",), Difficulty.BEGINNER, 1, Fraction(1, 1), seed=1)
    summary = Summary(1, 1, (SkillScore("roulette.straight_up", 1, 1, 4000),))
    view.show_summary(summary, 4000, exam)
    assert view.preview_note.isHidden()  # one PC: the app's verdict is the record
    view.server_grades = True
    view.show_summary(summary, 4000, exam)
    assert not view.preview_note.isHidden()
    assert "the centre's server grades the sitting" in view.preview_note.text()


def test_an_exam_result_waiting_for_grading_is_neither_passed_nor_failed() -> None:
    assignment = ExamAssignment(1, 1, 1, 1, ENDED, None, ENDED)
    result = ExamResult(assignment, 2, 2, 2, Fraction(1, 2), verdict=True, waiting_since=ENDED)
    assert result.passed is None and result.score == 1
    assert ExamResult(assignment, 2, 2, 2, Fraction(1, 2), verdict=True).passed is True
