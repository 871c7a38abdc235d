"""Roulette's irregularities at the live table, ruled by ``rulings.py`` and the spin's phases.

- a bet pushed onto the layout after the bell (Art. 3): the :class:`Spin` refuses it
  (``late_bet``), so the ruling is :func:`~rulings.late_bet`;
- a chip falls into the wheel while the ball moves (Art. 2(2), golpe nulo): the spin is
  void, the ball goes to the pocket the spin's :meth:`Spin.object_falls_into_wheel` names
  (the previous winning number's, 0 included: the digest's reading), the bets stand;
- the dealer disturbs winning chips while paying (Art. 5(3)): the inspector restores
  them, or, when he cannot with certainty, the players concerned indicate them.

Each is an :class:`~dealer_trainer.rules.irregular.Irregularity` whose choices are the
dealer's real options, the wrong ones real dealers' mistakes, each with its stable code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.irregular import Choice, Irregularity
from dealer_trainer.rules.roulette.api import parse_bet
from dealer_trainer.rules.roulette.rulings import (
    Spin,
    disturbed_winning_chips,
    golpe_nulo,
    late_bet,
)
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import T, Text

LATE_BET = "roulette.late_bet"
GOLPE_NULO = "roulette.golpe_nulo"
DISTURBED = "roulette.disturbed_chips"
EVENTS = (LATE_BET, GOLPE_NULO, DISTURBED)


def _spinning(ruleset: Ruleset, request: Mapping[str, Any], previous: int | None) -> Spin:
    """The spin of the round's request, its bell rung and its ball moving."""
    spin = Spin(ruleset, previous)
    for i, raw in enumerate(request["bets"]):
        spin = spin.place(parse_bet(ruleset, raw, f"bets[{i}]"))
    return spin.ring_bell_and_spin()


def late_bet_at(
    ruleset: Ruleset, request: Mapping[str, Any], bet: Mapping[str, Any]
) -> Irregularity:
    """A player pushes ``bet`` (a bet of the request's shape) onto the layout after the bell."""
    spin = _spinning(ruleset, request, None)
    late = parse_bet(ruleset, bet, "late bet")
    try:
        spin.verify_placing(late)
    except RulesError as refused:
        if refused.code != "late_bet":
            raise
    else:  # pragma: no cover - a spinning ball takes no bet (Art. 3)
        raise ValueError("the spin took a bet after the bell")
    ruling = late_bet(ruleset)
    accept_why = T("After the bell no bet may be placed or changed: it is refused (Art. 3).")
    return Irregularity(
        event=LATE_BET,
        said=T(
            "The bell has rung and the ball is spinning: a player pushes a bet onto the layout."
        ),
        ruling=ruling,
        choices=(
            Choice(
                "refuse",
                T("Refuse the bet and hand the chips back; the other bets stand."),
                ruling.code,
            ),
            Choice(
                "accept",
                T("Accept it: the ball has not yet come to rest."),
                None,
                "accepted_late_bet",
                accept_why,
            ),
            Choice(
                "golpe_nulo",
                T("Call golpe nulo and spin again."),
                None,
                "golpe_nulo_for_late_bet",
                T("Golpe nulo is for an object falling into the wheel, not for a late bet."),
            ),
        ),
        unruled="accepted_late_bet",
        unruled_why=T(
            "The late bet is still on the layout: refuse it first; after the bell no bet may "
            "be placed or changed (Art. 3)."
        ),
        detail={"bet": dict(bet)},
    )


