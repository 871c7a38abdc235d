"""Report tests: the instructor UI's temporary store with a small cohort, and a Qt application."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import dealer_trainer.ui  # noqa: F401  (guards PySide6 before any Qt call)
from tests.ui.conftest import (
    _english,  # the app's English catalogue, as the app runs
    _settings_of_this_process,  # QSettings() of this process alone
)
from tests.ui.instructor.conftest import clock, cohort, empty_store

__all__ = ["_english", "_settings_of_this_process", "clock", "cohort", "empty_store"]
