"""An independent answer key for every Caribbean Stud drill: Despacho 61/2004, from its text.

This module does not use the rules core or the grader. It reads only what a generated
``DrillItem`` shows (its request, question, options, solution, citation and ``rests_on``)
and answers each item again with its own hand evaluator and its own tables, written from
the regulation (Art. 4 order of cards, Art. 7 dealing, Art. 8 ranking with suits, Art. 9
qualification and payouts, Art. 10 progressive with the digest's defaults, Art. 11
irregularities). For every skill and difficulty, over 300 seeds, it checks:

- the expected answer is the regulation's answer;
- exactly one option is right, and every other option is wrong by the rules;
- the cited article is the one that decides the item;
- the numbers of the worked solution are the ones that give the answer;
- where the answer rests on an interpretation or a house option, it is named.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

import pytest

from dealer_trainer.drills import Difficulty
from dealer_trainer.drills.model import DrillItem, Option
from dealer_trainer.drills.sessions import ItemSpec
from dealer_trainer.rules.cli import run

SEEDS = range(300)
RULESET = "caribbean-stud-2004"

# ------------------------------------------------------------ Art. 4 --
#: Art. 4(2): A K Q J 10 … 2, as numbers 14 … 2; Art. 4(1): spades > hearts > clubs > diamonds.
RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, **{str(n): n for n in range(2, 10)}}
SUITS = {"S": 4, "H": 3, "C": 2, "D": 1}
RANK_LABEL = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10", **{n: str(n) for n in range(2, 10)}}
SUIT_SYMBOL = {4: "♠", 3: "♥", 2: "♣", 1: "♦"}

Card = tuple[int, int]  # (rank, suit)


def card(code: str) -> Card:
    return RANKS[code[0]], SUITS[code[1]]


def label(c: Card) -> str:
    return RANK_LABEL[c[0]] + SUIT_SYMBOL[c[1]]


# ------------------------------------------------------------ Art. 8 --
#: Art. 8(1)-(10), high to low, with their English names.
CLASSES = (
    "royal flush",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pairs",
    "one pair",
    "high card",
)


@dataclass(frozen=True)
class Hand:
    cards: tuple[Card, ...]
    name: str
    ranks: tuple[int, ...]  # the ranks Art. 8 compares, in the text's order
    suit_card: Card | None  # the card whose suit decides last, where the text names one

    @property
    def item(self) -> int:
        """Art. 8's item for the class: 1 for the royal flush … 10 for five odd cards."""
        return CLASSES.index(self.name) + 1

    def key(self) -> tuple[int, tuple[int, ...], int]:
        return (-self.item, self.ranks, 0 if self.suit_card is None else self.suit_card[1])


def hand(codes: Sequence[str]) -> Hand:
    cards = tuple(card(c) for c in codes)
    assert len(set(cards)) == 5
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({s for _, s in cards}) == 1
    top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    if ranks == [14, 5, 4, 3, 2]:  # Art. 4(3): in 5-4-3-2-A the ace counts lowest
        top = 5

    def best_of(rank: int) -> Card:
        return max((c for c in cards if c[0] == rank), key=lambda c: c[1])

    high = max(cards)  # in a flush every card carries the suit that decides
    if flush and top == 14:
        return Hand(cards, "royal flush", (), high)  # (1): the higher suit
    if flush and top is not None:
        return Hand(cards, "straight flush", (top,), high)  # (2): ranks, then suit
    if shape[0] == 4:
        return Hand(cards, "four of a kind", (by_count[0],), None)  # (3): the fifth card ignored
    if shape == [3, 2]:
        return Hand(cards, "full house", (by_count[0],), None)  # (4): the three decide
    if flush:
        return Hand(cards, "flush", tuple(ranks), high)  # (5): card by card, then suit
    if top is not None:
        return Hand(cards, "straight", (top,), best_of(top))  # (6): the highest card's suit
    if shape[0] == 3:
        return Hand(cards, "three of a kind", (by_count[0],), None)  # (7)
    if shape == [2, 2, 1]:
        # (8): higher pair, lower pair, odd card; then the suit of the higher pair
        return Hand(cards, "two pairs", tuple(by_count), best_of(by_count[0]))
    if shape[0] == 2:
        # (9): the pair, the odd cards from the highest; then the suit of the pair
        return Hand(cards, "one pair", tuple(by_count), best_of(by_count[0]))
    return Hand(cards, "high card", tuple(ranks), best_of(ranks[0]))  # (10)


