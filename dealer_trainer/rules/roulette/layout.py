"""The roulette layout and wheel (Art. 1 and Art. 6): which positions are bets.

The layout is the usual three-column grid: street ``k`` (0–11) holds
``3k+1, 3k+2, 3k+3``; column ``c`` (1–3) holds the numbers ``≡ c (mod 3)``.
"""

from __future__ import annotations

from collections.abc import Iterator

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.roulette.bets import ART6_ITEM, NUMBERS_COVERED, BetKind, BetPosition
from dealer_trainer.rules.rulesets import Ruleset

NUMBERS = tuple(range(37))
#: Art. 1: the red numbers; the other numbers 1–36 are black, 0 is neither.
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
BLACK = frozenset(range(1, 37)) - RED

#: The ``wheel_order`` setting: the pockets clockwise from 0.
WHEEL_ORDERS: dict[str, tuple[int, ...]] = {
    "european": (
        0,
        32,
        15,
        19,
        4,
        21,
        2,
        25,
        17,
        34,
        6,
        27,
        13,
        36,
        11,
        30,
        8,
        23,
        10,
        5,
        24,
        16,
        33,
        1,
        20,
        14,
        31,
        9,
        22,
        18,
        29,
        7,
        28,
        12,
        35,
        3,
        26,
    ),
    # The American order with its 00 pocket taken out: each twelve-number
    # sector of Art. 6(7) is then one unbroken arc of the wheel.
    "american_single_zero": (
        0,
        28,
        9,
        26,
        30,
        11,
        7,
        20,
        32,
        17,
        5,
        22,
        34,
        15,
        3,
        24,
        36,
        13,
        1,
        27,
        10,
        25,
        29,
        12,
        8,
        19,
        31,
        18,
        6,
        21,
        33,
        16,
        4,
        23,
        35,
        14,
        2,
    ),
}


def street_of(number: int) -> int:
    """The street (0–11) of a number 1–36."""
    return (number - 1) // 3


def column_of(number: int) -> int:
    """The column (1–3) of a number 1–36."""
    return (number - 1) % 3 + 1


def dozen_numbers(index: int) -> tuple[int, ...]:
    return tuple(range(12 * (index - 1) + 1, 12 * index + 1))


def column_numbers(index: int) -> tuple[int, ...]:
    return tuple(range(index, 37, 3))


def sector12_sets(ruleset: Ruleset) -> tuple[tuple[int, ...], ...]:
    raw = ruleset.data["layout"]["sector12"]
    return tuple(tuple(sorted(group)) for group in raw)


def _streets(first: int, count: int) -> tuple[int, ...]:
    return tuple(range(3 * first + 1, 3 * (first + count) + 1))


def _nine_number_sets(ruleset: Ruleset) -> list[tuple[int, ...]]:
    if ruleset.choice("nine_number_definition") == "layout_block":
        return [_streets(k, 3) for k in range(10)]
    wheel = WHEEL_ORDERS[ruleset.choice("wheel_order")]
    arcs = (tuple(sorted(wheel[(i + j) % 37] for j in range(9))) for i in range(37))
    return sorted({arc for arc in arcs if 0 not in arc})


def _inside_sets(kind: BetKind) -> Iterator[tuple[int, ...]]:
    """The covered numbers of every inside bet of one kind on 1–36."""
    if kind is BetKind.STRAIGHT:
        yield from ((n,) for n in range(1, 37))
    elif kind is BetKind.SPLIT:
        for n in range(1, 37):
            if column_of(n) < 3:
                yield (n, n + 1)
            if n <= 33:
                yield (n, n + 3)
    elif kind is BetKind.STREET:
        yield from (_streets(k, 1) for k in range(12))
    elif kind is BetKind.CORNER:
        for n in range(1, 33):
            if column_of(n) < 3:
                yield (n, n + 1, n + 3, n + 4)
    elif kind is BetKind.LINE:
        yield from (_streets(k, 2) for k in range(11))


#: Inside bets that combine 0 with other numbers; Art. 8 makes them senseless,
#: so the ``zero_combinations`` setting refuses them by default.
ZERO_COMBINATIONS: dict[BetKind, tuple[tuple[int, ...], ...]] = {
    BetKind.SPLIT: ((0, 1), (0, 2), (0, 3)),
    BetKind.STREET: ((0, 1, 2), (0, 2, 3)),
    BetKind.CORNER: ((0, 1, 2, 3),),
}


