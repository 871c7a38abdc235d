"""The bets of a live-table round as the trainee sees them: by name, with the player's chips.

A :class:`TableBet` is one thing the dealer may act on: a roulette, craps or Sic Bo bet
(by its id in the rules request), a Caribbean Stud box's ante, raise or
progressive bet.  Its name is the felt's bet name (``Split 17-20``, ``Hard 8``,
``Box 3 ante``) and, where players share the table, whose it is (``red chips``,
``seat 4``), never the request's ids.  :func:`verdict_text` says what a refused
step did wrong in the trainee's language, from the verdict's code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.table import Attempt, TableRound, step_readings
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.caribbean_stud.calls import DealerCall
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step, Target, Verdict
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, Text, fill
from dealer_trainer.ui.drills.situation import craps_bets
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.kit.bet_names import bet_name
from dealer_trainer.ui.kit.rendering import article_text, format_money, render
from dealer_trainer.ui.table.stud_calls import STUD_CODES, call_text
from dealer_trainer.ui.table.stud_calls import verdict_text as stud_verdict_text

#: The roulette colour chips' names (the engine's ``COLOURS``).
COLOUR_NAMES = {
    "red": QT_TRANSLATE_NOOP("table", "red chips"),
    "blue": QT_TRANSLATE_NOOP("table", "blue chips"),
    "green": QT_TRANSLATE_NOOP("table", "green chips"),
    "yellow": QT_TRANSLATE_NOOP("table", "yellow chips"),
    "purple": QT_TRANSLATE_NOOP("table", "purple chips"),
    "orange": QT_TRANSLATE_NOOP("table", "orange chips"),
    "white": QT_TRANSLATE_NOOP("table", "white chips"),
}
#: How the colour chips are drawn (a ring round the bet's stack).
COLOUR_INKS = {
    "red": colours.BET_RED,
    "blue": colours.BET_BLUE,
    "green": colours.BET_GREEN,
    "yellow": colours.BET_YELLOW,
    "purple": colours.BET_PURPLE,
    "orange": colours.BET_ORANGE,
    "white": colours.BET_WHITE,
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("table", text)


@dataclass(frozen=True)
class TableBet:
    """One bet on the table the dealer may act on."""

    target: Target
    spot_id: str  # where it lies on the felt
    amount: Decimal
    name: str  # the bet's name, translated ("Split 17-20")
    owner: str = ""  # whose it is, translated ("red chips", "seat 4"), "" when one player
    colour: str | None = None  # roulette colour chips

    @property
    def label(self) -> str:
        """``Split 17-20 (red chips) — 50``."""
        name = self.title
        return fill(QCoreApplication.translate("table", "%1 — %2"), name, format_money(self.amount))

    @property
    def title(self) -> str:
        if not self.owner:
            return self.name
        return fill(QCoreApplication.translate("table", "%1 (%2)"), self.name, self.owner)


def table_bets(round_: TableRound, scene: FeltScene) -> list[TableBet]:
    """The round's bets in the order they are on the felt (the order Tab follows)."""
    request = round_.situation.request
    felt = scene.felt
    seats = {seat.player: seat for seat in round_.situation.seats}
    several = len(seats) > 1
    out: list[TableBet] = []
    if round_.game == Game.ROULETTE:
        for bet in request["bets"]:
            spot_id = round_.situation.spots[bet["id"]]
            seat = seats.get(bet.get("player", ""))
            colour = seat.colour if seat is not None else None
            owner = _tr(COLOUR_NAMES[colour]) if several and colour in COLOUR_NAMES else ""
            out.append(
                TableBet(
                    Target(bet=bet["id"]),
                    spot_id,
                    Decimal(bet["amount"]),
                    bet_name(felt.spot(spot_id), felt),
                    owner,
                    colour,
                )
            )
    elif round_.game in (Game.CRAPS, Game.SIC_BO):
        if round_.game == Game.CRAPS:
            _, placed = craps_bets(request, round_.ruleset, before_last_roll=True)
        else:  # Sic Bo: each bet on its spot of the felt, in the order of the request
            placed = [
                (bet["id"], round_.situation.spots[bet["id"]], Decimal(bet["amount"]))
                for bet in request["bets"]
            ]
        for bet_id, spot_id, amount in placed:
            player = str(bet_id).split("-")[0]
            seat = seats.get(player)
            owner = (
                fill(QCoreApplication.translate("table", "seat %1"), str(seat.position))
                if several and seat is not None
                else ""
            )
            out.append(
                TableBet(
                    Target(bet=bet_id), spot_id, amount, bet_name(felt.spot(spot_id), felt), owner
                )
            )
    else:
        for box in request["boxes"]:
            number = int(box["box"])
            ante = Decimal(box["ante"])
            spots = [("ante", ante)]
            if box.get("decision") == "raise":
                spots.append(("raise", 2 * ante))
            for spot, amount in spots:
                spot_id = f"box-{number}-{spot}"
                out.append(
                    TableBet(
                        Target(box=number, spot=spot),
                        spot_id,
                        amount,
                        bet_name(felt.spot(spot_id), felt),
                    )
                )
            if box.get("progressive") is True:
                spot_id = f"box-{number}-progressive"
                out.append(
                    TableBet(
                        Target(box=number, progressive=True),
                        spot_id,
                        Decimal(0),
                        bet_name(felt.spot(spot_id), felt),
                    )
                )
    return out


