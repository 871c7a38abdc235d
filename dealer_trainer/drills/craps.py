"""Craps drills: line and come bets through a shooter's hand, odds and their 1985 limit,
field, hard ways, one-roll bets, Big 6/8, 5/9 and 4/10, collect-then-pay, and the throw rulings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from dealer_trainer.drills.bet_names import craps_bet_name
from dealer_trainer.drills.chips import level_chips, pay_tray
from dealer_trainer.drills.model import (
    Answer,
    AnswerKind,
    Difficulty,
    DrillItem,
    Expected,
    Grade,
    Option,
    RulingAsked,
    Skill,
    amount_to_pay,
    interpretation,
    ruling_drill,
    seconds,
    table_procedure,
)
from dealer_trainer.glossary import bet_name as glossary_bet_name
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import (
    Action,
    Bet,
    BetKind,
    BetState,
    CockedDie,
    OrderCode,
    OrderProblem,
    Outcome,
    Roll,
    Step,
    Table,
    ThrowSettlement,
    judge_order,
    rule_throw,
    settle_throw,
)
from dealer_trainer.rules.craps.api import read_throw, replay
from dealer_trainer.rules.craps.config import CrapsRules
from dealer_trainer.rules.craps.model import POINT_NUMBERS, InvalidThrow, Throw
from dealer_trainer.rules.craps.table import BigWin
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.house import house_procedure
from dealer_trainer.rules.money import to_cents
from dealer_trainer.rules.rulesets import SHIPPED, Ruleset, RulesetRegistry
from dealer_trainer.rules.text import T, Text

GAME = Game.CRAPS


def bet_name(state: BetState, table: Table) -> Text:
    """A bet's name as the felt shows it on ``table``: "Hard 8", "Odds behind Come bet on 8"."""
    return craps_bet_name(
        state, lambda bet_id: table.bet(bet_id) if table.has_bet(bet_id) else None
    )


@dataclass
class Hand:
    """A shooter's hand built through the rules core, event by event, with its CLI request."""

    ruleset: Ruleset
    table: Table
    #: The table as the last throw found it: what the felt shows, and how its bets are named.
    before: Table
    events: list[dict[str, Any]] = field(default_factory=list)
    _ids: int = 0

    @classmethod
    def new(cls, ruleset: Ruleset) -> Hand:
        table = Table.new(ruleset)
        return cls(ruleset, table, table)

    def bet(
        self, kind: BetKind, amount: Decimal, *, number: int | None = None, on: str | None = None
    ) -> str:
        self._ids += 1
        bet = Bet(f"b{self._ids}", kind, amount, number=number, on=on)
        self.table = self.table.place(bet)
        entry: dict[str, Any] = {"id": bet.id, "kind": str(kind), "amount": f"{amount:.2f}"}
        if number is not None:
            entry["number"] = number
        if on is not None:
            entry["on"] = on
        self.events.append({"bet": entry})
        return bet.id

    def roll(self, throw: Throw) -> int:
        self.before = self.table
        self.table = self.table.roll(throw)
        self.events.append(
            {
                "roll": "off_table"
                if isinstance(throw, InvalidThrow)
                else [throw.first, throw.second]
            }
        )
        return len(self.events) - 1

    def request(self) -> dict[str, Any]:
        return {"game": GAME, "ruleset": self.ruleset.id, "events": list(self.events)}

    def decided_by(self, event: int) -> tuple[BetState, ...]:
        return self.table.decided_by(event)

    def name(self, bet_id: str) -> Text:
        """The bet's name as the felt shows it when the last throw lands."""
        return bet_name(self.before.bet(bet_id), self.before)


def _roll_with_total(rng: random.Random, total: int, hard: bool | None = None) -> Roll:
    pairs = [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6]
    if hard is not None:
        pairs = [p for p in pairs if (p[0] == p[1]) is hard] or pairs
    a, b = rng.choice(pairs)
    return Roll(a, b)


def _random_roll(rng: random.Random) -> Roll:
    return Roll(rng.randint(1, 6), rng.randint(1, 6))


def _unit(rng: random.Random, difficulty: Difficulty, multiple: int = 1) -> Decimal:
    top = {Difficulty.BEGINNER: 10, Difficulty.INTERMEDIATE: 40, Difficulty.ADVANCED: 200}[
        difficulty
    ]
    step = 5 if difficulty is Difficulty.BEGINNER else 1
    value = rng.randint(1, top) * step
    return Decimal(value - value % multiple or multiple)


