"""The rules CLI contract (docs/rules-cli.md), game-independent parts and roulette."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.cli import run

CONTRACT_EXAMPLE = {
    "game": "roulette",
    "bets": [
        {"id": "a", "kind": "straight", "numbers": [17], "amount": 10},
        {"id": "b", "kind": "corner", "numbers": [17, 18, 20, 21], "amount": 5},
        {"id": "c", "kind": "dozen", "index": 2, "amount": 20},
        {"id": "d", "kind": "red", "amount": 50},
    ],
    "outcome": {"number": 17},
}


def call(request: Any, command: str = "settle") -> tuple[int, dict[str, Any]]:
    text = request if isinstance(request, str) else json.dumps(request)
    out = io.StringIO()
    code = run(command, io.StringIO(text), out)
    return code, json.loads(out.getvalue())


def assert_clean_error(code: int, answer: dict[str, Any], expected_code: str | None = None) -> None:
    assert code == 2
    assert set(answer) == {"error"}
    error = answer["error"]
    assert set(error) == {"code", "message", "citation"}
    assert error["code"].replace("_", "").isalpha() and error["code"].islower()
    assert error["code"] != "internal_error", error["message"]
    assert error["message"].endswith((".", ")")) and len(error["message"]) > 10
    if expected_code is not None:
        assert error["code"] == expected_code, error


def test_roulette_contract_example() -> None:
    code, answer = call(CONTRACT_EXAMPLE)
    assert code == 0
    assert answer == {
        "results": [
            {
                "id": "a",
                "outcome": "win",
                "win": "350.00",
                "returned": "10.00",
                "citation": "roulette-2003 Art. 7(1)",
            },
            {
                "id": "b",
                "outcome": "win",
                "win": "40.00",
                "returned": "5.00",
                "citation": "roulette-2003 Art. 7(4)",
            },
            {
                "id": "c",
                "outcome": "win",
                "win": "40.00",
                "returned": "20.00",
                "citation": "roulette-2003 Art. 7(7)",
            },
            {
                "id": "d",
                "outcome": "lose",
                "win": "0.00",
                "returned": "0.00",
                "citation": "roulette-2003 Art. 6(16)",
            },
        ],
        "collect": ["d"],
        "pay_order": [["c"], ["b"], ["a"]],
    }


def test_roulette_amounts_as_decimal_strings_and_ruleset_override() -> None:
    request = {
        "game": "roulette",
        "ruleset": {"id": "roulette-2003", "settings": {"street_corner_order": "chinese"}},
        "bets": [
            {"id": "s", "kind": "street", "numbers": [16, 17, 18], "amount": "2.50"},
            {"id": "q", "kind": "corner", "numbers": [13, 14, 16, 17], "amount": 0.5},
        ],
        "outcome": {"number": 17},
    }
    code, answer = call(request)
    assert code == 0
    assert [r["win"] for r in answer["results"]] == ["27.50", "4.00"]
    assert answer["pay_order"] == [["q"], ["s"]]


def test_roulette_zero_combination_is_an_illegal_bet_citing_art8() -> None:
    request = {
        "game": "roulette",
        "outcome": {"number": 0},
        "bets": [{"id": "x", "kind": "split", "numbers": [0, 1], "amount": 10}],
    }
    code, answer = call(request)
    assert_clean_error(code, answer, "illegal_bet")
    assert answer["error"]["citation"] == "roulette-2003 Art. 8"


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("{", "invalid_json"),
        ("[]", "invalid_request"),
        ('{"game": "roulette", "game": "craps"}', "invalid_json"),
        ('{"game": "fan_tan"}', "unknown_game"),
        ('{"bets": []}', "unknown_game"),
        ('{"game": "roulette", "bets": [], "outcome": {"number": NaN}}', "invalid_json"),
        ('{"game": "roulette", "bets": [], "outcome": {"number": 37}}', "invalid_outcome"),
        (
            '{"game": "roulette", "bets": [], "outcome": {"number": 17}, "ruleset": "craps-1985"}',
            "ruleset_game_mismatch",
        ),
        (
            '{"game": "roulette", "bets": [], "outcome": {"number": 17},'
            ' "ruleset": "roulette-1999"}',
            "unknown_ruleset",
        ),
        (
            '{"game": "roulette", "bets": [], "outcome": {"number": 17},'
            ' "ruleset": {"id": "roulette-2003", "settings": {"wheel": "x"}}}',
            "unknown_setting",
        ),
        (
            '{"game": "roulette", "bets": [], "outcome": {"number": 17},'
            ' "ruleset": {"settings": {"street_corner_order": "latin"}}}',
            "invalid_setting",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "orphelins", "amount": 1}]}',
            "unknown_bet_kind",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "red", "amount": -5}]}',
            "negative_amount",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "red", "amount": "1.005"}]}',
            "invalid_amount",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "red", "amount": 1e400}]}',
            "invalid_amount",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "red", "amount": true}]}',
            "invalid_amount",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "red", "amount": 5},'
            ' {"id": "a", "kind": "black", "amount": 5}]}',
            "duplicate_bet_id",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "dozen", "index": 4, "amount": 5}]}',
            "invalid_request",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "straight", "amount": 5}]}',
            "invalid_request",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "red", "amount": 5, "numbers": [1]}]}',
            "invalid_request",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "split", "numbers": [1, 5], "amount": 5}]}',
            "illegal_bet",
        ),
    ],
)
def test_bad_input_gives_a_clean_error(request_text: str, expected: str) -> None:
    code, answer = call(request_text)
    assert_clean_error(code, answer, expected)


def test_unknown_command_is_refused() -> None:
    code, answer = call(CONTRACT_EXAMPLE, command="pay")
    assert_clean_error(code, answer, "unknown_command")


def test_cli_runs_as_a_module_and_exits_2_on_bad_input() -> None:
    good = subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules", "settle"],
        input=json.dumps(CONTRACT_EXAMPLE),
        capture_output=True,
        text=True,
        check=False,
    )
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["collect"] == ["d"]
    bad = subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules", "settle"],
        input="not json",
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert json.loads(bad.stdout)["error"]["code"] == "invalid_json"
    assert "Traceback" not in bad.stderr


def test_cli_without_a_command_explains_usage() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules"],
        capture_output=True,
        text=True,
        input="",
        check=False,
    )
    assert done.returncode == 2
    assert "usage" in done.stderr
    assert json.loads(done.stdout)["error"]["code"] == "unknown_command"


# ---------------------------------------------------------------- properties --

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**40)
    | st.text(max_size=8)
    | st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)

_KINDS = [
    "straight",
    "split",
    "street",
    "corner",
    "line",
    "nine",
    "sector12",
    "column",
    "dozen",
    "red",
    "black",
    "even",
    "odd",
    "low",
    "high",
    "bogus",
]
roulette_bets = st.fixed_dictionaries(
    {"id": st.text(min_size=1, max_size=3) | st.integers(0, 9), "kind": st.sampled_from(_KINDS)},
    optional={
        "amount": st.integers(-5, 1000) | st.sampled_from(["2.50", "0.01", "1.001", "x"]),
        "numbers": st.lists(st.integers(-1, 38), max_size=12),
        "index": st.integers(0, 4),
        "extra": json_values,
    },
)
roulette_requests = st.fixed_dictionaries(
    {
        "game": st.just("roulette"),
        "bets": st.lists(roulette_bets, max_size=6),
        "outcome": st.fixed_dictionaries({"number": st.integers(-1, 37)}),
    },
    optional={"ruleset": st.sampled_from(["roulette-2003", "craps-1985", {"settings": {}}])},
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.one_of(json_values, roulette_requests, st.text(max_size=40)))
def test_any_json_gives_a_result_or_a_clean_error(value: Any) -> None:
    text = value if isinstance(value, str) else json.dumps(value)
    code, answer = call(text)
    if code == 0:
        assert set(answer) == {"results", "collect", "pay_order"}
        for result in answer["results"]:
            assert Decimal(result["win"]) >= 0 and Decimal(result["returned"]) >= 0
            assert result["citation"].startswith("roulette-2003 Art. ")
    else:
        assert_clean_error(code, answer)


@settings(max_examples=200, deadline=None)
@given(roulette_requests)
def test_settled_spin_money_adds_up(request: dict[str, Any]) -> None:
    code, answer = call(request)
    if code != 0:
        return
    stakes = {str(b["id"]): Decimal(str(b["amount"])) for b in request["bets"]}
    paid_ids = [i for group in answer["pay_order"] for i in group]
    assert sorted(str(i) for i in answer["collect"] + paid_ids) == sorted(stakes)
    for result in answer["results"]:
        stake = stakes[str(result["id"])]
        if result["outcome"] == "win":
            assert Decimal(result["returned"]) == stake
            assert result["id"] in paid_ids
        else:
            assert Decimal(result["win"]) == Decimal(result["returned"]) == 0
            assert result["id"] in answer["collect"]


def test_a_byte_order_mark_is_accepted() -> None:
    code, answer = call("\ufeff" + json.dumps(CONTRACT_EXAMPLE))
    assert code == 0
    assert answer["collect"] == ["d"]


def test_messages_show_values_as_json() -> None:
    code, answer = call(
        '{"game": "roulette", "outcome": {"number": 1},'
        ' "bets": [{"id": "a", "kind": "dozen", "index": 1e400, "amount": 1}]}'
    )
    assert_clean_error(code, answer, "invalid_request")
    assert "1e400" in answer["error"]["message"]
    assert "Decimal" not in answer["error"]["message"]


def test_ids_come_back_exactly_as_the_request_wrote_them() -> None:
    code, answer = call(
        {
            "game": "roulette",
            "outcome": {"number": 1},
            "bets": [
                {"id": 7, "kind": "red", "amount": 5},
                {"id": "b", "kind": "black", "amount": 5},
            ],
        }
    )
    assert code == 0
    assert [r["id"] for r in answer["results"]] == [7, "b"]
    assert answer["collect"] == ["b"] and answer["pay_order"] == [[7]]
    code, answer = call(
        {
            "game": "craps",
            "events": [
                {"bet": {"id": 1, "kind": "pass", "amount": 10}},
                {"roll": [2, 2]},
                {"bet": {"id": 2, "kind": "odds", "on": 1, "amount": 5}},
                {"roll": [3, 1]},
            ],
        }
    )
    assert code == 0
    assert [r["id"] for r in answer["results"]] == [1, 2]
