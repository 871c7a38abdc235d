"""The craps answer key, a second implementation: every craps skill × difficulty × 300 seeds.

Written from Portaria n.º 97/85/M (Regulamento Oficial do CRAPS, Arts. 1 to 12) with its
own tables below, never with the rules core's or the grader's arithmetic: it reads only the
generated ``DrillItem`` (its question, options, solution, citation and ``rests_on``) and the
table history in ``situation["request"]``, replays that history itself, and checks

- the expected answer (the amount to pay, the largest odds bet, the order of settlement,
  the ruling on a throw);
- that the right answer is graded right and every wrong one (a wrong amount, an order that
  breaks the table procedure, a bet with no decision settled, a bet left out, each wrong
  option) is graded wrong, with feedback that names the mistake and the bets by name;
- that the cited article decides the item (never roulette's Art. 5(1) for the order of
  settlement, never Art. 1 for a throw that decides no bet);
- that the worked solution's numbers add up to the answer, bet by bet;
- that an answer resting on an interpretation (the Big-bet remainder, the Big 4/10 bet
  under 5 units, the odds cap of Art. 2(2)) or on table procedure (collect, then pay)
  says so in ``rests_on``, and that no other answer claims one.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from dealer_trainer.drills import Answer, AnswerKind, Difficulty, DrillItem, grade
from dealer_trainer.drills.model import RESTS_ON_KINDS
from dealer_trainer.drills.sessions import ItemSpec

SEEDS = range(300)
RULESET = "craps-1985"

# ------------------------------------------------------------------------------------------
# The key's own tables, from the Portaria's text (each "to 1": the stake stays with the bet).
# ------------------------------------------------------------------------------------------
POINTS = frozenset({4, 5, 6, 8, 9, 10})  # Art. 2(1): "qualquer outro número (4, 5, 6, 8, 9, ou 10)"
CRAPS = frozenset({2, 3, 12})  # Art. 2(1): "qualquer dos Craps (2, 3 ou 12)"
# Art. 2(2): "Números 4 e 10 - prémio, 2 para 1; 5 e 9 - 3 para 2; 6 e 8 - 6 para 5".
RIGHT_ODDS = {4: Fraction(2), 10: Fraction(2), 5: Fraction(3, 2), 9: Fraction(3, 2)}
RIGHT_ODDS |= {6: Fraction(6, 5), 8: Fraction(6, 5)}
# Art. 3(2): "1 para 2; 2 para 3; 5 para 6".
LAY_ODDS = {4: Fraction(1, 2), 10: Fraction(1, 2), 5: Fraction(2, 3), 9: Fraction(2, 3)}
LAY_ODDS |= {6: Fraction(5, 6), 8: Fraction(5, 6)}
# Art. 4: 3, 4, 9, 10, 11 win the stake; 2 and 12 "o dobro"; any other number loses.
FIELD = {3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 2: 2, 12: 2}
# Art. 5: 3-3 and 4-4 pay 9 times the stake, 2-2 and 5-5 pay 7 times.
HARD = {6: 9, 8: 9, 4: 7, 10: 7}
BIG7 = Fraction(9, 2)  # Art. 6: "4 vezes e meia"
ELEVEN = 15  # Art. 7
ANY_CRAPS = 7  # Art. 8, on 2, 3 or 12
# Arts. 9 to 11: a bet of the block ($6,00; $5,00) wins the prize ($7,00; $9,00); a bet under
# the block wins its own value (the text, Arts. 9 and 10; for Art. 11 a reading, see below).
BIG = {6: (6, 7), 8: (6, 7), 5: (5, 7), 9: (5, 7), 4: (5, 9), 10: (5, 9)}
BIG_ARTICLE = {6: "Art. 9", 8: "Art. 9", 5: "Art. 10", 9: "Art. 10", 4: "Art. 11", 10: "Art. 11"}
ARTICLE = {
    "pass": "Art. 2(1)",
    "come": "Art. 2(3)",
    "dont_pass": "Art. 3(1)",
    "dont_come": "Art. 3(3)",
    "field": "Art. 4",
    "hard": "Art. 5",
    "big7": "Art. 6",
    "eleven": "Art. 7",
    "any_craps": "Art. 8",
}
# The felt's names of the bets (the layout's own words, as the trainee sees them).
PLAIN_NAMES = {
    "pass": "Pass Line",
    "dont_pass": "Don't Pass",
    "come": "Come",
    "dont_come": "Don't Come",
    "field": "Field",
    "big7": "Big 7",
    "eleven": "Eleven",
    "any_craps": "Any Craps",
}


# ------------------------------------------------------------------------------------------
# The key's own table: a replay of the request's history.
# ------------------------------------------------------------------------------------------
@dataclass
class KeyBet:
    id: str
    kind: str
    amount: Fraction
    placed_at: int
    number: int | None = None
    on: str | None = None
    point: int | None = None  # own point (line bets) or the backed bet's point (odds)
    point_shown: int | None = None  # the point as the felt showed it when the last throw landed
    outcome: str = "open"  # win, lose, open
    ties: list[int] = field(default_factory=list)  # a 12 on a Don't bet's first roll
    decided_at: int | None = None
    win: Fraction = Fraction(0)
    article: str = ""
    reading: str | None = None  # a Big win that rests on a reading of the text

    @property
    def line(self) -> bool:
        return self.kind in ("pass", "dont_pass", "come", "dont_come")

    @property
    def dont(self) -> bool:
        return self.kind in ("dont_pass", "dont_come")

    def governing(self, bets: dict[str, KeyBet]) -> str:
        """The article that rules the bet while it stays (Arts. 2 to 11)."""
        if self.kind == "odds":
            assert self.on is not None
            return "Art. 3(2)" if bets[self.on].dont else "Art. 2(2)"
        if self.kind == "big":
            assert self.number is not None
            return BIG_ARTICLE[self.number]
        return ARTICLE[self.kind]


@dataclass
class KeyTable:
    bets: dict[str, KeyBet]
    last: int  # the index of the last throw: the one the question is about
    total: int | None  # its total (None: a die left the table)
    point_before: int | None  # the table point as the last throw found it
    point_after: int | None


def replay(request: dict[str, Any]) -> KeyTable:
    events = request["events"]
    last = max(i for i, e in enumerate(events) if "roll" in e)
    bets: dict[str, KeyBet] = {}
    point: int | None = None
    point_before: int | None = None
    total_last: int | None = None
    for index, event in enumerate(events):
        if "bet" in event:
            raw = event["bet"]
            bet = KeyBet(
                raw["id"],
                raw["kind"],
                Fraction(Decimal(raw["amount"])),
                index,
                number=raw.get("number"),
                on=raw.get("on"),
            )
            if bet.kind == "odds":
                assert bet.on is not None
                bet.point = bets[bet.on].point
            bets[bet.id] = bet
            continue
        if index == last:
            point_before = point
            for bet in bets.values():
                bet.point_shown = bets[bet.on].point if bet.kind == "odds" and bet.on else bet.point
        roll = event["roll"]
        if roll == "off_table":  # Art. 1: not valid, repeated; decides nothing
            continue
        first, second = roll
        total, pair = first + second, first == second
        if index == last:
            total_last = total
        open_bets = [b for b in bets.values() if b.outcome == "open"]
        for bet in open_bets:
            if bet.kind != "odds":
                _decide(bet, total, pair, index, come_out=point is None)
        for bet in open_bets:  # odds go with the bet they back (Arts. 2(2), 3(2))
            if bet.kind == "odds":
                assert bet.on is not None
                backed = bets[bet.on]
                if backed.decided_at == index:
                    assert bet.point is not None
                    ratio = (LAY_ODDS if backed.dont else RIGHT_ODDS)[bet.point]
                    _settle(bet, index, backed.outcome, bet.amount * ratio, bet.governing(bets))
        if point is None:
            point = total if total in POINTS else None
        elif total in (point, 7):
            point = None
    return KeyTable(bets, last, total_last, point_before, point)


def _settle(bet: KeyBet, index: int, outcome: str, win: Fraction, article: str) -> None:
    bet.outcome, bet.decided_at, bet.article = outcome, index, article
    bet.win = win if outcome == "win" else Fraction(0)


def _decide(bet: KeyBet, total: int, pair: bool, index: int, *, come_out: bool) -> None:
    kind, stake = bet.kind, bet.amount
    if bet.line:
        article = ARTICLE[kind]
        if bet.point is None:  # the bet's first roll (a come-out roll for Pass and Don't Pass)
            if total in POINTS:
                bet.point = total
            elif bet.dont and total == 12:
                # Art. 3(1) «empatando»: as in Arts. 9-11, a tie leaves the bet where it is;
                # the dice are thrown again and the next throw is again its first.
                bet.ties.append(index)
            elif bet.dont:
                _settle(bet, index, "win" if total in (2, 3) else "lose", stake, article)
            else:
                _settle(bet, index, "win" if total in (7, 11) else "lose", stake, article)
        elif total == bet.point:
            _settle(bet, index, "lose" if bet.dont else "win", stake, article)
        elif total == 7:
            _settle(bet, index, "win" if bet.dont else "lose", stake, article)
        return
    if kind == "field":
        won = total in FIELD
        _settle(bet, index, "win" if won else "lose", stake * FIELD.get(total, 0), ARTICLE[kind])
    elif kind == "big7":
        _settle(bet, index, "win" if total == 7 else "lose", stake * BIG7, ARTICLE[kind])
    elif kind == "eleven":
        _settle(bet, index, "win" if total == 11 else "lose", stake * ELEVEN, ARTICLE[kind])
    elif kind == "any_craps":
        won = total in CRAPS
        _settle(bet, index, "win" if won else "lose", stake * ANY_CRAPS, ARTICLE[kind])
    elif kind == "hard":
        number = bet.number
        assert number is not None
        if total == number and pair:
            _settle(bet, index, "win", stake * HARD[number], ARTICLE[kind])
        elif total in (number, 7):  # thrown easy, or a seven
            _settle(bet, index, "lose", Fraction(0), ARTICLE[kind])
    elif kind == "big":
        number = bet.number
        assert number is not None
        if total == number:
            block, prize = BIG[number]
            blocks = stake // block
            rest = stake - blocks * block
            if blocks and rest:
                bet.reading = "remainder"
            elif not blocks and number in (4, 10):
                bet.reading = "under_block_4_10"
            _settle(bet, index, "win", blocks * prize + rest, BIG_ARTICLE[number])
        elif total == 7:
            _settle(bet, index, "lose", Fraction(0), BIG_ARTICLE[number])
    else:
        raise AssertionError(f"the key knows no craps bet {kind!r}")
    del come_out


def name(bet: KeyBet, table: KeyTable) -> str:
    """The felt's name of the bet, as the table stood when the last throw landed."""
    if bet.kind == "odds":
        assert bet.on is not None
        return f"Odds behind {name(table.bets[bet.on], table)}"
    if bet.kind == "hard":
        return f"Hard {bet.number}"
    if bet.kind == "big":
        return f"Big {bet.number}"
    if bet.kind in ("come", "dont_come") and bet.point_shown is not None:
        return f"{PLAIN_NAMES[bet.kind]} bet on {bet.point_shown}"
    return PLAIN_NAMES[bet.kind]


