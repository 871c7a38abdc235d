"""Craps's irregularities at the live table, ruled by ``rulings.py`` and the table's checks.

- the throw judged first (Art. 1): a die off the table makes the throw no roll (it is
  repeated; the round's throw is the next one); a cocked die counts its most exposed
  upper face (:func:`~rulings.rule_throw` says which throw that is);
- a player asks for odds behind a line or come bet before the throw: the table's own
  check (:meth:`Table.verify_placing`, the Art. 2(2) cap where the ruleset sets one)
  accepts it or refuses it (``odds_over_limit``), and so must the dealer.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import api
from dealer_trainer.rules.craps.config import CrapsRules
from dealer_trainer.rules.craps.model import Bet, BetKind, Roll
from dealer_trainer.rules.craps.rulings import CockedDie, rule_throw
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.irregular import Choice, Irregularity
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.rulings import BetFate, Ruling
from dealer_trainer.rules.text import T, Text

OFF_TABLE = "craps.off_table"
COCKED_DIE = "craps.cocked_die"
ODDS_REQUEST = "craps.odds_request"
EVENTS = (ODDS_REQUEST, OFF_TABLE, COCKED_DIE)


def last_roll(request: Mapping[str, Any]) -> tuple[int, int]:
    """The round's throw: the request's last roll."""
    rolls = [e["roll"] for e in request["events"] if "roll" in e]
    first, second = rolls[-1]
    return int(first), int(second)


def before_last_roll(request: Mapping[str, Any]) -> dict[str, Any]:
    """The request as the table stood before the round's throw."""
    events = list(request["events"])
    last = max(i for i, e in enumerate(events) if "roll" in e)
    return {**request, "events": events[:last]}


def off_table_at(ruleset: Ruleset, on_table: int, off: int) -> Irregularity:
    """The shooter throws; one die shows ``on_table``, the other (``off``) leaves the table."""
    rules = CrapsRules.from_ruleset(ruleset)
    ruled = rule_throw(on_table, off, rules, left_table=True)
    ruling = ruled.ruling
    return Irregularity(
        event=OFF_TABLE,
        said=T(
            "The shooter throws: one die shows {face}; the other bounces off the table "
            "and lands on the floor showing {off}.",
            face=on_table,
            off=off,
        ),
        ruling=ruling,
        choices=(
            Choice(
                "no_roll",
                T('Call "no roll": every bet stays as it is and the shooter throws again.'),
                ruling.code,
            ),
            Choice(
                "count",
                T("Count the throw as it lies: {total}, and settle it.", total=on_table + off),
                None,
                "settled_no_roll",
                T("A throw with a die off the table is not valid: it decides no bet (Art. 1)."),
            ),
            Choice(
                "reroll_one",
                T("Throw the lost die again and add it to {face}.", face=on_table),
                None,
                "rethrew_one_die",
                T("The whole throw is repeated, not one die (Art. 1)."),
            ),
        ),
        unruled="settled_no_roll",
        unruled_why=T(
            "That throw was no roll (a die left the table): nothing is settled on it; "
            "the shooter throws again (Art. 1)."
        ),
        detail={"dice": [on_table, off]},
        readings=_borrowed(rules, ruling.citation),
    )


def _borrowed(rules: CrapsRules, citation: Citation | None) -> tuple[Text, ...]:
    """The words that say a ruling's article is another text's (craps-2010's throw)."""
    said = None if citation is None else rules.borrowed(citation)
    return () if said is None else (said,)


def cocked_at(ruleset: Ruleset, request: Mapping[str, Any], die: int, low: int) -> Irregularity:
    """The round's throw with die ``die`` (0 or 1) cocked: its face up is the more exposed,
    ``low`` the less exposed upper face."""
    rules = CrapsRules.from_ruleset(ruleset)
    faces = list(last_roll(request))
    high = faces[die]
    lie: list[int | CockedDie] = list(faces)
    lie[die] = CockedDie.of({high: 3, low: 1})
    ruled = rule_throw(lie[0], lie[1], rules)
    if ruled.throw != Roll(faces[0], faces[1]):  # pragma: no cover - the rules core's reading
        raise ValueError("the cocked die does not count the round's throw")
    ruling = ruled.ruling
    other = faces[1 - die]
    return Irregularity(
        event=COCKED_DIE,
        said=T(
            "One die shows {face}. The other leans on a chip stack: {high} is the more "
            "exposed upper face, {low} the less.",
            face=other,
            high=high,
            low=low,
        ),
        ruling=ruling,
        choices=(
            Choice(
                "most_exposed",
                T("{total}: the most exposed upper face counts.", total=other + high),
                ruling.code,
            ),
            Choice(
                "no_roll",
                T('Call "no roll": a cocked die makes the throw invalid.'),
                None,
                "no_roll_on_cocked_die",
                T("Only a die leaving the table makes a throw invalid (Art. 1)."),
            ),
            Choice(
                "less_exposed",
                T("{total}: the less exposed face counts.", total=other + low),
                None,
                "counted_less_exposed_face",
                T(
                    "The most exposed upper face counts, {high}, not the less exposed {low} "
                    "(Art. 1).",
                    high=high,
                    low=low,
                ),
            ),
        ),
        unruled="throw_not_ruled",
        unruled_why=T(
            "Judge the throw first: a cocked die counts its most exposed upper face (Art. 1)."
        ),
        detail={"die": die, "low": low},
        readings=_borrowed(rules, ruling.citation),
    )


