"""Caribbean Stud drills: name and compare hands (suits included), dealer qualification,
ante and raise settlement, progressive awards and their order, Art. 11 misdeals and
Art. 7 dealing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from dealer_trainer.drills.chips import pay_tray
from dealer_trainer.drills.model import (
    AnswerKind,
    Difficulty,
    DrillItem,
    Expected,
    Option,
    Skill,
    amount_to_pay,
    house_option,
    interpretation,
    one_right,
    seconds,
)
from dealer_trainer.rules.caribbean_stud import api
from dealer_trainer.rules.caribbean_stud.cards import Card, Rank, Suit
from dealer_trainer.rules.caribbean_stud.dealing import DealingMethod, deal
from dealer_trainer.rules.caribbean_stud.progressive import AwardSource, ProgressiveAward
from dealer_trainer.rules.caribbean_stud.ranking import HandClass, HandValue, compare, evaluate
from dealer_trainer.rules.caribbean_stud.rulings import (
    Irregularity,
    IrregularityRuling,
    card_to_empty_box,
    cards_exposed,
    shuffler_failure,
    wrong_card_count,
    wrong_dealing_procedure,
)
from dealer_trainer.rules.caribbean_stud.table import (
    CAPPED_CLASSES,
    dealer_qualifies,
    raise_ratio,
)
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.money import win_at
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import T, Text

GAME = Game.CARIBBEAN_STUD
DECK = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
HAND_NAMES = {
    HandClass.ROYAL_FLUSH: T("royal flush (黃袍麒)"),
    HandClass.STRAIGHT_FLUSH: T("straight flush (同花順)"),
    HandClass.FOUR_OF_A_KIND: T("four of a kind (四條)"),
    HandClass.FULL_HOUSE: T("full house (夫盧)"),
    HandClass.FLUSH: T("flush (同花)"),
    HandClass.STRAIGHT: T("straight (順)"),
    HandClass.THREE_OF_A_KIND: T("three of a kind (三條)"),
    HandClass.TWO_PAIRS: T("two pairs (兩對)"),
    HandClass.ONE_PAIR: T("one pair (一對)"),
    HandClass.HIGH_CARD: T("high card (五張散牌)"),
}
#: The hand classes as a sentence names a hand: "Dealer: …, two pairs (兩對)", "is a flush (同花)".
HAND_NOUNS = {
    HandClass.ROYAL_FLUSH: T("a royal flush (黃袍麒)"),
    HandClass.STRAIGHT_FLUSH: T("a straight flush (同花順)"),
    HandClass.FOUR_OF_A_KIND: T("four of a kind (四條)"),
    HandClass.FULL_HOUSE: T("a full house (夫盧)"),
    HandClass.FLUSH: T("a flush (同花)"),
    HandClass.STRAIGHT: T("a straight (順)"),
    HandClass.THREE_OF_A_KIND: T("three of a kind (三條)"),
    HandClass.TWO_PAIRS: T("two pairs (兩對)"),
    HandClass.ONE_PAIR: T("one pair (一對)"),
    HandClass.HIGH_CARD: T("high card (五張散牌)"),
}
#: Hand classes high to low (Art. 8 order).
CLASSES = tuple(HandClass)
#: Hand classes to draw, by difficulty (rare ones are made on purpose).
CLASS_MIX = {
    Difficulty.BEGINNER: (
        HandClass.HIGH_CARD,
        HandClass.ONE_PAIR,
        HandClass.TWO_PAIRS,
        HandClass.THREE_OF_A_KIND,
        HandClass.STRAIGHT,
        HandClass.FLUSH,
    ),
    Difficulty.INTERMEDIATE: CLASSES[1:],
    Difficulty.ADVANCED: CLASSES,
}


# ------------------------------------------------------------------ cards --


def _make_class(rng: random.Random, wanted: HandClass, used: set[Card]) -> tuple[Card, ...]:
    """Five unused cards of the wanted class, drawn at random; the rules core checks the class."""
    by_rank: dict[Rank, list[Card]] = {}
    by_suit: dict[Suit, list[Card]] = {}
    for card in DECK:
        if card not in used:
            by_rank.setdefault(card.rank, []).append(card)
            by_suit.setdefault(card.suit, []).append(card)
    for _ in range(300):
        cards = _attempt(rng, wanted, by_rank, by_suit)
        if cards and evaluate(cards).hand_class is wanted:
            used.update(cards)
            return cards
    raise LookupError(f"could not draw a {wanted.value} from the cards left")


def _attempt(
    rng: random.Random,
    wanted: HandClass,
    by_rank: dict[Rank, list[Card]],
    by_suit: dict[Suit, list[Card]],
) -> tuple[Card, ...] | None:
    ranks = list(Rank)
    if wanted in (HandClass.ROYAL_FLUSH, HandClass.STRAIGHT_FLUSH, HandClass.STRAIGHT):
        top = (
            12
            if wanted is HandClass.ROYAL_FLUSH
            else rng.randint(3, 11 if wanted is HandClass.STRAIGHT_FLUSH else 12)
        )
        wheel = top == 3
        run = [ranks[i] for i in ([12, 0, 1, 2, 3] if wheel else range(top - 4, top + 1))]
        if wanted is HandClass.STRAIGHT:
            if any(not by_rank.get(r) for r in run):
                return None
            return tuple(rng.choice(by_rank[r]) for r in run)
        suit = rng.choice(list(Suit))
        suited = [c for c in by_suit.get(suit, []) if c.rank in run]
        return tuple(suited) if len(suited) == 5 else None
    if wanted is HandClass.FLUSH:
        suit = rng.choice(list(Suit))
        pool = by_suit.get(suit, [])
        return tuple(rng.sample(pool, 5)) if len(pool) >= 5 else None
    groups = {
        HandClass.FOUR_OF_A_KIND: (4, 1),
        HandClass.FULL_HOUSE: (3, 2),
        HandClass.THREE_OF_A_KIND: (3, 1, 1),
        HandClass.TWO_PAIRS: (2, 2, 1),
        HandClass.ONE_PAIR: (2, 1, 1, 1),
        HandClass.HIGH_CARD: (1, 1, 1, 1, 1),
    }[wanted]
    chosen_ranks = rng.sample(ranks, len(groups))
    cards: list[Card] = []
    for rank, size in zip(chosen_ranks, groups, strict=True):
        available = by_rank.get(rank, [])
        if len(available) < size:
            return None
        cards.extend(rng.sample(available, size))
    return tuple(cards)


def _deal_classes(rng: random.Random, wanted: Sequence[HandClass]) -> list[tuple[Card, ...]]:
    """Disjoint hands of the wanted classes (in the order asked), from one deck.

    The rarest hands are drawn first; when one draw leaves no room for the next
    hand (a royal blocked by the other hands' cards), the whole deal is made again.
    """
    order = sorted(range(len(wanted)), key=lambda i: CLASSES.index(wanted[i]))
    for _ in range(100):
        used: set[Card] = set()
        hands: dict[int, tuple[Card, ...]] = {}
        try:
            for index in order:
                hands[index] = _make_class(rng, wanted[index], used)
        except LookupError:
            continue
        return [hands[i] for i in range(len(wanted))]
    raise LookupError(f"no deal of {[w.value for w in wanted]} found")


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.label for card in cards)


def _hand_name(value: HandValue) -> Text:
    return HAND_NAMES[value.hand_class]


def _hand_noun(value: HandValue) -> Text:
    """The class as a sentence names the hand, with the article it needs (never "a two pairs")."""
    return HAND_NOUNS[value.hand_class]


# --------------------------------------------------------------- generators --


def name_hand(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    rng = random.Random(seed)
    wanted = rng.choice(CLASS_MIX[difficulty])
    cards = _make_class(rng, wanted, set())
    value = evaluate(cards)
    index = CLASSES.index(value.hand_class)
    near = {CLASSES[i] for i in (index - 1, index + 1) if 0 <= i < len(CLASSES)}
    near |= set(rng.sample([c for c in CLASSES if c is not value.hand_class], 3))
    distractors = rng.sample(sorted(near, key=CLASSES.index), 3)
    options = [Option("right", HAND_NAMES[value.hand_class])] + [
        Option(
            c.value,
            HAND_NAMES[c],
            T(
                "This hand is {name}, not {wrong} (Art. 8).",
                name=HAND_NOUNS[value.hand_class],
                wrong=HAND_NOUNS[c],
            ),
        )
        for c in distractors
    ]
    rng.shuffle(options)
    return DrillItem(
        skill="caribbean_stud.name_hand",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": {"game": GAME, "hands": [[c.code for c in cards]]},
            "cards": {"box-4": [c.code for c in cards]},
        },
        question=T("What is this hand: {cards}?", cards=_cards_text(cards)),
        expected=one_right(options),
        solution=(T("{cards}: {name}.", cards=_cards_text(cards), name=_hand_name(value)),),
        citation=value.citation,
    )


def compare_hands(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Two hands from one deck; at the higher levels, same class and same ranks (suits decide)."""
    rng = random.Random(seed)
    same_ranks = difficulty is Difficulty.ADVANCED or (
        difficulty is Difficulty.INTERMEDIATE and rng.random() < 0.3
    )
    if same_ranks:
        wanted = rng.choice(
            [
                HandClass.HIGH_CARD,
                HandClass.ONE_PAIR,
                HandClass.TWO_PAIRS,
                HandClass.STRAIGHT,
                HandClass.FLUSH,
                HandClass.STRAIGHT_FLUSH,
                HandClass.ROYAL_FLUSH,
            ]
        )
        first, second = _same_ranks_pair(rng, wanted)
    else:
        first, second = _deal_classes(
            rng, [rng.choice(CLASS_MIX[difficulty]), rng.choice(CLASS_MIX[difficulty])]
        )
    values = (evaluate(first), evaluate(second))
    verdict = compare(*values, ties_push=ruleset.choice("tie_rule") == "ties_push")
    request = {
        "game": GAME,
        "ruleset": ruleset.id,
        "hands": [[c.code for c in first], [c.code for c in second]],
    }
    answer = api.compare(request, ruleset)
    winner = answer["winner"]
    labels = (
        T("Hand A: {cards}", cards=_cards_text(first)),
        T("Hand B: {cards}", cards=_cards_text(second)),
    )
    options = [Option("A", labels[0]), Option("B", labels[1])]
    if ruleset.choice("tie_rule") == "ties_push":
        options.append(Option("tie", T("A tie: the hands push")))
    right = "tie" if winner is None else "AB"[winner]
    why = _why_compare(values, verdict.winner, verdict.decided_by.value)
    options = [
        Option("right", o.label)
        if o.id == right
        else Option(o.id, o.label, T("Art. 8 decides for the other hand. {why}", why=why))
        for o in options
    ]
    same_class = values[0].hand_class is values[1].hand_class
    return DrillItem(
        skill="caribbean_stud.compare_hands",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": request,
            "cards": {"dealer": [c.code for c in first], "box-4": [c.code for c in second]},
        },
        question=T("Which hand wins?"),
        expected=one_right(options),
        solution=(why,),
        citation=verdict.citation,
        hint=CLASS_RULES[values[0].hand_class]
        if same_class
        else T("Class first: the higher class of Art. 8 wins, whatever the cards in it."),
    )


