"""Issue 36, done when: with a trainee's own login (psql, here psycopg), no forgery yields a
passed sitting or a certification. Not a list of the attacks someone thought of, but a
sweep of what the role may do, read from the server itself: every column of the answers,
rounds and round ends it may insert, filled as a forger would (marked right, instant,
back-dated), and every function it may execute, called with what a forger has at hand
(its sitting, its assignment, the exam's seed, claims of a pass). A new grant shows up
here by itself and is attacked with the rest.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

import psycopg
import pytest
from psycopg import errors, sql

from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.storage.certification import table_seed
from dealer_trainer.storage.records import Exam
from dealer_trainer.storage.server.workstation import open_server_store
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre

SKILL = "roulette.straight_up"
LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)
RIGHT_CLAIM = {"correct": True, "passed": True, "amount": "35.00", "complete": True}

#: What a forger's sweep must at least reach: if the trainee's role could no longer run
#: these, the sweep would prove nothing (the app needs them).
EXPECTED_REACH = {"dt_start_exam", "dt_end_session", "dt_trainee_id"}


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "swi", "Swee Instructor")
    return {"ina": ina, "fox": centre.add("trainee", "fox", "Fox Forger", by=ina)}


@pytest.fixture(scope="module")
def assignment(centre: Centre, people: dict[str, str]) -> Iterator[int]:
    """Fox's assignment: two straight-up items and one live-table round, pass mark 1/2."""
    ina = people["ina"]
    with open_server_store(
        centre.workstation_url, ina, centre.passwords[ina], clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU, instructor_idle=timedelta(days=1),
    ) as store:  # fmt: skip
        person = store.sign_in(ina, centre.passwords[ina])
        assert person.session is not None
        desk = store.instructor(person.session)
        exam = desk.create_exam(
            "Sweep", "roulette-2003", [SKILL], 2, 21, Fraction(1, 2),
            table_rounds=1, table_difficulty=1, table_pace=25, table_game="roulette",
        )  # fmt: skip
        [fox] = [p.id for p in desk.all_trainees() if p.name == "Fox Forger"]
        [given] = desk.assign_exam(exam.id, [fox])
        yield given.id


def _insertable(raw: psycopg.Connection, table: str) -> list[tuple[str, str]]:
    """The columns of ``table`` the signed-in role may INSERT, with their types."""
    return [
        (str(name), str(kind))
        for name, kind in raw.execute(
            "SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a "
            "WHERE a.attrelid = %s::regclass AND a.attnum > 0 AND NOT a.attisdropped "
            "AND has_column_privilege(a.attrelid, a.attnum, 'INSERT') ORDER BY a.attnum",
            (table,),
        ).fetchall()
    ]


def _forged(column: str, kind: str, known: dict[str, Any]) -> Any:
    """What a forger puts in a column: the ids they need, else a claim of a right answer,
    an instant one, long ago."""
    if column in known:
        return known[column]
    if kind == "boolean":
        return True
    if kind in ("integer", "bigint", "smallint"):
        return 0 if column in ("mistakes", "missed", "attempts") else 1
    if kind.startswith("timestamp"):
        return LONG_AGO
    if kind == "date":
        return LONG_AGO.date()
    if kind in ("json", "jsonb"):
        return json.dumps(RIGHT_CLAIM)
    if kind.startswith(("text", "character")):
        return "0.1.0"
    if kind.startswith("numeric"):
        return 1
    raise AssertionError(f"a forger's value for {column} ({kind}) is not known: add it here")


def _insert(raw: psycopg.Connection, table: str, known: dict[str, Any]) -> int | None:
    """INSERT one forged row into ``table`` with every column the role may set."""
    columns = [(c, k) for c, k in _insertable(raw, table) if c != "id"]  # theirs to pick
    assert columns, f"the trainee may insert nothing into {table}: the sweep proves nothing"
    statement = sql.SQL("INSERT INTO {} ({}) VALUES ({}) RETURNING *").format(
        sql.Identifier(table),
        sql.SQL(", ").join(sql.Identifier(c) for c, _ in columns),
        sql.SQL(", ").join(sql.Placeholder() for _ in columns),
    )
    row = raw.execute(statement, [_forged(c, k, known) for c, k in columns]).fetchone()
    assert row is not None
    return int(row[0]) if isinstance(row[0], int) else None


def _functions(raw: psycopg.Connection) -> list[tuple[str, str, list[str]]]:
    """Every function of the centre's schema the signed-in role may execute."""
    return [
        (str(signature), str(name), list(kinds))
        for signature, name, kinds in raw.execute(
            "SELECT p.oid::regprocedure::text, p.proname, "
            "ARRAY(SELECT format_type(t, NULL) FROM unnest(p.proargtypes) t) "
            "FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
            "WHERE n.nspname = 'public' AND p.prokind = 'f' "
            "AND has_function_privilege(p.oid, 'EXECUTE') ORDER BY 1"
        ).fetchall()
    ]


