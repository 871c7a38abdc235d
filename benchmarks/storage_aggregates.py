"""Dashboard aggregates on a large SQLite database: accuracy and median time per skill per day.

    python benchmarks/storage_aggregates.py [--answers 10000000] [--db PATH] [--repeat 3]
    python benchmarks/storage_aggregates.py --pg "$DEALER_TRAINER_TEST_PG_URL" [--answers N]

Builds (once, then reuses ``--db``) a database through ``Store.open`` (the real
migrations, indexes and triggers) and fills it with generated answers: 200
trainees, 40 skills, one year of days. Then it times the queries the dashboard's
first plot needs, each the best of ``--repeat`` runs on a warm cache:

* cohort, last 30 days: ``daily_skill_stats(first, last)`` (every skill, every day);
* one trainee, last 90 days: ``daily_skill_stats(..., trainee_id=…)``;
* every trainee, last 7 days: ``daily_skill_stats(..., per_trainee=True)``;
* cohort, whole year.

The reference, run in the same process on the same days, is the plain query a
dashboard would otherwise run for accuracy alone: ``GROUP BY skill, day`` over
``answers`` counting answers and correct ones (no medians, no rollup table).
Printed: seconds, the ratio to that reference (compare ratios between machines),
and the share of the 1 s budget for a first plot (issue 6: 10 million answers).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from argon2 import PasswordHasher
from sqlalchemy import Date, bindparam, create_engine, text
from sqlalchemy.engine import make_url

from dealer_trainer.storage import Store
from dealer_trainer.storage.access import Passwords
from dealer_trainer.storage.aggregates import daily_skill_stats

TRAINEES = 200
SKILLS = [
    f"{game}.{kind}.{n}"
    for game in ("roulette", "craps", "stud")
    for kind in ("payout", "order", "ruling")
    for n in range(5)
][:40]
DAYS = 365
LAST_DAY = date(2026, 11, 30)
BUDGET_S = 1.0
FAST = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
SITUATION = json.dumps({"number": 17, "bets": [{"kind": "straight_up", "amount": "10.00"}]})
EXPECTED = json.dumps({"payout": "350.00"})


def build(path: Path, answers: int) -> None:
    """Create the schema with the app's migrations, then bulk-load ``answers`` rows."""
    store = Store.open(f"sqlite:///{path}", passwords=FAST)
    desk = store.instructor(store.create_first_instructor("Bench", "benchmark password"))
    trainees = [desk.add_trainee(f"Trainee {n:03d}").id for n in range(TRAINEES)]
    store.close()

    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = OFF")  # bulk load only; the app uses FULL
    indexes = connection.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'answers'"
        " AND sql IS NOT NULL"
    ).fetchall()
    triggers = connection.execute(
        "SELECT name, sql FROM sqlite_master"
        " WHERE type = 'trigger' AND name = 'answers_count_daily'"
    ).fetchall()
    connection.execute("BEGIN")
    for (sql,) in indexes:  # load first, index after: the same indexes, built faster
        connection.execute(f"DROP INDEX {sql.split()[2]}")
    for name, _ in triggers:  # and count once at the end, as migration 0002 does
        connection.execute(f"DROP TRIGGER {name}")
    first_day = LAST_DAY - timedelta(days=DAYS - 1)
    sessions: dict[tuple[int, int], int] = {}
    session_rows = []
    next_session = 1
    for day in range(DAYS):
        start = datetime.combine(first_day + timedelta(days=day), datetime.min.time(), UTC)
        for trainee in trainees:
            sessions[trainee, day] = next_session
            session_rows.append(
                (
                    next_session,
                    trainee,
                    "practice",
                    "roulette-2003",
                    "0.1.0",
                    "bench",
                    None,
                    (start + timedelta(hours=1)).isoformat(" ")[:26],
                    None,
                )
            )
            next_session += 1
    connection.executemany(
        "INSERT INTO training_sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", session_rows
    )
    rng = random.Random(6)
    situation, expected = SITUATION, EXPECTED
    chunk = 200_000
    for offset in range(0, answers, chunk):
        rows = []
        for n in range(offset, min(offset + chunk, answers)):
            day = rng.randrange(DAYS)
            trainee = trainees[rng.randrange(TRAINEES)]
            skill = SKILLS[rng.randrange(len(SKILLS))]
            ms = int(rng.lognormvariate(8.2, 0.5))
            correct = rng.random() < 0.85
            when = datetime.combine(first_day + timedelta(days=day), datetime.min.time(), UTC)
            when += timedelta(seconds=rng.randrange(3600, 12 * 3600))
            stamp = when.isoformat(" ")[:19] + ".000000"
            rows.append(
                (
                    n + 1,
                    f"{n:032x}",
                    sessions[trainee, day],
                    trainee,
                    skill,
                    "roulette-2003",
                    n,
                    situation,
                    expected,
                    expected if correct else '{"payout": "35.00"}',
                    correct,
                    ms,
                    "0.1.0",
                    stamp,
                    stamp,
                    (first_day + timedelta(days=day)).isoformat(),
                    stamp,
                )
            )
        connection.executemany(
            "INSERT INTO answers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
        )
        print(f"  loaded {offset + len(rows):,} answers", flush=True)
    for (sql,) in indexes:
        connection.execute(sql)
    for statement in rollup_statements():
        connection.execute(statement)
    for _, sql in triggers:
        connection.execute(sql)
    connection.execute("COMMIT")
    connection.execute("ANALYZE")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def rollup_statements() -> list[str]:
    """The rollups (counts and exact medians) of all answers, by migration 0011's SQL."""
    rollups = importlib.import_module(
        "dealer_trainer.storage.migrations.versions.0011_dashboard_rollups"
    )
    return [
        "DELETE FROM daily_skill_counts",
        "DELETE FROM trainee_skill_days",
        "INSERT INTO daily_skill_counts (answered_day, skill, answers, correct, median2)"
        + rollups._rolled_up("answered_day, skill"),
        "INSERT INTO trainee_skill_days (trainee_id, answered_day, skill, answers, correct,"
        " median2)" + rollups._rolled_up("trainee_id, answered_day, skill"),
    ]


