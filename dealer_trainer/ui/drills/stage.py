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

from dealer_trainer.drills import Difficulty, DrillItem, ItemSpec
from dealer_trainer.drills.chips import bet_stack
from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.chips import TableChips, house_chips
from dealer_trainer.rules.caribbean_stud.table import RAISE_MULTIPLE
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import (
    SHIPPED,
    Ruleset,
    RulesetRegistry,
    default_ruleset,
    resolve_ruleset,
)
from dealer_trainer.rules.text import fill
from dealer_trainer.storage.records import json_ready
from dealer_trainer.ui.drills.situation import FeltStage, craps_bets
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.kit.language import text_in_language


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
            (Game.ROULETTE.value, Game.ROULETTE),  # roulette-2003
            (Game.CRAPS.value, Game.CRAPS),  # craps-1985, craps-2010
            ("caribbean", Game.CARIBBEAN_STUD),
            ("sic-bo", Game.SIC_BO),
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


class _Table:
    """What every bet of one replayed situation is drawn with: its ruleset and drill level."""

    def __init__(self, situation: object, game: str, rulesets: RulesetRegistry) -> None:
        whole = situation if isinstance(situation, Mapping) else {}
        level = whole.get("difficulty")
        #: The drill level that made the item, when stored (the chips of its float), else none.
        self.difficulty: int | None = level if level in (1, 2, 3) else None
        found = request_of(situation)
        spec = found["request"].get("ruleset") if found is not None else None
        try:
            self.ruleset: Ruleset = resolve_ruleset(game, spec, rulesets)
        except RulesError:
            self.ruleset = default_ruleset(game)


def _named(game: str, bet: Mapping[str, Any]) -> str:
    """A bet's name from its kind and numbers (the glossary's), for a bet the felt has no
    spot for."""
    from dealer_trainer.drills.bet_names import request_bet_name  # noqa: PLC0415 (only then)

    try:
        return text_in_language(request_bet_name(game, bet))
    except (KeyError, TypeError, ValueError):
        return QCoreApplication.translate("stage", "a bet of a kind this version does not know")


def _put(
    scene: FeltScene,
    table: _Table,
    spot_id: str,
    value: object,
    missing: list[str],
    label: str,
) -> None:
    amount = _amount(value)
    if amount is None:
        return
    if spot_id not in scene.felt:
        missing.append(
            fill(
                QCoreApplication.translate("stage", "%1 (%2) is not on this felt"),
                label,
                f"{amount:.2f}",
            )
        )
        return
    # The same chips as the trainee's drill drew, from the same set.
    chips = bet_stack(amount, table.ruleset, table.difficulty)
    if not chips:
        missing.append(
            fill(
                QCoreApplication.translate("stage", "%1: %2 cannot be made with the table's chips"),
                label,
                f"{amount:.2f}",
            )
        )
        return
    scene.place_chips(spot_id, chips)


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
    situation: object,
    ruleset_id: str | None,
    parent: QObject | None = None,
    rulesets: RulesetRegistry = SHIPPED,
) -> FeltScene | None:
    """A new scene of the situation's game (its ruleset's print when known in ``rulesets``),
    owned by ``parent``."""
    game = game_of(situation)
    if game is None:
        return None
    ruleset = None
    if ruleset_id:
        try:
            ruleset = rulesets.get(ruleset_id)
        except RulesError:
            ruleset = None
    felt = felt_for(game, ruleset)
    chips = house_chips(ruleset or _Table(situation, game, rulesets).ruleset)
    return FeltScene(felt, TableChips(felt.spot_ids, chips), parent)


def _remade(situation: object, rulesets: RulesetRegistry) -> DrillItem | None:
    """The drill item a whole stored item (skill, seed, difficulty, ruleset) re-creates, if its
    situation is the stored one (this version makes the same item from the same seed)."""
    found = request_of(situation)
    if not isinstance(situation, Mapping) or found is None:
        return None
    try:
        spec = ItemSpec(
            str(situation["skill"]),
            int(situation["seed"]),
            Difficulty(situation["difficulty"]),
            str(situation["ruleset"]),
        )
        item = spec.make(rulesets)
        same = json_ready(item.situation, "situation") == json_ready(found, "situation")
    except (KeyError, TypeError, ValueError, RulesError):
        return None
    return item if same else None


