"""The graded record: what the server's views read, and what still waits for grading.

On a centre's server (issue 36) the record of an answer is the centre's grader's
(``answer_grades``, ``storage/server/grader.py``), not the workstation's own verdict: the
dashboard, mastery, the standards' shares and the practice plans read the view
``graded_answers`` (``storage/server/policy.py``), whose columns are named as the answers'
(``correct`` the grader's verdict, ``time_taken_ms`` the time that counts by the server's
clock, ``answered_at`` the server's clock), and the rollups count graded answers only. An
answer the grader has not graded yet is in none of those figures: ``grading_waits`` says
how many wait and since when, in words. The answers the grader flagged (its verdict not the
workstation's, or one it could not grade as sent) are listed for the instructor with the
reason in words (``flagged_answers``).

On a single PC the app grades, its verdict is the record, and this reads ``answers``.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import date, datetime, tzinfo
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Date,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    select,
    text,
)

from dealer_trainer.rules.text import T, Text
from dealer_trainer.storage.models import (
    AnswerRow,
    TableAttemptRow,
    TableRoundEndRow,
    UTCDateTime,
)
from dealer_trainer.storage.records import StoredAnswer

_GRADED: weakref.WeakSet[Engine] = weakref.WeakSet()

#: The server's view of the graded answers, with the answers' column names (those read).
GRADED_ANSWERS = Table(
    "graded_answers",
    MetaData(),
    Column("id", BigInteger, primary_key=True),
    Column("session_id", Integer),
    Column("trainee_id", Integer),
    Column("skill", String(100)),
    Column("answered_day", Date),
    Column("answered_at", UTCDateTime),
    Column("correct", Boolean),
    Column("time_taken_ms", BigInteger),
    #: Why the grader flagged it (``grader.Flag``), ``None`` when it graded it as sent.
    Column("flag", String(40)),
)


#: The server's view of the live-table rounds the grader judged (``policy.GRADED_ROUND_ENDS``),
#: with ``table_round_ends``' column names (those read).
GRADED_ROUND_ENDS = Table(
    "graded_round_ends",
    MetaData(),
    Column("round_id", BigInteger, primary_key=True),
    Column("complete", Boolean),
    Column("ms", BigInteger),
    Column("ended_at", UTCDateTime),
)
#: Their attempts with the grader's verdicts (``policy.GRADED_TABLE_ATTEMPTS``), with
#: ``table_attempts``' column names (those read).
GRADED_TABLE_ATTEMPTS = Table(
    "graded_table_attempts",
    MetaData(),
    Column("id", BigInteger, primary_key=True),
    Column("round_id", BigInteger),
    Column("position", Integer),
    Column("action", String(20)),
    Column("accepted", Boolean),
    Column("verdict_code", String(60)),
    Column("citation", String(100)),
    Column("ms", Integer),
    Column("recorded_at", UTCDateTime),
)


def mark_server(engine: Engine) -> None:
    """``engine`` is a centre's server's (``ServerStore``): its reads are of graded records."""
    _GRADED.add(engine)


def on_server(connection: Connection) -> bool:
    """Whether ``connection`` reads a centre's server, where the grader's record counts."""
    return connection.engine in _GRADED


def answers_of(connection: Connection) -> Any:
    """The answers a view counts: ``graded_answers`` on a server, else ``answers``."""
    return GRADED_ANSWERS if on_server(connection) else AnswerRow.__table__


def answers_name(connection: Connection) -> str:
    """``answers_of`` by its name, for the statements written in SQL."""
    return "graded_answers" if on_server(connection) else "answers"


def round_ends_of(connection: Connection) -> Any:
    """The rounds' ends the table figures count: ``graded_round_ends`` on a server."""
    return GRADED_ROUND_ENDS if on_server(connection) else TableRoundEndRow.__table__


def round_attempts_of(connection: Connection) -> Any:
    """The attempts the table figures count: ``graded_table_attempts`` on a server."""
    return GRADED_TABLE_ATTEMPTS if on_server(connection) else TableAttemptRow.__table__


@dataclass(frozen=True)
class RoundWait:
    """Live-table rounds that ended and the centre's grader has not judged yet, and since
    when (the oldest's end, by the server's clock)."""

    rounds: int
    since: datetime | None

    def words(self, zone: tzinfo | None = None) -> Text | None:
        """ "3 rounds wait for grading, since 14:02" (``None`` when none waits)."""
        if self.rounds == 0 or self.since is None:
            return None
        when = _when(self.since, zone)
        if self.rounds == 1:
            return T(
                "1 round waits for grading, since {when}: it is in no figure until the "
                "centre's grader has judged it.",
                when=when,
            )
        return T(
            "{count} rounds wait for grading, since {when}: they are in no figure until "
            "the centre's grader has judged them.",
            count=self.rounds,
            when=when,
        )


def _when(since: datetime, zone: tzinfo | None) -> str:
    at = since.astimezone(zone)
    return f"{at:%H:%M}" if at.date() == datetime.now(zone).date() else f"{at:%Y-%m-%d %H:%M}"


