"""What an instructor's desks share: the unit of work and the unlocked session.

:class:`~dealer_trainer.storage.desks.InstructorDesk` and the desks it hands out (people,
standards, plans) each read and write through the store, checking first that the
instructor's session is still unlocked; the instructor's login names them in the audit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import Connection, Select, select
from sqlalchemy.exc import IntegrityError

from dealer_trainer.rules.text import T
from dealer_trainer.storage.errors import AccessDeniedError, StorageError
from dealer_trainer.storage.models import Instructor

if TYPE_CHECKING:
    from dealer_trainer.storage.records import InstructorSession
    from dealer_trainer.storage.work import InstructorWork

R = TypeVar("R")


class InstructorCalls:
    """Every call checks the session is still unlocked, then runs in one transaction."""

    def __init__(self, store: InstructorWork, session: InstructorSession) -> None:
        self._store = store
        self._session = session

    def _read(self, work: Callable[[Connection], R]) -> R:
        self._store.require(self._session)
        return self._store.read(work)

    def _write(self, work: Callable[[Connection], R]) -> R:
        self._store.require(self._session)
        return self._store.write(work)

    def _write_named(
        self,
        work: Callable[[Connection], R],
        holder: Select[tuple[str]],
        taken: Callable[[str], StorageError],
    ) -> R:
        """``_write`` a row with a name no other may have: when another workstation wrote
        the name between the check and the insert, ``taken`` of the name ``holder`` reads."""
        try:
            return self._write(work)
        except StorageError as exc:
            if not isinstance(exc.__cause__, IntegrityError):
                raise
            existing = self._read(lambda c: c.execute(holder).scalar_one_or_none())
            if existing is None:
                raise
            raise taken(existing) from exc

    def _actor(self, connection: Connection) -> str:
        """The instructor's login, as the audit names them."""
        login = connection.execute(
            select(Instructor.login).where(Instructor.id == self._session.instructor_id)
        ).scalar_one_or_none()
        if login is None:
            raise AccessDeniedError(T("This instructor account no longer exists."))
        return str(login)
