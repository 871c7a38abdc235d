"""Logins: the name a person signs in with, safe as a PostgreSQL role name.

A login is lower case: a letter, then letters, digits, ``_``, ``.`` or ``-``, at most
63 characters (PostgreSQL's limit on a role name). One login names one person among
trainees and instructors together (on the server both are roles of one cluster).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from dealer_trainer.storage.models import LOGIN_LENGTH

_LOGIN = re.compile(rf"[a-z][a-z0-9_.-]{{0,{LOGIN_LENGTH - 1}}}")


def check_login(login: str) -> str:
    """The login as stored (trimmed, lower case), or ``ValueError`` saying what is wrong."""
    if not isinstance(login, str):
        raise ValueError("A login is text.")
    text = login.strip().lower()
    if not text:
        raise ValueError("Enter a login.")
    if len(text) > LOGIN_LENGTH:
        raise ValueError(f"A login has at most {LOGIN_LENGTH} characters.")
    if not _LOGIN.fullmatch(text):
        raise ValueError(
            "A login starts with a letter (a to z) and has only letters a to z, digits, "
            "'_', '.' and '-'."
        )
    return text


def login_from_name(name: str, fallback: str, taken: Callable[[str], bool]) -> str:
    """A free login made from ``name`` (``Ana Lei`` -> ``ana.lei``, then ``ana.lei2`` ...).

    A name with no Latin letter (``陳大文``) gives ``fallback`` (``trainee``), numbered.
    """
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"[^a-z0-9_.-]+", ".", text).strip("._-")
    text = re.sub(r"^[^a-z]+", "", text)[:LOGIN_LENGTH].rstrip("._-")
    base = text or fallback
    login, n = base, 1
    if not text:
        n = 1
        login = f"{base}{n}"
    while taken(login):
        n += 1
        suffix = str(n)
        login = base[: LOGIN_LENGTH - len(suffix)] + suffix
    return login
