"""The dealer's procedure on the command line: ``procedure`` and ``judge``
(docs/rules-cli.md, "The dealer's procedure"), for roulette, craps and Caribbean Stud."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from tests.rules.test_cli import assert_clean_error, call

ROULETTE: dict[str, Any] = {
    "game": "roulette",
    "bets": [
        {"id": "a", "kind": "straight", "numbers": [17], "amount": 10, "player": "p1"},
        {"id": "b", "kind": "corner", "numbers": [17, 18, 20, 21], "amount": 5, "player": "p1"},
        {"id": "s", "kind": "street", "numbers": [16, 17, 18], "amount": 5, "player": "p2"},
        {"id": "l", "kind": "line", "numbers": [13, 14, 15, 16, 17, 18], "amount": 5},
        {"id": "c", "kind": "dozen", "index": 2, "amount": 20},
        {"id": "d", "kind": "red", "amount": 50},
    ],
    "outcome": {"number": 17},
}
MARK: dict[str, Any] = {"action": "mark", "number": 17}
COLLECT_D: dict[str, Any] = {"action": "collect", "bet": "d"}
PAY: dict[str, dict[str, Any]] = {
    "c": {"action": "pay", "bet": "c", "amount": "40.00"},
    "l": {"action": "pay", "bet": "l", "amount": "25.00"},
    "s": {"action": "pay", "bet": "s", "amount": "55.00"},
    "b": {"action": "pay", "bet": "b", "amount": "40.00"},
    "a": {"action": "pay", "bet": "a", "amount": "350.00"},
}


def _judge(request: dict[str, Any], done: list[dict[str, Any]]) -> dict[str, Any]:
    code, answer = call({**request, "done": done}, command="judge")
    assert code == 0, answer
    return answer


def _roulette(*order: str) -> list[dict[str, Any]]:
    return [MARK, COLLECT_D, *(PAY[bet] for bet in order)]


# --------------------------------------------------------------------- roulette --


def test_roulette_art4_art5_1_procedure_marks_collects_then_pays_in_the_portuguese_order() -> None:
    code, answer = call(ROULETTE, command="procedure")
    assert code == 0
    groups = [[(s["action"], s.get("bet", s.get("number"))) for s in g] for g in answer["steps"]]
    assert groups == [
        [("mark", 17)],
        [("collect", "d")],
        [("pay", "c")],
        [("pay", "l")],
        [("pay", "s")],
        [("pay", "b")],
        [("pay", "a")],
    ]
    assert answer["steps"][0][0]["citation"] == "roulette-2003 Art. 4"
    assert answer["steps"][1][0]["citation"] == "roulette-2003 Art. 5(1)"
    assert answer["steps"][2][0] == {
        "action": "pay",
        "bet": "c",
        "amount": "40.00",
        "citation": "roulette-2003 Art. 7(7)",
    }


@pytest.mark.parametrize(
    "order",
    [
        ("c", "l", "s", "b", "a"),  # Portuguese: lines, streets, corners
        ("c", "l", "b", "s", "a"),  # Chinese: lines and corners, then streets
        ("c", "b", "l", "s", "a"),  # Chinese, corners first within their step
    ],
)
def test_roulette_art5_1_either_text_is_right_as_a_whole(order: tuple[str, ...]) -> None:
    assert _judge(ROULETTE, _roulette(*order)) == {"correct": True}


def test_roulette_art5_1_strict_portuguese_refuses_the_chinese_order() -> None:
    request = {
        **ROULETTE,
        "ruleset": {"id": "roulette-2003", "settings": {"street_corner_order": "portuguese"}},
    }
    verdict = _judge(request, _roulette("c", "l", "b", "s", "a"))
    assert verdict["correct"] is False
    assert verdict["code"] == "out_of_turn"
    assert verdict["at"] == 4  # the corner, paid before the street's turn
    assert verdict["citation"] == "roulette-2003 Art. 5(1)"


def test_roulette_art5_1_a_mix_of_the_two_texts_is_wrong() -> None:
    request = {
        **ROULETTE,
        "bets": [
            *ROULETTE["bets"],
            {"id": "k", "kind": "corner", "numbers": [16, 17, 19, 20], "amount": 5},
        ],
    }
    pay_k: dict[str, Any] = {"action": "pay", "bet": "k", "amount": "40.00"}
    # corner b before the street (Chinese), corner k after it (Portuguese): neither text.
    done = [MARK, COLLECT_D, PAY["c"], PAY["l"], PAY["b"], PAY["s"], pay_k, PAY["a"]]
    verdict = _judge(request, done)
    assert verdict["correct"] is False
    assert verdict["code"] == "out_of_turn"
    # The Portuguese order breaks at b (4), the Chinese at s (5: the corner k is still unpaid).
    assert verdict["at"] == 5


def test_roulette_art5_1_paying_before_every_loser_is_collected() -> None:
    verdict = _judge(ROULETTE, [MARK, PAY["c"], COLLECT_D, PAY["l"], PAY["s"], PAY["b"], PAY["a"]])
    assert verdict == {
        "correct": False,
        "at": 1,
        "code": "paid_before_collecting",
        "message": verdict["message"],
        "citation": "roulette-2003 Art. 5(1)",
    }
    assert "bet d" in verdict["message"]


def test_roulette_art5_1_a_bet_paid_too_early_is_named_not_the_one_that_then_comes_late() -> None:
    verdict = _judge(ROULETTE, _roulette("a", "c", "l", "s", "b"))
    assert verdict["correct"] is False
    assert verdict["at"] == 2 and verdict["code"] == "out_of_turn"


@pytest.mark.parametrize(
    ("done", "at", "error_code"),
    [
        ([*_roulette("c", "l", "s", "b")[:-1], {**PAY["b"], "amount": "45.00"}], 5, "wrong_amount"),
        ([MARK, {"action": "pay", "bet": "d", "amount": "50.00"}], 1, "paid_a_loser"),
        ([MARK, COLLECT_D, {"action": "collect", "bet": "c"}], 2, "collected_a_winner"),
        ([MARK, COLLECT_D, COLLECT_D], 2, "settled_twice"),
        ([MARK, {"action": "collect", "bet": "zz"}], 1, "not_on_table"),
        ([{"action": "mark", "number": 18}], 0, "wrong_number"),
        (_roulette("c", "l", "s", "b"), 6, "step_missing"),
    ],
)
def test_roulette_judge_names_the_first_step_after_which_no_correct_finish_is_possible(
    done: list[dict[str, Any]], at: int, error_code: str
) -> None:
    verdict = _judge(ROULETTE, done)
    assert verdict["correct"] is False
    assert (verdict["at"], verdict["code"]) == (at, error_code), verdict
    assert verdict["message"] and "citation" in verdict


def test_roulette_art5_2_a_players_bets_paid_together_at_the_turn_of_either() -> None:
    together = {"action": "pay", "bets": ["b", "a"], "amount": "390.00"}
    # At the corner's turn, the straight-up rides along.
    assert _judge(ROULETTE, [*_roulette("c", "l", "s"), together]) == {"correct": True}
    # Left behind at its turn, the corner is no mistake: the straight-up carries it later.
    assert _judge(ROULETTE, [*_roulette("c", "l"), PAY["s"], together]) == {"correct": True}


def test_roulette_art5_2_bets_of_two_players_are_not_paid_together() -> None:
    together = {"action": "pay", "bets": ["s", "b"], "amount": "95.00"}
    verdict = _judge(ROULETTE, [*_roulette("c", "l"), together, PAY["a"]])
    assert verdict["correct"] is False and verdict["code"] == "not_one_player"


def test_roulette_art5_2_a_bet_left_behind_with_nothing_to_carry_it_is_out_of_turn() -> None:
    # p1's corner is skipped, then p1's straight-up is paid alone: the corner can no longer ride.
    verdict = _judge(ROULETTE, [*_roulette("c", "l", "s"), PAY["a"], PAY["b"]])
    assert verdict["correct"] is False
    assert (verdict["at"], verdict["code"]) == (5, "out_of_turn")


#: Issue 35, the digest's example of Art. 5(2): on 1, player A's corner 1-2-4-5 and player B's
#: nine-number bet and twelve-number sector (both of the sectors' step, before the corners).
ISSUE_35: dict[str, Any] = {
    "game": "roulette",
    "bets": [
        {"id": "a", "kind": "corner", "numbers": [1, 2, 4, 5], "amount": 10, "player": "A"},
        {"id": "n", "kind": "nine", "numbers": list(range(1, 10)), "amount": 10, "player": "B"},
        {
            "id": "s",
            "kind": "sector12",
            "numbers": [1, 3, 5, 13, 15, 17, 20, 22, 24, 32, 34, 36],
            "amount": 10,
            "player": "B",
        },
    ],
    "outcome": {"number": 1},
}
PAY_35: dict[str, dict[str, Any]] = {
    "a": {"action": "pay", "bet": "a", "amount": "80.00"},
    "n": {"action": "pay", "bet": "n", "amount": "30.00"},
    "s": {"action": "pay", "bet": "s", "amount": "20.00"},
    "ns": {"action": "pay", "bets": ["n", "s"], "amount": "50.00"},
    "sn": {"action": "pay", "bets": ["s", "n"], "amount": "50.00"},
}


def _issue_35(*order: str) -> list[dict[str, Any]]:
    return [{"action": "mark", "number": 1}, *(PAY_35[step] for step in order)]


def test_roulette_art5_2_separate_payments_keep_their_turns() -> None:
    """B's two bets paid separately come at their own turn, before A's corner: B's holding
    two winning bets lets no other bet be paid ahead of its turn (issue 35)."""
    assert _judge(ISSUE_35, _issue_35("a", "s", "n")) == {
        "correct": False,
        "at": 1,
        "code": "out_of_turn",
        "message": "Pay bet n (nine 1-2-3-4-5-6-7-8-9) before you pay bet a (corner 1-2-4-5): "
        "you did it out of turn.",
        "citation": "roulette-2003 Art. 5(1)",
    }
    assert _judge(ISSUE_35, _issue_35("s", "n", "a")) == {"correct": True}
    assert _judge(ISSUE_35, _issue_35("n", "s", "a")) == {"correct": True}


@pytest.mark.parametrize("together", ["ns", "sn"])
def test_roulette_art5_2_a_players_total_at_the_turn_of_either_bet_then_the_corner(
    together: str,
) -> None:
    """Paid together, B's total comes at the nine's turn or the sector's (one step here), and
    A's corner still after it; A's corner before B's total is out of turn."""
    assert _judge(ISSUE_35, _issue_35(together, "a")) == {"correct": True}
    verdict = _judge(ISSUE_35, _issue_35("a", together))
    assert (verdict["at"], verdict["code"], verdict["citation"]) == (
        1,
        "out_of_turn",
        "roulette-2003 Art. 5(1)",
    )


