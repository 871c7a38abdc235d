"""Chips: the house's chip set of a ruleset, the stacks bets are drawn in, the pay tray of a
drill, and paying an amount with the fewest chips of a tray's denominations.

One home for every chip of a drill: the felt draws each bet with :func:`stack`,
an amount question offers :func:`pay_tray` and its "fewest chips" advice is
:func:`fewest_chips` of that tray, all from the ruleset's ``[chips]`` table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import ROUND_FLOOR, Decimal
from functools import cache

from dealer_trainer.rules.rulesets import CHIP_LEVELS, ChipsSetting, Ruleset

_LIMIT = 2_000_000  # units: the largest exact search for a non-canonical tray


def _greedy(target: int, values: tuple[int, ...]) -> list[int]:
    counts = []
    for value in values:
        counts.append(target // value)
        target %= value
    return counts if target == 0 else []


def _table(limit: int, values: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Fewest coins for every total up to ``limit`` (-1: impossible), and the last coin used."""
    best = [0] + [-1] * limit
    last = [0] * (limit + 1)
    for total in range(1, limit + 1):
        for value in values:
            if value <= total and best[total - value] >= 0:
                count = best[total - value] + 1
                if best[total] < 0 or count < best[total]:
                    best[total], last[total] = count, value
    return best, last


@cache
def is_canonical(values: tuple[int, ...]) -> bool:
    """Does paying greedily (largest chip first) always give the fewest chips?

    Kozen and Zaks: if greedy ever fails, it fails below the sum of the two
    largest denominations, so checking up to there decides it.
    """
    if len(values) < 3:
        return True
    limit = values[0] + values[1]
    best, _ = _table(limit, values[::-1])
    return all(
        best[t] < 0 or sum(_greedy(t, values) or [limit]) == best[t] for t in range(limit + 1)
    )


def fewest_chips(amount: Decimal, denominations: Sequence[Decimal]) -> dict[Decimal, int] | None:
    """The fewest chips that make ``amount`` exactly, largest first, or ``None`` if none can."""
    if amount < 0:
        raise ValueError("an amount to pay cannot be negative")
    unit = min(denominations)
    if amount % unit or any(d % unit for d in denominations):
        return None
    target = int(amount / unit)
    values = tuple(sorted({int(d / unit) for d in denominations}, reverse=True))
    if is_canonical(values):
        counts = _greedy(target, values)
        if not counts and target:
            return None
        pairs = zip(values, counts or [0] * len(values), strict=True)
        return {Decimal(v) * unit: n for v, n in pairs if n}
    if target > _LIMIT:
        raise ValueError(f"{amount} is too large to search exactly with these chips")
    best, last = _table(target, values)
    if best[target] < 0:
        return None
    result: dict[Decimal, int] = {}
    while target:
        key = Decimal(last[target]) * unit
        result[key] = result.get(key, 0) + 1
        target -= last[target]
    return dict(sorted(result.items(), reverse=True))


def chips_total(chips: Mapping[Decimal, int]) -> Decimal:
    return sum((d * n for d, n in chips.items()), Decimal(0))


def chip_count(chips: Mapping[Decimal, int]) -> int:
    return sum(chips.values())


# ------------------------------------------------------ the house's chip set --


def _chips_of(ruleset: Ruleset) -> ChipsSetting:
    if ruleset.chips is None:
        raise ValueError(f"the ruleset {ruleset.id} names no chips ([chips] table)")
    return ruleset.chips


def level_chips(ruleset: Ruleset, difficulty: int) -> tuple[Decimal, ...]:
    """The chips of a drill level's float (its pay tray before any bet is collected)."""
    return _chips_of(ruleset).level(CHIP_LEVELS[int(difficulty) - 1])


def stack(amount: Decimal, ruleset: Ruleset, difficulty: int | None) -> list[Decimal]:
    """The chips a bet of ``amount`` is drawn in, largest first (``[]`` when none can make it).

    The fewest chips of the level's float, or of the house's whole set where
    the float cannot make the amount (a player may bet any chip of the house);
    with no ``difficulty``, of the whole set.
    """
    whole = _chips_of(ruleset).denominations
    floats = (whole,) if difficulty is None else (level_chips(ruleset, difficulty), whole)
    for denominations in floats:
        found = fewest_chips(amount, denominations) if amount > 0 else None
        if found:
            return [value for value, count in found.items() for _ in range(count)]
    return []


def bet_stack(amount: Decimal, ruleset: Ruleset, difficulty: int | None) -> list[Decimal]:
    """The chips a bet of ``amount`` is drawn with on the felt, in a drill and in its replay.

    :func:`stack`; a stake with cents no chip can show is drawn in the chips of its whole
    units (the bet list gives the exact stake).
    """
    return stack(amount, ruleset, difficulty) or stack(
        amount.to_integral_value(rounding=ROUND_FLOOR), ruleset, difficulty
    )


def pay_tray(
    ruleset: Ruleset, difficulty: int, collected: Iterable[Decimal] = ()
) -> tuple[Decimal, ...]:
    """The chips a dealer may pay with: the level's float and the chips of the bets collected.

    Losing bets are collected before any bet is paid and go into the float
    (the house's table procedure, in the ruleset's ``[chips]`` description),
    so their chips are there to pay with; a winning bet's chips stay with its
    player.  Lowest first.
    """
    tray = set(level_chips(ruleset, difficulty))
    for amount in collected:
        tray.update(stack(amount, ruleset, difficulty))
    return tuple(sorted(tray))
