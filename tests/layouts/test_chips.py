"""Chips on spots: the Qt-free model the drills engine and the felt share."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.layouts.chips import DEFAULT_CHIPS, ChipSet, Denomination, TableChips


def test_chips_place_and_remove_notify_each_change_with_its_spot() -> None:
    chips = TableChips(["red", "black"])
    seen: list[str] = []
    unsubscribe = chips.subscribe(seen.append)
    chips.place("red", Decimal(100))
    chips.place("red", Decimal(10))
    assert chips.chips("red") == (Decimal(100), Decimal(10))
    assert chips.amount("red") == Decimal(110)
    assert chips.remove("red") == Decimal(10)
    assert chips.remove("black") is None  # nothing to take: no change, no call
    assert seen == ["red", "red", "red"]
    unsubscribe()
    chips.clear()
    assert seen == ["red", "red", "red"]
    assert chips.total() == 0
    assert list(chips.occupied()) == []


def test_chips_a_whole_stack_placed_at_once_is_one_change() -> None:
    """A bet's stack staged at once (a felt drawn for a round) changes the spot once, so its
    picture is drawn once, not once for every chip; the stack is the same as chip by chip."""
    chips = TableChips(["red", "black"])
    seen: list[str] = []
    chips.subscribe(seen.append)
    chips.place_all("red", [Decimal(100), Decimal(100), Decimal(10)])
    chips.place_all("black", [])  # nothing placed: no change
    assert chips.chips("red") == (Decimal(100), Decimal(100), Decimal(10))
    assert seen == ["red"]
    with pytest.raises(KeyError, match="no 7 chip"):
        chips.place_all("red", [Decimal(10), Decimal(7)])
    assert chips.chips("red") == (Decimal(100), Decimal(100), Decimal(10))  # nothing of it


def test_chips_refuse_unknown_spots_and_denominations() -> None:
    chips = TableChips(["red"])
    with pytest.raises(KeyError, match="no spot 'blue'"):
        chips.place("blue", Decimal(10))
    with pytest.raises(KeyError, match="no 7 chip"):
        chips.place("red", Decimal(7))


def test_chips_breakdown_uses_fewest_chips_largest_first_and_refuses_what_it_cannot_make() -> None:
    assert DEFAULT_CHIPS.breakdown(Decimal(1660)) == [
        Decimal(1000),
        Decimal(500),
        Decimal(100),
        Decimal(50),
        Decimal(10),
    ]
    with pytest.raises(ValueError, match="cannot be made"):
        DEFAULT_CHIPS.breakdown(Decimal("7.50"))


def test_chip_set_is_configurable_and_checked() -> None:
    house = ChipSet(
        "MOP",
        (
            Denomination(Decimal(25), "#00aa00", "#ffffff"),
            Denomination(Decimal(5000), "#aa0000", "#ffffff"),
        ),
    )
    assert [d.text for d in house.denominations] == ["25", "5K"]
    with pytest.raises(ValueError, match="lowest first"):
        ChipSet("MOP", tuple(reversed(house.denominations)))
    with pytest.raises(ValueError, match="at least one"):
        ChipSet("MOP", ())
