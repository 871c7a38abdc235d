"""An independent answer key for every roulette drill (roulette-2003, Despacho 30/2003).

A second implementation, written from the regulation and not from the rules
core: its own layout (Art. 6), payouts (Art. 7), zero rule (Art. 8), the two
texts' pay orders (Art. 5(1)) and the rulings of Arts. 2(2), 3 and 5(3).  It
reads only the generated :class:`DrillItem` (the table in
``situation["request"]``, the question, the options and the worked
solution) and never calls the rules core's arithmetic or the grader's to make
its answer; it calls :func:`grade` only to check that the grader agrees with
it.  For every skill × difficulty over 300 seeds it checks:

- the expected answer is the key's;
- a choice item has exactly one right option, and every other option is wrong
  by the rules;
- the cited article is the one that decides the item;
- the worked solution's numbers add up to the answer;
- an answer that rests on an interpretation names it (``rests_on``);
- feedback names bets as a person reads them, never by a request's id.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from functools import cache
from typing import Any

import pytest

from dealer_trainer.drills import Answer, Difficulty, DrillItem, Grade, grade
from dealer_trainer.drills.sessions import ItemSpec
from dealer_trainer.rules.roulette import settle
from dealer_trainer.rules.roulette.api import parse_bet
from dealer_trainer.rules.roulette.pay_order import judge_order
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.rules.text import Text

SEEDS = range(300)
#: Choice items are cheap: more seeds, so that rare cases (the previous number was 0, about
#: one golpe nulo in 37) come up many times; seed 316 is one of them.
RULING_SEEDS = range(1200)
DIFFICULTIES = tuple(Difficulty)
RULESET = "roulette-2003"

# ----------------------------------------------------------- the regulation --

#: Art. 1(2) says the numbers alternate red and black and lists none; the standard European
#: red numbers (an interpretation the items must name where an answer rests on it).
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
BLACK = frozenset(range(1, 37)) - RED

#: Art. 7: "n vezes o seu valor" (the stake stays with the player), and the item of Art. 7
#: that sets it.
ART7 = {
    "straight": (35, 1),
    "split": (17, 2),
    "street": (11, 3),
    "corner": (8, 4),
    "line": (5, 5),
    "nine": (3, 6),
    "sector12": (2, 7),
    "column": (2, 7),
    "dozen": (2, 7),
    "even": (1, 8),
    "odd": (1, 8),
    "low": (1, 8),
    "high": (1, 8),
    "red": (1, 8),
    "black": (1, 8),
}

#: Art. 6(7): the two twelve-number sectors, exactly as the text lists them.
SECTORS12 = (
    frozenset({1, 3, 5, 13, 15, 17, 20, 22, 24, 32, 34, 36}),
    frozenset({2, 4, 6, 14, 16, 18, 19, 21, 23, 31, 33, 35}),
)

#: Art. 5(1), the steps of each official text (a bet's step; lower is paid first).
#: Portuguese: «colunas e dúzias, sectores, chances simples, linhas, ruas, quadros, cavalos e,
#: em último lugar, os plenos».  Chinese: 「直十二門及大、中、小十二門，九門，紅、黑或單、雙號碼，
#: 六門、四門騎，三門一列，兩門騎，孤丁」: the full-width comma separates steps, 「、」 joins
#: six-lines and corners in one.  The twelve-number sector goes with the sectors and low/high
#: with the even chances (the digest's interpretation: the Chinese text names neither).
PORTUGUESE = {
    "column": 0,
    "dozen": 0,
    "nine": 1,
    "sector12": 1,
    "red": 2,
    "black": 2,
    "even": 2,
    "odd": 2,
    "low": 2,
    "high": 2,
    "line": 3,
    "street": 4,
    "corner": 5,
    "split": 6,
    "straight": 7,
}
CHINESE = {**PORTUGUESE, "line": 3, "corner": 3, "street": 4, "split": 5, "straight": 6}


def row(n: int) -> int:
    """The layout row (street) of a number 1-36: 1-2-3 is row 0."""
    return (n - 1) // 3


def col(n: int) -> int:
    """The layout column: 1, 4, 7 … is column 1; 3, 6, 9 … column 3."""
    return (n - 1) % 3 + 1


def legal_figure(kind: str, numbers: Sequence[int]) -> bool:
    """Is this a bet Art. 6 describes (0 only as a straight-up, Art. 8 and its reading)?"""
    ns = sorted(numbers)
    if kind == "straight":
        return len(ns) == 1 and 0 <= ns[0] <= 36
    if any(not 1 <= n <= 36 for n in ns) or len(set(ns)) != len(ns):
        return False
    rows = {row(n) for n in ns}
    cols = {col(n) for n in ns}
    if kind == "split":
        a, b = ns
        return (b - a == 1 and row(a) == row(b)) or b - a == 3
    if kind == "street":
        return len(ns) == 3 and len(rows) == 1
    if kind == "corner":
        return len(ns) == 4 and len(cols) == 2 and len(rows) == 2 and max(rows) - min(rows) == 1
    if kind == "line":
        return len(ns) == 6 and len(rows) == 2 and max(rows) - min(rows) == 1
    if kind == "nine":  # the digest's interpretation: three adjacent streets
        return len(ns) == 9 and len(rows) == 3 and max(rows) - min(rows) == 2
    if kind == "sector12":
        return frozenset(ns) in SECTORS12
    return False


def covered(bet: Mapping[str, Any]) -> frozenset[int]:
    kind = bet["kind"]
    if "numbers" in bet:
        assert legal_figure(kind, bet["numbers"]), bet
        return frozenset(bet["numbers"])
    if kind == "column":
        return frozenset(n for n in range(1, 37) if col(n) == bet["index"])
    if kind == "dozen":
        first = 12 * (bet["index"] - 1) + 1
        return frozenset(range(first, first + 12))
    return {
        "red": RED,
        "black": BLACK,
        "even": frozenset(range(2, 37, 2)),
        "odd": frozenset(range(1, 37, 2)),
        "low": frozenset(range(1, 19)),
        "high": frozenset(range(19, 37)),
    }[kind]


def wins(bet: Mapping[str, Any], number: int) -> bool:
    """Art. 8: on 0 only a straight-up on 0 wins; otherwise the bet wins if it covers it."""
    if number == 0:
        return bet["kind"] == "straight" and list(bet["numbers"]) == [0]
    return number in covered(bet)


def payout(bet: Mapping[str, Any]) -> Decimal:
    return Decimal(bet["amount"]) * ART7[bet["kind"]][0]


def art7(kind: str) -> str:
    return f"{RULESET} Art. 7({ART7[kind][1]})"


def right_by(text: Mapping[str, int], winners: Sequence[Mapping[str, Any]]) -> bool:
    steps = [text[b["kind"]] for b in winners]
    return steps == sorted(steps)


def key_order_verdict(
    bets: Sequence[Mapping[str, Any]], number: int, order: Sequence[str]
) -> tuple[bool, set[str]]:
    """Is ``order`` right by Art. 5(1) (collect first, then one text's order as a whole)?
    Also the texts it follows, when right."""
    by_id = {b["id"]: b for b in bets}
    if sorted(order) != sorted(by_id):
        return False, set()
    losing = [not wins(by_id[i], number) for i in order]
    if losing != sorted(losing, reverse=True):  # every loser before any winner
        return False, set()
    winners = [by_id[i] for i in order if wins(by_id[i], number)]
    texts = {
        name for name, text in (("pt", PORTUGUESE), ("zh", CHINESE)) if right_by(text, winners)
    }
    return bool(texts), texts


def texts_differ(winners: Sequence[Mapping[str, Any]]) -> bool:
    kinds = {b["kind"] for b in winners}
    return "corner" in kinds and bool(kinds & {"line", "street"})


# ----------------------------------------------------------- reading items --


def words(text: Text) -> str:
    return text.english()


def walk(text: Text) -> Iterator[Any]:
    """Every parameter of a sentence, nested sentences included."""
    for value in text.params.values():
        yield value
        if isinstance(value, Text):
            yield from walk(value)


def interpretations(item: DrillItem) -> list[str]:
    return [words(t) for t in item.rests_on if t.source.startswith("Interpretation")]


def assert_no_ids(item: DrillItem, sentences: Sequence[Text]) -> None:
    """No request id reaches a person: not quoted, not as a sentence's parameter, not as
    "a → b → c"."""
    ids = {str(b["id"]) for b in item.situation["request"].get("bets", [])}
    for sentence in sentences:
        said = words(sentence)
        for bet_id in ids:
            assert f"'{bet_id}'" not in said, (item.seed, said)
            assert f"{bet_id} →" not in said and f"→ {bet_id}" not in said, (item.seed, said)
            assert f"/{bet_id}" not in said, (item.seed, said)
        for value in walk(sentence):
            assert not (isinstance(value, str) and value in ids), (item.seed, said)


@cache
def item_for(skill: str, seed: int, difficulty: Difficulty) -> DrillItem:
    return ItemSpec(skill, seed, difficulty).make()


def items(skill: str, seeds: range = SEEDS) -> Iterator[DrillItem]:
    for difficulty in DIFFICULTIES:
        for seed in seeds:
            item = item_for(skill, seed, difficulty)
            assert item.skill == skill and item.ruleset == RULESET
            yield item


# ------------------------------------------------------------ amount skills --

WORKED_LINE = "{count} {kind} × {ratio} × {stake} = {win} ({article})"


AMOUNT_SKILLS = (
    "roulette.straight_up",
    "roulette.picture_bets",
    "roulette.outside_bets",
    "roulette.zero_rule",
)


def table(item: DrillItem) -> tuple[list[dict[str, Any]], int, list[dict[str, Any]], Decimal]:
    """The item's bets, the winning number, the winners and the key's payout."""
    request = item.situation["request"]
    bets, number = request["bets"], request["outcome"]["number"]
    winners = [b for b in bets if wins(b, number)]
    return bets, number, winners, sum((payout(b) for b in winners), Decimal(0))


@pytest.mark.parametrize("skill", AMOUNT_SKILLS)
def test_roulette_answer_key_amount_is_the_keys(skill: str) -> None:
    for item in items(skill):
        bets, _, _, expected = table(item)
        assert item.expected.amount == expected, (item.seed, item.difficulty)
        # The grader agrees with the key, and refuses a near miss.
        assert grade(item, Answer(amount=expected)).correct
        for wrong in (expected + 1, expected + Decimal(bets[0]["amount"])):
            assert not grade(item, Answer(amount=wrong)).correct


@pytest.mark.parametrize("skill", AMOUNT_SKILLS)
def test_roulette_answer_key_amount_cites_the_deciding_article(skill: str) -> None:
    for item in items(skill):
        _, number, winners, _ = table(item)
        cited = str(item.citation)
        if skill == "roulette.zero_rule":
            assert number == 0 and cited == f"{RULESET} Art. 8"
        elif winners:
            assert cited in {art7(b["kind"]) for b in winners}, (item.seed, cited)
        else:  # nothing wins: no bet covers the number (Art. 6)
            assert cited == f"{RULESET} Art. 6", (item.seed, cited)


@pytest.mark.parametrize("skill", AMOUNT_SKILLS)
def test_roulette_answer_key_worked_solution_adds_up(skill: str) -> None:
    for item in items(skill):
        _, _, winners, expected = table(item)
        lines = [t for t in item.solution if t.source == WORKED_LINE]
        total = Decimal(0)
        for line in lines:
            p = {k: str(v) for k, v in line.params.items()}
            stake, ratio, win = Decimal(p["stake"]), Decimal(p["ratio"]), Decimal(p["win"])
            assert int(p["count"]) * ratio * stake == win, (item.seed, words(line))
            assert ratio in {Decimal(r) for r, _ in ART7.values()}
            total += win
        assert total == expected, (item.seed, [words(t) for t in item.solution])
        for line in item.solution:
            if line.source == "Total to pay: {total}.":
                assert line.params["total"] == expected
        if not winners:
            assert not lines
        assert_no_ids(item, item.solution)


@pytest.mark.parametrize("skill", AMOUNT_SKILLS)
def test_roulette_answer_key_amount_names_its_interpretations(skill: str) -> None:
    for item in items(skill):
        bets, number, _, _ = table(item)
        said = " ".join(interpretations(item))
        if number != 0 and any(b["kind"] in ("red", "black") for b in bets):
            assert "red numbers" in said, (item.seed, said)
        if number != 0 and any(b["kind"] == "nine" for b in bets):
            assert "nine-number bet" in said, (item.seed, said)


@pytest.mark.parametrize("skill", AMOUNT_SKILLS)
def test_roulette_answer_key_amount_feedback_names_no_ids(skill: str) -> None:
    for item in items(skill):
        _, _, _, expected = table(item)
        assert_no_ids(item, grade(item, Answer(amount=expected + 5)).feedback)


# --------------------------------------------------------------- pay order --


def candidate_orders(
    rng: random.Random, bets: Sequence[Mapping[str, Any]], number: int
) -> list[tuple[str, ...]]:
    """Orders to put to the grader: each text's order (shuffled within its steps), the
    three orders of six-lines, streets and corners, mixes, and random mistakes."""
    losers = [b for b in bets if not wins(b, number)]
    winners = [b for b in bets if wins(b, number)]

    def by(text: Mapping[str, int]) -> list[str]:
        shuffled = list(winners)
        rng.shuffle(shuffled)
        return [b["id"] for b in sorted(shuffled, key=lambda b: text[b["kind"]])]

    collect = [b["id"] for b in losers]
    rng.shuffle(collect)
    orders = [collect + by(PORTUGUESE), collect + by(CHINESE), collect + by(CHINESE)]
    for lsc in (
        ("line", "street", "corner"),
        ("corner", "line", "street"),
        ("line", "corner", "street"),
        ("street", "line", "corner"),
        ("corner", "street", "line"),
    ):
        # Six-lines, streets and corners in the order lsc (their steps 3-5 of the Portuguese).
        orders.append(collect + by({**PORTUGUESE, **{k: 3 + lsc.index(k) for k in lsc}}))
    # A mix: one corner with the six-lines (Chinese), another after the streets (Portuguese).
    corners = [b["id"] for b in winners if b["kind"] == "corner"]
    streets = [b["id"] for b in winners if b["kind"] == "street"]
    if len(corners) >= 2 and streets:
        pt = by(PORTUGUESE)
        pt.remove(corners[0])
        pt.insert(min(pt.index(s) for s in streets), corners[0])
        orders.append(collect + pt)
    flat = collect + by(PORTUGUESE)
    for _ in range(3):
        wrong = list(flat)
        i, j = sorted(rng.sample(range(len(wrong)), 2))
        wrong[i], wrong[j] = wrong[j], wrong[i]
        orders.append(wrong)
    orders.append(flat[:-1])  # a winner never paid
    orders.append([*flat, flat[-1]])  # a bet settled twice
    return [tuple(o) for o in orders]


_GRADES: dict[tuple[int, Difficulty, tuple[str, ...]], Grade] = {}


def graded_order(item: DrillItem, order: tuple[str, ...]) -> Grade:
    """The grader's verdict on an order (kept: two tests put the same orders)."""
    key = (item.seed, item.difficulty, order)
    if key not in _GRADES:
        _GRADES[key] = grade(item, Answer(order=order))
    return _GRADES[key]


def pay_order_items(difficulty: Difficulty) -> Iterator[DrillItem]:
    for seed in SEEDS:
        yield item_for("roulette.pay_order", seed, difficulty)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_roulette_answer_key_pay_order_is_the_keys(difficulty: Difficulty) -> None:
    """Every order the grader accepts is one the key accepts, and the other way round:
    collect first, then one text of Art. 5(1) as a whole (either text, the default)."""
    rng = random.Random(int(difficulty))
    for item in pay_order_items(difficulty):
        bets, number, _, _ = table(item)
        flat = [b for group in item.expected.order for b in group]
        backwards = [b for group in item.expected.order for b in reversed(group)]
        assert key_order_verdict(bets, number, flat)[0], (item.seed, item.expected.order)
        assert key_order_verdict(bets, number, backwards)[0], (item.seed, item.expected.order)
        for order in candidate_orders(rng, bets, number):
            right, texts = key_order_verdict(bets, number, order)
            verdict = graded_order(item, order)
            assert verdict.correct == right, (item.seed, order, texts)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_roulette_answer_key_pay_order_feedback(difficulty: Difficulty) -> None:
    """Feedback names bets (never ids), says which text a right order followed, and puts a
    wrong order as "X must be paid before Y; you paid Y first"."""
    rng = random.Random(int(difficulty))
    for item in pay_order_items(difficulty):
        bets, number, winners, _ = table(item)
        assert_no_ids(item, item.solution)
        for order in candidate_orders(rng, bets, number):
            right, texts = key_order_verdict(bets, number, order)
            verdict = graded_order(item, order)
            if verdict.correct != right:
                continue  # the answer itself is the other test's
            assert_no_ids(item, (*verdict.feedback, *verdict.notes))
            if right and texts_differ(winners):
                note = " ".join(words(t) for t in verdict.notes)
                if texts == {"pt"}:
                    assert "Portuguese text" in note and "Chinese" not in note, (item.seed, note)
                elif texts == {"zh"}:
                    assert "Chinese text" in note and "Portuguese" not in note, (item.seed, note)
                else:
                    assert "both official texts" in note, (item.seed, note)
            if not right and sorted(order) == sorted(b["id"] for b in bets):
                said = " ".join(words(t) for t in verdict.feedback)
                assert "must be" in said and "first" in said, (item.seed, said)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_roulette_answer_key_pay_order_cites_and_names_interpretations(
    difficulty: Difficulty,
) -> None:
    for item in pay_order_items(difficulty):
        bets, _, winners, _ = table(item)
        assert str(item.citation) == f"{RULESET} Art. 5(1)"
        said = " ".join(interpretations(item))
        if texts_differ(winners):
            assert "either text allows" in said, (item.seed, said)
        if any(b["kind"] in ("red", "black") for b in bets):
            assert "red numbers" in said, (item.seed, said)
        if any(b["kind"] == "nine" for b in bets):
            assert "nine-number bet" in said, (item.seed, said)
        if any(b["kind"] == "sector12" for b in winners) and len(winners) > 1:
            assert "twelve-number sector is paid with the sectors" in said, (item.seed, said)


# ------------------------------------------------ Art. 5(2): paid together --

#: A step of the handling: one bet collected or paid, or one player's bets paid together.
Payment = tuple[str, ...]


def key_payments_verdict(
    bets: Sequence[Mapping[str, Any]],
    players: Mapping[str, str],
    number: int,
    steps: Sequence[Payment],
) -> bool:
    """Is ``steps`` right by Art. 5(1) with Art. 5(2) as the digest reads it (clarified
    2026-12-07)?  Every bet handled once, every loser collected (on its own) before any
    payment; a payment of several bets is one player's winners, their total at once, and
    comes at the turn of any of its bets; a bet paid on its own keeps its own turn, whoever
    holds it.  So the order is right by a text when each payment can be given one of its
    bets' steps there, never earlier than the step given to the payment before it; it is
    right when it is so by either text as a whole."""
    by_id = {b["id"]: b for b in bets}
    handled = [bet for step in steps for bet in step]
    if sorted(handled) != sorted(by_id):
        return False
    for step in steps:
        if len(step) > 1:
            if not all(wins(by_id[b], number) for b in step):
                return False  # a loser is collected, never paid with other bets
            holders = {players.get(b) for b in step}
            if None in holders or len(holders) != 1:
                return False  # only one player's bets are paid together
    losing = [not wins(by_id[step[0]], number) for step in steps]
    if losing != sorted(losing, reverse=True):
        return False
    payments = [step for step in steps if wins(by_id[step[0]], number)]

    def right_by_text(text: Mapping[str, int]) -> bool:
        at = 0
        for payment in payments:
            steps_now = [text[by_id[b]["kind"]] for b in payment if text[by_id[b]["kind"]] >= at]
            if not steps_now:
                return False
            at = min(steps_now)
        return True

    return right_by_text(PORTUGUESE) or right_by_text(CHINESE)


def rules_core_verdict(
    bets: Sequence[Mapping[str, Any]],
    players: Mapping[str, str],
    number: int,
    steps: Sequence[Payment],
) -> bool:
    """What the rules core's order judge (the quiz's, the CLI's and the table's) says: only
    to check it against the key."""
    ruleset = get_ruleset(RULESET)
    parsed = [parse_bet(ruleset, {**b, "player": players[b["id"]]}, "bet") for b in bets]
    handled = [step[0] if len(step) == 1 else step for step in steps]
    return judge_order(ruleset, settle(ruleset, parsed, number), handled).correct


#: The digest's example of Art. 5(2): on 1, player A's corner 1-2-4-5 and player B's
#: nine-number bet and twelve-number sector.
ISSUE_35_BETS = (
    {"id": "a", "kind": "corner", "numbers": [1, 2, 4, 5], "amount": "10"},
    {"id": "n", "kind": "nine", "numbers": list(range(1, 10)), "amount": "10"},
    {"id": "s", "kind": "sector12", "numbers": sorted(SECTORS12[0]), "amount": "10"},
)
ISSUE_35_PLAYERS = {"a": "A", "n": "B", "s": "B"}


@pytest.mark.parametrize(
    ("steps", "right"),
    [
        ((("a",), ("s",), ("n",)), False),  # paid separately, B's sectors keep their turn
        ((("a",), ("n",), ("s",)), False),
        ((("s",), ("n",), ("a",)), True),  # B's two sector bets, then A's corner
        ((("n",), ("s",), ("a",)), True),
        ((("n", "s"), ("a",)), True),  # B's total at the nine's turn
        ((("s", "n"), ("a",)), True),  # B's total at the sector's turn
        ((("a",), ("n", "s")), False),  # A's corner before B's total
        ((("s",), ("a",), ("n",)), False),
        ((("a", "n"), ("s",)), False),  # two players' bets are not paid together
    ],
)
def test_roulette_answer_key_art5_2_separate_payments_keep_their_turns(
    steps: tuple[Payment, ...], right: bool
) -> None:
    """Issue 35, the digest's own example (its steps from the key's tables: sectors 1,
    corners 5 Portuguese or 3 Chinese)."""
    assert key_payments_verdict(ISSUE_35_BETS, ISSUE_35_PLAYERS, 1, steps) is right
    assert rules_core_verdict(ISSUE_35_BETS, ISSUE_35_PLAYERS, 1, steps) is right, steps


def payment_orders(
    rng: random.Random,
    bets: Sequence[Mapping[str, Any]],
    players: Mapping[str, str],
    number: int,
) -> list[tuple[Payment, ...]]:
    """Handlings to put to the judge: each text's order paid bet by bet, one player's bets
    paid together at the place of each of them (and elsewhere), a bet left behind for a
    later payment of its player or paid on its own after its turn, random swaps."""
    losers = [(b["id"],) for b in bets if not wins(b, number)]
    winners = [b for b in bets if wins(b, number)]
    rng.shuffle(losers)
    orders: list[tuple[Payment, ...]] = []
    for text in (PORTUGUESE, CHINESE):
        shuffled = list(winners)
        rng.shuffle(shuffled)
        flat = [b["id"] for b in sorted(shuffled, key=lambda b: text[b["kind"]])]
        orders.append((*losers, *((b,) for b in flat)))
        held: dict[str, list[str]] = {}
        for bet in flat:
            held.setdefault(players[bet], []).append(bet)
        for mine in held.values():
            if len(mine) < 2:
                continue
            together = tuple(rng.sample(mine, rng.randint(2, len(mine))))
            rest = [b for b in flat if b not in together]
            for place in range(len(rest) + 1):  # the total at every place among the others
                orders.append((*losers, *((b,) for b in rest[:place]), together,
                               *((b,) for b in rest[place:])))  # fmt: skip
            # The first of the player's bets left at its turn, then paid on its own later.
            first, *_ = mine
            without = [b for b in flat if b != first]
            for place in range(flat.index(first), len(without) + 1):
                orders.append((*losers, *((b,) for b in without[:place]), (first,),
                               *((b,) for b in without[place:])))  # fmt: skip
        for _ in range(3):
            wrong = list(flat)
            if len(wrong) >= 2:
                i, j = sorted(rng.sample(range(len(wrong)), 2))
                wrong[i], wrong[j] = wrong[j], wrong[i]
            orders.append((*losers, *((b,) for b in wrong)))
    return orders


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_roulette_answer_key_art5_2_payments_together_are_the_keys(difficulty: Difficulty) -> None:
    """On the pay order items' tables, their bets held by two or three players: the judge
    accepts exactly the handlings the key accepts (Art. 5(2) as the digest reads it)."""
    rng = random.Random(100 + int(difficulty))
    checked = together = 0
    for item in pay_order_items(difficulty):
        if item.seed >= 100:
            break
        bets, number, _, _ = table(item)
        names = ("A", "B", "C")[: rng.randint(2, 3)]
        players = {b["id"]: rng.choice(names) for b in bets}
        for steps in payment_orders(rng, bets, players, number):
            right = key_payments_verdict(bets, players, number, steps)
            assert rules_core_verdict(bets, players, number, steps) is right, (
                item.seed, players, steps,
            )  # fmt: skip
            checked += 1
            together += any(len(step) > 1 for step in steps) and right
    assert checked > 1000 and together > 100, (checked, together)


# ----------------------------------------------------------------- rulings --

GOLPE_NULO_Q = (
    "The ball is spinning when a chip falls into the wheel. The previous winning number was "
    "{previous}. What do you do?"
)
LATE_BET_Q = (
    "You have rung the bell and launched the ball. A player pushes a straight-up onto the "
    "layout. What do you do?"
)
INSPECTOR_Q = (
    "While paying, you knock over the chips of a winning corner. The inspector saw the layout "
    "and can put them back exactly. What happens?"
)
PLAYERS_Q = (
    "While paying, you knock over the chips of several winning bets. The inspector cannot say "
    "with certainty where they were. What happens?"
)


def key_ruling(question: Text, option: Text) -> tuple[bool, str]:
    """Is the option right for the question, by the article that decides it?"""
    q, o = question.source, option.source
    if q == GOLPE_NULO_Q:  # Art. 2(2): the ball goes to the previous number's pocket
        previous = question.params["previous"]
        table = {
            "Announce golpe nulo, remove the chip, place the ball in {previous} and spin again; "
            "all bets stand.": option.params.get("previous") == previous,
            "Let the ball finish and pay the number it lands on.": False,
            "Stop the game and return every bet to the players.": False,
            # Into 0 is the previous number's pocket when the previous number was 0.
            "Remove the chip, put the ball in 0 and spin again.": previous == 0,
            "Remove the chip and spin again from the pocket where the ball is now.": False,
        }
        return table[o], "Art. 2(2)"
    if q == LATE_BET_Q:  # Art. 3: after the bell no bet is placed or changed
        table = {
            "Refuse the bet and hand the chips back; the other bets stand.": True,
            "Accept it: the ball has not yet come to rest.": False,
            "Accept it, but pay it at half if it wins.": False,
            "Call golpe nulo and spin again.": False,
        }
        return table[o], "Art. 3"
    # Art. 5(3): the inspector restores them if he can with certainty, else the players say.
    inspector = q == INSPECTOR_Q
    assert inspector or q == PLAYERS_Q, q
    table = {
        "The inspector restores the bets, then they are paid.": inspector,
        "The bets are reconstructed from what the players concerned indicate.": not inspector,
        "The disturbed bets lose: the layout decides.": False,
        "You put the chips back as you remember them.": False,
        "The players say where their chips were.": not inspector,
        "The inspector puts them back as best he can.": False,
    }
    return table[o], "Art. 5(3)"


def test_roulette_answer_key_rulings_exactly_one_right_option() -> None:
    for item in items("roulette.rulings", RULING_SEEDS):
        options = item.expected.options
        verdicts = {o.id: key_ruling(item.question, o.label)[0] for o in options}
        right = [key for key, ok in verdicts.items() if ok]
        assert right == [item.expected.choice], (
            item.seed,
            words(item.question),
            [words(o.label) for o in options if o.id in right],
        )
        for option in options:
            verdict = grade(item, Answer(choice=option.id))
            assert verdict.correct == verdicts[option.id], (item.seed, option.id)
            if not verdict.correct:
                assert option.mistake is not None and verdict.feedback[0] == option.mistake
                assert_no_ids(item, verdict.feedback)


def test_roulette_answer_key_rulings_cite_the_deciding_article() -> None:
    for item in items("roulette.rulings", RULING_SEEDS):
        articles = {key_ruling(item.question, o.label)[1] for o in item.expected.options}
        (article,) = articles
        assert str(item.citation) == f"{RULESET} {article}", item.seed


def test_roulette_answer_key_golpe_nulo_solution_and_interpretations() -> None:
    for item in items("roulette.rulings", RULING_SEEDS):
        if item.question.source != GOLPE_NULO_Q:
            continue
        previous = item.question.params["previous"]
        # The worked solution puts the ball in the previous number's pocket.
        assert any(
            "previous winning number" in t.source and t.params.get("number") == previous
            for t in item.solution
        ), item.seed
        said = " ".join(interpretations(item))
        assert "bets stand" in said, (item.seed, said)
        if previous == 0:
            assert "previous winning number was 0" in said, (item.seed, said)
