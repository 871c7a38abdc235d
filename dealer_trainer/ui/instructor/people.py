"""Trainee management (add a trainee, archive one: their answers stay, or bring them back)
and the instructor's own password."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.storage import DuplicateNameError, InstructorDesk, StorageError, TraineeProfile
from dealer_trainer.storage.access import MIN_PASSWORD_LENGTH
from dealer_trainer.ui.instructor.models import cell


class TraineesPanel(QWidget):
    """The list of every trainee, archived ones greyed, with add and archive/restore."""

    changed = Signal()

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._trainees: list[TraineeProfile] = []
        self.name = QLineEdit()
        self.name.setPlaceholderText(self.tr("New trainee's full name"))
        self.add_button = QPushButton(self.tr("&Add trainee"))
        self.add_button.clicked.connect(self.add)
        self.name.returnPressed.connect(self.add)
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names and titles as typed, never HTML
        self.message.setWordWrap(True)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Name"), self.tr("Profile created"), self.tr("Status")]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.archive_button = QPushButton(self.tr("A&rchive"))
        self.archive_button.setEnabled(False)
        self.archive_button.clicked.connect(self.toggle_archived)
        self.rename_button = QPushButton(self.tr("Re&name…"))
        self.rename_button.setEnabled(False)
        self.rename_button.clicked.connect(self.rename)
        explain = QLabel(
            self.tr(
                "An archived trainee no longer appears in the profile picker; their answers "
                "and exams stay in the records and in the reports."
            )
        )
        explain.setWordWrap(True)
        explain.setStyleSheet("color: #607d8b;")
        add_row = QHBoxLayout()
        add_row.addWidget(self.name, 1)
        add_row.addWidget(self.add_button)
        actions = QHBoxLayout()
        actions.addWidget(explain, 1)
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
        self.table.setRowCount(len(self._trainees))
        for row, trainee in enumerate(self._trainees):
            status = self.tr("archived") if trainee.archived else self.tr("active")
            if trainee.name_clash:
                status += " · " + self.tr("same name as another profile: rename one")
            cells = [
                trainee.name,
                trainee.created_at.astimezone().strftime("%Y-%m-%d"),
                status,
            ]
            for column, text in enumerate(cells):
                item = cell(text)
                item.setData(Qt.ItemDataRole.UserRole, trainee.id)
                if trainee.archived:
                    item.setForeground(Qt.GlobalColor.gray)
                self.table.setItem(row, column, item)
        self._selection_changed()

    def refusal(self, exc: Exception) -> str:
        """The reason a name was refused, in the window's language where it is ours."""
        if isinstance(exc, DuplicateNameError):
            if exc.name == exc.existing:
                return self.tr("A trainee named “%1” is already registered.").replace(
                    "%1", exc.existing
                )
            return (
                self.tr(
                    "“%1” is the name of the registered trainee “%2”: names that differ only "
                    "in capitals, letter width, spaces or invisible characters are one name. "
                    "If this is another person, add what tells them apart (a second name)."
                )
                .replace("%1", exc.name)
                .replace("%2", exc.existing)
            )
        if isinstance(exc, ValueError):
            return self.tr("A name must have 1 to 100 visible characters.")
        return str(exc)

    def add(self) -> None:
        try:
            added = self._desk.add_trainee(self.name.text())
        except (ValueError, StorageError) as exc:
            self.message.setStyleSheet("color: #b71c1c;")
            self.message.setText(self.refusal(exc))
            return
        self.name.clear()
        self.message.setStyleSheet("color: #2e7d32;")
        self.message.setText(self.tr("%1 can now choose their profile.").replace("%1", added.name))
        self.refresh()
        self.changed.emit()

    def selected(self) -> TraineeProfile | None:
        rows = self.table.selectionModel().selectedRows()
        return self._trainees[rows[0].row()] if rows else None

    def select(self, trainee_id: int) -> None:
        for row, trainee in enumerate(self._trainees):
            if trainee.id == trainee_id:
                self.table.selectRow(row)

    def rename(self, new_name: str | None = None) -> TraineeProfile | None:
        """Correct the chosen trainee's name (asked for unless given); their answers stay."""
        trainee = self.selected()
        if trainee is None:
            return None
        if new_name is None:
            typed, ok = QInputDialog.getText(
                self, self.tr("Rename a trainee"), self.tr("New name:"), text=trainee.name
            )
            if not ok:
                return None
            new_name = typed
        try:
            renamed = self._desk.rename_trainee(trainee.id, new_name)
        except (ValueError, StorageError) as exc:
            self.message.setStyleSheet("color: #b71c1c;")
            self.message.setText(self.refusal(exc))
            return None
        self.message.setStyleSheet("color: #2e7d32;")
        self.message.setText(
            self.tr("%1 is now %2; their answers stay theirs.")
            .replace("%1", trainee.name)
            .replace("%2", renamed.name)
        )
        self.refresh()
        self.select(renamed.id)
        self.changed.emit()
        return renamed

    def _selection_changed(self) -> None:
        trainee = self.selected()
        self.rename_button.setEnabled(trainee is not None)
        self.archive_button.setEnabled(trainee is not None)
        self.archive_button.setText(
            self.tr("&Restore") if trainee is not None and trainee.archived else self.tr("A&rchive")
        )

    def toggle_archived(self) -> None:
        trainee = self.selected()
        if trainee is None:
            return
        try:
            self._desk.set_trainee_archived(trainee.id, not trainee.archived)
        except StorageError as exc:
            self.message.setText(str(exc))
            return
        self.refresh()
        self.select(trainee.id)
        self.changed.emit()


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
        self.change_button = QPushButton(self.tr("C&hange the password"))
        self.change_button.clicked.connect(self.change)
        self.repeat.returnPressed.connect(self.change)  # Enter in the last field changes it
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names and titles as typed, never HTML
        self.message.setWordWrap(True)
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
                self.tr("The password must have at least %1 characters.").replace(
                    "%1", str(MIN_PASSWORD_LENGTH)
                ),
                error=True,
            )
            return
        try:
            self._desk.change_password(self.current.text(), self.new.text())
        except (ValueError, StorageError) as exc:
            self._say(str(exc), error=True)
            return
        for field in (self.current, self.new, self.repeat):
            field.clear()
        self._say(self.tr("The password is changed."), error=False)
        self.changed.emit()

    def _say(self, text: str, *, error: bool) -> None:
        self.message.setStyleSheet("color: #b71c1c;" if error else "color: #2e7d32;")
        self.message.setText(text)
