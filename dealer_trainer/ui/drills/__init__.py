"""Drill screens: the situation on the felt, the question, the answer, the feedback.

- :class:`DrillScreen`: one session on screen, driven by a :class:`DrillController`
  (a Qt adapter round :class:`~dealer_trainer.drills.DrillSession`); ``answers.py`` takes
  the answer, ``feedback.py`` says whether it was right, ``leave_exam.py`` asks before an
  exam is left half-way.
- :class:`SessionRecorder`: records each answer in storage before its feedback.
- A recorded answer shown again (the instructor's drill-down, the exam review):
  ``answer_detail.py`` (:class:`AnswerDetail`), ``answer_words.py``, ``stage.py``.

The trainee's way in (the Drills menu, the launcher) is the trainee's wing, ``ui/trainee``.
The names are imported when first used, so nothing loads storage at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_trainer.storage.recorder import SessionRecorder
    from dealer_trainer.ui.drills.controller import DrillController
    from dealer_trainer.ui.drills.screen import DrillScreen

_HOMES = {
    "DrillController": "controller",
    "DrillScreen": "screen",
    "SessionRecorder": "recorder",
}

__all__ = ["DrillController", "DrillScreen", "SessionRecorder"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"dealer_trainer.ui.drills.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
