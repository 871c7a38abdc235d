"""Art. 11 (irregularities) and Art. 12 (prohibitions) as rulings a drill can ask about."""

from __future__ import annotations

import pytest

from dealer_trainer.rules.caribbean_stud.cards import DECK
from dealer_trainer.rules.caribbean_stud.dealing import deal
from dealer_trainer.rules.caribbean_stud.irregular import irregularity
from dealer_trainer.rules.caribbean_stud.rulings import (
    Irregularity,
    IrregularityRuling,
    PlayerAct,
    all_rulings,
    card_to_empty_box,
    cards_exposed,
    prohibition,
    ruling_for_deal,
    shuffler_failure,
    wrong_card_count,
    wrong_dealing_procedure,
)
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.irregular import judge_choice
from dealer_trainer.rules.rulings import BetFate, Ruling

VOID = [wrong_dealing_procedure(), wrong_card_count(), cards_exposed(2)]


@pytest.mark.parametrize("ruling", VOID)
def test_caribbean_art11_1_void_round_returns_bets_and_carries_the_progressive_over(
    ruling: IrregularityRuling,
) -> None:
    assert not ruling.round_stands
    assert ruling.ante is BetFate.RETURNED
    assert ruling.progressive is BetFate.CARRIED_OVER
    assert ruling.redeal
    assert str(ruling.citation) == "caribbean-stud-2004 Art. 11(1)"


def test_caribbean_art11_2_one_card_exposed_the_round_stands() -> None:
    ruling = cards_exposed(1)
    assert ruling.irregularity is Irregularity.PLAYER_CARD_EXPOSED
    assert ruling.round_stands and not ruling.redeal
    assert ruling.ante is BetFate.SETTLED_AS_USUAL
    assert not ruling.dealer_cards_face_down
    assert str(ruling.citation) == "caribbean-stud-2004 Art. 11(2)"


def test_caribbean_art11_2_dealers_card_exposed_others_face_down() -> None:
    ruling = cards_exposed(1, dealer_card=True)
    assert ruling.round_stands
    assert ruling.dealer_cards_face_down
    assert "fifth" in ruling.explanation.english()


def test_caribbean_art11_1_and_2_ruling_follows_the_deal_record() -> None:
    dealt = deal(tuple(DECK), [1])
    assert ruling_for_deal(dealt) is None
    once = dealt.expose_by_mistake(1)  # the dealer's first card
    first = ruling_for_deal(once)
    assert first is not None and first.irregularity is Irregularity.DEALER_CARD_EXPOSED
    twice = once.expose_by_mistake(0)
    second = ruling_for_deal(twice)
    assert second is not None and second.irregularity is Irregularity.SEVERAL_CARDS_EXPOSED
    assert not second.round_stands


def test_caribbean_art11_3_cards_to_a_box_without_a_bet_are_a_dead_hand() -> None:
    ruling = card_to_empty_box()
    assert ruling.round_stands and ruling.dead_box and not ruling.redeal
    assert str(ruling.citation) == "caribbean-stud-2004 Art. 11(3)"


def test_caribbean_art11_4_shuffler_failure_voids_the_round_progressive_carried_over() -> None:
    ruling = shuffler_failure()
    assert not ruling.round_stands
    assert ruling.progressive is BetFate.CARRIED_OVER
    assert ruling.ante is BetFate.RETURNED
    assert str(ruling.citation) == "caribbean-stud-2004 Art. 11(4)"
    assert "shoe" in ruling.explanation.english()


def test_caribbean_art11_every_irregularity_has_exactly_one_ruling() -> None:
    rulings = all_rulings()
    assert {r.irregularity for r in rulings} == set(Irregularity)
    assert len(rulings) == len(Irregularity)
    assert all(r.explanation.english().endswith(".") for r in rulings)


def test_caribbean_art11_exposing_no_card_is_not_an_irregularity() -> None:
    with pytest.raises(ValueError, match="at least one"):
        cards_exposed(0)


