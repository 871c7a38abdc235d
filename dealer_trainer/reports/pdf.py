"""PDF reports drawn with QPdfWriter and QPainter: one trainee, or the cohort.

Page one: the heading, the figures of the period, the accuracy and time
charts, the skills weakest first. Then the exam history (trainee) or the table
of trainees and the exams (cohort), over as many pages as needed. Every page
carries the report's title and "page N of M" at its foot: a report is laid out
once to count its pages, then written (its figures are read from storage once).
Sizes are in millimetres on an A4 page; text is real text (searchable, copyable).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from functools import cache
from pathlib import Path

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetrics,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
)

from dealer_trainer.reports import figures, within_target
from dealer_trainer.reports.certification_text import (
    certified_as,
    certified_name_cell,
    day_text,
    game_name,
    in_time_text,
    valid_text,
)
from dealer_trainer.reports.charts import draw_line_chart
from dealer_trainer.reports.exams import (
    ExamResult,
    exam_results,
    percent_text,
    trainee_exam_history,
)
from dealer_trainer.reports.table_section import Section, TableWords, table_sections
from dealer_trainer.reports.text import (
    count_text,
    percent_cell,
    seconds_text,
    skill_targets_ms,
    skill_title,
)
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import DailySkillStat, Exam, InstructorDesk, StorageError
from dealer_trainer.storage.certification import Certification
from dealer_trainer.storage.graded import GradingWait
from dealer_trainer.storage.groups import IntakeGroup

RESOLUTION = 300
MM = RESOLUTION / 25.4
ACCURACY_COLOUR = "#2e7d32"
TIME_COLOUR = "#1565c0"
HEAD = QColor("#263238")
MUTED = QColor("#607d8b")
STRIPE = QColor("#f3f6f8")
FOOTER_MM = 8  # the band at the foot of every page: the title and the page number


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
    """A painter on an A4 PDF with a writing position that flows onto new pages.

    ``total_pages`` is printed in every page's footer ("page 2 of 3"); ``None`` lays
    the report out in memory to count them (see :func:`_write`)."""

    def __init__(self, path: Path | None, title: str, total_pages: int | None) -> None:
        self._buffer: QBuffer | None = None
        if path is None:
            self._buffer = QBuffer()
            self._buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            self.writer = QPdfWriter(self._buffer)
        else:
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
        whole = QRectF(self.painter.viewport())
        self.page = whole.adjusted(0, 0, 0, -FOOTER_MM * MM)
        self._foot = QRectF(whole.left(), self.page.bottom(), whole.width(), FOOTER_MM * MM)
        self.title = title
        self.total_pages = total_pages
        self.y = self.page.top()
        self.pages = 1
        self._footer()

    def _footer(self) -> None:
        self.font(8)
        self.painter.setPen(MUTED)
        self.painter.drawLine(
            QPointF(self._foot.left(), self._foot.top() + 2 * MM),
            QPointF(self._foot.right(), self._foot.top() + 2 * MM),
        )
        where = QCoreApplication.translate("reports", "page %1 of %2")
        total = "?" if self.total_pages is None else str(self.total_pages)
        area = self._foot.adjusted(0, 2 * MM, 0, 0)
        align = Qt.AlignmentFlag.AlignVCenter
        self.painter.drawText(area, align | Qt.AlignmentFlag.AlignLeft, self.title)
        self.painter.drawText(
            area,
            align | Qt.AlignmentFlag.AlignRight,
            fill(where, str(self.pages), total),
        )

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
            self._footer()

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
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        wrapped = self.painter.boundingRect(
            QRectF(0, 0, self.page.width(), self.page.height()),
            int(flags | Qt.TextFlag.TextWordWrap),
            text,
        )
        height = max(self.painter.fontMetrics().height() * 1.25, wrapped.height())
        self.room(height)
        self.painter.setPen(colour)
        self.painter.drawText(
            QRectF(self.page.left(), self.y, self.page.width(), height),
            int(flags | Qt.TextFlag.TextWordWrap),
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
        self.font(8.5, bold=True)
        heading_metrics = self.painter.fontMetrics()
        self.font(8.5)
        row_height = self.painter.fontMetrics().height() * 1.5
        widths = _column_widths(
            self.painter.fontMetrics(), heading_metrics, columns, rows, self.page.width()
        )

        def header() -> None:
            self.font(8.5, bold=True)
            self._heading_row(columns, widths, row_height)
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

    def _heading_row(
        self, columns: Sequence[Column], widths: Sequence[float], row_height: float
    ) -> None:
        """The column headings, each wrapped to its column (a heading is never cut: in
        Portuguese "Tempo típico" is wider than its figures)."""
        metrics = self.painter.fontMetrics()
        pad = 1.2 * MM
        wrapped = [
            _wrap(metrics, c.title, width - 2 * pad)
            for c, width in zip(columns, widths, strict=True)
        ]
        line = metrics.height()
        height = max(row_height, max(len(lines) for lines in wrapped) * line + row_height - line)
        self.painter.setPen(HEAD)
        x = self.page.left()
        for lines, column, width in zip(wrapped, columns, widths, strict=True):
            align = Qt.AlignmentFlag.AlignRight if column.right else Qt.AlignmentFlag.AlignLeft
            self.painter.drawText(
                QRectF(x + pad, self.y, width - 2 * pad, height),
                align | Qt.AlignmentFlag.AlignBottom,
                "\n".join(lines),
            )
            x += width
        self.y += height

    def finish(self) -> int:
        self.painter.end()
        if self._buffer is not None:
            self._buffer.close()
        return self.pages


def _column_widths(
    metrics: QFontMetrics,
    heading_metrics: QFontMetrics,
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    total: float,
) -> list[float]:
    """Each column's width on the page: a figure, a date or a number is never cut, nor a
    word of a heading (in Portuguese "Respostas" and "actividade" are wider than their
    figures); names and skills (words with spaces) share what is left by the columns'
    shares and are cut with "…" only where they must be. A table whose fixed columns alone
    are wider than the page falls back to the shares."""
    pad = 2 * 1.2 * MM + 1  # both sides' padding, and a point against rounding

    def widest(texts: Sequence[str], font: QFontMetrics) -> float:
        return max((font.horizontalAdvance(t) for t in texts), default=0)

    shares = [c.width / sum(c.width for c in columns) * total for c in columns]
    cells = [[row[n] for row in rows] for n in range(len(columns))]
    heading_words = [widest(c.title.split() or [""], heading_metrics) + pad for c in columns]
    natural = [
        max(word, widest(column_cells, metrics) + pad)
        for word, column_cells in zip(heading_words, cells, strict=True)
    ]
    if sum(natural) <= total:  # everything whole: the room left by the shares
        spare = total - sum(natural)
        return [n + spare * share / total for n, share in zip(natural, shares, strict=True)]
    fixed = [
        c.right or not any(" " in cell for cell in column_cells)
        for c, column_cells in zip(columns, cells, strict=True)
    ]
    room = total - sum(n for n, f in zip(natural, fixed, strict=True) if f)
    flexible = sum(share for share, f in zip(shares, fixed, strict=True) if not f)
    if flexible == 0 or room <= 0:
        return shares
    widths = [
        n if f else max(word, room * share / flexible)
        for n, f, word, share in zip(natural, fixed, heading_words, shares, strict=True)
    ]
    return widths if sum(widths) <= total + 0.5 else shares


def _wrap(metrics: QFontMetrics, text: str, width: float) -> list[str]:
    """``text`` in lines no wider than ``width``: broken between words, and a word wider
    than a line (or a heading in Chinese, which has no spaces) broken where it must be."""
    lines: list[str] = []
    current = ""
    for whole in text.split():
        word = whole
        candidate = f"{current} {word}" if current else word
        if metrics.horizontalAdvance(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while len(word) > 1 and metrics.horizontalAdvance(word) > width:
            cut = len(word) - 1
            while cut > 1 and metrics.horizontalAdvance(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        current = word
    if current:
        lines.append(current)
    return lines or [""]


def _write(path: Path, title: str, draw: Callable[[_Document], None]) -> int:
    """Lay the report out in memory to count its pages, then write it with "page N of M"
    on every page; return the number of pages. ``draw`` only draws: it reads nothing."""
    counting = _Document(None, title, None)
    try:
        draw(counting)
    finally:
        total = counting.finish()
    doc = _Document(path, title, total)
    try:
        draw(doc)
    finally:
        pages = doc.finish()
    if pages != total:  # a layout that depends on the page count would be a bug here
        raise RuntimeError(f"the report took {pages} pages after {total} were counted")
    return pages


def _heading(
    doc: _Document, title: str, first: date, last: date, desk: InstructorDesk, made: datetime
) -> None:
    doc.text(title, 18, bold=True, gap=1)
    doc.text(
        fill(
            QCoreApplication.translate("reports", "%1 to %2 · made %3 by %4"),
            first.isoformat(),
            last.isoformat(),
            made.strftime("%Y-%m-%d %H:%M"),
            desk.session.name,
        ),
        9,
        colour=MUTED,
        gap=4,
    )


def _opening(
    doc: _Document,
    title: str,
    first: date,
    last: date,
    desk: InstructorDesk,
    made: datetime,
    wait: GradingWait,
    stats: Sequence[DailySkillStat],
) -> None:
    """What a trainee's and the cohort's reports open with: the title and the days, the
    answers not graded yet, the summary, the charts per day and the skills."""
    _heading(doc, title, first, last, desk, made)
    _grading_wait(doc, wait)
    _summary(doc, stats)
    _charts(doc, stats, first, last)
    _skills(doc, stats)


def _grading_wait(doc: _Document, wait: GradingWait) -> None:
    """On a centre's server: the answers not graded yet, in no figure of the report."""
    words = wait.words()
    if words is not None:
        doc.text(words.render(QCoreApplication.translate), 9, gap=4)


