"""The progressive jackpot: Despacho 61/2004, Art. 10.

A box that bet the ante and the progressive (Art. 10(1)) and did not fold
(Art. 6(7); setting ``folded_box_progressive``) is paid on its own hand,
whatever the dealer holds (setting ``progressive_dealer_hand``):

- royal flush: the fixed award or 100% of the pool, whichever is higher (10(2)(1));
- straight flush: the fixed award or 10% of the pool, whichever is higher (10(2)(2));
- four of a kind, full house, flush: their fixed awards (10(2)(3)-(5)).

Where the text is silent, the ruleset's settings decide (each documented in
``caribbean-stud-2004.toml``): the pay order (``progressive_pay_order``, default:
a royal flush at its own box's turn, or right after the last straight flush when
one is still unpaid then), the pool a
percentage is taken from (``progressive_percentage_of``, default: every
straight flush 10% of the same jackpot), which awards
reduce the pool (``progressive_pool_reduction``), several royals
(``progressive_several_royals``), the restart of the pool after a royal
(``progressive_royal_restart``) and the rounding of shares
(``progressive_rounding``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction

from dealer_trainer.rules.caribbean_stud.cards import cite
from dealer_trainer.rules.caribbean_stud.ranking import HandClass
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import ZERO, Rounding, to_cents

#: Art. 10(2): the classes the progressive pays, with their items.
AWARD_ITEMS: Mapping[HandClass, int] = {
    HandClass.ROYAL_FLUSH: 1,
    HandClass.STRAIGHT_FLUSH: 2,
    HandClass.FOUR_OF_A_KIND: 3,
    HandClass.FULL_HOUSE: 4,
    HandClass.FLUSH: 5,
}
#: Art. 10(2)(2): a straight flush takes 10% of the pool when that is more than its fixed award.
STRAIGHT_FLUSH_SHARE = Fraction(1, 10)


@unique
class AwardSource(StrEnum):
    POOL = "pool"  # a share of the pool: reduces it (Art. 10(8))
    FIXED = "fixed"  # the posted fixed award, paid by the house: the pool stays


@dataclass(frozen=True)
class ProgressiveTable:
    """What the table's display shows before the round (Art. 10(3): fixed awards posted)."""

    pool: Decimal
    fixed: Mapping[HandClass, Decimal]
    reset_to: Decimal | None = None
    """The minimum (seed) amount the pool restarts from (Art. 10(8)), once a royal takes it."""

    def fixed_award(self, hand_class: HandClass) -> Decimal:
        """The posted fixed award of a class (Art. 10(3))."""
        try:
            return self.fixed[hand_class]
        except KeyError:
            raise RulesError(
                "invalid_request",
                f"The fixed progressive award for {hand_class.label} is not posted "
                f"(progressive.fixed.{hand_class.value}), but a box won it.",
                cite(10, 3),
            ) from None


@dataclass(frozen=True)
class ProgressiveEntry:
    """A box that may be paid: its number and its hand class."""

    box: int
    hand_class: HandClass


@dataclass(frozen=True)
class ProgressiveAward:
    box: int
    hand_class: HandClass
    amount: Decimal
    source: AwardSource
    citation: Citation
    pool_before: Decimal
    pool_after: Decimal


@dataclass(frozen=True)
class ProgressiveRound:
    awards: tuple[ProgressiveAward, ...]
    """In the order paid."""
    pool_after: Decimal
    restarted: bool
    """True when royal flushes took the pool and it restarted at its minimum (Art. 10(8))."""

    def award_of(self, box: int) -> Decimal:
        return sum((award.amount for award in self.awards if award.box == box), ZERO)

    @property
    def pay_order(self) -> tuple[int, ...]:
        """The box numbers in the order paid (Art. 10(4), (7))."""
        return tuple(award.box for award in self.awards)


#: ``progressive_pay_order``: the orders of Art. 10(4) and (7) a ruleset may choose.
PAY_ORDERS = ("royal_after_last_straight_flush", "royal_last")
#: ``progressive_percentage_of``: what the 10% of Art. 10(2)(2) and (6) is taken of.
PERCENTAGE_BASES = ("same_jackpot", "sequential")


