"""Properties: any JSON gives a result or a clean error; legal hands keep the money right."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.cli import run
from dealer_trainer.rules.craps import OFF_TABLE, Bet, BetKind, Outcome, Roll, Table
from dealer_trainer.rules.craps.api import settle as api_settle
from dealer_trainer.rules.money import fmt, to_cents
from dealer_trainer.rules.rulesets import get_ruleset
from tests.rules.craps.helpers import new_table

OUTCOMES = {"win", "lose", "push", "open"}

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**15), 10**15)
    | st.text(max_size=8)
    | st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str)
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=12,
)
kinds = st.sampled_from([*(k.value for k in BetKind), "place", 3, None])
amounts = st.one_of(
    st.integers(-5, 500),
    st.sampled_from(["10", "7.5", "8.33", "0.01", "1e3", "-0", "x"]),
    st.decimals(min_value=0, max_value=1000, places=2).map(str),
)
craps_bets = st.fixed_dictionaries(
    {"id": st.sampled_from(["a", "b", "c", "d", 1]), "kind": kinds, "amount": amounts},
    optional={"number": st.integers(0, 13), "on": st.sampled_from(["a", "b", "c", "zz"])},
)
craps_rolls = st.one_of(
    st.tuples(st.integers(0, 7), st.integers(0, 7)).map(list),
    st.just("off_table"),
    json_scalars,
)
craps_events = st.one_of(
    craps_bets.map(lambda b: {"bet": b}), craps_rolls.map(lambda r: {"roll": r}), json_values
)
craps_requests = st.fixed_dictionaries(
    {"game": st.just("craps"), "events": st.lists(craps_events, max_size=12)},
    optional={"ruleset": st.sampled_from(["craps-1985", "craps-2010", "roulette-2003", 7])},
)


def run_settle(request: Any) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    code = run("settle", io.StringIO(json.dumps(request)), out)
    return code, json.loads(out.getvalue())


def check_answer(code: int, answer: dict[str, Any]) -> None:
    if code == 2:
        assert set(answer) == {"error"}
        assert answer["error"]["code"] != "internal_error", answer
        assert isinstance(answer["error"]["message"], str) and answer["error"]["message"]
        return
    assert code == 0
    assert set(answer) == {"results", "point"}
    assert answer["point"] in (None, 4, 5, 6, 8, 9, 10)
    for entry in answer["results"]:
        assert entry["outcome"] in OUTCOMES
        assert Decimal(entry["win"]) >= 0 and Decimal(entry["returned"]) >= 0
        assert entry["win"] == fmt(Decimal(entry["win"]))
        assert (entry["decided_at"] is None) == (entry["outcome"] == "open")
        assert entry["citation"].startswith(("craps-1985 Art. ", "craps-2010 Art. "))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_craps_cli_any_json_gives_a_result_or_a_clean_error(value: Any) -> None:
    check_answer(*run_settle(value))
    check_answer(*run_settle({"game": "craps", "events": value}))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(craps_requests)
def test_craps_cli_any_craps_shaped_request_gives_a_result_or_a_clean_error(
    request: dict[str, Any],
) -> None:
    check_answer(*run_settle(request))


# ------------------------------------------------------ legal shooter hands --

BET_KINDS = list(BetKind)


@st.composite
def shooter_hands(draw: st.DrawFn) -> tuple[str, list[Bet | Roll | str]]:
    """A legal history: random throws, and random bets kept only when the table accepts them."""
    ruleset_id = draw(st.sampled_from(["craps-1985", "craps-2010"]))
    table = new_table(ruleset_id)
    events: list[Bet | Roll | str] = []
    for step in range(draw(st.integers(1, 40))):
        backable = [s.id for s in table.bets if s.kind.is_line and s.is_open and s.point]
        if draw(st.integers(0, 2)) == 0:
            if backable and draw(st.integers(0, 3)) == 0:
                kind = BetKind.ODDS
            else:
                kind = draw(st.sampled_from(BET_KINDS))
            cents = draw(st.integers(0, 20000))
            number = draw(st.sampled_from([4, 5, 6, 8, 9, 10])) if kind.takes_number else None
            on = None
            if kind is BetKind.ODDS:
                on = draw(st.sampled_from(backable * 4 + [s.id for s in table.bets] + ["none"]))
            bet = Bet(f"b{step}", kind, Decimal(cents) / 100, number=number, on=on)
            if on is not None and on != "none" and table.bet(on).kind.is_line:
                room = table.odds_room(on)
                if room is not None and Fraction(bet.amount) > room:
                    bet = Bet(bet.id, kind, to_cents(room), on=on)
            if table.can_place(bet):
                table = table.place(bet)
                events.append(bet)
        elif draw(st.integers(0, 20)) == 0:
            table = table.roll(OFF_TABLE)
            events.append("off_table")
        else:
            roll = Roll(draw(st.integers(1, 6)), draw(st.integers(1, 6)))
            table = table.roll(roll)
            events.append(roll)
    return ruleset_id, events


def replay(ruleset_id: str, events: list[Bet | Roll | str]) -> Table:
    table = new_table(ruleset_id)
    for event in events:
        if isinstance(event, Bet):
            table = table.place(event)
        else:
            table = table.roll(OFF_TABLE if event == "off_table" else event)  # type: ignore[arg-type]
    return table


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shooter_hands())
def test_craps_random_legal_hands_keep_the_money_right(
    hand: tuple[str, list[Bet | Roll | str]],
) -> None:
    ruleset_id, events = hand
    table = replay(ruleset_id, events)
    stakes = wins = losses = paid_back = on_table = Decimal(0)
    for state in table.bets:
        stake = state.bet.amount
        stakes += stake
        decision = state.decision
        if decision is None:
            on_table += stake
            assert state.decided_at is None
            continue
        # Every decided bet was decided by a valid throw after it was placed.
        assert decision.event > state.placed_at
        assert isinstance(table.events[decision.event], Roll)
        assert decision.win >= 0 and decision.returned >= 0
        assert decision.win == to_cents(decision.exact_win, table.rules.rounding)
        if decision.outcome is Outcome.LOSE:
            assert decision.win == decision.returned == 0
            losses += stake
        elif decision.outcome is Outcome.PUSH:
            assert (decision.win, decision.returned) == (Decimal(0), stake)
        else:
            assert decision.returned == stake
        wins += decision.win
        paid_back += decision.returned + decision.win
        if state.kind.is_one_roll:
            first_roll = next(
                i
                for i in range(state.placed_at + 1, len(table.events))
                if isinstance(table.events[i], Roll)
            )
            assert decision.event == first_roll
    # A settled round's money adds up: what went back to the players and what is still on the
    # table is the stakes plus the wins minus the losses.
    assert paid_back + on_table == stakes + wins - losses
    # Art. 2(2): the odds' exact win never exceeds the line bet (craps-1985).
    if ruleset_id == "craps-1985":
        for state in table.bets:
            if state.kind in (BetKind.PASS, BetKind.COME):
                odds = table.odds_on(state.id)
                if odds:
                    assert state.point is not None
                    ratio = table.rules.odds_ratio(False, state.point)
                    assert sum(Fraction(o.bet.amount) * ratio for o in odds) <= state.bet.amount
    # The CLI answers the same history the same way.
    request = {
        "game": "craps",
        "ruleset": ruleset_id,
        "events": [
            {
                "bet": {
                    "id": e.id,
                    "kind": e.kind.value,
                    "amount": str(e.amount),
                    **({"number": e.number} if e.number is not None else {}),
                    **({"on": e.on} if e.on is not None else {}),
                }
            }
            if isinstance(e, Bet)
            else {"roll": "off_table" if e == "off_table" else [e.first, e.second]}  # type: ignore[union-attr]
            for e in events
        ],
    }
    answer = api_settle(request, get_ruleset(ruleset_id))
    assert answer["point"] == table.point
    assert [entry["id"] for entry in answer["results"]] == [s.id for s in table.bets]
    for entry, state in zip(answer["results"], table.bets, strict=True):
        assert entry["outcome"] == state.outcome.value
        assert entry["decided_at"] == state.decided_at
