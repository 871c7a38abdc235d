"""The person's own password in place of a one-time one (issue 36): asked after a sign-in
with a password someone else set (``ui/window``), and before an instructor's views open
on one PC (``ui/instructor/entry.py``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.rules.text import fill
from dealer_trainer.storage import StorageError
from dealer_trainer.storage.access import MIN_PASSWORD_LENGTH
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.messages import DialogMessage


class ChoosePasswordDialog(QDialog):
    """The person's own password in place of the one-time one they were given.

    ``change(old, new)`` is the store's ``change_own_password`` for the signed-in person;
    what it refuses is said in the dialog, which stays open. Enter chooses. Every field is
    cleared whatever happens: no password stays in the window.
    """

    def __init__(
        self, login: str, change: Callable[[str, str], None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("choosePassword")
        self._change = change
        self.setWindowTitle(self.tr("Choose your password"))
        intro = QLabel(
            fill(
                self.tr(
                    "The password you signed in with was set for you by an instructor: only "
                    "you should know yours. Choose your own for the login %1 now; until then "
                    "no exam can be started."
                ),
                login,
            )
        )
        intro.setWordWrap(True)
        rule = QLabel(
            fill(
                self.tr(
                    "At least %1 characters, with letters (a to z) and at least one digit, "
                    "space or sign; not your login."
                ),
                str(MIN_PASSWORD_LENGTH),
            )
        )
        rule.setWordWrap(True)
        self.given = QLineEdit()
        self.given.setObjectName("choosePasswordGiven")
        self.new = QLineEdit()
        self.new.setObjectName("choosePasswordNew")
        self.repeat = QLineEdit()
        self.repeat.setObjectName("choosePasswordRepeat")
        form = QFormLayout()
        for field, label, name in (
            (self.given, self.tr("The password you &were given:"), self.tr("Password given")),
            (self.new, self.tr("Your &new password:"), self.tr("New password")),
            (self.repeat, self.tr("The new password &again:"), self.tr("New password again")),
        ):
            field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setAccessibleName(name)
            form.addRow(label, field)
        self.message = DialogMessage()
        self.message.setObjectName("choosePasswordMessage")
        self.buttons = QDialogButtonBox()
        self.choose_button = QPushButton(self.tr("&Choose this password"))
        self.buttons.addButton(self.choose_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.sign_out_button = QPushButton(self.tr("Sign &out"))
        self.buttons.addButton(self.sign_out_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.attempt)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(rule)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)
        self.choose_button.setDefault(True)  # Enter chooses
        self.given.setFocus(Qt.FocusReason.OtherFocusReason)

    def attempt(self) -> None:
        given, new, repeat = self.given.text(), self.new.text(), self.repeat.text()
        if not given:
            self._refuse(self.tr("Enter the password you were given."), self.given)
            return
        if new != repeat:
            self._refuse(self.tr("The two new passwords differ: type the same one twice."))
            return
        try:
            self._change(given, new)
        except (ValueError, StorageError) as exc:
            # Storage's own sentences (the rule broken, a wrong given password); never the
            # text of anything else, which might quote what was typed.
            said = getattr(exc, "text", None)
            self._refuse(problem_text(exc) if said is not None else type(exc).__name__)
            return
        self._clear()
        self.accept()

    def _refuse(self, text: str, focus: QLineEdit | None = None) -> None:
        self._clear()
        self.message.setText(text)
        (focus or self.given).setFocus()

    def _clear(self) -> None:
        for field in (self.given, self.new, self.repeat):
            field.clear()

    def done(self, result: int) -> None:
        self._clear()
        super().done(result)
