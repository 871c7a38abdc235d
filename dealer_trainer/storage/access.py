"""Passwords (argon2) and the growing delay after wrong ones, per account.

The delay state (failed attempts, time of the last failure) lives in the
person's row, so restarting the app or changing workstation does not reset
it (and the open store keeps its own count, so a row reset with the ``sqlite3``
shell does not shorten it while the app runs). The delay is computed here; the
caller (the UI) waits, nothing sleeps.

It is a delay, never a lock: it grows to at most ``MAX_DELAY`` and concerns only
the account whose password was wrong, so someone failing another person's
password (the instructor's, say) slows that account's guesses without keeping
its owner out for long.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from dealer_trainer.rules.text import T
from dealer_trainer.storage.errors import InputRefusedError

#: PostgreSQL's ``passwordcheck`` refuses fewer than 8 bytes; the app counts characters
#: (never more than bytes), so it refuses every password the server would refuse.
MIN_PASSWORD_LENGTH = 8
FIRST_DELAY = timedelta(seconds=1)
MAX_DELAY = timedelta(seconds=30)


def delay_after(failed_attempts: int) -> timedelta:
    """How long to refuse attempts after ``failed_attempts`` consecutive failures.

    Nothing after none; then 1 s, 2 s, 4 s … doubling, at most 30 seconds.
    """
    if failed_attempts <= 0:
        return timedelta(0)
    delay: timedelta = FIRST_DELAY * 2 ** min(failed_attempts - 1, 20)
    return min(delay, MAX_DELAY)


def next_attempt_at(failed_attempts: int, last_failed_at: datetime | None) -> datetime | None:
    """When the next attempt may be made, or ``None`` when it may be made now."""
    if failed_attempts <= 0 or last_failed_at is None:
        return None
    return last_failed_at + delay_after(failed_attempts)


def _latin_letter(character: str) -> bool:
    return "a" <= character.lower() <= "z"


def check_new_password(password: str, login: str | None = None) -> None:
    """Refuse a new password that PostgreSQL's ``passwordcheck`` would refuse, or worse.

    The centre's server refuses, whoever sets it (``docs/server.md``), a password of fewer
    than 8 bytes, one that contains the login (as typed, case and all), and one without
    both a letter and another character (its C library's ``isalpha``, byte by byte: a
    Chinese character is not a letter there). The app asks for at least as much, so people
    read its own sentence rather than the server's: at least 8 characters, a Latin letter
    (a to z) and a character that is not one (a digit, a space, a sign, 中文), and not the
    login in any case. ``InputRefusedError`` (a ``ValueError``) says which rule it broke.
    """
    if not isinstance(password, str) or len(password) < MIN_PASSWORD_LENGTH:
        raise InputRefusedError(
            T("The password must have at least {count} characters.", count=MIN_PASSWORD_LENGTH)
        )
    if not any(_latin_letter(c) for c in password) or all(_latin_letter(c) for c in password):
        raise InputRefusedError(
            T(
                "The password must mix letters (a to z) with at least one other character: "
                "a digit, a space or a sign."
            )
        )
    if login and login.strip() and login.strip().lower() in password.lower():
        raise InputRefusedError(T("The password must not contain the login {login}.", login=login))


def check_own_new_password(old_password: str, new_password: str, login: str) -> None:
    """A person's own new password: the rules of ``check_new_password`` and not the one
    they are replacing (a one-time password kept would still be known to whoever set it)."""
    check_new_password(new_password, login)
    if new_password == old_password:
        raise InputRefusedError(
            T("Choose a new password: the one you were given must be replaced by your own.")
        )


class Passwords:
    """argon2id hashing; tests may pass cheaper parameters, the app keeps the defaults."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self._hasher = hasher if hasher is not None else PasswordHasher()

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, password_hash: str) -> bool:
        return self._hasher.check_needs_rehash(password_hash)
