"""The felt sandbox ("what if"): the chips a trainee put on a felt, an outcome they chose, and
the rules core's answer (no Qt).

The main window's felt holds chips on spot ids (:class:`~dealer_trainer.layouts.chips.TableChips`).
:func:`what_if` turns them into the rules core's ``settle`` request, each spot one bet of the
kind its layout names (``Spot.bet``, the same ids the drills and the CLI use; the bet's id is
its spot's id), checks each bet with the rules core and leaves out, with the core's refusal,
the ones the ruleset does not allow (a zero combination under roulette's Art. 8, a Sic Bo bet
over its table limit, craps odds with no point).  The dealer's work is then planned by the
very code the live table and the ``procedure`` CLI use
(:func:`dealer_trainer.drills.table.round_of`): nothing here settles a bet.

Craps needs the table's history, not only the chips: the puck says the point (``None``: a
come-out roll), and a come or don't come bet lying on a come point has travelled there.  The
history is made as a table would have played it: the line bets on a come-out roll, the
throw of the point, each come point's come bets and its throw, then the odds, the bets of
the come box and the one-roll bets, and last the throw the trainee chose.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from dealer_trainer.drills.caribbean_stud import PROGRESSIVE_FIXED, PROGRESSIVE_RESET
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import Situation, TableRound, round_of
from dealer_trainer.layouts.chips import TableChips
from dealer_trainer.layouts.model import Felt
from dealer_trainer.rules.caribbean_stud import api as stud_api
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import api as craps_api
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step, Target
from dealer_trainer.rules.roulette import api as roulette_api
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.sic_bo import api as sic_bo_api

#: The craps numbers a point or a come point can be.
POINTS = (4, 5, 6, 8, 9, 10)
RANKS = "23456789TJQKA"
SUITS = "SHCD"
#: The sandbox's progressive pool (Caribbean Stud): a round figure, as a display might show.
SANDBOX_POOL = Decimal("100000.00")


@dataclass(frozen=True)
class Refused:
    """A spot whose bet the rules core refused: it is not settled."""

    spot_id: str
    amount: Decimal
    code: str  # the rules core's stable code (``illegal_bet``, ``over_table_limit`` …)
    message: str  # the rules core's sentence (English; screens say it by its code)
    citation: Citation | None


@dataclass(frozen=True)
class Outcome:
    """What the trainee chose: the number, the dice (and the craps point), or the cards."""

    number: int | None = None  # roulette
    dice: tuple[int, ...] = ()  # craps: two faces; Sic Bo: three
    point: int | None = None  # craps: the puck before the throw (None: OFF, a come-out)
    dealer: tuple[str, ...] = ()  # Caribbean Stud: the dealer's five
    hands: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # box → its five


class OutcomeError(ValueError):
    """The outcome itself cannot be settled (a die of 7, a card twice): ``code`` says which."""

    def __init__(self, code: str, message: str, citation: Citation | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.citation = citation


class BetsError(ValueError):
    """The bets on the felt make no round whatever the outcome (Caribbean Stud: no box has an
    ante): ``code`` says which, said before any outcome is asked for."""

    def __init__(self, code: str, message: str, citation: Citation | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.citation = citation


def check_bets(felt: Felt, chips: TableChips, ruleset: Ruleset) -> None:
    """Refuse, with ``BetsError``, bets that can make no round at all: Caribbean Stud chips
    with no ante on any box (Art. 6(2): every box first bets the ante; a progressive or a
    raise alone plays nothing)."""
    occupied = chips.occupied()
    if Game(felt.game) is not Game.CARIBBEAN_STUD or not occupied:
        return
    if not any(felt.spot(spot_id).bet.kind == "ante" for spot_id in occupied):
        raise BetsError(
            "no_ante",
            "No box has an ante: every box first bets the ante.",
            ruleset.cite(6, 2),
        )


@dataclass(frozen=True)
class WhatIf:
    """The rules core's answer for the felt: the request, the round planned, what it refused."""

    game: Game
    request: Mapping[str, Any]
    round: TableRound
    refused: tuple[Refused, ...]
    #: Target of a step (or of an idle bet) → the spot its chips lie on.
    spots: Mapping[Target, str]
    #: Each bet's stake by its spot (the refused left out).
    stakes: Mapping[str, Decimal]

    @property
    def steps(self) -> tuple[Step, ...]:
        """The dealer's steps in the order of the plan (its groups one after another)."""
        return tuple(step for group in self.round.plan for step in group)

    def group_of(self, step: Step) -> int:
        for index, group in enumerate(self.round.plan):
            if step in group:
                return index
        raise ValueError("the step is not in the plan")

    def step_of(self, spot_id: str) -> Step | None:
        for step in self.steps:
            if self.spots.get(step.target) == spot_id:
                return step
        return None

    def idle_spots(self) -> tuple[str, ...]:
        """The bets the outcome decides nothing for (a craps point bet): they stay."""
        return tuple(self.spots[t] for t in self.round.work.idle if t in self.spots)

    @property
    def collected(self) -> Decimal:
        """The stakes the dealer takes to the bank."""
        return sum(
            (
                self.stakes[self.spots[s.target]]
                for s in self.steps
                if s.action is Action.COLLECT and s.target in self.spots
            ),
            Decimal(0),
        )

    @property
    def paid(self) -> Decimal:
        """What the dealer pays out (wins and progressive awards; returned stakes are not)."""
        return sum((s.amount or Decimal(0) for s in self.steps if s.action in _PAYING), Decimal(0))

    @property
    def house_net(self) -> Decimal:
        """The house's result of the round: collected less paid (negative: the house lost)."""
        return self.collected - self.paid


