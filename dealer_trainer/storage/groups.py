"""People of a training centre: intake groups, the instructors, staff numbers.

``PeopleDesk`` is an instructor's (``InstructorDesk.people()``); every call checks the
unlocked session, as the instructor's desk does.

- An **intake group** (a class) has a name (unique as trainee names are: by
  ``records.name_key``, archived groups too), a start date, its instructors and its
  trainees. A trainee is in at most one current group; moving them to another group
  or taking them out closes their stay (``left_at``), never deletes it, so the
  history of who was in which class stays.
- **Instructors** are added (login, name, password) and disabled: a disabled
  instructor cannot sign in, and whatever they built or assigned stays theirs. The
  last active instructor cannot be disabled, nor can an instructor disable themselves
  (another one must: nobody locks the centre out by a slip).
- A trainee's **staff number** is optional and unique when given.

On a centre's server (``store.is_server``) the groups and the instructors' accounts
are changed only through the server's ``SECURITY DEFINER`` functions
(``storage/server/policy.py``: ``dt_group_*``, ``dt_set_instructor_disabled``), which
check who asks; a disabled instructor's role gets ``NOLOGIN``. Elsewhere (a single
PC, or PostgreSQL opened with the app's own credentials) the same checks run here.

``people_signature`` is the cheap read another workstation polls to see that people
changed (a trainee added, renamed, archived; a group changed): the newest people
entry of the audit log (an index lookup) and the trainees' count and highest id.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sqlalchemy import Connection, Row, delete, func, insert, select, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError

from dealer_trainer.rules.text import T, Text
from dealer_trainer.storage import audit
from dealer_trainer.storage.errors import AccessDeniedError, InputRefusedError, StorageError
from dealer_trainer.storage.instructor_calls import InstructorCalls
from dealer_trainer.storage.models import (
    AuditLogRow,
    GroupInstructorRow,
    GroupMemberRow,
    Instructor,
    IntakeGroupRow,
    Trainee,
)
from dealer_trainer.storage.records import TraineeProfile, clean_name, name_key, trainee_profile

if TYPE_CHECKING:
    from dealer_trainer.storage.records import InstructorSession
    from dealer_trainer.storage.work import InstructorWork

R = TypeVar("R")

STAFF_NUMBER_LENGTH = 32
_STAFF_NUMBER = re.compile(rf"[A-Z0-9][A-Z0-9._/-]{{0,{STAFF_NUMBER_LENGTH - 1}}}")

Action = audit.Action

#: The audit entries that change who is listed where (what another workstation polls).
PEOPLE_ACTIONS = tuple(
    a.value
    for a in (
        Action.PERSON_ADDED,
        Action.PERSON_ARCHIVED,
        Action.PERSON_RESTORED,
        Action.PERSON_RENAMED,
        Action.STAFF_NUMBER_SET,
        Action.INSTRUCTOR_DISABLED,
        Action.INSTRUCTOR_ENABLED,
        Action.GROUP_CREATED,
        Action.GROUP_CHANGED,
        Action.GROUP_ARCHIVED,
        Action.GROUP_RESTORED,
        Action.GROUP_INSTRUCTORS_SET,
        Action.GROUP_MEMBER_MOVED,
    )
)


class DuplicateGroupNameError(StorageError):
    """A group name that is another spelling of an existing group's name."""

    def __init__(self, name: str, existing: str) -> None:
        self.name = name
        self.existing = existing
        super().__init__(
            T(
                "A group named {existing} already exists (names that differ only in capitals, "
                "letter width or invisible characters are one name).",
                existing=repr(existing),
            )
        )


class DuplicateInstructorNameError(StorageError):
    """An instructor name that is another spelling of an instructor's name."""

    def __init__(self, name: str, existing: str) -> None:
        self.name = name
        self.existing = existing
        super().__init__(
            T(
                "An instructor named {existing} already exists (names that differ only in "
                "capitals, letter width or invisible characters are one name).",
                existing=repr(existing),
            )
        )


