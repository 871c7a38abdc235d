"""Caribbean Stud at the live table, before the showdown: bets, the deal, decisions, the call.

No Qt.  A Caribbean Stud round starts before the first card: the trainee deals.
What happens at the table is drawn from the round's seed (:func:`dealing_of`,
kept with the situation so a stored round replays as dealt), and the dealer's
work is a script of moments, each waiting for one right answer, judged by the
rules core:

1. each progressive bet taken before the first card, box by box from the dealer's
   left: accepted (Art. 6(3)), its chip then on the table;
2. the deal, card by card from the shoe (Art. 7(1)) or five at once from the
   shuffling machine (Art. 7(2)), as the ruleset's ``dealing_method`` says: the
   trainee sends each to the box (or the dealer) it goes to
   (:func:`~dealer_trainer.rules.caribbean_stud.dealing.judge_card`); at a table
   with the progressive, a player now and then asks for a progressive bet after
   the first card: refused (Art. 6(3)); an irregularity now and then, at a rate
   set by the difficulty (a card exposed while dealing, cards dealt to a box
   without a bet, the shuffling machine failing): the trainee rules it as Art. 11 says
   (:func:`~dealer_trainer.rules.caribbean_stud.rulings.judge_ruling`).  A void
   round (two cards exposed, the machine failed) ends the deal: every ante is
   returned, the progressive bets carry over (Art. 11(1), (4));
3. each box's decision, left to right: a raise of exactly twice the ante is
   accepted, any other refused (Art. 6(6); the player then puts the right one,
   accepted in turn); a fold is collected with its ante (Art. 6(7)), the
   showdown's own step;
4. the dealer's hand turned: qualifies or not (Art. 9(1), the ruleset's
   ``dealer_qualification`` reading; no call when every box folded).

Then the showdown is settled as :class:`~dealer_trainer.drills.table.round.TableRound`
settles it (``procedure`` and ``judge``: the rules CLI's contract is untouched).

Practice: a wrong answer is refused with its code and article, and the moment
waits.  Exam: a wrong answer of the moment's own kind (a card to the wrong box,
a late bet accepted, a wrong raise accepted, the wrong ruling, the wrong call) is
recorded and the table goes on as the rules say (the card goes where Art. 7
sends it, the late bet stays off the table, the raise is put right, the article's
ruling is applied); an answer of another kind (a settlement step while dealing)
is recorded as ``not_this_step`` and changes nothing.  Every answer is an
:class:`~dealer_trainer.drills.table.round.Attempt` of the round, recorded as it
happens, so a replay plays it again.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum, unique
from functools import cached_property
from typing import Any

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import (
    Attempt,
    RoundSummary,
    Ruled,
    Situation,
    TableMode,
    TableRound,
    steps_in_order,
)
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.caribbean_stud.cards import Card, cite, parse_card
from dealer_trainer.rules.caribbean_stud.dealing import (
    Deal,
    DealingMethod,
    deal,
    hands_in_order,
    judge_card,
    methods,
)
from dealer_trainer.rules.caribbean_stud.irregular import event_of, irregularity
from dealer_trainer.rules.caribbean_stud.rulings import (
    Irregularity,
    RulingChoice,
    choice_of,
    ruling_of,
)
from dealer_trainer.rules.caribbean_stud.table import (
    RAISE_MULTIPLE,
    judge_progressive_bet,
    judge_qualification,
    judge_raise,
)
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.irregular import Irregularity as SharedIrregularity
from dealer_trainer.rules.irregular import judge_unruled
from dealer_trainer.rules.procedure import RIGHT, Action, Step, Target, Verdict, Work
from dealer_trainer.rules.rulesets import Ruleset

#: How often a round has an Art. 11 irregularity, by difficulty.
IRREGULARITY_RATE = {
    Difficulty.BEGINNER: 0.15,
    Difficulty.INTERMEDIATE: 0.25,
    Difficulty.ADVANCED: 0.35,
}
#: How often a box without a progressive bet asks for one after the first card (at a table
#: with the progressive).
LATE_BET_RATE = {Difficulty.BEGINNER: 0.2, Difficulty.INTERMEDIATE: 0.25, Difficulty.ADVANCED: 0.3}
#: How often a box that raises puts a wrong amount first.
WRONG_RAISE_RATE = {
    Difficulty.BEGINNER: 0.15,
    Difficulty.INTERMEDIATE: 0.2,
    Difficulty.ADVANCED: 0.25,
}
#: The irregularities a round may have, each with its weight.
_IRREGULARITIES = (
    (Irregularity.PLAYER_CARD_EXPOSED, 3),
    (Irregularity.DEALER_CARD_EXPOSED, 2),
    (Irregularity.SEVERAL_CARDS_EXPOSED, 1),
    (Irregularity.CARD_TO_EMPTY_BOX, 2),
    (Irregularity.SHUFFLER_FAILURE, 2),
)


@unique
class Moment(StrEnum):
    """What the table waits for."""

    OFFER = "offer"  # a progressive bet offered
    DEAL = "deal"  # the next card (or the machine's next five)
    IRREGULARITY = "irregularity"  # an irregularity to rule
    RAISE = "raise"  # a raise put on the box
    FOLD = "fold"  # a box folds: its cards and ante collected
    QUALIFY = "qualify"  # the dealer's hand turned


@dataclass(frozen=True)
class Wait:
    """One moment of the deal and the answer it waits for."""

    moment: Moment
    right: DealerCall | Step | Ruled  # a fold's: the showdown's collect; an irregularity's:
    # the ruling (``TableRound.rule``, the shared mechanism of every game)
    box: int | None = None
    cards_dealt: int = 0  # cards out of the shoe or the machine before this moment
    amount: Decimal | None = None  # a raise: what the player put
    ante: Decimal | None = None
    irregularity: Irregularity | None = None
    #: A deal: the cards that go out together (one from the shoe, five from the machine).
    cards: tuple[int, ...] = ()

    @property
    def citation(self) -> Citation:
        """The article the moment rests on."""
        if self.moment is Moment.OFFER:
            return cite(6, 3)
        if self.moment is Moment.DEAL:
            return cite(7, 1 if len(self.cards) == 1 else 2)
        if self.moment is Moment.IRREGULARITY:
            assert self.irregularity is not None
            return ruling_of(self.irregularity).citation
        if self.moment is Moment.RAISE:
            return cite(6, 6)
        if self.moment is Moment.FOLD:
            return cite(6, 7)
        return cite(9, 1)


# ------------------------------------------------------------------ dealing --


def dealing_of(
    ruleset: Ruleset, seed: int, difficulty: Difficulty, request: Mapping[str, Any]
) -> dict[str, Any]:
    """What happens at the table before the showdown, drawn from the seed: the method, the
    progressive bets offered (``after``: the cards out when offered; every bet of the
    request at 0, and at a table with the progressive a late one now and then), the wrong
    raises first put, and an irregularity or none.  JSON, kept with the situation: a
    round stored with fewer offers (once only some bets were) replays as it was dealt."""
    rng = random.Random(f"caribbean_stud.dealing:{seed}")
    method = rng.choice(methods(ruleset))
    boxes = [box for box in request["boxes"]]
    units = (len(boxes) + 1) * (5 if method is DealingMethod.SHOE else 1)
    cards_per_unit = 1 if method is DealingMethod.SHOE else 5
    offers: list[dict[str, int]] = []
    if request.get("progressive"):  # a table with the progressive jackpot
        for box in boxes:
            if box.get("progressive") is True:  # each taken before the first card
                offers.append({"box": int(box["box"]), "after": 0})
            elif rng.random() < LATE_BET_RATE[difficulty]:  # asked for once dealing
                offers.append(
                    {"box": int(box["box"]), "after": rng.randrange(1, units) * cards_per_unit}
                )
    raises: dict[str, str] = {}
    for box in boxes:
        if box["decision"] == "raise" and rng.random() < WRONG_RAISE_RATE[difficulty]:
            ante = Decimal(box["ante"])
            wrong = ante * rng.choice((Decimal(1), Decimal(3), Decimal("1.5")))
            raises[str(int(box["box"]))] = f"{wrong:.2f}"
    irregularity: dict[str, Any] | None = None
    if rng.random() < IRREGULARITY_RATE[difficulty]:
        irregularity = _irregularity(rng, method, [int(b["box"]) for b in boxes])
    return {
        "method": method.value,
        "offers": sorted(offers, key=lambda o: (o["after"], o["box"])),
        "raises": raises,
        "irregularity": irregularity,
    }


def _irregularity(
    rng: random.Random, method: DealingMethod, boxes: Sequence[int]
) -> dict[str, Any] | None:
    kinds = [
        (kind, weight)
        for kind, weight in _IRREGULARITIES
        if not (kind is Irregularity.SHUFFLER_FAILURE and method is DealingMethod.SHOE)
        and not (kind is Irregularity.CARD_TO_EMPTY_BOX and len(boxes) == 7)
        and not (kind is Irregularity.DEALER_CARD_EXPOSED and method is DealingMethod.SHUFFLER)
    ]
    kind = rng.choices([k for k, _ in kinds], [w for _, w in kinds])[0]
    seats = len(boxes) + 1
    if kind is Irregularity.CARD_TO_EMPTY_BOX:
        empty = [n for n in range(1, 8) if n not in boxes]
        return {"kind": kind.value, "box": rng.choice(empty)}
    if kind is Irregularity.SHUFFLER_FAILURE:
        return {"kind": kind.value, "after": rng.randrange(1, seats) * 5}
    if kind is Irregularity.DEALER_CARD_EXPOSED:  # the shoe: one of the dealer's first four
        return {"kind": kind.value, "after": rng.randrange(1, 5) * seats}
    # A box's card, exposed as it was dealt: from the shoe any box's, from the machine a packet's;
    # two exposed (the card before it too) once two are out.
    if method is DealingMethod.SHOE:
        dealt = [n * seats + s + 1 for n in range(5) for s in range(len(boxes))]
    else:
        dealt = [(s + 1) * 5 for s in range(len(boxes))]
    if kind is Irregularity.SEVERAL_CARDS_EXPOSED:
        dealt = [out for out in dealt if out >= 2]
    return {"kind": kind.value, "after": rng.choice(dealt)}


def deal_of(situation: Situation) -> Deal:
    """The round's cards as they leave the shoe or the machine, by Art. 7."""
    request = situation.request
    dealing = situation.dealing or {}
    method = DealingMethod(dealing.get("method", DealingMethod.SHOE.value))
    hands: dict[int | None, list[Card]] = {
        int(box["box"]): [parse_card(c, "card") for c in box["cards"]] for box in request["boxes"]
    }
    hands[None] = [parse_card(c, "card") for c in request["dealer"]]
    boxes = sorted(b for b in hands if b is not None)
    return deal(hands_in_order(hands, method), boxes, method)