def _summary(doc: _Document, stats: Sequence[DailySkillStat]) -> None:
    overall = figures.totals(stats)
    accuracy = overall.accuracy_percent
    days = len({s.day for s in stats})
    doc.text(
        fill(
            QCoreApplication.translate(
                "reports", "%1 answers on %2 days · %3 correct · typical time %4"
            ),
            count_text(overall.answers),
            str(days),
            percent_cell(accuracy) or "–",
            seconds_text(overall.typical_ms) or "–",
        ),
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
                count_text(figure.totals.answers),
                percent_cell(accuracy),
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
            Column(QCoreApplication.translate("reports", "Target time"), 1.4, True),
        ],
        rows,
    )
    doc.text(
        QCoreApplication.translate(
            "reports",
            "Target time: what a trained dealer needs for one item of the skill at the "
            "intermediate level, the drills' timed target.",
        ),
        8,
        colour=MUTED,
        gap=3,
    )


def _live_table(
    desk: InstructorDesk,
    first: date,
    words: TableWords | None,
    trainee_id: int | None = None,
    among: Collection[int] | None = None,
) -> list[Section]:
    """The live table's results of the period (none without the screens' words for them):
    one trainee's, or the cohort's (``among``: of those trainees only, an intake group)."""
    if words is None:
        return []
    since = datetime.combine(first, time.min).astimezone()
    ids = [trainee_id] if trainee_id is not None else None if among is None else sorted(among)
    names = {t.id: t.name for t in desk.all_trainees()}
    return table_sections(desk.table_results(ids, since), names, words, trainee_id)


