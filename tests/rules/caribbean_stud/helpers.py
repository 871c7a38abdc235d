"""Small helpers for the Caribbean Stud tests: cards from text."""

from __future__ import annotations

from dealer_trainer.rules.caribbean_stud.cards import Card
from dealer_trainer.rules.caribbean_stud.ranking import HandValue, evaluate


def cards(text: str) -> tuple[Card, ...]:
    """``"AS KS QS JS TS"`` → five cards."""
    return tuple(Card.parse(code) for code in text.split())


def hand(text: str) -> HandValue:
    return evaluate(cards(text))
