"""Every Baccarat bet's house edge, exactly, over the cards of a shoe (no simulation).

A coup is dealt from a full shoe of ``decks`` decks without replacement.  Only the cards'
points matter to the coup (Art. 5), so the shoe is ten counts: ``16 × decks`` cards worth 0
(ten, jack, queen, king) and ``4 × decks`` of each of 1 to 9.  Every ordered sequence of the
coup's cards is weighed by how many ways the shoe gives it (a product of the counts as they
fall), extended to six cards so that coups of four, five and six cards are counted on one
footing: the total weight is ``N (N-1) … (N-5)`` for a shoe of ``N`` cards.  The drawing
rules are :mod:`.coup`'s own, so this is the edge of the rules as the trainer applies them.

The edge of a bet is what the house keeps of each unit staked, on average, ties counted as
coups (a Player or Banker bet pushes on them), as a :class:`~fractions.Fraction`.  The pairs
depend on the ranks of the first two cards of a hand only: ``13 × c (c-1) / N (N-1)`` with
``c = 4 × decks`` cards of each rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from dealer_trainer.rules.baccarat.coup import banker_draws, is_natural, player_draws
from dealer_trainer.rules.baccarat.settle import COMMISSION_RATE, NO_COMMISSION_SIX, BetKind
from dealer_trainer.rules.rulesets import Ruleset

RANKS = 13


@dataclass(frozen=True)
class CoupOdds:
    """The weights of a coup's outcomes over one shoe (each over ``total``)."""

    total: int
    player_wins: int
    banker_wins: int
    ties: int
    #: Banker wins with 6 points on its first two cards, and on three.
    banker_six_two_cards: int
    banker_six_three_cards: int
    #: The chance that a hand's first two cards are of one rank.
    pair: Fraction

    def chance(self, weight: int) -> Fraction:
        return Fraction(weight, self.total)


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@cache
def coup_odds(decks: int) -> CoupOdds:
    """Every coup of a full shoe of ``decks`` decks, counted exactly."""
    counts = [16 * decks] + [4 * decks] * 9
    size = sum(counts)
    tally = {"player": 0, "banker": 0, "tie": 0, "six2": 0, "six3": 0}

    def record(weight: int, player: int, banker: int, banker_cards: int) -> None:
        if player > banker:
            tally["player"] += weight
        elif banker > player:
            tally["banker"] += weight
            if banker == 6:
                tally["six2" if banker_cards == 2 else "six3"] += weight
        else:
            tally["tie"] += weight

    values = range(10)
    for p1 in values:
        w1 = counts[p1]
        counts[p1] -= 1
        for b1 in values:
            w2 = w1 * counts[b1]
            counts[b1] -= 1
            for p2 in values:
                w3 = w2 * counts[p2]
                counts[p2] -= 1
                player = (p1 + p2) % 10
                for b2 in values:
                    w4 = w3 * counts[b2]
                    if w4 == 0:
                        continue
                    counts[b2] -= 1
                    banker = (b1 + b2) % 10
                    if is_natural(player) or is_natural(banker):
                        record(w4 * _falling(size - 4, 2), player, banker, 2)
                    elif player_draws(player):
                        for p3 in values:
                            w5 = w4 * counts[p3]
                            if w5 == 0:
                                continue
                            final = (player + p3) % 10
                            if banker_draws(banker, p3):
                                counts[p3] -= 1
                                for b3 in values:
                                    record(w5 * counts[b3], final, (banker + b3) % 10, 3)
                                counts[p3] += 1
                            else:
                                record(w5 * (size - 5), final, banker, 2)
                    elif banker_draws(banker, None):
                        for b3 in values:
                            record(w4 * counts[b3] * (size - 5), player, (banker + b3) % 10, 3)
                    else:
                        record(w4 * _falling(size - 4, 2), player, banker, 2)
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    per_rank = 4 * decks
    return CoupOdds(
        total=_falling(size, 6),
        player_wins=tally["player"],
        banker_wins=tally["banker"],
        ties=tally["tie"],
        banker_six_two_cards=tally["six2"],
        banker_six_three_cards=tally["six3"],
        pair=Fraction(RANKS * per_rank * (per_rank - 1), size * (size - 1)),
    )


def house_edge(ruleset: Ruleset, kind: BetKind) -> Fraction:
    """The house's edge on one bet under the ruleset's decks, commission and pays, exactly
    (the commission exactly 5%, not rounded to the cent)."""
    decks = ruleset.integer("decks")
    assert decks is not None
    odds = coup_odds(decks)
    player, banker, tie = (
        odds.chance(odds.player_wins),
        odds.chance(odds.banker_wins),
        odds.chance(odds.ties),
    )

    def pays(name: str) -> int:
        value = ruleset.integer(name)
        assert value is not None
        return value

    if kind is BetKind.PLAYER:
        return banker - player
    if kind is BetKind.BANKER:
        if ruleset.choice("commission") == "no_commission":
            six = odds.chance(odds.banker_six_two_cards + odds.banker_six_three_cards)
            return player - (banker - six) - six * NO_COMMISSION_SIX
        return player - banker * (1 - COMMISSION_RATE)
    if kind is BetKind.TIE:
        return 1 - tie * (pays("tie_pays") + 1)
    if kind in (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR):
        return 1 - odds.pair * (pays("pair_pays") + 1)
    two, three = (
        odds.chance(odds.banker_six_two_cards),
        odds.chance(odds.banker_six_three_cards),
    )
    return 1 - two * (pays("lucky6_two_cards") + 1) - three * (pays("lucky6_three_cards") + 1)
