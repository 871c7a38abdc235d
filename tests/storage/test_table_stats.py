"""The live table's results counted in SQL (storage.table_stats), on SQLite and PostgreSQL:
rounds dealt through the real round engine by a good and a bad dealer, and the figures
checked against counts this test makes from the engine's own attempts."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

from sqlalchemy import event

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.pace import pace_of
from dealer_trainer.storage import Store
from dealer_trainer.storage.desks import InstructorDesk
from dealer_trainer.storage.table_stats import (
    ORDER_KIND,
    TableResults,
    cohort_results,
    table_results,
)
from tests.storage.conftest import FakeClock
from tests.storage.table_dealers import Expected, deal, expected


def _people(store: Store) -> tuple[InstructorDesk, int, int]:
    desk = store.instructor(store.create_first_instructor("Ina Lam", "correct horse"))
    return desk, desk.add_trainee("Ana Lei").id, desk.add_trainee("Bo Chan").id


def _check(results: TableResults, want: Expected) -> None:
    assert results.rounds == want.rounds
    assert results.ms == want.ms
    assert {k.kind: (k.right, k.out_of) for k in results.kinds} == want.kinds
    assert {(m.code, m.citation): m.times for m in results.mistakes} == dict(want.mistakes)
    assert sum(p.settled for p in results.paces) == want.settled


def test_table_results_count_each_kind_time_pace_and_mistake_of_each_trainee_and_the_cohort(
    store: Store, clock: FakeClock
) -> None:
    desk, ana, bo = _people(store)
    ana_rounds = deal(store, ana, "roulette", range(4), Difficulty.INTERMEDIATE, bad=True)
    ana_rounds += deal(store, ana, "craps", range(3), Difficulty.BEGINNER, bad=True)
    bo_rounds = deal(store, bo, "roulette", range(10, 13), Difficulty.INTERMEDIATE, bad=False)
    results = desk.table_results()
    assert set(results) == {ana, bo}
    _check(results[ana], expected(ana_rounds))
    _check(results[bo], expected(bo_rounds))
    _check(cohort_results(results), expected(ana_rounds + bo_rounds))
    # A good dealer is right at every step; a bad one was refused for amounts and turns.
    assert all(k.right == k.out_of for k in results[bo].kinds)
    codes = {m.code for m in results[ana].mistakes}
    assert {"wrong_amount", "paid_before_collecting"} <= codes
    assert results[ana].kind(ORDER_KIND) is not None
    # The pace per game and level is the round engine's own pace of those rounds.
    for pace in results[ana].paces:
        played = [
            r for r in ana_rounds if r.game == pace.game and int(r.difficulty) == pace.difficulty
        ]
        assert pace.rounds == len(played)
        assert pace.pace == pace_of(r.summary() for r in played)
    assert [(p.game, p.difficulty) for p in results[ana].paces] == [
        ("craps", 1),
        ("roulette", 2),
    ]
    by_code = results[ana].by_code()
    assert [k.times for k in by_code] == sorted((k.times for k in by_code), reverse=True)
    assert sum(k.times for k in by_code) == sum(expected(ana_rounds).mistakes.values())


def test_table_results_of_a_period_count_only_its_rounds_and_no_attempt_is_loaded(
    store: Store, clock: FakeClock
) -> None:
    desk, ana, _ = _people(store)
    old = deal(store, ana, "roulette", range(2), Difficulty.BEGINNER, bad=True)
    clock.advance(days=40)
    since = clock()
    new = deal(store, ana, "roulette", range(5, 7), Difficulty.BEGINNER, bad=False)
    desk = store.instructor(store.verify_instructor("correct horse"))  # locked meanwhile
    assert desk.table_results()[ana].rounds == len(old) + len(new)
    statements: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        statements.append(statement)

    engine = store._engine  # the statements sent: the counting is SQL's
    event.listen(engine, "before_cursor_execute", seen)
    try:
        recent = desk.table_results(since=since - timedelta(minutes=1))
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    _check(recent[ana], expected(new))
    counting = [s for s in statements if "table_attempts" in s or "table_round_ends" in s]
    assert len(counting) == 4 and all("GROUP BY" in s for s in counting)
    assert recent[ana].kind("pay") is None or recent[ana].kind("pay").share == Fraction(1)  # type: ignore[union-attr]


def test_table_results_read_through_a_connection_see_only_the_rounds_asked_for(
    store: Store,
) -> None:
    desk, ana, bo = _people(store)
    deal(store, ana, "roulette", range(2), Difficulty.BEGINNER, bad=True)
    deal(store, bo, "craps", range(2), Difficulty.BEGINNER, bad=False)
    only = store.read(lambda c: table_results(c, [bo]))
    assert set(only) == {bo}
    assert desk.table_results()[bo] == only[bo]
