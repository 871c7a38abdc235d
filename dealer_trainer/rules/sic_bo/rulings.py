"""The house's rulings on an irregular throw and on a bet after "no more bets".

The regulation is not on file, so each ruling is a setting of the house ruleset
(``die_not_flat``, ``shaker_opened_early``, ``shaker_not_shaken``: the throw is
void and the bets stand for the new shake, or are handed back;
``bet_after_no_more_bets``: the late bet is refused, its chips handed back or set
aside for the next throw) and cites the house, never an article.  The drills ask
about them with :func:`ruling` and :func:`late_bet_ruling`; the live table
(``irregular``) rules with them; their ``decision`` and ``steps`` are translatable.
"""

from __future__ import annotations

from enum import StrEnum, unique

from dealer_trainer.rules.house import house_ruling
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.rulings import BetFate, Ruling
from dealer_trainer.rules.text import T, Text


@unique
class Irregularity(StrEnum):
    """An irregular throw, by the name of the house setting that rules it."""

    DIE_NOT_FLAT = "die_not_flat"  # a die leans on another or on the wall: no face is up
    SHAKER_OPENED_EARLY = "shaker_opened_early"  # opened before betting closed / the shake ended
    SHAKER_NOT_SHAKEN = "shaker_not_shaken"  # opened after the call without being shaken


@unique
class HouseRuling(StrEnum):
    """The choices of the two settings."""

    BETS_STAND = "no_throw_bets_stand"
    BETS_RETURNED = "no_throw_bets_returned"


_FIRST_STEPS: dict[Irregularity, tuple[Text, ...]] = {
    Irregularity.DIE_NOT_FLAT: (
        T('Do not read the dice: announce "no throw" (a die is not flat).'),
        T("Call the supervisor, who confirms that the die does not lie flat."),
    ),
    Irregularity.SHAKER_OPENED_EARLY: (
        T('Do not read the dice: announce "no throw" (the shaker was opened early).'),
        T("Call the supervisor, who confirms the shaker was opened before its time."),
    ),
    Irregularity.SHAKER_NOT_SHAKEN: (
        T('Do not read the dice: announce "no throw" (the dice were not shaken).'),
        T("Call the supervisor, who confirms the shaker was not shaken."),
    ),
}


def house_choice(ruleset: Ruleset, irregularity: Irregularity) -> HouseRuling:
    """What this house rules on the irregularity (its setting)."""
    return HouseRuling(ruleset.choice(str(irregularity)))


def ruling(ruleset: Ruleset, irregularity: Irregularity) -> Ruling:
    """The house's ruling on an irregular throw: void, and the dice shaken again."""
    choice = house_choice(ruleset, irregularity)
    if choice is HouseRuling.BETS_STAND:
        decision = T(
            "No throw: the throw is void, the bets stand as they are and the dice are "
            "shaken again (a house ruling)."
        )
        last = T("Shake the dice again; every bet stays on the layout for the new throw.")
        fate = BetFate.STAND
    else:
        decision = T(
            "No throw: the throw is void, every bet is handed back and the dice are shaken "
            "again (a house ruling)."
        )
        last = T("Hand every bet back; open the betting again, then shake the dice.")
        fate = BetFate.RETURNED
    return Ruling(
        code=f"sic_bo.{irregularity}.{'stand' if fate is BetFate.STAND else 'returned'}",
        decision=decision,
        bets=fate,
        round_stands=False,
        steps=(*_FIRST_STEPS[irregularity], last),
        citation=house_ruling(ruleset.id),
    )


@unique
class LateBetRuling(StrEnum):
    """The choices of ``bet_after_no_more_bets``: the late bet is refused either way."""

    RETURNED = "refused_chips_returned"
    KEPT = "refused_kept_for_next_throw"


def late_bet_ruling(ruleset: Ruleset) -> Ruling:
    """The house's ruling on a bet placed after the call "no more bets": refused."""
    choice = LateBetRuling(ruleset.choice("bet_after_no_more_bets"))
    if choice is LateBetRuling.RETURNED:
        decision = T(
            'A bet after "no more bets" is refused: its chips are handed back and the other '
            "bets stand (a house ruling)."
        )
        last = T("Hand the late chips back to the player; settle the throw as usual.")
    else:
        decision = T(
            'A bet after "no more bets" is refused: its chips are set aside for the next '
            "throw and the other bets stand (a house ruling)."
        )
        last = T("Set the late chips aside, off the layout, for the next throw; settle as usual.")
    return Ruling(
        code=f"sic_bo.late_bet.{'returned' if choice is LateBetRuling.RETURNED else 'kept'}",
        decision=decision,
        bets=BetFate.REFUSED,
        round_stands=True,
        steps=(T("Refuse the bet: betting closed with the call."), last),
        citation=house_ruling(ruleset.id),
    )