def script(situation: Situation, ruleset: Ruleset) -> tuple[tuple[Wait, ...], bool]:
    """The moments of the round before the showdown, in order; and whether the round is
    void (then it ends with the ruling, and every ante is returned)."""
    request = situation.request
    dealing = situation.dealing or {}
    the_deal = deal_of(situation)
    boxes = {int(box["box"]): box for box in request["boxes"]}
    offers = [(int(o["after"]), int(o["box"])) for o in dealing.get("offers", [])]
    irregular: Mapping[str, Any] = dealing.get("irregularity") or {}
    kind = Irregularity(irregular["kind"]) if irregular else None
    #: The cards out when the deal stops for an exposure or the machine's failure.
    stop = (
        int(irregular["after"])
        if kind is not None and kind is not Irregularity.CARD_TO_EMPTY_BOX
        else None
    )
    waits: list[Wait] = []

    def offered(cards_out: int) -> None:
        for after, box in offers:
            if after == cards_out:
                call = CallAction.ACCEPT_BET if after == 0 else CallAction.REFUSE_BET
                waits.append(Wait(Moment.OFFER, DealerCall(call, box), box, cards_out))

    def ruling(cards_out: int, box: int | None = None) -> bool:
        assert kind is not None
        choice = choice_of(ruling_of(kind))
        waits.append(
            Wait(
                Moment.IRREGULARITY,
                Ruled(event_of(kind), choice.value),
                box,
                cards_out,
                irregularity=kind,
            )
        )
        return choice in (RulingChoice.VOID, RulingChoice.VOID_MACHINE)

    offered(0)
    moves = the_deal.moves
    shoe = the_deal.method is DealingMethod.SHOE
    index = 0
    while index < len(moves):
        together = 1 if shoe else 5
        if index > 0:
            offered(index)
        if stop == index and ruling(index, moves[index - 1].box):
            return tuple(waits), True
        move = moves[index]
        waits.append(
            Wait(
                Moment.DEAL,
                DealerCall(CallAction.DEAL, move.box),
                move.box,
                index,
                cards=tuple(range(index, index + together)),
            )
        )
        index += together
    if stop == index and ruling(index, moves[index - 1].box):
        return tuple(waits), True
    if kind is Irregularity.CARD_TO_EMPTY_BOX:
        ruling(len(moves), int(irregular["box"]))
    raises = dealing.get("raises", {})
    for number in sorted(boxes):
        box = boxes[number]
        ante = Decimal(box["ante"])
        if box["decision"] == "fold":
            collect = Step(Action.COLLECT, Target(box=number, spot="ante"))
            waits.append(Wait(Moment.FOLD, collect, number, len(moves), ante=ante))
            continue
        if str(number) in raises:
            wrong = Decimal(raises[str(number)])
            refuse = DealerCall(CallAction.REFUSE_RAISE, number)
            waits.append(Wait(Moment.RAISE, refuse, number, len(moves), wrong, ante))
        right = DealerCall(CallAction.ACCEPT_RAISE, number)
        waits.append(Wait(Moment.RAISE, right, number, len(moves), ante * RAISE_MULTIPLE, ante))
    if any(box["decision"] == "raise" for box in boxes.values()):
        call = DealerCall(CallAction.QUALIFY, qualifies=_qualifies(request, ruleset))
        waits.append(Wait(Moment.QUALIFY, call, None, len(moves)))
    return tuple(waits), False


