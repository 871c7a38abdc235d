"""Craps: the dealer's work after the last roll, and its judge (``docs/rules-cli.md``).

Portaria 97/85/M sets no order of settlement: collecting every losing bet before
paying is the house's table procedure (the setting ``collect_before_pay``, on by
default), so a mistake of order cites no article.  Only the bets the last roll
decided have a step; a bet it left open stays on the layout, and a come or don't
come bet that the roll sent to its come point is moved there.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import api
from dealer_trainer.rules.procedure import Action, Step, Target, Work, judge, read_done
from dealer_trainer.rules.rulesets import Ruleset

_MOVES_TO_A_POINT = ("come", "dont_come")


def work(request: Mapping[str, Any], ruleset: Ruleset) -> Work:
    settled = api.settle(request, ruleset)
    events = list(request.get("events", []))
    rolls = [i for i, event in enumerate(events) if isinstance(event, dict) and "roll" in event]
    last = rolls[-1] if rolls else None
    previous = rolls[-2] if len(rolls) > 1 else -1
    placed = {
        event["bet"]["id"]: (i, event["bet"])
        for i, event in enumerate(events)
        if isinstance(event, dict) and "bet" in event
    }
    collects: list[Step] = []
    others: list[Step] = []
    names: dict[Target, str] = {}
    idle: dict[Target, str] = {}
    for result in settled["results"]:
        bet_id = result["id"]
        index, bet = placed[bet_id]
        target = Target(bet=bet_id)
        name = f"bet {_shown(bet_id)} ({_bet_name(bet)})"
        names[target] = name
        citation = Citation.parse(result["citation"])
        if last is not None and result["decided_at"] == last:
            if result["outcome"] == "win":
                others.append(Step(Action.PAY, target, Decimal(result["win"]), citation=citation))
            elif result["outcome"] == "lose":
                collects.append(Step(Action.COLLECT, target, citation=citation))
            else:  # push: the bar 12 of the don't side
                others.append(Step(Action.RETURN, target, citation=citation))
        elif (
            result["outcome"] == "open"
            and bet["kind"] in _MOVES_TO_A_POINT
            and result.get("come_point") is not None
            and previous < index < (last if last is not None else -1)
        ):
            others.append(Step(Action.MOVE, target, to=result["come_point"], citation=citation))
        else:
            idle[target] = (
                f"{name[0].upper()}{name[1:]} has no decision on this throw: "
                "it stays on the layout."
            )
    groups: tuple[tuple[Step, ...], ...]
    if ruleset.values.get("collect_before_pay", True):
        groups = (tuple(collects), tuple(others))
    else:
        groups = (tuple(collects) + tuple(others),)
    plan = tuple(group for group in groups if group)
    return Work(plans=(plan,), names=names, idle=idle)


def _shown(bet_id: Any) -> str:
    return bet_id if isinstance(bet_id, str) else str(bet_id)


def _bet_name(bet: Mapping[str, Any]) -> str:
    kind = str(bet["kind"]).replace("_", " ")
    if "number" in bet:
        return f"{kind} {bet['number']}"
    if "on" in bet:
        return f"odds on {_shown(bet['on'])}"
    return kind


def procedure(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    return work(request, ruleset).procedure_json()


def judge_request(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    done = read_done(request)
    settle_input = {k: v for k, v in request.items() if k != "done"}
    return judge(work(settle_input, ruleset), done).to_json()