_PAYING = (Action.PAY, Action.PROGRESSIVE)


def bet_amounts(chips: TableChips) -> dict[str, Decimal]:
    """The felt's bets: each occupied spot and the sum of its chips, in the order first bet."""
    return {spot_id: chips.amount(spot_id) for spot_id in chips.occupied()}


def what_if(felt: Felt, chips: TableChips, ruleset: Ruleset, outcome: Outcome) -> WhatIf:
    """Settle the felt's chips on ``outcome`` with the rules core (``BetsError``: bets that
    make no round, such as no ante on any box; ``OutcomeError``: a bad outcome, said by its
    code; a refused bet is in ``refused``, not an error)."""
    check_bets(felt, chips, ruleset)
    bets = bet_amounts(chips)
    game = Game(felt.game)
    if game is Game.CRAPS:
        request, refused = _craps(felt, bets, ruleset, outcome)
    elif game is Game.CARIBBEAN_STUD:
        request, refused = _stud(felt, bets, ruleset, outcome)
    else:
        request, refused = _flat(game, felt, bets, ruleset, outcome)
    refused_spots = {r.spot_id for r in refused}
    stakes = {s: a for s, a in bets.items() if s not in refused_spots}
    situation = Situation(game=game, request=request, seats=(), spots={s: s for s in stakes})
    try:
        round_ = round_of(ruleset, 0, Difficulty.ADVANCED, situation)
    except RulesError as error:  # the outcome (a card twice), as the bets were checked alone
        raise OutcomeError(error.code, error.message, error.citation) from error
    spots: dict[Target, str] = {}
    for spot_id in stakes:
        if game is Game.CARIBBEAN_STUD:
            spot = felt.spot(spot_id)
            box = int(spot.bet.box or 0)
            kind = spot.bet.kind
            target = (
                Target(box=box, progressive=True)
                if kind == "progressive"
                else Target(box=box, spot=kind)
            )
        else:
            target = Target(bet=spot_id)
        spots[target] = spot_id
    return WhatIf(game, request, round_, tuple(refused), spots, stakes)


# ---------------------------------------------------- roulette and Sic Bo --

_SETTLE = {Game.ROULETTE: roulette_api.settle, Game.SIC_BO: sic_bo_api.settle}


