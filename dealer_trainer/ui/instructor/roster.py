"""What the people, groups and instructors tabs share: a row of fields to add one, a status
line, the table (archived or disabled ones greyed), the buttons acting on the chosen row,
and archive/disable asked first in a confirmation that names whom it acts on (bringing one
back asks nothing).

A tab derives from :class:`RosterPanel` (or :class:`AccountRoster`, for people who sign in)
and keeps only what is its own: its fields, columns and buttons, how it reads and writes
its rows, and its words. The words stay in the tab's own class (each sentence is one
``self.tr`` there), so a translation keeps its context: the tab's class name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
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
from dealer_trainer.storage.logins import check_login
from dealer_trainer.storage.records import clean_name
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.confirm import Confirmation, ask_then
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.messages import DialogMessage
from dealer_trainer.ui.kit.status import StatusLine


class Row(Protocol):
    """A row of a roster: a trainee, a group, an instructor account."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...


R = TypeVar("R", bound=Row)


class RosterPanel(QWidget, Generic[R]):
    """A tab listing rows of one kind; the subclass builds its fields and buttons after
    ``__init__`` here, then calls :meth:`_columns` and :meth:`_lay_out`."""

    changed = Signal()

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._people = desk.people()
        self._rows: list[R] = []
        # The dialog now open (a confirmation, a rename, a form), if any (tests answer it).
        self.pending: QDialog | None = None
        self.message = StatusLine()
        self.table = QTableWidget(0, 0)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.itemSelectionChanged.connect(self._selection_changed)

    # What a tab gives: its rows, their cells, its buttons' state, archive or disable.

    def _read(self) -> list[R]:
        """The rows, read from the store (and whatever the cells need beside them)."""
        raise NotImplementedError

    def _cells(self, row: R) -> list[str]:
        raise NotImplementedError

    def _retired(self, row: R) -> bool:
        """Archived or disabled: greyed, and the action brings it back."""
        raise NotImplementedError

    def _selection_changed(self) -> None:
        raise NotImplementedError

    def add(self) -> object:
        """Add what the fields say (Enter in any of them)."""
        raise NotImplementedError

    def _retire_words(self) -> tuple[str, str, str]:
        """The confirmation's title, question and action button, each naming the row
        (``%1``)."""
        raise NotImplementedError

    def _store_retired(self, row: R, retired: bool) -> None:
        raise NotImplementedError

    def _retired_text(self, retired: bool) -> str | None:
        """What the status line says once done, naming the row (``%1``); ``None``: it
        says nothing new."""
        raise NotImplementedError

    # Building the tab.

    def _field(self, name: str, placeholder: str, accessible: str = "") -> QLineEdit:
        """A field of the add row: Enter in it adds; the placeholder, elided in a narrow
        field, is its tooltip too."""
        field = QLineEdit()
        field.setObjectName(name)
        field.setPlaceholderText(placeholder)
        field.setToolTip(placeholder)
        if accessible:
            field.setAccessibleName(accessible)
        field.returnPressed.connect(self.add)
        return field

    def _button(self, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(slot)
        return button

    def _columns(self, headings: Sequence[str], stretch: Sequence[int] = (0,)) -> None:
        """The table's headings; the ``stretch`` columns share the width, the others fit
        their contents (whole headers in every language)."""
        self.table.setColumnCount(len(headings))
        self.table.setHorizontalHeaderLabels(list(headings))
        header = self.table.horizontalHeader()
        for column in range(len(headings)):
            header.setSectionResizeMode(
                column,
                QHeaderView.ResizeMode.Stretch
                if column in stretch
                else QHeaderView.ResizeMode.ResizeToContents,
            )

    def _lay_out(
        self,
        add_row: Sequence[tuple[QWidget, int]],
        explain: str,
        buttons: Sequence[QPushButton],
    ) -> QVBoxLayout:
        """The add row (each widget with its stretch), the status line, the table, then the
        explanation beside the buttons; the layout, for what a tab adds below."""
        said = QLabel(explain)
        said.setWordWrap(True)
        said.setStyleSheet(f"color: {palette.MUTED};")
        fields = QHBoxLayout()
        for widget, stretch in add_row:
            fields.addWidget(widget, stretch)
        actions = QHBoxLayout()
        actions.addWidget(said, 1)
        for button in buttons:
            actions.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(fields)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        layout.addLayout(actions)
        self._selection_changed()
        return layout

    # The rows.

    def refresh(self) -> None:
        """Read the rows again; the chosen one stays chosen."""
        chosen = self.selected()
        self._rows = self._read()
        self.table.setRowCount(len(self._rows))
        for number, row in enumerate(self._rows):
            retired = self._retired(row)
            for column, text in enumerate(self._cells(row)):
                item = cell(text)
                item.setData(Qt.ItemDataRole.UserRole, row.id)
                if retired:
                    item.setForeground(QColor(palette.FADED))
                self.table.setItem(number, column, item)
        if chosen is not None:
            self.select(chosen.id)
        self._selection_changed()

    def selected(self) -> R | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self._rows):
            return None
        return self._rows[rows[0].row()]

    def select(self, row_id: int) -> None:
        for number, row in enumerate(self._rows):
            if row.id == row_id:
                self.table.selectRow(number)

    # The status line.

    def refusal(self, exc: Exception) -> str:
        """The reason a change was refused, in the window's language where it is ours."""
        return problem_text(exc)

    def _done(self, text: str | None, row_id: int) -> None:
        """After a change: said (unless ``None``), the rows read again with ``row_id``
        chosen, and the window told."""
        if text is not None:
            self.message.say(text, error=False)
        self.refresh()
        self.select(row_id)
        self.changed.emit()

    # Archive or disable (asked first), restore or enable (at once).

    def ask_retire(self) -> None:
        """Archive (disable) the chosen row once the instructor confirms (Cancel is the
        default); bring an archived (disabled) one back at once."""
        row = self.selected()
        if row is None:
            return
        if self._retired(row):
            self.set_retired(row, False)
            return
        title, question, action = (fill(text, row.name) for text in self._retire_words())
        box = Confirmation(title, question, action, self)
        ask_then(self, box, lambda: self.set_retired(row, True))

    def set_retired(self, row: R, retired: bool) -> bool:
        try:
            self._store_retired(row, retired)
        except StorageError as exc:
            self.message.say(problem_text(exc), error=True)
            return False
        said = self._retired_text(retired)
        self._done(None if said is None else fill(said, row.name), row.id)
        return True


