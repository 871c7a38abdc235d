"""Settling a throw on the house's pay table: which spots win, what each bet is paid, in what order.

A throw is three faces 1–6.  :func:`wins` is the one place that says whether a
spot wins and at what ratio; :func:`winning_spots` (the areas an electronic
layout lights) and :func:`settle` both read it.  The payouts, the bets offered,
whether small/big and odd/even lose on a triple, the limits and the pay order
are the ruleset's house settings; every decision cites the house pay table
(:mod:`~dealer_trainer.rules.sic_bo.house`), never an article.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction

from dealer_trainer.rules.errors import RulesError, shown
from dealer_trainer.rules.house import HouseReference, house_pay_table, house_procedure
from dealer_trainer.rules.money import ZERO, Rounding, fmt, win_at
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.sic_bo.bets import (
    EVEN_MONEY,
    FACES,
    LAYOUT_ROWS,
    ODD_EVEN,
    Bet,
    BetKind,
    Spot,
    all_spots,
)


@unique
class Outcome(StrEnum):
    WIN = "win"
    LOSE = "lose"


@unique
class PayOrder(StrEnum):
    """The house's order of paying the winners (setting ``pay_order``)."""

    LAYOUT_ROWS = "layout_rows"
    HIGHEST_PAYOUT_FIRST = "highest_payout_first"
    ANY_ORDER = "any_order"


@dataclass(frozen=True)
class Throw:
    """Three dice as they lie, each 1–6 (in the order given; nothing depends on it)."""

    dice: tuple[int, int, int]

    def __post_init__(self) -> None:
        if len(self.dice) != 3 or any(
            isinstance(d, bool) or not isinstance(d, int) or d not in FACES for d in self.dice
        ):
            raise ValueError(f"a throw is three faces 1-6, not {self.dice!r}")

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def is_triple(self) -> bool:
        return self.dice[0] == self.dice[1] == self.dice[2]

    def count(self, face: int) -> int:
        """How many dice show ``face``."""
        return self.dice.count(face)


def throw_of(dice: Sequence[object]) -> Throw:
    """Read three dice, refusing anything else with a sentence (``invalid_outcome``)."""
    faces: list[int] = []
    for index, face in enumerate(dice):
        if isinstance(face, bool) or not isinstance(face, int) or face not in FACES:
            raise RulesError(
                "invalid_outcome", f"Die {index + 1} shows {shown(face)}: a die shows 1 to 6."
            )
        faces.append(face)
    if len(faces) != 3:
        raise RulesError("invalid_outcome", f"A Sic Bo throw is three dice, not {len(faces)}.")
    return Throw((faces[0], faces[1], faces[2]))


def ratio_setting(spot: Spot, count: int = 1) -> str:
    """The name of the setting that pays ``spot`` (a single's by how many dice show it)."""
    kind = spot.kind
    if kind is BetKind.TOTAL:
        return f"total_{spot.number}_pays"
    if kind is BetKind.SINGLE:
        return ("single_once_pays", "single_twice_pays", "single_thrice_pays")[count - 1]
    return {
        BetKind.SMALL: "small_pays",
        BetKind.BIG: "big_pays",
        BetKind.ODD: "odd_pays",
        BetKind.EVEN: "even_pays",
        BetKind.TRIPLE: "specific_triple_pays",
        BetKind.ANY_TRIPLE: "any_triple_pays",
        BetKind.DOUBLE: "specific_double_pays",
        BetKind.COMBINATION: "combination_pays",
    }[kind]