def _flat(
    game: Game, felt: Felt, bets: Mapping[str, Decimal], ruleset: Ruleset, outcome: Outcome
) -> tuple[dict[str, Any], list[Refused]]:
    if game is Game.ROULETTE:
        if outcome.number is None:
            raise OutcomeError("no_outcome", "No winning number is chosen.")
        result: dict[str, Any] = {"number": outcome.number}
    else:
        if len(outcome.dice) != 3:
            raise OutcomeError("no_outcome", "Three dice are needed.")
        result = {"dice": list(outcome.dice)}
    request: dict[str, Any] = {"game": str(game), "ruleset": ruleset.id, "outcome": result}
    settle = _SETTLE[game]
    try:  # the outcome alone first: a bad one is the outcome's fault, not a bet's
        settle({**request, "bets": []}, ruleset)
    except RulesError as error:
        raise OutcomeError(error.code, error.message, error.citation) from error
    accepted: list[dict[str, Any]] = []
    refused: list[Refused] = []
    for spot_id, amount in bets.items():
        bet = {"id": spot_id, "amount": f"{amount:.2f}", **felt.spot(spot_id).bet.request_fields()}
        try:
            settle({**request, "bets": [bet]}, ruleset)
        except RulesError as error:
            refused.append(Refused(spot_id, amount, error.code, error.message, error.citation))
            continue
        accepted.append(bet)
    return {**request, "bets": accepted}, refused


# ------------------------------------------------------------------ craps --


def _pair(total: int) -> list[int]:
    """Two faces that throw ``total`` (4 to 10), never the hard way (1+3, 4+6, 2+6)."""
    first = max(1, total - 6)
    return [first, total - first]


def _craps(
    felt: Felt, bets: Mapping[str, Decimal], ruleset: Ruleset, outcome: Outcome
) -> tuple[dict[str, Any], list[Refused]]:
    if len(outcome.dice) != 2:
        raise OutcomeError("no_outcome", "Two dice are needed.")
    point = outcome.point
    if point is not None and point not in POINTS:
        raise OutcomeError("invalid_point", f"{point} is not a point number.")
    events: list[dict[str, Any]] = []
    refused: list[Refused] = []

    def request() -> dict[str, Any]:
        return {"game": Game.CRAPS, "ruleset": ruleset.id, "events": list(events)}

    def place(spot_id: str, **fields: Any) -> None:
        spot = felt.spot(spot_id)
        amount = bets[spot_id]
        bet = {"id": spot_id, "amount": f"{amount:.2f}", **spot.bet.request_fields(), **fields}
        if spot.bet.on is not None:
            bet["on"] = spot.bet.on
        events.append({"bet": bet})
        try:
            craps_api.settle(request(), ruleset)
        except RulesError as error:
            events.pop()
            refused.append(Refused(spot_id, amount, error.code, error.message, error.citation))

    def refuse(spot_id: str, code: str, message: str) -> None:
        refused.append(Refused(spot_id, bets[spot_id], code, message, None))

    kinds = {spot_id: felt.spot(spot_id).bet for spot_id in bets}
    travelled: dict[int, list[str]] = {}  # come point → the come / don't come bets on it
    for spot_id, bet in kinds.items():
        if bet.kind in ("come", "dont_come") and bet.number is not None:
            if bet.number == point:
                refuse(
                    spot_id,
                    "come_on_the_point",
                    "A come bet cannot lie on the point's own number: the throw that took "
                    "it there would have won or lost the point.",
                )
            else:
                travelled.setdefault(bet.number, []).append(spot_id)
    line = [s for s, b in kinds.items() if b.kind in ("pass", "dont_pass")]
    numbers = sorted(travelled)
    if point is not None:
        for spot_id in line:
            place(spot_id)
        events.append({"roll": _pair(point)})
        for number in numbers:
            for spot_id in travelled[number]:
                place(spot_id)
            events.append({"roll": _pair(number)})
    else:
        # A come-out with come bets standing: an earlier hand's point took them to their
        # numbers and was then won (its own number last), before these line bets.
        if numbers:
            first = numbers[-1]
            events.append({"roll": _pair(first)})  # the earlier hand's point
            for number in numbers[:-1]:
                for spot_id in travelled[number]:
                    place(spot_id)
                events.append({"roll": _pair(number)})
            for spot_id in travelled[first]:
                place(spot_id)
            events.append({"roll": _pair(first)})  # the point won: a come-out next
        for spot_id in line:
            place(spot_id)
    for spot_id, bet in kinds.items():
        if bet.kind == "odds" and bet.on in bets:
            if bet.on in {r.spot_id for r in refused}:
                refuse(spot_id, "odds_without_bet", "The bet these odds back is not on the table.")
            else:
                place(spot_id)
        elif bet.kind == "odds":
            refuse(spot_id, "odds_without_bet", "There is no bet for these odds to back.")
    for spot_id, bet in kinds.items():
        if bet.kind in ("pass", "dont_pass", "odds") or (
            bet.kind in ("come", "dont_come") and bet.number is not None
        ):
            continue
        place(spot_id)
    events.append({"roll": list(outcome.dice)})
    try:
        craps_api.settle(request(), ruleset)
    except RulesError as error:
        raise OutcomeError(error.code, error.message, error.citation) from error
    return request(), refused


