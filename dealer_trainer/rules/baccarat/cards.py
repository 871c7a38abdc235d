"""The cards of Baccarat and what they count (Art. 1, Art. 5).

Art. 1: six to twelve decks of 52 cards, no jokers (the ruleset's ``decks``).  The cards
are those of every card game here (:mod:`dealer_trainer.rules.caribbean_stud.cards`,
written ``"TS"``, ``"AH"``); what Baccarat adds is their points.  Art. 5 (Chinese repost
only): picture cards, tens and totals of ten count zero; every other card counts its face
value, the ace one; nine is the highest.  A hand counts the last digit of its cards' sum
(an interpretation of "totals of ten count zero": 7 + 8 = 5, 9 + 9 + 2 = 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from dealer_trainer.rules.baccarat.authority import cite
from dealer_trainer.rules.caribbean_stud.cards import DECK, Card, Rank, Suit
from dealer_trainer.rules.errors import RulesError, shown

__all__ = ["DECK", "Card", "Rank", "Suit", "hand_total", "is_pair", "parse_card", "points"]

#: Art. 5: the points of each rank; tens and picture cards count zero.
POINTS: dict[Rank, int] = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 0,
    Rank.JACK: 0,
    Rank.QUEEN: 0,
    Rank.KING: 0,
}
_BY_CODE = {card.code: card for card in DECK}


def points(card: Card) -> int:
    """Art. 5: what one card counts (A 1, 2-9 their face, T J Q K 0)."""
    return POINTS[card.rank]


def hand_total(cards: Sequence[Card]) -> int:
    """Art. 5: the last digit of the cards' points (0 to 9)."""
    return sum(points(card) for card in cards) % 10


def is_pair(cards: Sequence[Card]) -> bool:
    """Art. 13(1)(4)(1): the first two cards are of one rank, whatever their suits (J-J is
    a pair; J-Q and T-K, both worth zero, are not)."""
    return len(cards) >= 2 and cards[0].rank is cards[1].rank


def parse_card(value: Any, where: str) -> Card:
    """One card of a request, two characters, rank then suit (``"TS"``): ``invalid_card``."""
    if not isinstance(value, str):
        raise RulesError(
            "invalid_card",
            f'{where} must be a card written like "TS" (ten of spades), not {shown(value)}.',
        )
    card = _BY_CODE.get(value.strip().upper())
    if card is None:
        raise RulesError(
            "invalid_card",
            f"{where} is not a card: {shown(value)} (two characters, the rank A K Q J T 9-2 "
            'then the suit S H C D, e.g. "TS").',
        )
    return card


def parse_shoe(values: Sequence[Any], decks: int, where: str = "shoe") -> tuple[Card, ...]:
    """The cards of a shoe, each read; no card more often than the shoe's ``decks`` (Art. 1)."""
    cards = tuple(parse_card(value, f"{where}[{index}]") for index, value in enumerate(values))
    for card, count in Counter(cards).items():
        if count > decks:
            raise RulesError(
                "too_many_copies",
                f"The {card.label} appears {count} times in the shoe, but a shoe of {decks} "
                f"decks holds it only {decks} {'time' if decks == 1 else 'times'}.",
                cite(1),
            )
    return cards