def _draw_sections(doc: _Document, sections: Sequence[Section]) -> None:
    for section in sections:
        doc.text(section.heading, 12, bold=True)
        columns = [Column(title, width, right) for title, width, right in section.columns]
        doc.table(columns, section.rows)


def trainee_pdf(
    desk: InstructorDesk,
    trainee_id: int,
    first: date,
    last: date,
    path: Path,
    table_words: TableWords | None = None,
) -> int:
    """Write one trainee's report; return the number of pages. With ``table_words`` (the
    screens' words) it has the trainee's live-table results too."""
    trainee = next((t for t in desk.all_trainees() if t.id == trainee_id), None)
    if trainee is None:
        raise StorageError(f"There is no trainee {trainee_id}.")
    stats = desk.daily_skill_stats(first, last, trainee_id=trainee_id)
    wait = desk.grading_wait([trainee_id])
    history = trainee_exam_history(desk, trainee_id)
    live = _live_table(desk, first, table_words, trainee_id)
    shown = trainee.name + (f" ({trainee.staff_number})" if trainee.staff_number else "")
    title = fill(QCoreApplication.translate("reports", "Training report: %1"), shown)
    made = datetime.now().astimezone()

    def draw(doc: _Document) -> None:
        _opening(doc, title, first, last, desk, made, wait, stats)
        _draw_sections(doc, live)
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

    return _write(path, title, draw)


