"""The live table's results for the instructor: counted in SQL, per trainee and for the cohort.

Four ``GROUP BY`` queries over ``table_rounds``, ``table_attempts`` and
``table_round_ends`` (no attempt is loaded into Python; the rows that come back
are one per trainee and step kind, per trainee and mistake, per trainee, game,
ruleset and level), on SQLite and PostgreSQL alike. On a centre's server an
instructor's login reads every trainee's rounds (``storage/server/policy.py``:
the ``all`` policies of the three tables); a trainee's login running the same
queries sees only their own rows, by row-level security.

What is counted:

- **a step kind** is what the step did, as stored (``table_attempts.action``:
  collect, pay, mark, ... and any kind a later version records), so a new kind
  appears without a change here: its right steps over the steps of that kind
  the trainee tried, a step refused only for its turn counting as right in its
  kind (its mistake is one of order), as the table exam scores a round
  (``drills/table/exam.py``). A step never tried (an exam round declared settled
  with steps missing) is not in any kind: it is the mistake "a step missed".
  **order** (:data:`ORDER_KIND`) is the share of the steps
  judged for their turn (every step accepted, and each refused for its turn:
  :data:`~dealer_trainer.drills.table.round.ORDER_CODES`) done in their turn;
- **time per round** and **pace** from the rounds that ended (their
  ``table_round_ends`` row): the pace is the rounds settled over the time of
  every round ended, as :mod:`dealer_trainer.drills.table.pace` counts it,
  per game, ruleset and level, so it is set against that ruleset's target;
- **mistakes**: every refused attempt by its code and the article it cited.

Only the rounds dealt on or after ``since`` count, when given.

On a centre's server the figures are the grader's (issue 36): the rounds' ends and the
attempts' verdicts are read from ``graded_round_ends`` and ``graded_table_attempts``
(``storage/graded.py``), each round judged again from its steps by the centre's grader; a
round not graded yet is in no figure, and ``graded.table_grading_wait`` says how many wait.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Select, case, func, select

from dealer_trainer.storage.graded import round_attempts_of, round_ends_of
from dealer_trainer.storage.models import TableRoundRow

if TYPE_CHECKING:
    from dealer_trainer.drills.table.pace import Pace

#: The kind that counts the steps judged for their turn (not a stored action).
ORDER_KIND = "order"


@dataclass(frozen=True)
class KindTally:
    """Right steps out of the steps of one kind the trainee tried."""

    kind: str
    right: int
    out_of: int

    @property
    def share(self) -> Fraction | None:
        return None if self.out_of == 0 else Fraction(self.right, self.out_of)


@dataclass(frozen=True)
class PaceFigure:
    """The rounds of one game, ruleset and level that ended: how many, settled, their time."""

    game: str
    ruleset_id: str
    difficulty: int
    rounds: int
    settled: int
    ms: int

    @property
    def pace(self) -> Pace:
        """The pace these rounds make (``drills.table.pace``: settled over the time spent)."""
        from dealer_trainer.drills.table.pace import Pace  # noqa: PLC0415 (storage imports no drill)

        return Pace(self.settled, self.ms)


@dataclass(frozen=True)
class TableFigure:
    """One trainee's rounds of one game, ruleset and level (*My progress*): how many ended,
    how many were settled and in how long, and of the steps tried how many were right."""

    game: str
    ruleset_id: str
    difficulty: int
    rounds: int
    settled: int
    ms: int
    tried: int
    right: int

    @property
    def pace(self) -> Pace:
        return PaceFigure(
            self.game, self.ruleset_id, self.difficulty, self.rounds, self.settled, self.ms
        ).pace

    @property
    def accuracy(self) -> Fraction | None:
        """The steps right over the steps tried (``None``: none tried)."""
        return None if self.tried == 0 else Fraction(self.right, self.tried)


def table_figures(connection: Connection, trainee_id: int) -> list[TableFigure]:
    """A trainee's figures per game, ruleset and level, counted in SQL: the rounds that
    ended (and those settled, and their time) and every step tried in any round, right or
    not (a step refused only for its turn is not right here: the trainee is told it)."""
    key = (TableRoundRow.game, TableRoundRow.ruleset_id, TableRoundRow.difficulty)
    ends, attempts = round_ends_of(connection), round_attempts_of(connection)
    ended = TableRoundRow.__table__.join(ends, ends.c.round_id == TableRoundRow.id)
    rounds_query = (
        select(
            *key,
            func.count(),
            func.sum(case((ends.c.complete, 1), else_=0)),
            func.sum(ends.c.ms),
        )
        .select_from(ended)
        .where(TableRoundRow.trainee_id == trainee_id)
        .group_by(*key)
    )
    joined = attempts.join(TableRoundRow.__table__, attempts.c.round_id == TableRoundRow.id)
    steps_query = (
        select(*key, func.count(), _accepted(attempts))
        .select_from(joined)
        .where(TableRoundRow.trainee_id == trainee_id, attempts.c.action.is_not(None))
        .group_by(*key)
    )
    counts: dict[tuple[str, str, int], list[int]] = {}
    for game, ruleset_id, difficulty, count, settled, ms in connection.execute(rounds_query):
        counts[(str(game), str(ruleset_id), int(difficulty))] = [
            int(count),
            int(settled or 0),
            int(ms or 0),  # PostgreSQL's SUM of a BIGINT is a NUMERIC: int()
            0,
            0,
        ]
    for game, ruleset_id, difficulty, count, right in connection.execute(steps_query):
        row = counts.setdefault((str(game), str(ruleset_id), int(difficulty)), [0, 0, 0, 0, 0])
        row[3], row[4] = int(count), int(right or 0)
    figures = [TableFigure(*key_, *row) for key_, row in counts.items()]
    return sorted(figures, key=lambda f: (f.game, f.difficulty, f.ruleset_id))


@dataclass(frozen=True)
class MistakeCount:
    """A mistake's code, the article it cited (``None``: table procedure) and how often."""

    code: str
    citation: str | None
    times: int


