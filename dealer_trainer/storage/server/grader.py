"""The centre's grader: every grade, time that counts and certification, computed by the server.

``dealer-trainer server grader URL`` runs it (``cli.grader``), beside PostgreSQL, as the
centre's grader role (``<database>_grader``: a login no person holds, the only role that
may write a grade or a certification, ``policy.py``). What a workstation sends is what the
trainee did: the answer given, the steps done. Its own verdict (``answers.correct``,
``table_round_ends.complete``) is the preview shown at once; the grader's is the record:

- **an answer** is graded on its item made again from its spec, never from the situation
  the workstation stored: an exam's ``k``-th answer is for the ``k``-th item of
  ``ExamSpec.items()`` from the exam's own seed, skills, size, level and ruleset, and must
  be that item's skill and seed (else it is wrong and flagged, ``Flag.NOT_AN_ITEM``); each
  item counts once; an answer recorded after the sitting's time limit does not count
  (``Flag.LATE``). A practice answer's item is made from its skill, seed, level and ruleset
  (``drills.specs.item_spec``). Then ``drills.grade(item, given)``, the rules core's.
  Whether the stored situation is the item made again is kept (``situation_matches``);
- **an exam item's time** is the server's: its answer's ``recorded_at`` (the server's
  clock, ``policy.dt_stamp_clock``) minus the one before it, or the sitting's start; the
  workstation's own time counts only where it is longer (it can make itself slower,
  never quicker);
- **a live-table round** of an exam is dealt again from the exam's seed and judged again
  from its recorded steps by the rules core (``drills.table.replay``,
  ``drills.table.exam.score_round``), never from ``table_round_ends``' figures; its time
  is the server's stamps' (start to end), or the workstation's where that is longer;
- **every live-table round that ended** (practice too) is dealt again from its seed (a
  craps round going on at a table from its run's seed) and its recorded steps judged again
  by the rules core in its session's mode (``grade_round``): ``round_grades`` holds
  whether it was settled, each step's verdict and its time (the server's stamps', or the
  workstation's where that is longer); the live-table figures read those
  (``policy.GRADED_ROUND_ENDS``, ``storage/table_stats.py``), never the workstation's;
- **a sitting** is scored as ``storage/certification.py`` scores it
  (``SittingScore.passed``: accuracy against the pass mark, speed against the speed mark
  with the exam's ``speed_targets``, every round dealt) and, when it passes, certified in
  the same transaction (the columns ``dt_end_session`` wrote before).

The database wakes it (``LISTEN`` on ``policy.GRADER_CHANNEL``; a notification carries
nothing it believes), and it wakes itself at the earliest open sitting's time limit to
end it (``UPDATE … ended_at`` under the "overdue" policy). At its start it grades
whatever is pending, so nothing is lost while it is down: answers wait, and an ended
sitting reads *waiting for grading* until it is back.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import logging
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, Engine, exists, func, insert, select, text

from dealer_trainer import __version__
from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Difficulty, expected_to_json
from dealer_trainer.drills.sessions import ItemSpec
from dealer_trainer.drills.specs import answer_from_json, exam_spec, item_spec
from dealer_trainer.drills.table import new_round, table_run
from dealer_trainer.drills.table.exam import score_round
from dealer_trainer.drills.table.replay import RecordedStep, replay
from dealer_trainer.drills.table.round import TableMode
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, Ruleset, RulesetRegistry
from dealer_trainer.storage import centre
from dealer_trainer.storage.certification import (
    HOUR_MS,
    SittingScore,
    add_months,
    game_of,
    speed_mark,
    table_seed,
)
from dealer_trainer.storage.house_rulesets import StoredHouseRuleset, parse_kept
from dealer_trainer.storage.models import (
    AnswerGradeRow,
    AnswerRow,
    CertificationRow,
    ExamAssignmentRow,
    ExamRow,
    HouseRulesetRow,
    RoundGradeRow,
    SessionRow,
    SittingGradeRow,
    TableAttemptRow,
    TableRoundEndRow,
    TableRoundRow,
)
from dealer_trainer.storage.records import exam as exam_record
from dealer_trainer.storage.server.policy import GRADED_CHANNEL, GRADER_CHANNEL, LIMIT_GRACE_S

log = logging.getLogger("dealer_trainer.grader")

#: What a grade says was graded by (``answer_grades.grader_version``).
GRADER_VERSION = __version__
#: Without a sitting's deadline to keep, the grader checks its connection this often.
HEARTBEAT_S = 300.0
#: How long it waits before signing in again after losing the server (doubling up to this).
RECONNECT_MAX_S = 60.0
#: The advisory lock one grader holds while it runs: a second one started on the same
#: database waits for it, and takes over when it stops.
GRADER_LOCK = 0x64746772


@unique
class Flag(StrEnum):
    """Why an answer is wrong, or does not count, whatever it says."""

    NOT_AN_ITEM = "not_an_item"  # not the exam's item at its place, or more answers than items
    LATE = "late"  # recorded after the sitting's time limit
    UNREADABLE = "unreadable"  # the given answer is not one this version reads
    NO_ITEM = "no_item"  # a practice answer whose item cannot be made from what it names
    NO_ROUND = "no_round"  # a round this version cannot deal again or replay as recorded


@dataclass(frozen=True)
class Graded:
    """One answer's grade, as ``answer_grades`` keeps it."""

    answer_id: int
    correct: bool
    expected: Any
    situation_matches: bool
    item_index: int | None
    counts: bool
    server_ms: int | None
    flag: Flag | None
    skill: str
    client_ms: int

    @property
    def counted_ms(self) -> int:
        """The time that counts: the server's, or the workstation's where that is longer."""
        return max(self.server_ms or 0, self.client_ms)

    def row(self, session_id: int, at: datetime) -> dict[str, Any]:
        return {
            "answer_id": self.answer_id,
            "session_id": session_id,
            "correct": self.correct,
            "expected": self.expected,
            "situation_matches": self.situation_matches,
            "item_index": self.item_index,
            "counts": self.counts,
            "server_ms": self.server_ms,
            "flag": None if self.flag is None else str(self.flag),
            "graded_at": at,
            "grader_version": GRADER_VERSION,
        }


