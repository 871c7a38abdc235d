"""The two doors to the instructor views: first-start account creation and the password.

``FirstStartDialog`` appears while the store has no instructor: it creates the
account (argon2-hashed by storage) and unlocks it. ``LoginDialog`` asks for the
password; after a wrong one it counts down the growing delay storage imposes
(1 s, 2 s, 4 s … at most 30 s, for that account only) and keeps the button disabled until then.
Both leave the unlocked :class:`InstructorSession` in ``session``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
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
from dealer_trainer.storage import (
    InstructorLockedError,
    InstructorSession,
    StorageError,
    Store,
    WrongPasswordError,
)
from dealer_trainer.storage.access import MIN_PASSWORD_LENGTH
from dealer_trainer.storage.errors import InputRefusedError
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.messages import DialogMessage
from dealer_trainer.ui.kit.retry_wait import RetryWait


def _password_field() -> QLineEdit:
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    return field


class FirstStartDialog(QDialog):
    """Create the instructor account on first start (only while there is none)."""

    def __init__(self, store: Store, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self.session: InstructorSession | None = None
        self.setWindowTitle(self.tr("Create the instructor account"))
        intro = QLabel(
            fill(
                self.tr(
                    "This is the first start: nobody can open the instructor views yet. "
                    "Choose the instructor's name, a login and a password of at least %1 "
                    "characters. Everyone signs in with their own login and password; the "
                    "results, exams and reports need this one."
                ),
                str(MIN_PASSWORD_LENGTH),
            )
        )
        intro.setWordWrap(True)
        self.name = QLineEdit()
        self.login = QLineEdit()
        self.login.setPlaceholderText(self.tr("made from the name if empty"))
        self.password = _password_field()
        self.repeat = _password_field()
        form = QFormLayout()
        form.addRow(self.tr("Instructor's &name:"), self.name)
        form.addRow(self.tr("&Login:"), self.login)
        form.addRow(self.tr("&Password:"), self.password)
        form.addRow(self.tr("&Repeat the password:"), self.repeat)
        self.message = DialogMessage()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.create_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.create_button.setText(self.tr("&Create the account"))
        self.buttons.accepted.connect(self.create_account)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(440)
        self.create_button.setDefault(True)  # Enter creates the account (see LoginDialog)

    def create_account(self) -> None:
        if self.password.text() != self.repeat.text():
            self.message.setText(self.tr("The two passwords differ."))
            return
        if len(self.password.text()) < MIN_PASSWORD_LENGTH:
            self.message.setText(
                fill(
                    self.tr("The password must have at least %1 characters."),
                    str(MIN_PASSWORD_LENGTH),
                )
            )
            return
        try:
            self.session = self._store.create_first_instructor(
                self.name.text(), self.password.text(), self.login.text().strip() or None
            )
        except InputRefusedError as exc:  # the password's rule (storage's own sentence)
            self.message.setText(problem_text(exc))
            return
        except ValueError as exc:
            self.message.setText(fill(self.tr("Please check the name: %1"), problem_text(exc)))
            return
        except StorageError as exc:
            self.message.setText(problem_text(exc))
            return
        self.password.clear()
        self.repeat.clear()
        self.accept()


class LoginDialog(QDialog):
    """The instructor password, with the wait after wrong attempts shown as a countdown."""

    countdownFinished = Signal()

    def __init__(
        self,
        store: Store,
        parent: QWidget | None = None,
        *,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self.session: InstructorSession | None = None
        self.setWindowTitle(self.tr("Instructor views"))
        intro = QLabel(self.tr("The results, exams and reports are for the instructor."))
        intro.setWordWrap(True)
        self.name = QLineEdit()
        self.name.setPlaceholderText(
            self.tr("your login; only needed when there are several instructors")
        )
        self.password = _password_field()
        form = QFormLayout()
        form.addRow(self.tr("&Instructor:"), self.name)
        form.addRow(self.tr("&Password:"), self.password)
        self.message = DialogMessage()
        self.countdown = QLabel()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.unlock_button = QPushButton(self.tr("&Unlock"))
        self.buttons.addButton(self.unlock_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.attempt)
        self.buttons.rejected.connect(self.reject)
        self._retry = RetryWait(
            self.countdown,
            (self.unlock_button, self.password),
            self._wait_words,
            monotonic=monotonic,
            parent=self,
        )
        self._retry.finished.connect(self.countdownFinished)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.countdown)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(420)
        # Enter unlocks.  The default is set once the button is in the dialog: set before,
        # the dialog does not know it and makes its first button (Cancel) the default.
        self.unlock_button.setDefault(True)
        self.password.setFocus(Qt.FocusReason.OtherFocusReason)

    def attempt(self) -> None:
        if self._retry.waiting:
            return
        name = self.name.text().strip() or None
        try:
            self.session = self._store.verify_instructor(self.password.text(), name)
        except WrongPasswordError as exc:
            self.password.clear()
            self.message.setText(
                fill(
                    self.tr("Wrong password. Failed attempts in a row: %1."),
                    str(exc.failed_attempts),
                )
            )
            self._retry.start(exc.retry_after)
            return
        except InstructorLockedError as exc:
            self.message.setText(self.tr("Too many wrong passwords."))
            self._retry.start(exc.wait)
            return
        except StorageError as exc:
            self.message.setText(problem_text(exc))
            return
        self.password.clear()
        self.accept()

    def remaining_seconds(self) -> int:
        """Whole seconds left before the next attempt (0: it may be made now)."""
        return self._retry.remaining_seconds()

    def _wait_words(self, left: int) -> str:
        minutes, seconds = divmod(left, 60)
        if not minutes:
            return fill(self.tr("Next attempt possible in %1 s."), str(seconds))
        shown = f"{minutes}:{seconds:02d}"
        return fill(self.tr("Next attempt possible in %1 min."), shown)

    def done(self, result: int) -> None:
        self._retry.stop()
        super().done(result)
