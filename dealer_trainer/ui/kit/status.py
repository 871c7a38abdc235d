"""A tab's status line: what the last action did, in the palette's one green or one red.

Eight tabs wrote their own (``_say``), in two greens. ``StatusLine`` is a ``QLabel`` (its
``text()`` is what a test or a screen reader reads): plain text, so that a name or a title is
shown as typed and never as HTML, word-wrapped, and coloured by what it says::

    self.message = StatusLine()
    self.message.say(fill(self.tr("“%1” is saved."), title))  # done: OK's green
    self.message.say(problem_text(exc), error=True)  # refused or failed: WRONG's red
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from dealer_trainer.ui.kit import palette

DONE_STYLE = f"color: {palette.OK};"
ERROR_STYLE = f"color: {palette.WRONG};"


class StatusLine(QLabel):
    """Plain, word-wrapped text saying what was done (green) or refused (red).

    ``hidden_when_empty``: the line takes no room while it has nothing to say.
    """

    def __init__(self, parent: QWidget | None = None, *, hidden_when_empty: bool = False) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # names and titles as typed, never HTML
        self.setWordWrap(True)
        self._hidden_when_empty = hidden_when_empty
        self._error = False
        if hidden_when_empty:
            self.hide()

    def say(self, text: str, *, error: bool = False) -> None:
        """Say ``text``: a refusal or a failure (``error``) in red, what was done in green."""
        self._error = error and bool(text)
        self.setStyleSheet(ERROR_STYLE if error else DONE_STYLE)
        self.setText(text)
        if self._hidden_when_empty:
            self.setVisible(bool(text))

    def refusing(self) -> bool:
        """Does the line say a refusal or a failure now?"""
        return self._error and bool(self.text())
