"""The rules CLI for Caribbean Stud: ``settle`` and ``compare`` (docs/rules-cli.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.cli import run

FIXED = {
    "royal_flush": "100000",
    "straight_flush": "10000",
    "four_of_a_kind": "2500",
    "full_house": "1000",
    "flush": "500",
}


def call(command: str, request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    code = run(command, io.StringIO(json.dumps(request)), out)
    answer = json.loads(out.getvalue())
    assert isinstance(answer, dict)
    return code, answer


def settle(**fields: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"game": "caribbean_stud"}
    request.update(fields)
    code, answer = call("settle", request)
    assert code == 0, answer
    return answer


def refused(command: str, request: dict[str, Any]) -> dict[str, Any]:
    code, answer = call(command, request)
    assert code == 2, answer
    assert set(answer) == {"error"}
    error = answer["error"]
    assert isinstance(error, dict)
    return error


def box(
    number: int,
    cards: str,
    ante: Any = 100,
    decision: str = "raise",
    *,
    raise_: Any = None,
    **extra: Any,
) -> dict[str, Any]:
    """A box of the request; ``raise_`` becomes its optional "raise" amount."""
    entry = {"box": number, "ante": ante, "decision": decision, "cards": cards.split(), **extra}
    if raise_ is not None:
        entry["raise"] = raise_
    return entry


def test_cli_settle_the_contract_example() -> None:
    answer = settle(
        ruleset={
            "id": "caribbean-stud-2004",
            "settings": {"royal_flush_pays": 100, "max_payout_per_round": 500000},
        },
        progressive={"pool": "250000.00", "reset_to": "50000.00", "fixed": FIXED},
        dealer=["AS", "KD", "7C", "5H", "2S"],
        boxes=[box(1, "QH QD 9S 4C 3C", progressive=True)],
    )
    assert answer == {
        "dealer": {"hand": "high_card", "qualifies": True},
        "results": [
            {
                "box": 1,
                "hand": "one_pair",
                "beats_dealer": True,
                "ante": {"outcome": "win", "win": "100.00"},
                "raise": {"outcome": "win", "win": "200.00"},
                "progressive": {"award": "0.00"},
                "citation": "caribbean-stud-2004 Art. 9(5)",
            }
        ],
        "progressive_pay_order": [],
        "progressive_pool_after": "250000.00",
    }


def test_cli_art9_and_art10_a_full_round() -> None:
    answer = settle(
        progressive={"pool": "250000", "reset_to": "50000", "fixed": FIXED},
        dealer=["AD", "KD", "7C", "5H", "2S"],
        boxes=[
            box(1, "AS KS QS JS TS", ante=10, progressive=True),  # royal, after box 2
            box(2, "TH 9H 8H 7H 6H", ante=10, progressive=True),  # straight flush
            box(3, "QC QD 9C 4H 3H", ante=25, decision="fold", progressive=True),
            box(4, "AH QH 8D 4D 3D", ante="12.50"),  # loses to A-K
            box(5, "JC JD JH 2C 2D", ante=5, progressive=True, raise_="10.00"),
        ],
    )
    results = {entry["box"]: entry for entry in answer["results"]}
    assert results[1]["raise"] == {"outcome": "win", "win": "2000.00"}
    assert results[1]["progressive"] == {"award": "225000.00"}
    assert results[2]["raise"] == {"outcome": "win", "win": "1000.00"}
    assert results[2]["progressive"] == {"award": "25000.00"}
    assert results[3]["ante"] == {"outcome": "lose", "win": "0.00"}
    assert results[3]["raise"] == {"outcome": "folded", "win": "0.00"}
    assert results[3]["beats_dealer"] is None
    assert results[3]["citation"] == "caribbean-stud-2004 Art. 6(7)"
    assert results[4]["beats_dealer"] is False
    assert results[4]["citation"] == "caribbean-stud-2004 Art. 9(4)"
    assert results[5]["raise"] == {"outcome": "win", "win": "70.00"}
    assert results[5]["progressive"] == {"award": "1000.00"}
    assert answer["progressive_pay_order"] == [
        2,
        1,
        5,
    ]  # Art. 10(7): right after the straight flush
    assert answer["progressive_pool_after"] == "50000.00"


ROUND_WITH_TWO_STRAIGHT_FLUSHES = {
    "progressive": {"pool": "250000", "reset_to": "50000", "fixed": FIXED},
    "dealer": ["AD", "KD", "7D", "5H", "2S"],
    "boxes": [
        box(1, "AS KS QS JS TS", ante=10, progressive=True),
        box(2, "TH 9H 8H 7H 6H", ante=10, progressive=True),
        box(3, "QC QD 9S 4C 3H", ante=10, progressive=True),
        box(4, "9C 8C 7C 6C 5C", ante=10, progressive=True),
        box(6, "JH JC JD 2C 2D", ante=10, progressive=True),
    ],
}


def test_caribbean_art10_6_cli_each_straight_flush_gets_ten_percent_of_the_same_jackpot() -> None:
    answer = settle(**ROUND_WITH_TWO_STRAIGHT_FLUSHES)
    awards = {entry["box"]: entry["progressive"]["award"] for entry in answer["results"]}
    assert awards == {1: "200000.00", 2: "25000.00", 3: "0.00", 4: "25000.00", 6: "1000.00"}
    # Art. 10(7): the royal right after the last straight flush; the full house keeps its turn.
    assert answer["progressive_pay_order"] == [2, 4, 1, 6]
    assert answer["progressive_pool_after"] == "50000.00"


def test_caribbean_art10_6_cli_sequential_and_royal_last_settings() -> None:
    settings = {"progressive_percentage_of": "sequential", "progressive_pay_order": "royal_last"}
    answer = settle(
        ruleset={"id": "caribbean-stud-2004", "settings": settings},
        **ROUND_WITH_TWO_STRAIGHT_FLUSHES,
    )
    awards = {entry["box"]: entry["progressive"]["award"] for entry in answer["results"]}
    assert awards == {1: "202500.00", 2: "25000.00", 3: "0.00", 4: "22500.00", 6: "1000.00"}
    assert answer["progressive_pay_order"] == [2, 4, 6, 1]


def test_cli_art10_progressive_paid_when_the_dealer_does_not_qualify() -> None:
    answer = settle(
        progressive={"pool": "1000", "reset_to": "500", "fixed": FIXED},
        dealer=["QD", "JD", "7C", "5H", "2S"],
        boxes=[box(6, "8H 8D 8S 8C 3C", ante=10, progressive=True)],
    )
    assert answer["dealer"] == {"hand": "high_card", "qualifies": False}
    (result,) = answer["results"]
    assert result["beats_dealer"] is None
    assert result["ante"] == {"outcome": "win", "win": "10.00"}
    assert result["raise"] == {"outcome": "returned", "win": "0.00"}
    assert result["progressive"] == {"award": "2500.00"}
    assert result["citation"] == "caribbean-stud-2004 Art. 9(2)"
    assert answer["progressive_pool_after"] == "1000.00"


def test_cli_art6_7_a_folded_royal_flush_wins_no_progressive() -> None:
    answer = settle(
        progressive={"pool": "250000", "reset_to": "50000", "fixed": FIXED},
        dealer=["AD", "KD", "7C", "5H", "2S"],
        boxes=[box(2, "AS KS QS JS TS", ante=10, decision="fold", progressive=True)],
    )
    (result,) = answer["results"]
    assert result["hand"] == "royal_flush"
    assert result["progressive"] == {"award": "0.00"}
    assert result["citation"] == "caribbean-stud-2004 Art. 6(7)"
    assert answer["progressive_pay_order"] == []
    assert answer["progressive_pool_after"] == "250000.00"


def test_cli_art10_2_progressive_paid_though_the_dealer_beats_the_box() -> None:
    answer = settle(
        progressive={"pool": "250000", "reset_to": "50000", "fixed": FIXED},
        dealer=["9S", "9H", "9C", "9D", "2S"],
        boxes=[box(7, "KS KH KD 6C 6D", ante=10, progressive=True)],
    )
    (result,) = answer["results"]
    assert result["beats_dealer"] is False
    assert result["ante"] == {"outcome": "lose", "win": "0.00"}
    assert result["raise"] == {"outcome": "lose", "win": "0.00"}
    assert result["progressive"] == {"award": "1000.00"}
    assert answer["progressive_pay_order"] == [7]


def test_cli_art10_a_box_without_the_progressive_bet_wins_no_award() -> None:
    answer = settle(
        progressive={"pool": "250000", "reset_to": "50000", "fixed": FIXED},
        dealer=["AD", "KD", "7C", "5H", "2S"],
        boxes=[box(1, "AS KS QS JS TS", ante=10)],
    )
    assert answer["results"][0]["progressive"] == {"award": "0.00"}
    assert answer["progressive_pool_after"] == "250000.00"


def test_cli_art9_without_progressive_block() -> None:
    answer = settle(dealer=["AD", "KD", "7C", "5H", "2S"], boxes=[box(1, "2C 2H 9S 4C 3C")])
    assert answer["progressive_pay_order"] == []
    assert answer["progressive_pool_after"] is None
    assert answer["results"][0]["progressive"] == {"award": "0.00"}


@pytest.mark.parametrize(
    ("fields", "code", "citation"),
    [
        ({"boxes": [box(1, "AS KH QS JS TS")]}, "duplicate_card", "Art. 1(1)"),
        ({"boxes": [box(1, "AS KS QS JS")]}, "wrong_card_count", "Art. 7(1)"),
        ({"boxes": [box(8, "3S KS QS JS TS")]}, "unknown_box", "Art. 2(1)"),
        ({"boxes": [box(0, "3S KS QS JS TS")]}, "unknown_box", "Art. 2(1)"),
        (
            {"boxes": [box(2, "3S KS QS JS TS"), box(2, "3H KH QH JH TH")]},
            "duplicate_box",
            "Art. 6(1)",
        ),
        ({"boxes": [box(1, "3S KS QS JS TS", raise_=150)]}, "invalid_raise", "Art. 6(6)"),
        (
            {"boxes": [box(1, "3S KS QS JS TS", decision="fold", raise_=200)]},
            "invalid_raise",
            "Art. 6(7)",
        ),
        ({"boxes": [box(1, "3S KS QS JS XX")]}, "invalid_card", None),
        ({"boxes": [box(1, "3S KS QS JS TS", ante=-5)]}, "negative_amount", None),
        ({"boxes": [box(1, "3S KS QS JS TS", ante="1.234")]}, "invalid_amount", None),
        ({"boxes": [box(1, "3S KS QS JS TS", ante=0)]}, "invalid_amount", "Art. 6(2)"),
        ({"boxes": [box(1, "3S KS QS JS TS", decision="check")]}, "invalid_request", None),
        ({"boxes": []}, "invalid_request", None),
        ({"boxes": [box(1, "3S KS QS JS TS", colour="red")]}, "invalid_request", None),
        ({"dealer": ["AS", "KD", "7C", "5H"]}, "wrong_card_count", "Art. 7(1)"),
    ],
)
def test_cli_settle_refuses_bad_tables(
    fields: dict[str, Any], code: str, citation: str | None
) -> None:
    request: dict[str, Any] = {
        "game": "caribbean_stud",
        "dealer": ["AS", "KD", "7C", "5H", "2S"],
        "boxes": [box(1, "3C 3D 9S 4C 2D")],
    }
    request.update(fields)
    error = refused("settle", request)
    assert error["code"] == code
    assert error["citation"] == (None if citation is None else f"caribbean-stud-2004 {citation}")
    assert error["message"]


def test_cli_art10_progressive_bet_needs_the_progressive_block() -> None:
    error = refused(
        "settle",
        {
            "game": "caribbean_stud",
            "dealer": ["AS", "KD", "7C", "5H", "2S"],
            "boxes": [box(3, "3C 3D 9S 4C 2D", progressive=True)],
        },
    )
    assert error["code"] == "invalid_request"
    assert '"progressive"' in error["message"]


@pytest.mark.parametrize("pays", [49, 101])
def test_cli_art13_royal_flush_option_out_of_range(pays: int) -> None:
    error = refused(
        "settle",
        {
            "game": "caribbean_stud",
            "ruleset": {"id": "caribbean-stud-2004", "settings": {"royal_flush_pays": pays}},
            "dealer": ["AS", "KD", "7C", "5H", "2S"],
            "boxes": [box(1, "3C 3D 9S 4C 2D")],
        },
    )
    assert error["code"] == "invalid_setting"


def test_cli_art9_5_9_royal_flush_pays_the_house_option() -> None:
    answer = settle(
        ruleset={"settings": {"royal_flush_pays": 50}},
        dealer=["AD", "KD", "7C", "5H", "2S"],
        boxes=[box(1, "AS KS QS JS TS", ante=10)],
    )
    assert answer["results"][0]["raise"] == {"outcome": "win", "win": "1000.00"}


def test_cli_compare_suit_decides_equal_flushes() -> None:
    code, answer = call(
        "compare",
        {
            "game": "caribbean_stud",
            "hands": [["KD", "JD", "9D", "6D", "3D"], ["KH", "JH", "9H", "6H", "3H"]],
        },
    )
    assert code == 0
    assert answer == {
        "winner": 1,
        "hands": ["flush", "flush"],
        "decided_by": "suit",
        "citation": "caribbean-stud-2004 Art. 8(5)",
    }


def test_cli_compare_different_classes_cite_the_winner() -> None:
    code, answer = call(
        "compare",
        {
            "game": "caribbean_stud",
            "hands": [["2S", "2H", "9C", "7D", "6S"], ["AS", "KH", "QC", "JD", "3S"]],
        },
    )
    assert (code, answer["winner"], answer["decided_by"]) == (0, 0, "rank")
    assert answer["citation"] == "caribbean-stud-2004 Art. 8(9)"


@pytest.mark.parametrize(
    ("hands", "code"),
    [
        ([["AS", "KS", "QS", "JS", "TS"], ["AS", "KH", "QH", "JH", "TH"]], "duplicate_card"),
        ([["AS", "AS", "QS", "JS", "TS"], ["AH", "KH", "QH", "JH", "TH"]], "duplicate_card"),
        ([["AS", "KS", "QS", "JS"], ["AH", "KH", "QH", "JH", "TH"]], "wrong_card_count"),
        (
            [["AS", "KS", "QS", "JS", "TS", "9S"], ["AH", "KH", "QH", "JH", "TH"]],
            "wrong_card_count",
        ),
        ([["AS", "KS", "QS", "JS", "1S"], ["AH", "KH", "QH", "JH", "TH"]], "invalid_card"),
        ([["AS", "KS", "QS", "JS", "TS"]], "invalid_request"),
    ],
)
def test_cli_compare_refuses_bad_hands(hands: list[list[str]], code: str) -> None:
    assert refused("compare", {"game": "caribbean_stud", "hands": hands})["code"] == code


def _subprocess(command: str, request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules", command],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.stderr == ""
    answer = json.loads(done.stdout)
    assert isinstance(answer, dict)
    return done.returncode, answer


def test_cli_subprocess_compare_royal_flushes_by_suit() -> None:
    code, answer = _subprocess(
        "compare",
        {
            "game": "caribbean_stud",
            "hands": [["AH", "KH", "QH", "JH", "TH"], ["AS", "KS", "QS", "JS", "TS"]],
        },
    )
    assert code == 0
    assert answer == {
        "winner": 1,
        "hands": ["royal_flush", "royal_flush"],
        "decided_by": "suit",
        "citation": "caribbean-stud-2004 Art. 8(1)",
    }


def test_cli_subprocess_settle_refuses_a_raise_that_is_not_twice_the_ante() -> None:
    code, answer = _subprocess(
        "settle",
        {
            "game": "caribbean_stud",
            "dealer": ["AS", "KD", "7C", "5H", "2S"],
            "boxes": [box(1, "3C 3D 9S 4C 2D", ante=10, raise_=30)],
        },
    )
    assert code == 2
    assert answer["error"]["code"] == "invalid_raise"
    assert answer["error"]["citation"] == "caribbean-stud-2004 Art. 6(6)"


_CODES = ["AS", "KD", "TS", "2C", "3H", "9D", "QC", "JH", "7S", "5D", "8H", "4C"]
_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10**13),
    st.text(max_size=3),
    st.sampled_from([*_CODES, "raise", "fold", "0.001", "-0"]),
)
_junk = st.recursive(
    _leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(
            st.sampled_from(["box", "ante", "decision", "cards", "progressive", "raise", "pool"]),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=8,
)
_box = st.fixed_dictionaries(
    {
        "box": st.one_of(st.integers(0, 9), _leaf),
        "ante": st.one_of(st.integers(0, 200), _leaf),
        "decision": st.sampled_from(["raise", "fold", "stand"]),
        "cards": st.one_of(st.lists(st.sampled_from(_CODES), min_size=4, max_size=6), _junk),
    },
    optional={"progressive": st.one_of(st.booleans(), _junk), "raise": _junk},
)
_request = st.fixed_dictionaries(
    {"game": st.just("caribbean_stud")},
    optional={
        "dealer": st.one_of(st.lists(st.sampled_from(_CODES), min_size=4, max_size=6), _junk),
        "boxes": st.one_of(st.lists(_box, max_size=8), _junk),
        "hands": st.one_of(
            st.lists(st.lists(st.sampled_from(_CODES), min_size=4, max_size=6), max_size=3), _junk
        ),
        "progressive": _junk,
    },
)


@settings(max_examples=100, deadline=None)
@given(_request, st.sampled_from(["settle", "compare"]))
def test_cli_any_request_gets_an_answer_or_a_clean_refusal(
    request: dict[str, Any], command: str
) -> None:
    code, answer = call(command, request)
    if code:
        assert code == 2
        assert answer["error"]["code"] != "internal_error", answer
        assert isinstance(answer["error"]["message"], str)
    else:
        assert "results" in answer or "winner" in answer


def test_cli_art8_ties_push_house_variant_compare_and_settle() -> None:
    ruleset = {"id": "caribbean-stud-2004", "settings": {"tie_rule": "ties_push"}}
    code, answer = call(
        "compare",
        {
            "game": "caribbean_stud",
            "ruleset": ruleset,
            "hands": [["KD", "JD", "9D", "6D", "3D"], ["KH", "JH", "9H", "6H", "3H"]],
        },
    )
    assert code == 0
    assert (answer["winner"], answer["decided_by"]) == (None, "tie")
    answer = settle(
        ruleset=ruleset,
        dealer=["AS", "KD", "7C", "5H", "2S"],
        boxes=[box(1, "AH KC 7D 5C 2D", ante=10)],
    )
    (result,) = answer["results"]
    assert result["ante"] == {"outcome": "push", "win": "0.00"}
    assert result["raise"] == {"outcome": "push", "win": "0.00"}
