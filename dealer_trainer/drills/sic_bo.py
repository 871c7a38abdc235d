"""Sic Bo drills on the house pay table: single-number multiples, totals and their payouts,
which areas win a throw, combinations and doubles, a full layout's payout, paying in the
house's order, and the house's rulings on irregular throws.

Sic Bo's regulation (Despacho Regulamentar Externo n.º 31/2003) is not on file, so every
payout is the house pay table of the ruleset (``sic-bo-house``) and every item says so in
its ``rests_on`` (``on_house_pay_table``), naming the ruleset by its title, never its id;
collecting before paying and the pay order are the house's procedure, and the rulings on a
die that is not flat or a shaker opened early are the house's.  No sentence says what the
regulation says, leaves to the house or does not set: its articles are not on file.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import combinations
from typing import Any

from dealer_trainer.drills.bet_names import sic_bo_bet_name, with_stake
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
    on_house_pay_table,
    on_house_procedure,
    on_house_ruling,
    one_right,
    ruling_drill,
    seconds,
)
from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.model import Felt, Spot
from dealer_trainer.layouts.sic_bo import FACES, lit_spots
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.house import house_pay_table as house_table_of
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.rulings import BetFate
from dealer_trainer.rules.sic_bo import house
from dealer_trainer.rules.sic_bo.api import settle
from dealer_trainer.rules.sic_bo.rulings import Irregularity
from dealer_trainer.rules.sic_bo.rulings import ruling as house_ruling
from dealer_trainer.rules.text import Param, T, Text

GAME = Game.SIC_BO
Dice = tuple[int, int, int]


# The translation context of the regulations' own rulesets' titles (``ui/kit/games.py`` marks
# them: "Sic Bo (house pay table)").
RULESET_TITLES_CONTEXT = "games"


def pay_table_name(ruleset: Ruleset) -> Param:
    """The pay table in use as a person reads it: its ruleset's title, never its id
    (``sic-bo-house``). The trainer's own ruleset's title is translated as the window names
    it; a house ruleset's is the house's own words, shown as written."""
    if ruleset.base is None:
        return Text(ruleset.title, context=RULESET_TITLES_CONTEXT)
    return ruleset.title


def house_pay_table(ruleset: Ruleset) -> Text:
    """What every Sic Bo answer rests on: the payouts are the house's pay table (the
    regulation is not on file, so nothing is said of it)."""
    return on_house_pay_table(
        T(
            "Every payout is that of the ruleset in use, “{table}”; published Macau pay "
            "tables differ.",
            table=pay_table_name(ruleset),
        )
    )


COLLECT_FIRST = on_house_procedure(house.COLLECT_FIRST)


# ------------------------------------------------------------------ helpers --


def _stake(rng: random.Random, difficulty: Difficulty) -> Decimal:
    """A stake a player would put down at this level."""
    if difficulty is Difficulty.BEGINNER:
        return Decimal(10 * rng.randint(1, 10))
    if difficulty is Difficulty.INTERMEDIATE:
        return Decimal(rng.choice([20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 300]))
    return Decimal(5 * rng.randint(2, 200))


def _bet(bet_id: str, kind: str, amount: Decimal, **fields: Any) -> dict[str, Any]:
    return {"id": bet_id, "kind": kind, "amount": f"{amount:.2f}", **fields}


def _request(ruleset: Ruleset, bets: Sequence[Mapping[str, Any]], dice: Dice) -> dict[str, Any]:
    """The rules-CLI request that is this table situation."""
    return {
        "game": GAME,
        "ruleset": ruleset.id,
        "bets": [dict(b) for b in bets],
        "outcome": {"dice": list(dice)},
    }


def _spot_id(bet: Mapping[str, Any]) -> str:
    """The felt's spot of a bet: ``total-9``, ``combination-2-5``, ``small``."""
    if "numbers" in bet:
        return f"{bet['kind']}-" + "-".join(str(n) for n in bet["numbers"])
    if "number" in bet:
        return f"{bet['kind']}-{bet['number']}"
    return str(bet["kind"])