@dataclass(frozen=True)
class MistakeKind:
    """One mistake code: how often, and the articles its mistakes cited."""

    code: str
    times: int
    citations: tuple[str | None, ...]


@dataclass(frozen=True)
class TableResults:
    """One trainee's table results (``trainee_id`` ``None``: the cohort's, all added up)."""

    trainee_id: int | None
    kinds: tuple[KindTally, ...]  # the stored kinds in name order, then order
    paces: tuple[PaceFigure, ...]
    mistakes: tuple[MistakeCount, ...]  # the most frequent first

    @property
    def rounds(self) -> int:
        """The rounds that ended."""
        return sum(p.rounds for p in self.paces)

    @property
    def ms(self) -> int:
        return sum(p.ms for p in self.paces)

    @property
    def ms_per_round(self) -> int | None:
        """The mean time of a round that ended, whole milliseconds (``None``: none ended)."""
        return None if self.rounds == 0 else self.ms // self.rounds

    def kind(self, kind: str) -> KindTally | None:
        return next((k for k in self.kinds if k.kind == kind), None)

    def by_code(self) -> tuple[MistakeKind, ...]:
        """The mistakes by code, the most frequent first, each with the articles it cited
        (the most cited first; ``None``: table procedure)."""
        kinds: dict[str, list[MistakeCount]] = {}
        for mistake in self.mistakes:  # already the most frequent first
            kinds.setdefault(mistake.code, []).append(mistake)
        out = [
            MistakeKind(code, sum(m.times for m in counts), tuple(m.citation for m in counts))
            for code, counts in kinds.items()
        ]
        return tuple(sorted(out, key=lambda k: (-k.times, k.code)))


def _accepted(attempts: Any) -> Any:
    return func.sum(case((attempts.c.accepted, 1), else_=0))


def _since(query: Select[Any], since: datetime | None) -> Select[Any]:
    return query if since is None else query.where(TableRoundRow.started_at >= since)


def _trainees(query: Select[Any], trainee_ids: Sequence[int] | None) -> Select[Any]:
    return query if trainee_ids is None else query.where(TableRoundRow.trainee_id.in_(trainee_ids))