# -------------------------------------------------------- Caribbean Stud --


def random_cards(
    seed: int, boxes: Sequence[int]
) -> tuple[tuple[str, ...], dict[int, tuple[str, ...]]]:
    """A deal from one shuffled deck, reproducible from ``seed``: each box's five (in the
    order of the boxes), then the dealer's."""
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    random.Random(seed).shuffle(deck)
    hands = {box: tuple(deck.pop() for _ in range(5)) for box in sorted(boxes)}
    dealer = tuple(deck.pop() for _ in range(5))
    return dealer, hands


def check_cards(outcome: Outcome) -> None:
    """Every card a card of the deck (``"TS"``), and none dealt twice (``OutcomeError``)."""
    seen: set[str] = set()
    for card in (*outcome.dealer, *(c for hand in outcome.hands.values() for c in hand)):
        if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
            raise OutcomeError("invalid_card", f"{card} is not a card.")
        if card in seen:
            raise OutcomeError("duplicate_card", f"{card} is dealt twice.")
        seen.add(card)


def stud_boxes(felt: Felt, chips: TableChips) -> tuple[int, ...]:
    """The boxes that hold a bet, in order: the hands to deal."""
    return tuple(sorted({int(felt.spot(s).bet.box or 0) for s in chips.occupied()}))


def _stud(
    felt: Felt, bets: Mapping[str, Decimal], ruleset: Ruleset, outcome: Outcome
) -> tuple[dict[str, Any], list[Refused]]:
    if len(outcome.dealer) != 5:
        raise OutcomeError("no_outcome", "The dealer's five cards are needed.")
    check_cards(outcome)
    by_box: dict[int, dict[str, str]] = {}
    for spot_id in bets:
        bet = felt.spot(spot_id).bet
        by_box.setdefault(int(bet.box or 0), {})[bet.kind] = spot_id
    request: dict[str, Any] = {
        "game": Game.CARIBBEAN_STUD,
        "ruleset": ruleset.id,
        "dealer": list(outcome.dealer),
        "boxes": [],
        "progressive": {
            "pool": f"{SANDBOX_POOL:.2f}",
            "reset_to": f"{PROGRESSIVE_RESET:.2f}",
            "fixed": PROGRESSIVE_FIXED,
        },
    }
    refused: list[Refused] = []
    for box, spots in sorted(by_box.items()):
        ante_spot = spots.get("ante")
        if ante_spot is None:
            for spot_id in spots.values():
                refused.append(
                    Refused(
                        spot_id,
                        bets[spot_id],
                        "no_ante",
                        "A box plays only with an ante on it.",
                        ruleset.cite(6, 2),
                    )
                )
            continue
        cards = outcome.hands.get(box, ())
        if len(cards) != 5:
            raise OutcomeError("no_outcome", f"Box {box}'s five cards are needed.")
        ante = bets[ante_spot]
        entry: dict[str, Any] = {
            "box": box,
            "ante": f"{ante:.2f}",
            "decision": "fold",
            "progressive": "progressive" in spots,
            "cards": list(cards),
        }
        raise_spot = spots.get("raise")
        if raise_spot is not None:
            if bets[raise_spot] != 2 * ante:
                refused.append(
                    Refused(
                        raise_spot,
                        bets[raise_spot],
                        "raise",
                        "The raise is exactly twice the ante.",
                        ruleset.cite(6, 6),
                    )
                )
            else:
                entry["decision"] = "raise"
        try:
            stud_api.settle({**request, "boxes": [entry]}, ruleset)
        except RulesError as error:
            for spot_id in spots.values():
                refused.append(
                    Refused(spot_id, bets[spot_id], error.code, error.message, error.citation)
                )
            continue
        request["boxes"].append(entry)
    if not request["boxes"]:
        del request["progressive"]
    return request, refused