def _situation(request: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "request": request,
        "spots": {str(b["id"]): _spot_id(b) for b in request["bets"]},
        "dice": list(request["outcome"]["dice"]),
        **extra,
    }


def _results(request: Mapping[str, Any], ruleset: Ruleset) -> list[dict[str, Any]]:
    return list(settle(request, ruleset)["results"])


def house_table(ruleset: Ruleset) -> Citation:
    """What a Sic Bo item cites: no article (none is on file), the house pay table."""
    return house_table_of(ruleset.id)


def _ratio(ratio: Fraction) -> Text:
    """A payout in words, translated: "8 to 1"."""
    return house.ratio_text(ratio)


def _shown(dice: Dice) -> str:
    return "-".join(str(d) for d in sorted(dice))


def _worked(
    ruleset: Ruleset, request: Mapping[str, Any], dice: Dice
) -> tuple[list[Text], Decimal, list[Decimal]]:
    """The worked lines of a payout (each winner: stake × payout = win), the total, and the
    stakes collected."""
    by_id = {str(b["id"]): b for b in request["bets"]}
    lines: list[Text] = []
    total = Decimal(0)
    collected: list[Decimal] = []
    losers: list[Text] = []
    winners = 0
    for result in _results(request, ruleset):
        bet = by_id[str(result["id"])]
        if result["outcome"] != "win":
            collected.append(Decimal(bet["amount"]))
            losers.append(sic_bo_bet_name(bet))
            continue
        win = Decimal(result["win"])
        total += win
        ratio = Fraction(result["pays"])  # what the rules core paid it at, to 1
        if bet["kind"] == "single":
            count = dice.count(int(bet["number"]))
            shown = (
                T("one die shows {number}", number=int(bet["number"])),
                T("two dice show {number}", number=int(bet["number"])),
                T("three dice show {number}", number=int(bet["number"])),
            )[count - 1]
            lines.append(
                T(
                    "{bet}: {shown}, so it pays {ratio}: {stake} × {ratio_n} = {win} "
                    "(house pay table)",
                    bet=sic_bo_bet_name(bet),
                    shown=shown,
                    ratio=_ratio(ratio),
                    stake=Decimal(bet["amount"]),
                    ratio_n=str(ratio),
                    win=win,
                )
            )
        else:
            lines.append(
                T(
                    "{bet}: {stake} × {ratio_n} = {win} ({ratio}, house pay table)",
                    bet=sic_bo_bet_name(bet),
                    stake=Decimal(bet["amount"]),
                    ratio_n=str(ratio),
                    ratio=_ratio(ratio),
                    win=win,
                )
            )
        winners += 1
    if losers:
        listed = losers[0]
        for name in losers[1:]:
            listed = T("{first}, {next}", first=listed, next=name)
        lines.insert(0, T("Collect the losing bets first: {bets}.", bets=listed))
    if not total:
        lines.append(T("No bet wins: there is nothing to pay."))
    elif winners > 1:
        lines.append(T("Total to pay: {total}.", total=total))
    return lines, total, collected


def _amount_item(
    skill_id: str,
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    bets: list[dict[str, Any]],
    dice: Dice,
    question: Text,
    hint: Text,
) -> DrillItem:
    request = _request(ruleset, bets, dice)
    lines, total, collected = _worked(ruleset, request, dice)
    return DrillItem(
        skill=skill_id,
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation=_situation(request),
        question=question,
        expected=amount_to_pay(total, pay_tray(ruleset, difficulty, collected)),
        solution=tuple(lines),
        citation=house_table(ruleset),
        hint=hint,
        rests_on=_rests_on(ruleset, request, collected_first=bool(collected)),
    )


