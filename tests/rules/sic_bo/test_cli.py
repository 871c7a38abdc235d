"""The rules CLI for Sic Bo (docs/rules-cli.md, "Sic Bo"): settle, procedure and judge."""

from __future__ import annotations

import io
import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.cli import run

DOCS = Path(__file__).parents[3] / "docs" / "rules-cli.md"
PAY_TABLE = "sic-bo-house house pay table"


def call(request: Any, command: str = "settle") -> tuple[int, dict[str, Any]]:
    text = request if isinstance(request, str) else json.dumps(request)
    out = io.StringIO()
    code = run(command, io.StringIO(text), out)
    return code, json.loads(out.getvalue())


def _docs_blocks() -> tuple[dict[str, Any], str]:
    """The Sic Bo section's input (as JSON) and its output block (as text)."""
    section = DOCS.read_text(encoding="utf-8").split("\n## Sic Bo\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"\n\n((?:    .*\n)+)", section)
    request = json.loads("".join(line[4:] + "\n" for line in blocks[0].splitlines()))
    return request, blocks[1]


def test_sic_bo_house_table_docs_example_is_what_settle_answers() -> None:
    request, shown = _docs_blocks()
    code, answer = call(request)
    assert code == 0
    result = {r["id"]: r for r in answer["results"]}
    assert result["a"] == {
        "id": "a",
        "outcome": "lose",
        "win": "0.00",
        "returned": "0.00",
        "pays": None,
        "citation": PAY_TABLE,
    }
    assert result["b"] == {
        "id": "b",
        "outcome": "win",
        "win": "30.00",
        "returned": "5.00",
        "pays": "6",
        "citation": PAY_TABLE,
    }
    assert [(r["win"], r["pays"]) for r in answer["results"][2:]] == [
        ("25.00", "5"),  # combination 2-5 at 5 to 1
        ("40.00", "2"),  # single 5, on two dice: 2 to 1
        ("80.00", "8"),  # double 5 at 8 to 1
    ]
    assert answer["total"] == 12 and answer["triple"] is False
    assert answer["collect"] == ["a"]
    assert answer["pay_order"] == [["e"], ["b"], ["c"], ["d"]]
    # What the document shows of the answer is the answer.
    for key in ("lit", "collect", "pay_order"):
        assert f'"{key}": {json.dumps(answer[key], ensure_ascii=False)}' in " ".join(
            shown.split()
        ), key
    assert '"total": 12, "triple": false' in shown


@pytest.mark.parametrize(
    ("bet", "code", "words"),
    [
        ({"id": "a", "kind": "pair", "amount": 5}, "unknown_bet_kind", "is not a Sic Bo bet"),
        ({"id": "a", "kind": "total", "amount": 5}, "invalid_request", 'missing "number"'),
        ({"id": "a", "kind": "total", "number": 3, "amount": 5}, "illegal_bet", "only thrown"),
        ({"id": "a", "kind": "total", "number": 18, "amount": 5}, "illegal_bet", "4 to 17"),
        ({"id": "a", "kind": "single", "number": 7, "amount": 5}, "illegal_bet", "1 to 6"),
        ({"id": "a", "kind": "double", "number": True, "amount": 5}, "invalid_request", "true"),
        (
            {"id": "a", "kind": "combination", "numbers": [3, 3], "amount": 5},
            "illegal_bet",
            "two different faces",
        ),
        (
            {"id": "a", "kind": "combination", "number": 3, "amount": 5},
            "invalid_request",
            'missing "numbers"',
        ),
        ({"id": "a", "kind": "small", "number": 3, "amount": 5}, "invalid_request", "unknown key"),
        ({"id": "a", "kind": "big", "amount": -5}, "negative_amount", "negative"),
        ({"id": "a", "kind": "big", "amount": "2.555"}, "invalid_amount", "decimal places"),
    ],
)
def test_sic_bo_house_table_a_bad_bet_is_an_invalid_request_with_a_clear_message(
    bet: dict[str, Any], code: str, words: str
) -> None:
    status, answer = call({"game": "sic_bo", "bets": [bet], "outcome": {"dice": [1, 2, 3]}})
    assert status == 2
    assert answer["error"]["code"] == code
    assert words in answer["error"]["message"]
    assert answer["error"]["message"].startswith("bets[0]")


@pytest.mark.parametrize(
    ("outcome", "words"),
    [
        ({"dice": [1, 2, 7]}, "Die 3 shows 7: a die shows 1 to 6."),
        ({"dice": [0, 2, 3]}, "Die 1 shows 0: a die shows 1 to 6."),
        ({"dice": [1, 2]}, "A Sic Bo throw is three dice, not 2."),
        ({"dice": [1, 2, 3, 4]}, "A Sic Bo throw is three dice, not 4."),
        ({"dice": [1, 2, "3"]}, 'Die 3 shows "3": a die shows 1 to 6.'),
        ({"dice": 9}, "outcome.dice must be a list of three faces, not 9."),
    ],
)
def test_sic_bo_house_table_a_die_not_one_to_six_is_refused(
    outcome: dict[str, Any], words: str
) -> None:
    status, answer = call({"game": "sic_bo", "bets": [], "outcome": outcome})
    assert status == 2
    assert answer["error"] == {"code": "invalid_outcome", "message": words, "citation": None}


def test_sic_bo_house_table_a_bet_the_house_does_not_offer_is_refused() -> None:
    status, answer = call(
        {
            "game": "sic_bo",
            "ruleset": {"id": "sic-bo-house", "settings": {"odd_even_offered": False}},
            "bets": [{"id": "a", "kind": "even", "amount": 5}],
            "outcome": {"dice": [1, 2, 3]},
        }
    )
    assert status == 2
    assert answer["error"]["code"] == "bet_not_offered"
    assert answer["error"]["citation"] == PAY_TABLE


def test_sic_bo_house_table_limits_are_settings_of_the_request() -> None:
    request = {
        "game": "sic_bo",
        "ruleset": {"id": "sic-bo-house", "settings": {"max_bet_specific_triple": "100"}},
        "bets": [{"id": "a", "kind": "triple", "number": 6, "amount": 150}],
        "outcome": {"dice": [6, 6, 6]},
    }
    status, answer = call(request)
    assert status == 2 and answer["error"]["code"] == "over_table_limit"
    assert answer["error"]["message"] == (
        "bets[0] is 150.00, over the table's maximum of 100.00 for a triple bet."
    )


def test_sic_bo_house_table_procedure_collects_first_then_pays_in_the_house_order() -> None:
    request, _ = _docs_blocks()
    code, answer = call(request, "procedure")
    assert code == 0
    assert answer["steps"] == [
        [{"action": "collect", "bet": "a", "citation": None}],
        [{"action": "pay", "bet": "e", "amount": "80.00", "citation": PAY_TABLE}],
        [{"action": "pay", "bet": "b", "amount": "30.00", "citation": PAY_TABLE}],
        [{"action": "pay", "bet": "c", "amount": "25.00", "citation": PAY_TABLE}],
        [{"action": "pay", "bet": "d", "amount": "40.00", "citation": PAY_TABLE}],
    ]
    assert answer["lit"] == call(request)[1]["lit"]


def _judge(done: list[dict[str, Any]]) -> dict[str, Any]:
    request, _ = _docs_blocks()
    code, answer = call({**request, "done": done}, "judge")
    assert code == 0
    return answer


def test_sic_bo_house_table_judge_paying_before_collecting_is_table_procedure() -> None:
    verdict = _judge([{"action": "pay", "bet": "e", "amount": "80.00"}])
    assert verdict["code"] == "paid_before_collecting"
    assert verdict["citation"] is None  # table procedure, not an article


def test_sic_bo_house_table_judge_a_winner_out_of_the_house_order_cites_its_procedure() -> None:
    verdict = _judge(
        [{"action": "collect", "bet": "a"}, {"action": "pay", "bet": "d", "amount": "40.00"}]
    )
    assert verdict == {
        "correct": False,
        "at": 1,
        "code": "out_of_turn",
        "message": "Pay bet e (double 5) before you pay bet d (single 5): you did it out of turn.",
        "citation": "sic-bo-house house procedure",
    }


def test_sic_bo_house_table_judge_a_wrong_amount_and_a_right_round() -> None:
    collect = {"action": "collect", "bet": "a"}
    wrong = _judge([collect, {"action": "pay", "bet": "e", "amount": "50.00"}])
    assert wrong["code"] == "wrong_amount"
    assert wrong["message"] == "Bet e (double 5) is paid 80.00, not 50.00."
    assert wrong["citation"] == PAY_TABLE
    right = _judge(
        [
            collect,
            {"action": "pay", "bet": "e", "amount": "80.00"},
            {"action": "pay", "bet": "b", "amount": "30.00"},
            {"action": "pay", "bet": "c", "amount": "25.00"},
            {"action": "pay", "bet": "d", "amount": "40.00"},
        ]
    )
    assert right == {"correct": True}


_KINDS = ["small", "big", "odd", "even", "total", "triple", "any_triple", "double"]
_KINDS += ["combination", "single", "bogus"]
sic_bo_bets = st.fixed_dictionaries(
    {"id": st.text(min_size=1, max_size=3) | st.integers(0, 9), "kind": st.sampled_from(_KINDS)},
    optional={
        "amount": st.integers(-5, 1000) | st.sampled_from(["2.50", "0.01", "1.001", "x"]),
        "number": st.integers(-1, 19) | st.sampled_from([True, None, "3"]),
        "numbers": st.lists(st.integers(0, 7), max_size=3),
    },
)
sic_bo_requests = st.fixed_dictionaries(
    {
        "game": st.just("sic_bo"),
        "bets": st.lists(sic_bo_bets, max_size=6),
        "outcome": st.fixed_dictionaries(
            {"dice": st.lists(st.integers(0, 7), min_size=2, max_size=4)}
        ),
    },
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(sic_bo_requests)
def test_sic_bo_house_table_any_request_gives_a_result_or_a_clean_error(
    request: dict[str, Any],
) -> None:
    code, answer = call(request)
    if code == 0:
        assert len(answer["results"]) == len(request["bets"])
        paid = {bet for group in answer["pay_order"] for bet in group}
        for result in answer["results"]:
            assert result["citation"] == PAY_TABLE
            assert Decimal(result["win"]) >= 0
            assert (result["id"] in answer["collect"]) == (result["outcome"] == "lose")
            assert (result["id"] in paid) == (result["outcome"] == "win")
        for verb in ("procedure", "judge"):
            extra: dict[str, Any] = {"done": []} if verb == "judge" else {}
            assert call({**request, **extra}, verb)[0] == 0
    else:
        error = answer["error"]
        assert code == 2 and error["code"] != "internal_error", error
        assert error["message"].endswith((".", ")"))