PG_SCHEMA = "bench_aggregates"


def pg_url(base: str) -> str:
    """``base`` with its search_path set to the benchmark's own schema."""
    url = make_url(base).update_query_dict({"options": f"-csearch_path={PG_SCHEMA}"})
    return url.render_as_string(hide_password=False)


def build_pg(base: str, answers: int) -> None:
    """The same data generated inside PostgreSQL (``generate_series``), schema by migrations."""
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f"DROP SCHEMA IF EXISTS {PG_SCHEMA} CASCADE"))
        connection.execute(text(f"CREATE SCHEMA {PG_SCHEMA}"))
    admin.dispose()
    url = pg_url(base)
    store = Store.open(url, passwords=FAST)
    desk = store.instructor(store.create_first_instructor("Bench", "benchmark password"))
    trainees = [desk.add_trainee(f"Trainee {n:03d}").id for n in range(TRAINEES)]
    store.close()
    assert trainees == list(range(1, TRAINEES + 1))
    first_day = LAST_DAY - timedelta(days=DAYS - 1)
    engine = create_engine(url)
    with engine.begin() as connection:
        indexes = connection.execute(
            text(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'answers'"
                " AND schemaname = :schema AND indexname LIKE 'ix_%'"
            ),
            {"schema": PG_SCHEMA},
        ).all()
        for name, _ in indexes:
            connection.execute(text(f"DROP INDEX {name}"))
        connection.execute(text("ALTER TABLE answers DISABLE TRIGGER answers_count_daily"))
        connection.execute(
            text(
                "INSERT INTO training_sessions (id, trainee_id, kind, ruleset_id, app_version,"
                " workstation, started_at)"
                " SELECT (t - 1) * :days + d + 1, t, 'practice', 'roulette-2003', '0.1.0', 'bench',"
                " (CAST(:first AS date) + d) + interval '1 hour'"
                " FROM generate_series(1, :trainees) AS t, generate_series(0, :days - 1) AS d"
            ),
            {"days": DAYS, "first": first_day, "trainees": TRAINEES},
        )
        connection.execute(text("SELECT setseed(0.6)"))
        connection.execute(
            text(
                """
                INSERT INTO answers (id, uid, session_id, trainee_id, skill, ruleset_id,
                    item_seed, situation, expected, given, correct, time_taken_ms, app_version,
                    presented_at, answered_at, answered_day, recorded_at)
                SELECT g.n, lpad(to_hex(g.n), 32, '0'), (g.tr - 1) * :days + g.d + 1, g.tr,
                    (CAST(:skills AS text[]))[1 + g.sk], 'roulette-2003', g.n,
                    CAST(:situation AS json), CAST(:expected AS json),
                    CAST(CASE WHEN g.ok THEN :expected ELSE '{"payout": "35.00"}' END AS json),
                    g.ok, g.ms, '0.1.0', w.ts - g.ms * interval '1 millisecond', w.ts,
                    CAST(:first AS date) + g.d, w.ts
                FROM (
                    SELECT n, 1 + floor(random() * :trainees)::int AS tr,
                        floor(random() * :days)::int AS d, floor(random() * 40)::int AS sk,
                        random() < 0.85 AS ok,
                        exp(8.2 + 0.5 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))::int
                            AS ms,
                        random() AS r
                    FROM generate_series(1, :answers) AS n
                ) AS g
                CROSS JOIN LATERAL (
                    SELECT ((CAST(:first AS date) + g.d)::timestamp AT TIME ZONE 'UTC')
                        + (3600 + floor(g.r * 39600)) * interval '1 second' AS ts
                ) AS w
                """
            ),
            {
                "days": DAYS,
                "trainees": TRAINEES,
                "answers": answers,
                "first": first_day,
                "skills": SKILLS,
                "situation": SITUATION,
                "expected": EXPECTED,
            },
        )
        print(f"  loaded {answers:,} answers", flush=True)
        for _, definition in indexes:
            connection.execute(text(definition))
        for statement in rollup_statements():
            connection.execute(text(statement))
        connection.execute(text("ALTER TABLE answers ENABLE TRIGGER answers_count_daily"))
        for table in ("answers", "training_sessions"):
            connection.execute(
                text(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), max(id)) FROM {table}"
                )
            )
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM ANALYZE"))  # index-only scans need the visibility map
    engine.dispose()


