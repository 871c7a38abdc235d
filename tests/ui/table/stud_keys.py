"""A dealer's keys at Caribbean Stud's deal (pytest-qt): each moment answered right, by key."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.table import Attempt
from dealer_trainer.drills.table.round import Ruled
from dealer_trainer.drills.table.stud_dealing import StudRound, Wait
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.procedure import Step
from dealer_trainer.ui.table import TableScreen
from dealer_trainer.ui.table.irregular import shown_choices

DIGIT = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}


def key_of(call: DealerCall | Step) -> Qt.Key:
    """The key a dealer presses for a call (a fold's: C, the collect)."""
    assert not isinstance(call, Ruled), "a ruling: use rule_by_keys"
    if isinstance(call, Step):
        return Qt.Key.Key_C
    if call.action is CallAction.DEAL:
        return DIGIT[0 if call.box is None else call.box]
    if call.action in (CallAction.ACCEPT_BET, CallAction.ACCEPT_RAISE):
        return Qt.Key.Key_A
    if call.action in (CallAction.REFUSE_BET, CallAction.REFUSE_RAISE):
        return Qt.Key.Key_X
    return Qt.Key.Key_Q if call.qualifies else Qt.Key.Key_W


def press(qtbot: QtBot, screen: TableScreen, key: Qt.Key) -> Attempt:
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        qtbot.keyClick(screen, key)
    attempt = judged.args[0]
    assert isinstance(attempt, Attempt)
    return attempt


def rule_by_keys(qtbot: QtBot, screen: TableScreen, choice: str) -> Attempt:
    """A ruling with the shared irregularity panel's keys: its number, then Enter."""
    round_ = screen.round
    assert round_ is not None
    pending = round_.pending()
    assert pending is not None
    number = [c.id for c in shown_choices(round_, pending)].index(choice) + 1
    qtbot.keyClick(screen, DIGIT[number])
    return press(qtbot, screen, Qt.Key.Key_Return)


def deal_right(
    qtbot: QtBot, screen: TableScreen, until: Callable[[Wait], bool] = lambda wait: False
) -> None:
    """Answer every moment of the deal right with the keys (a round of another game: nothing)
    until ``until`` says stop."""
    round_ = screen.round
    if not isinstance(round_, StudRound):
        return
    while (wait := round_.waiting) is not None and not until(wait):
        if isinstance(wait.right, Ruled):
            attempt = rule_by_keys(qtbot, screen, wait.right.choice)
        else:
            attempt = press(qtbot, screen, key_of(wait.right))
        assert attempt.accepted, (round_.seed, wait, attempt.verdict)
