"""The rules CLI for Baccarat (docs/rules-cli.md, "Baccarat" and "The dealer's procedure"):
settle, procedure and judge, every example and every code of the contract."""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rules.baccarat import reference
from tests.rules.baccarat.helpers import call

DOCS = Path(__file__).parents[3] / "docs" / "rules-cli.md"
DEAL = "baccarat-2004 Art. 7(1)"
DRAWING = "baccarat-2004 drawing rules (secondary text; article not on file)"


def _docs_blocks() -> list[str]:
    section = DOCS.read_text(encoding="utf-8").split("\n## Baccarat\n", 1)[1].split("\n## ", 1)[0]
    return [
        "".join(line[4:] + "\n" for line in block.splitlines())
        for block in re.findall(r"\n\n((?:    .*\n)+)", section)
    ]


def example() -> dict[str, Any]:
    request: dict[str, Any] = json.loads(_docs_blocks()[0])
    return request


def test_contract_example_settle_answers_exactly_the_documented_output() -> None:
    request_text, output_text = _docs_blocks()
    code, answer = call(request_text)
    assert code == 0
    assert answer == json.loads(output_text)


def test_contract_example_through_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules", "settle"],
        input=_docs_blocks()[0].encode("utf-8"),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout
    assert json.loads(done.stdout) == json.loads(_docs_blocks()[1])


def test_contract_example_procedure_the_six_coup_steps_then_collect_then_pay() -> None:
    code, answer = call(example(), "procedure")
    assert code == 0
    assert answer == {
        "steps": [
            [{"action": "deal", "to": "player", "card": "4S", "citation": DEAL}],
            [{"action": "deal", "to": "banker", "card": "3H", "citation": DEAL}],
            [{"action": "deal", "to": "player", "card": "KD", "citation": DEAL}],
            [{"action": "deal", "to": "banker", "card": "3C", "citation": DEAL}],
            [{"action": "draw", "hand": "player", "card": "9H", "citation": DRAWING}],
            [{"action": "stand", "hand": "banker", "citation": DRAWING}],
            [{"action": "collect", "bet": "b", "citation": None}],
            [
                {
                    "action": "pay",
                    "bet": "a",
                    "amount": "95.00",
                    "citation": "baccarat-2004 Art. 18(1)",
                },
                {
                    "action": "pay",
                    "bet": "c",
                    "amount": "120.00",
                    "citation": "baccarat-2004 Art. 17(5)",
                },
                {"action": "pay", "bet": "d", "amount": "110.00", "citation": reference.H},
            ],
        ]
    }


def _with(request: dict[str, Any], **settings: Any) -> dict[str, Any]:
    changed = copy.deepcopy(request)
    changed["ruleset"] = {"id": "baccarat-2004", "settings": settings}
    return changed


def test_procedure_commission_to_the_box_is_its_own_step_after_a_whole_pay() -> None:
    code, answer = call(_with(example(), commission_collect="box"), "procedure")
    assert code == 0
    assert answer["steps"][-1][:2] == [
        {"action": "pay", "bet": "a", "amount": "100.00", "citation": "baccarat-2004 Art. 18(1)"},
        {
            "action": "commission",
            "bet": "a",
            "amount": "5.00",
            "citation": "baccarat-2004 Art. 18(1)",
        },
    ]


def test_procedure_after_a_natural_both_hands_stand_and_a_tie_returns_player_and_banker() -> None:
    request = {
        "game": "baccarat",
        "bets": [
            {"id": 1, "kind": "player", "amount": 10},
            {"id": 2, "kind": "banker", "amount": 10},
            {"id": 3, "kind": "tie", "amount": 10},
            {"id": 4, "kind": "lucky6", "amount": 10},
        ],
        "shoe": ["8S", "9H", "KD", "KC"],  # Player 8, Banker 9: naturals
    }
    code, answer = call(request, "procedure")
    assert code == 0
    assert answer["steps"][4:6] == [
        [{"action": "stand", "hand": "player", "citation": DRAWING}],
        [{"action": "stand", "hand": "banker", "citation": DRAWING}],
    ]
    tie = {**request, "shoe": ["8S", "8H", "KD", "KC"]}
    code, answer = call(tie, "procedure")
    assert answer["steps"][6:] == [
        [{"action": "collect", "bet": 4, "citation": None}],
        [
            {"action": "return", "bet": 1, "citation": reference.P},
            {"action": "return", "bet": 2, "citation": reference.P},
            {"action": "pay", "bet": 3, "amount": "80.00", "citation": reference.H},
        ],
    ]


