"""A tab's status line: one widget, the palette's one green and one red, text as typed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.status import StatusLine


def test_what_was_done_is_green_and_a_refusal_red(qtbot: QtBot) -> None:
    line = StatusLine()
    qtbot.addWidget(line)
    line.say("Saved: Roulette <b>basics</b>")
    assert line.text() == "Saved: Roulette <b>basics</b>"
    assert line.textFormat() == Qt.TextFormat.PlainText  # a title as typed, never HTML
    assert palette.OK in line.styleSheet() and not line.refusing()
    line.say("Give the exam a title.", error=True)
    assert palette.WRONG in line.styleSheet() and line.refusing()
    line.say("")
    assert not line.refusing()


def test_a_line_hidden_when_empty_shows_only_while_it_says_something(qtbot: QtBot) -> None:
    tab = QWidget()
    qtbot.addWidget(tab)
    line = StatusLine(hidden_when_empty=True)
    QVBoxLayout(tab).addWidget(line)
    tab.show()
    qtbot.waitExposed(tab)
    assert not line.isVisible()
    line.say("Tick at least one skill.", error=True)
    assert line.isVisible()
    line.say("")
    assert not line.isVisible()
