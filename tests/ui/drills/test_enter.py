"""Enter presses the default button of what is on show: Next item, the summary's Close,
the article's Close; while the answer is asked, Enter stays the answer's own key."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty, ItemSpec, replay
from dealer_trainer.ui.drills.controller import DrillController
from tests.ui.drills.conftest import open_screen, right_answer


def _active(qtbot: QtBot, screen: QWidget) -> None:
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)


def _focus(screen: QWidget) -> QWidget:
    focused = QApplication.focusWidget()
    return focused if focused is not None and screen.isAncestorOf(focused) else screen


def test_enter_moves_on_to_the_next_item(qtbot: QtBot) -> None:
    specs = [ItemSpec("roulette.straight_up", seed, Difficulty.BEGINNER) for seed in (1, 2)]
    controller = DrillController(replay(specs))
    screen = open_screen(qtbot, controller)
    _active(qtbot, screen)
    first = controller.item
    assert first is not None
    # Enter on the keypad's line gives the typed amount: it answers, it does not move on.
    qtbot.keyClicks(screen.pad.display, str(first.expected.amount))
    with qtbot.waitSignal(controller.feedbackReady):
        qtbot.keyClick(screen.pad.display, Qt.Key.Key_Return)
    assert screen.feedback.isVisible() and screen.feedback.next.isVisible()
    with qtbot.waitSignal(controller.itemShown, timeout=2000):
        qtbot.keyClick(_focus(screen), Qt.Key.Key_Return)
    assert controller.item is not None and controller.item.seed == 2
    assert not screen.feedback.isVisible()


def test_enter_moves_on_even_when_the_felt_has_the_focus(qtbot: QtBot) -> None:
    controller = DrillController(
        replay([ItemSpec("roulette.straight_up", s, Difficulty.BEGINNER) for s in (1, 2)])
    )
    screen = open_screen(qtbot, controller)
    _active(qtbot, screen)
    assert controller.item is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(right_answer(controller.item))
    screen.view.setFocus(Qt.FocusReason.MouseFocusReason)
    with qtbot.waitSignal(controller.itemShown, timeout=2000):
        qtbot.keyClick(screen.view, Qt.Key.Key_Enter)


def test_enter_on_the_summary_closes_it(qtbot: QtBot) -> None:
    controller = DrillController(replay([ItemSpec("roulette.straight_up", 1, Difficulty.BEGINNER)]))
    screen = open_screen(qtbot, controller)
    _active(qtbot, screen)
    assert controller.item is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(right_answer(controller.item))
    with qtbot.waitSignal(controller.finished, timeout=2000):
        qtbot.keyClick(_focus(screen), Qt.Key.Key_Return)
    assert screen.pages.currentWidget() is screen.summary
    with qtbot.waitSignal(screen.closed, timeout=2000):
        qtbot.keyClick(_focus(screen), Qt.Key.Key_Return)


def test_enter_in_the_article_dialog_closes_it(qtbot: QtBot) -> None:
    controller = DrillController(replay([ItemSpec("roulette.straight_up", 1, Difficulty.BEGINNER)]))
    screen = open_screen(qtbot, controller)
    _active(qtbot, screen)
    assert controller.item is not None
    item = controller.item
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(right_answer(item))
    dialog = screen.open_article(item.citation)
    qtbot.waitExposed(dialog)
    with qtbot.waitSignal(dialog.finished, timeout=2000):
        qtbot.keyClick(dialog.tabs.currentWidget(), Qt.Key.Key_Return)
    assert screen.feedback.isVisible()  # the feedback stays: Enter closed only the dialog


def test_enter_pressed_twice_moves_on_one_item(qtbot: QtBot) -> None:
    specs = [ItemSpec("roulette.straight_up", seed, Difficulty.BEGINNER) for seed in (1, 2, 3)]
    controller = DrillController(replay(specs))
    screen = open_screen(qtbot, controller)
    _active(qtbot, screen)
    assert controller.item is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(right_answer(controller.item))
    qtbot.keyClick(_focus(screen), Qt.Key.Key_Return)
    qtbot.keyClick(_focus(screen), Qt.Key.Key_Return)  # lands on the new item's empty line
    assert controller.item is not None and controller.item.seed == 2
    assert screen.pad.error.text()  # "Type an amount such as …", nothing answered
