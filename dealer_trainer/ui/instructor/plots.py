"""Accuracy and time over the days: two pyqtgraph plots on a date axis, built once.

``TrendPlots.show_series(series)`` only calls ``setData`` on curves made in
the constructor. A day without practice is a gap in the lines, not a join across it;
the date axis spans at least a week (one day of answers still reads as dates, not as
hours), in the window's language, and the time axis starts at 0 s (a day's small
wobble does not fill the plot). ``firstPainted`` is emitted once, after the first paint that
follows the first ``show_series`` (the dashboard's speed target is measured on it).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from itertools import pairwise

import numpy as np
import numpy.typing as npt
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from dealer_trainer.reports.charts import day_label
from dealer_trainer.reports.figures import DaySeries
from dealer_trainer.ui.kit import palette

ACCURACY_COLOUR = palette.OK
TIME_COLOUR = palette.PLOT_TIME
BACKGROUND = palette.PANEL
INK = palette.PLOT_INK
DAY_S = 86_400
#: The narrowest span of the date axis: with one day of answers the axis still shows dates.
MIN_SPAN_S = 7 * DAY_S


def joins(days: Sequence[date]) -> npt.NDArray[np.int32]:
    """For each point, whether its line goes on to the next one: only to the next day, so a
    day without practice is a gap (pyqtgraph's ``connect`` array)."""
    return np.array(
        [1 if (later - day).days == 1 else 0 for day, later in pairwise(days)] + [0],
        dtype=np.int32,
    )


def date_span(timestamps: Sequence[float]) -> tuple[float, float]:
    """The date axis's range for points at these instants: half a day around them, and at
    least :data:`MIN_SPAN_S` wide, centred on them."""
    first, last = min(timestamps) - DAY_S / 2, max(timestamps) + DAY_S / 2
    if last - first < MIN_SPAN_S:
        middle = (first + last) / 2
        first, last = middle - MIN_SPAN_S / 2, middle + MIN_SPAN_S / 2
    return first, last


class DayAxis(pg.DateAxisItem):  # type: ignore[misc]  # pyqtgraph has no type hints
    """pyqtgraph's date axis with its dates in the window's language ("30 Nov", "11月30日"):
    its own labels are Python's ``strftime``, always English. Finer than a day (zoomed in
    with the mouse), its hours are pyqtgraph's, which need no language."""

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        if spacing < DAY_S:
            return list(super().tickStrings(values, scale, spacing))
        month_only = spacing >= 28 * DAY_S
        return [
            day_label(datetime.fromtimestamp(v, UTC).date(), month_only=month_only) for v in values
        ]


def _plot(title: str, unit: str, colour: str) -> tuple[pg.PlotWidget, pg.PlotDataItem]:
    # No context menus: they are not used, and pyqtgraph built each plot's menus (and their
    # forms) only for us to switch them off.
    widget = pg.PlotWidget(axisItems={"bottom": DayAxis(orientation="bottom")}, enableMenu=False)
    widget.setBackground(BACKGROUND)
    item = widget.getPlotItem()
    item.setTitle(title, color=INK, size="10pt")
    item.setLabel("left", unit, color=INK)
    item.showGrid(x=True, y=True, alpha=0.15)
    for side in ("left", "bottom"):
        axis = item.getAxis(side)
        axis.setPen(pg.mkPen(INK))
        axis.setTextPen(pg.mkPen(INK))
    pen = QPen(QColor(colour))
    pen.setWidthF(2.0)
    pen.setCosmetic(True)
    curve = item.plot([], [], pen=pen, symbol="o", symbolSize=4, symbolBrush=colour, symbolPen=None)
    widget.setMinimumHeight(150)
    return widget, curve


class TrendPlots(QWidget):
    """Accuracy (%) above, typical time (s) below, sharing one date axis."""

    firstPainted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.accuracy_plot, self.accuracy_curve = _plot(
            self.tr("Accuracy"), self.tr("% correct"), ACCURACY_COLOUR
        )
        self.time_plot, self.time_curve = _plot(
            self.tr("Time per answer"), self.tr("seconds"), TIME_COLOUR
        )
        self.accuracy_plot.setYRange(0, 100, padding=0.02)
        self.accuracy_plot.getPlotItem().setLimits(yMin=-2, yMax=102)
        self.time_plot.setXLink(self.accuracy_plot)
        self.time_plot.setToolTip(
            self.tr(
                "One skill: the median time of each day. All skills: the median of the "
                "skills' daily medians, each weighted by its number of answers."
            )
        )
        # With no answer in the period the axes would count from 1970 ("00.100", "00.200"):
        # their values are hidden and a line says why the plots are empty.
        self.empty_note = QLabel(self.tr("No answers in this period."))
        self.empty_note.setObjectName("muted")
        self.empty_note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty_note)
        layout.addWidget(self.accuracy_plot, 1)
        layout.addWidget(self.time_plot, 1)
        self._shown = False
        self._painted = False
        self.accuracy_plot.viewport().installEventFilter(self)

    def show_series(self, series: DaySeries) -> None:
        x = series.timestamps()
        connect = joins(series.days) if x else "all"
        self.accuracy_curve.setData(x, series.accuracy_percent(), connect=connect)
        seconds = series.time_seconds()
        self.time_curve.setData(x, seconds, connect=connect)
        if x:
            self.accuracy_plot.setXRange(*date_span(x), padding=0)
            self.time_plot.setYRange(0, max(1.0, max(seconds) * 1.15), padding=0)
        self.accuracy_plot.setYRange(0, 100, padding=0.02)  # accuracy always on its full scale
        self._show_values(bool(x))
        self._shown = True

    def _show_values(self, shown: bool) -> None:
        for plot in (self.accuracy_plot, self.time_plot):
            plot.getPlotItem().getAxis("bottom").setStyle(showValues=shown)
        self.time_plot.getPlotItem().getAxis("left").setStyle(showValues=shown)
        self.empty_note.setVisible(not shown)

    def shows_values(self) -> bool:
        """Whether the date axis prints its dates (not while the plots are empty)."""
        return bool(self.accuracy_plot.getPlotItem().getAxis("bottom").style["showValues"])

    def points(self) -> int:
        """How many days the plots show."""
        data = self.accuracy_curve.getData()[0]
        return 0 if data is None else len(data)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Paint
            and self._shown
            and not self._painted
            and watched is self.accuracy_plot.viewport()
        ):
            self._painted = True
            # Announced once this paint event has been handled: the plot is on screen.
            QTimer.singleShot(0, self, self.firstPainted.emit)  # not after self is gone
        return super().eventFilter(watched, event)
