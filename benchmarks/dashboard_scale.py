"""The instructor's cohort dashboard on 10 million answers: the whole view, without a freeze.

    QT_QPA_PLATFORM=offscreen python benchmarks/dashboard_scale.py [--answers 10000000] [--runs 3]
    [--no-postgresql]

Builds once, then reuses, ``benchmarks/out/dashboard-<answers>.sqlite3``: the
schema comes from ``Store.open`` (the real Alembic migrations, indexes and the
answers' rollup trigger), then 200 trainees answer the app's real skills for one
year (sessions per trainee and day), bulk-loaded with sqlite3 in big
transactions, indexes and rollups built after the load with the migration's own
SQL. A cached file of an older schema is migrated by ``Store.open`` (timed and
printed: the rollups of migration 0011 over 10 M answers), not rebuilt. Where a
PostgreSQL server is given (``DEALER_TRAINER_TEST_PG_URL``), the same answers go
once into the schema ``bench_dashboard_<answers>`` of that database with COPY.
Build times are printed on their own lines and are not part of the figures.

Measured, in one process, per database: from constructing ``InstructorWindow``
(an unlocked session given) to the *whole cohort view*: the cohort's plots
painted (``TrendPlots.firstPainted``) and the per-trainee table filled
(``CohortView.tableLoaded``), default period (90 days), and then with the table's
*Within target* column filled (``CohortWithin.loaded``: it counts answers, not
rollups); the longest gap of a 5 ms
ticker on the GUI thread from the window's first show to the filled column (a
freeze a person feels; goal under 100 ms); the cohort PDF written from the
Reports tab while the window stays open (it reuses the dashboard's figures; goal
2 s, without a freeze); one trainee's figures once that trainee is opened,
and the longest freeze until their figures and answers are in; the longest freeze
opening their Answers page, where the newest answer is drawn on the felt;
the time to build the window (the GUI thread is busy before the window shows;
the window before is taken down outside every figure). The
reference is the same window, in the same run, on a database with the same 200
trainees and no answers. Printed: the median of ``--runs`` alternating runs of
each, the ratio to the reference, and the seconds against the goals of issue 15.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sqlite3
import statistics
import time
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from argon2 import PasswordHasher
from PySide6.QtCore import QEvent, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

import dealer_trainer.ui  # noqa: F401  (guards PySide6 before any Qt call)
from dealer_trainer.drills import all_skills
from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.access import Passwords

OUT = Path(__file__).with_name("out")
TRAINEES = 200
DAYS = 365
LAST_DAY = date(2026, 11, 30)
PASSWORD = "benchmark password"
GOAL_S = 1.0
PDF_GOAL_S = 2.0
FAST = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))


def clock() -> datetime:
    """Noon in Macau on the last generated day: the dashboard's "today"."""
    return datetime.combine(LAST_DAY, datetime.min.time(), UTC) + timedelta(hours=4)


def create(path: Path) -> Store:
    store = Store.open(f"sqlite:///{path}", passwords=FAST, clock=clock, backups_kept=1)
    desk = store.instructor(store.create_first_instructor("Bench", PASSWORD))
    for n in range(TRAINEES):
        desk.add_trainee(f"Trainee {n:03d}")
    return store


