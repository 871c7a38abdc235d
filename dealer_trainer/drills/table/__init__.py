"""The live table (no Qt): a round of any game, planned and judged by the rules core."""

from __future__ import annotations

import importlib

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import (
    Attempt,
    Clock,
    RoundRecorder,
    RoundSummary,
    Seat,
    Situation,
    TableRound,
    monotonic_ms,
    steps_in_order,
)
from dealer_trainer.rules.rulesets import Ruleset

_GAMES = ("roulette", "craps", "caribbean_stud")


def new_round(
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    recorder: RoundRecorder | None = None,
    clock: Clock = monotonic_ms,
) -> TableRound:
    """A round of the ruleset's game, reproducible from the seed, its work planned."""
    if ruleset.game not in _GAMES:
        raise ValueError(f"there is no live table for the game {ruleset.game!r}")
    deal = importlib.import_module(f"dealer_trainer.drills.table.{ruleset.game}")
    procedure = importlib.import_module(f"dealer_trainer.rules.{ruleset.game}.procedure")
    situation: Situation = deal.situation(ruleset, seed, difficulty)
    work = procedure.work(situation.request, ruleset)
    return TableRound(
        game=ruleset.game,
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset,
        situation=situation,
        work=work,
        recorder=recorder,
        clock=clock,
    )


__all__ = [
    "Attempt",
    "RoundRecorder",
    "RoundSummary",
    "Seat",
    "Situation",
    "TableRound",
    "new_round",
    "steps_in_order",
]
