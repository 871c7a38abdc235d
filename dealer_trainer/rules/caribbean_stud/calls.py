"""The dealer's calls before the showdown, as steps: Despacho 61/2004, Art. 6, 7, 9(1), 11.

Before any box is settled the dealer accepts or refuses a progressive bet (Art.
6(3)), deals each card to its box or to the dealer in the order of Art. 7,
accepts or refuses a raise (Art. 6(6)) and says whether the dealer's hand
qualifies (Art. 9(1)).  An irregularity of the deal (Art. 11) is ruled as every
game's are, with the shared ruling step (:mod:`.irregular`, ``TableRound.rule``).
A :class:`DealerCall` is one such step as a trainee did it; the judges of these calls are beside
the rules they apply (:func:`.table.judge_progressive_bet`,
:func:`.dealing.judge_card`, :func:`.table.judge_raise`,
:func:`.table.judge_qualification`).  A fold is
collected with its ante as the showdown's own step (Art. 6(7)): a
:class:`~dealer_trainer.rules.procedure.Step`, not a call.

These steps are not part of the rules CLI's ``procedure`` and ``judge``, which
answer the work once the cards are out (``docs/rules-cli.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any

from dealer_trainer.rules.caribbean_stud.table import verify_box_number
from dealer_trainer.rules.errors import RulesError


@unique
class CallAction(StrEnum):
    ACCEPT_BET = "accept_bet"  # a progressive bet taken (Art. 6(3))
    REFUSE_BET = "refuse_bet"  # a progressive bet refused (Art. 6(3))
    DEAL = "deal"  # a card (the shoe) or five (the machine) to a box or the dealer (Art. 7)
    ACCEPT_RAISE = "accept_raise"  # Art. 6(6)
    REFUSE_RAISE = "refuse_raise"  # Art. 6(6)
    QUALIFY = "qualify"  # the dealer's hand qualifies or not (Art. 9(1))


CALL_ACTIONS = frozenset(action.value for action in CallAction)


@dataclass(frozen=True)
class DealerCall:
    """One call of the dealer: ``box`` is the box (a deal's None: the dealer)."""

    action: CallAction
    box: int | None = None
    qualifies: bool | None = None  # QUALIFY

    def __post_init__(self) -> None:
        needs_box = self.action not in (CallAction.DEAL, CallAction.QUALIFY)
        if needs_box and self.box is None:
            raise RulesError("invalid_request", f"{self.action.value} names a box.")
        if self.box is not None:
            verify_box_number(self.box)
        if (self.action is CallAction.QUALIFY) != (self.qualifies is not None):
            raise RulesError("invalid_request", "Only the qualification call says qualifies.")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action.value}
        if self.action is CallAction.DEAL or self.box is not None:
            out["box"] = self.box
        if self.qualifies is not None:
            out["qualifies"] = self.qualifies
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> DealerCall:
        """A call as :meth:`to_json` wrote it (bad shapes: ``RulesError``)."""
        try:
            action = CallAction(obj["action"])
            box = obj.get("box")
            if box is not None and (not isinstance(box, int) or isinstance(box, bool)):
                raise ValueError(box)
            qualifies = obj.get("qualifies")
            if qualifies is not None and not isinstance(qualifies, bool):
                raise ValueError(qualifies)
        except (KeyError, ValueError, TypeError):
            raise RulesError("invalid_request", f"Not a dealer's call: {dict(obj)!r}.") from None
        return cls(action, box, qualifies)


def is_call(obj: Mapping[str, Any]) -> bool:
    """The JSON of a step is a dealer's call (not a settlement step)."""
    return obj.get("action") in CALL_ACTIONS


__all__ = ["CALL_ACTIONS", "CallAction", "DealerCall", "is_call"]