def article_line(citation: Citation | None, game: str, readings: Sequence[Text] = ()) -> str:
    """The article a step rests on, or that it rests on table procedure (in words), and
    each interpretation the step rests on beyond the article's words, in full.  Sic Bo's
    regulation is not on file: its steps rest on the house's procedure, and nothing is said
    of what that regulation sets or does not."""
    if citation is None:
        if game == Game.SIC_BO:
            line = QCoreApplication.translate(
                "table", "House procedure: the Sic Bo regulation's articles are not on file."
            )
        else:
            line = QCoreApplication.translate("table", "Table procedure, not in the regulation.")
    else:
        line = article_text(citation)
    return "\n    ".join([line, *(render(reading) for reading in readings)])


_ACTION_NAMES = {
    Action.MARK: QT_TRANSLATE_NOOP("table", "Marker on %1"),
    Action.COLLECT: QT_TRANSLATE_NOOP("table", "Collect %1"),
    Action.PAY: QT_TRANSLATE_NOOP("table", "Pay %1: %2"),
    Action.RETURN: QT_TRANSLATE_NOOP("table", "Return %1"),
    Action.MOVE: QT_TRANSLATE_NOOP("table", "Move %1 to %2"),
    Action.PROGRESSIVE: QT_TRANSLATE_NOOP("table", "Progressive award, %1: %2"),
}


def step_text(step: Step | DealerCall | None, names: Mapping[Target, TableBet]) -> str:
    """A step as the step list shows it: ``Pay Split 17-20 (red chips): 425``."""
    if step is None:
        return QCoreApplication.translate("table", "Round settled")
    if isinstance(step, DealerCall):  # Caribbean Stud's deal: ``Card to box 3``
        return call_text(step)
    text = _tr(_ACTION_NAMES[step.action])
    if step.action is Action.MARK:
        return fill(text, str(step.number))
    bet = names.get(step.target)
    name = bet.title if bet is not None else QCoreApplication.translate("table", "a bet")
    second = ""
    if step.action in (Action.PAY, Action.PROGRESSIVE):
        second = format_money(step.amount or Decimal(0))
    elif step.action is Action.MOVE:
        second = str(step.to)
    return fill(text, name, second)


#: What the plan wanted of a bet, said when the trainee did something else to it.
_WANTED = {
    Action.MARK: QT_TRANSLATE_NOOP("table", "The marker goes on the winning number first."),
    Action.COLLECT: QT_TRANSLATE_NOOP("table", "%1 lost: it is collected, not paid."),
    Action.PAY: QT_TRANSLATE_NOOP("table", "%1 won: it is paid, not collected."),
    Action.RETURN: QT_TRANSLATE_NOOP("table", "%1 is returned to the player."),
    Action.MOVE: QT_TRANSLATE_NOOP("table", "%1 moves to its come point."),
    Action.PROGRESSIVE: QT_TRANSLATE_NOOP("table", "%1 wins a progressive award."),
}
_BY_CODE = {
    "paid_before_collecting": QT_TRANSLATE_NOOP(
        "table", "Not yet: collect %3 first; every losing bet is collected before any is paid."
    ),
    "out_of_turn": QT_TRANSLATE_NOOP("table", "Out of turn: %3 comes before %1."),
    "wrong_amount": QT_TRANSLATE_NOOP("table", "%1 is not paid %2: count the payout again."),
    "settled_twice": QT_TRANSLATE_NOOP("table", "%1 is settled already."),
    "no_decision": QT_TRANSLATE_NOOP(
        "table", "%1 stays on the table: this throw decides nothing for it."
    ),
    "no_step": QT_TRANSLATE_NOOP("table", "%1 needs nothing from the dealer now."),
    "not_on_table": QT_TRANSLATE_NOOP("table", "That bet is not on the table."),
    "wrong_number": QT_TRANSLATE_NOOP("table", "The marker goes on the winning number."),
    "wrong_point": QT_TRANSLATE_NOOP("table", "%1 moves to its come point, the number thrown."),
    "not_one_player": QT_TRANSLATE_NOOP(
        "table", "Bets are paid together only when they are one player's."
    ),
    "step_missing": QT_TRANSLATE_NOOP("table", "Not finished: %1 is still to settle."),
}

