"""Art. 5(1)-(2): the quiz's order judge is the dealer's procedure's judge (the one the CLI's
``judge`` and the live table use), listing each of its findings; a bet named twice is said
to be settled twice, not also collected late or paid out of turn."""

from __future__ import annotations

import random

import pytest

from dealer_trainer.drills import Difficulty, ItemSpec
from dealer_trainer.rules.cli import handle
from dealer_trainer.rules.roulette import settle
from dealer_trainer.rules.roulette.api import parse_bet
from dealer_trainer.rules.roulette.pay_order import ProblemCode, judge_order
from dealer_trainer.rules.rulesets import Ruleset, resolve_ruleset

from .conftest import make_bet


def _bets(ruleset: Ruleset) -> list:  # type: ignore[type-arg]
    """On 17: red loses; the split and the straight-up win (split first, Art. 5(1))."""
    return [
        make_bet(ruleset, "red", "red"),
        make_bet(ruleset, "split", "split", (17, 20)),
        make_bet(ruleset, "straight", "straight", (17,)),
    ]


def test_roulette_art5_1_a_loser_collected_first_and_named_again_is_settled_twice_only(
    ruleset: Ruleset,
) -> None:
    settlement = settle(ruleset, _bets(ruleset), 17)
    verdict = judge_order(ruleset, settlement, ["red", "split", "red", "straight"])
    assert [(p.code, p.bet) for p in verdict.problems] == [(ProblemCode.SETTLED_TWICE, "red")]


def test_roulette_art5_1_a_winner_paid_in_turn_and_named_again_is_settled_twice_only(
    ruleset: Ruleset,
) -> None:
    settlement = settle(ruleset, _bets(ruleset), 17)
    verdict = judge_order(ruleset, settlement, ["red", "split", "straight", "split"])
    assert [(p.code, p.bet) for p in verdict.problems] == [(ProblemCode.SETTLED_TWICE, "split")]


def test_roulette_art5_1_a_bet_never_paid_is_missing_not_one_every_later_payment_waits_for(
    ruleset: Ruleset,
) -> None:
    settlement = settle(ruleset, _bets(ruleset), 17)
    verdict = judge_order(ruleset, settlement, ["red", "straight"])
    assert [(p.code, p.bet) for p in verdict.problems] == [(ProblemCode.NEVER_SETTLED, "split")]


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_roulette_art5_1_quiz_and_cli_judge_agree_on_every_order(difficulty: Difficulty) -> None:
    """The same answers, as the quiz's bets in order and as the CLI's steps: one verdict."""
    rng = random.Random(int(difficulty))
    for seed in range(30):
        item = ItemSpec("roulette.pay_order", seed, difficulty).make()
        request = item.situation["request"]
        ruleset = resolve_ruleset("roulette", request.get("ruleset"))
        bets = [parse_bet(ruleset, raw, "bet") for raw in request["bets"]]
        number = int(request["outcome"]["number"])
        settlement = settle(ruleset, bets, number)
        flat = [b for group in item.expected.order for b in group]
        for _ in range(12):
            order = list(flat)
            rng.shuffle(order)
            if rng.random() < 0.3:
                order.pop()
            if rng.random() < 0.3:
                order.insert(rng.randrange(len(order) + 1), rng.choice(flat))
            quiz = judge_order(ruleset, settlement, order)
            steps = [
                {"action": "collect", "bet": b}
                if b in settlement.collect
                else {"action": "pay", "bet": b, "amount": str(settlement.result(b).win)}
                for b in order
            ]
            done = [{"action": "mark", "number": number}, *steps]
            cli = handle("judge", {**request, "done": done})
            assert quiz.correct == cli["correct"], (seed, order, quiz.problems, cli)
            if not cli["correct"]:
                codes = {str(p.code) for p in quiz.problems}
                assert cli["code"] in codes | {"out_of_turn", "paid_before_collecting"}
