"""Craps as Portaria n.º 97/85/M (``craps-1985``) and Despacho n.º 53/2010 (``craps-2010``) rule it.

The table is an immutable state machine over throws (:class:`Table`): place a
bet, roll the dice, read every bet's state and the article that decided it.
"""

from dealer_trainer.rules.craps.config import CrapsRules
from dealer_trainer.rules.craps.house_edge import BetValue, bet_value, house_edges
from dealer_trainer.rules.craps.model import (
    OFF_TABLE,
    Bet,
    BetKind,
    BetState,
    Decision,
    InvalidThrow,
    Outcome,
    Roll,
    Throw,
)
from dealer_trainer.rules.craps.rulings import CockedDie, ThrowRuling, counted_face, rule_throw
from dealer_trainer.rules.craps.settlement import (
    Action,
    OrderCode,
    OrderProblem,
    OrderVerdict,
    Step,
    ThrowSettlement,
    judge_order,
    settle_throw,
)
from dealer_trainer.rules.craps.table import BigWin, Event, Table

__all__ = [
    "OFF_TABLE",
    "Action",
    "Bet",
    "BetKind",
    "BetState",
    "BetValue",
    "BigWin",
    "CockedDie",
    "CrapsRules",
    "Decision",
    "Event",
    "InvalidThrow",
    "OrderCode",
    "OrderProblem",
    "OrderVerdict",
    "Outcome",
    "Roll",
    "Step",
    "Table",
    "Throw",
    "ThrowRuling",
    "ThrowSettlement",
    "bet_value",
    "counted_face",
    "house_edges",
    "judge_order",
    "rule_throw",
    "settle_throw",
]
