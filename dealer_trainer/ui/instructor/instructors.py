"""The centre's instructors on the instructor's window: add one (name, login, password),
disable one (they can no longer sign in; what they built and assigned stays) or enable
them again, and on a single PC set a new password for one who forgot theirs. Nobody
disables their own account, so the last active instructor stays; one's own password is
changed with the current one (the *Your password* box).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
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
from dealer_trainer.storage import InstructorDesk, StorageError
from dealer_trainer.storage.access import MIN_PASSWORD_LENGTH
from dealer_trainer.storage.errors import DuplicateLoginError
from dealer_trainer.storage.groups import DuplicateInstructorNameError, InstructorAccount
from dealer_trainer.storage.logins import check_login
from dealer_trainer.storage.records import clean_name
from dealer_trainer.ui.instructor.models import cell
from dealer_trainer.ui.instructor.people import (
    TraineePasswordDialog,
    login_rule,
    password_rule,
)
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.confirm import Confirmation, ask_then
from dealer_trainer.ui.kit.status import StatusLine
from dealer_trainer.ui.language import problem_text


class InstructorsPanel(QWidget):
    """Every instructor account, disabled ones greyed, with add and disable/enable."""

    changed = Signal()

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._people = desk.people()
        self._accounts: list[InstructorAccount] = []
        #: The confirmation now open, if any (tests answer it).
        self.pending: QDialog | None = None
        self.name = QLineEdit()
        self.name.setObjectName("newInstructorName")
        self.name.setPlaceholderText(self.tr("New instructor's full name"))
        self.login = QLineEdit()
        self.login.setObjectName("newInstructorLogin")
        self.login.setPlaceholderText(self.tr("Login (made from the name if empty)"))
        self.login.setAccessibleName(self.tr("Login"))
        self.login.setToolTip(self.login.placeholderText())
        self.password = QLineEdit()
        self.password.setObjectName("newInstructorPassword")
        self.repeat = QLineEdit()
        self.repeat.setObjectName("newInstructorRepeat")
        for field, text in (
            (self.password, self.tr("Password (at least %1 characters)")),
            (self.repeat, self.tr("The password again")),
        ):
            field.setEchoMode(QLineEdit.EchoMode.Password)
            field.setPlaceholderText(fill(text, str(MIN_PASSWORD_LENGTH)))
            field.setAccessibleName(field.placeholderText())
            field.setToolTip(field.placeholderText())
        self.add_button = QPushButton(self.tr("&Add instructor"))
        self.add_button.clicked.connect(self.add)
        for field in (self.name, self.login, self.password, self.repeat):
            field.returnPressed.connect(self.add)
        self.message = StatusLine()
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Name"), self.tr("Login"), self.tr("Status"), self.tr("Added")]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.disable_button = QPushButton(self.tr("&Disable…"))
        self.disable_button.clicked.connect(self.ask_disable)
        # A colleague who forgot their password (single PC: on a centre's server PostgreSQL
        # keeps the passwords, and IT sets them).
        self.password_button = QPushButton(self.tr("Set the pass&word…"))
        self.password_button.setObjectName("setInstructorPassword")
        self.password_button.setVisible(desk.keeps_passwords)
        self.password_button.clicked.connect(self._ask_password)
        explain = QLabel(
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
            )
        )
        explain.setWordWrap(True)
        explain.setStyleSheet(f"color: {palette.MUTED};")
        add_row = QHBoxLayout()
        add_row.addWidget(self.name, 2)
        add_row.addWidget(self.login, 1)
        add_row.addWidget(self.password, 1)
        add_row.addWidget(self.repeat, 1)
        add_row.addWidget(self.add_button)
        actions = QHBoxLayout()
        actions.addWidget(explain, 1)
        actions.addWidget(self.password_button)
        actions.addWidget(self.disable_button)
        layout = QVBoxLayout(self)
        layout.addLayout(add_row)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)
        self._selection_changed()

    def accounts(self) -> list[InstructorAccount]:
        return list(self._accounts)

    def refresh(self) -> None:
        chosen = self.selected()
        self._accounts = self._people.instructors()
        me = self._desk.session.instructor_id
        self.table.setRowCount(len(self._accounts))
        for row, account in enumerate(self._accounts):
            status = self.tr("disabled") if account.disabled else self.tr("active")
            if account.id == me:
                status += " · " + self.tr("you")
            cells = [
                account.name,
                account.login,
                status,
                account.created_at.astimezone().strftime("%Y-%m-%d"),
            ]
            for column, text in enumerate(cells):
                item = cell(text)
                item.setData(Qt.ItemDataRole.UserRole, account.id)
                if account.disabled:
                    item.setForeground(QColor(palette.FADED))
                self.table.setItem(row, column, item)
        if chosen is not None:
            self.select(chosen.id)
        self._selection_changed()

    def selected(self) -> InstructorAccount | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self._accounts):
            return None
        return self._accounts[rows[0].row()]

    def select(self, instructor_id: int) -> None:
        for row, account in enumerate(self._accounts):
            if account.id == instructor_id:
                self.table.selectRow(row)

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

    def _say(self, text: str, *, error: bool) -> None:
        self.message.say(text, error=error)

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
        try:
            clean_name(self.name.text())
        except ValueError as exc:
            self._say(self.refusal(exc), error=True)
            self.name.setFocus()
            return None
        login = self.login.text().strip() or None
        if login is not None:
            try:
                login = check_login(login)
            except ValueError:
                self._say(login_rule(), error=True)
                return None
        if len(self.password.text()) < MIN_PASSWORD_LENGTH:
            self._say(password_rule(), error=True)
            return None
        if self.password.text() != self.repeat.text():
            self._say(self.tr("The two passwords differ."), error=True)
            return None
        try:
            new_id = self._people.add_instructor(self.name.text(), self.password.text(), login)
        except (ValueError, StorageError) as exc:
            self._say(self.refusal(exc), error=True)
            return None
        for field in (self.name, self.login, self.password, self.repeat):
            field.clear()
        self.refresh()
        self.select(new_id)
        added = next(a for a in self._accounts if a.id == new_id)
        self._say(
            fill(
                self.tr("%1 can now sign in with the login %2 and the password you gave."),
                added.name,
                added.login,
            ),
            error=False,
        )
        self.changed.emit()
        return new_id

    def _ask_password(self) -> None:
        self.set_password()

    def set_password(self, password: str | None = None) -> bool:
        """Set a new password for the chosen instructor, not oneself (asked for unless
        given): they sign in with it from now on."""
        account = self.selected()
        if account is None:
            return False
        if password is None:
            dialog = TraineePasswordDialog(account.name, self, instructor=True)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            password = dialog.password.text()
        if len(password) < MIN_PASSWORD_LENGTH:
            self._say(password_rule(), error=True)
            return False
        try:
            self._desk.set_instructor_password(account.id, password)
        except (ValueError, StorageError) as exc:
            self._say(problem_text(exc), error=True)
            return False
        said = (
            self.tr("%1's new password is set: they sign in with it once enabled again.")
            if account.disabled
            else self.tr("%1 signs in with the new password from now on.")
        )
        self._say(fill(said, account.name), error=False)
        self.changed.emit()
        return True

    def ask_disable(self) -> None:
        """Disable the chosen instructor once confirmed (Cancel is the default); enable at once."""
        account = self.selected()
        if account is None:
            return
        if account.disabled:
            self.set_disabled(account, False)
            return
        box = Confirmation(
            fill(self.tr("Disable %1?"), account.name),
            fill(
                self.tr(
                    "Disable %1? They can no longer sign in. The exams they built and assigned "
                    "stay, and Enable lets them sign in again."
                ),
                account.name,
            ),
            fill(self.tr("&Disable %1"), account.name),
            self,
        )
        ask_then(self, box, lambda: self.set_disabled(account, True))

    def set_disabled(self, account: InstructorAccount, disabled: bool) -> bool:
        try:
            self._people.set_instructor_disabled(account.id, disabled)
        except StorageError as exc:
            self._say(problem_text(exc), error=True)
            return False
        self.refresh()
        self.select(account.id)
        text = (
            self.tr("%1 is disabled and can no longer sign in.")
            if disabled
            else self.tr("%1 can sign in again.")
        )
        self._say(fill(text, account.name), error=False)
        self.changed.emit()
        return True