def golpe_nulo_at(ruleset: Ruleset, request: Mapping[str, Any], previous: int) -> Irregularity:
    """A chip falls into the wheel while the ball moves; ``previous`` won the spin before."""
    void = _spinning(ruleset, request, previous).object_falls_into_wheel()
    pocket = void.ball_start_pocket
    assert pocket is not None
    ruling = golpe_nulo(ruleset, previous)
    wrong_pocket = (
        Choice(
            "spin_from_zero",
            T("Remove the chip, put the ball in 0 and spin again."),
            None,
            "golpe_nulo_wrong_pocket",
            T("The ball goes back to the previous winning number, not to 0."),
        )
        if pocket != 0
        else Choice(
            "spin_from_where_it_is",
            T("Remove the chip and spin again from the pocket where the ball is now."),
            None,
            "golpe_nulo_wrong_pocket",
            T(
                "The ball is first placed in the pocket of the previous winning number, here 0 "
                "(Art. 2(2))."
            ),
        )
    )
    readings: tuple[Text, ...] = (
        T(
            "The bets stand for the new spin: Art. 2(2) does not say so, but implies it "
            "(the spin is launched again, not the bets made again)."
        ),
    )
    if pocket == 0:
        readings += (
            T(
                "When the previous winning number was 0, the ball is placed in 0: 0 has "
                "its own pocket (Art. 1(2)), and Art. 2(2) names the previous number's "
                "pocket without exception."
            ),
        )
    return Irregularity(
        event=GOLPE_NULO,
        said=T(
            "The ball is spinning when a chip falls into the wheel. The previous winning "
            "number was {previous}.",
            previous=previous,
        ),
        ruling=ruling,
        choices=(
            Choice(
                "golpe_nulo",
                T(
                    "Announce golpe nulo, remove the chip, place the ball in {previous} "
                    "and spin again; all bets stand.",
                    previous=pocket,
                ),
                ruling.code,
            ),
            Choice(
                "let_it_run",
                T("Let the ball finish and settle the number it lands on."),
                None,
                "settled_void_spin",
                T("The spin is void the moment an object falls in (Art. 2(2))."),
            ),
            Choice(
                "return_bets",
                T("Stop the game and return every bet to the players."),
                None,
                "returned_bets_on_golpe_nulo",
                T("Golpe nulo does not void the bets: they stand for the new spin."),
            ),
            wrong_pocket,
        ),
        unruled="settled_void_spin",
        unruled_why=T(
            "The spin is void (golpe nulo): nothing is settled on it; the ball is launched "
            "again (Art. 2(2))."
        ),
        detail={"previous": previous},
        readings=readings,
    )


def disturbed_at(ruleset: Ruleset, can_restore: bool, before: int) -> Irregularity:
    """While paying, the dealer knocks over winning chips; the inspector can restore them
    with certainty, or cannot (Art. 5(3)). ``before``: the steps done when it happens."""
    ruling = disturbed_winning_chips(ruleset, can_restore)
    said = (
        T(
            "While paying, you knock over the chips of a winning bet. The inspector saw the "
            "layout and can put them back exactly."
        )
        if can_restore
        else T(
            "While paying, you knock over the chips of several winning bets. The inspector "
            "cannot say with certainty where they were."
        )
    )
    restore = Choice(
        "inspector",
        T("Call the inspector: he restores the bets, then they are paid."),
        "roulette.disturbed_chips.inspector",
        "" if can_restore else "inspector_without_certainty",
        None
        if can_restore
        else T("The inspector restores them only when he can do so with certainty (Art. 5(3))."),
    )
    players = Choice(
        "players",
        T("Call the inspector: the bets are reconstructed from what the players indicate."),
        "roulette.disturbed_chips.players",
        "players_while_inspector_can" if can_restore else "",
        T(
            "Players indicate only when the inspector cannot restore them with certainty "
            "(Art. 5(3))."
        )
        if can_restore
        else None,
    )
    return Irregularity(
        event=DISTURBED,
        said=said,
        ruling=ruling,
        choices=(
            restore,
            players,
            Choice(
                "lose",
                T("The disturbed bets lose: the layout decides."),
                None,
                "disturbed_bets_lost",
                T("A winning bet the dealer disturbs is reconstructed, never lost (Art. 5(3))."),
            ),
            Choice(
                "dealer",
                T("Put the chips back yourself as you remember them and pay."),
                None,
                "dealer_restored_chips",
                T("The inspector restores them, or the players indicate them (Art. 5(3))."),
            ),
        ),
        before=before,
        unruled="paid_disturbed_chips",
        unruled_why=T(
            "Stop paying: the disturbed bets are restored first, by the inspector or from "
            "the players' indications (Art. 5(3))."
        ),
        detail={"can_restore": can_restore},
    )


def irregularity_of(
    ruleset: Ruleset, request: Mapping[str, Any], stored: Mapping[str, Any]
) -> Irregularity:
    """An irregularity again from its JSON (:meth:`Irregularity.to_json`)."""
    event = stored.get("event")
    detail = stored.get("detail") or {}
    if event == LATE_BET:
        return late_bet_at(ruleset, request, detail["bet"])
    if event == GOLPE_NULO:
        return golpe_nulo_at(ruleset, request, int(detail["previous"]))
    if event == DISTURBED:
        return disturbed_at(ruleset, bool(detail["can_restore"]), int(stored.get("before", 0)))
    raise ValueError(f"{event!r} is not a roulette irregularity")