def winner(a: Hand, b: Hand) -> int:
    """Art. 8 between two hands of one deck: 0 or 1 (the suit decides last: never a tie)."""
    assert a.key() != b.key()
    return 0 if a.key() > b.key() else 1


# ------------------------------------------------------------ Art. 9 --
def qualifies(dealer: Hand) -> bool:
    """Art. 9(1), (3), read as the digest reads them: A-K high or any pair or better."""
    ranks = {r for r, _ in dealer.cards}
    return dealer.name != "high card" or {14, 13} <= ranks


#: Art. 9(5)(1)-(9): the raise pays, to 1; the royal flush at the house's option (default 100).
RAISE_PAYS = {
    "high card": 1,
    "one pair": 1,
    "two pairs": 2,
    "three of a kind": 3,
    "straight": 4,
    "flush": 5,
    "full house": 7,
    "four of a kind": 20,
    "straight flush": 50,
    "royal flush": 100,
}


# ----------------------------------------------------------- Art. 10 --
FIXED_ITEM = {
    "royal flush": 1,
    "straight flush": 2,
    "four of a kind": 3,
    "full house": 4,
    "flush": 5,
}
CENT = Decimal("0.01")


def down(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_FLOOR)


@dataclass
class Award:
    box: int
    name: str
    amount: Decimal
    from_pool: bool
    pool_before: Decimal
    pool_after: Decimal
    article: str
    exact_share: Decimal | None = None  # the share before rounding, where one was compared


def pay_order(won: dict[int, str]) -> list[int]:
    """Art. 10(4) and (7) as the digest reads them (corrected 2026-12-07): the boxes that won
    an award (box → hand name) in the order paid.

    The dealer goes box by box from the left (4). At a royal flush's turn, if a straight
    flush of the round is still unpaid, the royal waits; it is paid right after the last
    straight flush. Nothing else ever waits."""
    straights = {b for b, name in won.items() if name == "straight flush"}
    paid: list[int] = []
    waiting: list[int] = []
    for box in sorted(won):
        if won[box] == "royal flush" and not straights <= set(paid):
            waiting.append(box)  # a straight flush is still unpaid at this royal's turn
            continue
        paid.append(box)
        if waiting and straights <= set(paid):  # the last straight flush is paid just now
            paid += waiting
            waiting = []
    assert not waiting
    return paid


def progressive_round(
    pool: Decimal, fixed: dict[str, Decimal], boxes: dict[int, Hand], reset_to: Decimal
) -> tuple[list[Award], Decimal]:
    """Art. 10 as the digest reads it: every award of the round, in order, and the pool after."""
    won = sorted(b for b, h in boxes.items() if h.name in FIXED_ITEM)
    royals = [b for b in won if boxes[b].name == "royal flush"]
    order = pay_order({b: boxes[b].name for b in won})
    start = pool
    several_sf = sum(boxes[b].name == "straight flush" for b in won) > 1
    awards: list[Award] = []
    royal_base: Decimal | None = None
    took_pool = False
    for box in order:
        name = boxes[box].name
        before = pool
        article = f"Art. 10(2)({FIXED_ITEM[name]})"
        if name == "straight flush":
            exact = start / 10  # (6): 10% of the same jackpot, the pool before the first award
            share = down(exact)
            if several_sf:
                article = "Art. 10(6)"
            if share > fixed[name]:
                pool -= share
                awards.append(Award(box, name, share, True, before, pool, article, exact))
            else:
                awards.append(Award(box, name, fixed[name], False, before, pool, article, exact))
        elif name == "royal flush":
            if royal_base is None:
                royal_base = pool
            n = len(royals)
            exact = royal_base / n
            share, fixed_share = down(exact), down(fixed[name] / n)
            if royal_base != start:
                article = "Art. 10(7)"  # the straight flushes paid first left it less
            elif n > 1:
                article = "Art. 10(5)"
            if share > fixed_share:
                pool -= share
                took_pool = True
                awards.append(Award(box, name, share, True, before, pool, article, exact))
            else:
                awards.append(Award(box, name, fixed_share, False, before, pool, article, exact))
        else:  # (3)-(5): the fixed award, paid by the house; the pool stays
            awards.append(Award(box, name, fixed[name], False, before, pool, article))
    return awards, (reset_to if took_pool else pool)


