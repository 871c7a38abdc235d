"""Drill screens: the situation on the felt, the question, the answer, the feedback.

- :class:`DrillLauncher`: mode, skills and difficulty; starts a session for the
  trainee the main window has chosen (embed it, or open it from a menu).
- :class:`DrillScreen`: one session on screen, driven by a :class:`DrillController`
  (a Qt adapter round :class:`~dealer_trainer.drills.DrillSession`).
- :class:`StoreRecorder`: records each answer in storage before its feedback.
"""

from __future__ import annotations

from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.launcher import DrillLauncher
from dealer_trainer.ui.drills.recorder import StoreRecorder
from dealer_trainer.ui.drills.screen import DrillScreen

__all__ = ["DrillController", "DrillLauncher", "DrillScreen", "StoreRecorder"]
