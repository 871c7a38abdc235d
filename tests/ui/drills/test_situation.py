"""The situation on the felt: chips on their spots, the dolly, the puck, the dice, the cards."""

from __future__ import annotations

from decimal import Decimal

from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty, ItemSpec
from dealer_trainer.rules.craps.api import replay
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.ui.drills.situation import DICE_SCALE, FeltStage
from dealer_trainer.ui.felt.items import ChipStackItem, DiceItem


def test_roulette_stakes_on_their_spots_and_the_dolly_on_the_winning_number(
    qtbot: QtBot,
) -> None:
    stage = FeltStage()
    item = ItemSpec("roulette.picture_bets", 31, Difficulty.INTERMEDIATE).make()
    scene = stage.stage(item)
    bets = item.situation["request"]["bets"]
    for bet in bets:
        spot = item.situation["spots"][bet["id"]]
        assert scene.chips.amount(spot) == Decimal(bet["amount"])
    assert [b.bet_id for b in stage.bets] == [b["id"] for b in bets]
    dolly = scene.markers["dolly"]
    marker = scene.felt.fixtures[[type(f).__name__ for f in scene.felt.fixtures].index("Marker")]
    x, y = marker.positions[item.situation["marker"]]  # type: ignore[union-attr]
    assert (round(dolly.pos().x(), 3), round(dolly.pos().y(), 3)) == (round(x, 3), round(y, 3))
    assert stage.focus is not None  # the betting layout, without the wheel


def test_restaging_clears_the_previous_item(qtbot: QtBot) -> None:
    stage = FeltStage()
    first = stage.stage(ItemSpec("roulette.zero_rule", 1, Difficulty.ADVANCED).make())
    assert first.chips.total() > 0
    rulings = stage.stage(ItemSpec("roulette.rulings", 1, Difficulty.ADVANCED).make())
    assert rulings is first and first.chips.total() == 0 and stage.bets == []
    assert stage.focus is None


def test_craps_art2_3_come_bet_sits_on_its_come_point_and_the_puck_on_the_point(
    qtbot: QtBot,
) -> None:
    stage = FeltStage()
    ruleset = get_ruleset("craps-1985")
    for seed in range(40):
        item = ItemSpec("craps.line_bets", seed, Difficulty.INTERMEDIATE).make()
        events = item.situation["request"]["events"]
        last_roll = max(i for i, e in enumerate(events) if "roll" in e)
        before = replay({**item.situation["request"], "events": events[:last_roll]}, ruleset)
        moved = [s for s in before.bets if s.is_open and str(s.kind) == "come" and s.point]
        if moved:
            break
    else:
        raise AssertionError("no line-bets item with a come bet on its point in 40 seeds")
    scene = stage.stage(item)
    come = moved[0]
    assert scene.chips.amount(f"come-{come.point}") >= come.bet.amount
    puck = scene.markers["puck"]
    assert puck.number == before.point
    assert scene.roll == tuple(events[last_roll]["roll"])
    dice = [i for i in scene.items() if isinstance(i, DiceItem)]
    assert len(dice) == 1 and dice[0].scale() == DICE_SCALE


def test_craps_several_bets_on_one_spot_each_get_their_own_stack(qtbot: QtBot) -> None:
    stage = FeltStage()
    for seed in range(40):
        item = ItemSpec("craps.field", seed, Difficulty.ADVANCED).make()
        scene = stage.stage(item)
        if len([b for b in stage.bets if b.spot_id == "field"]) >= 2:
            break
    field = [b for b in stage.bets if b.spot_id == "field"]
    assert len(field) >= 2
    assert scene.chips.amount("field") == field[0].amount
    extra = [
        i
        for i in scene.items()
        if isinstance(i, ChipStackItem) and i not in scene.stack_items.values()
    ]
    assert sorted(sum(i.chips) for i in extra) == sorted(b.amount for b in field[1:])


def test_caribbean_stud_art10_cards_face_up_antes_raises_and_the_pool(qtbot: QtBot) -> None:
    stage = FeltStage()
    item = ItemSpec("caribbean_stud.progressive", 3, Difficulty.INTERMEDIATE).make()
    scene = stage.stage(item)
    assert scene.jackpot_text == f"HK$ {Decimal(item.situation['pool']):,.2f}"
    for box in item.situation["request"]["boxes"]:
        ante = Decimal(box["ante"])
        assert scene.chips.amount(f"box-{box['box']}-ante") == ante
        if box["decision"] == "raise":
            assert scene.chips.amount(f"box-{box['box']}-raise") == 2 * ante  # Art. 6(4)
    cards = sum(len(codes) for codes in item.situation["cards"].values())
    assert len(scene._cards) == cards
