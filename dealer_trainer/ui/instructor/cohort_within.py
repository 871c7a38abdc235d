"""The cohort table's "Within target" column (``reports.within_target``).

With the plots' and the table's, one more job reads each trainee's share right and within
the target over the same days and trainees, by the Mastery tab's aggregate query (from the
rollup, but for a skill whose target changed since it was counted: see
``storage.within_rollup``), and fills the column; the view's figures
(``CohortView.shown``, which the cohort PDF reuses) get it too. ``loaded`` says the
column is filled: its figures and the table's rows are both in. A newer period or group
makes an older result stale (the job's key).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dealer_trainer.reports import within_target
from dealer_trainer.reports.figures import CohortFigures

if TYPE_CHECKING:
    from dealer_trainer.storage.desks import InstructorDesk
    from dealer_trainer.storage.standards import SpeedShare
    from dealer_trainer.ui.instructor.models import CohortModel
    from dealer_trainer.ui.kit.background import Jobs

_Key = tuple[date, date, frozenset[int] | None]


class CohortWithin(QObject):
    """Reads and shows the column for the figures the cohort view shows."""

    loaded = Signal()

    def __init__(
        self, desk: InstructorDesk, jobs: Jobs, model: CohortModel, parent: QObject
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._jobs = jobs
        self._model = model
        self._key: _Key | None = None
        self._shares: dict[int, SpeedShare] | None = None
        self._table_in = False

    def load(self, first: date, last: date, trainee_ids: frozenset[int] | None) -> None:
        """Read the column for these days and trainees (the table's rows are read with it)."""
        key = (first, last, trainee_ids)
        self._key, self._shares, self._table_in = key, None, False
        self._model.set_within({})
        desk = self._desk
        self._jobs.run(
            "cohort-within",
            lambda: within_target.shares(desk, first, last, trainee_ids),
            partial(self._ready, key),
        )

    def read_again(self) -> None:
        """Read the column again for the same days and trainees (a speed standard was set:
        the figures shown were of the old target, so the column is emptied until then)."""
        if self._key is None:
            return
        table_in = self._table_in
        self.load(*self._key)
        self._table_in = table_in

    def table_filled(self) -> None:
        """The table's rows of the days and trainees asked for are in."""
        self._table_in = True
        if self._shares is not None:
            self.loaded.emit()

    def _ready(self, key: _Key, shares: dict[int, SpeedShare]) -> None:
        if key != self._key:
            return
        self._shares = shares
        self._model.set_within(shares)
        if self._table_in:
            self.loaded.emit()

    def attach(self, shown: CohortFigures | None) -> CohortFigures | None:
        """``shown`` with the column's figures when they are of its days and trainees."""
        if shown is None or self._shares is None:
            return shown
        if (shown.first, shown.last, shown.trainee_ids) != self._key:
            return shown
        return replace(shown, within=self._shares)
