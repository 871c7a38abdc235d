"""A recorded answer in words, as the trainee saw the question: never an internal id.

A stored answer keeps ids: the bets of a pay-order question (``"a"``, ``"b3"``), the
options of a choice (``"right"``, ``"accept_half"``). The instructor reads them by
name, as the drill feedback names them: a bet by its name on the felt and its stake
("Dozen 2 — 20", from the stored situation and ``ui.kit.bet_names``), an option by its
text (from the item re-made from its seed, or from the option texts stored with the
answer since issue 12). What no longer has a name says so in words.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills import DrillItem, Text
from dealer_trainer.layouts import Felt, felt_for
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, Ruleset, RulesetRegistry, resolve_ruleset
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import StoredAnswer
from dealer_trainer.ui.drills.stage import game_of, request_of
from dealer_trainer.ui.kit.bet_names import bet_name
from dealer_trainer.ui.kit.rendering import format_money, join_names, render


def _drills(text: str) -> str:
    return QCoreApplication.translate("drills", text)


@dataclass(frozen=True)
class AnswerWords:
    """The trainee's answer and the right one, each as one line a person reads."""

    given: str
    expected: str
    #: The right order one step a line (pay-order questions), for the drill-down.
    expected_steps: tuple[str, ...] = ()


def _amount(value: object) -> Decimal | None:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None
    return amount if amount.is_finite() else None


def _ruleset(
    game: str, request: Mapping[str, Any], ruleset_id: str, rulesets: RulesetRegistry
) -> Ruleset | None:
    try:
        if game == Game.ROULETTE and isinstance(request.get("ruleset"), Mapping):
            return resolve_ruleset(Game.ROULETTE, request["ruleset"], rulesets)
        return rulesets.get(ruleset_id)
    except (RulesError, KeyError, ValueError):
        return None


def _label(name: str, amount: Decimal | None) -> str:
    if amount is None:
        return name
    return fill(_drills("%1 — %2"), name, format_money(amount))


#: Felts already laid out, by what they are drawn from: a CSV of a cohort names the bets
#: of thousands of answers, and laying a felt out again for each took 85 % of its time.
_FELTS: dict[tuple[str, str | None, int | None, str], Felt] = {}


def _felt(game: str, ruleset: Ruleset | None) -> Felt:
    """``felt_for(game, ruleset)``, laid out once per game and ruleset (its settings too:
    a roulette felt follows its wheel order and nine-number definition)."""
    key: tuple[str, str | None, int | None, str]
    if ruleset is None:
        key = (game, None, None, "")
    else:
        settings = json.dumps(ruleset.values, sort_keys=True, default=str)
        key = (game, ruleset.id, ruleset.version, settings)
    if key not in _FELTS:
        if len(_FELTS) >= 64:
            _FELTS.clear()
        _FELTS[key] = felt_for(game, ruleset)
    return _FELTS[key]


def bet_labels(
    situation: object, ruleset_id: str, rulesets: RulesetRegistry = SHIPPED
) -> dict[str, str]:
    """Each bet of a stored situation by the name the drill showed it under, with its stake
    (its ruleset looked up in ``rulesets``: a house ruleset's version needs the app's)."""
    found = request_of(situation)
    game = game_of(situation)
    if found is None or game is None:
        return {}
    request = found["request"]
    ruleset = _ruleset(game, request, ruleset_id, rulesets)
    try:
        felt = _felt(game, ruleset)
    except (RulesError, KeyError, ValueError):
        return {}
    placed: list[tuple[str, str, Decimal | None]] = []  # bet id, spot id, stake
    if game in (Game.ROULETTE, Game.SIC_BO):
        spots = found.get("spots") or {}
        for bet in request.get("bets") or []:
            if isinstance(bet, Mapping) and isinstance(spots, Mapping):
                spot = spots.get(bet.get("id"))
                placed.append((str(bet.get("id")), str(spot), _amount(bet.get("amount"))))
    elif game == Game.CRAPS and ruleset is not None and "events" in request:
        from dealer_trainer.ui.drills.situation import craps_bets  # noqa: PLC0415 (craps only)

        try:
            _point, bets = craps_bets(
                request, ruleset, before_last_roll=found.get("dice") is not None
            )
        except (RulesError, KeyError, ValueError, TypeError):
            bets = []
        placed = [(bet_id, spot, amount) for bet_id, spot, amount in bets]
    elif game == Game.CARIBBEAN_STUD:
        for box in request.get("boxes") or []:
            if isinstance(box, Mapping) and "box" in box:
                number = box["box"]
                placed.append((f"box-{number}", f"box-{number}-ante", _amount(box.get("ante"))))
                if box.get("decision") == "raise":
                    raised = _amount(box.get("raise"))
                    placed.append((f"box-{number}-raise", f"box-{number}-raise", raised))
    labels = {}
    for bet_id, spot_id, amount in placed:
        if spot_id in felt:
            labels[bet_id] = _label(bet_name(felt.spot(spot_id), felt), amount)
    return labels


