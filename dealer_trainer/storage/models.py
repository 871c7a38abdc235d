"""The schema: SQLAlchemy 2 models. Alembic migrations create it; tests check they agree.

Answers are immutable (a database trigger refuses UPDATE and DELETE, see
``immutability.py``). They carry ``trainee_id`` and ``answered_day`` besides the
session so that the dashboard's per-skill, per-day aggregates read one covering
index instead of the table.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy import false as sa_false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# SQLite's INTEGER PRIMARY KEY is the rowid; BIGINT would not autoincrement there.
BigId = BigInteger().with_variant(Integer(), "sqlite")


class UTCDateTime(TypeDecorator[datetime]):
    """An aware datetime stored as UTC and read back aware (SQLite keeps no zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:
            raise ValueError("a naive datetime cannot be stored; give it a time zone")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


#: A login: a letter, then letters, digits, ``_``, ``.``, ``-``, lower case, at most this
#: long (a PostgreSQL role name needs no quoting then). See ``storage/logins.py``.
LOGIN_LENGTH = 63


class Instructor(Base):
    __tablename__ = "instructors"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    #: What the instructor signs in with (migration 0006); unique across instructors and
    #: trainees (the app checks the other table: on the server both are one role namespace).
    login: Mapped[str] = mapped_column(String(LOGIN_LENGTH))
    password_hash: Mapped[str] = mapped_column(String(255))
    failed_attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_failed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: A disabled instructor cannot sign in; their exams and records stay (migration 0009).
    disabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    #: ``records.name_key(name)``, unique, as ``Trainee.name_key`` (migration 0009).
    name_key: Mapped[str | None] = mapped_column(String(400))
    #: The password was set by someone else (another instructor, IT): the instructor
    #: chooses their own at the next sign-in (migration 0018).
    password_one_time: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=sa_false()
    )

    __table_args__ = (
        Index(None, "login", unique=True),
        Index(None, "name_key", unique=True),
    )


class Trainee(Base):
    __tablename__ = "trainees"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    #: ``records.name_key(name)``: one key for every spelling of one name (case, NFKC,
    #: invisible characters), unique, so a second spelling is refused by the database too.
    #: ``None`` only for a profile registered before names were compared this way whose
    #: key an older profile already holds (migration 0003): both people keep their records.
    name_key: Mapped[str | None] = mapped_column(String(400))
    archived: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: What the trainee signs in with (migration 0006), as ``Instructor.login``.
    login: Mapped[str] = mapped_column(String(LOGIN_LENGTH))
    #: argon2id, single-PC mode only: on the server PostgreSQL holds the password and this
    #: stays NULL. NULL on a single PC too for a trainee registered before sign-in existed,
    #: until the instructor sets one (the trainee cannot sign in until then).
    password_hash: Mapped[str | None] = mapped_column(String(255))
    #: The escalating delay after wrong passwords, per account (``access.delay_after``).
    failed_attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    last_failed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: The centre's staff number, optional, unique when given (``groups.clean_staff_number``).
    staff_number: Mapped[str | None] = mapped_column(String(32))
    #: The password was set by an instructor (or IT): the trainee chooses their own at the
    #: next sign-in, and starts no exam before that (migration 0018).
    password_one_time: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=sa_false()
    )

    __table_args__ = (
        Index(None, "name_key", unique=True),
        Index(None, "login", unique=True),
        Index(None, "staff_number", unique=True),
    )


