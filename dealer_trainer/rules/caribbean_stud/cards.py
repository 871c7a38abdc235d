"""Cards and the deck of Caribbean Stud Poker (Despacho 61/2004, Art. 1 and Art. 4).

Art. 1(1): one deck of 52 cards.  Art. 4 orders them: suits from high to low
spades ♠, hearts ♥, clubs ♣, diamonds ♦; ranks A K Q J 10 9 … 2, the ace
counting low only in the straight 5-4-3-2-A (Art. 4(3)).

A card is a frozen :class:`Card` record for everything people see (the felt,
the drills, the CLI) and a small int ``4 × rank + suit`` (0…51) for the hand
evaluator, so that a larger int is always the higher card of Art. 4: the deuce
of diamonds is 0, the ace of spades 51.  ``card.index`` and ``Card.from_index``
convert between the two.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from functools import cached_property, total_ordering

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError

RULESET_ID = "caribbean-stud-2004"


def cite(article: int, paragraph: int | None = None, item: int | None = None) -> Citation:
    """A citation of the Caribbean Stud regulation, Despacho 61/2004."""
    return Citation(RULESET_ID, article, paragraph, item)


@unique
class Suit(StrEnum):
    """The four suits; the value is the letter of the CLI (``"S"``)."""

    DIAMONDS = "D"
    CLUBS = "C"
    HEARTS = "H"
    SPADES = "S"

    @property
    def strength(self) -> int:
        """Art. 4(1): 0 for diamonds, the lowest, up to 3 for spades, the highest."""
        return _SUIT_STRENGTH[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUITS_LOW_TO_HIGH = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
_SUIT_STRENGTH = {suit: strength for strength, suit in enumerate(_SUITS_LOW_TO_HIGH)}
_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}


@unique
class Rank(StrEnum):
    """The thirteen ranks; the value is the character of the CLI (``"T"`` for ten)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def strength(self) -> int:
        """Art. 4(2): 0 for the deuce up to 12 for the ace (the ace is high)."""
        return _RANK_STRENGTH[self]

    @property
    def label(self) -> str:
        """As printed on a card: ``"10"`` for the ten, else the CLI character."""
        return "10" if self is Rank.TEN else self.value


_RANKS_LOW_TO_HIGH = tuple(Rank)
_RANK_STRENGTH = {rank: strength for strength, rank in enumerate(_RANKS_LOW_TO_HIGH)}


@total_ordering
@dataclass(frozen=True, order=False)
class Card:
    """One card of the deck, e.g. ``Card(Rank.TEN, Suit.SPADES)`` written ``"TS"``."""

    rank: Rank
    suit: Suit

    @cached_property
    def index(self) -> int:
        """``4 × rank strength + suit strength``: 0 (2♦) … 51 (A♠); larger is higher (Art. 4)."""
        return 4 * self.rank.strength + self.suit.strength

    @property
    def code(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    @property
    def label(self) -> str:
        """``"10♠"``: how the felt prints it."""
        return f"{self.rank.label}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.code

    def __lt__(self, other: Card) -> bool:
        """Art. 4: by rank, then by suit (A high)."""
        return self.index < other.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        return DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"TS"``, ``"ah"``: rank then suit.  Raises ``invalid_card``."""
        return parse_card(text, "a card")


#: The 52 cards of Art. 1(1), from the deuce of diamonds (index 0) to the ace of spades (51).
DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for rank in _RANKS_LOW_TO_HIGH for suit in _SUITS_LOW_TO_HIGH
)
_BY_CODE = {card.code: card for card in DECK}


def parse_card(text: object, where: str) -> Card:
    """One card of the CLI, two characters rank then suit; ``where`` names it in errors."""
    if not isinstance(text, str):
        raise RulesError(
            "invalid_card",
            f'{where} must be a card written like "TS" (ten of spades), not {text!r}.',
        )
    card = _BY_CODE.get(text.strip().upper())
    if card is None:
        raise RulesError(
            "invalid_card",
            f'{where} is not a card: {text!r} (rank A K Q J T 9-2, then suit S H C D, e.g. "TS").',
        )
    return card


def parse_hand(values: object, where: str, count: int = 5) -> tuple[Card, ...]:
    """Exactly ``count`` distinct cards (Art. 7: each hand receives five)."""
    if not isinstance(values, list):
        raise RulesError("invalid_request", f"{where} must be a list of {count} cards.")
    if len(values) != count:
        raise RulesError(
            "wrong_card_count",
            f"{where} has {len(values)} {'card' if len(values) == 1 else 'cards'}; "
            f"a hand has exactly {count}.",
            cite(7, 1),
        )
    cards = tuple(
        parse_card(value, f"{where}[{position}]") for position, value in enumerate(values)
    )
    check_one_deck({where: cards})
    return cards


def check_one_deck(hands: dict[str, Sequence[Card]]) -> None:
    """Art. 1(1): every card comes from one 52-card deck, so no card appears twice."""
    seen: dict[Card, str] = {}
    for where, cards in hands.items():
        for card in cards:
            if card in seen:
                first = seen[card]
                place = f"twice in {where}" if first == where else f"in {first} and in {where}"
                raise RulesError(
                    "duplicate_card",
                    f"The {card.label} appears {place}, but the table plays one 52-card deck.",
                    cite(1, 1),
                )
            seen[card] = where


def indices(cards: Iterable[Card]) -> tuple[int, ...]:
    """The evaluator's small ints of some cards."""
    return tuple(card.index for card in cards)