# ------------------------------------------------------------ helpers --
def english(text: object) -> str:
    return text.english()  # type: ignore[attr-defined,no-any-return]


def numbers(text: str) -> list[Decimal]:
    """Every amount written in a text, once the articles, percentages and cards are taken out."""
    text = re.sub(r"Art\. \d+(\(\d+\))*", " ", text)
    text = re.sub(r"(10|[2-9AKQJ])[♠♥♣♦]", " ", text)
    text = re.sub(r"\d+%", " ", text)
    text = re.sub(r"\b[Bb]ox \d\b", " ", text)
    return [Decimal(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text)]


def rests_on(item: DrillItem) -> list[str]:
    return [english(t) for t in item.rests_on]


def named(item: DrillItem, kind: str, *words: str) -> bool:
    """True if ``rests_on`` names a ``kind`` ("Interpretation", "House option") with ``words``."""
    return any(r.startswith(kind) and all(w in r for w in words) for r in rests_on(item))


def right_option(item: DrillItem) -> Option:
    (right,) = [o for o in item.expected.options if o.id == item.expected.choice]
    return right


def items(skill: str, difficulty: Difficulty) -> Iterator[DrillItem]:
    for seed in SEEDS:
        item = ItemSpec(skill, seed, difficulty).make()
        assert item.ruleset == RULESET
        yield item


def where(item: DrillItem) -> str:
    return f"{item.skill} seed {item.seed} {item.difficulty.name.lower()}"


DIFFICULTIES = list(Difficulty)

# ------------------------------------------ caribbean_stud.name_hand --


def check_name_hand(item: DrillItem) -> None:
    (codes,) = item.situation["request"]["hands"]
    mine = hand(codes)
    for option in item.expected.options:
        name = english(option.label).split(" (")[0]
        is_right = option.id == item.expected.choice
        assert (name == mine.name) is is_right, where(item)
        assert is_right or option.mistake is not None, where(item)
    assert str(item.citation) == f"{RULESET} Art. 8({mine.item})", where(item)
    assert mine.name in english(item.solution[0]), where(item)


# -------------------------------------- caribbean_stud.compare_hands --

#: What the worked solution or hint must say of each class: the rule of its Art. 8 item.
CLASS_RULE_WORDS = {
    "royal flush": ("suit",),
    "straight flush": ("top card", "5-4-3-2-A"),
    "four of a kind": ("fifth card",),
    "full house": ("three of a kind",),
    "flush": ("highest",),
    "straight": ("top card", "5-4-3-2-A"),
    "three of a kind": ("odd cards",),
    "two pairs": ("higher pair", "lower pair", "odd card"),
    "one pair": ("pair", "odd cards"),
    "high card": ("highest",),
}


def check_compare_hands(item: DrillItem) -> None:
    a, b = (hand(codes) for codes in item.situation["request"]["hands"])
    won = winner(a, b)
    options = {english(o.label).split(":")[0]: o for o in item.expected.options}
    assert set(options) == {"Hand A", "Hand B"}, where(item)
    assert options[("Hand A", "Hand B")[won]].id == item.expected.choice, where(item)
    assert options[("Hand A", "Hand B")[1 - won]].mistake is not None, where(item)
    deciding = (a, b)[won] if a.name != b.name else a
    assert str(item.citation) == f"{RULESET} Art. 8({deciding.item})", where(item)
    solution = " ".join(english(line) for line in item.solution)
    if a.name == b.name:
        # Art. 8 compares hands of one class by that class's own rule: say it, then the cards.
        for words in (solution, english(item.hint)):
            for word in CLASS_RULE_WORDS[a.name]:
                assert word in words, f"{where(item)}: {a.name}: no {word!r} in {words!r}"
        if a.ranks == b.ranks:  # the suit decides
            assert a.suit_card is not None and b.suit_card is not None
            assert label((a, b)[won].suit_card) in solution, where(item)  # type: ignore[arg-type]
            assert label((a, b)[1 - won].suit_card) in solution, where(item)  # type: ignore[arg-type]
        else:
            for h in (a, b):
                ranks = ", ".join(RANK_LABEL[r] for r in h.ranks)
                assert ranks in solution, f"{where(item)}: no {ranks!r} in {solution!r}"
    else:
        assert a.name in solution and b.name in solution, where(item)