def test_roulette_art5_2_a_bet_passed_over_is_then_paid_only_together() -> None:
    """p1's corner waits for the straight-up's turn (Chinese text: the street is paid after
    the corners' step); paid on its own after the street, it is out of its turn."""
    verdict = _judge(ROULETTE, [*_roulette("c", "l", "s"), PAY["b"], PAY["a"]])
    assert verdict == {"correct": True}  # the Portuguese text: corners after streets
    zh = {
        **ROULETTE,
        "ruleset": {"id": "roulette-2003", "settings": {"street_corner_order": "chinese"}},
    }
    together = {"action": "pay", "bets": ["b", "a"], "amount": "390.00"}
    assert _judge(zh, [*_roulette("c", "l", "s"), together]) == {"correct": True}
    verdict = _judge(zh, [*_roulette("c", "l", "s"), PAY["b"], PAY["a"]])
    assert verdict == {
        "correct": False,
        "at": 5,
        "code": "out_of_turn",
        "message": "Pay bet b (corner 17-18-20-21) before you pay bet s (street 16-17-18): "
        "paid on its own, a bet keeps its turn; past its turn, it is paid only "
        "together with a later bet of its player (an interpretation of Art. 5(2)).",
        "citation": "roulette-2003 Art. 5(2)",
    }


