"""A period without answers: the plots say so, and print no dates counted from 1970.

On a new training centre's dashboard the empty date axis read "00.100 00.200 …"
(milliseconds after 1 January 1970) and the time axis "0.2 0.4 … seconds".
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from pytestqt.qtbot import QtBot

from dealer_trainer.reports.figures import DaySeries
from dealer_trainer.ui.instructor.plots import TrendPlots


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