# -------------------------------------------- caribbean_stud.qualify --


def check_qualify(item: DrillItem) -> None:
    (codes,) = item.situation["request"]["hands"]
    yes = qualifies(hand(codes))
    for option in item.expected.options:
        says_yes = "does not qualify" not in english(option.label)
        assert (says_yes is yes) is (option.id == item.expected.choice), where(item)
    assert item.citation.article == 9 and item.citation.paragraph in ((1, 3) if yes else (1, 2)), (
        where(item)
    )
    assert named(item, "Interpretation", "A-K", "pair"), where(item)


# ----------------------------------------- caribbean_stud.settlement --


def check_settlement(item: DrillItem) -> None:
    request = item.situation["request"]
    (box,) = request["boxes"]
    assert box["decision"] == "raise"
    ante = Decimal(box["ante"])
    dealer, player = hand(request["dealer"]), hand(box["cards"])
    figures = {ante, 2 * ante, Decimal(1)}
    if not qualifies(dealer):  # Art. 9(2): the ante 1 to 1, the raise returned
        total, article = ante, "Art. 9(2)"
    elif winner(player, dealer) == 0:  # Art. 9(5)
        ratio = RAISE_PAYS[player.name]
        total, article = ante + 2 * ante * ratio, "Art. 9(5)"
        figures |= {Decimal(ratio), 2 * ante * ratio}
    else:  # Art. 9(4)
        total, article = Decimal(0), "Art. 9(4)"
    figures.add(total)
    assert item.expected.amount == total, where(item)
    assert str(item.citation).startswith(f"{RULESET} {article}"), where(item)
    solution = " ".join(english(line) for line in item.solution)
    # The total is written, or (nothing to pay) the solution says the bets are collected.
    assert total in numbers(solution) or (total == 0 and "collect" in solution), where(item)
    stray = [n for n in numbers(solution) if n not in figures]
    assert not stray, f"{where(item)}: {stray} in {solution!r}"
    assert named(item, "Interpretation", "A-K"), where(item)
    wins_royal = article == "Art. 9(5)" and player.name == "royal flush"
    assert named(item, "House option", "100 to 1", "Art. 13") is wins_royal, where(item)
    # Art. 9(5)(7)-(9): 「但不可超過場方預先定出的每局最高額」: the house's maximum bounds the win.
    capped = article == "Art. 9(5)" and player.name in CAPPED_BY_HOUSE_MAXIMUM
    assert named(item, "House option", "maximum payout", "Art. 9(5)(7)-(9)") is capped, where(item)
    # Hands named as English names them: "one pair", "two pairs", never "a one pair".
    assert not re.search(r"\ba (one pair|two pairs|three of|four of|high card)", solution), where(
        item
    )


#: Art. 9(5)(7)-(9): the raises the house's maximum payout per round bounds.
CAPPED_BY_HOUSE_MAXIMUM = frozenset({"four of a kind", "straight flush", "royal flush"})


# ---------------------------------------- caribbean_stud.progressive --