def cohort_figures(
    desk: InstructorDesk,
    first: date,
    last: date,
    trainee_ids: Collection[int] | None = None,
) -> figures.CohortFigures:
    """The cohort's figures over the days, as the dashboard reads them."""
    stats = desk.daily_skill_stats(first, last, trainee_ids=trainee_ids)
    trainees = desk.all_trainees()
    if trainee_ids is not None:
        trainees = [t for t in trainees if t.id in trainee_ids]
    names = {t.id: (t.name, t.archived) for t in trainees}
    spans = desk.trainee_spans(first, last, trainee_ids)
    rows = figures.per_trainee_from_spans(spans, names, skill_targets_ms())
    wanted = None if trainee_ids is None else frozenset(trainee_ids)
    return figures.CohortFigures(first, last, tuple(stats), tuple(rows), wanted)


def cohort_pdf(
    desk: InstructorDesk,
    first: date,
    last: date,
    path: Path,
    table_words: TableWords | None = None,
    *,
    shown: figures.CohortFigures | None = None,
    group: IntakeGroup | None = None,
) -> int:
    """Write the cohort's report (with a row per trainee); return the number of pages.

    With ``table_words`` (the screens' words) it has the live table's results too.
    With ``group``: that intake group's report, its trainees only (and their exams).
    ``shown``: the figures the dashboard shows, used as they are when they are of the
    same days and trainees (a report of what is on the screen); else they are read as
    the dashboard reads them (the per-day rollup and the per-trainee rollup).
    """
    wanted = None if group is None else frozenset(group.trainee_ids)
    if shown is None or (shown.first, shown.last, shown.trainee_ids) != (first, last, wanted):
        shown = cohort_figures(desk, first, last, wanted)
    stats = shown.stats
    rows = list(shown.rows)
    within = shown.within  # as the dashboard read it, or read now (one aggregate query)
    if within is None:
        within = within_target.shares(desk, first, last, wanted)
    trainees = [t for t in desk.all_trainees() if wanted is None or t.id in wanted]
    staff = {t.id: t.staff_number or "" for t in trainees}
    rows.sort(
        key=lambda r: (
            r.totals.accuracy_percent is None,
            r.totals.accuracy_percent or 0,
            r.name.casefold(),
        )
    )
    exams = [(exam, exam_results(desk, exam)) for exam in desk.exams()]
    certifications = [c for c in desk.certifications() if wanted is None or c.trainee_id in wanted]
    instructors = desk.instructor_names()
    wait = desk.grading_wait(wanted)
    live = _live_table(desk, first, table_words, among=wanted)
    title = QCoreApplication.translate("reports", "Cohort report")
    if group is not None:
        exams = [
            (exam, kept)
            for exam, results in exams
            if (kept := [r for r in results if r.assignment.trainee_id in group.trainee_ids])
        ]
        title = fill(
            QCoreApplication.translate("reports", "Group report: %1 (started %2)"),
            group.name,
            group.start_date.isoformat(),
        )
    made = datetime.now().astimezone()

    def draw(doc: _Document) -> None:
        _opening(doc, title, first, last, desk, made, wait, stats)
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
                    staff.get(row.trainee_id, ""),
                    count_text(row.totals.answers),
                    percent_cell(accuracy),
                    seconds_text(row.totals.typical_ms),
                    str(row.active_days),
                    "" if row.last_day is None else row.last_day.isoformat(),
                    skill_title(row.weakest_skill),
                    within_target.cell_text(within.get(row.trainee_id)),
                ]
            )
        columns = [
            Column(QCoreApplication.translate("reports", "Trainee"), 2.2),
            Column(QCoreApplication.translate("reports", "Staff no."), 1.6),
            Column(QCoreApplication.translate("reports", "Answers"), 1.6, True),
            Column(QCoreApplication.translate("reports", "Accuracy"), 1.4, True),
            Column(QCoreApplication.translate("reports", "Typical time"), 1.5, True),
            Column(QCoreApplication.translate("reports", "Days"), 0.8, True),
            Column(QCoreApplication.translate("reports", "Last active"), 1.6, True),
            Column(QCoreApplication.translate("reports", "Weakest skill"), 2.4),
            Column(within_target.heading(), 2.1, True),
        ]
        if not any(staff.values()):  # no staff numbers at this centre: no empty column
            columns.pop(1)
            table = [line[:1] + line[2:] for line in table]
        doc.table(columns, table)
        doc.text(within_target.heading_tip(), 8, colour=MUTED)

        _draw_sections(doc, live)
        _cohort_exams(doc, exams)
        certification_table(
            doc,
            certifications,
            {t.id: t.name for t in trainees},
            instructors,
            made.date(),
            with_name=True,
        )

    return _write(path, title, draw)


