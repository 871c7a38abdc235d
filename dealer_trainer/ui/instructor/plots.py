"""Accuracy and time over the days: two pyqtgraph plots on a date axis, built once.

``TrendPlots.show_series(series)`` only calls ``setData`` on curves made in
the constructor. ``firstPainted`` is emitted once, after the first paint that
follows the first ``show_series`` (the dashboard's speed target is measured on it).
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from dealer_trainer.reports.figures import DaySeries

ACCURACY_COLOUR = "#2e7d32"
TIME_COLOUR = "#1565c0"
BACKGROUND = "#ffffff"
INK = "#37474f"


def _plot(title: str, unit: str, colour: str) -> tuple[pg.PlotWidget, pg.PlotDataItem]:
    widget = pg.PlotWidget(axisItems={"bottom": pg.DateAxisItem(orientation="bottom")})
    widget.setBackground(BACKGROUND)
    item = widget.getPlotItem()
    item.setTitle(title, color=INK, size="10pt")
    item.setLabel("left", unit, color=INK)
    item.showGrid(x=True, y=True, alpha=0.15)
    item.setMenuEnabled(False)
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
        self.accuracy_curve.setData(x, series.accuracy_percent())
        self.time_curve.setData(x, series.time_seconds())
        if x:
            self.accuracy_plot.getPlotItem().enableAutoRange(axis="x")
            self.time_plot.getPlotItem().enableAutoRange(axis="y")
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
            QTimer.singleShot(0, self.firstPainted.emit)
        return super().eventFilter(watched, event)
