"""Practice plans and what is due: assigned by an instructor, counted from the answers.

A plan is skills of one game, a number of items and a due date (migration 0010,
insert-only); a plan assignment gives it to one trainee. Its progress is never
stored: it is the trainee's answers of the plan's skills, outside exams, since the
plan was assigned, counted when asked. A plan is done when that count reaches the
plan's; it is overdue while it is not done and its due date has passed. An exam is
overdue while it is assigned, not sat, and its ``due_at`` has passed.

A plan given by mistake is withdrawn while it is not done (migration 0015): a row in
``plan_withdrawals`` takes the assignment off the trainee's plans, the instructor's
list and the overdue list; the assignment itself stays on file, and so does every
answer (a plan only counts them).

On the server an instructor makes and assigns a plan through ``dt_assign_plan()`` and
withdraws one through ``dt_withdraw_plan()`` (they write the audit entries); a trainee
reads their own assignments, withdrawals and the plans given to them, and writes none
of them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, exists, func, insert, select, text

from dealer_trainer.drills.skills import all_skills
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.text import T
from dealer_trainer.storage import audit
from dealer_trainer.storage.errors import (
    AccessDeniedError,
    InputRefusedError,
    StorageError,
    unknown_skill_refusal,
)
from dealer_trainer.storage.graded import answers_of, on_server
from dealer_trainer.storage.groups import group_on_file
from dealer_trainer.storage.instructor_calls import InstructorCalls
from dealer_trainer.storage.models import (
    ExamAssignmentRow,
    ExamRow,
    GroupMemberRow,
    Instructor,
    IntakeGroupRow,
    PlanAssignmentRow,
    PlanWithdrawalRow,
    PracticePlanRow,
    SessionRow,
    Trainee,
)
from dealer_trainer.storage.records import clean_title

if TYPE_CHECKING:
    from dealer_trainer.storage.work import UnitOfWork

MOST_ITEMS = 1000

#: Why a plan is not withdrawn (``CentreSchedules.withdraw_plan``).
NO_PLAN_ASSIGNMENT = T("This plan is no longer given to this trainee.")
PLAN_DONE = T("The plan is done: the trainee's work on it is a record, and it stays.")
# What ``dt_withdraw_plan()`` answers on the server, and what each answer means.
_SERVER_REFUSALS = {"gone": NO_PLAN_ASSIGNMENT, "done": PLAN_DONE}


@dataclass(frozen=True)
class PracticePlan:
    id: int
    title: str
    game: Game
    skills: tuple[str, ...]
    item_count: int
    due_at: datetime
    group_id: int | None
    created_at: datetime


@dataclass(frozen=True)
class PlanProgress:
    """One trainee's assignment of a plan and how far they are."""

    assignment_id: int
    plan: PracticePlan
    trainee_id: int
    assigned_at: datetime
    done: int  # items answered since assigned (at most the plan's count)
    finished_at: datetime | None  # when the plan's last item was answered

    @property
    def complete(self) -> bool:
        return self.finished_at is not None

    def overdue(self, now: datetime) -> bool:
        return not self.complete and now > self.plan.due_at


@dataclass(frozen=True)
class OverdueExam:
    assignment_id: int
    exam_id: int
    title: str
    trainee_id: int
    due_at: datetime


@dataclass(frozen=True)
class Overdue:
    """What is past its due date and not done, with the trainees' names."""

    plans: tuple[PlanProgress, ...]
    exams: tuple[OverdueExam, ...]
    names: dict[int, str]
    #: The groups' names, for the plans given to a whole group (``PracticePlan.group_id``).
    groups: dict[int, str] = field(default_factory=dict)


def _plan(row: Any) -> PracticePlan:
    skills = row.skills if isinstance(row.skills, list) else json.loads(row.skills)
    return PracticePlan(
        row.id,
        row.title,
        Game.of(row.game),
        tuple(skills),
        row.item_count,
        row.due_at,
        row.group_id,
        row.created_at,
    )


