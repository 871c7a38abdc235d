"""Baccarat (百家樂, «Bacará») as Despacho Regulamentar Externo n.º 55/2004 rules it, as far
as its text is on file (ruleset ``baccarat-2004``; ``docs/DIGEST.md``, "Baccarat").

- :mod:`.authority`: the citations: an article on file, or the authority in words (a
  secondary text, a revoked text, an interpretation, the house's figure).
- :mod:`.cards`: the cards and their points (Art. 1, Art. 5).
- :mod:`.coup`: the four cards of Art. 7(1), naturals, the drawing rules, the winner.
- :mod:`.settle`: each bet's result, the commission (Art. 18), pairs, Lucky 6.
- :mod:`.house_edge`: every bet's house edge, exactly, over the cards of a shoe.
- :mod:`.api`, :mod:`.procedure`: ``settle``, ``procedure`` and ``judge`` of the rules CLI.
"""

from dealer_trainer.rules.baccarat.coup import Coup, CoupStep, Hand, HandCards, Winner, deal
from dealer_trainer.rules.baccarat.settle import Bet, BetKind, BetResult, Outcome, settle

__all__ = [
    "Bet",
    "BetKind",
    "BetResult",
    "Coup",
    "CoupStep",
    "Hand",
    "HandCards",
    "Outcome",
    "Winner",
    "deal",
    "settle",
]
