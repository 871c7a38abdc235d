"""The roulette spin as a sequence of phases, and the rulings of Arts. 2, 3 and 5(3).

A :class:`Spin` is immutable; each act returns a new one.  Acts follow the
verify / can / do pattern: ``verify_placing`` raises :class:`RulesError`
with the article that forbids the act, ``can_place`` answers a bool,
``place`` acts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum, unique

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.roulette.bets import Bet
from dealer_trainer.rules.roulette.settle import Settlement, settle
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.rulings import BetFate, Ruling
from dealer_trainer.rules.text import T


@unique
class Phase(StrEnum):
    BETTING = "betting"  # after the previous spin is settled (Art. 3)
    BALL_SPINNING = "ball_spinning"  # the bell has rung: no bet placed or changed (Art. 3)
    BALL_AT_REST = "ball_at_rest"  # the number is announced and marked (Art. 4)


@dataclass(frozen=True)
class Spin:
    """One spin of the wheel, from the opening of bets to the winning number."""

    ruleset: Ruleset
    previous_number: int | None
    bets: tuple[Bet, ...] = ()
    phase: Phase = Phase.BETTING
    number: int | None = None
    ball_start_pocket: int | None = None  # where the ball was placed before this launch
    golpes_nulos: int = 0

    # -- placing bets (Art. 3) ------------------------------------------------
    def verify_placing(self, bet: Bet) -> None:
        if self.phase is not Phase.BETTING:
            raise RulesError(
                "late_bet",
                "The bell has rung and the ball is spinning: no bet may be placed or changed "
                "until this spin is settled.",
                self.ruleset.cite(3),
            )
        if any(b.id == bet.id for b in self.bets):
            raise RulesError(
                "duplicate_bet_id", f"A bet with the id {bet.id!r} is already on the layout."
            )

    def can_place(self, bet: Bet) -> bool:
        try:
            self.verify_placing(bet)
        except RulesError:
            return False
        return True

    def place(self, bet: Bet) -> Spin:
        self.verify_placing(bet)
        return replace(self, bets=(*self.bets, bet))

    def verify_removing(self, bet_id: str) -> None:
        if self.phase is not Phase.BETTING:
            raise RulesError(
                "late_bet",
                "The bell has rung: bets already placed may not be changed or taken back.",
                self.ruleset.cite(3),
            )
        if not any(b.id == bet_id for b in self.bets):
            raise RulesError("unknown_bet", f"There is no bet {bet_id!r} on the layout.")

    def remove(self, bet_id: str) -> Spin:
        self.verify_removing(bet_id)
        return replace(self, bets=tuple(b for b in self.bets if b.id != bet_id))

    # -- the spin ---------------------------------------------------------------
    def ring_bell_and_spin(self) -> Spin:
        """Art. 3: the croupier rings the bell and launches the ball."""
        if self.phase is not Phase.BETTING:
            raise RulesError("wrong_phase", "The ball is already spinning.", self.ruleset.cite(3))
        return replace(self, phase=Phase.BALL_SPINNING)

    def object_falls_into_wheel(self) -> Spin:
        """Art. 2(2), golpe nulo: the spin is void; the ball goes back to the
        pocket of the previous winning number and is launched again; bets stand."""
        if self.phase is not Phase.BALL_SPINNING:
            raise RulesError(
                "wrong_phase",
                "Golpe nulo applies only while the ball is moving.",
                self.ruleset.cite(2, 2),
            )
        return replace(
            self, ball_start_pocket=self.previous_number, golpes_nulos=self.golpes_nulos + 1
        )

    def ball_rests(self, number: int) -> Spin:
        """Art. 4: the ball rests in a pocket; the number is announced and marked."""
        if self.phase is not Phase.BALL_SPINNING:
            raise RulesError("wrong_phase", "The ball has not been launched.", self.ruleset.cite(4))
        if isinstance(number, bool) or not 0 <= number <= 36:
            raise RulesError(
                "invalid_outcome", f"There is no pocket {number!r}.", self.ruleset.cite(1, 2)
            )
        return replace(self, phase=Phase.BALL_AT_REST, number=number)

    def settle(self) -> Settlement:
        if self.phase is not Phase.BALL_AT_REST or self.number is None:
            raise RulesError("wrong_phase", "There is no winning number yet.", self.ruleset.cite(4))
        return settle(self.ruleset, self.bets, self.number)


# -- rulings a drill asks about ----------------------------------------------------


def golpe_nulo(ruleset: Ruleset, previous_number: int | None) -> Ruling:
    """A chip or any object falls into the wheel while the ball is moving (Art. 2(2))."""
    place = (
        T(
            "Place the ball in the pocket of the previous winning number ({number}).",
            number=previous_number,
        )
        if previous_number is not None
        else T("Place the ball in the pocket of the previous winning number.")
    )
    return Ruling(
        code="roulette.golpe_nulo",
        decision=T("The spin is void (golpe nulo): the bets stand and the ball is launched again."),
        bets=BetFate.STAND,
        round_stands=False,
        steps=(
            T('Stop the game and announce "golpe nulo".'),
            T("Take the object out of the wheel."),
            place,
            T("Launch the ball again; the bets on the layout stand as they are."),
        ),
        citation=ruleset.cite(2, 2),
    )


def late_bet(ruleset: Ruleset) -> Ruling:
    """A player places or changes a bet after the bell (Art. 3)."""
    return Ruling(
        code="roulette.late_bet",
        decision=T("The bet is refused: after the bell no bet may be placed or changed."),
        bets=BetFate.REFUSED,
        round_stands=True,
        steps=(
            T("Refuse the new bet or the change and hand the chips back to the player."),
            T("The bets placed before the bell stand and are settled as usual."),
        ),
        citation=ruleset.cite(3),
    )


def disturbed_winning_chips(ruleset: Ruleset, inspector_can_restore: bool) -> Ruling:
    """The dealer disturbs the chips of a winning bet (Art. 5(3))."""
    if inspector_can_restore:
        return Ruling(
            code="roulette.disturbed_chips.inspector",
            decision=T("The inspector restores the winning bets as they were, then they are paid."),
            bets=BetFate.RECONSTRUCTED,
            round_stands=True,
            steps=(
                T("Stop paying and call the inspector."),
                T("The inspector puts the chips back where they were, with certainty."),
                T("Pay the restored bets in the order of Art. 5(1)."),
            ),
            citation=ruleset.cite(5, 3),
        )
    return Ruling(
        code="roulette.disturbed_chips.players",
        decision=T(
            "The inspector cannot restore them with certainty, so the bets are reconstructed "
            "from what the players concerned indicate."
        ),
        bets=BetFate.RECONSTRUCTED,
        round_stands=True,
        steps=(
            T("Stop paying and call the inspector."),
            T("Reconstruct the bets as the players concerned indicate them."),
            T("Pay the reconstructed bets in the order of Art. 5(1)."),
        ),
        citation=ruleset.cite(5, 3),
    )