def table_results(
    connection: Connection,
    trainee_ids: Sequence[int] | None = None,
    since: datetime | None = None,
) -> dict[int, TableResults]:
    """Each trainee's table results (of ``trainee_ids``, or of every trainee with a round)."""
    from dealer_trainer.drills.table.round import ORDER_CODES  # noqa: PLC0415 (as above)

    trainee = TableRoundRow.trainee_id
    ends, attempts = round_ends_of(connection), round_attempts_of(connection)
    attempt = attempts.c
    joined = attempts.join(TableRoundRow.__table__, attempt.round_id == TableRoundRow.id)
    in_turn = attempt.accepted | attempt.verdict_code.in_(sorted(ORDER_CODES))
    # A step refused only for its turn was right in its kind: its mistake is of order.
    kinds_query = (
        select(trainee, attempt.action, func.count(), func.sum(case((in_turn, 1), else_=0)))
        .select_from(joined)
        .where(attempt.action.is_not(None))
        .group_by(trainee, attempt.action)
    )
    order_query = (
        select(trainee, func.count(), _accepted(attempts))
        .select_from(joined)
        .where(attempt.action.is_not(None), in_turn)
        .group_by(trainee)
    )
    mistakes_query = (
        select(trainee, attempt.verdict_code, attempt.citation, func.count())
        .select_from(joined)
        .where(attempt.verdict_code.is_not(None))
        .group_by(trainee, attempt.verdict_code, attempt.citation)
    )
    ended = TableRoundRow.__table__.join(ends, ends.c.round_id == TableRoundRow.id)
    pace_query = (
        select(
            trainee,
            TableRoundRow.game,
            TableRoundRow.ruleset_id,
            TableRoundRow.difficulty,
            func.count(),
            func.sum(case((ends.c.complete, 1), else_=0)),
            func.sum(ends.c.ms),  # PostgreSQL's SUM of a BIGINT is a NUMERIC: int()
        )
        .select_from(ended)
        .group_by(trainee, TableRoundRow.game, TableRoundRow.ruleset_id, TableRoundRow.difficulty)
    )
    kinds: dict[int, list[KindTally]] = {}
    for tid, action, count, right in connection.execute(
        _trainees(_since(kinds_query, since), trainee_ids)
    ):
        kinds.setdefault(tid, []).append(KindTally(str(action), int(right or 0), int(count)))
    orders = {
        tid: KindTally(ORDER_KIND, int(right or 0), int(count))
        for tid, count, right in connection.execute(
            _trainees(_since(order_query, since), trainee_ids)
        )
    }
    mistakes: dict[int, list[MistakeCount]] = {}
    for tid, code, citation, count in connection.execute(
        _trainees(_since(mistakes_query, since), trainee_ids)
    ):
        mistakes.setdefault(tid, []).append(MistakeCount(str(code), citation, int(count)))
    paces: dict[int, list[PaceFigure]] = {}
    for tid, game, ruleset_id, difficulty, count, settled, ms in connection.execute(
        _trainees(_since(pace_query, since), trainee_ids)
    ):
        paces.setdefault(tid, []).append(
            PaceFigure(
                str(game), str(ruleset_id), int(difficulty), int(count), int(settled or 0), int(ms)
            )
        )
    out: dict[int, TableResults] = {}
    for tid in sorted(set(kinds) | set(paces) | set(mistakes) | set(orders)):
        own = sorted(kinds.get(tid, []), key=lambda k: k.kind)
        if tid in orders:
            own.append(orders[tid])
        out[tid] = TableResults(
            tid,
            tuple(own),
            tuple(sorted(paces.get(tid, []), key=_pace_key)),
            _most_common(mistakes.get(tid, [])),
        )
    return out


def _pace_key(pace: PaceFigure) -> tuple[str, int, str]:
    return (pace.game, pace.difficulty, pace.ruleset_id)


def _most_common(counts: Iterable[MistakeCount]) -> tuple[MistakeCount, ...]:
    """The most frequent first; a tie by code, then article, so the order is stable."""
    return tuple(sorted(counts, key=lambda m: (-m.times, m.code, m.citation or "")))


def cohort_results(results: Mapping[int, TableResults]) -> TableResults:
    """The cohort's results: each trainee's counts added up (the SQL rows, not the attempts)."""
    right: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    rounds: Counter[tuple[str, str, int]] = Counter()
    settled: Counter[tuple[str, str, int]] = Counter()
    ms: Counter[tuple[str, str, int]] = Counter()
    mistakes: Counter[tuple[str, str | None]] = Counter()
    for one in results.values():
        for k in one.kinds:
            right[k.kind] += k.right
            tried[k.kind] += k.out_of
        for p in one.paces:
            key = (p.game, p.ruleset_id, p.difficulty)
            rounds[key] += p.rounds
            settled[key] += p.settled
            ms[key] += p.ms
        for m in one.mistakes:
            mistakes[(m.code, m.citation)] += m.times
    names = sorted(kind for kind in tried if kind != ORDER_KIND)
    if ORDER_KIND in tried:
        names.append(ORDER_KIND)
    paces = (PaceFigure(*key, rounds[key], settled[key], ms[key]) for key in rounds)
    return TableResults(
        None,
        tuple(KindTally(kind, right[kind], tried[kind]) for kind in names),
        tuple(sorted(paces, key=_pace_key)),
        _most_common(MistakeCount(code, cited, n) for (code, cited), n in mistakes.items()),
    )
