"""A dialog's message line, which makes its dialog grow to show the whole message.

A word-wrapped label gets its height from its width, and a dialog laid out before the
message came keeps its old height: a long message (a storage problem naming a file and
what to do, in Chinese or Portuguese) was cut off.  Setting the text here asks the dialog
to fit its contents again.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_trainer.ui.kit.status import ERROR_STYLE


class DialogMessage(QLabel):
    """Plain, word-wrapped text in the error colour; its dialog grows to show it whole."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(ERROR_STYLE)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setText(self, text: str) -> None:
        super().setText(text)
        window = self.window()
        if window is not self and window.isVisible():
            window.adjustSize()
