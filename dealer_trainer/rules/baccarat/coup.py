"""The coup: the four cards of Art. 7(1), naturals, the drawing rules, and the winner.

Art. 7(1) (Chinese repost only): starting with the Player, one card at a time,
alternately, two cards to each hand: Player, Banker, Player, Banker.

The drawing rules (article not on file; secondary texts in the regulation's wording,
``docs/DIGEST.md``): a two-card 8 or 9 is a natural (例牌), and when either hand has
one, neither draws.  Otherwise each hand draws at most one card, the Player first: the
Player draws on 0-5 and stands on 6-7; then the Banker draws on 0-2; on 3 unless the
Player's third card is an 8; on 4 when it is 2-7; on 5 when it is 4-7; on 6 when it is
6 or 7; never on 7; and when the Player stood, the Banker draws on 0-5 and stands on 6-7
(a card's value: T J Q K count 0).  The higher final total wins, equal totals tie (the
winner rule, a secondary text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules.baccarat.cards import Card, hand_total, points
from dealer_trainer.rules.errors import RulesError


@unique
class Hand(StrEnum):
    """The two hands of Art. 6: 閒 the Player, 莊 the Banker."""

    PLAYER = "player"
    BANKER = "banker"


@unique
class Winner(StrEnum):
    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


#: Art. 7(1): the hand each of the first four cards goes to.
DEAL_ORDER = (Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER)


def is_natural(two_card_total: int) -> bool:
    """A two-card 8 or 9 (例牌)."""
    return two_card_total >= 8


def player_draws(two_card_total: int) -> bool:
    """The Player's decision when neither hand has a natural: draw on 0-5, stand on 6-7."""
    return two_card_total <= 5


def banker_draws(two_card_total: int, player_third: int | None) -> bool:
    """The Banker's decision when neither hand has a natural, by the value of the Player's
    third card (``None``: the Player stood)."""
    if player_third is None:
        return two_card_total <= 5
    if two_card_total <= 2:
        return True
    if two_card_total == 3:
        return player_third != 8
    if two_card_total == 4:
        return 2 <= player_third <= 7
    if two_card_total == 5:
        return 4 <= player_third <= 7
    if two_card_total == 6:
        return player_third in (6, 7)
    return False


@dataclass(frozen=True)
class HandCards:
    """One hand's cards in the order dealt (two or three)."""

    hand: Hand
    cards: tuple[Card, ...]

    @property
    def total(self) -> int:
        """The final total (Art. 5)."""
        return hand_total(self.cards)

    @property
    def two_card_total(self) -> int:
        return hand_total(self.cards[:2])

    @property
    def natural(self) -> bool:
        """Whether the first two cards make 8 or 9."""
        return is_natural(self.two_card_total)

    @property
    def third_card(self) -> Card | None:
        return self.cards[2] if len(self.cards) == 3 else None


@dataclass(frozen=True)
class Coup:
    """A coup as dealt: both hands, and how many cards of the shoe it took."""

    player: HandCards
    banker: HandCards

    @property
    def winner(self) -> Winner:
        """The higher final total wins; equal totals are a tie."""
        if self.player.total > self.banker.total:
            return Winner.PLAYER
        if self.banker.total > self.player.total:
            return Winner.BANKER
        return Winner.TIE

    @property
    def cards_used(self) -> int:
        return len(self.player.cards) + len(self.banker.cards)

    def hand(self, hand: Hand) -> HandCards:
        return self.player if hand is Hand.PLAYER else self.banker

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order they left the shoe."""
        player, banker = self.player.cards, self.banker.cards
        return (player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:])


@unique
class StepKind(StrEnum):
    DEAL = "deal"  # one of the first four cards (Art. 7(1))
    DRAW = "draw"  # a hand takes its third card
    STAND = "stand"  # a hand takes no third card


@dataclass(frozen=True)
class CoupStep:
    """One of the six steps of every coup: four deals, the Player's and the Banker's
    decision (``card`` is None for a ``stand``)."""

    kind: StepKind
    hand: Hand
    card: Card | None = None


def deal(shoe: Sequence[Card]) -> Coup:
    """The coup the shoe gives, its cards taken in order; ``shoe_too_short`` when the
    shoe runs out before the coup is complete."""

    def card(index: int, why: str) -> Card:
        if index >= len(shoe):
            raise RulesError(
                "shoe_too_short",
                f"The shoe has {len(shoe)} {'card' if len(shoe) == 1 else 'cards'}; "
                f"this coup needs at least {index + 1} ({why}).",
            )
        return shoe[index]

    first = [card(i, "the four cards of Art. 7(1)") for i in range(4)]
    player, banker = [first[0], first[2]], [first[1], first[3]]
    player_total, banker_total = hand_total(player), hand_total(banker)
    if not (is_natural(player_total) or is_natural(banker_total)):
        player_third: int | None = None
        if player_draws(player_total):
            drawn = card(len(player) + len(banker), "the Player's third card")
            player.append(drawn)
            player_third = points(drawn)
        if banker_draws(banker_total, player_third):
            banker.append(card(len(player) + len(banker), "the Banker's third card"))
    return Coup(HandCards(Hand.PLAYER, tuple(player)), HandCards(Hand.BANKER, tuple(banker)))


def coup_steps(coup: Coup) -> tuple[CoupStep, ...]:
    """The six steps of the coup: the four deals of Art. 7(1), then the Player's decision,
    then the Banker's (after a natural both hands stand)."""
    cards = coup.cards
    steps = [CoupStep(StepKind.DEAL, hand, cards[i]) for i, hand in enumerate(DEAL_ORDER)]
    for hand in (Hand.PLAYER, Hand.BANKER):
        third = coup.hand(hand).third_card
        steps.append(
            CoupStep(StepKind.STAND, hand)
            if third is None
            else CoupStep(StepKind.DRAW, hand, third)
        )
    return tuple(steps)
