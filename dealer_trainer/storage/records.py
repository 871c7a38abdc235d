"""Plain records passed in and out of the repository (never ORM objects).

``AnswerRecord`` is what the drills fill for every answer. Money inside its JSON
values is a decimal string (``"7.50"``); a ``Decimal`` is written as its string,
a ``float`` is refused, so no binary fraction ever reaches the database.
"""

from __future__ import annotations

import math
import unicodedata
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field, fields
from datetime import date, datetime, timedelta
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance
    from sqlalchemy import Row

JSONValue: TypeAlias = (
    str | int | float | bool | Sequence["JSONValue"] | Mapping[str, "JSONValue"] | None
)

SEED_LIMIT = 2**63  # the item seed is stored as a signed 64-bit integer
NAME_LENGTH = 100
SKILL_LENGTH = 100
RULESET_LENGTH = 64
VERSION_LENGTH = 40


#: Where a mock exam's answer keeps the mock exam it belongs to, in its stored situation
#: (``storage.recorder.MockExam``): a mock exam is a practice session.
MOCK_EXAM_KEY = "mock_exam"


@unique
class SessionKind(StrEnum):
    """Why a trainee sat at the workstation."""

    PRACTICE = "practice"
    TIMED = "timed"
    REVIEW = "review"
    EXAM = "exam"


def json_ready(value: object, where: str, *, floats: bool = False) -> JSONValue:
    """Return ``value`` as plain JSON data; ``Decimal`` becomes its exact string.

    Raises ``TypeError`` naming ``where`` for any non-JSON type, and for a float
    unless ``floats`` (only for scheduler numbers, never for answers and money).
    """
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise TypeError(f"{where}: {value} is not an amount")
        return str(value)
    if isinstance(value, float):
        if floats and math.isfinite(value):
            return value
        raise TypeError(f"{where}: float {value!r}; write money as a decimal string such as '7.50'")
    if isinstance(value, Mapping):
        out: dict[str, JSONValue] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where}: key {key!r} is not a string")
            out[key] = json_ready(item, f"{where}.{key}", floats=floats)
        return out
    if isinstance(value, list | tuple):
        return [json_ready(item, f"{where}[{i}]", floats=floats) for i, item in enumerate(value)]
    raise TypeError(f"{where}: {type(value).__name__} is not JSON data")


def check_text(value: str, name: str, limit: int) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise ValueError(f"{name} must be a non-empty text of at most {limit} characters")
    if _visible(value) != value:
        raise ValueError(
            f"{name} contains an invisible or control character (such as NUL, a zero-width "
            "space or a right-to-left override)"
        )


#: Characters that draw nothing but make two names differ: zero-width space, joiners,
#: the byte-order mark, the soft hyphen, bidi marks and isolates (every format character,
#: Unicode category Cf), control characters (Cc), and the few letters that are blank by
#: design (Hangul fillers, the combining grapheme joiner, the braille blank).
_BLANK_LETTERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
NAME_KEY_LENGTH = 400  # a key is NFKC-expanded: longer than the name it comes from


def _visible(text: str) -> str:
    return "".join(
        c
        for c in text
        if c.isspace() or (unicodedata.category(c) not in ("Cf", "Cc") and c not in _BLANK_LETTERS)
    )


def clean_name(name: str) -> str:
    """A person's name as it is kept and shown: NFC, no invisible characters, single spaces.

    1 to NAME_LENGTH characters. The letters are kept as typed (case, full-width forms):
    :func:`name_key` is what makes two spellings of one name the same name.
    """
    cleaned = " ".join(_visible(unicodedata.normalize("NFC", str(name))).split())
    if not cleaned or len(cleaned) > NAME_LENGTH:
        raise ValueError(f"A name must have 1 to {NAME_LENGTH} visible characters.")
    return cleaned


def clean_title(title: str, limit: int) -> str:
    """An exam title as it is kept and shown: like a name (:func:`clean_name`), up to ``limit``.

    NFC, so two spellings of an accented letter are one; invisible and control characters
    (NUL, zero-width spaces, a right-to-left override that would turn the title around)
    are dropped, and runs of spaces become one.
    """
    cleaned = " ".join(_visible(unicodedata.normalize("NFC", str(title))).split())
    if not cleaned or len(cleaned) > limit:
        raise ValueError(f"A title must have 1 to {limit} visible characters.")
    return cleaned


def title_key(title: str) -> str:
    """What makes two titles (of exams) one, as :func:`name_key` makes two names one, at any
    length: "Roulette payouts" and "roulette  PAYOUTS" have one key."""
    folded = unicodedata.normalize("NFKC", str(title)).casefold()
    return " ".join(_visible(unicodedata.normalize("NFKC", folded)).split())


