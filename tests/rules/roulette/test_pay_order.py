"""Art. 5(1): collect the losing bets first, then pay in the order of the official texts."""

import pytest

from dealer_trainer.rules.roulette import PayGroup, settle
from dealer_trainer.rules.roulette.pay_order import judge_order
from dealer_trainer.rules.rulesets import Ruleset

from .conftest import make_bet


def _table(ruleset: Ruleset) -> list:  # type: ignore[type-arg]
    """One winning bet of every group on 17, and two losers."""
    return [
        make_bet(ruleset, "straight", "straight", (17,)),
        make_bet(ruleset, "split", "split", (17, 20)),
        make_bet(ruleset, "corner", "corner", (17, 18, 20, 21)),
        make_bet(ruleset, "street", "street", (16, 17, 18)),
        make_bet(ruleset, "line", "line", (13, 14, 15, 16, 17, 18)),
        make_bet(ruleset, "black", "black"),
        make_bet(ruleset, "nine", "nine", tuple(range(10, 19))),
        make_bet(ruleset, "sector", "sector12", (1, 3, 5, 13, 15, 17, 20, 22, 24, 32, 34, 36)),
        make_bet(ruleset, "dozen", "dozen", index=2),
        make_bet(ruleset, "column", "column", index=2),
        make_bet(ruleset, "red", "red"),
        make_bet(ruleset, "zero", "straight", (0,)),
    ]


def test_art5_1_default_pay_order_with_streets_and_corners_as_one_group(ruleset: Ruleset) -> None:
    settlement = settle(ruleset, _table(ruleset), 17)
    assert settlement.collect == ("red", "zero")
    assert settlement.pay_order == (
        ("dozen", "column"),
        ("nine", "sector"),
        ("black",),
        ("line",),
        ("corner", "street"),
        ("split",),
        ("straight",),
    )
    assert PayGroup.STREETS_AND_CORNERS in settlement.pay_order_groups


def test_art5_1_portuguese_text_pays_streets_before_corners(ruleset: Ruleset) -> None:
    pt = ruleset.with_settings({"street_corner_order": "portuguese"})
    order = settle(pt, _table(pt), 17).pay_order
    assert order.index(("street",)) < order.index(("corner",))


def test_art5_1_chinese_text_pays_corners_before_streets(ruleset: Ruleset) -> None:
    zh = ruleset.with_settings({"street_corner_order": "chinese"})
    order = settle(zh, _table(zh), 17).pay_order
    assert order.index(("corner",)) < order.index(("street",))


def test_art5_1_sector12_setting_pays_it_with_columns_and_dozens(ruleset: Ruleset) -> None:
    house = ruleset.with_settings({"sector12_pay_group": "columns_and_dozens"})
    order = settle(house, _table(house), 17).pay_order
    assert order[0] == ("sector", "dozen", "column")
    assert order[1] == ("nine",)


def test_art5_1_empty_groups_are_left_out(ruleset: Ruleset) -> None:
    bets = [make_bet(ruleset, "a", "straight", (5,)), make_bet(ruleset, "b", "odd")]
    assert settle(ruleset, bets, 5).pay_order == (("b",), ("a",))


CORRECT = [
    "red",
    "zero",
    "column",
    "dozen",
    "sector",
    "nine",
    "black",
    "line",
    "street",
    "corner",
    "split",
    "straight",
]


def test_art5_1_judge_accepts_the_regulation_order(ruleset: Ruleset) -> None:
    settlement = settle(ruleset, _table(ruleset), 17)
    verdict = judge_order(ruleset, settlement, CORRECT)
    assert verdict.correct
    assert "Portuguese" in verdict.notes[0]


def test_art5_1_judge_accepts_corners_first_and_says_which_text(ruleset: Ruleset) -> None:
    settlement = settle(ruleset, _table(ruleset), 17)
    swapped = [*CORRECT[:8], "corner", "street", *CORRECT[10:]]
    verdict = judge_order(ruleset, settlement, swapped)
    assert verdict.correct
    assert "Chinese text" in verdict.notes[0]


def test_art5_1_judge_strict_portuguese_refuses_corners_first(ruleset: Ruleset) -> None:
    pt = ruleset.with_settings({"street_corner_order": "portuguese"})
    settlement = settle(pt, _table(pt), 17)
    swapped = [*CORRECT[:8], "corner", "street", *CORRECT[10:]]
    assert not judge_order(pt, settlement, swapped).correct


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["zero", "column", "red", *CORRECT[3:]], "collected after a winner was paid"),
        (["red", "zero", "straight", *CORRECT[2:-1]], "paid before"),
        (CORRECT[:-1], "never paid"),
        (CORRECT[1:], "never collected"),
        ([*CORRECT, "straight"], "handled twice"),
        ([*CORRECT, "ghost"], "no bet 'ghost'"),
    ],
)
def test_art5_1_judge_names_the_first_mistake(
    ruleset: Ruleset, order: list[str], message: str
) -> None:
    settlement = settle(ruleset, _table(ruleset), 17)
    verdict = judge_order(ruleset, settlement, order)
    assert not verdict.correct
    assert any(message in p.message for p in verdict.problems)
    assert all(str(p.citation) == "roulette-2003 Art. 5(1)" for p in verdict.problems)