def on_layout(table: KeyTable) -> list[KeyBet]:
    """The bets on the layout when the last throw landed."""
    return [
        b
        for b in table.bets.values()
        if b.placed_at < table.last and (b.decided_at is None or b.decided_at >= table.last)
    ]


def decided(table: KeyTable, outcome: str) -> list[KeyBet]:
    return [b for b in on_layout(table) if b.decided_at == table.last and b.outcome == outcome]


def moved(table: KeyTable) -> list[KeyBet]:
    """Come bets the last throw sent to their come point (no decision, but a move)."""
    return [
        b
        for b in on_layout(table)
        if b.kind in ("come", "dont_come")
        and b.outcome == "open"
        and b.point_shown is None
        and b.point is not None
    ]


def tied(table: KeyTable) -> list[KeyBet]:
    """Don't bets the last throw tied (a 12 on their first roll): they stay, untouched."""
    return [b for b in on_layout(table) if table.last in b.ties]


def staying(table: KeyTable) -> list[KeyBet]:
    """Bets the last throw left on the layout with no decision (not moved, not tied)."""
    others = {b.id for b in moved(table) + tied(table)}
    return [b for b in on_layout(table) if b.outcome == "open" and b.id not in others]


def cents(value: Fraction) -> Decimal:
    assert (value * 100).denominator == 1, f"{value} is not a whole number of cents"
    return Decimal(value.numerator) / Decimal(value.denominator)