def _cohort_exams(doc: _Document, exams: Sequence[tuple[Exam, Sequence[ExamResult]]]) -> None:
    """Every exam set: how many it was assigned to, took it and passed it."""
    doc.room(25 * MM)  # the heading stays with the table's first rows
    doc.text(QCoreApplication.translate("reports", "Exams"), 12, bold=True)
    if not exams:
        doc.text(QCoreApplication.translate("reports", "No exam set."), 9, colour=MUTED)
        return
    rows = []
    for exam, results in exams:
        taken = [r for r in results if r.taken]
        rows.append(
            [
                exam.title,
                exam.created_at.astimezone().strftime("%Y-%m-%d"),
                str(len(results)),
                str(len(taken)),
                str(sum(1 for r in taken if r.passed)),
                percent_text(exam.pass_mark),
            ]
        )
    doc.table(
        [
            Column(QCoreApplication.translate("reports", "Exam"), 3.5),
            Column(QCoreApplication.translate("reports", "Set on"), 1.5),
            Column(QCoreApplication.translate("reports", "Assigned to"), 1.4, True),
            Column(QCoreApplication.translate("reports", "Sat it"), 1.2, True),
            Column(QCoreApplication.translate("reports", "Passed"), 1.2, True),
            Column(QCoreApplication.translate("reports", "Pass mark"), 1.3, True),
        ],
        rows,
    )


def certification_table(
    doc: _Document,
    certs: Sequence[Certification],
    names: dict[int, str],
    instructors: dict[int, str],
    today: date,
    *,
    with_name: bool,
    exam_titles: dict[int, str] | None = None,
) -> None:
    doc.room(25 * MM)  # the heading stays with the table's first rows
    doc.text(QCoreApplication.translate("certificates", "Certifications"), 12, bold=True)
    if not certs:
        doc.text(QCoreApplication.translate("certificates", "No certification."), 9, colour=MUTED)
        return
    columns = (
        [Column(QCoreApplication.translate("certificates", "Trainee"), 2.6)] if with_name else []
    )
    columns += [
        Column(QCoreApplication.translate("certificates", "Game"), 2.2),
        Column(QCoreApplication.translate("certificates", "Passed on"), 2.2),
        Column(QCoreApplication.translate("certificates", "Score"), 1.5, True),
        Column(QCoreApplication.translate("certificates", "In time"), 1.4, True),
        Column(QCoreApplication.translate("certificates", "Approved by"), 2),
        Column(QCoreApplication.translate("certificates", "Validity"), 3),
    ]
    rows = []
    for cert in certs:
        current = names.get(cert.trainee_id, "")
        row = [certified_name_cell(cert, current)] if with_name else []
        note = None if with_name else certified_as(cert, current)  # one trainee's list
        row += [
            game_name(cert.game) if note is None else f"{game_name(cert.game)} · {note}",
            day_text(cert.passed_at),
            percent_text(cert.score),
            in_time_text(cert),
            instructors.get(cert.approved_by, ""),
            valid_text(cert, today),
        ]
        rows.append(row)
    doc.table(columns, rows)
