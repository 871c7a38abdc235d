"""Line charts drawn with QPainter, for printed reports (vectors in the PDF).

``draw_line_chart`` draws one series over a date axis into a rectangle of any
paint device: grid, axis labels at sensible steps, the line and its points.
A day without practice is a gap in the line. Dates are written in the report's
language (``day_label``: "30 Nov", "30 nov.", "11月30日"), as the dashboard writes them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

INK = QColor("#37474f")
GRID = QColor("#e0e6ea")


def day_label(day: date, *, month_only: bool = False) -> str:
    """A short date in the current language (``QLocale()``, which the app sets with its
    language): "30 Nov" / "30 nov." / "11月30日", or the month alone ("Nov", "11月")."""
    locale = QLocale()
    chinese = locale.language() == QLocale.Language.Chinese
    patterns = {(True, True): "M月", (True, False): "MMM", (False, True): "M月d日"}
    pattern = patterns.get((month_only, chinese), "d MMM")
    return locale.toString(QDate(day.year, day.month, day.day), pattern)


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2, 2.5, 5 × 10^n) giving about ``ticks`` divisions of ``span``."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    magnitude = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if magnitude * factor >= raw:
            return magnitude * factor
    return magnitude * 10


def draw_line_chart(
    painter: QPainter,
    area: QRectF,
    title: str,
    days: Sequence[date],
    values: Sequence[float],
    colour: str,
    *,
    unit: str = "",
    y_range: tuple[float, float] | None = None,
    x_range: tuple[date, date] | None = None,
    font_size: float = 8.0,
) -> None:
    """One series over days (the whole ``x_range`` if given), titled, with labelled axes."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont(painter.font())
    font.setPointSizeF(font_size)
    painter.setFont(font)
    metrics = painter.fontMetrics()
    line = metrics.height()
    title_font = QFont(font)
    title_font.setBold(True)
    title_font.setPointSizeF(font_size * 1.2)
    painter.setFont(title_font)
    painter.setPen(INK)
    shown_title = f"{title} ({unit})" if unit else title
    painter.drawText(
        QRectF(area.left(), area.top(), area.width(), line * 1.6),
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        shown_title,
    )
    painter.setFont(font)
    left_margin = metrics.horizontalAdvance("00000")
    plot = QRectF(
        area.left() + left_margin,
        area.top() + line * 1.8,
        area.width() - left_margin - line,
        area.height() - line * 3.4,
    )
    if not days:
        painter.drawText(
            plot,
            Qt.AlignmentFlag.AlignCenter,
            QCoreApplication.translate("reports", "No answers in this period."),
        )
        painter.restore()
        return
    low, high = y_range if y_range is not None else (0.0, max(values) * 1.1 or 1.0)
    step = nice_step(high - low)
    start, end = x_range if x_range is not None else (days[0], days[-1])
    x0, x1 = start.toordinal(), max(end.toordinal(), start.toordinal() + 1)

    def at(day: date, value: float) -> QPointF:
        x = plot.left() + (day.toordinal() - x0) / (x1 - x0) * plot.width()
        y = plot.bottom() - (value - low) / (high - low) * plot.height()
        return QPointF(x, y)

    grid_pen = QPen(GRID)
    grid_pen.setWidthF(max(0.5, line * 0.05))
    tick = low
    while tick <= high + 1e-9:
        y = plot.bottom() - (tick - low) / (high - low) * plot.height()
        painter.setPen(grid_pen)
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        painter.setPen(INK)
        label = f"{tick:g}"
        painter.drawText(
            QRectF(area.left(), y - line / 2, left_margin - line * 0.3, line),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            label,
        )
        tick += step
    labels = 6
    span = x1 - x0
    for n in range(labels):
        day = date.fromordinal(x0 + round(span * n / (labels - 1)))
        x = at(day, low).x()
        painter.setPen(grid_pen)
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        painter.setPen(INK)
        painter.drawText(
            QRectF(x - line * 3, plot.bottom() + line * 0.2, line * 6, line),
            Qt.AlignmentFlag.AlignHCenter,
            day_label(day),
        )
    axis_pen = QPen(INK)
    axis_pen.setWidthF(max(0.6, line * 0.06))
    painter.setPen(axis_pen)
    painter.drawLine(plot.bottomLeft(), plot.bottomRight())
    painter.drawLine(plot.bottomLeft(), plot.topLeft())
    path = QPainterPath()
    previous: date | None = None
    for day, value in zip(days, values, strict=True):
        point = at(day, value)
        if previous is not None and (day - previous).days == 1:
            path.lineTo(point)
        else:
            path.moveTo(point)  # the first day, or the first after days without practice
        previous = day
    line_pen = QPen(QColor(colour))
    line_pen.setWidthF(max(1.0, line * 0.12))
    painter.setPen(line_pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(path)
    if len(days) <= 120:
        painter.setBrush(QColor(colour))
        radius = max(1.0, line * 0.14)
        for day, value in zip(days, values, strict=True):
            painter.drawEllipse(at(day, value), radius, radius)
    painter.restore()
