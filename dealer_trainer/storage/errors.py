"""The errors of the storage layer, each a sentence the user can read."""

from __future__ import annotations

from datetime import timedelta


class StorageError(Exception):
    """The database cannot do what was asked: unreadable file, unreachable server …

    The message is meant for the user: it names the file or server and what to do.
    """


class AccessDeniedError(StorageError):
    """The caller has no right to this: no unlocked instructor session, not their record."""


class InstructorLockedError(AccessDeniedError):
    """A password attempt came before the delay earned by earlier failures had passed.

    The password was not checked. ``wait`` is how long the caller must still wait.
    """

    def __init__(self, wait: timedelta) -> None:
        self.wait = wait
        seconds = max(1, int(-(-wait.total_seconds() // 1)))
        super().__init__(f"Too many wrong passwords: try again in {seconds} s.")


class WrongPasswordError(AccessDeniedError):
    """The password did not match. ``retry_after`` is the delay before the next attempt."""

    def __init__(self, failed_attempts: int, retry_after: timedelta) -> None:
        self.failed_attempts = failed_attempts
        self.retry_after = retry_after
        seconds = int(retry_after.total_seconds())
        super().__init__(f"Wrong password. The next attempt is possible in {seconds} s.")
