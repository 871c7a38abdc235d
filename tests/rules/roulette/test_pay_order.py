"""Art. 5(1): collect the losing bets first, then pay in the order of the official texts."""

from dataclasses import replace

import pytest

from dealer_trainer.rules.cli import handle
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.roulette import PayGroup, settle
from dealer_trainer.rules.roulette.pay_order import ProblemCode, Step, judge_order
from dealer_trainer.rules.roulette.settle import PayOrderText, pay_texts
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


def test_roulette_art5_1_settle_reports_the_portuguese_order_under_either(
    ruleset: Ruleset,
) -> None:
    """The default accepts either text; settle's groups are the Portuguese text's, one of them."""
    settlement = settle(ruleset, _table(ruleset), 17)
    assert settlement.collect == ("red", "zero")
    assert settlement.pay_order == (
        ("dozen", "column"),
        ("nine", "sector"),
        ("black",),
        ("line",),
        ("street",),
        ("corner",),
        ("split",),
        ("straight",),
    )
    assert pay_texts(ruleset) == (PayOrderText.PORTUGUESE, PayOrderText.CHINESE)


def test_roulette_art5_1_chinese_text_joins_six_lines_and_corners_in_one_step(
    ruleset: Ruleset,
) -> None:
    """「六門、四門騎，三門一列」: the enumeration comma joins six-lines and corners."""
    zh = ruleset.with_settings({"street_corner_order": "chinese"})
    settlement = settle(zh, _table(zh), 17)
    assert PayGroup.LINES_AND_CORNERS in settlement.pay_order_groups
    order = settlement.pay_order
    assert order.index(("corner", "line")) < order.index(("street",))


def test_art5_1_portuguese_text_pays_streets_before_corners(ruleset: Ruleset) -> None:
    pt = ruleset.with_settings({"street_corner_order": "portuguese"})
    order = settle(pt, _table(pt), 17).pay_order
    assert order.index(("street",)) < order.index(("corner",))


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
    assert verdict.followed == (PayOrderText.PORTUGUESE,)
    assert verdict.texts_differ


def _middle(ruleset: Ruleset, middle: list[str]) -> list[str]:
    """CORRECT with its six-line, street and corner in the order ``middle``."""
    return [*CORRECT[:7], *middle, *CORRECT[10:]]


@pytest.mark.parametrize(
    ("middle", "text"),
    [
        (["line", "street", "corner"], PayOrderText.PORTUGUESE),
        (["line", "corner", "street"], PayOrderText.CHINESE),
        (["corner", "line", "street"], PayOrderText.CHINESE),
    ],
)
def test_roulette_art5_1_either_accepts_the_three_orders_the_texts_allow(
    ruleset: Ruleset, middle: list[str], text: PayOrderText
) -> None:
    settlement = settle(ruleset, _table(ruleset), 17)
    verdict = judge_order(ruleset, settlement, _middle(ruleset, middle))
    assert verdict.correct
    assert verdict.followed == (text,)


@pytest.mark.parametrize(
    "middle",
    [["street", "line", "corner"], ["street", "corner", "line"], ["corner", "street", "line"]],
)
def test_roulette_art5_1_either_refuses_what_neither_text_allows(
    ruleset: Ruleset, middle: list[str]
) -> None:
    settlement = settle(ruleset, _table(ruleset), 17)
    verdict = judge_order(ruleset, settlement, _middle(ruleset, middle))
    assert not verdict.correct
    (problem,) = verdict.problems
    assert problem.code is ProblemCode.OUT_OF_TURN
    assert problem.before == "line"  # both texts pay the six-line before the street


def test_roulette_art5_1_either_refuses_a_mix_of_the_two_texts(ruleset: Ruleset) -> None:
    """One corner paid with the six-line (Chinese), the other after the street (Portuguese)."""
    bets = [
        make_bet(ruleset, "line", "line", (13, 14, 15, 16, 17, 18)),
        make_bet(ruleset, "street", "street", (16, 17, 18)),
        make_bet(ruleset, "c1", "corner", (17, 18, 20, 21)),
        make_bet(ruleset, "c2", "corner", (16, 17, 19, 20)),
    ]
    settlement = settle(ruleset, bets, 17)
    assert judge_order(ruleset, settlement, ["line", "street", "c1", "c2"]).correct
    assert judge_order(ruleset, settlement, ["c2", "line", "c1", "street"]).correct
    verdict = judge_order(ruleset, settlement, ["c1", "line", "street", "c2"])
    assert not verdict.correct
    (problem,) = verdict.problems
    assert problem.mixed
    assert (problem.bet, problem.before, problem.text) == ("street", "c2", PayOrderText.CHINESE)


def test_roulette_art5_1_chinese_setting_is_strict_to_the_chinese_text(ruleset: Ruleset) -> None:
    zh = ruleset.with_settings({"street_corner_order": "chinese"})
    settlement = settle(zh, _table(zh), 17)
    assert judge_order(zh, settlement, _middle(zh, ["corner", "line", "street"])).correct
    assert judge_order(zh, settlement, _middle(zh, ["line", "corner", "street"])).correct
    assert not judge_order(zh, settlement, _middle(zh, ["line", "street", "corner"])).correct


def test_art5_1_judge_strict_portuguese_refuses_corners_first(ruleset: Ruleset) -> None:
    pt = ruleset.with_settings({"street_corner_order": "portuguese"})
    settlement = settle(pt, _table(pt), 17)
    for middle in (["line", "corner", "street"], ["corner", "line", "street"]):
        assert not judge_order(pt, settlement, _middle(pt, middle)).correct