def all_positions(ruleset: Ruleset) -> list[BetPosition]:
    """Every legal bet position of the layout, in layout order."""
    positions = [BetPosition(BetKind.STRAIGHT, (0,))]
    allow_zero = ruleset.choice("zero_combinations") == "allowed"
    for kind in (BetKind.STRAIGHT, BetKind.SPLIT, BetKind.STREET, BetKind.CORNER, BetKind.LINE):
        if allow_zero:
            positions += [BetPosition(kind, s) for s in ZERO_COMBINATIONS.get(kind, ())]
        positions += [BetPosition(kind, s) for s in _inside_sets(kind)]
    positions += [BetPosition(BetKind.NINE, s) for s in _nine_number_sets(ruleset)]
    positions += [BetPosition(BetKind.SECTOR12, s) for s in sector12_sets(ruleset)]
    positions += [BetPosition(BetKind.COLUMN, column_numbers(i), i) for i in (1, 2, 3)]
    positions += [BetPosition(BetKind.DOZEN, dozen_numbers(i), i) for i in (1, 2, 3)]
    even_chances = {
        BetKind.RED: tuple(sorted(RED)),
        BetKind.BLACK: tuple(sorted(BLACK)),
        BetKind.EVEN: tuple(range(2, 37, 2)),
        BetKind.ODD: tuple(range(1, 37, 2)),
        BetKind.LOW: tuple(range(1, 19)),
        BetKind.HIGH: tuple(range(19, 37)),
    }
    positions += [BetPosition(kind, numbers) for kind, numbers in even_chances.items()]
    return positions


def art6(ruleset: Ruleset, kind: BetKind, index: int | None = None) -> Citation:
    item = ART6_ITEM[kind] + (index - 1 if kind is BetKind.DOZEN and index else 0)
    return ruleset.cite(6, item)


def position(
    ruleset: Ruleset, kind: BetKind, numbers: tuple[int, ...] | None, index: int | None
) -> BetPosition:
    """The position a bet names, checked against the layout (Art. 6) and Art. 8.

    Raises :class:`RulesError` (``illegal_bet``) naming why the numbers are not
    a bet of that kind.
    """
    if kind.takes_index:
        if index is None or index not in (1, 2, 3):
            raise RulesError(
                "illegal_bet",
                f"A {kind} bet needs an index 1, 2 or 3, not {index!r}.",
                art6(ruleset, kind),
            )
        covered = column_numbers(index) if kind is BetKind.COLUMN else dozen_numbers(index)
        return BetPosition(kind, covered, index)
    if not kind.takes_numbers:
        for candidate in all_positions_cached(ruleset):
            if candidate.kind is kind:
                return candidate
        raise AssertionError(kind)  # every even chance is a position
    assert numbers is not None
    covered = tuple(sorted(numbers))
    if len(set(covered)) != len(covered):
        raise RulesError(
            "illegal_bet",
            f"A {kind} bet names a number twice: {list(numbers)}.",
            art6(ruleset, kind),
        )
    want = NUMBERS_COVERED[kind]
    if len(covered) != want:
        raise RulesError(
            "illegal_bet",
            f"A {kind} bet covers {want} number{'s' if want > 1 else ''}, not {len(covered)}.",
            art6(ruleset, kind),
        )
    outside = [n for n in covered if not 0 <= n <= 36]
    if outside:
        raise RulesError(
            "illegal_bet",
            f"{outside[0]} is not a number of the layout (0 to 36).",
            art6(ruleset, kind),
        )
    candidate = BetPosition(kind, covered)
    if candidate in _position_set(ruleset):
        return candidate
    if 0 in covered and kind is not BetKind.STRAIGHT:
        raise RulesError(
            "illegal_bet",
            f"A {kind} that includes 0 is not offered: when 0 comes only a straight-up on 0 wins "
            "(Art. 6 and Art. 8).",
            ruleset.cite(8),
        )
    raise RulesError("illegal_bet", _why_not(ruleset, kind, covered), art6(ruleset, kind))


def _why_not(ruleset: Ruleset, kind: BetKind, covered: tuple[int, ...]) -> str:
    shown = "-".join(str(n) for n in covered)
    reasons = {
        BetKind.SPLIT: "two numbers side by side on the layout",
        BetKind.STREET: "the three numbers of one row of the layout",
        BetKind.CORNER: "four numbers that meet at one corner",
        BetKind.LINE: "two adjacent rows of three (six numbers)",
        BetKind.SECTOR12: "one of the two twelve-number sectors of Art. 6(7)",
    }
    if kind is BetKind.NINE:
        if ruleset.choice("nine_number_definition") == "layout_block":
            reason = "three adjacent rows of the layout (1-9, 4-12, … 28-36)"
        else:
            reason = "nine neighbouring pockets of the wheel"
    else:
        reason = reasons[kind]
    return f"{shown} is not a {kind} bet: a {kind} covers {reason}."


_CACHE: dict[
    tuple[str, tuple[tuple[str, object], ...]], tuple[list[BetPosition], frozenset[BetPosition]]
] = {}


def _layout(ruleset: Ruleset) -> tuple[list[BetPosition], frozenset[BetPosition]]:
    """The positions of a ruleset's layout, computed once per set of settings."""
    key = (ruleset.id, tuple(sorted(ruleset.values.items(), key=lambda kv: kv[0])))
    found = _CACHE.get(key)
    if found is None:
        positions = all_positions(ruleset)
        found = _CACHE[key] = (positions, frozenset(positions))
    return found


def all_positions_cached(ruleset: Ruleset) -> list[BetPosition]:
    return _layout(ruleset)[0]


def _position_set(ruleset: Ruleset) -> frozenset[BetPosition]:
    return _layout(ruleset)[1]
