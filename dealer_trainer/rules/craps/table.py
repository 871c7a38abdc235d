"""The craps table as a state machine over throws.

:class:`Table` is an immutable record: the table point, every bet with its
own state, and the events so far.  :meth:`Table.place` and :meth:`Table.roll`
return a new table, so the felt and the drills can replay a shooter's hand
event by event and show the point, each bet's come point and its odds after
every step.  As in pokerkit, each act comes as a trio: ``verify_placing``
raises :class:`~dealer_trainer.rules.errors.RulesError` citing the article
that forbids the bet, ``can_place`` answers a bool, ``place`` acts.

Decisions (Portaria n.º 97/85/M; ``craps-2010`` cites its own Art. 2(2) for
the line bets):

- Art. 1: an invalid throw (a die off the table) decides nothing.
- Arts. 2(1), 2(3): Pass and Come win on a first roll of 7 or 11, lose on
  2, 3 or 12, else take that number as their point; then win on the point and
  lose on 7.
- Arts. 3(1), 3(3): Don't Pass and Don't Come win on 2 or 3, tie on 12
  («empatando»; the 2010 text's "bar": neither wins nor loses), lose on 7 or
  11, else take their point; then lose on the point and win on 7.  A tie
  decides nothing: the bet stays where it is, untouched, and the next throw is
  again its first (:attr:`BetState.ties` records the throw).
- Arts. 2(2), 3(2): odds are decided with the bet they back, at the ratio of
  its point.
- Arts. 4 to 11: field, hard ways, Big 7, Eleven, Any Craps and the Big bets.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps.config import (
    PAIRS,
    BigBetPart,
    CrapsRules,
    OddsLimit,
    OddsOnComeOut,
)
from dealer_trainer.rules.craps.model import (
    BIG_NUMBERS,
    CRAPS_NUMBERS,
    ELEVEN,
    HARD_NUMBERS,
    POINT_NUMBERS,
    SEVEN,
    Bet,
    BetKind,
    BetState,
    Decision,
    InvalidThrow,
    Outcome,
    Roll,
    Throw,
)
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import MAX_AMOUNT, ZERO, fmt, to_cents
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import T

Event = Bet | Throw


@dataclass(frozen=True)
class BigWin:
    """A Big 6/8, 5/9 or 4/10 win, part by part (Arts. 9 to 11).

    ``blocks`` full blocks of ``block`` win at ``ratio``; the ``rest`` (the
    whole bet when it is under one block) wins at ``short_ratio``.
    ``interpretation`` is the setting's article when the answer rests on a
    reading of the text rather than its words: a remainder over full blocks
    (``big_bet_remainder``), or a Big 4/10 bet under its block
    (``big_4_10_short_bet``); ``None`` when the text fixes the win itself.
    """

    number: int
    block: Decimal
    blocks: int
    block_win: Fraction
    rest: Decimal
    rest_win: Fraction
    ratio: Fraction
    short_ratio: Fraction
    citation: Citation
    interpretation: Citation | None

    @property
    def exact_win(self) -> Fraction:
        return self.block_win + self.rest_win


_NAMES = {
    BetKind.PASS: "Pass Line",
    BetKind.DONT_PASS: "Don't Pass",
    BetKind.COME: "Come",
    BetKind.DONT_COME: "Don't Come",
    BetKind.ODDS: "odds",
    BetKind.FIELD: "Field",
    BetKind.HARD: "hard way",
    BetKind.BIG7: "Big 7",
    BetKind.ELEVEN: "Eleven",
    BetKind.ANY_CRAPS: "Any Craps",
    BetKind.BIG: "Big",
}


def bet_name(kind: BetKind) -> str:
    """The layout's name of a bet kind, for messages."""
    return _NAMES[kind]


