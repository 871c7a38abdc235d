"""The intake-group picker of the instructor's tabs and the exam builder: every trainee, or
one group (current groups first, archived ones marked)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QWidget

if TYPE_CHECKING:
    from dealer_trainer.storage.groups import IntakeGroup  # storage loads where it is used


def group_box(parent: QWidget, first: str | None = None) -> QComboBox:
    """``first`` (default: every trainee), or one intake group (``fill_groups`` lists them)."""
    box = QComboBox(parent)
    box.setObjectName("groupPicker")
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    box.setMinimumContentsLength(12)
    box.setProperty("first", first)
    fill_groups(box, [])
    return box


def fill_groups(box: QComboBox, groups: Sequence[IntakeGroup]) -> None:
    """The box's first entry (every trainee), then current groups (newest start first),
    then archived ones."""
    current = box.currentData()
    box.clear()
    first = box.property("first") or QCoreApplication.translate("CohortView", "Every trainee")
    box.addItem(str(first), None)
    for group in sorted(groups, key=lambda g: (g.archived, -g.start_date.toordinal(), g.name)):
        suffix = QCoreApplication.translate("CohortView", " (archived)") if group.archived else ""
        box.addItem(group.name + suffix, group.id)
    box.setCurrentIndex(max(box.findData(current), 0))
