"""``grader.grade_round`` (issue 36): a live-table round is dealt again from its seed (a craps
round going on at a table: the k-th of its run) and its recorded steps judged again by the
rules core; what the workstation said of them does not count."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import steps_in_order, table_run
from dealer_trainer.drills.table.round import TableMode, TableRound
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage.server.grader import Flag, grade_round
from dealer_trainer.storage.table_recorder import attempt_record


def _stored(round_: TableRound, *, forged: bool) -> tuple[Any, list[Any]]:
    """The round's row and attempts as storage keeps them (``forged``: every step said right)."""
    row = SimpleNamespace(
        id=1, seed=round_.seed, difficulty=int(round_.difficulty), situation=round_.to_json()
    )
    attempts = []
    for attempt in round_.attempts:
        record = attempt_record(attempt)
        if forged:
            record = dataclasses.replace(record, accepted=True, verdict_code=None)
        attempts.append(
            SimpleNamespace(
                position=record.position, step=record.step, accepted=record.accepted,
                verdict_code=record.verdict_code, ms=record.ms,
                action=None if attempt.step is None else str(attempt.step.action),
            )
        )  # fmt: skip
    return row, attempts


def test_a_craps_round_going_on_at_a_table_is_dealt_again_through_its_run() -> None:
    ruleset = default_ruleset("craps")
    run = table_run(ruleset, 1234, Difficulty.BEGINNER)
    for k in range(1, 5):
        round_ = next(run)
        plan = steps_in_order(round_.plan)
        for step in plan:
            round_.act(step)
        if not round_.finished:
            round_.close()
        assert (k == 1) == (round_.situation.run is None)
        row, attempts = _stored(round_, forged=False)
        graded = grade_round(ruleset, row, attempts, TableMode.PRACTICE, 1000, 10)
        assert graded.flag is None and graded.situation_matches and graded.complete
        assert (graded.right, graded.tried) == (len(plan), len(plan))
        assert graded.ms == 1000  # the workstation's, where longer than the server's


def test_steps_said_right_by_the_workstation_are_judged_again() -> None:
    from tests.storage.table_dealers import _wrong_first

    ruleset = default_ruleset("roulette")
    for seed in range(20):  # the first round with a wrong step to try
        round_ = next(table_run(ruleset, seed, Difficulty.BEGINNER))
        plan = steps_in_order(round_.plan)
        for index, step in enumerate(plan):
            wrong = _wrong_first(step, plan[index + 1 :])
            if wrong is not None:
                assert not round_.act(wrong).accepted
            round_.act(step)
        if not round_.finished:
            round_.close()
        refused = sum(1 for a in round_.attempts if not a.accepted)
        if refused:
            break
    assert refused
    row, attempts = _stored(round_, forged=True)
    graded = grade_round(ruleset, row, attempts, TableMode.PRACTICE, 10, 2000)
    assert graded.tried - graded.right == refused
    assert sum(not v["accepted"] for v in graded.verdicts.values()) == refused
    assert graded.ms == 2000  # the server's, where longer than the workstation's


def test_a_round_that_cannot_be_replayed_counts_nothing_right() -> None:
    ruleset = default_ruleset("roulette")
    round_ = next(table_run(ruleset, 5, Difficulty.BEGINNER))
    row, _ = _stored(round_, forged=True)
    step = SimpleNamespace(position=0, step={"action": "nonsense"}, accepted=True,
                           verdict_code=None, ms=5, action="pay")  # fmt: skip
    graded = grade_round(ruleset, row, [step], TableMode.PRACTICE, 10, 10)
    assert graded.flag is Flag.NO_ROUND and (graded.right, graded.tried) == (0, 1)
    assert not graded.complete
