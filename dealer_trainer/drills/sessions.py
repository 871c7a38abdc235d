"""Drill modes: practice, timed, exam and review, as plain objects with no Qt.

A session hands out items and takes answers.  Each answer is passed to the
session's :class:`Recorder` *before* the grade is returned, so the caller
(the UI) can only show feedback for an answer that is already recorded; if
the recorder fails, the error propagates and no feedback is shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import Protocol

from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Answer, Difficulty, DrillItem, Grade
from dealer_trainer.drills.skills import skill, time_allowed
from dealer_trainer.rules.rulesets import (
    SHIPPED,
    Ruleset,
    RulesetRegistry,
    default_ruleset,
)


@unique
class Mode(StrEnum):
    PRACTICE = "practice"  # immediate feedback and hints
    TIMED = "timed"  # a clock per item; speed is recorded
    EXAM = "exam"  # a fixed seeded set, feedback only at the end
    REVIEW = "review"  # weak skills, as the review scheduler says; or "my mistakes"


@dataclass(frozen=True)
class ItemSpec:
    """What makes an item: the same spec always gives the same item."""

    skill: str
    seed: int
    difficulty: Difficulty
    ruleset: str | None = None

    def make(self, rulesets: RulesetRegistry = SHIPPED) -> DrillItem:
        """The item; its ruleset is looked up in ``rulesets`` (default: the shipped ones)."""
        chosen = skill(self.skill)
        ruleset = rulesets.get(self.ruleset) if self.ruleset else default_ruleset(chosen.game)
        return chosen.generate(ruleset, self.seed, self.difficulty)


@dataclass(frozen=True)
class Outcome:
    """One answered item: what was given, the grade, and how long it took."""

    item: DrillItem
    answer: Answer
    grade: Grade
    elapsed_ms: int

    @property
    def correct(self) -> bool:
        return self.grade.correct


class Recorder(Protocol):
    """Keeps an answer; returns only once it is safely stored."""

    def __call__(self, outcome: Outcome, mode: Mode) -> None: ...


def no_recorder(outcome: Outcome, mode: Mode) -> None:
    """For previews and tests that keep nothing."""


@dataclass
class DrillSession:
    """A run of items in one mode."""

    mode: Mode
    specs: Callable[[int], ItemSpec | None]
    recorder: Recorder = no_recorder
    outcomes: list[Outcome] = field(default_factory=list)
    #: Set for a session that can be left and taken up again later (an assigned exam):
    #: called when the trainee leaves it unfinished, instead of ending it.
    on_suspend: Callable[[], None] | None = None
    #: Where the items' rulesets are looked up (by default the shipped rulesets only).
    rulesets: RulesetRegistry = SHIPPED
    _current: DrillItem | None = None

    @property
    def resumable(self) -> bool:
        return self.on_suspend is not None

    @property
    def shows_feedback(self) -> bool:
        return self.mode is not Mode.EXAM

    @property
    def shows_hints(self) -> bool:
        return self.mode is Mode.PRACTICE

    @property
    def timed(self) -> bool:
        return self.mode in (Mode.TIMED, Mode.EXAM)

    @property
    def current(self) -> DrillItem | None:
        return self._current

    def next_item(self) -> DrillItem | None:
        """The next item, or ``None`` when the session is over."""
        spec = self.specs(len(self.outcomes))
        self._current = None if spec is None else spec.make(self.rulesets)
        return self._current

    def submit(self, answer: Answer, elapsed_ms: int) -> Outcome:
        """Grade the answer to the current item; record it; then return the outcome.

        An answer given after the item's time allowed (in timed modes) counts
        as a timeout, whatever it says.
        """
        item = self._current
        if item is None:
            raise RuntimeError("there is no item to answer")
        if elapsed_ms < 0:
            raise ValueError("elapsed time cannot be negative")
        if self.timed and elapsed_ms > time_allowed(item) * 1000 and not answer.timed_out:
            answer = Answer(timed_out=True)
        outcome = Outcome(item, answer, grade(item, answer, self.rulesets), elapsed_ms)
        self.recorder(outcome, self.mode)  # stored before anyone sees the grade
        self.outcomes.append(outcome)
        self._current = None
        return outcome

    def summary(self) -> Summary:
        return Summary.of(self.outcomes)


@dataclass(frozen=True)
class SkillScore:
    skill: str
    answered: int
    correct: int
    median_ms: int | None

    @property
    def accuracy(self) -> Fraction:
        return Fraction(self.correct, self.answered) if self.answered else Fraction(0)


@dataclass(frozen=True)
class Summary:
    answered: int
    correct: int
    by_skill: tuple[SkillScore, ...]
    #: Every answered item in the order it was given (the exam's item-by-item review).
    outcomes: tuple[Outcome, ...] = ()

    @property
    def score(self) -> Fraction:
        return Fraction(self.correct, self.answered) if self.answered else Fraction(0)

    @classmethod
    def of(cls, outcomes: Sequence[Outcome]) -> Summary:
        skills: dict[str, list[Outcome]] = {}
        for outcome in outcomes:
            skills.setdefault(outcome.item.skill, []).append(outcome)
        scores = tuple(
            SkillScore(
                skill=name,
                answered=len(done),
                correct=sum(o.correct for o in done),
                median_ms=_median([o.elapsed_ms for o in done]),
            )
            for name, done in sorted(skills.items())
        )
        return cls(len(outcomes), sum(o.correct for o in outcomes), scores, tuple(outcomes))


def _median(values: list[int]) -> int | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) // 2


# ------------------------------------------------------------------ modes --


def practice(
    skills: Sequence[str],
    difficulty: Difficulty,
    seed: int,
    ruleset: Ruleset | None = None,
    recorder: Recorder = no_recorder,
    timed: bool = False,
    rulesets: RulesetRegistry = SHIPPED,
) -> DrillSession:
    """An endless run of items from ``skills``, drawn from a seeded stream (``ruleset``
    looked up in ``rulesets`` by its id: a house ruleset's version needs them)."""
    if not skills:
        raise ValueError("choose at least one skill to practise")
    for name in skills:
        skill(name)  # unknown skills fail here, not at the first item
    rng = random.Random(seed)

    def specs(index: int) -> ItemSpec:
        del index
        return ItemSpec(
            rng.choice(list(skills)),
            rng.getrandbits(32),
            difficulty,
            None if ruleset is None else ruleset.id,
        )

    mode = Mode.TIMED if timed else Mode.PRACTICE
    return DrillSession(mode, specs, recorder, rulesets=rulesets)


@dataclass(frozen=True)
class ExamSpec:
    """An exam: the same seed gives every trainee the same items in the same order."""

    skills: tuple[str, ...]
    difficulty: Difficulty
    size: int
    pass_mark: Fraction  # share of items to answer correctly, e.g. 4/5
    seed: int
    ruleset: str | None = None

    def __post_init__(self) -> None:
        if not self.skills:
            raise ValueError("an exam needs at least one skill")
        for name in self.skills:
            skill(name)
        if not 1 <= self.size <= 500:
            raise ValueError("an exam has between 1 and 500 items")
        if not 0 < self.pass_mark <= 1:
            raise ValueError("the pass mark is a share between 0 (excluded) and 1")

    def items(self) -> list[ItemSpec]:
        rng = random.Random(self.seed)
        # Every skill appears as evenly as the size allows, in a seeded order.
        names = [self.skills[i % len(self.skills)] for i in range(self.size)]
        rng.shuffle(names)
        return [
            ItemSpec(name, rng.getrandbits(32), self.difficulty, self.ruleset) for name in names
        ]

    def passed(self, summary: Summary) -> bool:
        return summary.answered == self.size and summary.score >= self.pass_mark


def exam(
    spec: ExamSpec,
    recorder: Recorder = no_recorder,
    done: Sequence[Outcome] = (),
    rulesets: RulesetRegistry = SHIPPED,
) -> DrillSession:
    """The exam's items in order; ``done``: the outcomes already recorded (a resumed exam).

    A resumed exam goes on with the item after the last one answered: the remaining
    items are the same as if it had never stopped (every item comes from the seed).
    """
    items = spec.items()
    if len(done) > len(items):
        raise ValueError("more answers are recorded than the exam has items")
    for number, (outcome, planned) in enumerate(zip(done, items, strict=False), 1):
        if (outcome.item.skill, outcome.item.seed) != (planned.skill, planned.seed):
            raise ValueError(f"the answer recorded for item {number} is not this exam's item")
    return DrillSession(
        Mode.EXAM,
        lambda i: items[i] if i < len(items) else None,
        recorder,
        list(done),
        rulesets=rulesets,
    )


def replay(
    specs: Sequence[ItemSpec],
    recorder: Recorder = no_recorder,
    rulesets: RulesetRegistry = SHIPPED,
) -> DrillSession:
    """A review of given items: the review scheduler's choice, or "my mistakes"."""
    fixed = list(specs)
    return DrillSession(
        Mode.REVIEW, lambda i: fixed[i] if i < len(fixed) else None, recorder, rulesets=rulesets
    )


def amount_answer(text: str) -> Answer:
    """Read typed digits ("1,275", "7.50") as an amount answer; a clear error otherwise."""
    cleaned = text.replace(",", "").replace(" ", "").strip()
    if not cleaned:
        raise ValueError("type an amount")
    try:
        amount = Decimal(cleaned)
    except ArithmeticError:
        raise ValueError(f"{text!r} is not an amount") from None
    if not amount.is_finite() or amount < 0:
        raise ValueError(f"{text!r} is not an amount")
    if amount != amount.quantize(Decimal("0.01")):
        raise ValueError("an amount has at most two decimal places")
    return Answer(amount=amount)
