"""Answer entry: keypad, chips, bets in order (felt clicks too), typed amounts in any locale."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QLocale, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, Difficulty, practice
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.kit.rendering import format_money, parse_amount_text
from tests.ui.drills.conftest import open_screen


def _screen(qtbot: QtBot, skill_id: str, difficulty: Difficulty, seed: int) -> DrillScreen:
    return open_screen(qtbot, DrillController(practice([skill_id], difficulty, seed)))


def test_keypad_buttons_backspace_and_clear_build_the_amount(qtbot: QtBot) -> None:
    screen = _screen(qtbot, "roulette.straight_up", Difficulty.BEGINNER, 1)
    pad = screen.pad
    for key in ("1", "2", "7", "5", "00"):
        qtbot.mouseClick(pad.keys[key], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(pad.keys["back"], Qt.MouseButton.LeftButton)
    assert pad.display.text() == "12750"
    assert pad.amount_answer() == Answer(amount=Decimal("12750"))
    qtbot.mouseClick(pad.keys["clear"], Qt.MouseButton.LeftButton)
    assert pad.display.text() == ""
    with pytest.raises(ValueError):
        pad.amount_answer()
    pad.enter()  # nothing typed: a message, no answer
    assert "Type an amount" in pad.error.text()
    assert screen.controller.session.outcomes == []


def test_portuguese_amounts_read_with_their_separators_and_misgrouping_refused() -> None:
    portuguese = QLocale(QLocale.Language.Portuguese, QLocale.Country.Macao)
    # The app's convention for Portuguese (dealer_trainer.i18n.numbers): "." groups, "," cents.
    assert format_money(Decimal("1275.5"), portuguese) == "1.275,50"
    assert parse_amount_text("1.275,50", portuguese) == Answer(amount=Decimal("1275.50"))
    assert parse_amount_text("7,50", portuguese) == Answer(amount=Decimal("7.50"))
    with pytest.raises(ValueError, match="grouped in threes"):
        parse_amount_text("7.50", portuguese)  # never read as 750
    with pytest.raises(ValueError):
        parse_amount_text("7.505", QLocale(QLocale.Language.English))


def test_roulette_art7_chip_builder_pays_in_fewest_chips_from_intermediate(
    qtbot: QtBot,
) -> None:
    screen = _screen(qtbot, "roulette.straight_up", Difficulty.INTERMEDIATE, 7)
    controller = screen.controller
    item = controller.item
    assert item is not None and item.expected.amount is not None
    screen.amount_tabs.setCurrentWidget(screen.chips)
    builder = screen.chips
    assert builder.denominations == item.expected.denominations
    smallest = min(builder.denominations)
    # The amount in the smallest chip alone: right total, too many chips.
    count = int(item.expected.amount / smallest)
    builder.setFocus()
    for _ in range(count + 1):
        qtbot.keyClick(builder, Qt.Key.Key_1)
    qtbot.keyClick(builder, Qt.Key.Key_Backspace)
    assert builder.chips_total() == item.expected.amount
    assert f"in {count} chips" in builder.total.text()
    with qtbot.waitSignal(controller.feedbackReady) as blocker:
        qtbot.keyClick(builder, Qt.Key.Key_Return)
    outcome = blocker.args[0]
    assert outcome.answer == Answer(chips={smallest: count})
    assert count > sum(item.expected.fewest_chips.values())
    assert not outcome.correct
    assert "would do" in screen.feedback.details.text()


def test_roulette_art5_1_pay_order_by_clicking_the_bets_on_the_felt(qtbot: QtBot) -> None:
    screen = _screen(qtbot, "roulette.pay_order", Difficulty.BEGINNER, 12)
    controller = screen.controller
    item = controller.item
    assert item is not None
    assert screen.answers.currentWidget() is screen.order
    spots = item.situation["spots"]
    order = [bet for group in item.expected.order for bet in group]
    scene = screen.view.felt_scene()
    assert not screen.order.done.isEnabled()
    for bet in order[:-1]:
        scene.spotClicked.emit(spots[bet])
    scene.spotClicked.emit(spots[order[0]])  # a bet already picked is not picked twice
    assert screen.order.done.isEnabled()  # the trainee, not the count of bets, says "done"
    screen.order.undo()
    assert screen.order.sequence == order[:-2]
    for bet in order[-2:]:
        screen.order.pick(bet)
    assert screen.order.chosen.count() == len(order)
    with qtbot.waitSignal(controller.feedbackReady) as blocker:
        qtbot.mouseClick(screen.order.done, Qt.MouseButton.LeftButton)
    assert blocker.args[0].correct
    assert blocker.args[0].answer == Answer(order=tuple(order))


def test_craps_collect_then_pay_by_keyboard_in_the_bet_list(qtbot: QtBot) -> None:
    screen = _screen(qtbot, "craps.pay_order", Difficulty.BEGINNER, 21)
    controller = screen.controller
    item = controller.item
    assert item is not None
    listing = screen.order.bet_list
    wanted = [bet for group in item.expected.order for bet in group]
    assert listing.count() == len(wanted)
    shown = [listing.item(r) for r in range(listing.count())]
    for bet in wanted:
        row = next(
            r
            for r in range(listing.count())
            if listing.item(r).data(Qt.ItemDataRole.UserRole) == bet
        )
        listing.setCurrentRow(row)
        qtbot.keyClick(listing, Qt.Key.Key_Return)
    assert screen.order.sequence == wanted
    assert all(row.isHidden() for row in shown)  # picked bets leave the list
    with qtbot.waitSignal(controller.feedbackReady) as blocker:
        screen.order.enter()
    assert blocker.args[0].correct


def test_hints_in_practice_only(qtbot: QtBot) -> None:
    screen = _screen(qtbot, "roulette.picture_bets", Difficulty.BEGINNER, 2)
    assert screen.hint_button.isVisible() and not screen.hint.isVisible()
    qtbot.mouseClick(screen.hint_button, Qt.MouseButton.LeftButton)
    assert "multiply" in screen.hint.text()
    timed = DrillController(practice(["roulette.picture_bets"], Difficulty.BEGINNER, 2, timed=True))
    other = DrillScreen(timed)
    qtbot.addWidget(other)
    other.show()
    timed.start()
    assert not other.hint_button.isVisible()
    other.show_hint()
    assert other.hint.text() == ""
    timed.stop()
