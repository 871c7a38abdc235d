"""Intake groups (classes) on the instructor's window: create, rename or re-date, choose the
instructors and the trainees, archive with a confirmation that names the group.

A trainee is in one current group: ticking them here moves them from their other
group (the list says which), and their earlier groups stay in the records.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk, StorageError, TraineeProfile
from dealer_trainer.storage.groups import DuplicateGroupNameError, InstructorAccount, IntakeGroup
from dealer_trainer.ui.instructor.roster import RosterPanel
from dealer_trainer.ui.kit.confirm import FormDialog, ask_then, ask_until_done
from dealer_trainer.ui.kit.language import problem_text

NAME, STARTS, INSTRUCTORS, TRAINEES, STATUS = range(5)


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _date(value: QDate) -> date:
    return date(value.year(), value.month(), value.day())


def date_field(day: date) -> QDateEdit:
    field = QDateEdit(_qdate(day))
    field.setCalendarPopup(True)
    field.setDisplayFormat("yyyy-MM-dd")
    return field


def _checklist(entries: Sequence[tuple[str, int, bool]]) -> QListWidget:
    box = QListWidget()
    box.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    for label, key, on in entries:
        item = QListWidgetItem(label)
        item.setData(Qt.ItemDataRole.UserRole, key)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        box.addItem(item)
    return box


def ticked(box: QListWidget) -> list[int]:
    return [
        int(box.item(i).data(Qt.ItemDataRole.UserRole))
        for i in range(box.count())
        if box.item(i).checkState() == Qt.CheckState.Checked
    ]


def tick(box: QListWidget, keys: set[int]) -> None:
    for i in range(box.count()):
        item = box.item(i)
        on = int(item.data(Qt.ItemDataRole.UserRole)) in keys
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)


def _save_or_cancel(
    dialog: QDialog, save: str, cancel: str
) -> tuple[QDialogButtonBox, QPushButton]:
    """Save (the default) and Cancel for ``dialog``, with its words; and the Save button."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
    )
    save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
    save_button.setText(save)
    save_button.setDefault(True)
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, save_button


