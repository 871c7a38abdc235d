"""Lessons a review of every skill found wrong, each checked against the article's own words.

The figures here are taken from the regulation (the item's request and the texts), not from the
grader: the Caribbean Stud pay table of Art. 9(5), the posted awards of Art. 10(3), the cocked
die of Art. 1 of Portaria n.º 97/85/M.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

import pytest

from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Answer, Difficulty, DrillItem
from dealer_trainer.drills.skills import skill
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset

SEEDS = range(300)

#: A hand named as a noun with an article English does not use: "a two pairs", "a one pair".
BAD_ARTICLE = re.compile(r"\b[Aa] (one pair|two pairs|three of a kind|four of a kind|high card)\b")

#: Art. 9(5)(7)-(8) of Despacho 61/2004: what a winning raise pays, to 1, by the player's hand.
RAISE_PAYS = {"four of a kind": 20, "straight flush": 50}


def _items(skill_id: str, ruleset: Ruleset | None = None) -> Iterator[DrillItem]:
    generator = skill(skill_id).generate
    rules = ruleset or default_ruleset(skill(skill_id).game)
    for difficulty in Difficulty:
        for seed in SEEDS:
            yield generator(rules, seed, difficulty)


def _everything_said(item: DrillItem) -> list[str]:
    """Every sentence a trainee reads: question, hint, options, solution, rests_on, feedback."""
    said = [item.question.english(), *(t.english() for t in item.solution)]
    said += [t.english() for t in item.rests_on]
    if item.hint is not None:
        said.append(item.hint.english())
    for option in item.expected.options:
        said.append(option.label.english())
        said += [f.english() for f in grade(item, Answer(choice=option.id)).feedback]
    return said


@pytest.mark.parametrize(
    "skill_id",
    [
        "caribbean_stud.name_hand",
        "caribbean_stud.compare_hands",
        "caribbean_stud.qualify",
        "caribbean_stud.settlement",
    ],
)
def test_caribbean_art8_hands_are_named_in_plain_english(skill_id: str) -> None:
    """Art. 8's classes in a sentence: "one pair", "two pairs", never "a two pairs"."""
    for item in _items(skill_id):
        for sentence in _everything_said(item):
            assert not BAD_ARTICLE.search(sentence), (item.seed, item.difficulty, sentence)


def _house_maximum(item: DrillItem) -> list[str]:
    return [
        r.english()
        for r in item.rests_on
        if r.english().startswith("House option") and "maximum payout" in r.english()
    ]


def _player_hand(item: DrillItem) -> str:
    (line,) = [t.english() for t in item.solution if t.english().startswith("Ante ")]
    return line


def test_caribbean_art9_5_raise_of_four_of_a_kind_and_better_names_the_house_maximum() -> None:
    """「但不可超過場方預先定出的每局最高額」: the win of (7)-(9) rests on the house's maximum."""
    seen = 0
    for item in _items("caribbean_stud.settlement"):
        line = _player_hand(item) if any("Ante " in t.english() for t in item.solution) else ""
        high_hand = any(name in line for name in ("four of a kind", "straight flush", "royal"))
        assert bool(_house_maximum(item)) is high_hand, (item.seed, item.difficulty, line)
        if high_hand:
            seen += 1
            assert "posts none" in _house_maximum(item)[0]
    assert seen > 20


def test_caribbean_art9_5_a_posted_maximum_caps_the_raise_and_says_so() -> None:
    """With a house maximum of 1,500 the four of a kind's raise is paid 1,500, and said so."""
    rules = default_ruleset("caribbean_stud").with_settings({"max_payout_per_round": "1500"})
    capped = 0
    for item in _items("caribbean_stud.settlement", rules):
        if not _house_maximum(item):
            continue
        line = _player_hand(item)
        request = item.situation["request"]
        ante = Decimal(request["boxes"][0]["ante"])
        name = next((n for n in RAISE_PAYS if n in line), None)
        if name is None:
            continue  # a royal flush: its ratio is the house's too (Art. 9(5)(9))
        full = 2 * ante * RAISE_PAYS[name]
        assert "1,500" in _house_maximum(item)[0]
        if full > 1500:
            capped += 1
            assert item.expected.amount == ante + 1500, (item.seed, item.difficulty)
            assert "capped at this table's maximum payout: 1,500" in line, line
            assert f"{full:,.0f}" in line, line
        else:
            assert item.expected.amount == ante + full
            assert "capped" not in line
    assert capped > 5


