"""Dealing, card by card: Despacho 61/2004, Art. 7 and Art. 11(2).

Art. 7(1), from the shoe: left to right (clockwise, from the dealer's left:
box 1 first), face down, one card at a time to each box with a bet, the
dealer last, until each has five; the dealer's fifth card face up.
Art. 7(2), from the shuffling machine: left to right, five cards at once to
each box with a bet, face down; the dealer last, the fifth card face up.

A :class:`Deal` is the whole sequence of :class:`CardMove` records, in the
order the cards leave the shoe or the machine, so the felt can animate it
and a drill can replay it one step at a time.  Art. 11(2): a card exposed by
mistake while dealing is modelled by :meth:`Deal.expose_by_mistake`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum, unique

from dealer_trainer.rules.caribbean_stud.cards import Card, check_one_deck, cite
from dealer_trainer.rules.caribbean_stud.table import BOXES, verify_box_number
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.procedure import RIGHT, Verdict
from dealer_trainer.rules.rulesets import Ruleset

CARDS_PER_HAND = 5


@unique
class DealingMethod(StrEnum):
    SHOE = "shoe"  # Art. 7(1)
    SHUFFLER = "shuffler"  # Art. 7(2)

    @property
    def citation(self) -> Citation:
        return cite(7, 1 if self is DealingMethod.SHOE else 2)


@dataclass(frozen=True)
class CardMove:
    """One card leaving the shoe or the machine."""

    step: int
    """0, 1, 2 … in the order the cards are dealt."""
    card: Card
    box: int | None
    """The box (1–7) that receives it, or None for the dealer."""
    position: int
    """Which card of that hand: 1 to 5."""
    face_up: bool
    packet: int
    """Cards dealt together share a packet: one card each from the shoe, five from the shuffler."""
    citation: Citation

    @property
    def to_dealer(self) -> bool:
        return self.box is None


@dataclass(frozen=True)
class Deal:
    method: DealingMethod
    boxes: tuple[int, ...]
    """The boxes with a bet, left to right."""
    moves: tuple[CardMove, ...]
    exposed_by_mistake: tuple[int, ...] = ()
    """Steps of cards wrongly exposed (Art. 11)."""

    def hand(self, box: int | None) -> tuple[Card, ...]:
        """The five cards of a box, or of the dealer (``None``), in the order received."""
        return tuple(move.card for move in self.moves if move.box == box)

    @property
    def dealer_hand(self) -> tuple[Card, ...]:
        return self.hand(None)

    @property
    def face_up(self) -> tuple[Card, ...]:
        return tuple(move.card for move in self.moves if move.face_up)

    def verify_expose(self, step: int) -> None:
        if not 0 <= step < len(self.moves):
            raise RulesError(
                "invalid_request", f"The deal has steps 0 to {len(self.moves) - 1}, not {step}."
            )
        if self.moves[step].face_up:
            raise RulesError(
                "invalid_request", f"The card of step {step} is already face up.", cite(7)
            )

    def can_expose(self, step: int) -> bool:
        try:
            self.verify_expose(step)
        except RulesError:
            return False
        return True

    def expose_by_mistake(self, step: int) -> Deal:
        """The deal after the card of ``step`` was wrongly exposed.

        Art. 11(2): one exposed card, the round stands; an exposed dealer's
        card stays face up and all the dealer's other cards, the fifth
        included, are dealt face down.  A second exposure makes the round void
        (Art. 11(1)): see :func:`.rulings.cards_exposed`, which reads
        ``exposed_by_mistake``.
        """
        self.verify_expose(step)
        exposed = self.moves[step]
        moves = list(self.moves)
        moves[step] = replace(exposed, face_up=True, citation=cite(11, 2))
        if exposed.to_dealer and len(self.exposed_by_mistake) == 0:
            for index, move in enumerate(moves):
                if move.to_dealer and index != step and move.face_up:
                    moves[index] = replace(move, face_up=False, citation=cite(11, 2))
        exposed_steps = (*self.exposed_by_mistake, step)
        return replace(self, moves=tuple(moves), exposed_by_mistake=exposed_steps)


def verify_deal(boxes: Sequence[int], cards: Sequence[Card]) -> None:
    """Boxes with a bet, each once (Art. 6(1)); enough distinct cards (Art. 1(1), Art. 7)."""
    if not boxes:
        raise RulesError("invalid_request", "Cards are dealt only to boxes with a bet.", cite(7, 1))
    for number in boxes:
        verify_box_number(number)
    if len(set(boxes)) != len(boxes):
        raise RulesError("duplicate_box", "A box appears twice; boxes are not shared.", cite(6, 1))
    needed = CARDS_PER_HAND * (len(boxes) + 1)
    if len(cards) < needed:
        raise RulesError(
            "wrong_card_count",
            f"Dealing {len(boxes)} boxes and the dealer needs {needed} cards, not {len(cards)}.",
            cite(7, 1),
        )
    check_one_deck({"the shoe": cards})


def can_deal(boxes: Sequence[int], cards: Sequence[Card]) -> bool:
    try:
        verify_deal(boxes, cards)
    except RulesError:
        return False
    return True


def seat_order(boxes: Iterable[int]) -> tuple[int | None, ...]:
    """Left to right from the dealer's left (box 1 first), the dealer (None) last."""
    return (*sorted(boxes), None)