class DuplicateStaffNumberError(StorageError):
    """A staff number another trainee has."""

    def __init__(self, number: str, holder: str | None) -> None:
        self.number = number
        self.holder = holder or ""
        super().__init__(
            T(
                "The staff number {number} is {holder}'s: each trainee has their own.",
                number=number,
                holder=holder,
            )
            if holder
            else T(
                "The staff number {number} is another trainee's: each trainee has their own.",
                number=number,
            )
        )


class LastInstructorError(StorageError):
    """Disabling this instructor would leave no one able to sign in as an instructor."""


# -- refusals a person reads (the same on a single PC and from the server's functions) --

NO_GROUP = T(
    "This group is not on file (another workstation may have changed it): read the list again."
)
NO_INSTRUCTOR = T(
    "This instructor is not on file (another workstation may have changed it): read the list again."
)
NO_TRAINEE = T(
    "This trainee is not on file (another workstation may have changed it): read the list again."
)
OWN_ACCOUNT = T("You cannot disable your own account: another instructor must do it.")
#: Why an instructor's password is not reset (``InstructorDesk.set_instructor_password``).
INSTRUCTOR_PASSWORD_ON_SERVER = T(
    "On the centre's server PostgreSQL keeps the passwords: IT sets an instructor's with "
    "dealer-trainer server set-password."
)
OWN_PASSWORD = T("Change your own password under “Your password”, with the current one.")
ACTIVE_SETS_PASSWORDS = T(
    "This instructor account is disabled: only an active instructor sets a password."
)
INSTRUCTORS_ONLY = T("Only an active instructor manages groups and instructors.")
GROUP_NEEDS = T("A group needs a name (1 to 100 characters) and a start date.")


def last_instructor(name: str) -> Text:
    return T(
        "{name} is the last active instructor: add or enable another instructor first.",
        name=name,
    )


def group_on_file(connection: Connection, group_id: int) -> Row[Any]:
    """The group's ``name`` and whether it is ``archived`` (``NO_GROUP`` if not on file)."""
    group = connection.execute(
        select(IntakeGroupRow.name, IntakeGroupRow.archived).where(IntakeGroupRow.id == group_id)
    ).first()
    if group is None:
        raise StorageError(NO_GROUP)
    return group


def group_archived(name: str) -> Text:
    return T("The group {name} is archived: bring it back before adding trainees.", name=name)


#: The server functions' refusals (``storage/server/policy.py``, ``dt_group_*``,
#: ``dt_set_instructor_disabled``), each as the sentence a single PC says.
_SERVER_REFUSALS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Text]], ...] = (
    (
        re.compile(r"only an active instructor manages groups and instructors"),
        lambda m: INSTRUCTORS_ONLY,
    ),
    (
        re.compile(r"a group needs a name \(1 to 100 characters\) and a start date"),
        lambda m: GROUP_NEEDS,
    ),
    (re.compile(r"there is no such group"), lambda m: NO_GROUP),
    (re.compile(r"there is no such instructor"), lambda m: NO_INSTRUCTOR),
    (re.compile(r"there is no such trainee"), lambda m: NO_TRAINEE),
    (
        re.compile(r"the group (?P<name>.+) is archived: bring it back first"),
        lambda m: group_archived(m["name"]),
    ),
    (
        re.compile(r"you cannot disable your own account: ask another instructor"),
        lambda m: OWN_ACCOUNT,
    ),
    (
        re.compile(r"(?P<name>.+) is the last active instructor: enable another one first"),
        lambda m: last_instructor(m["name"]),
    ),
)


def server_refusal(message: str) -> str | Text:
    """A server function's refusal as the sentence a person reads (translatable where it is
    one of the groups' own; otherwise the server's words, as a sentence)."""
    for pattern, sentence in _SERVER_REFUSALS:
        found = pattern.fullmatch(message.strip())
        if found is not None:
            return sentence(found)
    return message[:1].upper() + message[1:] + "."