class _Queries:
    """What a table answers and how it decides, read from its state; shared by the immutable
    :class:`Table` and the :class:`Play` that applies events to a copy of it in place."""

    rules: CrapsRules
    point: int | None
    bets: Sequence[BetState]
    events: Sequence[Event]
    _positions: Mapping[str, int]
    _open: Collection[int]
    _odds: Mapping[str, Sequence[int]]

    # ------------------------------------------------------------ queries --

    @property
    def is_come_out(self) -> bool:
        """No point is on: the next valid throw is a come-out roll."""
        return self.point is None

    @property
    def next_event(self) -> int:
        """The index the next event will have."""
        return len(self.events)

    def bet(self, bet_id: str) -> BetState:
        """The bet with this id (``KeyError`` if there is none)."""
        return self.bets[self._positions[bet_id]]

    def has_bet(self, bet_id: str) -> bool:
        return bet_id in self._positions

    def odds_on(self, bet_id: str) -> tuple[BetState, ...]:
        """The odds bets that back the bet ``bet_id``, in placement order."""
        return tuple(self.bets[index] for index in self._odds.get(bet_id, ()))

    def open_bets(self) -> tuple[BetState, ...]:
        """The bets still waiting for a decision, in placement order."""
        return tuple(self.bets[index] for index in sorted(self._open))

    def decided_by(self, event: int) -> tuple[BetState, ...]:
        """The bets the event with index ``event`` decided."""
        return tuple(s for s in self.bets if s.decided_at == event)

    def odds_room(self, bet_id: str) -> Fraction | None:
        """The largest odds amount still allowed on ``bet_id``, exactly (None: no limit).

        Art. 2(2): the odds' win may never exceed the line bet; several odds
        bets on one line bet add up.  The exact amount may have fractions of a
        cent (5/6 of the line on 6 and 8); a stake must not exceed it.
        """
        backed = self.bet(bet_id)
        if backed.point is None or not backed.kind.is_line or not backed.is_open:
            return Fraction(0)
        limit = self.rules.lay_odds_limit if backed.kind.is_dont else self.rules.odds_limit
        if limit is OddsLimit.NONE:
            return None
        ratio = self.rules.odds_ratio(backed.kind.is_dont, backed.point)
        taken = sum((Fraction(s.bet.amount) * ratio for s in self.odds_on(bet_id)), Fraction(0))
        return max(Fraction(0), (Fraction(backed.bet.amount) - taken) / ratio)

    # ------------------------------------------------------------ placing --

    def verify_placing(self, bet: Bet) -> None:
        """Raise :class:`RulesError` (citing the article) if ``bet`` cannot be made now."""
        rules = self.rules
        if not isinstance(bet.amount, Decimal) or not bet.amount.is_finite():
            raise RulesError(
                "invalid_amount", f"The amount of bet {bet.id!r} is not a decimal amount."
            )
        if bet.amount < 0:
            raise RulesError("negative_amount", f"The amount of bet {bet.id!r} cannot be negative.")
        if bet.amount > MAX_AMOUNT:
            raise RulesError(
                "invalid_amount", f"The amount of bet {bet.id!r} is larger than any table accepts."
            )
        if bet.amount != bet.amount.quantize(Decimal("0.01")):
            raise RulesError(
                "invalid_amount", f"The amount of bet {bet.id!r} has more than two decimal places."
            )
        if self.has_bet(bet.id):
            raise RulesError(
                "duplicate_bet_id", f"There is already a bet with the id {bet.id!r} on this table."
            )
        if bet.on is not None and bet.kind is not BetKind.ODDS:
            raise RulesError(
                "invalid_request",
                f'Only an odds bet backs another bet; a {bet_name(bet.kind)} bet has no "on".',
            )
        if bet.number is not None and not bet.kind.takes_number:
            raise RulesError(
                "invalid_request",
                f"A {bet_name(bet.kind)} bet is not made on a number; "
                "only hard ways and Big bets are.",
            )
        kind = bet.kind
        if kind is BetKind.PASS or kind is BetKind.DONT_PASS:
            if not self.is_come_out:
                # The text decides these bets on their first throw; that they are made only
                # before a come-out roll is the ruleset's reading (line_bet_timing).
                raise RulesError(
                    "bet_not_allowed_now",
                    T(
                        "A {bet} bet is made before a come-out roll only, and the point is "
                        "{point}: an interpretation (a setting of the ruleset): the text "
                        "decides the bet on its first throw and does not say when it may be "
                        "made.",
                        bet=bet_name(kind),
                        point=self.point or 0,
                    ),
                    rules.cite(kind.value),
                )
        elif kind is BetKind.COME or kind is BetKind.DONT_COME:
            if self.is_come_out:
                raise RulesError(
                    "no_point",
                    f"A {bet_name(kind)} bet is accepted once a point is established, "
                    "and no point is on.",
                    rules.cite(kind.value),
                )
        elif kind is BetKind.ODDS:
            self._verify_odds(bet)
        elif kind is BetKind.HARD:
            if bet.number not in HARD_NUMBERS:
                raise RulesError(
                    "invalid_request",
                    f"A hard-way bet is on 4, 6, 8 or 10, not {bet.number}.",
                    rules.cite("hard"),
                )
        elif kind is BetKind.BIG:
            self._verify_big(bet)

    def _verify_odds(self, bet: Bet) -> None:
        rules = self.rules
        if bet.on is None:
            raise RulesError(
                "invalid_request",
                'An odds bet must say which line or come bet it backs ("on").',
                rules.cite("pass_odds"),
            )
        if not self.has_bet(bet.on):
            raise RulesError(
                "unknown_bet",
                f"There is no bet {bet.on!r} on the table for these odds to back.",
                rules.cite("pass_odds"),
            )
        backed = self.bet(bet.on)
        if not backed.kind.is_line:
            raise RulesError(
                "bet_not_allowed_now",
                f"Odds back a Pass Line, Don't Pass, Come or Don't Come bet, "
                f"not a {bet_name(backed.kind)} bet.",
                rules.cite("pass_odds"),
            )
        odds_rule = f"{backed.kind.value}_odds"
        if not backed.is_open:
            raise RulesError(
                "bet_not_allowed_now",
                f"The {bet_name(backed.kind)} bet {backed.id!r} is already decided "
                "and can take no odds.",
                rules.cite(odds_rule),
            )
        if backed.point is None:
            raise RulesError(
                "no_point",
                f"Odds are taken once the {bet_name(backed.kind)} bet {backed.id!r} has its point, "
                "and it has none yet.",
                rules.cite(odds_rule),
            )
        room = self.odds_room(backed.id)
        if room is not None and Fraction(bet.amount) > room:
            setting = "lay_odds_limit" if backed.kind.is_dont else "odds_limit"
            already = " with the odds already taken" if self.odds_on(backed.id) else ""
            raise RulesError(
                "odds_over_limit",
                f"Odds of {fmt(bet.amount)} on {backed.point} would win more than the "
                f"{fmt(backed.bet.amount)} {bet_name(backed.kind)} bet{already}; "
                f"the largest odds bet now is {fmt(to_cents(room))}.",
                rules.setting_citation(setting, odds_rule),
            )

    def _verify_big(self, bet: Bet) -> None:
        rules = self.rules
        if bet.number not in BIG_NUMBERS:
            raise RulesError(
                "invalid_request",
                f"A Big bet is on 4, 5, 6, 8, 9 or 10, not {bet.number}.",
                rules.cite("big_6_8"),
            )
        block = rules.big[bet.number]
        block_amount = block.units * rules.big_bet_unit
        whole, rest = divmod(bet.amount, block_amount)
        if bet.amount < block_amount and bet.number in (4, 10):
            if rules.big_4_10_short_bet is BigBetPart.REFUSED:
                raise RulesError(
                    "bet_not_allowed_now",
                    f"A Big {bet.number} bet is at least {block_amount} under this ruleset.",
                    rules.setting_citation("big_4_10_short_bet", "big_4_10"),
                )
        elif whole >= 1 and rest and rules.big_bet_remainder is BigBetPart.REFUSED:
            raise RulesError(
                "bet_not_allowed_now",
                f"A Big {bet.number} bet above {block_amount} is a multiple of {block_amount} "
                "under this ruleset.",
                rules.setting_citation("big_bet_remainder", block_rule(bet.number)),
            )

    def placing_citation(self, bet: Bet) -> Citation:
        """The article that says whether ``bet`` may be made now, for a yes as much as a no.

        Line and come bets: their own article; odds: the odds article of the bet
        they back; the bets of Arts. 4 to 11: Art. 12 ("em todas as jogadas").
        """
        rules = self.rules
        if bet.kind.is_line:
            return rules.cite(bet.kind.value)
        if bet.kind is BetKind.ODDS:
            if bet.on is not None and self.has_bet(bet.on) and self.bet(bet.on).kind.is_line:
                return rules.cite(f"{self.bet(bet.on).kind.value}_odds")
            return rules.cite("pass_odds")
        return rules.cite("every_roll")

    def can_place(self, bet: Bet) -> bool:
        try:
            self.verify_placing(bet)
        except RulesError:
            return False
        return True

    def _governing(self, bet: Bet) -> Citation:
        rules = self.rules
        if bet.kind is BetKind.ODDS:
            assert bet.on is not None
            return rules.cite(f"{self.bet(bet.on).kind.value}_odds")
        if bet.kind is BetKind.BIG:
            assert bet.number is not None
            return rules.big[bet.number].citation
        return rules.cite(bet.kind.value)

    def _decide(self, state: BetState, roll: Roll, index: int) -> BetState:
        kind, total, rules = state.kind, roll.total, self.rules
        if kind.is_line:
            return self._decide_line(state, roll, index)
        if kind is BetKind.FIELD:
            ratio = rules.field.get(total)
            return self._settle(state, index, ratio is not None, ratio or Fraction(0))
        if kind is BetKind.BIG7:
            return self._settle(state, index, total == SEVEN, rules.big7)
        if kind is BetKind.ELEVEN:
            return self._settle(state, index, total == ELEVEN, rules.eleven)
        if kind is BetKind.ANY_CRAPS:
            return self._settle(state, index, total in CRAPS_NUMBERS, rules.any_craps)
        number = state.bet.number
        assert number is not None
        if kind is BetKind.HARD:
            if total == number and roll.is_pair:
                return self._settle(state, index, True, rules.hard[number])
            if total in (number, SEVEN):  # thrown easy, or a seven
                return self._settle(state, index, False, Fraction(0))
            return state
        # Big 6/8, 5/9, 4/10 (Arts. 9 to 11): the number against 7.
        if total == number:
            return self._win(state, index, self.big_win(state.bet.amount, number))
        if total == SEVEN:
            return self._lose(state, index)
        return state

    def big_win(self, amount: Decimal, number: int) -> Fraction:
        """The exact win of a Big bet: full blocks at its ratio, the rest 1 to 1 (Arts. 9 to 11)."""
        return self.big_parts(amount, number).exact_win

    def big_parts(self, amount: Decimal, number: int) -> BigWin:
        """How a Big bet on ``number`` wins: its full blocks, the rest, and what that rests on."""
        rules = self.rules
        block = rules.big[number]
        block_amount = block.units * rules.big_bet_unit
        blocks = int(amount // block_amount)
        rest = amount - blocks * block_amount
        reading: Citation | None = None
        if blocks and rest:  # the text fixes one block and a bet under it, not a remainder
            reading = rules.setting_citation("big_bet_remainder", block_rule(number))
        elif not blocks and number in (4, 10):  # Art. 11 says nothing of a bet under 5 units
            reading = rules.setting_citation("big_4_10_short_bet", "big_4_10")
        return BigWin(
            number=number,
            block=block_amount,
            blocks=blocks,
            block_win=Fraction(blocks * block_amount) * block.ratio,
            rest=rest,
            rest_win=Fraction(rest) * block.short_ratio,
            ratio=block.ratio,
            short_ratio=block.short_ratio,
            citation=block.citation,
            interpretation=reading,
        )

    def _decide_line(self, state: BetState, roll: Roll, index: int) -> BetState:
        total, dont = roll.total, state.kind.is_dont
        ratio = self.rules.line_ratio[state.kind]
        if state.point is None:  # its first roll: a come-out roll, or the come roll
            if total in POINT_NUMBERS:
                return replace(state, point=total)
            if total == 12 and dont:  # «empatando» (craps-2010: "bar"): it decides nothing
                return replace(state, ties=(*state.ties, index))
            player_wins = total in (SEVEN, ELEVEN)
            return self._settle(state, index, player_wins != dont, ratio)
        if total == state.point:
            return self._settle(state, index, not dont, ratio)
        if total == SEVEN:
            return self._settle(state, index, dont, ratio)
        return state

    def _decide_odds(
        self, state: BetState, backed: BetState, index: int, *, come_out: bool
    ) -> BetState:
        decision = backed.decision
        if decision is None or decision.event != index:
            return state
        citation = state.governing
        if (
            come_out
            and backed.kind is BetKind.COME
            and self.rules.odds_on_come_out is OddsOnComeOut.COME_ODDS_OFF
        ):
            citation = self.rules.setting_citation("odds_on_come_out", "come_odds")
            return self._push(state, index, citation)
        if decision.outcome is Outcome.WIN:
            assert state.point is not None
            ratio = self.rules.odds_ratio(backed.kind.is_dont, state.point)
            return self._win(state, index, Fraction(state.bet.amount) * ratio, citation)
        # A line or come bet is decided by a win or a loss only (a tie leaves it open).
        assert decision.outcome is Outcome.LOSE, decision.outcome
        return self._lose(state, index, citation)

    # ---------------------------------------------------------- decisions --

    def _settle(self, state: BetState, index: int, won: bool, ratio: Fraction) -> BetState:
        if won:
            return self._win(state, index, Fraction(state.bet.amount) * ratio)
        return self._lose(state, index)

    def _win(
        self, state: BetState, index: int, exact: Fraction, citation: Citation | None = None
    ) -> BetState:
        decision = Decision(
            outcome=Outcome.WIN,
            win=to_cents(exact, self.rules.rounding),
            returned=state.bet.amount,
            exact_win=exact,
            event=index,
            citation=citation or state.governing,
        )
        return replace(state, decision=decision)

    def _lose(self, state: BetState, index: int, citation: Citation | None = None) -> BetState:
        decision = Decision(
            outcome=Outcome.LOSE,
            win=ZERO,
            returned=ZERO,
            exact_win=Fraction(0),
            event=index,
            citation=citation or state.governing,
        )
        return replace(state, decision=decision)

    def _push(self, state: BetState, index: int, citation: Citation | None = None) -> BetState:
        decision = Decision(
            outcome=Outcome.PUSH,
            win=ZERO,
            returned=state.bet.amount,
            exact_win=Fraction(0),
            event=index,
            citation=citation or state.governing,
        )
        return replace(state, decision=decision)


@dataclass(frozen=True)
class Table(_Queries):
    """One craps table: the point, the bets in placement order, and the events so far."""

    rules: CrapsRules
    point: int | None = None
    bets: tuple[BetState, ...] = ()
    events: tuple[Event, ...] = ()
    # Indexes into ``bets``, kept with each new table so that an event costs
    # time for the open bets only, however long the history grows.
    _positions: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    _open: tuple[int, ...] = field(default=(), repr=False, compare=False)
    _odds: Mapping[str, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self._positions) != len(self.bets):  # built by hand: index the bets once
            positions = {state.id: index for index, state in enumerate(self.bets)}
            if len(positions) != len(self.bets):
                raise RulesError("duplicate_bet_id", "Two bets on this table have the same id.")
            odds: dict[str, tuple[int, ...]] = {}
            for index, state in enumerate(self.bets):
                if state.kind is BetKind.ODDS and state.bet.on is not None:
                    odds[state.bet.on] = (*odds.get(state.bet.on, ()), index)
            is_open = tuple(index for index, state in enumerate(self.bets) if state.is_open)
            object.__setattr__(self, "_positions", positions)
            object.__setattr__(self, "_open", is_open)
            object.__setattr__(self, "_odds", odds)

    @classmethod
    def new(cls, ruleset: Ruleset | CrapsRules) -> Table:
        """An empty table waiting for a come-out roll."""
        rules = ruleset if isinstance(ruleset, CrapsRules) else CrapsRules.from_ruleset(ruleset)
        return cls(rules)

    def place(self, bet: Bet) -> Table:
        """The table with ``bet`` on it; raises :class:`RulesError` if it cannot be made now."""
        play = Play(self)
        play.place(bet)
        return play.table()

    def roll(self, throw: Throw) -> Table:
        """The table after a throw: every bet it decides, and the new point."""
        play = Play(self)
        play.roll(throw)
        return play.table()

    def playing(self) -> Play:
        """A copy of the table to apply many events to in place (``place``, ``roll``), then
        :meth:`Play.table`: each event costs the bets it can touch, not the whole history,
        so a long shooter's hand settles in linear time."""
        return Play(self)


def _watched(state: BetState) -> tuple[int, ...] | None:
    """The totals that can change an open bet (None: every roll can); odds follow their bet."""
    kind = state.kind
    if kind is BetKind.ODDS:
        return ()
    if kind in (BetKind.FIELD, BetKind.BIG7, BetKind.ELEVEN, BetKind.ANY_CRAPS):
        return None  # one-roll bets
    if kind.is_line:
        return None if state.point is None else (state.point, SEVEN)
    assert state.bet.number is not None  # hard ways and Big bets: the number against 7
    return (state.bet.number, SEVEN)


class Play(_Queries):
    """A table being played, in place: the one implementation of placing and rolling.

    It indexes the open bets by the totals that can change them, so a roll looks at
    the one-roll bets, the bets still waiting for their first roll and the bets on
    its total (or on 7), never at the whole history.
    """

    def __init__(self, table: Table) -> None:
        self.rules = table.rules
        self.point = table.point
        self.bets: list[BetState] = list(table.bets)
        self.events: list[Event] = list(table.events)
        self._positions: dict[str, int] = dict(table._positions)
        self._open: set[int] = set(table._open)
        self._odds: dict[str, list[int]] = {k: list(v) for k, v in table._odds.items()}
        self._every_roll: set[int] = set()
        self._on_total: dict[int, set[int]] = {}
        for position in self._open:
            self._index(position)

    def table(self) -> Table:
        return Table(
            self.rules,
            self.point,
            tuple(self.bets),
            tuple(self.events),
            self._positions,
            tuple(sorted(self._open)),
            {k: tuple(v) for k, v in self._odds.items()},
        )

    def _index(self, position: int) -> None:
        watched = _watched(self.bets[position])
        if watched is None:
            self._every_roll.add(position)
        else:
            for total in watched:
                self._on_total.setdefault(total, set()).add(position)

    def _unindex(self, position: int) -> None:
        watched = _watched(self.bets[position])
        if watched is None:
            self._every_roll.discard(position)
        else:
            for total in watched:
                self._on_total[total].discard(position)

    def place(self, bet: Bet) -> None:
        self.verify_placing(bet)
        point: int | None = None
        citation = self._governing(bet)
        if bet.kind is BetKind.ODDS:
            assert bet.on is not None
            point = self.bet(bet.on).point
        position = len(self.bets)
        self.bets.append(
            BetState(bet=bet, placed_at=len(self.events), point=point, governing=citation)
        )
        self.events.append(bet)
        self._positions[bet.id] = position
        self._open.add(position)
        if bet.on is not None:
            self._odds.setdefault(bet.on, []).append(position)
        self._index(position)

    def roll(self, throw: Throw) -> None:
        index = len(self.events)
        if isinstance(throw, InvalidThrow):  # Art. 1: repeated, no decision on any bet
            self.events.append(throw)
            return
        if not isinstance(throw, Roll):
            raise RulesError("invalid_roll", f"{throw!r} is not a throw of two dice.")
        come_out = self.is_come_out
        touched = sorted(self._every_roll | self._on_total.get(throw.total, set()))
        decided: list[int] = []
        for position in touched:
            before = self.bets[position]
            after = self._decide(before, throw, index)
            if after is before:
                continue
            self._unindex(position)
            self.bets[position] = after
            if after.is_open:  # a line or come bet's first roll: it has its point now
                self._index(position)
            else:
                self._open.discard(position)
                decided.append(position)
        # Odds are decided with the bet they back (Arts. 2(2), 3(2)).
        for backed_position in decided:
            backed = self.bets[backed_position]
            for position in self._odds.get(backed.id, ()):
                state = self.bets[position]
                if state.is_open:
                    self.bets[position] = self._decide_odds(state, backed, index, come_out=come_out)
                    if not self.bets[position].is_open:
                        self._open.discard(position)
        if self.point is None:
            if throw.total in POINT_NUMBERS:
                self.point = throw.total
        elif throw.total in (self.point, SEVEN):
            self.point = None
        self.events.append(throw)


def block_rule(number: int) -> str:
    """The rule name of the Big bet on ``number``: ``big_6_8``."""
    return f"big_{PAIRS[number]}"