def name_key(name: str) -> str:
    """What makes two names one: NFKC, case-folded, invisible characters and extra spaces gone.

    "Ana Lei", "ana  lei", "ＡＮＡ ＬＥＩ" (full-width), "Ana\u200b Lei" (a zero-width space)
    and "\ufeffAna Lei " have one key. Stored in ``trainees.name_key`` under a unique index,
    so the database itself refuses a second spelling of a registered name. A change here
    needs a migration that computes the stored keys again.
    """
    folded = unicodedata.normalize("NFKC", clean_name(name)).casefold()
    key = " ".join(_visible(unicodedata.normalize("NFKC", folded)).split())
    if not key or len(key) > NAME_KEY_LENGTH:
        raise ValueError(f"A name must have 1 to {NAME_LENGTH} visible characters.")
    return key


def _check_aware(value: datetime, name: str) -> None:
    if not isinstance(value, datetime) or value.utcoffset() is None:
        raise ValueError(f"{name} must be a datetime with a time zone")


@dataclass(frozen=True)
class AnswerRecord:
    """One answer as the drills give it, before it is stored.

    ``situation`` is the table situation the item showed (reproducible from
    ``item_seed``), ``expected`` the rules core's answer, ``given`` the trainee's.
    ``time_taken_ms`` is measured by the drill (a monotonic clock), the two
    timestamps are wall-clock and must carry a time zone. ``uid`` makes a retried
    write idempotent: recording the same uid twice stores one answer.
    """

    item_seed: int
    skill: str
    ruleset_id: str
    situation: JSONValue
    expected: JSONValue
    given: JSONValue
    correct: bool
    time_taken_ms: int
    app_version: str
    presented_at: datetime
    answered_at: datetime
    _: KW_ONLY
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)

    def __post_init__(self) -> None:
        if isinstance(self.item_seed, bool) or not isinstance(self.item_seed, int):
            raise ValueError("item_seed must be an integer")
        if not 0 <= self.item_seed < SEED_LIMIT:
            raise ValueError(f"item_seed must be in [0, 2**63), not {self.item_seed}")
        check_text(self.skill, "skill", SKILL_LENGTH)
        check_text(self.ruleset_id, "ruleset_id", RULESET_LENGTH)
        check_text(self.app_version, "app_version", VERSION_LENGTH)
        check_text(self.uid, "uid", 64)
        if not isinstance(self.correct, bool):
            raise ValueError("correct must be a bool")
        if isinstance(self.time_taken_ms, bool) or not isinstance(self.time_taken_ms, int):
            raise ValueError("time_taken_ms must be an integer number of milliseconds")
        if not 0 <= self.time_taken_ms < 2**31:
            raise ValueError(f"time_taken_ms out of range: {self.time_taken_ms}")
        _check_aware(self.presented_at, "presented_at")
        _check_aware(self.answered_at, "answered_at")
        if self.answered_at < self.presented_at:
            raise ValueError("answered_at is before presented_at")
        for name in ("situation", "expected", "given"):
            object.__setattr__(self, name, json_ready(getattr(self, name), name))


@dataclass(frozen=True)
class StoredAnswer:
    """An answer as recorded: the record plus where and when it was stored."""

    id: int
    session_id: int
    trainee_id: int
    answered_day: date
    recorded_at: datetime
    record: AnswerRecord
    #: On a centre's server, not graded yet: ``record`` holds the workstation's preview
    #: (graded, ``record.correct`` and ``time_taken_ms`` are the grader's: ``storage.graded``).
    pending: bool = False


@dataclass(frozen=True)
class TraineeProfile:
    """A trainee as the instructor sees them (and their own desk).

    ``name_clash``: registered before names were compared by their key, this profile's
    name is another spelling of an older profile's (migration 0003); both keep their
    records, and the instructor should rename one of them.
    """

    id: int
    name: str
    created_at: datetime
    archived: bool
    name_clash: bool = False
    #: The centre's staff number, if the instructor gave one (unique when given).
    staff_number: str | None = None


@dataclass(frozen=True)
class TrainingSession:
    id: int
    trainee_id: int
    kind: SessionKind
    ruleset_id: str
    app_version: str
    workstation: str
    started_at: datetime
    ended_at: datetime | None
    exam_assignment_id: int | None


@dataclass(frozen=True)
class Exam:
    """An exam as the instructor set it: the drills draw the same items from ``seed``.

    ``difficulty`` is the drills' level (1 beginner … 3 advanced); ``pass_mark`` the
    share of items to answer correctly, exact (4/5, 2/3).
    """

    id: int
    title: str
    ruleset_id: str
    skills: tuple[str, ...]
    item_count: int
    seed: int
    difficulty: int
    pass_mark: Fraction
    time_limit: timedelta | None
    created_by: int
    created_at: datetime
    #: The share to answer right within the skill's target time (``None``: no speed mark).
    speed_mark: Fraction | None = None
    #: Live-table rounds dealt after the items (0: none; migration 0012), their level,
    #: the house's pace target (rounds an hour) they are timed against, and their game.
    table_rounds: int = 0
    table_difficulty: int | None = None
    table_pace: int | None = None
    table_game: str | None = None


