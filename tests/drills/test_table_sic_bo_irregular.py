"""Sic Bo's irregularities at the live table (no Qt): each a house rule, since the Sic Bo
regulation is not on file. A void throw (the shaker opened before the dice came to rest, a
die leaning in the shaker, the shaker not shaken) is no throw: nothing is settled on it and
the dice are shaken again, the bets standing or handed back as the house sets; a bet after
the call "no more bets" is refused. Practice refuses a wrong ruling with its code and the
house rule; an exam scores it as an irregularity; a stored round rebuilds them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from dealer_trainer.drills.model import RESTS_ON_KINDS, Difficulty
from dealer_trainer.drills.table import TableMode, TableRound, new_round
from dealer_trainer.drills.table.exam import StepKind, score_round
from dealer_trainer.drills.table.irregular import rests_on
from dealer_trainer.drills.table.replay import replay_of
from dealer_trainer.rules.house import HouseBasis, HouseReference
from dealer_trainer.rules.irregular import Irregularity, judge_choice
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset
from dealer_trainer.rules.sic_bo import irregular as sic_bo
from tests.drills.test_table_irregular import _rule_to, deal_perfectly
from tests.drills.test_table_round import FakeClock, ListRecorder

pytestmark = pytest.mark.irregular

HOUSE = default_ruleset("sic_bo")
VOID_THROWS = (sic_bo.OPENED_EARLY, sic_bo.DIE_COCKED, sic_bo.NOT_SHAKEN)
#: Each void throw's own misreading, and its code.
MISREAD = {
    sic_bo.OPENED_EARLY: ("let_them_rest", "read_dice_opened_early"),
    sic_bo.DIE_COCKED: ("read_top", "read_a_cocked_die"),
    sic_bo.NOT_SHAKEN: ("shake_now", "no_throw_not_called"),
}


def _with(
    event: str,
    ruleset: Ruleset = HOUSE,
    mode: TableMode = TableMode.PRACTICE,
    recorder: ListRecorder | None = None,
    wanted: Callable[[TableRound], bool] = lambda r: True,
) -> TableRound:
    """The first seeded advanced round with ``event``."""
    for seed in range(2000):
        round_ = new_round(
            ruleset, seed, Difficulty.ADVANCED, clock=FakeClock(), mode=mode, recorder=recorder
        )
        if any(i.event == event for i in round_.irregularities) and wanted(round_):
            return round_
    raise AssertionError(f"no Sic Bo round of the first 2000 seeds has {event}")


def _is_house_ruling(irregularity: Irregularity) -> None:
    citation = irregularity.ruling.citation
    assert isinstance(citation, HouseReference) and citation.basis is HouseBasis.RULING
    assert str(citation) == "sic-bo-house house ruling"


@pytest.mark.parametrize("event", VOID_THROWS)
def test_sic_bo_house_rule_a_void_throw_settles_nothing_and_is_shaken_again(event: str) -> None:
    round_ = _with(event, wanted=lambda r: bool(r.missing()))
    _rule_to(round_, event)
    pending = round_.pending()
    assert pending is not None and pending.event == event
    _is_house_ruling(pending)
    assert not pending.ruling.round_stands  # the throw is void
    settled = round_.act(round_.missing()[0])  # a step on the void throw
    assert not settled.accepted and not settled.taken
    assert settled.verdict.code == "settled_void_throw"
    assert str(settled.verdict.citation) == "sic-bo-house house ruling"
    read = round_.rule("read")
    assert read.verdict.code == "settled_void_throw" and not read.accepted
    misread, code = MISREAD[event]
    assert round_.rule(misread).verdict.code == code
    assert round_.rule("no_throw_return").verdict.code == "void_throw_bets_returned"
    assert round_.pending() is pending  # practice: rule again
    assert round_.rule("no_throw").accepted
    deal_perfectly(round_)  # the round's throw is the next one: settled as usual
    assert round_.summary().complete


@pytest.mark.parametrize("event", VOID_THROWS)
def test_sic_bo_house_rule_a_house_that_hands_the_bets_back_rules_so(event: str) -> None:
    setting = str(sic_bo.VOID_THROWS[event])
    house = HOUSE.with_settings({setting: "no_throw_bets_returned"})
    dice = (2, 5, 5)
    returned = sic_bo.void_throw_at(house, event, dice)
    assert returned.ruling.code == f"sic_bo.{setting}.returned"
    assert "hand the bets back" in returned.right.label.source
    assert judge_choice(returned, "no_throw_stand").code == "void_throw_bets_kept"
    standing = sic_bo.void_throw_at(HOUSE, event, dice)
    assert "the bets stand" in standing.right.label.source
    assert judge_choice(standing, "no_throw").correct


def test_sic_bo_house_rule_a_bet_after_no_more_bets_is_refused() -> None:
    round_ = _with(sic_bo.LATE_BET, wanted=lambda r: bool(r.missing()))
    _rule_to(round_, sic_bo.LATE_BET)
    pending = round_.pending()
    assert pending is not None
    _is_house_ruling(pending)
    assert pending.ruling.round_stands  # the throw goes on
    settled = round_.act(round_.missing()[0])  # settling with the late bet on the layout
    assert settled.verdict.code == "accepted_late_bet" and not settled.taken
    assert round_.rule("accept").verdict.code == "accepted_late_bet"
    assert round_.rule("no_throw").verdict.code == "no_throw_for_late_bet"
    assert round_.rule("refuse_keep").verdict.code == "late_bet_kept"
    assert round_.rule("refuse_return").accepted
    deal_perfectly(round_)
    assert round_.summary().complete


def test_sic_bo_house_rule_a_late_bet_kept_for_the_next_throw_where_the_house_sets_it() -> None:
    house = HOUSE.with_settings({"bet_after_no_more_bets": "refused_kept_for_next_throw"})
    request = {"game": "sic_bo", "bets": [], "outcome": {"dice": [1, 2, 3]}}
    bet = {"id": "p1-late", "player": "p1", "kind": "total", "number": 9, "amount": "50.00"}
    late = sic_bo.late_bet_at(house, request, bet)
    assert late.ruling.code == "sic_bo.late_bet.kept"
    assert judge_choice(late, "refuse_keep").correct
    assert judge_choice(late, "refuse_return").code == "late_bet_handed_back"
    assert late.said.params["spot"] is not None  # the bet by its name, never its id


@pytest.mark.parametrize("event", [*VOID_THROWS, sic_bo.LATE_BET])
def test_sic_bo_house_rule_the_feedback_says_it_rests_on_the_house_not_an_article(
    event: str,
) -> None:
    irregularity = _with(event).irregularities[0]
    said = rests_on(irregularity)
    assert said and all(s.source == RESTS_ON_KINDS["house_ruling"] for s in said)
    assert "not on file" in said[0].params["text"].source  # type: ignore[union-attr]
    for choice in irregularity.choices:
        if choice.why is not None:
            assert "house" in choice.why.source, choice.id  # "a house ruling", "this house's table"


def test_sic_bo_house_rule_the_irregularities_follow_the_difficulty_and_the_seed() -> None:
    counts = {
        d: sum(bool(new_round(HOUSE, s, d).irregularities) for s in range(200)) for d in Difficulty
    }
    assert counts[Difficulty.BEGINNER] == 0
    assert 0 < counts[Difficulty.INTERMEDIATE] < counts[Difficulty.ADVANCED]
    dealt = {
        i.event for s in range(200) for i in new_round(HOUSE, s, Difficulty.ADVANCED).irregularities
    }
    assert dealt == set(sic_bo.EVENTS)
    # the round's bets and throw are the same with or without them (a stream of their own)
    clean = new_round(HOUSE, 7, Difficulty.BEGINNER).situation.request
    assert clean == new_round(HOUSE, 7, Difficulty.BEGINNER).situation.request


def test_sic_bo_house_rule_an_exam_scores_a_wrong_ruling_as_an_irregularity_and_replays() -> None:
    recorder = ListRecorder()
    round_ = _with(sic_bo.DIE_COCKED, mode=TableMode.EXAM, recorder=recorder)
    _rule_to(round_, sic_bo.DIE_COCKED)
    wrong = round_.rule("read_top")
    assert not wrong.accepted and wrong.taken  # the round goes on as the house rules
    assert ("step", wrong) in recorder.events  # stored as it was judged
    assert wrong.to_json()["step"] == {
        "action": "ruling",
        "event": "sic_bo.die_not_flat",
        "choice": "read_top",
    }
    deal_perfectly(round_)
    score = score_round(round_)
    tally = score.by_kind[StepKind.IRREGULARITY]
    assert tally.out_of == len(round_.irregularities) and tally.right == tally.out_of - 1
    assert score.codes == {"read_a_cocked_die": 1}
    replay = replay_of(round_)
    assert replay.agrees
    assert [i.to_json() for i in replay.round.irregularities] == [
        i.to_json() for i in round_.irregularities
    ]
    assert [f.attempt.ruling for f in replay.frames] == [a.ruling for a in round_.attempts]
