"""The dealer's work after a throw: the articles decide each bet; the order is table procedure.

Portaria n.º 97/85/M sets no order of settlement. "Collect, then pay" is the ruleset setting
``collect_before_pay`` (table procedure, default on), and an order problem cites no article.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import (
    Action,
    OrderCode,
    Table,
    judge_order,
    settle_throw,
)
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import get_ruleset
from tests.rules.craps.helpers import bet, new_table, play

ART = {
    name: Citation.parse(text, "craps-1985")
    for name, text in {
        "1": "Art. 1",
        "2(1)": "Art. 2(1)",
        "2(3)": "Art. 2(3)",
        "3(1)": "Art. 3(1)",
        "4": "Art. 4",
        "5": "Art. 5",
        "6": "Art. 6",
        "9": "Art. 9",
        "10": "Art. 10",
        "11": "Art. 11",
    }.items()
}


def _last(table: Table) -> int:
    return len(table.events) - 1


@pytest.mark.parametrize("ruleset_id", ["craps-1985", "craps-2010"])
def test_craps_collect_before_pay_is_table_procedure_citing_no_article(ruleset_id: str) -> None:
    setting = get_ruleset(ruleset_id).settings["collect_before_pay"]
    assert setting.type == "boolean" and setting.default is True
    assert not setting.interpretation  # not a reading of an article: there is none
    assert setting.citation is None
    assert setting.description.startswith("Table procedure, not in the regulation")


def test_craps_collect_before_pay_losers_are_collected_before_any_winner_is_paid() -> None:
    table = play(
        new_table(), bet("p", "pass", 10), bet("f", "field", 5), bet("s", "big7", 4), (3, 4)
    )
    settlement = settle_throw(table, _last(table))
    assert [[(s.action, s.bet) for s in group] for group in settlement.groups] == [
        [(Action.COLLECT, "f")],
        [(Action.PAY, "p"), (Action.PAY, "s")],
    ]
    assert settlement.step("p").citation == ART["2(1)"]  # type: ignore[union-attr]
    assert settlement.step("f").citation == ART["4"]  # type: ignore[union-attr]
    assert settlement.step("s").amount == Decimal("18.00")  # type: ignore[union-attr]
    assert judge_order(settlement, ["f", "s", "p"]).correct
    verdict = judge_order(settlement, ["p", "f", "s"])
    assert not verdict.correct
    (problem,) = verdict.problems
    assert problem.code is OrderCode.PAID_BEFORE_COLLECTING
    assert (problem.bet, problem.paid) == ("f", "p")
    assert problem.citation is None  # table procedure: no article says it


def test_craps_collect_before_pay_off_settles_the_decided_bets_in_any_order() -> None:
    table = play(
        new_table(collect_before_pay=False),
        bet("p", "pass", 10),
        bet("f", "field", 5),
        (3, 4),
    )
    settlement = settle_throw(table, _last(table))
    assert len(settlement.groups) == 1 and not settlement.collect_first
    assert judge_order(settlement, ["p", "f"]).correct
    assert judge_order(settlement, ["f", "p"]).correct


def test_craps_art2_1_pass_line_with_its_point_on_has_no_decision_and_stays() -> None:
    table = play(new_table(), bet("p", "pass", 10), (2, 2), bet("f", "field", 5), (3, 3))
    settlement = settle_throw(table, _last(table))
    assert [s.id for s in settlement.staying] == ["p"]
    verdict = judge_order(settlement, ["f", "p"])
    (problem,) = verdict.problems
    assert problem.code is OrderCode.NO_DECISION
    assert (problem.bet, problem.citation) == ("p", ART["2(1)"])


def test_craps_art5_hard_6_not_thrown_and_art9_big_8_not_thrown_stay_on_the_layout() -> None:
    table = play(
        new_table(),
        bet("p", "pass", 10),
        bet("h", "hard", 5, number=6),
        bet("b", "big", 6, number=8),
        bet("f", "field", 5),
        (1, 2),
    )
    settlement = settle_throw(table, _last(table))
    assert {s.id for s in settlement.staying} == {"h", "b"}
    assert [(s.action, s.bet) for s in settlement.steps] == [
        (Action.COLLECT, "p"),  # come-out 3: craps (Art. 2(1))
        (Action.PAY, "f"),
    ]
    verdict = judge_order(settlement, ["p", "f", "h", "b"])
    assert [(p.code, p.bet, p.citation) for p in verdict.problems] == [
        (OrderCode.NO_DECISION, "h", ART["5"]),
        (OrderCode.NO_DECISION, "b", ART["9"]),
    ]


def test_craps_art3_1_dont_pass_come_out_12_ties_and_has_no_step() -> None:
    table = play(new_table(), bet("d", "dont_pass", 10), bet("p", "pass", 10), (6, 6))
    settlement = settle_throw(table, _last(table))
    assert [[(s.action, s.bet) for s in g] for g in settlement.groups] == [[(Action.COLLECT, "p")]]
    assert settlement.step("d") is None
    assert [s.id for s in settlement.staying] == ["d"]
    assert settlement.tied(settlement.staying[0])
    assert judge_order(settlement, ["p"]).correct  # the tied bet is left where it is
    verdict = judge_order(settlement, ["p", "d"])  # handing its stake back is a mistake
    assert [(p.code, p.bet, p.citation) for p in verdict.problems] == [
        (OrderCode.NO_DECISION, "d", ART["3(1)"])
    ]


def test_craps_art2_3_come_bet_moves_to_its_come_point_with_the_pays() -> None:
    table = play(
        new_table(), bet("p", "pass", 10), (2, 2), bet("c", "come", 5), bet("f", "field", 5), (5, 4)
    )
    settlement = settle_throw(table, _last(table))
    move = settlement.step("c")
    assert move is not None and (move.action, move.to, move.citation) == (
        Action.MOVE,
        9,
        ART["2(3)"],
    )
    assert [s.id for s in settlement.staying] == ["p"]
    assert [(s.action, s.bet) for s in settlement.groups[-1]] == [  # in placement order
        (Action.MOVE, "c"),
        (Action.PAY, "f"),
    ]


def test_craps_art1_off_table_throw_leaves_every_bet_on_the_layout() -> None:
    table = play(new_table(), bet("p", "pass", 10), bet("f", "field", 5), "off_table")
    settlement = settle_throw(table, _last(table))
    assert settlement.groups == ()
    assert {s.id for s in settlement.staying} == {"p", "f"}


def test_craps_settlement_order_bets_left_out_twice_or_not_on_the_layout_are_named() -> None:
    table = play(
        new_table(), bet("p", "pass", 10), bet("f", "field", 5), bet("s", "big7", 4), (3, 4)
    )
    settlement = settle_throw(table, _last(table))
    verdict = judge_order(settlement, ["f", "f", "x", "p"])
    assert [(p.code, p.bet) for p in verdict.problems] == [
        (OrderCode.SETTLED_TWICE, "f"),
        (OrderCode.NOT_ON_LAYOUT, "x"),
        (OrderCode.NOT_SETTLED, "s"),
    ]
    assert verdict.problems[2].citation == ART["6"]


def test_craps_settlement_of_an_event_that_is_not_a_throw_is_refused() -> None:
    table = play(new_table(), bet("p", "pass", 10), (3, 4))
    with pytest.raises(RulesError, match="is a bet, not a throw"):
        settle_throw(table, 0)
    with pytest.raises(RulesError, match="no event 5"):
        settle_throw(table, 5)


# --------------------------------------------- Big bets: what each answer rests on --


def _parts(number: int, amount: str) -> tuple[int, Decimal, Fraction, Citation | None]:
    parts = new_table().big_parts(Decimal(amount), number)
    return parts.blocks, parts.rest, parts.exact_win, parts.interpretation


def test_craps_art9_whole_blocks_and_a_bet_under_the_block_rest_on_the_text() -> None:
    assert _parts(6, "12") == (2, Decimal(0), Fraction(14), None)
    assert _parts(8, "5") == (0, Decimal(5), Fraction(5), None)  # "o prémio será igual"


def test_craps_art9_remainder_over_full_blocks_rests_on_the_big_bet_remainder_reading() -> None:
    assert _parts(8, "20") == (3, Decimal(2), Fraction(23), ART["9"])


def test_craps_art10_remainder_rests_on_the_reading_a_bet_under_five_on_the_text() -> None:
    assert _parts(9, "12") == (2, Decimal(2), Fraction(16), ART["9"])  # cited by the setting
    assert _parts(5, "4") == (0, Decimal(4), Fraction(4), None)


def test_craps_art11_big_4_under_five_units_rests_on_the_short_bet_reading() -> None:
    assert _parts(4, "3") == (0, Decimal(3), Fraction(3), ART["11"])
    assert _parts(10, "10") == (2, Decimal(0), Fraction(18), None)
