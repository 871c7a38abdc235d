"""Baccarat: the dealer's work at the live table, and its judge (``docs/rules-cli.md``).

The coup first: the four cards of Art. 7(1), each a ``deal`` step (Player, Banker,
Player, Banker, ``shoe[0]`` to ``shoe[3]``), then the Player's decision and then the
Banker's, each ``draw`` (with the next card of the shoe) or ``stand`` (after a natural,
both stand), cited to the drawing rules (a secondary text: the article is not on file).
Then the settlement: every ``collect`` first (table procedure, as at craps: the text sets
no order), then the ``pay``, ``return`` and ``commission`` steps in any order.  A winning
bet is one ``pay`` of its ``paid``; a push one ``return``; under ``commission_collect`` =
``box`` a Banker win whose commission is more than 0.00 also has a ``commission`` step.

``judge`` names the first step after which no correct finish is possible, with the first
code of the contract's list that applies to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from typing import Any

from dealer_trainer.rules.baccarat.api import Request, read_request
from dealer_trainer.rules.baccarat.authority import Basis, authority
from dealer_trainer.rules.baccarat.cards import Card, points
from dealer_trainer.rules.baccarat.coup import CoupStep, Hand, StepKind, coup_steps
from dealer_trainer.rules.baccarat.settle import BetResult, Outcome, commission_on
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError, shown
from dealer_trainer.rules.money import fmt, parse_amount
from dealer_trainer.rules.procedure import Verdict
from dealer_trainer.rules.requests import expect_list, invalid, read_steps
from dealer_trainer.rules.rulesets import Ruleset

BetId = str | int


@unique
class Action(StrEnum):
    """The steps of the baccarat table."""

    DEAL = "deal"
    DRAW = "draw"
    STAND = "stand"
    COLLECT = "collect"
    PAY = "pay"
    RETURN = "return"
    COMMISSION = "commission"


COUP_ACTIONS = frozenset({Action.DEAL, Action.DRAW, Action.STAND})
SETTLING = frozenset({Action.COLLECT, Action.PAY, Action.RETURN})
_VERBS = {
    Action.COLLECT: "collect",
    Action.PAY: "pay",
    Action.RETURN: "return",
    Action.COMMISSION: "mark the commission of",
}
_HANDS = {Hand.PLAYER: "the Player", Hand.BANKER: "the Banker"}


@dataclass(frozen=True)
class Step:
    """One step of the dealer's work, as planned or as a trainee did it.

    ``action`` is as written (a step done may name an action that is not the table's);
    ``to`` (a deal), ``hand`` (a draw or stand) and ``card`` are as written too, for a step
    done: a card or hand that is not the shoe's is a judged mistake, not bad input.
    """

    action: str
    to: Any = None
    hand: Any = None
    card: Any = None
    bet: BetId | None = None
    amount: Decimal | None = None
    citation: Citation | None = None
    #: A settlement step that names no bet by id (a box and spot, or several bets).
    names_other: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action}
        if self.action == Action.DEAL:
            out["to"] = self.to
        elif self.action in (Action.DRAW, Action.STAND):
            out["hand"] = self.hand
        if self.card is not None:
            out["card"] = self.card.code if isinstance(self.card, Card) else self.card
        if self.bet is not None:
            out["bet"] = self.bet
        if self.amount is not None:
            out["amount"] = fmt(self.amount)
        out["citation"] = None if self.citation is None else str(self.citation)
        return out


def _coup_step(step: CoupStep, citation: Citation) -> Step:
    if step.kind is StepKind.DEAL:
        return Step(str(step.kind), to=str(step.hand), card=step.card, citation=citation)
    return Step(str(step.kind), hand=str(step.hand), card=step.card, citation=citation)


@dataclass(frozen=True)
class Work:
    """The coup's six steps, the settlement, and what the judge needs to know of them."""

    read: Request
    coup: tuple[CoupStep, ...]
    coup_json: tuple[Step, ...]
    collects: tuple[Step, ...]
    settles: tuple[Step, ...]
    results: Mapping[str, BetResult]
    commission_table: bool
    rounding: str
    ruleset_id: str

    @property
    def groups(self) -> tuple[tuple[Step, ...], ...]:
        coup = tuple((step,) for step in self.coup_json)
        return tuple(g for g in (*coup, self.collects, self.settles) if g)

    def procedure_json(self) -> dict[str, Any]:
        return {"steps": [[step.to_json() for step in group] for group in self.groups]}

    def bet_name(self, bet_id: str) -> str:
        result = self.results[bet_id]
        kind = result.bet.kind.value.replace("_", " ")
        return f"bet {shown(self.read.given(result.bet))} ({kind})"

    @property
    def drawing_rules(self) -> Citation:
        return authority(Basis.DRAWING_RULES, self.ruleset_id)

    @property
    def dealing(self) -> Citation:
        return Citation(self.ruleset_id, 7, 1)


def work(request: Mapping[str, Any], ruleset: Ruleset) -> Work:
    """The dealer's work for a ``settle`` request."""
    read = read_request(request, ruleset)
    regulation = ruleset.base or ruleset.id
    steps = coup_steps(read.coup)
    dealing = Citation(regulation, 7, 1)
    drawing = authority(Basis.DRAWING_RULES, regulation)
    coup_json = tuple(
        _coup_step(step, dealing if step.kind is StepKind.DEAL else drawing) for step in steps
    )
    collects: list[Step] = []
    settles: list[Step] = []
    for result in read.results:
        bet = read.given(result.bet)
        if result.outcome is Outcome.LOSE:
            collects.append(Step(str(Action.COLLECT), bet=bet))
        elif result.outcome is Outcome.PUSH:
            settles.append(Step(str(Action.RETURN), bet=bet, citation=result.citation))
        else:
            settles.append(
                Step(str(Action.PAY), bet=bet, amount=result.paid, citation=result.citation)
            )
            if result.owes_commission:
                settles.append(
                    Step(
                        str(Action.COMMISSION),
                        bet=bet,
                        amount=result.commission,
                        citation=Citation(regulation, 18, 1),
                    )
                )
    return Work(
        read=read,
        coup=steps,
        coup_json=coup_json,
        collects=tuple(collects),
        settles=tuple(settles),
        results={r.bet.id: r for r in read.results},
        commission_table=ruleset.choice("commission") == "five_percent",
        rounding=ruleset.choice("commission_rounding"),
        ruleset_id=regulation,
    )


# ------------------------------------------------------------- reading steps --

_STEP_KEYS = frozenset(
    {"action", "bet", "bets", "box", "spot", "amount", "number", "to", "card", "hand", "citation"}
)


def read_done(request: Mapping[str, Any]) -> list[Step]:
    """The trainee's steps of a ``judge`` request: bad shapes and bad amounts are bad input."""
    return read_steps(request, _STEP_KEYS, _read_step)


def _read_step(obj: Mapping[str, Any], where: str) -> Step:
    action = obj.get("action")
    if not isinstance(action, str):
        raise invalid(
            f'{where}.action must be a step such as "deal" or "pay", not {shown(action)}.'
        )
    amount = None
    if "amount" in obj:
        try:
            amount = parse_amount(obj["amount"], f"{where}.amount")
        except RulesError as error:
            raise RulesError("invalid_amount", error.message) from None
    elif action in (Action.PAY, Action.COMMISSION):
        raise invalid(f'{where} is a {action} step without "amount".')
    bet: BetId | None = None
    names_other = False
    if action in SETTLING or action == Action.COMMISSION:
        if "bet" in obj:
            bet = _bet_id(obj["bet"], f"{where}.bet")
        elif "bets" in obj:
            listed = expect_list(obj["bets"], f"{where}.bets")
            ids = [_bet_id(v, f"{where}.bets") for v in listed]
            if len(ids) == 1:
                bet = ids[0]
            else:
                names_other = True
        elif "box" in obj:
            names_other = True
        else:
            raise invalid(f'{where} names no bet: give "bet".')
    return Step(
        action,
        to=obj.get("to"),
        hand=obj.get("hand"),
        card=obj.get("card"),
        bet=bet,
        amount=amount,
        names_other=names_other,
    )


def _bet_id(value: Any, where: str) -> BetId:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise invalid(f"{where} must be a bet id (a string or a whole number), not {shown(value)}.")
    return value


# ------------------------------------------------------------------ the judge --


def _same_card(given: Any, card: Card | None) -> bool:
    return card is not None and isinstance(given, str) and given.strip().upper() == card.code


def _decision_reason(work: Work, hand: Hand) -> str:
    """Why the hand draws or stands, in words: "the Banker stands on 6 when the Player's
    third card is a 9"."""
    coup = work.read.coup
    if coup.player.natural or coup.banker.natural:
        naturals = [
            f"{_HANDS[h]} {coup.hand(h).two_card_total}"
            for h in (Hand.PLAYER, Hand.BANKER)
            if coup.hand(h).natural
        ]
        return f"a natural ({' and '.join(naturals)}) ends the coup: neither hand draws"
    total = coup.hand(hand).two_card_total
    draws = coup.hand(hand).third_card is not None
    verb = "draws" if draws else "stands"
    if hand is Hand.PLAYER:
        return f"the Player {verb} on {total}"
    third = coup.player.third_card
    if third is None:
        return f"the Banker {verb} on {total} when the Player stood"
    return f"the Banker {verb} on {total} when the Player's third card is worth {points(third)}"


class _Judge:
    """The walk over ``done``: the coup's next step, what is settled, what waits."""

    def __init__(self, work: Work) -> None:
        self.work = work
        self.next = 0  # the coup step due, 0-5; 6 when the coup is complete
        self.settled: set[str] = set()
        self.commissioned: set[str] = set()
        self.to_collect = [s for s in work.collects]

    def mistake(self, at: int, code: str, message: str, citation: Citation | None) -> Verdict:
        return Verdict(False, at, code, message, citation)

    def due(self) -> str:
        """The coup step due, in words."""
        step = self.work.coup[self.next]
        if step.kind is StepKind.DEAL:
            return f"card {self.next + 1} of the coup goes to {_HANDS[step.hand]}"
        return f"{_HANDS[step.hand]}'s decision (draw or stand) comes now"

    def coup_step(self, at: int, step: Step, action: Action) -> Verdict | None:
        work = self.work
        if self.next >= len(work.coup):
            return self.mistake(
                at,
                "dealt_out_of_order",
                "The coup is complete: each hand has had its cards and its decision, "
                "so no card is dealt or drawn now.",
                work.drawing_rules,
            )
        due = work.coup[self.next]
        cited = work.dealing if due.kind is StepKind.DEAL else work.drawing_rules
        if action is Action.DEAL:
            if due.kind is not StepKind.DEAL:
                return self.mistake(
                    at,
                    "dealt_out_of_order",
                    f"The four cards are dealt: {self.due()}, not a fifth card.",
                    cited,
                )
            if step.to != due.hand.value:
                return self.mistake(
                    at,
                    "dealt_out_of_order",
                    f"Card {self.next + 1} of the coup goes to {_HANDS[due.hand]} (Player, "
                    f"Banker, Player, Banker), not to {shown(step.to)}.",
                    cited,
                )
        else:
            if due.kind is StepKind.DEAL:
                return self.mistake(
                    at,
                    "dealt_out_of_order",
                    f"The four cards come first (Player, Banker, Player, Banker): {self.due()}.",
                    cited,
                )
            if step.hand != due.hand.value:
                message = (
                    "The Player's decision comes first: draw or stand for the Player, then "
                    "for the Banker."
                    if due.hand is Hand.PLAYER and step.hand == Hand.BANKER.value
                    else f"{_HANDS[due.hand].capitalize()}'s decision comes now, not "
                    f"{shown(step.hand)}'s."
                )
                return self.mistake(at, "dealt_out_of_order", message, cited)
            if action is Action.DRAW and due.kind is StepKind.STAND:
                return self.mistake(
                    at,
                    "drew_when_standing",
                    f"No third card: {_decision_reason(work, due.hand)}.",
                    cited,
                )
            if action is Action.STAND and due.kind is StepKind.DRAW:
                return self.mistake(
                    at,
                    "stood_when_drawing",
                    f"A third card: {_decision_reason(work, due.hand)}.",
                    cited,
                )
        if due.card is not None and not _same_card(step.card, due.card):
            return self.mistake(
                at,
                "wrong_card",
                f"The next card of the shoe is the {due.card.label} ({due.card.code}), "
                f"not {shown(step.card)}.",
                cited,
            )
        self.next += 1
        return None

    def settlement_step(self, at: int, step: Step, action: Action) -> Verdict | None:
        work = self.work
        if self.next < len(work.coup):
            due = work.coup[self.next]
            cited = work.dealing if due.kind is StepKind.DEAL else work.drawing_rules
            return self.mistake(
                at,
                "dealt_out_of_order",
                f"The coup is not finished ({self.due()}): no bet is settled before the "
                "Banker's decision.",
                cited,
            )
        key = None if step.bet is None else str(step.bet)
        if step.names_other or key not in work.results:
            what = "that bet" if step.bet is None else f"bet {shown(step.bet)}"
            if step.names_other and step.bet is None:
                message = (
                    "At the baccarat table each step names one bet by its id "
                    '("bet"); that bet is not on the table.'
                )
            else:
                message = f"There is no {what} on the table."
            return self.mistake(at, "not_on_table", message, None)
        assert key is not None
        result = work.results[key]
        name = work.bet_name(key)
        eighteen_one = Citation(work.ruleset_id, 18, 1)
        if action is Action.COMMISSION:
            if key in self.commissioned:
                return self.mistake(
                    at,
                    "settled_twice",
                    f"The commission of {name} is already marked in the box.",
                    eighteen_one,
                )
            if not result.owes_commission:
                return self.mistake(
                    at, "wrong_commission", self._owes_none(result, name), self._commission_rule()
                )
            if step.amount != result.commission:
                return self.mistake(
                    at,
                    "wrong_commission",
                    f"The commission of {name} is {fmt(result.commission)}, 5% of its win of "
                    f"{fmt(result.win)}, not {fmt(step.amount or Decimal(0))}.",
                    eighteen_one,
                )
        else:
            if key in self.settled:
                return self.mistake(
                    at,
                    "settled_twice",
                    f"{name.capitalize()} was already settled.",
                    result.citation,
                )
            verdict = self._action_for(at, step, action, result, name)
            if verdict is not None:
                return verdict
        if action is not Action.COLLECT and self.to_collect:
            waiting = str(self.to_collect[0].bet)
            return self.mistake(
                at,
                "paid_before_collecting",
                f"Every losing bet is collected before any bet is paid: collect "
                f"{work.bet_name(waiting)} before you {_VERBS[action]} {name}.",
                None,
            )
        if action is Action.COMMISSION:
            self.commissioned.add(key)
        else:
            self.settled.add(key)
            if action is Action.COLLECT:
                self.to_collect = [s for s in self.to_collect if str(s.bet) != key]
        return None

    def _commission_rule(self) -> Citation:
        work = self.work
        return Citation(work.ruleset_id, 18, 1 if work.commission_table else 2)

    def _owes_none(self, result: BetResult, name: str) -> str:
        work = self.work
        if not work.commission_table:
            return "This is a no-commission table (Art. 18(2)): no commission is marked."
        if result.outcome is Outcome.WIN and result.commission > 0:
            return (
                f"At this table the commission of {name} is deducted from its pay, "
                "not marked in the box."
            )
        if result.outcome is Outcome.WIN and result.bet.kind.value == "banker":
            return f"{name.capitalize()} owes no commission: 5% of its win rounds to 0.00."
        return f"{name.capitalize()} is not a Banker win: it owes no commission."

    def _action_for(
        self, at: int, step: Step, action: Action, result: BetResult, name: str
    ) -> Verdict | None:
        outcome = result.outcome
        cited = result.citation
        if action is Action.PAY and outcome is Outcome.LOSE:
            return self.mistake(
                at, "paid_a_loser", f"{name.capitalize()} lost: collect it, do not pay it.", cited
            )
        if action is Action.COLLECT and outcome is Outcome.WIN:
            return self.mistake(
                at,
                "collected_a_winner",
                f"{name.capitalize()} won: pay it {fmt(result.paid)}, do not collect it.",
                cited,
            )
        if action is Action.COLLECT and outcome is Outcome.PUSH:
            return self.mistake(
                at,
                "collected_a_stake_that_stays",
                f"{name.capitalize()} is returned on the tie: give its stake back, do not "
                "collect it.",
                cited,
            )
        if action is Action.PAY and outcome is Outcome.PUSH:
            return self.mistake(
                at,
                "wrong_action",
                f"{name.capitalize()} neither wins nor loses on the tie: return its stake, "
                "do not pay it.",
                cited,
            )
        if action is Action.RETURN and outcome is not Outcome.PUSH:
            message = (
                f"{name.capitalize()} won: pay it {fmt(result.paid)}; its stake stays with it."
                if outcome is Outcome.WIN
                else f"{name.capitalize()} lost: collect it."
            )
            return self.mistake(at, "wrong_action", message, cited)
        if action is Action.PAY and step.amount != result.paid:
            given = step.amount or Decimal(0)
            less = result.win - commission_on(result.win, self.work.rounding)
            if given == result.win:
                return self.mistake(
                    at,
                    "wrong_commission",
                    f"{name.capitalize()} is paid {fmt(result.paid)}: its win of "
                    f"{fmt(result.win)} less the commission of {fmt(result.commission)} "
                    f"(Art. 18(1)), not {fmt(given)}.",
                    cited,
                )
            if given == less:
                return self.mistake(
                    at,
                    "wrong_commission",
                    f"{name.capitalize()} is paid {fmt(result.paid)}: no commission is taken "
                    f"from its pay here, not {fmt(given)}.",
                    cited,
                )
            return self.mistake(
                at,
                "wrong_amount",
                f"{name.capitalize()} is paid {fmt(result.paid)}, not {fmt(given)}.",
                cited,
            )
        return None

    def missing(self, at: int) -> Verdict | None:
        work = self.work
        if self.next < len(work.coup):
            due = work.coup[self.next]
            cited = work.dealing if due.kind is StepKind.DEAL else work.drawing_rules
            return self.mistake(at, "step_missing", f"A step is missing: {self.due()}.", cited)
        for step in (*work.collects, *work.settles):
            key = str(step.bet)
            done = key in (self.commissioned if step.action == Action.COMMISSION else self.settled)
            if not done:
                action = Action(step.action)
                return self.mistake(
                    at,
                    "step_missing",
                    f"A step is missing: {_VERBS[action]} {work.bet_name(key)}.",
                    step.citation,
                )
        return None


_OTHER_TABLES = (
    "is not a step of the baccarat table (deal, draw, stand, collect, pay, return, commission)."
)


def judge(work: Work, done: Sequence[Step]) -> Verdict:
    """The first step after which no correct finish is possible, or right."""
    walk = _Judge(work)
    for at, step in enumerate(done):
        try:
            action = Action(step.action)
        except ValueError:
            return walk.mistake(
                at, "not_a_step_here", f"{shown(step.action)} {_OTHER_TABLES}", None
            )
        verdict = (
            walk.coup_step(at, step, action)
            if action in COUP_ACTIONS
            else walk.settlement_step(at, step, action)
        )
        if verdict is not None:
            return verdict
    return walk.missing(len(done)) or Verdict(True)


# ------------------------------------------------------------- the CLI verbs --


def answer_procedure(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    return work(request, ruleset).procedure_json()


def answer_judge(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    done = read_done(request)
    settle_input = {k: v for k, v in request.items() if k != "done"}
    return judge(work(settle_input, ruleset), done).to_json()