# ------------------------------------------------------------------------ craps --

CRAPS: dict[str, Any] = {
    "game": "craps",
    "events": [
        {"bet": {"id": "p", "kind": "pass", "amount": 10}},
        {"roll": [2, 2]},
        {"bet": {"id": "o", "kind": "odds", "on": "p", "amount": 5}},
        {"bet": {"id": "c", "kind": "come", "amount": 10}},
        {"bet": {"id": "h", "kind": "hard", "number": 8, "amount": 5}},
        {"bet": {"id": "b7", "kind": "big7", "amount": 5}},
        {"roll": [1, 3]},
    ],
}
CRAPS_RIGHT: list[dict[str, Any]] = [
    {"action": "collect", "bet": "b7"},
    {"action": "move", "bet": "c", "to": 4},
    {"action": "pay", "bet": "o", "amount": "10.00"},
    {"action": "pay", "bet": "p", "amount": "10.00"},
]


def test_craps_procedure_collects_first_as_table_procedure_and_leaves_open_bets() -> None:
    code, answer = call(CRAPS, command="procedure")
    assert code == 0
    first, second = answer["steps"]
    assert first == [{"action": "collect", "bet": "b7", "citation": "craps-1985 Art. 6"}]
    assert {(s["action"], s["bet"]) for s in second} == {("pay", "p"), ("pay", "o"), ("move", "c")}
    assert all(s["bet"] != "h" for group in answer["steps"] for s in group)  # hard 8 stays
    assert not any("roulette" in str(s["citation"]) for g in answer["steps"] for s in g)


