"""The instructor side: account and password, dashboard, exams, trainee profiles, reports.

The way in, from the main window::

    from dealer_trainer.ui.instructor.menu import install_instructor
    self.instructor = install_instructor(self)      # the Instructor menu (Ctrl+I)

or directly::

    from dealer_trainer.ui.instructor.entry import open_instructor_views
    window = open_instructor_views(store, parent)   # None when the dialog is cancelled

``open_instructor_views`` shows the first-start account dialog while the store
has no instructor, the password dialog otherwise, and returns the
:class:`InstructorWindow` (already shown) once unlocked. A trainee's session
(``TraineeDesk``) has no path here: the window needs an unlocked
``InstructorSession`` of the same store.

The exports are loaded when first used, so the main window's menu costs
nothing at start-up (the dashboard brings pyqtgraph in only when opened).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_trainer.ui.instructor.entry import open_instructor_views, unlock
    from dealer_trainer.ui.instructor.login import FirstStartDialog, LoginDialog
    from dealer_trainer.ui.instructor.menu import InstructorMenu, install_instructor
    from dealer_trainer.ui.instructor.window import InstructorWindow

_EXPORTS = {
    "FirstStartDialog": "login",
    "LoginDialog": "login",
    "InstructorMenu": "menu",
    "install_instructor": "menu",
    "InstructorWindow": "window",
    "open_instructor_views": "entry",
    "unlock": "entry",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)


__all__ = [
    "FirstStartDialog",
    "InstructorMenu",
    "InstructorWindow",
    "LoginDialog",
    "install_instructor",
    "open_instructor_views",
    "unlock",
]
