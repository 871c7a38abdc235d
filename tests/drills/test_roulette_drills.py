"""Roulette drill items: the situations they draw and the answers they expect."""

from decimal import Decimal

from dealer_trainer.drills import Answer, Difficulty, DrillItem, grade
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


def _kinds(item: DrillItem) -> dict[str, str]:
    return {b["id"]: b["kind"] for b in item.situation["request"]["bets"]}


def _reordered(item: DrillItem, middle: tuple[str, ...]) -> tuple[str, ...]:
    """The expected order with its winning six-lines, streets and corners in kind order
    ``middle`` (each kind's bets kept together; the first group is the losers collected)."""
    kinds = _kinds(item)
    flat = [b for group in item.expected.order for b in group]
    collected = len(item.expected.order[0])
    moved = [b for b in flat[collected:] if kinds[b] in middle]
    start = flat.index(moved[0])
    rest = [b for b in flat if b not in moved]
    ordered = sorted(moved, key=lambda b: middle.index(kinds[b]))
    return (*rest[:start], *ordered, *rest[start:])


def test_roulette_art5_1_pay_order_item_accepts_either_text_and_says_which() -> None:
    seen = set()
    for seed in range(300):
        item = ItemSpec("roulette.pay_order", seed, Difficulty.ADVANCED).make()
        won = {_kinds(item)[b] for group in item.expected.order[1:] for b in group}
        if not {"line", "street", "corner"} <= won:
            continue
        for middle, text in (
            (("line", "street", "corner"), "Portuguese text"),
            (("line", "corner", "street"), "Chinese text"),
            (("corner", "line", "street"), "Chinese text"),
        ):
            verdict = grade(item, Answer(order=_reordered(item, middle)))
            assert verdict.correct, (seed, middle)
            assert text in verdict.notes[0].english()
        wrong = grade(item, Answer(order=_reordered(item, ("street", "line", "corner"))))
        assert not wrong.correct
        assert "must be paid before" in wrong.feedback[0].english()
        assert any("Interpretation" in t.english() for t in item.rests_on)
        seen.add(seed)
        if len(seen) >= 5:
            return
    raise AssertionError("too few seeds produced winning six-lines, streets and corners")


def test_roulette_art5_1_order_feedback_names_bets_never_ids() -> None:
    item = ItemSpec("roulette.pay_order", 5, Difficulty.ADVANCED).make()
    given = tuple(reversed([b for group in item.expected.order for b in group]))
    verdict = grade(item, Answer(order=given))
    said = " ".join(t.english() for t in verdict.feedback)
    assert "'" not in said
    assert "you paid Straight-up 17 — 360 first" in said
    for bet in item.situation["request"]["bets"]:
        assert f" {bet['id']} " not in f" {said} "


def test_roulette_art2_2_golpe_nulo_after_zero_puts_the_ball_in_zero() -> None:
    item = ItemSpec("roulette.rulings", 316, Difficulty.BEGINNER).make()
    assert item.situation["previous_number"] == 0
    labels = {o.id: o.label.english() for o in item.expected.options}
    assert "place the ball in 0" in labels[str(item.expected.choice)]
    wrong = [label for key, label in labels.items() if key != item.expected.choice]
    assert not any("in 0" in label for label in wrong)
    assert any("previous winning number was 0" in t.english() for t in item.rests_on)


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