def test_caribbean_art10_3_posted_fixed_awards_are_named_as_the_houses() -> None:
    """「以上所指的定額彩金在博彩桌上列明」: every award is measured against the posted amounts."""
    for item in _items("caribbean_stud.progressive"):
        fixed = item.situation["request"]["progressive"]["fixed"]
        (posted,) = [
            r.english()
            for r in item.rests_on
            if r.english().startswith("House option") and "Art. 10(3)" in r.english()
        ]
        for hand, amount in fixed.items():
            words = f"{hand.replace('_', ' ')} {Decimal(amount):,.0f}"
            assert words in posted, (item.seed, item.difficulty, words, posted)


def test_craps_art1_cocked_die_options_say_which_face() -> None:
    """A cocked die counts its most exposed upper face: the wrong option names the less exposed
    face, never "the lower face" (which reads as the smaller number, here often the right one)."""
    for item in _items("craps.rulings"):
        if item.situation["ruling"] != "cocked_die":
            continue
        flat, (high, low) = item.situation["dice"]
        labels = {o.id: o.label.english() for o in item.expected.options}
        assert labels["right"].startswith(f"{flat + high}: the most exposed upper face")
        wrong = [o for o in item.expected.options if o.label.english().startswith(f"{flat + low}:")]
        assert len(wrong) == 1
        assert "less exposed face" in wrong[0].label.english()
        assert "lower" not in wrong[0].label.english()
        assert wrong[0].mistake is not None
        assert f"{high}, not the less exposed {low}" in wrong[0].mistake.english()


#: Art. 2(2) and Art. 3(2) of Portaria n.º 97/85/M: the odds, "para" as written.
RIGHT_ODDS = {4: "2 to 1", 10: "2 to 1", 5: "3 to 2", 9: "3 to 2", 6: "6 to 5", 8: "6 to 5"}
LAY_ODDS = {4: "1 to 2", 10: "1 to 2", 5: "2 to 3", 9: "2 to 3", 6: "5 to 6", 8: "5 to 6"}


def test_craps_art2_2_odds_drill_cites_the_odds_and_shows_their_payout() -> None:
    """An odds item cites the odds' article (2(2) or 3(2)), not the line bet's 2(1) or 3(1),
    and a winning odds bet's line shows the payout of that article ("15 at 2 to 3 wins 10")."""
    for item in _items("craps.odds_payout"):
        point = item.question.params["point"]
        assert isinstance(point, int)
        dont = any("Odds behind Don't Pass" in t.english() for t in item.solution)
        article = "Art. 3(2)" if dont else "Art. 2(2)"
        assert str(item.citation) == f"craps-1985 {article}", (item.seed, item.difficulty)
        for line in (t.english() for t in item.solution):
            if line.startswith("Odds behind") and " wins " in line:
                pays = (LAY_ODDS if dont else RIGHT_ODDS)[point]
                assert f" at {pays} wins " in line, line


def _texts_of_art5_1_differ(item: DrillItem) -> bool:
    """Art. 5(1): the Portuguese text pays six-lines, streets, corners; the Chinese text
    「六門、四門騎，三門一列」 six-lines and corners as one step, then streets. They order a round
    differently exactly when a winning corner is paid in it with a winning six-line or street."""
    request = item.situation["request"]
    number = request["outcome"]["number"]
    won = {b["kind"] for b in request["bets"] if number in b.get("numbers", ())}
    return "corner" in won and bool(won & {"line", "street"})


def test_roulette_art5_1_wrong_order_feedback_shows_one_texts_order_as_one_of_two() -> None:
    """Where the two official texts order the round differently, the feedback of a wrong or
    late answer says the order it shows is one text's, not the only right one, which would
    contradict the worked solution's "The Chinese text of Art. 5(1) is right too"."""
    differing = 0
    for item in _items("roulette.pay_order"):
        flat = tuple(bet for group in item.expected.order for bet in group)
        for answer in (Answer(timed_out=True), Answer(order=tuple(reversed(flat)))):
            verdict = grade(item, answer)
            assert not verdict.correct
            last = verdict.feedback[-1].english()
            if _texts_of_art5_1_differ(item):
                assert verdict.feedback[-2].english().startswith("The right order: ")
                assert last.startswith("The right order shown follows the Portuguese text")
                assert "right too" in last
                worked = " ".join(t.english() for t in item.solution)
                assert "The Chinese text of Art. 5(1) is right too" in worked
            else:
                assert last.startswith("The right order: "), last
        differing += _texts_of_art5_1_differ(item)
    assert differing > 50
