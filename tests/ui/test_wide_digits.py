"""Full-width digits from a Chinese input method (１２３, ，．。) are digits wherever amounts
and numbers are typed: the drills' keypad line, the mock exam's size, the exam's numbers."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QInputMethodEvent, QKeyEvent
from PySide6.QtWidgets import QApplication, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.ui.drills.answers import AmountPad
from dealer_trainer.ui.kit.digits import accept_wide_digits, ascii_digits


def test_ascii_digits_maps_full_width_digits_and_points() -> None:
    assert ascii_digits("１，２７５．５０") == "1,275.50"
    assert ascii_digits("７。５") == "7.5"
    assert ascii_digits("12 莊") == "12 莊"  # anything else stays


def _type(widget: QWidget, text: str) -> None:
    """Key presses carrying ``text`` (QTest types ASCII only), as a full-width keyboard sends."""
    for char in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))


def test_keypad_reads_full_width_keys(qtbot: QtBot) -> None:
    pad = AmountPad()
    qtbot.addWidget(pad)
    _type(pad.display, "１，２７５")
    assert pad.display.text() == "1,275"
    assert pad.amount_answer().amount == Decimal(1275)


def test_keypad_reads_an_input_method_commit(qtbot: QtBot) -> None:
    pad = AmountPad()
    qtbot.addWidget(pad)
    pad.show()
    pad.display.setFocus()
    event = QInputMethodEvent()
    event.setCommitString("３５０。５")
    QCoreApplication.sendEvent(pad.display, event)
    assert pad.display.text() == "350.5"
    assert pad.amount_answer().amount == Decimal("350.5")


def test_keypad_reads_pasted_full_width_digits(qtbot: QtBot) -> None:
    pad = AmountPad()
    qtbot.addWidget(pad)
    pad.display.insert("１２３")
    assert pad.display.text() == "123"


def test_spin_box_reads_full_width_keys(qtbot: QtBot) -> None:
    box = QSpinBox()
    box.setRange(0, 500)
    accept_wide_digits(box)
    qtbot.addWidget(box)
    box.lineEdit().selectAll()
    _type(box, "４５")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == 45
