"""What the felt of a drill shows, checked geometrically over many generated items.

- Chip badges (a bet's stack and its caption) never cover each other, the winning
  number, its dolly, the puck, the dice or a card.
- Every card of a Caribbean Stud hand shows its corner (rank over suit): no card laid
  after it covers that corner.
- The bets drawn, the pay tray and the "fewest chips" advice are one chip set, the
  ruleset's; the instructor's replay draws each bet with the same chips as the drill.
- Progressive items: the jackpot display posts the fixed awards of the request (Art.
  10(3)) and each box that bet the progressive has its chip on its progressive spot.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from decimal import Decimal

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPolygonF
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty, DrillItem, ItemSpec
from dealer_trainer.drills.skills import skills_for
from dealer_trainer.layouts.caribbean_stud import CENTER
from dealer_trainer.layouts.model import JackpotDisplay
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.ui.drills.situation import FeltStage
from dealer_trainer.ui.drills.stage import felt_scene_for, stage
from dealer_trainer.ui.felt.items import CardItem, ChipStackItem, DiceItem
from dealer_trainer.ui.felt.scene import FeltScene

SEEDS = range(40)
GAMES = ("roulette", "craps", "caribbean_stud", "sic_bo")


def _items(game: str, seeds: range = SEEDS) -> Iterator[DrillItem]:
    for skill in skills_for(game):
        for difficulty in Difficulty:
            for seed in seeds:
                try:
                    yield ItemSpec(skill.id, seed, difficulty).make()
                except ValueError:  # a skill that needs a ruleset setting it lacks
                    continue


def _badges(scene: FeltScene) -> list[tuple[ChipStackItem, list[QRectF]]]:
    """Every visible stack with the scene rects of its parts (the stack, its caption)."""
    found = []
    for shown in scene.items():
        if isinstance(shown, ChipStackItem) and shown.isVisible() and shown.chips:
            parts = [shown.sceneBoundingRect()]
            parts += [child.sceneBoundingRect() for child in shown.childItems()]
            found.append((shown, parts))
    return found


def _overlap(a: QRectF, b: QRectF) -> bool:
    inner = a.intersected(b)
    return inner.width() > 0.01 and inner.height() > 0.01


def _read(scene: FeltScene, item: DrillItem) -> list[tuple[str, QRectF]]:
    """What the trainee must read on this item's felt, by name."""
    things: list[tuple[str, QRectF]] = []
    marker = item.situation.get("marker", item.situation.get("previous_number"))
    if isinstance(marker, int):
        spot = scene.felt.spot(f"straight-{marker}").shape.bounds
        things.append((f"winning number {marker}", QRectF(spot.x, spot.y, spot.w, spot.h)))
    for kind, shown in scene.markers.items():
        if shown.number is not None:
            things.append((kind, shown.sceneBoundingRect()))
    for shown in scene.items():
        if isinstance(shown, DiceItem):
            things.append(("dice", shown.sceneBoundingRect()))
        elif isinstance(shown, CardItem):
            things.append((f"card {shown.code}", shown.sceneBoundingRect()))
    if item.game == "caribbean_stud":
        display = scene.felt.fixture(JackpotDisplay)[0].shape
        things.append(("the jackpot display", QRectF(display.x, display.y, display.w, display.h)))
        for spot_id, chip in getattr(scene, "progressive_chips", {}).items():
            things.append((f"the progressive chip on {spot_id}", chip.sceneBoundingRect()))
        things += number_plates(scene)
    return things


def number_plates(scene: FeltScene) -> list[tuple[str, QRectF]]:
    """The plates that number Caribbean Stud's boxes: the dealer names a box by them."""
    plates = []
    for decor in scene.felt.decor:
        if decor.tone == "light" and decor.shape is not None and decor.label is not None:
            box = decor.shape.bounds
            plates.append((f"box {decor.label.en}'s number", QRectF(box.x, box.y, box.w, box.h)))
    return plates


@pytest.mark.parametrize("game", GAMES)
def test_chip_badges_never_cover_each_other_the_winning_number_or_its_marker(
    qtbot: QtBot, game: str
) -> None:
    stage_ = FeltStage()
    checked = 0
    for item in _items(game):
        scene = stage_.stage(item)
        badges = _badges(scene)
        where = f"{item.skill} seed {item.seed} difficulty {int(item.difficulty)}"
        for i, (_, parts) in enumerate(badges):
            for _, other in badges[i + 1 :]:
                assert not any(_overlap(p, q) for p in parts for q in other), where
            for name, rect in _read(scene, item):
                assert not any(_overlap(p, rect) for p in parts), f"{where}: covers {name}"
            view = stage_.focus if stage_.focus is not None else scene.sceneRect()
            assert all(view.contains(p) for p in parts), f"{where}: a badge out of sight"
        checked += len(badges)
    assert checked > 200


def _card_polygon(card: CardItem, rect: QRectF) -> QPolygonF:
    return card.mapToScene(QPolygonF(rect))