def clean_staff_number(number: str | None) -> str | None:
    """A staff number as kept (NFKC, trimmed, capitals), ``None`` for none, or ``ValueError``.

    Letters a to z, digits and ``-``, ``/``, ``.``, ``_``, starting with a letter or digit
    (so no spreadsheet reads one as a formula), at most 32 characters.
    """
    if number is None:
        return None
    cleaned = unicodedata.normalize("NFKC", str(number)).strip().upper()
    if not cleaned:
        return None
    if not _STAFF_NUMBER.fullmatch(cleaned):
        raise InputRefusedError(
            T(
                "A staff number has 1 to {most} letters (a to z), digits, '-', '/', '.' or "
                "'_', and starts with a letter or a digit.",
                most=STAFF_NUMBER_LENGTH,
            )
        )
    return cleaned


@dataclass(frozen=True)
class IntakeGroup:
    """A class of trainees: who teaches it and who is in it now."""

    id: int
    name: str
    start_date: date
    archived: bool
    instructor_ids: tuple[int, ...]
    trainee_ids: tuple[int, ...]  # current members


@dataclass(frozen=True)
class GroupStay:
    """One stay of a trainee in a group (``left_at`` ``None``: their current group)."""

    group_id: int
    group_name: str
    trainee_id: int
    joined_at: datetime
    left_at: datetime | None


@dataclass(frozen=True)
class InstructorAccount:
    id: int
    name: str
    login: str
    disabled: bool
    created_at: datetime


def people_signature(connection: Connection) -> tuple[int, int, int]:
    """What changes whenever the people lists should be read again (three index lookups)."""
    newest = connection.execute(
        select(func.max(AuditLogRow.id)).where(AuditLogRow.action.in_(PEOPLE_ACTIONS))
    ).scalar_one()
    count, highest = connection.execute(select(func.count(), func.max(Trainee.id))).one()
    return int(newest or 0), int(count or 0), int(highest or 0)


def _group_rows(connection: Connection, group_ids: Sequence[int] | None = None) -> list[Any]:
    query = select(IntakeGroupRow).order_by(
        IntakeGroupRow.archived, IntakeGroupRow.start_date.desc(), IntakeGroupRow.name
    )
    if group_ids is not None:
        query = query.where(IntakeGroupRow.id.in_(group_ids))
    return list(connection.execute(query))


def read_groups(connection: Connection) -> list[IntakeGroup]:
    """Every group, current ones first (newest start first), with instructors and members."""
    teachers: dict[int, list[int]] = {}
    for row in connection.execute(
        select(GroupInstructorRow.group_id, GroupInstructorRow.instructor_id).order_by(
            GroupInstructorRow.instructor_id
        )
    ):
        teachers.setdefault(row.group_id, []).append(row.instructor_id)
    members: dict[int, list[int]] = {}
    for row in connection.execute(
        select(GroupMemberRow.group_id, GroupMemberRow.trainee_id)
        .where(GroupMemberRow.left_at.is_(None))
        .order_by(GroupMemberRow.trainee_id)
    ):
        members.setdefault(row.group_id, []).append(row.trainee_id)
    return [
        IntakeGroup(
            id=row.id,
            name=row.name,
            start_date=row.start_date,
            archived=bool(row.archived),
            instructor_ids=tuple(teachers.get(row.id, ())),
            trainee_ids=tuple(members.get(row.id, ())),
        )
        for row in _group_rows(connection)
    ]


class AddsPeople(Protocol):
    """What the people desk asks of the instructor's desk (``InstructorDesk`` has it): adding
    a person is the desk's, which on the server makes their PostgreSQL login."""

    def add_trainee(
        self, name: str, *, login: str | None = None, password: str | None = None
    ) -> TraineeProfile: ...

    def add_instructor(self, name: str, password: str, login: str | None = None) -> int: ...