def odds_request_at(
    ruleset: Ruleset, request: Mapping[str, Any], on: str, amount: Decimal
) -> Irregularity:
    """Before the throw, a player asks for odds of ``amount`` behind their bet ``on``; the
    table's check (the Art. 2(2) cap where the ruleset sets one) accepts or refuses it.
    An odds bet accepted is one of the request's: the table stood as the request has it."""
    before = before_last_roll(request)
    table = api.replay(
        {**before, "events": [e for e in before["events"] if not _is_odds_on(e, on, amount)]},
        ruleset,
    )
    odds = Bet(id=f"{on}-odds-asked", kind=BetKind.ODDS, amount=amount, on=on)
    backed = table.bet(on)
    point = backed.point
    try:
        table.verify_placing(odds)
    except RulesError as refused:
        if refused.code != "odds_over_limit" or refused.citation is None:
            raise
        largest = table.odds_room(on)
        assert largest is not None
        ruling = Ruling(
            code="craps.odds_over_limit",
            decision=T(
                "The odds bet is refused: its win would exceed the line bet; the largest "
                "odds bet is {largest}.",
                largest=Decimal(int(largest * 100)) / 100,
            ),
            bets=BetFate.REFUSED,
            round_stands=True,
            steps=(T("Refuse the odds bet and tell the player the largest allowed."),),
            citation=refused.citation,
        )
        accept_mistake, refuse_mistake = "accepted_odds_over_limit", ""
        readings: tuple[Text, ...] = (
            T(
                '{article} says the odds\' win "may never exceed" the line bet; the limit '
                "is applied when the odds are taken, so the largest odds bet is the one "
                "whose win equals the line bet, and a larger one is refused.",
                article=refused.citation,
            ),
        )
    else:
        ruling = Ruling(
            code="craps.odds_accepted",
            decision=T("The odds bet is within the limit: it is accepted."),
            bets=BetFate.SETTLED_AS_USUAL,
            round_stands=True,
            steps=(T("Place the odds behind the bet."),),
            citation=table.placing_citation(odds),
        )
        accept_mistake, refuse_mistake = "", "refused_odds_within_limit"
        readings = ()
    return Irregularity(
        event=ODDS_REQUEST,
        said=T(
            "Before the throw, a player asks for odds of {amount} behind their bet on the "
            "point {point}.",
            amount=amount,
            point=point or 0,
        ),
        ruling=ruling,
        choices=(
            Choice(
                "accept",
                T("Accept the odds and place them behind the bet."),
                "craps.odds_accepted",
                accept_mistake,
                T("The odds' win may never exceed the line bet: this odds bet is over the limit.")
                if accept_mistake
                else None,
            ),
            Choice(
                "refuse",
                T("Refuse the odds: they are over the limit."),
                "craps.odds_over_limit",
                refuse_mistake,
                T("These odds are within the limit: a player may take them.")
                if refuse_mistake
                else None,
            ),
        ),
        unruled="odds_not_answered",
        unruled_why=T("A player is asking for odds: answer before the throw is settled."),
        detail={"on": on, "amount": f"{amount:.2f}"},
        readings=readings,
    )


def _is_odds_on(event: Mapping[str, Any], on: str, amount: Decimal) -> bool:
    bet = event.get("bet")
    return (
        isinstance(bet, Mapping)
        and bet.get("kind") == "odds"
        and bet.get("on") == on
        and Decimal(str(bet.get("amount"))) == amount
    )


def irregularity_of(
    ruleset: Ruleset, request: Mapping[str, Any], stored: Mapping[str, Any]
) -> Irregularity:
    """An irregularity again from its JSON (:meth:`Irregularity.to_json`)."""
    event = stored.get("event")
    detail = stored.get("detail") or {}
    if event == OFF_TABLE:
        on_table, off = detail["dice"]
        return off_table_at(ruleset, int(on_table), int(off))
    if event == COCKED_DIE:
        return cocked_at(ruleset, request, int(detail["die"]), int(detail["low"]))
    if event == ODDS_REQUEST:
        return odds_request_at(ruleset, request, str(detail["on"]), Decimal(detail["amount"]))
    raise ValueError(f"{event!r} is not a craps irregularity")