# ------------------------------------------------------------------------------------------
# Reading the item's English.
# ------------------------------------------------------------------------------------------
_AMOUNT = r"\d[\d,]*(?:\.\d\d)?"
_ARTICLE = r"Art\. \d+(?:\(\d+\))?"
_WIN_LINE = re.compile(
    rf"^(?P<name>[^:]+): .*?(?:wins (?P<win>{_AMOUNT})|(?P<all>{_AMOUNT}) in all) "
    rf"\((?P<article>{_ARTICLE})\)$"
)
_STAY_LINE = re.compile(
    rf"^(?P<name>[^:]+): .*no decision on this throw.*\((?P<article>{_ARTICLE})\)"
)
_IDS = re.compile(r"\bb\d+\b")


def amount(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def english(item: DrillItem) -> list[str]:
    texts = [item.question, *item.solution, *item.rests_on]
    if item.hint is not None:
        texts.append(item.hint)
    for option in item.expected.options:
        texts.append(option.label)
        if option.mistake is not None:
            texts.append(option.mistake)
    return [t.english() for t in texts]


def rests_on(item: DrillItem, kind: str) -> list[str]:
    """The item's ``rests_on`` sentences of one kind (interpretation, table_procedure ...)."""
    prefix = RESTS_ON_KINDS[kind].split("{text}")[0]
    return [t.english() for t in item.rests_on if t.english().startswith(prefix)]


@cache  # the items are immutable and reproducible: each is made once per test run
def item_for(skill: str, seed: int, difficulty: Difficulty) -> DrillItem:
    item = ItemSpec(skill, seed, difficulty).make()
    assert item.ruleset == RULESET
    return item


@cache
def table_for(skill: str, seed: int, difficulty: Difficulty) -> KeyTable:
    return replay(dict(item_for(skill, seed, difficulty).situation["request"]))


def _english_amount(value: Decimal) -> str:
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value.quantize(Decimal('0.01')):,}"


