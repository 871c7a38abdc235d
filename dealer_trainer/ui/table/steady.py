"""A word-wrapped label that keeps the height of its tallest text.

The live table's side panel holds a few such lines above the step list: the outcome, the
bet in hand, the deal's prompt.  A label that grew and shrank with each text would move
the step list under it, and the list would lay out and paint every step again at each
step the dealer takes: the one cost a trainee could feel.  This label grows when a text
needs it and gives back nothing until the panel's width changes (a narrower panel wraps
differently, so the height is learnt again).
"""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class SteadyLabel(QLabel):
    """``QLabel`` with word wrap whose height only grows while its width stays."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self._width = -1  # the width its height was learnt at

    def setText(self, text: str) -> None:
        if text == self.text():
            return
        super().setText(text)
        self._hold()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != self._width:
            self._width = event.size().width()
            self.setMinimumHeight(0)
            self._hold()

    def _hold(self) -> None:
        if self._width <= 0:
            return  # not laid out yet: the first resize learns the height
        needed = self.heightForWidth(self._width)
        if needed > self.minimumHeight():
            self.setMinimumHeight(needed)
