"""The single-PC records are private to the OS account that runs the app.

The data folder is ``0700`` and the database, its ``-wal``/``-shm``/``-journal``
files and the backup copies are ``0600``, so another account on the same computer
(a trainee signed in to the OS as themselves) cannot read or copy them. This does
nothing against the account that owns them: whoever controls that OS account
controls the file (the README says so; exams that count belong on the server).

POSIX only: on Windows the user's profile folder is already private.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

FOLDER_MODE = 0o700
FILE_MODE = 0o600
SIDE_FILES = ("-wal", "-shm", "-journal")


def private_folder(folder: Path) -> None:
    """Create ``folder`` (``0700``) or make it ``0700`` if this account owns it.

    A folder of another owner (a shared one IT chose) is left as it is: its owner decides.
    """
    folder.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    if sys.platform != "win32" and folder.stat().st_uid == os.getuid():
        os.chmod(folder, FOLDER_MODE)


def private_file(path: Path) -> None:
    """Create ``path`` empty with mode ``0600`` if absent, else set its mode to ``0600``."""
    if sys.platform == "win32":
        path.touch(exist_ok=True)
    else:
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, FILE_MODE))
        except FileExistsError:
            if path.stat().st_uid == os.getuid():
                os.chmod(path, FILE_MODE)


def private_database(path: Path) -> None:
    """The database file and its side files ``0600`` (SQLite gives new side files the
    database file's mode, so a private database keeps private logs)."""
    private_file(path)
    for suffix in SIDE_FILES:
        side = path.with_name(path.name + suffix)
        with contextlib.suppress(FileNotFoundError):
            if sys.platform != "win32" and side.stat().st_uid == os.getuid():
                os.chmod(side, FILE_MODE)
