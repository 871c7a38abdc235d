"""Trainee management (add a trainee with a login and a password, set or reset a trainee's
password, archive one: their answers stay, or bring them back) and the instructor's own
password."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.rules.text import fill
from dealer_trainer.storage import DuplicateNameError, InstructorDesk, StorageError, TraineeProfile
from dealer_trainer.storage.access import MIN_PASSWORD_LENGTH
from dealer_trainer.storage.errors import DuplicateLoginError
from dealer_trainer.storage.groups import DuplicateStaffNumberError, clean_staff_number
from dealer_trainer.storage.logins import check_login
from dealer_trainer.storage.records import clean_name
from dealer_trainer.ui.instructor.models import cell
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.confirm import (
    Confirmation,
    RenameDialog,
    ask_then,
    ask_until_done,
)
from dealer_trainer.ui.kit.messages import DialogMessage
from dealer_trainer.ui.kit.status import StatusLine
from dealer_trainer.ui.language import problem_text

#: The table's columns (staff number and group: issue 15).
NAME, STAFF, GROUP, CREATED, STATUS, LOGIN = range(6)


class TraineesPanel(QWidget):
    """The list of every trainee, archived ones greyed, with add and archive/restore."""

    changed = Signal()

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._people = desk.people()
        #: The confirmation or rename dialog now open, if any (tests answer it).
        self.pending: QDialog | None = None
        self._trainees: list[TraineeProfile] = []
        self._logins: dict[int, tuple[str, bool]] = {}
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("New trainee's full name"))
        self.login = QLineEdit()
        self.login.setObjectName("newTraineeLogin")
        self.login.setPlaceholderText(self.tr("Login (made from the name if empty)"))
        self.login.setAccessibleName(self.tr("Login"))
        self.login.setToolTip(self.login.placeholderText())  # elided in a narrow field
        self.new_password = QLineEdit()
        self.new_password.setObjectName("newTraineePassword")
        self.new_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.new_password.setPlaceholderText(
            fill(self.tr("Password (at least %1 characters)"), str(MIN_PASSWORD_LENGTH))
        )
        self.new_password.setAccessibleName(self.tr("Password"))
        self.new_password.setToolTip(self.new_password.placeholderText())
        self.new_password.setVisible(desk.keeps_passwords)
        self.staff_number = QLineEdit()
        self.staff_number.setObjectName("newTraineeStaffNumber")
        self.staff_number.setPlaceholderText(self.tr("Staff number (optional)"))
        self.staff_number.setAccessibleName(self.tr("Staff number"))
        self.staff_number.setToolTip(self.staff_number.placeholderText())
        self.add_button = QPushButton(self.tr("&Add trainee"))
        self.add_button.clicked.connect(self.add)
        for field in (self.name, self.login, self.new_password, self.staff_number):
            field.returnPressed.connect(self.add)
        self.message = StatusLine()
        self.table = QTableWidget(0, 6)
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Name"),
                self.tr("Staff no."),
                self.tr("Group"),
                self.tr("Profile created"),
                self.tr("Status"),
                self.tr("Login"),
            ]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (STAFF, GROUP, CREATED, STATUS, LOGIN):  # whole headers in every language
            self.table.horizontalHeader().setSectionResizeMode(
                column, QHeaderView.ResizeMode.ResizeToContents
            )
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.archive_button = QPushButton(self.tr("Arch&ive"))
        self.archive_button.setEnabled(False)
        self.archive_button.clicked.connect(self.ask_archive)
        self.rename_button = QPushButton(self.tr("Rename…"))
        self.rename_button.setEnabled(False)
        self.rename_button.clicked.connect(self.ask_rename)
        self.staff_button = QPushButton(self.tr("Sta&ff number…"))
        self.staff_button.setEnabled(False)
        self.staff_button.clicked.connect(self.ask_staff_number)
        self.set_password_button = QPushButton(self.tr("Set the pass&word…"))
        self.set_password_button.setObjectName("setTraineePassword")
        self.set_password_button.setEnabled(False)
        self.set_password_button.setVisible(desk.keeps_passwords)
        self.set_password_button.clicked.connect(self._ask_password)
        explain = QLabel(
            self.tr(
                "An archived trainee can no longer sign in; their answers and exams stay in "
                "the records and in the reports."
            )
        )
        explain.setWordWrap(True)
        explain.setStyleSheet(f"color: {palette.MUTED};")
        add_row = QHBoxLayout()
        add_row.addWidget(self.name, 2)
        add_row.addWidget(self.login, 1)
        add_row.addWidget(self.new_password, 1)
        add_row.addWidget(self.staff_number, 1)
        add_row.addWidget(self.add_button)
        actions = QHBoxLayout()
        actions.addWidget(explain, 1)
        actions.addWidget(self.set_password_button)
        actions.addWidget(self.staff_button)
        actions.addWidget(self.rename_button)
        actions.addWidget(self.archive_button)
        layout = QVBoxLayout(self)
        layout.addLayout(add_row)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)
        self.password = PasswordBox(desk)
        self.password.setMaximumWidth(520)
        layout.addWidget(self.password)

    def trainees(self) -> list[TraineeProfile]:
        return list(self._trainees)

    def refresh(self) -> None:
        self._trainees = self._desk.all_trainees()
        self._logins = self._desk.trainee_logins()
        group_names = {g.id: g.name for g in self._people.groups()}
        in_group = self._people.current_groups()
        self.table.setRowCount(len(self._trainees))
        for row, trainee in enumerate(self._trainees):
            status = self.tr("archived") if trainee.archived else self.tr("active")
            if trainee.name_clash:
                status += " · " + self.tr("same name as another profile: rename one")
            login, has_password = self._logins.get(trainee.id, ("", False))
            if self._desk.keeps_passwords and not has_password:
                status += " · " + self.tr("no password yet: set one")
            cells = [
                trainee.name,
                trainee.staff_number or "",
                group_names.get(in_group.get(trainee.id, -1), ""),
                trainee.created_at.astimezone().strftime("%Y-%m-%d"),
                status,
                login,
            ]
            for column, text in enumerate(cells):
                item = cell(text)
                item.setData(Qt.ItemDataRole.UserRole, trainee.id)
                if trainee.archived:
                    item.setForeground(QColor(palette.FADED))
                self.table.setItem(row, column, item)
        self._selection_changed()

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
        if isinstance(exc, ValueError):
            return self.tr("A name must have 1 to 100 visible characters.")
        return problem_text(exc)

    def _refuse(self, text: str) -> None:
        self.message.say(text, error=True)

    def add(self) -> None:
        """Add the trainee typed in; the fields are checked in the order they are shown."""
        try:
            clean_name(self.name.text())
        except ValueError as exc:
            self._refuse(self.refusal(exc))
            self.name.setFocus()
            return
        login = self.login.text().strip() or None
        if login is not None:
            try:
                login = check_login(login)
            except ValueError:
                self._refuse(login_rule())
                return
        password: str | None = None
        if self._desk.keeps_passwords:
            password = self.new_password.text()
            if len(password) < MIN_PASSWORD_LENGTH:
                self._refuse(password_rule())
                return
        try:
            staff_number = clean_staff_number(self.staff_number.text())
        except ValueError:
            self._refuse(staff_number_rule())
            return
        try:
            added = self._people.add_trainee(
                self.name.text(), login=login, password=password, staff_number=staff_number
            )
        except (ValueError, StorageError) as exc:
            self._refuse(self.refusal(exc))
            return
        for field in (self.name, self.login, self.new_password, self.staff_number):
            field.clear()
        given = self._desk.trainee_logins().get(added.id, ("", False))[0]
        self.message.say(
            fill(
                self.tr("%1 can now sign in with the login %2 and the password you gave."),
                added.name,
                given,
            )
        )
        self.refresh()
        self.changed.emit()

    def _ask_password(self) -> None:
        self.set_password()

    def set_password(self, password: str | None = None) -> bool:
        """Set or reset the chosen trainee's password (asked for unless given)."""
        trainee = self.selected()
        if trainee is None:
            return False
        if password is None:
            dialog = TraineePasswordDialog(trainee.name, self)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            password = dialog.password.text()
        if len(password) < MIN_PASSWORD_LENGTH:
            self._refuse(password_rule())
            return False
        try:
            self._desk.set_trainee_password(trainee.id, password)
        except (ValueError, StorageError) as exc:
            self._refuse(problem_text(exc))
            return False
        self.message.say(
            fill(self.tr("%1 signs in with the new password from now on."), trainee.name)
        )
        self.refresh()
        self.select(trainee.id)
        self.changed.emit()
        return True

    def selected(self) -> TraineeProfile | None:
        rows = self.table.selectionModel().selectedRows()
        return self._trainees[rows[0].row()] if rows else None

    def select(self, trainee_id: int) -> None:
        for row, trainee in enumerate(self._trainees):
            if trainee.id == trainee_id:
                self.table.selectRow(row)

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
        trainee = self.selected()
        if trainee is None:
            return None
        done = self._set_staff_number(trainee, typed)
        if isinstance(done, str):
            self._refuse(done)
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
        self.message.say(
            fill(
                self.tr("%1's staff number is now %2.")
                if changed.staff_number
                else self.tr("%1 has no staff number now."),
                changed.name,
                changed.staff_number or "",
            )
        )
        self.refresh()
        self.select(changed.id)
        self.changed.emit()
        return changed

    def rename(self, new_name: str | None = None) -> TraineeProfile | None:
        """Correct the chosen trainee's name (asked for in a dialog unless given); their
        answers stay."""
        trainee = self.selected()
        if trainee is None:
            return None
        if new_name is None:
            self.ask_rename()
            return None
        done = self._rename(trainee, new_name)
        if isinstance(done, str):
            self._refuse(done)
            return None
        return done

    def _rename(self, trainee: TraineeProfile, new_name: str) -> TraineeProfile | str:
        """The trainee renamed, or the refusal in words (the name stays as it was)."""
        try:
            renamed = self._desk.rename_trainee(trainee.id, new_name)
        except (ValueError, StorageError) as exc:
            return self.refusal(exc)
        self.message.say(
            fill(
                self.tr("%1 is now %2; their answers stay theirs."),
                trainee.name,
                renamed.name,
            )
        )
        self.refresh()
        self.select(renamed.id)
        self.changed.emit()
        return renamed

    def _selection_changed(self) -> None:
        trainee = self.selected()
        self.rename_button.setEnabled(trainee is not None)
        self.set_password_button.setEnabled(trainee is not None)
        self.staff_button.setEnabled(trainee is not None)
        self.archive_button.setEnabled(trainee is not None)
        self.archive_button.setText(
            self.tr("Restore") if trainee is not None and trainee.archived else self.tr("Arch&ive")
        )

    def ask_archive(self) -> None:
        """Archive the chosen trainee once the instructor confirms (Cancel is the default);
        bring an archived one back at once."""
        trainee = self.selected()
        if trainee is None:
            return
        if trainee.archived:
            self.toggle_archived()
            return
        box = Confirmation(
            fill(self.tr("Archive %1?"), trainee.name),
            fill(
                self.tr(
                    "Archive %1? They can no longer sign in. Their answers, exams and reports "
                    "stay, and Restore brings them back."
                ),
                trainee.name,
            ),
            fill(self.tr("&Archive %1"), trainee.name),
            self,
        )

        def archive() -> None:
            self.select(trainee.id)
            self.toggle_archived()

        ask_then(self, box, archive)

    def toggle_archived(self) -> None:
        """Archive the chosen trainee or bring them back (no question asked: ``ask_archive``)."""
        trainee = self.selected()
        if trainee is None:
            return
        try:
            self._desk.set_trainee_archived(trainee.id, not trainee.archived)
        except StorageError as exc:
            self.message.setText(problem_text(exc))
            return
        self.refresh()
        self.select(trainee.id)
        self.changed.emit()


