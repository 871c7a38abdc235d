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
  first on the house's procedure (never "House option" nor "Table procedure", which say
  what the regulation leaves or does not set: it is not on file);
- feedback names bets as a person reads them, never by a request's id.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any

import pytest

from dealer_trainer.drills import Answer, Difficulty, DrillItem, grade
from dealer_trainer.drills.sessions import ItemSpec

SEEDS = range(100)
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
    """Each ``[settings.X_pays]`` default of the house file, by the bet it pays, and the
    house's switches (``odd_even_offered``, the triple rules) as 1 or 0."""
    settings = raw["settings"]

    def ratio(name: str) -> Fraction:
        return Fraction(str(settings[name]["default"]))

    table = {kind: ratio(f"{kind}_pays") for kind in ("small", "big", "odd", "even")}
    table |= {f"total-{t}": ratio(f"total_{t}_pays") for t in range(4, 18)}
    table |= {
        "triple": ratio("specific_triple_pays"),
        "any_triple": ratio("any_triple_pays"),
        "double": ratio("specific_double_pays"),
        "combination": ratio("combination_pays"),
        "single-1": ratio("single_once_pays"),
        "single-2": ratio("single_twice_pays"),
        "single-3": ratio("single_thrice_pays"),
    }
    for switch in ("odd_even_offered", "triple_loses_small_big", "triple_loses_odd_even"):
        table[switch] = Fraction(int(bool(settings[switch]["default"])))
    return table


def house(switch: str) -> bool:
    return pays()[switch] == 1


# ------------------------------------------------------------------ the game --


def key_wins(bet: Mapping[str, Any], dice: tuple[int, ...]) -> bool:
    kind = str(bet["kind"])
    total, triple = sum(dice), len(set(dice)) == 1
    if kind in ("small", "big"):
        in_range = 4 <= total <= 10 if kind == "small" else 11 <= total <= 17
        return in_range and not (triple and house("triple_loses_small_big"))
    if kind in ("odd", "even"):
        parity = total % 2 == (1 if kind == "odd" else 0)
        return parity and not (triple and house("triple_loses_odd_even"))
    if kind == "total":
        return total == int(bet["number"])
    if kind == "triple":
        return triple and dice[0] == int(bet["number"])
    if kind == "any_triple":
        return triple
    if kind == "double":
        return dice.count(int(bet["number"])) >= 2
    if kind == "combination":
        a, b = bet["numbers"]
        return a in dice and b in dice
    if kind == "single":
        return int(bet["number"]) in dice
    raise AssertionError(f"the key does not know the bet {kind!r}")


def key_ratio(bet: Mapping[str, Any], dice: tuple[int, ...]) -> Fraction:
    kind = str(bet["kind"])
    if kind == "single":
        return pays()[f"single-{dice.count(int(bet['number']))}"]
    if kind == "total":
        return pays()[f"total-{bet['number']}"]
    return pays()[kind]


def key_win(bet: Mapping[str, Any], dice: tuple[int, ...]) -> Decimal:
    """The win (the stake stays), rounded down to the cent as the house's file says."""
    if not key_wins(bet, dice):
        return Decimal(0)
    exact = Fraction(Decimal(str(bet["amount"]))) * key_ratio(bet, dice)
    return Decimal(int(exact * 100)) / 100


def key_areas(dice: tuple[int, ...]) -> set[str]:
    """The areas the layout lights, by the key's names: "Total 9", "Combination 2-5"."""
    names = {"small": "Small", "big": "Big", "odd": "Odd", "even": "Even"}
    areas = {
        names[kind]
        for kind in ("small", "big", "odd", "even")
        if (kind in ("small", "big") or house("odd_even_offered"))
        and key_wins({"kind": kind}, dice)
    }
    total = sum(dice)
    if 4 <= total <= 17:
        areas.add(f"Total {total}")
    if len(set(dice)) == 1:
        areas |= {"Any triple", f"Triple {dice[0]}"}
    areas |= {f"Double {f}" for f in set(dice) if dice.count(f) >= 2}
    areas |= {f"Combination {a}-{b}" for a, b in combinations(sorted(set(dice)), 2)}
    areas |= {f"Single number {f}" for f in set(dice)}
    return areas


# ------------------------------------------------------------------ helpers --


