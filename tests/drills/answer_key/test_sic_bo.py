"""An independent answer key for every Sic Bo drill (sic-bo-house, the house pay table).

A second implementation, written from the game's definitions and not from the rules
core: its own reading of the pay table (the TOML file read here with ``tomllib``,
not through the rulesets module), its own winning areas of a throw and its own
payouts.  It reads only the generated :class:`DrillItem` (the table in
``situation["request"]``, the question, the options and the worked solution) and
never calls the rules core or the grader's arithmetic to make its answer; it calls
:func:`grade` only to check that the grader agrees with it.  For every skill ×
difficulty over many seeds it checks:

- the expected answer is the key's;
- a choice item has exactly one right option, naming exactly the areas the key lights
  (or the house's ruling), and every other option is wrong;
- the worked solution's numbers add up to the answer;
- every item rests on the house pay table (``rests_on`` says so), and collecting
  first on table procedure;
- feedback names bets as a person reads them, never by a request's id.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from dealer_trainer.drills import Difficulty

SEEDS = range(120)
RULESET = "sic-bo-house"
DIFFICULTIES = tuple(Difficulty)

# ---------------------------------------------------------- the house table --


@cache
def house_file() -> dict[str, Any]:
    """The ruleset's TOML, as the house wrote it (read here, not by the rulesets module)."""
    text = (
        resources.files("dealer_trainer.rules")
        .joinpath("rulesets", f"{RULESET}.toml")
        .read_text(encoding="utf-8")
    )
    return tomllib.loads(text)


@cache
def pays() -> dict[str, Fraction]:
    """The house pay table: bet (``total-4``, ``single-2`` for two dice showing) → payout."""
    return read_pay_table(house_file())


def read_pay_table(raw: Mapping[str, Any]) -> dict[str, Fraction]:
    raise NotImplementedError


# ------------------------------------------------------------------ the game --


def key_wins(bet: Mapping[str, Any], dice: tuple[int, ...]) -> bool:
    kind = bet["kind"]
    total, triple = sum(dice), len(set(dice)) == 1
    if kind == "small":
        return 4 <= total <= 10 and not triple
    if kind == "big":
        return 11 <= total <= 17 and not triple
    if kind == "odd":
        return total % 2 == 1 and not triple
    if kind == "even":
        return total % 2 == 0 and not triple
    if kind == "total":
        return total == bet["number"]
    if kind == "triple":
        return triple and dice[0] == bet["number"]
    if kind == "any_triple":
        return triple
    if kind == "double":
        return dice.count(bet["number"]) >= 2
    if kind == "combination":
        a, b = bet["numbers"]
        return a in dice and b in dice
    if kind == "single":
        return bet["number"] in dice
    raise AssertionError(f"the key does not know the bet {kind!r}")


def key_ratio(bet: Mapping[str, Any], dice: tuple[int, ...]) -> Fraction:
    kind = bet["kind"]
    if kind == "single":
        return pays()[f"single-{dice.count(bet['number'])}"]
    if kind == "combination":
        return pays()["combination"]
    if kind in ("total", "triple", "double"):
        return (
            pays()[f"{kind}-{bet['number']}"]
            if f"{kind}-{bet['number']}" in pays()
            else pays()[kind]
        )
    return pays()[kind]