def wins(ruleset: Ruleset, spot: Spot, throw: Throw) -> Fraction | None:
    """The ratio (to 1) the spot is paid on this throw, or ``None`` if it loses."""
    kind = spot.kind
    total = throw.total
    if kind in EVEN_MONEY:
        rule = "triple_loses_odd_even" if kind in ODD_EVEN else "triple_loses_small_big"
        if throw.is_triple and ruleset.flag(rule):
            return None
        won = {
            BetKind.SMALL: 4 <= total <= 10,
            BetKind.BIG: 11 <= total <= 17,
            BetKind.ODD: total % 2 == 1,
            BetKind.EVEN: total % 2 == 0,
        }[kind]
    elif kind is BetKind.TOTAL:
        won = total == spot.number
    elif kind is BetKind.TRIPLE:
        won = throw.is_triple and throw.dice[0] == spot.number
    elif kind is BetKind.ANY_TRIPLE:
        won = throw.is_triple
    elif kind is BetKind.DOUBLE:
        won = spot.number is not None and throw.count(spot.number) >= 2
    elif kind is BetKind.COMBINATION:
        won = all(throw.count(face) >= 1 for face in spot.numbers)
    else:  # SINGLE: paid by how many dice show it
        assert spot.number is not None
        count = throw.count(spot.number)
        return ruleset.ratio(ratio_setting(spot, count)) if count else None
    return ruleset.ratio(ratio_setting(spot)) if won else None


def offered(ruleset: Ruleset, kind: BetKind) -> bool:
    """Does the house's layout have this bet?  (Odd and even: ``odd_even_offered``.)"""
    return kind not in ODD_EVEN or ruleset.flag("odd_even_offered")


def winning_spots(ruleset: Ruleset, throw: Throw) -> tuple[Spot, ...]:
    """The areas the electronic layout lights: every spot of the house's layout that wins."""
    spots = all_spots(ruleset.flag("odd_even_offered"))
    return tuple(spot for spot in spots if wins(ruleset, spot, throw) is not None)


def check_spot(ruleset: Ruleset, spot: Spot, where: str = "The bet") -> None:
    """Refuse a spot the layout does not have, naming why."""
    kind = spot.kind
    cited = house_pay_table(ruleset.id)
    if not offered(ruleset, kind):
        raise RulesError(
            "bet_not_offered",
            f"{where}: this house's layout has no {kind} bet (odd_even_offered is false).",
            cited,
        )
    if kind.takes_number:
        if len(spot.numbers) != 1 or spot.numbers[0] not in kind.numbers_allowed:
            allowed = "4 to 17" if kind is BetKind.TOTAL else "1 to 6"
            shown = spot.numbers[0] if len(spot.numbers) == 1 else list(spot.numbers)
            extra = (
                " (3 and 18 are only thrown as triples)"
                if kind is BetKind.TOTAL and shown in (3, 18)
                else ""
            )
            raise RulesError(
                "illegal_bet", f"{where}: a {kind} bet is on {allowed}, not {shown}{extra}.", cited
            )
    elif kind.takes_numbers:
        faces = spot.numbers
        if len(faces) != 2 or any(f not in FACES for f in faces) or faces[0] == faces[1]:
            raise RulesError(
                "illegal_bet",
                f"{where}: a combination is on two different faces 1 to 6, not "
                f"{list(faces)} (two of one face is a double).",
                cited,
            )
    elif spot.numbers:
        raise RulesError("illegal_bet", f"{where}: a {kind} bet names no number.", cited)


def limit_setting(kind: BetKind) -> str:
    """The setting of the table's posted maximum for a bet of this kind."""
    group = {
        BetKind.SMALL: "small_big",
        BetKind.BIG: "small_big",
        BetKind.ODD: "odd_even",
        BetKind.EVEN: "odd_even",
        BetKind.TRIPLE: "specific_triple",
        BetKind.DOUBLE: "specific_double",
    }.get(kind, str(kind))
    return f"max_bet_{group}"