class ExamRow(Base):
    __tablename__ = "exams"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    ruleset_id: Mapped[str] = mapped_column(String(64))
    skills: Mapped[list[str]] = mapped_column(JSON)
    item_count: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    time_limit_s: Mapped[int | None] = mapped_column(Integer)
    difficulty: Mapped[int] = mapped_column(Integer)
    pass_mark_numerator: Mapped[int] = mapped_column(Integer)
    pass_mark_denominator: Mapped[int] = mapped_column(Integer)
    created_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: The speed pass mark (migration 0008): the share of items answered right AND
    #: within their skill's target time; ``None``: the exam sets no speed mark.
    speed_mark_numerator: Mapped[int | None] = mapped_column(Integer)
    speed_mark_denominator: Mapped[int | None] = mapped_column(Integer)
    #: The target of each skill in milliseconds when the exam was built (the centre's speed
    #: standard, ``drills.standards.target_ms``),
    #: so a sitting is judged against the standard it was set under (migration 0008).
    speed_targets: Mapped[dict[str, int] | None] = mapped_column(JSON)
    #: The live-table part (migration 0012): rounds of the exam's game dealt in exam mode
    #: after the items (0: none), at ``table_difficulty``, judged for speed against
    #: ``table_pace`` (the house's target, rounds an hour, when the exam was built:
    #: ``drills.table.pace``); ``table_game`` the game's id (the certification's game
    #: when the exam has no items).
    table_rounds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    table_difficulty: Mapped[int | None] = mapped_column(Integer)
    table_pace: Mapped[int | None] = mapped_column(Integer)
    table_game: Mapped[str | None] = mapped_column(String(40))

    __table_args__ = (
        CheckConstraint("item_count BETWEEN 0 AND 500", name="item_count"),
        CheckConstraint("table_rounds BETWEEN 0 AND 50", name="table_rounds"),
        CheckConstraint("item_count + table_rounds > 0", name="has_work"),
        CheckConstraint(
            "table_rounds = 0 OR (table_difficulty BETWEEN 1 AND 3 AND table_pace > 0 "
            "AND table_game IS NOT NULL)",
            name="table_part",
        ),
        CheckConstraint("difficulty BETWEEN 1 AND 3", name="difficulty"),
        CheckConstraint(
            "pass_mark_numerator > 0 AND pass_mark_numerator <= pass_mark_denominator",
            name="pass_mark",
        ),
        CheckConstraint(
            "speed_mark_numerator IS NULL OR (speed_mark_numerator > 0 "
            "AND speed_mark_numerator <= speed_mark_denominator)",
            name="speed_mark",
        ),
    )


class ExamAssignmentRow(Base):
    __tablename__ = "exam_assignments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    exam_id: Mapped[int] = mapped_column(ForeignKey("exams.id"))
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"), index=True)
    assigned_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    assigned_at: Mapped[datetime] = mapped_column(UTCDateTime)
    due_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: The exam's window opens (migration 0008); ``None``: open from the assignment.
    opens_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (UniqueConstraint("exam_id", "trainee_id"),)


class SessionRow(Base):
    __tablename__ = "training_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    kind: Mapped[str] = mapped_column(String(20))
    ruleset_id: Mapped[str] = mapped_column(String(64))
    app_version: Mapped[str] = mapped_column(String(40))
    workstation: Mapped[str] = mapped_column(String(100))
    exam_assignment_id: Mapped[int | None] = mapped_column(ForeignKey("exam_assignments.id"))
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("kind IN ('practice', 'timed', 'review', 'exam')", name="kind"),
        Index(None, "trainee_id", "started_at"),
    )


class AnswerRow(Base):
    __tablename__ = "answers"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    uid: Mapped[str] = mapped_column(String(64), unique=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("training_sessions.id"), index=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    skill: Mapped[str] = mapped_column(String(100))
    ruleset_id: Mapped[str] = mapped_column(String(64))
    item_seed: Mapped[int] = mapped_column(BigInteger)
    situation: Mapped[Any] = mapped_column(JSON)
    expected: Mapped[Any] = mapped_column(JSON)
    given: Mapped[Any] = mapped_column(JSON)
    correct: Mapped[bool] = mapped_column(Boolean)
    time_taken_ms: Mapped[int] = mapped_column(Integer)
    app_version: Mapped[str] = mapped_column(String(40))
    presented_at: Mapped[datetime] = mapped_column(UTCDateTime)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime)
    answered_day: Mapped[date] = mapped_column(Date)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: ``chain.link(previous answer's chain_hash, this answer)`` on SQLite (migration
    #: 0006), so "verify records" sees an answer changed, inserted or deleted behind the
    #: app's back; NULL on PostgreSQL, where the roles refuse the change itself.
    chain_hash: Mapped[str | None] = mapped_column(String(64))

    __table_args__ = (
        CheckConstraint("time_taken_ms >= 0", name="time_taken_ms_non_negative"),
        # Dashboard (see aggregates.py): a day range of one trainee, and a day range of
        # the cohort with each (day, skill) group ordered by time for the median seek.
        # Both cover every column the aggregates read, so the table is never touched.
        Index(
            "ix_answers_trainee_day",
            "trainee_id",
            "answered_day",
            "skill",
            "time_taken_ms",
            "correct",
        ),
        Index("ix_answers_day_skill", "answered_day", "skill", "time_taken_ms", "correct"),
        Index(None, "trainee_id", "answered_at"),
        # Mastery (storage/standards.py, migration 0010): each trainee's answers of a skill
        # newest first, with what the rule counts, so the window function reads no table.
        Index(
            "ix_answers_mastery",
            "trainee_id",
            "skill",
            "answered_at",
            "id",
            "correct",
            "time_taken_ms",
        ),
    )


class ReviewStateRow(Base):
    __tablename__ = "review_states"

    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"), primary_key=True)
    skill: Mapped[str] = mapped_column(String(100), primary_key=True)
    state: Mapped[Any] = mapped_column(JSON)
    due_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index(None, "trainee_id", "due_at"),)


