"""Trainee management (add a trainee with a login and a password, set or reset a trainee's
password, archive one: their answers stay, or bring them back) and the instructor's own
password."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLineEdit, QPushButton, QWidget

from dealer_trainer.rules.text import fill
from dealer_trainer.storage import DuplicateNameError, InstructorDesk, StorageError, TraineeProfile
from dealer_trainer.storage.access import MIN_PASSWORD_LENGTH
from dealer_trainer.storage.errors import DuplicateLoginError, InputRefusedError
from dealer_trainer.storage.groups import DuplicateStaffNumberError, clean_staff_number
from dealer_trainer.ui.instructor.roster import (
    AccountRoster,
    TraineePasswordDialog,
    password_rule,
)
from dealer_trainer.ui.kit.confirm import RenameDialog, ask_until_done
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.status import StatusLine

__all__ = [  # the password dialog was here before the roster's base held it
    "PasswordBox",
    "TraineePasswordDialog",
    "TraineesPanel",
    "staff_number_rule",
]

#: The table's columns (staff number and group: issue 15).
NAME, STAFF, GROUP, CREATED, STATUS, LOGIN = range(6)


class TraineesPanel(AccountRoster[TraineeProfile]):
    """The list of every trainee, archived ones greyed, with add and archive/restore."""

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(desk, parent)
        self._logins: dict[int, tuple[str, bool]] = {}
        self._group_names: dict[int, str] = {}
        self._in_group: dict[int, int] = {}
        self.name = self._field("", self.tr("New trainee's full name"))
        self.login = self._field(
            "newTraineeLogin", self.tr("Login (made from the name if empty)"), self.tr("Login")
        )
        self.new_password = self._field(
            "newTraineePassword",
            fill(self.tr("Password (at least %1 characters)"), str(MIN_PASSWORD_LENGTH)),
            self.tr("Password"),
        )
        self.new_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.new_password.setVisible(desk.keeps_passwords)
        self.staff_number = self._field(
            "newTraineeStaffNumber", self.tr("Staff number (optional)"), self.tr("Staff number")
        )
        self.add_button = self._button(self.tr("&Add trainee"), self.add)
        self._columns(
            [
                self.tr("Name"),
                self.tr("Staff no."),
                self.tr("Group"),
                self.tr("Profile created"),
                self.tr("Status"),
                self.tr("Login"),
            ]
        )
        self.archive_button = self._button(self.tr("Arch&ive"), self.ask_archive)
        self.rename_button = self._button(self.tr("Rename…"), self.ask_rename)
        self.staff_button = self._button(self.tr("Sta&ff number…"), self.ask_staff_number)
        self.set_password_button = self._button(self.tr("Set the pass&word…"), self._ask_password)
        self.set_password_button.setObjectName("setTraineePassword")
        self.set_password_button.setVisible(desk.keeps_passwords)
        layout = self._lay_out(
            [
                (self.name, 2),
                (self.login, 1),
                (self.new_password, 1),
                (self.staff_number, 1),
                (self.add_button, 0),
            ],
            self.tr(
                "An archived trainee can no longer sign in; their answers and exams stay in "
                "the records and in the reports."
            ),
            [self.set_password_button, self.staff_button, self.rename_button, self.archive_button],
        )
        self.password = PasswordBox(desk)
        self.password.setMaximumWidth(520)
        layout.addWidget(self.password)

    def trainees(self) -> list[TraineeProfile]:
        return list(self._rows)

    def _read(self) -> list[TraineeProfile]:
        trainees = self._desk.all_trainees()
        self._logins = self._desk.trainee_logins()
        self._group_names = {g.id: g.name for g in self._people.groups()}
        self._in_group = self._people.current_groups()
        return trainees

    def _cells(self, trainee: TraineeProfile) -> list[str]:
        status = self.tr("archived") if trainee.archived else self.tr("active")
        if trainee.name_clash:
            status += " · " + self.tr("same name as another profile: rename one")
        login, has_password = self._logins.get(trainee.id, ("", False))
        if self._desk.keeps_passwords and not has_password:
            status += " · " + self.tr("no password yet: set one")
        return [
            trainee.name,
            trainee.staff_number or "",
            self._group_names.get(self._in_group.get(trainee.id, -1), ""),
            trainee.created_at.astimezone().strftime("%Y-%m-%d"),
            status,
            login,
        ]

    def _retired(self, trainee: TraineeProfile) -> bool:
        return trainee.archived

    def refusal(self, exc: Exception) -> str:
        """The reason a name was refused, in the window's language where it is ours."""
        if isinstance(exc, DuplicateNameError):
            if exc.name == exc.existing:
                return fill(self.tr("A trainee named “%1” is already registered."), exc.existing)
            return fill(
                self.tr(
                    "“%1” is the name of the registered trainee “%2”: names that differ only "
                    "in capitals, letter width, spaces or invisible characters are one name. "
                    "If this is another person, add what tells them apart (a second name)."
                ),
                exc.name,
                exc.existing,
            )
        if isinstance(exc, DuplicateStaffNumberError):
            return fill(
                self.tr("The staff number %1 is %2's: each trainee has their own."),
                exc.number,
                exc.holder,
            )
        if isinstance(exc, DuplicateLoginError):
            return fill(self.tr("The login “%1” is taken: choose another one."), exc.login)
        if isinstance(exc, InputRefusedError):  # storage's own sentence (a password's rule)
            return problem_text(exc)
        if isinstance(exc, ValueError):
            return self.tr("A name must have 1 to 100 visible characters.")
        return problem_text(exc)

    def add(self) -> None:
        """Add the trainee typed in; the fields are checked in the order they are shown."""
        if self._refused_typing():
            return
        password: str | None = None
        if self._desk.keeps_passwords:
            password = self.new_password.text()
            if len(password) < MIN_PASSWORD_LENGTH:
                self.message.say(password_rule(), error=True)
                return
        try:
            staff_number = clean_staff_number(self.staff_number.text())
        except ValueError:
            self.message.say(staff_number_rule(), error=True)
            return
        try:
            added = self._people.add_trainee(
                self.name.text(),
                login=self._typed_login(),
                password=password,
                staff_number=staff_number,
            )
        except (ValueError, StorageError) as exc:
            self.message.say(self.refusal(exc), error=True)
            return
        self._added(added.id, (self.name, self.login, self.new_password, self.staff_number))

    def _added_text(self, trainee: TraineeProfile) -> str:
        return fill(
            self.tr(
                "%1 can now sign in with the login %2 and the password you gave, once: at that "
                "sign-in they choose their own."
            ),
            trainee.name,
            self._logins.get(trainee.id, ("", False))[0],
        )

    def _store_password(self, trainee: TraineeProfile, password: str) -> None:
        self._desk.set_trainee_password(trainee.id, password)

    def _password_text(self, trainee: TraineeProfile) -> str:
        return fill(self.tr("%1 signs in with the new password from now on."), trainee.name)

    def ask_rename(self) -> None:
        """Ask the chosen trainee's new name in a dialog naming them (Enter renames)."""
        trainee = self.selected()
        if trainee is None:
            return
        dialog = RenameDialog(
            fill(self.tr("Rename %1"), trainee.name),
            fill(
                self.tr("New name for %1 (their answers, exams and login stay theirs):"),
                trainee.name,
            ),
            trainee.name,
            self,
        )

        def rename() -> str | None:
            done = self._rename(trainee, dialog.name.text())
            return done if isinstance(done, str) else None

        ask_until_done(self, dialog, rename)

    def ask_staff_number(self) -> None:
        """Give, change or take away the chosen trainee's staff number."""
        trainee = self.selected()
        if trainee is None:
            return
        dialog = RenameDialog(
            fill(self.tr("Staff number of %1"), trainee.name),
            fill(self.tr("Staff number of %1 (empty: none):"), trainee.name),
            trainee.staff_number or "",
            self,
            action=self.tr("&Save"),
        )
        dialog.setObjectName("staffNumberDialog")

        def save() -> str | None:
            done = self._set_staff_number(trainee, dialog.name.text())
            return done if isinstance(done, str) else None

        ask_until_done(self, dialog, save)

    def set_staff_number(self, typed: str) -> TraineeProfile | None:
        """The chosen trainee's staff number (blank: none); a bad or taken one is refused."""
        return self._change_chosen(lambda trainee: self._set_staff_number(trainee, typed))

    def _change_chosen(
        self, change: Callable[[TraineeProfile], TraineeProfile | str]
    ) -> TraineeProfile | None:
        """The chosen trainee changed, or ``None`` (none chosen, or the refusal said)."""
        trainee = self.selected()
        if trainee is None:
            return None
        done = change(trainee)
        if isinstance(done, str):
            self.message.say(done, error=True)
            return None
        return done

    def _set_staff_number(self, trainee: TraineeProfile, typed: str) -> TraineeProfile | str:
        """The trainee with the staff number, or the refusal in words."""
        try:
            changed = self._people.set_staff_number(trainee.id, clean_staff_number(typed))
        except ValueError:
            return staff_number_rule()
        except StorageError as exc:
            return self.refusal(exc)
        self._done(
            fill(self.tr("%1's staff number is now %2."), changed.name, changed.staff_number)
            if changed.staff_number
            else fill(self.tr("%1 has no staff number now."), changed.name),
            changed.id,
        )
        return changed

    def rename(self, new_name: str | None = None) -> TraineeProfile | None:
        """Correct the chosen trainee's name (asked for in a dialog unless given); their
        answers stay."""
        if new_name is None:
            self.ask_rename()
            return None
        return self._change_chosen(lambda trainee: self._rename(trainee, new_name))

    def _rename(self, trainee: TraineeProfile, new_name: str) -> TraineeProfile | str:
        """The trainee renamed, or the refusal in words (the name stays as it was)."""
        try:
            renamed = self._desk.rename_trainee(trainee.id, new_name)
        except (ValueError, StorageError) as exc:
            return self.refusal(exc)
        self._done(
            fill(self.tr("%1 is now %2; their answers stay theirs."), trainee.name, renamed.name),
            renamed.id,
        )
        return renamed

    def _selection_changed(self) -> None:
        trainee = self.selected()
        for button in (
            self.rename_button,
            self.set_password_button,
            self.staff_button,
            self.archive_button,
        ):
            button.setEnabled(trainee is not None)
        self.archive_button.setText(
            self.tr("Restore") if trainee is not None and trainee.archived else self.tr("Arch&ive")
        )

    def ask_archive(self) -> None:
        """Archive the chosen trainee once the instructor confirms (Cancel is the default);
        bring an archived one back at once."""
        self.ask_retire()

    def toggle_archived(self) -> None:
        """Archive the chosen trainee or bring them back (no question asked: ``ask_archive``)."""
        trainee = self.selected()
        if trainee is not None:
            self.set_retired(trainee, not trainee.archived)

    def _retire_words(self) -> tuple[str, str, str]:
        return (
            self.tr("Archive %1?"),
            self.tr(
                "Archive %1? They can no longer sign in. Their answers, exams and reports "
                "stay, and Restore brings them back."
            ),
            self.tr("&Archive %1"),
        )

    def _store_retired(self, trainee: TraineeProfile, archived: bool) -> None:
        self._desk.set_trainee_archived(trainee.id, archived)

    def _retired_text(self, archived: bool) -> str | None:
        return None  # the table says it: greyed, "archived"


