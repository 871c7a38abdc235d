"""The Timed table's pace (no Qt): rounds settled an hour from the rounds' own times, exact,
against the house's target per game and difficulty (a ruleset setting)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import RoundSummary, new_round, steps_in_order
from dealer_trainer.drills.table.pace import Pace, clock_text, pace_of, target
from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import (
    default_ruleset,
    get_ruleset,
    load_house_ruleset,
    official_rulesets,
)

GAMES = ("roulette", "craps", "caribbean_stud")


def _summary(ms: int, *, complete: bool = True) -> RoundSummary:
    return RoundSummary(steps=3, attempts=3, mistakes=(), ms=ms, complete=complete)


class StepClock:
    """A fake clock: each reading is ``step`` milliseconds after the last."""

    def __init__(self, step: int) -> None:
        self.now = 0
        self.step = step

    def __call__(self) -> int:
        self.now += self.step
        return self.now


def test_table_pace_is_exact_rounds_an_hour_of_the_rounds_times() -> None:
    # Three rounds of 80 s, 90 s and 100 s: 3 rounds in 270 s = 40 an hour, exactly.
    pace = pace_of([_summary(80_000), _summary(90_000), _summary(100_000)])
    assert pace == Pace(settled=3, ms=270_000)
    assert pace.per_hour == Fraction(40)
    assert pace.shown == 40
    assert pace.against(40) == 0
    assert pace.against(41) == -1
    assert pace.against(39) == 1


def test_table_pace_is_rounded_down_only_when_shown() -> None:
    # 7 rounds in 11 minutes: 38 2/11 an hour, shown as 38, and still above a target of 38.
    pace = pace_of([_summary(660_000 // 7)] * 6 + [_summary(660_000 - 6 * (660_000 // 7))])
    assert pace.ms == 660_000
    assert pace.per_hour == Fraction(7 * 3_600_000, 660_000)
    assert pace.shown == 38
    assert pace.against(38) == 1
    assert isinstance(pace.per_hour, Fraction)


def test_table_pace_counts_a_given_up_round_s_time_but_not_the_round() -> None:
    pace = pace_of([_summary(60_000), _summary(120_000, complete=False)])
    assert pace == Pace(settled=1, ms=180_000)
    assert pace.shown == 20  # not 60 (the settled round alone), nor 40 (both as rounds)


def test_table_pace_is_none_before_any_time_is_spent() -> None:
    assert Pace().per_hour is None
    assert Pace().shown is None
    assert Pace().against(40) is None
    with pytest.raises(ValueError, match="below zero"):
        Pace(settled=-1)


def test_table_pace_of_rounds_played_with_a_fake_clock() -> None:
    # Each clock reading is 5 s after the last: a round's time is 5 s per attempt.
    ruleset = default_ruleset("roulette")
    summaries = []
    for seed in range(3):
        round_ = new_round(ruleset, seed, Difficulty.BEGINNER, clock=StepClock(5_000))
        for step in steps_in_order(round_.plan):
            round_.act(step)
        if not round_.finished:
            round_.close()
        summaries.append(round_.summary())
    pace = pace_of(summaries)
    assert pace.ms == 5_000 * sum(s.attempts for s in summaries)
    assert pace.per_hour == Fraction(3 * 3_600_000, pace.ms)


@pytest.mark.parametrize("game", GAMES)
def test_table_pace_target_is_a_documented_house_setting_per_difficulty(game: str) -> None:
    ruleset = default_ruleset(game)
    targets = [target(ruleset, level) for level in Difficulty]
    assert targets == sorted(targets) and targets[0] < targets[-1], "beginners aim lower"
    for level in ("beginner", "intermediate", "advanced"):
        setting = ruleset.settings[f"table_pace_{level}"]
        assert setting.type == "integer"
        assert not setting.interpretation
        assert "house" in setting.description and "regulation" in setting.description


def test_table_pace_targets_are_the_house_defaults() -> None:
    assert [target(get_ruleset("roulette-2003"), d) for d in Difficulty] == [25, 32, 40]
    assert [target(get_ruleset("craps-1985"), d) for d in Difficulty] == [60, 80, 100]
    assert [target(get_ruleset("craps-2010"), d) for d in Difficulty] == [60, 80, 100]
    assert [target(get_ruleset("caribbean-stud-2004"), d) for d in Difficulty] == [30, 40, 50]
    assert all("table_pace_beginner" in r.settings for r in official_rulesets().values())


def test_table_pace_target_a_house_overrides(tmp_path: Path) -> None:
    path = tmp_path / "fast.toml"
    path.write_text(
        'id = "fast-wheel"\nbase = "roulette-2003"\ntitle = "Fast wheel"\n'
        "[overrides]\ntable_pace_advanced = 55\n",
        encoding="utf-8",
    )
    house = load_house_ruleset(path)
    assert target(house, Difficulty.ADVANCED) == 55
    assert target(house, Difficulty.BEGINNER) == 25


@pytest.mark.parametrize("value", [0, -5, 1001, "fast", 40.5, True])
def test_table_pace_target_rejects_what_no_house_means(value: object) -> None:
    with pytest.raises(RulesetError, match="table_pace_beginner"):
        get_ruleset("roulette-2003").with_settings({"table_pace_beginner": value})


def test_table_pace_clock_text() -> None:
    assert clock_text(0) == "0:00"
    assert clock_text(59_999) == "0:59"
    assert clock_text(61_000) == "1:01"
    assert clock_text(3_725_000) == "1:02:05"
    assert clock_text(-5) == "0:00"


def test_table_a_round_given_up_is_timed_to_when_it_was_given_up() -> None:
    clock = StepClock(7_000)
    round_ = new_round(default_ruleset("craps"), 1, Difficulty.BEGINNER, clock=clock)
    summary = round_.give_up()  # no step tried: before, its time was 0 and the pace rose
    assert summary.ms == 7_000 and not summary.complete
    assert pace_of([_summary(60_000), summary]) == Pace(settled=1, ms=67_000, given_up=1)


def test_table_a_round_with_nothing_to_settle_given_up_counts_as_given_up() -> None:
    """A throw that decided nothing leaves the dealer only to say so; moving on to the next
    round instead is giving this one up, not settling it (it counted as settled before)."""
    ruleset = default_ruleset("craps")
    round_ = next(
        r
        for r in (
            new_round(ruleset, s, Difficulty.BEGINNER, clock=StepClock(5_000)) for s in range(200)
        )
        if not steps_in_order(r.plan) and not r.irregularities
    )
    assert round_.remaining().correct  # nothing left to do but to declare it settled
    summary = round_.give_up()
    assert summary.given_up and not summary.complete
    assert pace_of([summary]) == Pace(settled=0, ms=5_000, given_up=1)
    assert pace_of([summary]).shown == 0


def test_table_a_round_declared_settled_is_not_given_up() -> None:
    ruleset = default_ruleset("craps")
    round_ = next(
        r
        for r in (new_round(ruleset, s, Difficulty.BEGINNER) for s in range(200))
        if not steps_in_order(r.plan) and not r.irregularities
    )
    assert round_.close().accepted
    summary = round_.summary()
    assert summary.complete and not summary.given_up
    assert pace_of([summary]).settled == 1 and pace_of([summary]).given_up == 0
