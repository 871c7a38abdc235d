"""A scripted dealer for the live-table rounds of an assigned exam: the rounds dealt in
exam mode from the exam's seed, in the sitting's own session, recorded through the real
round engine and storage (a perfect dealer, or one who pays the first winner 5 too much)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import perfect_steps
from dealer_trainer.drills.table.exam import TableExam
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.storage import TraineeDesk
from dealer_trainer.storage.records import Exam
from dealer_trainer.storage.table_recorder import TableRecorder


class ManualMs:
    """The round engine's clock (milliseconds), moved by hand."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


def deal_exam_rounds(
    desk: TraineeDesk,
    session_id: int,
    paper: Exam,
    *,
    round_ms: int,
    rounds: int | None = None,
    wrong_first_pay: bool = False,
) -> TableExam:
    """Deal ``rounds`` (all, unless given) of the paper's rounds, each taking ``round_ms``;
    declared settled at the end of each."""
    assert paper.table_rounds and paper.table_difficulty is not None
    clock = ManualMs()
    exam = TableExam(
        get_ruleset(paper.ruleset_id),
        Difficulty(paper.table_difficulty),
        paper.seed,
        rounds=paper.table_rounds,
        recorder=TableRecorder(desk, session_id),
        clock=clock,
    )
    wrong = wrong_first_pay
    for _ in range(paper.table_rounds if rounds is None else rounds):
        round_ = exam.next_round()
        for planned in perfect_steps(round_):
            step = planned
            if wrong and isinstance(step, Step) and step.action is Action.PAY and step.amount:
                step = dataclasses.replace(step, amount=step.amount + Decimal(5))
                wrong = False
            round_.act(step)
        clock.now += round_ms
        if not round_.finished:
            round_.close()
    return exam
