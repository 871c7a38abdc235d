"""Sic Bo (骰寶 / Cussec) on the house's pay table (ruleset ``sic-bo-house``).

Its regulation, Despacho Regulamentar Externo n.º 31/2003, is not on file, so
no decision here cites an article: each names the house's pay table
(:data:`~dealer_trainer.rules.sic_bo.house.HOUSE_PAY_TABLE`), and every payout,
every bet offered, the triple rule, the limits, the pay order and the rulings
on irregular throws are settings of the ruleset.

- :mod:`.bets`: the bet kinds of a Macau layout and their spots.
- :mod:`.settle`: which spots a throw wins (the lit areas), what each bet is paid,
  and the order of payment.
- :mod:`.house_edge`: every bet's house edge, exactly, over the 216 throws.
- :mod:`.house`: the house pay table as a basis, in words.
- :mod:`.rulings`: the house's rulings on irregular throws.
- :mod:`.api`, :mod:`.procedure`: ``settle``, ``procedure`` and ``judge`` of the rules CLI.
"""

from dealer_trainer.rules.sic_bo.bets import Bet, BetKind, Spot, all_spots
from dealer_trainer.rules.sic_bo.settle import (
    BetResult,
    Outcome,
    Settlement,
    Throw,
    settle,
    winning_spots,
)

__all__ = [
    "Bet",
    "BetKind",
    "BetResult",
    "Outcome",
    "Settlement",
    "Spot",
    "Throw",
    "all_spots",
    "settle",
    "winning_spots",
]