#: A Don't bet that ties on 12 on its first throw (Art. 3(1) «empatando»).
_TIED = QT_TRANSLATE_NOOP(
    "table",
    "%1 ties on 12: the tie decides nothing, so it stays where it is, untouched "
    "(nothing collected, paid or handed back).",
)


def verdict_text(
    verdict: Verdict,
    step: Step | None,
    round_: TableRound,
    names: Mapping[Target, TableBet],
) -> str:
    """Why a step was refused, in the trainee's language, naming bets by their names."""
    code = verdict.code
    target = step.target if step is not None else None
    if code == "step_missing":
        missing = missing_targets(round_)
        target = missing[0] if missing else None
    bet = names.get(target) if target is not None else None
    name = bet.title if bet is not None else QCoreApplication.translate("table", "a bet")
    if target is not None and target.marker:
        name = QCoreApplication.translate("table", "the marker")
    if code in ("paid_a_loser", "collected_a_winner", "collected_a_stake_that_stays",
                "wrong_action"):  # fmt: skip
        wanted = planned_step(round_, target) if target is not None else None
        if wanted is not None:
            return fill(_tr(_WANTED[wanted.action]), name)
    sentence = _BY_CODE.get(code)
    if code == "no_decision" and target in round_.work.tied:
        sentence = _TIED
    if sentence is None:
        return QCoreApplication.translate("table", "This step is not right.")
    amount = format_money(step.amount or Decimal(0)) if step is not None else ""
    first = names.get(verdict.waiting) if verdict.waiting is not None else None
    if verdict.waiting is not None and verdict.waiting.marker:
        before = QCoreApplication.translate("table", "the marker")
    elif first is not None:
        before = first.title
    else:
        before = QCoreApplication.translate("table", "another bet")
    return fill(_tr(sentence), name, amount, before)


def accepted_readings(round_: TableRound, attempt: Attempt) -> tuple[Text, ...]:
    """The interpretations a right step rests on (a Big bet's remainder ...), in full."""
    step = attempt.step
    if not isinstance(step, Step):
        return ()
    planned = planned_step(round_, step.target)
    return step_readings(round_, planned) if planned is not None else ()


def accepted_citation(round_: TableRound, attempt: Attempt) -> Citation | None:
    """The article a right step rests on: its planned step's, or (Caribbean Stud's deal)
    the article of the moment it answered."""
    if isinstance(round_, StudRound) and attempt.index in round_.answered:
        return round_.answered[attempt.index].citation
    step = attempt.step
    if not isinstance(step, Step):
        return None
    cited = planned_step(round_, step.target)
    return cited.citation if cited is not None else None


def missed_citation(round_: TableRound, step: Step | DealerCall) -> Citation | None:
    """The article of a step not done (a dealer's call: the article of its moment)."""
    if isinstance(step, Step):
        return step.citation
    if isinstance(round_, StudRound):
        for wait in round_.waits:
            if wait.right == step:
                return wait.citation
    return None


def reason_of(
    attempt: Attempt, verdict: Verdict, round_: TableRound, names: Mapping[Target, TableBet]
) -> str:
    """Why an attempt was refused (``verdict``: its own, or the order verdict it also had),
    in the trainee's language: a dealer's call, or a step while the cards were dealt, in the
    words of the deal; any other step as :func:`verdict_text` says it."""
    step = attempt.step
    if isinstance(round_, StudRound) and (
        isinstance(step, DealerCall) or verdict.code in STUD_CODES
    ):
        return stud_verdict_text(verdict, round_.answered.get(attempt.index))
    if isinstance(step, DealerCall):
        return stud_verdict_text(verdict, None)
    return verdict_text(verdict, step, round_, names)


def planned_step(round_: TableRound, target: Target) -> Step | None:
    for group in round_.plan:
        for step in group:
            if step.target == target:
                return step
    return None


def missing_targets(round_: TableRound) -> list[Target]:
    """What the plan still wants done, in the plan's order (the same in every plan)."""
    done = {t for step in round_.done for t in step.targets}
    return [step.target for group in round_.plan for step in group if step.target not in done]