def _progress(connection: Connection, assignment: Any, plan: PracticePlan) -> PlanProgress:
    """Count the trainee's answers of the plan's skills, outside exams, since assigned (on
    a centre's server the graded ones, by the server's clock: ``storage.graded``)."""
    answers = answers_of(connection).c
    counted = (
        select(answers.answered_at)
        .join(SessionRow, SessionRow.id == answers.session_id)
        .where(
            answers.trainee_id == assignment.trainee_id,
            answers.skill.in_(plan.skills),
            answers.answered_at > assignment.assigned_at,
            SessionRow.kind != "exam",
        )
    )
    if on_server(connection):  # an answer the grader could not grade as sent does not count
        counted = counted.where(answers.flag.is_(None))
    done = connection.execute(
        select(func.count()).select_from(counted.limit(plan.item_count).subquery())
    ).scalar_one()
    finished = None
    if done >= plan.item_count:
        finished = connection.execute(
            counted.order_by(answers.answered_at, answers.id).limit(1).offset(plan.item_count - 1)
        ).scalar_one()
    return PlanProgress(
        assignment.id, plan, assignment.trainee_id, assignment.assigned_at, int(done), finished
    )


def _withdrawn(assignment_id: Any) -> Any:
    """Whether the plan assignment ``assignment_id`` was withdrawn (an EXISTS clause)."""
    return exists().where(PlanWithdrawalRow.assignment_id == assignment_id)


def plan_progress(connection: Connection, trainee_id: int | None = None) -> list[PlanProgress]:
    """Every plan assignment (one trainee's, or all) with its progress, soonest due first."""
    query = (
        select(PlanAssignmentRow)
        .join(PracticePlanRow, PracticePlanRow.id == PlanAssignmentRow.plan_id)
        .where(~_withdrawn(PlanAssignmentRow.id))
    )
    if trainee_id is not None:
        query = query.where(PlanAssignmentRow.trainee_id == trainee_id)
    query = query.order_by(PracticePlanRow.due_at, PlanAssignmentRow.id)
    plans: dict[int, PracticePlan] = {}
    out = []
    for row in connection.execute(query).all():
        plan = plans.get(row.plan_id)
        if plan is None:
            found = connection.execute(
                select(PracticePlanRow).where(PracticePlanRow.id == row.plan_id)
            ).one()
            plan = plans[row.plan_id] = _plan(found)
        out.append(_progress(connection, row, plan))
    return out


def overdue(
    connection: Connection, now: datetime, trainee_ids: Sequence[int] | None = None
) -> Overdue:
    """Plans not done by their date and exams assigned, not sat, past ``due_at``."""
    wanted = None if trainee_ids is None else set(trainee_ids)
    plans = tuple(
        p
        for p in plan_progress(connection)
        if p.overdue(now) and (wanted is None or p.trainee_id in wanted)
    )
    exam_query = (
        select(
            ExamAssignmentRow.id,
            ExamAssignmentRow.exam_id,
            ExamRow.title,
            ExamAssignmentRow.trainee_id,
            ExamAssignmentRow.due_at,
        )
        .join(ExamRow, ExamRow.id == ExamAssignmentRow.exam_id)
        .where(
            ExamAssignmentRow.completed_at.is_(None),
            ExamAssignmentRow.due_at.is_not(None),
            ExamAssignmentRow.due_at < now,
        )
        .order_by(ExamAssignmentRow.due_at, ExamAssignmentRow.id)
    )
    exams = tuple(
        OverdueExam(row.id, row.exam_id, row.title, row.trainee_id, row.due_at)
        for row in connection.execute(exam_query)
        if wanted is None or row.trainee_id in wanted
    )
    names = dict(connection.execute(select(Trainee.id, Trainee.name)).tuples().all())
    return Overdue(plans, exams, names, group_names(connection))


def group_names(connection: Connection) -> dict[int, str]:
    """The intake groups' names by id (on the server a trainee reads their own group's)."""
    return dict(connection.execute(select(IntakeGroupRow.id, IntakeGroupRow.name)).tuples().all())


