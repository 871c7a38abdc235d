"""Boxes, the raise and the showdown: Despacho 61/2004, Art. 2, Art. 6 and Art. 9.

A :class:`Box` is one player's position (Art. 2: seven boxes, numbered 1–7
from the dealer's left) with its ante, its progressive bet and its five cards.
The player then raises or folds (Art. 6(5)–(7)), verify / can / do style::

    box.verify_raise(amount)   # raises RulesError citing Art. 6(6) if amount != 2 × ante
    box.can_raise(amount)      # the same answer as a bool
    box = box.raise_()         # a new record; the raise is exactly 2 × ante
    box = box.fold()           # Art. 6(7): the dealer takes the cards and the ante

:func:`settle_showdown` then settles every box against the dealer (Art. 9),
each result with the article that decided it.  The progressive bet is paid
by :mod:`.progressive` (Art. 10), on the player's hand alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction

from dealer_trainer.rules.caribbean_stud.cards import Card, Rank, check_one_deck, cite
from dealer_trainer.rules.caribbean_stud.ranking import HandClass, HandValue, compare, evaluate
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import ZERO, fmt, win_at
from dealer_trainer.rules.procedure import RIGHT, Verdict
from dealer_trainer.rules.rulesets import Ruleset

#: Art. 2(1): eight positions including the dealer's, so seven player boxes.
BOXES = range(1, 8)
#: Art. 6(6): the raise is exactly twice the ante.
RAISE_MULTIPLE = 2
#: The classes whose raise win the house's maximum payout per round caps (Art. 9(5)(7)-(9)).
CAPPED_CLASSES = frozenset(
    {HandClass.FOUR_OF_A_KIND, HandClass.STRAIGHT_FLUSH, HandClass.ROYAL_FLUSH}
)


@unique
class Spot(StrEnum):
    """Art. 2(2): the three betting spots of a box."""

    PROGRESSIVE = "progressive"  # nearest the dealer
    ANTE = "ante"  # in the middle
    RAISE = "raise"  # outermost

    @property
    def citation(self) -> Citation:
        return cite(2, 2)


#: Art. 2(2): the spots of a box from the dealer outwards.
SPOTS_FROM_DEALER = (Spot.PROGRESSIVE, Spot.ANTE, Spot.RAISE)


def spot_id(box: int, spot: Spot) -> str:
    """The id of a betting spot on the felt and in the drills: ``"box-3-ante"``."""
    verify_box_number(box)
    return f"box-{box}-{spot.value}"


@unique
class Decision(StrEnum):
    """Art. 6(5): after seeing the cards the player raises or folds."""

    RAISE = "raise"
    FOLD = "fold"


@unique
class Outcome(StrEnum):
    """What happens to an ante or a raise at the showdown."""

    WIN = "win"
    LOSE = "lose"
    RETURNED = "returned"  # the raise, when the dealer does not qualify (Art. 9(2))
    FOLDED = "folded"  # the raise a folding player never placed (Art. 6(7))
    PUSH = "push"  # only with the house setting tie_rule = "ties_push"


def verify_box_number(number: int) -> None:
    if number not in BOXES:
        raise RulesError(
            "unknown_box",
            f"There is no box {number}: the table has boxes 1 to 7, "
            "numbered from the dealer's left.",
            cite(2, 1),
        )


@dataclass(frozen=True)
class Box:
    """One player's box: its bets, its five cards and, once made, the decision."""

    number: int
    ante: Decimal
    cards: tuple[Card, ...]
    progressive: bool = False
    decision: Decision | None = None

    def __post_init__(self) -> None:
        verify_box_number(self.number)
        if self.ante <= ZERO:
            raise RulesError(
                "invalid_amount",
                f"Box {self.number} must bet an ante before any card is dealt.",
                cite(6, 2),
            )
        if len(self.cards) != 5:
            raise RulesError(
                "wrong_card_count",
                f"Box {self.number} holds {len(self.cards)} cards; every box receives five.",
                cite(7, 1),
            )
        check_one_deck({f"box {self.number}": self.cards})

    @property
    def raise_amount(self) -> Decimal:
        """Art. 6(6): twice the ante once raised; nothing before, or after a fold."""
        return self.ante * RAISE_MULTIPLE if self.decision is Decision.RAISE else ZERO

    @property
    def hand(self) -> HandValue:
        return evaluate(self.cards)

    def verify_raise(self, amount: Decimal | None = None) -> None:
        """Refuse a raise the rules do not allow, citing the article."""
        if self.decision is not None:
            raise RulesError(
                "invalid_raise",
                f"Box {self.number} has already decided to {self.decision.value}.",
                cite(6, 5),
            )
        if amount is not None and amount != self.ante * RAISE_MULTIPLE:
            raise RulesError(
                "invalid_raise",
                f"The raise of box {self.number} must be exactly twice its ante "
                f"of {fmt(self.ante)}, that is {fmt(self.ante * RAISE_MULTIPLE)}, "
                f"not {fmt(amount)}.",
                cite(6, 6),
            )

    def can_raise(self, amount: Decimal | None = None) -> bool:
        try:
            self.verify_raise(amount)
        except RulesError:
            return False
        return True

    def raise_(self, amount: Decimal | None = None) -> Box:
        """The box after raising (Art. 6(5), (6)); ``amount``, if given, must be 2 × ante."""
        self.verify_raise(amount)
        return replace(self, decision=Decision.RAISE)

    def verify_fold(self) -> None:
        if self.decision is not None:
            raise RulesError(
                "invalid_request",
                f"Box {self.number} has already decided to {self.decision.value}.",
                cite(6, 5),
            )

    def can_fold(self) -> bool:
        return self.decision is None

    def fold(self) -> Box:
        """Art. 6(7): the dealer takes the cards and the ante."""
        self.verify_fold()
        return replace(self, decision=Decision.FOLD)