@cache
def item_for(skill: str, seed: int, difficulty: Difficulty) -> DrillItem:
    item = ItemSpec(skill, seed, difficulty).make()
    assert item.ruleset == RULESET
    return item


def dice_of(item: DrillItem) -> tuple[int, ...]:
    dice = tuple(int(d) for d in item.situation["request"]["outcome"]["dice"])
    assert len(dice) == 3 and all(1 <= d <= 6 for d in dice)
    return dice


def english(item: DrillItem) -> list[str]:
    texts = [item.question, *item.solution, *item.rests_on]
    if item.hint is not None:
        texts.append(item.hint)
    for option in item.expected.options:
        texts.append(option.label)
        if option.mistake is not None:
            texts.append(option.mistake)
    return [t.english() for t in texts]


_IDS = re.compile(r"\bbet [a-z]\b|\b[a-k]\b —|\bp\d+-\d+\b")


def no_ids(texts: list[str]) -> None:
    for text in texts:
        assert not _IDS.search(text), f"an internal bet id is shown: {text!r}"


def english_amount(value: Decimal) -> str:
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value.quantize(Decimal('0.01')):,}"


def rests_on_the_house_table(item: DrillItem) -> None:
    said = [t.english() for t in item.rests_on]
    assert any(t.startswith("House pay table") for t in said), said
    assert all(t.startswith(("House pay table", "House procedure")) for t in said), said


# ------------------------------------------------------------- amount skills --

AMOUNT_SKILLS = (
    "sic_bo.single_number",
    "sic_bo.totals",
    "sic_bo.combinations_doubles",
    "sic_bo.full_layout",
)


def amount_checks(item: DrillItem) -> None:
    dice = dice_of(item)
    bets = item.situation["request"]["bets"]
    total = sum((key_win(b, dice) for b in bets), Decimal(0))
    # the expected answer is the key's
    assert item.expected.amount == total, (item.expected.amount, total)
    # the worked solution: each winner's line ends in its win, and the lines add up
    lines = [t.english() for t in item.solution]
    winners = [b for b in bets if key_wins(b, dice)]
    for bet in winners:
        win = english_amount(key_win(bet, dice))
        assert any(f"= {win} (" in line for line in lines), (win, lines)
    if len(winners) > 1:
        assert lines[-1] == f"Total to pay: {english_amount(total)}.", lines
    if not winners:
        assert "nothing to pay" in lines[-1]
    losers = [b for b in bets if not key_wins(b, dice)]
    if losers:
        assert lines[0].startswith("Collect the losing bets first"), lines
        assert any(t.english().startswith("House procedure") for t in item.rests_on)
    # what it rests on, what it cites
    rests_on_the_house_table(item)
    assert str(item.citation) == f"{RULESET} house pay table"
    # the grader agrees, and names no bet by its id
    no_ids(english(item))
    assert grade(item, Answer(amount=total)).correct
    wrong = grade(item, Answer(amount=total + 1))
    assert not wrong.correct
    assert any(f"the payout is {english_amount(total)}" in t.english() for t in wrong.feedback)


# ------------------------------------------------------------- winning areas --


def areas_named(label: str) -> set[str]:
    return set() if label == "none" else set(label.split(", "))


def winning_areas_checks(item: DrillItem) -> None:
    dice = dice_of(item)
    right = key_areas(dice)
    options = item.expected.options
    assert len(options) == 4 and len({o.label.english() for o in options}) == 4
    named = {o.id: areas_named(o.label.english()) for o in options}
    # exactly one option lights the key's areas, and it is the expected one
    assert [oid for oid, areas in named.items() if areas == right] == [item.expected.choice]
    for option in options:
        verdict = grade(item, Answer(choice=option.id))
        assert verdict.correct is (option.id == item.expected.choice)
        if option.id != item.expected.choice:
            assert option.mistake is not None
    rests_on_the_house_table(item)
    no_ids(english(item))


# ------------------------------------------------------------------ pay order --