@dataclass(frozen=True)
class ExamNotice:
    """What a trainee sees of an assigned exam before sitting it: never its seed, so
    nobody can draw its items (and so its answer key) beforehand. The paper itself
    (``TraineeDesk.exam_paper``) is handed out when the sitting starts."""

    id: int
    title: str
    ruleset_id: str
    item_count: int
    time_limit: timedelta | None
    #: Live-table rounds after the items (0: none).
    table_rounds: int = 0


@dataclass(frozen=True)
class ExamAssignment:
    id: int
    exam_id: int
    trainee_id: int
    assigned_by: int
    assigned_at: datetime
    due_at: datetime | None
    completed_at: datetime | None
    #: The window opens (``None``: at once); ``due_at`` closes it.
    opens_at: datetime | None = None


@dataclass(frozen=True)
class ReviewState:
    """The review scheduler's state for one trainee and skill (its content is the drills').

    Unlike answers it may hold floats (FSRS stability and difficulty), never money.
    """

    trainee_id: int
    skill: str
    state: JSONValue
    due_at: datetime | None
    updated_at: datetime


@unique
class Role(StrEnum):
    TRAINEE = "trainee"
    INSTRUCTOR = "instructor"


@dataclass(frozen=True)
class Person:
    """Who signed in (``Store.sign_in``): their role, id, name and login.

    Only the store that issued it accepts it (``Store.trainee_desk``); an instructor's
    ``session`` unlocks the instructor views as the password dialog would.
    """

    role: Role
    id: int
    name: str
    login: str
    token: str = field(repr=False)
    session: InstructorSession | None = field(default=None, repr=False)
    #: Signed in with a password someone else set (an instructor, IT): it is one-time,
    #: the person chooses their own now (``Store.change_own_password``) and starts no exam
    #: before that (issue 36).
    must_choose_password: bool = False


@dataclass(frozen=True)
class InstructorSession:
    """Proof that an instructor typed the password; hand it to ``Store.instructor``.

    Only the store that issued it accepts it, until it is locked or sits idle too long.
    """

    instructor_id: int
    name: str
    token: str = field(repr=False)
    unlocked_at: datetime


@dataclass(frozen=True)
class AnswerFilter:
    """Which answers an instructor wants: every field narrows, ``None`` means all."""

    trainee_id: int | None = None
    session_id: int | None = None
    skill: str | None = None
    ruleset_id: str | None = None
    correct: bool | None = None
    since: datetime | None = None
    until: datetime | None = None
    limit: int | None = 1000
    newest_first: bool = False


@dataclass(frozen=True)
class DailySkillStat:
    """Accuracy and median time of one skill on one day, for a trainee or the cohort.

    ``trainee_id`` is ``None`` for cohort rows. ``median_time_ms`` is exact: the
    middle value, or the mean of the two middle values (a multiple of 0.5 ms).
    """

    day: date
    skill: str
    trainee_id: int | None
    answers: int
    correct: int
    median_time_ms: Decimal

    @property
    def accuracy_percent(self) -> Decimal:
        return (Decimal(100 * self.correct) / Decimal(self.answers)).quantize(Decimal("0.1"))


# ---------------------------------------------------------------- rows -> records --

R = TypeVar("R", bound="DataclassInstance")


def from_row(record_type: type[R], row: Row[Any], /, **converted: object) -> R:
    """A record with each field read from the row's column of the same name, but for the
    ``converted`` ones (a column the database keeps in another form)."""
    names = (f.name for f in fields(record_type) if f.init and f.name not in converted)
    return record_type(**{name: getattr(row, name) for name in names}, **converted)


def trainee_profile(row: Row[Any]) -> TraineeProfile:
    return from_row(
        TraineeProfile,
        row,
        name_clash=row.name_key is None,
        staff_number=getattr(row, "staff_number", None),
    )


def training_session(row: Row[Any]) -> TrainingSession:
    return from_row(TrainingSession, row, kind=SessionKind(row.kind))


def stored_answer(row: Row[Any]) -> StoredAnswer:
    record = from_row(AnswerRecord, row, correct=bool(row.correct))
    return from_row(StoredAnswer, row, record=record, pending=False)


def exam(row: Row[Any]) -> Exam:
    return from_row(
        Exam,
        row,
        skills=tuple(row.skills),
        time_limit=None if row.time_limit_s is None else timedelta(seconds=row.time_limit_s),
        pass_mark=Fraction(row.pass_mark_numerator, row.pass_mark_denominator),
        speed_mark=None
        if row.speed_mark_numerator is None
        else Fraction(row.speed_mark_numerator, row.speed_mark_denominator),
    )


def exam_assignment(row: Row[Any]) -> ExamAssignment:
    return from_row(ExamAssignment, row)


def review_state(row: Row[Any]) -> ReviewState:
    return from_row(ReviewState, row)
