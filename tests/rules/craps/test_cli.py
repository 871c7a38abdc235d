"""The rules CLI for craps, exactly as ``docs/rules-cli.md`` specifies it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from dealer_trainer.rules.cli import run

CONTRACT_EXAMPLE = {
    "game": "craps",
    "events": [
        {"bet": {"id": "p", "kind": "pass", "amount": 10}},
        {"roll": [2, 2]},
        {"bet": {"id": "o", "kind": "odds", "on": "p", "amount": 5}},
        {"bet": {"id": "h", "kind": "hard", "number": 8, "amount": 5}},
        {"roll": [6, 1]},
    ],
}


def settle(request: Any) -> tuple[int, dict[str, Any]]:
    text = request if isinstance(request, str) else json.dumps(request)
    out = io.StringIO()
    code = run("settle", io.StringIO(text), out)
    return code, json.loads(out.getvalue())


def refused(request: Any) -> dict[str, Any]:
    code, answer = settle(request)
    assert code == 2, answer
    assert set(answer) == {"error"}
    error: dict[str, Any] = answer["error"]
    assert set(error) == {"code", "message", "citation"}
    assert error["message"].endswith(".")
    return error


def craps(*events: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"game": "craps", "events": list(events), **extra}


def test_craps_cli_contract_example_art2_1_art2_2_art5() -> None:
    code, answer = settle(CONTRACT_EXAMPLE)
    assert code == 0
    assert answer == {
        "results": [
            {
                "id": "p",
                "outcome": "lose",
                "win": "0.00",
                "returned": "0.00",
                "decided_at": 4,
                "citation": "craps-1985 Art. 2(1)",
            },
            {
                "id": "o",
                "outcome": "lose",
                "win": "0.00",
                "returned": "0.00",
                "decided_at": 4,
                "citation": "craps-1985 Art. 2(2)",
            },
            {
                "id": "h",
                "outcome": "lose",
                "win": "0.00",
                "returned": "0.00",
                "decided_at": 4,
                "citation": "craps-1985 Art. 5",
            },
        ],
        "point": None,
    }


def test_craps_cli_art2_3_come_point_and_open_bets() -> None:
    code, answer = settle(
        craps(
            {"bet": {"id": "p", "kind": "pass", "amount": "10.00"}},
            {"roll": [3, 3]},
            {"bet": {"id": "c", "kind": "come", "amount": 10}},
            {"bet": {"id": "d", "kind": "dont_come", "amount": 10}},
            {"roll": [4, 5]},
            {"bet": {"id": "o", "kind": "odds", "on": "c", "amount": "6.50"}},
            {"bet": {"id": "f", "kind": "field", "amount": 5}},
        )
    )
    assert code == 0
    assert answer["point"] == 6
    by_id = {entry["id"]: entry for entry in answer["results"]}
    assert [entry["id"] for entry in answer["results"]] == ["p", "c", "d", "o", "f"]
    assert by_id["c"] == {
        "id": "c",
        "outcome": "open",
        "win": "0.00",
        "returned": "0.00",
        "decided_at": None,
        "citation": "craps-1985 Art. 2(3)",
        "come_point": 9,
    }
    assert by_id["d"]["come_point"] == 9
    assert by_id["d"]["citation"] == "craps-1985 Art. 3(3)"
    assert "come_point" not in by_id["p"]
    assert "come_point" not in by_id["o"]
    assert by_id["o"]["citation"] == "craps-1985 Art. 2(2)"
    assert by_id["f"] == {
        "id": "f",
        "outcome": "open",
        "win": "0.00",
        "returned": "0.00",
        "decided_at": None,
        "citation": "craps-1985 Art. 4",
    }


def test_craps_cli_art3_1_bar_twelve_ties_and_the_bet_stays_open() -> None:
    code, answer = settle(
        craps({"bet": {"id": "d", "kind": "dont_pass", "amount": 25}}, {"roll": [6, 6]})
    )
    assert code == 0
    assert answer["results"] == [
        {
            "id": "d",
            "outcome": "open",
            "win": "0.00",
            "returned": "0.00",
            "decided_at": None,
            "citation": "craps-1985 Art. 3(1)",
            "ties": [1],
        }
    ]
    assert answer["point"] is None


def test_craps_cli_art3_1_after_a_tie_the_next_throw_is_again_the_come_out() -> None:
    events = (
        {"bet": {"id": "d", "kind": "dont_pass", "amount": 25}},
        {"roll": [6, 6]},
        {"roll": [6, 6]},
        {"roll": [1, 2]},
    )
    code, answer = settle(craps(*events))
    assert code == 0
    assert answer["results"] == [
        {
            "id": "d",
            "outcome": "win",
            "win": "25.00",
            "returned": "25.00",
            "decided_at": 3,
            "citation": "craps-1985 Art. 3(1)",
            "ties": [1, 2],
        }
    ]


def test_craps_cli_art3_3_dont_come_ties_on_its_first_throw_then_travels() -> None:
    events = (
        {"roll": [2, 2]},
        {"bet": {"id": "c", "kind": "dont_come", "amount": 10}},
        {"roll": [6, 6]},
        {"roll": [5, 4]},
    )
    code, answer = settle(craps(*events))
    assert code == 0
    [entry] = answer["results"]
    assert entry["outcome"] == "open"
    assert entry["ties"] == [2]
    assert entry["come_point"] == 9


def test_craps_cli_art1_off_table_is_an_event_that_decides_nothing() -> None:
    code, answer = settle(
        craps(
            {"bet": {"id": "f", "kind": "field", "amount": 5}},
            {"roll": "off_table"},
            {"roll": [1, 1]},
        )
    )
    assert code == 0
    assert answer["results"][0]["decided_at"] == 2
    assert answer["results"][0]["win"] == "10.00"


def test_craps_cli_art6_big7_sub_cent_win_follows_the_rounding_setting() -> None:
    events = ({"bet": {"id": "s", "kind": "big7", "amount": "0.25"}}, {"roll": [3, 4]})
    assert settle(craps(*events))[1]["results"][0]["win"] == "1.12"
    request = craps(
        *events, ruleset={"id": "craps-1985", "settings": {"payout_rounding": "half_up"}}
    )
    assert settle(request)[1]["results"][0]["win"] == "1.13"


def test_craps_cli_craps_2010_by_id() -> None:
    code, answer = settle(
        craps(
            {"bet": {"id": "d", "kind": "dont_pass", "amount": 10}},
            {"roll": [6, 6]},
            ruleset="craps-2010",
        )
    )
    assert code == 0
    assert answer["results"][0]["citation"] == "craps-2010 Art. 2(2)(3)"
    assert answer["results"][0]["outcome"] == "open"  # "bar": neither wins nor loses
    assert answer["results"][0]["ties"] == [1]


@pytest.mark.parametrize(
    ("events", "code", "citation"),
    [
        (
            [{"roll": [2, 2]}, {"bet": {"id": "p", "kind": "pass", "amount": 5}}],
            "bet_not_allowed_now",
            "craps-1985 Art. 2(1)",
        ),
        ([{"bet": {"id": "c", "kind": "come", "amount": 5}}], "no_point", "craps-1985 Art. 2(3)"),
        (
            [
                {"bet": {"id": "p", "kind": "pass", "amount": 10}},
                {"roll": [3, 3]},
                {"bet": {"id": "o", "kind": "odds", "on": "p", "amount": "8.34"}},
            ],
            "odds_over_limit",
            "craps-1985 Art. 2(2)",
        ),
        (
            [{"roll": [3, 3]}, {"bet": {"id": "o", "kind": "odds", "on": "zz", "amount": 1}}],
            "unknown_bet",
            "craps-1985 Art. 2(2)",
        ),
        (
            [
                {"bet": {"id": "a", "kind": "field", "amount": 1}},
                {"bet": {"id": "a", "kind": "field", "amount": 1}},
            ],
            "duplicate_bet_id",
            None,
        ),
        ([{"bet": {"id": "a", "kind": "place", "amount": 1}}], "unknown_bet_kind", None),
        ([{"bet": {"id": "a", "kind": "field", "amount": -1}}], "negative_amount", None),
        ([{"bet": {"id": "a", "kind": "field", "amount": 1.005}}], "invalid_amount", None),
        ([{"bet": {"id": "a", "kind": "field", "amount": "ten"}}], "invalid_amount", None),
        ([{"roll": [0, 3]}], "invalid_roll", None),
        ([{"roll": [1, 2, 3]}], "invalid_roll", None),
        ([{"roll": "cocked"}], "invalid_roll", None),
        ([{"roll": [True, 3]}], "invalid_roll", None),
        ([{"roll": [3, 4], "cocked": True}], "invalid_request", None),
        ([{"bet": {"id": "h", "kind": "hard", "amount": 5}}], "invalid_request", None),
        (
            [{"bet": {"id": "h", "kind": "hard", "number": 5, "amount": 5}}],
            "invalid_request",
            "craps-1985 Art. 5",
        ),
        ([{"bet": {"id": "o", "kind": "odds", "amount": 5}}], "invalid_request", None),
        ([{"wager": {}}], "invalid_request", None),
        (["roll"], "invalid_request", None),
    ],
)
def test_craps_cli_refuses_bad_input_with_exit_2(
    events: list[Any], code: str, citation: str | None
) -> None:
    error = refused(craps(*events))
    assert error["code"] == code
    assert error["citation"] == citation


def test_craps_cli_refusal_names_the_event() -> None:
    error = refused(craps({"roll": [2, 2]}, {"bet": {"id": "p", "kind": "pass", "amount": 5}}))
    assert error["message"].startswith("events[1]: ")


@pytest.mark.parametrize(
    "request_text",
    [
        '{"game": "craps"}',
        '{"game": "craps", "events": {}}',
        '{"game": "craps", "events": [], "x": 1}',
        '{"game": "craps", "events": [], "ruleset": "craps-1999"}',
        "[1, 2]",
        "{",
        "",
        '{"game": "craps", "events": [], "ruleset": "roulette-2003"}',
    ],
)
def test_craps_cli_refuses_malformed_requests(request_text: str) -> None:
    error = refused(request_text)
    assert error["code"] != "internal_error"


def test_craps_cli_refuses_a_history_longer_than_the_limit() -> None:
    from dealer_trainer.rules.craps.api import MAX_EVENTS

    error = refused(craps(*([{"roll": [1, 2]}] * (MAX_EVENTS + 1))))
    assert error["code"] == "invalid_request"
    assert str(MAX_EVENTS) in error["message"]
    longest = [{"roll": [3, 3]}] + [{"roll": [1, 1]}] * (MAX_EVENTS - 1)
    assert settle(craps(*longest)) == (0, {"results": [], "point": 6})


def test_craps_cli_empty_history_is_a_come_out_table() -> None:
    assert settle(craps()) == (0, {"results": [], "point": None})


def cli(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules", "settle"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_craps_cli_subprocess_contract_example() -> None:
    done = cli(json.dumps(CONTRACT_EXAMPLE))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert [entry["outcome"] for entry in answer["results"]] == ["lose", "lose", "lose"]
    assert answer["point"] is None


def test_craps_cli_subprocess_bad_input_exits_2_without_traceback() -> None:
    done = cli('{"game": "craps", "events": [{"bet": {"id": "c", "kind": "come", "amount": 5}}]}')
    assert done.returncode == 2
    assert "Traceback" not in done.stdout + done.stderr
    assert json.loads(done.stdout)["error"]["code"] == "no_point"
