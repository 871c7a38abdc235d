"""Sic Bo's irregularities at the live table, ruled by the house (``rulings.py``).

The Sic Bo regulation (Despacho Regulamentar Externo n.º 31/2003) is not on file, so
every ruling here is the house's, a documented setting of the ruleset that cites "house
ruling", never an article, and each says so in words (``readings``, which the drills
show as house options):

- the shaker opened before the dice came to rest (``shaker_opened_early``), a die
  leaning in the shaker, not flat (``die_not_flat``), the shaker opened without having
  been shaken after the call (``shaker_not_shaken``): no throw; the throw is void, no
  bet is settled on it, the dice are shaken again, and the bets stand for the new shake
  or are handed back, as the house sets; the round's throw is the next one;
- a bet placed after the call "no more bets" (``bet_after_no_more_bets``): refused, its
  chips handed back or set aside for the next throw, as the house sets; the throw goes on.

Each is an :class:`~dealer_trainer.rules.irregular.Irregularity` whose choices are the
dealer's real options, the wrong ones real dealers' mistakes, each with its stable code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.irregular import Choice, Irregularity
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.rulings import BetFate
from dealer_trainer.rules.sic_bo.api import parse_bet
from dealer_trainer.rules.sic_bo.bets import spot_name
from dealer_trainer.rules.sic_bo.rulings import Irregularity as Throw
from dealer_trainer.rules.sic_bo.rulings import (
    LateBetRuling,
    late_bet_ruling,
    ruling,
)
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, T

OPENED_EARLY = "sic_bo.shaker_opened_early"
DIE_COCKED = "sic_bo.die_not_flat"
NOT_SHAKEN = "sic_bo.shaker_not_shaken"
LATE_BET = "sic_bo.late_bet"
#: The void throws, by the house setting that rules each.
VOID_THROWS = {
    OPENED_EARLY: Throw.SHAKER_OPENED_EARLY,
    DIE_COCKED: Throw.DIE_NOT_FLAT,
    NOT_SHAKEN: Throw.SHAKER_NOT_SHAKEN,
}
EVENTS = (LATE_BET, OPENED_EARLY, DIE_COCKED, NOT_SHAKEN)

#: What the felt's banner says of each (the panel says the rest), in the table's context.
EVENT_TITLES = {
    OPENED_EARLY: QT_TRANSLATE_NOOP("TableIrregular", "The shaker opened too soon"),
    DIE_COCKED: QT_TRANSLATE_NOOP("TableIrregular", "A die leaning in the shaker"),
    NOT_SHAKEN: QT_TRANSLATE_NOOP("TableIrregular", "The shaker not shaken"),
    LATE_BET: QT_TRANSLATE_NOOP("TableIrregular", 'A bet after "no more bets"'),
}

#: What every Sic Bo ruling rests on, in words: the house, since no article is on file.
HOUSE_RULE = T(
    "This ruling is the house's (a setting of its ruleset): the Sic Bo regulation "
    "(Despacho 31/2003) is not on file, so no article rules it."
)

_SAID = {
    Throw.SHAKER_OPENED_EARLY: T(
        "The shaker is lifted while the dice are still rolling: they come to rest in view, "
        "showing {first}, {second} and {third}."
    ),
    Throw.DIE_NOT_FLAT: T(
        "You open the shaker: two dice show {first} and {second}; the third leans on the "
        "wall, not flat, {third} nearly on top."
    ),
    Throw.SHAKER_NOT_SHAKEN: T(
        'After "no more bets" the shaker is opened without having been shaken: the dice '
        "still show {first}, {second} and {third}, as the last throw left them."
    ),
}
#: Each void throw's own wrong way of reading it: (id, label, mistake, why).
_MISREAD = {
    Throw.SHAKER_OPENED_EARLY: (
        "let_them_rest",
        T("Let the dice come to rest, then read them and settle."),
        "read_dice_opened_early",
        T(
            "Dice seen before they came to rest in the closed shaker are no throw: they are "
            "not read (a house ruling)."
        ),
    ),
    Throw.DIE_NOT_FLAT: (
        "read_top",
        T("Read the leaning die's face nearest the top, and settle."),
        "read_a_cocked_die",
        T(
            "A die that is not flat shows no face: no face is read, the throw is void (a "
            "house ruling)."
        ),
    ),
    Throw.SHAKER_NOT_SHAKEN: (
        "shake_now",
        T("Shake the dice now and read them: no call, no supervisor."),
        "no_throw_not_called",
        T(
            'A shaker opened unshaken is a void throw: announce "no throw" and call the '
            "supervisor before the dice are shaken again (a house ruling)."
        ),
    ),
}


def void_throw_at(ruleset: Ruleset, event: str, dice: tuple[int, int, int]) -> Irregularity:
    """A void throw: the shaker opened early, a die not flat, or the shaker not shaken;
    ``dice`` as they lie in the shaker (not the round's throw, which is the next one)."""
    kind = VOID_THROWS[event]
    ruled = ruling(ruleset, kind)
    stand = ruled.bets is BetFate.STAND
    bets_stand = T('Call "no throw" and the supervisor; the bets stand; shake again.')
    bets_back = T('Call "no throw" and the supervisor; hand the bets back, then shake.')
    right_label = bets_stand if stand else bets_back
    other_fate = Choice(
        "no_throw_return" if stand else "no_throw_stand",
        bets_back if stand else bets_stand,
        None,
        "void_throw_bets_returned" if stand else "void_throw_bets_kept",
        T("On this house's table the bets stand for the new shake; they are not handed back.")
        if stand
        else T("On this house's table every bet is handed back before the new shake."),
    )
    misread_id, misread_label, misread_code, misread_why = _MISREAD[kind]
    first, second, third = dice
    return Irregularity(
        event=event,
        said=replace(_SAID[kind], params={"first": first, "second": second, "third": third}),
        ruling=ruled,
        choices=(
            Choice("no_throw", right_label, ruled.code),
            Choice(
                "read",
                T("Read the dice as they lie: {total}, and settle.", total=sum(dice)),
                None,
                "settled_void_throw",
                T("A void throw decides no bet: nothing is settled on it (a house ruling)."),
            ),
            Choice(misread_id, misread_label, None, misread_code, misread_why),
            other_fate,
        ),
        unruled="settled_void_throw",
        unruled_why=T(
            'That throw is void ("no throw"): nothing is settled on it; the dice are shaken '
            "again (a house ruling)."
        ),
        detail={"dice": list(dice)},
        readings=(HOUSE_RULE,),
    )


def late_bet_at(
    ruleset: Ruleset, request: Mapping[str, Any], bet: Mapping[str, Any]
) -> Irregularity:
    """A player puts ``bet`` (a bet of the request's shape) on the layout after the call
    "no more bets"; the house refuses it."""
    del request  # the late bet takes no part in the throw: the request is the table's
    late = parse_bet(ruleset, bet, "late bet")  # a bet of this table (its spot, its limits)
    ruled = late_bet_ruling(ruleset)
    returned = LateBetRuling(ruleset.choice("bet_after_no_more_bets")) is LateBetRuling.RETURNED
    hand_back = Choice(
        "refuse_return",
        T("Refuse it and hand the chips back; the other bets stand."),
        ruled.code if returned else None,
        "" if returned else "late_bet_handed_back",
        None
        if returned
        else T("On this house's table a late bet's chips are set aside for the next throw."),
    )
    set_aside = Choice(
        "refuse_keep",
        T("Refuse it; set the chips aside, off the layout, for the next throw."),
        None if returned else ruled.code,
        "late_bet_kept" if returned else "",
        T("On this house's table a late bet's chips are handed back at once.")
        if returned
        else None,
    )
    return Irregularity(
        event=LATE_BET,
        said=T(
            'You have called "no more bets" and the shaker is closed: a player puts {amount} '
            "on {spot}.",
            amount=Decimal(late.amount),
            spot=spot_name(late.spot),
        ),
        ruling=ruled,
        choices=(
            hand_back,
            set_aside,
            Choice(
                "accept",
                T("Accept it: the shaker has not been opened yet."),
                None,
                "accepted_late_bet",
                T(
                    'After "no more bets" no bet is placed or changed: it is refused (a house '
                    "ruling)."
                ),
            ),
            Choice(
                "no_throw",
                T('Announce "no throw" and shake again.'),
                None,
                "no_throw_for_late_bet",
                T(
                    "A late bet does not void the throw: refuse the bet, the throw stands (a "
                    "house ruling)."
                ),
            ),
        ),
        unruled="accepted_late_bet",
        unruled_why=T(
            'The late bet is still on the layout: refuse it first; after "no more bets" no bet '
            "is placed or changed (a house ruling)."
        ),
        detail={"bet": dict(bet)},
        readings=(HOUSE_RULE,),
    )


def irregularity_of(
    ruleset: Ruleset, request: Mapping[str, Any], stored: Mapping[str, Any]
) -> Irregularity:
    """An irregularity again from its JSON (:meth:`Irregularity.to_json`)."""
    event = stored.get("event")
    detail = stored.get("detail") or {}
    if event in VOID_THROWS:
        first, second, third = (int(d) for d in detail["dice"])
        return void_throw_at(ruleset, str(event), (first, second, third))
    if event == LATE_BET:
        return late_bet_at(ruleset, request, detail["bet"])
    raise ValueError(f"{event!r} is not a Sic Bo irregularity")