def dealer_qualifies(hand: HandValue) -> bool:
    """Art. 9(1), (3): at least an ace and a king (A-K high), or any pair or better."""
    if hand.hand_class is not HandClass.HIGH_CARD:
        return True
    ranks = {card.rank for card in hand.cards}
    return Rank.ACE in ranks and Rank.KING in ranks


def judge_progressive_bet(cards_dealt: int, accepted: bool, at: int = 1) -> Verdict:
    """Art. 6(3): a progressive bet is accepted before the first card is dealt, and refused
    after it (``late_progressive_accepted``, ``early_progressive_refused``)."""
    if cards_dealt < 0:
        raise RulesError("invalid_request", f"No deal has {cards_dealt} cards dealt.", cite(7))
    allowed = cards_dealt == 0
    if accepted is allowed:
        return RIGHT
    if accepted:
        return Verdict(
            False,
            at,
            "late_progressive_accepted",
            "The first card is dealt: no progressive bet is accepted now.",
            cite(6, 3),
        )
    return Verdict(
        False,
        at,
        "early_progressive_refused",
        "No card is dealt yet: the progressive bet is accepted.",
        cite(6, 3),
    )


def judge_raise(ante: Decimal, amount: Decimal, accepted: bool, at: int = 1) -> Verdict:
    """Art. 6(6): a raise of exactly twice the ante is accepted, any other refused
    (``wrong_raise_accepted``, ``right_raise_refused``)."""
    if ante <= ZERO:
        raise RulesError("invalid_amount", "A box raises only on an ante.", cite(6, 2))
    due = ante * RAISE_MULTIPLE
    if accepted is (amount == due):
        return RIGHT
    if accepted:
        return Verdict(
            False,
            at,
            "wrong_raise_accepted",
            f"A raise of {fmt(amount)} on an ante of {fmt(ante)} is refused: the raise is "
            f"exactly twice the ante, {fmt(due)}.",
            cite(6, 6),
        )
    return Verdict(
        False,
        at,
        "right_raise_refused",
        f"A raise of {fmt(amount)} on an ante of {fmt(ante)} is twice the ante: it is accepted.",
        cite(6, 6),
    )


def judge_qualification(
    dealer_cards: Sequence[Card], ruleset: Ruleset, call: bool, at: int = 1
) -> Verdict:
    """Art. 9(1), read by the ruleset's ``dealer_qualification`` (an interpretation): the
    dealer's call that the hand qualifies, or not (``wrong_qualification``)."""
    reading = ruleset.choice("dealer_qualification")
    if reading != "ace_king_or_better":
        raise RulesError(
            "invalid_ruleset", f"dealer_qualification {reading!r} is not known.", cite(9, 1)
        )
    qualifies = dealer_qualifies(evaluate(dealer_cards))
    if call is qualifies:
        return RIGHT
    said = "qualifies" if qualifies else "does not qualify"
    return Verdict(
        False,
        at,
        "wrong_qualification",
        f"The dealer's hand {said}: it needs at least an ace and a king, or any pair or better "
        "(the standard reading of Art. 9(1), an interpretation).",
        ruleset.cite(9, 1),
    )


@dataclass(frozen=True)
class BetResult:
    """One bet settled: outcome, the win (profit; 0.00 unless won) and its article."""

    outcome: Outcome
    win: Decimal
    citation: Citation

    def to_json(self) -> dict[str, str]:
        return {"outcome": self.outcome.value, "win": fmt(self.win)}


@dataclass(frozen=True)
class BoxResult:
    """A box after the showdown (its progressive award is settled by :mod:`.progressive`)."""

    box: Box
    hand: HandValue
    beats_dealer: bool | None
    """Art. 8 against the dealer; None when no comparison is made (fold, dealer not qualified)."""
    ante: BetResult
    raise_: BetResult
    citation: Citation
    """The article that decided the box: Art. 9(2), 9(4), 9(5) or 6(7) (Art. 8(n) for a push)."""


