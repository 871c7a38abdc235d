"""Re-draw a recorded item's table situation on its felt: chips, dolly, puck, dice, cards.

The situation stored with every answer holds the rules-CLI request
(``situation["request"]``) plus what the drill showed: the spot of each bet
(``spots``), the winning number (``marker``), the point and dice (craps), the
cards and the progressive pool (Caribbean Stud). ``stage`` puts all of it on a
fresh :class:`FeltScene` and returns what could not be drawn, so the
drill-down can still list it in words.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject

from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.chips import DEFAULT_CHIPS, ChipSet, Denomination, TableChips
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.ui.felt.scene import FeltScene

#: The table's chips plus the small ones drills use for stakes (1, 5, 25), so every whole
#: stake shows as a stack.
STAGE_CHIPS = ChipSet(
    DEFAULT_CHIPS.currency,
    tuple(
        sorted(
            (
                *DEFAULT_CHIPS.denominations,
                Denomination(Decimal(1), "#eceff1", "#546e7a", "#263238"),
                Denomination(Decimal(5), "#c62828", "#ffffff"),
                Denomination(Decimal(25), "#2e7d32", "#ffffff"),
            ),
            key=lambda d: d.value,
        )
    ),
)


def request_of(situation: object) -> Mapping[str, Any] | None:
    """The rules request inside a stored situation (also inside a whole stored item)."""
    if not isinstance(situation, Mapping):
        return None
    if isinstance(situation.get("request"), Mapping):
        return situation
    inner = situation.get("situation")
    if isinstance(inner, Mapping) and isinstance(inner.get("request"), Mapping):
        return inner
    return None


def game_of(situation: object) -> str | None:
    found = request_of(situation)
    if found is None:
        return None
    game = found["request"].get("game")
    if isinstance(game, str):
        return game
    ruleset = found["request"].get("ruleset")
    ruleset_id = ruleset.get("id") if isinstance(ruleset, Mapping) else ruleset
    if isinstance(ruleset_id, str):
        for prefix, name in (
            ("roulette", "roulette"),
            ("craps", "craps"),
            ("caribbean", "caribbean_stud"),
        ):
            if ruleset_id.startswith(prefix):
                return name
    return None


def _amount(value: object) -> Decimal | None:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return amount if amount.is_finite() and amount > 0 else None


def _named(bet: Mapping[str, Any]) -> str:
    """A bet's name from its kind and numbers, for a bet the felt has no spot for."""
    from dealer_trainer.ui.bet_names import BET_NAMES  # noqa: PLC0415 (only then)

    kind = str(bet.get("kind"))
    numbers = bet.get("numbers")
    shown = (
        "-".join(str(n) for n in numbers)
        if isinstance(numbers, list)
        else str(bet.get("box", bet.get("number", bet.get("index", ""))))
    )
    template = BET_NAMES.get(kind)
    if template is None:
        return QCoreApplication.translate("stage", "a bet of a kind this version does not know")
    return QCoreApplication.translate("bets", template).replace("%1", shown).strip()


def _put(scene: FeltScene, spot_id: str, value: object, missing: list[str], label: str) -> None:
    amount = _amount(value)
    if amount is None:
        return
    if spot_id not in scene.felt:
        missing.append(
            QCoreApplication.translate("stage", "%1 (%2) is not on this felt")
            .replace("%1", label)
            .replace("%2", f"{amount:.2f}")
        )
        return
    try:
        chips = scene.chips.chip_set.breakdown(amount)
    except ValueError:
        missing.append(
            QCoreApplication.translate("stage", "%1: %2 cannot be made with the table's chips")
            .replace("%1", label)
            .replace("%2", f"{amount:.2f}")
        )
        return
    for chip in chips:
        scene.place_chip(spot_id, chip)


def _craps_spot(bet: Mapping[str, Any], spots_of: Mapping[str, str]) -> str:
    kind = str(bet.get("kind"))
    number = bet.get("number")
    if kind == "odds":
        return f"{spots_of.get(str(bet.get('on')), 'pass')}-odds"
    if kind in ("come", "dont_come") and number is not None:
        return f"{kind}-{number}"
    if kind in ("hard", "big") and number is not None:
        return f"{kind}-{number}"
    return kind


def felt_scene_for(
    situation: object, ruleset_id: str | None, parent: QObject | None = None
) -> FeltScene | None:
    """A new scene of the situation's game (its ruleset's print when known), owned by ``parent``."""
    game = game_of(situation)
    if game is None:
        return None
    ruleset = None
    if ruleset_id:
        try:
            ruleset = get_ruleset(ruleset_id)
        except RulesError:
            ruleset = None
    felt = felt_for(game, ruleset)
    return FeltScene(felt, TableChips(felt.spot_ids, STAGE_CHIPS), parent)


def stage(scene: FeltScene, situation: object) -> list[str]:
    """Draw ``situation`` on ``scene``; return sentences for what could not be drawn."""
    found = request_of(situation)
    if found is None:
        return [QCoreApplication.translate("stage", "The recorded situation has no table to draw.")]
    request = found["request"]
    missing: list[str] = []
    game = game_of(situation)
    if game == "roulette":
        spots = found.get("spots") or {}
        for bet in request.get("bets") or []:
            spot = spots.get(bet.get("id")) if isinstance(spots, Mapping) else None
            _put(
                scene,
                str(spot or bet.get("kind")),
                bet.get("amount"),
                missing,
                _named(bet),
            )
        number = found.get("marker", (request.get("outcome") or {}).get("number"))
        if isinstance(number, int) and "dolly" in scene.markers:
            scene.set_marker("dolly", number)
    elif game == "craps":
        spots_of: dict[str, str] = {}
        for event in request.get("events") or []:
            bet = event.get("bet") if isinstance(event, Mapping) else None
            if isinstance(bet, Mapping):
                spot = _craps_spot(bet, spots_of)
                spots_of[str(bet.get("id"))] = spot
                _put(scene, spot, bet.get("amount"), missing, _named(bet))
        point = found.get("point")
        if "puck" in scene.markers:
            scene.set_marker("puck", point if isinstance(point, int) else None)
        dice = found.get("dice")
        if isinstance(dice, list) and dice and all(isinstance(d, int) for d in dice):
            scene.show_roll(tuple(dice))
    elif game == "caribbean_stud":
        for box in request.get("boxes") or []:
            if not isinstance(box, Mapping):
                continue
            number = box.get("box")
            for part in ("ante", "raise", "progressive"):
                if part in box and not isinstance(box[part], bool):
                    named = _named({"kind": part, "box": number})
                    _put(scene, f"box-{number}-{part}", box[part], missing, named)
        cards = found.get("cards")
        if isinstance(cards, Mapping):
            for owner, hand in cards.items():
                if isinstance(hand, list):
                    scene.deal(str(owner), [c if isinstance(c, str) else None for c in hand])
        pool = _amount(found.get("pool"))
        if pool is not None:
            scene.set_jackpot(pool)
    return missing
