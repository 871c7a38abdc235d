"""A table's cells: what a person can select and copy, never edit."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidgetItem


def cell(text: str) -> QTableWidgetItem:
    """A table cell that can be selected and copied, never edited."""
    item = QTableWidgetItem(text)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    return item