def deal(
    cards: Sequence[Card], boxes: Sequence[int], method: DealingMethod = DealingMethod.SHOE
) -> Deal:
    """Deal ``cards`` (the top of the shoe, or the machine's output, first) by Art. 7."""
    verify_deal(boxes, cards)
    seats = seat_order(boxes)
    citation = method.citation
    moves: list[CardMove] = []
    source = iter(cards)
    if method is DealingMethod.SHOE:
        for position in range(1, CARDS_PER_HAND + 1):
            for seat in seats:
                step = len(moves)
                face_up = seat is None and position == CARDS_PER_HAND
                moves.append(CardMove(step, next(source), seat, position, face_up, step, citation))
    else:
        for packet, seat in enumerate(seats):
            for position in range(1, CARDS_PER_HAND + 1):
                face_up = seat is None and position == CARDS_PER_HAND
                moves.append(
                    CardMove(len(moves), next(source), seat, position, face_up, packet, citation)
                )
    return Deal(method, tuple(sorted(boxes)), tuple(moves))


def methods(ruleset: Ruleset) -> tuple[DealingMethod, ...]:
    """The ways the ruleset's table deals (``dealing_method``): the shoe, the machine, or both."""
    chosen = ruleset.choice("dealing_method")
    if chosen == "shoe_or_shuffler":
        return (DealingMethod.SHOE, DealingMethod.SHUFFLER)
    return (DealingMethod(chosen),)


def hands_in_order(
    hands: Mapping[int | None, Sequence[Card]], method: DealingMethod
) -> tuple[Card, ...]:
    """The cards as they leave the shoe or the machine for these five-card hands
    (box → hand, the dealer's under ``None``), so that :func:`deal` gives each its hand."""
    seats = seat_order(box for box in hands if box is not None)
    if method is DealingMethod.SHOE:
        return tuple(hands[seat][n] for n in range(CARDS_PER_HAND) for seat in seats)
    return tuple(card for seat in seats for card in hands[seat])


def judge_card(the_deal: Deal, dealt: int, seat: int | None) -> Verdict:
    """Art. 7: the next card (the ``dealt``-th, from 0) goes to ``seat`` (a box, None the dealer).

    From the shoe the cards go one at a time, left to right from box 1, the dealer
    last (Art. 7(1)); from the machine five at once to each box in turn, the dealer
    last (Art. 7(2)).  A card to any other seat is ``dealt_out_of_order``."""
    if not 0 <= dealt < len(the_deal.moves):
        raise RulesError(
            "invalid_request",
            f"The deal has cards 0 to {len(the_deal.moves) - 1}, not {dealt}.",
            cite(7),
        )
    move = the_deal.moves[dealt]
    if move.box == seat:
        return RIGHT
    wanted = "the dealer" if move.box is None else f"box {move.box}"
    given = "the dealer" if seat is None else f"box {seat}"
    how = (
        "one card at a time to each box with a bet, left to right, the dealer last"
        if the_deal.method is DealingMethod.SHOE
        else "five cards at once to each box with a bet, left to right, the dealer last"
    )
    return Verdict(
        False,
        dealt + 1,
        "dealt_out_of_order",
        f"This card goes to {wanted}, not {given}: {how}.",
        the_deal.method.citation,
    )


__all__ = [
    "BOXES",
    "CARDS_PER_HAND",
    "CardMove",
    "Deal",
    "DealingMethod",
    "can_deal",
    "deal",
    "hands_in_order",
    "judge_card",
    "methods",
    "seat_order",
    "verify_deal",
]