def _payout_item(
    skill_id: str,
    hand: Hand,
    seed: int,
    difficulty: Difficulty,
    question: Text,
    event: int,
    about: BetKind | None = None,
) -> DrillItem:
    """Total to pay for the bets the last throw decided, from the rules core's settlement.

    ``about``: the kind of bet the skill trains, whose article the item cites first.
    """
    settlement = settle_throw(hand.table, event)
    lines: list[Text] = []
    rests_on: list[Text] = []
    collects = _steps(settlement, Action.COLLECT)
    pays = _steps(settlement, Action.PAY)
    if collects:
        lines.append(T("Losing bets, to collect: {bets}.", bets=_listing(hand, collects)))
    for step in pays:
        line, rests = _win_line(hand, step)
        lines.append(line)
        rests_on.extend(rests)
    for step in _steps(settlement, Action.RETURN):  # odds off on the come-out (house option)
        lines.append(
            T(
                "{bet}: not decided; its stake is handed back ({article})",
                bet=hand.name(step.bet),
                article=step.citation,
            )
        )
    for step in _steps(settlement, Action.MOVE):
        lines.append(
            T(
                "{bet}: {number} is its come point; it moves to {number} ({article})",
                bet=hand.name(step.bet),
                number=step.to or 0,
                article=step.citation,
            )
        )
    lines.extend(_staying_lines(hand, settlement))
    total = sum((step.amount or Decimal(0) for step in pays), Decimal(0))
    if not pays:
        lines.append(T("Nothing wins on this throw: there is nothing to pay."))
    elif len(pays) > 1:
        lines.append(T("Total to pay: {total}.", total=total))
    collected = [hand.table.bet(step.bet).bet.amount for step in collects]
    denominations = pay_tray(hand.ruleset, difficulty, collected)
    return DrillItem(
        skill=skill_id,
        seed=seed,
        difficulty=difficulty,
        ruleset=hand.ruleset.id,
        situation={
            "request": hand.request(),
            "point": hand.table.point,
            "dice": hand.events[event]["roll"],
        },
        question=question,
        expected=amount_to_pay(total, denominations),
        solution=tuple(lines),
        citation=_deciding_article(hand, settlement, about),
        hint=T("Pay only the bets this throw decided; the stake stays with the player."),
        rests_on=tuple(r for i, r in enumerate(rests_on) if r not in rests_on[:i]),
    )


def _steps(settlement: ThrowSettlement, action: Action) -> list[Step]:
    return [step for step in settlement.steps if step.action is action]


def _deciding_article(
    hand: Hand, settlement: ThrowSettlement, about: BetKind | None = None
) -> Citation:
    """The article that decides the item: a winner's, else a loser's, else why the bets stay.

    Among them, that of the bet the skill is ``about`` (the odds' Art. 2(2) or 3(2) in an
    odds drill, not the line bet's Art. 2(1)). A throw that decides no bet is answered by
    the article that keeps the bets on the layout (a Pass Line with its point on:
    Art. 2(1)), never by Art. 1, which is about throws that do not count.
    """
    for action in (Action.PAY, Action.COLLECT, Action.RETURN, Action.MOVE):
        steps = _steps(settlement, action)
        if steps:
            chosen = [s for s in steps if hand.table.bet(s.bet).kind is about] or steps
            return chosen[0].citation
    if settlement.staying:
        return settlement.staying[0].governing
    return hand.table.rules.cite("throw")


def _win_line(hand: Hand, step: Step) -> tuple[Text, list[Text]]:
    """One winner's line of the worked solution, and the readings its win rests on."""
    state = hand.table.bet(step.bet)
    name = hand.name(step.bet)
    amount = state.bet.amount
    if state.kind is not BetKind.BIG:
        # The payout the article gives, "3 to 2", so the line shows how the win arises.
        assert state.decision is not None
        pays = state.decision.exact_win / Fraction(amount)
        return T(
            "{bet}: {stake} at {ratio} wins {win} ({article})",
            bet=name,
            stake=amount,
            ratio=_ratio_text(pays),
            win=step.amount or Decimal(0),
            article=step.citation,
        ), []
    assert state.bet.number is not None
    parts = hand.table.big_parts(amount, state.bet.number)
    return _big_win_line(name, amount, step, parts), big_readings(hand.table, parts)