def _generated(trainee_ids: list[int], answers: int) -> tuple[list[tuple], Any]:  # type: ignore[type-arg]
    """The sessions (one per trainee and day) and a generator of answer rows, in chunks."""
    skills = sorted(all_skills())
    first_day = LAST_DAY - timedelta(days=DAYS - 1)
    day_texts = [(first_day + timedelta(days=d)).isoformat() for d in range(DAYS)]
    sessions = {}
    rows = []
    for d in range(DAYS):
        start = f"{day_texts[d]} 01:00:00.000000"
        for trainee in trainee_ids:
            sessions[trainee, d] = len(rows) + 1
            rows.append(
                (
                    len(rows) + 1,
                    trainee,
                    "practice",
                    "roulette-2003",
                    "0.1.0",
                    "bench",
                    None,
                    start,
                    start,
                )
            )

    def chunks(size: int = 250_000) -> Any:
        rng = random.Random(6)
        level = {t: rng.uniform(0.6, 0.95) for t in trainee_ids}
        pace = {t: rng.uniform(2500, 6000) for t in trainee_ids}
        situation = json.dumps({"request": {"game": "roulette", "bets": []}})
        expected = json.dumps({"kind": "amount", "amount": "350.00"})
        wrong = json.dumps({"amount": "35.00"})
        right = json.dumps({"amount": "350.00"})
        for offset in range(0, answers, size):
            batch = []
            for n in range(offset, min(offset + size, answers)):
                d = rng.randrange(DAYS)
                trainee = trainee_ids[rng.randrange(TRAINEES)]
                progress = d / DAYS
                correct = rng.random() < level[trainee] + 0.05 * progress
                ms = int(rng.lognormvariate(0, 0.35) * pace[trainee] * (1.15 - 0.3 * progress))
                seconds = 3600 + rng.randrange(8 * 3600)
                stamp = (
                    f"{day_texts[d]} {seconds // 3600:02d}:{seconds // 60 % 60:02d}:"
                    f"{seconds % 60:02d}.000000"
                )
                batch.append(
                    (
                        n + 1,
                        f"{n:032x}",
                        sessions[trainee, d],
                        trainee,
                        skills[rng.randrange(len(skills))],
                        "roulette-2003",
                        n,
                        situation,
                        expected,
                        right if correct else wrong,
                        correct,
                        ms,
                        "0.1.0",
                        stamp,
                        stamp,
                        day_texts[d],
                        stamp,
                    )
                )
            yield batch

    return rows, chunks()


SESSION_COLUMNS = (
    "id, trainee_id, kind, ruleset_id, app_version, workstation, exam_assignment_id,"
    " started_at, ended_at"
)
ANSWER_COLUMNS = (
    "id, uid, session_id, trainee_id, skill, ruleset_id, item_seed, situation, expected,"
    " given, correct, time_taken_ms, app_version, presented_at, answered_at, answered_day,"
    " recorded_at"
)


def _rollup_statements() -> list[str]:
    """The rollups of all answers, by migration 0011's own SQL (counts and medians)."""
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


def build(path: Path, answers: int) -> None:
    """The schema by the app's migrations, then ``answers`` rows loaded directly."""
    create(path).close()
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = OFF")  # bulk load only; the app runs FULL
    indexes = connection.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'answers'"
        " AND sql IS NOT NULL"
    ).fetchall()
    triggers = connection.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'answers'"
        " AND name = 'answers_count_daily'"
    ).fetchall()
    trainee_ids = [row[0] for row in connection.execute("SELECT id FROM trainees ORDER BY id")]
    connection.execute("BEGIN")
    for name, _ in indexes:  # load first, index after: the same indexes, built at once
        connection.execute(f'DROP INDEX "{name}"')
    for name, _ in triggers:  # and roll up once at the end, as migration 0011 does
        connection.execute(f'DROP TRIGGER "{name}"')
    sessions, chunks = _generated(trainee_ids, answers)
    connection.executemany(
        f"INSERT INTO training_sessions ({SESSION_COLUMNS}) VALUES ({', '.join('?' * 9)})",
        sessions,
    )
    insert = f"INSERT INTO answers ({ANSWER_COLUMNS}) VALUES ({', '.join('?' * 17)})"
    loaded = 0
    for batch in chunks:
        connection.executemany(insert, batch)
        loaded += len(batch)
        print(f"  loaded {loaded:,} answers", flush=True)
    for _, sql in indexes:
        connection.execute(sql)
    for statement in _rollup_statements():
        connection.execute(statement)
    for _, sql in triggers:
        connection.execute(sql)
    connection.execute("COMMIT")
    connection.execute("ANALYZE")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def _pg_url(base: str, schema: str) -> str:
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


