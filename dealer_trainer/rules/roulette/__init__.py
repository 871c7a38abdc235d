"""Roulette as Despacho Regulamentar Externo n.º 30/2003 rules it (ruleset ``roulette-2003``)."""

from dealer_trainer.rules.roulette.bets import Bet, BetKind, BetPosition
from dealer_trainer.rules.roulette.layout import RED, WHEEL_ORDERS, all_positions, position
from dealer_trainer.rules.roulette.settle import BetResult, Outcome, PayGroup, Settlement, settle

__all__ = [
    "RED",
    "WHEEL_ORDERS",
    "Bet",
    "BetKind",
    "BetPosition",
    "BetResult",
    "Outcome",
    "PayGroup",
    "Settlement",
    "all_positions",
    "position",
    "settle",
]
