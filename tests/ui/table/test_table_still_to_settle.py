"""The bets a round still waits for, listed beside the felt at every moment (pytest-qt,
offscreen): what the plan still wants in practice, what the dealer has not dealt with in
an exam, by name; a click on one takes it in hand."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import steps_in_order
from dealer_trainer.rules.procedure import Action, Step, Target
from dealer_trainer.ui.table import TableScreen
from dealer_trainer.ui.table.bets import missing_targets
from tests.ui.table.stud_keys import deal_right
from tests.ui.table.test_table_screen import _do, _screen, _seed_where, _settle


def _names(screen: TableScreen, targets: set[Target]) -> list[str]:
    """The bets of ``targets`` as the list names them, in the order they lie on the felt."""
    names = ["The marker"] if Target(marker=True) in targets else []
    return names + [b.label if b.amount else b.title for b in screen.bets if b.target in targets]


@pytest.mark.parametrize("game", ["roulette", "craps", "caribbean_stud", "sic_bo"])
def test_table_the_bets_still_to_settle_are_listed_at_every_moment(qtbot: QtBot, game: str) -> None:
    """From the first step to the last the side panel names every bet the round still waits
    for (before, only a refusal named one, and only the first)."""
    seed = _seed_where(game, lambda r: len(steps_in_order(r.plan)) >= 3 and not r.irregularities)
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    deal_right(qtbot, screen)  # Caribbean Stud: listed once the showdown is reached
    for step in list(round_.missing()):
        assert isinstance(step, Step)
        waiting = set(missing_targets(round_))
        assert screen.remaining.isVisible()
        assert screen.remaining.texts() == _names(screen, waiting)
        assert str(len(waiting)) in screen.remaining.heading.text()
        assert _do(qtbot, screen, step).accepted
    if not round_.finished:
        assert screen.remaining.texts() == [] and not screen.remaining.bets.isVisible()
        assert "S declares the round settled" in screen.remaining.heading.text()
        assert _settle(qtbot, screen).accepted
    assert round_.finished and not screen.remaining.isVisible()  # the end is said below


def test_table_a_bet_clicked_in_the_list_is_taken_in_hand(qtbot: QtBot) -> None:
    seed = _seed_where(
        "roulette", lambda r: len(r.situation.request["bets"]) >= 3 and not r.irregularities
    )
    screen = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed)
    last = screen.remaining.bets.count() - 1
    item = screen.remaining.bets.item(last)
    target = item.data(Qt.ItemDataRole.UserRole)
    assert isinstance(target, Target)
    screen.remaining.bets.scrollToItem(item)
    rect = screen.remaining.bets.visualItemRect(item)
    qtbot.mouseClick(screen.remaining.bets.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert screen.current is not None and screen.current.target == target
    assert screen.remaining.bets.currentItem() is item  # the bet in hand, shown in the list


def test_table_exam_lists_the_bets_not_dealt_with_yet_not_the_plan(qtbot: QtBot) -> None:
    """No verdict while dealing an exam: the list is of the bets the dealer has not touched
    (a bet paid wrongly is dealt with, as a bet collected is), never what the plan wants."""
    seed = _seed_where(
        "roulette",
        lambda r: (
            not r.irregularities
            and any(s.action is Action.PAY for s in steps_in_order(r.plan))
            and len(r.situation.request["bets"]) >= 2
        ),
    )
    screen = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed)
    screen.start_exam(1, Fraction(4, 5))
    round_ = screen.round
    assert round_ is not None and round_.mode == "exam"
    everything = {b.target for b in screen.bets} | {Target(marker=True)}
    assert screen.remaining.texts() == _names(screen, everything)
    assert "Not dealt with yet" in screen.remaining.heading.text()
    pay = next(s for s in steps_in_order(round_.plan) if s.action is Action.PAY)
    wrong = Step(Action.PAY, pay.target, amount=(pay.amount or Decimal(0)) + 5)
    _do(qtbot, screen, wrong)  # out of turn and a wrong amount: no verdict shown
    assert screen.remaining.texts() == _names(screen, everything - {pay.target})
