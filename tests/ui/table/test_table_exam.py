"""The table exam through its real widgets (pytest-qt, offscreen): rounds dealt with no
verdict shown until the end, then the score and each round's replay with its mistakes;
the replay steps with the keys and the buttons."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import steps_in_order
from dealer_trainer.drills.table.exam import ExamResult, StepKind
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.ui.drills.screen import drill_window_size
from dealer_trainer.ui.kit import geometry
from dealer_trainer.ui.table import TableScreen
from dealer_trainer.ui.table.exam import ExamResults, ExamSetup
from dealer_trainer.ui.table.replay import ReplayView
from tests.ui.table.stud_keys import deal_right
from tests.ui.table.test_table_screen import GAMES, _do, _settle

ROUNDS = 3


def _screen(qtbot: QtBot, game: str, seed: int = 11) -> TableScreen:
    screen = TableScreen(default_ruleset(game), Difficulty.ADVANCED, seed=seed, timed=False)
    qtbot.addWidget(screen)
    screen.resize(1366, 728)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _sit(
    qtbot: QtBot, screen: TableScreen, *, wrong_first_pay: bool
) -> tuple[ExamResult, list[bool]]:
    """An exam of ROUNDS rounds through the keys; in each round, optionally, the first
    pay step paid 1 too much (which rounds had one). No verdict may show while dealing."""
    made: list[bool] = []
    screen.start_exam(ROUNDS, Fraction(4, 5))
    with qtbot.waitSignal(screen.examFinished, timeout=10_000) as finished:
        for number in range(ROUNDS):
            round_ = screen.round
            assert round_ is not None and screen.exam is not None
            assert f"{number + 1}" in screen.round_label.text()
            wrong = wrong_first_pay
            deal_right(qtbot, screen)  # Caribbean Stud: the deal and the calls, right
            for planned in list(round_.missing()):
                assert isinstance(planned, Step)
                step = planned
                if wrong and step.action is Action.PAY and step.amount is not None:
                    step = dataclasses.replace(step, amount=step.amount + Decimal(1))
                    wrong = False
                _do(qtbot, screen, step)
                assert not screen.message.isVisible()  # no verdict while dealing
                shown = screen.steps.item(screen.steps.count() - 1).text()
                assert "✓" not in shown and "✗" not in shown
            made.append(wrong_first_pay and not wrong)
            _settle(qtbot, screen)
            assert "mistake" not in screen.message.text()
            qtbot.keyClick(screen, Qt.Key.Key_Return)  # the next round, or the results
    result = finished.args[0]
    assert isinstance(result, ExamResult)
    return result, made


@pytest.mark.parametrize("game", GAMES)
def test_table_exam_a_perfect_dealer_scores_100_and_passes(qtbot: QtBot, game: str) -> None:
    screen = _screen(qtbot, game)
    result, _ = _sit(qtbot, screen, wrong_first_pay=False)
    assert result.score == 1 and result.passed
    assert isinstance(screen.results, ExamResults)
    assert "100 %" in screen.results.headline.text()
    assert screen.exam is None  # practice again, the exam button back
    assert screen.exam_button.isEnabled()
    assert screen.round is not None  # a round not dealt before: the exam's seeds are used
    assert screen.round.seed not in {r.seed for r in screen.results.exam.played}


def test_table_exam_shows_the_mistakes_only_at_the_end_on_each_rounds_replay(
    qtbot: QtBot,
) -> None:
    screen = _screen(qtbot, "roulette", seed=21)
    result, made = _sit(qtbot, screen, wrong_first_pay=True)
    assert made[0], "the seed's first round has a winner to pay"
    assert result.score < 1
    for score, wrong in zip(result.rounds, made, strict=True):
        assert score.codes == ({"wrong_amount": 1} if wrong else {})
        assert score.by_kind[StepKind.PAY].right == score.by_kind[StepKind.PAY].out_of - wrong
    results = screen.results
    assert isinstance(results, ExamResults)
    qtbot.waitExposed(results)
    replay = results.replay_view
    assert results.rounds.currentRow() == 0  # the first round with a mistake
    wrong = [f.attempt.index for f in replay.frames if not f.attempt.accepted]
    assert wrong, "the round's wrong amount is on its replay"
    for _ in range(wrong[0] + 1):
        with qtbot.waitSignal(replay.frameShown, timeout=2000):
            qtbot.keyClick(replay, Qt.Key.Key_Right)
    assert replay.position == wrong[0]
    assert "✗" in replay.now.text()
    assert "Art." in replay.now.text()  # the pay's article, from the rules core
    assert replay.steps.item(wrong[0]).text().startswith("✗")
    with qtbot.waitSignal(replay.frameShown, timeout=2000):
        qtbot.keyClick(replay, Qt.Key.Key_Home)
    assert replay.position == -1
    with qtbot.waitSignal(replay.frameShown, timeout=2000):
        qtbot.keyClick(replay, Qt.Key.Key_Return)  # Enter: the next step
    assert replay.position == 0
    with qtbot.waitSignal(replay.frameShown, timeout=2000):
        qtbot.mouseClick(replay.back_button, Qt.MouseButton.LeftButton)
    assert replay.position == -1


def test_table_exam_setup_dialog_starts_the_exam(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = _screen(qtbot, "craps")

    def accept(dialog: ExamSetup) -> int:
        dialog.round_count.setValue(2)
        dialog.mark.setValue(90)
        return 1

    monkeypatch.setattr(ExamSetup, "exec", accept)
    qtbot.mouseClick(screen.exam_button, Qt.MouseButton.LeftButton)
    assert screen.exam is not None and screen.exam.rounds == 2
    assert screen.exam.pass_mark == Fraction(9, 10)
    assert "2" in screen.round_label.text() and not screen.exam_button.isEnabled()


def test_table_exam_a_round_moved_on_from_counts_its_steps_missed(qtbot: QtBot) -> None:
    screen = _screen(qtbot, "caribbean_stud")
    screen.start_exam(1, Fraction(4, 5))
    round_ = screen.round
    assert round_ is not None
    needed = len(round_.missing()) + len(
        round_.upcoming()
    )  # Caribbean Stud: the deal and the calls too
    with qtbot.waitSignal(screen.examFinished, timeout=5000) as finished:
        qtbot.keyClick(screen, Qt.Key.Key_N)  # asks first: the round is not settled
        qtbot.waitUntil(lambda: screen.pending is not None and screen.pending.isVisible())
        qtbot.mouseClick(screen.pending.action_button, Qt.MouseButton.LeftButton)  # type: ignore[union-attr]
        if screen.exam is not None:  # given up: then the results
            qtbot.keyClick(screen, Qt.Key.Key_N)
    result = finished.args[0]
    assert result.score == 0 and result.rounds[0].missed == needed
    assert isinstance(screen.results, ExamResults)
    replay: ReplayView = screen.results.replay_view
    assert replay.steps.count() == needed  # each one "Missed"


@pytest.mark.parametrize("language", ["en", "pt", "zh_Hant"])
def test_table_exam_results_and_the_exam_screen_fit_1366x768(
    qtbot: QtBot, language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtCore import QSettings

    from dealer_trainer.ui.kit.language import LanguageManager
    from tests.ui.test_geometry import assert_fits

    available = QRect(0, 0, 1366, 728)
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(available))
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language(language, remember=False)
    try:
        screen = TableScreen(default_ruleset("roulette"), Difficulty.ADVANCED, seed=7)
        qtbot.addWidget(screen)
        geometry.restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
        screen.show()
        qtbot.waitExposed(screen)
        screen.start_exam(1, Fraction(4, 5))
        assert_fits(qtbot, screen, available, f"table-exam-{language}")
        round_ = screen.round
        assert round_ is not None
        for step in steps_in_order(round_.plan)[:3]:
            _do(qtbot, screen, step)
        _settle(qtbot, screen)
        with qtbot.waitSignal(screen.examFinished, timeout=5000):
            qtbot.keyClick(screen, Qt.Key.Key_Return)
        results = screen.results
        assert results is not None
        qtbot.waitExposed(results)
        results.replay_view.show_frame(2)
        assert_fits(qtbot, results, available, f"table-exam-results-{language}")
        setup = ExamSetup(screen)
        setup.show()
        qtbot.waitExposed(setup)
        assert_fits(qtbot, setup, available, f"table-exam-setup-{language}")
        setup.close()
    finally:
        manager.set_language("en", remember=False)
