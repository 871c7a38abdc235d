"""Sic Bo settlement on the house pay table, against an independent reading of the table."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.house import HouseReference
from dealer_trainer.rules.rulesets import Ruleset, get_ruleset
from dealer_trainer.rules.sic_bo import Bet, BetKind, Outcome, Spot, Throw, settle, winning_spots
from tests.rules.sic_bo.table import every_bet, every_throw, pays

dice = st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6))


@pytest.fixture
def house() -> Ruleset:
    return get_ruleset("sic-bo-house")


def bet(bet_id: str, kind: str, numbers: tuple[int, ...] = (), amount: str = "10") -> Bet:
    return Bet(bet_id, Spot(BetKind(kind), tuple(sorted(numbers))), Decimal(amount))


def test_sic_bo_house_table_every_bet_on_every_throw_pays_the_published_macau_table(
    house: Ruleset,
) -> None:
    bets = [bet(str(i), kind, chosen, "7") for i, (kind, chosen) in enumerate(every_bet())]
    assert len(bets) == 52
    for throw in every_throw():
        settlement = settle(house, bets, Throw(throw))
        for result, (kind, chosen) in zip(settlement.results, every_bet(), strict=True):
            expected = pays(kind, chosen, throw)
            if expected is None:
                assert result.outcome is Outcome.LOSE, (kind, chosen, throw)
                assert result.win == result.returned == Decimal("0.00")
            else:
                assert result.outcome is Outcome.WIN, (kind, chosen, throw)
                assert Fraction(result.win) == 7 * expected, (kind, chosen, throw)
                assert result.returned == Decimal("7")


def test_sic_bo_house_table_single_pays_by_count(house: Ruleset) -> None:
    single = bet("s", "single", (5,), "20")
    wins = {
        throw: settle(house, [single], Throw(throw)).results[0].win
        for throw in ((5, 1, 2), (5, 5, 2), (5, 5, 5), (1, 2, 3))
    }
    assert wins == {
        (5, 1, 2): Decimal("20.00"),
        (5, 5, 2): Decimal("40.00"),
        (5, 5, 5): Decimal("60.00"),
        (1, 2, 3): Decimal("0.00"),
    }


def test_sic_bo_house_table_small_and_big_lose_on_any_triple(house: Ruleset) -> None:
    bets = [bet("s", "small"), bet("b", "big"), bet("o", "odd"), bet("e", "even")]
    for face in range(1, 7):
        settlement = settle(house, bets, Throw((face, face, face)))
        assert settlement.collect == ("s", "b", "o", "e")
    # Triple 2 totals 6: small and even by the total alone, when the house says so.
    lenient = house.with_settings({"triple_loses_small_big": False, "triple_loses_odd_even": False})
    settlement = settle(lenient, bets, Throw((2, 2, 2)))
    assert settlement.collect == ("b", "o")
    assert [r.bet.id for r in settlement.results if r.outcome is Outcome.WIN] == ["s", "e"]


def test_sic_bo_house_table_double_wins_on_a_triple_of_its_face(house: Ruleset) -> None:
    settlement = settle(house, [bet("d", "double", (3,))], Throw((3, 3, 3)))
    assert settlement.results[0].win == Decimal("80.00")


def test_sic_bo_house_table_combination_needs_both_faces_on_two_dice(house: Ruleset) -> None:
    combination = bet("c", "combination", (5, 2), "5")
    assert combination.spot.spot_id == "combination-2-5"
    assert settle(house, [combination], Throw((2, 5, 5))).results[0].win == Decimal("25.00")
    assert settle(house, [combination], Throw((5, 5, 5))).results[0].outcome is Outcome.LOSE


def test_sic_bo_house_table_a_house_override_changes_the_payout(house: Ruleset) -> None:
    atlantic = house.with_settings({"total_4_pays": "60", "specific_triple_pays": 180})
    bets = [bet("t", "total", (4,)), bet("x", "triple", (1,))]
    assert settle(atlantic, bets, Throw((1, 1, 2))).results[0].win == Decimal("600.00")
    assert settle(house, bets, Throw((1, 1, 2))).results[0].win == Decimal("500.00")
    assert settle(atlantic, bets, Throw((1, 1, 1))).results[1].win == Decimal("1800.00")


def test_sic_bo_house_table_a_ratio_that_is_not_whole_rounds_once_by_the_setting(
    house: Ruleset,
) -> None:
    odd = house.with_settings({"combination_pays": "11/2"})
    assert settle(odd, [bet("c", "combination", (1, 2), "0.25")], Throw((1, 2, 3))).results[
        0
    ].win == Decimal("1.37")  # 1.375 down
    up = odd.with_settings({"payout_rounding": "half_up"})
    assert settle(up, [bet("c", "combination", (1, 2), "0.25")], Throw((1, 2, 3))).results[
        0
    ].win == Decimal("1.38")


def test_sic_bo_house_table_every_decision_names_the_house_pay_table(house: Ruleset) -> None:
    settlement = settle(house, [bet("a", "small"), bet("b", "big")], Throw((1, 2, 3)))
    for result in settlement.results:
        assert isinstance(result.citation, HouseReference)
        assert str(result.citation) == "sic-bo-house house pay table"
        assert result.citation.words.source == "house pay table"


@given(dice)
def test_sic_bo_house_table_lit_areas_are_exactly_the_spots_whose_condition_holds(
    throw: tuple[int, int, int],
) -> None:
    house = get_ruleset("sic-bo-house")
    lit = {spot.spot_id for spot in winning_spots(house, Throw(throw))}
    expected = {
        kind if not chosen else f"{kind}-" + "-".join(map(str, chosen))
        for kind, chosen in every_bet()
        if pays(kind, chosen, throw) is not None
    }
    assert lit == expected
    without = house.with_settings({"odd_even_offered": False})
    assert {s.spot_id for s in winning_spots(without, Throw(throw))} == expected - {"odd", "even"}


def test_sic_bo_house_table_losers_are_collected_and_winners_paid_row_by_row(
    house: Ruleset,
) -> None:
    bets = [
        bet("single", "single", (5,)),
        bet("combo", "combination", (2, 5)),
        bet("total", "total", (12,)),
        bet("small", "small"),
        bet("double", "double", (5,)),
        bet("big", "big"),
    ]
    settlement = settle(house, bets, Throw((2, 5, 5)))
    assert settlement.collect == ("small",)
    assert settlement.pay_order == (("double", "big"), ("total",), ("combo",), ("single",))
    highest = house.with_settings({"pay_order": "highest_payout_first"})
    assert settle(highest, bets, Throw((2, 5, 5))).pay_order == (
        ("double",),
        ("total",),
        ("combo",),
        ("single",),
        ("big",),
    )
    anyhow = house.with_settings({"pay_order": "any_order"})
    assert settle(anyhow, bets, Throw((2, 5, 5))).pay_order == (
        ("single", "combo", "total", "double", "big"),
    )


@pytest.mark.parametrize(
    ("spot", "code"),
    [
        (Spot(BetKind.TOTAL, (3,)), "illegal_bet"),
        (Spot(BetKind.TOTAL, (18,)), "illegal_bet"),
        (Spot(BetKind.TRIPLE, (7,)), "illegal_bet"),
        (Spot(BetKind.DOUBLE, (0,)), "illegal_bet"),
        (Spot(BetKind.SINGLE, ()), "illegal_bet"),
        (Spot(BetKind.COMBINATION, (2, 2)), "illegal_bet"),
        (Spot(BetKind.COMBINATION, (2, 7)), "illegal_bet"),
        (Spot(BetKind.COMBINATION, (1, 2, 3)), "illegal_bet"),
        (Spot(BetKind.SMALL, (4,)), "illegal_bet"),
    ],
)
def test_sic_bo_house_table_refuses_a_spot_the_layout_does_not_have(
    house: Ruleset, spot: Spot, code: str
) -> None:
    with pytest.raises(RulesError) as raised:
        settle(house, [Bet("a", spot, Decimal("10"))], Throw((1, 2, 3)))
    assert raised.value.code == code
    assert raised.value.message.startswith("bets[0]: a ")


def test_sic_bo_house_table_odd_and_even_only_where_the_house_offers_them(house: Ruleset) -> None:
    without = house.with_settings({"odd_even_offered": False})
    with pytest.raises(RulesError, match="has no odd bet") as raised:
        settle(without, [bet("o", "odd")], Throw((1, 2, 4)))
    assert raised.value.code == "bet_not_offered"


def test_sic_bo_house_table_limits_refuse_a_bet_over_the_maximum_or_under_the_minimum(
    house: Ruleset,
) -> None:
    posted = house.with_settings({"max_bet_total": "500", "min_bet": "10"})
    settle(posted, [bet("t", "total", (4,), "500")], Throw((1, 1, 2)))
    with pytest.raises(RulesError, match=r"over the table's maximum of 500\.00") as over:
        settle(posted, [bet("t", "total", (4,), "500.01")], Throw((1, 1, 2)))
    assert over.value.code == "over_table_limit"
    settle(posted, [bet("s", "small", (), "100000")], Throw((1, 1, 2)))  # no maximum posted
    with pytest.raises(RulesError, match="under the table's minimum") as under:
        settle(posted, [bet("s", "small", (), "5")], Throw((1, 1, 2)))
    assert under.value.code == "under_table_minimum"


def test_sic_bo_house_table_two_bets_with_one_id_are_refused(house: Ruleset) -> None:
    with pytest.raises(RulesError) as raised:
        settle(house, [bet("a", "small"), bet("a", "big")], Throw((1, 2, 3)))
    assert raised.value.code == "duplicate_bet_id"


def test_sic_bo_house_table_a_throw_is_three_faces_one_to_six() -> None:
    for bad in ((1, 2), (1, 2, 7), (0, 1, 2), (1, 2, 3, 4)):
        with pytest.raises(ValueError):
            Throw(bad)  # type: ignore[arg-type]


def test_sic_bo_house_table_the_layout_has_every_spot_once() -> None:
    from dealer_trainer.rules.sic_bo import all_spots

    spots = [spot.spot_id for spot in all_spots()]
    expected = [kind if not c else f"{kind}-" + "-".join(map(str, c)) for kind, c in every_bet()]
    assert sorted(spots) == sorted(expected)
    assert len(set(spots)) == 52
    assert len(all_spots(odd_even_offered=False)) == 50


def test_sic_bo_house_table_a_house_reference_reads_back_from_its_text() -> None:
    from dealer_trainer.rules.house import HouseBasis, house_ruling

    for reference in (HouseReference("sic-bo-house", 0), house_ruling("grand-macau@2")):
        assert HouseReference.parse_house(str(reference)) == reference
    assert HouseReference.parse_house("roulette-2003 Art. 7(1)") is None
    assert HouseReference.parse_house("sic-bo-house house rules") is None
    assert HouseReference("x", 0).basis is HouseBasis.PAY_TABLE
    assert HouseReference("x", 0).article_ref == "house pay table"
