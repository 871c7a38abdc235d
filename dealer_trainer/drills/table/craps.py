"""Craps at the live table: a shooter's hand, the players' bets, the throw to settle.

A round's table is built as it is played: line bets on a come-out roll, the
point, odds within the Art. 2(2) cap, come bets travelling to their points,
and the one-roll and hard-way bets that players make on any roll (Art. 12).
Every bet is checked by the rules core as it is placed (``Table.verify_placing``:
a bet it refuses is not made); the round is the dealer's work after the last throw.

A table dealt from a seed alone (:func:`situation`) is a shooter's hand under way,
as a dealer finds it on coming on to a table (and as an exam's rounds are dealt,
each at a table of its own).  In practice the table goes on (:func:`following`):
the next round's request is the previous round's, the players' new bets between
the throws (odds behind a point, come bets, one-roll bets), and the next throw;
after a seven-out the layout is clear, and a new shooter comes out at the same
table.  :func:`shooter` says where the hand stands at a round's throw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from dealer_trainer.drills.craps import big_readings
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import Seat, Situation
from dealer_trainer.rules.craps import api
from dealer_trainer.rules.craps.model import POINT_NUMBERS, SEVEN, BetKind, Roll
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import Text

_PLAYERS = {
    Difficulty.BEGINNER: (1, 1),
    Difficulty.INTERMEDIATE: (2, 3),
    Difficulty.ADVANCED: (3, 6),
}
_UNIT = {Difficulty.BEGINNER: 10, Difficulty.INTERMEDIATE: 25, Difficulty.ADVANCED: 50}
#: The largest odds bet per unit of line bet (Art. 2(2): the odds win never exceeds the line bet).
_ODDS_CAP = {4: Fraction(1, 2), 10: Fraction(1, 2), 5: Fraction(2, 3), 9: Fraction(2, 3),
             6: Fraction(5, 6), 8: Fraction(5, 6)}  # fmt: skip
_PROPS = {
    Difficulty.BEGINNER: ("field",),
    Difficulty.INTERMEDIATE: ("field", "hard", "big"),
    Difficulty.ADVANCED: ("field", "hard", "big", "big7", "eleven", "any_craps"),
}
#: Between throws: how many come and don't come bets a player keeps working at most.
_COME_BETS = {Difficulty.BEGINNER: 0, Difficulty.INTERMEDIATE: 2, Difficulty.ADVANCED: 3}


def situation(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> Situation:
    """A table dealt from the seed alone: a shooter's hand under way, then the throw."""
    rng = random.Random(seed)
    seats = tuple(
        Seat(player=f"p{n}", position=position)
        for n, position in enumerate(
            sorted(rng.sample(range(1, 11), rng.randint(*_PLAYERS[difficulty]))), start=1
        )
    )
    table = _Table(ruleset, rng, difficulty)
    for seat in seats:
        table.bet(seat.player, rng.choice(("pass", "pass", "pass", "dont_pass")))
    if difficulty is not Difficulty.BEGINNER or rng.random() < 0.6:
        table.roll_a_point()
        for seat in seats:
            table.take_odds(seat.player)
            if difficulty is not Difficulty.BEGINNER and rng.random() < 0.5:
                table.bet(seat.player, rng.choice(("come", "come", "dont_come")))
        if difficulty is Difficulty.ADVANCED and rng.random() < 0.6:
            table.roll_keeping_the_point()
            for seat in seats:
                table.take_odds(seat.player)
    for seat in seats:
        if rng.random() < 0.7:
            table.bet(seat.player, rng.choice(_PROPS[difficulty]))
    table.roll()
    return Situation(game=Game.CRAPS, request=table.request(), seats=seats)


def following(
    ruleset: Ruleset, seed: int, difficulty: Difficulty, previous: Situation
) -> Situation:
    """The next throw at the table ``previous`` left, drawn from ``seed``: the bets its
    throw left open stay where they are, the same players add their bets between the
    throws, and the shooter throws again.  After a seven-out every bet is decided and a
    new shooter comes out: a new hand, its history starting afresh."""
    rng = random.Random(f"craps-next-{seed}")
    new_shooter = shooter(previous.request, ruleset).seven_out
    table = _Table(ruleset, rng, difficulty, () if new_shooter else previous.request["events"])
    table.sides = _sides(previous.request)
    for seat in previous.seats:
        table.between_throws(seat.player)
    if not table.play.open_bets():  # a throw with nothing on the layout is no round to deal
        table.bet(rng.choice(previous.seats).player, table.a_bet_now())
    table.roll()
    return Situation(game=Game.CRAPS, request=table.request(), seats=previous.seats)


