"""Confirmations that name whom they act on: archive (Cancel is the default), rename.

Both open window-modal without a nested event loop (``open()``): the caller gets the
answer through ``decided`` (pytest-qt waits on it), and Enter presses the default
button, Escape cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.ui.kit.status import ERROR_STYLE


class Confirmation(QMessageBox):
    """ "Archive Ana Lei?" with the action and Cancel; Cancel is the default unless asked."""

    decided = Signal(bool)

    def __init__(
        self,
        title: str,
        question: str,
        action: str,
        parent: QWidget | None = None,
        *,
        cancel_is_default: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("confirmation")
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(title)
        self.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, never HTML
        self.setText(question)
        self.action_button = self.addButton(action, QMessageBox.ButtonRole.AcceptRole)
        self.cancel_button = self.addButton(QMessageBox.StandardButton.Cancel)
        self.cancel_button.setText(self.tr("Cancel"))
        self.setEscapeButton(self.cancel_button)
        self.setDefaultButton(self.cancel_button if cancel_is_default else self.action_button)
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.buttonClicked.connect(self._clicked)
        self.rejected.connect(lambda: self._answer(False))
        self._answered = False

    def _clicked(self, button: QAbstractButton) -> None:
        self._answer(button is self.action_button)

    def _answer(self, yes: bool) -> None:
        if not self._answered:
            self._answered = True
            self.decided.emit(yes)


class FormDialog(QDialog):
    """A dialog whose default button tries the change first (``attempt``): a refusal is said
    inside the dialog, which stays open with what was typed; once it is done, it closes."""

    decided = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.attempt: Callable[[], str | None] | None = None
        #: Where the person corrects a refusal: focused, its text selected (the subclass's).
        self.retry_field: QLineEdit | None = None
        self.message = QLabel()
        self.message.setObjectName("refusal")
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names as typed, never HTML
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.hide()  # until a refusal: no empty line meanwhile
        self.rejected.connect(lambda: self.decided.emit(False))
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def accept(self) -> None:
        problem = self.attempt() if self.attempt is not None else None
        if problem:
            self.message.setText(problem)
            self.message.show()
            self.adjustSize()  # taller by the refusal's lines: nothing of it is cut
            self.refused()
            return
        super().accept()
        self.decided.emit(True)

    def refused(self) -> None:
        """After a refusal is said: back to the field where the person corrects it."""
        if self.retry_field is not None:
            self.retry_field.setFocus()
            self.retry_field.selectAll()


class RenameDialog(FormDialog):
    """The new name (or number) for one named person or group; Enter renames, Escape
    cancels; a refused name is said in the dialog, which keeps it for correcting."""

    def __init__(
        self,
        title: str,
        prompt: str,
        current: str,
        parent: QWidget | None = None,
        *,
        action: str | None = None,
    ) -> None:
        """``action``: the default button's text (default "Rename")."""
        super().__init__(parent)
        self.setObjectName("renameDialog")
        self.setWindowTitle(title)
        label = QLabel(prompt)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        self.name = QLineEdit(current)
        self.name.selectAll()
        label.setBuddy(self.name)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("&Rename") if action is None else action)
        self.ok_button.setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addWidget(self.name)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(420)
        self.retry_field = self.name


class Asks(Protocol):
    """A panel that asks in a dialog: the one open now is ``pending`` (tests reach it)."""

    pending: QDialog | None


def ask_then(owner: Asks, dialog: QDialog, then: Callable[[], object]) -> None:
    """Open ``dialog`` window-modal as ``owner.pending``; once it is answered yes (the action
    of a :class:`Confirmation`, Rename, OK), run ``then``; the dialog is deleted after."""
    owner.pending = dialog

    def answered(yes: bool) -> None:
        owner.pending = None
        if yes:
            then()
        dialog.deleteLater()

    decided = getattr(dialog, "decided", None)
    if decided is not None:
        decided.connect(answered)
    else:
        dialog.finished.connect(lambda result: answered(result == QDialog.DialogCode.Accepted))
    dialog.open()


def ask_until_done(owner: Asks, dialog: FormDialog, attempt: Callable[[], str | None]) -> None:
    """Open ``dialog`` as :func:`ask_then` does; each press of its default button runs
    ``attempt``, whose refusal (its text) the dialog says and stays open for: nothing typed
    is lost. ``None`` from ``attempt`` (it is done) closes it."""
    dialog.attempt = attempt
    ask_then(owner, dialog, lambda: None)
