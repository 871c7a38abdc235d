"""The house's chip set: the ``[chips]`` table of every ruleset, its checks and a house's own.

A chip set is a house setting, not a regulation's: the drills draw every bet in it, offer
its chips in the pay tray and count the fewest chips from it (``drills.chips``).
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pytest

from dealer_trainer.drills import Difficulty
from dealer_trainer.drills.chips import fewest_chips, level_chips, pay_tray, stack
from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import (
    CHIP_LEVELS,
    get_ruleset,
    official_rulesets,
    parse_house_ruleset,
    parse_ruleset,
)

FOLDER = Path(__file__).parents[2] / "dealer_trainer" / "rules" / "rulesets"
MACAU = [Decimal(v) for v in (1, 5, 10, 25, 50, 100, 500, 1000, 5000, 10000)]


@pytest.mark.parametrize("ruleset_id", sorted(official_rulesets()))
def test_every_ruleset_names_the_macau_hkd_chip_set_and_each_levels_float(ruleset_id: str) -> None:
    chips = get_ruleset(ruleset_id).chips
    assert chips is not None
    assert chips.currency == "HKD"
    assert list(chips.denominations) == MACAU
    assert not chips.interpretation  # a house setting, not a reading of the regulation
    for level in CHIP_LEVELS:
        float_ = chips.level(level)
        assert set(float_) <= set(chips.denominations)
        assert len(float_) <= 9  # the pay tray's keys 1-9
    # Each level's float holds the one before it: a harder drill offers more chips.
    for lower, higher in pairwise(CHIP_LEVELS):
        assert set(chips.level(lower)) <= set(chips.level(higher))
    description = " ".join(chips.description.split())
    assert "Hong Kong dollars" in description and "10, 50, 100, 500, 1,000, 5,000" in description
    assert "losing bets are collected before any bet is paid" in description


def _with_chips(table: str) -> str:
    text = (FOLDER / "roulette-2003.toml").read_text(encoding="utf-8")
    return text[: text.index("\n[chips]\n") + 1] + table


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("", "chips: is missing"),
        ('[chips]\ntype = "list"\n', "chips.type: must be 'denominations'"),
        (
            '[chips]\ntype = "denominations"\ncurrency = "HKD"\ndefault = ["5", "1"]\n'
            'interpretation = false\ndescription = "x"\n',
            "chips.default: chip values must be distinct and listed lowest first",
        ),
        (
            '[chips]\ntype = "denominations"\ncurrency = "HKD"\ndefault = ["0.001"]\n'
            'interpretation = false\ndescription = "x"\n',
            "chips.default[0]: a chip is a positive amount in cents",
        ),
        (
            '[chips]\ntype = "denominations"\ncurrency = "HKD"\ndefault = ["5", "25"]\n'
            'beginner = ["5", "10"]\ninterpretation = false\ndescription = "x"\n',
            'chips.beginner[1]: "10" is not a chip of the set (5, 25)',
        ),
        (
            '[chips]\ntype = "denominations"\ncurrency = "HKD"\ndefault = ["5"]\n'
            'interpretation = true\ndescription = "x"\n',
            "chips.interpretation: a chip set is a house setting",
        ),
        (
            '[chips]\ntype = "denominations"\ncurrency = "HKD"\ndefault = ["5"]\n'
            'colour = "red"\ninterpretation = false\ndescription = "x"\n',
            "chips.colour: is not a key of [chips]",
        ),
        (
            '[chips]\ntype = "denominations"\ncurrency = "HKD"\ndefault = ["5"]\n'
            'beginner = ["5"]\nintermediate = ["5"]\ninterpretation = false\ndescription = "x"\n',
            "chips.advanced: is missing",
        ),
        (
            '[chips]\ntype = "denominations"\ncurrency = "HKD"\n'
            'default = ["1", "2", "5", "10", "20", "25", "50", "100", "500", "1000"]\n'
            'beginner = ["1", "2", "5", "10", "20", "25", "50", "100", "500", "1000"]\n'
            'interpretation = false\ndescription = "x"\n',
            "chips.beginner: holds 10 chips; a drill's float holds at most 9",
        ),
    ],
)
def test_a_bad_chips_table_is_refused_naming_the_file_and_key(table: str, message: str) -> None:
    with pytest.raises(RulesetError, match=re.escape("house.toml: " + message)):
        parse_ruleset(_with_chips(table), "house.toml")


def test_a_house_ruleset_gives_its_own_chips_and_keeps_the_levels_that_still_fit() -> None:
    house = parse_house_ruleset(
        'id = "grand-roulette"\nbase = "roulette-2003"\ntitle = "Grand"\n'
        '[chips]\ndefault = ["5", "20", "25", "100", "500", "1000", "5000"]\n'
        'beginner = ["5", "20", "100"]\n',
        "grand.toml",
        official_rulesets(),
    )
    assert house.chips is not None
    assert house.chips.level("beginner") == (Decimal(5), Decimal(20), Decimal(100))
    # The base's intermediate float (5, 25, 100, 500) is all in the house's set: kept.
    assert house.chips.level("intermediate") == tuple(Decimal(v) for v in (5, 25, 100, 500))
    assert house.chips.currency == "HKD"
    with pytest.raises(RulesetError, match=r"grand\.toml: chips\.beginner\[0\]"):
        parse_house_ruleset(
            'id = "g"\nbase = "roulette-2003"\ntitle = "G"\n[chips]\nbeginner = ["3"]\n',
            "grand.toml",
            official_rulesets(),
        )
    # A set without the base's 25 chip must name the floats that held it.
    with pytest.raises(RulesetError, match=r"grand\.toml: chips\.beginner: is needed"):
        parse_house_ruleset(
            'id = "g"\nbase = "roulette-2003"\ntitle = "G"\n[chips]\ndefault = ["5", "100"]\n',
            "grand.toml",
            official_rulesets(),
        )


def test_a_bet_is_drawn_in_the_levels_float_else_in_the_whole_set() -> None:
    roulette = get_ruleset("roulette-2003")
    assert stack(Decimal(175), roulette, Difficulty.BEGINNER) == [
        Decimal(100),
        Decimal(25),
        Decimal(25),
        Decimal(25),
    ]
    # 7 cannot be made of 5, 25 and 100: a player may bet any chip of the house.
    assert stack(Decimal(7), roulette, Difficulty.BEGINNER) == [Decimal(5), Decimal(1), Decimal(1)]
    assert stack(Decimal("7.50"), roulette, Difficulty.BEGINNER) == []
    assert level_chips(roulette, Difficulty.ADVANCED)[-1] == Decimal(5000)


def test_collected_losing_chips_join_the_float_the_dealer_pays_from() -> None:
    roulette = get_ruleset("roulette-2003")
    level = pay_tray(roulette, Difficulty.BEGINNER)
    assert level == (Decimal(5), Decimal(25), Decimal(100))
    # A losing bet of 7 was collected (5 + 1 + 1): its 1-chips are in the float now.
    tray = pay_tray(roulette, Difficulty.BEGINNER, [Decimal(7)])
    assert tray == (Decimal(1), Decimal(5), Decimal(25), Decimal(100))
    assert fewest_chips(Decimal(36), tray) == {Decimal(25): 1, Decimal(5): 2, Decimal(1): 1}
    assert fewest_chips(Decimal(36), level) is None
