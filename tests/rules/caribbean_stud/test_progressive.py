"""Art. 10: the progressive jackpot, and the interpretations the ruleset names."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.rules.caribbean_stud.progressive import (
    AwardSource,
    ProgressiveEntry,
    ProgressiveTable,
    pay_progressive,
)
from dealer_trainer.rules.caribbean_stud.ranking import HandClass
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import Rounding

ROYAL = HandClass.ROYAL_FLUSH
STRAIGHT_FLUSH = HandClass.STRAIGHT_FLUSH
FIXED = {
    HandClass.ROYAL_FLUSH: Decimal("100000"),
    HandClass.STRAIGHT_FLUSH: Decimal("10000"),
    HandClass.FOUR_OF_A_KIND: Decimal("2500"),
    HandClass.FULL_HOUSE: Decimal("1000"),
    HandClass.FLUSH: Decimal("500"),
}


def table(pool: str, reset_to: str = "50000") -> ProgressiveTable:
    return ProgressiveTable(pool=Decimal(pool), fixed=FIXED, reset_to=Decimal(reset_to))


def entries(*pairs: tuple[int, HandClass]) -> list[ProgressiveEntry]:
    return [ProgressiveEntry(box, hand_class) for box, hand_class in pairs]


def test_caribbean_art10_2_1_royal_flush_takes_the_whole_pool_when_higher_and_it_restarts() -> None:
    result = pay_progressive(table("250000"), entries((2, ROYAL)))
    assert result.award_of(2) == Decimal("250000")
    assert result.awards[0].source is AwardSource.POOL
    assert str(result.awards[0].citation) == "caribbean-stud-2004 Art. 10(2)(1)"
    assert (result.pool_after, result.restarted) == (Decimal("50000"), True)


def test_caribbean_art10_2_1_royal_flush_gets_the_fixed_award_when_higher_and_the_pool_stays() -> (
    None
):
    result = pay_progressive(table("80000"), entries((2, ROYAL)))
    assert result.award_of(2) == Decimal("100000")
    assert result.awards[0].source is AwardSource.FIXED
    assert (result.pool_after, result.restarted) == (Decimal("80000"), False)


def test_caribbean_art10_2_2_straight_flush_takes_ten_percent_when_higher() -> None:
    result = pay_progressive(table("250000"), entries((5, STRAIGHT_FLUSH)))
    assert result.award_of(5) == Decimal("25000.00")
    assert result.pool_after == Decimal("225000.00")


def test_caribbean_art10_2_2_straight_flush_gets_the_fixed_award_when_higher() -> None:
    result = pay_progressive(table("50000"), entries((5, STRAIGHT_FLUSH)))
    assert result.award_of(5) == Decimal("10000")
    assert result.pool_after == Decimal("50000")


@pytest.mark.parametrize(
    ("hand_class", "award", "item"),
    [
        (HandClass.FOUR_OF_A_KIND, "2500", 3),
        (HandClass.FULL_HOUSE, "1000", 4),
        (HandClass.FLUSH, "500", 5),
    ],
)
def test_caribbean_art10_2_fixed_awards_are_paid_by_the_house(
    hand_class: HandClass, award: str, item: int
) -> None:
    result = pay_progressive(table("250000"), entries((1, hand_class)))
    assert result.award_of(1) == Decimal(award)
    assert str(result.awards[0].citation) == f"caribbean-stud-2004 Art. 10(2)({item})"
    assert result.pool_after == Decimal("250000")


def test_caribbean_art10_2_straights_and_smaller_hands_win_no_progressive() -> None:
    result = pay_progressive(
        table("250000"), entries((1, HandClass.STRAIGHT), (2, HandClass.THREE_OF_A_KIND))
    )
    assert result.awards == ()
    assert result.pool_after == Decimal("250000")


def test_caribbean_art10_6_each_straight_flush_gets_ten_percent_of_the_same_jackpot() -> None:
    # 「各得“累進大獎”之一成」: each 10% of the pool as it stood before the round's first award.
    result = pay_progressive(table("250000"), entries((1, STRAIGHT_FLUSH), (4, STRAIGHT_FLUSH)))
    assert [award.amount for award in result.awards] == [Decimal("25000.00")] * 2
    assert [award.source for award in result.awards] == [AwardSource.POOL] * 2
    assert result.pool_after == Decimal("200000.00")  # reduced by all their shares
    assert all(str(a.citation) == "caribbean-stud-2004 Art. 10(6)" for a in result.awards)


def test_caribbean_art10_6_three_straight_flushes_share_the_same_base() -> None:
    result = pay_progressive(
        table("123456.78"),
        entries((2, STRAIGHT_FLUSH), (3, STRAIGHT_FLUSH), (7, STRAIGHT_FLUSH)),
    )
    # 10% of 123456.78 = 12345.678, rounded down to the cent, three times.
    assert [award.amount for award in result.awards] == [Decimal("12345.67")] * 3
    assert result.pool_after == Decimal("123456.78") - 3 * Decimal("12345.67")


def test_caribbean_art10_6_sequential_setting_takes_ten_percent_of_what_is_left() -> None:
    result = pay_progressive(
        table("250000"),
        entries((1, STRAIGHT_FLUSH), (4, STRAIGHT_FLUSH)),
        percentage_of="sequential",
    )
    assert [award.amount for award in result.awards] == [Decimal("25000.00"), Decimal("22500.00")]
    assert result.pool_after == Decimal("202500.00")


def test_caribbean_art10_6_a_straight_flush_takes_the_fixed_award_when_ten_percent_is_less() -> (
    None
):
    # 10% of 150000 = 15000 > 10000 for both under the same jackpot; 10% of 90000 < 10000.
    result = pay_progressive(table("90000"), entries((1, STRAIGHT_FLUSH), (4, STRAIGHT_FLUSH)))
    assert [award.amount for award in result.awards] == [Decimal("10000")] * 2
    assert [award.source for award in result.awards] == [AwardSource.FIXED] * 2
    assert result.pool_after == Decimal("90000")  # paid by the house, the pool stays


def test_caribbean_art10_2_2_a_share_equal_to_the_fixed_award_is_paid_as_the_fixed_award() -> None:
    result = pay_progressive(table("100000"), entries((3, STRAIGHT_FLUSH)))
    assert result.awards[0].amount == Decimal("10000")
    assert result.awards[0].source is AwardSource.FIXED
    assert result.pool_after == Decimal("100000")


def test_caribbean_art10_7_straight_flushes_are_paid_before_a_royal_flush() -> None:
    result = pay_progressive(table("250000"), entries((1, ROYAL), (6, STRAIGHT_FLUSH)))
    assert result.pay_order == (6, 1)
    assert result.award_of(6) == Decimal("25000.00")
    assert result.award_of(1) == Decimal("225000.00")  # the pool as the straight flush left it
    assert str(result.awards[1].citation) == "caribbean-stud-2004 Art. 10(7)"
    assert result.pool_after == Decimal("50000")


def test_caribbean_art10_7_a_royal_after_two_straight_flushes_takes_what_they_left() -> None:
    result = pay_progressive(
        table("300000"), entries((1, ROYAL), (3, STRAIGHT_FLUSH), (5, STRAIGHT_FLUSH))
    )
    assert result.pay_order == (3, 5, 1)
    assert [a.amount for a in result.awards] == [
        Decimal("30000.00"),
        Decimal("30000.00"),
        Decimal("240000.00"),
    ]
    assert (result.pool_after, result.restarted) == (Decimal("50000"), True)


MIXED = entries(
    (6, HandClass.FLUSH), (1, ROYAL), (3, HandClass.FOUR_OF_A_KIND), (4, STRAIGHT_FLUSH)
)


def test_caribbean_art10_7_only_the_royal_moves_to_just_after_the_last_straight_flush() -> None:
    result = pay_progressive(table("250000"), MIXED)
    assert result.pay_order == (3, 4, 1, 6)


def test_caribbean_art10_7_a_royal_seated_after_the_last_straight_flush_keeps_its_turn() -> None:
    # Box 2's straight flush is paid before box 5's turn comes: nothing moves the royal.
    result = pay_progressive(
        table("250000"),
        entries((2, STRAIGHT_FLUSH), (3, HandClass.FLUSH), (5, ROYAL), (6, HandClass.FULL_HOUSE)),
    )
    assert result.pay_order == (2, 3, 5, 6)
    assert result.award_of(5) == Decimal("225000.00")  # the pool the straight flush left


QUADS = HandClass.FOUR_OF_A_KIND


def test_caribbean_stud_art10_7_royal_moves_only_as_far_as_it_must() -> None:
    """The digest's first example (corrected 2026-12-07): straight flushes on 1 and 3, four
    of a kind on 4, a royal on 6: box order, the straight flushes are already first."""
    result = pay_progressive(
        table("250000"), entries((6, ROYAL), (4, QUADS), (3, STRAIGHT_FLUSH), (1, STRAIGHT_FLUSH))
    )
    assert result.pay_order == (1, 3, 4, 6)
    assert [a.amount for a in result.awards] == [
        Decimal("25000.00"),
        Decimal("25000.00"),
        Decimal("2500"),
        Decimal("200000.00"),  # the pool the straight flushes left
    ]
    assert str(result.awards[3].citation) == "caribbean-stud-2004 Art. 10(7)"


def test_caribbean_stud_art10_7_a_royal_before_a_straight_flush_waits_right_after_it() -> None:
    """The digest's second example: a royal on 1, a straight flush on 3, four of a kind on 5:
    3, 1, 5. The royal waits for the straight flush and is paid right after it, still before
    the four of a kind, whose turn comes later anyway."""
    result = pay_progressive(table("250000"), entries((1, ROYAL), (3, STRAIGHT_FLUSH), (5, QUADS)))
    assert result.pay_order == (3, 1, 5)


def test_caribbean_stud_art10_7_several_royals_each_move_only_as_far_as_it_must() -> None:
    """Royals on 1 and 6, a straight flush on 3, four of a kind on 4: the royal of 1 finds
    the straight flush unpaid at its turn and is paid right after it; the royal of 6 is paid
    at its own turn, after the four of a kind. Each takes half the pool the straight flush
    left (Art. 10(5))."""
    result = pay_progressive(
        table("250000"), entries((1, ROYAL), (3, STRAIGHT_FLUSH), (4, QUADS), (6, ROYAL))
    )
    assert result.pay_order == (3, 1, 4, 6)
    assert result.award_of(1) == result.award_of(6) == Decimal("112500.00")
    assert (result.pool_after, result.restarted) == (Decimal("50000"), True)
    # Three royals, two waiting for the straight flush on 5 (in box order), one after it.
    result = pay_progressive(
        table("250000"),
        entries((1, ROYAL), (2, ROYAL), (4, QUADS), (5, STRAIGHT_FLUSH), (7, ROYAL)),
    )
    assert result.pay_order == (4, 5, 1, 2, 7)


def test_caribbean_stud_art10_7_royal_last_setting_on_the_digest_examples() -> None:
    def order(*pairs: tuple[int, HandClass]) -> tuple[int, ...]:
        return pay_progressive(table("250000"), entries(*pairs), order_rule="royal_last").pay_order

    assert order((1, STRAIGHT_FLUSH), (3, STRAIGHT_FLUSH), (4, QUADS), (6, ROYAL)) == (1, 3, 4, 6)
    assert order((1, ROYAL), (3, STRAIGHT_FLUSH), (5, QUADS)) == (3, 5, 1)
    assert order((1, ROYAL), (3, STRAIGHT_FLUSH), (4, QUADS), (6, ROYAL)) == (3, 4, 1, 6)


def test_caribbean_art10_4_without_a_straight_flush_the_royal_keeps_its_box_order() -> None:
    result = pay_progressive(
        table("250000"), entries((1, ROYAL), (3, HandClass.FLUSH), (6, HandClass.FULL_HOUSE))
    )
    assert result.pay_order == (1, 3, 6)
    assert str(result.awards[0].citation) == "caribbean-stud-2004 Art. 10(2)(1)"


def test_caribbean_art10_7_royal_last_setting_pays_every_royal_after_all_other_awards() -> None:
    result = pay_progressive(table("250000"), MIXED, order_rule="royal_last")
    assert result.pay_order == (3, 4, 6, 1)


def test_caribbean_art10_unknown_settings_are_refused() -> None:
    with pytest.raises(RulesError, match="progressive_pay_order"):
        pay_progressive(table("1000"), MIXED, order_rule="straight_flushes_before_royals")
    with pytest.raises(RulesError, match="progressive_percentage_of"):
        pay_progressive(table("1000"), MIXED, percentage_of="pool_as_it_stands")


def test_caribbean_art10_5_two_royals_share_the_pool_when_higher() -> None:
    result = pay_progressive(table("250000"), entries((2, ROYAL), (5, ROYAL)))
    assert [award.amount for award in result.awards] == [Decimal("125000.00")] * 2
    assert all(str(a.citation) == "caribbean-stud-2004 Art. 10(5)" for a in result.awards)
    assert (result.pool_after, result.restarted) == (Decimal("50000"), True)


def test_caribbean_art10_5_two_royals_each_get_the_higher_of_pool_and_fixed_shares() -> None:
    result = pay_progressive(table("150000"), entries((2, ROYAL), (5, ROYAL)))
    # max(150000 / 2, 100000 / 2) = 75000 from the pool each
    assert [award.amount for award in result.awards] == [Decimal("75000.00")] * 2
    result = pay_progressive(table("60000"), entries((2, ROYAL), (5, ROYAL)))
    # max(60000 / 2, 100000 / 2) = 50000 fixed each, paid by the house
    assert [award.amount for award in result.awards] == [Decimal("50000.00")] * 2
    assert (result.pool_after, result.restarted) == (Decimal("60000"), False)


def test_caribbean_art10_8_shares_rounded_down_to_the_cent_by_default() -> None:
    result = pay_progressive(table("123456.78"), entries((1, STRAIGHT_FLUSH)))
    assert result.award_of(1) == Decimal("12345.67")
    assert result.pool_after == Decimal("111111.11")
    result = pay_progressive(table("100000"), entries((1, ROYAL), (2, ROYAL), (3, ROYAL)))
    assert result.award_of(1) == Decimal("33333.33")


def test_caribbean_art10_8_rounding_setting_half_up() -> None:
    result = pay_progressive(
        table("123456.78"), entries((1, STRAIGHT_FLUSH)), rounding=Rounding.HALF_UP
    )
    assert result.award_of(1) == Decimal("12345.68")


def test_caribbean_art10_3_a_fixed_award_not_posted_is_an_error_when_won() -> None:
    posted = ProgressiveTable(pool=Decimal("1000"), fixed={}, reset_to=Decimal("500"))
    assert pay_progressive(posted, entries((1, HandClass.STRAIGHT))).awards == ()
    with pytest.raises(RulesError) as raised:
        pay_progressive(posted, entries((1, HandClass.FLUSH)))
    assert str(raised.value.citation) == "caribbean-stud-2004 Art. 10(3)"