@pytest.mark.parametrize(
    ("act", "citation"),
    [
        (PlayerAct.RECORD_RESULTS, "Art. 12(1)"),
        (PlayerAct.PREDICT_RESULTS, "Art. 12(1)"),
        (PlayerAct.PLAN_BETS, "Art. 12(1)"),
        (PlayerAct.TALK_WHILE_DECIDING, "Art. 12(2)"),
        (PlayerAct.SHARE_BOX, "Art. 6(1)"),
        (PlayerAct.LEAVE_TABLE_HOLDING_CARDS, "Art. 6(4)"),
    ],
)
def test_caribbean_art12_prohibitions_cite_their_article(act: PlayerAct, citation: str) -> None:
    assert prohibition(act).citation.article_ref == citation


@pytest.mark.parametrize("ruling", all_rulings())
def test_caribbean_art11_every_ruling_reads_as_the_shared_ruling_record(
    ruling: IrregularityRuling,
) -> None:
    shared = ruling.as_ruling()
    assert isinstance(shared, Ruling)
    assert shared.code == f"caribbean_stud.{ruling.irregularity.value}"
    assert shared.citation == ruling.citation
    assert shared.round_stands is ruling.round_stands
    assert shared.bets is ruling.ante
    if ruling.progressive is BetFate.CARRIED_OVER:
        assert any("carried over" in step.english() for step in shared.steps)


# --------------------------------------------- Art. 11 at the table: the choices --
#: What Art. 11 rules for each irregularity, as facts (the digest's words), by paragraph.
ART_11 = {
    Irregularity.WRONG_DEALING_PROCEDURE: ("Art. 11(1)", {"void", "antes back", "progressive on"}),
    Irregularity.WRONG_CARD_COUNT: ("Art. 11(1)", {"void", "antes back", "progressive on"}),
    Irregularity.SEVERAL_CARDS_EXPOSED: ("Art. 11(1)", {"void", "antes back", "progressive on"}),
    Irregularity.PLAYER_CARD_EXPOSED: ("Art. 11(2)", {"stands", "play on"}),
    Irregularity.DEALER_CARD_EXPOSED: (
        "Art. 11(2)",
        {"stands", "play on", "that card up", "dealer's others down"},
    ),
    Irregularity.CARD_TO_EMPTY_BOX: ("Art. 11(3)", {"stands", "play on", "dead hand"}),
    Irregularity.SHUFFLER_FAILURE: (
        "Art. 11(4)",
        {"void", "antes back", "progressive on", "machine or shoe"},
    ),
}
#: What a choice's words claim (in English), each a fact that must hold for it to be right.
CLAIMS = {
    "Void": "void",
    "antes returned": "antes back",
    "progressive bets carried over": "progressive on",
    "another machine or the shoe": "machine or shoe",
    "round stands": "stands",
    "Stands": "stands",
    "play on": "play on",
    "that card up": "that card up",
    "the dealer's others face down": "dealer's others down",
    "Dead hand": "dead hand",
    "turned down": "that card turned down",
    "the dealer's fifth up": "dealer's fifth up",
    "played like the others": "empty box played",
}


@pytest.mark.parametrize("kind", list(Irregularity), ids=lambda k: k.value)
def test_caribbean_stud_art11_the_table_offers_exactly_one_choice_every_word_of_which_is_true(
    kind: Irregularity,
) -> None:
    """At the live table each irregularity has four choices: exactly one says the ruling,
    and every other says something Art. 11 does not rule for it (so no trainee who picks
    the article's words is told they are wrong)."""
    paragraph, facts = ART_11[kind]
    event = irregularity(kind, 3, 7)
    assert len(event.choices) == 4
    true = []
    for choice in event.choices:
        words = choice.label.english()
        claims = {claim for said, claim in CLAIMS.items() if said in words}
        assert claims, words
        if claims <= facts:
            true.append(choice.id)
        verdict = judge_choice(event, choice.id)
        assert verdict.correct is (choice.carries_out is not None)
        if not verdict.correct:
            assert verdict.citation == Citation.parse(f"caribbean-stud-2004 {paragraph}")
    assert true == [event.right.id], true
