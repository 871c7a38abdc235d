"""A period without answers: the plots say so, and print no dates counted from 1970.

On a new training centre's dashboard the empty date axis read "00.100 00.200 …"
(milliseconds after 1 January 1970) and the time axis "0.2 0.4 … seconds".
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

from pytestqt.qtbot import QtBot

from dealer_trainer.reports.figures import DaySeries
from dealer_trainer.ui.instructor.plots import TrendPlots, joins


def test_empty_plots_hide_their_values_and_say_why(qtbot: QtBot) -> None:
    plots = TrendPlots()
    qtbot.addWidget(plots)
    plots.resize(700, 400)
    plots.show()
    plots.show_series(DaySeries((), (), (), ()))
    assert not plots.shows_values()
    assert plots.empty_note.isVisible()
    day = DaySeries(
        (date(2026, 11, 29), date(2026, 11, 30)), (4, 5), (3, 5), (Decimal(2500), Decimal(2100))
    )
    plots.show_series(day)
    assert plots.shows_values()
    assert not plots.empty_note.isVisible()
    assert plots.points() == 2


def _days(*numbers: int) -> DaySeries:
    days = tuple(date(2026, 11, n) for n in numbers)
    return DaySeries(days, (4,) * len(days), (3,) * len(days), (Decimal(2500),) * len(days))


def test_a_day_without_practice_is_a_gap_not_a_line_across_it(qtbot: QtBot) -> None:
    plots = TrendPlots()
    qtbot.addWidget(plots)
    plots.show_series(_days(2, 3, 4, 9, 10))
    for curve in (plots.accuracy_curve, plots.time_curve):
        # 2→3→4 joined, 4 … 9 not (four days without practice), 9→10 joined
        assert list(curve.opts["connect"]) == [1, 1, 0, 1, 0]
    assert plots.points() == 5  # the points are the days practised, nothing invented
    assert list(joins([date(2026, 11, 1)])) == [0]


def test_one_day_of_answers_shows_a_week_of_dates_and_times_from_zero(qtbot: QtBot) -> None:
    plots = TrendPlots()
    qtbot.addWidget(plots)
    plots.resize(700, 400)
    plots.show()
    plots.show_series(_days(30))
    (first, last), _ = plots.accuracy_plot.getPlotItem().getViewBox().viewRange()
    assert last - first >= 7 * 86_400 - 1  # a week, not a few hours around one instant
    axis = plots.accuracy_plot.getPlotItem().getAxis("bottom")
    plots.grab()  # paints: the axis lays out its ticks as on screen
    spacing, values = axis.tickValues(first, last, 600)[0]
    ticks = axis.tickStrings(values, 1.0, spacing)
    assert spacing >= 86_400 and ticks  # ticks a day or more apart, each a date
    assert all(not tick.startswith("00") and ":" not in tick for tick in ticks), ticks
    (_, _), (bottom, top) = plots.time_plot.getPlotItem().getViewBox().viewRange()
    assert bottom == 0 and 2.5 < top < 4  # 2.5 s a day, on an axis from 0 s


def test_dates_on_the_axis_and_in_reports_are_in_the_windows_language(qtbot: QtBot) -> None:
    from PySide6.QtCore import QLocale

    from dealer_trainer.reports.charts import day_label
    from dealer_trainer.ui.instructor.plots import DayAxis

    before = QLocale()
    axis = DayAxis(orientation="bottom")
    noon = datetime(2026, 11, 30, 12, tzinfo=UTC).timestamp()
    try:
        QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.Macau))
        assert day_label(date(2026, 11, 30)) == "11月30日"
        assert axis.tickStrings([noon], 1.0, 86_400) == ["11月30日"]
        assert axis.tickStrings([noon], 1.0, 31 * 86_400) == ["11月"]
        QLocale.setDefault(QLocale(QLocale.Language.Portuguese, QLocale.Country.Portugal))
        assert day_label(date(2026, 11, 30)).startswith("30 nov")
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
        assert axis.tickStrings([noon], 1.0, 86_400) == ["30 Nov"]
    finally:
        QLocale.setDefault(before)