#: Art. 8, item by item: how two hands of the same class are compared.
CLASS_RULES = {
    HandClass.ROYAL_FLUSH: T(
        "Two royal flushes: the higher suit wins (♠ > ♥ > ♣ > ♦) (Art. 8(1))."
    ),
    HandClass.STRAIGHT_FLUSH: T(
        "Two straight flushes: the higher top card wins (K-Q-J-10-9 the highest, "
        "5-4-3-2-A the lowest); equal ranks: the higher suit (Art. 8(2))."
    ),
    HandClass.FOUR_OF_A_KIND: T(
        "Two fours of a kind: the higher four wins; the fifth card does not count (Art. 8(3))."
    ),
    HandClass.FULL_HOUSE: T(
        "Two full houses: the higher three of a kind wins; the pair does not count (Art. 8(4))."
    ),
    HandClass.FLUSH: T(
        "Two flushes: the highest cards are compared, then the next highest, and so on; "
        "all equal: the higher suit (Art. 8(5))."
    ),
    HandClass.STRAIGHT: T(
        "Two straights: the higher top card wins (5-4-3-2-A is the lowest, its top card "
        "the 5); equal ranks: the suit of the highest card (Art. 8(6))."
    ),
    HandClass.THREE_OF_A_KIND: T(
        "Two threes of a kind: the higher three wins; the two odd cards do not count (Art. 8(7))."
    ),
    HandClass.TWO_PAIRS: T(
        "Two pairs against two pairs: the higher pair first, then the lower pair, then the "
        "odd card; all equal: the suit of the higher pair (Art. 8(8))."
    ),
    HandClass.ONE_PAIR: T(
        "Pair against pair: the pair's rank first, then the odd cards from the highest down; "
        "all equal: the suit of the pair (Art. 8(9))."
    ),
    HandClass.HIGH_CARD: T(
        "Five odd cards: the highest cards are compared, then the next highest, and so on; "
        "all equal: the suit of the highest card (Art. 8(10))."
    ),
}