def check_limits(ruleset: Ruleset, bet: Bet, where: str = "The bet") -> None:
    """Refuse a bet under the table's minimum or over its maximum for the kind."""
    cited = house_pay_table(ruleset.id)
    minimum = ruleset.decimal("min_bet")
    if minimum is not None and bet.amount < minimum:
        raise RulesError(
            "under_table_minimum",
            f"{where} is {fmt(bet.amount)}, under the table's minimum of {fmt(minimum)}.",
            cited,
        )
    maximum = ruleset.decimal(limit_setting(bet.kind))
    if maximum is not None and bet.amount > maximum:
        raise RulesError(
            "over_table_limit",
            f"{where} is {fmt(bet.amount)}, over the table's maximum of {fmt(maximum)} "
            f"for a {bet.kind} bet.",
            cited,
        )


@dataclass(frozen=True)
class BetResult:
    """The decision on one bet: the win is the profit, ``returned`` the stake that stays."""

    bet: Bet
    outcome: Outcome
    win: Decimal
    returned: Decimal
    ratio: Fraction | None  # what it was paid at, to 1 (None for a loss)
    citation: HouseReference


@dataclass(frozen=True)
class Settlement:
    """A settled throw: each bet's result, the lit areas, the bets to collect, the pay order."""

    throw: Throw
    results: tuple[BetResult, ...]
    lit: tuple[Spot, ...]
    collect: tuple[str, ...]
    pay_order: tuple[tuple[str, ...], ...]
    pay_order_citation: HouseReference

    def result(self, bet_id: str) -> BetResult:
        for result in self.results:
            if result.bet.id == bet_id:
                return result
        raise KeyError(bet_id)

    @property
    def total_paid(self) -> Decimal:
        """What the dealer hands over: the wins (the winning stakes stay on their spots)."""
        return sum((r.win for r in self.results), ZERO)

    @property
    def total_collected(self) -> Decimal:
        return sum((r.bet.amount for r in self.results if r.outcome is Outcome.LOSE), ZERO)


def _pay_groups(ruleset: Ruleset, winners: Sequence[BetResult]) -> tuple[tuple[str, ...], ...]:
    order = PayOrder(ruleset.choice("pay_order"))
    if order is PayOrder.ANY_ORDER:
        groups = [tuple(r.bet.id for r in winners)]
    elif order is PayOrder.LAYOUT_ROWS:
        groups = [tuple(r.bet.id for r in winners if r.bet.kind in row) for row in LAYOUT_ROWS]
    else:
        ratios = sorted({r.ratio for r in winners if r.ratio is not None}, reverse=True)
        groups = [tuple(r.bet.id for r in winners if r.ratio == ratio) for ratio in ratios]
    return tuple(group for group in groups if group)


def settle(ruleset: Ruleset, bets: Sequence[Bet], throw: Throw) -> Settlement:
    """Settle the bets on one throw by the house's pay table.

    Every bet is checked first (offered, its number, the limits); two bets with
    one id are refused.  Losing bets are listed to collect; winners are grouped in
    the house's pay order (``pay_order``).
    """
    seen: set[str] = set()
    for index, bet in enumerate(bets):
        if bet.id in seen:
            raise RulesError("duplicate_bet_id", f"Two bets have the id {bet.id!r}.")
        seen.add(bet.id)
        check_spot(ruleset, bet.spot, f"bets[{index}]")
        check_limits(ruleset, bet, f"bets[{index}]")
    rounding = Rounding(ruleset.choice("payout_rounding"))
    cited = house_pay_table(ruleset.id)
    results: list[BetResult] = []
    for bet in bets:
        ratio = wins(ruleset, bet.spot, throw)
        if ratio is None:
            results.append(BetResult(bet, Outcome.LOSE, ZERO, ZERO, None, cited))
        else:
            win = win_at(bet.amount, ratio, rounding)
            results.append(BetResult(bet, Outcome.WIN, win, bet.amount, ratio, cited))
    winners = [r for r in results if r.outcome is Outcome.WIN]
    return Settlement(
        throw=throw,
        results=tuple(results),
        lit=winning_spots(ruleset, throw),
        collect=tuple(r.bet.id for r in results if r.outcome is Outcome.LOSE),
        pay_order=_pay_groups(ruleset, winners),
        pay_order_citation=house_procedure(ruleset.id),
    )
