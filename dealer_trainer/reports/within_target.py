"""The "Within target" figure of the cohort's table and report: of a trainee's answers in
the period, the share right *and* within their skill's target time (the centre's speed
standard, else the drills' own target).

It is the Mastery tab's figure, read by the same aggregate query
(``storage.standards.speed_shares``: the rollup's count of each skill whose counted
target is the one in force, a ``GROUP BY`` over the answers' covering index for any
other): never a second count, never answers read row by row.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from dealer_trainer.reports.text import percent_cell
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from dealer_trainer.storage.desks import InstructorDesk
    from dealer_trainer.storage.standards import SpeedShare

#: The column's heading, in the dashboard's table (context CohortModel) and the report's.
HEADING = QT_TRANSLATE_NOOP("CohortModel", "Within target")
_TIP = QT_TRANSLATE_NOOP(
    "CohortModel",
    "Within target: of the trainee's answers in the period, the share that is right and "
    "was given within the skill's target time (the centre's speed standard, or the drills' "
    "own target where the centre has set none). A right answer given too slowly does not "
    "count. The Mastery tab counts it the same way.",
)


def shares(
    desk: InstructorDesk, first: date, last: date, trainee_ids: Collection[int] | None = None
) -> dict[int, SpeedShare]:
    """Each trainee's answers, right ones and right-within-target ones from ``first`` to
    ``last`` (the Mastery tab's query), by trainee id."""
    ids = None if trainee_ids is None else sorted(trainee_ids)
    found = desk.standards.speed_shares(first, last, ids)
    return {s.trainee_id: s for s in found if s.trainee_id is not None}


def percent(share: SpeedShare | None) -> Decimal | None:
    """The share in percent to a tenth (as the accuracy column), ``None`` without answers."""
    if share is None or not share.answers:
        return None
    return (Decimal(100 * share.within) / Decimal(share.answers)).quantize(Decimal("0.1"))


def cell_text(share: SpeedShare | None) -> str:
    value = percent(share)
    return percent_cell(value)


def sort_key(share: SpeedShare | None) -> float:
    value = percent(share)
    return -1.0 if value is None else float(value)


def heading() -> str:
    return QCoreApplication.translate("CohortModel", HEADING)


def heading_tip() -> str:
    """What the heading's tooltip says (and the report's note under its table)."""
    return QCoreApplication.translate("CohortModel", _TIP)


def lookup(within: Mapping[int, SpeedShare] | None, trainee_id: int) -> SpeedShare | None:
    return None if within is None else within.get(trainee_id)
