"""Signing in: each trainee and each instructor with their own login and password.

The main window's *Sign in…* opens :class:`SignInDialog`. A trainee's answers, exams
and mistakes are reached only once signed in (the drills ask the store for the
signed-in person's desk); an instructor signing in here opens the instructor views.
After a wrong password the dialog counts down the wait storage imposes on that
account (1 s, 2 s, 4 s … at most 30 s), with the button disabled until then.

A password someone else set (an instructor, or IT on a centre's server) is one-time
(``Person.must_choose_password``): right after signing in, :class:`ChoosePasswordDialog`
asks for it again and for the person's own, before anything else; cancelled, the person
is signed out (issue 36).

``sign_in`` is what checks: on a single PC ``Store.sign_in`` (the app's argon2
hashes); on a server the login and password become the PostgreSQL connection's
(``storage.opening.open_store(url, login=..., password=...)`` then ``Store.sign_in``). There the
dialog is given ``begin`` instead, which starts that work on a worker thread
(``AppStore.sign_in_in_background``): the dialog shows "Signing in…" (the server may
make a wrong password wait) with its fields disabled, and :meth:`SignInDialog.finish`
or :meth:`SignInDialog.refuse` ends the wait.
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
    AccessDeniedError,
    InstructorLockedError,
    StorageError,
    WrongPasswordError,
)
from dealer_trainer.storage.errors import AccountDisabledError
from dealer_trainer.storage.records import Person
from dealer_trainer.storage.signin import NoPasswordYetError
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.messages import DialogMessage
from dealer_trainer.ui.kit.retry_wait import RetryWait


class SignInDialog(QDialog):
    """Login and password; ``person`` once signed in. Enter signs in."""

    countdownFinished = Signal()

    def __init__(
        self,
        sign_in: Callable[[str, str], Person] | None,
        parent: QWidget | None = None,
        *,
        monotonic: Callable[[], float] = time.monotonic,
        begin: Callable[[str, str], None] | None = None,
    ) -> None:
        """``sign_in`` checks at once (single PC); or ``begin`` starts the check elsewhere
        and ``finish`` / ``refuse`` end it (a server's sign-in, off the GUI thread)."""
        super().__init__(parent)
        if (sign_in is None) == (begin is None):
            raise ValueError("give either sign_in or begin")
        self.setObjectName("signIn")
        self._sign_in = sign_in
        self._begin = begin
        self.is_signing_in = False
        self.person: Person | None = None
        self.setWindowTitle(self.tr("Sign in"))
        intro = QLabel(
            self.tr(
                "Sign in with the login and password your instructor gave you. Your "
                "answers, exams and mistakes are yours: nobody else at this computer sees "
                "them."
            )
        )
        intro.setWordWrap(True)
        self.login = QLineEdit()
        self.login.setObjectName("signInLogin")
        self.login.setAccessibleName(self.tr("Login"))
        self.password = QLineEdit()
        self.password.setObjectName("signInPassword")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(self.tr("Password"))
        form = QFormLayout()
        form.addRow(self.tr("&Login:"), self.login)
        form.addRow(self.tr("&Password:"), self.password)
        self.message = DialogMessage()
        self.message.setObjectName("signInMessage")
        self.countdown = QLabel()
        self.countdown.setObjectName("signInCountdown")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.sign_in_button = QPushButton(self.tr("&Sign in"))
        self.buttons.addButton(self.sign_in_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.attempt)
        self.buttons.rejected.connect(self.reject)
        self._retry = RetryWait(
            self.countdown,
            (self.sign_in_button, self.password),
            lambda left: fill(self.tr("You can try again in %1 s."), str(left)),
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
        self.setMinimumWidth(440)
        self.sign_in_button.setDefault(True)  # set once in the dialog (see LoginDialog)
        self.login.setFocus(Qt.FocusReason.OtherFocusReason)

    def attempt(self) -> None:
        if self._retry.waiting or self.is_signing_in:
            return
        if not self.login.text().strip():
            self.message.setText(self.tr("Enter your login."))
            self.login.setFocus()
            return
        if self._begin is not None:
            login, password = self.login.text(), self.password.text()
            self.password.clear()  # never left in the field
            self._set_signing_in(True)
            self._begin(login, password)
            return
        assert self._sign_in is not None
        try:
            person = self._sign_in(self.login.text(), self.password.text())
        except StorageError as exc:
            self.refuse(exc)
            return
        self.finish(person)

    def _set_signing_in(self, busy: bool) -> None:
        self.is_signing_in = busy
        for field in (self.login, self.password, self.sign_in_button):
            field.setEnabled(not busy)
        if busy:
            self.message.clear()
            self.countdown.setText(self.tr("Signing in…"))
        else:
            self.countdown.clear()

    def finish(self, person: Person) -> None:
        """Signed in as ``person``: the dialog closes."""
        self._set_signing_in(False)
        self.person = person
        self.password.clear()
        self.accept()

    def refuse(self, error: Exception) -> None:
        """The sign-in failed: say why in the dialog (the wait after a wrong password)."""
        self._set_signing_in(False)
        self.password.clear()
        if isinstance(error, WrongPasswordError):
            self.message.setText(self.tr("The login or the password is wrong."))
            self._retry.start(error.retry_after)
        elif isinstance(error, InstructorLockedError):
            self.message.setText(
                self.tr("Several wrong passwords for this login: wait before trying again.")
            )
            self._retry.start(error.wait)
        elif isinstance(error, NoPasswordYetError):
            self.message.setText(
                self.tr("No password is set for this login yet: ask your instructor to set one.")
            )
        elif isinstance(error, AccountDisabledError):  # told after the right password only
            self.message.setText(
                self.tr(
                    "This account may no longer sign in (a disabled instructor or an archived "
                    "trainee): ask an instructor of the centre to enable it again."
                )
            )
        elif isinstance(error, AccessDeniedError):  # the server does not say which was wrong
            self.message.setText(self.tr("The login or the password is wrong."))
        elif isinstance(error, StorageError):  # an unreachable server, a wrong database
            self.message.setText(problem_text(error))
        else:  # not storage's: named by its kind only (its text might quote what was typed)
            self.message.setText(type(error).__name__)
        if self.password.isEnabled():
            self.password.setFocus()

    def remaining_seconds(self) -> int:
        """Whole seconds left before the next attempt (0: it may be made now)."""
        return self._retry.remaining_seconds()

    def done(self, result: int) -> None:
        self._retry.stop()
        self.is_signing_in = False  # closed while signing in: what arrives is not wanted
        super().done(result)
