"""The instructor side: account and password, dashboard, exams, trainee profiles, reports.

The way in, from the main window::

    from dealer_trainer.ui.instructor import open_instructor_views
    window = open_instructor_views(store, parent)   # None when the dialog is cancelled

``open_instructor_views`` shows the first-start account dialog while the store
has no instructor, the password dialog otherwise, and returns the
:class:`InstructorWindow` (already shown) once unlocked. A trainee's session
(``TraineeDesk``) has no path here: the window needs an unlocked
``InstructorSession`` of the same store.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget

from dealer_trainer.storage import InstructorSession, Store
from dealer_trainer.ui.instructor.login import FirstStartDialog, LoginDialog
from dealer_trainer.ui.instructor.window import InstructorWindow


def unlock(store: Store, parent: QWidget | None = None) -> InstructorSession | None:
    """Ask for the account (first start) or the password; the session, or ``None`` if cancelled."""
    dialog: FirstStartDialog | LoginDialog
    dialog = FirstStartDialog(store, parent) if not store.has_instructor() else LoginDialog(
        store, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.session


def open_instructor_views(store: Store, parent: QWidget | None = None) -> InstructorWindow | None:
    session = unlock(store, parent)
    if session is None:
        return None
    window = InstructorWindow(store, session, parent)
    window.show()
    return window


__all__ = [
    "FirstStartDialog",
    "InstructorWindow",
    "LoginDialog",
    "open_instructor_views",
    "unlock",
]