def staff_number_rule() -> str:
    return QCoreApplication.translate(
        "TraineesPanel",
        "A staff number has up to 32 letters (a to z), digits, “-”, “/”, “.” or “_”, and "
        "starts with a letter or a digit.",
    )


class PasswordBox(QGroupBox):
    """The instructor changes their own password (the current one is asked again)."""

    changed = Signal()

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Your password"))
        self._desk = desk
        self.current = QLineEdit()
        self.new = QLineEdit()
        self.repeat = QLineEdit()
        for field in (self.current, self.new, self.repeat):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        self.change_button = QPushButton(self.tr("Change the password"))
        self.change_button.clicked.connect(self.change)
        self.repeat.returnPressed.connect(self.change)  # Enter in the last field changes it
        self.message = StatusLine()
        form = QFormLayout(self)
        form.addRow(self.tr("Current password:"), self.current)
        form.addRow(self.tr("New password:"), self.new)
        form.addRow(self.tr("Repeat the new password:"), self.repeat)
        form.addRow(self.message)
        form.addRow(self.change_button)

    def change(self) -> None:
        if self.new.text() != self.repeat.text():
            self.message.say(self.tr("The two new passwords differ."), error=True)
            return
        if len(self.new.text()) < MIN_PASSWORD_LENGTH:
            self.message.say(
                fill(
                    self.tr("The password must have at least %1 characters."),
                    str(MIN_PASSWORD_LENGTH),
                ),
                error=True,
            )
            return
        try:
            self._desk.change_password(self.current.text(), self.new.text())
        except (ValueError, StorageError) as exc:
            self.message.say(problem_text(exc), error=True)
            return
        for field in (self.current, self.new, self.repeat):
            field.clear()
        self.message.say(self.tr("The password is changed."), error=False)
        self.changed.emit()
