"""Caribbean Stud: the dealer's work at the showdown, and its judge (``docs/rules-cli.md``).

Despacho 61/2004 sets no order for the antes and raises (Art. 9 says only what
each box wins or loses), so they are one group in any order, with no
collect-first rule; then each progressive award in the order of Art. 10(4) and
10(7) (a royal flush at its own box's turn, or right after the last straight flush
when one is still unpaid then).  A folded box has one step, its ante collected (Art. 6(7)); the
progressive stake itself has no step.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.caribbean_stud import api
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.procedure import Action, Step, Target, Work
from dealer_trainer.rules.rulesets import Ruleset

_ACTIONS = {"win": Action.PAY, "lose": Action.COLLECT, "returned": Action.RETURN}


def work(request: Mapping[str, Any], ruleset: Ruleset) -> Work:
    settled = api.settle(request, ruleset)
    showdown: list[Step] = []
    awards: dict[int, Step] = {}
    names: dict[Target, str] = {}
    for result in settled["results"]:
        box = int(result["box"])
        citation = Citation.parse(result["citation"])
        for spot in ("ante", "raise"):
            target = Target(box=box, spot=spot)
            names[target] = f"box {box} {spot}"
            outcome = result[spot]["outcome"]
            if outcome == "folded":
                continue  # a folded box has no raise; its ante is collected
            action = _ACTIONS[outcome]
            amount = Decimal(result[spot]["win"]) if action is Action.PAY else None
            showdown.append(Step(action, target, amount, citation=citation))
        award = Decimal(result["progressive"]["award"])
        progressive = Target(box=box, progressive=True)
        names[progressive] = f"box {box}'s progressive award"
        if award > 0:
            cited = result["progressive"].get("citation")
            awards[box] = Step(
                Action.PROGRESSIVE,
                progressive,
                award,
                citation=Citation.parse(cited) if cited else Citation(citation.ruleset, 10, 2),
            )
    plan = ((tuple(showdown),) if showdown else ()) + tuple(
        (awards[box],) for box in settled["progressive_pay_order"] if box in awards
    )
    return Work(plans=(plan,), names=names, order_citation=_order_citation)


def _order_citation(waiting: Step, done: Step) -> Citation | None:
    """Progressive awards are paid box by box from the dealer's left (Art. 10(4)), a royal
    flush moved only by Art. 10(7); that the showdown comes before them is table procedure.

    An award paid while one of a box further left waits breaks the box order, Art. 10(4);
    one paid while a box further right waits (a straight flush, or under ``royal_last`` any
    award, before the royal flush) breaks the order Art. 10(7) sets."""
    if waiting.action is not Action.PROGRESSIVE or done.action is not Action.PROGRESSIVE:
        return None
    cited = waiting.citation or done.citation
    if cited is None:
        return None
    left, right = waiting.target.box, done.target.box
    if left is not None and right is not None and left > right:
        return Citation(cited.ruleset, 10, 7)
    return Citation(cited.ruleset, 10, 4)
