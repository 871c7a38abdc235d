"""Collect before pay (table procedure, ``collect_before_pay``): the quiz's order judge is the
dealer's procedure's judge, the one the CLI's ``judge`` and the live table use."""

from __future__ import annotations

import random

import pytest

from dealer_trainer.drills import Difficulty, ItemSpec
from dealer_trainer.rules.cli import handle
from dealer_trainer.rules.craps import judge_order, settle_throw
from dealer_trainer.rules.craps.api import replay
from dealer_trainer.rules.rulesets import get_ruleset


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_craps_collect_before_pay_quiz_and_cli_judge_agree_on_every_order(
    difficulty: Difficulty,
) -> None:
    rng = random.Random(int(difficulty))
    for seed in range(30):
        item = ItemSpec("craps.pay_order", seed, difficulty).make()
        request = item.situation["request"]
        table = replay(request, get_ruleset(item.ruleset))
        last = max(i for i, e in enumerate(request["events"]) if "roll" in e)
        settlement = settle_throw(table, last)
        proc = handle("procedure", request)
        planned = {s["bet"]: s for group in proc["steps"] for s in group}
        flat = [b for group in item.expected.order for b in group]
        staying = [s.id for s in settlement.staying]
        for _ in range(12):
            order = list(flat)
            rng.shuffle(order)
            if rng.random() < 0.3:
                order.pop()
            if staying and rng.random() < 0.3:
                order.insert(rng.randrange(len(order) + 1), rng.choice(staying))
            quiz = judge_order(settlement, order)
            done = [
                {k: v for k, v in planned[b].items() if k != "citation"}
                if b in planned
                else {"action": "collect", "bet": b}
                for b in order
            ]
            cli = handle("judge", {**request, "done": done})
            assert quiz.correct == cli["correct"], (seed, order, quiz.problems, cli)


def test_craps_art9_a_big_6_left_by_a_10_is_ruled_by_art9_not_table_procedure() -> None:
    request = {
        "game": "craps",
        "events": [
            {"bet": {"id": "b", "kind": "big", "number": 6, "amount": 6}},
            {"bet": {"id": "f", "kind": "field", "amount": 5}},
            {"roll": [4, 6]},
        ],
    }
    verdict = handle(
        "judge",
        {
            **request,
            "done": [{"action": "pay", "bet": "f", "amount": 5}, {"action": "collect", "bet": "b"}],
        },
    )
    assert verdict["code"] == "no_decision" and verdict["at"] == 1
    assert verdict["citation"] == "craps-1985 Art. 9"


def test_craps_art3_1_a_bar_twelve_handed_back_is_ruled_by_art3_1() -> None:
    request = {
        "game": "craps",
        "events": [{"bet": {"id": "d", "kind": "dont_pass", "amount": 10}}, {"roll": [6, 6]}],
    }
    assert handle("procedure", request) == {"steps": []}
    assert handle("judge", {**request, "done": []}) == {"correct": True}
    verdict = handle("judge", {**request, "done": [{"action": "return", "bet": "d"}]})
    assert verdict["code"] == "no_decision" and verdict["citation"] == "craps-1985 Art. 3(1)"
    assert "ties on 12" in verdict["message"]