def _rests_on(
    ruleset: Ruleset, request: Mapping[str, Any], *, collected_first: bool
) -> tuple[Text, ...]:
    """The house pay table always; collecting first where a bet is collected; the triple
    rule where a triple decides an even-money bet on the table."""
    said = [house_pay_table(ruleset)]
    dice = request["outcome"]["dice"]
    if len(set(dice)) == 1:
        kinds = {b["kind"] for b in request["bets"]}
        if kinds & {"small", "big"} and ruleset.flag("triple_loses_small_big"):
            said.append(on_house_pay_table(house.TRIPLE_RULE))
        if kinds & {"odd", "even"} and ruleset.flag("triple_loses_odd_even"):
            said.append(on_house_pay_table(house.TRIPLE_RULE_ODD_EVEN))
    if collected_first:
        said.append(COLLECT_FIRST)
    return tuple(said)


def _throw(rng: random.Random) -> Dice:
    a, b, c = (rng.randint(1, 6) for _ in range(3))
    return (a, b, c)


def _not_triple(rng: random.Random) -> Dice:
    while True:
        dice = _throw(rng)
        if len(set(dice)) > 1:
            return dice


def _with_total(rng: random.Random, total: int) -> Dice:
    throws = [(a, b, total - a - b) for a in FACES for b in FACES if 1 <= total - a - b <= 6]
    return rng.choice(throws)


# --------------------------------------------------------------- generators --