# ---------------------------------------------------------------- the judge --


def plan(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The procedure's steps in order, without their citations: a correct ``done``."""
    code, answer = call(request, "procedure")
    assert code == 0
    return [
        {k: v for k, v in step.items() if k != "citation"}
        for group in answer["steps"]
        for step in group
    ]


def judge(request: dict[str, Any], done: list[dict[str, Any]]) -> dict[str, Any]:
    code, answer = call({**request, "done": done}, "judge")
    assert code == 0, answer
    return answer


def verdict(request: dict[str, Any], done: list[dict[str, Any]]) -> tuple[int, str, str | None]:
    answer = judge(request, done)
    assert answer["correct"] is False, answer
    assert answer["message"].endswith(".") and len(answer["message"]) > 20
    return answer["at"], answer["code"], answer["citation"]


def test_judge_the_procedure_done_in_order_is_correct_in_any_order_within_a_group() -> None:
    request = example()
    done = plan(request)
    assert judge(request, done) == {"correct": True}
    # The pays of the last group in any order.
    assert judge(request, done[:7] + done[7:][::-1]) == {"correct": True}
    box = _with(request, commission_collect="box")
    steps = plan(box)
    commission = next(s for s in steps if s["action"] == "commission")
    steps.remove(commission)
    assert judge(box, [*steps[:7], commission, *steps[7:]]) == {"correct": True}


def test_judge_not_a_step_here() -> None:
    done = plan(example())
    assert verdict(example(), [{"action": "mark", "number": 17}]) == (0, "not_a_step_here", None)
    assert verdict(example(), [*done[:6], {"action": "move", "bet": "a", "to": 9}])[:2] == (
        6,
        "not_a_step_here",
    )
    assert verdict(example(), [{"action": "progressive", "box": 1, "amount": 5}])[1] == (
        "not_a_step_here"
    )


@pytest.mark.parametrize(
    ("done", "at"),
    [
        ([{"action": "deal", "to": "banker", "card": "4S"}], 0),  # a card to the wrong hand
        ([{"action": "stand", "hand": "player"}], 0),  # a decision before the four cards
        ("four+banker", 4),  # the Banker's decision before the Player's
        ("four+deal", 4),  # a fifth deal
        ("coup+draw", 6),  # a card after the coup is complete
        ("four+collect", 4),  # a settlement step before the Banker's decision
        ([{"action": "deal", "to": "dealer", "card": "4S"}], 0),  # not a hand
    ],
)
def test_judge_dealt_out_of_order(done: Any, at: int) -> None:
    steps = plan(example())
    if done == "four+banker":
        done = [*steps[:4], {"action": "stand", "hand": "banker"}]
    elif done == "four+deal":
        done = [*steps[:4], {"action": "deal", "to": "player", "card": "9H"}]
    elif done == "coup+draw":
        done = [*steps[:6], {"action": "draw", "hand": "banker", "card": "AD"}]
    elif done == "four+collect":
        done = [*steps[:4], {"action": "collect", "bet": "b"}]
    found_at, code, cited = verdict(example(), done)
    assert (found_at, code) == (at, "dealt_out_of_order")
    assert cited in (DEAL, DRAWING)


def test_judge_wrong_card() -> None:
    steps = plan(example())
    assert verdict(example(), [{"action": "deal", "to": "player", "card": "5S"}]) == (
        0,
        "wrong_card",
        DEAL,
    )
    assert verdict(example(), [*steps[:4], {"action": "draw", "hand": "player", "card": "AD"}]) == (
        4,
        "wrong_card",
        DRAWING,
    )
    assert verdict(example(), [{"action": "deal", "to": "player", "card": 4}])[1] == "wrong_card"
    # The card written in lower case is the same card.
    lower = [dict(s, card=s["card"].lower()) if "card" in s else s for s in steps]
    assert judge(example(), lower) == {"correct": True}


def test_judge_drew_when_standing_and_stood_when_drawing() -> None:
    steps = plan(example())
    # The Banker stands on 6 when the Player's third card is a 9.
    assert verdict(example(), [*steps[:5], {"action": "draw", "hand": "banker", "card": "AD"}]) == (
        5,
        "drew_when_standing",
        DRAWING,
    )
    # The Player draws on 4.
    assert verdict(example(), [*steps[:4], {"action": "stand", "hand": "player"}]) == (
        4,
        "stood_when_drawing",
        DRAWING,
    )


def test_judge_not_on_table_and_settled_twice() -> None:
    steps = plan(example())
    assert verdict(example(), [*steps[:6], {"action": "collect", "bet": "z"}]) == (
        6,
        "not_on_table",
        None,
    )
    assert verdict(example(), [*steps[:7], steps[7], steps[7]]) == (
        8,
        "settled_twice",
        "baccarat-2004 Art. 18(1)",
    )
    box = _with(example(), commission_collect="box")
    boxed = plan(box)
    commission = next(s for s in boxed if s["action"] == "commission")
    assert verdict(box, [*boxed[:7], commission, commission])[:2] == (8, "settled_twice")


def test_judge_wrong_commission() -> None:
    steps = plan(example())
    coup = steps[:7]  # the coup and the collect of the losing Player bet
    # A commission step at a deduct table.
    marked = {"action": "commission", "bet": "a", "amount": "5.00"}
    assert verdict(example(), [*coup, marked]) == (
        7,
        "wrong_commission",
        "baccarat-2004 Art. 18(1)",
    )
    # At a no-commission table.
    free = _with(example(), commission="no_commission")
    assert verdict(free, [*coup, marked]) == (7, "wrong_commission", "baccarat-2004 Art. 18(2)")
    # For a bet that is not a Banker win, at a box table.
    box = _with(example(), commission_collect="box")
    assert verdict(box, [*coup, {"action": "commission", "bet": "c", "amount": "6.00"}])[1] == (
        "wrong_commission"
    )
    # The wrong amount to the box.
    assert verdict(box, [*coup, dict(marked, amount="4.75")]) == (
        7,
        "wrong_commission",
        "baccarat-2004 Art. 18(1)",
    )
    # The commission left in (a deduct table pays 95), or taken where it is not deducted.
    assert verdict(example(), [*coup, {"action": "pay", "bet": "a", "amount": "100.00"}]) == (
        7,
        "wrong_commission",
        "baccarat-2004 Art. 18(1)",
    )
    assert verdict(box, [*coup, {"action": "pay", "bet": "a", "amount": "95.00"}])[1] == (
        "wrong_commission"
    )
    assert verdict(example(), [*coup, {"action": "pay", "bet": "c", "amount": "114.00"}]) == (
        7,
        "wrong_commission",
        "baccarat-2004 Art. 17(5)",
    )


def test_judge_paid_a_loser_collected_a_winner_or_a_stake_that_stays_wrong_action() -> None:
    steps = plan(example())
    coup = steps[:6]
    assert verdict(example(), [*coup, {"action": "pay", "bet": "b", "amount": "50.00"}]) == (
        6,
        "paid_a_loser",
        reference.W,
    )
    assert verdict(example(), [*coup, {"action": "collect", "bet": "a"}]) == (
        6,
        "collected_a_winner",
        "baccarat-2004 Art. 18(1)",
    )
    assert verdict(example(), [*coup, {"action": "return", "bet": "a"}])[1] == "wrong_action"
    assert verdict(example(), [*coup, {"action": "return", "bet": "b"}])[1] == "wrong_action"
    tie = {**example(), "shoe": ["8S", "8H", "KD", "KC"]}
    tied = plan(tie)[:6]
    assert verdict(tie, [*tied, {"action": "collect", "bet": "a"}]) == (
        6,
        "collected_a_stake_that_stays",
        reference.P,
    )
    assert verdict(tie, [*tied, {"action": "pay", "bet": "a", "amount": "100.00"}])[1] == (
        "wrong_action"
    )


def test_judge_wrong_amount_paid_before_collecting_and_a_step_missing() -> None:
    steps = plan(example())
    coup = steps[:7]
    assert verdict(example(), [*coup, {"action": "pay", "bet": "d", "amount": "100.00"}]) == (
        7,
        "wrong_amount",
        reference.H,
    )
    # Paid before the losing Player bet is collected: table procedure, no citation.
    assert verdict(example(), [*steps[:6], steps[7]]) == (6, "paid_before_collecting", None)
    assert verdict(example(), steps[:-1]) == (len(steps) - 1, "step_missing", reference.H)
    assert verdict(example(), steps[:3]) == (3, "step_missing", DEAL)
    assert verdict(example(), []) == (0, "step_missing", DEAL)


def test_judge_when_a_step_has_several_faults_the_first_code_of_the_list_applies() -> None:
    steps = plan(example())
    # A loser paid before the coup is complete: the order of the coup first.
    assert verdict(example(), [*steps[:4], {"action": "pay", "bet": "b", "amount": "1"}])[1] == (
        "dealt_out_of_order"
    )
    # A deal to the wrong hand with the wrong card.
    assert verdict(example(), [{"action": "deal", "to": "banker", "card": "AS"}])[1] == (
        "dealt_out_of_order"
    )
    # A draw where the hand stands, with a card that is not the next one.
    drew = [*steps[:5], {"action": "draw", "hand": "banker", "card": "2C"}]
    assert verdict(example(), drew)[1] == "drew_when_standing"
    # A second pay of a bet, at a wrong amount: settled twice.
    assert verdict(example(), [*steps[:8], dict(steps[7], amount="1.00")])[1] == "settled_twice"
    # A wrong amount before the losers are collected: the amount first.
    assert verdict(example(), [*steps[:6], dict(steps[7], amount="1.00")])[1] == "wrong_amount"
    # A loser paid its win less 5%: paid a loser, not a commission.
    assert (
        verdict(example(), [*steps[:6], {"action": "pay", "bet": "b", "amount": "47.50"}])[1]
        == "paid_a_loser"
    )


# ----------------------------------------------------------------- bad input --


def bad(request: Any, command: str = "settle") -> tuple[str, str | None]:
    code, answer = call(request, command)
    assert code == 2, answer
    assert set(answer) == {"error"}
    error = answer["error"]
    assert error["code"] != "internal_error", error["message"]
    assert error["message"].endswith((".", ")")) and len(error["message"]) > 10
    return error["code"], error["citation"]


def with_bets(*bets: dict[str, Any], shoe: list[Any] | None = None) -> dict[str, Any]:
    return {
        "game": "baccarat",
        "bets": list(bets),
        "shoe": example()["shoe"] if shoe is None else shoe,
    }


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        (with_bets(shoe=["4S", "3H", "KD", "3C"]), "shoe_too_short"),  # the Player draws
        (with_bets(shoe=[]), "shoe_too_short"),
        (with_bets(shoe=["4S", "3H", "KD", "3C", "9H", *["AS"] * 9]), "too_many_copies"),
        (with_bets(shoe=["4S", "3H", "KD", "3C", "9H", "1S"]), "invalid_card"),
        (with_bets(shoe=["4S", "3H", "KD", "3C", "10S"]), "invalid_card"),
        (with_bets(shoe=["4S", "3H", "KD", "3C", 9]), "invalid_card"),
        (with_bets({"id": "a", "kind": "progressive", "amount": 10}), "unknown_bet_kind"),
        (with_bets({"id": "a", "kind": "dragon7", "amount": 10}), "unknown_bet_kind"),
        (with_bets({"id": "a", "kind": "player", "amount": -5}), "invalid_amount"),
        (with_bets({"id": "a", "kind": "player", "amount": 0}), "invalid_amount"),
        (with_bets({"id": "a", "kind": "player", "amount": "1.005"}), "invalid_amount"),
        (with_bets({"id": "a", "kind": "player", "amount": "Infinity"}), "invalid_amount"),
        (
            with_bets(
                {"id": "a", "kind": "player", "amount": 5}, {"id": "a", "kind": "tie", "amount": 5}
            ),
            "duplicate_bet",
        ),
        ({**with_bets(), "ruleset": "baccarat-1975"}, "unknown_ruleset"),
        ({**with_bets(), "ruleset": {"settings": {"decks": 13}}}, "invalid_setting"),
        ({**with_bets(), "ruleset": {"settings": {"decks": 5}}}, "invalid_setting"),
        (
            {**with_bets(), "ruleset": {"settings": {"commission": "ten_percent"}}},
            "invalid_setting",
        ),
        (
            {**with_bets(), "ruleset": {"settings": {"commission_rounding": "half_up"}}},
            "invalid_setting",
        ),
        ({**with_bets(), "ruleset": {"settings": {"tie_pays": 0}}}, "invalid_setting"),
        ({**with_bets(), "ruleset": {"settings": {"pair_pays": 8.5}}}, "invalid_setting"),
        ({**with_bets(), "ruleset": {"settings": {"lucky6_two_cards": "x"}}}, "invalid_setting"),
        ({**with_bets(), "ruleset": {"settings": {"burn": "seven"}}}, "invalid_setting"),
    ],
)
def test_bad_input_is_refused_with_the_contract_s_code(request_: Any, expected: str) -> None:
    assert bad(request_)[0] == expected


