"""Roulette drills: straight-up multiples, picture bets, outside bets, the zero rule,
the pay order of Art. 5(1) and the rulings of Arts. 2, 3 and 5(3)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from dealer_trainer.drills.bet_names import roulette_bet_label
from dealer_trainer.drills.chips import pay_tray
from dealer_trainer.drills.model import (
    AnswerKind,
    Difficulty,
    DrillItem,
    Expected,
    Option,
    RulingAsked,
    Skill,
    amount_to_pay,
    interpretation,
    ruling_drill,
    seconds,
)
from dealer_trainer.glossary import bet_name
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.roulette import RED, Bet, BetKind, BetPosition, all_positions, settle
from dealer_trainer.rules.roulette.pay_order import texts_differ
from dealer_trainer.rules.roulette.rulings import disturbed_winning_chips, golpe_nulo, late_bet
from dealer_trainer.rules.roulette.settle import (
    Outcome,
    PayGroup,
    PayOrderText,
    Settlement,
    pay_texts,
    text_pay_groups,
)
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import T, Text

GAME = Game.ROULETTE

# Each kind of bet as a worked line counts it ("1 split", "3 splits"): the glossary's words.
KIND_NAMES = {
    kind: (bet_name(GAME, f"{kind}.one"), bet_name(GAME, f"{kind}.many")) for kind in BetKind
}


# ------------------------------------------------------------------ helpers --


def _stake(rng: random.Random, difficulty: Difficulty) -> Decimal:
    """A stake a player would put down at this level."""
    if difficulty is Difficulty.BEGINNER:
        return Decimal(5 * rng.randint(1, 10))
    if difficulty is Difficulty.INTERMEDIATE:
        return Decimal(rng.choice([5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 125, 150, 200]))
    return Decimal(5 * rng.randint(1, 200))


def _request(bets: Sequence[Bet], number: int, ruleset: Ruleset) -> dict[str, Any]:
    """The rules-CLI request that is this table situation."""
    return {
        "game": GAME,
        "ruleset": {"id": ruleset.id, "settings": _changed_settings(ruleset)},
        "bets": [_bet_json(b) for b in bets],
        "outcome": {"number": number},
    }


def _changed_settings(ruleset: Ruleset) -> dict[str, Any]:
    return {
        name: value
        for name, value in ruleset.values.items()
        if value != ruleset.settings[name].default
    }


def _bet_json(bet: Bet) -> dict[str, Any]:
    out: dict[str, Any] = {"id": bet.id, "kind": str(bet.kind), "amount": f"{bet.amount:.2f}"}
    if bet.kind.takes_numbers:
        out["numbers"] = list(bet.position.numbers)
    elif bet.kind.takes_index:
        out["index"] = bet.position.index
    return out


def _situation(bets: Sequence[Bet], number: int, ruleset: Ruleset, **extra: Any) -> dict[str, Any]:
    return {
        "request": _request(bets, number, ruleset),
        "spots": {b.id: b.position.spot_id for b in bets},
        "marker": number,
        **extra,
    }


def _positions_on(ruleset: Ruleset, number: int, kinds: set[BetKind]) -> list[BetPosition]:
    return [p for p in all_positions(ruleset) if p.kind in kinds and number in p.numbers]


def _amount_item(
    skill_id: str,
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    bets: list[Bet],
    number: int,
    question: Text,
) -> DrillItem:
    """An item asking for the total win of the bets, with the worked solution."""
    settlement = settle(ruleset, bets, number)
    winners = [r for r in settlement.results if r.outcome is Outcome.WIN]
    total = sum((r.win for r in winners), Decimal(0))
    collected = [r.bet.amount for r in settlement.results if r.outcome is Outcome.LOSE]
    denominations = pay_tray(ruleset, difficulty, collected)
    lines = _worked_lines(ruleset, settlement)
    if len(lines) > 1:
        lines.append(T("Total to pay: {total}.", total=total))
    if any(r.outcome is Outcome.LOSE for r in settlement.results):
        lines.insert(0, T("Collect the losing bets first; they are not part of the payout."))
    # The article of the highest-paying winning bet; with no winner, the bets' definitions
    # (Art. 6: none covers the number) or, on 0, the zero rule (Art. 8).
    citations = sorted({r.citation for r in winners})
    return DrillItem(
        skill=skill_id,
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation=_situation(bets, number, ruleset),
        question=question,
        expected=amount_to_pay(total, denominations),
        solution=tuple(lines),
        citation=citations[0] if winners else ruleset.cite(8 if number == 0 else 6),
        hint=T("Count each kind of bet on the number, multiply by its payout, then add up."),
        rests_on=readings(ruleset, bets, number),
    )


def _worked_lines(ruleset: Ruleset, settlement: Settlement) -> list[Text]:
    """ "3 splits × 17 × 25 = 1,275" per kind and stake among the winners.

    The wins are the rules core's own; the line only shows how they arise.
    """
    groups: dict[tuple[BetKind, Decimal], list[Decimal]] = {}
    for r in settlement.results:
        if r.outcome is Outcome.WIN:
            groups.setdefault((r.bet.kind, r.bet.amount), []).append(r.win)

    def by_payout(entry: tuple[tuple[BetKind, Decimal], list[Decimal]]) -> Any:
        return -ruleset.payout(str(entry[0][0])).ratio

    lines = []
    for (kind, stake), wins in sorted(groups.items(), key=by_payout):
        payout = ruleset.payout(str(kind))
        singular, plural = KIND_NAMES[kind]
        lines.append(
            T(
                "{count} {kind} × {ratio} × {stake} = {win} ({article})",
                count=len(wins),
                kind=singular if len(wins) == 1 else plural,
                ratio=str(payout.ratio),
                stake=stake,
                win=sum(wins, Decimal(0)),
                article=payout.citation,
            )
        )
    if not lines:
        lines.append(T("No bet wins: there is nothing to pay."))
    return lines


def readings(ruleset: Ruleset, bets: Sequence[Bet], number: int) -> tuple[Text, ...]:
    """The interpretations a settlement of these bets rests on, said in full.

    A red or black bet wins or loses by the number's colour, and neither text lists the
    red numbers; the nine-number bet has no figure in the text.  On 0 every such bet
    loses by Art. 8 alone, whatever the colour or the figure.
    """
    kinds = {b.kind for b in bets}
    said: list[Text] = []
    if number != 0 and kinds & {BetKind.RED, BetKind.BLACK}:
        said.append(
            interpretation(
                T(
                    "The red numbers: Art. 1 says the numbers alternate red and black but "
                    "neither text lists them; the standard European set is used: {red}.",
                    red=", ".join(str(n) for n in sorted(RED)),
                )
            )
        )
    if number != 0 and BetKind.NINE in kinds:
        if ruleset.choice("nine_number_definition") == "layout_block":
            nine = T(
                "The nine-number bet: the text gives no figure of it; it is taken as three "
                "adjacent streets of the layout (a block such as 1-9 or 4-12)."
            )
        else:
            nine = T(
                "The nine-number bet: the text gives no figure of it; this ruleset takes nine "
                "neighbouring pockets of the wheel."
            )
        said.append(interpretation(nine))
    return tuple(said)


# --------------------------------------------------------------- generators --


def straight_up(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    rng = random.Random(seed)
    number = rng.randint(0, 36)
    stake = _stake(rng, difficulty)
    if difficulty is Difficulty.ADVANCED:
        stake += Decimal(rng.choice([0, 1, 2, 3, 4]))
    bet = Bet("a", BetPosition(BetKind.STRAIGHT, (number,)), stake)
    return _amount_item(
        "roulette.straight_up",
        ruleset,
        seed,
        difficulty,
        [bet],
        number,
        T(
            "{stake} straight-up on {number}, and {number} wins. How much do you pay? "
            "(The stake stays with the player.)",
            stake=stake,
            number=number,
        ),
    )


def picture_bets(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Straights, splits, streets, corners and lines all touching the winning number."""
    rng = random.Random(seed)
    number = rng.randint(1, 36)
    inside = {BetKind.STRAIGHT, BetKind.SPLIT, BetKind.STREET, BetKind.CORNER, BetKind.LINE}
    if difficulty is Difficulty.BEGINNER:
        inside = {BetKind.STRAIGHT, BetKind.SPLIT}
    candidates = _positions_on(ruleset, number, inside)
    count = {Difficulty.BEGINNER: 2, Difficulty.INTERMEDIATE: 4, Difficulty.ADVANCED: 7}[difficulty]
    chosen = rng.sample(candidates, min(count, len(candidates)))
    one_stake = _stake(rng, difficulty)
    bets = []
    for i, place in enumerate(sorted(chosen, key=lambda p: (len(p.numbers), p.numbers))):
        stake = one_stake if difficulty is not Difficulty.ADVANCED else _stake(rng, difficulty)
        bets.append(Bet(chr(ord("a") + i), place, stake))
    return _amount_item(
        "roulette.picture_bets",
        ruleset,
        seed,
        difficulty,
        bets,
        number,
        T("{number} wins. What is the total payout of the bets on the number?", number=number),
    )


