"""A multiple-choice item has exactly one right option, and no option id twice."""

from __future__ import annotations

import pytest

from dealer_trainer.drills import Difficulty, all_skills
from dealer_trainer.drills.model import AnswerKind, Option, one_right
from dealer_trainer.drills.sessions import ItemSpec
from dealer_trainer.rules.text import T


def test_one_right_keeps_the_options_in_the_order_shown() -> None:
    options = [Option("b", T("Two")), Option("right", T("One")), Option("a", T("Three"))]
    expected = one_right(options)
    assert expected.kind is AnswerKind.CHOICE and expected.choice == "right"
    assert [o.id for o in expected.options] == ["b", "right", "a"]


@pytest.mark.parametrize(
    "ids", [["a", "b"], ["right", "right"], ["right", "a", "a"]], ids=["none", "two", "twice"]
)
def test_one_right_refuses_a_choice_without_exactly_one_answer(ids: list[str]) -> None:
    with pytest.raises(ValueError, match="one option 'right'"):
        one_right(Option(i, T("an option")) for i in ids)


def test_every_choice_skill_makes_items_with_one_right_option() -> None:
    for name, skill in sorted(all_skills().items()):
        if skill.answer is not AnswerKind.CHOICE:
            continue
        for seed in range(20):
            item = ItemSpec(name, seed, Difficulty.ADVANCED).make()
            assert [o.id for o in item.expected.options].count("right") == 1, (name, seed)
