"""The dealer's hands at the live table (pytest-qt, offscreen): what the keys do to the round
and to the bet in hand, as a trainee deals."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableRound, steps_in_order
from dealer_trainer.rules.procedure import Action
from dealer_trainer.ui.table import TableScreen
from tests.ui.table.test_table_screen import _do, _screen, _seed_where, _take


def _asked(qtbot: QtBot, screen: TableScreen) -> QMessageBox:
    qtbot.waitUntil(lambda: screen.pending is not None and screen.pending.isVisible())
    box = screen.pending
    assert isinstance(box, QMessageBox)
    return box


def test_table_next_round_asks_before_giving_up_a_round_not_settled(qtbot: QtBot) -> None:
    """N next to M: a key pressed by mistake half-way through a round loses nothing. Enter
    presses the safe default (keep dealing); only the give-up button deals the next round."""
    seed = _seed_where(
        "roulette", lambda r: len(steps_in_order(r.plan)) >= 3 and not r.irregularities
    )
    screen = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    assert _do(qtbot, screen, steps_in_order(round_.plan)[0]).accepted
    started: list[object] = []
    screen.roundStarted.connect(started.append)
    qtbot.keyClick(screen, Qt.Key.Key_N)
    box = _asked(qtbot, screen)
    assert box.defaultButton() is box.escapeButton()  # Enter and Escape: keep dealing
    assert "give up" in box.text().lower() or "Give it up" in box.text()
    with qtbot.waitSignal(box.finished, timeout=2000):
        qtbot.keyClick(box, Qt.Key.Key_Return)
    assert screen.pending is None and not started
    assert screen.round is round_ and not round_.finished and len(round_.done) == 1
    qtbot.keyClick(screen, Qt.Key.Key_N)  # asked again: this time given up
    box = _asked(qtbot, screen)
    with qtbot.waitSignal(screen.roundStarted, timeout=2000):
        qtbot.mouseClick(box.action_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert screen.round is not round_
    summary = round_.summary()
    assert round_.finished and summary.given_up and not summary.complete


def test_table_next_round_after_a_settled_round_deals_at_once(qtbot: QtBot) -> None:
    seed = _seed_where("roulette", lambda r: bool(steps_in_order(r.plan)) and not r.irregularities)
    screen = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    for step in steps_in_order(round_.plan):
        assert _do(qtbot, screen, step).accepted
    assert round_.finished
    with qtbot.waitSignal(screen.roundStarted, timeout=2000):
        qtbot.keyClick(screen, Qt.Key.Key_N)
    assert screen.pending is None


def _nothing_to_settle(round_: TableRound) -> bool:
    return not steps_in_order(round_.plan) and not round_.irregularities


def test_table_timed_a_throw_given_up_with_nothing_to_settle_is_not_a_round_settled(
    qtbot: QtBot,
) -> None:
    """A throw that decided nothing is settled when the dealer says so (S); N gives it up,
    and the pace counts it as given up, not as a throw settled."""
    seed = next(
        s for s in range(400) if _nothing_to_settle(_round("craps", s, Difficulty.BEGINNER))
    )
    screen = _screen(qtbot, "craps", Difficulty.BEGINNER, seed, timed=True)
    qtbot.keyClick(screen, Qt.Key.Key_N)
    box = _asked(qtbot, screen)
    with qtbot.waitSignal(screen.roundFinished, timeout=2000) as finished:
        qtbot.mouseClick(box.action_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    summary = finished.args[0]
    assert summary.given_up and not summary.complete
    assert screen.pace.settled == 0 and screen.pace.given_up == 1
    assert screen.pace_label.toolTip().endswith("1 round given up")


def _round(game: str, seed: int, difficulty: Difficulty) -> TableRound:
    from dealer_trainer.drills.table import new_round
    from dealer_trainer.rules.rulesets import default_ruleset

    return new_round(default_ruleset(game), seed, difficulty)


def test_table_placing_the_marker_keeps_the_bet_in_hand(qtbot: QtBot) -> None:
    """M places the marker on the number; the bet taken in hand with Tab stays in hand (it
    jumped to the next bet, and the payout typed next went beside the wrong bet)."""
    seed = _seed_where(
        "roulette", lambda r: len(r.situation.request["bets"]) >= 3 and not r.irregularities
    )
    screen = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None and not round_.done
    chosen = screen.bets[1]
    _take(qtbot, screen, chosen.target)
    assert screen.current == chosen
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        qtbot.keyClick(screen, Qt.Key.Key_M)
    assert judged.args[0].accepted and judged.args[0].step.action is Action.MARK
    assert screen.current == chosen
    assert screen.view.focused_spot == chosen.spot_id
    assert chosen.title in screen.in_hand.text()