def single_number(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """A bet on a single number that one, two or three of the dice show."""
    rng = random.Random(seed)
    number = rng.randint(1, 6)
    count = (
        rng.choice((1, 1, 2, 2, 3)) if difficulty is not Difficulty.BEGINNER else rng.choice((1, 2))
    )
    others = [f for f in FACES if f != number]
    dice_list = [number] * count + [rng.choice(others) for _ in range(3 - count)]
    rng.shuffle(dice_list)
    dice: Dice = (dice_list[0], dice_list[1], dice_list[2])
    stake = _stake(rng, difficulty)
    bets = [_bet("a", "single", stake, number=number)]
    if difficulty is Difficulty.ADVANCED:  # a second player on another number the dice show
        other = rng.choice(sorted(set(dice) - {number}) or [number])
        if other != number:
            bets.append(_bet("b", "single", _stake(rng, difficulty), number=other))
    return _amount_item(
        "sic_bo.single_number",
        ruleset,
        seed,
        difficulty,
        bets,
        dice,
        T(
            "The dice show {dice}. What do you pay the single-number bets? "
            "(The stakes stay with the players.)",
            dice=_shown(dice),
        ),
        T("Count how many dice show the number: the house pays one, two or three times."),
    )


def totals(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Bets on totals, one of which the throw makes."""
    rng = random.Random(seed)
    total = rng.randint(4, 17)
    dice = _with_total(rng, total)
    while len(set(dice)) == 1:
        dice = _with_total(rng, total)
    count = {Difficulty.BEGINNER: 1, Difficulty.INTERMEDIATE: 3, Difficulty.ADVANCED: 5}[difficulty]
    others = rng.sample([t for t in range(4, 18) if t != total], count - 1)
    chosen = [total, *others]
    rng.shuffle(chosen)
    bets = [
        _bet(chr(ord("a") + i), "total", _stake(rng, difficulty), number=t)
        for i, t in enumerate(chosen)
    ]
    return _amount_item(
        "sic_bo.totals",
        ruleset,
        seed,
        difficulty,
        bets,
        dice,
        T(
            "The dice show {dice}, a total of {total}. How much do you pay?",
            dice=_shown(dice),
            total=total,
        ),
        T("Only the total the dice make wins; each total has its own payout."),
    )


def combinations_doubles(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Two-dice combinations and specific doubles on a throw with a pair or none."""
    rng = random.Random(seed)
    dice = _not_triple(rng) if rng.random() < 0.5 else _with_double(rng)
    faces = sorted(set(dice))
    winning_pairs = list(combinations(faces, 2))
    count = {Difficulty.BEGINNER: 2, Difficulty.INTERMEDIATE: 4, Difficulty.ADVANCED: 6}[difficulty]
    candidates: list[dict[str, Any]] = [
        {"kind": "combination", "numbers": [a, b]} for a, b in combinations(FACES, 2)
    ] + [{"kind": "double", "number": f} for f in FACES]
    wanted: list[dict[str, Any]] = [
        {"kind": "combination", "numbers": [a, b]} for a, b in winning_pairs
    ]
    wanted += [{"kind": "double", "number": f} for f in faces if dice.count(f) >= 2]
    rest = [c for c in candidates if c not in wanted]
    chosen = rng.sample(wanted, min(len(wanted), max(1, count // 2)))
    chosen += rng.sample(rest, count - len(chosen))
    rng.shuffle(chosen)
    bets = [
        _bet(chr(ord("a") + i), c["kind"], _stake(rng, difficulty), **_fields_of(c))
        for i, c in enumerate(chosen)
    ]
    return _amount_item(
        "sic_bo.combinations_doubles",
        ruleset,
        seed,
        difficulty,
        bets,
        dice,
        T(
            "The dice show {dice}. What is the total payout of the combination and double bets?",
            dice=_shown(dice),
        ),
        T("A combination wins when both its faces show; a double when two dice show its face."),
    )


def _fields_of(candidate: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in candidate.items() if k != "kind"}


def _with_double(rng: random.Random) -> Dice:
    face = rng.randint(1, 6)
    other = rng.choice([f for f in FACES if f != face])
    dice = [face, face, other]
    rng.shuffle(dice)
    return (dice[0], dice[1], dice[2])


def _on_spots(
    rng: random.Random, difficulty: Difficulty, spots: Sequence[Spot]
) -> list[dict[str, Any]]:
    """One bet on each spot, ids ``a``, ``b`` … in the order given."""
    return [
        {"id": chr(ord("a") + i), "amount": f"{_stake(rng, difficulty):.2f}",
         **spot.bet.request_fields()}
        for i, spot in enumerate(spots)
    ]  # fmt: skip


def full_layout(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Bets all over the layout, two or more of them winners; the total payout."""
    rng = random.Random(seed)
    dice = _throw(rng) if rng.random() < 0.15 else _not_triple(rng)
    count = {Difficulty.BEGINNER: 4, Difficulty.INTERMEDIATE: 7, Difficulty.ADVANCED: 11}[
        difficulty
    ]
    felt = felt_for(GAME, ruleset)
    lit = set(lit_spots(felt, ruleset, dice))
    winners = rng.sample([s for s in felt if s.id in lit], min(len(lit), max(2, count // 3)))
    others = [s for s in felt if s not in winners]
    chosen = winners + rng.sample(others, count - len(winners))
    rng.shuffle(chosen)
    return _amount_item(
        "sic_bo.full_layout",
        ruleset,
        seed,
        difficulty,
        _on_spots(rng, difficulty, chosen),
        dice,
        T("The dice show {dice}. What is the total payout of the layout?", dice=_shown(dice)),
        T("Light the winning areas in your head first; collect the rest, then pay each winner."),
    )


def _names(spot_ids: Sequence[str], felt: Felt) -> Text:
    """Areas by their felt names, in the felt's order, joined for the reader's language."""
    ordered = [s for s in felt if s.id in set(spot_ids)]
    if not ordered:
        return T("none")
    listed = sic_bo_bet_name(ordered[0].bet.request_fields())
    for spot in ordered[1:]:
        listed = T("{first}, {next}", first=listed, next=sic_bo_bet_name(spot.bet.request_fields()))
    return listed


def winning_areas(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Which areas the electronic layout lights for a throw: one right list, three mistakes."""
    rng = random.Random(seed)
    triple_share = {
        Difficulty.BEGINNER: 0.1,
        Difficulty.INTERMEDIATE: 0.2,
        Difficulty.ADVANCED: 0.3,
    }
    if rng.random() < triple_share[difficulty]:
        face = rng.randint(1, 6)
        dice: Dice = (face, face, face)
    elif rng.random() < 0.5:
        dice = _with_double(rng)
    else:
        dice = _not_triple(rng)
    felt = felt_for(GAME, ruleset)
    lit = list(lit_spots(felt, ruleset, dice))
    wrongs = _wrong_areas(dice, lit, felt, rng)
    options = [Option("right", _names(lit, felt))]
    for code, (areas, mistake) in wrongs.items():
        options.append(Option(code, _names(areas, felt), mistake))
    rng.shuffle(options)
    total = sum(dice)
    return DrillItem(
        skill="sic_bo.winning_areas",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation={
            "request": _request(ruleset, [], dice),
            "spots": {},
            "dice": list(dice),
        },
        question=T(
            "The dice show {dice}. Which areas does the layout light as winners?",
            dice=_shown(dice),
        ),
        expected=one_right(options),
        solution=(
            T("The total is {total}; the winning areas: {areas}.", total=total,
              areas=_names(lit, felt)),
        ),
        citation=house_table(ruleset),
        hint=T("Total, small or big, doubles and triples, combinations, then the single numbers."),
        rests_on=(house_pay_table(ruleset),),
    )  # fmt: skip


def _wrong_areas(
    dice: Dice, lit: list[str], felt: Felt, rng: random.Random
) -> dict[str, tuple[list[str], Text]]:
    """Three lists a dealer might light by mistake, each with what is wrong with it."""
    faces = sorted(set(dice))
    total = sum(dice)
    wrongs: dict[str, tuple[list[str], Text]] = {}
    if len(faces) == 1:  # a triple
        side = "small" if total <= 10 else "big"
        if side in felt and side not in lit:
            wrongs["even_money_on_triple"] = (
                [*lit, side],
                T("Small and big lose on any triple (house pay table)."),
            )
        wrongs["no_any_triple"] = (
            [s for s in lit if s != "any_triple"],
            T("Any triple wins on every triple."),
        )
        wrongs["no_double"] = (
            [s for s in lit if not s.startswith("double-")],
            T("A triple shows the double of its face too: two dice (and a third) show it."),
        )
    else:
        doubles = [f for f in faces if dice.count(f) >= 2]
        if doubles:
            wrongs["no_double"] = (
                [s for s in lit if not s.startswith("double-")],
                T("Two dice show {face}: Double {face} wins.", face=doubles[0]),
            )
            wrongs["any_triple_on_a_double"] = (
                [*lit, "any_triple"],
                T("Any triple needs all three dice alike; a double is not a triple."),
            )
        else:
            once = rng.choice(faces)
            wrongs["double_of_a_single"] = (
                [*lit, f"double-{once}"],
                T("Only one die shows {face}: Double {face} loses.", face=once),
            )
            pair = rng.choice([p for p in combinations(faces, 2)])
            wrongs["missing_combination"] = (
                [s for s in lit if s != f"combination-{pair[0]}-{pair[1]}"],
                T("Both {first} and {second} show: Combination {first}-{second} wins.",
                  first=pair[0], second=pair[1]),
            )  # fmt: skip
        near = total + (1 if total < 17 else -1)
        wrongs["wrong_total"] = (
            [s for s in lit if s != f"total-{total}"] + [f"total-{near}"],
            T("The dice add up to {total}, not {near}.", total=total, near=near),
        )
    # three mistakes, each a list unlike the right one and unlike each other
    seen = {frozenset(lit)}
    kept: dict[str, tuple[list[str], Text]] = {}
    for code, (areas, why) in wrongs.items():
        key = frozenset(areas)
        if key not in seen and len(kept) < 3:
            seen.add(key)
            kept[code] = (areas, why)
    return kept


def pay_order(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
    """Click the bets in the order the house settles them: collect first, then pay."""
    rng = random.Random(seed)
    dice = _not_triple(rng) if rng.random() < 0.85 else _throw(rng)
    count = {Difficulty.BEGINNER: 4, Difficulty.INTERMEDIATE: 6, Difficulty.ADVANCED: 9}[difficulty]
    felt = felt_for(GAME, ruleset)
    lit = set(lit_spots(felt, ruleset, dice))
    winners = rng.sample([s for s in felt if s.id in lit], min(len(lit), count - count // 3))
    losers = rng.sample([s for s in felt if s.id not in lit], count - len(winners))
    chosen = winners + losers
    rng.shuffle(chosen)
    bets = _on_spots(rng, difficulty, chosen)
    request = _request(ruleset, bets, dice)
    answer = settle(request, ruleset)
    paid_at = {str(r["id"]): Fraction(r["pays"]) for r in answer["results"] if r["pays"]}
    collect = tuple(str(b) for b in answer["collect"])
    pay = tuple(tuple(str(b) for b in group) for group in answer["pay_order"])
    order = ((collect,) if collect else ()) + pay
    by_id = {str(b["id"]): b for b in bets}

    def listed(ids: Sequence[str]) -> Text:
        names = [with_stake(sic_bo_bet_name(by_id[i]), Decimal(by_id[i]["amount"])) for i in ids]
        joined = names[0]
        for name in names[1:]:
            joined = T("{first}, {next}", first=joined, next=name)
        return joined

    solution: list[Text] = []
    if collect:
        solution.append(T("Collect the losing bets: {bets}.", bets=listed(collect)))
    pay_order_setting = ruleset.choice("pay_order")
    for group in pay:
        solution.append(
            T("Then pay {group}: {bets}.", group=_group_name(pay_order_setting, by_id[group[0]],
              paid_at[group[0]]), bets=listed(group))
        )  # fmt: skip
    rests_on = [COLLECT_FIRST, on_house_procedure(PAY_ORDERS[pay_order_setting]),
                house_pay_table(ruleset)]  # fmt: skip
    return DrillItem(
        skill="sic_bo.pay_order",
        seed=seed,
        difficulty=difficulty,
        ruleset=ruleset.id,
        situation=_situation(request),
        question=T(
            "The dice show {dice}. Click the bets in the order you settle them.",
            dice=_shown(dice),
        ),
        expected=Expected(kind=AnswerKind.ORDER, order=order),
        solution=tuple(solution),
        citation=house_table(ruleset),
        hint=T("Collect every loser first; then pay in the house's order."),
        rests_on=tuple(rests_on),
    )


#: The house's pay orders (setting ``pay_order``), said in full for the feedback.
PAY_ORDERS = {
    "layout_rows": T(
        "This house pays the winners row by row down the layout: the top row (small, big, "
        "odd, even, the doubles, the triples, any triple), then the totals, then the "
        "combinations, then the single numbers; within a row in any order."
    ),
    "highest_payout_first": T(
        "This house pays the winners that pay the most first; bets of one payout together, "
        "in any order."
    ),
    "any_order": T("This house pays the winners in any order, once every loser is collected."),
}
_ROWS = {
    "small": 0, "big": 0, "odd": 0, "even": 0, "double": 0, "triple": 0, "any_triple": 0,
    "total": 1, "combination": 2, "single": 3,
}  # fmt: skip
_ROW_NAMES = (
    T("the top row"),
    T("the totals"),
    T("the combinations"),
    T("the single numbers"),
)


def _group_name(setting: str, first: Mapping[str, Any], ratio: Fraction) -> Text:
    """How a group of the pay order is called: "the totals", "the bets at 8 to 1"."""
    if setting == "layout_rows":
        return _ROW_NAMES[_ROWS[first["kind"]]]
    if setting == "highest_payout_first":
        return T("the bets at {ratio}", ratio=_ratio(ratio))
    return T("the winners")


@ruling_drill("sic_bo.rulings", GAME)
def rulings(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> RulingAsked:
    """The house's rulings on an irregular throw: a die not flat, the shaker opened early.

    Both are no throw, and the dice are shaken again; whether the bets stand for the new
    shake or are handed back is the house's setting (``die_not_flat``,
    ``shaker_opened_early``), and the options follow it.
    """
    rng = random.Random(seed)
    case = rng.choice((Irregularity.DIE_NOT_FLAT, Irregularity.SHAKER_OPENED_EARLY))
    decided = house_ruling(ruleset, case)
    bets_stand = decided.bets is BetFate.STAND
    stand = T(
        "Call no throw and the supervisor: the dice are not read; cover the shaker and "
        "shake again. Every bet stays for the new shake."
    )
    returned = T(
        "Call no throw and the supervisor: the dice are not read; hand every bet back, "
        "then shake again for new bets."
    )
    right, other = (stand, returned) if bets_stand else (returned, stand)
    other_wrong = (
        T("On this house's table the bets stay for the new shake; they are not handed back.")
        if bets_stand
        else T("On this house's table every bet is handed back before the new shake.")
    )
    if case is Irregularity.DIE_NOT_FLAT:
        question = T(
            "You open the shaker: one die leans against the wall of the shaker, not flat. "
            "What do you do?"
        )
        wrongs = [
            Option(
                "read_top",
                T("Read the face of the leaning die that is most nearly on top."),
                T("A die that is not flat shows no face: the house reads no such throw."),
            ),
            Option(
                "lay_flat",
                T("Lay the die flat with your finger and read the throw."),
                T("A dealer never sets a die by hand: the throw is void and shaken again."),
            ),
        ]
        ruling = T(
            "A die that does not lie flat is no throw on this house's table: the dice are "
            "shaken again, and the bets {fate}. No Sic Bo article is on file; this is the "
            "house's ruling.",
            fate=T("stand") if bets_stand else T("are handed back"),
        )
    else:
        question = T(
            "The shaker is opened before the betting is closed and the shake is complete. "
            "What do you do?"
        )
        wrongs = [
            Option(
                "settle_it",
                T("Settle the throw as the dice show it."),
                T("A throw opened early is not read: it cannot decide the bets."),
            ),
            Option(
                "take_new_bets",
                T("Let the players change their bets now that they have seen the dice."),
                T("No bet is made on dice the players have seen: the throw is void."),
            ),
        ]
        ruling = T(
            "A shaker opened early is no throw on this house's table: the dice are shaken "
            "again, and the bets {fate}. No Sic Bo article is on file; this is the house's "
            "ruling.",
            fate=T("stand") if bets_stand else T("are handed back"),
        )
    options = [Option("right", right), *wrongs, Option("other_fate", other, other_wrong)]
    rng.shuffle(options)
    situation = {"ruling": decided.code}
    return RulingAsked(
        situation, question, options, decided, decided.citation, (on_house_ruling(ruling),)
    )


SKILLS: tuple[Skill, ...] = (
    Skill(
        "sic_bo.single_number",
        GAME,
        T("Single-number multiples"),
        T("Pay a single number once, twice or three times, by how many dice show it."),
        AnswerKind.AMOUNT,
        single_number,
        seconds(10, 8, 6),
    ),
    Skill(
        "sic_bo.totals",
        GAME,
        T("Totals and their payouts"),
        T("Pay the total the three dice make, at the house's payout for that total."),
        AnswerKind.AMOUNT,
        totals,
        seconds(15, 12, 10),
    ),
    Skill(
        "sic_bo.winning_areas",
        GAME,
        T("Which areas win"),
        T(
            "The areas the layout lights for a throw: total, small or big, doubles, "
            "triples, combinations, single numbers."
        ),
        AnswerKind.CHOICE,
        winning_areas,
        seconds(20, 15, 12),
    ),
    Skill(
        "sic_bo.combinations_doubles",
        GAME,
        T("Combinations and doubles"),
        T("Two-dice combinations and specific doubles on one throw."),
        AnswerKind.AMOUNT,
        combinations_doubles,
        seconds(20, 16, 12),
    ),
    Skill(
        "sic_bo.full_layout",
        GAME,
        T("A full layout's payout"),
        T("Every winning bet on the layout, paid on the house pay table."),
        AnswerKind.AMOUNT,
        full_layout,
        seconds(40, 32, 25),
    ),
    Skill(
        "sic_bo.pay_order",
        GAME,
        T("Paying in the house's order"),
        T("Collect the losers first, then pay the winners in the house's order."),
        AnswerKind.ORDER,
        pay_order,
        seconds(40, 35, 30),
    ),
    Skill(
        "sic_bo.rulings",
        GAME,
        T("Irregular throws"),
        T("A die not flat, the shaker opened early: the house's rulings."),
        AnswerKind.CHOICE,
        rulings,
        seconds(30, 25, 20),
    ),
)
