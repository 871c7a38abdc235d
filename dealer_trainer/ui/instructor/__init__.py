"""The instructor side: account and password, dashboard, exams, trainee profiles, reports.

The way in, from the main window::

    from dealer_trainer.ui.instructor.menu import install_instructor
    self.instructor = install_instructor(self)      # the Instructor menu (Ctrl+I)

or directly::

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
    from PySide6.QtWidgets import QWidget

    from dealer_trainer.storage import InstructorSession, Store
    from dealer_trainer.ui.instructor.login import FirstStartDialog, LoginDialog
    from dealer_trainer.ui.instructor.menu import InstructorMenu, install_instructor
    from dealer_trainer.ui.instructor.window import InstructorWindow

_EXPORTS = {
    "FirstStartDialog": "login",
    "LoginDialog": "login",
    "InstructorMenu": "menu",
    "install_instructor": "menu",
    "InstructorWindow": "window",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)


def unlock(store: Store, parent: QWidget | None = None) -> InstructorSession | None:
    """Ask for the account (first start) or the password; the session, or ``None`` if cancelled."""
    from PySide6.QtWidgets import QDialog  # noqa: PLC0415

    from dealer_trainer.ui.instructor.login import FirstStartDialog, LoginDialog  # noqa: PLC0415

    dialog: FirstStartDialog | LoginDialog
    dialog = (
        FirstStartDialog(store, parent)
        if not store.has_instructor()
        else LoginDialog(store, parent)
    )
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.session


def open_instructor_views(store: Store, parent: QWidget | None = None) -> InstructorWindow | None:
    """Unlock, then show the instructor's window; ``None`` if the dialog was cancelled."""
    from dealer_trainer.ui.instructor.window import InstructorWindow  # noqa: PLC0415

    session = unlock(store, parent)
    if session is None:
        return None
    window = InstructorWindow(store, session, parent)
    window.show()
    return window


__all__ = [
    "FirstStartDialog",
    "InstructorMenu",
    "InstructorWindow",
    "LoginDialog",
    "install_instructor",
    "open_instructor_views",
    "unlock",
]
