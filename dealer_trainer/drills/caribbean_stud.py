"""Caribbean Stud drills: name and compare hands (suits included), dealer qualification,
ante and raise settlement, progressive awards and their order, Art. 11 misdeals and
Art. 7 dealing."""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from dealer_trainer.drills.chips import pay_tray
from dealer_trainer.drills.model import (
    AnswerKind,
    Difficulty,
    DrillItem,
    Expected,
    Option,
    amount_to_pay,
)
from dealer_trainer.drills.skills import Skill, register, seconds
from dealer_trainer.drills.text import T, Text
from dealer_trainer.rules.caribbean_stud import api
from dealer_trainer.rules.caribbean_stud.cards import Card, Rank, Suit
from dealer_trainer.rules.caribbean_stud.dealing import DealingMethod, deal
from dealer_trainer.rules.caribbean_stud.ranking import HandClass, HandValue, compare, evaluate
from dealer_trainer.rules.caribbean_stud.rulings import (
    IrregularityRuling,
    card_to_empty_box,
    cards_exposed,
    shuffler_failure,
    wrong_card_count,
    wrong_dealing_procedure,
)
from dealer_trainer.rules.caribbean_stud.table import dealer_qualifies, raise_ratio
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.rulesets import Ruleset

GAME = "caribbean_stud"
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
                "This hand is a {name}, not a {wrong} (Art. 8).",
                name=HAND_NAMES[value.hand_class],
                wrong=HAND_NAMES[c],
            ),
        )
        for c in distractors
    ]
    rng.shuffle(options)
    return DrillItem(
        skill="stud.name_hand",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": {"game": GAME, "hands": [[c.code for c in cards]]},
            "cards": {"box-4": [c.code for c in cards]},
        },
        question=T("What is this hand: {cards}?", cards=_cards_text(cards)),
        expected=Expected(kind=AnswerKind.CHOICE, choice="right", options=tuple(options)),
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
    options = [o if o.id != right else Option("right", o.label) for o in options]
    options = [
        Option(o.id, o.label, None if o.id == "right" else T("Art. 8 decides for the other hand."))
        for o in options
    ]
    if verdict.decided_by.value == "suit":
        deciding = values[verdict.winner or 0].deciding_card
        why = T(
            "Same class and same ranks: the suit decides (♠ > ♥ > ♣ > ♦). The deciding card "
            "is the {card}.",
            card=deciding.label if deciding else "",
        )
    elif values[0].hand_class != values[1].hand_class:
        why = T(
            "A {better} beats a {worse}.",
            better=_hand_name(values[verdict.winner or 0]),
            worse=_hand_name(values[1 - (verdict.winner or 0)]),
        )
    else:
        why = T(
            "Both are a {name}: the ranks decide, from the highest that differs.",
            name=_hand_name(values[0]),
        )
    return DrillItem(
        skill="stud.compare_hands",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": request,
            "cards": {"dealer": [c.code for c in first], "box-4": [c.code for c in second]},
        },
        question=T("Which hand wins?"),
        expected=Expected(kind=AnswerKind.CHOICE, choice="right", options=tuple(options)),
        solution=(why,),
        citation=verdict.citation,
        hint=T("Class first; then ranks from the top; the suit only when all ranks are equal."),
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
            None if qualifies else T("The dealer needs at least an ace and a king (Art. 9(1))."),
        ),
        Option(
            "right" if not qualifies else "no",
            T("The dealer does not qualify: pay every ante 1 to 1 and return every raise."),
            None
            if not qualifies
            else T("A-K high or any pair or better qualifies (Art. 9(1), (3))."),
        ),
    )
    return DrillItem(
        skill="stud.qualify",
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
        expected=Expected(kind=AnswerKind.CHOICE, choice="right", options=options),
        solution=(
            T(
                "{cards} is a {name}: {verdict}",
                cards=_cards_text(cards),
                name=_hand_name(value),
                verdict=T("it qualifies (at least A and K, or a pair or better).")
                if qualifies
                else T("it does not hold both an ace and a king."),
            ),
        ),
        citation=ruleset.cite(9, 1 if not qualifies else 3),
    )


