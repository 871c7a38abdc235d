"""The sic-bo-house ruleset: a house pay table, said plainly, every setting the house's."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import default_ruleset, official_rulesets, parse_house_ruleset
from dealer_trainer.rules.sic_bo import Bet, BetKind, Spot, Throw, settle
from tests.rules.sic_bo.table import TOTAL_PAYS

#: The house's rulings on irregularities (the regulation is not on file).
RULINGS = {"die_not_flat", "shaker_opened_early", "shaker_not_shaken", "bet_after_no_more_bets"}


def test_sic_bo_house_table_source_says_it_is_not_the_regulation() -> None:
    house = default_ruleset("sic_bo")
    assert house.id == "sic-bo-house"
    assert house.source.startswith("House pay table, not the regulation")
    assert "Despacho Regulamentar Externo n.º 31/2003" in house.source
    assert "not on file" in house.source
    assert house.payouts == {}  # no payout is the regulation's
    assert house.source_text is None
    # Only the rulings on irregularities decide where the (missing) text is silent.
    assert {s.name for s in house.interpretations()} == RULINGS


def test_sic_bo_house_table_every_setting_says_it_is_the_house_s() -> None:
    house = official_rulesets()["sic-bo-house"]
    for setting in house.settings.values():
        if setting.name in RULINGS:  # the house's ruling, said so: no article to cite
            assert str(setting.citation) == "sic-bo-house house ruling", setting.name
            assert setting.interpretation, setting.name
        else:
            assert setting.citation is None, setting.name  # no article to cite
            assert not setting.interpretation, setting.name
        first = setting.description.split(".")[0]
        says = ("House option", "House ruling", "Table procedure, the house's", "The Timed table's")
        assert first.startswith(says), setting.name
        if setting.name.endswith("_pays"):
            assert setting.type == "ratio"
            assert "not the regulation's" in setting.description


def test_sic_bo_house_table_defaults_are_the_published_macau_table() -> None:
    house = official_rulesets()["sic-bo-house"]
    assert {t: house.ratio(f"total_{t}_pays") for t in range(4, 18)} == {
        t: Fraction(r) for t, r in TOTAL_PAYS.items()
    }
    assert house.ratio("specific_triple_pays") == 150
    assert house.ratio("any_triple_pays") == 24
    assert house.ratio("specific_double_pays") == 8
    assert house.ratio("combination_pays") == 5
    assert house.flag("odd_even_offered")
    assert house.flag("triple_loses_small_big") and house.flag("triple_loses_odd_even")
    assert house.choice("pay_order") == "layout_rows"


def test_sic_bo_house_table_a_house_file_overrides_its_pay_table() -> None:
    text = """
id = "grand-macau-sic-bo"
base = "sic-bo-house"
title = "Grand Macau Sic Bo"

[overrides]
specific_triple_pays = "180"
total_4_pays = "60"
odd_even_offered = false
max_bet_total = "2000.00"
"""
    house = parse_house_ruleset(text, "grand-macau-sic-bo.toml", official_rulesets())
    assert house.game == "sic_bo" and house.base == "sic-bo-house"
    won = settle(house, [Bet("t", Spot(BetKind.TRIPLE, (1,)), Decimal("10"))], Throw((1, 1, 1)))
    assert won.results[0].win == Decimal("1800.00")
    assert str(won.results[0].citation) == "grand-macau-sic-bo house pay table"


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ('specific_triple_pays = "0"', "specific_triple_pays"),
        ('combination_pays = "five"', "combination_pays"),
        ('max_bet_total = "10.001"', "max_bet_total"),
        ('pay_order = "left_to_right"', "pay_order"),
        ('die_not_flat = "read_it"', "die_not_flat"),
        ('shaker_not_shaken = "read_it"', "shaker_not_shaken"),
        ('bet_after_no_more_bets = "accepted"', "bet_after_no_more_bets"),
    ],
)
def test_sic_bo_house_table_a_bad_house_setting_is_refused_naming_its_key(
    overrides: str, key: str
) -> None:
    text = f'id = "x"\nbase = "sic-bo-house"\ntitle = "X"\n[overrides]\n{overrides}\n'
    with pytest.raises(RulesetError, match=f"x.toml: overrides.{key}: "):
        parse_house_ruleset(text, "x.toml", official_rulesets())
