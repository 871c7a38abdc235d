"""Roulette drill items: the situations they draw and the answers they expect."""

from decimal import Decimal

from dealer_trainer.drills import Answer, Difficulty, grade
from dealer_trainer.drills.sessions import ItemSpec
from dealer_trainer.rules.roulette import BetKind


def test_roulette_art7_1_straight_up_item_pays_35_times_the_stake() -> None:
    for seed in range(50):
        item = ItemSpec("roulette.straight_up", seed, Difficulty.BEGINNER).make()
        (bet,) = item.situation["request"]["bets"]
        assert item.expected.amount == Decimal(bet["amount"]) * 35
        assert str(item.citation) == "roulette-2003 Art. 7(1)"


def test_roulette_art7_picture_bets_all_touch_the_winning_number() -> None:
    for seed in range(50):
        item = ItemSpec("roulette.picture_bets", seed, Difficulty.ADVANCED).make()
        number = item.situation["request"]["outcome"]["number"]
        for bet in item.situation["request"]["bets"]:
            assert number in bet["numbers"]
            assert bet["kind"] in {"straight", "split", "street", "corner", "line"}


def test_roulette_worked_solution_reads_like_a_dealer_counts() -> None:
    item = ItemSpec("roulette.picture_bets", 3, Difficulty.INTERMEDIATE).make()
    lines = [line.english() for line in item.solution]
    assert any(" × 17 × " in line or " × 35 × " in line for line in lines)
    assert lines[-1].startswith("Total to pay: ")


def test_roulette_art8_zero_rule_items_pay_only_straight_ups_on_zero() -> None:
    for seed in range(50):
        item = ItemSpec("roulette.zero_rule", seed, Difficulty.INTERMEDIATE).make()
        bets = item.situation["request"]["bets"]
        on_zero = [b for b in bets if b["kind"] == BetKind.STRAIGHT and b["numbers"] == [0]]
        assert item.expected.amount == sum((Decimal(b["amount"]) * 35 for b in on_zero), Decimal(0))
        assert str(item.citation) == "roulette-2003 Art. 8"


def test_roulette_art5_1_pay_order_item_accepts_either_street_corner_order() -> None:
    for seed in range(300):
        item = ItemSpec("roulette.pay_order", seed, Difficulty.ADVANCED).make()
        spots = item.situation["spots"]
        for index, group in enumerate(item.expected.order):
            kinds = {spots[b].split("-")[0] for b in group}
            if kinds != {"street", "corner"}:
                continue
            corners_first = tuple(sorted(group, key=lambda b: spots[b].startswith("street")))
            order = [*item.expected.order[:index], corners_first, *item.expected.order[index + 1 :]]
            verdict = grade(item, Answer(order=tuple(b for g in order for b in g)))
            assert verdict.correct
            assert verdict.notes and "Chinese text" in verdict.notes[0].english()
            return
    raise AssertionError("no seed produced winning streets and corners")


def test_roulette_rulings_wrong_options_explain_the_mistake() -> None:
    for seed in range(20):
        item = ItemSpec("roulette.rulings", seed, Difficulty.BEGINNER).make()
        assert len(item.expected.options) == 4
        for option in item.expected.options:
            if option.id == item.expected.choice:
                continue
            verdict = grade(item, Answer(choice=option.id))
            assert not verdict.correct
            assert option.mistake is not None
            assert verdict.feedback[0] == option.mistake
