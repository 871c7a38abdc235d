"""PDF reports drawn with QPdfWriter and QPainter: one trainee, or the cohort.

Page one: the heading, the figures of the period, the accuracy and time
charts, the skills weakest first. Then the exam history (trainee) or the table
of trainees (cohort), over as many pages as needed. Sizes are in millimetres
on an A4 page; text is real text (searchable, copyable).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)

from dealer_trainer.reports import figures
from dealer_trainer.reports.charts import draw_line_chart
from dealer_trainer.reports.exams import percent_text, trainee_exam_history
from dealer_trainer.reports.text import seconds_text, skill_targets_ms, skill_title
from dealer_trainer.storage import DailySkillStat, InstructorDesk, StorageError

RESOLUTION = 300
MM = RESOLUTION / 25.4
ACCURACY_COLOUR = "#2e7d32"
TIME_COLOUR = "#1565c0"
HEAD = QColor("#263238")
MUTED = QColor("#607d8b")
STRIPE = QColor("#f3f6f8")


#: Latin faces for the report text, the first installed is used. Not the app's CJK
#: fallback: its digits reach the PDF without their text (a report must be searchable);
#: Chinese names still print, Qt falls back per character.
REPORT_FAMILIES = (
    "Segoe UI",
    "Helvetica Neue",
    "Helvetica",
    "Arial",
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
)


@cache
def report_family() -> str:
    installed = set(QFontDatabase.families())
    return next((f for f in REPORT_FAMILIES if f in installed), QFont().family())


@dataclass(frozen=True)
class Column:
    title: str
    width: float  # share of the table's width
    right: bool = False


class _Document:
    """A painter on an A4 PDF with a writing position that flows onto new pages."""

    def __init__(self, path: Path, title: str) -> None:
        self.writer = QPdfWriter(str(path))
        self.writer.setResolution(RESOLUTION)
        self.writer.setTitle(title)
        self.writer.setCreator("Macau Dealer Trainer")
        self.writer.setPageLayout(
            QPageLayout(
                QPageSize(QPageSize.PageSizeId.A4),
                QPageLayout.Orientation.Portrait,
                QMarginsF(15, 15, 15, 15),
                QPageLayout.Unit.Millimeter,
            )
        )
        self.painter = QPainter()
        if not self.painter.begin(self.writer):
            raise OSError(f"cannot write {path}")
        self.page = QRectF(self.painter.viewport())
        self.y = self.page.top()
        self.pages = 1

    def font(self, points: float, bold: bool = False) -> None:
        font = QFont(report_family())
        font.setPointSizeF(points)
        font.setBold(bold)
        self.painter.setFont(font)

    def room(self, height: float) -> None:
        if self.y + height > self.page.bottom():
            self.writer.newPage()
            self.pages += 1
            self.y = self.page.top()

    def text(
        self,
        text: str,
        points: float = 10,
        *,
        bold: bool = False,
        colour: QColor = HEAD,
        gap: float = 1.5,
    ) -> None:
        self.font(points, bold)
        height = self.painter.fontMetrics().height() * 1.25
        self.room(height)
        self.painter.setPen(colour)
        self.painter.drawText(
            QRectF(self.page.left(), self.y, self.page.width(), height),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            text,
        )
        self.y += height + gap * MM

    def chart(
        self,
        title: str,
        days: Sequence[date],
        values: Sequence[float],
        colour: str,
        unit: str,
        y_range: tuple[float, float] | None = None,
        x_range: tuple[date, date] | None = None,
    ) -> None:
        height = 62 * MM
        self.room(height)
        draw_line_chart(
            self.painter,
            QRectF(self.page.left(), self.y, self.page.width(), height),
            title,
            days,
            values,
            colour,
            unit=unit,
            y_range=y_range,
            x_range=x_range,
            font_size=8,
        )
        self.y += height + 3 * MM

    def table(self, columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> None:
        self.font(8.5)
        row_height = self.painter.fontMetrics().height() * 1.5
        widths = [c.width / sum(c.width for c in columns) * self.page.width() for c in columns]

        def header() -> None:
            self.font(8.5, bold=True)
            self._row([c.title for c in columns], columns, widths, row_height, None)
            self.painter.setPen(HEAD)
            left, right = QPointF(self.page.left(), self.y), QPointF(self.page.right(), self.y)
            self.painter.drawLine(left, right)
            self.font(8.5)

        self.room(row_height * 3)
        header()
        for number, cells in enumerate(rows):
            if self.y + row_height > self.page.bottom():
                self.room(self.page.height())
                header()
            self._row(cells, columns, widths, row_height, STRIPE if number % 2 else None)
        self.y += 4 * MM

    def _row(
        self,
        cells: Sequence[str],
        columns: Sequence[Column],
        widths: Sequence[float],
        height: float,
        fill: QColor | None,
    ) -> None:
        if fill is not None:
            self.painter.fillRect(QRectF(self.page.left(), self.y, self.page.width(), height), fill)
        self.painter.setPen(HEAD)
        x = self.page.left()
        pad = 1.2 * MM
        for cell, column, width in zip(cells, columns, widths, strict=True):
            align = Qt.AlignmentFlag.AlignRight if column.right else Qt.AlignmentFlag.AlignLeft
            shown = self.painter.fontMetrics().elidedText(
                cell, Qt.TextElideMode.ElideRight, int(width - 2 * pad)
            )
            self.painter.drawText(
                QRectF(x + pad, self.y, width - 2 * pad, height),
                align | Qt.AlignmentFlag.AlignVCenter,
                shown,
            )
            x += width
        self.y += height

    def finish(self) -> int:
        self.painter.end()
        return self.pages


def _heading(doc: _Document, title: str, first: date, last: date, desk: InstructorDesk) -> None:
    doc.text(title, 18, bold=True, gap=1)
    doc.text(
        QCoreApplication.translate("reports", "%1 to %2 · made %3 by %4")
        .replace("%1", first.isoformat())
        .replace("%2", last.isoformat())
        .replace("%3", datetime.now().astimezone().strftime("%Y-%m-%d %H:%M"))
        .replace("%4", desk.session.name),
        9,
        colour=MUTED,
        gap=4,
    )


def _summary(doc: _Document, stats: Sequence[DailySkillStat]) -> None:
    overall = figures.totals(stats)
    accuracy = overall.accuracy_percent
    days = len({s.day for s in stats})
    doc.text(
        QCoreApplication.translate(
            "reports", "%1 answers on %2 days · %3 correct · typical time %4"
        )
        .replace("%1", f"{overall.answers:,}")
        .replace("%2", str(days))
        .replace("%3", "–" if accuracy is None else f"{accuracy} %")
        .replace("%4", seconds_text(overall.typical_ms) or "–"),
        11,
        bold=True,
        gap=3,
    )


def _charts(doc: _Document, stats: Sequence[DailySkillStat], first: date, last: date) -> None:
    series = figures.by_day(stats)
    doc.chart(
        QCoreApplication.translate("reports", "Accuracy per day"),
        series.days,
        series.accuracy_percent(),
        ACCURACY_COLOUR,
        "%",
        (0.0, 100.0),
        (first, last),
    )
    doc.chart(
        QCoreApplication.translate("reports", "Typical time per answer, per day"),
        series.days,
        series.time_seconds(),
        TIME_COLOUR,
        "s",
        None,
        (first, last),
    )


def _skills(doc: _Document, stats: Sequence[DailySkillStat]) -> None:
    targets = skill_targets_ms()
    skills = figures.per_skill(stats, targets)
    doc.text(QCoreApplication.translate("reports", "Skills, weakest first"), 12, bold=True)
    rows = []
    for figure in figures.weakest_first(skills):
        accuracy = figure.totals.accuracy_percent
        rows.append(
            [
                skill_title(figure.skill),
                f"{figure.totals.answers:,}",
                "" if accuracy is None else f"{accuracy} %",
                seconds_text(figure.totals.typical_ms),
                seconds_text(figure.target_ms),
            ]
        )
    doc.table(
        [
            Column(QCoreApplication.translate("reports", "Skill"), 4),
            Column(QCoreApplication.translate("reports", "Answers"), 1.3, True),
            Column(QCoreApplication.translate("reports", "Accuracy"), 1.3, True),
            Column(QCoreApplication.translate("reports", "Typical time"), 1.5, True),
            Column(QCoreApplication.translate("reports", "Target"), 1.2, True),
        ],
        rows,
    )


def trainee_pdf(desk: InstructorDesk, trainee_id: int, first: date, last: date, path: Path) -> int:
    """Write one trainee's report; return the number of pages."""
    trainee = next((t for t in desk.all_trainees() if t.id == trainee_id), None)
    if trainee is None:
        raise StorageError(f"There is no trainee {trainee_id}.")
    stats = desk.daily_skill_stats(first, last, trainee_id=trainee_id)
    history = trainee_exam_history(desk, trainee_id)
    title = QCoreApplication.translate("reports", "Training report: %1").replace("%1", trainee.name)
    doc = _Document(path, title)
    try:
        _heading(doc, title, first, last, desk)
        _summary(doc, stats)
        _charts(doc, stats, first, last)
        _skills(doc, stats)
        doc.text(QCoreApplication.translate("reports", "Exams"), 12, bold=True)
        rows = []
        for exam, result in history:
            score = result.score
            verdict = (
                QCoreApplication.translate("reports", "not taken yet")
                if result.passed is None
                else QCoreApplication.translate("reports", "passed")
                if result.passed
                else QCoreApplication.translate("reports", "failed")
            )
            rows.append(
                [
                    exam.title,
                    result.assignment.assigned_at.astimezone().strftime("%Y-%m-%d"),
                    ""
                    if result.assignment.completed_at is None
                    else result.assignment.completed_at.astimezone().strftime("%Y-%m-%d"),
                    ""
                    if score is None
                    else f"{result.correct}/{result.item_count} ({percent_text(score)})",
                    percent_text(exam.pass_mark),
                    verdict,
                ]
            )
        if rows:
            doc.table(
                [
                    Column(QCoreApplication.translate("reports", "Exam"), 3.5),
                    Column(QCoreApplication.translate("reports", "Assigned"), 1.5),
                    Column(QCoreApplication.translate("reports", "Taken"), 1.5),
                    Column(QCoreApplication.translate("reports", "Score"), 1.8, True),
                    Column(QCoreApplication.translate("reports", "Pass mark"), 1.2, True),
                    Column(QCoreApplication.translate("reports", "Result"), 1.4),
                ],
                rows,
            )
        else:
            doc.text(QCoreApplication.translate("reports", "No exam assigned."), 9, colour=MUTED)
    except BaseException:
        doc.finish()
        raise
    return doc.finish()


