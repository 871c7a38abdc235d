"""The daily backup copy of the SQLite database, with SQLite's online backup API.

Copies are ``<data dir>/backups/dealer-trainer-YYYY-MM-DD.sqlite3`` (named after the
database file). At most one is made per calendar day, the newest ``keep`` are kept.
The copy is written to a temporary name (``.<name>.<pid>.partial``) and renamed, so a
crash never leaves a half copy under a real name; the half copy an interrupted backup
left is removed at the next backup.
"""

from __future__ import annotations

import os
import re
import sqlite3
from datetime import date
from pathlib import Path
from typing import Any

from dealer_trainer.storage.private import private_file, private_folder

BACKUP_DIRNAME = "backups"
_DAY = r"\d{4}-\d{2}-\d{2}"
#: How many daily copies to keep, if not the default (a deployment setting, as the data dir).
KEPT_ENV = "DEALER_TRAINER_BACKUPS_KEPT"
MAX_KEPT = 366


def kept_setting(default: int) -> tuple[int, str | None]:
    """How many copies ``$DEALER_TRAINER_BACKUPS_KEPT`` asks to keep (``default`` if unset),
    and what is wrong with it if it is no whole number from 1 to 366 (then ``default``)."""
    raw = os.environ.get(KEPT_ENV, "").strip()
    if not raw:
        return default, None
    if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= MAX_KEPT:
        return int(raw), None
    return default, (
        f"{KEPT_ENV} must be a whole number of daily backup copies to keep, from 1 to "
        f"{MAX_KEPT}, not {raw!r}: {default} copies are kept until it is corrected."
    )


def backup_name(database: Path, day: date) -> str:
    return f"{database.stem}-{day.isoformat()}.sqlite3"


def backups(folder: Path, database: Path) -> list[Path]:
    """The backup copies of ``database`` in ``folder``, oldest first."""
    if not folder.is_dir():
        return []
    pattern = re.compile(rf"^{re.escape(database.stem)}-{_DAY}\.sqlite3$")
    found = [path for path in folder.iterdir() if pattern.match(path.name)]
    return sorted(found, key=lambda path: path.name)


def answer_count(copy: Path) -> int | None:
    """How many answers a backup copy holds (``None`` if it cannot be read).

    Answers are never deleted (a trigger refuses it), so a database with fewer answers
    than its own backup has lost some: the count kept outside the live file and its log.
    """
    try:
        connection = sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True)
        try:
            row = connection.execute("SELECT count(*) FROM answers").fetchone()
        finally:
            connection.close()
    except sqlite3.Error:
        return None
    return int(row[0]) if row is not None else None


def _partials(folder: Path, database: Path) -> list[tuple[Path, int]]:
    """The half copies of ``database`` in ``folder``, with the process that wrote each."""
    if not folder.is_dir():
        return []
    pattern = re.compile(rf"^\.{re.escape(database.stem)}-{_DAY}\.sqlite3\.(\d+)\.partial$")
    return [
        (path, int(found.group(1)))
        for path in folder.iterdir()
        if (found := pattern.match(path.name)) is not None
    ]


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (and may still be writing its copy)."""
    if pid == os.getpid():
        return False  # this process writes one copy at a time, and is not writing it now
    if os.name == "nt":
        # Windows refuses to delete a file a running process has open, so removing a
        # copy still being written fails (and is skipped) anyway: no need to ask.
        return False
    try:
        os.kill(pid, 0)  # signal 0: asks whether it exists, sends nothing
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def remove_partials(folder: Path, database: Path) -> list[Path]:
    """Remove the half copies left by a backup that was interrupted (the app quit or
    crashed, the machine was switched off); returns what was removed. A copy another
    running app is still writing is left alone."""
    removed = []
    for path, pid in _partials(folder, database):
        if _running(pid):
            continue
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except PermissionError:
            continue  # open in a running process (Windows): still being written
        removed.append(path)
    return removed


class DamagedDatabaseError(sqlite3.DatabaseError):
    """The copy failed its integrity check: the database itself is damaged."""


def daily_backup(database: Path, folder: Path, today: date, keep: int) -> Path | None:
    """Copy ``database`` into ``folder`` unless today's copy exists; prune to ``keep``.

    The copy must pass ``PRAGMA quick_check`` before it takes its name; a damaged
    copy is thrown away and the older copies are all kept (``DamagedDatabaseError``),
    so a damaged database never pushes the good backups out.
    Returns the new copy, or ``None`` when today's copy was already there.
    """
    if keep < 1:
        raise ValueError("keep at least one backup")
    remove_partials(folder, database)
    private_folder(folder)
    target = folder / backup_name(database, today)
    made: Path | None = None
    if not target.exists():
        partial = folder / f".{target.name}.{os.getpid()}.partial"
        try:
            private_file(partial)  # the copy is as private as the database
            _copy(database, partial)
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)
        made = target
    for old in backups(folder, database)[:-keep]:
        old.unlink(missing_ok=True)
    return made


def _copy(database: Path, partial: Path) -> None:
    try:
        verdict = _copy_and_check(database, partial)
    except sqlite3.DatabaseError as exc:
        if any(sign in str(exc) for sign in ("malformed", "not a database", "corrupt")):
            raise DamagedDatabaseError(f"copying it failed: {exc}") from exc
        raise
    if verdict != [("ok",)]:
        problems = "; ".join(str(row[0]) for row in verdict[:3])
        raise DamagedDatabaseError(f"its copy failed the integrity check: {problems}")


def _copy_and_check(database: Path, partial: Path) -> list[Any]:
    source = sqlite3.connect(database)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # a standalone single file
            return copy.execute("PRAGMA quick_check").fetchall()
        finally:
            copy.close()
    finally:
        source.close()