class PeopleDesk(InstructorCalls):
    """An instructor's management of groups, instructors and staff numbers (see the module)."""

    def __init__(self, desk: AddsPeople, store: InstructorWork, session: InstructorSession) -> None:
        super().__init__(store, session)
        self._desk = desk

    # -- plumbing --------------------------------------------------------------------

    def _me(self, connection: Connection) -> Any:
        row = connection.execute(
            select(Instructor.id, Instructor.login, Instructor.disabled).where(
                Instructor.id == self._session.instructor_id
            )
        ).first()
        if row is None or row.disabled:
            raise AccessDeniedError(T("This instructor account is disabled or no longer exists."))
        return row

    def _log(
        self, connection: Connection, action: Action, subject: str | None, detail: str = ""
    ) -> None:
        login = self._me(connection).login
        audit.append(connection, self._store.now(), login, action, subject, detail)

    @property
    def _server(self) -> bool:
        return self._store.is_server

    def _call(self, sql: str, params: dict[str, Any], name: str, key: str | None) -> Any:
        """A server function's call; its refusals as sentences."""
        try:
            return self._write(lambda c: c.execute(text(sql), params).scalar())
        except StorageError as exc:
            cause = exc.__cause__
            state = getattr(getattr(cause, "orig", None), "sqlstate", None)
            if isinstance(cause, (IntegrityError, DBAPIError)) and state == "23505" and key:
                existing = self._read(
                    lambda c: c.execute(
                        select(IntakeGroupRow.name).where(IntakeGroupRow.name_key == key)
                    ).scalar_one_or_none()
                )
                raise DuplicateGroupNameError(name, existing or name) from exc
            if state is not None and (state.startswith("P0") or state in {"22023", "42501"}):
                message = str(getattr(cause, "orig", exc)).strip().splitlines()[0]
                raise StorageError(server_refusal(message)) from exc
            raise

    # -- staff numbers -----------------------------------------------------------------

    def staff_number_holder(self, number: str, *, but: int | None = None) -> str | None:
        """The name of the trainee who has ``number`` (cleaned), other than ``but``."""
        query = select(Trainee.id, Trainee.name).where(Trainee.staff_number == number)
        row = self._read(lambda c: c.execute(query).first())
        return None if row is None or row.id == but else str(row.name)

    def set_staff_number(self, trainee_id: int, number: str | None) -> TraineeProfile:
        """Give (or, with ``None`` or blank, take away) a trainee's staff number. Logged."""
        cleaned = clean_staff_number(number)

        def work(connection: Connection) -> TraineeProfile:
            row = connection.execute(select(Trainee).where(Trainee.id == trainee_id)).first()
            if row is None:
                raise StorageError(NO_TRAINEE)
            if cleaned is not None:
                holder = connection.execute(
                    select(Trainee.id, Trainee.name).where(Trainee.staff_number == cleaned)
                ).first()
                if holder is not None and holder.id != trainee_id:
                    raise DuplicateStaffNumberError(cleaned, holder.name)
            connection.execute(
                update(Trainee).where(Trainee.id == trainee_id).values(staff_number=cleaned)
            )
            # On the server the dt_person_changed trigger writes this entry (whoever
            # changes the row); the app's own is dropped there (``SERVER_WRITTEN``).
            self._log(
                connection,
                Action.STAFF_NUMBER_SET,
                row.login,
                audit.change(row.staff_number, cleaned),
            )
            return trainee_profile(
                connection.execute(select(Trainee).where(Trainee.id == trainee_id)).one()
            )

        try:
            return self._write(work)
        except StorageError as exc:
            if not isinstance(exc.__cause__, IntegrityError) or cleaned is None:
                raise
            holder = self.staff_number_holder(cleaned, but=trainee_id)
            raise DuplicateStaffNumberError(cleaned, holder) from exc

    def add_trainee(
        self,
        name: str,
        *,
        login: str | None = None,
        password: str | None = None,
        staff_number: str | None = None,
    ) -> TraineeProfile:
        """A new trainee with their staff number (refused before anything is written when
        another trainee has it)."""
        cleaned = clean_staff_number(staff_number)
        if cleaned is not None:
            holder = self.staff_number_holder(cleaned)
            if holder is not None:
                raise DuplicateStaffNumberError(cleaned, holder)
        added = self._desk.add_trainee(name, login=login, password=password)
        if cleaned is None:
            return added
        return self.set_staff_number(added.id, cleaned)

    # -- instructors -------------------------------------------------------------------

    def instructors(self) -> list[InstructorAccount]:
        query = select(Instructor).order_by(Instructor.disabled, Instructor.name)
        return self._read(
            lambda c: [
                InstructorAccount(r.id, r.name, r.login, bool(r.disabled), r.created_at)
                for r in c.execute(query)
            ]
        )

    def add_instructor(self, name: str, password: str, login: str | None = None) -> int:
        """A new instructor who signs in with ``login`` (made from the name if not given)."""
        name = clean_name(name)
        key = name_key(name)
        existing = self._read(
            lambda c: c.execute(
                select(Instructor.name).where(
                    (Instructor.name_key == key) | (Instructor.name == name)
                )
            ).scalar()
        )
        if existing is not None:
            raise DuplicateInstructorNameError(name, str(existing))
        try:
            return self._desk.add_instructor(name, password, login)
        except StorageError as exc:
            if isinstance(exc.__cause__, IntegrityError | DBAPIError) and (
                getattr(getattr(exc.__cause__, "orig", None), "sqlstate", None) in (None, "23505")
            ):
                existing = self._read(
                    lambda c: c.execute(
                        select(Instructor.name).where(Instructor.name_key == key)
                    ).scalar()
                )
                if existing is not None:
                    raise DuplicateInstructorNameError(name, str(existing)) from exc
            raise

    def set_instructor_disabled(self, instructor_id: int, disabled: bool) -> None:
        """Disable an instructor (they can no longer sign in) or enable them again."""
        if self._server:
            self._call(
                "SELECT dt_set_instructor_disabled(:i, :d)",
                {"i": instructor_id, "d": disabled},
                "",
                None,
            )
            return

        def work(connection: Connection) -> None:
            me = self._me(connection)
            rows = connection.execute(
                select(Instructor).order_by(Instructor.id).with_for_update()
            ).all()
            target = next((r for r in rows if r.id == instructor_id), None)
            if target is None:
                raise StorageError(NO_INSTRUCTOR)
            if disabled and target.id == me.id:
                raise StorageError(OWN_ACCOUNT)
            active = [r for r in rows if not r.disabled and r.id != instructor_id]
            if disabled and not active:
                raise LastInstructorError(last_instructor(target.name))
            if bool(target.disabled) == disabled:
                return
            connection.execute(
                update(Instructor).where(Instructor.id == instructor_id).values(disabled=disabled)
            )
            self._log(
                connection,
                Action.INSTRUCTOR_DISABLED if disabled else Action.INSTRUCTOR_ENABLED,
                target.login,
                target.name,
            )

        self._write(work)

    # -- groups ------------------------------------------------------------------------

    def groups(self) -> list[IntakeGroup]:
        return self._read(read_groups)

    def group(self, group_id: int) -> IntakeGroup:
        found = next((g for g in self.groups() if g.id == group_id), None)
        if found is None:
            raise StorageError(NO_GROUP)
        return found

    def _refuse_group_name(
        self, connection: Connection, name: str, key: str, but: int | None = None
    ) -> None:
        row = connection.execute(
            select(IntakeGroupRow.id, IntakeGroupRow.name).where(IntakeGroupRow.name_key == key)
        ).first()
        if row is not None and row.id != but:
            raise DuplicateGroupNameError(name, row.name)

    def _write_group(self, name: str, key: str, work: Callable[[Connection], R]) -> R:
        holder = select(IntakeGroupRow.name).where(IntakeGroupRow.name_key == key)
        return self._write_named(
            work, holder, lambda existing: DuplicateGroupNameError(name, existing)
        )

    def create_group(
        self, name: str, start_date: date, instructor_ids: Iterable[int] = ()
    ) -> IntakeGroup:
        """A new intake group; another spelling of a group's name is refused."""
        name = clean_name(name)
        key = name_key(name)
        teachers = sorted(set(instructor_ids))
        if not isinstance(start_date, date):
            raise InputRefusedError(T("Give the group's start date."))
        if self._server:
            new_id = int(
                self._call(
                    "SELECT dt_group_create(:n, :k, :d)",
                    {"n": name, "k": key, "d": start_date},
                    name,
                    key,
                )
            )
            if teachers:
                self.set_group_instructors(new_id, teachers)
            return self.group(new_id)

        def work(connection: Connection) -> int:
            me = self._me(connection)
            self._refuse_group_name(connection, name, key)
            new_id = connection.execute(
                insert(IntakeGroupRow)
                .values(
                    name=name,
                    name_key=key,
                    start_date=start_date,
                    archived=False,
                    created_by=me.id,
                    created_at=self._store.now(),
                )
                .returning(IntakeGroupRow.id)
            ).scalar_one()
            self._set_teachers(connection, new_id, teachers)
            self._log(connection, Action.GROUP_CREATED, name, start_date.isoformat())
            return int(new_id)

        return self.group(self._write_group(name, key, work))

    def update_group(self, group_id: int, name: str, start_date: date) -> IntakeGroup:
        """Rename a group or correct its start date; another group's name is refused."""
        name = clean_name(name)
        key = name_key(name)
        if self._server:
            self._call(
                "SELECT dt_group_update(:g, :n, :k, :d)",
                {"g": group_id, "n": name, "k": key, "d": start_date},
                name,
                key,
            )
            return self.group(group_id)

        def work(connection: Connection) -> None:
            self._refuse_group_name(connection, name, key, but=group_id)
            done = connection.execute(
                update(IntakeGroupRow)
                .where(IntakeGroupRow.id == group_id)
                .values(name=name, name_key=key, start_date=start_date)
            ).rowcount
            if not done:
                raise StorageError(NO_GROUP)
            self._log(connection, Action.GROUP_CHANGED, name, start_date.isoformat())

        self._write_group(name, key, work)
        return self.group(group_id)

    def set_group_archived(self, group_id: int, archived: bool) -> None:
        """Archive a group (it leaves the pickers; its history stays), or bring it back."""
        if self._server:
            self._call("SELECT dt_group_archive(:g, :a)", {"g": group_id, "a": archived}, "", None)
            return

        def work(connection: Connection) -> None:
            self._me(connection)
            row = connection.execute(
                select(IntakeGroupRow).where(IntakeGroupRow.id == group_id)
            ).first()
            if row is None:
                raise StorageError(NO_GROUP)
            connection.execute(
                update(IntakeGroupRow)
                .where(IntakeGroupRow.id == group_id)
                .values(archived=archived)
            )
            self._log(
                connection, Action.GROUP_ARCHIVED if archived else Action.GROUP_RESTORED, row.name
            )

        self._write(work)

    def _set_teachers(self, connection: Connection, group_id: int, ids: Sequence[int]) -> None:
        known = set(
            connection.execute(select(Instructor.id).where(Instructor.id.in_(ids))).scalars()
        )
        missing = [i for i in ids if i not in known]
        if missing:
            raise StorageError(NO_INSTRUCTOR)
        connection.execute(
            delete(GroupInstructorRow).where(GroupInstructorRow.group_id == group_id)
        )
        for instructor_id in ids:
            connection.execute(
                insert(GroupInstructorRow).values(group_id=group_id, instructor_id=instructor_id)
            )

    def set_group_instructors(self, group_id: int, instructor_ids: Iterable[int]) -> None:
        """Who teaches the group (replaces the list)."""
        ids = sorted(set(instructor_ids))
        if self._server:
            self._call(
                "SELECT dt_group_set_instructors(:g, CAST(:i AS integer[]))",
                {"g": group_id, "i": ids},
                "",
                None,
            )
            return

        def work(connection: Connection) -> None:
            self._me(connection)
            row = connection.execute(
                select(IntakeGroupRow.name).where(IntakeGroupRow.id == group_id)
            ).first()
            if row is None:
                raise StorageError(NO_GROUP)
            self._set_teachers(connection, group_id, ids)
            self._log(connection, Action.GROUP_INSTRUCTORS_SET, row.name, f"{len(ids)} instructors")

        self._write(work)

    def move_trainee(self, trainee_id: int, group_id: int | None) -> None:
        """Put a trainee in ``group_id`` (closing their stay in another one), or (``None``)
        take them out of their group. Their earlier stays are kept."""
        if self._server:
            self._call("SELECT dt_group_move(:t, :g)", {"t": trainee_id, "g": group_id}, "", None)
            return
        self._write(lambda c: self._move(c, trainee_id, group_id))

    def set_members(self, group_id: int, trainee_ids: Iterable[int]) -> None:
        """Make ``trainee_ids`` the group's current trainees: those added leave their other
        group, those left out leave this one (each stay is kept)."""
        wanted = set(trainee_ids)
        current = set(self.group(group_id).trainee_ids)
        if self._server:
            for trainee_id in sorted(current - wanted):
                self.move_trainee(trainee_id, None)
            for trainee_id in sorted(wanted - current):
                self.move_trainee(trainee_id, group_id)
            return

        def work(connection: Connection) -> None:
            for trainee_id in sorted(current - wanted):
                self._move(connection, trainee_id, None)
            for trainee_id in sorted(wanted - current):
                self._move(connection, trainee_id, group_id)

        self._write(work)

    def _move(self, connection: Connection, trainee_id: int, group_id: int | None) -> None:
        self._me(connection)
        trainee = connection.execute(
            select(Trainee.login, Trainee.name).where(Trainee.id == trainee_id)
        ).first()
        if trainee is None:
            raise StorageError(NO_TRAINEE)
        group_name = ""
        if group_id is not None:
            group = group_on_file(connection, group_id)
            if group.archived:
                raise StorageError(group_archived(group.name))
            group_name = group.name
        stay = connection.execute(
            select(GroupMemberRow.id, GroupMemberRow.group_id).where(
                GroupMemberRow.trainee_id == trainee_id, GroupMemberRow.left_at.is_(None)
            )
        ).first()
        if stay is not None and stay.group_id == group_id:
            return
        left = (
            ""
            if stay is None
            else connection.execute(
                select(IntakeGroupRow.name).where(IntakeGroupRow.id == stay.group_id)
            ).scalar_one_or_none()
        )
        now = self._store.now()
        if stay is not None:
            connection.execute(
                update(GroupMemberRow).where(GroupMemberRow.id == stay.id).values(left_at=now)
            )
        if group_id is not None:
            connection.execute(
                insert(GroupMemberRow).values(
                    group_id=group_id, trainee_id=trainee_id, joined_at=now, left_at=None
                )
            )
        # The group before and after, as the server's dt_group_stay_changed writes it.
        self._log(
            connection, Action.GROUP_MEMBER_MOVED, trainee.login, audit.change(left, group_name)
        )

    def stays(self, trainee_id: int) -> list[GroupStay]:
        """A trainee's groups, first stay first (the history of their classes)."""
        query = (
            select(GroupMemberRow, IntakeGroupRow.name.label("group_name"))
            .join(IntakeGroupRow, IntakeGroupRow.id == GroupMemberRow.group_id)
            .where(GroupMemberRow.trainee_id == trainee_id)
            .order_by(GroupMemberRow.joined_at, GroupMemberRow.id)
        )
        return self._read(
            lambda c: [
                GroupStay(r.group_id, r.group_name, r.trainee_id, r.joined_at, r.left_at)
                for r in c.execute(query)
            ]
        )

    def current_groups(self) -> dict[int, int]:
        """Each grouped trainee's current group id, by trainee id."""
        query = select(GroupMemberRow.trainee_id, GroupMemberRow.group_id).where(
            GroupMemberRow.left_at.is_(None)
        )
        return self._read(lambda c: {r.trainee_id: r.group_id for r in c.execute(query)})

    def signature(self) -> tuple[int, int, int]:
        """See :func:`people_signature` (cheap: poll it every few seconds)."""
        return self._read(people_signature)