def check_plan(
    title: str, game: str, skills: Iterable[str], item_count: int, due_at: datetime
) -> tuple[str, list[str]]:
    """The plan's title cleaned and its skills, or a ``ValueError`` saying what is wrong."""
    title = clean_title(title, 200)
    chosen = list(dict.fromkeys(skills))
    if not chosen:
        raise InputRefusedError(T("Choose at least one skill for the plan."))
    known = all_skills()
    for one in chosen:
        found = known.get(one)
        if found is None:
            raise InputRefusedError(T("The plan names a skill this version does not know."))
        if found.game != game:
            raise InputRefusedError(T("A plan's skills are of one game."))
    if not 1 <= item_count <= MOST_ITEMS:
        raise InputRefusedError(T("A plan has between 1 and {most} items.", most=MOST_ITEMS))
    if due_at.utcoffset() is None:
        raise InputRefusedError(T("A plan's due date needs its time zone."))
    return title, chosen


class CentreSchedules(InstructorCalls):
    """What an instructor does with plans: make and assign them, see what is overdue."""

    def assign_plan_to_group(
        self,
        title: str,
        game: str,
        skills: Iterable[str],
        item_count: int,
        due_at: datetime,
        group_id: int,
        also: Iterable[int] = (),
    ) -> tuple[PracticePlan, tuple[int, ...]]:
        """Give a plan to every current trainee of the intake group ``group_id`` (and to
        ``also``), the plan noting the group; the trainees it went to. Those who join the
        group later are not given it (a plan is given to people, not to a name)."""

        def members(connection: Connection) -> tuple[str, bool, list[int]]:
            group = group_on_file(connection, group_id)
            ids = connection.execute(
                select(GroupMemberRow.trainee_id)
                .join(Trainee, Trainee.id == GroupMemberRow.trainee_id)
                .where(
                    GroupMemberRow.group_id == group_id,
                    GroupMemberRow.left_at.is_(None),
                    Trainee.archived.is_(False),
                )
            ).scalars()
            return str(group.name), bool(group.archived), list(ids)

        name, archived, ids = self._read(members)
        if archived:
            raise InputRefusedError(
                T("The group {name} is archived: bring it back before giving it a plan.", name=name)
            )
        targets = tuple(sorted(set(ids) | set(also)))
        if not targets:
            raise InputRefusedError(
                T(
                    "The group {name} has no trainees yet: add them in the Groups tab first.",
                    name=name,
                )
            )
        plan = self.assign_plan(title, game, skills, item_count, due_at, targets, group_id)
        return plan, targets

    def assign_plan(
        self,
        title: str,
        game: str,
        skills: Iterable[str],
        item_count: int,
        due_at: datetime,
        trainee_ids: Iterable[int],
        group_id: int | None = None,
    ) -> PracticePlan:
        """Make a plan and give it to ``trainee_ids`` (logged per trainee)."""
        title, chosen = check_plan(title, game, skills, item_count, due_at)
        targets = sorted(set(trainee_ids))
        if not targets:
            raise InputRefusedError(T("Choose at least one trainee to give the plan to."))
        if due_at <= self._store.now():
            raise InputRefusedError(T("The due date of a plan must be later than now."))

        def work(connection: Connection) -> PracticePlan:
            if self._store.is_server:
                plan_id = connection.execute(
                    text(
                        "SELECT dt_assign_plan(:title, :game, :skills, :items, :due, :group, "
                        "CAST(:trainees AS integer[]))"
                    ),
                    {
                        "title": title,
                        "game": game,
                        "skills": json.dumps(chosen),
                        "items": item_count,
                        "due": due_at,
                        "group": group_id,
                        "trainees": targets,
                    },
                ).scalar_one()
            else:
                known = set(connection.execute(select(Trainee.id)).scalars())
                missing = [t for t in targets if t not in known]
                if missing:
                    raise StorageError(T("A trainee the plan is for is no longer registered."))
                now = self._store.now()
                plan_id = connection.execute(
                    insert(PracticePlanRow)
                    .values(
                        title=title,
                        game=game,
                        skills=chosen,
                        item_count=item_count,
                        due_at=due_at,
                        group_id=group_id,
                        created_by=self._session.instructor_id,
                        created_at=now,
                    )
                    .returning(PracticePlanRow.id)
                ).scalar_one()
                actor = connection.execute(
                    select(Instructor.login).where(Instructor.id == self._session.instructor_id)
                ).scalar_one_or_none()
                if actor is None:
                    raise AccessDeniedError(T("This instructor account no longer exists."))
                for trainee_id in targets:
                    connection.execute(
                        insert(PlanAssignmentRow).values(
                            plan_id=plan_id,
                            trainee_id=trainee_id,
                            assigned_by=self._session.instructor_id,
                            assigned_at=now,
                        )
                    )
                    login = connection.execute(
                        select(Trainee.login).where(Trainee.id == trainee_id)
                    ).scalar_one()
                    audit.append(connection, now, actor, audit.Action.PLAN_ASSIGNED, login, title)
            row = connection.execute(
                select(PracticePlanRow).where(PracticePlanRow.id == plan_id)
            ).one()
            return _plan(row)

        self._store.require(self._session)
        try:
            result: PracticePlan = self._store.write(work)
        except StorageError as exc:
            refused = unknown_skill_refusal(exc)  # the server knows no such skill
            if refused is None:
                raise
            raise refused from exc
        return result

    def withdraw_plan(self, assignment_id: int) -> None:
        """Take back a plan given by mistake, while it is not done: it leaves the trainee's
        plans and the overdue list; the assignment stays on file, the audit log keeps that
        it was given and withdrawn, and the trainee's answers are untouched. A plan done is
        a record of the trainee's work, and it stays.

        On a centre's server ``dt_withdraw_plan()`` decides the same, in the database."""

        def work(connection: Connection) -> None:
            if self._store.is_server:
                outcome = connection.execute(
                    text("SELECT dt_withdraw_plan(:id)"), {"id": assignment_id}
                ).scalar_one()
                if outcome in _SERVER_REFUSALS:
                    raise StorageError(_SERVER_REFUSALS[outcome])
                return
            row = connection.execute(
                select(PlanAssignmentRow).where(
                    PlanAssignmentRow.id == assignment_id, ~_withdrawn(PlanAssignmentRow.id)
                )
            ).first()
            if row is None:
                raise StorageError(NO_PLAN_ASSIGNMENT)
            plan = _plan(
                connection.execute(
                    select(PracticePlanRow).where(PracticePlanRow.id == row.plan_id)
                ).one()
            )
            if _progress(connection, row, plan).complete:
                raise StorageError(PLAN_DONE)
            now = self._store.now()
            connection.execute(
                insert(PlanWithdrawalRow).values(
                    assignment_id=assignment_id,
                    withdrawn_by=self._session.instructor_id,
                    withdrawn_at=now,
                )
            )
            actor = connection.execute(
                select(Instructor.login).where(Instructor.id == self._session.instructor_id)
            ).scalar_one_or_none()
            if actor is None:
                raise AccessDeniedError(T("This instructor account no longer exists."))
            login = connection.execute(
                select(Trainee.login).where(Trainee.id == row.trainee_id)
            ).scalar_one()
            audit.append(connection, now, actor, audit.Action.PLAN_WITHDRAWN, login, plan.title)

        self._store.require(self._session)
        self._store.write(work)

    def progress(self, trainee_id: int | None = None) -> list[PlanProgress]:
        result: list[PlanProgress] = self._read(lambda c: plan_progress(c, trainee_id))
        return result

    def overdue(self, trainee_ids: Sequence[int] | None = None) -> Overdue:
        """Overdue plans and exams (``trainee_ids``: of a group only)."""
        now = self._store.now()
        result: Overdue = self._read(lambda c: overdue(c, now, trainee_ids))
        return result


class MySchedule:
    """A trainee's own plans and their progress."""

    def __init__(self, store: UnitOfWork, trainee_id: int) -> None:
        self._store = store
        self._trainee_id = trainee_id

    def now(self) -> datetime:
        return self._store.now()

    def plans(self) -> list[PlanProgress]:
        """This trainee's plans, soonest due first, done ones included."""
        return self._store.read(lambda c: plan_progress(c, self._trainee_id))

    def group_names(self) -> dict[int, str]:
        """The names of the groups this trainee may read (their own, on the server)."""
        return self._store.read(group_names)
