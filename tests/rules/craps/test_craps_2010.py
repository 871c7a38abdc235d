"""craps-2010 (Despacho n.º 53/2010): its line bets of Art. 2(2), "bar" 12, odds without a cap."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import Outcome, irregular
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import get_ruleset
from tests.rules.craps.helpers import bet, new_table, play


def cite_2010(item: int) -> Citation:
    return Citation("craps-2010", 2, 2, item)


def test_craps_2010_ruleset_is_partial_pending_art6_and_says_53_2010_revoked_97_85_m() -> None:
    ruleset = get_ruleset("craps-2010")
    assert ruleset.status == "partial"
    assert not ruleset.is_default
    notes = " ".join(ruleset.notes)
    assert "Art. 6" in notes and "not on file" in notes
    assert "revoked Portaria n.º 97/85/M" in notes
    assert "pending Art. 6" in ruleset.title
    assert ruleset.setting("payout_table") == "pending_art_6"


def test_craps_2010_art2_2_1_pass_line_cites_the_2010_text() -> None:
    table = play(new_table("craps-2010"), bet("p", "pass", 10), (5, 6))
    assert table.bet("p").outcome is Outcome.WIN
    assert table.bet("p").citation == cite_2010(1)


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [
        ((1, 1), Outcome.WIN),
        ((1, 2), Outcome.WIN),
        ((6, 6), Outcome.OPEN),
        ((3, 4), Outcome.LOSE),
        ((5, 6), Outcome.LOSE),
    ],
)
def test_craps_2010_art2_2_3_dont_pass_twelve_is_bar(
    dice: tuple[int, int], outcome: Outcome
) -> None:
    table = play(new_table("craps-2010"), bet("d", "dont_pass", 10), dice)
    state = table.bet("d")
    assert state.outcome is outcome
    assert state.citation == cite_2010(3)
    if dice == (6, 6):  # "bar": neither wins nor loses; the bet stays
        assert state.decision is None and state.ties == (1,)


def test_craps_2010_art2_2_2_pass_line_additional_bet_has_no_cap() -> None:
    table = play(new_table("craps-2010"), bet("p", "pass", 10), (3, 3))
    assert table.odds_room("p") is None
    table = play(table, bet("o", "odds", 100, on="p"), (5, 1))
    state = table.bet("o")
    assert state.outcome is Outcome.WIN
    assert state.decision is not None and state.decision.win == Decimal("120.00")
    assert state.citation == cite_2010(2)


def test_craps_2010_art2_2_4_dont_pass_additional_bet_is_paid_at_true_lay_odds() -> None:
    table = play(new_table("craps-2010"), bet("d", "dont_pass", 10), (4, 5))
    table = play(table, bet("o", "odds", 30, on="d"), (2, 5))
    state = table.bet("o")
    assert state.decision is not None and state.decision.win == Decimal("20.00")
    assert state.citation == cite_2010(4)


def test_craps_2010_art2_2_5_come_with_its_come_number_and_additional_bet() -> None:
    with pytest.raises(RulesError) as caught:
        new_table("craps-2010").place(bet("c", "come", 10))
    assert caught.value.code == "no_point" and caught.value.citation == cite_2010(5)
    table = play(new_table("craps-2010"), (2, 2), bet("c", "come", 10), (5, 5))
    table = play(table, bet("o", "odds", 50, on="c"), (6, 4))
    assert table.bet("c").citation == cite_2010(5)
    assert table.bet("o").citation == cite_2010(5)
    assert table.bet("o").decision is not None
    assert table.bet("o").decision.win == Decimal("100.00")  # type: ignore[union-attr]


def test_craps_2010_art2_2_6_dont_come_twelve_is_bar() -> None:
    table = play(new_table("craps-2010"), (2, 2), bet("d", "dont_come", 10), (6, 6))
    assert table.bet("d").outcome is Outcome.OPEN and table.bet("d").ties == (2,)
    assert table.bet("d").citation == cite_2010(6)


def test_craps_2010_other_bets_are_those_of_craps_1985_and_cite_it() -> None:
    table = play(
        new_table("craps-2010"),
        bet("f", "field", 10),
        bet("h", "hard", 5, number=6),
        bet("b", "big", 6, number=8),
        (3, 3),
    )
    assert table.bet("f").citation == Citation("craps-1985", 4)
    assert table.bet("h").citation == Citation("craps-1985", 5)
    assert table.bet("h").decision is not None
    assert table.bet("h").decision.win == Decimal("45.00")  # type: ignore[union-attr]
    assert table.bet("b").citation == Citation("craps-1985", 9)


def test_craps_2010_a_house_may_restore_the_1985_odds_limit() -> None:
    table = play(
        new_table("craps-2010", odds_limit="win_up_to_line_bet"), bet("p", "pass", 10), (3, 3)
    )
    with pytest.raises(RulesError) as caught:
        table.place(bet("o", "odds", "8.34", on="p"))
    assert caught.value.code == "odds_over_limit"
    assert caught.value.citation == cite_2010(2)


def test_craps_2010_line_bets_decide_as_craps_1985_on_every_throw() -> None:
    """The two texts agree on the line bets: same outcomes for every come-out and point throw."""
    dice = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    for kind in ("pass", "dont_pass"):
        for first in dice:
            for second in dice:
                old = play(new_table("craps-1985"), bet("x", kind, 10), first, second).bet("x")
                new = play(new_table("craps-2010"), bet("x", kind, 10), first, second).bet("x")
                assert (old.outcome, old.decided_at, old.point) == (
                    new.outcome,
                    new.decided_at,
                    new.point,
                )


def test_craps_2010_art2_2_1_a_line_bet_refused_on_a_point_says_it_is_an_interpretation() -> None:
    with pytest.raises(RulesError) as caught:
        play(new_table("craps-2010"), (2, 2)).place(bet("p", "pass", 10))
    assert caught.value.code == "bet_not_allowed_now"
    assert caught.value.citation == cite_2010(1)
    assert "an interpretation (a setting of the ruleset)" in caught.value.message
    assert "does not say when it may be made" in caught.value.message
    assert caught.value.text is not None  # said in the window's language too


def test_craps_2010_art1_of_1985_borrowed_for_the_throw_is_said_so() -> None:
    ruled = irregular.off_table_at(get_ruleset("craps-2010"), 3, 4)
    assert str(ruled.ruling.citation) == "craps-1985 Art. 1"
    [said] = [r.english() for r in ruled.readings]
    assert said.startswith("Art. 1 is of Portaria n.º 97/85/M: the part of Despacho n.º 53/2010")
    assert "which Despacho n.º 53/2010 revoked" in said
    # under craps-1985 the article is the text's own: nothing to say
    assert irregular.off_table_at(get_ruleset("craps-1985"), 3, 4).readings == ()
