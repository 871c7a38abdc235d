"""A table exam: a run of rounds dealt in exam mode, scored step by step, then passed or not.

No Qt.  Each round is a :class:`~dealer_trainer.drills.table.round.TableRound` in
``TableMode.EXAM``: the trainee sees no verdict while dealing (the round engine's
docstring says how a mistake is taken), and at the end every round's score and
mistakes.  The score is exact (a :class:`~fractions.Fraction`):

- a round's score is its right steps over the steps it was judged on: every step
  the trainee tried, plus every planned step not done when the round ended
  (missed).  Declaring the round settled is not a step; a perfect dealer scores
  1 and a round with nothing done scores 0;
- per step kind: **collect** (a losing bet taken), **pay** (a win paid, a stake
  returned, a come bet moved, a progressive award: what goes to a player), the
  **marker** (roulette, Art. 4), Caribbean Stud's **deal** (each card sent to its
  box, a progressive bet accepted or refused, a raise accepted or refused, the
  dealer's qualification called: ``drills.table.stud_dealing``), each counting the
  steps of that kind the trainee tried (right or not, by the action they did) and the
  planned steps of that kind missed; and **order**: of the settlement steps the
  judge checked for order (right ones and those done out of turn, and a step wrong
  in its figure that was also out of turn: ``Attempt.also``), the share done in
  their turn; **irregularity**: each
  ruling the trainee gave on an irregularity (a late bet, a golpe nulo, disturbed
  chips, a throw off the table or cocked, an odds request, Caribbean Stud's Art. 11
  irregularities of the deal: ``drills.table.irregular``),
  right when it carries out the regulation's ruling, and each irregularity that had
  arisen and was not ruled when the round ended (missed).  A settlement step tried while
  an irregularity waited to be ruled (settling a void spin, a throw that is no roll) is a
  mistake of its own kind (collect, pay …) with the irregularity's code.  A round
  declared settled too early is a mistake of settlement, never of a ruling: its missing
  steps are missed (``step_missing``), and an irregularity that had not arisen yet is
  not counted at all;
- the exam's score is the right steps over the judged steps of all its rounds (a
  round with more work weighs more), passed at or above the pass mark.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum, unique
from fractions import Fraction

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import new_round
from dealer_trainer.drills.table.round import (
    ORDER_CODES,
    Clock,
    ExamTag,
    RoundRecorder,
    TableMode,
    TableRound,
    monotonic_ms,
)
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.procedure import Action
from dealer_trainer.rules.rulesets import Ruleset

#: The exam's defaults: the school's usual length of a sitting and its pass mark.
DEFAULT_ROUNDS = 10
DEFAULT_PASS_MARK = Fraction(4, 5)
MAX_ROUNDS = 50


@unique
class StepKind(StrEnum):
    MARK = "mark"
    COLLECT = "collect"
    PAY = "pay"
    ORDER = "order"
    DEAL = "deal"
    IRREGULARITY = "irregularity"


#: The kind of each action (what the trainee did).
KIND_OF: dict[str, StepKind] = {
    Action.MARK: StepKind.MARK,
    Action.COLLECT: StepKind.COLLECT,
    Action.PAY: StepKind.PAY,
    Action.RETURN: StepKind.PAY,
    Action.MOVE: StepKind.PAY,
    Action.PROGRESSIVE: StepKind.PAY,
    CallAction.ACCEPT_BET: StepKind.DEAL,
    CallAction.REFUSE_BET: StepKind.DEAL,
    CallAction.DEAL: StepKind.DEAL,
    CallAction.ACCEPT_RAISE: StepKind.DEAL,
    CallAction.REFUSE_RAISE: StepKind.DEAL,
    CallAction.QUALIFY: StepKind.DEAL,
}


@dataclass(frozen=True)
class Tally:
    """Right steps out of the steps judged."""

    right: int = 0
    out_of: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.right <= self.out_of:
            raise ValueError("a tally has between none and all of its steps right")

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.right + other.right, self.out_of + other.out_of)

    @property
    def share(self) -> Fraction | None:
        """Right over judged (``None``: nothing of this kind was judged)."""
        return None if self.out_of == 0 else Fraction(self.right, self.out_of)


@dataclass(frozen=True)
class RoundScore:
    """One round, scored: overall, per step kind, and the mistakes and missed steps."""

    total: Tally
    by_kind: Mapping[StepKind, Tally]
    mistakes: tuple[int, ...]  # the positions of the attempts that were not right
    missed: int
    codes: Mapping[str, int] = field(default_factory=dict)  # mistake code → how often


def score_round(round_: TableRound) -> RoundScore:
    """The score of a finished (or given-up) round, from its attempts and missed steps."""
    kinds: dict[StepKind, Tally] = {kind: Tally() for kind in StepKind}
    right = judged = 0
    mistakes: list[int] = []
    codes: Counter[str] = Counter()
    for attempt in round_.attempts:
        if attempt.ruling is not None:  # a ruling on an irregularity
            judged += 1
            kinds[StepKind.IRREGULARITY] += Tally(1 if attempt.accepted else 0, 1)
            if attempt.accepted:
                right += 1
            else:
                mistakes.append(attempt.index)
                codes[attempt.verdict.code] += 1
            continue
        if attempt.step is None:  # declaring the round settled: its missing steps count below
            continue
        judged += 1
        kind = KIND_OF[attempt.step.action]
        code = attempt.verdict.code
        call = isinstance(attempt.step, DealerCall)  # Caribbean Stud's deal: no order judged
        if attempt.accepted:
            right += 1
            if not call:
                kinds[StepKind.ORDER] += Tally(1, 1)
        else:
            mistakes.append(attempt.index)
            codes[code] += 1
        if code in ORDER_CODES:
            kinds[StepKind.ORDER] += Tally(0, 1)
        elif attempt.also is not None:  # a wrong amount that was also out of turn
            kinds[StepKind.ORDER] += Tally(0, 1)
            codes[attempt.also.code] += 1
        kinds[kind] += Tally(1 if attempt.accepted or code in ORDER_CODES else 0, 1)
    missed = round_.missing() if round_.finished else ()
    for step in missed:
        kinds[KIND_OF[step.action]] += Tally(0, 1)
    if missed:
        codes["step_missing"] += len(missed)
    unruled = round_.left_unruled() if round_.finished else ()
    if unruled:
        kinds[StepKind.IRREGULARITY] += Tally(0, len(unruled))
        codes["irregularity_missed"] += len(unruled)
    return RoundScore(
        total=Tally(right, judged + len(missed) + len(unruled)),
        by_kind=kinds,
        mistakes=tuple(mistakes),
        missed=len(missed) + len(unruled),
        codes=dict(codes),
    )


def add_up(scores: Iterable[RoundScore]) -> tuple[Tally, dict[StepKind, Tally]]:
    """The total and the per-kind tallies of several rounds."""
    total = Tally()
    kinds = {kind: Tally() for kind in StepKind}
    for score in scores:
        total += score.total
        for kind, tally in score.by_kind.items():
            kinds[kind] += tally
    return total, kinds


@dataclass(frozen=True)
class ExamResult:
    total: Tally
    by_kind: Mapping[StepKind, Tally]
    rounds: tuple[RoundScore, ...]
    pass_mark: Fraction

    @property
    def score(self) -> Fraction:
        return self.total.share or Fraction(0)

    @property
    def passed(self) -> bool:
        return self.score >= self.pass_mark


@dataclass
class TableExam:
    """A run of ``rounds`` exam rounds of one game, difficulty and ruleset."""

    ruleset: Ruleset
    difficulty: Difficulty
    seed: int
    rounds: int = DEFAULT_ROUNDS
    pass_mark: Fraction = DEFAULT_PASS_MARK
    recorder: RoundRecorder | None = None
    clock: Clock = monotonic_ms
    played: list[TableRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        if isinstance(self.rounds, bool) or not 1 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"a table exam has 1 to {MAX_ROUNDS} rounds, not {self.rounds!r}")
        self.pass_mark = Fraction(self.pass_mark)
        if not 0 < self.pass_mark <= 1:
            raise ValueError(f"a pass mark is above 0 and at most 1, not {self.pass_mark}")

    @property
    def over(self) -> bool:
        """Every round dealt and ended."""
        return len(self.played) == self.rounds and self.played[-1].finished

    def next_round(self) -> TableRound:
        """Deal the next round (the one in play, if not ended, is given up first)."""
        if self.played and not self.played[-1].finished:
            self.played[-1].give_up()
        if len(self.played) == self.rounds:
            raise ValueError("the exam's rounds are all dealt")
        round_ = new_round(
            self.ruleset,
            (self.seed + len(self.played)) % 2**63,
            self.difficulty,
            recorder=self.recorder,
            clock=self.clock,
            mode=TableMode.EXAM,
            exam=ExamTag(self.seed, self.rounds, self.pass_mark, len(self.played) + 1),
        )
        self.played.append(round_)
        return round_

    def result(self) -> ExamResult:
        """The score so far (of the rounds ended), per kind, and each round's."""
        scores = tuple(score_round(r) for r in self.played if r.finished)
        total, kinds = add_up(scores)
        return ExamResult(total, kinds, scores, self.pass_mark)


def common_mistakes(scores: Sequence[RoundScore], limit: int = 5) -> list[tuple[str, int]]:
    """The mistake codes of these rounds, the most frequent first."""
    counts: Counter[str] = Counter()
    for score in scores:
        counts.update(score.codes)
    return counts.most_common(limit)
