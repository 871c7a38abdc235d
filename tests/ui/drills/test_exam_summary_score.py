"""An exam left half-way is scored on all its items in the summary's headline.

After one right answer of a 20-item mock exam the summary read "1 of 1 right (100%)"
above "NOT PASSED … Items not answered: 19": the headline now says "1 of 20 right (5%)".
"""

from __future__ import annotations

from fractions import Fraction

from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty
from dealer_trainer.drills.sessions import ExamSpec, SkillScore, Summary
from dealer_trainer.ui.drills.feedback import SummaryView


def test_exam_headline_counts_every_item(qtbot: QtBot) -> None:
    view = SummaryView()
    qtbot.addWidget(view)
    exam = ExamSpec(("roulette.straight_up",), Difficulty.BEGINNER, 20, Fraction(4, 5), seed=1)
    summary = Summary(1, 1, (SkillScore("roulette.straight_up", 1, 1, 4000),))
    view.show_summary(summary, 21_000, exam)
    assert view.headline.text() == "1 of 20 right (5%)"
    assert "Items not answered: 19" in view.verdict.text()


def test_practice_headline_counts_the_answers(qtbot: QtBot) -> None:
    view = SummaryView()
    qtbot.addWidget(view)
    summary = Summary(3, 2, (SkillScore("roulette.straight_up", 3, 2, 4000),))
    view.show_summary(summary, 21_000, None)
    assert view.headline.text() == "2 of 3 right (67%)"
