"""Checked reading of JSON requests: every bad input names where it is."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeVar

from dealer_trainer.rules.errors import RulesError, shown
from dealer_trainer.rules.money import fmt, parse_amount

K = TypeVar("K", bound=StrEnum)
S = TypeVar("S")


def invalid(message: str, code: str = "invalid_request") -> RulesError:
    return RulesError(code, message)


def expect_object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise invalid(f"{where} must be a JSON object.")
    return value


def expect_list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise invalid(f"{where} must be a JSON list.")
    return value


def expect_int(value: Any, where: str, choices: Collection[int] | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, Decimal) and value == value.to_integral_value() and abs(value) < 10**6:
            value = int(value)
        else:
            raise invalid(f"{where} must be a whole number, not {shown(value)}.")
    number = int(value)
    if choices is not None and number not in choices:
        allowed = ", ".join(str(c) for c in sorted(choices))
        raise invalid(f"{where} must be one of {allowed}, not {number}.")
    return number


def expect_str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise invalid(f"{where} must be a string, not {shown(value)}.")
    return value


def expect_kind(
    obj: Mapping[str, Any],
    where: str,
    kinds: type[K],
    game: str,
    show: Callable[[Any], str] = shown,
) -> K:
    """A bet's ``"kind"``: one of ``kinds`` (``invalid_request`` when it is missing,
    ``unknown_bet_kind`` when it is not a ``game`` bet)."""
    known = ", ".join(kind.value for kind in kinds)
    if "kind" not in obj:
        raise invalid(f'{where} has no "kind" (one of {known}).')
    kind_name = expect_str(obj["kind"], f"{where}.kind")
    try:
        return kinds(kind_name)
    except ValueError:
        raise invalid(
            f"{where}.kind {show(kind_name)} is not a {game} bet (use {known}).", "unknown_bet_kind"
        ) from None


def expect_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise invalid(f"{where} must be true or false, not {shown(value)}.")
    return value


def check_keys(
    obj: Mapping[str, Any],
    where: str,
    required: Collection[str] = (),
    optional: Collection[str] = (),
) -> None:
    missing = [key for key in required if key not in obj]
    if missing:
        raise invalid(f"{where} is missing {_and(missing)}.")
    unknown = sorted(set(obj) - set(required) - set(optional))
    if unknown:
        raise invalid(
            f"{where} has unknown {'key' if len(unknown) == 1 else 'keys'} {_and(unknown)}."
        )


def read_steps(
    request: Mapping[str, Any],
    keys: Collection[str],
    read_step: Callable[[Mapping[str, Any], str], S],
) -> list[S]:
    """The trainee's steps of a ``judge`` request, each read by ``read_step`` (a missing
    ``"done"``, a bad shape or a key not in ``keys`` is bad input)."""
    if "done" not in request:
        raise invalid('The request has no "done": the steps the trainee did, in order.')
    steps = []
    for position, value in enumerate(expect_list(request["done"], "done")):
        where = f"done[{position}]"
        obj = expect_object(value, where)
        unknown = sorted(str(k) for k in obj if k not in keys)
        if unknown:
            raise invalid(f"{where} has an unknown key {shown(unknown[0])}.")
        steps.append(read_step(obj, where))
    return steps


def amount(obj: Mapping[str, Any], key: str, where: str) -> Decimal:
    return parse_amount(obj[key], f"{where}.{key}")


def given_ids(raws: list[Any]) -> dict[str, Any]:
    """The ids as the request wrote them (``7`` or ``"7"``), by the text the rules use.

    The rules name bets by text; the answer gives each id back exactly as it came.
    """
    found: dict[str, Any] = {}
    for raw in raws:
        if (
            isinstance(raw, dict)
            and isinstance(raw.get("id"), str | int)
            and not isinstance(raw.get("id"), bool)
        ):
            found.setdefault(str(raw["id"]), raw["id"])
    return found


def results_json(
    ids: Mapping[str, Any],
    results: Iterable[Any],
    more: Callable[[Any], dict[str, Any]] = lambda result: {},
) -> list[dict[str, Any]]:
    """Each bet's result as a ``settle`` answer gives it: the id as the request wrote it
    (``ids``, from :func:`given_ids`), the outcome, the win, the stake returned, the
    game's ``more`` keys, the citation."""
    return [
        {
            "id": ids.get(r.bet.id, r.bet.id),
            "outcome": str(r.outcome),
            "win": fmt(r.win),
            "returned": fmt(r.returned),
            **more(r),
            "citation": str(r.citation),
        }
        for r in results
    ]


def order_json(
    ids: Mapping[str, Any], collect: Iterable[str], pay_order: Iterable[Iterable[str]]
) -> dict[str, Any]:
    """The bets to collect, then the groups to pay in turn, by the ids the request wrote."""
    return {
        "collect": [ids.get(bet, bet) for bet in collect],
        "pay_order": [[ids.get(bet, bet) for bet in group] for group in pay_order],
    }


def bet_id(value: Any, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise invalid(f"{where} must be a string (or a number), not {shown(value)}.")
    text = str(value)
    if not text:
        raise invalid(f"{where} cannot be empty.")
    return text


def _and(items: list[str]) -> str:
    quoted = [f'"{item}"' for item in items]
    if len(quoted) == 1:
        return quoted[0]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]