def test_too_many_copies_counts_the_ruleset_s_decks_and_cites_art_1() -> None:
    shoe = ["4S", "3H", "KD", "3C", "9H", *["2D"] * 7]
    assert call(with_bets(shoe=shoe))[0] == 0  # 7 of 8 decks
    six = {**with_bets(shoe=shoe), "ruleset": {"settings": {"decks": 6}}}
    assert bad(six) == ("too_many_copies", "baccarat-2004 Art. 1")


def test_the_other_house_settings_are_accepted_and_change_nothing() -> None:
    plain = call(example())[1]
    changed = _with(
        example(),
        burn="first_card",
        last_coup="one_more",
        dealing="machine",
        irregularity_drills="art4_only",
    )
    changed["ruleset"]["settings"].update(commission="five_percent", commission_collect="deduct")
    assert call(changed)[1] == plain
    assert call(_with(example(), burn="fixed(3)", decks=6))[1] == plain


def test_baccarat_has_no_compare_and_judge_refuses_bad_steps() -> None:
    assert bad({"game": "baccarat", "hands": [["AS"], ["KS"]]}, "compare")[0] == "unknown_command"
    assert bad({**example(), "done": "deal"}, "judge")[0] == "invalid_request"
    assert (
        bad({**example(), "done": [{"action": "pay", "bet": "a", "amount": "-1"}]}, "judge")[0]
        == "invalid_amount"
    )
    assert (
        bad({**example(), "done": [{"action": "pay", "bet": "a"}]}, "judge")[0] == "invalid_request"
    )
    assert bad(example(), "judge")[0] == "invalid_request"  # no "done"


