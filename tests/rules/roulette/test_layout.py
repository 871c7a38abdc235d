"""Art. 1 and Art. 6: the numbers, colours and every legal bet position of the layout."""

from collections import Counter
from itertools import pairwise

import pytest

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.roulette import RED, BetKind, all_positions, position
from dealer_trainer.rules.roulette.layout import WHEEL_ORDERS
from dealer_trainer.rules.rulesets import Ruleset


def test_art1_red_numbers_are_the_standard_eighteen() -> None:
    assert sorted(RED) == [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]


def _same_colour_neighbours(wheel: tuple[int, ...]) -> list[tuple[int, int]]:
    numbers = wheel[1:]  # 0 has no colour
    return [(a, b) for a, b in pairwise(numbers) if (a in RED) == (b in RED)]


@pytest.mark.parametrize("order", sorted(WHEEL_ORDERS))
def test_art1_wheel_has_37_pockets(order: str) -> None:
    assert sorted(WHEEL_ORDERS[order]) == list(range(37))


def test_art1_european_wheel_alternates_red_and_black() -> None:
    assert _same_colour_neighbours(WHEEL_ORDERS["european"]) == []


def test_art1_american_order_without_00_has_one_break_where_00_stood() -> None:
    assert _same_colour_neighbours(WHEEL_ORDERS["american_single_zero"]) == [(1, 27)]


def test_art6_position_counts(ruleset: Ruleset) -> None:
    counts = Counter(p.kind for p in all_positions(ruleset))
    assert counts == {
        BetKind.STRAIGHT: 37,
        BetKind.SPLIT: 57,  # 24 across the rows, 33 along the columns; none with 0
        BetKind.STREET: 12,
        BetKind.CORNER: 22,
        BetKind.LINE: 11,
        BetKind.NINE: 10,
        BetKind.SECTOR12: 2,
        BetKind.COLUMN: 3,
        BetKind.DOZEN: 3,
        BetKind.RED: 1,
        BetKind.BLACK: 1,
        BetKind.EVEN: 1,
        BetKind.ODD: 1,
        BetKind.LOW: 1,
        BetKind.HIGH: 1,
    }


def test_art6_spot_ids_are_unique(ruleset: Ruleset) -> None:
    ids = [p.spot_id for p in all_positions(ruleset)]
    assert len(ids) == len(set(ids))
    assert {"straight-0", "split-17-20", "corner-17-18-20-21", "dozen-2", "red"} <= set(ids)


@pytest.mark.parametrize(
    ("kind", "numbers"),
    [
        ("split", (17, 18)),
        ("split", (17, 20)),
        ("split", (33, 36)),
        ("street", (34, 35, 36)),
        ("corner", (17, 18, 20, 21)),
        ("corner", (32, 33, 35, 36)),
        ("line", (1, 2, 3, 4, 5, 6)),
        ("line", (31, 32, 33, 34, 35, 36)),
        ("nine", tuple(range(1, 10))),
        ("nine", tuple(range(28, 37))),
        ("sector12", (1, 3, 5, 13, 15, 17, 20, 22, 24, 32, 34, 36)),
        ("sector12", (2, 4, 6, 14, 16, 18, 19, 21, 23, 31, 33, 35)),
    ],
)
def test_art6_legal_inside_positions_are_accepted(
    ruleset: Ruleset, kind: str, numbers: tuple[int, ...]
) -> None:
    # the order in which a request lists the numbers does not matter
    assert position(ruleset, BetKind(kind), tuple(reversed(numbers)), None).numbers == numbers