def test_craps_judge_any_order_of_pays_after_the_collect() -> None:
    assert _judge(CRAPS, CRAPS_RIGHT) == {"correct": True}
    assert _judge(CRAPS, [CRAPS_RIGHT[0], *reversed(CRAPS_RIGHT[1:])]) == {"correct": True}


def test_craps_judge_paying_first_is_table_procedure_and_cites_no_article() -> None:
    verdict = _judge(CRAPS, [CRAPS_RIGHT[3], *CRAPS_RIGHT[:3]])
    assert verdict["correct"] is False
    assert (verdict["at"], verdict["code"], verdict["citation"]) == (
        0,
        "paid_before_collecting",
        None,
    )


def test_craps_judge_a_bet_with_no_decision_is_left_on_the_layout() -> None:
    verdict = _judge(CRAPS, [*CRAPS_RIGHT, {"action": "collect", "bet": "h"}])
    assert verdict["correct"] is False
    assert (verdict["at"], verdict["code"]) == (4, "no_decision")
    assert "stays on the layout" in verdict["message"]


def test_craps_judge_a_come_bet_goes_to_its_own_point() -> None:
    done = [CRAPS_RIGHT[0], {"action": "move", "bet": "c", "to": 9}, *CRAPS_RIGHT[2:]]
    verdict = _judge(CRAPS, done)
    assert (verdict["at"], verdict["code"]) == (1, "wrong_point")


def test_craps_without_collect_before_pay_any_order_is_right() -> None:
    request = {**CRAPS, "ruleset": {"id": "craps-1985", "settings": {"collect_before_pay": False}}}
    assert _judge(request, [CRAPS_RIGHT[3], *CRAPS_RIGHT[:3]]) == {"correct": True}


# ---------------------------------------------------------------- Caribbean Stud --

STUD: dict[str, Any] = {
    "game": "caribbean_stud",
    "progressive": {
        "pool": "250000.00",
        "reset_to": "50000.00",
        "fixed": {
            "royal_flush": "100000",
            "straight_flush": "10000",
            "four_of_a_kind": "2500",
            "full_house": "1000",
            "flush": "500",
        },
    },
    "dealer": ["AS", "KD", "7C", "5H", "2S"],
    "boxes": [
        {"box": 1, "ante": 100, "decision": "raise", "progressive": True,
         "cards": ["QH", "QD", "9S", "4H", "3S"]},
        {"box": 2, "ante": 10, "decision": "fold", "progressive": True,
         "cards": ["2H", "3D", "9D", "4D", "5D"]},
        {"box": 4, "ante": 10, "decision": "raise", "progressive": True,
         "cards": ["2C", "3C", "6C", "4C", "5C"]},
    ],
}  # fmt: skip
STUD_SHOWDOWN: list[dict[str, Any]] = [
    {"action": "pay", "box": 4, "spot": "raise", "amount": "1000.00"},
    {"action": "collect", "box": 2, "spot": "ante"},
    {"action": "pay", "box": 1, "spot": "ante", "amount": "100.00"},
    {"action": "pay", "box": 4, "spot": "ante", "amount": "10.00"},
    {"action": "pay", "box": 1, "spot": "raise", "amount": "200.00"},
]
STUD_AWARD = {"action": "progressive", "box": 4}