def _pg_columns(connection: Any, schema: str) -> set[tuple[str, str, str]]:
    """Every table's columns in ``schema`` (name and type), but the benchmark's own table."""
    rows = connection.execute(
        text(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = :s AND table_name <> 'bench_built'"
        ),
        {"s": schema},
    ).all()
    return {(t, c, d) for t, c, d in rows}


def build_postgresql(base: str, schema: str, answers: int, reference: str) -> str:
    """Once: ``answers`` rows in ``schema`` of the server's database, with COPY.

    A schema built before is reused when it has the answers and the tables of
    ``reference`` (a schema just made by the migrations); an older one is migrated by
    ``Store.open`` first, and built again if its tables still differ (migrations
    re-chained at a merge leave a schema at the head's number with older tables).
    """
    import psycopg

    admin = create_engine(base)
    url = _pg_url(base, schema)
    try:
        with admin.begin() as connection:
            built = connection.execute(
                text("SELECT to_regclass(:t)"), {"t": f"{schema}.bench_built"}
            ).scalar()
            count = None
            if built is not None:
                count = connection.execute(text(f'SELECT n FROM "{schema}".bench_built')).scalar()
        if count == answers:
            started = time.perf_counter()
            try:
                Store.open(url, clock=clock).close()
            except StorageError as exc:
                print(f"{schema}: cannot be migrated ({exc}), rebuilding", flush=True)
            took = time.perf_counter() - started
            if took > 1:
                print(f"{schema}: migrated to the head schema in {took:.1f} s", flush=True)
            with admin.begin() as connection:
                if _pg_columns(connection, schema) == _pg_columns(connection, reference):
                    return url
            print(f"{schema}: tables differ from the migrations', rebuilding", flush=True)
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    finally:
        admin.dispose()
    print(f"building PostgreSQL schema {schema} with {answers:,} answers …", flush=True)
    started = time.perf_counter()
    create_store(url).close()
    plain = make_url(base).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(plain, options=f"-csearch_path={schema}", autocommit=False) as pg:
        indexes = pg.execute(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.schemaname = %s"
            " AND i.tablename = 'answers' AND NOT EXISTS (SELECT 1 FROM pg_constraint c"
            " WHERE c.conname = i.indexname)",
            (schema,),
        ).fetchall()
        for name, _ in indexes:
            pg.execute(f'DROP INDEX "{name}"')
        pg.execute("DROP TRIGGER answers_count_daily ON answers")
        trainee_ids = [r[0] for r in pg.execute("SELECT id FROM trainees ORDER BY id")]
        sessions, chunks = _generated(trainee_ids, answers)
        with pg.cursor().copy(f"COPY training_sessions ({SESSION_COLUMNS}) FROM STDIN") as copy:
            for row in sessions:
                copy.write_row(row)
        loaded = 0
        for batch in chunks:
            with pg.cursor().copy(f"COPY answers ({ANSWER_COLUMNS}) FROM STDIN") as copy:
                for row in batch:
                    copy.write_row(row)
            loaded += len(batch)
            print(f"  copied {loaded:,} answers", flush=True)
        for _, sql in indexes:
            pg.execute(sql)
        for statement in _rollup_statements():
            pg.execute(statement)
        pg.execute(
            "CREATE TRIGGER answers_count_daily AFTER INSERT ON answers "
            "FOR EACH ROW EXECUTE FUNCTION answers_count_daily()"
        )
        pg.execute("SELECT setval(pg_get_serial_sequence('answers', 'id'), %s)", (answers,))
        pg.execute("CREATE TABLE bench_built (n bigint)")
        pg.execute("INSERT INTO bench_built VALUES (%s)", (answers,))
        pg.commit()
        pg.autocommit = True
        pg.execute("VACUUM ANALYZE")  # index-only scans need the visibility map
    print(f"PostgreSQL generation: {time.perf_counter() - started:.0f} s (not measured)")
    return url


