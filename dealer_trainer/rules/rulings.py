"""Rulings: what a regulation decides when something irregular happens at a table.

A ruling is data: a stable ``code`` (drills and translations key on it), the
decision in one sentence, what happens to the bets, and the article that
decides.  The games build their rulings with :class:`Ruling`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules.citations import Citation


@unique
class BetFate(StrEnum):
    """What a ruling does to the bets on the table."""

    STAND = "stand"  # bets stay as they are for the repeated spin / throw / round
    RETURNED = "returned"  # stakes handed back, the round is void
    CARRIED_OVER = "carried_over"  # the bet moves to the next round as it is
    REFUSED = "refused"  # the bet is not accepted
    RECONSTRUCTED = "reconstructed"  # the bets are put back as they were
    DEAD = "dead"  # a hand or bet that takes no part
    SETTLED_AS_USUAL = "settled_as_usual"


@dataclass(frozen=True)
class Ruling:
    """The decision of the regulation on one irregularity."""

    code: str
    decision: str
    bets: BetFate
    round_stands: bool
    steps: tuple[str, ...]
    citation: Citation
