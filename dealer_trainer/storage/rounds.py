"""The live table's rounds in storage: a round, each attempt as it happens, the round's end.

Plain records in and out, as for answers (``records.py``). Each write is one
committed transaction: the round when it is dealt, every attempt the moment it
is judged, the summary once at the end. Nothing is ever updated: the tables
refuse UPDATE and DELETE (migration 0005), and writing a uid or an attempt's
position again (a retry whose reply was lost) returns what is stored, unchanged.
Reached through :class:`~dealer_trainer.storage.desks.TraineeDesk`.
"""

from __future__ import annotations

import uuid
from dataclasses import KW_ONLY, dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Row, insert, select

from dealer_trainer.rules.caribbean_stud.calls import CALL_ACTIONS
from dealer_trainer.rules.games import Game
from dealer_trainer.storage.errors import AccessDeniedError, StorageError
from dealer_trainer.storage.models import (
    SessionRow,
    TableAttemptRow,
    TableRoundEndRow,
    TableRoundRow,
)
from dealer_trainer.storage.records import (
    RULESET_LENGTH,
    SEED_LIMIT,
    VERSION_LENGTH,
    JSONValue,
    check_text,
    from_row,
    json_ready,
)

if TYPE_CHECKING:
    from dealer_trainer.storage.work import UnitOfWork

GAME_LENGTH = 40
CODE_LENGTH = 60
CITATION_LENGTH = 100
#: The actions of a recorded attempt: the dealer's steps, and a ruling on an irregularity;
#: Caribbean Stud's calls of the deal (``rules.caribbean_stud.calls``).
ACTIONS = (
    frozenset({"mark", "collect", "pay", "return", "move", "progressive", "ruling"}) | CALL_ACTIONS
)


def _whole(value: object, name: str, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < high:
        raise ValueError(f"{name} must be a whole number in [{low}, {high}), not {value!r}")


def _aware(value: datetime, name: str) -> None:
    if not isinstance(value, datetime) or value.utcoffset() is None:
        raise ValueError(f"{name} must be a datetime with a time zone")


@dataclass(frozen=True)
class TableRoundRecord:
    """A round as dealt: the game, the seed, the difficulty and the situation on the table."""

    game: Game
    ruleset_id: str
    seed: int
    difficulty: int
    situation: JSONValue  # the settle request and the seats (``TableRound.to_json``)
    app_version: str
    started_at: datetime
    _: KW_ONLY
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)

    def __post_init__(self) -> None:
        check_text(self.game, "game", GAME_LENGTH)
        check_text(self.ruleset_id, "ruleset_id", RULESET_LENGTH)
        check_text(self.app_version, "app_version", VERSION_LENGTH)
        check_text(self.uid, "uid", 64)
        _whole(self.seed, "seed", 0, SEED_LIMIT)
        _whole(self.difficulty, "difficulty", 1, 4)
        _aware(self.started_at, "started_at")
        object.__setattr__(self, "situation", json_ready(self.situation, "situation"))


@dataclass(frozen=True)
class TableAttemptRecord:
    """One step tried, as judged: ``step`` None is "round settled" (the dealer's close)."""

    position: int
    step: JSONValue  # the step as ``Step.to_json`` gives it, or None
    accepted: bool
    verdict_code: str | None  # None when accepted
    citation: str | None
    ms: int  # since the previous attempt (or the round's start)

    def __post_init__(self) -> None:
        _whole(self.position, "position", 0, 2**31)
        _whole(self.ms, "ms", 0, 2**31)
        if not isinstance(self.accepted, bool):
            raise ValueError("accepted must be a bool")
        if self.accepted != (self.verdict_code is None):
            raise ValueError("an attempt has a verdict code exactly when it was refused")
        if self.verdict_code is not None:
            check_text(self.verdict_code, "verdict_code", CODE_LENGTH)
        if self.citation is not None:
            check_text(self.citation, "citation", CITATION_LENGTH)
        step = json_ready(self.step, "step")
        if step is not None:
            action = step.get("action") if isinstance(step, dict) else None
            if action not in ACTIONS:
                raise ValueError(f"step.action must be one of {sorted(ACTIONS)}, not {action!r}")
        object.__setattr__(self, "step", step)

    @property
    def action(self) -> str | None:
        return None if not isinstance(self.step, dict) else str(self.step["action"])


