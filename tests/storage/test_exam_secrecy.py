"""An exam stays secret until sat: what a trainee reads before starting holds no seed."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from sqlalchemy import event

from dealer_trainer.storage import AccessDeniedError, Store
from dealer_trainer.storage.audit import Action
from tests.signing import sign_in_own

from .conftest import FakeClock

SEED = 7_340_212_345_678


def test_a_trainee_reads_no_seed_before_sitting_and_the_start_is_logged(
    store: Store, clock: FakeClock
) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    chan = desk.add_trainee("Chan Tai Man", password="battery staple")
    wong = desk.add_trainee("Wong Mei Ling", password="battery staple")
    paper = desk.create_exam(
        "Roulette payouts",
        "roulette-2003",
        ["roulette.payout.straight_up"],
        5,
        SEED,
        Fraction(4, 5),
    )
    (assignment,) = desk.assign_exam(paper.id, [chan.id])
    trainee = store.trainee_desk(sign_in_own(store, "chan.tai.man", "battery staple"))

    statements: list[str] = []
    rows: list[Any] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    engine = store._engine  # the store's own connections: what the trainee session reads
    event.listen(engine, "before_cursor_execute", seen)
    try:
        notices = trainee.open_exams()
        rows.extend(notices)
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert [n.title for _, n in notices] == ["Roulette payouts"]
    assert not any("seed" in s for s in statements), statements
    assert str(SEED) not in repr(rows)

    clock.advance(minutes=1)
    assert trainee.exam_paper(assignment.id).seed == SEED  # handed out to sit it
    entry = desk.audit_log()[0]
    assert (entry.actor, entry.action, entry.subject) == (
        "chan.tai.man",
        Action.EXAM_STARTED,
        f"exam:{paper.id}",
    )
    other = store.trainee_desk(sign_in_own(store, "wong.mei.ling", "battery staple"))
    with pytest.raises(AccessDeniedError, match="not assigned to you"):
        other.exam_paper(assignment.id)
    assert wong.id != chan.id
