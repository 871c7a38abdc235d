"""Settling a spin: who wins (Art. 6–8), what they are paid, and in what order (Art. 5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import ZERO, Rounding, win_at
from dealer_trainer.rules.roulette.bets import Bet, BetKind
from dealer_trainer.rules.roulette.layout import RED, art6
from dealer_trainer.rules.rulesets import Ruleset


@unique
class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"


@unique
class PayGroup(StrEnum):
    """The groups of the pay order of Art. 5(1)."""

    COLUMNS_AND_DOZENS = "columns_and_dozens"
    SECTORS = "sectors"
    EVEN_CHANCES = "even_chances"
    LINES = "lines"
    STREETS = "streets"
    CORNERS = "corners"
    LINES_AND_CORNERS = "lines_and_corners"  # the Chinese text's 「六門、四門騎」, one step
    SPLITS = "splits"
    STRAIGHTS = "straights"


@unique
class PayOrderText(StrEnum):
    """The two official texts of Art. 5(1), which differ on six-lines, streets and corners."""

    PORTUGUESE = "portuguese"  # ... linhas, ruas, quadros ...
    CHINESE = "chinese"  # ……六門、四門騎，三門一列……: {lines, corners}, then streets


@dataclass(frozen=True)
class BetResult:
    """The decision on one bet: the win is the profit, ``returned`` the stake handed back."""

    bet: Bet
    outcome: Outcome
    win: Decimal
    returned: Decimal
    citation: Citation


@dataclass(frozen=True)
class Settlement:
    """A settled spin: each bet's result, the bets to collect, then the pay order."""

    number: int
    results: tuple[BetResult, ...]
    collect: tuple[str, ...]
    pay_order: tuple[tuple[str, ...], ...]
    pay_order_groups: tuple[PayGroup, ...]
    pay_order_citation: Citation

    def result(self, bet_id: str) -> BetResult:
        for result in self.results:
            if result.bet.id == bet_id:
                return result
        raise KeyError(bet_id)

    @property
    def total_paid(self) -> Decimal:
        """What the dealer hands over: wins plus the stakes returned with them."""
        return sum((r.win + r.returned for r in self.results), ZERO)

    @property
    def total_collected(self) -> Decimal:
        return sum((r.bet.amount for r in self.results if r.outcome is Outcome.LOSE), ZERO)


def covers(bet: Bet, number: int) -> bool:
    """Does the bet win on ``number``?  Art. 8: on 0 only a straight-up on 0 wins."""
    if number == 0:
        return bet.kind is BetKind.STRAIGHT and bet.position.numbers == (0,)
    return number in bet.position.numbers


def pay_texts(ruleset: Ruleset) -> tuple[PayOrderText, ...]:
    """The texts of Art. 5(1) whose order is right under the ruleset's ``street_corner_order``.

    ``either`` (the default, an interpretation): an order that either official text allows,
    each followed as a whole; ``portuguese`` or ``chinese``: that text strictly.
    """
    order = ruleset.choice("street_corner_order")
    if order == "either":
        return (PayOrderText.PORTUGUESE, PayOrderText.CHINESE)
    return (PayOrderText(order),)


def text_pay_groups(
    ruleset: Ruleset, text: PayOrderText
) -> tuple[tuple[PayGroup, frozenset[BetKind]], ...]:
    """The steps of Art. 5(1) as one official text sets them (with the ruleset's sector setting).

    Portuguese: columns and dozens, sectors, even chances, lines, streets, corners, splits,
    straight-ups. Chinese: the same, but six-lines and corners are one step (joined by the
    enumeration comma 「、」), before the streets.
    """
    sector_kinds = frozenset({BetKind.NINE, BetKind.SECTOR12})
    first = frozenset({BetKind.COLUMN, BetKind.DOZEN})
    if ruleset.choice("sector12_pay_group") == "columns_and_dozens":
        first |= {BetKind.SECTOR12}
        sector_kinds = frozenset({BetKind.NINE})
    streets = (PayGroup.STREETS, frozenset({BetKind.STREET}))
    middle: tuple[tuple[PayGroup, frozenset[BetKind]], ...]
    if text is PayOrderText.PORTUGUESE:
        middle = (
            (PayGroup.LINES, frozenset({BetKind.LINE})),
            streets,
            (PayGroup.CORNERS, frozenset({BetKind.CORNER})),
        )
    else:
        middle = (
            (PayGroup.LINES_AND_CORNERS, frozenset({BetKind.LINE, BetKind.CORNER})),
            streets,
        )
    return (
        (PayGroup.COLUMNS_AND_DOZENS, first),
        (PayGroup.SECTORS, sector_kinds),
        (
            PayGroup.EVEN_CHANCES,
            frozenset(
                {BetKind.RED, BetKind.BLACK, BetKind.EVEN, BetKind.ODD, BetKind.LOW, BetKind.HIGH}
            ),
        ),
        *middle,
        (PayGroup.SPLITS, frozenset({BetKind.SPLIT})),
        (PayGroup.STRAIGHTS, frozenset({BetKind.STRAIGHT})),
    )


def pay_groups(ruleset: Ruleset) -> tuple[tuple[PayGroup, frozenset[BetKind]], ...]:
    """The pay order that :func:`settle` reports: the groups of the first text of
    :func:`pay_texts` (under ``either``, the Portuguese text's, which is one of the orders
    either text allows; the judge of :mod:`~dealer_trainer.rules.roulette.pay_order` also
    accepts the Chinese text's)."""
    return text_pay_groups(ruleset, pay_texts(ruleset)[0])


def settle(ruleset: Ruleset, bets: Sequence[Bet], number: int) -> Settlement:
    """Settle the bets on the winning ``number`` (0–36)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 36:
        raise RulesError(
            "invalid_outcome",
            f"The winning number must be 0 to 36, not {number!r}.",
            ruleset.cite(1, 2),
        )
    seen: set[str] = set()
    for bet in bets:
        if bet.id in seen:
            raise RulesError("duplicate_bet_id", f"Two bets have the id {bet.id!r}.")
        seen.add(bet.id)
    rounding = Rounding(ruleset.choice("payout_rounding"))
    results: list[BetResult] = []
    for bet in bets:
        payout = ruleset.payout(str(bet.kind))
        if covers(bet, number):
            results.append(
                BetResult(
                    bet,
                    Outcome.WIN,
                    win_at(bet.amount, payout.ratio, rounding),
                    bet.amount,
                    payout.citation,
                )
            )
        else:
            why = ruleset.cite(8) if number == 0 else art6(ruleset, bet.kind, bet.position.index)
            results.append(BetResult(bet, Outcome.LOSE, ZERO, ZERO, why))
    groups = pay_groups(ruleset)
    pay_order: list[tuple[str, ...]] = []
    used_groups: list[PayGroup] = []
    for group, kinds in groups:
        ids = tuple(r.bet.id for r in results if r.outcome is Outcome.WIN and r.bet.kind in kinds)
        if ids:
            pay_order.append(ids)
            used_groups.append(group)
    return Settlement(
        number=number,
        results=tuple(results),
        collect=tuple(r.bet.id for r in results if r.outcome is Outcome.LOSE),
        pay_order=tuple(pay_order),
        pay_order_groups=tuple(used_groups),
        pay_order_citation=ruleset.cite(5, 1),
    )


def colour_of(number: int) -> str | None:
    """The colour the dealer announces with the number (Art. 4); 0 has none (Art. 1(2))."""
    if number == 0:
        return None
    return "red" if number in RED else "black"
