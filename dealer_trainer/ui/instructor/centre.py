"""The instructor's Centre tab: the centre's settings, and its certifications with their
transcript and certificate PDFs.

The settings (``storage.centre``: the name printed on transcripts and certificates,
the sittings an exam allows, the days between sittings, the months a certification
stays valid) are saved as a new version, every change in the audit log; the table
below the form lists every version. The certifications list names trainees, games and
instructors, never an id.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
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

from dealer_trainer.reports.certificates import certificates_pdf, transcript_pdf
from dealer_trainer.reports.certification_text import (
    certified_name_cell,
    day_text,
    game_name,
    in_time_text,
    valid_text,
)
from dealer_trainer.reports.exams import percent_text
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk, StorageError, TraineeProfile
from dealer_trainer.storage.centre import NAME_LENGTH, CentreSettings
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.digits import accept_wide_digits
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.status import StatusLine
from dealer_trainer.ui.kit.writes import REFUSED, Change, write


class CentrePanel(QWidget):
    """The centre's settings form (Enter saves), their versions, and the certifications."""

    saved = Signal()
    written = Signal(str)

    def __init__(self, desk: InstructorDesk, jobs: Jobs, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._jobs = jobs
        self.name = QLineEdit()
        self.name.setMaxLength(NAME_LENGTH)
        self.name.setPlaceholderText(self.tr("Dealer training centre"))
        self.retake_limit = self._spin(1, 20)
        self.wait_days = self._spin(0, 365)
        self.validity = self._spin(1, 120)
        self.save_button = QPushButton(self.tr("S&ave the settings"))
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        self.message = StatusLine()
        box = QGroupBox(self.tr("The centre's settings"))
        form = QFormLayout(box)
        form.addRow(self.tr("Centre's name (transcripts, certificates):"), self.name)
        form.addRow(self.tr("Sittings an e&xam allows (the first included):"), self.retake_limit)
        form.addRow(self.tr("Da&ys to wait between sittings:"), self.wait_days)
        form.addRow(self.tr("Certification val&id for (months):"), self.validity)
        for label_field in (self.name, self.retake_limit, self.wait_days, self.validity):
            label = form.labelForField(label_field)
            if isinstance(label, QLabel):
                label.setBuddy(label_field)
        row = QHBoxLayout()
        row.addWidget(self.save_button)
        row.addStretch(1)
        form.addRow(row)
        self.versions = self._table(
            [self.tr("Version"), self.tr("Saved"), self.tr("By"), self.tr("Settings")]
        )
        self.versions.setMaximumHeight(130)
        self.trainee = QComboBox()
        self.trainee.setAccessibleName(self.tr("Trainee"))
        self.transcript_button = QPushButton(self.tr("Transcript (P&DF)…"))
        self.certificate_button = QPushButton(self.tr("Certi&ficates (PDF)…"))
        self.transcript_button.clicked.connect(lambda: self.ask_pdf(certificate=False))
        self.certificate_button.clicked.connect(lambda: self.ask_pdf(certificate=True))
        self.certifications = self._table(
            [
                self.tr("Trainee"),
                self.tr("Game"),
                self.tr("Passed on"),
                self.tr("Score"),
                self.tr("In time"),
                self.tr("Approved by"),
                self.tr("Validity"),
            ]
        )
        printing = QHBoxLayout()
        printing.addWidget(QLabel(self.tr("For:")))
        printing.addWidget(self.trainee, 1)
        printing.addWidget(self.transcript_button)
        printing.addWidget(self.certificate_button)
        certs = QGroupBox(self.tr("Certifications"))
        inner = QVBoxLayout(certs)
        inner.addLayout(printing)
        inner.addWidget(self.certifications, 1)
        top = QWidget()
        top.setMaximumWidth(900)
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(box)
        column.addWidget(self.message)
        column.addWidget(self.versions)
        layout = QVBoxLayout(self)
        layout.addWidget(top)
        layout.addWidget(certs, 1)
        #: What the tab shows was read before a change of people (or never): it is read
        #: when the tab is next shown, not on the GUI thread while the window is built.
        self._stale = True

    def _spin(self, low: int, high: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        accept_wide_digits(spin)
        return spin

    def _table(self, headers: list[str]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.horizontalHeader().setSectionResizeMode(
            len(headers) - 1, QHeaderView.ResizeMode.Stretch
        )
        return table

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter in the form saves (the tab is no dialog: its default button is ours)."""
        fields = (self.name, self.retake_limit, self.wait_days, self.validity)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.focusWidget() in fields:
            self.save()
            return
        super().keyPressEvent(event)

    def settings_text(self, settings: CentreSettings) -> str:
        return fill(
            self.tr("“%1”, %2 sittings, %3 days between, valid %4 months"),
            settings.centre_name or self.tr("Dealer training centre"),
            str(settings.retake_limit),
            str(settings.retake_wait_days),
            str(settings.validity_months),
        )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def refresh(self) -> None:
        try:
            settings = self._desk.centre_settings()
            history = self._desk.centre_settings_history()
            instructors = self._desk.instructor_names()
            certs = self._desk.certifications()
            trainees = {t.id: t.name for t in self._desk.all_trainees()}
        except StorageError as exc:
            self.message.say(problem_text(exc), error=True)
            return
        self.name.setText(settings.centre_name)
        self.retake_limit.setValue(settings.retake_limit)
        self.wait_days.setValue(settings.retake_wait_days)
        self.validity.setValue(settings.validity_months)
        if not history:
            self.versions.setRowCount(1)
            cells = [
                "",
                "",
                "",
                fill(self.tr("Defaults: %1"), self.settings_text(settings)),
            ]
            for column, text in enumerate(cells):
                self.versions.setItem(0, column, cell(text))
        else:
            self.versions.setRowCount(len(history))
            for row, each in enumerate(history):
                at = "" if each.changed_at is None else day_text(each.changed_at)
                by = instructors.get(each.changed_by or 0, "")
                texts = [str(each.version), at, by, self.settings_text(each)]
                for column, text in enumerate(texts):
                    self.versions.setItem(row, column, cell(text))
        self.versions.resizeColumnsToContents()
        self.versions.horizontalHeader().setStretchLastSection(True)
        today = date.today()
        self.certifications.setRowCount(len(certs))
        for row, cert in enumerate(certs):
            texts = [
                # The name certified, and the current one if the trainee was renamed since.
                certified_name_cell(cert, trainees.get(cert.trainee_id, "")),
                game_name(cert.game),
                day_text(cert.passed_at),
                percent_text(cert.score),
                in_time_text(cert),
                instructors.get(cert.approved_by, ""),
                valid_text(cert, today),
            ]
            for column, text in enumerate(texts):
                self.certifications.setItem(row, column, cell(text))
        self.certifications.resizeColumnsToContents()
        self.certifications.horizontalHeader().setStretchLastSection(True)
        self._stale = False

    def set_trainees(self, trainees: list[TraineeProfile]) -> None:
        current = self.trainee.currentData()
        self.trainee.clear()
        for trainee in trainees:
            self.trainee.addItem(trainee.name, trainee.id)
        self.trainee.setCurrentIndex(max(self.trainee.findData(current), 0))
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True

    def save(self) -> bool:
        wanted = CentreSettings(
            self.name.text(),
            self.retake_limit.value(),
            self.wait_days.value(),
            self.validity.value(),
        )
        saved = write(
            self.message,
            lambda: self._desk.save_centre_settings(wanted),
            Change.CENTRE,
            also=(ValueError,),
            wording=self.tr("Not saved: %1"),
        )
        if saved is REFUSED:
            return False
        self.refresh()
        self.message.say(
            fill(self.tr("Saved as version %1: %2"), str(saved.version), self.settings_text(saved)),
            error=False,
        )
        self.saved.emit()
        return True

    def ask_pdf(self, *, certificate: bool) -> None:
        if self.trainee.currentData() is None:
            self.message.say(self.tr("Choose a trainee first."), error=True)
            return
        stem = self.trainee.currentText()
        # Outside an f-string: lupdate reads a tr() call only there.
        word = self.tr("certificates") if certificate else self.tr("transcript")
        suggested = f"{stem} - {word}"
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save the PDF"), f"{suggested}.pdf", self.tr("PDF (*.pdf)")
        )
        if path:
            self.write_pdf(Path(path), certificate=certificate)

    def write_pdf(self, path: Path, *, certificate: bool) -> None:
        trainee_id = int(self.trainee.currentData())
        desk = self._desk
        write = certificates_pdf if certificate else transcript_pdf
        self.message.say(fill(self.tr("Writing %1…"), str(path)), error=False)

        def done(pages: int) -> None:
            self.message.say(
                fill(self.tr("%n page(s) written to %1", "", pages), str(path)),
                error=False,
            )
            self.written.emit(str(path))

        self._jobs.run("certificates", lambda: write(desk, trainee_id, path), done)
