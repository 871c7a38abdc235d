"""What a desk needs of the records: its unit of work, without the whole :class:`Store`.

A trainee's desk and the table's rounds read and write in one transaction at a time
and stamp what they write with the clock, the records' day and the workstation; an
instructor's desk also checks its unlocked session and the password.  :class:`Store`
provides both; a desk knows only these few operations, so the store can build desks
without the desks knowing the store.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from dealer_trainer.storage.records import InstructorSession, Role

T = TypeVar("T")


class UnitOfWork(Protocol):
    """One transaction at a time, and the stamps of what is written in it."""

    #: The computer the records are written from (``training_sessions.workstation``).
    workstation: str

    def read(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one read transaction."""
        ...

    def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one write transaction, committed when this returns."""
        ...

    def now(self) -> datetime:
        """The time now (aware)."""
        ...

    def day_of(self, moment: datetime) -> date:
        """The records' calendar day of ``moment``."""
        ...


class InstructorWork(UnitOfWork, Protocol):
    """An instructor's unit of work: each transaction runs for an unlocked session."""

    def require(self, session: InstructorSession) -> None:
        """Refuse unless ``session`` is unlocked and within the idle limit."""
        ...

    def lock(self, session: InstructorSession) -> None:
        """End the session: the views need the password again."""
        ...

    def hash_password(self, password: str) -> str: ...

    def check_password(self, instructor_id: int, password: str) -> bool: ...

    def password_reset(self, role: Role, person_id: int) -> None:
        """A new password was set for this account: its wait after wrong passwords ends."""
        ...

    @property
    def is_server(self) -> bool:
        """PostgreSQL holds the passwords (the records were opened with a person's login)."""
        ...

    def free_login(
        self, connection: Connection, name: str, fallback: str, login: str | None
    ) -> str:
        """``login`` checked and free, or (``None``) a free one made from ``name``."""
        ...

    def insert_instructor(
        self,
        connection: Connection,
        name: str,
        password_hash: str,
        login: str | None = None,
        actor: str | None = None,
        *,
        password: str | None = None,
        one_time: bool = False,
    ) -> int: ...