def cents_down(value: Fraction) -> Decimal:
    return Decimal(int(value * 100)) / 100


def no_ids(texts: list[str]) -> None:
    for text in texts:
        assert not _IDS.search(text), f"an internal bet id is shown: {text!r}"


# ------------------------------------------------------------------------------------------
# Amount skills: what to pay for the bets the last throw decided.
# ------------------------------------------------------------------------------------------
PAYOUT_SKILLS = (
    "craps.line_bets",
    "craps.odds_payout",
    "craps.field",
    "craps.hard_ways",
    "craps.one_roll",
    "craps.big_bets",
)


def payout_total(table: KeyTable) -> Decimal:
    return sum((cents(b.win) for b in decided(table, "win")), Decimal(0))


def payout_answer(item: DrillItem, table: KeyTable) -> None:
    assert table.total is not None
    total = payout_total(table)
    assert item.expected.kind is AnswerKind.AMOUNT
    assert item.expected.amount == total, (item.expected.amount, total)
    if item.expected.fewest_chips:
        chips = item.expected.fewest_chips
        assert sum((d * n for d, n in chips.items()), Decimal(0)) == total


def payout_article(item: DrillItem, table: KeyTable) -> None:
    """A winner's article, else a loser's, else the article that keeps the bets on the layout."""
    winners, losers = decided(table, "win"), decided(table, "lose")
    if winners:
        allowed = {b.article for b in winners}
    elif losers:
        allowed = {b.article for b in losers}
    else:
        allowed = {b.governing(table.bets) for b in moved(table) + staying(table)}
    assert item.citation.ruleset == RULESET
    assert item.citation.article_ref in allowed, (str(item.citation), allowed)
    if item.skill == "craps.odds_payout":
        # The odds drill is about the odds: the article of Art. 2(2) / 3(2), not the line's.
        odds = [b for b in decided(table, "win") + decided(table, "lose") if b.kind == "odds"]
        assert odds, "an odds item decides its odds"
        assert item.citation.article_ref == odds[0].governing(table.bets), str(item.citation)