@dataclass(frozen=True)
class TableRoundEnd:
    """A round's summary, written when it ends."""

    steps: int
    attempts: int
    mistakes: int
    ms: int
    complete: bool
    ended_at: datetime
    #: The planned steps not done and irregularities arisen, not ruled, at the end (``None``: a
    #: round stored before migration 0012 kept them).
    missed: int | None = None

    def __post_init__(self) -> None:
        for name in ("steps", "attempts", "mistakes"):
            _whole(getattr(self, name), name, 0, 2**31)
        if self.missed is not None:
            _whole(self.missed, "missed", 0, 2**31)
        _whole(self.ms, "ms", 0, 2**62)
        if self.mistakes > self.attempts:
            raise ValueError("a round has no more mistakes than attempts")
        if not isinstance(self.complete, bool):
            raise ValueError("complete must be a bool")
        _aware(self.ended_at, "ended_at")


@dataclass(frozen=True)
class StoredTableRound:
    """A round as recorded, with its attempts in order and its end (None: unfinished)."""

    id: int
    session_id: int
    trainee_id: int
    record: TableRoundRecord
    attempts: tuple[TableAttemptRecord, ...]
    end: TableRoundEnd | None


def _round_record(row: Row[Any]) -> TableRoundRecord:
    return from_row(TableRoundRecord, row, game=Game.of(row.game))


def _attempt_record(row: Row[Any]) -> TableAttemptRecord:
    return from_row(TableAttemptRecord, row, accepted=bool(row.accepted))


def _end_record(row: Row[Any]) -> TableRoundEnd:
    return from_row(TableRoundEnd, row, complete=bool(row.complete))


