"""Money: exact amounts and payout ratios, rounded once and by name.

Amounts are :class:`decimal.Decimal` with at most two decimal places; payout
ratios are :class:`fractions.Fraction` (``35``, ``6/5``, ``9/2`` for 4½ to 1).
A win is computed exactly as a fraction and rounded to the cent only once, by
the rounding rule the ruleset names (see the ``payout_rounding`` setting).
"""

from __future__ import annotations

import decimal
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any

from dealer_trainer.rules.errors import RulesError, shown

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
#: The largest amount the core accepts: far above any table limit, small
#: enough that every product stays exact in the default decimal context.
MAX_AMOUNT = Decimal("1000000000000")


@unique
class Rounding(StrEnum):
    """How a win that is not a whole number of cents is rounded (once)."""

    DOWN = "down"  # to the cent below: the house never pays what it cannot
    HALF_UP = "half_up"
    HALF_EVEN = "half_even"


_DECIMAL_ROUNDING = {
    Rounding.DOWN: decimal.ROUND_DOWN,
    Rounding.HALF_UP: decimal.ROUND_HALF_UP,
    Rounding.HALF_EVEN: decimal.ROUND_HALF_EVEN,
}


def parse_amount(value: Any, what: str) -> Decimal:
    """Read an amount given as a JSON number or a decimal string.

    Refuses booleans, floats, negative numbers, more than two decimal places,
    non-finite values and amounts above :data:`MAX_AMOUNT`, naming ``what``.
    """
    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise RulesError(
            "invalid_amount",
            f'{what} must be a number or a decimal string such as "25" or "7.50", '
            f"not {_describe(value)}.",
        )
    try:
        amount = Decimal(value.strip()) if isinstance(value, str) else Decimal(value)
    except decimal.InvalidOperation:
        raise RulesError(
            "invalid_amount", f"{what} is not a decimal number: {shown(value)}."
        ) from None
    if not amount.is_finite():
        raise RulesError("invalid_amount", f"{what} must be a finite number, not {shown(value)}.")
    if amount < 0:
        raise RulesError("negative_amount", f"{what} cannot be negative ({amount}).")
    if amount > MAX_AMOUNT:
        raise RulesError(
            "invalid_amount", f"{what} is larger than any table accepts ({MAX_AMOUNT:,} at most)."
        )
    if amount != amount.quantize(CENT, rounding=decimal.ROUND_DOWN):
        raise RulesError(
            "invalid_amount", f"{what} has more than two decimal places ({shown(value)})."
        )
    return amount.quantize(CENT)


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"the float {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return shown(value)


def to_cents(value: Fraction | Decimal | int, rounding: Rounding = Rounding.DOWN) -> Decimal:
    """Round an exact amount to the cent, once, by the named rule."""
    exact = value if isinstance(value, Fraction) else Fraction(value)
    quotient = Decimal(exact.numerator) / Decimal(exact.denominator)
    if exact == Fraction(quotient):
        return quotient.quantize(CENT, rounding=_DECIMAL_ROUNDING[rounding])
    # Not exactly representable: work in cents with integer arithmetic.
    cents = exact * 100
    whole, rest = divmod(cents.numerator, cents.denominator)
    if rounding is Rounding.DOWN:
        chosen = whole
    else:
        twice = 2 * rest
        if twice > cents.denominator:
            chosen = whole + 1
        elif twice < cents.denominator:
            chosen = whole
        elif rounding is Rounding.HALF_UP:
            chosen = whole + 1
        else:
            chosen = whole + (whole % 2)
    return (Decimal(chosen) / 100).quantize(CENT)


def win_at(amount: Decimal, ratio: Fraction, rounding: Rounding = Rounding.DOWN) -> Decimal:
    """The win of ``amount`` paid at ``ratio`` to 1, rounded once."""
    return to_cents(Fraction(amount) * ratio, rounding)


def fmt(amount: Decimal) -> str:
    """An amount as the CLI writes it: exactly two decimals, ``"7.50"``."""
    text = format(amount.quantize(CENT), "f")
    return "0.00" if text == "-0.00" else text


def parse_ratio(text: str) -> Fraction:
    """Read a payout ratio ``"35"``, ``"6/5"`` or ``"4.5"`` (to 1) exactly."""
    cleaned = text.strip()
    if not cleaned:
        raise ValueError("an empty ratio")
    if "/" in cleaned:
        numerator, _, denominator = cleaned.partition("/")
        ratio = Fraction(int(numerator), int(denominator))
    else:
        ratio = Fraction(Decimal(cleaned))
    if ratio <= 0:
        raise ValueError(f"a ratio must be positive, not {text!r}")
    return ratio


def format_ratio(ratio: Fraction) -> str:
    """A ratio as plain text: ``Fraction(35)`` → ``"35 to 1"``, ``Fraction(9, 2)`` → ``"9 to 2"``.

    (English, for CLI messages; screens write ratios as translatable text.)
    """
    if ratio.denominator == 1:
        return f"{ratio.numerator} to 1"
    return f"{ratio.numerator} to {ratio.denominator}"