def big_readings(table: Table, parts: BigWin) -> list[Text]:
    """The readings of the text a Big 6/8, 5/9 or 4/10 win rests on, each an interpretation.

    Every Big win reads the text's dollars as units of the table's currency; a remainder
    over full blocks, and a Big 4/10 bet under its block, rest on a reading too.
    """
    short = _ratio_text(parts.short_ratio)
    readings = []
    if parts.blocks and parts.rest:
        readings.append(
            T(
                "{article} fixes the win of one block of {block} and of a bet under it, not of "
                "a remainder over full blocks; the remainder is paid {short}, as a bet under "
                "the block is.",
                article=parts.citation,
                block=parts.block,
                short=short,
            )
        )
    elif not parts.blocks and parts.interpretation is not None:
        readings.append(
            T(
                "{article} does not say how a Big {number} bet under {block} is paid: {short}, "
                "as Arts. 9 and 10 pay a bet under the block.",
                article=parts.citation,
                number=parts.number,
                block=parts.block,
                short=short,
            )
        )
    readings.append(
        T(
            '{article} prices the Big bets in dollars ("$6,00", "$5,00"); this ruleset reads '
            "one dollar as {unit} of the table's currency, so a block is {block}.",
            article=parts.citation,
            unit=table.rules.big_bet_unit,
            block=parts.block,
        )
    )
    return [interpretation(reading) for reading in readings]


def _big_win_line(name: Text, amount: Decimal, step: Step, parts: BigWin) -> Text:
    """A Big 6/8, 5/9 or 4/10 winner's line (its readings: :func:`big_readings`)."""
    win = step.amount or Decimal(0)
    ratio, short = _ratio_text(parts.ratio), _ratio_text(parts.short_ratio)
    if parts.blocks and parts.rest:
        return T(
            "{bet}: {blocks} × {block} at {ratio} win {block_win}, and the remainder {rest} "
            "at {short} wins {rest_win} (an interpretation, see below): {win} in all ({article})",
            bet=name,
            blocks=parts.blocks,
            block=parts.block,
            ratio=ratio,
            block_win=to_cents(parts.block_win),
            rest=parts.rest,
            short=short,
            rest_win=to_cents(parts.rest_win),
            win=win,
            article=step.citation,
        )
    if parts.blocks:
        return T(
            "{bet}: {blocks} × {block} at {ratio}: {stake} wins {win} ({article})",
            bet=name,
            blocks=parts.blocks,
            block=parts.block,
            ratio=ratio,
            stake=amount,
            win=win,
            article=step.citation,
        )
    if parts.interpretation is None:
        return T(
            "{bet}: {stake} is under one block of {block}, so it is paid {short}: wins {win} "
            "({article})",
            bet=name,
            stake=amount,
            block=parts.block,
            short=short,
            win=win,
            article=step.citation,
        )
    return T(
        "{bet}: {stake} is under one block of {block}, paid {short} (an interpretation, see "
        "below): wins {win} ({article})",
        bet=name,
        stake=amount,
        block=parts.block,
        short=short,
        win=win,
        article=step.citation,
    )


def _ratio_text(ratio: Fraction) -> Text:
    return T("{win} to {stake}", win=ratio.numerator, stake=ratio.denominator)


def _staying_lines(hand: Hand, settlement: ThrowSettlement) -> list[Text]:
    """A line for each bet the throw left on the layout, with the article that keeps it there."""
    lines = []
    new_point = hand.table.point if hand.before.point is None else None
    for state in settlement.staying:
        if settlement.tied(state):  # «empatando»: a 12 on its first throw decides nothing
            lines.append(
                T(
                    "{bet}: 12 is a tie for it; the tie decides nothing, so the bet stays where "
                    "it is, untouched (nothing collected, paid or handed back), and the next "
                    "throw is again its first ({article})",
                    bet=hand.name(state.id),
                    article=state.governing,
                )
            )
        elif new_point is not None and state.kind in (BetKind.PASS, BetKind.DONT_PASS):
            lines.append(
                T(
                    "{bet}: {number} becomes the point; no decision on this throw, it stays on "
                    "the layout ({article})",
                    bet=hand.name(state.id),
                    number=new_point,
                    article=state.governing,
                )
            )
        else:
            lines.append(
                T(
                    "{bet}: no decision on this throw; it stays on the layout ({article})",
                    bet=hand.name(state.id),
                    article=state.governing,
                )
            )
    return lines


