"""The Timed table's pace: rounds settled an hour, against the house's target.

No Qt and no floats.  The pace is exact, a :class:`~fractions.Fraction` of
rounds an hour: the rounds settled, over the time the trainee spent in every
round played (a round given up counts its time, not a round), so skipping a
hard round never raises the pace.  A round given up is counted as such, also one that
had nothing left to do but to be declared settled (a throw that decided nothing): moving
on to the next round is not declaring this one settled.  Only the shown figure is rounded, down to a
whole number, so "40 an hour" is never shown before the pace is 40.

The target is a house setting of the ruleset (``table_pace_beginner``,
``table_pace_intermediate``, ``table_pace_advanced``): the house's target, not
the regulation's, which sets no pace.  Roulette counts spins, craps throws and
Caribbean Stud rounds: one round of the live table is one of these.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import RoundSummary
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import Ruleset

MS_PER_HOUR = 3_600_000

#: What one round of the live table is, per game (for the words shown with the pace).
ROUND_UNITS = {
    Game.ROULETTE: "spins",
    Game.CRAPS: "throws",
    Game.CARIBBEAN_STUD: "rounds",
    Game.SIC_BO: "throws",
}


def target_setting(difficulty: Difficulty) -> str:
    """The ruleset setting that holds the target for ``difficulty``."""
    return f"table_pace_{Difficulty(difficulty).name.lower()}"


def target(ruleset: Ruleset, difficulty: Difficulty) -> int:
    """The house's target, rounds (spins, throws) an hour, for this difficulty."""
    value = ruleset.integer(target_setting(difficulty))
    if value is None:  # the setting is declared not nullable; a house cannot empty it
        raise ValueError(f"{ruleset.id}: {target_setting(difficulty)} has no value")
    return value


@dataclass(frozen=True)
class Pace:
    """Rounds settled, the milliseconds spent in the rounds played, and the rounds given up."""

    settled: int = 0
    ms: int = 0
    given_up: int = 0

    def __post_init__(self) -> None:
        if self.settled < 0 or self.ms < 0 or self.given_up < 0:
            raise ValueError("a pace counts rounds and time, neither below zero")

    def add(self, summary: RoundSummary) -> Pace:
        """The pace with one more round played (settled or given up)."""
        return Pace(
            self.settled + (1 if summary.complete and not summary.given_up else 0),
            self.ms + summary.ms,
            self.given_up + (1 if summary.given_up else 0),
        )

    @property
    def per_hour(self) -> Fraction | None:
        """Rounds settled an hour, exact (``None`` until a round has taken any time)."""
        if self.ms == 0:
            return None
        return Fraction(self.settled * MS_PER_HOUR, self.ms)

    @property
    def shown(self) -> int | None:
        """The pace as shown: whole rounds an hour, rounded down."""
        rate = self.per_hour
        return None if rate is None else rate.numerator // rate.denominator

    def against(self, goal: int) -> int | None:
        """-1 below the target, 0 at it, 1 above it (exact, not the rounded figure)."""
        rate = self.per_hour
        if rate is None:
            return None
        return (rate > goal) - (rate < goal)


def pace_of(summaries: Iterable[RoundSummary]) -> Pace:
    """The pace of the rounds played so far."""
    pace = Pace()
    for summary in summaries:
        pace = pace.add(summary)
    return pace


def clock_text(ms: int) -> str:
    """A round's time as the table shows it: ``m:ss`` (``h:mm:ss`` past an hour)."""
    seconds = max(ms, 0) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"