def _text_of(data: object) -> Text | None:
    """A sentence stored as ``Text.to_json()`` (its amounts come back as written)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("source"), str):
        return None
    params: dict[str, Any] = {}
    for key, value in (data.get("params") or {}).items():
        nested = _text_of(value)
        params[key] = nested if nested is not None else value
    return Text(data["source"], params)


def option_texts(answer: StoredAnswer, item: DrillItem | None) -> dict[str, str]:
    """The options of a choice question by id: the re-made item's, else the stored ones."""
    if item is not None and item.expected.options:
        return {o.id: render(o.label) for o in item.expected.options}
    situation = answer.record.situation
    stored = situation.get("options") if isinstance(situation, Mapping) else None
    texts: dict[str, str] = {}
    for option in stored if isinstance(stored, Sequence) else []:
        if isinstance(option, Mapping):
            label = _text_of(option.get("label"))
            if label is not None:
                texts[str(option.get("id"))] = render(label)
    return texts


def _bet(bet_id: object, names: Mapping[str, str]) -> str:
    return names.get(str(bet_id)) or QCoreApplication.translate(
        "AnswerWords", "a bet that is not on the recorded table"
    )


def _group(group: object, names: Mapping[str, str]) -> str:
    if not isinstance(group, list):
        return _bet(group, names)
    bets = join_names([_bet(b, names) for b in group])
    return bets if len(group) == 1 else fill(_drills("%1 (in any order)"), bets)


def _value_words(
    value: object, names: Mapping[str, str], options: Mapping[str, str]
) -> tuple[str, tuple[str, ...]]:
    if not isinstance(value, Mapping):
        return (
            QCoreApplication.translate("AnswerWords", "no answer")
            if value is None
            else QCoreApplication.translate("AnswerWords", "an answer this version cannot read")
        ), ()
    if value.get("timed_out"):
        return QCoreApplication.translate("reports", "no answer in time"), ()
    if "amount" in value:
        amount = _amount(value["amount"])
        shown = format_money(amount) if amount is not None else str(value["amount"])
        chips = value.get("fewest_chips")
        if isinstance(chips, Mapping) and chips:
            stacks = ", ".join(
                f"{n} × {format_money(d)}"
                for d, n in sorted(
                    ((_amount(k) or Decimal(0), n) for k, n in chips.items()), reverse=True
                )
            )
            shown += "  " + fill(_drills("(fewest chips: %1)"), stacks)
        return shown, ()
    if isinstance(value.get("chips"), Mapping):
        chips = value["chips"]
        pairs = sorted(((_amount(k) or Decimal(0), int(n)) for k, n in chips.items()), reverse=True)
        total = sum((d * n for d, n in pairs), Decimal(0))
        stacks = ", ".join(f"{n} × {format_money(d)}" for d, n in pairs)
        return f"{format_money(total)} ({stacks})", ()
    if isinstance(value.get("order"), list):
        steps = tuple(_group(group, names) for group in value["order"])
        return (" → ".join(steps) if steps else "—"), steps
    if "choice" in value:
        text = options.get(str(value["choice"]))
        return (
            text or QCoreApplication.translate("AnswerWords", "an option whose text is not on file")
        ), ()
    return QCoreApplication.translate("AnswerWords", "an answer this version cannot read"), ()


def answer_words(
    answer: StoredAnswer, item: DrillItem | None = None, rulesets: RulesetRegistry = SHIPPED
) -> AnswerWords:
    """The given and the expected answer of a stored answer, in words (its ruleset looked up
    in ``rulesets``)."""
    record = answer.record
    names = bet_labels(record.situation, record.ruleset_id, rulesets)
    options = option_texts(answer, item)
    given, _ = _value_words(record.given, names, options)
    expected, steps = _value_words(record.expected, names, options)
    return AnswerWords(given, expected, steps if len(steps) > 1 else ())
