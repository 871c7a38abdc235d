"""Craps "Collect, then pay" on screen: bets the throw did not decide stay on the layout.

Seed 10 (beginner): the shooter throws 3-6 on the come-out roll. Any Craps loses and the Field
wins; the Pass Line (9 becomes the point), Hard 8 and Big 8 have no decision.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, Difficulty, practice
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.screen import DrillScreen
from tests.ui.drills.conftest import open_screen

SEED = 10


def _screen(qtbot: QtBot) -> DrillScreen:
    return open_screen(
        qtbot, DrillController(practice(["craps.pay_order"], Difficulty.BEGINNER, SEED))
    )


def _row_of(screen: DrillScreen, bet_id: str) -> int:
    listing = screen.order.bet_list
    return next(
        r
        for r in range(listing.count())
        if listing.item(r).data(Qt.ItemDataRole.UserRole) == bet_id
    )


def test_craps_collect_then_pay_answered_with_the_losing_and_winning_bets_only_is_right(
    qtbot: QtBot,
) -> None:
    screen = _screen(qtbot)
    controller = screen.controller
    item = controller.item
    assert item is not None
    decided = [bet for group in item.expected.order for bet in group]
    listing = screen.order.bet_list
    assert listing.count() > len(decided)  # some bets on the felt have no decision
    for bet in decided:
        listing.setCurrentRow(_row_of(screen, bet))
        qtbot.keyClick(listing, Qt.Key.Key_Return)
    assert screen.order.sequence == decided
    assert screen.order.done.isEnabled()
    with qtbot.waitSignal(controller.feedbackReady) as blocker:
        qtbot.mouseClick(screen.order.done, Qt.MouseButton.LeftButton)
    outcome = blocker.args[0]
    assert outcome.answer == Answer(order=tuple(decided))
    assert outcome.correct


def test_craps_collect_then_pay_a_bet_with_no_decision_is_a_mistake_named_in_the_feedback(
    qtbot: QtBot,
) -> None:
    screen = _screen(qtbot)
    controller = screen.controller
    item = controller.item
    assert item is not None
    decided = [bet for group in item.expected.order for bet in group]
    staying = next(
        screen.order.bet_list.item(r).data(Qt.ItemDataRole.UserRole)
        for r in range(screen.order.bet_list.count())
        if screen.order.bet_list.item(r).data(Qt.ItemDataRole.UserRole) not in decided
    )
    for bet in [*decided, staying]:
        screen.order.pick(bet)
    with qtbot.waitSignal(controller.feedbackReady) as blocker:
        qtbot.mouseClick(screen.order.done, Qt.MouseButton.LeftButton)
    assert not blocker.args[0].correct
    shown = screen.feedback.details.text()
    assert "Pass Line has no decision on this throw: it stays on the layout" in shown
    assert "b1" not in shown and "b2" not in shown  # bets by name, never by id
