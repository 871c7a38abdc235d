"""Art. 1: An invalid throw decides nothing; a cocked die counts its most exposed face."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import OFF_TABLE, CockedDie, Outcome, Roll, rule_throw
from dealer_trainer.rules.craps.rulings import all_rulings
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulings import BetFate
from tests.rules.craps.helpers import bet, new_table, play, rules

ART_1 = Citation("craps-1985", 1)


def test_craps_art1_off_table_throw_decides_no_bet_and_keeps_the_point() -> None:
    table = play(
        new_table(),
        bet("p", "pass", 10),
        (2, 2),
        bet("f", "field", 5),
        bet("s", "big7", 5),
        bet("h", "hard", 5, number=4),
        bet("b", "big", 6, number=4),
        "off_table",
    )
    assert table.point == 4
    assert all(state.outcome is Outcome.OPEN for state in table.bets)
    assert table.next_event == 7  # the invalid throw is still an event
    assert table.decided_by(6) == ()


def test_craps_art1_throw_after_an_invalid_one_decides_with_its_own_index() -> None:
    table = play(new_table(), bet("f", "field", 5), "off_table", (6, 6))
    field = table.bet("f")
    assert field.outcome is Outcome.WIN
    assert field.decided_at == 2


def test_craps_art1_off_table_on_come_out_neither_wins_nor_makes_a_point() -> None:
    table = play(new_table(), bet("p", "pass", 10), bet("d", "dont_pass", 10), "off_table")
    assert table.point is None
    assert table.bet("p").point is None
    assert table.bet("d").is_open


def test_craps_art1_die_off_the_table_is_invalid_whatever_the_dice_show() -> None:
    ruling = rule_throw(6, 1, rules(), left_table=True)
    assert ruling.throw is OFF_TABLE
    assert ruling.citation == ART_1
    assert ruling.ruling.code == "craps.off_table"
    assert ruling.ruling.bets is BetFate.STAND
    assert not ruling.ruling.round_stands


def test_craps_art1_cocked_die_counts_its_most_exposed_upper_face() -> None:
    cocked = CockedDie.of({3: Fraction(2, 3), 5: Fraction(1, 3)})
    ruling = rule_throw(cocked, 4, rules())
    assert ruling.throw == Roll(3, 4)
    assert ruling.citation == ART_1
    assert ruling.ruling.code == "craps.cocked_die"
    assert "most exposed" in ruling.ruling.decision.english()
    assert ruling.ruling.bets is BetFate.SETTLED_AS_USUAL


def test_craps_art1_cocked_die_on_a_corner_counts_the_face_most_exposed_of_three() -> None:
    cocked = CockedDie.of({1: Fraction(1, 5), 2: Fraction(3, 5), 3: Fraction(1, 5)})
    assert rule_throw(5, cocked, rules()).throw == Roll(5, 2)


def test_craps_art1_equally_exposed_faces_are_not_decided_by_the_text() -> None:
    cocked = CockedDie.of({2: Fraction(1, 2), 3: Fraction(1, 2)})
    with pytest.raises(RulesError) as caught:
        rule_throw(cocked, 4, rules())
    assert caught.value.code == "invalid_roll"
    assert caught.value.citation == ART_1


def test_craps_art1_opposite_faces_cannot_both_face_up() -> None:
    with pytest.raises(RulesError) as caught:
        rule_throw(CockedDie.of({1: 2, 6: 1}), 4, rules())
    assert caught.value.code == "invalid_roll"
    assert "add up to 7" in caught.value.message


@pytest.mark.parametrize("face", [0, 7, -1])
def test_craps_art1_a_die_has_faces_one_to_six(face: int) -> None:
    with pytest.raises(RulesError) as caught:
        Roll(face, 3)
    assert caught.value.code == "invalid_roll"
    with pytest.raises(RulesError):
        rule_throw(face, 3, rules())


def test_craps_art1_flat_dice_are_read_as_they_lie() -> None:
    ruling = rule_throw(5, 5, rules())
    assert ruling.throw == Roll(5, 5)
    assert ruling.throw.is_pair and ruling.throw.total == 10
    assert ruling.ruling.code == "craps.valid_throw"


def test_craps_art1_rulings_for_drills_all_cite_art1_in_both_rulesets() -> None:
    for ruleset_id, citation in (("craps-1985", ART_1), ("craps-2010", ART_1)):
        found = all_rulings(rules(ruleset_id))
        assert {r.code for r in found} == {"craps.off_table", "craps.cocked_die"}
        assert all(r.citation == citation and r.steps for r in found)