def payout_solution(item: DrillItem, table: KeyTable) -> None:
    """Each winner by name with its win and article, the losers, the bets that stay, the total."""
    winners, losers, stays = decided(table, "win"), decided(table, "lose"), staying(table)
    total = payout_total(table)
    lines = [t.english() for t in item.solution]
    found: Counter[tuple[str, Decimal, str]] = Counter()
    for line in lines:
        match = _WIN_LINE.match(line)
        if match and "no decision" not in line:
            win = amount(match["win"] or match["all"])
            found[(match["name"], win, match["article"])] += 1
            _check_big_line(line, match["name"], win)
    wanted = Counter((name(b, table), cents(b.win), b.article) for b in winners)
    assert found == wanted, (lines, wanted)
    # Each winner but a Big bet shows the payout its article gives: "66 at 3 to 2 wins 99".
    for bet in winners:
        if bet.kind == "big":
            continue  # its blocks and remainder: _check_big_line
        pays = bet.win / bet.amount  # from the key's own tables
        shown = (
            f"{name(bet, table)}: {_english_amount(cents(bet.amount))} at {pays.numerator} to "
            f"{pays.denominator} wins {_english_amount(cents_down(bet.win))} ({bet.article})"
        )
        assert shown in lines, (shown, lines)
    # The losers, by name and stake (and their article, where the line gives it).
    listed = [
        m
        for line in lines
        if "collect" in line.lower()
        for m in re.finditer(rf"(?:: |, )([^,:()]+) \(({_AMOUNT})(?:, ({_ARTICLE}))?\)", line)
    ]
    wanted_losers = Counter((name(b, table), cents(b.amount)) for b in losers)
    assert Counter((m[1], amount(m[2])) for m in listed) == wanted_losers, lines
    articles = {(name(b, table), cents(b.amount), b.article) for b in losers}
    for m in listed:
        assert m[3] is None or (m[1], amount(m[2]), m[3]) in articles, m[0]
    if len(winners) > 1:
        assert f"Total to pay: {_english_amount(total)}." in lines, lines
    assert (not winners) == any(line.startswith("Nothing wins") for line in lines)
    stays_found = Counter(
        (s["name"], s["article"]) for line in lines if (s := _STAY_LINE.match(line))
    )
    assert stays_found == Counter((name(b, table), b.governing(table.bets)) for b in stays), lines
    for bet in moved(table):
        shown = f"{name(bet, table)}: "
        assert any(line.startswith(shown) and "moves to" in line for line in lines), lines
    # A tie (Art. 3(1) «empatando») is said as one: the bet stays, nothing is handed back.
    for bet in tied(table):
        shown = f"{name(bet, table)}: 12 is a tie for it"
        said = [x for x in lines if x.startswith(shown)]
        assert len(said) == 1, (shown, lines)
        line = said[0]
        assert "stays where it is" in line and line.endswith(f"({bet.governing(table.bets)})"), line
    assert not any("push" in line or "returned" in line for line in lines), lines


def _check_big_line(line: str, bet_name: str, win: Decimal) -> None:
    """A Big bet's line: its blocks at the block's prize and its remainder at 1 to 1 add up."""
    if not bet_name.startswith("Big ") or bet_name == "Big 7":
        return
    number = int(bet_name.split()[1])
    block, prize = BIG[number]
    parts = re.search(rf"(\d+) × ({_AMOUNT}) at (\d+) to (\d+)", line)
    if parts is None:  # a bet under one block: wins its own value
        stake = re.search(rf": ({_AMOUNT}) is under one block of ({_AMOUNT})", line)
        assert stake is not None, line
        assert amount(stake[2]) == block and amount(stake[1]) < block
        assert win == amount(stake[1]), line
        return
    blocks, size = int(parts[1]), amount(parts[2])
    assert size == block and (int(parts[3]), int(parts[4])) == (prize, block), line
    rest = re.search(rf"the remainder ({_AMOUNT}) at 1 to 1 wins ({_AMOUNT})", line)
    block_win = Decimal(blocks * prize)
    if rest is None:
        assert win == block_win, line
    else:
        assert amount(rest[1]) == amount(rest[2]) and 0 < amount(rest[1]) < block, line
        assert f"win {_english_amount(block_win)}" in line
        assert win == block_win + amount(rest[2]), line


