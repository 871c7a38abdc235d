"""Sic Bo's feedback says only what is true of a game whose regulation is not on file (issue 35).

Despacho Regulamentar Externo n.º 31/2003 is named, but its articles are not on file: the
app plays Sic Bo on a house pay table.  So no sentence a trainee reads may say what that
regulation says, leaves to the house or does not set ("House option (the regulation leaves
this to the house)", "Table procedure, not in the regulation"); each says the rule is the
house pay table's, the house's ruling or the house's procedure, because the regulation's
articles are not on file.  And no sentence shows an internal id: the ruleset is named by
its title ("Sic Bo (house pay table)", a house's own title), never ``sic-bo-house``.

Every text of every Sic Bo drill skill is checked over many seeds at every level (the
question, options, worked solution, what it rests on, and the grader's feedback on right
and wrong answers), and every text of the live table's Sic Bo irregularities.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

import pytest

from dealer_trainer.drills import Answer, Difficulty, DrillItem, grade
from dealer_trainer.drills.model import RESTS_ON_KINDS, AnswerKind
from dealer_trainer.drills.skills import skills_for
from dealer_trainer.drills.table import new_round
from dealer_trainer.drills.table.irregular import rests_on
from dealer_trainer.rules.irregular import Irregularity
from dealer_trainer.rules.rulesets import (
    Ruleset,
    RulesetRegistry,
    default_ruleset,
    house_version,
    official_rulesets,
    parse_house_ruleset,
)
from dealer_trainer.rules.text import Text

SEEDS = range(60)

#: What a sentence may not say of a regulation that is not on file, nor show.
CLAIMS = re.compile(
    r"regulation (leaves|says|sets|does not|gives|allows|lets)|not in the regulation"
    r"|leaves this to the house|house option",
    re.IGNORECASE,
)
IDS = re.compile(r"sic-bo-house|sic_bo\.|\bhouse pay table of [a-z0-9-]+\b")

HOUSE_TOML = """
id = "lisboa-sic-bo"
base = "sic-bo-house"
title = "Lisboa Sic Bo, Table 7"
[overrides]
total_4_pays = "60"
"""


def _house() -> Ruleset:
    """A house's Sic Bo ruleset, version 1, as the app knows a kept one."""
    return house_version(
        parse_house_ruleset(HOUSE_TOML, "lisboa-sic-bo.toml", official_rulesets()), 1
    )


def _answers(item: DrillItem) -> Iterator[Answer]:
    """The right answer and some wrong ones, to hear every kind of feedback."""
    expected = item.expected
    if expected.kind in (AnswerKind.AMOUNT, AnswerKind.CHIPS):
        assert expected.amount is not None
        yield Answer(amount=expected.amount)
        yield Answer(amount=expected.amount + 1)
        yield Answer(amount=Decimal(0))
    elif expected.kind is AnswerKind.ORDER:
        flat = tuple(b for group in expected.order for b in group)
        yield Answer(order=flat)
        yield Answer(order=tuple(reversed(flat)))
    else:
        for option in expected.options:
            yield Answer(choice=option.id)
    yield Answer(timed_out=True)


def _texts(item: DrillItem, rulesets: RulesetRegistry) -> Iterator[Text]:
    yield item.question
    yield from item.solution
    yield from item.rests_on
    if item.hint is not None:
        yield item.hint
    for option in item.expected.options:
        yield option.label
        if option.mistake is not None:
            yield option.mistake
    for answer in _answers(item):
        graded = grade(item, answer, rulesets)
        yield from graded.feedback
        yield from graded.notes


def _irregularity_texts(irregularity: Irregularity) -> Iterator[Text]:
    yield irregularity.said
    yield irregularity.ruling.decision
    yield from irregularity.ruling.steps
    if irregularity.unruled_why is not None:
        yield irregularity.unruled_why
    for choice in irregularity.choices:
        yield choice.label
        if choice.why is not None:
            yield choice.why
    yield from rests_on(irregularity)


def _truthful(text: Text, where: str) -> str:
    said = text.english()
    assert not CLAIMS.search(said), f"{where}: claims what the regulation says: {said!r}"
    assert not IDS.search(said), f"{where}: shows an internal id: {said!r}"
    return said


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
@pytest.mark.parametrize("skill", sorted(s.id for s in skills_for("sic_bo")))
def test_sic_bo_house_feedback_names_the_house_never_the_regulation_nor_an_id(
    skill: str, difficulty: Difficulty
) -> None:
    generate = next(s for s in skills_for("sic_bo") if s.id == skill).generate
    house = _house()
    rulesets = RulesetRegistry([house])  # the app's, with the house's kept version
    for ruleset in (default_ruleset("sic_bo"), house):
        for seed in SEEDS:
            item = generate(ruleset, seed, difficulty)
            where = f"{skill} seed {seed} {difficulty.name} ({ruleset.title})"
            for text in _texts(item, rulesets):
                _truthful(text, where)
            # What the item rests on is the house's pay table, ruling or procedure, in words.
            kinds = {RESTS_ON_KINDS[k] for k in ("house_pay_table", "house_ruling",
                                                 "house_procedure")}  # fmt: skip
            assert item.rests_on and all(t.source in kinds for t in item.rests_on), where
            said = [t.english() for t in item.rests_on]
            assert all("the regulation's articles are not on file" in t for t in said), said


@pytest.mark.parametrize("skill", [s.id for s in skills_for("sic_bo") if s.id != "sic_bo.rulings"])
def test_sic_bo_house_pay_table_is_named_by_the_rulesets_title_not_its_id(skill: str) -> None:
    generate = next(s for s in skills_for("sic_bo") if s.id == skill).generate
    for ruleset, title in (
        (default_ruleset("sic_bo"), "“Sic Bo (house pay table)”"),
        (_house(), "“Lisboa Sic Bo, Table 7”"),
    ):
        item = generate(ruleset, 3, Difficulty.INTERMEDIATE)
        said = [t.english() for t in item.rests_on]
        assert any(t.startswith("House pay table (") and title in t for t in said), said
        # The regulation's own ruleset's title is translated as the window names it.
        named = [
            t.params["text"].params["table"]  # type: ignore[union-attr]
            for t in item.rests_on
            if "table" in getattr(t.params["text"], "params", {})
        ]
        assert named, said
        if ruleset.base is None:
            assert isinstance(named[0], Text) and named[0].context == "games"
        else:
            assert named[0] == ruleset.title  # a house's own words, as written


@pytest.mark.irregular  # the table's own rates of irregularities
def test_sic_bo_table_irregularities_rest_on_the_house_ruling_never_the_regulation() -> None:
    ruleset = default_ruleset("sic_bo")
    seen: set[str] = set()
    for seed in range(400):
        for irregularity in new_round(ruleset, seed, Difficulty.ADVANCED).irregularities:
            seen.add(irregularity.event)
            where = f"{irregularity.event} seed {seed}"
            for text in _irregularity_texts(irregularity):
                _truthful(text, where)
            said = rests_on(irregularity)
            assert said and all(t.source == RESTS_ON_KINDS["house_ruling"] for t in said), where
    assert len(seen) >= 4  # the late bet and the three void throws
