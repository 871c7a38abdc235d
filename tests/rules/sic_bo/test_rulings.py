"""Sic Bo: the house rulings on an irregular throw (die_not_flat, shaker_opened_early,
shaker_not_shaken) and on a bet after "no more bets" (bet_after_no_more_bets)."""

from __future__ import annotations

import pytest

from dealer_trainer.rules.house import HouseReference
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.rules.rulings import BetFate
from dealer_trainer.rules.sic_bo.rulings import Irregularity, ruling


@pytest.mark.parametrize("irregularity", list(Irregularity))
def test_sic_bo_house_ruling_an_irregular_throw_is_no_throw_and_the_bets_stand_by_default(
    irregularity: Irregularity,
) -> None:
    decided = ruling(get_ruleset("sic-bo-house"), irregularity)
    assert decided.bets is BetFate.STAND
    assert not decided.round_stands
    assert decided.code == f"sic_bo.{irregularity}.stand"
    assert isinstance(decided.citation, HouseReference)
    assert str(decided.citation) == "sic-bo-house house ruling"
    assert decided.citation.words.source == "house ruling"
    assert decided.steps[0].source.startswith('Do not read the dice: announce "no throw"')


@pytest.mark.parametrize("irregularity", list(Irregularity))
def test_sic_bo_house_ruling_a_house_may_hand_the_bets_back(irregularity: Irregularity) -> None:
    house = get_ruleset("sic-bo-house").with_settings({str(irregularity): "no_throw_bets_returned"})
    decided = ruling(house, irregularity)
    assert decided.bets is BetFate.RETURNED
    assert decided.code == f"sic_bo.{irregularity}.returned"
    assert "handed back" in decided.decision.source


def test_sic_bo_house_ruling_each_irregularity_is_a_documented_setting() -> None:
    house = get_ruleset("sic-bo-house")
    for irregularity in Irregularity:
        setting = house.settings[str(irregularity)]
        assert setting.choices == ("no_throw_bets_stand", "no_throw_bets_returned")
        assert setting.default == "no_throw_bets_stand"
        assert setting.description.startswith("House ruling")
        # The regulation is not on file: the house decides where it is silent, and says so.
        assert setting.interpretation
        assert isinstance(setting.citation, HouseReference)
        assert setting.citation.article_ref == "house ruling"


def test_sic_bo_house_ruling_a_bet_after_no_more_bets_is_refused_its_chips_as_the_house_sets() -> (
    None
):
    from dealer_trainer.rules.sic_bo.rulings import late_bet_ruling

    house = get_ruleset("sic-bo-house")
    setting = house.settings["bet_after_no_more_bets"]
    assert setting.default == "refused_chips_returned" and setting.interpretation
    assert isinstance(setting.citation, HouseReference)
    returned = late_bet_ruling(house)
    assert returned.bets is BetFate.REFUSED and returned.round_stands
    assert returned.code == "sic_bo.late_bet.returned"
    assert str(returned.citation) == "sic-bo-house house ruling"
    kept = late_bet_ruling(
        house.with_settings({"bet_after_no_more_bets": "refused_kept_for_next_throw"})
    )
    assert kept.code == "sic_bo.late_bet.kept" and "set aside" in kept.decision.source


def test_sic_bo_house_table_every_pay_order_of_the_setting_has_its_sentence() -> None:
    from dealer_trainer.rules.sic_bo.house import pay_order_sentence

    setting = get_ruleset("sic-bo-house").settings["pay_order"]
    sentences = {pay_order_sentence(choice).source for choice in setting.choices}
    assert len(sentences) == len(setting.choices)