def check_progressive(item: DrillItem) -> None:
    request = item.situation["request"]
    jackpot = request["progressive"]
    pool = Decimal(jackpot["pool"])
    fixed = {name.replace("_", " "): Decimal(v) for name, v in jackpot["fixed"].items()}
    boxes = {}
    for box in request["boxes"]:
        assert box["progressive"] and box["decision"] == "raise"  # Art. 10(1), Art. 6(7)
        boxes[box["box"]] = hand(box["cards"])
    awards, after = progressive_round(pool, fixed, boxes, Decimal(jackpot["reset_to"]))
    asked_box = item.question.params["box"]
    (asked,) = [a for a in awards if a.box == asked_box]
    assert item.expected.amount == asked.amount, where(item)
    cited = str(item.citation).removeprefix(f"{RULESET} ")
    # Art. 10(2) decides a single award (its item may be named); (5), (6), (7) the others.
    assert cited == asked.article or (
        asked.article.startswith("Art. 10(2)") and cited == "Art. 10(2)"
    ), f"{where(item)}: cites {cited}, decided by {asked.article}"
    # The worked solution: the order, each award and the pool, and no other figure.
    solution = " ".join(english(line) for line in item.solution)
    order = ", ".join(str(a.box) for a in awards)
    assert f"order {order}" in solution, f"{where(item)}: {solution!r}"
    names = {a.name for a in awards}
    if {"royal flush", "straight flush"} <= names:  # Art. 10(7): did the royal have to wait?
        moved = [a.box for a in awards] != sorted(a.box for a in awards)
        assert ("waits for it" in solution) is moved, f"{where(item)}: {solution!r}"
        assert ("keeps its turn" in solution) is not moved, f"{where(item)}: {solution!r}"
    figures = {pool, after, *fixed.values()}
    for a in awards:
        figures |= {a.amount, a.pool_before, a.pool_after}
    stray = [n for n in numbers(solution.replace(order, "")) if n not in figures]
    assert not stray, f"{where(item)}: {stray} in {solution!r}"
    lines = [english(line) for line in item.solution]
    for a in awards:
        (line,) = [x for x in lines if x.startswith(f"Box {a.box},")]
        assert a.amount in numbers(line), f"{where(item)}: {line!r}"
    assert after in numbers(lines[-1]), where(item)
    # The interpretations of Art. 10 the answer rests on, each named.
    before = awards[: awards.index(asked)]
    several_sf = sum(a.name == "straight flush" for a in awards) > 1
    sf_shares_before = any(a.name == "straight flush" and a.from_pool for a in before)
    needs_same_jackpot = several_sf and (
        asked.name == "straight flush" or (asked.name == "royal flush" and sf_shares_before)
    )
    assert named(item, "Interpretation", "same jackpot") is needs_same_jackpot, where(item)
    needs_royal_order = asked.article == "Art. 10(7)"
    assert named(item, "Interpretation", "Art. 10(7)") is needs_royal_order, where(item)
    # Art. 10(3) 「定額彩金在博彩桌上列明」: every award is measured against the house's posted
    # fixed awards, so the feedback names them as the house's, with their amounts.
    (posted,) = [r for r in rests_on(item) if r.startswith("House option") and "Art. 10(3)" in r]
    assert all(amount in numbers(posted) for amount in fixed.values()), (where(item), posted)
    needs_house_fixed = asked.name == "royal flush" and any(not a.from_pool for a in before)
    assert named(item, "Interpretation", "paid by the house") is needs_house_fixed, where(item)
    if asked.exact_share is not None and asked.exact_share != down(asked.exact_share):
        assert named(item, "Interpretation", "rounded down"), where(item)
    if asked.exact_share is not None and not asked.from_pool:
        assert named(item, "Interpretation", "equals") is (asked.exact_share == asked.amount), (
            where(item)
        )
    # Art. 10(2) pays the player's hand alone: said wherever the dealer does not qualify.
    dealer_out = not qualifies(hand(request["dealer"]))
    assert named(item, "Interpretation", "whether or not the dealer qualifies") is dealer_out, (
        where(item)
    )
    if after != pool and asked.name == "royal flush" and asked.from_pool:
        assert named(item, "Interpretation", "minimum"), where(item)


# -------------------------------------------- caribbean_stud.misdeal --


@dataclass(frozen=True)
class Case:
    """What Art. 11 rules for one irregularity, as facts an option may claim."""

    article: str
    facts: frozenset[str]


#: Art. 11, paragraph by paragraph, for the situations the drill describes.
CASES = {
    "one player's card": Case("Art. 11(2)", frozenset({"stands", "as usual"})),
    "dealer's own cards": Case(
        "Art. 11(2)", frozenset({"stands", "as usual", "dealer's other cards down"})
    ),
    "two cards": Case("Art. 11(1)", frozenset({"void", "carry over", "deal again"})),
    "nobody has bet": Case("Art. 11(3)", frozenset({"stands", "as usual", "dead hand"})),
    "six cards": Case("Art. 11(1)", frozenset({"void", "carry over", "deal again"})),
    "dealer's cards first": Case("Art. 11(1)", frozenset({"void", "carry over", "deal again"})),
    "shuffling machine": Case("Art. 11(4)", frozenset({"void", "carry over", "new machine"})),
}