class DailySkillCount(Base):
    """Answers and correct answers per day and skill, all trainees together.

    Kept by a database trigger on every answer insert (migration 0002): read it,
    never write it.
    """

    __tablename__ = "daily_skill_counts"

    answered_day: Mapped[date] = mapped_column(Date, primary_key=True)
    skill: Mapped[str] = mapped_column(String(100), primary_key=True)
    answers: Mapped[int] = mapped_column(Integer)
    correct: Mapped[int] = mapped_column(Integer)
    #: Twice the exact median time of those answers, in ms (migration 0011).
    median2: Mapped[int] = mapped_column(BigInteger)


class TraineeSkillDay(Base):
    """Answers, correct answers and twice the exact median time of one trainee's answers
    of one skill on one day: the cohort table's rollup.

    Kept by the same database trigger as ``daily_skill_counts`` (migration 0011), in
    the answer's own transaction: read it, never write it.
    """

    __tablename__ = "trainee_skill_days"
    __table_args__ = (
        # The key carries the figures on PostgreSQL (migrations 0013, 0014): the cohort
        # table's reads are index-only scans. SQLite stores the rows in the key's order already.
        PrimaryKeyConstraint(
            "answered_day",
            "skill",
            "trainee_id",
            postgresql_include=["answers", "correct", "median2", "within"],
        ),
        {"sqlite_with_rowid": False},
    )

    answered_day: Mapped[date] = mapped_column(Date, primary_key=True)
    skill: Mapped[str] = mapped_column(String(100), primary_key=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"), primary_key=True)
    answers: Mapped[int] = mapped_column(Integer)
    correct: Mapped[int] = mapped_column(Integer)
    median2: Mapped[int] = mapped_column(BigInteger)
    #: Those right and within the skill's target in ``within_targets`` (migration 0014;
    #: 0 while the skill has none there): see ``storage/within_rollup.py``.
    within: Mapped[int] = mapped_column(Integer, server_default="0")


class WithinTarget(Base):
    """The target time (ms) a skill's ``trainee_skill_days.within`` was counted against.

    Written by ``storage/within_rollup.py`` only, in the transaction that counts the
    skill's answers again (on the server, by ``dt_recount_within``): the app reads a
    skill's figure from the rollup only while this is the target in force.
    """

    __tablename__ = "within_targets"
    __table_args__ = (CheckConstraint("target_ms >= 0", name="target_ms"),)

    skill: Mapped[str] = mapped_column(String(100), primary_key=True)
    target_ms: Mapped[int] = mapped_column(Integer)


class HouseRulesetRow(Base):
    """One version of a house ruleset file, as an instructor added it (migration 0004).

    Kept whole (``text``) and never changed (a database trigger refuses UPDATE and
    DELETE): an answer graded under ``grand-lisboa-roulette@2`` names this row, so a
    later change of the house's file, added as version 3, leaves what it was graded
    under as it was. See :mod:`dealer_trainer.storage.house_rulesets`.
    """

    __tablename__ = "house_rulesets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    ruleset_id: Mapped[str] = mapped_column(String(48))
    version: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(20))
    base: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(200))
    file_name: Mapped[str] = mapped_column(String(255))
    text: Mapped[str] = mapped_column(Text)
    sha256: Mapped[str] = mapped_column(String(64))
    added_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    added_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        UniqueConstraint("ruleset_id", "version"),
        CheckConstraint("version >= 1", name="version_positive"),
    )


