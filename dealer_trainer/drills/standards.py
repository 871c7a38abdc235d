"""Speed standards and mastery: the one place the app asks a skill's target time.

A centre sets a target time per skill (each skill belongs to one game, so this is
per skill and game); a skill it has not set keeps the drills' own target at the
intermediate level, the time a trained dealer needs (``Skill.target_seconds``),
which the reports already call the target. ``target_seconds(skill, standards)`` is
the function everyone asks: the dashboard's share "right and within the target",
the mastery rule, and an exam's speed pass mark.

Mastery follows a house rule (``MasteryRule``, a centre setting kept in storage):
over the trainee's last ``last_answers`` answers of a skill, the share right *and*
within the target. No Qt, no storage: storage counts, this module decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum, unique
from fractions import Fraction

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.skills import all_skills, skill
from dealer_trainer.rules.text import T, Text

#: The drills' level whose target is a skill's default standard (a trained dealer's time).
DEFAULT_LEVEL = Difficulty.INTERMEDIATE
#: What a centre may set a target to, in seconds (the storage's check says the same).
SHORTEST = Decimal(1)
LONGEST = Decimal(600)


def default_seconds(skill_id: str) -> Decimal:
    """The drills' own target for ``skill_id`` (``KeyError`` for an unknown skill)."""
    return Decimal(skill(skill_id).time_allowed(DEFAULT_LEVEL))


def target_seconds(skill_id: str, standards: Mapping[str, Decimal] | None = None) -> Decimal:
    """The target time of ``skill_id`` in seconds: the centre's standard if it set one
    (``standards``: skill id -> seconds, as ``storage.standards`` reads them), else the
    drills' own target at the intermediate level."""
    if standards is not None and skill_id in standards:
        return Decimal(standards[skill_id])
    return default_seconds(skill_id)


def target_ms(skill_id: str, standards: Mapping[str, Decimal] | None = None) -> int:
    """``target_seconds`` in whole milliseconds (how answers store their time)."""
    return int(target_seconds(skill_id, standards) * 1000)


def all_targets_ms(standards: Mapping[str, Decimal] | None = None) -> dict[str, int]:
    """Every skill's target in milliseconds, the centre's standards over the defaults."""
    return {skill_id: target_ms(skill_id, standards) for skill_id in all_skills()}


class SpeedStandardError(ValueError):
    """A target time a centre may not set (the message says the range)."""


def check_target(seconds: Decimal) -> Decimal:
    """``seconds`` if a centre may set it, else a ``SpeedStandardError`` saying why."""
    value = Decimal(seconds)
    if not value.is_finite() or not SHORTEST <= value <= LONGEST:
        raise SpeedStandardError(f"A target time is between {SHORTEST} and {LONGEST} seconds.")
    if value != value.quantize(Decimal("0.1")):
        raise SpeedStandardError("A target time is given to a tenth of a second at most.")
    return value


@dataclass(frozen=True)
class MasteryRule:
    """The house rule: mastered from ``mastered`` of the last ``last_answers`` answers
    right and within the target, close from ``close``, weak below."""

    last_answers: int = 30
    mastered: Fraction = Fraction(9, 10)
    close: Fraction = Fraction(3, 4)

    def __post_init__(self) -> None:
        if not 5 <= self.last_answers <= 500:
            raise ValueError("The mastery rule looks at between 5 and 500 last answers.")
        if not 0 < self.mastered <= 1:
            raise ValueError("The share that masters a skill is between 1 % and 100 %.")
        if not 0 <= self.close <= self.mastered:
            raise ValueError(
                "The share that is close to mastery cannot be above the share that masters it."
            )


DEFAULT_RULE = MasteryRule()


@unique
class Mastery(StrEnum):
    MASTERED = "mastered"
    CLOSE = "close"
    WEAK = "weak"
    NOT_STARTED = "not_started"


@unique
class Trend(StrEnum):
    RISING = "rising"
    FALLING = "falling"
    STEADY = "steady"
    FIRST = "first"  # no answers before the last ones: nothing to compare with


MASTERY_NAMES: dict[Mastery, Text] = {
    Mastery.MASTERED: T("Mastered"),
    Mastery.CLOSE: T("Close"),
    Mastery.WEAK: T("Weak"),
    Mastery.NOT_STARTED: T("Not started"),
}
TREND_NAMES: dict[Trend, Text] = {
    Trend.RISING: T("Improving"),
    Trend.FALLING: T("Slipping"),
    Trend.STEADY: T("Steady"),
    Trend.FIRST: T("First answers"),
}


@dataclass(frozen=True)
class SkillMastery:
    """One trainee's standing in one skill under a rule, from counts storage made.

    ``answers``/``good``: the last ``rule.last_answers`` answers and how many of them
    were right and within the target; ``earlier``/``earlier_good``: the same number of
    answers before those (the trend compares the two shares).
    """

    skill: str
    answers: int
    good: int
    earlier: int
    earlier_good: int
    rule: MasteryRule = DEFAULT_RULE

    @property
    def share(self) -> Fraction | None:
        return Fraction(self.good, self.answers) if self.answers else None

    @property
    def state(self) -> Mastery:
        share = self.share
        if share is None:
            return Mastery.NOT_STARTED
        # Mastery is over the last N answers: fewer than N cannot master the skill yet.
        if share >= self.rule.mastered and self.answers >= self.rule.last_answers:
            return Mastery.MASTERED
        if share >= self.rule.close:
            return Mastery.CLOSE
        return Mastery.WEAK

    @property
    def trend(self) -> Trend:
        if not self.answers or not self.earlier:
            return Trend.FIRST
        now = Fraction(self.good, self.answers)
        before = Fraction(self.earlier_good, self.earlier)
        if now > before:
            return Trend.RISING
        if now < before:
            return Trend.FALLING
        return Trend.STEADY


def percent(share: Fraction | None) -> str:
    """``Fraction(9, 10)`` -> ``"90 %"``, rounded half up to a whole percent; ``–`` for none."""
    if share is None:
        return "–"
    exact = Decimal(share.numerator) * 100 / Decimal(share.denominator)
    value = exact.quantize(Decimal(1), rounding=ROUND_HALF_UP)
    return f"{value} %"
