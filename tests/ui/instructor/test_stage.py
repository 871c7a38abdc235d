"""Issue 6, drill-down: every skill's recorded situation is re-drawn on its felt, whole."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from dealer_trainer.drills import Difficulty, ItemSpec, all_skills
from dealer_trainer.ui.drills.stage import felt_scene_for, game_of, stage
from dealer_trainer.ui.felt.items import ChipStackItem
from dealer_trainer.ui.felt.scene import FeltScene


def staked(situation: dict[str, Any]) -> Decimal:
    """Every amount the request puts on the table."""
    request = situation["request"]
    total = Decimal(0)
    for bet in request.get("bets") or []:
        total += Decimal(bet["amount"])
    for event in request.get("events") or []:
        if "bet" in event:
            total += Decimal(event["bet"]["amount"])
    for box in request.get("boxes") or []:
        for part in ("ante", "raise", "progressive"):
            if part in box and not isinstance(box[part], bool):
                total += Decimal(str(box[part]))
        if box.get("decision") == "raise" and "raise" not in box:
            total += 2 * Decimal(str(box["ante"]))  # Art. 6(6): the raise is twice the ante
    return total


def drawn(scene: FeltScene) -> Decimal:
    """Every chip on the felt: each bet's stack (a second bet on a spot has its own)."""
    return sum(
        (sum(i.chips, Decimal(0)) for i in scene.items() if isinstance(i, ChipStackItem)),
        Decimal(0),
    )


@pytest.mark.parametrize("skill", sorted(all_skills()))
def test_every_skills_situation_is_drawn_with_all_its_stakes(
    qapp: QApplication, skill: str
) -> None:
    for seed in range(4):
        for difficulty in Difficulty:
            item = ItemSpec(skill, seed, difficulty).make()
            # What the drill screen records (the whole item, re-created and drawn by the
            # drills' own stage), and a situation alone (drawn from its request).
            for stored in (item.to_json(), item.situation):
                scene = felt_scene_for(stored, item.ruleset)
                assert scene is not None and scene.felt.game == game_of(stored) == item.game
                assert stage(scene, stored) == []
                assert drawn(scene) == staked(item.situation)
                scene.deleteLater()
            scene = felt_scene_for(item.to_json(), item.ruleset)
            assert scene is not None
            stage(scene, item.to_json())
            situation = item.situation
            if "marker" in situation:
                assert scene.markers["dolly"].isVisible()
            if isinstance(situation.get("dice"), list) and all(
                isinstance(d, int) for d in situation["dice"]
            ):
                assert scene.roll == tuple(situation["dice"])
            if "cards" in situation:
                assert len(scene._cards) == sum(len(h) for h in situation["cards"].values())
            scene.deleteLater()


def test_a_situation_without_a_table_says_so(qapp: QApplication) -> None:
    assert felt_scene_for({"note": "no request"}, None) is None
    item = ItemSpec("roulette.straight_up", 1, Difficulty.BEGINNER).make()
    scene = felt_scene_for(item.to_json(), item.ruleset)
    assert scene is not None
    assert stage(scene, {"note": "no request"}) == ["The recorded situation has no table to draw."]


def test_a_stake_with_cents_is_drawn_in_the_chips_the_drill_draws_it_in(
    qapp: QApplication,
) -> None:
    from dealer_trainer.drills.chips import bet_stack
    from dealer_trainer.rules.rulesets import get_ruleset

    item = ItemSpec("roulette.straight_up", 1, Difficulty.BEGINNER).make()
    situation = dict(item.situation)
    request = dict(situation["request"])
    request["bets"] = [dict(request["bets"][0], amount="12.50")]
    situation["request"] = request  # a situation alone: drawn from its request
    scene = felt_scene_for(situation, item.ruleset)
    assert scene is not None
    assert stage(scene, situation) == []
    chips = bet_stack(Decimal("12.50"), get_ruleset(item.ruleset), None)
    assert chips and sum(chips) == 12
    assert [list(i.chips) for i in scene.items() if isinstance(i, ChipStackItem)] == [chips]
    scene.deleteLater()