def best_time(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000_000)
    parser.add_argument("--db", type=Path, default=None, help="reuse or create this file")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--pg", default=None, help="PostgreSQL URL: run on its schema bench_aggregates instead"
    )
    parser.add_argument("--rebuild", action="store_true", help="generate the data again")
    args = parser.parse_args()

    if args.pg:
        url = pg_url(args.pg)
        probe = create_engine(url)
        with probe.connect() as connection:
            present = connection.execute(
                text(
                    "SELECT count(*) FROM pg_tables WHERE schemaname = :s AND tablename = 'answers'"
                ),
                {"s": PG_SCHEMA},
            ).scalar()
            if present:
                present = connection.execute(text("SELECT count(*) FROM answers")).scalar()
        probe.dispose()
        if args.rebuild or present != args.answers:
            print(f"building schema {PG_SCHEMA} with {args.answers:,} answers …", flush=True)
            started = time.perf_counter()
            build_pg(args.pg, args.answers)
            print(f"built in {time.perf_counter() - started:.0f} s", flush=True)
        where = f"PostgreSQL schema {PG_SCHEMA}"
    else:
        path = (
            args.db or Path(tempfile.gettempdir()) / f"dealer-trainer-bench-{args.answers}.sqlite3"
        )
        if args.rebuild and path.exists():
            path.unlink()
        if not path.exists():
            print(f"building {path} with {args.answers:,} answers …", flush=True)
            started = time.perf_counter()
            build(path, args.answers)
            print(f"built in {time.perf_counter() - started:.0f} s", flush=True)
        url = f"sqlite:///{path}"
        where = str(path)
    started = time.perf_counter()
    store = Store.open(url, backups_kept=1)
    print(f"opened (migrations, daily backup) in {time.perf_counter() - started:.1f} s")
    total = store.read(lambda c: c.exec_driver_sql("SELECT count(*) FROM answers").scalar())
    print(f"{where}: {total:,} answers")

    plain = text(
        "SELECT skill, answered_day, count(*), sum(CASE WHEN correct THEN 1 ELSE 0 END)"
        " FROM answers WHERE answered_day BETWEEN :first AND :last GROUP BY skill, answered_day"
    ).bindparams(bindparam("first", type_=Date()), bindparam("last", type_=Date()))

    def reference(first: date) -> Callable[[], object]:
        return lambda: store.read(
            lambda c: c.execute(plain, {"first": first, "last": LAST_DAY}).all()
        )

    cases: list[tuple[str, date, Callable[[], object]]] = [
        (
            "cohort, last 30 days",
            LAST_DAY - timedelta(days=29),
            lambda: store.read(
                lambda c: daily_skill_stats(c, LAST_DAY - timedelta(days=29), LAST_DAY)
            ),
        ),
        (
            "one trainee, last 90 days",
            LAST_DAY - timedelta(days=89),
            lambda: store.read(
                lambda c: daily_skill_stats(
                    c, LAST_DAY - timedelta(days=89), LAST_DAY, trainee_id=1
                )
            ),
        ),
        (
            "each trainee, last 7 days",
            LAST_DAY - timedelta(days=6),
            lambda: store.read(
                lambda c: daily_skill_stats(
                    c, LAST_DAY - timedelta(days=6), LAST_DAY, per_trainee=True
                )
            ),
        ),
        (
            "cohort, whole year",
            LAST_DAY - timedelta(days=DAYS - 1),
            lambda: store.read(
                lambda c: daily_skill_stats(c, LAST_DAY - timedelta(days=DAYS - 1), LAST_DAY)
            ),
        ),
    ]
    print(f"{'query':28} {'seconds':>9} {'reference':>10} {'ratio':>7} {'of 1 s':>7}")
    for name, first, run in cases:
        ours = best_time(run, args.repeat)
        ref = best_time(reference(first), args.repeat)
        print(f"{name:28} {ours:9.3f} {ref:10.3f} {ours / ref:7.2f} {ours / BUDGET_S:7.2f}")
    store.close()


if __name__ == "__main__":
    main()
