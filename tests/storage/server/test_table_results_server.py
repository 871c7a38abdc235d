"""On a centre's server, the live table's results (storage.table_stats) are read by an
instructor's own login for every trainee, and by a trainee's login only for their own rounds
(the grants and row-level security of table_rounds, table_attempts and table_round_ends)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import Connection, select

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.storage.models import TableRoundRow
from dealer_trainer.storage.table_stats import table_results
from tests.storage.server.conftest import Centre
from tests.storage.server.test_workstation import _instructor, _open, _trainee
from tests.storage.table_dealers import deal, expected


def _sessions_of(trainee_id: int) -> Callable[[Connection], Any]:
    query = select(TableRoundRow.session_id).where(TableRoundRow.trainee_id == trainee_id)
    return lambda c: c.execute(query.distinct()).all()


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "tina", "Tina Instructor")
    return {
        "ina": ina,
        "tom": centre.add("trainee", "ttom", "Tom Table", by=ina),
        "eve": centre.add("trainee", "teve", "Eve Table", by=ina),
    }


def test_server_table_results_instructor_reads_all_trainee_reads_only_their_own(
    centre: Centre, people: dict[str, str]
) -> None:
    played = {}
    for stem, game, bad in (("tom", "roulette", True), ("eve", "craps", False)):
        with _open(centre, people[stem]) as store:
            desk = _trainee(store, centre)
            rounds = deal(store, desk.trainee_id, game, range(2), Difficulty.BEGINNER, bad=bad,
                          desk=desk)  # fmt: skip
            played[desk.trainee_id] = rounds
            for session_id in {int(r[0]) for r in store.read(_sessions_of(desk.trainee_id))}:
                centre.wait_rounds_graded(session_id)  # the figures are the grader's
    with _open(centre, people["ina"]) as store:
        results = _instructor(store, centre).table_results()
    for trainee_id, rounds in played.items():
        want = expected(rounds)
        assert results[trainee_id].rounds == want.rounds
        assert {k.kind: (k.right, k.out_of) for k in results[trainee_id].kinds} == want.kinds
        assert {(m.code, m.citation): m.times for m in results[trainee_id].mistakes} == dict(
            want.mistakes
        )
    with _open(centre, people["tom"]) as store:
        tom = _trainee(store, centre)
        own = store.read(table_results)  # the same SQL, under Tom's own login
    assert set(own) == {tom.trainee_id}
    assert own[tom.trainee_id] == results[tom.trainee_id]