class AccountRoster(RosterPanel[R]):
    """A roster of people who sign in: a name and a login typed to add one (the login made
    from the name if empty), and a new password the instructor sets for one who forgot
    theirs (where this desk keeps the passwords)."""

    # The password dialog says whose: an instructor's (else a trainee's).
    INSTRUCTORS = False

    # The new one's name and login (the subclass makes them with ``_field``).
    name: QLineEdit
    login: QLineEdit

    def _store_password(self, row: R, password: str) -> None:
        raise NotImplementedError

    def _password_text(self, row: R) -> str:
        """What the status line says once the password is set."""
        raise NotImplementedError

    def _added_text(self, row: R) -> str:
        """What the status line says of one just added: their login."""
        raise NotImplementedError

    def _typed_login(self) -> str | None:
        """The login typed, checked (``None``: made from the name); ``ValueError`` if not
        a login."""
        typed = self.login.text().strip()
        return check_login(typed) if typed else None

    def _refused_typing(self) -> bool:
        """Whether the name or the login typed is refused (then said, in that order)."""
        try:
            clean_name(self.name.text())
        except ValueError as exc:
            self.message.say(self.refusal(exc), error=True)
            self.name.setFocus()
            return True
        try:
            self._typed_login()
        except ValueError:
            self.message.say(login_rule(), error=True)
            return True
        return False

    def _added(self, row_id: int, fields: Sequence[QLineEdit]) -> None:
        """After one is added: the fields emptied, the new row chosen and said."""
        for field in fields:
            field.clear()
        self.refresh()
        self.select(row_id)
        added = next(row for row in self._rows if row.id == row_id)
        self.message.say(self._added_text(added), error=False)
        self.changed.emit()

    def _ask_password(self) -> None:
        self.set_password()

    def set_password(self, password: str | None = None) -> bool:
        """Set a new password for the chosen one (asked for in a dialog unless given): they
        sign in with it from now on, the old one no longer works."""
        row = self.selected()
        if row is None:
            return False
        if password is None:
            dialog = TraineePasswordDialog(row.name, self, instructor=self.INSTRUCTORS)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            password = dialog.password.text()
        if len(password) < MIN_PASSWORD_LENGTH:
            self.message.say(password_rule(), error=True)
            return False
        try:
            self._store_password(row, password)
        except (ValueError, StorageError) as exc:
            self.message.say(problem_text(exc), error=True)
            return False
        self._done(self._password_text(row), row.id)
        return True


def password_rule() -> str:
    return fill(
        QCoreApplication.translate(
            "TraineesPanel", "The password must have at least %1 characters."
        ),
        str(MIN_PASSWORD_LENGTH),
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
                    "New password for %1. Tell it to them in person; they sign in with it once "
                    "and then choose their own (the old one no longer works)."
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