def test_roulette_art5_2_one_players_bets_paid_together_at_the_turn_of_any_of_them(
    ruleset: Ruleset,
) -> None:
    """Art. 5(2) and its interpretation: a combined payment may come at any of its bets' turns."""
    bets = [
        make_bet(ruleset, "dozen", "dozen", index=2),
        make_bet(ruleset, "split", "split", (17, 20)),
        make_bet(ruleset, "straight", "straight", (17,)),
        make_bet(ruleset, "red", "red"),
    ]
    bets = [
        replace(b, player="ana") if b.id in ("dozen", "straight") else replace(b, player="bo")
        for b in bets
    ]
    settlement = settle(ruleset, bets, 17)
    orders: list[list[Step]] = [
        ["red", ("dozen", "straight"), "split"],
        ["red", "split", ("straight", "dozen")],
    ]
    for order in orders:
        assert judge_order(ruleset, settlement, order).correct, order
    verdict = judge_order(ruleset, settlement, ["red", ("dozen", "split"), "straight"])
    assert [p.code for p in verdict.problems] == [ProblemCode.NOT_ONE_PLAYER]
    assert str(verdict.problems[0].citation) == "roulette-2003 Art. 5(2)"
    verdict = judge_order(ruleset, settlement, [("red", "dozen"), "split", "straight"])
    assert ProblemCode.LOSER_PAID in [p.code for p in verdict.problems]


def _issue_35(ruleset: Ruleset) -> list:  # type: ignore[type-arg]
    """On 1: player A's corner 1-2-4-5, player B's nine-number bet and twelve-number sector."""
    return [
        replace(make_bet(ruleset, "a", "corner", (1, 2, 4, 5)), player="A"),
        replace(make_bet(ruleset, "n", "nine", tuple(range(1, 10))), player="B"),
        replace(
            make_bet(ruleset, "s", "sector12", (1, 3, 5, 13, 15, 17, 20, 22, 24, 32, 34, 36)),
            player="B",
        ),
    ]


def test_roulette_art5_2_separate_payments_keep_their_turns_in_the_quiz(
    ruleset: Ruleset,
) -> None:
    """Issue 35: B's two sector bets paid separately come before A's corner; paid together,
    at the turn of either, and A's corner still after them."""
    settlement = settle(ruleset, _issue_35(ruleset), 1)
    right: list[list[Step]] = [["s", "n", "a"], ["n", "s", "a"], [("n", "s"), "a"]]
    for order in right:
        assert judge_order(ruleset, settlement, order).correct, order
    wrong: list[list[Step]] = [["a", "s", "n"], ["a", ("s", "n")]]
    for order in wrong:
        verdict = judge_order(ruleset, settlement, order)
        assert [(p.code, p.bet, p.before) for p in verdict.problems] == [
            (ProblemCode.OUT_OF_TURN, "a", "s")
        ], order
        assert str(verdict.problems[0].citation) == "roulette-2003 Art. 5(1)"


def test_roulette_art5_2_a_bet_passed_over_then_paid_on_its_own_is_out_of_turn(
    ruleset: Ruleset,
) -> None:
    """Chinese text: ana's corner (with the six-lines) may wait for her straight-up's turn,
    paid together with it; paid on its own after the street, it has lost its turn."""
    zh = ruleset.with_settings({"street_corner_order": "chinese"})
    bets = [
        make_bet(zh, "line", "line", (13, 14, 15, 16, 17, 18)),
        replace(make_bet(zh, "corner", "corner", (17, 18, 20, 21)), player="ana"),
        make_bet(zh, "street", "street", (16, 17, 18)),
        replace(make_bet(zh, "straight", "straight", (17,)), player="ana"),
    ]
    settlement = settle(zh, bets, 17)
    assert judge_order(zh, settlement, ["line", "street", ("corner", "straight")]).correct
    verdict = judge_order(zh, settlement, ["line", "street", "corner", "straight"])
    assert [(p.code, p.bet, p.before) for p in verdict.problems] == [
        (ProblemCode.OUT_OF_TURN, "street", "corner")
    ]
    assert str(verdict.problems[0].citation) == "roulette-2003 Art. 5(2)"
    assert "paid on its own, a bet keeps its turn" in verdict.problems[0].message


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["zero", "column", "red", *CORRECT[3:]], "collected after bet 'column' was paid"),
        (["red", "zero", "straight", *CORRECT[2:-1]], "must be paid before"),
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


def test_roulette_art5_2_settle_request_bets_may_name_their_player() -> None:
    """The contract: bets may carry "player"; settle answers as before."""
    answer = handle(
        "settle",
        {
            "game": "roulette",
            "bets": [
                {"id": "a", "kind": "straight", "numbers": [17], "amount": 10, "player": "ana"},
                {"id": "b", "kind": "dozen", "index": 2, "amount": 20, "player": "ana"},
            ],
            "outcome": {"number": 17},
        },
    )
    assert answer["pay_order"] == [["b"], ["a"]]
    with pytest.raises(RulesError) as caught:
        handle(
            "settle",
            {
                "game": "roulette",
                "bets": [{"id": "a", "kind": "red", "amount": 10, "player": ["ana"]}],
                "outcome": {"number": 17},
            },
        )
    assert "player" in caught.value.message