def _award() -> dict[str, Any]:
    code, answer = call(STUD, command="procedure")
    assert code == 0
    (award,) = answer["steps"][-1]
    return {**STUD_AWARD, "amount": award["amount"]}


def test_caribbean_art9_showdown_in_any_order_then_the_progressive_art10_4() -> None:
    code, answer = call(STUD, command="procedure")
    assert code == 0
    showdown, progressive = answer["steps"]
    assert len(showdown) == 5  # the folded box has one step: its ante collected (Art. 6(7))
    assert progressive[0]["action"] == "progressive" and progressive[0]["box"] == 4
    assert _judge(STUD, [*STUD_SHOWDOWN, _award()]) == {"correct": True}


def test_caribbean_judge_the_progressive_before_the_showdown_is_table_procedure() -> None:
    verdict = _judge(STUD, [_award(), *STUD_SHOWDOWN])
    assert verdict["correct"] is False
    assert (verdict["at"], verdict["code"], verdict["citation"]) == (0, "out_of_turn", None)


def test_judge_names_the_same_waiting_step_in_every_process() -> None:
    """Of several steps still waiting, the judge names the first in the plan's order, not the
    first a set of targets happens to give (that order changes with Python's hash seed)."""
    request = json.dumps({**STUD, "done": [_award(), *STUD_SHOWDOWN]})
    verdicts = set()
    for seed in range(6):
        done = subprocess.run(
            [sys.executable, "-m", "dealer_trainer.rules", "judge"],
            input=request.encode(),
            capture_output=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
        )
        verdicts.add(done.stdout)
    (verdict,) = verdicts
    assert json.loads(verdict)["code"] == "out_of_turn"


def _stud_round(boxes: dict[int, str], **fields: Any) -> dict[str, Any]:
    """A Caribbean Stud round: every box raises 10 and bets the progressive."""
    return {
        **STUD,
        **fields,
        "dealer": ["AD", "KD", "7S", "3H", "2C"],
        "boxes": [
            {"box": box, "ante": 10, "decision": "raise", "progressive": True,
             "cards": cards.split()}
            for box, cards in boxes.items()
        ],
    }  # fmt: skip


def _awards_in(request: dict[str, Any], *boxes: int) -> list[dict[str, Any]]:
    """The showdown as ``procedure`` plans it, then the progressive awards in ``boxes`` order."""
    code, answer = call(request, command="procedure")
    assert code == 0, answer
    showdown, *progressive = answer["steps"]
    awards = {group[0]["box"]: group[0] for group in progressive}
    return [*showdown, *(awards[box] for box in boxes)]


SF_1 = "9H 8H 7H 6H 5H"
SF_3 = "9C 8C 7C 6C 5C"
QUADS = "4S 4H 4D 4C 2D"
ROYAL = "AS KS QS JS TS"
ROYAL_HEARTS = "AH KH QH JH TH"


def test_caribbean_stud_art10_7_judge_box_order_when_the_royal_need_not_move() -> None:
    """The digest's example (corrected 2026-12-07): straight flushes on 1 and 3, four of a
    kind on 4, a royal on 6. 1, 3, 4, 6 is right; the royal before the four of a kind is out
    of turn by the box order of Art. 10(4)."""
    request = _stud_round({1: SF_1, 3: SF_3, 4: QUADS, 6: ROYAL})
    code, answer = call(request, command="procedure")
    assert code == 0, answer
    assert [group[0]["box"] for group in answer["steps"][1:]] == [1, 3, 4, 6]
    assert _judge(request, _awards_in(request, 1, 3, 4, 6)) == {"correct": True}
    done = _awards_in(request, 1, 3, 6, 4)
    verdict = _judge(request, done)
    assert verdict["correct"] is False
    assert (verdict["at"], verdict["code"]) == (len(done) - 2, "out_of_turn")  # the royal
    assert verdict["citation"] == "caribbean-stud-2004 Art. 10(4)"
    assert "box 4" in verdict["message"]