def _ante(rng: random.Random, difficulty: Difficulty) -> Decimal:
    choices = {
        Difficulty.BEGINNER: [10, 20, 25, 50, 100],
        Difficulty.INTERMEDIATE: [15, 25, 30, 40, 75, 100, 150, 200],
        Difficulty.ADVANCED: [25, 35, 45, 60, 85, 125, 175, 250, 400, 500],
    }[difficulty]
    return Decimal(rng.choice(choices))


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
    win = Decimal(result["ante"]["win"]) + Decimal(result["raise"]["win"])
    lines = [
        T(
            "Dealer: {cards}, a {name}; {qualifies}.",
            cards=_cards_text(dealer),
            name=_hand_name(evaluate(dealer)),
            qualifies=T("qualifies") if answer["dealer"]["qualifies"] else T("does not qualify"),
        )
    ]
    raise_outcome = result["raise"]["outcome"]
    if raise_outcome == "returned":
        lines.append(
            T(
                "Ante {ante} wins {win} (1 to 1); the raise of {raised} is returned (Art. 9(2)).",
                ante=ante,
                win=Decimal(result["ante"]["win"]),
                raised=2 * ante,
            )
        )
    elif raise_outcome == "win":
        ratio = answer_ratio(ruleset, evaluate(player).hand_class)
        lines.append(
            T(
                "Ante {ante} × 1 = {ante_win}; raise {raised} × {ratio} = {raise_win} ({name}).",
                ante=ante,
                ante_win=Decimal(result["ante"]["win"]),
                raised=2 * ante,
                ratio=ratio,
                raise_win=Decimal(result["raise"]["win"]),
                name=_hand_name(evaluate(player)),
            )
        )
        lines.append(T("Total to pay: {total}.", total=win))
    else:
        lines.append(T("The dealer's hand is higher: collect the ante and the raise (Art. 9(4))."))
    denominations = pay_tray(ruleset, difficulty)  # one box: nothing collected before it is paid
    return DrillItem(
        skill="stud.settlement",
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
    )


def answer_ratio(ruleset: Ruleset, hand_class: HandClass) -> str:
    ratio, _ = raise_ratio(hand_class, ruleset)
    return str(ratio)


