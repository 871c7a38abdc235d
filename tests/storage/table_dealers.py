"""Scripted dealers at the live table, recording through the real round engine and storage.

A good dealer does every planned step in order; a bad one, before some right
steps, tries a wrong one first (a wrong amount, a step out of its turn, a loser
paid), which practice refuses and records. Each returns the rounds it played, so
a test counts what the dashboard should show from the engine's own attempts.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableMode, new_round, steps_in_order
from dealer_trainer.drills.table.round import ORDER_CODES, Clock, TableRound, monotonic_ms
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import Store, TraineeDesk
from dealer_trainer.storage.table_recorder import TableRecorder

RULESETS = {"roulette": "roulette-2003", "craps": "craps-1985"}


def _wrong_first(planned: Step, later: Sequence[Step]) -> Step | None:
    """A wrong step to try before ``planned``: a wrong amount for a payment, else a later
    step out of its turn (None: nothing wrong to try here)."""
    if planned.action is Action.PAY and planned.amount is not None:
        return dataclasses.replace(planned, amount=planned.amount + Decimal(5))
    if planned.action is Action.COLLECT:
        pay = next((s for s in later if s.action is Action.PAY), None)
        if pay is not None:
            return pay  # a winner paid before this loser is collected
    return None


def deal(
    store: Store,
    trainee_id: int,
    game: str,
    seeds: Iterable[int],
    difficulty: Difficulty,
    *,
    bad: bool,
    clock: Clock | None = None,
    desk: TraineeDesk | None = None,
) -> list[TableRound]:
    """Practice rounds of ``game`` dealt to the end; ``bad``: a wrong try before each step
    that has one."""
    own = desk if desk is not None else store.trainee(trainee_id)
    recorder = TableRecorder.start(own, RULESETS[game], clock=store.now)
    ruleset = default_ruleset(game)
    played = []
    try:
        for seed in seeds:
            round_ = new_round(
                ruleset,
                seed,
                difficulty,
                recorder=recorder,
                mode=TableMode.PRACTICE,
                clock=clock or monotonic_ms,
            )
            plan = steps_in_order(round_.plan)
            for index, planned in enumerate(plan):
                wrong = _wrong_first(planned, plan[index + 1 :]) if bad else None
                if wrong is not None:
                    attempt = round_.act(wrong)
                    assert not attempt.accepted
                round_.act(planned)
            if not round_.finished:
                round_.close()
            played.append(round_)
    finally:
        recorder.close()
    return played


def deal_centre(store: Store, trainees: Mapping[str, int]) -> dict[str, list[TableRound]]:
    """Ana Lei deals badly (wrong amounts, winners paid before the losers are collected) at
    roulette and craps, Bruno Chan well at roulette; each step takes four seconds."""
    ticks = [0]

    def clock() -> int:
        ticks[0] += 4_000
        return ticks[0]

    ana, bruno = trainees["Ana Lei"], trainees["Bruno Chan"]
    return {
        "Ana Lei": deal(store, ana, "roulette", range(4), Difficulty.INTERMEDIATE, bad=True,
                        clock=clock)
        + deal(store, ana, "craps", (3, 10, 11), Difficulty.ADVANCED, bad=True, clock=clock),
        "Bruno Chan": deal(store, bruno, "roulette", range(10, 13), Difficulty.INTERMEDIATE,
                           bad=False, clock=clock),
    }  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Expected:
    """What the dashboard should show for some rounds, counted from the engine's attempts."""

    rounds: int
    ms: int
    kinds: dict[str, tuple[int, int]]  # action or "order" -> (right, tried)
    mistakes: Counter[tuple[str, str | None]]
    settled: int

    def share(self, kind: str) -> Fraction:
        right, tried = self.kinds[kind]
        return Fraction(right, tried)


def expected(rounds: Iterable[TableRound]) -> Expected:
    kinds: dict[str, list[int]] = {}
    mistakes: Counter[tuple[str, str | None]] = Counter()
    count = ms = settled = 0
    for round_ in rounds:
        count += 1
        summary = round_.summary()
        ms += summary.ms
        settled += 1 if summary.complete else 0
        for attempt in round_.attempts:
            if not attempt.accepted:
                cited = attempt.verdict.citation
                mistakes[(attempt.verdict.code, None if cited is None else str(cited))] += 1
            if attempt.step is None:
                continue
            in_turn = attempt.accepted or attempt.verdict.code in ORDER_CODES
            tally = kinds.setdefault(str(attempt.step.action), [0, 0])
            tally[0] += in_turn  # refused only for its turn: right in its kind, wrong in order
            tally[1] += 1
            if in_turn:
                order = kinds.setdefault("order", [0, 0])
                order[0] += attempt.accepted
                order[1] += 1
    return Expected(count, ms, {k: (v[0], v[1]) for k, v in kinds.items()}, mistakes, settled)
