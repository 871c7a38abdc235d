"""The centre's instructors on the instructor's window: add one (name, login, password),
disable one (they can no longer sign in; what they built and assigned stays) or enable
them again, and on a single PC set a new password for one who forgot theirs. Nobody
disables their own account, so the last active instructor stays; one's own password is
changed with the current one (the *Your password* box).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QWidget

from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk, StorageError
from dealer_trainer.storage.access import MIN_PASSWORD_LENGTH
from dealer_trainer.storage.errors import DuplicateLoginError
from dealer_trainer.storage.groups import DuplicateInstructorNameError, InstructorAccount
from dealer_trainer.ui.instructor.roster import AccountRoster, password_rule
from dealer_trainer.ui.kit.language import problem_text


class InstructorsPanel(AccountRoster[InstructorAccount]):
    """Every instructor account, disabled ones greyed, with add and disable/enable."""

    INSTRUCTORS = True

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(desk, parent)
        self.name = self._field("newInstructorName", self.tr("New instructor's full name"))
        self.login = self._field(
            "newInstructorLogin", self.tr("Login (made from the name if empty)"), self.tr("Login")
        )
        self.password = self._field(
            "newInstructorPassword",
            fill(self.tr("Password (at least %1 characters)"), str(MIN_PASSWORD_LENGTH)),
        )
        self.repeat = self._field("newInstructorRepeat", self.tr("The password again"))
        for field in (self.password, self.repeat):
            field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setAccessibleName(field.placeholderText())
        self.add_button = self._button(self.tr("&Add instructor"), self.add)
        self._columns([self.tr("Name"), self.tr("Login"), self.tr("Status"), self.tr("Added")])
        self.disable_button = self._button(self.tr("&Disable…"), self.ask_retire)
        # A colleague who forgot their password (single PC: on a centre's server PostgreSQL
        # keeps the passwords, and IT sets them).
        self.password_button = self._button(self.tr("Set the pass&word…"), self._ask_password)
        self.password_button.setObjectName("setInstructorPassword")
        self.password_button.setVisible(desk.keeps_passwords)
        self._lay_out(
            [
                (self.name, 2),
                (self.login, 1),
                (self.password, 1),
                (self.repeat, 1),
                (self.add_button, 0),
            ],
            self.tr(
                "A disabled instructor can no longer sign in; the exams they built and "
                "assigned and everything they recorded stay. Nobody can disable their own "
                "account, so one active instructor always remains. An instructor who forgot "
                "their password gets a new one from another instructor (Set the password…)."
            )
            if desk.keeps_passwords
            else self.tr(
                "A disabled instructor can no longer sign in; the exams they built and "
                "assigned and everything they recorded stay. Nobody can disable their own "
                "account, so one active instructor always remains. On the centre's server IT "
                "sets an instructor's password (dealer-trainer server set-password)."
            ),
            [self.password_button, self.disable_button],
        )

    def accounts(self) -> list[InstructorAccount]:
        return list(self._rows)

    def _read(self) -> list[InstructorAccount]:
        return self._people.instructors()

    def _cells(self, account: InstructorAccount) -> list[str]:
        status = self.tr("disabled") if account.disabled else self.tr("active")
        if account.id == self._desk.session.instructor_id:
            status += " · " + self.tr("you")
        return [
            account.name,
            account.login,
            status,
            account.created_at.astimezone().strftime("%Y-%m-%d"),
        ]

    def _retired(self, account: InstructorAccount) -> bool:
        return account.disabled

    def _selection_changed(self) -> None:
        account = self.selected()
        mine = account is not None and account.id == self._desk.session.instructor_id
        self.disable_button.setEnabled(account is not None and not mine)
        self.password_button.setEnabled(account is not None and not mine)
        self.password_button.setToolTip(
            self.tr(
                "Your own password is changed with the current one: Trainee profiles › Your "
                "password."
            )
            if mine
            else ""
        )
        self.disable_button.setText(
            self.tr("Ena&ble") if account is not None and account.disabled else self.tr("&Disable…")
        )

    def refusal(self, exc: Exception) -> str:
        if isinstance(exc, DuplicateInstructorNameError):
            return fill(
                self.tr(
                    "“%1” is the name of the instructor “%2”: names that differ only in capitals, "
                    "letter width, spaces or invisible characters are one name."
                ),
                exc.name,
                exc.existing,
            )
        if isinstance(exc, DuplicateLoginError):
            return fill(self.tr("The login “%1” is taken: choose another one."), exc.login)
        if isinstance(exc, ValueError):
            return self.tr("A name must have 1 to 100 visible characters.")
        return problem_text(exc)

    def add(self) -> int | None:
        """Add the instructor typed in; they sign in with the login and password given. The
        fields are checked in the order they are shown."""
        if self._refused_typing():
            return None
        if len(self.password.text()) < MIN_PASSWORD_LENGTH:
            self.message.say(password_rule(), error=True)
            return None
        if self.password.text() != self.repeat.text():
            self.message.say(self.tr("The two passwords differ."), error=True)
            return None
        try:
            new_id = self._people.add_instructor(
                self.name.text(), self.password.text(), self._typed_login()
            )
        except (ValueError, StorageError) as exc:
            self.message.say(self.refusal(exc), error=True)
            return None
        self._added(new_id, (self.name, self.login, self.password, self.repeat))
        return new_id

    def _added_text(self, account: InstructorAccount) -> str:
        return fill(
            self.tr(
                "%1 can now sign in with the login %2 and the password you gave, once: at that "
                "sign-in they choose their own."
            ),
            account.name,
            account.login,
        )

    def _store_password(self, account: InstructorAccount, password: str) -> None:
        self._desk.set_instructor_password(account.id, password)

    def _password_text(self, account: InstructorAccount) -> str:
        said = (
            self.tr("%1's new password is set: they sign in with it once enabled again.")
            if account.disabled
            else self.tr("%1 signs in with the new password from now on.")
        )
        return fill(said, account.name)

    def _retire_words(self) -> tuple[str, str, str]:
        return (
            self.tr("Disable %1?"),
            self.tr(
                "Disable %1? They can no longer sign in. The exams they built and assigned "
                "stay, and Enable lets them sign in again."
            ),
            self.tr("&Disable %1"),
        )

    def _store_retired(self, account: InstructorAccount, disabled: bool) -> None:
        self._people.set_instructor_disabled(account.id, disabled)

    def _retired_text(self, disabled: bool) -> str:
        return (
            self.tr("%1 is disabled and can no longer sign in.")
            if disabled
            else self.tr("%1 can sign in again.")
        )