def cohort_pdf(desk: InstructorDesk, first: date, last: date, path: Path) -> int:
    """Write the cohort's report (with a row per trainee); return the number of pages."""
    stats = desk.daily_skill_stats(first, last)
    trainees = desk.all_trainees()
    each = desk.daily_skill_stats(first, last, per_trainee=True)
    names = {t.id: (t.name, t.archived) for t in trainees}
    rows = figures.per_trainee(each, names, skill_targets_ms())
    rows.sort(
        key=lambda r: (
            r.totals.accuracy_percent is None,
            r.totals.accuracy_percent or 0,
            r.name.casefold(),
        )
    )
    title = QCoreApplication.translate("reports", "Cohort report")
    doc = _Document(path, title)
    try:
        _heading(doc, title, first, last, desk)
        _summary(doc, stats)
        _charts(doc, stats, first, last)
        _skills(doc, stats)
        doc.text(
            QCoreApplication.translate("reports", "Trainees, lowest accuracy first"), 12, bold=True
        )
        table = []
        for row in rows:
            accuracy = row.totals.accuracy_percent
            table.append(
                [
                    row.name
                    + (
                        QCoreApplication.translate("reports", " (archived)") if row.archived else ""
                    ),
                    f"{row.totals.answers:,}",
                    "" if accuracy is None else f"{accuracy} %",
                    seconds_text(row.totals.typical_ms),
                    str(row.active_days),
                    "" if row.last_day is None else row.last_day.isoformat(),
                    skill_title(row.weakest_skill),
                ]
            )
        doc.table(
            [
                Column(QCoreApplication.translate("reports", "Trainee"), 3),
                Column(QCoreApplication.translate("reports", "Answers"), 1.3, True),
                Column(QCoreApplication.translate("reports", "Accuracy"), 1.3, True),
                Column(QCoreApplication.translate("reports", "Typical time"), 1.8, True),
                Column(QCoreApplication.translate("reports", "Days"), 0.8, True),
                Column(QCoreApplication.translate("reports", "Last active"), 1.6, True),
                Column(QCoreApplication.translate("reports", "Weakest skill"), 3),
            ],
            table,
        )
    except BaseException:
        doc.finish()
        raise
    return doc.finish()
