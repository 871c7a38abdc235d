"""Rulings: what a regulation decides when something irregular happens at a table.

A ruling is data: a stable ``code`` (drills key on it), the decision in one
sentence, what happens to the bets, the dealer's steps, and the article that
decides.  The sentences are :class:`~dealer_trainer.rules.text.Text`, so that the app
shows them in the trainee's language.  The games build their rulings with
:class:`Ruling`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.text import Text


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
    decision: Text
    bets: BetFate
    round_stands: bool
    steps: tuple[Text, ...]
    citation: Citation