def pay_order_checks(item: DrillItem) -> None:
    dice = dice_of(item)
    bets = item.situation["request"]["bets"]
    losers = tuple(str(b["id"]) for b in bets if not key_wins(b, dice))
    winners = [b for b in bets if key_wins(b, dice)]
    # the house's order: its file says row by row down the layout (the default)
    assert house_file()["settings"]["pay_order"]["default"] == "layout_rows"
    rows = (
        {"small", "big", "odd", "even", "double", "triple", "any_triple"},
        {"total"},
        {"combination"},
        {"single"},
    )
    groups = [tuple(str(b["id"]) for b in winners if b["kind"] in row) for row in rows]
    key = tuple(g for g in ((losers,) if losers else ()) + tuple(groups) if g)
    assert tuple(tuple(sorted(g)) for g in item.expected.order) == tuple(
        tuple(sorted(g)) for g in key
    )
    flat = tuple(b for g in key for b in g)
    assert grade(item, Answer(order=flat)).correct
    rng = random.Random(item.seed)  # any order within a group is right
    shuffled = [list(g) for g in key]
    for group in shuffled:
        rng.shuffle(group)
    assert grade(item, Answer(order=tuple(b for g in shuffled for b in g))).correct
    if losers and winners:  # a winner paid before a loser is collected is wrong
        early = (str(winners[0]["id"]), *[b for b in flat if b != str(winners[0]["id"])])
        verdict = grade(item, Answer(order=early))
        assert not verdict.correct
        no_ids([t.english() for t in verdict.feedback])
    said = [t.english() for t in item.rests_on]
    assert any("collected before any winner" in t for t in said), said
    rests_on_the_house_table(item)
    no_ids(english(item))


# -------------------------------------------------------------------- rulings --


def rulings_checks(item: DrillItem) -> None:
    case = str(item.situation["ruling"]).split(".")[1]
    assert case in ("die_not_flat", "shaker_opened_early")
    stand = house_file()["settings"][case]["default"] == "no_throw_bets_stand"
    right = [o for o in item.expected.options if o.id == item.expected.choice]
    assert len(right) == 1
    words = right[0].label.english()
    # the house's ruling: no throw, the dice not read, shaken again; the bets by its setting
    assert "no throw" in words and "shake again" in words, words
    assert ("Every bet stays" in words) is stand, words
    assert ("hand every bet back" in words) is not stand, words
    for option in item.expected.options:
        if option.id != item.expected.choice:
            other = option.label.english()
            assert not ("no throw" in other and ("Every bet stays" in other) is stand), other
            assert option.mistake is not None
            assert not grade(item, Answer(choice=option.id)).correct
    assert grade(item, Answer(choice=item.expected.choice)).correct
    said = [t.english() for t in item.rests_on]
    assert said and all(t.startswith("House ruling") for t in said), said
    assert str(item.citation) == f"{RULESET} house ruling"
    no_ids(english(item))


CHECKS = {
    **{skill: amount_checks for skill in AMOUNT_SKILLS},
    "sic_bo.winning_areas": winning_areas_checks,
    "sic_bo.pay_order": pay_order_checks,
    "sic_bo.rulings": rulings_checks,
}


@pytest.mark.parametrize("difficulty", DIFFICULTIES, ids=lambda d: d.name.lower())
@pytest.mark.parametrize("skill", sorted(CHECKS))
def test_sic_bo_house_pay_table_answer_key(skill: str, difficulty: Difficulty) -> None:
    for seed in SEEDS:
        item = item_for(skill, seed, difficulty)
        try:
            CHECKS[skill](item)
        except AssertionError as error:
            raise AssertionError(f"{skill} seed {seed} {difficulty.name}: {error}") from error


def test_sic_bo_answer_key_covers_every_skill_and_the_cases_it_checks() -> None:
    """Every Sic Bo skill is keyed, and the seeds reach triples, doubles and no winner."""
    from dealer_trainer.drills import skills_for

    assert {s.id for s in skills_for("sic_bo")} == set(CHECKS)
    seen: set[str] = set()
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            for skill in ("sic_bo.winning_areas", "sic_bo.full_layout"):
                dice = dice_of(item_for(skill, seed, difficulty))
                if len(set(dice)) == 1:
                    seen.add(f"{skill}: triple")
                elif len(set(dice)) == 2:
                    seen.add(f"{skill}: double")
            single = item_for("sic_bo.single_number", seed, difficulty)
            number = single.situation["request"]["bets"][0]["number"]
            seen.add(f"single shown {dice_of(single).count(number)} times")
    assert {"single shown 1 times", "single shown 2 times", "single shown 3 times"} <= seen
    assert {"sic_bo.winning_areas: triple", "sic_bo.winning_areas: double"} <= seen
    assert "sic_bo.full_layout: triple" in seen