def _listing(hand: Hand, steps: Sequence[Step]) -> Text:
    """``Field (25, Art. 4), Big 7 (10, Art. 6)``: the bets by name, stake and deciding article."""

    def one(step: Step) -> Text:
        return T(
            "{bet} ({stake}, {article})",
            bet=hand.name(step.bet),
            stake=hand.table.bet(step.bet).bet.amount,
            article=step.citation,
        )

    result = one(steps[0])
    for step in steps[1:]:
        result = T("{first}, {next}", first=result, next=one(step))
    return result


def _winning_throw(rng: random.Random, state: BetState) -> tuple[int, bool | None]:
    """A total (and whether thrown as a pair) on which the bet wins."""
    kind, number = state.kind, state.bet.number
    if kind is BetKind.FIELD:
        return rng.choice([2, 3, 4, 9, 10, 11, 12]), None
    if kind is BetKind.HARD:
        assert number is not None
        return number, True
    if kind is BetKind.BIG:
        assert number is not None
        return number, None
    if kind is BetKind.ELEVEN:
        return 11, None
    if kind is BetKind.ANY_CRAPS:
        return rng.choice([2, 3, 12]), None
    return 7, None


def _throw_text(roll: Roll) -> Text:
    return T("{first}-{second} ({total})", first=roll.first, second=roll.second, total=roll.total)


# --------------------------------------------------------------- generators --