@pytest.mark.parametrize(
    ("kind", "numbers", "reason"),
    [
        ("split", (3, 4), "side by side"),  # end of one row, start of the next
        ("split", (17, 19), "side by side"),
        ("street", (2, 3, 4), "one row"),
        ("corner", (3, 4, 6, 7), "one corner"),
        ("corner", (17, 18, 19, 20), "one corner"),
        ("line", (4, 5, 6, 10, 11, 12), "adjacent rows"),
        ("nine", (2, 3, 4, 5, 6, 7, 8, 9, 10), "three adjacent rows"),
        ("sector12", (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), "twelve-number sectors"),
    ],
)
def test_art6_positions_off_the_layout_are_refused(
    ruleset: Ruleset, kind: str, numbers: tuple[int, ...], reason: str
) -> None:
    with pytest.raises(RulesError) as caught:
        position(ruleset, BetKind(kind), numbers, None)
    assert caught.value.code == "illegal_bet"
    assert reason in caught.value.message
    assert str(caught.value.citation).startswith("roulette-2003 Art. 6(")


@pytest.mark.parametrize(
    ("kind", "numbers", "message"),
    [
        ("split", (17,), "covers 2 numbers, not 1"),
        ("straight", (37,), "not a number of the layout"),
        ("corner", (17, 17, 20, 21), "names a number twice"),
    ],
)
def test_art6_wrong_number_counts_are_refused(
    ruleset: Ruleset, kind: str, numbers: tuple[int, ...], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        position(ruleset, BetKind(kind), numbers, None)


@pytest.mark.parametrize(
    ("kind", "numbers"),
    [("split", (0, 1)), ("split", (0, 3)), ("street", (0, 1, 2)), ("corner", (0, 1, 2, 3))],
)
def test_art8_zero_combinations_are_refused_citing_art8(
    ruleset: Ruleset, kind: str, numbers: tuple[int, ...]
) -> None:
    with pytest.raises(RulesError) as caught:
        position(ruleset, BetKind(kind), numbers, None)
    assert caught.value.code == "illegal_bet"
    assert str(caught.value.citation) == "roulette-2003 Art. 8"
    assert "Art. 6 and Art. 8" in caught.value.message


def test_art8_zero_combinations_setting_allowed_offers_them(ruleset: Ruleset) -> None:
    house = ruleset.with_settings({"zero_combinations": "allowed"})
    assert position(house, BetKind.SPLIT, (0, 1), None).numbers == (0, 1)
    assert position(house, BetKind.CORNER, (0, 1, 2, 3), None).numbers == (0, 1, 2, 3)
    with pytest.raises(RulesError):  # still no 0-4 split: 0 and 4 do not touch
        position(house, BetKind.SPLIT, (0, 4), None)


def test_art6_6_nine_numbers_on_the_wheel_setting(ruleset: Ruleset) -> None:
    house = ruleset.with_settings({"nine_number_definition": "wheel_neighbours"})
    arc = (32, 15, 19, 4, 21, 2, 25, 17, 34)  # nine neighbours on the European wheel
    assert position(house, BetKind.NINE, arc, None).numbers == tuple(sorted(arc))
    with pytest.raises(RulesError, match="neighbouring pockets"):
        position(house, BetKind.NINE, tuple(range(1, 10)), None)


def test_art6_7_sector12_sets_are_arcs_of_the_american_order(ruleset: Ruleset) -> None:
    wheel = WHEEL_ORDERS["american_single_zero"]
    sectors = [p.numbers for p in all_positions(ruleset) if p.kind is BetKind.SECTOR12]
    for sector in sectors:
        places = sorted(wheel.index(n) for n in sector)
        assert places[-1] - places[0] == 11, "one unbroken arc of twelve pockets"


@pytest.mark.parametrize(("kind", "index"), [("column", 0), ("dozen", 4)])
def test_art6_columns_and_dozens_need_index_1_to_3(ruleset: Ruleset, kind: str, index: int) -> None:
    with pytest.raises(RulesError, match="index 1, 2 or 3"):
        position(ruleset, BetKind(kind), None, index)


def test_art6_9_to_11_dozens_are_small_middle_large(ruleset: Ruleset) -> None:
    assert position(ruleset, BetKind.DOZEN, None, 1).numbers == tuple(range(1, 13))
    assert position(ruleset, BetKind.DOZEN, None, 3).numbers == tuple(range(25, 37))
    assert position(ruleset, BetKind.COLUMN, None, 1).numbers == tuple(range(1, 35, 3))
