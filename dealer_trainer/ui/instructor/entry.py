"""The way into the instructor's views: unlock (first-start account or password), then the window.

``open_instructor_views`` shows the first-start account dialog while the store has no
instructor, the password dialog otherwise, and returns the :class:`InstructorWindow`
(already shown) once unlocked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_trainer.rules.rulesets import SHIPPED

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from dealer_trainer.rules.rulesets import RulesetRegistry
    from dealer_trainer.storage import InstructorSession, Store
    from dealer_trainer.ui.instructor.window import InstructorWindow


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
    session = dialog.session
    login = None if session is None else store.one_time_login(session)
    if session is not None and login is not None and not choose_own(store, login, parent):
        store.lock(session)  # a password someone else set opens nothing (issue 36)
        return None
    return session


def choose_own(store: Store, login: str, parent: QWidget | None = None) -> bool:
    """Ask the instructor whose password another set for their own, as the sign-in does
    (``sign_in.ChoosePasswordDialog``); whether they chose it."""
    from PySide6.QtWidgets import QDialog  # noqa: PLC0415

    from dealer_trainer.storage.access import check_own_new_password  # noqa: PLC0415
    from dealer_trainer.ui.kit.choose_password import ChoosePasswordDialog  # noqa: PLC0415

    def change(given: str, new: str) -> None:
        check_own_new_password(given, new, login)  # said before the given one is tried
        person = store.sign_in(login, given)  # the given one checked as a sign-in checks it
        try:
            store.change_own_password(person, given, new)
        finally:
            store.sign_out(person)

    dialog = ChoosePasswordDialog(login, change, parent)
    return dialog.exec() == QDialog.DialogCode.Accepted


def open_instructor_views(
    store: Store, parent: QWidget | None = None, rulesets: RulesetRegistry = SHIPPED
) -> InstructorWindow | None:
    """Unlock, then show the instructor's window (``rulesets``: the app's, where its views
    look the answers' and exams' rulesets up); ``None`` if the dialog was cancelled."""
    from dealer_trainer.ui.instructor.window import InstructorWindow  # noqa: PLC0415
    from dealer_trainer.ui.kit.long_lived import keep_loaded_code  # noqa: PLC0415

    keep_loaded_code()  # the instructor's views' code is loaded now (plots, reports)
    session = unlock(store, parent)
    if session is None:
        return None
    window = InstructorWindow(store, session, parent, rulesets=rulesets)
    window.show()
    return window
