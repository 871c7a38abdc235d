"""Drill screens: the situation on the felt, the question, the answer, the feedback.

- :func:`install_drills` (``menu``): the main window's Drills menu and dock.
- :class:`DrillLauncher`: mode, skills and difficulty; starts a session for the
  trainee the main window has chosen.
- :class:`DrillScreen`: one session on screen, driven by a :class:`DrillController`
  (a Qt adapter round :class:`~dealer_trainer.drills.DrillSession`).
- :class:`SessionRecorder`: records each answer in storage before its feedback.

The names are imported when first used, so the main window can install the
menu without loading storage at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_trainer.storage.recorder import SessionRecorder
    from dealer_trainer.ui.drills.controller import DrillController
    from dealer_trainer.ui.drills.launcher import DrillLauncher
    from dealer_trainer.ui.drills.menu import install_drills
    from dealer_trainer.ui.drills.screen import DrillScreen

_HOMES = {
    "DrillController": "controller",
    "DrillLauncher": "launcher",
    "DrillScreen": "screen",
    "SessionRecorder": "recorder",
    "install_drills": "menu",
}

__all__ = ["DrillController", "DrillLauncher", "DrillScreen", "SessionRecorder", "install_drills"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"dealer_trainer.ui.drills.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
