"""The instructor's drill-down: a trainee's table rounds (practice and exam), and a round's
replay opened from it and stepped through with the keys."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableMode, new_round, steps_in_order
from dealer_trainer.rules.procedure import Action
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage.table_recorder import TableRecorder
from dealer_trainer.ui.kit import geometry
from dealer_trainer.ui.table.replay import ReplayWindow
from tests.ui.instructor.cohort import Cohort
from tests.ui.instructor.test_dashboard import open_window


def _deal_rounds(cohort: Cohort) -> None:
    """Ana deals an exam round with a wrong amount, and a clean practice round."""
    desk = cohort.store.trainee(cohort.trainees["Ana Lei"])
    recorder = TableRecorder.start(desk, "roulette-2003")
    ruleset = default_ruleset("roulette")
    seed = next(
        s
        for s in range(100)
        if any(
            p.action is Action.PAY
            for p in steps_in_order(new_round(ruleset, s, Difficulty.ADVANCED).plan)
        )
    )
    exam = new_round(ruleset, seed, Difficulty.ADVANCED, recorder=recorder, mode=TableMode.EXAM)
    wrong = True
    for planned in steps_in_order(exam.plan):
        step = planned
        if wrong and step.action is Action.PAY and step.amount is not None:
            step, wrong = dataclasses.replace(step, amount=step.amount + Decimal(5)), False
        exam.act(step)
    exam.close()
    practice = new_round(ruleset, seed + 1, Difficulty.BEGINNER, recorder=recorder)
    for step in steps_in_order(practice.plan):
        practice.act(step)
    recorder.close()


def test_instructor_opens_a_table_rounds_replay_from_the_drill_down_and_steps_through_it(
    qtbot: QtBot, cohort: Cohort
) -> None:
    _deal_rounds(cohort)
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    with qtbot.waitSignal(trainee.roundsLoaded, timeout=10_000):
        trainee.show_trainee(cohort.trainees["Ana Lei"])
        window.tabs.setCurrentWidget(window.trainee_page)
    rounds = trainee.table_rounds
    trainee.pages.setCurrentWidget(rounds)
    assert rounds.table.rowCount() == 2
    assert rounds.table.item(0, 2).text() == "Practice"  # newest first
    assert rounds.table.item(1, 2).text() == "Exam"
    assert rounds.table.item(1, 4).text() == "1"
    assert "wrong amount" in rounds.table.item(1, 6).text()
    assert "wrong_amount" not in rounds.summary.text()  # never a code, always words
    assert "wrong amount" in rounds.summary.text()
    rounds.table.selectRow(1)
    with qtbot.waitSignal(rounds.replayOpened, timeout=5000) as opened:
        qtbot.keyClick(rounds.table, Qt.Key.Key_Return)  # Enter: Replay
    replay_window = opened.args[0]
    assert isinstance(replay_window, ReplayWindow)
    qtbot.waitExposed(replay_window)
    view = replay_window.replay_view
    wrong = next(f.attempt.index for f in view.frames if not f.attempt.accepted)
    assert view.position == -1
    for _ in range(wrong + 1):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.position == wrong and "✗" in view.now.text()
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert view.position == len(view.frames) - 1
    qtbot.mouseClick(view.first_button, Qt.MouseButton.LeftButton)
    assert view.position == -1
    replay_window.close()


@pytest.mark.parametrize("language", ["en", "pt", "zh_Hant"])
def test_table_rounds_tab_and_a_replay_window_fit_1366x768(
    qtbot: QtBot, cohort: Cohort, language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtCore import QSettings

    from dealer_trainer.ui.kit.language import LanguageManager
    from tests.ui.test_geometry import assert_fits

    available = QRect(0, 0, 1366, 728)
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(available))
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language(language, remember=False)
    try:
        _deal_rounds(cohort)
        window = open_window(qtbot, cohort)
        trainee = window.trainee
        with qtbot.waitSignal(trainee.roundsLoaded, timeout=10_000):
            window.open_trainee(cohort.trainees["Ana Lei"])
        trainee.pages.setCurrentWidget(trainee.table_rounds)
        assert_fits(qtbot, window, available, f"instructor-table-rounds-{language}")
        trainee.table_rounds.table.selectRow(1)
        replay_window = trainee.table_rounds.replay_current()
        assert replay_window is not None
        qtbot.waitExposed(replay_window)
        replay_window.replay_view.show_frame(2)
        assert_fits(qtbot, replay_window, available, f"instructor-replay-{language}")
        replay_window.close()
        window.close()
    finally:
        manager.set_language("en", remember=False)