def payout_rests_on(item: DrillItem, table: KeyTable) -> None:
    """A Big win that rests on a reading says so, in its line and in rests_on; nothing else."""
    lines = [t.english() for t in item.solution]
    readings = [b for b in decided(table, "win") if b.reading]
    said = rests_on(item, "interpretation")
    for bet in readings:
        article = BIG_ARTICLE[bet.number or 0]
        assert any(article in s for s in said), (bet, said)
        assert any(
            (m := _WIN_LINE.match(x))
            and m["name"] == name(bet, table)
            and amount(m["win"] or m["all"]) == cents(bet.win)
            and "interpretation" in x
            for x in lines
        ), (bet, lines)
    # Every Big win rests on the reading of the text's dollars ("$6,00") as units (big_bet_unit).
    unit = [s for s in said if "reads one dollar as" in s]
    if any(b.kind == "big" for b in decided(table, "win")):
        assert unit, said
    if not readings:
        others = [t.english() for t in item.rests_on if "reads one dollar as" not in t.english()]
        assert not others, others


def payout_feedback(item: DrillItem, table: KeyTable) -> None:
    """The right amount is right, a wrong one wrong, and the feedback calls it the payout."""
    total = payout_total(table)
    no_ids(english(item))
    assert grade(item, Answer(amount=total)).correct
    for wrong in (total + 1, total - 1 if total else total + 5):
        verdict = grade(item, Answer(amount=wrong))
        assert not verdict.correct
        shown = [t.english() for t in verdict.feedback]
        assert any(f"the payout is {_english_amount(total)}" in t for t in shown), shown
        no_ids(shown)
    assert not grade(item, Answer(timed_out=True)).correct


# ------------------------------------------------------------------------------------------
# The largest odds bet (Art. 2(2)).
# ------------------------------------------------------------------------------------------
def _odds_case(item: DrillItem, table: KeyTable) -> tuple[KeyBet, Decimal, Fraction, Decimal]:
    (line,) = [b for b in table.bets.values() if b.kind == "pass"]
    assert line.point is not None and line.outcome == "open"
    chip = Decimal(str(item.question.params["chip"]))  # the question's unit: "in chips of 5"
    # "O ganho adicional nunca poderá exceder a importância da aposta inicial": the odds bet
    # whose win is the line bet, in whole chips of the smallest chip.
    exact = line.amount / RIGHT_ODDS[line.point]
    return line, chip, exact, chip * int(exact / Fraction(chip))


def odds_limit_answer(item: DrillItem, table: KeyTable) -> None:
    assert item.expected.amount == _odds_case(item, table)[3]


def odds_limit_article(item: DrillItem, table: KeyTable) -> None:
    assert str(item.citation) == f"{RULESET} Art. 2(2)"


def odds_limit_solution(item: DrillItem, table: KeyTable) -> None:
    line, _chip, exact, largest = _odds_case(item, table)
    lines = [t.english() for t in item.solution]
    ratio = RIGHT_ODDS[line.point or 0]
    pays = f"on {line.point} odds pay {ratio.numerator} to {ratio.denominator}"
    assert any(pays in x for x in lines), lines
    equation = next(x for x in lines if " = " in x)
    assert equation.endswith(f"= {_english_amount(cents_down(exact))}."), equation
    if largest != cents_down(exact):
        assert lines[-1].endswith(f": {_english_amount(largest)}."), lines


def odds_limit_rests_on(item: DrillItem, table: KeyTable) -> None:
    """The cap applied when the odds are taken is a reading of Art. 2(2): said so."""
    assert any("Art. 2(2)" in s for s in rests_on(item, "interpretation")), item.rests_on


def odds_limit_feedback(item: DrillItem, table: KeyTable) -> None:
    _line, chip, _exact, largest = _odds_case(item, table)
    no_ids(english(item))
    assert grade(item, Answer(amount=largest)).correct
    verdict = grade(item, Answer(amount=largest + chip))
    assert not verdict.correct
    shown = " ".join(t.english() for t in verdict.feedback)
    assert f"the largest odds bet is {_english_amount(largest)}" in shown, shown
    assert "payout" not in shown, shown


# ------------------------------------------------------------------------------------------
# Collect, then pay: table procedure; the articles decide which bets lose and win.
# ------------------------------------------------------------------------------------------
def pay_order_answer(item: DrillItem, table: KeyTable) -> None:
    losers, winners = decided(table, "lose"), decided(table, "win")
    assert losers and winners
    groups = [set(group) for group in item.expected.order]
    assert groups == [{b.id for b in losers}, {b.id for b in winners}], groups