def create_store(url: str) -> Store:
    store = Store.open(url, passwords=FAST, clock=clock, backups_kept=1)
    desk = store.instructor(store.create_first_instructor("Bench", PASSWORD))
    for n in range(TRAINEES):
        desk.add_trainee(f"Trainee {n:03d}")
    return store


def schema(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'trigger')"
            " AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
    # A table rebuilt by a migration lists its constraints in no fixed order: compare the
    # lines of its definition as a set, not its text.
    return {
        name: "\n".join(sorted(line.strip().rstrip(",") for line in (sql or "").splitlines()))
        for name, sql in rows
    }


def wait_for(signal: object, timeout_s: float = 120.0) -> None:
    loop = QEventLoop()
    signal.connect(loop.quit)  # type: ignore[attr-defined]
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    loop.exec()


class Ticker:
    """A 5 ms timer on the GUI thread: the longest time between two of its ticks."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._tick)
        self.longest = 0.0
        self._last = 0.0

    def start(self) -> None:
        self.longest = 0.0
        self._last = time.perf_counter()
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now

    def stop(self) -> float:
        self._tick()
        self.timer.stop()
        return self.longest


@dataclass
class Run:
    painted: float  # to the first painted cohort plot
    whole: float  # to the plots painted and the table filled
    within: float  # to the table's Within target column filled too
    gap_ms: float  # longest GUI freeze while loading
    pdf: float  # the cohort PDF, from the Reports tab
    pdf_gap_ms: float
    trainee: float  # one trainee's figures on opening them
    trainee_gap_ms: float  # longest GUI freeze while a trainee opens
    answers_gap_ms: float  # longest GUI freeze opening their Answers page (newest drawn)
    built_ms: float  # building the window: the GUI thread busy before it shows


def settle(ms: int) -> None:
    """Let the event loop run for ``ms`` (what the window does before the next click)."""
    pause = QEventLoop()
    QTimer.singleShot(ms, pause.quit)
    pause.exec()


def open_dashboard(store: Store, pdf_path: Path) -> Run:
    from dealer_trainer.ui.instructor import InstructorWindow

    session = store.verify_instructor(PASSWORD)
    painted: list[float] = []
    table: list[float] = []
    ticker = Ticker()
    started = time.perf_counter()
    window = InstructorWindow(store, session)
    built = time.perf_counter()
    window.cohort.plots.firstPainted.connect(lambda: painted.append(time.perf_counter()))
    window.cohort.tableLoaded.connect(lambda: table.append(time.perf_counter()))
    within: list[float] = []
    window.cohort.within.loaded.connect(lambda: within.append(time.perf_counter()))
    window.show()
    ticker.start()
    if not painted:
        wait_for(window.cohort.plots.firstPainted)
    if not table:
        wait_for(window.cohort.tableLoaded, 600)
    if not within:
        wait_for(window.cohort.within.loaded, 600)
    # The view settles (its deferred layouts and repaints) within this measure, in the
    # moment before a person's hand reaches the PDF button: they fell in the PDF's before.
    settle(300)
    gap = ticker.stop()
    if not painted or not table or not within:
        raise RuntimeError("the dashboard did not paint (or fill its table) in time")
    written: list[float] = []
    window.reports.written.connect(lambda _: written.append(time.perf_counter()))
    failed: list[str] = []
    window.jobs.failed.connect(failed.append)
    ticker.start()
    asked = time.perf_counter()
    window.reports.write_pdf(pdf_path)
    if not written:
        wait_for(window.reports.written, 600)
    pdf_gap = ticker.stop()
    if not written:
        raise RuntimeError(f"the cohort PDF was not written: {failed}")
    trainee = window.cohort.model.figure(0).trainee_id
    loaded: list[float] = []
    answered: list[float] = []
    ticker.start()
    opened = time.perf_counter()
    window.open_trainee(trainee)
    # Connected after the click: reading ``window.trainee`` before it would build the tab
    # (if the window had not yet) outside the measure. The figures come back as queued
    # signals from the workers, so none is emitted before this.
    window.trainee.figuresLoaded.connect(lambda: loaded.append(time.perf_counter()))
    window.trainee.answersLoaded.connect(lambda: answered.append(time.perf_counter()))
    if not loaded:
        wait_for(window.trainee.figuresLoaded)
    if not answered:
        wait_for(window.trainee.answersLoaded)
    QApplication.processEvents()  # what the trainee's tab shows, painted
    trainee_gap = ticker.stop()
    # The Answers page, clicked a moment later (a person's hand moves to its tab: the tab's
    # last repaints are done by then): its newest answer is drawn on the felt as it shows.
    settle(300)
    detail = window.trainee.detail
    drawn: list[float] = []
    detail.drawn.connect(lambda: drawn.append(time.perf_counter()))
    ticker.start()
    window.trainee.pages.setCurrentIndex(1)
    if detail.answer is not None and not drawn:
        wait_for(detail.drawn)
    QApplication.processEvents()  # painted
    answers_gap = ticker.stop()
    window.close()
    window.deleteLater()
    # The window is taken down here, not in the next run's measure (a deferred delete is
    # otherwise done by the next event loop: the next window's).
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    if not loaded:
        raise RuntimeError("the trainee's figures did not load in time")
    return Run(
        painted=painted[0] - started,
        whole=max(painted[0], table[0]) - started,
        within=within[0] - started,
        gap_ms=1000 * gap,
        pdf=written[0] - asked,
        pdf_gap_ms=1000 * pdf_gap,
        trainee=loaded[0] - opened,
        trainee_gap_ms=1000 * trainee_gap,
        answers_gap_ms=1000 * answers_gap,
        built_ms=1000 * (built - started),
    )


def recount(stores: dict[str, Store], label: str) -> None:
    """The Within target rollup counted against the targets in force, as the instructor's
    window does once its first figures are in (a new or upgraded store: every skill),
    here before the runs so that no run shares the machine with it."""
    for name, store in stores.items():
        desk = store.instructor(store.verify_instructor(PASSWORD))
        started = time.perf_counter()
        counted = desk.standards.recount_within()
        took = time.perf_counter() - started
        if counted:
            print(
                f"{label} {name}: the Within target rollup counted for {len(counted)} skills"
                f" in {took:.1f} s (once per store and change of target; in the background)",
                flush=True,
            )


def measure(stores: dict[str, Store], runs: int, label: str, total: int) -> None:
    recount(stores, label)
    results: dict[str, list[Run]] = {name: [] for name in stores}
    for _ in range(runs):
        for name, store in stores.items():
            results[name].append(open_dashboard(store, OUT / f"cohort-{label}-{name}.pdf"))

    def median(name: str, field: str) -> float:
        return statistics.median(getattr(r, field) for r in results[name])

    print(f"{label}: {total:,} answers, {TRAINEES} trainees, {DAYS} days (median of {runs})")
    for name in stores:
        runs_text = ", ".join(f"{r.whole:.3f}" for r in results[name])
        print(f"  {name:>9} whole-view runs (first is the coldest): {runs_text} s")
    for field, what in (
        ("whole", "whole cohort view (plots and table)"),
        ("within", "with its Within target column"),
        ("pdf", "cohort PDF"),
    ):
        goal = PDF_GOAL_S if field == "pdf" else GOAL_S
        ours, reference = median("10M", field), median("reference", field)
        print(
            f"  {what:<38} {ours:7.3f} s   empty {reference:6.3f} s   ratio "
            f"{ours / reference:5.2f}   {ours / goal:4.2f} of the {goal:g} s goal"
        )
    print(
        f"  {'first painted cohort plot':<38} {median('10M', 'painted'):7.3f} s   empty "
        f"{median('reference', 'painted'):6.3f} s"
    )
    print(
        f"  {'building the window (before it shows)':<38} {median('10M', 'built_ms'):7.0f} ms  "
        f"empty {median('reference', 'built_ms'):4.0f} ms"
    )
    for field, what in (
        ("gap_ms", "loading the view"),
        ("pdf_gap_ms", "writing the PDF"),
        ("trainee_gap_ms", "opening a trainee"),
        ("answers_gap_ms", "opening their answers"),
    ):
        worst = max(getattr(r, field) for r in results["10M"])
        empty = max(getattr(r, field) for r in results["reference"])
        print(
            f"  longest GUI freeze {what:<21} {worst:5.0f} ms (worst run; empty {empty:.0f} ms;"
            f" goal < 100 ms)"
        )
    print(
        f"  {'one trainee on opening (90 days)':<38} {median('10M', 'trainee'):7.3f} s   empty "
        f"{median('reference', 'trainee'):6.3f} s"
    )


def sqlite(answers: int, runs: int) -> None:
    full = OUT / f"dashboard-{answers}.sqlite3"
    empty = OUT / "dashboard-empty.sqlite3"
    fresh = OUT / "schema-probe.sqlite3"
    for stale in (empty, full):  # a cached file of an older schema is migrated, then checked
        if stale.exists():
            started = time.perf_counter()
            Store.open(f"sqlite:///{stale}", clock=clock, backups_kept=1).close()
            took = time.perf_counter() - started
            if took > 1:
                print(f"{stale.name}: migrated to the head schema in {took:.1f} s", flush=True)
            for old in OUT.glob(fresh.name + "*"):
                old.unlink()
            create(fresh).close()
            if schema(fresh) != schema(stale):
                print(f"{stale.name}: schema differs from the migrations', rebuilding", flush=True)
                for old in OUT.glob(stale.name + "*"):
                    old.unlink()
            for old in OUT.glob(fresh.name + "*"):
                old.unlink()
    if not full.exists():
        print(f"building {full} with {answers:,} answers …", flush=True)
        started = time.perf_counter()
        partial = full.with_suffix(".building")
        for stale in OUT.glob(partial.name + "*"):
            stale.unlink()
        build(partial, answers)
        partial.rename(full)
        print(f"generation: {time.perf_counter() - started:.0f} s (not measured)", flush=True)
    if not empty.exists():
        create(empty).close()
    stores = {
        "reference": Store.open(f"sqlite:///{empty}", clock=clock, backups_kept=1),
        "10M": Store.open(f"sqlite:///{full}", clock=clock, backups_kept=1),
    }
    total = stores["10M"].read(lambda c: c.exec_driver_sql("SELECT max(id) FROM answers").scalar())
    try:
        measure(stores, runs, "SQLite", total)
    finally:
        for store in stores.values():
            store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=10_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-postgresql", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    app = QApplication.instance() or QApplication([])
    # As the app does when the instructor's views are opened: their code loaded, then kept
    # out of Python's full garbage collections (``ui.long_lived``).
    importlib.import_module("dealer_trainer.ui.instructor.window")
    from dealer_trainer.ui.kit.long_lived import keep_loaded_code

    keep_loaded_code()
    if not args.no_sqlite:
        sqlite(args.answers, args.runs)
    base = os.environ.get("DEALER_TRAINER_TEST_PG_URL")
    if base and not args.no_postgresql:
        empty_url = _pg_url(base, "bench_dashboard_empty")
        admin = create_engine(base)
        try:
            with admin.begin() as connection:
                connection.execute(text('DROP SCHEMA IF EXISTS "bench_dashboard_empty" CASCADE'))
                connection.execute(text('CREATE SCHEMA "bench_dashboard_empty"'))
        finally:
            admin.dispose()
        create_store(empty_url).close()
        full_url = build_postgresql(
            base, f"bench_dashboard_{args.answers}", args.answers, "bench_dashboard_empty"
        )
        stores = {
            "reference": Store.open(empty_url, clock=clock),
            "10M": Store.open(full_url, clock=clock),
        }
        try:
            measure(stores, args.runs, "PostgreSQL", args.answers)
        finally:
            for store in stores.values():
                store.close()
    del app


if __name__ == "__main__":
    main()
