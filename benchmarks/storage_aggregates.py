"""Dashboard aggregates on a large SQLite database: accuracy and median time per skill per day.

    python benchmarks/storage_aggregates.py [--answers 10000000] [--db PATH] [--repeat 3]

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
import json
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from argon2 import PasswordHasher

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


def build(path: Path, answers: int) -> None:
    """Create the schema with the app's migrations, then bulk-load ``answers`` rows."""
    store = Store.open(
        f"sqlite:///{path}",
        passwords=Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)),
    )
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
    situation = json.dumps({"number": 17, "bets": [{"kind": "straight_up", "amount": "10.00"}]})
    expected = json.dumps({"payout": "350.00"})
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
    connection.execute(
        "INSERT INTO daily_skill_counts (answered_day, skill, answers, correct) "
        "SELECT answered_day, skill, count(*), sum(correct) FROM answers "
        "GROUP BY answered_day, skill"
    )
    for _, sql in triggers:
        connection.execute(sql)
    connection.execute("COMMIT")
    connection.execute("ANALYZE")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


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
    args = parser.parse_args()

    path = args.db or Path(tempfile.gettempdir()) / f"dealer-trainer-bench-{args.answers}.sqlite3"
    if not path.exists():
        print(f"building {path} with {args.answers:,} answers …", flush=True)
        started = time.perf_counter()
        build(path, args.answers)
        print(f"built in {time.perf_counter() - started:.0f} s", flush=True)
    started = time.perf_counter()
    store = Store.open(f"sqlite:///{path}", backups_kept=1)
    print(f"opened (migrations, daily backup) in {time.perf_counter() - started:.1f} s")
    total = store.read(lambda c: c.exec_driver_sql("SELECT count(*) FROM answers").scalar())
    print(f"{path}: {total:,} answers")

    def reference(first: date) -> Callable[[], object]:
        sql = (
            "SELECT skill, answered_day, count(*), sum(correct) FROM answers"
            " WHERE answered_day BETWEEN ? AND ? GROUP BY skill, answered_day"
        )
        return lambda: store.read(
            lambda c: c.exec_driver_sql(sql, (first.isoformat(), LAST_DAY.isoformat())).all()
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