def test_caribbean_stud_every_card_of_a_hand_shows_its_rank_and_suit(qtbot: QtBot) -> None:
    stage_ = FeltStage()
    hands = 0
    for item in _items("caribbean_stud", range(25)):
        scene = stage_.stage(item)
        cards = [c for c in scene.items() if isinstance(c, CardItem)]
        # Items are stacked in the order they were laid (equal z): later cards lie on top.
        order = {id(c): n for n, c in enumerate(reversed(scene.items())) if isinstance(c, CardItem)}
        cards.sort(key=lambda c: order[id(c)])
        for n, card in enumerate(cards):
            if card.code is None:
                continue
            face = card.boundingRect().adjusted(1, 1, -1, -1)
            # The corner index as a card prints it: rank above suit, top left.
            corner = QRectF(face.x() + 3, face.y() + 2, face.width() * 0.4, face.height() * 0.42)
            seen = _card_polygon(card, corner)
            for later in cards[n + 1 :]:
                cover = _card_polygon(later, later.boundingRect().adjusted(1, 1, -1, -1))
                shared = seen.intersected(cover)
                assert shared.isEmpty() or _area(shared) < 1.0, (
                    f"{item.skill} seed {item.seed}: {later.code} covers the corner of {card.code}"
                )
        hands += sum(1 for owner in item.situation.get("cards", {}) if owner != "dealer")
    assert hands > 50


def _area(polygon: QPolygonF) -> float:
    points = [polygon.at(i) for i in range(polygon.count())]
    return (
        abs(
            sum(
                a.x() * b.y() - b.x() * a.y()
                for a, b in zip(points, points[1:] + points[:1], strict=True)
            )
        )
        / 2
    )


def test_caribbean_art10_3_display_posts_the_fixed_awards_and_boxes_show_progressive_chips(
    qtbot: QtBot,
) -> None:
    stage_ = FeltStage()
    for difficulty in Difficulty:
        for seed in range(10):
            item = ItemSpec("caribbean_stud.progressive", seed, difficulty).make()
            scene = stage_.stage(item)
            request = item.situation["request"]
            posted = scene.jackpot_awards
            for hand, amount in request["progressive"]["fixed"].items():
                assert posted[hand] == f"HK$ {Decimal(amount):,.0f}", hand
            assert scene.jackpot_text == f"HK$ {Decimal(item.situation['pool']):,.2f}"
            bet = {f"box-{b['box']}-progressive" for b in request["boxes"] if b["progressive"]}
            chips = scene.progressive_chips
            assert set(chips) == bet
            for spot_id, chip in chips.items():
                spot = scene.felt.spot(spot_id)
                assert spot.shape.contains(chip.pos().x(), chip.pos().y())
                # Art. 2: the progressive spot is the box's spot nearest the dealer.
                ante = scene.felt.spot(spot_id.replace("progressive", "ante")).center
                assert math.dist(spot.center, CENTER) < math.dist(ante, CENTER)


def _amount_items() -> Iterator[DrillItem]:
    for game in GAMES:
        for item in _items(game, range(25)):
            if item.expected.denominations:
                yield item


def _fewest(amount: Decimal, tray: tuple[Decimal, ...]) -> int | None:
    """Fewest chips making ``amount`` from ``tray``: a plain search, not the drills' own."""
    cents = int(amount * 100)
    values = [int(d * 100) for d in tray]
    unit = math.gcd(*values)
    if cents % unit:
        return None
    target, coins = cents // unit, [v // unit for v in values]
    best = [0] + [None] * target
    for total in range(1, target + 1):
        options = [best[total - c] for c in coins if c <= total and best[total - c] is not None]
        best[total] = min(options) + 1 if options else None  # type: ignore[operator]
    return best[target]


def test_one_chip_set_for_the_bets_drawn_the_pay_tray_and_the_fewest_chips(qtbot: QtBot) -> None:
    stage_ = FeltStage()
    checked = 0
    for item in _amount_items():
        ruleset = get_ruleset(item.ruleset)
        assert ruleset.chips is not None
        house = set(ruleset.chips.denominations)
        tray = item.expected.denominations
        where = f"{item.skill} seed {item.seed} difficulty {int(item.difficulty)}"
        assert set(tray) <= house, where
        level = ruleset.chips.level(item.difficulty.name.lower())
        assert set(level) <= set(tray), where
        scene = stage_.stage(item)
        assert {d.value for d in scene.chips.chip_set.denominations} == house
        for badge, _ in _badges(scene):
            for chip in badge.chips:
                assert chip in house, where
            stake = sum(badge.chips, Decimal(0))
            if _fewest(stake, level) is not None:  # the level's float makes it: drawn in it
                assert set(badge.chips) <= set(tray), f"{where}: {badge.chips} not in {tray}"
        advice = item.expected.fewest_chips
        assert item.expected.amount is not None
        if advice:
            assert set(advice) <= set(tray), where
            assert sum(d * n for d, n in advice.items()) == item.expected.amount, where
            assert sum(advice.values()) == _fewest(item.expected.amount, tray), where
        checked += 1
    assert checked > 300


def test_instructor_replay_draws_each_bet_with_the_drills_chips(qtbot: QtBot) -> None:
    stage_ = FeltStage()
    compared = 0
    for item in _amount_items():
        drill = stage_.stage(item)
        whole = json.loads(json.dumps(item.to_json(), default=str))  # as storage keeps it
        # The whole item (re-created and drawn by the drills' stage) and, as an item this
        # version no longer makes would be, the request alone.
        for stored in (whole, {"difficulty": whole["difficulty"], "situation": whole["situation"]}):
            replay = felt_scene_for(stored, item.ruleset)
            assert replay is not None
            assert stage(replay, stored) == []
            spots = [bet.spot_id for bet in stage_.bets]
            for spot_id in drill.chips.occupied():
                if spots.count(spot_id) != 1:
                    continue  # the request-alone replay stacks several bets on one spot together
                assert replay.chips.chips(spot_id) == drill.chips.chips(spot_id), item.skill
                for value in drill.chips.chips(spot_id):
                    assert replay.chips.chip_set.get(value) == drill.chips.chip_set.get(value)
                compared += 1
            replay.deleteLater()
    assert compared > 300