#: What an option's words claim (every claim must hold for the option to be right).
CLAIMS = (
    ("is void", "void"),
    ("stands", "stands"),
    ("as usual", "as usual"),
    ("progressive bets carry over", "carry over"),
    ("the progressive bets included", "progressive returned"),
    ("bets are placed again and the cards dealt again", "deal again"),
    ("machine is replaced", "new machine"),
    ("is dead", "dead hand"),
    ("dealer's other cards, the fifth included, are dealt face down", "dealer's other cards down"),
    ("turned down again", "dealer's card turned down"),
    ("played like the others", "empty box played"),
)


def claims(text: str) -> set[str]:
    found = {claim for words, claim in CLAIMS if words in text}
    if "dealer's fifth card is dealt face up as usual" in text:
        found.discard("as usual")  # said of the dealer's card, with "turned down again"
    assert found, f"an option the key cannot read: {text!r}"
    return found


def check_misdeal(item: DrillItem) -> None:
    situation = english(item.question.params["situation"])
    (case,) = [c for words, c in CASES.items() if words in situation]
    assert str(item.citation) == f"{RULESET} {case.article}", where(item)
    true = [o for o in item.expected.options if claims(english(o.label)) <= case.facts]
    assert [o.id for o in true] == [item.expected.choice], (
        f"{where(item)}: right by Art. 11: {[english(o.label) for o in true]}"
    )
    stands = "stands" in case.facts
    for option in item.expected.options:
        if option.id == item.expected.choice:
            continue
        assert option.mistake is not None, where(item)
        why = english(option.mistake)
        if stands:  # a round that stands: nothing voids it, nothing carries over
            assert "voids the round" not in why and "carry over" not in why, (
                f"{where(item)}: {english(option.label)!r}: {why!r}"
            )
        else:
            assert "does not void" not in why and "stands" not in why, where(item)
        assert case.article in why, f"{where(item)}: the feedback cites no {case.article}: {why!r}"
    solution = " ".join(english(line) for line in item.solution)
    assert ("void" in solution) is not stands, where(item)


# -------------------------------------- caribbean_stud.dealing_order --


