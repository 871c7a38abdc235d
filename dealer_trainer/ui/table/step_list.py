"""The live table's list of the dealer's steps, newest at the bottom.

Each step's lines wrap to the list's width.  A plain word-wrapped ``QListWidget`` lays
out every row again (a text layout each) whenever a row is added, so a step took longer
the further the round had gone; this list measures a row once, when it is added, and
keeps that height until the list's width changes.  Its scroll bar is always there: one
that came at the round's tenth step and went with the next round would narrow the list
and wrap every row again.  The table's style sheet draws that scroll bar flat (``#steps
QScrollBar``): the style's own, with its gradients, took longer to paint at each step than
the felt's changes (2 ms against 0.04 ms).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget


class StepList(QListWidget):
    """The steps of the round, each row measured once at the list's width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)

    def minimumSizeHint(self) -> QSize:
        """As low as its minimum height: the flat scroll bar the table's style sheet draws
        has no arrows, so the style's own least height (68 px, room for two arrows and a
        handle) is more than it needs where the panel is short of room."""
        hint = super().minimumSizeHint()
        return QSize(hint.width(), min(hint.height(), max(self.minimumHeight(), 1)))

    def add(self, item: QListWidgetItem) -> None:
        """The step's row at the bottom, shown."""
        self.addItem(item)
        self._measure(item)
        self.scrollToBottom()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():  # the rows wrap anew
            rows = [self.item(n) for n in range(self.count())]
            for row in rows:
                row.setData(Qt.ItemDataRole.SizeHintRole, None)
            for row in rows:
                self._measure(row)

    def _measure(self, item: QListWidgetItem) -> None:
        """The row's height as the list lays it out now, kept with the row."""
        size = self.visualItemRect(item).size()
        if size.isValid():
            item.setSizeHint(size)
