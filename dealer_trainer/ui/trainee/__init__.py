"""The trainee's wing: the Drills menu and its dock, the launcher, my progress, my transcript.

- :func:`install_drills` (``menu.py``): the main window's Drills menu and dock; the launcher
  (which opens storage) is built when the trainee first asks for it;
- :class:`DrillLauncher` (``launcher.py``): mode, skills and difficulty; starts a drill
  session (``ui/drills``), an exam sitting (``ui/exams``) or the live table (``ui/table``)
  for the trainee the main window has chosen;
- :class:`ProgressWindow` (``progress.py``, opened by ``progress_entry.py``): the trainee's
  own mastery map, speed, exams and certificates; ``my_transcript.py`` saves the transcript;
- ``local_trainee.py``: who trains while nobody is signed in (the computer's user).

The names are imported when first used, so the main window can install the menu without
loading storage at start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_trainer.ui.trainee.launcher import DrillLauncher
    from dealer_trainer.ui.trainee.menu import install_drills

_HOMES = {
    "DrillLauncher": "launcher",
    "install_drills": "menu",
}

__all__ = ["DrillLauncher", "install_drills"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(f"dealer_trainer.ui.trainee.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