class TableRoundRow(Base):
    """A round of the live table: what was on the table (reproducible from its seed).

    Like answers, immutable once written (migration 0005's triggers): the round, each
    attempt and the round's end are three insert-only tables, so nothing recorded can
    be changed and nothing is lost when the app stops in the middle of a round.
    """

    __tablename__ = "table_rounds"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    uid: Mapped[str] = mapped_column(String(64), unique=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("training_sessions.id"), index=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    game: Mapped[str] = mapped_column(String(40))
    ruleset_id: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(BigInteger)
    difficulty: Mapped[int] = mapped_column(Integer)
    situation: Mapped[Any] = mapped_column(JSON)
    app_version: Mapped[str] = mapped_column(String(40))
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("difficulty BETWEEN 1 AND 3", name="difficulty"),
        Index(None, "trainee_id", "started_at"),
    )


class TableAttemptRow(Base):
    """One step the trainee tried in a round, committed as it happened."""

    __tablename__ = "table_attempts"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("table_rounds.id"))
    position: Mapped[int] = mapped_column(Integer)  # the attempt's index in the round
    action: Mapped[str | None] = mapped_column(String(20))  # None: "round settled"
    step: Mapped[Any] = mapped_column(JSON, nullable=True)  # None: "round settled"
    accepted: Mapped[bool] = mapped_column(Boolean)
    verdict_code: Mapped[str | None] = mapped_column(String(60))
    citation: Mapped[str | None] = mapped_column(String(100))
    ms: Mapped[int] = mapped_column(Integer)
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        UniqueConstraint("round_id", "position"),
        CheckConstraint("ms >= 0", name="ms_non_negative"),
        CheckConstraint("position >= 0", name="position_non_negative"),
    )


class TableRoundEndRow(Base):
    """A round's summary, written once when the round ends."""

    __tablename__ = "table_round_ends"

    round_id: Mapped[int] = mapped_column(ForeignKey("table_rounds.id"), primary_key=True)
    steps: Mapped[int] = mapped_column(Integer)
    attempts: Mapped[int] = mapped_column(Integer)
    mistakes: Mapped[int] = mapped_column(Integer)
    ms: Mapped[int] = mapped_column(BigInteger)
    complete: Mapped[bool] = mapped_column(Boolean)
    ended_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: The planned steps not done and the irregularities arisen, not ruled, when the round ended
    #: (migration 0012; ``None`` for a round stored before): with the attempts, what an
    #: exam round's score is judged over (``drills.table.exam.score_round``).
    missed: Mapped[int | None] = mapped_column(Integer)

    __table_args__ = (CheckConstraint("ms >= 0", name="ms_non_negative"),)


class AuditLogRow(Base):
    """Who did what: sign-ins, failed sign-ins, people added or archived, passwords set,
    exams built and assigned (migration 0006). Append-only: triggers refuse UPDATE,
    DELETE and (SQLite) a replacing INSERT. Never holds a password, not even a wrong one.
    """

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(BigId, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    #: The login of who did it (for a failed sign-in: the login that was typed, if it
    #: names an account; ``None`` when it names none, so a mistyped password typed into
    #: the login field is never kept).
    actor: Mapped[str | None] = mapped_column(String(LOGIN_LENGTH))
    #: ``audit.Action``'s value: ``sign_in``, ``sign_in_failed``, ``person_added`` ...
    action: Mapped[str] = mapped_column(String(40))
    #: Whom or what it was done to: a login, ``exam:<id>`` ...
    subject: Mapped[str | None] = mapped_column(String(200))
    detail: Mapped[str] = mapped_column(Text)
    #: ``chain.link`` over the audit log, as ``AnswerRow.chain_hash`` (SQLite).
    chain_hash: Mapped[str | None] = mapped_column(String(64))

    __table_args__ = (Index("ix_audit_log_action_id", "action", "id"),)


class IntakeGroupRow(Base):
    """A class of trainees who started together (migration 0009): ``storage/groups.py``."""

    __tablename__ = "intake_groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    #: ``records.name_key(name)``: a group's name is unique as a trainee's is.
    name_key: Mapped[str] = mapped_column(String(400))
    start_date: Mapped[date] = mapped_column(Date)
    archived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    created_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index(None, "name_key", unique=True),)