def _ranks_text(value: HandValue) -> str:
    """The ranks Art. 8 compares, in its order: ``"9, K, 7, 4"`` for a pair of nines."""
    return ", ".join(rank.label for rank in value.ranks)


def _why_compare(values: tuple[HandValue, HandValue], winner: int | None, decided_by: str) -> Text:
    """The worked solution of a comparison: the rule of the hands' class, then the cards."""
    if winner is None:
        return T(
            "Both hands hold {name} with the same ranks: under this house's rule the hands push.",
            name=_hand_noun(values[0]),
        )
    won, lost = values[winner], values[1 - winner]
    hand = T("hand A") if winner == 0 else T("hand B")
    if won.hand_class is not lost.hand_class:
        return T(
            "The class decides first (Art. 8): {better} beats {worse}; {hand} wins.",
            better=_hand_noun(won),
            worse=_hand_noun(lost),
            hand=hand,
        )
    rule = CLASS_RULES[won.hand_class]
    if decided_by == "suit":
        return T(
            "{rule} Same ranks, so the suit decides: {hand} has the {card}, the other "
            "hand the {other}.",
            rule=rule,
            hand=hand,
            card=won.deciding_card.label if won.deciding_card else "",
            other=lost.deciding_card.label if lost.deciding_card else "",
        )
    return T(
        "{rule} Compared in that order, hand A has {ranks_a} and hand B has {ranks_b}: "
        "{hand} wins.",
        rule=rule,
        ranks_a=_ranks_text(values[0]),
        ranks_b=_ranks_text(values[1]),
        hand=hand,
    )


