"""The trainee until the storage supplies the list, or while nobody is signed in: the
computer's user (not recorded)."""

from __future__ import annotations

import getpass

from PySide6.QtCore import QCoreApplication


def local_trainee() -> str:
    """The computer's user, else "Local trainee" (said by the side panel)."""
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return QCoreApplication.translate("SidePanel", "Local trainee")