def _sides(request: Mapping[str, Any]) -> dict[str, str]:
    """Each player's line bet so far (pass or don't pass): a player keeps to their side."""
    sides = {}
    for event in request["events"]:
        bet = event.get("bet")
        if isinstance(bet, Mapping) and bet.get("kind") in ("pass", "dont_pass"):
            sides[str(bet["id"]).rsplit("-", 1)[0]] = str(bet["kind"])
    return sides


@dataclass(frozen=True)
class Shooter:
    """Where the shooter's hand stands at a round's throw (the request's last roll)."""

    throw: int  # the throw's place in the shooter's hand, the come-out roll that began it 1
    point: int | None  # the point when the dice landed (None: a come-out roll)
    total: int  # what the throw shows

    @property
    def come_out(self) -> bool:
        return self.point is None

    @property
    def seven_out(self) -> bool:
        """A seven with a point on: the line bets lose, the dice pass to a new shooter."""
        return self.point is not None and self.total == SEVEN

    @property
    def point_made(self) -> bool:
        return self.point is not None and self.total == self.point

    @property
    def point_after(self) -> int | None:
        """The point once the throw is settled (None: the puck OFF, a come-out roll next)."""
        if self.point is None:
            return self.total if self.total in POINT_NUMBERS else None
        return None if self.total in (self.point, SEVEN) else self.point


def shooter(request: Mapping[str, Any], ruleset: Ruleset) -> Shooter:
    """Where the hand stands at the request's last throw: the point is the rules core's
    (the table replayed up to the throw), the throws are the valid rolls of the hand."""
    events = list(request["events"])
    rolls = [n for n, event in enumerate(events) if isinstance(event.get("roll"), list)]
    if not rolls:
        raise ValueError("the request has no throw")
    before = api.replay({**request, "events": events[: rolls[-1]]}, ruleset)
    first, second = events[rolls[-1]]["roll"]
    return Shooter(throw=len(rolls), point=before.point, total=int(first) + int(second))


def readings(request: Mapping[str, Any], ruleset: Ruleset, step: Step) -> tuple[Text, ...]:
    """What a right step rests on beyond the article's words: a Big bet's win paid by the
    ruleset's reading of Arts. 9 to 11 (its unit, a remainder, a Big 4/10 under its block)."""
    if step.action is not Action.PAY or step.target.bet is None:
        return ()
    table = api.replay(request, ruleset)
    state = table.bet(str(step.target.bet))
    if state.kind is not BetKind.BIG or state.bet.number is None:
        return ()
    return tuple(big_readings(table, table.big_parts(state.bet.amount, state.bet.number)))


