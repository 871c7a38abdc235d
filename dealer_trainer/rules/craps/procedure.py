"""Craps: the dealer's work after the last throw, and its judge (``docs/rules-cli.md``).

What the throw leaves the dealer to do is
:func:`~dealer_trainer.rules.craps.settlement.settle_throw`, the same the "collect, then
pay" drill is graded with: Portaria 97/85/M sets no
order of settlement, so collecting every loser first is the house's table
procedure (``collect_before_pay``) and a mistake of order cites no article.  A
bet the throw left open has no step and stays on the layout; a come or don't
come bet the throw sent to its come point is moved there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.rules.craps import api
from dealer_trainer.rules.craps.model import InvalidThrow, Roll
from dealer_trainer.rules.craps.settlement import settle_throw, throw_work
from dealer_trainer.rules.craps.table import bet_name
from dealer_trainer.rules.procedure import Target, Work
from dealer_trainer.rules.requests import given_ids
from dealer_trainer.rules.rulesets import Ruleset


def work(request: Mapping[str, Any], ruleset: Ruleset) -> Work:
    table = api.replay(request, ruleset)
    events = request["events"]
    ids = given_ids([e["bet"] for e in events if isinstance(e, dict) and "bet" in e])
    names = {
        Target(bet=ids.get(state.id, state.id)): f"bet {state.id} ({bet_name(state.kind)})"
        for state in table.bets
    }
    throws = [i for i, event in enumerate(table.events) if isinstance(event, Roll | InvalidThrow)]
    if not throws:
        return Work(plans=((),), names=names)
    return throw_work(settle_throw(table, throws[-1]), names, ids)