def pay_order_article(item: DrillItem, table: KeyTable) -> None:
    """No article: the Portaria sets no order of settlement, so the item cites none (never
    roulette's Art. 5(1), never one bet's article as if it ruled the order)."""
    assert str(item.citation) == f"{RULESET} house procedure", str(item.citation)
    assert rests_on(item, "table_procedure"), item.rests_on


def pay_order_solution(item: DrillItem, table: KeyTable) -> None:
    lines = [t.english() for t in item.solution]
    for bet, verb in [(b, "loses") for b in decided(table, "lose")] + [
        (b, "wins") for b in decided(table, "win")
    ]:
        wanted = f"{name(bet, table)} ({_english_amount(cents(bet.amount))}) {verb} on this throw"
        assert f"{wanted} ({bet.article})." in lines, (wanted, lines)
    stays_found = Counter(
        (m["name"], m["article"]) for line in lines if (m := _STAY_LINE.match(line))
    )
    wanted_stays = Counter((name(b, table), b.governing(table.bets)) for b in staying(table))
    assert stays_found == wanted_stays, lines


def pay_order_rests_on(item: DrillItem, table: KeyTable) -> None:
    """Portaria 97/85/M sets no order of settlement: the order is table procedure, said so."""
    assert rests_on(item, "table_procedure"), [t.english() for t in item.rests_on]
    assert not rests_on(item, "interpretation")


def pay_order_feedback(item: DrillItem, table: KeyTable) -> None:
    losers, winners, stays = decided(table, "lose"), decided(table, "win"), staying(table)
    no_ids(english(item))
    # Every order the procedure allows is right: losers (any order), then winners (any order).
    rng = random.Random(item.seed)
    for _ in range(3):
        first, then = [b.id for b in losers], [b.id for b in winners]
        rng.shuffle(first)
        rng.shuffle(then)
        assert grade(item, Answer(order=tuple(first + then))).correct
    right = tuple(b.id for b in losers + winners)
    # A winner paid before a loser is collected.
    early = (winners[0].id, *[b.id for b in losers], *[b.id for b in winners[1:]])
    _wrong(item, early, f"must be collected before {name(winners[0], table)} is paid")
    # A bet the throw did not decide.
    for bet in stays:
        says = f"{name(bet, table)} has no decision on this throw: it stays on the layout"
        _wrong(item, (*right, bet.id), says)
    # A bet left out.
    _wrong(item, right[1:], f"{name(losers[0], table)} loses on this throw and was never collected")
    _wrong(item, right[:-1], f"{name(winners[-1], table)} wins on this throw and was never paid")
    assert not grade(item, Answer(timed_out=True)).correct


def _wrong(item: DrillItem, order: tuple[str, ...], says: str) -> None:
    verdict = grade(item, Answer(order=order))
    assert not verdict.correct, order
    shown = [t.english() for t in verdict.feedback]
    assert any(says in t for t in shown), (says, shown)
    no_ids(shown)
    for text in shown:
        assert "Art. 5(1)" not in text and "roulette" not in text, text


# ------------------------------------------------------------------------------------------
# Throw rulings (Art. 1).
# ------------------------------------------------------------------------------------------
def _claim(label: str) -> tuple[str, int | None]:
    """What an option says happens, read from its words."""
    if label.startswith(("No throw", "No roll")):
        return "invalid", None
    if m := re.match(r"^(\d+): ", label):
        return "total", int(m[1])
    if m := re.search(r"Count the die on the table twice: (\d+)\.", label):
        return "total", int(m[1])
    if m := re.search(r"counts as a (\d+)", label):
        return "total", int(m[1])
    if label.startswith("Throw the lost die again"):
        return "throw_one_die_again", None
    if "lifts the chip stack" in label:
        return "disturb_the_die", None
    raise AssertionError(f"the key does not know the option {label!r}")


def _right_claim(item: DrillItem) -> tuple[str, int | None]:
    situation = item.situation
    if situation["ruling"] == "off_table":
        # "Quando um ou ambos os dados saírem do tabuleiro o lançamento não é válido".
        return "invalid", None
    # "conta-se sempre a face superior mais exposta".
    flat, (high, low) = situation["dice"]
    assert high != low and high + low != 7
    return "total", flat + high


def ruling_answer(item: DrillItem, table: None) -> None:
    claims = {o.id: _claim(o.label.english()) for o in item.expected.options}
    right = [oid for oid, claim in claims.items() if claim == _right_claim(item)]
    assert right == [item.expected.choice], (claims, _right_claim(item))