class GroupDialog(FormDialog):
    """A group's name, start date and instructors (Enter saves; a refusal is said in the
    dialog, which keeps what was typed)."""

    def __init__(
        self,
        group: IntakeGroup,
        instructors: Sequence[InstructorAccount],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("groupDialog")
        self.setWindowTitle(fill(self.tr("Edit %1"), group.name))
        self.name = QLineEdit(group.name)
        self.start = date_field(group.start_date)
        shown = [i for i in instructors if not i.disabled or i.id in group.instructor_ids]
        self.instructors = _checklist(
            [
                (
                    i.name + (self.tr(" (disabled)") if i.disabled else ""),
                    i.id,
                    i.id in group.instructor_ids,
                )
                for i in shown
            ]
        )
        self.instructors.setMaximumHeight(160)
        form = QFormLayout()
        form.addRow(self.tr("&Name:"), self.name)
        form.addRow(self.tr("&Starts on:"), self.start)
        form.addRow(self.tr("Instructors:"), self.instructors)
        buttons, self.save_button = _save_or_cancel(self, self.tr("&Save"), self.tr("Cancel"))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(460)
        self.retry_field = self.name


class MembersDialog(QDialog):
    """Tick a group's trainees; one ticked from another group moves here (Enter saves)."""

    def __init__(
        self,
        group: IntakeGroup,
        trainees: Sequence[TraineeProfile],
        elsewhere: dict[int, str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("membersDialog")
        self.setWindowTitle(fill(self.tr("Trainees of %1"), group.name))
        intro = QLabel(
            fill(
                self.tr(
                    "Tick the trainees of %1. A trainee is in one group at a time: one ticked "
                    "from another group moves here, and their earlier groups stay in the records."
                ),
                group.name,
            )
        )
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        entries = []
        for trainee in trainees:
            if trainee.archived and trainee.id not in group.trainee_ids:
                continue
            label = trainee.name
            if trainee.staff_number:
                label += f" · {trainee.staff_number}"
            if trainee.id in elsewhere:
                label += " " + fill(self.tr("(now in %1)"), elsewhere[trainee.id])
            entries.append((label, trainee.id, trainee.id in group.trainee_ids))
        self.trainees = _checklist(entries)
        self.finder = QLineEdit()
        self.finder.setPlaceholderText(self.tr("Find a trainee…"))
        self.finder.setClearButtonEnabled(True)
        self.finder.textChanged.connect(self._filter)
        buttons, self.save_button = _save_or_cancel(self, self.tr("&Save"), self.tr("Cancel"))
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.finder)
        layout.addWidget(self.trainees, 1)
        layout.addWidget(buttons)
        self.setMinimumSize(480, 420)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _filter(self, text: str) -> None:
        needle = text.casefold()
        for i in range(self.trainees.count()):
            item = self.trainees.item(i)
            item.setHidden(bool(needle) and needle not in item.text().casefold())


class GroupsPanel(RosterPanel[IntakeGroup]):
    """Every group, current ones first, with its start, instructors and trainees."""

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(desk, parent)
        self._instructors: list[InstructorAccount] = []
        self._instructor_names: dict[int, str] = {}
        self._trainees: list[TraineeProfile] = []
        self.name = self._field(
            "newGroupName", self.tr("New group's name (e.g. Intake November 2026)")
        )
        self.start = date_field(date.today())
        self.start.setAccessibleName(self.tr("Start date"))
        self.start.setToolTip(self.tr("The day the group starts its training"))
        self.add_button = self._button(self.tr("Ne&w group"), self.add)
        self._columns(
            [
                self.tr("Group"),
                self.tr("Starts"),
                self.tr("Instructors"),
                self.tr("Trainees"),
                self.tr("Status"),
            ],
            stretch=(NAME, INSTRUCTORS),
        )
        self.table.doubleClicked.connect(lambda _index: self.edit_members())
        self.edit_button = self._button(self.tr("E&dit…"), self.edit)
        self.members_button = self._button(self.tr("Tr&ainees…"), self.edit_members)
        self.archive_button = self._button(self.tr("Arch&ive"), self.ask_retire)
        self._lay_out(
            [
                (self.name, 3),
                (QLabel(self.tr("Starts on:")), 0),
                (self.start, 0),
                (self.add_button, 0),
            ],
            self.tr(
                "The cohort view, exams and reports can be narrowed to a group. An archived "
                "group leaves those pickers; its history stays."
            ),
            [self.edit_button, self.members_button, self.archive_button],
        )

    def groups(self) -> list[IntakeGroup]:
        return list(self._rows)

    def set_trainees(self, trainees: Sequence[TraineeProfile]) -> None:
        self._trainees = list(trainees)

    def _read(self) -> list[IntakeGroup]:
        groups = self._people.groups()
        self._instructors = self._people.instructors()
        self._instructor_names = {i.id: i.name for i in self._instructors}
        return groups

    def _cells(self, group: IntakeGroup) -> list[str]:
        names = self._instructor_names
        return [
            group.name,
            group.start_date.isoformat(),
            ", ".join(names.get(i, "") for i in group.instructor_ids),
            str(len(group.trainee_ids)),
            self.tr("archived") if group.archived else self.tr("current"),
        ]

    def _retired(self, group: IntakeGroup) -> bool:
        return group.archived

    def _selection_changed(self) -> None:
        group = self.selected()
        for button in (self.edit_button, self.members_button, self.archive_button):
            button.setEnabled(group is not None)
        self.members_button.setEnabled(group is not None and not group.archived)
        self.archive_button.setText(
            self.tr("Restore") if group is not None and group.archived else self.tr("Arch&ive")
        )

    def refusal(self, exc: Exception) -> str:
        if isinstance(exc, DuplicateGroupNameError):
            if exc.name == exc.existing:
                return fill(self.tr("A group named “%1” already exists."), exc.existing)
            return fill(
                self.tr(
                    "“%1” is the name of the group “%2”: names that differ only in capitals, "
                    "letter width, spaces or invisible characters are one name."
                ),
                exc.name,
                exc.existing,
            )
        if isinstance(exc, ValueError):
            return self.tr("A group's name must have 1 to 100 visible characters.")
        return problem_text(exc)

    def add(self) -> IntakeGroup | None:
        """A new group from the name and start date typed; the instructor teaches it."""
        try:
            made = self._people.create_group(
                self.name.text(), _date(self.start.date()), [self._desk.session.instructor_id]
            )
        except (ValueError, StorageError) as exc:
            self.message.say(self.refusal(exc), error=True)
            return None
        self.name.clear()
        self._done(
            fill(
                self.tr("The group %1 starts on %2: tick its trainees with the Trainees… button."),
                made.name,
                made.start_date.isoformat(),
            ),
            made.id,
        )
        return made

    def edit(self) -> None:
        """The chosen group's name, start date and instructors, in a dialog."""
        group = self.selected()
        if group is None:
            return
        dialog = GroupDialog(group, self._instructors, self)

        def save() -> str | None:
            name, start = dialog.name.text(), _date(dialog.start.date())
            return self._save(group, name, start, ticked(dialog.instructors))

        ask_until_done(self, dialog, save)

    def save(self, group: IntakeGroup, name: str, start: date, instructor_ids: list[int]) -> bool:
        refusal = self._save(group, name, start, instructor_ids)
        if refusal is not None:
            self.message.say(refusal, error=True)
        return refusal is None

    def _save(
        self, group: IntakeGroup, name: str, start: date, instructor_ids: list[int]
    ) -> str | None:
        """The group saved (``None``), or the refusal in words; a refused name changes
        nothing: it is checked before the instructors are set."""
        try:
            changed = self._people.update_group(group.id, name, start)
        except (ValueError, StorageError) as exc:
            return self.refusal(exc)
        try:
            self._people.set_group_instructors(group.id, instructor_ids)
        except (ValueError, StorageError) as exc:  # the name and the start are kept: say so
            self._done(None, group.id)
            return fill(
                self.tr("The name and start of %1 are saved, its instructors not: %2"),
                changed.name,
                self.refusal(exc),
            )
        self._done(fill(self.tr("The group %1 is saved."), changed.name), group.id)
        return None

    def edit_members(self) -> None:
        """Tick the chosen group's trainees in a dialog."""
        group = self.selected()
        if group is None or group.archived:
            return
        names = {g.id: g.name for g in self._rows}
        elsewhere = {
            trainee: names[in_group]
            for trainee, in_group in self._people.current_groups().items()
            if in_group != group.id and in_group in names
        }
        trainees = self._trainees or self._desk.all_trainees()
        dialog = MembersDialog(group, trainees, elsewhere, self)
        ask_then(self, dialog, lambda: self.set_members(group, ticked(dialog.trainees)))

    def set_members(self, group: IntakeGroup, trainee_ids: list[int]) -> bool:
        try:
            self._people.set_members(group.id, trainee_ids)
        except (ValueError, StorageError) as exc:
            self.message.say(problem_text(exc), error=True)
            return False
        self._done(
            fill(self.tr("%1 has %n trainee(s).", "", len(set(trainee_ids))), group.name),
            group.id,
        )
        return True

    def _retire_words(self) -> tuple[str, str, str]:
        return (
            self.tr("Archive %1?"),
            self.tr(
                "Archive the group %1? It leaves the cohort, exam and report pickers; its "
                "trainees, their answers and the group's history stay."
            ),
            self.tr("&Archive %1"),
        )

    def _store_retired(self, group: IntakeGroup, archived: bool) -> None:
        self._people.set_group_archived(group.id, archived)

    def _retired_text(self, archived: bool) -> str:
        return self.tr("%1 is archived.") if archived else self.tr("%1 is current again.")