def table_grading_wait(
    connection: Connection, trainee_ids: Collection[int] | None = None
) -> RoundWait:
    """How many live-table rounds wait for grading (of ``trainee_ids``, else all the reader
    may read), since when; none on a single PC."""
    if not on_server(connection) or (trainee_ids is not None and not trainee_ids):
        return RoundWait(0, None)
    statement = text("SELECT sum(rounds), min(since) FROM table_grading_waits")
    values: dict[str, Any] = {}
    if trainee_ids is not None:
        statement = text(
            "SELECT sum(rounds), min(since) FROM table_grading_waits WHERE trainee_id IN :ids"
        ).bindparams(bindparam("ids", expanding=True))
        values["ids"] = sorted(trainee_ids)
    count, since = connection.execute(statement, values).one()
    return RoundWait(int(count or 0), since)


@dataclass(frozen=True)
class GradingWait:
    """Answers the centre's grader has not graded yet, and since when (the oldest's
    recording, by the server's clock)."""

    answers: int
    since: datetime | None

    def words(self, zone: tzinfo | None = None) -> Text | None:
        """ "3 answers wait for grading, since 14:02" (``None`` when none waits)."""
        if self.answers == 0 or self.since is None:
            return None
        at = self.since.astimezone(zone)
        when = f"{at:%H:%M}" if at.date() == datetime.now(zone).date() else f"{at:%Y-%m-%d %H:%M}"
        if self.answers == 1:
            return T(
                "1 answer waits for grading, since {when}: it is in no figure until the "
                "centre's grader has graded it.",
                when=when,
            )
        return T(
            "{count} answers wait for grading, since {when}: they are in no figure until "
            "the centre's grader has graded them.",
            count=self.answers,
            when=when,
        )


NOTHING_WAITS = GradingWait(0, None)


def grading_wait(connection: Connection, trainee_ids: Collection[int] | None = None) -> GradingWait:
    """How many answers wait for grading (of ``trainee_ids``, else all the reader may
    read), since when; nothing on a single PC."""
    if not on_server(connection):
        return NOTHING_WAITS
    statement = text("SELECT sum(answers), min(since) FROM grading_waits")
    values: dict[str, Any] = {}
    if trainee_ids is not None:
        if not trainee_ids:
            return NOTHING_WAITS
        statement = text(
            "SELECT sum(answers), min(since) FROM grading_waits WHERE trainee_id IN :ids"
        ).bindparams(bindparam("ids", expanding=True))
        values["ids"] = sorted(trainee_ids)
    count, since = connection.execute(statement, values).one()
    return GradingWait(int(count or 0), since)


#: Why the grader flagged an answer (``grader.Flag``'s values), in words.
_FLAG_WORDS = {
    "not_an_item": T(
        "Not the exam's item at its place (or more answers than items): counted wrong."
    ),
    "late": T("Recorded after the sitting's time limit: it does not count."),
    "unreadable": T("The answer sent cannot be read by the grader: counted wrong."),
    "no_item": T("The grader cannot make the item it names: counted wrong."),
}


@dataclass(frozen=True)
class FlaggedAnswer:
    """An answer the grader flagged, with why (``reason``)."""

    answer_id: int
    trainee_id: int
    skill: str
    recorded_at: datetime
    exam: bool
    preview: bool
    graded: bool
    flag: str | None
    situation_matches: bool

    @property
    def reason(self) -> Text:
        if self.flag in _FLAG_WORDS:
            return _FLAG_WORDS[self.flag]
        if self.preview != self.graded:
            if self.graded:
                return T("The workstation said wrong; the grader's verdict is right.")
            return T("The workstation said right; the grader's verdict is wrong.")
        return T(
            "The situation the workstation stored is not the item the grader made from its "
            "seed: graded on the grader's item."
        )


def flagged_answers(
    connection: Connection, first_day: date, last_day: date, limit: int = 200
) -> list[FlaggedAnswer]:
    """The answers of those days the grader flagged, newest first (at most ``limit``);
    none on a single PC."""
    if not on_server(connection):
        return []
    rows = connection.execute(
        text(
            "SELECT answer_id, trainee_id, skill, recorded_at, kind, preview, graded, flag, "
            "situation_matches FROM flagged_answers "
            "WHERE answered_day >= :first AND answered_day <= :last "
            "ORDER BY answer_id DESC LIMIT :limit"
        ),
        {"first": first_day, "last": last_day, "limit": limit},
    )
    return [
        FlaggedAnswer(
            answer_id=int(r.answer_id),
            trainee_id=int(r.trainee_id),
            skill=str(r.skill),
            recorded_at=r.recorded_at,
            exam=r.kind == "exam",
            preview=bool(r.preview),
            graded=bool(r.graded),
            flag=r.flag,
            situation_matches=bool(r.situation_matches),
        )
        for r in rows
    ]


def as_graded(connection: Connection, answers: list[StoredAnswer]) -> list[StoredAnswer]:
    """``answers`` as the record reads them: on a centre's server each graded one with the
    grader's verdict and the time that counts, each other one ``pending``; unchanged on a
    single PC."""
    if not on_server(connection) or not answers:
        return answers
    table = GRADED_ANSWERS.c
    found: dict[int, tuple[bool, int]] = {}
    ids = [a.id for a in answers]
    for start in range(0, len(ids), 1000):
        rows = connection.execute(
            select(table.id, table.correct, table.time_taken_ms).where(
                table.id.in_(ids[start : start + 1000])
            )
        )
        found.update({int(i): (bool(right), int(ms)) for i, right, ms in rows})
    out = []
    for answer in answers:
        verdict = found.get(answer.id)
        if verdict is None:
            out.append(replace(answer, pending=True))
        else:
            record = replace(answer.record, correct=verdict[0], time_taken_ms=verdict[1])
            out.append(replace(answer, record=record))
    return out
