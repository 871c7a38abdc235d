"""The caribbean-stud-2004 ruleset file: every payout and setting of the text, with its default."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import default_ruleset, parse_house_ruleset

RULESET = default_ruleset("caribbean_stud")


def test_ruleset_is_the_default_for_caribbean_stud_and_names_its_source() -> None:
    assert RULESET.id == "caribbean-stud-2004"
    assert RULESET.is_default
    assert "61/2004" in RULESET.source
    assert RULESET.source_text == "caribbean-stud-2004.txt"


@pytest.mark.parametrize(
    ("name", "ratio", "citation"),
    [
        ("ante", 1, "Art. 9(5)"),
        ("ante_dealer_not_qualified", 1, "Art. 9(2)"),
        ("high_card", 1, "Art. 9(5)(1)"),
        ("one_pair", 1, "Art. 9(5)(1)"),
        ("two_pairs", 2, "Art. 9(5)(2)"),
        ("three_of_a_kind", 3, "Art. 9(5)(3)"),
        ("straight", 4, "Art. 9(5)(4)"),
        ("flush", 5, "Art. 9(5)(5)"),
        ("full_house", 7, "Art. 9(5)(6)"),
        ("four_of_a_kind", 20, "Art. 9(5)(7)"),
        ("straight_flush", 50, "Art. 9(5)(8)"),
    ],
)
def test_caribbean_art9_5_pay_table_as_the_text_gives_it(
    name: str, ratio: int, citation: str
) -> None:
    payout = RULESET.payout(name)
    assert payout.ratio == Fraction(ratio)
    assert payout.citation.article_ref == citation


@pytest.mark.parametrize(
    ("name", "default", "citation"),
    [
        ("royal_flush_pays", 100, "Art. 9(5)(9)"),
        ("max_payout_per_round", None, "Art. 9(5)(7)"),
        ("tie_rule", "text", "Art. 8"),
        ("folded_box_progressive", "nothing", "Art. 6(7)"),
        ("dealer_qualification", "ace_king_or_better", "Art. 9(1)"),
        ("progressive_pay_order", "royal_after_last_straight_flush", "Art. 10(7)"),
        ("progressive_percentage_of", "same_jackpot", "Art. 10(6)"),
        ("progressive_pool_reduction", "shares_only", "Art. 10(8)"),
        ("progressive_several_royals", "higher_of_shares", "Art. 10(5)"),
        ("progressive_royal_restart", "restart_at_minimum", "Art. 10(8)"),
        ("progressive_dealer_hand", "ignored", "Art. 10(2)"),
        ("progressive_rounding", "down", "Art. 10(2)"),
    ],
)
def test_settings_defaults_and_citations(name: str, default: object, citation: str) -> None:
    setting = RULESET.settings[name]
    assert RULESET.setting(name) == default
    assert setting.citation is not None and setting.citation.article_ref == citation
    assert len(setting.description) > 40


def test_digest_interpretations_of_art6_and_art10_are_named_settings() -> None:
    interpretations = {setting.name for setting in RULESET.interpretations()}
    assert {
        "dealer_qualification",
        "folded_box_progressive",
        "progressive_pay_order",
        "progressive_percentage_of",
        "progressive_pool_reduction",
        "progressive_several_royals",
        "progressive_royal_restart",
        "progressive_dealer_hand",
    } <= interpretations
    assert "tie_rule" not in interpretations  # the text decides; ties_push is a house variant
    # Art. 9(5)(9), Art. 13: the royal flush's raise is the house's option, not an interpretation.
    assert "royal_flush_pays" not in interpretations
    assert RULESET.settings["royal_flush_pays"].description.startswith("House option")


def test_caribbean_art13_a_house_ruleset_may_choose_the_royal_flush_option() -> None:
    house = parse_house_ruleset(
        'id = "grand-stud"\nbase = "caribbean-stud-2004"\ntitle = "Grand"\n'
        "[overrides]\nroyal_flush_pays = 60\n",
        "grand-stud.toml",
        {RULESET.id: RULESET},
    )
    assert house.integer("royal_flush_pays") == 60
    with pytest.raises(RulesetError):
        parse_house_ruleset(
            'id = "bad"\nbase = "caribbean-stud-2004"\ntitle = "Bad"\n'
            "[overrides]\nroyal_flush_pays = 150\n",
            "bad.toml",
            {RULESET.id: RULESET},
        )
