"""Every Sic Bo bet's house edge, exactly: the 216 throws of three dice, each counted once.

The edge of a bet is what the house keeps of each unit staked, on average:
``1 − Σ P(throw) × (1 + ratio)`` over the throws it wins, a :class:`Fraction`
(small and big lose 1/36 on the default table).  It reads the same
:func:`~dealer_trainer.rules.sic_bo.settle.wins` the settlement does, so it is
the edge of the house's table as the ruleset sets it.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.sic_bo.bets import FACES, Spot, all_spots
from dealer_trainer.rules.sic_bo.settle import Throw, wins

#: Every throw of three distinguishable dice: 6 × 6 × 6 = 216, equally likely.
THROWS: tuple[Throw, ...] = tuple(Throw((a, b, c)) for a, b, c in product(FACES, repeat=3))


def house_edge(ruleset: Ruleset, spot: Spot) -> Fraction:
    """The house's edge on one spot, exactly (``Fraction(1, 36)`` for small)."""
    returned = sum(
        (1 + ratio for ratio in (wins(ruleset, spot, t) for t in THROWS) if ratio is not None),
        Fraction(0),
    )
    return 1 - returned / len(THROWS)


def win_probability(ruleset: Ruleset, spot: Spot) -> Fraction:
    """The chance that the spot wins on a throw (any count of a single's face)."""
    won = sum(1 for t in THROWS if wins(ruleset, spot, t) is not None)
    return Fraction(won, len(THROWS))


def house_edges(ruleset: Ruleset) -> dict[str, Fraction]:
    """The edge of every spot of the house's layout, by spot id (``total-4``: 7/24)."""
    return {
        spot.spot_id: house_edge(ruleset, spot)
        for spot in all_spots(ruleset.flag("odd_even_offered"))
    }
