"""Where the shooter's hand stands at a craps round's throw, as the table screen says it.

Above the throw, the hand before it: a come-out roll (a new shooter's first) or the
point, and the throw's place in the shooter's hand; after the dice, what the throw
does to the hand, as the stickman calls it: the point set (the puck goes ON), the
point made (OFF, a come-out roll next), a seven-out (the dice pass to a new shooter).
The rules core says where the point is (``drills.table.craps.shooter``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.table import TableRound
from dealer_trainer.drills.table.craps import Shooter, shooter
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.kit.rendering import escape


def hand_line(hand: Shooter) -> str:
    """``Point 6 — throw 4 of this shooter``, ``Come-out roll — new shooter``."""
    if hand.point is not None:
        return fill(
            QCoreApplication.translate("table", "Point %1 — throw %2 of this shooter"),
            str(hand.point),
            str(hand.throw),
        )
    if hand.throw == 1:
        return QCoreApplication.translate("table", "Come-out roll — new shooter")
    return fill(
        QCoreApplication.translate("table", "Come-out roll — throw %1 of this shooter"),
        str(hand.throw),
    )


def call_line(hand: Shooter) -> str:
    """What the throw does to the hand ("" when it leaves the point as it was)."""
    if hand.seven_out:
        return QCoreApplication.translate("table", "Seven-out: new shooter.")
    if hand.point_made:
        return QCoreApplication.translate(
            "table", "Point made: the puck goes OFF; a come-out roll next."
        )
    if hand.point is None and hand.point_after is not None:
        return fill(
            QCoreApplication.translate("table", "The point is %1: the puck goes ON."),
            str(hand.point_after),
        )
    return ""


def throw_html(round_: TableRound) -> str:
    """The outcome panel of a craps round: the hand, the throw, and what it does."""
    request = round_.situation.request
    hand = shooter(request, round_.ruleset)
    dice = [e["roll"] for e in request["events"] if isinstance(e.get("roll"), list)][-1]
    throw = fill(
        QCoreApplication.translate("table", "The throw: %1 and %2, %3."),
        str(dice[0]),
        str(dice[1]),
        str(hand.total),
    )
    call = call_line(hand)
    small = '<span style="font-size: 14px; font-weight: {};">{}</span>'
    lines = [small.format(400, escape(hand_line(hand))), escape(throw)]
    if call:
        lines.append(small.format(600, escape(call)))
    return "<br>".join(lines)