def _same_ranks_pair(
    rng: random.Random, wanted: HandClass
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two disjoint hands with the same ranks (and class): only suits can part them."""
    for _ in range(1000):
        first = _make_class(rng, wanted, set())
        used = set(first)
        second: list[Card] = []
        flush_suit = rng.choice([s for s in Suit if s is not first[0].suit])
        for card in first:
            if wanted in (HandClass.FLUSH, HandClass.STRAIGHT_FLUSH, HandClass.ROYAL_FLUSH):
                suit = flush_suit
            else:
                suit = rng.choice([s for s in Suit if Card(card.rank, s) not in used])
            candidate = Card(card.rank, suit)
            if candidate in used:
                break
            used.add(candidate)
            second.append(candidate)
        if len(second) == 5 and evaluate(second).hand_class is wanted:
            return first, tuple(second)
    raise RuntimeError(f"could not draw two {wanted.value} hands with equal ranks")


#: Art. 9(1), (3), as the ruleset's setting ``dealer_qualification`` reads them.
QUALIFICATION = interpretation(
    T(
        "Art. 9(1) asks the dealer to hold at least an ace and a king, and Art. 9(3) opens "
        "the boxes when the dealer's hand is the same or greater: the dealer qualifies with "
        "A-K high or any pair or better."
    )
)


def dealer_qualification(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    rng = random.Random(seed)
    near_miss = rng.random() < 0.6
    if near_miss:  # the hands dealers misjudge: A-Q high, K-Q high, A-K high
        for _ in range(1000):
            cards = _make_class(rng, HandClass.HIGH_CARD, set())
            ranks = {c.rank for c in cards}
            if Rank.ACE in ranks or Rank.KING in ranks:
                break
    else:
        cards = _make_class(rng, rng.choice(CLASS_MIX[difficulty][:4]), set())
    value = evaluate(cards)
    qualifies = dealer_qualifies(value)
    options = (
        Option(
            "right" if qualifies else "yes",
            T("The dealer qualifies: open the players' cards."),
            None
            if qualifies
            else T(
                "{cards} holds no pair and not both an ace and a king: the dealer does not "
                "qualify (Art. 9(1)).",
                cards=_cards_text(cards),
            ),
        ),
        Option(
            "right" if not qualifies else "no",
            T("The dealer does not qualify: pay every ante 1 to 1 and return every raise."),
            None
            if not qualifies
            else T(
                "{cards} is {name}: A-K high or any pair or better qualifies (Art. 9(1), (3)).",
                cards=_cards_text(cards),
                name=_hand_noun(value),
            ),
        ),
    )
    return DrillItem(
        skill="caribbean_stud.qualify",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": {"game": GAME, "hands": [[c.code for c in cards]]},
            "cards": {"dealer": [c.code for c in cards]},
        },
        question=T(
            "The dealer turns over {cards}. Does the dealer qualify?", cards=_cards_text(cards)
        ),
        expected=one_right(options),
        solution=(
            T(
                "{cards} is {name}: {verdict}",
                cards=_cards_text(cards),
                name=_hand_noun(value),
                verdict=T("it qualifies (at least A and K, or a pair or better).")
                if qualifies
                else T("it does not qualify (no pair, and not both an ace and a king)."),
            ),
        ),
        citation=ruleset.cite(9, 1 if not qualifies else 3),
        rests_on=(QUALIFICATION,),
    )


def _ante(rng: random.Random, difficulty: Difficulty) -> Decimal:
    choices = {
        Difficulty.BEGINNER: [10, 20, 25, 50, 100],
        Difficulty.INTERMEDIATE: [15, 25, 30, 40, 75, 100, 150, 200],
        Difficulty.ADVANCED: [25, 35, 45, 60, 85, 125, 175, 250, 400, 500],
    }[difficulty]
    return Decimal(rng.choice(choices))


def royal_flush_option(ruleset: Ruleset) -> Text:
    """Art. 9(5)(9), Art. 13: the royal flush's raise is the house's choice, said as such."""
    return house_option(
        T(
            "a royal flush's raise pays {ratio} to 1 here: Art. 9(5)(9) lets the house choose "
            "from 50 to 1 up to 100 to 1, with the approval of the DICJ (Art. 13).",
            ratio=str(ruleset.integer("royal_flush_pays")),
        )
    )


def maximum_payout_option(ruleset: Ruleset) -> Text:
    """Art. 9(5)(7)-(9): the raise of four of a kind and better is capped by the house's maximum."""
    cap = ruleset.decimal("max_payout_per_round")
    if cap is None:
        return house_option(
            T(
                "the raise of four of a kind, a straight flush or a royal flush may not exceed "
                "the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table "
                "posts none."
            )
        )
    return house_option(
        T(
            "the raise of four of a kind, a straight flush or a royal flush may not exceed "
            "the maximum payout per round the house posts (Art. 9(5)(7)-(9)); this table's "
            "maximum is {cap}.",
            cap=cap,
        )
    )


def settlement(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """One raised box against the dealer: ante 1 to 1 and the raise by the pay table (Art. 9)."""
    rng = random.Random(seed)
    dealer, player = _deal_classes(
        rng, [rng.choice(CLASS_MIX[Difficulty.BEGINNER][:3]), rng.choice(CLASS_MIX[difficulty])]
    )
    ante = _ante(rng, difficulty)
    request: dict[str, Any] = {
        "game": GAME,
        "ruleset": ruleset.id,
        "dealer": [c.code for c in dealer],
        "boxes": [
            {
                "box": 4,
                "ante": f"{ante:.2f}",
                "decision": "raise",
                "cards": [c.code for c in player],
            }
        ],
    }
    answer = api.settle(request, ruleset)
    (result,) = answer["results"]
    ante_win = Decimal(result["ante"]["win"])
    raise_win = Decimal(result["raise"]["win"])
    win = ante_win + raise_win
    player_class = evaluate(player).hand_class
    lines = [
        T(
            "Dealer: {cards}, {name}; {qualifies}.",
            cards=_cards_text(dealer),
            name=_hand_noun(evaluate(dealer)),
            qualifies=T("qualifies") if answer["dealer"]["qualifies"] else T("does not qualify"),
        )
    ]
    rests_on = [QUALIFICATION]
    raise_outcome = result["raise"]["outcome"]
    if raise_outcome == "returned":
        lines.append(
            T(
                "Ante {ante} wins {win} (1 to 1); the raise of {raised} is returned (Art. 9(2)).",
                ante=ante,
                win=ante_win,
                raised=2 * ante,
            )
        )
    elif raise_outcome == "win":
        ratio = answer_ratio(ruleset, player_class)
        raise_pays, raise_article = raise_ratio(player_class, ruleset)
        full_win = win_at(2 * ante, raise_pays)
        if raise_win == full_win:
            lines.append(
                T(
                    "Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {raise_win}, "
                    "as {article} pays {name}.",
                    ante=ante,
                    ante_win=ante_win,
                    raised=2 * ante,
                    ratio=ratio,
                    raise_win=raise_win,
                    name=_hand_noun(evaluate(player)),
                    article=raise_article,
                )
            )
        else:
            lines.append(
                T(
                    "Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {full_win}, as "
                    "{article} pays {name}, capped at this table's maximum payout: {raise_win}.",
                    ante=ante,
                    ante_win=ante_win,
                    raised=2 * ante,
                    ratio=ratio,
                    full_win=full_win,
                    name=_hand_noun(evaluate(player)),
                    article=raise_article,
                    raise_win=raise_win,
                )
            )
        if player_class is HandClass.ROYAL_FLUSH:
            rests_on.append(royal_flush_option(ruleset))
        if player_class in CAPPED_CLASSES:
            rests_on.append(maximum_payout_option(ruleset))
    elif raise_outcome == "push":
        lines.append(T("Same ranks: under this house's rule the ante and the raise are returned."))
        rests_on.append(
            house_option(T("equal ranks push here, where Art. 8 would let the suit decide."))
        )
    else:
        lines.append(T("The dealer's hand is higher: collect the ante and the raise (Art. 9(4))."))
    lines.append(T("Total to pay: {total}.", total=win))
    denominations = pay_tray(ruleset, difficulty)  # one box: nothing collected before it is paid
    return DrillItem(
        skill="caribbean_stud.settlement",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": request,
            "cards": {"dealer": [c.code for c in dealer], "box-4": [c.code for c in player]},
        },
        question=T(
            "Box 4 raised on an ante of {ante}. How much do you pay box 4? (Stakes "
            "returned are not part of the payout.)",
            ante=ante,
        ),
        expected=amount_to_pay(win, denominations),
        solution=tuple(lines),
        citation=Citation.parse(result["citation"]),
        hint=T("Does the dealer qualify? Then who wins? Then the raise by the pay table."),
        rests_on=tuple(rests_on),
    )


def answer_ratio(ruleset: Ruleset, hand_class: HandClass) -> str:
    ratio, _ = raise_ratio(hand_class, ruleset)
    return str(ratio)


#: The posted fixed awards of the progressive drills (Art. 10(3)).
PROGRESSIVE_FIXED = {
    "royal_flush": "100000",
    "straight_flush": "10000",
    "four_of_a_kind": "2500",
    "full_house": "1000",
    "flush": "500",
}


def posted_awards_option() -> Text:
    """Art. 10(3): the fixed awards every progressive answer is measured against are the house's."""
    fixed = {hand: Decimal(amount) for hand, amount in PROGRESSIVE_FIXED.items()}
    return house_option(
        T(
            "the fixed awards are the house's, posted at the table (Art. 10(3)): royal flush "
            "{royal_flush}, straight flush {straight_flush}, four of a kind {four_of_a_kind}, "
            "full house {full_house}, flush {flush}.",
            royal_flush=fixed["royal_flush"],
            straight_flush=fixed["straight_flush"],
            four_of_a_kind=fixed["four_of_a_kind"],
            full_house=fixed["full_house"],
            flush=fixed["flush"],
        )
    )


#: The minimum the pool restarts from once a royal flush takes it (Art. 10(8)).
PROGRESSIVE_RESET = Decimal("50000")


def progressive(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Several boxes with progressive bets: the award of one box (Art. 10)."""
    rng = random.Random(seed)
    pool = Decimal(rng.randrange(60_000, 400_000, 50))
    winners = {
        Difficulty.BEGINNER: [HandClass.FLUSH, HandClass.FULL_HOUSE, HandClass.FOUR_OF_A_KIND],
        Difficulty.INTERMEDIATE: [HandClass.STRAIGHT_FLUSH, HandClass.FULL_HOUSE, HandClass.FLUSH],
        Difficulty.ADVANCED: [
            HandClass.ROYAL_FLUSH,
            HandClass.STRAIGHT_FLUSH,
            HandClass.STRAIGHT_FLUSH,
            HandClass.FOUR_OF_A_KIND,
        ],
    }[difficulty]
    boxes = sorted(rng.sample(range(1, 8), len(winners) + 1))
    classes = [*winners, HandClass.ONE_PAIR]
    rng.shuffle(classes)
    *box_hands, dealer = _deal_classes(rng, [*classes, HandClass.HIGH_CARD])
    hands = dict(zip(boxes, box_hands, strict=True))
    entries = [
        {
            "box": box,
            "ante": "25.00",
            "decision": "raise",
            "progressive": True,
            "cards": [c.code for c in hands[box]],
        }
        for box in boxes
    ]
    request = {
        "game": GAME,
        "ruleset": ruleset.id,
        "dealer": [c.code for c in dealer],
        "progressive": {
            "pool": f"{pool:.2f}",
            "reset_to": f"{PROGRESSIVE_RESET:.2f}",
            "fixed": PROGRESSIVE_FIXED,
        },
        "boxes": entries,
    }
    answer, jackpot = api.settle_round(request, ruleset)
    assert jackpot is not None  # the request has a progressive block
    asked = rng.choice(sorted(jackpot.awards, key=lambda award: award.box))  # a seed asks as before
    same_jackpot = ruleset.choice("progressive_percentage_of") == "same_jackpot"
    classes_paid = [award.hand_class for award in jackpot.awards]
    several_straight_flushes = classes_paid.count(HandClass.STRAIGHT_FLUSH) > 1
    lines = [
        T("Pool before the round: {pool}.", pool=pool),
        _order_line(ruleset, jackpot.pay_order, classes_paid),
    ]
    lines += [
        _award_line(award, pool, several_straight_flushes, same_jackpot) for award in jackpot.awards
    ]
    lines.append(
        T(
            "Pool after the round: {after} (a royal flush took it: it restarts at its minimum).",
            after=jackpot.pool_after,
        )
        if jackpot.restarted
        else T("Pool after the round: {after}.", after=jackpot.pool_after)
    )
    rests_on = _progressive_rests_on(
        ruleset, jackpot.awards, asked, pool, several_straight_flushes, same_jackpot
    )
    rests_on.insert(0, posted_awards_option())
    if not answer["dealer"]["qualifies"]:
        rests_on.append(
            interpretation(
                T(
                    "The progressive is paid on the player's hand alone, whether or not the "
                    "dealer qualifies (Art. 10(2))."
                )
            )
        )
    if jackpot.restarted:
        rests_on.append(
            interpretation(
                T(
                    "When a royal flush takes the pool, the pool restarts at its minimum, "
                    "{minimum} (Art. 10(8)).",
                    minimum=PROGRESSIVE_RESET,
                )
            )
        )
    return DrillItem(
        skill="caribbean_stud.progressive",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": request,
            "pool": f"{pool:.2f}",
            "cards": {
                "dealer": [c.code for c in dealer],
                **{f"box-{e['box']}": e["cards"] for e in entries},
            },
        },
        question=T(
            "The progressive pool shows {pool}. Every box bet the progressive. What does "
            "box {box} receive from the progressive?",
            pool=pool,
            box=asked.box,
        ),
        expected=Expected(kind=AnswerKind.AMOUNT, amount=asked.amount),
        solution=tuple(lines),
        citation=asked.citation,
        hint=T(
            "Straight flush: 10% of the pool as it stood before the round's first award, or "
            "the fixed award, the higher; royal flush: the pool the straight flushes left, or "
            "the fixed award, the higher; four of a kind, full house, flush: the fixed award."
        )
        if same_jackpot
        else T(
            "Straight flush: 10% of the pool as it stands, or the fixed award, the higher; "
            "royal flush: the pool or the fixed award, the higher; four of a kind, full house, "
            "flush: the fixed award."
        ),
        rests_on=tuple(rests_on),
    )


def _order_line(ruleset: Ruleset, order: Sequence[int], classes_paid: Sequence[HandClass]) -> Text:
    """The pay order of the worked solution, with the articles (and setting) that give it."""
    boxes = ", ".join(str(box) for box in order)
    royal_last = ruleset.choice("progressive_pay_order") == "royal_last"
    if HandClass.ROYAL_FLUSH in classes_paid and royal_last:
        return T(
            "Paid in the order {order}: box by box from the dealer's left (Art. 10(4)), "
            "the royal flush after every other award (Art. 10(7)).",
            order=boxes,
        )
    if HandClass.ROYAL_FLUSH in classes_paid and HandClass.STRAIGHT_FLUSH in classes_paid:
        if list(order) != sorted(order):
            return T(
                "Paid in the order {order}: box by box from the dealer's left (Art. 10(4)), "
                "except that a royal flush seated before a straight flush waits for it and is "
                "paid right after the last straight flush (Art. 10(7)).",
                order=boxes,
            )
        return T(
            "Paid in the order {order}: box by box from the dealer's left (Art. 10(4)); the "
            "straight flushes already come before the royal flush, so it keeps its turn "
            "(Art. 10(7)).",
            order=boxes,
        )
    return T(
        "Paid in the order {order}: box by box from the dealer's left (Art. 10(4)).", order=boxes
    )


def _award_line(
    award: ProgressiveAward, start: Decimal, several_straight_flushes: bool, same_jackpot: bool
) -> Text:
    """One award of the worked solution, with the arithmetic that gives it."""
    name = HAND_NAMES[award.hand_class]
    if award.hand_class is HandClass.STRAIGHT_FLUSH:
        base = start if same_jackpot or not several_straight_flushes else award.pool_before
        if award.source is AwardSource.POOL:
            return T(
                "Box {box}, {name}: 10% of {base} = {award}, more than the fixed award; "
                "the pool goes from {before} to {after}.",
                box=award.box,
                name=name,
                base=base,
                award=award.amount,
                before=award.pool_before,
                after=award.pool_after,
            )
        return T(
            "Box {box}, {name}: the fixed award, {award} (10% of {base} is not more); "
            "paid by the house, the pool stays at {after}.",
            box=award.box,
            name=name,
            award=award.amount,
            base=base,
            after=award.pool_after,
        )
    if award.hand_class is HandClass.ROYAL_FLUSH:
        if award.source is AwardSource.POOL:
            return T(
                "Box {box}, {name}: the pool, {award}, more than the fixed award.",
                box=award.box,
                name=name,
                award=award.amount,
            )
        return T(
            "Box {box}, {name}: the fixed award, {award} (the pool, {before}, is not more); "
            "paid by the house, the pool stays at {after}.",
            box=award.box,
            name=name,
            award=award.amount,
            before=award.pool_before,
            after=award.pool_after,
        )
    return T(
        "Box {box}, {name}: the fixed award, {award}, paid by the house; it leaves the pool "
        "as it is.",
        box=award.box,
        name=name,
        award=award.amount,
    )


def _progressive_rests_on(
    ruleset: Ruleset,
    awards: Sequence[ProgressiveAward],
    asked: ProgressiveAward,
    start: Decimal,
    several_straight_flushes: bool,
    same_jackpot: bool,
) -> list[Text]:
    """The Art. 10 interpretations the asked box's award rests on, in words."""
    out: list[Text] = []
    before = awards[: awards.index(asked)]
    straight_flush_shares_before = any(
        award.hand_class is HandClass.STRAIGHT_FLUSH and award.source is AwardSource.POOL
        for award in before
    )
    if several_straight_flushes and (
        asked.hand_class is HandClass.STRAIGHT_FLUSH
        or (asked.hand_class is HandClass.ROYAL_FLUSH and straight_flush_shares_before)
    ):
        out.append(
            interpretation(
                T(
                    "Art. 10(6), 「各得“累進大獎”之一成」: each straight flush of the round "
                    "receives 10% of the same jackpot, the pool as it stood before the round's "
                    "first award."
                )
                if same_jackpot
                else T(
                    "Art. 10(6): each straight flush receives 10% of the pool as the previous "
                    "award left it (this house's setting)."
                )
            )
        )
    if asked.hand_class is HandClass.ROYAL_FLUSH and asked.citation.paragraph == 7:
        out.append(
            interpretation(
                T(
                    "Art. 10(7) moves only the royal flush, and only as far as it must: it is "
                    "paid at its own box's turn unless a straight flush of the round is still "
                    "unpaid then, and in that case right after the last straight flush; it "
                    "takes the pool as the straight flushes left it, and every other award "
                    "keeps its box order."
                )
                if ruleset.choice("progressive_pay_order") == "royal_after_last_straight_flush"
                else T(
                    "Art. 10(7): every royal flush is paid after all other awards of the round "
                    "and takes the pool as they left it (this house's setting)."
                )
            )
        )
    pool_dependent = asked.hand_class is HandClass.ROYAL_FLUSH or (
        asked.hand_class is HandClass.STRAIGHT_FLUSH and not same_jackpot
    )
    if pool_dependent and any(award.source is AwardSource.FIXED for award in before):
        out.append(
            interpretation(
                T(
                    "An award paid at its fixed amount is paid by the house and leaves the pool "
                    "as it is; only a share of the pool reduces it (Art. 10(8))."
                )
            )
        )
    if asked.source is AwardSource.FIXED and asked.hand_class in (
        HandClass.STRAIGHT_FLUSH,
        HandClass.ROYAL_FLUSH,
    ):
        share = (
            Fraction(start if same_jackpot else asked.pool_before) / 10
            if asked.hand_class is HandClass.STRAIGHT_FLUSH
            else Fraction(asked.pool_before)
        )
        if share == asked.amount:
            out.append(
                interpretation(
                    T(
                        "When the share of the pool equals the fixed award, the fixed award is "
                        "paid, by the house, and the pool stays."
                    )
                )
            )
    if asked.source is AwardSource.POOL and asked.hand_class is HandClass.STRAIGHT_FLUSH:
        base = start if same_jackpot else asked.pool_before
        if Fraction(base) / 10 != asked.amount:
            out.append(interpretation(T("A share of the pool is rounded down to the cent.")))
    return out


def misdeal(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """What the regulation rules on an irregularity in dealing (Art. 11)."""
    rng = random.Random(seed)
    cases: list[tuple[Text, IrregularityRuling]] = [
        (
            T("While dealing from the shoe you expose one player's card by mistake."),
            cards_exposed(1),
        ),
        (
            T("While dealing from the shoe you expose one of the dealer's own cards by mistake."),
            cards_exposed(1, dealer_card=True),
        ),
        (T("While dealing you expose two cards by mistake."), cards_exposed(2)),
        (T("You deal a hand to box 5, where nobody has bet."), card_to_empty_box()),
        (T("The shuffling machine jams halfway through the deal."), shuffler_failure()),
        (T("Box 2 has received six cards."), wrong_card_count()),
        (T("You dealt the dealer's cards first, before the boxes."), wrong_dealing_procedure()),
    ]
    situation, ruling = rng.choice(cases)
    right = _misdeal_right(ruling)
    options = {key: Option(key, label) for key, label in MISDEAL_OPTIONS.items()}
    keys = [right, *rng.sample(_DISTRACTORS[right], 3)]
    rng.shuffle(keys)
    chosen = tuple(
        Option("right", options[k].label)
        if k == right
        else Option(k, options[k].label, _misdeal_mistake(k, ruling))
        for k in keys
    )
    return DrillItem(
        skill="caribbean_stud.misdeal",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": {"game": GAME, "ruleset": ruleset.id},
            "ruling": ruling.irregularity.value,
        },
        question=T("{situation} What does the regulation rule?", situation=situation),
        expected=one_right(chosen),
        solution=(ruling.explanation,),
        citation=ruling.citation,
    )


#: The rulings a misdeal item offers (Art. 11), by key.
MISDEAL_OPTIONS = {
    "void": T(
        "The round is void: antes and raises are returned, progressive bets carry over to "
        "the next round, bets are placed again and the cards dealt again."
    ),
    "void_machine": T(
        "The round is void: antes and raises are returned, progressive bets carry over to "
        "the next round; the machine is replaced or the cards are dealt from the shoe."
    ),
    "stands": T("The round stands and play goes on as usual."),
    "dealer_up": T(
        "The round stands; the exposed dealer's card stays up and the dealer's other cards, "
        "the fifth included, are dealt face down."
    ),
    "dealer_fifth_up": T(
        "The round stands; the exposed dealer's card is turned down again and the dealer's "
        "fifth card is dealt face up as usual."
    ),
    "dead_box": T("That hand is dead; the round goes on as usual."),
    "box_plays": T("The round stands and the hand in the empty box is played like the others."),
    "void_all": T("The round is void and every bet is returned, the progressive bets included."),
}
#: The wrong rulings each right one is offered with: each is wrong by Art. 11 for that case.
#: "The round stands and play goes on as usual" is never offered where it is also true (a hand
#: to an empty box, Art. 11(3); one exposed dealer's card, where the round stands too), and the
#: two void rulings never together.
_DISTRACTORS = {
    "void": ("stands", "dealer_up", "dead_box", "void_all"),
    "void_machine": ("stands", "dealer_up", "dead_box", "void_all"),
    "stands": ("void", "dealer_up", "dealer_fifth_up", "dead_box", "void_all"),
    "dealer_up": ("void", "dealer_fifth_up", "dead_box", "void_all"),
    "dead_box": ("void", "dealer_up", "box_plays", "void_all"),
}


def _misdeal_right(ruling: IrregularityRuling) -> str:
    if ruling.dealer_cards_face_down:
        return "dealer_up"
    if ruling.dead_box:
        return "dead_box"
    if ruling.round_stands:
        return "stands"
    return "void_machine" if ruling.irregularity is Irregularity.SHUFFLER_FAILURE else "void"


def _misdeal_mistake(key: str, ruling: IrregularityRuling) -> Text:
    """Why option ``key`` is wrong for ``ruling``, by the article that rules the case."""
    article = ruling.citation
    if not ruling.round_stands:  # Art. 11(1) or (4): void, progressive bets carry over
        return {
            "stands": T("This irregularity voids the round ({article}).", article=article),
            "dealer_up": T(
                "That is the rule for one exposed dealer's card only (Art. 11(2)); this "
                "irregularity voids the round ({article}).",
                article=article,
            ),
            "dead_box": T(
                "That is the rule for cards dealt to a box without a bet (Art. 11(3)); this "
                "irregularity voids the round ({article}).",
                article=article,
            ),
            "void_all": T(
                "The progressive bets are not returned: they carry over to the next round "
                "({article}).",
                article=article,
            ),
        }[key]
    if ruling.dead_box:  # Art. 11(3)
        not_void = T(
            "Cards dealt to a box without a bet do not void the round: that hand is dead and "
            "the round goes on as usual (Art. 11(3))."
        )
        return {
            "void": not_void,
            "void_all": not_void,
            "dealer_up": T(
                "No card was exposed: the cards went to a box without a bet, so that hand is "
                "dead and the round goes on as usual (Art. 11(3))."
            ),
            "box_plays": T(
                "A hand dealt to a box without a bet is dead: it is not played (Art. 11(3))."
            ),
        }[key]
    not_void = T("One card exposed by mistake does not void the round: it stands (Art. 11(2)).")
    if ruling.dealer_cards_face_down:  # Art. 11(2), the dealer's card
        return {
            "void": not_void,
            "void_all": not_void,
            "dealer_fifth_up": T(
                "The exposed dealer's card stays face up, and the dealer's other cards, the "
                "fifth included, are dealt face down (Art. 11(2))."
            ),
            "dead_box": T(
                "No hand is dead: one card was exposed, the round stands, and the exposed "
                "dealer's card stays face up while the dealer's other cards are dealt face down "
                "(Art. 11(2))."
            ),
        }[key]
    return {  # Art. 11(2), a player's card
        "void": not_void,
        "void_all": not_void,
        "dealer_up": T(
            "That is the rule when the exposed card is the dealer's (Art. 11(2)); a player's "
            "card: play goes on as usual."
        ),
        "dealer_fifth_up": T(
            "The exposed card is a player's: play goes on as usual, and the dealer's fifth card "
            "is dealt face up as always (Art. 11(2), Art. 7)."
        ),
        "dead_box": T(
            "No hand is dead: one card was exposed, the round stands and play goes on as usual "
            "(Art. 11(2))."
        ),
    }[key]


def dealing_order(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Who receives the k-th card, and face up or down (Art. 7)."""
    rng = random.Random(seed)
    method = (
        DealingMethod.SHUFFLER
        if difficulty is Difficulty.ADVANCED and rng.random() < 0.5
        else DealingMethod.SHOE
    )
    boxes = sorted(rng.sample(range(1, 8), rng.randint(2, 5)))
    cards = rng.sample(DECK, 5 * (len(boxes) + 1))
    dealt = deal(cards, boxes, method)
    if rng.random() < 0.3:
        move = next(m for m in dealt.moves if m.to_dealer and m.position == 5)
    else:
        move = rng.choice(dealt.moves)
    number = move.step + 1
    seats = [*boxes, None]

    def seat_text(seat: int | None, face_up: bool) -> Text:
        where = T("the dealer") if seat is None else T("box {box}", box=seat)
        return (
            T("{where}, face up", where=where) if face_up else T("{where}, face down", where=where)
        )

    right = (move.box, move.face_up)
    candidates = {
        (s, f) for s in seats for f in (False, True) if (s, f) != right and (s is None or not f)
    }
    distractors = rng.sample(sorted(candidates, key=lambda x: (x[0] or 99, x[1])), 3)
    options = [Option("right", seat_text(*right))] + [
        Option(
            f"{s}-{f}",
            seat_text(s, f),
            T(
                "Cards go left to right to the boxes with a bet, "
                "the dealer last; only the dealer's fifth card is "
                "face up (Art. 7)."
            ),
        )
        for s, f in distractors
    ]
    rng.shuffle(options)
    how = (
        T("one card at a time from the shoe")
        if method is DealingMethod.SHOE
        else T("five cards at a time from the shuffling machine")
    )
    return DrillItem(
        skill="caribbean_stud.dealing_order",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": {"game": GAME, "ruleset": ruleset.id},
            "boxes": boxes,
            "method": method.value,
            "step": move.step,
        },
        question=T(
            "Boxes {boxes} have bets. Dealing {how}, where does card number {number} go?",
            boxes=", ".join(str(b) for b in boxes),
            how=how,
            number=number,
        ),
        expected=one_right(options),
        solution=(
            T(
                "Order of seats: {order}, then the dealer; card {number} goes to {where}.",
                order=", ".join(str(b) for b in boxes),
                number=number,
                where=seat_text(*right),
            ),
        ),
        citation=move.citation,
    )


#: The skills of this game, in the order the launcher lists them (drills.skills gathers them).
SKILLS: tuple[Skill, ...] = (
    Skill(
        "caribbean_stud.name_hand",
        GAME,
        T("Name the hand"),
        T("The ten hands of Art. 8."),
        AnswerKind.CHOICE,
        name_hand,
        seconds(10, 8, 6),
    ),
    Skill(
        "caribbean_stud.compare_hands",
        GAME,
        T("Compare hands"),
        T("Which hand wins, down to the suit (♠ > ♥ > ♣ > ♦)."),
        AnswerKind.CHOICE,
        compare_hands,
        seconds(15, 12, 10),
    ),
    Skill(
        "caribbean_stud.qualify",
        GAME,
        T("Does the dealer qualify?"),
        T("At least an ace and a king (Art. 9(1))."),
        AnswerKind.CHOICE,
        dealer_qualification,
        seconds(8, 6, 5),
    ),
    Skill(
        "caribbean_stud.settlement",
        GAME,
        T("Ante and raise"),
        T("Ante 1 to 1, the raise by the pay table of Art. 9(5)."),
        AnswerKind.AMOUNT,
        settlement,
        seconds(25, 20, 15),
    ),
    Skill(
        "caribbean_stud.progressive",
        GAME,
        T("Progressive jackpot"),
        T("Awards, their order and the pool (Art. 10)."),
        AnswerKind.AMOUNT,
        progressive,
        seconds(40, 35, 30),
    ),
    Skill(
        "caribbean_stud.misdeal",
        GAME,
        T("Misdeals"),
        T("Exposed cards, empty boxes, a failing shuffler (Art. 11)."),
        AnswerKind.CHOICE,
        misdeal,
        seconds(20, 15, 12),
    ),
    Skill(
        "caribbean_stud.dealing_order",
        GAME,
        T("Dealing order"),
        T("Left to right, the dealer last, the fifth card face up (Art. 7)."),
        AnswerKind.CHOICE,
        dealing_order,
        seconds(20, 15, 12),
    ),
)