def password_rule() -> str:
    return fill(
        QCoreApplication.translate(
            "TraineesPanel", "The password must have at least %1 characters."
        ),
        str(MIN_PASSWORD_LENGTH),
    )


def staff_number_rule() -> str:
    return QCoreApplication.translate(
        "TraineesPanel",
        "A staff number has up to 32 letters (a to z), digits, “-”, “/”, “.” or “_”, and "
        "starts with a letter or a digit.",
    )


def login_rule() -> str:
    return QCoreApplication.translate(
        "TraineesPanel",
        "A login starts with a letter (a to z) and has only letters a to z, digits, “_”, “.” "
        "and “-”, at most 63 characters.",
    )


class TraineePasswordDialog(QDialog):
    """The instructor types a trainee's new password twice (the old one is not needed);
    ``instructor``: another instructor's, on a single PC."""

    def __init__(
        self, name: str, parent: QWidget | None = None, *, instructor: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("instructorPassword" if instructor else "traineePassword")
        self.setWindowTitle(
            self.tr("Set an instructor's password")
            if instructor
            else self.tr("Set a trainee's password")
        )
        intro = QLabel(
            fill(
                self.tr(
                    "New password for %1. Tell it to them in person; they sign in with it from "
                    "now on (the old one no longer works)."
                ),
                name,
            )
        )
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        self.password = QLineEdit()
        self.repeat = QLineEdit()
        for field in (self.password, self.repeat):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        self.message = DialogMessage()
        form = QFormLayout()
        form.addRow(self.tr("&New password:"), self.password)
        form.addRow(self.tr("&Repeat it:"), self.repeat)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("&Set the password"))
        buttons.accepted.connect(self.check)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)  # the title bar whole: "Definir a palavra-passe de um instrutor"
        self.ok_button.setDefault(True)

    def check(self) -> None:
        if self.password.text() != self.repeat.text():
            self.message.setText(self.tr("The two passwords differ."))
            return
        if len(self.password.text()) < MIN_PASSWORD_LENGTH:
            self.message.setText(password_rule())
            return
        self.accept()


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
            self._say(self.tr("The two new passwords differ."), error=True)
            return
        if len(self.new.text()) < MIN_PASSWORD_LENGTH:
            self._say(
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
            self._say(problem_text(exc), error=True)
            return
        for field in (self.current, self.new, self.repeat):
            field.clear()
        self._say(self.tr("The password is changed."), error=False)
        self.changed.emit()

    def _say(self, text: str, *, error: bool) -> None:
        self.message.say(text, error=error)
