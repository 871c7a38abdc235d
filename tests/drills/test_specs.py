"""The drills make recorded items again from plain records, with no storage behind them."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dealer_trainer.drills import Difficulty, all_skills
from dealer_trainer.drills.sessions import ItemSpec
from dealer_trainer.drills.specs import exam_spec, item_spec, mistakes, skill_cards

SKILL = sorted(name for name in all_skills() if name.startswith("roulette."))[0]


@dataclass(frozen=True)
class Item:
    skill: str
    item_seed: int
    situation: object
    correct: bool = False
    ruleset_id: str = "roulette-2003"


@dataclass(frozen=True)
class Paper:
    skills: tuple[str, ...]
    difficulty: int
    item_count: int
    pass_mark: Fraction
    seed: int
    ruleset_id: str


@dataclass(frozen=True)
class Card:
    skill: str
    state: object


def test_item_spec_needs_a_drill_level_and_a_known_skill() -> None:
    assert item_spec(Item(SKILL, 5, {"difficulty": 2})) == ItemSpec(
        SKILL, 5, Difficulty.INTERMEDIATE, "roulette-2003"
    )
    assert item_spec(Item(SKILL, 5, {"difficulty": 9})) is None
    assert item_spec(Item(SKILL, 5, {"difficulty": "2"})) is None
    assert item_spec(Item(SKILL, 5, ["not", "a", "situation"])) is None
    assert item_spec(Item("roulette.no_such_skill", 5, {"difficulty": 1})) is None


def test_mistakes_keep_the_given_order_each_item_once_and_stop_at_the_limit() -> None:
    items = [
        Item(SKILL, 1, {"difficulty": 1}),
        Item(SKILL, 2, {"difficulty": 1}, correct=True),
        Item(SKILL, 1, {"difficulty": 1}),  # the same item wrong again
        Item(SKILL, 1, {"difficulty": 3}),  # the same seed at another level is another item
        Item(SKILL, 3, {"difficulty": 1}),
    ]
    assert [(s.seed, s.difficulty) for s in mistakes(items)] == [
        (1, Difficulty.BEGINNER),
        (1, Difficulty.ADVANCED),
        (3, Difficulty.BEGINNER),
    ]
    assert len(mistakes(items, limit=2)) == 2


def test_exam_spec_draws_the_same_items_for_the_same_paper() -> None:
    paper = Paper((SKILL,), 1, 4, Fraction(3, 4), 77, "roulette-2003")
    spec = exam_spec(paper)
    assert spec.items() == exam_spec(paper).items() and len(spec.items()) == 4
    assert spec.pass_mark == Fraction(3, 4)


def test_skill_cards_skip_unknown_skills_and_read_numbers_written_as_text() -> None:
    cards = skill_cards(
        [
            Card(SKILL, {"stability": "1.5", "difficulty": None}),
            Card("roulette.retired_skill", {"stability": 1.0}),
            Card(SKILL, "not a card"),
        ]
    )
    assert [c.skill for c in cards] == [SKILL]
    assert cards[0].state["stability"] == 1.5 and cards[0].state["difficulty"] is None