class CannotGradeError(Exception):
    """This version cannot make the sitting's items (an exam of a newer app): it waits."""


def _plain(value: object) -> object:
    """``value`` as JSON reads it back (tuples as lists, keys as text)."""
    return json.loads(json.dumps(value, default=str))


def _ms(later: datetime, earlier: datetime) -> int:
    return max(0, (later - earlier) // timedelta(milliseconds=1))


def _stored_situation(stored: object) -> object:
    """The item's situation inside an answer's stored ``situation`` (the whole item)."""
    return stored.get("situation") if isinstance(stored, Mapping) else None


def _graded_on(
    answer: Any,
    spec: ItemSpec,
    rulesets: RulesetRegistry,
    *,
    item_index: int | None,
    counts: bool,
    server_ms: int | None,
) -> Graded:
    """``answer`` graded on the item ``spec`` makes (never on what the answer stored)."""
    item = spec.make(rulesets)
    flag = None
    try:
        given = answer_from_json(answer.given)
        correct = grade(item, given, rulesets).correct
    except (ValueError, TypeError, ArithmeticError, KeyError):
        correct, flag = False, Flag.UNREADABLE
    return Graded(
        answer_id=int(answer.id),
        correct=correct,
        expected=expected_to_json(item.expected),
        situation_matches=_plain(_stored_situation(answer.situation))
        == _plain(item.to_json()["situation"]),
        item_index=item_index,
        counts=counts,
        server_ms=server_ms,
        flag=flag,
        skill=spec.skill,
        client_ms=int(answer.time_taken_ms),
    )


def grade_exam_answers(
    items: Sequence[ItemSpec],
    answers: Sequence[Any],
    started_at: datetime,
    deadline: datetime | None,
    rulesets: RulesetRegistry = SHIPPED,
) -> list[Graded]:
    """A sitting's answers (in the order recorded) graded on the exam's items: the ``k``-th
    answer is for the ``k``-th item; its time is the server's since the answer before.
    The items' rulesets are looked up in ``rulesets`` (default: the shipped ones only)."""
    out: list[Graded] = []
    previous = started_at
    for k, answer in enumerate(answers):
        server_ms = _ms(answer.recorded_at, previous)
        previous = max(previous, answer.recorded_at)
        late = deadline is not None and answer.recorded_at > deadline
        if k >= len(items) or (answer.skill, int(answer.item_seed)) != (
            items[k].skill,
            items[k].seed,
        ):
            out.append(
                Graded(int(answer.id), False, None, False, None, False, server_ms,
                       Flag.NOT_AN_ITEM, str(answer.skill), int(answer.time_taken_ms))
            )  # fmt: skip
            continue
        graded = _graded_on(
            answer, items[k], rulesets, item_index=k, counts=not late, server_ms=server_ms
        )
        if late:
            graded = dataclasses.replace(graded, flag=Flag.LATE)
        out.append(graded)
    return out


def grade_practice_answer(
    answer: Any, server_ms: int | None = None, rulesets: RulesetRegistry = SHIPPED
) -> Graded:
    """A practice (timed, review) answer graded on the item its skill, seed, level and
    ruleset make (looked up in ``rulesets``): the situation it stored is only compared.
    ``server_ms``: its time by the server's clock (``practice_times``)."""
    spec = item_spec(answer)
    if spec is not None:
        try:
            return _graded_on(
                answer, spec, rulesets, item_index=None, counts=True, server_ms=server_ms
            )
        except (RulesError, ValueError, KeyError):
            pass
    return Graded(
        int(answer.id), False, None, False, None, True, server_ms, Flag.NO_ITEM,
        str(answer.skill), int(answer.time_taken_ms),
    )  # fmt: skip


def practice_times(answers: Sequence[Any], started_at: datetime) -> dict[int, int]:
    """Each answer's time by the server's clock (in the order recorded): its
    ``recorded_at`` minus the one before it in the session, or the session's start. The
    views count a practice answer's own time, never more than this (the gap holds the
    feedback read before the next item): ``policy.GRADED_ANSWERS``."""
    out: dict[int, int] = {}
    previous = started_at
    for answer in answers:
        out[int(answer.id)] = _ms(answer.recorded_at, previous)
        previous = max(previous, answer.recorded_at)
    return out


@dataclass(frozen=True)
class JudgedRound:
    """One exam round dealt again and judged again from its recorded steps."""

    right: int
    judged: int
    clean: bool
    ms: int
    situation_matches: bool


def judge_round(
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    stored_situation: object,
    attempts: Sequence[Any],
    client_ms: int,
    server_ms: int,
) -> JudgedRound:
    """The round the exam's seed deals, its recorded steps (those in time) fed to the
    rules core's judge in exam mode, ended where they stop; its score as the table's."""
    fresh = new_round(ruleset, seed, difficulty, mode=TableMode.EXAM)
    stored = fresh.to_json()
    request = stored_situation.get("request") if isinstance(stored_situation, Mapping) else None
    matches = _plain(request) == _plain(stored["request"])
    steps = [
        RecordedStep(
            a.step if isinstance(a.step, Mapping) else None,
            bool(a.accepted),
            a.verdict_code,
            int(a.ms),
        )
        for a in attempts
    ]
    ms = max(client_ms, server_ms)
    try:
        played = replay(ruleset, seed, difficulty, stored, steps, ended=True).round
    except (ValueError, RulesError, KeyError, TypeError, AttributeError):
        # Steps this version cannot read or that go on after the round's end: judged as a
        # round with nothing done right.
        planned = fresh.summary().steps
        return JudgedRound(0, max(planned, 1), False, ms, False)
    score = score_round(played)
    complete = played.summary().complete
    clean = complete and score.missed == 0 and score.total.right == score.total.out_of
    return JudgedRound(score.total.right, score.total.out_of, clean, ms, matches)


#: A craps round going on at a table is dealt again through its run: at most this far.
MAX_RUN = 500


@dataclass(frozen=True)
class GradedRound:
    """One live-table round judged again, as ``round_grades`` keeps it."""

    round_id: int
    complete: bool
    tried: int
    right: int
    verdicts: dict[str, dict[str, Any]]
    ms: int
    situation_matches: bool
    flag: Flag | None

    def row(self, session_id: int, at: datetime) -> dict[str, Any]:
        return {
            "round_id": self.round_id,
            "session_id": session_id,
            "complete": self.complete,
            "steps_tried": self.tried,
            "steps_right": self.right,
            "verdicts": self.verdicts,
            "ms": self.ms,
            "situation_matches": self.situation_matches,
            "flag": None if self.flag is None else str(self.flag),
            "graded_at": at,
            "grader_version": GRADER_VERSION,
        }


def _dealt_again(
    ruleset: Ruleset, seed: int, difficulty: Difficulty, stored: object, mode: TableMode
) -> Any:
    """The round the seed deals (a practice craps round that goes on at a table: the
    ``k``-th of its run, ``drills.table.table_run``), never the situation stored."""
    run = stored.get("run") if isinstance(stored, Mapping) else None
    if mode == TableMode.PRACTICE and isinstance(run, Mapping):
        first, k = int(run["seed"]), int(run["round"])
        if 1 < k <= MAX_RUN:
            fresh = next(itertools.islice(table_run(ruleset, first, difficulty), k - 1, None))
            if fresh.seed == seed:
                return fresh
    return new_round(ruleset, seed, difficulty, mode=mode)


def grade_round(
    ruleset: Ruleset,
    round_row: Any,
    attempts: Sequence[Any],
    mode: TableMode,
    client_ms: int,
    server_ms: int,
) -> GradedRound:
    """A round that ended, dealt again from its seed and its recorded steps (in the order of
    their positions) judged again by the rules core in ``mode`` (its session's: the mode it
    stored is not believed): settled or not, each step's verdict, its time."""
    seed, difficulty = int(round_row.seed), Difficulty(int(round_row.difficulty))
    ms = max(client_ms, server_ms)
    steps = [
        RecordedStep(
            a.step if isinstance(a.step, Mapping) else None,
            bool(a.accepted),
            a.verdict_code,
            int(a.ms),
        )
        for a in attempts
    ]
    try:
        fresh = _dealt_again(ruleset, seed, difficulty, round_row.situation, mode)
        stored = fresh.to_json()
        request = (
            round_row.situation.get("request") if isinstance(round_row.situation, Mapping) else None
        )
        matches = _plain(request) == _plain(stored["request"])
        played = replay(ruleset, seed, difficulty, stored, steps, ended=True)
    except (ValueError, RulesError, KeyError, TypeError, AttributeError, StopIteration):
        # Steps this version cannot read, or that go on after the round's end: a round
        # with nothing done right, every step tried refused.
        verdicts = {
            str(int(a.position)): {"accepted": False, "code": str(Flag.NO_ROUND), "citation": None}
            for a in attempts
            if a.action is not None
        }
        return GradedRound(
            int(round_row.id), False, len(verdicts), 0, verdicts, ms, False, Flag.NO_ROUND
        )
    verdicts = {}
    tried = right = 0
    for recorded, frame in zip(attempts, played.frames, strict=True):
        attempt = frame.attempt
        citation = attempt.verdict.citation
        verdicts[str(int(recorded.position))] = {
            "accepted": attempt.accepted,
            "code": None if attempt.accepted else attempt.verdict.code,
            "citation": None if citation is None else str(citation),
        }
        if recorded.action is not None:
            tried += 1
            right += int(attempt.accepted)
    complete = played.round.summary().complete
    return GradedRound(int(round_row.id), complete, tried, right, verdicts, ms, matches, None)


@dataclass(frozen=True)
class Sitting:
    """What grading a sitting needs, read in its transaction."""

    session: Any
    assignment: Any
    exam: Any

    @property
    def deadline(self) -> datetime | None:
        """The time limit by the server's clock, with its grace (``None``: no limit)."""
        limit = self.exam.time_limit_s
        if limit is None:
            return None
        started: datetime = self.session.started_at
        return started + timedelta(seconds=int(limit) + LIMIT_GRACE_S)


def sitting_score(
    sitting: Sitting, grades: Sequence[Graded], rounds: Sequence[JudgedRound]
) -> SittingScore:
    """The sitting's score from the grader's grades, as ``certification.score_sitting``
    counts it from the workstation's."""
    paper = sitting.exam
    targets = paper.speed_targets or {}
    counted = [g for g in grades if g.counts]
    table_rounds = int(paper.table_rounds or 0)
    return SittingScore(
        session_id=int(sitting.session.id),
        started_at=sitting.session.started_at,
        ended_at=sitting.session.ended_at,
        answered=len(counted),
        correct=sum(1 for g in counted if g.correct),
        in_time=sum(
            1
            for g in counted
            if g.correct and g.skill in targets and g.counted_ms <= int(targets[g.skill])
        ),
        item_count=int(paper.item_count),
        time_taken_ms=sum(g.counted_ms for g in counted),
        pass_mark=Fraction(paper.pass_mark_numerator, paper.pass_mark_denominator),
        speed_mark=speed_mark(paper),
        rounds=table_rounds,
        rounds_ended=len(rounds),
        steps_right=sum(r.right for r in rounds),
        steps_judged=sum(r.judged for r in rounds),
        rounds_in_pace=sum(
            1 for r in rounds if r.clean and r.ms * int(paper.table_pace or 0) <= HOUR_MS
        ),
        table_ms=sum(r.ms for r in rounds),
        timed=bool(targets) or table_rounds > 0,
    )


class Grader:
    """Grades what is pending on ``engine`` (signed in as the grader role).

    ``grade_pending()`` is one pass: the sittings past their time limit ended, every
    answer without a grade graded, every ended sitting without one scored (and certified
    when it passes). ``run()`` does a pass, then waits for the database's notifications
    (or the next sitting's deadline) on ``listen`` and does another, until ``stop()``.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._stopping = threading.Event()
        #: The shipped rulesets and the centre's house rulesets, every kept version.
        self.rulesets = RulesetRegistry()
        self._houses: tuple[int, int] | None = None  # (count, max id) of the kept versions
        #: Sessions whose items this version cannot make: left waiting, said once.
        self._cannot: set[int] = set()
        self._listen: Callable[[], Any] | None = None
        self.passes = 0
        #: Notifications taken from the channel (a flood of them is a few passes).
        self.notified = 0

    # -- one pass ----------------------------------------------------------------------

    def grade_pending(self) -> list[int]:
        """One pass; the ids of the sittings graded in it."""
        self._use_house_rulesets()
        self.end_overdue()
        graded: list[int] = []
        for session_id in self._pending_sessions():
            if session_id in self._cannot:
                continue
            try:
                with self.engine.begin() as connection:
                    if self._grade_session(connection, session_id):
                        graded.append(session_id)
            except CannotGradeError as exc:
                self._cannot.add(session_id)
                log.error("session %s waits: %s", session_id, exc)
        self.passes += 1
        return graded

    def end_overdue(self) -> int:
        """End every open sitting past its time limit (and grace), by the server's clock."""
        with self.engine.begin() as connection:
            ended = connection.execute(
                text(
                    "UPDATE training_sessions SET ended_at = clock_timestamp() "
                    "WHERE kind = 'exam' AND ended_at IS NULL AND id IN ("
                    "SELECT s.id FROM training_sessions s "
                    "JOIN exam_assignments a ON a.id = s.exam_assignment_id "
                    "JOIN exams e ON e.id = a.exam_id "
                    "WHERE s.ended_at IS NULL AND e.time_limit_s IS NOT NULL "
                    "AND clock_timestamp() >= s.started_at "
                    "+ make_interval(secs => e.time_limit_s + :grace)) RETURNING id"
                ),
                {"grace": LIMIT_GRACE_S},
            ).all()
        for row in ended:
            log.info("sitting %s: its time limit is over; ended by the server", row.id)
        return len(ended)

    def seconds_to_deadline(self) -> float | None:
        """Seconds until the earliest time limit (with its grace) of an open sitting, by the
        server's clock (``None``: no open sitting has one)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                text(
                    "SELECT extract(epoch FROM min(s.started_at "
                    "+ make_interval(secs => e.time_limit_s + :grace)) - clock_timestamp()) "
                    "FROM training_sessions s "
                    "JOIN exam_assignments a ON a.id = s.exam_assignment_id "
                    "JOIN exams e ON e.id = a.exam_id "
                    "WHERE s.ended_at IS NULL AND e.time_limit_s IS NOT NULL"
                ),
                {"grace": LIMIT_GRACE_S},
            ).scalar_one()
        return None if found is None else float(found)

    def _pending_sessions(self) -> list[int]:
        ungraded = (
            select(AnswerRow.session_id)
            .where(~exists().where(AnswerGradeRow.answer_id == AnswerRow.id))
            .distinct()
        )
        unscored = select(SessionRow.id).where(
            SessionRow.kind == "exam",
            SessionRow.ended_at.is_not(None),
            ~exists().where(SittingGradeRow.session_id == SessionRow.id),
        )
        unjudged = (
            select(TableRoundRow.session_id)
            .join(TableRoundEndRow, TableRoundEndRow.round_id == TableRoundRow.id)
            .where(~exists().where(RoundGradeRow.round_id == TableRoundRow.id))
            .distinct()
        )
        with self.engine.connect() as connection:
            ids = {int(r[0]) for r in connection.execute(ungraded)}
            ids |= {int(r[0]) for r in connection.execute(unscored)}
            ids |= {int(r[0]) for r in connection.execute(unjudged)}
        return sorted(ids)

    def _use_house_rulesets(self) -> None:
        """The centre's house rulesets, every kept version (loaded again when one is added)."""
        with self.engine.connect() as connection:
            count, newest = connection.execute(
                select(func.count(), func.max(HouseRulesetRow.id))
            ).one()
            if self._houses == (count, newest):
                return
            rows = connection.execute(
                select(HouseRulesetRow).order_by(
                    HouseRulesetRow.ruleset_id, HouseRulesetRow.version
                )
            ).all()
        rulesets = []
        for row in rows:
            kept = StoredHouseRuleset(
                ruleset_id=row.ruleset_id,
                version=row.version,
                game=Game.of(row.game),
                base=row.base,
                title=row.title,
                file_name=row.file_name,
                text=row.text,
                sha256=row.sha256,
                added_by="",
                added_at=row.added_at,
            )
            try:
                rulesets.append(parse_kept(kept))
            except RulesError as exc:
                log.error("house ruleset %s cannot be used: %s", kept.versioned_id, exc)
        self.rulesets.use_house(rulesets)
        self._houses = (count, newest)

    # -- one session ---------------------------------------------------------------------

    def _grade_session(self, connection: Connection, session_id: int) -> bool:
        """Grade the session's ungraded answers and, for an ended exam sitting, the
        sitting; ``True`` when a sitting was graded."""
        session = connection.execute(select(SessionRow).where(SessionRow.id == session_id)).one()
        answers = connection.execute(
            select(AnswerRow).where(AnswerRow.session_id == session_id).order_by(AnswerRow.id)
        ).all()
        done = {
            int(r[0])
            for r in connection.execute(
                select(AnswerGradeRow.answer_id).where(AnswerGradeRow.session_id == session_id)
            )
        }
        now = connection.execute(text("SELECT clock_timestamp()")).scalar_one()
        self._grade_rounds(connection, session, now)
        if session.kind != "exam" or session.exam_assignment_id is None:
            times = practice_times(answers, session.started_at)
            fresh = [
                grade_practice_answer(a, times[int(a.id)], self.rulesets)
                for a in answers
                if int(a.id) not in done
            ]
            self._insert_grades(connection, session_id, fresh, now)
            if fresh:  # the views that wait for these grades may read them (at the commit)
                connection.execute(
                    text("SELECT pg_notify(:channel, :what)"),
                    {"channel": GRADED_CHANNEL, "what": f"answers:{session_id}"},
                )
            return False
        sitting = self._sitting(connection, session)
        grades = grade_exam_answers(
            self._items(sitting), answers, session.started_at, sitting.deadline, self.rulesets
        )
        self._insert_grades(
            connection, session_id, [g for g in grades if g.answer_id not in done], now
        )
        if session.ended_at is None:
            return False
        if connection.execute(
            select(SittingGradeRow.session_id).where(SittingGradeRow.session_id == session_id)
        ).first():
            return False
        rounds = self._judge_rounds(connection, sitting)
        score = sitting_score(sitting, grades, rounds)
        flagged = sum(1 for g in grades if g.flag is not None or not g.situation_matches)
        flagged += sum(1 for r in rounds if not r.situation_matches)
        timed_out = sitting.deadline is not None and session.ended_at >= sitting.deadline
        connection.execute(
            insert(SittingGradeRow).values(
                session_id=session_id,
                answered=score.answered,
                correct=score.correct,
                in_time=min(score.in_time, score.correct),
                item_count=score.item_count,
                time_ms=score.time_taken_ms,
                rounds=score.rounds,
                rounds_ended=score.rounds_ended,
                steps_right=score.steps_right,
                steps_judged=score.steps_judged,
                rounds_in_pace=score.rounds_in_pace,
                table_ms=score.table_ms,
                flagged=flagged,
                timed_out=timed_out,
                passed=score.passed,
                graded_at=now,
                grader_version=GRADER_VERSION,
            )
        )
        if score.passed:
            self._certify(connection, sitting, score)
        connection.execute(
            text("SELECT pg_notify(:channel, :session)"),
            {"channel": GRADED_CHANNEL, "session": str(session_id)},
        )
        log.info(
            "sitting %s graded: %s/%s right, %s steps of %s, %s (flagged %s)",
            session_id,
            score.correct,
            score.item_count,
            score.steps_right,
            score.steps_judged,
            "passed" if score.passed else "not passed",
            flagged,
        )
        return True

    def _grade_rounds(self, connection: Connection, session: Any, now: datetime) -> None:
        """Judge again every round of the session that ended and has no grade yet."""
        mode = TableMode.EXAM if session.kind == "exam" else TableMode.PRACTICE
        ended = connection.execute(
            select(TableRoundRow, TableRoundEndRow.ms.label("end_ms"),
                   TableRoundEndRow.ended_at.label("end_at"))
            .join(TableRoundEndRow, TableRoundEndRow.round_id == TableRoundRow.id)
            .where(
                TableRoundRow.session_id == session.id,
                ~exists().where(RoundGradeRow.round_id == TableRoundRow.id),
            )
            .order_by(TableRoundRow.id)
        ).all()  # fmt: skip
        rows = []
        for row in ended:
            attempts = connection.execute(
                select(TableAttemptRow)
                .where(TableAttemptRow.round_id == row.id)
                .order_by(TableAttemptRow.position)
            ).all()
            server_ms = _ms(row.end_at, row.started_at)
            try:
                ruleset = self.rulesets.get(row.ruleset_id)
            except RulesError:
                ruleset = None
            if ruleset is None:  # a ruleset this version does not know: the round waits
                log.error(
                    "round %s waits: its ruleset %r is not known here", row.id, row.ruleset_id
                )
                continue
            graded = grade_round(ruleset, row, attempts, mode, int(row.end_ms), server_ms)
            rows.append(graded.row(int(session.id), now))
        if rows:
            connection.execute(insert(RoundGradeRow), rows)
            connection.execute(
                text("SELECT pg_notify(:channel, :what)"),
                {"channel": GRADED_CHANNEL, "what": f"rounds:{session.id}"},
            )

    def _sitting(self, connection: Connection, session: Any) -> Sitting:
        assignment = connection.execute(
            select(ExamAssignmentRow).where(ExamAssignmentRow.id == session.exam_assignment_id)
        ).one()
        paper = connection.execute(select(ExamRow).where(ExamRow.id == assignment.exam_id)).one()
        return Sitting(session, assignment, paper)

    def _items(self, sitting: Sitting) -> list[ItemSpec]:
        if not sitting.exam.item_count:
            return []
        try:
            items = exam_spec(exam_record(sitting.exam)).items()
            for spec in items:
                if spec.ruleset:
                    self.rulesets.get(spec.ruleset)
        except (ValueError, RulesError, KeyError) as exc:
            raise CannotGradeError(
                f"this grader ({GRADER_VERSION}) cannot make the items of exam "
                f"{sitting.exam.id}: {exc}. Run the grader of the workstations' version."
            ) from exc
        return items

    def _judge_rounds(self, connection: Connection, sitting: Sitting) -> list[JudgedRound]:
        """The exam's rounds dealt in the sitting: the first ended one of each of the exam's
        seeds, judged again (only the steps recorded in time)."""
        paper = sitting.exam
        count = int(paper.table_rounds or 0)
        if count == 0:
            return []
        try:
            ruleset = self.rulesets.get(paper.ruleset_id)
        except RulesError as exc:
            raise CannotGradeError(
                f"the ruleset {paper.ruleset_id!r} is not known here: {exc}"
            ) from exc
        difficulty = Difficulty(int(paper.table_difficulty))
        seeds = {table_seed(int(paper.seed), k) for k in range(count)}
        dealt = connection.execute(
            select(TableRoundRow, TableRoundEndRow.ms.label("end_ms"),
                   TableRoundEndRow.ended_at.label("end_at"))
            .join(TableRoundEndRow, TableRoundEndRow.round_id == TableRoundRow.id)
            .where(
                TableRoundRow.session_id == sitting.session.id,
                TableRoundRow.game == paper.table_game,
                TableRoundRow.difficulty == paper.table_difficulty,
            )
            .order_by(TableRoundRow.id)
        ).all()  # fmt: skip
        first: dict[int, Any] = {}
        for row in dealt:
            if int(row.seed) in seeds and int(row.seed) not in first:
                first[int(row.seed)] = row
        deadline = sitting.deadline
        judged = []
        for seed, row in first.items():
            attempts = connection.execute(
                select(TableAttemptRow)
                .where(TableAttemptRow.round_id == row.id)
                .order_by(TableAttemptRow.position)
            ).all()
            ended = row.end_at if deadline is None else min(row.end_at, deadline)
            in_time = [a for a in attempts if deadline is None or a.recorded_at <= deadline]
            judged.append(
                judge_round(
                    ruleset,
                    seed,
                    difficulty,
                    row.situation,
                    in_time,
                    int(row.end_ms),
                    _ms(ended, row.started_at),
                )
            )
        return judged

    def _certify(self, connection: Connection, sitting: Sitting, score: SittingScore) -> None:
        """The passing sitting's certification, as ``certification.certify_if_passed``
        writes it on one PC: dated by the sitting's end (the server's), not the grading."""
        paper, ended = sitting.exam, sitting.session.ended_at
        settings = centre.current(connection)
        connection.execute(
            insert(CertificationRow).values(
                trainee_id=sitting.session.trainee_id,
                game=game_of(paper.skills) if paper.skills else paper.table_game,
                exam_id=paper.id,
                session_id=sitting.session.id,
                passed_at=ended,
                correct=score.correct,
                in_time=min(score.in_time, score.correct),
                item_count=score.item_count,
                time_taken_ms=score.time_taken_ms,
                approved_by=sitting.assignment.assigned_by,
                valid_until=add_months(centre.local_day(ended), settings.validity_months),
                steps_right=score.steps_right,
                steps_judged=score.steps_judged,
                rounds=score.rounds,
                rounds_in_pace=score.rounds_in_pace,
                table_ms=score.table_ms,
            )
        )

    @staticmethod
    def _insert_grades(
        connection: Connection, session_id: int, grades: Sequence[Graded], at: datetime
    ) -> None:
        if grades:
            connection.execute(insert(AnswerGradeRow), [g.row(session_id, at) for g in grades])

    # -- the service ------------------------------------------------------------------------

    def stop(self) -> None:
        """Ask ``run`` to return (from another thread); it wakes at once."""
        self._stopping.set()
        if self._listen is None:
            return
        try:  # a connection of its own: the engine's are the grading thread's
            with self._listen() as connection:
                connection.execute("SELECT pg_notify(%s, 'stop')", (GRADER_CHANNEL,))
        except Exception:  # the server gone: run() notices it by itself
            log.debug("could not wake the grader to stop it", exc_info=True)

    def stopping(self) -> bool:
        """Whether ``stop`` was asked (a call: it changes under the loops that read it)."""
        return self._stopping.is_set()

    def run(self, listen: Callable[[], Any], *, ready: Callable[[], None] | None = None) -> None:
        """Grade, then wait for the database's notifications and grade again, until ``stop``.

        ``listen()`` opens the psycopg connection (autocommit) that listens; when the server
        is lost the grader signs in again, doubling its wait up to ``RECONNECT_MAX_S``, and
        grades everything pending once it is back."""
        self._listen = listen
        wait = 1.0
        while not self.stopping():
            try:
                connection = listen()
            except Exception as exc:  # said, and tried again
                log.error("cannot reach the server: %s; trying again in %.0f s", exc, wait)
                if self._stopping.wait(wait):
                    return
                wait = min(wait * 2, RECONNECT_MAX_S)
                continue
            try:
                if not self._take_lock(connection):
                    return
                connection.execute(f"LISTEN {GRADER_CHANNEL}")
                wait = 1.0
                self._serve(connection, ready)
                ready = None
            except Exception as exc:  # the server lost: sign in again
                if self.stopping():
                    return
                log.error("lost the server: %s; signing in again in %.0f s", exc, wait)
                if self._stopping.wait(wait):
                    return
                wait = min(wait * 2, RECONNECT_MAX_S)
            finally:
                try:
                    connection.close()
                except Exception:  # nothing to keep of it
                    log.debug("closing the listening connection failed", exc_info=True)

    def _take_lock(self, connection: Any) -> bool:
        """The grader's lock on this database (``False``: asked to stop while waiting)."""
        said = False
        while not self.stopping():
            row = connection.execute("SELECT pg_try_advisory_lock(%s)", (GRADER_LOCK,)).fetchone()
            if row is not None and row[0]:
                return True
            if not said:
                log.warning("another grader runs on this database: waiting for it to stop")
                said = True
            self._stopping.wait(5.0)
        return False

    def _serve(self, connection: Any, ready: Callable[[], None] | None) -> None:
        self.grade_pending()
        if ready is not None:
            ready()
        while not self.stopping():
            left = self.seconds_to_deadline()  # the server's clock, not this machine's
            timeout = HEARTBEAT_S if left is None else min(HEARTBEAT_S, max(left, 0.0) + 0.05)
            woken = False
            for _ in _notifications(connection, timeout):
                woken = True
                self.notified += 1
            if self.stopping():
                return
            if woken or (left is not None and left <= timeout):  # woken, or the limit came
                # A flood of notifications: what came while it waited is one more pass.
                if self._stopping.wait(1.0 / MAX_PASSES_PER_S):
                    return
                self.notified += _drain(connection)
                self.grade_pending()
            else:
                connection.execute("SELECT 1")  # the heartbeat: is the server still there?


#: However many notifications arrive (anyone may send one, ``NOTIFY`` takes no privilege:
#: a trainee's login can flood the channel), the grader does one pass for all those queued
#: when it wakes, and at most this many passes a second: a flood costs it a pass now and
#: then, never the answers' grades (what is pending is read from the tables).
MAX_PASSES_PER_S = 5.0


def _notifications(connection: Any, timeout: float) -> Iterator[Any]:
    """The notifications that arrive within ``timeout`` seconds, stopping at the first,
    then every other one already queued (drained without waiting): one wake for a burst."""
    yield from connection.notifies(timeout=timeout, stop_after=1)
    while True:  # one poll reads one packet: poll until nothing more is there
        more = list(connection.notifies(timeout=0.0))
        if not more:
            return
        yield from more


def _drain(connection: Any) -> int:
    """Take every notification already there, without waiting; how many."""
    return sum(1 for _ in _notifications(connection, 0.0))