def _arguments(kinds: list[str], at_hand: dict[str, list[Any]]) -> Iterator[tuple[Any, ...]]:
    """Every combination of what a forger has at hand for these argument types (capped)."""
    pools = []
    for kind in kinds:
        key = "integer" if kind in ("integer", "bigint", "smallint") else kind
        key = "text" if key.startswith(("text", "character")) else key
        key = "timestamp" if key.startswith("timestamp") else key
        pools.append(at_hand.get(key, [None]))
    return itertools.islice(itertools.product(*pools), 60)


def test_no_column_a_trainee_may_insert_and_no_function_it_may_run_yields_a_pass(
    centre: Centre, people: dict[str, str], assignment: int
) -> None:
    fox = people["fox"]
    with centre.connect(fox) as raw:
        started = raw.execute(
            "SELECT session_id, seed FROM dt_start_exam(%s, '0.1.0', 'psql')", (assignment,)
        ).fetchone()
        assert started is not None
        session, seed = int(started[0]), int(started[1])
        paper = Exam(
            id=0, title="", ruleset_id="roulette-2003", skills=(SKILL,), item_count=2,
            seed=seed, difficulty=1, pass_mark=Fraction(1, 2), time_limit=None, created_by=0,
            created_at=LONG_AGO,
        )  # fmt: skip
        items = exam_spec(paper).items()
        me = raw.execute("SELECT dt_trainee_id()").fetchone()
        assert me is not None
        ids: dict[str, Any] = {"session_id": session, "trainee_id": me[0]}
        # Answers: both items, every insertable column forged, then the table round.
        for item in items:
            _insert(raw, "answers", {
                **ids, "uid": f"forged-{item.seed}-{session}", "skill": item.skill,
                "ruleset_id": "roulette-2003", "item_seed": item.seed,
            })  # fmt: skip
        round_id = _insert(raw, "table_rounds", {
            **ids, "uid": f"forged-round-{session}", "game": "roulette",
            "ruleset_id": "roulette-2003", "seed": table_seed(seed, 0), "difficulty": 1,
            "situation": "{}",
        })  # fmt: skip
        assert round_id is not None
        _insert(raw, "table_round_ends", {"round_id": round_id, "steps": 1, "ms": 1})
        stamped = raw.execute(
            "SELECT min(recorded_at) FROM answers WHERE session_id = %s", (session,)
        ).fetchone()
        assert stamped is not None and stamped[0] > datetime.now(UTC) - timedelta(minutes=5)

        # Every function the role may run, with everything at hand, the end of the sitting
        # last (it is what a forger calls to be graded).
        at_hand: dict[str, list[Any]] = {
            "integer": [session, assignment, round_id, 0, -1],
            "text": ["roulette-2003", SKILL, "0.1.0", fox, ""],
            "jsonb": [json.dumps(RIGHT_CLAIM)],
            "json": [json.dumps(RIGHT_CLAIM)],
            "boolean": [True, False],
            "timestamp": [LONG_AGO, datetime(2099, 1, 1, tzinfo=UTC)],
            "date": [LONG_AGO.date()],
            "numeric": [1, 100],
        }
        functions = _functions(raw)
        reached = {name for _, name, _ in functions}
        assert reached >= EXPECTED_REACH, f"the trainee's role runs only {sorted(reached)}"
        calls = 0
        for signature, name, kinds in functions:
            if name == "dt_end_session":
                continue
            for arguments in _arguments(kinds, at_hand):
                statement = sql.SQL("SELECT * FROM {}({})").format(
                    sql.Identifier(name),
                    sql.SQL(", ").join(
                        sql.SQL("{}::{}").format(sql.Placeholder(), sql.SQL(kind)) for kind in kinds
                    ),
                )
                try:
                    raw.execute(statement, arguments)
                    calls += 1
                except (errors.Error, psycopg.DataError) as refused:
                    assert not isinstance(refused, errors.InternalError_), (signature, refused)
        assert calls > 0
        raw.execute("SELECT dt_end_session(%s)", (session,))
    centre.wait_graded(session)
    with centre.owner_connection() as owner:
        graded = owner.execute(
            "SELECT passed, correct FROM sitting_grades WHERE session_id = %s", (session,)
        ).fetchone()
        certified = owner.execute(
            "SELECT count(*) FROM certifications c JOIN trainees t ON t.id = c.trainee_id "
            "WHERE t.login = %s",
            (fox,),
        ).fetchone()
        passed_any = owner.execute(
            "SELECT count(*) FROM sitting_grades g JOIN training_sessions s "
            "ON s.id = g.session_id JOIN trainees t ON t.id = s.trainee_id "
            "WHERE t.login = %s AND g.passed",
            (fox,),
        ).fetchone()
    assert graded == (False, 0)
    assert certified == (0,) and passed_any == (0,)