def test_caribbean_stud_art10_7_judge_a_royal_waits_for_a_straight_flush_further_right() -> None:
    """Royal on 1, straight flush on 3, four of a kind on 5: 3, 1, 5. The royal paid at its
    own turn is out of turn by Art. 10(7); the four of a kind before it, by Art. 10(4)."""
    request = _stud_round({1: ROYAL, 3: SF_3, 5: QUADS})
    assert _judge(request, _awards_in(request, 3, 1, 5)) == {"correct": True}
    early = _judge(request, _awards_in(request, 1, 3, 5))
    assert (early["code"], early["citation"]) == ("out_of_turn", "caribbean-stud-2004 Art. 10(7)")
    late = _judge(request, _awards_in(request, 3, 5, 1))
    assert (late["code"], late["citation"]) == ("out_of_turn", "caribbean-stud-2004 Art. 10(4)")


def test_caribbean_stud_art10_7_judge_several_royals() -> None:
    """Royals on 1 and 6, a straight flush on 3, four of a kind on 4: 3, then the royal of 1
    right after it, the four of a kind, and the royal of 6 at its own turn."""
    request = _stud_round({1: ROYAL, 3: SF_3, 4: QUADS, 6: ROYAL_HEARTS})
    assert _judge(request, _awards_in(request, 3, 1, 4, 6)) == {"correct": True}
    for wrong in [(3, 1, 6, 4), (3, 4, 1, 6), (1, 3, 4, 6)]:
        verdict = _judge(request, _awards_in(request, *wrong))
        assert verdict["code"] == "out_of_turn", wrong


def test_caribbean_stud_art10_7_judge_royal_last_setting() -> None:
    """``royal_last``: every royal after all other awards; a royal paid before the four of a
    kind on its right is out of turn by that reading of Art. 10(7)."""
    ruleset = {"id": "caribbean-stud-2004", "settings": {"progressive_pay_order": "royal_last"}}
    request = _stud_round({1: ROYAL, 3: SF_3, 5: QUADS}, ruleset=ruleset)
    assert _judge(request, _awards_in(request, 3, 5, 1)) == {"correct": True}
    verdict = _judge(request, _awards_in(request, 3, 1, 5))
    assert (verdict["code"], verdict["citation"]) == (
        "out_of_turn",
        "caribbean-stud-2004 Art. 10(7)",
    )
    request = _stud_round({1: SF_1, 3: SF_3, 4: QUADS, 6: ROYAL}, ruleset=ruleset)
    assert _judge(request, _awards_in(request, 1, 3, 4, 6)) == {"correct": True}


def test_caribbean_art6_7_a_folded_box_has_no_raise_to_settle() -> None:
    verdict = _judge(STUD, [{"action": "collect", "box": 2, "spot": "raise"}])
    assert verdict["correct"] is False and verdict["code"] == "no_step"


# -------------------------------------------------------------------- bad input --


@pytest.mark.parametrize(
    "done",
    [
        "not a list",
        [1, 2],
        [{"action": "dance", "bet": "a"}],
        [{"action": ["mark"]}],
        [{"action": "pay", "bet": "a"}],
        [{"action": "mark"}],
        [{"action": "move", "bet": "a"}],
        [{"action": "collect", "box": 2}],
        [{"action": "progressive", "box": 4, "spot": "ante", "amount": "1"}],
        [{"action": "pay", "bet": "a", "amount": "1.001"}],
        [{"action": "collect"}],
        [{"action": "collect", "bet": "a", "colour": "red"}],
    ],
)
def test_judge_done_that_is_not_a_list_of_steps_is_bad_input(done: Any) -> None:
    code, answer = call({**ROULETTE, "done": done}, command="judge")
    assert_clean_error(code, answer)


def test_judge_without_done_is_bad_input() -> None:
    code, answer = call(ROULETTE, command="judge")
    assert_clean_error(code, answer, "invalid_request")
    assert '"done"' in answer["error"]["message"]


def test_procedure_answers_json_that_judge_accepts_back() -> None:
    for request in (ROULETTE, CRAPS, STUD):
        code, answer = call(request, command="procedure")
        assert code == 0
        done = [step for group in answer["steps"] for step in group]
        assert _judge(request, json.loads(json.dumps(done))) == {"correct": True}


def test_roulette_art5_2_a_players_losing_bet_is_never_carried_past_the_collect() -> None:
    bets = [{**b, "player": "p1"} if b["id"] == "d" else b for b in ROULETTE["bets"]]
    verdict = _judge({**ROULETTE, "bets": bets}, [MARK, PAY["c"]])
    assert (verdict["at"], verdict["code"]) == (1, "paid_before_collecting")
