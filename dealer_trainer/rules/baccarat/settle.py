"""Settling a coup: what each bet of Art. 13(1) wins, the commission, and on what authority.

- Player and Banker: 1 to 1 (Art. 17's pay table is not on file: an interpretation, the
  universal even money).  At a ``five_percent`` table the house takes 5% of a Banker win
  (Art. 18(1)); at a ``no_commission`` table there is none, and a Banker win with a final
  total of 6, on two or three cards, wins 50% of the stake (Art. 18(2)).  On a tie both
  are returned (an interpretation: the article is not on file).
- Tie: ``tie_pays`` to 1 (8: the revoked Ordem Executiva 70/2000's figure, the house's
  default); it loses otherwise.
- Player pair, Banker pair: ``pair_pays`` to 1 (11, the same revoked text) when that
  hand's first two cards are of one rank, whatever the winner.
- Lucky 6 (Art. 13(1), 56/2018): wins when the Banker wins with 6 points, at
  ``lucky6_two_cards`` (12, Art. 17(5)) or ``lucky6_three_cards`` (20, Art. 17(5)) to 1.

Money is :class:`~decimal.Decimal`, exact: the commission (5% of the win) is rounded to the
cent by ``commission_rounding`` (``down``: the house never takes more than 5%; ``up``), and
the 50% of Art. 18(2) always down.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction

from dealer_trainer.rules.baccarat.authority import Basis, authority
from dealer_trainer.rules.baccarat.cards import is_pair
from dealer_trainer.rules.baccarat.coup import Coup, Winner
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError, shown
from dealer_trainer.rules.money import CENT, ZERO, Rounding, to_cents
from dealer_trainer.rules.rulesets import Ruleset

#: The commission of Art. 18(1): 5% of the amount the Banker bet wins.
COMMISSION_RATE = Fraction(5, 100)
#: Art. 18(2): a Banker win with 6 points at a no-commission table pays 50% of the stake.
NO_COMMISSION_SIX = Fraction(1, 2)


@unique
class BetKind(StrEnum):
    """The bets of Art. 13(1) (the progressive jackpot is the house's, not settled here)."""

    PLAYER = "player"  # 閒
    BANKER = "banker"  # 莊
    TIE = "tie"  # 和
    PLAYER_PAIR = "player_pair"  # 閒對子
    BANKER_PAIR = "banker_pair"  # 莊對子
    LUCKY6 = "lucky6"  # «6 Sortudo» (56/2018)


@unique
class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"  # a Player or Banker bet on a tie: its stake is returned


@unique
class Commission(StrEnum):
    """The house option of Art. 18 (setting ``commission``)."""

    FIVE_PERCENT = "five_percent"  # Art. 18(1)
    NO_COMMISSION = "no_commission"  # Art. 18(2)


@unique
class CommissionCollect(StrEnum):
    """How the dealer takes the commission (setting ``commission_collect``, house procedure)."""

    DEDUCT = "deduct"  # the win is paid less the commission
    BOX = "box"  # the win is paid in full; the commission is marked in the seat's box


@dataclass(frozen=True)
class Bet:
    """A stake on one spot of the layout, with the id the table (or a request) gave it."""

    id: str
    kind: BetKind
    amount: Decimal
    #: Whose bet it is, where the table says (a label: it changes nothing).
    player: str | None = None


@dataclass(frozen=True)
class BetResult:
    """The decision on one bet.

    ``win`` is the gross win by the pay table; ``commission`` the 5% of a Banker win at a
    ``five_percent`` table; ``paid`` what the dealer pays now (``win`` less the commission
    under ``deduct``, the whole ``win`` under ``box``); ``returned`` the stake handed back
    with a win or a push.
    """

    bet: Bet
    outcome: Outcome
    win: Decimal
    commission: Decimal
    paid: Decimal
    returned: Decimal
    citation: Citation

    @property
    def owes_commission(self) -> bool:
        """A commission to mark in the box (``box`` tables: a Banker win's 5%, if not 0.00)."""
        return self.commission > ZERO and self.paid == self.win


def commission_on(win: Decimal, rounding: str) -> Decimal:
    """Art. 18(1): 5% of the win, to the cent, ``down`` or ``up`` (12.50 → 0.62 or 0.63)."""
    cents = Fraction(win) * COMMISSION_RATE * 100
    whole = math.floor(cents) if rounding == "down" else math.ceil(cents)
    return (Decimal(whole) / 100).quantize(CENT)


def _rounded_down(amount: Fraction) -> Decimal:
    return to_cents(amount, Rounding.DOWN)


def _pays(ruleset: Ruleset, name: str) -> tuple[int, bool]:
    """A pay figure (to 1) and whether it is the ruleset's default (else a house setting)."""
    value = ruleset.integer(name)
    assert value is not None, name
    return value, value == ruleset.settings[name].default


def settle_bet(ruleset: Ruleset, bet: Bet, coup: Coup) -> BetResult:
    """The result of one bet on the coup (see the module's text)."""
    regulation = ruleset.base or ruleset.id
    winner = coup.winner
    stake = bet.amount
    kind = bet.kind

    def lose(citation: Citation) -> BetResult:
        return BetResult(bet, Outcome.LOSE, ZERO, ZERO, ZERO, ZERO, citation)

    def win(amount: Decimal, citation: Citation, commission: Decimal = ZERO) -> BetResult:
        deduct = ruleset.choice("commission_collect") == CommissionCollect.DEDUCT
        paid = amount - commission if deduct else amount
        return BetResult(bet, Outcome.WIN, amount, commission, paid, stake, citation)

    def by_figure(name: str) -> BetResult:
        """A win at the house pay table's figure (the revoked text's, unless the house's)."""
        ratio, default = _pays(ruleset, name)
        basis = Basis.REVOKED_PAY_TABLE if default else Basis.HOUSE_SETTING
        return win(stake * ratio, authority(basis, regulation))

    winner_rule = authority(Basis.WINNER_RULE, regulation)
    if kind in (BetKind.PLAYER, BetKind.BANKER):
        if winner is Winner.TIE:
            returned = authority(Basis.TIE_RETURNED, regulation)
            return BetResult(bet, Outcome.PUSH, ZERO, ZERO, ZERO, stake, returned)
        if winner.value != kind.value:
            return lose(winner_rule)
        if kind is BetKind.PLAYER:
            return win(stake, authority(Basis.EVEN_MONEY, regulation))
        if ruleset.choice("commission") == Commission.NO_COMMISSION:
            amount = (
                _rounded_down(Fraction(stake) * NO_COMMISSION_SIX)
                if coup.banker.total == 6
                else stake
            )
            return win(amount, Citation(regulation, 18, 2))
        commission = commission_on(stake, ruleset.choice("commission_rounding"))
        return win(stake, Citation(regulation, 18, 1), commission)
    if kind is BetKind.TIE:
        if winner is not Winner.TIE:
            return lose(winner_rule)
        return by_figure("tie_pays")
    if kind in (BetKind.PLAYER_PAIR, BetKind.BANKER_PAIR):
        hand = coup.player if kind is BetKind.PLAYER_PAIR else coup.banker
        if not is_pair(hand.cards):
            return lose(Citation(regulation, 13, 1))
        return by_figure("pair_pays")
    # Lucky 6: the Banker wins the coup with 6 points, on two or three cards.
    if winner is not Winner.BANKER or coup.banker.total != 6:
        return lose(Citation(regulation, 13, 1))
    name = "lucky6_two_cards" if len(coup.banker.cards) == 2 else "lucky6_three_cards"
    ratio, default = _pays(ruleset, name)
    cited: Citation = (
        Citation(regulation, 17, 5) if default else authority(Basis.HOUSE_SETTING, regulation)
    )
    return win(stake * ratio, cited)


def settle(ruleset: Ruleset, bets: Sequence[Bet], coup: Coup) -> tuple[BetResult, ...]:
    """Every bet's result, in the order of ``bets``; two bets with one id are refused."""
    seen: set[str] = set()
    for bet in bets:
        if bet.id in seen:
            raise RulesError(
                "duplicate_bet", f"Two bets have the id {shown(bet.id)}: each bet's id is unique."
            )
        seen.add(bet.id)
    return tuple(settle_bet(ruleset, bet, coup) for bet in bets)
