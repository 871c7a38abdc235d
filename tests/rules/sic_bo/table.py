"""An independent reading of the default house pay table, for the tests.

Written from the published Macau table (wizardofodds.com/games/sic-bo, "Macau"), not
from the ruleset file or the rules core: the tests check the core against it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

#: Total → what a bet on it pays, to 1 (Macau: 50, 18, 14, 12, 8, 6, 6, 6, 6, 8, 12, 14, 18, 50).
TOTAL_PAYS = {
    4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6,
    11: 6, 12: 6, 13: 8, 14: 12, 15: 14, 16: 18, 17: 50,
}  # fmt: skip
SPECIFIC_TRIPLE = 150
ANY_TRIPLE = 24
SPECIFIC_DOUBLE = 8
COMBINATION = 5
SINGLE_BY_COUNT = {1: 1, 2: 2, 3: 3}


def pays(kind: str, chosen: tuple[int, ...], dice: tuple[int, int, int]) -> Fraction | None:
    """What a bet pays to 1 on the throw (None: it loses), on the default table."""
    shown = Counter(dice)
    total = dice[0] + dice[1] + dice[2]
    triple = len(shown) == 1
    if kind in ("small", "big", "odd", "even"):
        if triple:
            return None
        wanted = {
            "small": total <= 10,
            "big": total >= 11,
            "odd": total % 2 == 1,
            "even": total % 2 == 0,
        }[kind]
        return Fraction(1) if wanted else None
    if kind == "total":
        return Fraction(TOTAL_PAYS[chosen[0]]) if total == chosen[0] else None
    if kind == "triple":
        return Fraction(SPECIFIC_TRIPLE) if shown[chosen[0]] == 3 else None
    if kind == "any_triple":
        return Fraction(ANY_TRIPLE) if triple else None
    if kind == "double":
        return Fraction(SPECIFIC_DOUBLE) if shown[chosen[0]] >= 2 else None
    if kind == "combination":
        return Fraction(COMBINATION) if shown[chosen[0]] and shown[chosen[1]] else None
    if kind == "single":
        count = shown[chosen[0]]
        return Fraction(SINGLE_BY_COUNT[count]) if count else None
    raise ValueError(kind)


def every_bet() -> list[tuple[str, tuple[int, ...]]]:
    """Every spot of the layout (odd and even offered): 52."""
    faces = range(1, 7)
    return [
        ("small", ()),
        ("big", ()),
        ("odd", ()),
        ("even", ()),
        *(("total", (t,)) for t in range(4, 18)),
        *(("triple", (f,)) for f in faces),
        ("any_triple", ()),
        *(("double", (f,)) for f in faces),
        *(("combination", (a, b)) for a in faces for b in faces if a < b),
        *(("single", (f,)) for f in faces),
    ]


def every_throw() -> list[tuple[int, int, int]]:
    faces = range(1, 7)
    return [(a, b, c) for a in faces for b in faces for c in faces]
