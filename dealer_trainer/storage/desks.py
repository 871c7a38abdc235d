"""What a trainee and an instructor may do, as two API objects.

``TraineeDesk`` is bound to one trainee: it starts and ends that trainee's
sessions, records answers (committed before the method returns, so before any
feedback) and reads that trainee's own history. It has no method that changes
an answer or reads another trainee. ``InstructorDesk`` checks its unlocked
``InstructorSession`` on every call.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import date, datetime, timedelta
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, Row, Select, delete, exists, insert, or_, select, update

from dealer_trainer import __version__
from dealer_trainer.rules.games import Game
from dealer_trainer.storage import audit, centre, certification, graded, transcript
from dealer_trainer.storage.access import check_new_password, check_own_new_password
from dealer_trainer.storage.aggregates import daily_skill_stats
from dealer_trainer.storage.certification import (
    Certification,
    SittingRefused,
    SittingScore,
    certify_if_passed,
    score_sitting,
    sitting_refusal,
    sittings,
)
from dealer_trainer.storage.chain import ANSWER_FIELDS, GENESIS, link
from dealer_trainer.storage.errors import (
    EXAM_STARTED,
    NO_ASSIGNMENT,
    SESSION_ENDED,
    SITTING_ENDED,
    AccessDeniedError,
    DuplicateNameError,
    InputRefusedError,
    SittingEndedError,
    SittingRefusedError,
    StorageError,
)
from dealer_trainer.storage.groups import (
    ACTIVE_SETS_PASSWORDS,
    INSTRUCTOR_PASSWORD_ON_SERVER,
    NO_INSTRUCTOR,
    OWN_PASSWORD,
    PeopleDesk,
)
from dealer_trainer.storage.instructor_calls import InstructorCalls
from dealer_trainer.storage.models import (
    AnswerRow,
    Base,
    ExamAssignmentRow,
    ExamRow,
    Instructor,
    ReviewStateRow,
    SessionRow,
    Trainee,
)
from dealer_trainer.storage.records import (
    MOCK_EXAM_KEY,
    RULESET_LENGTH,
    SEED_LIMIT,
    SKILL_LENGTH,
    AnswerFilter,
    AnswerRecord,
    DailySkillStat,
    Exam,
    ExamAssignment,
    ExamNotice,
    InstructorSession,
    ReviewState,
    Role,
    SessionKind,
    StoredAnswer,
    TraineeProfile,
    TrainingSession,
    check_text,
    clean_name,
    clean_title,
    exam,
    exam_assignment,
    json_ready,
    name_key,
    review_state,
    stored_answer,
    trainee_profile,
    training_session,
)
from dealer_trainer.storage.rollups import TraineeSpan, trainee_spans
from dealer_trainer.storage.rounds import Rounds, StoredTableRound, read_rounds
from dealer_trainer.storage.signin import ONE_TIME_PASSWORD
from dealer_trainer.storage.table_stats import (
    TableFigure,
    TableResults,
    table_figures,
    table_results,
)
from dealer_trainer.storage.verify import Verification, verify_records

if TYPE_CHECKING:
    from dealer_trainer.storage.schedules import CentreSchedules, MySchedule
    from dealer_trainer.storage.standards import CentreStandards, MyStandards
    from dealer_trainer.storage.work import UnitOfWork

T = TypeVar("T")


def _answers_query(where: AnswerFilter, *, graded_verdicts: bool = False) -> Select[Any]:
    """The answers ``where`` selects, oldest first unless it asks for newest first.
    ``graded_verdicts`` (a centre's server): ``where.correct`` narrows on the grader's
    verdict (``graded_answers``), never the workstation's preview; an answer waiting for
    grading is neither right nor wrong yet."""
    query = select(AnswerRow)
    if where.trainee_id is not None:
        query = query.where(AnswerRow.trainee_id == where.trainee_id)
    if where.session_id is not None:
        query = query.where(AnswerRow.session_id == where.session_id)
    if where.skill is not None:
        query = query.where(AnswerRow.skill == where.skill)
    if where.ruleset_id is not None:
        query = query.where(AnswerRow.ruleset_id == where.ruleset_id)
    if where.correct is not None and graded_verdicts:
        verdict = graded.GRADED_ANSWERS.c
        query = query.where(
            exists().where(verdict.id == AnswerRow.id, verdict.correct.is_(where.correct))
        )
    elif where.correct is not None:
        query = query.where(AnswerRow.correct.is_(where.correct))
    if where.since is not None:
        query = query.where(AnswerRow.answered_at >= where.since)
    if where.until is not None:
        query = query.where(AnswerRow.answered_at < where.until)
    if where.newest_first:
        query = query.order_by(AnswerRow.answered_at.desc(), AnswerRow.id.desc())
    else:
        query = query.order_by(AnswerRow.answered_at, AnswerRow.id)
    return query.limit(where.limit)


def _refuse_taken(connection: Connection, name: str, key: str, *, but: int | None = None) -> None:
    """Raise ``DuplicateNameError`` if ``key`` is another trainee's (archived ones too).

    Profiles kept from before the key (``name_key`` NULL) are compared by their names'
    keys, so a third spelling of a name two of them share is refused as well.
    """
    query = select(Trainee.id, Trainee.name, Trainee.name_key).where(
        or_(Trainee.name_key == key, Trainee.name_key.is_(None), Trainee.name == name)
    )
    for row in connection.execute(query.order_by(Trainee.id)):
        if row.id == but:
            continue
        if row.name_key == key or _key_or_none(row.name) == key or row.name == name:
            raise DuplicateNameError(name, row.name)


def _key_or_none(name: str) -> str | None:
    try:
        return name_key(name)
    except ValueError:
        return None


def _inserted(connection: Connection, model: type[Base], values: dict[str, Any]) -> Row[Any]:
    """Insert one row and return it as stored, in one statement (``RETURNING``: SQLite
    3.35 or newer, which ``engine.check_sqlite_library`` makes sure of, and PostgreSQL)."""
    return connection.execute(insert(model).values(**values).returning(*model.__table__.c)).one()


def _sittings_of(
    connection: Connection,
    trainee_id: int | None = None,
    exam_id: int | None = None,
    *,
    graded: bool = False,
) -> list[tuple[Exam, ExamAssignment, SittingScore]]:
    """Every sitting (of one trainee, or of one exam), oldest first, scored (``graded``:
    by the centre's grader, or a preview while it waits)."""
    query = select(ExamAssignmentRow).order_by(ExamAssignmentRow.id)
    if trainee_id is not None:
        query = query.where(ExamAssignmentRow.trainee_id == trainee_id)
    if exam_id is not None:
        query = query.where(ExamAssignmentRow.exam_id == exam_id)
    out = []
    papers: dict[int, Row[Any]] = {}
    for assignment in connection.execute(query).all():
        if assignment.exam_id not in papers:
            papers[assignment.exam_id] = connection.execute(
                select(ExamRow).where(ExamRow.id == assignment.exam_id)
            ).one()
        paper = papers[assignment.exam_id]
        for session in sittings(connection, assignment.id):
            out.append(
                (
                    exam(paper),
                    exam_assignment(assignment),
                    score_sitting(connection, session, paper, graded=graded),
                )
            )
    out.sort(key=lambda each: (each[2].started_at, each[2].session_id))
    return out


#: The audit's words for a password an instructor set: the person replaces it at sign-in.
ONE_TIME_SET = "one-time, set by an instructor"


class TraineeDesk:
    """The trainee-level API: one trainee's sessions, answers, exams and review state."""

    def __init__(self, store: UnitOfWork, profile: TraineeProfile) -> None:
        self._store = store
        self.profile = profile

    @property
    def trainee_id(self) -> int:
        return self.profile.id

    # -- sessions --------------------------------------------------------------------

    def start_session(
        self,
        ruleset_id: str,
        kind: SessionKind = SessionKind.PRACTICE,
        *,
        exam_assignment_id: int | None = None,
        app_version: str = __version__,
    ) -> TrainingSession:
        """Begin a session; an exam session names this trainee's open assignment."""
        kind = SessionKind(kind)
        check_text(ruleset_id, "ruleset_id", RULESET_LENGTH)
        if (kind is SessionKind.EXAM) != (exam_assignment_id is not None):
            raise ValueError("an exam session, and only an exam session, names its assignment")

        def work(connection: Connection) -> TrainingSession:
            if exam_assignment_id is not None:
                assignment = connection.execute(
                    select(ExamAssignmentRow).where(ExamAssignmentRow.id == exam_assignment_id)
                ).first()
                if assignment is None or assignment.trainee_id != self.trainee_id:
                    raise AccessDeniedError("This exam is not assigned to you.")
                self._refuse_sitting(connection, assignment)
            values = {
                "trainee_id": self.trainee_id,
                "kind": kind.value,
                "ruleset_id": ruleset_id,
                "app_version": app_version,
                "workstation": self._store.workstation,
                "exam_assignment_id": exam_assignment_id,
                "started_at": self._store.now(),
                "ended_at": None,
            }
            return training_session(_inserted(connection, SessionRow, values))

        return self._store.write(work)

    def _sitting_clock(self, connection: Connection) -> datetime:
        """The time a sitting's window and waiting period are judged at (the server's own
        clock on the server, which judges them too)."""
        return self._store.now()

    #: On a centre's server the centre's grader scores and certifies a sitting (the record);
    #: here the app does (``storage/certification.py``).
    graded_by_server = False

    def _refuse_sitting(self, connection: Connection, assignment: Any) -> None:
        one_time = connection.execute(
            select(Trainee.password_one_time).where(Trainee.id == self.trainee_id)
        ).scalar_one_or_none()
        if one_time:  # a password an instructor set: the trainee chooses their own first
            raise AccessDeniedError(ONE_TIME_PASSWORD)
        refused = sitting_refusal(
            connection,
            assignment,
            self._sitting_clock(connection),
            centre.current(connection),
            graded=self.graded_by_server,
        )
        if refused is not None:
            raise SittingRefusedError(refused)

    def sitting_refusal(self, assignment_id: int) -> SittingRefused | None:
        """Why a new sitting of this trainee's assignment may not start now (or ``None``)."""

        def work(connection: Connection) -> SittingRefused | None:
            assignment = connection.execute(
                select(ExamAssignmentRow).where(
                    ExamAssignmentRow.id == assignment_id,
                    ExamAssignmentRow.trainee_id == self.trainee_id,
                )
            ).first()
            if assignment is None:
                raise AccessDeniedError("This exam is not assigned to you.")
            return sitting_refusal(
                connection,
                assignment,
                self._sitting_clock(connection),
                centre.current(connection),
                graded=self.graded_by_server,
            )

        return self._store.read(work)

    #: On the server a trainee's login reads their exams' terms through its functions.
    _transcript_by_functions = False

    def my_certifications(self) -> list[Certification]:
        """This trainee's certifications, newest first."""

        def work(connection: Connection) -> list[Certification]:
            terms = transcript.exam_terms(
                connection, self.trainee_id, server_trainee=self._transcript_by_functions
            )
            return certification.certifications(
                connection,
                trainee_id=self.trainee_id,
                untimed=certification.untimed_exams(terms.values()),
            )

        return self._store.read(work)

    def my_transcript(self) -> transcript.Transcript:
        """This trainee's own transcript: their sittings, certifications, centre's name."""
        return self._store.read(
            lambda c: transcript.read(
                c,
                self.trainee_id,
                server_trainee=self._transcript_by_functions,
                graded=self.graded_by_server,
            )
        )

    def sitting_time_used_ms(self, session_id: int, recorded_ms: int) -> int:
        """The time a sitting has used of its limit: on one PC the workstation's own time
        of what is recorded (``recorded_ms``); on the server, the server's clock."""
        return recorded_ms

    def centre_settings(self) -> centre.CentreSettings:
        return self._store.read(centre.current)

    def _own_session(self, connection: Connection, session_id: int) -> Row[Any]:
        row = connection.execute(select(SessionRow).where(SessionRow.id == session_id)).first()
        if row is None or row.trainee_id != self.trainee_id:
            raise AccessDeniedError(f"Session {session_id} is not one of yours.")
        return row

    def end_session(self, session_id: int) -> TrainingSession:
        """Close the session (and complete its exam assignment). Ending twice is harmless."""

        def work(connection: Connection) -> TrainingSession:
            row = self._own_session(connection, session_id)
            if row.ended_at is None:
                now = self._store.now()
                connection.execute(
                    update(SessionRow).where(SessionRow.id == session_id).values(ended_at=now)
                )
                if row.exam_assignment_id is not None:
                    # The first sitting's end completes the assignment; a retake's is
                    # its own session's end (every sitting is kept).
                    connection.execute(
                        update(ExamAssignmentRow)
                        .where(
                            ExamAssignmentRow.id == row.exam_assignment_id,
                            ExamAssignmentRow.completed_at.is_(None),
                        )
                        .values(completed_at=now)
                    )
                    ended = connection.execute(
                        select(SessionRow).where(SessionRow.id == session_id)
                    ).one()
                    certify_if_passed(
                        connection,
                        ended,
                        now,
                        centre.local_day(now),
                        centre.current(connection),
                    )
            return training_session(
                connection.execute(select(SessionRow).where(SessionRow.id == session_id)).one()
            )

        return self._store.write(work)

    def sessions(self) -> list[TrainingSession]:
        """This trainee's sessions, newest first."""
        query = (
            select(SessionRow)
            .where(SessionRow.trainee_id == self.trainee_id)
            .order_by(SessionRow.started_at.desc(), SessionRow.id.desc())
        )
        return self._store.read(lambda c: [training_session(r) for r in c.execute(query)])

    @property
    def rounds(self) -> Rounds:
        """This trainee's rounds of the live table (recorded step by step, never changed)."""
        return Rounds(self._store, self.trainee_id)

    @property
    def standing(self) -> MyStandards:
        """The centre's speed standards and this trainee's mastery of each skill."""
        # Here, not at the top: importing storage does not import the drills' catalogue.
        from dealer_trainer.storage.standards import MyStandards  # noqa: PLC0415

        return MyStandards(self._store, self.trainee_id)

    @property
    def schedule(self) -> MySchedule:
        """The practice plans given to this trainee, with their progress."""
        from dealer_trainer.storage.schedules import MySchedule  # noqa: PLC0415

        return MySchedule(self._store, self.trainee_id)

    # -- answers ---------------------------------------------------------------------

    def record_answer(self, session_id: int, record: AnswerRecord) -> StoredAnswer:
        """Store one answer and commit it; returns only once it is durable.

        Call it before showing feedback. Recording the same ``record.uid`` again
        (a retry) returns the answer already stored. If it raises ``StorageError``
        the answer is not stored: show that message, not the feedback.
        """
        if not isinstance(record, AnswerRecord):
            raise TypeError("record_answer takes an AnswerRecord")

        def work(connection: Connection) -> StoredAnswer:
            existing = connection.execute(
                select(AnswerRow).where(AnswerRow.uid == record.uid)
            ).first()
            if existing is not None:
                if existing.trainee_id != self.trainee_id or existing.session_id != session_id:
                    raise AccessDeniedError("This answer was recorded for another session.")
                return stored_answer(existing)
            session = self._own_session(connection, session_id)
            if session.ended_at is not None:
                raise SittingEndedError(
                    SITTING_ENDED if session.kind == SessionKind.EXAM.value else SESSION_ENDED
                )
            values = {
                "uid": record.uid,
                "session_id": session_id,
                "trainee_id": self.trainee_id,
                "skill": record.skill,
                "ruleset_id": record.ruleset_id,
                "item_seed": record.item_seed,
                "situation": record.situation,
                "expected": record.expected,
                "given": record.given,
                "correct": record.correct,
                "time_taken_ms": record.time_taken_ms,
                "app_version": record.app_version,
                "presented_at": record.presented_at,
                "answered_at": record.answered_at,
                "answered_day": self._store.day_of(record.answered_at),
                "recorded_at": self._store.now(),
            }
            if connection.dialect.name == "sqlite":  # the server's roles refuse changes
                previous = connection.execute(
                    select(AnswerRow.chain_hash).order_by(AnswerRow.id.desc()).limit(1)
                ).scalar_one_or_none()
                values["chain_hash"] = link(previous or GENESIS, values, ANSWER_FIELDS)
            return stored_answer(_inserted(connection, AnswerRow, values))

        return self._store.write(work)

    def answers(
        self,
        session_id: int | None = None,
        limit: int | None = 1000,
        *,
        correct: bool | None = None,
        newest_first: bool = False,
        graded_record: bool = False,
    ) -> list[StoredAnswer]:
        """This trainee's own answers (of one session, or all; right or wrong, or both).
        ``graded_record``: as the record reads them (their review): on a centre's server
        the grader's verdicts, ``correct`` narrowing on those, an answer not graded yet
        ``pending`` (``graded.as_graded``); else the verdicts this computer recorded."""
        where = AnswerFilter(
            trainee_id=self.trainee_id,
            session_id=session_id,
            correct=correct,
            limit=limit,
            newest_first=newest_first,
        )

        def work(connection: Connection) -> list[StoredAnswer]:
            on_server = graded_record and graded.on_server(connection)
            query = _answers_query(where, graded_verdicts=on_server)
            found = [stored_answer(r) for r in connection.execute(query)]
            return graded.as_graded(connection, found) if graded_record else found

        return self._store.read(work)

    def mock_exam_sessions(self) -> set[int]:
        """This trainee's sessions that were mock exams: their answers keep the mock exam
        they belong to (a mock exam is a practice session; ``storage.recorder.MockExam``)."""
        tagged = AnswerRow.situation[MOCK_EXAM_KEY].as_string()
        query = (
            select(AnswerRow.session_id)
            .where(AnswerRow.trainee_id == self.trainee_id, tagged.is_not(None))
            .distinct()
        )
        return self._store.read(lambda c: {int(r[0]) for r in c.execute(query)})

    def my_table_figures(self) -> list[TableFigure]:
        """This trainee's own live-table figures per game, ruleset and level: the rounds
        dealt, the steps right, the pace (``storage.table_stats``)."""
        return self._store.read(lambda c: table_figures(c, self.trainee_id))

    def wait_for_grade(
        self, session_id: int, timeout_s: float, stopped: Callable[[], bool] = lambda: False
    ) -> bool:
        """Whether the sitting's grade is there, waiting up to ``timeout_s`` for it on a
        centre's server (its grader's notification); on a single PC the app graded it."""
        del session_id, timeout_s, stopped
        return True

    def grading_wait(self) -> graded.GradingWait:
        """How many of this trainee's answers wait for the centre's grader, since when."""
        return self._store.read(lambda c: graded.grading_wait(c, [self.trainee_id]))

    def table_grading_wait(self) -> graded.RoundWait:
        """How many of this trainee's live-table rounds wait for the centre's grader."""
        return self._store.read(lambda c: graded.table_grading_wait(c, [self.trainee_id]))

    def my_daily_skill_stats(self, first_day: date, last_day: date) -> list[DailySkillStat]:
        """This trainee's own accuracy and median time per skill per day."""
        return self._store.read(
            lambda c: daily_skill_stats(c, first_day, last_day, trainee_id=self.trainee_id)
        )

    # -- exams and review state -------------------------------------------------------

    def open_exams(self) -> list[tuple[ExamAssignment, ExamNotice]]:
        """Exams assigned to this trainee not yet taken, or taken, not passed and with a
        retake left (``sitting_refusal`` says when it may be sat), soonest due first.

        Their titles and sizes only: the seed (from which the items and the answer key
        are drawn) is not even read here; ``exam_paper`` hands it out when sitting.
        """
        query = (
            select(ExamAssignmentRow)
            .where(ExamAssignmentRow.trainee_id == self.trainee_id)
            .order_by(ExamAssignmentRow.due_at, ExamAssignmentRow.id)
        )
        shown = select(
            ExamRow.id,
            ExamRow.title,
            ExamRow.ruleset_id,
            ExamRow.item_count,
            ExamRow.time_limit_s,
            ExamRow.table_rounds,
        )

        def work(connection: Connection) -> list[tuple[ExamAssignment, ExamNotice]]:
            out = []
            settings = centre.current(connection)
            for row in connection.execute(query).all():
                if row.completed_at is not None:
                    refused = sitting_refusal(
                        connection, row, self._store.now(), settings, graded=self.graded_by_server
                    )
                    if refused is not None and refused.reason not in (
                        certification.Refusal.WAIT,
                        certification.Refusal.NOT_OPEN,
                        certification.Refusal.GRADING,
                    ):
                        continue
                paper = connection.execute(shown.where(ExamRow.id == row.exam_id)).one()
                limit = paper.time_limit_s
                notice = ExamNotice(
                    id=paper.id,
                    title=paper.title,
                    ruleset_id=paper.ruleset_id,
                    item_count=paper.item_count,
                    time_limit=None if limit is None else timedelta(seconds=limit),
                    table_rounds=int(paper.table_rounds or 0),
                )
                out.append((exam_assignment(row), notice))
            return out

        return self._store.read(work)

    def exam_paper(self, assignment_id: int) -> Exam:
        """The exam of this trainee's open assignment, to sit it now (logged as started)."""

        def work(connection: Connection) -> Exam:
            assignment = connection.execute(
                select(ExamAssignmentRow).where(ExamAssignmentRow.id == assignment_id)
            ).first()
            if assignment is None or assignment.trainee_id != self.trainee_id:
                raise AccessDeniedError("This exam is not assigned to you.")
            self._refuse_sitting(connection, assignment)
            row = connection.execute(select(ExamRow).where(ExamRow.id == assignment.exam_id))
            login = connection.execute(
                select(Trainee.login).where(Trainee.id == self.trainee_id)
            ).scalar_one()
            audit.append(
                connection,
                self._store.now(),
                login,
                audit.Action.EXAM_STARTED,
                f"exam:{assignment.exam_id}",
            )
            return exam(row.one())

        return self._store.write(work)

    def review_states(self, due_by: datetime | None = None) -> list[ReviewState]:
        """The review scheduler's state per skill (only those due by ``due_by`` if given)."""
        query = select(ReviewStateRow).where(ReviewStateRow.trainee_id == self.trainee_id)
        if due_by is not None:
            query = query.where(ReviewStateRow.due_at <= due_by)
        query = query.order_by(ReviewStateRow.due_at, ReviewStateRow.skill)
        return self._store.read(lambda c: [review_state(r) for r in c.execute(query)])

    def review_state(self, skill: str) -> ReviewState | None:
        """The scheduler's state for one skill, or ``None`` before its first answer."""
        query = select(ReviewStateRow).where(
            ReviewStateRow.trainee_id == self.trainee_id, ReviewStateRow.skill == skill
        )
        return self._store.read(lambda c: next((review_state(r) for r in c.execute(query)), None))

    def save_review_state(self, skill: str, state: object, due_at: datetime | None) -> ReviewState:
        """Replace the scheduler's state for one skill (this is not an answer: it changes)."""
        check_text(skill, "skill", SKILL_LENGTH)
        data = json_ready(state, "state", floats=True)
        if due_at is not None and due_at.utcoffset() is None:
            raise ValueError("due_at must carry a time zone")

        def work(connection: Connection) -> ReviewState:
            key = (ReviewStateRow.trainee_id == self.trainee_id, ReviewStateRow.skill == skill)
            now = self._store.now()
            changed = connection.execute(
                update(ReviewStateRow).where(*key).values(state=data, due_at=due_at, updated_at=now)
            ).rowcount
            if not changed:
                connection.execute(
                    insert(ReviewStateRow).values(
                        trainee_id=self.trainee_id,
                        skill=skill,
                        state=data,
                        due_at=due_at,
                        updated_at=now,
                    )
                )
            return review_state(connection.execute(select(ReviewStateRow).where(*key)).one())

        return self._store.write(work)


class InstructorDesk(InstructorCalls):
    """The instructor-level API. Every call needs the session to be still unlocked."""

    @property
    def session(self) -> InstructorSession:
        return self._session

    @property
    def standards(self) -> CentreStandards:
        """The centre's speed standards and mastery rule; the cohort's mastery."""
        from dealer_trainer.storage.standards import CentreStandards  # noqa: PLC0415

        return CentreStandards(self._store, self._session)

    @property
    def schedules(self) -> CentreSchedules:
        """Practice plans: make and assign them; what is overdue."""
        from dealer_trainer.storage.schedules import CentreSchedules  # noqa: PLC0415

        return CentreSchedules(self._store, self._session)

    def lock(self) -> None:
        self._store.lock(self._session)

    def people(self) -> PeopleDesk:
        """Intake groups, instructors' accounts and staff numbers (``storage/groups.py``)."""
        return PeopleDesk(self, self._store, self._session)

    def _require_active(self, connection: Connection) -> None:
        """Refuse a disabled instructor (their window may still be open): a password is set
        only by an active one, or a disabled instructor could sign in as someone else."""
        disabled = connection.execute(
            select(Instructor.disabled).where(Instructor.id == self._session.instructor_id)
        ).scalar_one_or_none()
        if disabled is None or disabled:
            raise AccessDeniedError(ACTIVE_SETS_PASSWORDS)

    def _log(
        self, connection: Connection, action: audit.Action, subject: str | None, detail: str = ""
    ) -> None:
        audit.append(
            connection, self._store.now(), self._actor(connection), action, subject, detail
        )

    def _trainee_login(self, connection: Connection, trainee_id: int) -> str:
        login = connection.execute(
            select(Trainee.login).where(Trainee.id == trainee_id)
        ).scalar_one_or_none()
        if login is None:
            raise StorageError(f"There is no trainee {trainee_id}.")
        return str(login)

    def verify_records(self) -> Verification:
        """Look for answers and audit entries changed, added or removed behind the app's
        back (single PC; see ``verify.py`` for what it cannot see). Logged."""
        found = self._read(verify_records)
        self._write(
            lambda c: self._log(
                c,
                audit.Action.RECORDS_VERIFIED,
                None,
                f"{found.answers_checked} answers, {len(found.findings)} findings",
            )
        )
        return found

    def audit_log(self, limit: int = 500) -> list[audit.AuditEntry]:
        """The audit trail, newest first."""
        return self._read(lambda c: audit.entries(c, limit))

    @property
    def keeps_passwords(self) -> bool:
        """The app keeps trainees' passwords (single PC); on the server PostgreSQL does."""
        return not self._store.is_server

    def set_trainee_password(self, trainee_id: int, password: str) -> None:
        """Set or reset a trainee's password (single PC; the server keeps its own).

        Also clears the trainee's wait after wrong passwords. Logged, without the password.
        """
        if self._store.is_server:
            raise StorageError(
                "On the server PostgreSQL keeps the passwords: set it with "
                "`dealer-trainer server add-person` or ask IT."
            )
        password_hash = self._store.hash_password(password)

        def work(connection: Connection) -> None:
            self._require_active(connection)  # not a disabled one's window still open
            login = self._trainee_login(connection, trainee_id)
            check_new_password(password, login)
            connection.execute(
                update(Trainee)
                .where(Trainee.id == trainee_id)
                .values(
                    password_hash=password_hash,
                    failed_attempts=0,
                    last_failed_at=None,
                    password_one_time=True,  # the trainee chooses their own at sign-in
                )
            )
            self._log(connection, audit.Action.PASSWORD_SET, login, ONE_TIME_SET)

        self._write(work)
        self._store.password_reset(Role.TRAINEE, trainee_id)

    def trainee_logins(self) -> dict[int, tuple[str, bool]]:
        """Each trainee's login and whether a password is set (single PC), by id."""
        query = select(Trainee.id, Trainee.login, Trainee.password_hash.is_not(None))
        return self._read(lambda c: {r[0]: (r[1], bool(r[2])) for r in c.execute(query)})

    # -- people ----------------------------------------------------------------------

    def add_trainee(
        self, name: str, *, login: str | None = None, password: str | None = None
    ) -> TraineeProfile:
        """Register a trainee; another spelling of a registered name is refused.

        ``login`` is made from the name when not given (``Store.free_login``);
        ``password`` (single PC) is what they sign in with, hashed with argon2.

        Raises ``DuplicateNameError`` naming the registered trainee (the check runs in
        the transaction; the unique index on ``name_key`` catches two workstations
        adding the same name at once).
        """
        name = clean_name(name)
        key = name_key(name)
        password_hash = None if password is None else self._store.hash_password(password)

        def work(connection: Connection) -> TraineeProfile:
            _refuse_taken(connection, name, key)
            new_login = self._store.free_login(connection, name, "trainee", login)
            if password is not None:
                check_new_password(password, new_login)
            self._log(connection, audit.Action.PERSON_ADDED, new_login, "trainee")
            if password is not None:
                self._log(connection, audit.Action.PASSWORD_SET, new_login, ONE_TIME_SET)
            return trainee_profile(
                _inserted(
                    connection,
                    Trainee,
                    dict(
                        name=name,
                        name_key=key,
                        login=new_login,
                        password_hash=password_hash,
                        password_one_time=password is not None,
                        failed_attempts=0,
                        archived=False,
                        created_at=self._store.now(),
                    ),
                )
            )

        return self._write_name(name, key, work)

    def rename_trainee(self, trainee_id: int, name: str) -> TraineeProfile:
        """Correct a trainee's name (their answers stay theirs); another's name is refused.

        This is how two profiles registered before names were compared by their key
        (``TraineeProfile.name_clash``) are told apart.
        """
        name = clean_name(name)
        key = name_key(name)

        def work(connection: Connection) -> TraineeProfile:
            _refuse_taken(connection, name, key, but=trainee_id)
            before = connection.execute(
                select(Trainee.name).where(Trainee.id == trainee_id)
            ).scalar_one_or_none()
            done = connection.execute(
                update(Trainee).where(Trainee.id == trainee_id).values(name=name, name_key=key)
            ).rowcount
            if not done:
                raise StorageError(f"There is no trainee {trainee_id}.")
            self._log(
                connection,
                audit.Action.PERSON_RENAMED,
                self._trainee_login(connection, trainee_id),
                audit.change(before, name),  # on the server dt_person_changed writes it
            )
            return trainee_profile(
                connection.execute(select(Trainee).where(Trainee.id == trainee_id)).one()
            )

        return self._write_name(name, key, work)

    def _write_name(
        self, name: str, key: str, work: Callable[[Connection], TraineeProfile]
    ) -> TraineeProfile:
        holder = select(Trainee.name).where(Trainee.name_key == key)
        return self._write_named(work, holder, lambda existing: DuplicateNameError(name, existing))

    def set_trainee_archived(self, trainee_id: int, archived: bool) -> None:
        """Archive a trainee (no more sign-in; their answers stay), or bring them back."""

        def work(connection: Connection) -> None:
            done = connection.execute(
                update(Trainee).where(Trainee.id == trainee_id).values(archived=archived)
            ).rowcount
            if not done:
                raise StorageError(f"There is no trainee {trainee_id}.")
            action = audit.Action.PERSON_ARCHIVED if archived else audit.Action.PERSON_RESTORED
            self._log(connection, action, self._trainee_login(connection, trainee_id))

        self._write(work)

    def all_trainees(self) -> list[TraineeProfile]:
        query = select(Trainee).order_by(Trainee.name)
        return self._read(lambda c: [trainee_profile(r) for r in c.execute(query)])

    def add_instructor(self, name: str, password: str, login: str | None = None) -> int:
        name = clean_name(name)
        key = name_key(name)
        password_hash = self._store.hash_password(password)

        def work(connection: Connection) -> int:
            same = or_(Instructor.name == name, Instructor.name_key == key)
            if connection.execute(select(Instructor.id).where(same)).first():
                raise StorageError(f"An instructor named {name!r} already exists.")
            return self._store.insert_instructor(
                connection,
                name,
                password_hash,
                login,
                actor=self._actor(connection),
                password=password,
                one_time=True,
            )

        return self._write(work)

    def set_instructor_password(self, instructor_id: int, password: str) -> None:
        """Reset another instructor's password (single PC): one who forgot theirs signs in
        with it from now on, and their wait after wrong passwords is cleared. Logged,
        without the password. One's own is changed with the current one
        (``change_password``); on a centre's server IT sets it (``dealer-trainer server
        set-password``), as PostgreSQL keeps the passwords there."""
        if self._store.is_server:
            raise StorageError(INSTRUCTOR_PASSWORD_ON_SERVER)
        if instructor_id == self._session.instructor_id:
            raise StorageError(OWN_PASSWORD)
        password_hash = self._store.hash_password(password)

        def work(connection: Connection) -> None:
            self._require_active(connection)  # not a disabled one's window still open
            login = connection.execute(
                select(Instructor.login).where(Instructor.id == instructor_id)
            ).scalar_one_or_none()
            if login is None:
                raise StorageError(NO_INSTRUCTOR)
            check_new_password(password, str(login))
            connection.execute(
                update(Instructor)
                .where(Instructor.id == instructor_id)
                .values(
                    password_hash=password_hash,
                    failed_attempts=0,
                    last_failed_at=None,
                    password_one_time=True,  # they choose their own at their next sign-in
                )
            )
            self._log(connection, audit.Action.PASSWORD_SET, str(login), ONE_TIME_SET)

        self._write(work)
        self._store.password_reset(Role.INSTRUCTOR, instructor_id)

    def change_password(self, old_password: str, new_password: str) -> None:
        self._store.require(self._session)
        if not self._store.check_password(self._session.instructor_id, old_password):
            raise AccessDeniedError("The current password is wrong.")
        password_hash = self._store.hash_password(new_password)

        def work(connection: Connection) -> None:
            actor = self._actor(connection)
            check_own_new_password(old_password, new_password, actor)
            connection.execute(
                update(Instructor)
                .where(Instructor.id == self._session.instructor_id)
                .values(password_hash=password_hash, password_one_time=False)
            )
            self._log(connection, audit.Action.PASSWORD_SET, actor, "changed by the person")

        self._write(work)

    # -- what trainees did ---------------------------------------------------------------

    def sessions(self, trainee_id: int | None = None) -> list[TrainingSession]:
        query = select(SessionRow).order_by(SessionRow.started_at.desc(), SessionRow.id.desc())
        if trainee_id is not None:
            query = query.where(SessionRow.trainee_id == trainee_id)
        return self._read(lambda c: [training_session(r) for r in c.execute(query)])

    def table_rounds(self, trainee_id: int, newest: int | None = None) -> list[StoredTableRound]:
        """A trainee's rounds of the live table (the ``newest`` only, if given), oldest first,
        each with its steps."""
        return self._read(lambda c: read_rounds(c, trainee_id, newest=newest))

    def table_results(
        self, trainee_ids: Sequence[int] | None = None, since: datetime | None = None
    ) -> dict[int, TableResults]:
        """Each trainee's live-table results, counted in SQL (``storage.table_stats``)."""
        return self._read(lambda c: table_results(c, trainee_ids, since))

    def answers(self, where: AnswerFilter | None = None) -> list[StoredAnswer]:
        """Answers of any trainee, narrowed by ``where``, oldest first unless asked (on a
        centre's server with the grader's verdicts: ``graded.as_graded``)."""
        wanted = where or AnswerFilter()

        def work(connection: Connection) -> list[StoredAnswer]:
            query = _answers_query(wanted, graded_verdicts=graded.on_server(connection))
            return graded.as_graded(
                connection, [stored_answer(r) for r in connection.execute(query)]
            )

        return self._read(work)

    def daily_skill_stats(
        self,
        first_day: date,
        last_day: date,
        *,
        trainee_id: int | None = None,
        per_trainee: bool = False,
        skills: Sequence[str] | None = None,
        trainee_ids: Collection[int] | None = None,
    ) -> list[DailySkillStat]:
        """Accuracy and median time per skill per day: one trainee, each, or the cohort.

        ``trainee_ids`` (an intake group's trainees) narrows the cohort, or "each", to them.
        """
        return self._read(
            lambda c: daily_skill_stats(
                c,
                first_day,
                last_day,
                trainee_id=trainee_id,
                per_trainee=per_trainee,
                skills=skills,
                trainee_ids=trainee_ids,
            )
        )

    def grading_wait(self, trainee_ids: Collection[int] | None = None) -> graded.GradingWait:
        """How many answers (of ``trainee_ids``, else all) wait for the centre's grader, and
        since when: they are in no figure yet (none on a single PC, where the app grades)."""
        return self._read(lambda c: graded.grading_wait(c, trainee_ids))

    def table_grading_wait(self, trainee_ids: Collection[int] | None = None) -> graded.RoundWait:
        """How many live-table rounds (of ``trainee_ids``, else all) wait for the centre's
        grader, and since when: they are in no table figure yet (none on a single PC)."""
        return self._read(lambda c: graded.table_grading_wait(c, trainee_ids))

    def flagged_answers(self, first_day: date, last_day: date) -> list[graded.FlaggedAnswer]:
        """The answers of those days the centre's grader flagged, newest first, each with
        the reason in words (none on a single PC)."""
        return self._read(lambda c: graded.flagged_answers(c, first_day, last_day))

    def trainee_spans(
        self, first_day: date, last_day: date, trainee_ids: Collection[int] | None = None
    ) -> dict[int, TraineeSpan]:
        """Each trainee's figures over the days, from the rollup (the cohort table's rows)."""
        return self._read(lambda c: trainee_spans(c, first_day, last_day, trainee_ids))

    # -- exams -----------------------------------------------------------------------

    def create_exam(
        self,
        title: str,
        ruleset_id: str,
        skills: Sequence[str],
        item_count: int,
        seed: int,
        pass_mark: Fraction,
        difficulty: int = 1,
        time_limit: timedelta | None = None,
        *,
        speed_mark: Fraction | None = None,
        speed_targets_ms: Mapping[str, int] | None = None,
        table_rounds: int = 0,
        table_difficulty: int | None = None,
        table_pace: int | None = None,
        table_game: str | None = None,
    ) -> Exam:
        """Define an exam: its items are reproducible from ``seed`` by the drills.

        ``pass_mark`` is the share of items to get right (``Fraction(4, 5)``);
        ``speed_mark`` (optional) the share to get right within the skill's target time;
        ``speed_targets_ms`` those targets in milliseconds per skill (the centre's speed
        standards, ``drills.standards.target_ms``), kept with the exam as they are now, so
        a later change of a standard does not change a sitting's score. A speed mark needs
        a target for every skill.

        ``table_rounds`` (1 to 50; 0: none) live-table rounds of ``table_game`` follow the
        items (``item_count`` may then be 0: an exam of rounds only), dealt in exam mode at
        ``table_difficulty``, timed against ``table_pace`` (the house's target, rounds an
        hour, for that game and level: ``drills.table.pace.target``), kept as it is now.
        """
        title = clean_title(title, 200)
        check_text(ruleset_id, "ruleset_id", RULESET_LENGTH)
        skill_list = list(skills)
        if isinstance(table_rounds, bool) or not 0 <= table_rounds <= 50:
            raise ValueError("an exam has between 0 and 50 live-table rounds")
        if table_rounds:
            if table_game not in Game.tables():  # the games the live table deals
                raise ValueError(f"the live table deals {', '.join(Game.tables())}")
            if table_difficulty not in (1, 2, 3):
                raise ValueError("the rounds' difficulty is 1, 2 or 3")
            if table_pace is None or table_pace <= 0:
                raise ValueError("the rounds need the house's pace target (rounds an hour)")
        else:
            table_difficulty = table_pace = table_game = None
        if not skill_list and (item_count or not table_rounds):
            raise ValueError("an exam tests at least one skill")
        for skill in skill_list:
            check_text(skill, "skill", SKILL_LENGTH)
            if table_game is not None and skill.split(".", 1)[0] != table_game:
                raise ValueError("an exam's items and rounds are of one game")
        if not (0 if table_rounds else 1) <= item_count <= 500:
            raise ValueError("an exam has between 1 and 500 items")
        if difficulty not in (1, 2, 3):
            raise ValueError("difficulty is 1, 2 or 3")
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError("seed must be in [0, 2**63)")
        pass_mark = Fraction(pass_mark)
        if not 0 < pass_mark <= 1:
            raise ValueError("the pass mark is a share between 0 (excluded) and 1")
        limit_s = None if time_limit is None else int(time_limit.total_seconds())
        if limit_s is not None and limit_s <= 0:
            raise ValueError("a time limit must be positive")
        if speed_mark is not None:
            speed_mark = Fraction(speed_mark)
            if not 0 < speed_mark <= 1:
                raise ValueError("the speed pass mark is a share between 0 (excluded) and 1")
        targets = {str(k): int(v) for k, v in (speed_targets_ms or {}).items()}
        if any(v <= 0 for v in targets.values()):
            raise ValueError("a target time is a positive number of milliseconds")
        missing = [s for s in skill_list if s not in targets]
        if speed_mark is not None and missing:
            raise ValueError(f"the speed pass mark needs a target time for {missing[0]}")

        def work(connection: Connection) -> Exam:
            row = _inserted(
                connection,
                ExamRow,
                dict(
                    title=title,
                    ruleset_id=ruleset_id,
                    skills=skill_list,
                    item_count=item_count,
                    seed=seed,
                    time_limit_s=limit_s,
                    difficulty=difficulty,
                    pass_mark_numerator=pass_mark.numerator,
                    pass_mark_denominator=pass_mark.denominator,
                    speed_mark_numerator=None if speed_mark is None else speed_mark.numerator,
                    speed_mark_denominator=None if speed_mark is None else speed_mark.denominator,
                    speed_targets=targets or None,
                    table_rounds=table_rounds,
                    table_difficulty=table_difficulty,
                    table_pace=table_pace,
                    table_game=table_game,
                    created_by=self._session.instructor_id,
                    created_at=self._store.now(),
                ),
            )
            self._log(connection, audit.Action.EXAM_BUILT, f"exam:{row.id}", title)
            return exam(row)

        return self._write(work)

    def exams(self) -> list[Exam]:
        query = select(ExamRow).order_by(ExamRow.created_at.desc(), ExamRow.id.desc())
        return self._read(lambda c: [exam(r) for r in c.execute(query)])

    def assign_exam(
        self,
        exam_id: int,
        trainee_ids: Iterable[int],
        due_at: datetime | None = None,
        *,
        opens_at: datetime | None = None,
    ) -> list[ExamAssignment]:
        """Assign an exam to trainees, to sit between ``opens_at`` and ``due_at`` (either
        may be open); assigning it again to the same trainee is refused (a retake is a
        new sitting of the same assignment)."""
        targets = sorted(set(trainee_ids))
        if due_at is not None and due_at.utcoffset() is None:
            raise ValueError("due_at must carry a time zone")
        if opens_at is not None and opens_at.utcoffset() is None:
            raise ValueError("opens_at must carry a time zone")
        if opens_at is not None and due_at is not None and opens_at >= due_at:
            raise ValueError("the exam's window must open before it closes")

        def work(connection: Connection) -> list[ExamAssignment]:
            if connection.execute(select(ExamRow.id).where(ExamRow.id == exam_id)).first() is None:
                raise StorageError(f"There is no exam {exam_id}.")
            made = []
            for trainee_id in targets:
                taken = connection.execute(
                    select(ExamAssignmentRow.id).where(
                        ExamAssignmentRow.exam_id == exam_id,
                        ExamAssignmentRow.trainee_id == trainee_id,
                    )
                ).first()
                if taken is not None:
                    raise StorageError(
                        f"Exam {exam_id} is already assigned to trainee {trainee_id}."
                    )
                if (
                    connection.execute(select(Trainee.id).where(Trainee.id == trainee_id)).first()
                    is None
                ):
                    raise StorageError(f"There is no trainee {trainee_id}.")
                new_id = connection.execute(
                    insert(ExamAssignmentRow)
                    .values(
                        exam_id=exam_id,
                        trainee_id=trainee_id,
                        assigned_by=self._session.instructor_id,
                        assigned_at=self._store.now(),
                        due_at=due_at,
                        opens_at=opens_at,
                        completed_at=None,
                    )
                    .returning(ExamAssignmentRow.id)
                ).scalar_one()
                self._log(
                    connection,
                    audit.Action.EXAM_ASSIGNED,
                    self._trainee_login(connection, trainee_id),
                    f"exam:{exam_id}",
                )
                made.append(
                    exam_assignment(
                        connection.execute(
                            select(ExamAssignmentRow).where(ExamAssignmentRow.id == new_id)
                        ).one()
                    )
                )
            return made

        return self._write(work)

    def withdraw_exam(self, assignment_id: int) -> None:
        """Take back an exam assigned by mistake, before its trainee has started it: the
        assignment goes (the audit log keeps that it was given and taken back). Once a
        sitting has started, it is a record of the trainee's work, and it stays.

        On a centre's server the database decides: instructors may delete an assignment
        only while no session of it exists (a row-level policy), and a trigger writes the
        audit entry."""

        def work(connection: Connection) -> None:
            row = connection.execute(
                select(ExamAssignmentRow).where(ExamAssignmentRow.id == assignment_id)
            ).first()
            if row is None:
                raise StorageError(NO_ASSIGNMENT)
            started = connection.execute(
                select(SessionRow.id).where(SessionRow.exam_assignment_id == assignment_id).limit(1)
            ).first()
            if started is not None or row.completed_at is not None:
                raise StorageError(EXAM_STARTED)
            deleted = connection.execute(
                delete(ExamAssignmentRow).where(ExamAssignmentRow.id == assignment_id)
            ).rowcount
            if deleted != 1:  # the server's policy kept it (a sitting began meanwhile)
                raise StorageError(EXAM_STARTED)
            self._log(
                connection,
                audit.Action.EXAM_WITHDRAWN,
                self._trainee_login(connection, row.trainee_id),
                f"exam:{row.exam_id}",
            )

        self._write(work)

    def assignments(self, exam_id: int | None = None) -> list[ExamAssignment]:
        query = select(ExamAssignmentRow).order_by(ExamAssignmentRow.id)
        if exam_id is not None:
            query = query.where(ExamAssignmentRow.exam_id == exam_id)
        return self._read(lambda c: [exam_assignment(r) for r in c.execute(query)])

    # -- certification and the centre's settings -----------------------------------------

    #: As ``TraineeDesk.graded_by_server``: the sittings read as the centre's grader scored them.
    graded_by_server = False

    def sittings(
        self, *, exam_id: int | None = None, trainee_id: int | None = None
    ) -> list[tuple[Exam, ExamAssignment, SittingScore]]:
        """Every sitting (of one exam, or one trainee), retakes included, oldest first."""
        return self._read(
            lambda c: _sittings_of(
                c, trainee_id=trainee_id, exam_id=exam_id, graded=self.graded_by_server
            )
        )

    def certifications(self, trainee_id: int | None = None) -> list[Certification]:
        """Certifications (one trainee's, or everyone's), newest first."""

        def work(connection: Connection) -> list[Certification]:
            terms = connection.execute(
                select(ExamRow.id, ExamRow.speed_targets, ExamRow.table_rounds)
            ).all()
            return certification.certifications(
                connection, trainee_id=trainee_id, untimed=certification.untimed_exams(terms)
            )

        return self._read(work)

    def transcript(self, trainee_id: int) -> transcript.Transcript:
        """A trainee's transcript (``reports.certificates.transcript_pdf`` prints it)."""
        return self._read(lambda c: transcript.read(c, trainee_id, graded=self.graded_by_server))

    def instructor_names(self) -> dict[int, str]:
        query = select(Instructor.id, Instructor.name)
        return self._read(lambda c: {r[0]: r[1] for r in c.execute(query)})

    def centre_settings(self) -> centre.CentreSettings:
        return self._read(centre.current)

    def centre_settings_history(self) -> list[centre.CentreSettings]:
        return self._read(centre.history)

    def save_centre_settings(self, settings: centre.CentreSettings) -> centre.CentreSettings:
        """Add a version of the centre's settings (audited); values out of range refused."""
        wrong = centre.problem(settings)  # a setting out of range, or the name too long
        if wrong is not None:
            raise InputRefusedError(wrong)
        name = " ".join(str(settings.centre_name).split())
        cleaned = centre.CentreSettings(
            name, settings.retake_limit, settings.retake_wait_days, settings.validity_months
        )

        def work(connection: Connection) -> centre.CentreSettings:
            saved = centre.add_version(
                connection, cleaned, self._session.instructor_id, self._store.now()
            )
            self._log(
                connection,
                audit.Action.CENTRE_SETTINGS_CHANGED,
                f"centre_settings:{saved.version}",
                f"“{name}”, {saved.retake_limit} sittings, {saved.retake_wait_days} days "
                f"between sittings, certifications valid {saved.validity_months} months",
            )
            return saved

        return self._write(work)
