"""The cohort table's "Within target" column, read after the table (``reports.within_target``).

Once the trainees' rows are in, one more job reads each trainee's share right and within
the target over the same days and trainees, by the Mastery tab's aggregate query, and
fills the column; the view's figures (``CohortView.shown``, which the cohort PDF reuses)
get it too. A newer period or group makes an older result stale (the job's key).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dealer_trainer.reports import within_target
from dealer_trainer.reports.figures import CohortFigures

if TYPE_CHECKING:
    from dealer_trainer.storage.desks import InstructorDesk
    from dealer_trainer.storage.standards import SpeedShare
    from dealer_trainer.ui.instructor.jobs import Jobs
    from dealer_trainer.ui.instructor.models import CohortModel

_Key = tuple[object, object, object]


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

    def load(self, shown: CohortFigures | None) -> None:
        """Read the column for ``shown``'s days and trainees (the table just shown)."""
        if shown is None:
            return
        key = (shown.first, shown.last, shown.trainee_ids)
        self._key, self._shares = key, None
        desk = self._desk
        self._jobs.run(
            "cohort-within",
            lambda: within_target.shares(desk, shown.first, shown.last, shown.trainee_ids),
            partial(self._ready, key),
        )

    def _ready(self, key: _Key, shares: dict[int, SpeedShare]) -> None:
        if key != self._key:
            return
        self._shares = shares
        self._model.set_within(shares)
        self.loaded.emit()

    def attach(self, shown: CohortFigures | None) -> CohortFigures | None:
        """``shown`` with the column's figures when they are of its days and trainees."""
        if shown is None or self._shares is None:
            return shown
        if (shown.first, shown.last, shown.trainee_ids) != self._key:
            return shown
        return replace(shown, within=self._shares)