def ruling_article(item: DrillItem, table: None) -> None:
    assert str(item.citation) == f"{RULESET} Art. 1"


def ruling_solution(item: DrillItem, table: None) -> None:
    kind, total = _right_claim(item)
    decision = item.solution[0].english()
    if kind == "invalid":
        assert "not valid and is repeated" in decision, decision
    else:
        assert decision.endswith(f"({total})."), decision


def ruling_rests_on(item: DrillItem, table: None) -> None:
    assert not item.rests_on  # Art. 1 says it in words


def ruling_feedback(item: DrillItem, table: None) -> None:
    no_ids(english(item))
    for option in item.expected.options:
        verdict = grade(item, Answer(choice=option.id))
        assert verdict.correct is (option.id == item.expected.choice)
        if option.id != item.expected.choice:
            assert option.mistake is not None and "Art. 1" in option.mistake.english()
        no_ids([t.english() for t in verdict.feedback])


# ------------------------------------------------------------------------------------------
SKILLS = (*PAYOUT_SKILLS, "craps.odds_limit", "craps.pay_order", "craps.rulings")
ASPECTS = ("answer", "article", "solution", "rests_on", "feedback")
CHECKS: dict[str, dict[str, Any]] = {
    **{
        skill: {
            "answer": payout_answer,
            "article": payout_article,
            "solution": payout_solution,
            "rests_on": payout_rests_on,
            "feedback": payout_feedback,
        }
        for skill in PAYOUT_SKILLS
    },
    "craps.odds_limit": {
        "answer": odds_limit_answer,
        "article": odds_limit_article,
        "solution": odds_limit_solution,
        "rests_on": odds_limit_rests_on,
        "feedback": odds_limit_feedback,
    },
    "craps.pay_order": {
        "answer": pay_order_answer,
        "article": pay_order_article,
        "solution": pay_order_solution,
        "rests_on": pay_order_rests_on,
        "feedback": pay_order_feedback,
    },
    "craps.rulings": {
        "answer": ruling_answer,
        "article": ruling_article,
        "solution": ruling_solution,
        "rests_on": ruling_rests_on,
        "feedback": ruling_feedback,
    },
}


@pytest.mark.parametrize("aspect", ASPECTS)
@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
@pytest.mark.parametrize("skill", SKILLS)
def test_craps_answer_key(skill: str, difficulty: Difficulty, aspect: str) -> None:
    check = CHECKS[skill][aspect]
    for seed in SEEDS:
        item = item_for(skill, seed, difficulty)
        table = None if skill == "craps.rulings" else table_for(skill, seed, difficulty)
        try:
            check(item, table)
        except AssertionError as error:
            raise AssertionError(f"{skill} seed {seed} {difficulty.name}: {error}") from error


def test_craps_answer_key_meets_every_case_it_checks() -> None:
    """The seeds reach every case the key checks: a throw that decides nothing, the
    Big-bet readings, bets with no decision in the order drill, odds on both sides."""
    seen: Counter[str] = Counter()
    for difficulty in Difficulty:
        for seed in SEEDS:
            line = table_for("craps.line_bets", seed, difficulty)
            if not decided(line, "win") and not decided(line, "lose"):
                seen["line bets: nothing decided"] += 1
            for bet in tied(line):
                seen[f"line bets: {bet.kind} ties on 12"] += 1
            for bet in decided(table_for("craps.big_bets", seed, difficulty), "win"):
                seen[f"big: {bet.reading}"] += 1
            if staying(table_for("craps.pay_order", seed, difficulty)):
                seen["pay order: a bet with no decision"] += 1
            odds = table_for("craps.odds_payout", seed, difficulty)
            for bet in decided(odds, "win") + decided(odds, "lose"):
                if bet.kind == "odds":
                    seen[f"odds: {bet.governing(odds.bets)}"] += 1
    for case in (
        "line bets: nothing decided",
        "line bets: dont_pass ties on 12",
        "line bets: dont_come ties on 12",
        "big: remainder",
        "big: under_block_4_10",
        "big: None",
        "pay order: a bet with no decision",
        "odds: Art. 2(2)",
        "odds: Art. 3(2)",
    ):
        assert seen[case] > 0, (case, seen)