def outside_bets(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    rng = random.Random(seed)
    number = rng.randint(1, 36)
    kinds = {
        BetKind.COLUMN,
        BetKind.DOZEN,
        BetKind.RED,
        BetKind.BLACK,
        BetKind.EVEN,
        BetKind.ODD,
        BetKind.LOW,
        BetKind.HIGH,
    }
    if difficulty is not Difficulty.BEGINNER:
        kinds |= {BetKind.NINE, BetKind.SECTOR12}
    places = [p for p in all_positions(ruleset) if p.kind in kinds]
    count = {Difficulty.BEGINNER: 3, Difficulty.INTERMEDIATE: 5, Difficulty.ADVANCED: 8}[difficulty]
    chosen = rng.sample(places, count)
    bets = [Bet(chr(ord("a") + i), p, _stake(rng, difficulty)) for i, p in enumerate(chosen)]
    return _amount_item(
        "roulette.outside_bets",
        ruleset,
        seed,
        difficulty,
        bets,
        number,
        T(
            "{number} wins. What is the total payout of the winning outside and sector bets?",
            number=number,
        ),
    )


def zero_rule(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    rng = random.Random(seed)
    places = [
        p for p in all_positions(ruleset) if p.kind is not BetKind.STRAIGHT or rng.random() < 0.05
    ]
    count = {Difficulty.BEGINNER: 3, Difficulty.INTERMEDIATE: 5, Difficulty.ADVANCED: 8}[difficulty]
    chosen = rng.sample(places, count - 1)
    if rng.random() < 0.75:
        chosen.append(BetPosition(BetKind.STRAIGHT, (0,)))
    bets = [Bet(chr(ord("a") + i), p, _stake(rng, difficulty)) for i, p in enumerate(chosen)]
    item = _amount_item(
        "roulette.zero_rule",
        ruleset,
        seed,
        difficulty,
        bets,
        0,
        T("0 wins. What is the total payout?"),
    )
    lines = (
        T("When 0 wins, only straight-ups on 0 win; every other bet loses to the bank (Art. 8)."),
        *item.solution,
    )
    return replace(
        item, solution=lines, citation=ruleset.cite(8), hint=T("Which bets cover 0 by themselves?")
    )


def pay_order(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    rng = random.Random(seed)
    number = rng.randint(1, 36)
    count = {Difficulty.BEGINNER: 4, Difficulty.INTERMEDIATE: 6, Difficulty.ADVANCED: 9}[difficulty]
    winners = rng.sample(all_positions_on(ruleset, number), count - count // 3)
    losers = rng.sample([p for p in all_positions(ruleset) if number not in p.numbers], count // 3)
    places = winners + losers
    rng.shuffle(places)
    bets = [Bet(chr(ord("a") + i), p, _stake(rng, difficulty)) for i, p in enumerate(places)]
    settlement = settle(ruleset, bets, number)
    expected_order = ((settlement.collect,) if settlement.collect else ()) + settlement.pay_order
    by_id = {b.id: b for b in bets}

    def listed(ids: Sequence[str]) -> Text:
        return bet_list([by_id[i] for i in ids])

    solution = (
        [T("Collect the losing bets: {bets}.", bets=listed(settlement.collect))]
        if settlement.collect
        else []
    )
    for group, ids in zip(settlement.pay_order_groups, settlement.pay_order, strict=True):
        solution.append(
            T("Then pay the {group}: {bets}.", group=GROUP_NAMES[group], bets=listed(ids))
        )
    texts = pay_texts(ruleset)
    differ = texts_differ(settlement.results)
    if differ and PayOrderText.CHINESE in texts[1:]:
        solution.append(_chinese_alternative(ruleset, settlement, listed))
    return DrillItem(
        skill="roulette.pay_order",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation=_situation(bets, number, ruleset),
        question=T("{number} wins. Click the bets in the order you settle them.", number=number),
        expected=Expected(kind=AnswerKind.ORDER, order=expected_order),
        solution=tuple(solution),
        citation=ruleset.cite(5, 1),
        hint=T("Collect first; then pay from the outside bets inwards, straight-ups last."),
        rests_on=_pay_order_readings(ruleset, settlement, texts, differ),
    )


def _chinese_alternative(ruleset: Ruleset, settlement: Settlement, listed: Any) -> Text:
    """The worked solution's line for the Chinese text's order, where it differs."""
    paid = [r.bet for r in settlement.results if r.outcome is Outcome.WIN]
    groups = dict(text_pay_groups(ruleset, PayOrderText.CHINESE))
    together = [b.id for b in paid if b.kind in groups[PayGroup.LINES_AND_CORNERS]]
    streets = [b.id for b in paid if b.kind in groups[PayGroup.STREETS]]
    if streets:
        return T(
            "The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as "
            "one step, in any order ({together}), and then the streets ({streets}).",
            together=listed(together),
            streets=listed(streets),
        )
    return T(
        "The Chinese text of Art. 5(1) is right too: it pays the six-lines and corners as one "
        "step, in any order ({together}).",
        together=listed(together),
    )


def _pay_order_readings(
    ruleset: Ruleset,
    settlement: Settlement,
    texts: tuple[PayOrderText, ...],
    differ: bool,
) -> tuple[Text, ...]:
    """The interpretations a pay order item rests on: the two texts of Art. 5(1) where they
    differ, the sectors' and even chances' steps the Chinese text does not name, and the
    interpretations of the bets' own wins (colours, nine numbers)."""
    said: list[Text] = []
    if differ and len(texts) > 1:
        said.append(
            interpretation(
                T(
                    "The Portuguese and Chinese texts of Art. 5(1) are both official and differ "
                    "on six-lines, streets and corners (Portuguese: six-lines, streets, "
                    "corners; Chinese: six-lines and corners as one step, then streets). An "
                    "order that either text allows, followed as a whole, is right."
                )
            )
        )
    elif differ:
        said.append(
            interpretation(
                T(
                    "Where the two official texts of Art. 5(1) differ (six-lines, streets and "
                    "corners), this ruleset follows {text} strictly.",
                    text=T("the Portuguese text")
                    if texts[0] is PayOrderText.PORTUGUESE
                    else T("the Chinese text"),
                )
            )
        )
    won = [r.bet.kind for r in settlement.results if r.outcome is Outcome.WIN]
    if BetKind.SECTOR12 in won and len(won) > 1:
        if ruleset.choice("sector12_pay_group") == "sectors":
            sector = T(
                "The twelve-number sector is paid with the sectors, after the columns and "
                "dozens: the Chinese text of Art. 5(1) does not name it."
            )
        else:
            sector = T(
                "The twelve-number sector is paid with the columns and dozens (a setting of "
                "this ruleset): the Chinese text of Art. 5(1) does not name it."
            )
        said.append(interpretation(sector))
    if {BetKind.LOW, BetKind.HIGH} & set(won) and len(won) > 1:
        said.append(
            interpretation(
                T(
                    "Low and high are paid with the even chances: the Portuguese text's "
                    "«chances simples» covers them; the Chinese text of Art. 5(1) does not "
                    "name them."
                )
            )
        )
    bets = [r.bet for r in settlement.results]
    return (*said, *readings(ruleset, bets, settlement.number))


def bet_label(bet: Bet) -> Text:
    """A bet as the felt and the drill's bet list name it: "Split 17-20 — 25", "Red — 50"."""
    return roulette_bet_label(bet)


def bet_list(bets: Sequence[Bet]) -> Text:
    """Bets named one after the other, joined for the reader's language."""
    if not bets:
        return T("none")
    result = bet_label(bets[0])
    for bet in bets[1:]:
        result = T("{first}, {next}", first=result, next=bet_label(bet))
    return result


def all_positions_on(ruleset: Ruleset, number: int) -> list[BetPosition]:
    return [p for p in all_positions(ruleset) if number in p.numbers]


GROUP_NAMES = {
    "columns_and_dozens": T("columns and dozens"),
    "sectors": T("sectors (nine and twelve numbers)"),
    "even_chances": T("even chances"),
    "lines": bet_name(GAME, "line.many"),
    "streets": bet_name(GAME, "street.many"),
    "corners": bet_name(GAME, "corner.many"),
    "lines_and_corners": T("six-lines and corners (one step, in any order)"),
    "splits": bet_name(GAME, "split.many"),
    "straights": bet_name(GAME, "straight.many"),
}


@ruling_drill("roulette.rulings", GAME)
def rulings(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> RulingAsked:
    """Multiple choice on an irregularity; the wrong options are real dealers' mistakes."""
    rng = random.Random(seed)
    case = rng.choice(["golpe_nulo", "late_bet", "disturbed_inspector", "disturbed_players"])
    previous = rng.randint(0, 36)
    rests_on: tuple[Text, ...] = ()
    if case == "golpe_nulo":
        ruling = golpe_nulo(ruleset, previous)
        question = T(
            "The ball is spinning when a chip falls into the wheel. The previous winning "
            "number was {previous}. What do you do?",
            previous=previous,
        )
        options = [
            Option(
                "right",
                T(
                    "Announce golpe nulo, remove the chip, place the ball in {previous} "
                    "and spin again; all bets stand.",
                    previous=previous,
                ),
            ),
            Option(
                "let_it_run",
                T("Let the ball finish and pay the number it lands on."),
                T("The spin is void the moment an object falls in (Art. 2(2))."),
            ),
            Option(
                "return_bets",
                T("Stop the game and return every bet to the players."),
                T("Golpe nulo does not void the bets: they stand for the new spin."),
            ),
            _golpe_nulo_wrong_pocket(previous),
        ]
        rests_on = _golpe_nulo_readings(previous)
    elif case == "late_bet":
        ruling = late_bet(ruleset)
        question = T(
            "You have rung the bell and launched the ball. A player pushes a straight-up "
            "onto the layout. What do you do?"
        )
        options = [
            Option("right", T("Refuse the bet and hand the chips back; the other bets stand.")),
            Option(
                "accept",
                T("Accept it: the ball has not yet come to rest."),
                T("After the bell no bet may be placed or changed (Art. 3)."),
            ),
            Option(
                "accept_half",
                T("Accept it, but pay it at half if it wins."),
                T("The regulation has no reduced payout for late bets: it refuses them."),
            ),
            Option(
                "void_spin",
                T("Call golpe nulo and spin again."),
                T("Golpe nulo is for an object falling into the wheel, not for a late bet."),
            ),
        ]
    else:
        can_restore = case == "disturbed_inspector"
        ruling = disturbed_winning_chips(ruleset, can_restore)
        question = (
            T(
                "While paying, you knock over the chips of a winning corner. The inspector "
                "saw the layout and can put them back exactly. What happens?"
            )
            if can_restore
            else T(
                "While paying, you knock over the chips of several winning bets. The "
                "inspector cannot say with certainty where they were. What happens?"
            )
        )
        options = [
            Option(
                "right",
                T("The inspector restores the bets, then they are paid.")
                if can_restore
                else T("The bets are reconstructed from what the players concerned indicate."),
            ),
            Option(
                "lose",
                T("The disturbed bets lose: the layout decides."),
                T("A winning bet the dealer disturbs is reconstructed, never lost (Art. 5(3))."),
            ),
            Option(
                "dealer_guess",
                T("You put the chips back as you remember them."),
                T("The inspector restores them, or the players indicate them (Art. 5(3))."),
            ),
            Option(
                "players" if can_restore else "inspector",
                T("The players say where their chips were.")
                if can_restore
                else T("The inspector puts them back as best he can."),
                T("Players indicate only when the inspector cannot restore them with certainty.")
                if can_restore
                else T("The inspector restores them only when he can do so with certainty."),
            ),
        ]
    rng.shuffle(options)
    situation = {"ruling": ruling.code, "previous_number": previous}
    return RulingAsked(situation, question, options, ruling, ruling.citation, rests_on)


def _golpe_nulo_wrong_pocket(previous: int) -> Option:
    """The dealer's mistake about where the ball goes: into 0 (when the previous number was
    not 0), or left where it lies (when it was, and 0 is right)."""
    if previous != 0:
        return Option(
            "spin_from_zero",
            T("Remove the chip, put the ball in 0 and spin again."),
            T("The ball goes back to the previous winning number, not to 0."),
        )
    return Option(
        "spin_from_where_it_is",
        T("Remove the chip and spin again from the pocket where the ball is now."),
        T(
            "The ball is first placed in the pocket of the previous winning number, here 0 "
            "(Art. 2(2))."
        ),
    )


def _golpe_nulo_readings(previous: int) -> tuple[Text, ...]:
    """What a golpe nulo answer rests on beyond Art. 2(2)'s words."""
    said = [
        interpretation(
            T(
                "The bets stand for the new spin: Art. 2(2) does not say so, but implies it "
                "(the spin is launched again, not the bets made again)."
            )
        )
    ]
    if previous == 0:
        said.append(
            interpretation(
                T(
                    "When the previous winning number was 0, the ball is placed in 0: 0 has "
                    "its own pocket (Art. 1(2)), and Art. 2(2) names the previous number's "
                    "pocket without exception."
                )
            )
        )
    return tuple(said)


#: The skills of this game, in the order the launcher lists them (drills.skills gathers them).
SKILLS: tuple[Skill, ...] = (
    Skill(
        "roulette.straight_up",
        GAME,
        T("Straight-up multiples"),
        T("Pay a winning straight-up at 35 to 1."),
        AnswerKind.AMOUNT,
        straight_up,
        seconds(10, 8, 6),
    ),
    Skill(
        "roulette.picture_bets",
        GAME,
        T("Picture bets"),
        T("Total payout of straights, splits, streets, corners and lines on one number."),
        AnswerKind.AMOUNT,
        picture_bets,
        seconds(30, 25, 20),
    ),
    Skill(
        "roulette.outside_bets",
        GAME,
        T("Outside bets and sectors"),
        T("Columns, dozens, even chances and the nine- and twelve-number sectors."),
        AnswerKind.AMOUNT,
        outside_bets,
        seconds(25, 20, 15),
    ),
    Skill(
        "roulette.zero_rule",
        GAME,
        T("The zero rule"),
        T("When 0 wins only a straight-up on 0 is paid (Art. 8)."),
        AnswerKind.AMOUNT,
        zero_rule,
        seconds(20, 15, 12),
    ),
    Skill(
        "roulette.pay_order",
        GAME,
        T("Pay order"),
        T("Collect the losers, then pay in the order of Art. 5(1)."),
        AnswerKind.ORDER,
        pay_order,
        seconds(40, 35, 30),
    ),
    Skill(
        "roulette.rulings",
        GAME,
        T("Irregularities"),
        T("Golpe nulo, bets after the bell, disturbed winning chips."),
        AnswerKind.CHOICE,
        rulings,
        seconds(30, 25, 20),
    ),
)
