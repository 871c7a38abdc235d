"""The live table (no Qt): a round of any game, planned and judged by the rules core."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import caribbean_stud, craps, irregular, roulette, sic_bo
from dealer_trainer.drills.table.round import (
    Attempt,
    Clock,
    ExamTag,
    RoundRecorder,
    RoundSummary,
    Ruled,
    Run,
    Seat,
    Situation,
    TableMode,
    TableRound,
    monotonic_ms,
    steps_in_order,
)
from dealer_trainer.drills.table.stud_dealing import IRREGULARITY_RATE as STUD_IRREGULARITY_RATE
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.caribbean_stud import procedure as caribbean_stud_procedure
from dealer_trainer.rules.caribbean_stud.calls import DealerCall
from dealer_trainer.rules.craps import procedure as craps_procedure
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Step, WorkOf
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.sic_bo import procedure as sic_bo_procedure
from dealer_trainer.rules.text import Text

Deal = Callable[[Ruleset, int, Difficulty], Situation]
#: The seeds a table's rounds are dealt from (``TableRecord.seed`` is a signed 64-bit integer).
SEEDS = 2**63

#: Game → how a round is dealt (this package) and how its work is planned (the rules core).
_TABLES: dict[Game, tuple[Deal, WorkOf]] = {
    Game.ROULETTE: (roulette.situation, roulette.work),  # each bet paid on its own (Art. 5(2))
    Game.CRAPS: (craps.situation, craps_procedure.work),
    Game.CARIBBEAN_STUD: (caribbean_stud.situation, caribbean_stud_procedure.work),
    Game.SIC_BO: (sic_bo.situation, sic_bo_procedure.work),
}


def step_readings(round_: TableRound, step: Step) -> tuple[Text, ...]:
    """What a right step rests on beyond the regulation's words (an interpretation, in
    full), for the feedback beside its article; empty where the article says it all."""
    if round_.situation.game == Game.CRAPS:
        return craps.readings(round_.situation.request, round_.ruleset, step)
    return ()


def new_round(
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    recorder: RoundRecorder | None = None,
    clock: Clock = monotonic_ms,
    mode: TableMode = TableMode.PRACTICE,
    exam: ExamTag | None = None,
    *,
    after: TableRound | None = None,
) -> TableRound:
    """A round of the ruleset's game, reproducible from the seed, its work planned, with
    the irregularities its seed draws at this difficulty (``drills.table.irregular``).

    ``after``: the round this one follows at the same table, dealt from the seed before
    this one's.  Craps goes on from it, throw after throw (``craps.following``: the bets
    its throw left stay on the layout, the players add theirs, the shooter throws again;
    a new shooter after a seven-out), and the round records its place in the run
    (``Situation.run``), so that :func:`table_run` deals it again from the run's seed.
    The other games deal each round at a table of its own: ``after`` changes nothing.
    ``exam``: the table exam it is dealt for, stored with it."""
    deal, work_of = _table_of(ruleset)
    if after is not None and ruleset.game == Game.CRAPS:
        if after.ruleset != ruleset or after.difficulty != difficulty:
            raise ValueError("a round goes on at the same table: its ruleset and difficulty")
        if seed != (after.seed + 1) % SEEDS:
            raise ValueError("a round that goes on at a table is dealt from the next seed")
        before = after.situation.run
        run = Run(after.seed, 2) if before is None else Run(before.seed, before.round + 1)
        situation = replace(craps.following(ruleset, seed, difficulty, after.situation), run=run)
    else:
        situation = deal(ruleset, seed, difficulty)
    situation = irregular.deal(
        ruleset, seed, difficulty, situation, work_of(situation.request, ruleset)
    )
    return round_of(ruleset, seed, difficulty, situation, recorder, clock, mode, exam)


def table_run(
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    clock: Clock = monotonic_ms,
) -> Iterator[TableRound]:
    """The practice table's rounds from ``seed``, one after another (unrecorded): the first
    dealt from the seed alone, each after it from the next seed, going on from the one
    before (craps: the same table, throw after throw). A round whose ``Situation.run`` is
    ``Run(seed, k)`` is the k-th of ``table_run(ruleset, seed, difficulty)``."""
    round_: TableRound | None = None
    while True:
        next_seed = seed if round_ is None else (round_.seed + 1) % SEEDS
        round_ = new_round(ruleset, next_seed, difficulty, clock=clock, after=round_)
        yield round_


def deals_irregularities(game: str, difficulty: Difficulty) -> bool:
    """Whether a round of this game at this level can bring an irregularity to rule."""
    if game == Game.CARIBBEAN_STUD and STUD_IRREGULARITY_RATE[difficulty] > 0:
        return True  # Art. 11, while dealing
    return irregular.RATE[difficulty] > 0


def round_of(
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    situation: Situation,
    recorder: RoundRecorder | None = None,
    clock: Clock = monotonic_ms,
    mode: TableMode = TableMode.PRACTICE,
    exam: ExamTag | None = None,
) -> TableRound:
    """A round of a situation already dealt (a stored round, to replay), its work planned."""
    _, work_of = _table_of(ruleset)
    work = work_of(situation.request, ruleset)
    # Caribbean Stud dealt from the first card (a round stored before dealing: the showdown).
    kind = StudRound if situation.dealing is not None else TableRound
    return kind(
        game=ruleset.game,
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset,
        situation=situation,
        work=work,
        recorder=recorder,
        clock=clock,
        mode=mode,
        exam=exam,
    )


def perfect_steps(round_: TableRound) -> Iterator[Step | DealerCall | Ruled]:
    """A perfect dealer's steps for a fresh round, each acted before the next is asked:
    Caribbean Stud's deal and calls, then the plan (tests and scripted dealers)."""
    if isinstance(round_, StudRound):
        yield from round_.perfect_steps()
        return
    for step in steps_in_order(round_.plan):
        while (pending := round_.pending()) is not None:  # its ruling first
            yield Ruled(pending.event, pending.right.id)
        yield step
    while (pending := round_.pending()) is not None:
        yield Ruled(pending.event, pending.right.id)


def _table_of(ruleset: Ruleset) -> tuple[Deal, WorkOf]:
    if ruleset.game not in _TABLES:
        raise ValueError(f"there is no live table for the game {ruleset.game!r}")
    return _TABLES[ruleset.game]


__all__ = [
    "Attempt",
    "ExamTag",
    "RoundRecorder",
    "RoundSummary",
    "Run",
    "Seat",
    "Situation",
    "TableMode",
    "TableRound",
    "new_round",
    "perfect_steps",
    "round_of",
    "step_readings",
    "steps_in_order",
    "table_run",
]