def _qualifies(request: Mapping[str, Any], ruleset: Ruleset) -> bool:
    cards = [parse_card(c, "dealer card") for c in request["dealer"]]
    return judge_qualification(cards, ruleset, True).correct


def _exposed(wait: Wait) -> tuple[int, ...]:
    """The cards an exposure turned face up: the card just dealt (and the one before it)."""
    if wait.irregularity in (Irregularity.PLAYER_CARD_EXPOSED, Irregularity.DEALER_CARD_EXPOSED):
        return (wait.cards_dealt - 1,)
    if wait.irregularity is Irregularity.SEVERAL_CARDS_EXPOSED:
        return tuple(i for i in (wait.cards_dealt - 1, wait.cards_dealt - 2) if i >= 0)
    return ()


def void_work(work: Work, situation: Situation, citation: Citation) -> Work:
    """Art. 11(1), (4): a void round's work, every ante returned (the progressive bets
    carry over to the next round: no step)."""
    plan = (
        tuple(
            Step(Action.RETURN, Target(box=int(box["box"]), spot="ante"), citation=citation)
            for box in situation.request["boxes"]
        ),
    )
    return replace(work, plans=(plan,))


# -------------------------------------------------------------- the round --


@dataclass
class StudRound(TableRound):
    """A Caribbean Stud round dealt from the first card: the script, then the showdown."""

    waits: tuple[Wait, ...] = ()
    at: int = 0  # the moment the table waits at
    void: bool = False
    #: Attempt index → the moment it answered (for the screens' words and articles).
    answered: dict[int, Wait] = field(default_factory=dict)
    _void_after: bool = field(default=False, repr=False)

    def __post_init__(self) -> None:
        self.waits, self._void_after = script(self.situation, self.ruleset)
        ruled = [w for w in self.waits if w.moment is Moment.IRREGULARITY]
        if ruled and not self.situation.irregularities:  # dealt now (a replay has them)
            wait = ruled[0]
            assert wait.irregularity is not None
            self.situation = replace(
                self.situation,
                irregularities=(irregularity(wait.irregularity, wait.box, wait.cards_dealt),),
            )
        super().__post_init__()

    @cached_property
    def the_deal(self) -> Deal:
        """The round's cards as they leave the shoe or the machine (``deal_of``), worked out
        once: the screens ask for the cards on the felt at every step."""
        return deal_of(self.situation)

    def pending(self) -> SharedIrregularity | None:
        """The Art. 11 irregularity to rule now: when the deal has stopped for it."""
        wait = self.waiting
        if wait is not None and wait.moment is Moment.IRREGULARITY and self.irregularities:
            return self.irregularities[0]
        return None

    def rule(self, choice: str) -> Attempt:
        """The dealer's ruling on the irregularity of the deal (``TableRound.rule``, judged
        by the rules core); once taken, the deal goes on (or, void, ends)."""
        wait = self.waiting
        if wait is not None:
            self.answered[len(self.attempts)] = wait
        attempt = super().rule(choice)
        if attempt.taken:
            self._advance()
        return attempt

    # -- what the screen asks
    @property
    def waiting(self) -> Wait | None:
        """The moment the table waits at (None: the showdown, or the round is over)."""
        return self.waits[self.at] if self.at < len(self.waits) else None

    @property
    def dealing(self) -> bool:
        return self.waiting is not None

    def cards_out(self) -> int:
        """Cards out of the shoe or the machine so far (a void round: when it stopped)."""
        wait = self.waiting
        if wait is not None:
            return wait.cards_dealt
        if self.void:
            return self.waits[-1].cards_dealt
        return len(self.the_deal.moves)

    def table_request(self) -> dict[str, Any]:
        """The settle request as the table stands: the antes still on it, the progressive
        bets taken so far, a raise only once accepted (the felt draws this)."""
        request = self.situation.request
        passed = self.waits[: self.at]
        waiting_offers = {w.box for w in self.waits[self.at :] if w.moment is Moment.OFFER}
        raised = {
            w.box
            for w in passed
            if isinstance(w.right, DealerCall) and w.right.action is CallAction.ACCEPT_RAISE
        }
        folded = {w.box for w in passed if w.moment is Moment.FOLD}
        showdown = self.waiting is None and not self.void
        boxes = []
        for box in request["boxes"]:
            number = int(box["box"])
            if number in folded:
                continue  # collected with its cards (Art. 6(7))
            shown = {k: v for k, v in box.items() if k != "decision"}
            shown["progressive"] = box.get("progressive") is True and number not in waiting_offers
            if number in raised or showdown:
                shown["decision"] = box["decision"]
            boxes.append(shown)
        return {**request, "boxes": boxes}

    def cards_at(self, wait: Wait) -> dict[str, list[str | None]]:
        """The cards on the felt as they stood when the table waited at ``wait`` (one of
        :attr:`waits`: a replay's step), as :meth:`visible_cards` gave them then."""
        then = copy.copy(self)
        then.at = self.waits.index(wait)
        then.void = False  # a round is void once ruled so, after the moment it waited at
        return then.visible_cards()

    def visible_cards(self) -> dict[str, list[str | None]]:
        """The cards on the felt as the table stands, by owner (``dealer``, ``box-3``): a
        card's code face up, None face down.  Dealt face down but the dealer's fifth (Art. 7),
        a card exposed by mistake face up and, after a dealer's card exposed, the dealer's
        fifth face down (Art. 11(2)); the dealer's hand turned for the qualification; the
        hands that raised turned at the showdown; a folded hand gone with its ante."""
        request = self.situation.request
        owners = [f"box-{int(box['box'])}" for box in request["boxes"]]
        cards: dict[str, list[str | None]] = {owner: [] for owner in [*owners, "dealer"]}
        if self.void and self.waiting is None:
            return cards  # the cards are collected and dealt again (Art. 11(1), (4))
        the_deal = self.the_deal
        out = self.cards_out()
        for exposure in self.waits:
            for index in _exposed(exposure):
                if index < out and the_deal.can_expose(index):
                    the_deal = the_deal.expose_by_mistake(index)
        wait = self.waiting
        turned = not self.void and (wait is None or wait.moment is Moment.QUALIFY)
        showdown = not self.void and wait is None
        folded = {w.box for w in self.waits[: self.at] if w.moment is Moment.FOLD}
        raised = {int(b["box"]) for b in request["boxes"] if b["decision"] == "raise"}
        for move in the_deal.moves[:out]:
            if move.box in folded:
                continue
            up = move.face_up or (move.box is None and turned) or (showdown and move.box in raised)
            owner = "dealer" if move.box is None else f"box-{move.box}"
            cards[owner].append(str(move.card) if up else None)
        if wait is not None and wait.irregularity is Irregularity.CARD_TO_EMPTY_BOX:
            cards[f"box-{wait.box}"] = [None] * 5  # the dead hand, until it is ruled
        return cards

    # -- the steps
    def act(self, step: Step | DealerCall | Ruled) -> Attempt:
        wait = self.waiting
        if wait is None or isinstance(step, Ruled):  # the showdown, or a ruling
            return super().act(step)
        self._verify_open()
        self.answered[len(self.attempts)] = wait
        pending = self.pending()
        if pending is not None:  # the deal stops until the irregularity is ruled
            return self._record(step, judge_unruled(pending), accepted=False, taken=False)
        folded = wait.right.target if isinstance(wait.right, Step) else None
        if isinstance(step, Step) and folded is not None and step.target == folded:
            before = len(self.done)
            attempt = super().act(step)  # the showdown's step: its judge, its exam rules
            if len(self.done) > before:
                self._advance()
            return attempt
        verdict = self._judge_call(wait, step)
        right = verdict.correct
        same_kind = isinstance(step, DealerCall) and verdict.code != "not_this_step"
        taken = right or (self.mode is TableMode.EXAM and same_kind)
        attempt = self._record(step, RIGHT if right else verdict, accepted=right, taken=taken)
        if taken:
            self._advance()
        return attempt

    def _advance(self) -> None:
        self.at += 1
        if self.at == len(self.waits) and self._void_after:
            wait = self.waits[-1]
            self.void = True
            self.work = void_work(self.work, self.situation, wait.citation)
            self._plans = self.work.plans
            self._jumped = tuple(frozenset() for _ in self._plans)

    def _judge_call(self, wait: Wait, step: Step | DealerCall) -> Verdict:
        at = len(self.attempts) + 1
        if not isinstance(step, DealerCall) or not isinstance(wait.right, DealerCall):
            return self._not_now(step)  # a fold waits for its collect, not a call
        if wait.moment is Moment.OFFER and step.action in (
            CallAction.ACCEPT_BET,
            CallAction.REFUSE_BET,
        ):
            if step.box != wait.box:
                return self._not_now(step)
            return judge_progressive_bet(wait.cards_dealt, step.action is CallAction.ACCEPT_BET, at)
        if wait.moment is Moment.DEAL and step.action is CallAction.DEAL:
            return judge_card(self.the_deal, wait.cards_dealt, step.box)
        if wait.moment is Moment.RAISE and step.action in (
            CallAction.ACCEPT_RAISE,
            CallAction.REFUSE_RAISE,
        ):
            if step.box != wait.box:
                return self._not_now(step)
            assert wait.ante is not None and wait.amount is not None
            return judge_raise(wait.ante, wait.amount, step.action is CallAction.ACCEPT_RAISE, at)
        if wait.moment is Moment.QUALIFY and step.action is CallAction.QUALIFY:
            assert step.qualifies is not None
            cards = [parse_card(c, "dealer card") for c in self.situation.request["dealer"]]
            return judge_qualification(cards, self.ruleset, step.qualifies, at)
        return self._not_now(step)

    def _not_now(self, step: Step | DealerCall) -> Verdict:
        """A step the table does not wait for now: it names the moment that waits."""
        wait = self.waiting
        at = len(self.attempts) + 1
        if wait is None:
            return Verdict(
                False,
                at,
                "not_this_step",
                "The cards are out and the dealer has called: settle the boxes.",
                None,
            )
        return Verdict(
            False,
            at,
            "not_this_step",
            f"The table waits for the {wait.moment.value} first.",
            wait.citation,
        )

    def deal_to_showdown(self) -> None:
        """Play every moment before the showdown as a perfect dealer would (tests, pictures,
        a scripted dealer); the folds are then collected and the showdown waits."""
        while (wait := self.waiting) is not None:
            attempt = self.act(wait.right)
            if not attempt.taken:
                raise ValueError(f"the right step was refused: {attempt.verdict.message}")

    def perfect_steps(self) -> Iterator[Step | DealerCall | Ruled]:
        """A perfect dealer's steps from here, each to be acted before the next is asked
        (a void round's returns are known once its ruling is taken)."""
        while self.waiting is not None:
            at = self.at
            yield self.waiting.right
            if self.at == at:
                raise ValueError("the table still waits for the step just given: act it first")
        folds = {w.right.target for w in self.waits if isinstance(w.right, Step)}
        done = {t for s in self.done for t in s.targets}
        for step in steps_in_order(self.plan):
            if step.target not in folds | done:
                yield step

    def remaining(self) -> Verdict:
        wait = self.waiting
        if wait is not None:
            return Verdict(
                False,
                len(self.done) + 1,
                "step_missing",
                f"Not finished: the table waits for the {wait.moment.value}.",
                wait.citation,
            )
        return super().remaining()

    def missing(self) -> tuple[Any, ...]:
        """The moments not answered yet (their right answers), then the showdown's steps;
        an irregularity not ruled is not among them (``upcoming``, as every game's)."""
        ahead = tuple(
            wait.right for wait in self.waits[self.at :] if wait.moment is not Moment.IRREGULARITY
        )
        folds = {w.right.target for w in self.waits[self.at :] if isinstance(w.right, Step)}
        rest = tuple(s for s in super().missing() if s.target not in folds)
        return ahead + rest

    def summary(self) -> RoundSummary:
        summary = super().summary()
        calls = sum(1 for w in self.waits if isinstance(w.right, DealerCall))
        steps = summary.steps + calls  # the folds are the showdown's, a ruling counted there
        return replace(summary, steps=steps)