class _Table:
    """The history being built, on the rules core's table as it stands: each bet is
    checked as it is placed (``verify_placing``), and a bet the table refuses is not made."""

    def __init__(
        self,
        ruleset: Ruleset,
        rng: random.Random,
        difficulty: Difficulty,
        events: Any = (),
    ) -> None:
        self.ruleset, self.rng, self.difficulty = ruleset, rng, difficulty
        self.events: list[dict[str, Any]] = list(events)
        self.play = api.replay(self.request(), ruleset).playing()
        # Bet ids are ``<player>-<n>``: the next n follows the largest on the table.
        self.count = max((_number_of(str(s.id)) for s in self.play.bets), default=0)
        self.sides: dict[str, str] = {}  # each player's line bet so far

    def request(self) -> dict[str, Any]:
        return {"game": Game.CRAPS, "ruleset": self.ruleset.id, "events": list(self.events)}

    def bet(self, player: str, kind: str, **extra: Any) -> bool:
        """Place a bet if the table takes it now (whether it did)."""
        self.count += 1
        amount = extra.pop("amount", Decimal(_UNIT[self.difficulty] * self.rng.randint(1, 6)))
        bet: dict[str, Any] = {
            "id": f"{player}-{self.count}",
            "kind": kind,
            "amount": f"{amount:.2f}",
        }
        if kind == "hard":
            bet["number"] = self.rng.choice((4, 6, 8, 10))
        elif kind == "big":
            bet["number"] = self.rng.choice((6, 8))
        bet.update(extra)
        try:
            self.play.place(api.read_bet(bet, "bet"))
        except RulesError:
            return False  # not a bet this table accepts now (e.g. a come bet on a come-out)
        self.events.append({"bet": bet})
        return True

    def _mine(self, player: str) -> list[Any]:
        """The player's bets still on the layout, in placement order."""
        return [s for s in self.play.open_bets() if str(s.id).startswith(f"{player}-")]

    def take_odds(self, player: str) -> None:
        """Odds behind each of the player's bets that has its point, up to the cap."""
        for state in [s for s in self.play.bets if str(s.id).startswith(f"{player}-")]:
            kind = state.kind
            if kind is BetKind.ODDS:
                continue
            if kind in (BetKind.COME, BetKind.DONT_COME):
                number = state.point
            elif kind in (BetKind.PASS, BetKind.DONT_PASS):
                number = self.play.point
            else:
                number = None
            if not state.is_open or number is None or self.rng.random() < 0.4:
                continue
            line = state.bet.amount
            if not kind.is_dont:
                cap = line * _ODDS_CAP[number].numerator / _ODDS_CAP[number].denominator
            else:
                cap = line  # the text sets no limit on the don't side's odds
            step = {4: 1, 10: 1, 5: 2, 9: 2, 6: 5, 8: 5}[number]
            largest = int(cap) // step * step
            if largest >= step:
                amount = Decimal(self.rng.randrange(step, largest + 1, step))
                self.bet(player, "odds", on=state.id, amount=amount)

    def between_throws(self, player: str) -> None:
        """What a player does before the next throw: a line bet for a come-out roll; with a
        point on, odds behind a bet that has just got its point, and now and then a come
        bet; on any roll, a one-roll bet or a hard way or Big bet (Art. 12)."""
        rng, mine = self.rng, self._mine(player)
        if self.play.is_come_out:
            lined = any(s.kind in (BetKind.PASS, BetKind.DONT_PASS) for s in mine)
            if not lined and rng.random() < 0.9:
                side = self.sides.get(player)
                if side is None or rng.random() < 0.1:
                    side = rng.choice(("pass", "pass", "pass", "dont_pass"))
                self.bet(player, side)
        else:
            for state in mine:  # odds behind a bet that has just got its point
                with_point = state.kind.is_line and state.point is not None
                if with_point and not self.play.odds_on(state.id) and rng.random() < 0.6:
                    self._odds_behind(player, state)
            coming = sum(s.kind in (BetKind.COME, BetKind.DONT_COME) for s in mine)
            if coming < _COME_BETS[self.difficulty] and rng.random() < 0.4:
                self.bet(player, rng.choice(("come", "come", "dont_come")))
        if rng.random() < 0.6:
            kind = rng.choice(_PROPS[self.difficulty])
            number = {"hard": (4, 6, 8, 10), "big": (6, 8)}.get(kind)
            if number is None:
                self.bet(player, kind)
                return
            chosen = rng.choice(number)
            if not any(s.kind.value == kind and s.bet.number == chosen for s in mine):
                self.bet(player, kind, number=chosen)  # a player adds to one, not a second

    def a_bet_now(self) -> str:
        """A bet a player may make now: a line bet for a come-out roll, else a field bet."""
        if self.play.is_come_out:
            return self.rng.choice(("pass", "pass", "pass", "dont_pass"))
        return "field"

    def _odds_behind(self, player: str, state: Any) -> None:
        """Odds behind the player's line or come bet, in stakes whose win is whole, up to
        the largest the table takes (the don't side: up to the line bet)."""
        point, dont = int(state.point), state.kind.is_dont
        ratio = self.play.rules.odds_ratio(dont, point)
        step = ratio.denominator
        room = self.play.odds_room(state.id)
        cap = Fraction(state.bet.amount) if room is None else room
        if dont:
            cap = min(cap, Fraction(state.bet.amount))
        largest = int(cap) // step * step
        if largest >= step:
            amount = Decimal(self.rng.randrange(step, largest + 1, step))
            self.bet(player, "odds", on=state.id, amount=amount)

    def roll_a_point(self) -> None:
        point = self.rng.choice((4, 5, 6, 8, 9, 10))
        self._throw(_dice(self.rng, point))

    def roll_keeping_the_point(self) -> None:
        point = self.play.point
        total = self.rng.choice([t for t in (4, 5, 6, 8, 9, 10) if t != point])
        self._throw(_dice(self.rng, total))

    def roll(self) -> None:
        self._throw([self.rng.randint(1, 6), self.rng.randint(1, 6)])

    def _throw(self, dice: list[int]) -> None:
        self.play.roll(Roll(dice[0], dice[1]))
        self.events.append({"roll": dice})


def _number_of(bet_id: str) -> int:
    """The n of a bet id ``<player>-<n>`` (0 for an id of another form)."""
    tail = bet_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _dice(rng: random.Random, total: int) -> list[int]:
    first = rng.choice([d for d in range(1, 7) if 1 <= total - d <= 6])
    return [first, total - first]
