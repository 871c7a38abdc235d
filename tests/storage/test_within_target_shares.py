"""The cohort table's "Within target" figure (``reports.within_target.shares``): per trainee,
answers right and within the skill's target over the days asked, by the Mastery tab's
aggregate query, for every trainee or a group's (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from dealer_trainer.reports import within_target
from dealer_trainer.storage import SessionKind, Store

from .conftest import MACAU, START, answer

SKILL = "roulette.straight_up"


def test_within_target_counts_right_and_in_time_per_trainee(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    desk.standards.set_standard(SKILL, Decimal("10"))
    day = START.astimezone(MACAU).date()
    ids = {}
    for name, results in (
        ("Chan", [(True, 9000), (True, 10_000), (True, 10_001), (False, 2000)]),
        ("Wong", [(True, 3000)]),
        ("Lei", [(False, 3000), (True, 30_000)]),
    ):
        trainee = desk.add_trainee(name)
        ids[name] = trainee.id
        own = store.trainee(trainee.id)
        session = own.start_session("roulette-2003", SessionKind.PRACTICE)
        for n, (right, ms) in enumerate(results):
            own.record_answer(session.id, answer(n, skill=SKILL, correct=right, time_taken_ms=ms))
        own.end_session(session.id)
    every = within_target.shares(desk, day, day)
    assert {
        name: (every[i].answers, every[i].right, every[i].within) for name, i in ids.items()
    } == {
        "Chan": (4, 3, 2),  # 10.001 s is over the 10 s standard; a wrong one never counts
        "Wong": (1, 1, 1),
        "Lei": (2, 1, 0),
    }
    assert within_target.cell_text(every[ids["Chan"]]) == "50.0 %"
    assert within_target.cell_text(every[ids["Lei"]]) == "0.0 %"
    assert within_target.cell_text(None) == ""
    group = within_target.shares(desk, day, day, {ids["Wong"]})
    assert set(group) == {ids["Wong"]}
    assert within_target.shares(desk, day + timedelta(days=1), day + timedelta(days=1)) == {}
