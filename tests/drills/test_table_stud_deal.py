"""Caribbean Stud's deal at the live table, the engine alone (no Qt): the progressive bets
taken before the first card (Despacho 61/2004, Art. 6(3)), each a step of the deal judged
by the rules core; one asked for after the first card refused."""

from __future__ import annotations

import dataclasses

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import new_round, round_of
from dealer_trainer.drills.table.stud_dealing import Moment, StudRound
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.rulesets import default_ruleset

STUD = default_ruleset("caribbean_stud")
SEEDS = range(60)


def _round(seed: int, difficulty: Difficulty) -> StudRound:
    round_ = new_round(STUD, seed, difficulty)
    assert isinstance(round_, StudRound)
    return round_


def _staked(round_: StudRound) -> list[int]:
    """The boxes that bet the progressive, left to right."""
    boxes = round_.situation.request["boxes"]
    return sorted(int(b["box"]) for b in boxes if b.get("progressive") is True)


@pytest.mark.parametrize(
    "difficulty", [Difficulty.INTERMEDIATE, Difficulty.ADVANCED], ids=lambda d: d.name.lower()
)
def test_caribbean_stud_art6_3_every_progressive_bet_is_taken_before_the_first_card(
    difficulty: Difficulty,
) -> None:
    """Issue 35: the dealer takes each progressive bet before the first card is dealt, a
    step of the deal of its own (it was shown for one bet in five, the others simply on
    the table); the table waits for it, and the bet's chip is on the table once taken."""
    taken = 0
    for seed in SEEDS:
        round_ = _round(seed, difficulty)
        first_card = next(i for i, w in enumerate(round_.waits) if w.moment is Moment.DEAL)
        before = round_.waits[:first_card]
        assert all(w.moment is Moment.OFFER and w.cards_dealt == 0 for w in before), seed
        assert [w.box for w in before] == _staked(round_), seed  # each, left to right
        assert all(w.right == DealerCall(CallAction.ACCEPT_BET, w.box) for w in before)
        assert all(str(w.citation) == "caribbean-stud-2004 Art. 6(3)" for w in before)
        for wait in before:
            assert wait.box is not None
            shown = {int(b["box"]): b["progressive"] for b in round_.table_request()["boxes"]}
            assert shown[wait.box] is False  # not on the table until the dealer takes it
            assert round_.act(wait.right).accepted
            shown = {int(b["box"]): b["progressive"] for b in round_.table_request()["boxes"]}
            assert shown[wait.box] is True
            taken += 1
    assert taken > 2 * len(SEEDS)  # most boxes bet it (80 %), from intermediate on


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
def test_caribbean_stud_art6_3_a_progressive_asked_for_after_the_first_card_is_refused(
    difficulty: Difficulty,
) -> None:
    """A box that asks for the progressive once the cards are going out is refused, with
    Art. 6(3): only at a table with a progressive (the beginner's table has none)."""
    late = 0
    for seed in SEEDS:
        round_ = _round(seed, difficulty)
        offers = [w for w in round_.waits if w.moment is Moment.OFFER and w.cards_dealt]
        if "progressive" not in round_.situation.request:
            assert not [w for w in round_.waits if w.moment is Moment.OFFER], seed
            continue
        for wait in offers:
            assert wait.box not in _staked(round_)
            assert wait.right == DealerCall(CallAction.REFUSE_BET, wait.box)
        late += len(offers)
    assert late > 0 or difficulty is Difficulty.BEGINNER


def test_caribbean_stud_art6_3_a_progressive_bet_refused_before_the_first_card_is_wrong() -> None:
    """The rules core judges the step: refusing a progressive bet before the first card is
    ``early_progressive_refused`` (Art. 6(3)); practice waits for the bet to be taken."""
    seed = next(s for s in SEEDS if _staked(_round(s, Difficulty.ADVANCED)))
    round_ = _round(seed, Difficulty.ADVANCED)
    wait = round_.waiting
    assert wait is not None and wait.moment is Moment.OFFER and wait.box is not None
    attempt = round_.act(DealerCall(CallAction.REFUSE_BET, wait.box))
    assert not attempt.accepted and not attempt.taken
    assert attempt.verdict.code == "early_progressive_refused"
    assert str(attempt.verdict.citation) == "caribbean-stud-2004 Art. 6(3)"
    assert round_.waiting is wait


def test_caribbean_stud_a_stored_deal_replays_with_the_offers_it_was_dealt_with() -> None:
    """A round stored before every progressive bet was a step keeps its own offers: it
    replays as it was dealt."""
    seed = next(s for s in SEEDS if len(_staked(_round(s, Difficulty.ADVANCED))) >= 2)
    dealt = _round(seed, Difficulty.ADVANCED)
    assert dealt.situation.dealing is not None
    first = _staked(dealt)[0]
    stored = dict(dealt.situation.dealing)
    stored["offers"] = [{"box": first, "after": 0}]  # one bet of several shown, as then
    old = dataclasses.replace(dealt.situation, dealing=stored)
    again = round_of(STUD, seed, Difficulty.ADVANCED, old)
    assert isinstance(again, StudRound)
    assert [w.box for w in again.waits if w.moment is Moment.OFFER and not w.cards_dealt] == [first]


def test_caribbean_stud_art11_1_two_cards_exposed_only_once_two_are_out() -> None:
    """Two cards exposed while dealing (Art. 11(1)) came up with one card out of the shoe
    ("two cards were turned face up …" beside a lone card): it comes once two are out,
    and both show face up on the felt until the round is ruled void."""
    from dealer_trainer.rules.caribbean_stud.rulings import Irregularity

    met = 0
    for seed in range(400):
        round_ = _round(seed, Difficulty.ADVANCED)
        for wait in round_.waits:
            if wait.irregularity is Irregularity.SEVERAL_CARDS_EXPOSED:
                assert wait.cards_dealt >= 2, seed
                while round_.waiting is not wait:
                    assert round_.act(round_.waits[round_.at].right).accepted
                cards = round_.visible_cards()
                assert sum(c is not None for hand in cards.values() for c in hand) == 2
                met += 1
    assert met > 5
