"""The instructor's Standards tab: each skill's target time and the centre's mastery rule.

A table lists every skill of every game by its name, the drills' own target, the
centre's standard in force (and which version, by whom), weakest-defined first by
game. Choosing a row fills the editor; "Set the target" adds a new version (the old
ones stay; the audit log says who), and "Back to the drills' target" adds a version
without a time, after which the skill follows the drills' own target again. The
mastery rule's three numbers sit below.
Every bad entry is refused in words before anything is written.
"""

from __future__ import annotations

from datetime import tzinfo
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.skills import all_skills
from dealer_trainer.drills.standards import (
    LONGEST,
    SHORTEST,
    MasteryRule,
    SpeedStandardError,
    check_target,
    default_seconds,
)
from dealer_trainer.reports.text import figure, skill_title
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk, StorageError
from dealer_trainer.storage.standards import SpeedStandard
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.digits import accept_wide_digits, ascii_digits
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.standards_words import game_name, rule_words, seconds_words
from dealer_trainer.ui.kit.status import StatusLine
from dealer_trainer.ui.kit.writes import REFUSED, Change, write


class StandardsPanel(QWidget):
    """Set each skill's target time and the mastery rule (each change a new version)."""

    changed = Signal()

    def __init__(self, desk: InstructorDesk, zone: tzinfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._zone = zone
        self._history: dict[str, SpeedStandard] = {}
        self.table = QTableWidget(0, 5)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The skill whole ("Lançamentos inválidos e dados inclinados"); who set a target and
        # when takes what is left, elided, whole on hover.
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.currentCellChanged.connect(lambda *_: self._row_chosen())

        self.skill_name = QLabel()
        self.skill_name.setTextFormat(Qt.TextFormat.PlainText)
        self.seconds = QLineEdit()
        self.seconds.setMaximumWidth(120)
        accept_wide_digits(self.seconds)
        self.seconds.returnPressed.connect(self.set_target)
        self.set_button = QPushButton(self.tr("Set the target"))
        self.set_button.clicked.connect(self.set_target)
        self.set_button.setDefault(True)
        self.back_button = QPushButton(self.tr("&Back to the drills' target"))
        self.back_button.setToolTip(
            self.tr(
                "The chosen skill follows the drills' own target again, as before the centre "
                "set one (a new version; the old ones stay)."
            )
        )
        self.back_button.clicked.connect(self.back_to_drills)
        self.message = StatusLine()

        editor = QGroupBox(self.tr("Target time of the chosen skill"))
        form = QFormLayout(editor)
        form.addRow(self.tr("Skill:"), self.skill_name)
        seconds_row = QHBoxLayout()
        seconds_row.addWidget(self.seconds)
        seconds_row.addWidget(QLabel(self.tr("seconds")))
        seconds_row.addWidget(self.set_button)
        seconds_row.addStretch(1)
        self.seconds_label = QLabel(self.tr("T&arget:"))
        self.seconds_label.setBuddy(self.seconds)
        form.addRow(self.seconds_label, seconds_row)
        back_row = QHBoxLayout()
        back_row.addWidget(self.back_button)
        back_row.addStretch(1)
        form.addRow("", back_row)

        self.last_answers = QSpinBox()
        self.last_answers.setRange(5, 500)
        self.mastered = QSpinBox()
        self.mastered.setRange(1, 100)
        self.mastered.setSuffix(" %")
        self.close_share = QSpinBox()
        self.close_share.setRange(0, 100)
        self.close_share.setSuffix(" %")
        for box in (self.last_answers, self.mastered, self.close_share):
            accept_wide_digits(box)
        self.rule_button = QPushButton(self.tr("Set the master&y rule"))
        self.rule_button.clicked.connect(self.set_rule)
        self.rule_text = QLabel()
        self.rule_text.setWordWrap(True)
        self.rule_text.setStyleSheet(f"color: {palette.MUTED_STRONG};")
        rule_box = QGroupBox(self.tr("Mastery rule"))
        rule_form = QFormLayout(rule_box)
        rule_form.addRow(self.tr("Answers looked at (the last):"), self.last_answers)
        rule_form.addRow(self.tr("Mastered from:"), self.mastered)
        rule_form.addRow(self.tr("Close from:"), self.close_share)
        rule_form.addRow(self.rule_button)
        rule_form.addRow(self.rule_text)

        note = QLabel(
            self.tr(
                "A skill's target time is the time a trained dealer needs for one item. The "
                "dashboard counts an answer right and within the target; the mastery rule and "
                "exams' speed pass mark use it. Until the centre sets one, a skill keeps the "
                "drills' own target (intermediate level). Every change is kept as a new "
                "version, with who made it."
            )
        )
        note.setWordWrap(True)
        note.setStyleSheet(f"color: {palette.MUTED};")
        side = QVBoxLayout()
        side.addWidget(editor)
        side.addWidget(rule_box)
        side.addWidget(self.message)
        side.addWidget(note)
        side.addStretch(1)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setMaximumWidth(440)
        layout = QHBoxLayout(self)
        layout.addWidget(self.table, 3)
        layout.addWidget(side_widget, 2)
        self._set_headers()

    def _set_headers(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Game"),
                self.tr("Skill"),
                self.tr("Drills' target"),
                self.tr("Centre's target"),
                self.tr("Set by"),
            ]
        )

    def refresh(self) -> None:
        try:
            history = self._desk.standards.history()
            rule = self._desk.standards.mastery_rule()
        except StorageError as exc:
            self.message.say(problem_text(exc), error=True)
            return
        newest: dict[str, SpeedStandard] = {}
        for version in history:  # newest first
            newest.setdefault(version.skill, version)
        self._history = newest
        chosen = self.current_skill()
        skills = list(all_skills().values())
        self.table.setRowCount(len(skills))
        for row, found in enumerate(skills):
            standard = newest.get(found.id)
            by = (
                ""
                if standard is None
                else fill(
                    self.tr("%1 on %2 (version %3)"),
                    standard.set_by,
                    standard.set_at.astimezone(self._zone).strftime("%Y-%m-%d"),
                    str(standard.version),
                )
            )
            cells = [
                game_name(found.game),
                skill_title(found.id),
                seconds_words(default_seconds(found.id)),
                self.tr("as the drills")
                if standard is None or standard.seconds is None
                else seconds_words(standard.seconds),
                by,
            ]
            for column, text in enumerate(cells):
                item = cell(text)
                item.setToolTip(text)  # the skill, "set by": elided in a narrow column
                item.setData(Qt.ItemDataRole.UserRole, found.id)
                if column in (2, 3):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        self.last_answers.setValue(rule.last_answers)
        self.mastered.setValue(int(rule.mastered * 100))
        self.close_share.setValue(int(rule.close * 100))
        self.rule_text.setText(rule_words(rule))
        self.choose(chosen or skills[0].id)

    def choose(self, skill_id: str) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == skill_id:
                self.table.setCurrentCell(row, 1)
                self._row_chosen()
                return

    def current_skill(self) -> str | None:
        item = self.table.item(self.table.currentRow(), 0) if self.table.rowCount() else None
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _row_chosen(self) -> None:
        skill_id = self.current_skill()
        if skill_id is None:
            return
        self.skill_name.setText(skill_title(skill_id))
        value = self._centre_seconds(skill_id)
        self.back_button.setEnabled(value is not None)  # only a centre's own target goes back
        if value is None:
            value = default_seconds(skill_id)
        self.seconds.setText(figure(format(value.normalize(), "f")))  # 6,5 in Portuguese

    def _centre_seconds(self, skill_id: str) -> Decimal | None:
        """The centre's target in force for ``skill_id``, or None while it follows the
        drills' own."""
        standard = self._history.get(skill_id)
        return None if standard is None else standard.seconds

    def set_target(self) -> None:
        skill_id = self.current_skill()
        if skill_id is None:
            self.message.say(self.tr("Choose a skill in the table first."), error=True)
            return
        typed = ascii_digits(self.seconds.text()).strip().replace(",", ".")
        if not typed:
            self.message.say(
                fill(
                    self.tr("Type the target time in seconds: the drills' own for %1 is %2."),
                    skill_title(skill_id),
                    seconds_words(default_seconds(skill_id)),
                ),
                error=True,
            )
            self.seconds.setFocus()
            return
        try:
            seconds = check_target(Decimal(typed))
        except (InvalidOperation, SpeedStandardError):
            self.message.say(
                fill(
                    self.tr(
                        "“%1” is not a target time: type the seconds, between %2 and %3, to a "
                        "tenth of a second at most (for example 6.5)."
                    ),
                    self.seconds.text(),
                    str(SHORTEST),
                    str(LONGEST),
                ),
                error=True,
            )
            return
        made = write(
            self.message,
            lambda: self._desk.standards.set_standard(skill_id, seconds),
            Change.STANDARDS,
            also=(ValueError,),
        )
        if made is REFUSED:
            return
        self.refresh()
        self.message.say(
            fill(
                self.tr("The target of %1 is now %2 (version %3)."),
                skill_title(skill_id),
                seconds_words(seconds),
                str(made.version),
            ),
            error=False,
        )
        self.changed.emit()

    def back_to_drills(self) -> None:
        """Set the chosen skill back to the drills' own target (a new version)."""
        skill_id = self.current_skill()
        if skill_id is None:
            self.message.say(self.tr("Choose a skill in the table first."), error=True)
            return
        if self._centre_seconds(skill_id) is None:
            self.message.say(
                fill(
                    self.tr("%1 already follows the drills' own target (%2)."),
                    skill_title(skill_id),
                    seconds_words(default_seconds(skill_id)),
                ),
                error=True,
            )
            return
        made = write(
            self.message,
            lambda: self._desk.standards.set_standard(skill_id, None),
            Change.STANDARDS,
            also=(ValueError,),
        )
        if made is REFUSED:
            return
        self.refresh()
        self.seconds.setFocus()  # the button is disabled now: keep the keys on the editor
        self.message.say(
            fill(
                self.tr("%1 follows the drills' own target again: %2 (version %3)."),
                skill_title(skill_id),
                seconds_words(default_seconds(skill_id)),
                str(made.version),
            ),
            error=False,
        )
        self.changed.emit()

    def set_rule(self) -> None:
        if self.close_share.value() > self.mastered.value():
            self.message.say(
                fill(
                    self.tr(
                        "The share that is close to mastery (%1 %) cannot be above the share that "
                        "masters a skill (%2 %)."
                    ),
                    str(self.close_share.value()),
                    str(self.mastered.value()),
                ),
                error=True,
            )
            return
        rule = MasteryRule(
            self.last_answers.value(),
            Fraction(self.mastered.value(), 100),
            Fraction(self.close_share.value(), 100),
        )
        made = write(
            self.message,
            lambda: self._desk.standards.set_mastery_rule(rule),
            Change.STANDARDS,
            also=(ValueError,),
        )
        if made is REFUSED:
            return
        self.refresh()
        self.message.say(
            fill(self.tr("The mastery rule is set: %1"), rule_words(made)), error=False
        )
        self.changed.emit()