def line_bets(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Pass, Don't Pass, Come and Don't Come through a shooter's hand."""
    rng = random.Random(seed)
    hand = Hand.new(ruleset)
    hand.bet(BetKind.PASS, _unit(rng, difficulty))
    if difficulty is not Difficulty.BEGINNER:
        hand.bet(BetKind.DONT_PASS, _unit(rng, difficulty))
        if rng.random() < 0.15:  # the bar 12: the Pass Line loses, the Don't Pass ties and stays
            bar = Roll(6, 6)
            question = T(
                "The shooter throws {throw}. How much do you pay in all?", throw=_throw_text(bar)
            )
            return _payout_item("craps.line_bets", hand, seed, difficulty, question, hand.roll(bar))
    last = hand.roll(_roll_with_total(rng, rng.choice(sorted(POINT_NUMBERS))))
    throws = {Difficulty.BEGINNER: 1, Difficulty.INTERMEDIATE: 3, Difficulty.ADVANCED: 5}[
        difficulty
    ]
    for _ in range(throws):
        if hand.table.point is None:
            break
        if rng.random() < 0.6:
            kind = rng.choice(
                [BetKind.COME, BetKind.DONT_COME]
                if difficulty is not Difficulty.BEGINNER
                else [BetKind.COME]
            )
            hand.bet(kind, _unit(rng, difficulty))
            if kind is BetKind.DONT_COME and rng.random() < 0.15:
                last = hand.roll(Roll(6, 6))  # its first throw a 12: a tie, it stays untouched
                break
        last = hand.roll(_random_roll(rng))
        if hand.decided_by(last) and rng.random() < 0.5:
            break
    roll = hand.table.events[last]
    assert isinstance(roll, Roll)
    return _payout_item(
        "craps.line_bets",
        hand,
        seed,
        difficulty,
        T("The shooter throws {throw}. How much do you pay in all?", throw=_throw_text(roll)),
        last,
    )


def odds_limit(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """The largest odds bet allowed behind a line bet (Art. 2(2))."""
    rng = random.Random(seed)
    rules = CrapsRules.from_ruleset(ruleset)
    point = rng.choice(sorted(POINT_NUMBERS))
    # A line bet whose odds limit is whole at the lower levels; any amount when advanced.
    multiple = {4: 2, 10: 2, 5: 3, 9: 3, 6: 6, 8: 6}[point]
    line = _unit(rng, difficulty, 1 if difficulty is Difficulty.ADVANCED else multiple)
    hand = Hand.new(ruleset)
    line_id = hand.bet(BetKind.PASS, line)
    hand.roll(_roll_with_total(rng, point))
    room = hand.table.odds_room(line_id)
    if room is None:  # no cap under this ruleset (craps-2010)
        raise ValueError("the odds limit drill needs a ruleset with an odds limit")
    chip = level_chips(ruleset, difficulty)[0]
    # The question is asked in whole chips of the smallest denomination on the table:
    # the largest stake that is a multiple of it and stays within the rules core's limit.
    largest = chip * int(room / Fraction(chip))
    ratio = rules.odds_ratio(False, point)
    exact = to_cents(room)
    return DrillItem(
        skill="craps.odds_limit",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={"request": hand.request(), "point": point, "line_bet": line_id},
        question=T(
            "Pass Line {line}, the point is {point}. In chips of {chip}, what is the "
            "largest odds bet the player may take?",
            line=line,
            point=point,
            chip=chip,
        ),
        expected=Expected(
            kind=AnswerKind.AMOUNT, amount=largest, amount_name=T("the largest odds bet")
        ),
        solution=(
            T(
                "The odds' win may never exceed the line bet (Art. 2(2)); on {point} odds pay "
                "{ratio}.",
                point=point,
                ratio=T("{win} to {stake}", win=ratio.numerator, stake=ratio.denominator),
            ),
            T(
                "The largest odds bet wins exactly the line bet: {line} × {inverse} = {exact}.",
                line=line,
                inverse=f"{ratio.denominator}/{ratio.numerator}",
                exact=exact,
            ),
            *(
                (T("In chips of {chip}: {largest}.", chip=chip, largest=largest),)
                if largest != exact
                else ()
            ),
        ),
        citation=rules.setting_citation("odds_limit", "pass_odds"),
        hint=T("Which odds bet wins exactly the amount of the line bet?"),
        rests_on=(
            interpretation(
                T(
                    '{article} says the odds\' win "may never exceed" the line bet; the limit '
                    "is applied when the odds are taken, so the largest odds bet is the one "
                    "whose win equals the line bet, and a larger one is refused.",
                    article=rules.setting_citation("odds_limit", "pass_odds"),
                )
            ),
        ),
    )


def odds_payout(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Pass Line with odds (or Don't Pass with lay odds): the point is decided."""
    rng = random.Random(seed)
    point = rng.choice(sorted(POINT_NUMBERS))
    dont = difficulty is not Difficulty.BEGINNER and rng.random() < 0.4
    multiple = {4: 2, 10: 2, 5: 3, 9: 3, 6: 6, 8: 6}[point]
    hand = Hand.new(ruleset)
    line = _unit(rng, difficulty, multiple)
    line_id = hand.bet(BetKind.DONT_PASS if dont else BetKind.PASS, line)
    hand.roll(_roll_with_total(rng, point))
    room = hand.table.odds_room(line_id)
    # Odds stakes that pay whole chips: 3:2 needs even stakes, 6:5 fives; lay 1:2 twos …
    ratio = CrapsRules.from_ruleset(ruleset).odds_ratio(dont, point)
    step = ratio.denominator
    cap = Fraction(line * 2) if room is None else room  # lay odds have no cap: take up to 2×
    stakes = [Decimal(n) for n in range(step, int(cap) + 1, step)]
    hand.bet(BetKind.ODDS, rng.choice(stakes), on=line_id)
    player_wins = rng.random() < 0.65
    last = hand.roll(_roll_with_total(rng, 7 if player_wins == dont else point))
    roll = hand.table.events[last]
    assert isinstance(roll, Roll)
    return _payout_item(
        "craps.odds_payout",
        hand,
        seed,
        difficulty,
        T(
            "The point is {point}; the shooter throws {throw}. How much do you pay?",
            point=point,
            throw=_throw_text(roll),
        ),
        last,
        about=BetKind.ODDS,
    )


def _one_roll_family(skill_id: str, kinds: Sequence[BetKind]) -> Any:
    def generate(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
        rng = random.Random(seed)
        hand = Hand.new(ruleset)
        count = {Difficulty.BEGINNER: 1, Difficulty.INTERMEDIATE: 2, Difficulty.ADVANCED: 4}[
            difficulty
        ]
        for _ in range(count):
            kind = rng.choice(list(kinds))
            number = None
            if kind is BetKind.HARD:
                number = rng.choice([4, 6, 8, 10])
            elif kind is BetKind.BIG:
                number = rng.choice([4, 5, 6, 8, 9, 10])
            multiple = 2 if kind is BetKind.BIG7 else 1
            hand.bet(kind, _unit(rng, difficulty, multiple), number=number)
        # Aim the throw at a bet three times in four, so that paying is the usual case.
        placed = [hand.table.bet(e["bet"]["id"]) for e in hand.events if "bet" in e]
        if rng.random() < 0.75:
            target, hard = _winning_throw(rng, rng.choice(placed))
        else:
            target, hard = rng.randint(2, 12), None
        last = hand.roll(_roll_with_total(rng, target, hard=hard))
        while not hand.decided_by(last):  # multi-roll bets: throw until something is decided
            last = hand.roll(_random_roll(rng))
        roll = hand.table.events[last]
        assert isinstance(roll, Roll)
        return _payout_item(
            skill_id,
            hand,
            seed,
            difficulty,
            T("The shooter throws {throw}. How much do you pay?", throw=_throw_text(roll)),
            last,
        )

    return generate


def pay_order(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Collect every losing bet first, then pay the winners: table procedure, not an article.

    Portaria n.º 97/85/M sets no order of settlement; the order is the ruleset's
    ``collect_before_pay`` (on by default), named in the feedback as table
    procedure.  The item cites no article: its basis is the table's procedure
    (each bet's own article is in the worked solution).
    """
    rng = random.Random(seed)
    while True:
        hand = Hand.new(ruleset)
        hand.bet(BetKind.PASS, _unit(rng, difficulty))
        for kind in rng.sample(
            [
                BetKind.FIELD,
                BetKind.BIG7,
                BetKind.ELEVEN,
                BetKind.ANY_CRAPS,
                BetKind.HARD,
                BetKind.BIG,
            ],
            3 + int(difficulty),
        ):
            number = rng.choice([4, 6, 8, 10]) if kind in (BetKind.HARD, BetKind.BIG) else None
            hand.bet(kind, _unit(rng, difficulty, 2 if kind is BetKind.BIG7 else 1), number=number)
        last = hand.roll(_random_roll(rng))
        settlement = settle_throw(hand.table, last)
        if _steps(settlement, Action.COLLECT) and _steps(settlement, Action.PAY):
            break
    roll = hand.table.events[last]
    assert isinstance(roll, Roll)
    groups = tuple(tuple(step.bet for step in group) for group in settlement.groups)
    lines: list[Text] = []
    for step in settlement.steps:
        lines.append(
            T(
                "{bet} ({stake}) loses on this throw ({article}).",
                bet=hand.name(step.bet),
                stake=hand.table.bet(step.bet).bet.amount,
                article=step.citation,
            )
            if step.action is Action.COLLECT
            else T(
                "{bet} ({stake}) wins on this throw ({article}).",
                bet=hand.name(step.bet),
                stake=hand.table.bet(step.bet).bet.amount,
                article=step.citation,
            )
        )
    lines.extend(_staying_lines(hand, settlement))
    lines.append(_right_order(hand, settlement))
    return DrillItem(
        skill="craps.pay_order",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": hand.request(),
            "point": hand.table.point,
            "dice": [roll.first, roll.second],
        },
        question=T(
            "The shooter throws {throw}. Click the bets in the order you settle them.",
            throw=_throw_text(roll),
        ),
        expected=Expected(kind=AnswerKind.ORDER, order=groups),
        solution=tuple(lines),
        # The order is table procedure, in no article: the item says so where an article
        # would stand (each bet's own article is in the worked solution).
        citation=house_procedure(ruleset.id),
        hint=T(
            "Settle only the bets this throw decided, losing bets first; the others stay "
            "on the layout."
        ),
        rests_on=(_order_procedure(settlement),),
    )


def _order_procedure(settlement: ThrowSettlement) -> Text:
    if settlement.collect_first:
        return table_procedure(
            T(
                "every losing bet is collected before any winner is paid. The craps "
                "regulation sets no order of settlement; this is the table's procedure."
            )
        )
    return table_procedure(
        T(
            "this table settles the decided bets in any order; the craps regulation sets no "
            "order of settlement."
        )
    )


def _right_order(hand: Hand, settlement: ThrowSettlement) -> Text:
    def names(steps: Sequence[Step]) -> Text:
        result = hand.name(steps[0].bet)
        for step in steps[1:]:
            result = T("{first}, {next}", first=result, next=hand.name(step.bet))
        return result

    collects = _steps(settlement, Action.COLLECT)
    others = [step for step in settlement.steps if step.action is not Action.COLLECT]
    if settlement.collect_first and collects and others:
        return T(
            "The right order: first collect {losers}; then pay {winners}.",
            losers=names(collects),
            winners=names(others),
        )
    return T("The right order: settle {bets}, in any order.", bets=names(settlement.steps))


def grade_order(item: DrillItem, answer: Answer, rulesets: RulesetRegistry = SHIPPED) -> Grade:
    """Grade a "collect, then pay" answer with the craps rules core's judge, bets by name
    (the item's ruleset looked up in ``rulesets``; default: the shipped ones only)."""
    request = item.situation["request"]
    ruleset = rulesets.get(item.ruleset)
    events = list(request["events"])
    last = max(i for i, e in enumerate(events) if "roll" in e)
    # The drills' histories end with the throw asked about: the table before it, then after it.
    before = replay({**request, "events": events[:last]}, ruleset)
    table = before.roll(read_throw(events[last]["roll"], f"events[{last}].roll"))
    hand = Hand(ruleset, table, before)
    settlement = settle_throw(table, last)
    right = _right_order(hand, settlement)
    if answer.timed_out:
        return Grade(False, (T("Time is up."), right))
    verdict = judge_order(settlement, answer.order or ())
    if verdict.correct:
        return Grade(True, (T("Right order."),))
    # One "collected late" is enough to say: the first winner paid too early is named.
    late = [p for p in verdict.problems if p.code is OrderCode.PAID_BEFORE_COLLECTING]
    problems = [p for p in verdict.problems if p.code is not OrderCode.PAID_BEFORE_COLLECTING]
    shown = [*problems, *late[:1]]
    return Grade(False, (*(_problem_text(hand, p) for p in shown), right))


def _problem_text(hand: Hand, problem: OrderProblem) -> Text:
    code = problem.code
    if code is OrderCode.NOT_ON_LAYOUT:
        return T("A bet you settled is not on the layout.")
    name = hand.name(problem.bet)
    if code is OrderCode.NO_DECISION:
        state = hand.table.bet(problem.bet)
        if state.tied_at(len(hand.table.events) - 1):
            return T(
                "{bet} ties on 12: the tie decides nothing, so it stays where it is, "
                "untouched ({article}).",
                bet=name,
                article=problem.citation or state.governing,
            )
        return T(
            "{bet} has no decision on this throw: it stays on the layout ({article}).",
            bet=name,
            article=problem.citation or state.governing,
        )
    if code is OrderCode.SETTLED_TWICE:
        return T("You settled {bet} twice.", bet=name)
    if code is OrderCode.PAID_BEFORE_COLLECTING:
        assert problem.paid is not None
        return T(
            "{loser} must be collected before {winner} is paid; you paid {winner} first "
            "(table procedure, not in the regulation).",
            loser=name,
            winner=hand.name(problem.paid),
        )
    state = hand.table.bet(problem.bet)
    article = problem.citation or state.governing
    if state.outcome is Outcome.LOSE:
        return T(
            "{bet} loses on this throw and was never collected ({article}).",
            bet=name,
            article=article,
        )
    if state.outcome is Outcome.PUSH:  # odds off on the come-out (house option)
        return T(
            "{bet} is not decided and its stake was never handed back ({article}).",
            bet=name,
            article=article,
        )
    if state.outcome is Outcome.WIN:
        return T(
            "{bet} wins on this throw and was never paid ({article}).", bet=name, article=article
        )
    return T("{bet} was never moved to its come point ({article}).", bet=name, article=article)


@ruling_drill("craps.rulings", GAME)
def throw_rulings(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> RulingAsked:
    """A die leaves the table, or comes to rest cocked (Art. 1)."""
    rng = random.Random(seed)
    rules = CrapsRules.from_ruleset(ruleset)
    off = rng.random() < 0.5
    flat = rng.randint(1, 6)
    if off:
        ruling = rule_throw(flat, rng.randint(1, 6), rules, left_table=True)
        question = T(
            "One die shows {face}; the other bounces off the table. What is the throw?", face=flat
        )
        options = [
            Option("right", T("No throw: it is invalid and repeated; no bet is decided.")),
            Option(
                "count_one",
                T("Count the die on the table twice: {total}.", total=2 * flat),
                T("A throw with a die off the table is not valid at all (Art. 1)."),
            ),
            Option(
                "reroll_one",
                T("Throw the lost die again and add it to {face}.", face=flat),
                T("The whole throw is repeated, not one die (Art. 1)."),
            ),
            Option(
                "seven_out",
                T("It counts as a 7: the line bets lose."),
                T("An invalid throw decides no bet (Art. 1)."),
            ),
        ]
    else:
        high, low = rng.sample(range(1, 7), 2)
        while high + low == 7:  # opposite faces never show together
            high, low = rng.sample(range(1, 7), 2)
        cocked = CockedDie.of({high: 3, low: 1})
        ruling = rule_throw(flat, cocked, rules)
        assert isinstance(ruling.throw, Roll)
        question = T(
            "One die shows {face}. The other leans on a chip stack: {high} is the more "
            "exposed upper face, {low} the less. What is the throw?",
            face=flat,
            high=high,
            low=low,
        )
        options = [
            Option(
                "right", T("{total}: the most exposed upper face counts.", total=ruling.throw.total)
            ),
            Option(
                "no_roll",
                T("No roll: a cocked die makes the throw invalid."),
                T("Only a die leaving the table makes a throw invalid (Art. 1)."),
            ),
            Option(
                "low_face",
                T("{total}: the less exposed face counts.", total=flat + low),
                T(
                    "The most exposed upper face counts, {high}, not the less exposed {low} "
                    "(Art. 1).",
                    high=high,
                    low=low,
                ),
            ),
            Option(
                "rethrow_die",
                T("The dealer lifts the chip stack and lets the die fall."),
                T("The die is read as it lies: its most exposed upper face (Art. 1)."),
            ),
        ]
    rng.shuffle(options)
    situation = {
        "ruling": "off_table" if off else "cocked_die",
        "dice": [flat] if off else [flat, [high, low]],
    }
    return RulingAsked(situation, question, options, ruling.ruling, ruling.citation)


#: The skills of this game, in the order the launcher lists them (drills.skills gathers them).
SKILLS: tuple[Skill, ...] = (
    Skill(
        "craps.line_bets",
        GAME,
        T("Line and come bets"),
        T("Pass, Don't Pass, Come and Don't Come through a shooter's hand."),
        AnswerKind.AMOUNT,
        line_bets,
        seconds(25, 20, 15),
    ),
    Skill(
        "craps.odds_limit",
        GAME,
        T("Largest odds bet"),
        T("The odds' win may not exceed the line bet (Art. 2(2))."),
        AnswerKind.AMOUNT,
        odds_limit,
        seconds(20, 15, 12),
    ),
    Skill(
        "craps.odds_payout",
        GAME,
        T("Odds payouts"),
        T("Line bets with odds at 2:1, 3:2, 6:5 and lay odds at 1:2, 2:3, 5:6."),
        AnswerKind.AMOUNT,
        odds_payout,
        seconds(25, 20, 15),
    ),
    Skill(
        "craps.field",
        GAME,
        glossary_bet_name(GAME, "field"),
        T("3, 4, 9, 10, 11 pay even; 2 and 12 pay double."),
        AnswerKind.AMOUNT,
        _one_roll_family("craps.field", [BetKind.FIELD]),
        seconds(10, 8, 6),
    ),
    Skill(
        "craps.hard_ways",
        GAME,
        T("Hard ways"),
        T("Hard 6 and 8 pay 9 to 1, hard 4 and 10 pay 7 to 1."),
        AnswerKind.AMOUNT,
        _one_roll_family("craps.hard_ways", [BetKind.HARD]),
        seconds(15, 12, 10),
    ),
    Skill(
        "craps.one_roll",
        GAME,
        T("Big 7, Eleven, Any Craps"),
        T("One-roll bets at 4½, 15 and 7 to 1."),
        AnswerKind.AMOUNT,
        _one_roll_family("craps.one_roll", [BetKind.BIG7, BetKind.ELEVEN, BetKind.ANY_CRAPS]),
        seconds(15, 12, 10),
    ),
    Skill(
        "craps.big_bets",
        GAME,
        T("Big 6/8, 5/9, 4/10"),
        T("7 to 6, 7 to 5 and 9 to 5 on the full blocks, even money on the rest."),
        AnswerKind.AMOUNT,
        _one_roll_family("craps.big_bets", [BetKind.BIG]),
        seconds(20, 15, 12),
    ),
    Skill(
        "craps.pay_order",
        GAME,
        T("Collect, then pay"),
        T("Take every losing bet before paying any winner."),
        AnswerKind.ORDER,
        pay_order,
        seconds(25, 20, 15),
    ),
    Skill(
        "craps.rulings",
        GAME,
        T("Invalid throws and cocked dice"),
        T("A die off the table; a die that does not lie flat (Art. 1)."),
        AnswerKind.CHOICE,
        throw_rulings,
        seconds(20, 15, 12),
    ),
)
