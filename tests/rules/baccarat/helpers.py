"""Cards of a chosen value for a test's shoe, and a call of the rules CLI."""

from __future__ import annotations

import io
import json
from typing import Any

from dealer_trainer.rules.cli import run

#: A card of each value 0-9 (0: a king), in a suit chosen by ``suit``.
RANK_OF = "KA23456789"


def card(value: int, suit: str = "S") -> str:
    return f"{RANK_OF[value]}{suit}"


def hand_of(total: int) -> tuple[str, str]:
    """Two cards, neither a pair of one rank unless it must be, making ``total``."""
    first = 1 if total != 1 else 2
    second = (total - first) % 10
    return card(first, "S"), card(second, "H")


def call(request: Any, command: str = "settle") -> tuple[int, dict[str, Any]]:
    text = request if isinstance(request, str) else json.dumps(request)
    out = io.StringIO()
    code = run(command, io.StringIO(text), out)
    return code, json.loads(out.getvalue())
