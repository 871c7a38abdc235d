"""Art. 8: the ranking of five-card hands, down to the suit.

Despacho 61/2004, Art. 8, ranks the hands in ten classes, each with its own
tie-break.  Two hands dealt from one deck never tie: when the class and every
rank the text compares are equal, the suit of Art. 4 decides (spades > hearts
> clubs > diamonds).  The deciding card, item by item:

==  ==================  ===============================================  =====================
n   class               ranks compared, in order                         suit of
==  ==================  ===============================================  =====================
1   royal_flush         (none)                                           the flush
2   straight_flush      its highest card (K high best, 5-4-3-2-A last)   the flush
3   four_of_a_kind      the quad rank (the fifth card is ignored)        never needed
4   full_house          the trips rank                                   never needed
5   flush               the five cards from the highest down             the flush
6   straight            its highest card (the 5 of 5-4-3-2-A)            the highest card
7   three_of_a_kind     the trips rank (the odd cards are ignored)       never needed
8   two_pairs           higher pair, lower pair, odd card                the higher pair's best
9   one_pair            the pair, then the odd cards from the highest    the pair's best
10  high_card           the five cards from the highest down             the highest card
==  ==================  ===============================================  =====================

"Never needed": one deck holds four cards of a rank, so two hands cannot
share a quad or a trips rank, and the ranks always decide.

Every hand has an integer *key*: ``class << 22 | ranks << 2 | suit``, so that
comparing keys is comparing hands by Art. 8, and keys differing only in the
two suit bits mean "decided by the suit".  :func:`evaluate` computes the key
the readable way, from the cards, and returns a :class:`HandValue` record for
people; :func:`hand_key` computes the same key from the evaluator's small ints
(``cards.Card.index``) with two tables built once at import, for simulations
that rank millions of hands.  The tests check that the two agree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from itertools import combinations_with_replacement

from dealer_trainer.rules.caribbean_stud.cards import Card, Rank, cite
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError


@unique
class HandClass(StrEnum):
    """The ten classes of Art. 8, with the names of the CLI contract."""

    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIRS = "two_pairs"
    ONE_PAIR = "one_pair"
    HIGH_CARD = "high_card"

    @property
    def item(self) -> int:
        """The item of Art. 8 that defines the class: 1 for the royal flush … 10 for high card."""
        return _CLASSES_HIGH_TO_LOW.index(self) + 1

    @property
    def strength(self) -> int:
        """9 for the royal flush … 0 for high card."""
        return 10 - self.item

    @property
    def citation(self) -> Citation:
        return cite(8, self.item)

    @property
    def label(self) -> str:
        """English name for people: ``"two pairs"``."""
        return self.value.replace("_", " ")

    @property
    def suit_can_decide(self) -> bool:
        """False where one deck cannot hold two hands with the same ranks (Art. 8(3), (4), (7))."""
        return self not in (
            HandClass.FOUR_OF_A_KIND,
            HandClass.FULL_HOUSE,
            HandClass.THREE_OF_A_KIND,
        )


_CLASSES_HIGH_TO_LOW = tuple(HandClass)
#: ``key >> CLASS_SHIFT`` is the class strength: 9 for a royal flush … 0 for high card.
CLASS_SHIFT = 22
_RANKS_SHIFT = 2
#: The rank strengths of 5-4-3-2-A, where the ace counts low (Art. 4(3)).
_WHEEL = (12, 3, 2, 1, 0)
_FIVE = Rank.FIVE.strength


@dataclass(frozen=True)
class _Shape:
    """What Art. 8 compares in a hand, from its ranks alone (strengths 0–12)."""

    hand_class: HandClass
    ranks: tuple[int, ...]  # the ranks compared, in the order the text compares them
    deciding_rank: int | None  # the rank whose best suit decides last, or None


def _shape(ranks: Sequence[int], flush: bool) -> _Shape:
    """Classify five ranks (and whether they share one suit) by Art. 8."""
    counts = Counter(ranks)
    # Ranks ordered by how many times they appear, then by rank: (pair, kickers…).
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    pattern = sorted(counts.values(), reverse=True)
    descending = sorted(ranks, reverse=True)
    straight_top: int | None = None
    if len(counts) == 5:
        if descending[0] - descending[4] == 4:
            straight_top = descending[0]
        elif tuple(descending) == _WHEEL:
            straight_top = _FIVE  # Art. 4(3): in 5-4-3-2-A the ace is low
    if straight_top is not None and flush:
        if straight_top == Rank.ACE.strength:
            return _Shape(HandClass.ROYAL_FLUSH, (), None)
        return _Shape(HandClass.STRAIGHT_FLUSH, (straight_top,), None)
    if pattern[0] == 4:
        return _Shape(HandClass.FOUR_OF_A_KIND, (grouped[0],), None)
    if pattern == [3, 2]:
        return _Shape(HandClass.FULL_HOUSE, (grouped[0],), None)
    if flush:
        return _Shape(HandClass.FLUSH, tuple(descending), None)
    if straight_top is not None:
        return _Shape(HandClass.STRAIGHT, (straight_top,), straight_top)
    if pattern[0] == 3:
        return _Shape(HandClass.THREE_OF_A_KIND, (grouped[0],), None)
    if pattern == [2, 2, 1]:
        return _Shape(HandClass.TWO_PAIRS, tuple(grouped), grouped[0])
    if pattern[0] == 2:
        return _Shape(HandClass.ONE_PAIR, tuple(grouped), grouped[0])
    return _Shape(HandClass.HIGH_CARD, tuple(descending), descending[0])


def _pack(hand_class: HandClass, ranks: Sequence[int], suit: int) -> int:
    """The key: class, then the compared ranks (first rank in the highest nibble), then the suit."""
    packed = 0
    for position in range(5):
        packed = packed << 4 | (ranks[position] + 1 if position < len(ranks) else 0)
    return hand_class.strength << CLASS_SHIFT | packed << _RANKS_SHIFT | suit


@dataclass(frozen=True)
class HandValue:
    """A hand as Art. 8 sees it; compare two by ``key`` (or ``<``, ``>``)."""

    cards: tuple[Card, ...]
    hand_class: HandClass
    ranks: tuple[Rank, ...]
    """The ranks the text compares, in its order (empty for a royal flush)."""
    deciding_card: Card | None
    """The card whose suit decides when class and ranks are equal; None where that cannot happen."""
    key: int

    @property
    def rank_key(self) -> int:
        """The key without the suit: equal rank keys mean "the same ranks"."""
        return self.key >> _RANKS_SHIFT

    @property
    def citation(self) -> Citation:
        return self.hand_class.citation

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key


def evaluate(cards: Sequence[Card]) -> HandValue:
    """Rank five distinct cards by Art. 8 (the readable way)."""
    if len(cards) != 5:
        raise RulesError(
            "wrong_card_count", f"A hand has five cards, not {len(cards)}.", cite(7, 1)
        )
    if len(set(cards)) != 5:
        raise RulesError("duplicate_card", "A hand cannot hold the same card twice.", cite(1, 1))
    flush = len({card.suit for card in cards}) == 1
    shape = _shape([card.rank.strength for card in cards], flush)
    deciding: Card | None
    if shape.hand_class in (HandClass.ROYAL_FLUSH, HandClass.STRAIGHT_FLUSH, HandClass.FLUSH):
        deciding = max(cards)  # every card carries the flush's suit
    elif shape.deciding_rank is None:
        deciding = None
    else:
        deciding = max(card for card in cards if card.rank.strength == shape.deciding_rank)
    rank_by_strength = tuple(Rank)
    return HandValue(
        cards=tuple(cards),
        hand_class=shape.hand_class,
        ranks=tuple(rank_by_strength[strength] for strength in shape.ranks),
        deciding_card=deciding,
        key=_pack(shape.hand_class, shape.ranks, 0 if deciding is None else deciding.suit.strength),
    )


def hand_class_of_key(key: int) -> HandClass:
    """The class of a key from :func:`hand_key` or :attr:`HandValue.key`."""
    return _CLASSES_HIGH_TO_LOW[9 - (key >> CLASS_SHIFT)]


# ------------------------------------------------------------ fast path --
#
# hand_key() works on the small ints of cards.Card.index (4 × rank + suit).
# The product of the five ranks' primes names the multiset of ranks (the
# Cactus Kev idea); the table maps it, once for all 6,175 multisets, to
#     (key without the suit, suit row, five distinct ranks?)
# The suit row belongs to the rank whose best suit decides last (Art. 8): its
# entry for a card is ``1 << suit`` when the card has that rank, else 0, so
# OR-ing the five cards' entries leaves the suits held in that rank, and
# _top_suit reads the highest.  Where no suit can decide, the row is all 0.
# Flushes (five distinct ranks, one suit) are looked up in a second table by
# the non-flush key of the same ranks.  Everything is a small int: no big-int
# masks, no calls, one dict lookup and a few list lookups per hand.

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_Entry = tuple[int, tuple[int, ...], bool]


def _build_tables() -> tuple[dict[int, _Entry], dict[int, int]]:
    no_suit = (0,) * 52
    suit_rows = [
        tuple(1 << (index & 3) if index >> 2 == rank else 0 for index in range(52))
        for rank in range(13)
    ]
    by_primes: dict[int, _Entry] = {}
    flush_keys: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        product = 1
        for rank in ranks:
            product *= _PRIMES[rank]
        shape = _shape(ranks, flush=False)
        key = _pack(shape.hand_class, shape.ranks, 0)
        row = no_suit if shape.deciding_rank is None else suit_rows[shape.deciding_rank]
        distinct = len(set(ranks)) == 5
        by_primes[product] = (key, row, distinct)
        if distinct:
            flush = _shape(ranks, flush=True)
            flush_keys[key] = _pack(flush.hand_class, flush.ranks, 0)
    return by_primes, flush_keys


def _make_hand_key() -> Callable[[Sequence[int]], int]:
    by_primes, flush_keys = _build_tables()
    prime_of = tuple(_PRIMES[index >> 2] for index in range(52))
    top_suit = tuple(max(0, bits.bit_length() - 1) for bits in range(16))

    # The tables are closure variables (fast to read), not globals.
    def hand_key(cards: Sequence[int]) -> int:
        """The Art. 8 key of five distinct cards given as ``Card.index`` ints.

        Equal to ``evaluate(...).key``; a larger key is the better hand.  No
        checks, for speed: the cards must be five distinct ints 0–51.
        """
        a, b, c, d, e = cards
        key, row, distinct = by_primes[
            prime_of[a] * prime_of[b] * prime_of[c] * prime_of[d] * prime_of[e]
        ]
        if distinct and a & 3 == b & 3 == c & 3 == d & 3 == e & 3:  # a flush: one suit
            return flush_keys[key] | (a & 3)
        return key | top_suit[row[a] | row[b] | row[c] | row[d] | row[e]]

    return hand_key


hand_key = _make_hand_key()


def key_of(cards: Sequence[Card]) -> int:
    """The Art. 8 key of five cards, through the fast path."""
    return hand_key([card.index for card in cards])


# ---------------------------------------------------------- comparison --


@unique
class DecidedBy(StrEnum):
    RANK = "rank"
    SUIT = "suit"
    TIE = "tie"  # only with the house setting tie_rule = "ties_push"


@dataclass(frozen=True)
class Comparison:
    """The outcome of Art. 8 between two hands."""

    hands: tuple[HandValue, HandValue]
    winner: int | None
    """0 or 1; None only for a tie under ``ties_push``."""
    decided_by: DecidedBy
    citation: Citation


def compare(first: HandValue, second: HandValue, *, ties_push: bool = False) -> Comparison:
    """Art. 8 between two hands from one deck.

    The citation is the item of the class that decided: the winner's class when
    the classes differ, else the shared class.  With ``ties_push`` (a house
    variant, not the text) hands with equal ranks tie instead of going to suits.
    """
    if set(first.cards) & set(second.cards):
        shared = min(set(first.cards) & set(second.cards))
        raise RulesError(
            "duplicate_card",
            f"The {shared.label} is in both hands, but the table plays one 52-card deck.",
            cite(1, 1),
        )
    hands = (first, second)
    if first.hand_class != second.hand_class:
        winner = 0 if first.key > second.key else 1
        return Comparison(hands, winner, DecidedBy.RANK, hands[winner].citation)
    citation = first.citation
    if first.rank_key != second.rank_key:
        return Comparison(hands, 0 if first.key > second.key else 1, DecidedBy.RANK, citation)
    if ties_push:
        return Comparison(hands, None, DecidedBy.TIE, citation)
    return Comparison(hands, 0 if first.key > second.key else 1, DecidedBy.SUIT, citation)