class GroupInstructorRow(Base):
    """Who teaches a group (several instructors may)."""

    __tablename__ = "group_instructors"

    group_id: Mapped[int] = mapped_column(ForeignKey("intake_groups.id"), primary_key=True)
    instructor_id: Mapped[int] = mapped_column(ForeignKey("instructors.id"), primary_key=True)


class GroupMemberRow(Base):
    """One stay of a trainee in a group: moved or taken out, ``left_at`` is set, never deleted.

    A trainee has at most one open stay (``left_at`` NULL): one current group.
    """

    __tablename__ = "group_members"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("intake_groups.id"), index=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime)
    left_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index(
            "ix_group_members_current",
            "trainee_id",
            unique=True,
            sqlite_where=text("left_at IS NULL"),
            postgresql_where=text("left_at IS NULL"),
        ),
    )


class CentreSettingsRow(Base):
    """One version of the centre's settings (migration 0008): insert-only, the newest
    version rules; triggers refuse UPDATE and DELETE, so every change stays on file.
    See :mod:`dealer_trainer.storage.centre` for the defaults."""

    __tablename__ = "centre_settings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, unique=True)
    centre_name: Mapped[str] = mapped_column(String(200))
    retake_limit: Mapped[int] = mapped_column(Integer)
    retake_wait_days: Mapped[int] = mapped_column(Integer)
    validity_months: Mapped[int] = mapped_column(Integer)
    changed_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    changed_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("version >= 1", name="version_positive"),
        CheckConstraint("retake_limit BETWEEN 1 AND 20", name="retake_limit"),
        CheckConstraint("retake_wait_days BETWEEN 0 AND 365", name="retake_wait_days"),
        CheckConstraint("validity_months BETWEEN 1 AND 120", name="validity_months"),
    )


class CertificationRow(Base):
    """A trainee certified for a game by a passing sitting (migration 0008).

    Written once, in the transaction that ends the passing sitting (on the server by
    ``dt_end_session``, a SECURITY DEFINER function: no trainee may insert one), and
    never changed (triggers). See :mod:`dealer_trainer.storage.certification`.
    """

    __tablename__ = "certifications"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"), index=True)
    game: Mapped[str] = mapped_column(String(40))
    exam_id: Mapped[int] = mapped_column(ForeignKey("exams.id"))
    session_id: Mapped[int] = mapped_column(ForeignKey("training_sessions.id"), unique=True)
    passed_at: Mapped[datetime] = mapped_column(UTCDateTime)
    correct: Mapped[int] = mapped_column(Integer)
    in_time: Mapped[int] = mapped_column(Integer)
    item_count: Mapped[int] = mapped_column(Integer)
    time_taken_ms: Mapped[int] = mapped_column(BigInteger)
    approved_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    valid_until: Mapped[date] = mapped_column(Date)
    #: The live-table part of the sitting (migration 0012; 0 for an exam of items only):
    #: right steps over judged steps of its rounds, the rounds, those dealt without a
    #: mistake within the pace's time, and their time.
    steps_right: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    steps_judged: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    rounds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    rounds_in_pace: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    table_ms: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    #: The trainee's name when the certification was issued (migration 0019; on the server
    #: written by a trigger from the trainee's row): a certificate states the name
    #: certified, and the current one beside it after a rename. NULL before 0019.
    certified_name: Mapped[str | None] = mapped_column(String(100), nullable=True)

    __table_args__ = (
        CheckConstraint("correct BETWEEN 0 AND item_count", name="correct"),
        CheckConstraint("in_time BETWEEN 0 AND correct", name="in_time"),
    )


class SpeedStandardRow(Base):
    """One version of a skill's speed standard, as an instructor set it (migration 0010).

    Insert-only (triggers refuse UPDATE and DELETE): the standard in force is the
    newest version of each skill; older ones stay, so what a share "within the
    target" was measured against is never lost. A skill with no row keeps the
    drills' own target (``drills.standards.target_seconds``), and so does a skill whose
    newest version has no time (``target_ms`` NULL, migration 0016: set back to the
    drills' target).
    """

    __tablename__ = "speed_standards"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    skill: Mapped[str] = mapped_column(String(100))
    version: Mapped[int] = mapped_column(Integer)
    target_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)
    set_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    set_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        UniqueConstraint("skill", "version"),
        CheckConstraint("version >= 1", name="version_positive"),
        CheckConstraint("target_ms BETWEEN 1000 AND 600000", name="target_ms"),
    )