@dataclass(frozen=True)
class Showdown:
    dealer: HandValue
    qualifies: bool
    boxes: tuple[BoxResult, ...]

    @property
    def qualification_citation(self) -> Citation:
        return cite(9, 1)


def raise_ratio(hand_class: HandClass, ruleset: Ruleset) -> tuple[Fraction, Citation]:
    """Art. 9(5): what a winning raise pays, to 1, by the player's hand."""
    if hand_class is HandClass.ROYAL_FLUSH:
        pays = ruleset.integer("royal_flush_pays")
        assert pays is not None
        return Fraction(pays), ruleset.cite(9, 5, 9)
    payout = ruleset.payout(hand_class.value)
    return payout.ratio, payout.citation


def _raise_win(box: Box, hand: HandValue, ruleset: Ruleset) -> BetResult:
    ratio, citation = raise_ratio(hand.hand_class, ruleset)
    win = win_at(box.raise_amount, ratio)
    cap = ruleset.decimal("max_payout_per_round")
    if cap is not None and hand.hand_class in CAPPED_CLASSES and win > cap:
        win = cap
    return BetResult(Outcome.WIN, win, citation)


def settle_box(box: Box, dealer: HandValue, qualifies: bool, ruleset: Ruleset) -> BoxResult:
    """Art. 6(7) and Art. 9: the ante and the raise of one box against the dealer."""
    hand = box.hand
    if box.decision is None:
        raise RulesError(
            "invalid_request",
            f"Box {box.number} has neither raised nor folded; "
            "the showdown comes after the decision.",
            cite(6, 8),
        )
    if box.decision is Decision.FOLD:
        folded = cite(6, 7)
        return BoxResult(
            box,
            hand,
            None,
            ante=BetResult(Outcome.LOSE, ZERO, folded),
            raise_=BetResult(Outcome.FOLDED, ZERO, folded),
            citation=folded,
        )
    if not qualifies:
        not_qualified = ruleset.cite(9, 2)
        ante_ratio = ruleset.payout("ante_dealer_not_qualified").ratio
        return BoxResult(
            box,
            hand,
            None,
            ante=BetResult(Outcome.WIN, win_at(box.ante, ante_ratio), not_qualified),
            raise_=BetResult(Outcome.RETURNED, ZERO, not_qualified),
            citation=not_qualified,
        )
    comparison = compare(hand, dealer, ties_push=ruleset.choice("tie_rule") == "ties_push")
    if comparison.winner is None:  # ties_push, a house variant: equal ranks push
        return BoxResult(
            box,
            hand,
            False,
            ante=BetResult(Outcome.PUSH, ZERO, comparison.citation),
            raise_=BetResult(Outcome.PUSH, ZERO, comparison.citation),
            citation=comparison.citation,
        )
    if comparison.winner == 1:
        dealer_wins = ruleset.cite(9, 4)
        return BoxResult(
            box,
            hand,
            False,
            ante=BetResult(Outcome.LOSE, ZERO, dealer_wins),
            raise_=BetResult(Outcome.LOSE, ZERO, dealer_wins),
            citation=dealer_wins,
        )
    ante = ruleset.payout("ante")
    return BoxResult(
        box,
        hand,
        True,
        ante=BetResult(Outcome.WIN, win_at(box.ante, ante.ratio), ante.citation),
        raise_=_raise_win(box, hand, ruleset),
        citation=ruleset.cite(9, 5),
    )


def verify_table(dealer_cards: Sequence[Card], boxes: Sequence[Box]) -> None:
    """One deck (Art. 1(1)), one box per player (Art. 6(1)), five cards to the dealer (Art. 7)."""
    if not boxes:
        raise RulesError(
            "invalid_request", "A round needs at least one box with a bet.", cite(7, 1)
        )
    if len(dealer_cards) != 5:
        raise RulesError(
            "wrong_card_count",
            f"The dealer holds {len(dealer_cards)} cards; the dealer receives five.",
            cite(7, 1),
        )
    seen: set[int] = set()
    for box in boxes:
        if box.number in seen:
            raise RulesError(
                "duplicate_box",
                f"Box {box.number} appears twice; each player plays one box, not shared.",
                cite(6, 1),
            )
        seen.add(box.number)
    hands: dict[str, Sequence[Card]] = {"the dealer's hand": dealer_cards}
    hands.update({f"box {box.number}": box.cards for box in boxes})
    check_one_deck(hands)


def settle_showdown(
    dealer_cards: Sequence[Card], boxes: Sequence[Box], ruleset: Ruleset
) -> Showdown:
    """Art. 9: qualify the dealer, then settle every box (results in the order given)."""
    verify_table(dealer_cards, boxes)
    dealer = evaluate(dealer_cards)
    qualifies = dealer_qualifies(dealer)
    results = tuple(settle_box(box, dealer, qualifies, ruleset) for box in boxes)
    return Showdown(dealer, qualifies, results)