def seat_of(boxes: list[int], method: str, step: int) -> tuple[int | None, bool]:
    """Art. 7: who receives card ``step`` (0-based), and whether it is face up."""
    seats: list[int | None] = [*sorted(boxes), None]  # left to right, the dealer last
    if method == "shoe":  # (1): one card at a time, round after round
        seat, position = seats[step % len(seats)], step // len(seats) + 1
    else:  # (2): five cards at a time
        seat, position = seats[step // 5], step % 5 + 1
    return seat, seat is None and position == 5  # only the dealer's fifth card face up


def seat_text(seat: int | None, face_up: bool) -> str:
    where = "the dealer" if seat is None else f"box {seat}"
    return f"{where}, face {'up' if face_up else 'down'}"


def check_dealing_order(item: DrillItem) -> None:
    boxes, method, step = (item.situation[k] for k in ("boxes", "method", "step"))
    assert item.question.params["number"] == step + 1
    answer = seat_text(*seat_of(boxes, method, step))
    for option in item.expected.options:
        assert (english(option.label) == answer) is (option.id == item.expected.choice), where(item)
    paragraph = 1 if method == "shoe" else 2
    assert str(item.citation) == f"{RULESET} Art. 7({paragraph})", where(item)
    assert answer in english(item.solution[0]), where(item)


# ------------------------------------------------------------ the tests --

CHECKS = {
    "caribbean_stud.name_hand": check_name_hand,
    "caribbean_stud.compare_hands": check_compare_hands,
    "caribbean_stud.qualify": check_qualify,
    "caribbean_stud.settlement": check_settlement,
    "caribbean_stud.progressive": check_progressive,
    "caribbean_stud.misdeal": check_misdeal,
    "caribbean_stud.dealing_order": check_dealing_order,
}


@pytest.mark.parametrize("difficulty", DIFFICULTIES, ids=lambda d: d.name.lower())
@pytest.mark.parametrize("skill", sorted(CHECKS))
def test_caribbean_answer_key(skill: str, difficulty: Difficulty) -> None:
    """Every item of the skill at the difficulty, 300 seeds, against the key of its articles."""
    for item in items(skill, difficulty):
        CHECKS[skill](item)


# ------------------------------------------- Art. 10(4), 10(7): the digest's cases --
#: Hands for the cases below: one of each, from one deck.
CASE_HANDS = {
    "royal flush": ["AS KS QS JS TS", "AH KH QH JH TH"],
    "straight flush": ["9C 8C 7C 6C 5C", "9D 8D 7D 6D 5D"],
    "four of a kind": ["4S 4H 4D 4C 2H"],
}
CASE_DEALER = ["AD", "KD", "7S", "3H", "2C"]
#: The digest's examples (Art. 10, Interpretation, corrected 2026-12-07) and the case of
#: several royals: the boxes' hands, and the order the digest gives.
ORDER_CASES = [
    ({1: "straight flush", 3: "straight flush", 4: "four of a kind", 6: "royal flush"},
     [1, 3, 4, 6]),
    ({1: "royal flush", 3: "straight flush", 5: "four of a kind"}, [3, 1, 5]),
    ({1: "royal flush", 3: "straight flush", 4: "four of a kind", 6: "royal flush"},
     [3, 1, 4, 6]),
]  # fmt: skip


def case_request(won: dict[int, str]) -> dict[str, object]:
    left = {name: list(hands) for name, hands in CASE_HANDS.items()}
    boxes = [
        {"box": box, "ante": 10, "decision": "raise", "progressive": True,
         "cards": left[name].pop(0).split()}
        for box, name in sorted(won.items())
    ]  # fmt: skip
    fixed = {"royal_flush": "100000", "straight_flush": "10000", "four_of_a_kind": "2500",
             "full_house": "1000", "flush": "500"}  # fmt: skip
    return {
        "game": "caribbean_stud",
        "progressive": {"pool": "250000", "reset_to": "50000", "fixed": fixed},
        "dealer": CASE_DEALER,
        "boxes": boxes,
    }


def cli(command: str, request: dict[str, object]) -> dict[str, object]:
    out = io.StringIO()
    assert run(command, io.StringIO(json.dumps(request)), out) == 0, out.getvalue()
    answer = json.loads(out.getvalue())
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize(("won", "digest_order"), ORDER_CASES)
def test_caribbean_answer_key_progressive_order_of_the_digest_cases(
    won: dict[int, str], digest_order: list[int]
) -> None:
    """The key's order is the digest's, and so is the app's: ``settle`` pays in that order,
    ``judge`` accepts the awards in it and refuses them in plain box order where that
    differs (and the reverse of box order, which is never right here)."""
    assert pay_order(won) == digest_order
    request = case_request(won)
    assert cli("settle", request)["progressive_pay_order"] == digest_order
    plan = cli("procedure", request)["steps"]
    assert isinstance(plan, list)
    showdown, *progressive = plan
    awards = {group[0]["box"]: group[0] for group in progressive}

    def judged(order: Sequence[int]) -> dict[str, object]:
        return cli("judge", {**request, "done": [*showdown, *(awards[b] for b in order)]})

    assert judged(digest_order) == {"correct": True}
    for wrong in (sorted(won), sorted(won, reverse=True)):
        if wrong != digest_order:
            verdict = judged(wrong)
            assert verdict["code"] == "out_of_turn", (wrong, verdict)
            assert str(verdict["citation"]).startswith(f"{RULESET} Art. 10("), verdict


def test_caribbean_answer_key_progressive_items_meet_both_cases_of_art10_7() -> None:
    """The advanced items the key checks include a royal flush that waits for a straight flush
    and one that keeps its turn after another award (the case the old order got wrong)."""
    waits = keeps_turn = 0
    for item in items("caribbean_stud.progressive", Difficulty.ADVANCED):
        request = item.situation["request"]
        boxes = {box["box"]: hand(box["cards"]).name for box in request["boxes"]}
        won = {b: name for b, name in boxes.items() if name in FIXED_ITEM}
        order = pay_order(won)
        royal = next((b for b, name in won.items() if name == "royal flush"), None)
        if royal is None or "straight flush" not in won.values():
            continue
        last = max(b for b, name in won.items() if name == "straight flush")
        if order != sorted(won):
            waits += 1
        elif any(last < b < royal for b in won):
            keeps_turn += 1  # another award between the last straight flush and the royal
    assert waits and keeps_turn, (waits, keeps_turn)
