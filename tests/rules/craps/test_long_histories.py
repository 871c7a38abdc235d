"""A long shooter's hand settles in linear time (issue 16), and to the same answer as the
table stepped event by event: the rules CLI's ``settle`` replays a history in one pass."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.craps import api
from dealer_trainer.rules.craps.table import Play, Table
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import default_ruleset

RULESET = default_ruleset("craps")


def test_craps_art5_art9_a_throw_looks_only_at_the_bets_it_can_decide(monkeypatch: Any) -> None:
    """1,000 hard 4s stay open through 5,000 throws of 3: no throw may look at them."""
    looked = 0
    decide = Play._decide

    def counting(self: Play, *args: Any) -> Any:
        nonlocal looked
        looked += 1
        return decide(self, *args)

    monkeypatch.setattr(Play, "_decide", counting)
    events: list[dict[str, Any]] = [
        {"bet": {"id": f"h{n}", "kind": "hard", "number": 4, "amount": 5}} for n in range(1000)
    ]
    events += [{"roll": [1, 2]} for _ in range(5000)]
    answer = api.settle({"game": "craps", "events": events}, RULESET)
    assert all(r["outcome"] == "open" for r in answer["results"])
    assert looked == 0  # the old table decided 5,000,000 times: every open bet on every throw
    events.append({"roll": [3, 4]})  # a seven decides them all, once each
    looked = 0
    answer = api.settle({"game": "craps", "events": events}, RULESET)
    assert all(r["outcome"] == "lose" for r in answer["results"])
    assert looked == 1000


_bets: st.SearchStrategy[dict[str, Any]] = st.sampled_from(
    [
        {"kind": "pass"},
        {"kind": "dont_pass"},
        {"kind": "come"},
        {"kind": "dont_come"},
        {"kind": "field"},
        {"kind": "hard", "number": 6},
        {"kind": "hard", "number": 4},
        {"kind": "big", "number": 8},
        {"kind": "big", "number": 4},
        {"kind": "big7"},
        {"kind": "eleven"},
        {"kind": "any_craps"},
        {"kind": "odds"},
    ]
)
_events = st.lists(
    st.one_of(
        st.tuples(st.integers(1, 6), st.integers(1, 6)).map(lambda d: {"roll": list(d)}),
        st.just({"roll": "off_table"}),
        st.tuples(_bets, st.integers(1, 40)).map(lambda b: {"bet": {**b[0], "amount": b[1] * 5}}),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(_events)
def test_craps_one_pass_replay_equals_the_table_stepped_event_by_event(
    raw: list[dict[str, Any]],
) -> None:
    table, events = Table.new(RULESET), []
    for number, event in enumerate(raw):
        if "bet" in event:
            bet = {**event["bet"], "id": f"b{number}"}
            if bet["kind"] == "odds":  # back the newest bet that may take odds now
                backable = [s.id for s in table.open_bets() if s.kind.is_line and s.point]
                if not backable:
                    continue
                bet["on"] = backable[-1]
                bet["amount"] = 1
            try:
                table = table.place(api.read_bet(bet, "bet"))
            except RulesError:
                continue  # not a bet the table takes now: left out of both
            events.append({"bet": bet})
        else:
            table = table.roll(api.read_throw(event["roll"], "roll"))
            events.append(event)
    replayed = api.replay({"game": "craps", "events": events}, RULESET)
    assert replayed.bets == table.bets
    assert replayed.point == table.point
    assert replayed.open_bets() == table.open_bets()