class MasteryRuleRow(Base):
    """One version of the centre's mastery rule (migration 0010), insert-only.

    A skill is mastered when at least ``mastered_percent`` of the trainee's last
    ``last_answers`` answers of it are right and within the speed standard; close from
    ``close_percent``; weak below. No row: the default (90 %, 30 answers, 75 %).
    """

    __tablename__ = "mastery_rules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, unique=True)
    last_answers: Mapped[int] = mapped_column(Integer)
    mastered_percent: Mapped[int] = mapped_column(Integer)
    close_percent: Mapped[int] = mapped_column(Integer)
    set_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    set_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        CheckConstraint("version >= 1", name="version_positive"),
        CheckConstraint("last_answers BETWEEN 5 AND 500", name="last_answers"),
        CheckConstraint("mastered_percent BETWEEN 1 AND 100", name="mastered_percent"),
        CheckConstraint("close_percent BETWEEN 0 AND mastered_percent", name="close_percent"),
    )


class PracticePlanRow(Base):
    """A practice plan an instructor made: skills of one game, a number of items, a due
    date (migration 0010). Insert-only: a plan is assigned as it was made."""

    __tablename__ = "practice_plans"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(40))
    skills: Mapped[list[str]] = mapped_column(JSON)
    item_count: Mapped[int] = mapped_column(Integer)
    due_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: The intake group it was made for, if any (the groups' table is the people's).
    group_id: Mapped[int | None] = mapped_column(Integer)
    created_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (CheckConstraint("item_count BETWEEN 1 AND 1000", name="item_count"),)


class PlanAssignmentRow(Base):
    """A practice plan given to one trainee (migration 0010), insert-only. Its progress
    is counted from the trainee's answers since ``assigned_at``, never stored."""

    __tablename__ = "plan_assignments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    plan_id: Mapped[int] = mapped_column(ForeignKey("practice_plans.id"))
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"), index=True)
    assigned_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    assigned_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (UniqueConstraint("plan_id", "trainee_id"),)


class PlanWithdrawalRow(Base):
    """A plan assignment withdrawn (migration 0015), insert-only: the assignment stays on
    file, and this row takes it off the trainee's plans and the overdue list."""

    __tablename__ = "plan_withdrawals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(ForeignKey("plan_assignments.id"), unique=True)
    withdrawn_by: Mapped[int] = mapped_column(ForeignKey("instructors.id"))
    withdrawn_at: Mapped[datetime] = mapped_column(UTCDateTime)


class AnswerGradeRow(Base):
    """The centre's grader's verdict on one answer (migration 0017), insert-only.

    Written on the server only, by ``dealer-trainer server grader`` under its own role
    (``storage/server/grader.py``): the item made again from its spec (an exam's from the
    exam's seed, never from the situation a workstation sent), the answer given graded by
    the rules core, and the times that count measured by the server's clock. The answer's
    own ``correct`` is the workstation's preview. On a single PC the app is the grader and
    this table stays empty.
    """

    __tablename__ = "answer_grades"

    answer_id: Mapped[int] = mapped_column(BigId, ForeignKey("answers.id"), primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("training_sessions.id"), index=True)
    #: The given answer graded against the item the grader made again.
    correct: Mapped[bool] = mapped_column(Boolean)
    #: The item's expected answer as the grader computed it (``None``: no item could be made).
    expected: Mapped[Any] = mapped_column(JSON, nullable=True)
    #: The situation the workstation stored is the one the grader made from the spec.
    situation_matches: Mapped[bool] = mapped_column(Boolean)
    #: An exam's item the answer is for (0 first); ``None`` for practice, or for none.
    item_index: Mapped[int | None] = mapped_column(Integer)
    #: It counts towards its sitting: the item's first answer, recorded within the time limit.
    counts: Mapped[bool] = mapped_column(Boolean)
    #: An exam item's time by the server's clock (its answer's recorded_at minus the one
    #: before it, or the sitting's start); ``None`` where no time counts.
    server_ms: Mapped[int | None] = mapped_column(BigInteger)
    #: Why it is wrong or does not count whatever it says (``storage/server/grader.py``'s
    #: ``Flag``): not this exam's item, a repeat, late, an item this version cannot make.
    flag: Mapped[str | None] = mapped_column(String(40))
    graded_at: Mapped[datetime] = mapped_column(UTCDateTime)
    grader_version: Mapped[str] = mapped_column(String(40))