def stage(scene: FeltScene, situation: object, rulesets: RulesetRegistry = SHIPPED) -> list[str]:
    """Draw ``situation`` on ``scene``; return sentences for what could not be drawn (its
    ruleset looked up in ``rulesets``: a house ruleset's version needs the app's).

    A whole stored item that this version re-creates is drawn by the drills' own
    :class:`FeltStage`, exactly as the trainee saw it (chips, badges laid out, cards
    fanned, the jackpot display); any other is drawn from its request here.
    """
    found = request_of(situation)
    if found is None:
        return [QCoreApplication.translate("stage", "The recorded situation has no table to draw.")]
    item = _remade(situation, rulesets)
    if item is not None and item.game == scene.felt.game:
        FeltStage(scene, rulesets).stage(item, scene)
        return []
    request = found["request"]
    missing: list[str] = []
    game = game_of(situation)
    if game is None:
        return [QCoreApplication.translate("stage", "The recorded situation has no table to draw.")]
    table = _Table(situation, game, rulesets)
    if game in (Game.ROULETTE, Game.SIC_BO):
        spots = found.get("spots") or {}
        for bet in request.get("bets") or []:
            spot = spots.get(bet.get("id")) if isinstance(spots, Mapping) else None
            _put(
                scene,
                table,
                str(spot or bet.get("kind")),
                bet.get("amount"),
                missing,
                _named(game, bet),
            )
        number = found.get("marker", (request.get("outcome") or {}).get("number"))
        if isinstance(number, int) and "dolly" in scene.markers:
            scene.set_marker("dolly", number)
        dice = (request.get("outcome") or {}).get("dice")
        faces = tuple(dice) if isinstance(dice, list) and len(dice) == 3 else ()
        if game == Game.SIC_BO and faces and all(isinstance(d, int) and 1 <= d <= 6 for d in faces):
            from dealer_trainer.layouts.sic_bo import DICE_AT  # noqa: PLC0415 (Sic Bo only)

            scene.show_roll(faces, at=DICE_AT)
    elif game == Game.CRAPS:
        dice = found.get("dice")
        named = {
            str(event["bet"].get("id")): _named(game, event["bet"])
            for event in request.get("events") or []
            if isinstance(event, Mapping) and isinstance(event.get("bet"), Mapping)
        }
        try:  # as the drill drew it: the hand replayed by the rules core up to the throw asked
            _, placed = craps_bets(request, table.ruleset, before_last_roll=bool(dice))
        except (RulesError, KeyError, TypeError, ValueError):
            placed = None  # a request this version cannot replay: each bet where it was made
        if placed is not None:
            for bet_id, spot, amount in placed:
                _put(scene, table, spot, amount, missing, named.get(str(bet_id), _named(game, {})))
        else:
            spots_of: dict[str, str] = {}
            for event in request.get("events") or []:
                bet = event.get("bet") if isinstance(event, Mapping) else None
                if isinstance(bet, Mapping):
                    spot = _craps_spot(bet, spots_of)
                    spots_of[str(bet.get("id"))] = spot
                    _put(scene, table, spot, bet.get("amount"), missing, _named(game, bet))
        point = found.get("point")
        if "puck" in scene.markers:
            scene.set_marker("puck", point if isinstance(point, int) else None)
        if isinstance(dice, list) and dice and all(isinstance(d, int) for d in dice):
            scene.show_roll(tuple(dice))
    elif game == Game.CARIBBEAN_STUD:
        progressive: list[str] = []
        for box in request.get("boxes") or []:
            if not isinstance(box, Mapping):
                continue
            number = box.get("box")
            stakes = {"ante": box.get("ante"), "raise": box.get("raise")}
            ante = _amount(stakes["ante"])
            if box.get("decision") == "raise" and stakes["raise"] is None and ante is not None:
                stakes["raise"] = RAISE_MULTIPLE * ante  # Art. 6(6): exactly twice the ante
            for part, value in stakes.items():
                if value is not None and not isinstance(value, bool):
                    label = _named(game, {"kind": part, "box": number})
                    _put(scene, table, f"box-{number}-{part}", value, missing, label)
            if box.get("progressive") is True and f"box-{number}-progressive" in scene.felt:
                progressive.append(f"box-{number}-progressive")  # Art. 2: nearest the dealer
        scene.mark_progressive(progressive)
        cards = found.get("cards")
        if isinstance(cards, Mapping):
            for owner, hand in cards.items():
                if isinstance(hand, list):
                    scene.deal(str(owner), [c if isinstance(c, str) else None for c in hand])
        pool = _amount(found.get("pool"))
        if pool is not None:
            posted = request.get("progressive")
            fixed = posted.get("fixed") if isinstance(posted, Mapping) else None
            awards = {
                str(hand): award
                for hand, raw in (fixed.items() if isinstance(fixed, Mapping) else ())
                if (award := _amount(raw)) is not None
            }
            scene.set_jackpot(pool, awards=awards)
    return missing