class Rounds:
    """One trainee's rounds (built by ``TraineeDesk.rounds_of``): record and read them."""

    def __init__(self, store: UnitOfWork, trainee_id: int) -> None:
        self._store = store
        self.trainee_id = trainee_id

    def _own_round(self, connection: Connection, round_id: int) -> Row[Any]:
        row = connection.execute(select(TableRoundRow).where(TableRoundRow.id == round_id)).first()
        if row is None or row.trainee_id != self.trainee_id:
            raise AccessDeniedError(f"Round {round_id} is not one of yours.")
        return row

    def start(self, session_id: int, record: TableRoundRecord) -> int:
        """Store a round as dealt and commit it; its id. The same uid again: the same id."""
        if not isinstance(record, TableRoundRecord):
            raise TypeError("start takes a TableRoundRecord")

        def work(connection: Connection) -> int:
            existing = connection.execute(
                select(TableRoundRow).where(TableRoundRow.uid == record.uid)
            ).first()
            if existing is not None:
                if existing.trainee_id != self.trainee_id or existing.session_id != session_id:
                    raise AccessDeniedError("This round was recorded for another session.")
                return int(existing.id)
            session = connection.execute(
                select(SessionRow).where(SessionRow.id == session_id)
            ).first()
            if session is None or session.trainee_id != self.trainee_id:
                raise AccessDeniedError(f"Session {session_id} is not one of yours.")
            if session.ended_at is not None:
                raise StorageError(f"Session {session_id} has ended; start a new one.")
            return int(
                connection.execute(
                    insert(TableRoundRow)
                    .values(
                        uid=record.uid,
                        session_id=session_id,
                        trainee_id=self.trainee_id,
                        game=record.game,
                        ruleset_id=record.ruleset_id,
                        seed=record.seed,
                        difficulty=record.difficulty,
                        situation=record.situation,
                        app_version=record.app_version,
                        started_at=record.started_at,
                    )
                    .returning(TableRoundRow.id)
                ).scalar_one()
            )

        return self._store.write(work)

    def record_attempt(self, round_id: int, attempt: TableAttemptRecord) -> None:
        """Commit one attempt; returns once it is durable. Its position again (a retry) is
        a no-op if it is the same attempt, refused if it differs: nothing is rewritten."""
        if not isinstance(attempt, TableAttemptRecord):
            raise TypeError("record_attempt takes a TableAttemptRecord")

        def work(connection: Connection) -> None:
            self._own_round(connection, round_id)
            if connection.execute(
                select(TableRoundEndRow.round_id).where(TableRoundEndRow.round_id == round_id)
            ).first():
                raise StorageError(f"Round {round_id} has ended: it takes no more steps.")
            existing = connection.execute(
                select(TableAttemptRow).where(
                    TableAttemptRow.round_id == round_id,
                    TableAttemptRow.position == attempt.position,
                )
            ).first()
            if existing is not None:
                if _attempt_record(existing) != attempt:
                    raise StorageError(
                        f"Step {attempt.position + 1} of round {round_id} is recorded already "
                        "and cannot be changed."
                    )
                return
            connection.execute(
                insert(TableAttemptRow).values(
                    round_id=round_id,
                    position=attempt.position,
                    action=attempt.action,
                    step=attempt.step,
                    accepted=attempt.accepted,
                    verdict_code=attempt.verdict_code,
                    citation=attempt.citation,
                    ms=attempt.ms,
                    recorded_at=self._store.now(),
                )
            )

        self._store.write(work)

    def finish(self, round_id: int, end: TableRoundEnd) -> None:
        """Write the round's summary once (the same summary again is a no-op)."""
        if not isinstance(end, TableRoundEnd):
            raise TypeError("finish takes a TableRoundEnd")

        def work(connection: Connection) -> None:
            self._own_round(connection, round_id)
            existing = connection.execute(
                select(TableRoundEndRow).where(TableRoundEndRow.round_id == round_id)
            ).first()
            if existing is not None:
                if _end_record(existing) != end:
                    raise StorageError(f"Round {round_id} has ended already.")
                return
            connection.execute(
                insert(TableRoundEndRow).values(
                    round_id=round_id,
                    steps=end.steps,
                    attempts=end.attempts,
                    mistakes=end.mistakes,
                    ms=end.ms,
                    complete=end.complete,
                    ended_at=end.ended_at,
                    missed=end.missed,
                )
            )

        self._store.write(work)

    def exam_sessions(self) -> set[int]:
        """The sessions holding this trainee's rounds of a table exam (each such round keeps
        the exam it was dealt for: ``drills.table.round.ExamTag``)."""
        tagged = TableRoundRow.situation["exam"].as_string()
        query = (
            select(TableRoundRow.session_id)
            .where(TableRoundRow.trainee_id == self.trainee_id, tagged.is_not(None))
            .distinct()
        )
        return self._store.read(lambda c: {int(r[0]) for r in c.execute(query)})

    def all(self, session_id: int | None = None) -> list[StoredTableRound]:
        """This trainee's rounds (of one session, if given), oldest first, with their steps."""
        return self._store.read(lambda c: read_rounds(c, self.trainee_id, session_id))


def read_rounds(
    connection: Connection,
    trainee_id: int,
    session_id: int | None = None,
    newest: int | None = None,
) -> list[StoredTableRound]:
    """A trainee's rounds (of one session, if given; the ``newest`` only, if given), oldest
    first, with their steps (for the trainee's own desk and the instructor's, each checking
    who may read them)."""
    query = select(TableRoundRow).where(TableRoundRow.trainee_id == trainee_id)
    if session_id is not None:
        query = query.where(TableRoundRow.session_id == session_id)
    if newest is not None:
        query = query.order_by(TableRoundRow.id.desc()).limit(newest)
        rounds = list(reversed(connection.execute(query).all()))
    else:
        rounds = list(connection.execute(query.order_by(TableRoundRow.id)).all())
    out = []
    for row in rounds:
        attempts = connection.execute(
            select(TableAttemptRow)
            .where(TableAttemptRow.round_id == row.id)
            .order_by(TableAttemptRow.position)
        ).all()
        end = connection.execute(
            select(TableRoundEndRow).where(TableRoundEndRow.round_id == row.id)
        ).first()
        out.append(
            StoredTableRound(
                id=row.id,
                session_id=row.session_id,
                trainee_id=row.trainee_id,
                record=_round_record(row),
                attempts=tuple(_attempt_record(a) for a in attempts),
                end=None if end is None else _end_record(end),
            )
        )
    return out
