"""The table as immutable records: the felt and the drills replay a hand event by event."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dealer_trainer.rules.craps import Bet, BetKind, Outcome, Roll, Table
from dealer_trainer.rules.errors import RulesError
from tests.rules.craps.helpers import bet, new_table, play, rules


def test_craps_bet_kinds_are_exactly_those_of_the_cli_contract() -> None:
    assert [kind.value for kind in BetKind] == [
        "pass", "dont_pass", "come", "dont_come", "odds", "field", "hard",
        "big7", "eleven", "any_craps", "big",
    ]  # fmt: skip


def test_craps_each_event_returns_a_new_table_and_leaves_the_old_one_as_it_was() -> None:
    before = play(new_table(), bet("p", "pass", 10), (2, 2))
    after = play(before, bet("o", "odds", 5, on="p"), (1, 3))
    assert before.point == 4 and before.bet("p").is_open and not before.has_bet("o")
    assert after.point is None and after.bet("p").outcome is Outcome.WIN
    # Two futures from one table do not see each other's bets.
    left = before.place(bet("x", "field", 1))
    right = before.place(bet("y", "field", 1))
    assert left.has_bet("x") and not left.has_bet("y")
    assert right.has_bet("y") and not right.has_bet("x")


def test_craps_replay_shows_point_come_point_and_odds_after_every_event() -> None:
    steps: list[Bet | tuple[int, int]] = [
        bet("p", "pass", 10), (3, 3), bet("c", "come", 10), (4, 4),
        bet("o", "odds", 5, on="c"), (5, 1),
    ]  # fmt: skip
    tables = [new_table()]
    for step in steps:
        tables.append(play(tables[-1], step))
    assert [t.point for t in tables] == [None, None, 6, 6, 6, 6, None]
    assert [t.bet("c").point for t in tables[3:]] == [None, 8, 8, 8]
    assert [s.id for s in tables[5].odds_on("c")] == ["o"]
    assert [s.id for s in tables[6].decided_by(5)] == ["p"]
    assert [s.id for s in tables[6].open_bets()] == ["c", "o"]


def test_craps_table_built_by_hand_indexes_its_bets() -> None:
    played = play(new_table(), bet("p", "pass", 10), (2, 2), bet("o", "odds", 5, on="p"))
    rebuilt = Table(played.rules, played.point, played.bets, played.events)
    assert rebuilt == played
    assert rebuilt.odds_on("p") == played.odds_on("p")
    assert rebuilt.roll(Roll(2, 2)).bet("o").outcome is Outcome.WIN
    with pytest.raises(RulesError):
        Table(rules(), None, (played.bets[0], replace(played.bets[1], bet=bet("p", "field", 1))))


@pytest.mark.parametrize(
    ("candidate", "code"),
    [
        (bet("p", "pass", 1), "bet_not_allowed_now"),
        (bet("o", "odds", 1, on="c"), "unknown_bet"),
        (bet("c", "come", 1), None),
    ],
)
def test_craps_verify_placing_and_can_place_give_the_same_answer(
    candidate: Bet, code: str | None
) -> None:
    table = play(new_table(), (2, 2))
    assert table.can_place(candidate) is (code is None)
    assert table.placing_citation(candidate).article == 2
    if code is None:
        table.verify_placing(candidate)
    else:
        with pytest.raises(RulesError) as caught:
            table.verify_placing(candidate)
        assert caught.value.code == code