def pay_order(entries: Sequence[ProgressiveEntry], rule: str) -> list[ProgressiveEntry]:
    """Art. 10(4) and (7): the winning boxes in the order they are paid.

    Art. 10(4): box by box from the dealer's left.  Art. 10(7): when a royal
    flush and a straight flush come in one round, the straight flushes are paid
    first.  ``royal_after_last_straight_flush`` (the digest's reading, corrected
    2026-12-07) moves only the royal flush, and only as far as it must: a royal
    flush is paid at its own box's turn unless a straight flush of the round is
    still unpaid then; in that case it is paid right after the last straight
    flush (several such royals in box order).  It is never moved ahead of any
    other award, and every other award keeps its box order.  Straight flushes on
    1 and 3, four of a kind on 4, a royal on 6: 1, 3, 4, 6.  A royal on 1, a
    straight flush on 3, four of a kind on 5: 3, 1, 5.  ``royal_last``: every
    royal flush after all other awards of the round.
    """
    winners = sorted((e for e in entries if e.hand_class in AWARD_ITEMS), key=lambda e: e.box)
    royals = [e for e in winners if e.hand_class is HandClass.ROYAL_FLUSH]
    others = [e for e in winners if e.hand_class is not HandClass.ROYAL_FLUSH]
    if rule == "royal_last":
        return others + royals
    if rule == "royal_after_last_straight_flush":
        last = max((e.box for e in others if e.hand_class is HandClass.STRAIGHT_FLUSH), default=0)
        # A royal seated before the last straight flush finds it unpaid at its own turn.
        waiting = [e for e in royals if e.box < last]
        order: list[ProgressiveEntry] = []
        for entry in winners:
            if entry in waiting:
                continue
            order.append(entry)
            if entry.hand_class is HandClass.STRAIGHT_FLUSH and entry.box == last:
                order.extend(waiting)
        return order
    raise RulesError(
        "invalid_setting",
        f"progressive_pay_order: unknown rule {rule!r}; expected one of {', '.join(PAY_ORDERS)}.",
    )


def pay_progressive(
    table: ProgressiveTable,
    entries: Sequence[ProgressiveEntry],
    *,
    order_rule: str = "royal_after_last_straight_flush",
    percentage_of: str = "same_jackpot",
    rounding: Rounding = Rounding.DOWN,
) -> ProgressiveRound:
    """Art. 10: pay every progressive award of one round and give the pool after it.

    ``entries`` are the boxes that bet the progressive and did not fold.  "The
    higher" of a share and a fixed award: when both are equal the house pays
    the fixed award and the pool stays.

    ``percentage_of``: ``same_jackpot`` (Art. 10(6), 「各得…之一成」: every
    straight flush of the round gets 10% of the pool as it stood before the
    round's first award) or ``sequential`` (10% of what the previous award
    left).  A royal flush takes the pool as the awards paid before it left it.

    Each award carries the article that decided it: Art. 10(2)(n) for its class,
    Art. 10(6) for one of several straight flushes, Art. 10(5) for one of several
    royal flushes, and Art. 10(7) for a royal flush whose pool the straight
    flushes paid before it had already reduced.
    """
    if percentage_of not in PERCENTAGE_BASES:
        raise RulesError(
            "invalid_setting",
            f"progressive_percentage_of: unknown rule {percentage_of!r}; expected one of "
            f"{', '.join(PERCENTAGE_BASES)}.",
        )
    pool = table.pool
    start = table.pool
    awards: list[ProgressiveAward] = []
    ordered = pay_order(entries, order_rule)
    royals = sum(e.hand_class is HandClass.ROYAL_FLUSH for e in ordered)
    straight_flushes = sum(e.hand_class is HandClass.STRAIGHT_FLUSH for e in ordered)
    royal_share: tuple[Decimal, Decimal] | None = None  # (pool share, fixed share), fixed once
    royal_pool = start  # the pool when the first royal flush is paid
    royals_took_pool = False
    for entry in ordered:
        fixed = table.fixed_award(entry.hand_class)
        citation = cite(10, 2, AWARD_ITEMS[entry.hand_class])
        share: Decimal | None = None  # what the pool would pay, for the classes it pays
        if entry.hand_class is HandClass.STRAIGHT_FLUSH:
            base = start if percentage_of == "same_jackpot" else pool
            share = to_cents(Fraction(base) * STRAIGHT_FLUSH_SHARE, rounding)
            share = min(share, pool)  # the pool cannot pay what it no longer holds
            if straight_flushes > 1:
                citation = cite(10, 6)
        elif entry.hand_class is HandClass.ROYAL_FLUSH:
            if royal_share is None:
                # Art. 10(5): several royals share the pool or the fixed award, the higher.
                royal_pool = pool
                royal_share = (
                    to_cents(Fraction(pool) / royals, rounding),
                    to_cents(Fraction(fixed) / royals, rounding),
                )
            share, fixed = royal_share
            if royal_pool != start:
                citation = cite(10, 7)  # the straight flushes paid first left it less
            elif royals > 1:
                citation = cite(10, 5)
        before = pool
        if share is not None and share > fixed:
            pool -= share
            royals_took_pool |= entry.hand_class is HandClass.ROYAL_FLUSH
            award = ProgressiveAward(
                entry.box, entry.hand_class, share, AwardSource.POOL, citation, before, pool
            )
        else:
            award = ProgressiveAward(
                entry.box, entry.hand_class, fixed, AwardSource.FIXED, citation, before, pool
            )
        awards.append(award)
    if royals_took_pool:
        if table.reset_to is None:
            raise RulesError(
                "invalid_request",
                "A royal flush took the progressive pool, so the pool restarts from its minimum: "
                "give it as progressive.reset_to.",
                cite(10, 8),
            )
        return ProgressiveRound(tuple(awards), table.reset_to, True)
    return ProgressiveRound(tuple(awards), pool, False)