_STEP = st.fixed_dictionaries(
    {
        "action": st.sampled_from(
            ["deal", "draw", "stand", "collect", "pay", "return", "commission", "mark", "fold"]
        )
    },
    optional={
        "to": st.sampled_from(["player", "banker", "dealer", 3, None]),
        "hand": st.sampled_from(["player", "banker", "tie", None]),
        "card": st.sampled_from(["4S", "3H", "KD", "3C", "9H", "AD", "ZZ", 5]),
        "bet": st.sampled_from(["a", "b", "c", "d", "z", 1]),
        "amount": st.sampled_from(["95.00", "100.00", "120.00", "110.00", "5.00", "0", 3]),
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(done=st.lists(_STEP, max_size=12), box=st.booleans())
def test_judge_answers_any_list_of_steps_with_a_verdict_of_the_contract(
    done: list[dict[str, Any]], box: bool
) -> None:
    request = _with(example(), commission_collect="box") if box else example()
    code, answer = call({**request, "done": done}, "judge")
    assert code in (0, 2), answer
    if code == 2:  # a pay or commission without its amount, a step naming no bet
        assert answer["error"]["code"] == "invalid_request", answer
        return
    if answer["correct"]:
        assert [s["action"] for s in done] == [s["action"] for s in plan(request)]
        return
    assert answer["code"] in CODES and 0 <= answer["at"] <= len(done)
    assert answer["citation"] is None or answer["citation"].startswith("baccarat-2004 ")


CODES = {
    "not_a_step_here",
    "dealt_out_of_order",
    "wrong_card",
    "drew_when_standing",
    "stood_when_drawing",
    "not_on_table",
    "settled_twice",
    "wrong_commission",
    "paid_a_loser",
    "collected_a_winner",
    "collected_a_stake_that_stays",
    "wrong_action",
    "wrong_amount",
    "paid_before_collecting",
    "step_missing",
}