class RoundGradeRow(Base):
    """The centre's grader's judgement of one live-table round that ended (migration 0020),
    insert-only: the round dealt again from its seed and its recorded steps judged again by
    the rules core (``storage/server/grader.py``). The round's own end
    (``table_round_ends``) and its attempts' verdicts are the workstation's preview. Empty
    on a single PC."""

    __tablename__ = "round_grades"

    round_id: Mapped[int] = mapped_column(BigId, ForeignKey("table_rounds.id"), primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("training_sessions.id"), index=True)
    #: Settled as the rules core judges it (every planned step done, nothing missed).
    complete: Mapped[bool] = mapped_column(Boolean)
    steps_tried: Mapped[int] = mapped_column(Integer)
    steps_right: Mapped[int] = mapped_column(Integer)
    #: Each attempt's verdict by its position: ``{"0": {"accepted", "code", "citation"}}``.
    verdicts: Mapped[Any] = mapped_column(JSON)
    #: The round's time that counts: the server's stamps', or the workstation's if longer.
    ms: Mapped[int] = mapped_column(BigInteger)
    situation_matches: Mapped[bool] = mapped_column(Boolean)
    #: ``grader.Flag``'s value where the round could not be judged as sent.
    flag: Mapped[str | None] = mapped_column(String(40))
    graded_at: Mapped[datetime] = mapped_column(UTCDateTime)
    grader_version: Mapped[str] = mapped_column(String(40))

    __table_args__ = (
        CheckConstraint("steps_right BETWEEN 0 AND steps_tried", name="steps_right"),
        CheckConstraint("ms >= 0", name="ms_non_negative"),
    )


class SittingGradeRow(Base):
    """An exam sitting scored by the centre's grader (migration 0017), insert-only.

    The figures of ``certification.SittingScore`` from the answers' grades and the rounds
    judged again; ``passed`` as the exam's marks say. A passing sitting's certification is
    written in the same transaction. Until this row exists an ended sitting is *waiting
    for grading* (the workstation's figures are a preview).
    """

    __tablename__ = "sitting_grades"

    session_id: Mapped[int] = mapped_column(ForeignKey("training_sessions.id"), primary_key=True)
    answered: Mapped[int] = mapped_column(Integer)
    correct: Mapped[int] = mapped_column(Integer)
    in_time: Mapped[int] = mapped_column(Integer)
    item_count: Mapped[int] = mapped_column(Integer)
    time_ms: Mapped[int] = mapped_column(BigInteger)
    rounds: Mapped[int] = mapped_column(Integer)
    rounds_ended: Mapped[int] = mapped_column(Integer)
    steps_right: Mapped[int] = mapped_column(Integer)
    steps_judged: Mapped[int] = mapped_column(Integer)
    rounds_in_pace: Mapped[int] = mapped_column(Integer)
    table_ms: Mapped[int] = mapped_column(BigInteger)
    #: Answers and rounds the grader flagged (not the exam's, repeated, late, differing).
    flagged: Mapped[int] = mapped_column(Integer)
    #: The server ended the sitting at its time limit (the trainee had not).
    timed_out: Mapped[bool] = mapped_column(Boolean)
    passed: Mapped[bool] = mapped_column(Boolean)
    graded_at: Mapped[datetime] = mapped_column(UTCDateTime)
    grader_version: Mapped[str] = mapped_column(String(40))

    __table_args__ = (
        CheckConstraint("correct BETWEEN 0 AND item_count", name="correct"),
        CheckConstraint("in_time BETWEEN 0 AND correct", name="in_time"),
        CheckConstraint("steps_right BETWEEN 0 AND steps_judged", name="steps_right"),
    )