def progressive(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Several boxes with progressive bets: the award of one box (Art. 10)."""
    rng = random.Random(seed)
    pool = Decimal(rng.randrange(60_000, 400_000, 50))
    fixed = {
        "royal_flush": "100000",
        "straight_flush": "10000",
        "four_of_a_kind": "2500",
        "full_house": "1000",
        "flush": "500",
    }
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
        "progressive": {"pool": f"{pool:.2f}", "reset_to": "50000.00", "fixed": fixed},
        "boxes": entries,
    }
    answer = api.settle(request, ruleset)
    awarded = [r for r in answer["results"] if Decimal(r["progressive"]["award"]) > 0]
    asked = rng.choice(awarded)
    amount = Decimal(asked["progressive"]["award"])
    order = answer["progressive_pay_order"]
    lines = [
        T(
            "Pool before the round: {pool}; paid in the order {order} (dealer's left first, "
            "straight flushes before a royal).",
            pool=pool,
            order=", ".join(str(b) for b in order),
        )
    ]
    for box in order:
        result = next(r for r in answer["results"] if r["box"] == box)
        lines.append(
            T(
                "Box {box}, {name}: {award}.",
                box=box,
                name=HAND_NAMES[HandClass(result["hand"])],
                award=Decimal(result["progressive"]["award"]),
            )
        )
    lines.append(
        T("Pool after the round: {after}.", after=Decimal(answer["progressive_pool_after"]))
    )
    return DrillItem(
        skill="stud.progressive",
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
            box=asked["box"],
        ),
        expected=Expected(kind=AnswerKind.AMOUNT, amount=amount),
        solution=tuple(lines),
        citation=Citation("caribbean-stud-2004", 10, 2)
        if difficulty is Difficulty.BEGINNER
        else Citation("caribbean-stud-2004", 10, 7),
        hint=T(
            "Straight flush: 10% of the pool as it stands or the fixed award, the higher; "
            "royal flush: the pool or the fixed award, the higher."
        ),
    )


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
    void = T(
        "The round is void: antes and raises are returned, progressive bets carry over to "
        "the next round, bets are placed again and the cards dealt again."
    )
    stands = T("The round stands and play goes on as usual.")
    options = {
        "void": Option("void", void),
        "stands": Option("stands", stands),
        "dealer_up": Option(
            "dealer_up",
            T(
                "The round stands; the exposed dealer's card stays up "
                "and the dealer's other cards, the fifth included, are "
                "dealt face down."
            ),
        ),
        "dead_box": Option("dead_box", T("That hand is dead; the round goes on as usual.")),
        "void_all": Option(
            "void_all",
            T("The round is void and every bet is returned, the progressive bets included."),
        ),
    }
    right = (
        "dealer_up"
        if ruling.dealer_cards_face_down
        else "dead_box"
        if ruling.dead_box
        else "stands"
        if ruling.round_stands
        else "void"
    )
    mistakes = {
        "void": T(
            "One exposed card, or a hand to an empty box, does not void the round (Art. 11)."
        ),
        "stands": T("This irregularity voids the round (Art. 11(1), (4))."),
        "dealer_up": T("That is the rule for one exposed dealer's card only (Art. 11(2))."),
        "dead_box": T("That is the rule for cards dealt to a box without a bet (Art. 11(3))."),
        "void_all": T(
            "Progressive bets are never returned: they carry over to the next round "
            "(Art. 11(1), (4))."
        ),
    }
    keys = [right, *rng.sample([k for k in options if k != right], 3)]
    rng.shuffle(keys)
    chosen = tuple(
        Option("right", options[k].label)
        if k == right
        else Option(k, options[k].label, mistakes[k])
        for k in keys
    )
    return DrillItem(
        skill="stud.misdeal",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": {"game": GAME, "ruleset": ruleset.id},
            "ruling": ruling.irregularity.value,
        },
        question=T("{situation} What does the regulation rule?", situation=situation),
        expected=Expected(kind=AnswerKind.CHOICE, choice="right", options=chosen),
        solution=(ruling.explanation,),
        citation=ruling.citation,
    )


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
        skill="stud.dealing_order",
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
        expected=Expected(kind=AnswerKind.CHOICE, choice="right", options=tuple(options)),
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


SKILLS = {
    s.id: register(s)
    for s in (
        Skill(
            "stud.name_hand",
            GAME,
            T("Name the hand"),
            T("The ten hands of Art. 8."),
            AnswerKind.CHOICE,
            name_hand,
            seconds(10, 8, 6),
        ),
        Skill(
            "stud.compare_hands",
            GAME,
            T("Compare hands"),
            T("Which hand wins, down to the suit (♠ > ♥ > ♣ > ♦)."),
            AnswerKind.CHOICE,
            compare_hands,
            seconds(15, 12, 10),
        ),
        Skill(
            "stud.qualify",
            GAME,
            T("Does the dealer qualify?"),
            T("At least an ace and a king (Art. 9(1))."),
            AnswerKind.CHOICE,
            dealer_qualification,
            seconds(8, 6, 5),
        ),
        Skill(
            "stud.settlement",
            GAME,
            T("Ante and raise"),
            T("Ante 1 to 1, the raise by the pay table of Art. 9(5)."),
            AnswerKind.AMOUNT,
            settlement,
            seconds(25, 20, 15),
        ),
        Skill(
            "stud.progressive",
            GAME,
            T("Progressive jackpot"),
            T("Awards, their order and the pool (Art. 10)."),
            AnswerKind.AMOUNT,
            progressive,
            seconds(40, 35, 30),
        ),
        Skill(
            "stud.misdeal",
            GAME,
            T("Misdeals"),
            T("Exposed cards, empty boxes, a failing shuffler (Art. 11)."),
            AnswerKind.CHOICE,
            misdeal,
            seconds(20, 15, 12),
        ),
        Skill(
            "stud.dealing_order",
            GAME,
            T("Dealing order"),
            T("Left to right, the dealer last, the fifth card face up (Art. 7)."),
            AnswerKind.CHOICE,
            dealing_order,
            seconds(20, 15, 12),
        ),
    )
}
