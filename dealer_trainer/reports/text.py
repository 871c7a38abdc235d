"""Words and numbers shared by the dashboard and the reports: skill titles, times, JSON values."""

from __future__ import annotations

import json
from decimal import Decimal

from PySide6.QtCore import QCoreApplication, QLocale

from dealer_trainer.drills import Difficulty, all_skills
from dealer_trainer.i18n import match_locale
from dealer_trainer.i18n.numbers import figure_text


def skill_title(skill_id: str | None) -> str:
    """The skill's translated title, or its id when this version does not know it."""
    if skill_id is None:
        return ""
    known = all_skills().get(skill_id)
    if known is None:
        return skill_id
    return known.title.render(QCoreApplication.translate)


def skill_targets_ms() -> dict[str, int]:
    """A trained dealer's time per skill (intermediate level), in milliseconds."""
    return {k: s.time_allowed(Difficulty.INTERMEDIATE) * 1000 for k, s in all_skills().items()}


def figure(value: Decimal | int | str) -> str:
    """A count or a measured figure in the window's language: ``1,234`` and ``77.1`` in
    English and Chinese, ``1.234`` and ``77,1`` in Portuguese (``str``: plain digits)."""
    digits = format(value, "f") if isinstance(value, Decimal) else str(value)  # 1E+2: 100
    return figure_text(digits, match_locale(QLocale().name()))


def count_text(count: int) -> str:
    """``1,234`` (``1.234`` in Portuguese)."""
    return figure(count)


def percent_cell(value: Decimal | None) -> str:
    """``77.1 %`` (``77,1 %`` in Portuguese); empty without a value."""
    return "" if value is None else f"{figure(value)} %"


def seconds_text(ms: Decimal | int | None) -> str:
    """``3.2 s`` (``3,2 s`` in Portuguese), to the tenth; empty without a time."""
    if ms is None:
        return ""
    return f"{figure(f'{Decimal(ms) / 1000:.1f}')} s"


def json_text(value: object) -> str:
    """A stored JSON value as a short line: ``payout 350.00``, ``order a, b``."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return "; ".join(f"{k}: {json_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(json_text(v) for v in value)
    if isinstance(value, str | int | bool):
        return str(value)
    return json.dumps(value)


def answer_text(value: object) -> str:
    """A recorded answer (given or expected) as a dealer reads it: ``175.00``, ``a, b → c``."""
    if not isinstance(value, dict):
        return json_text(value)
    if value.get("timed_out"):
        return QCoreApplication.translate("reports", "no answer in time")
    if "amount" in value:
        return str(value["amount"])
    if isinstance(value.get("chips"), dict):
        chips = value["chips"]
        total = sum((Decimal(str(k)) * int(n) for k, n in chips.items()), Decimal(0))
        stacks = ", ".join(f"{n} × {k}" for k, n in chips.items())
        return f"{total:.2f} ({stacks})"
    if isinstance(value.get("order"), list):
        return " → ".join(
            ", ".join(map(str, group)) if isinstance(group, list) else str(group)
            for group in value["order"]
        )
    if "choice" in value:
        return str(value["choice"])
    return json_text(value)
