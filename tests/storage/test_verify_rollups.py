"""Single PC: *Verify records* counts the dashboard's rollups again from the answers.

``UPDATE daily_skill_counts SET correct = answers`` (the sqlite3 shell; the rollups have no
protecting trigger, the answers' insert trigger keeps them) makes the dashboard show 30 of
30 right while the answers hold 23: Verify names the skill, the day and both counts.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from dealer_trainer.storage import InstructorDesk, Store
from dealer_trainer.storage.verify import DAILY, PER_TRAINEE, Figures, Problem

from .conftest import FAST_PASSWORDS, MACAU, START, FakeClock, answer

SKILL = "roulette.payout.straight_up"
DAY = date(2026, 11, 30)  # START in Macau


def _sql(path: Path, statement: str) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute(statement)
    finally:
        connection.close()


@pytest.fixture
def records(tmp_path: Path) -> Iterator[tuple[Path, InstructorDesk, int]]:
    """30 answers of one trainee on one day, 23 of them right."""
    clock = FakeClock()
    store = Store.open(data_dir=tmp_path / "data", clock=clock, passwords=FAST_PASSWORDS,
                       day_zone=MACAU)  # fmt: skip
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    chan_id = desk.add_trainee("Chan Tai Man", password="battery staple").id
    chan = store.trainee(chan_id)
    session = chan.start_session("roulette-2003")
    for n in range(30):
        clock.advance(seconds=10)
        chan.record_answer(
            session.id,
            answer(
                n,
                correct=n >= 7,
                time_taken_ms=1000 + 100 * n,
                answered_at=START + timedelta(seconds=10 * n),
            ),
        )
    assert store.location.sqlite_path is not None
    try:
        yield store.location.sqlite_path, desk, chan_id
    finally:
        store.close()


def test_untouched_rollups_are_clean(records: tuple[Path, InstructorDesk, int]) -> None:
    _path, desk, _chan = records
    found = desk.verify_records()
    assert found.clean, found.findings
    assert found.answers_checked == 30


def test_a_rollup_made_all_right_is_named_with_the_skill_the_day_and_the_counts(
    records: tuple[Path, InstructorDesk, int],
) -> None:
    path, desk, _chan = records
    _sql(path, "UPDATE daily_skill_counts SET correct = answers")
    shown = desk.daily_skill_stats(DAY, DAY)
    assert [(s.answers, s.correct) for s in shown] == [(30, 30)]  # what the dashboard shows
    found = desk.verify_records()
    assert not found.clean
    (finding,) = found.findings
    assert finding.problem is Problem.ROLLUP_CHANGED
    assert (finding.rollup, finding.skill, finding.day) == (DAILY, SKILL, DAY)
    assert finding.trainee is None
    assert finding.shown is not None and finding.recorded is not None
    assert (finding.shown.answers, finding.shown.correct) == (30, 30)
    assert (finding.recorded.answers, finding.recorded.correct) == (30, 23)
    assert finding.counts_differ


def test_the_per_trainee_rollup_and_its_median_and_within_are_checked(
    records: tuple[Path, InstructorDesk, int],
) -> None:
    path, desk, chan = records
    _sql(path, "UPDATE trainee_skill_days SET median2 = 2, within = 30")
    _sql(path, "DELETE FROM daily_skill_counts")
    found = desk.verify_records()
    by_rollup = {f.rollup: f for f in found.findings}
    assert set(by_rollup) == {DAILY, PER_TRAINEE}
    daily = by_rollup[DAILY]
    assert daily.shown == Figures()  # the row taken away: nothing shown
    assert daily.recorded is not None and daily.recorded.answers == 30
    mine = by_rollup[PER_TRAINEE]
    assert mine.trainee == "Chan Tai Man" and mine.day == DAY and mine.skill == SKILL
    assert not mine.counts_differ  # the counts are right: the median and within are not
    assert mine.shown is not None and mine.recorded is not None
    assert (mine.shown.median2, mine.shown.within) == (2, 30)
    # The median of 1000 + 100 n (n < 30) is 2450 ms; no target counted yet: none within.
    assert (mine.recorded.median2, mine.recorded.within) == (4900, 0)
    assert chan


def test_a_rollup_row_for_answers_never_given_is_found(
    records: tuple[Path, InstructorDesk, int],
) -> None:
    path, desk, _chan = records
    _sql(
        path,
        "INSERT INTO daily_skill_counts (answered_day, skill, answers, correct, median2) "
        f"VALUES ('2026-11-29', '{SKILL}', 50, 50, 2000)",
    )
    (finding,) = desk.verify_records().findings
    assert finding.day == date(2026, 11, 29)
    assert finding.shown == Figures(50, 50, 2000, 0)
    assert finding.recorded == Figures()
