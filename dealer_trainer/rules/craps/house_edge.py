"""Exact expected values and house edges, from the rules core itself.

No payout is re-typed here: a bet is placed on a :class:`Table` and the
table is rolled through all 36 equally likely throws, state by state, until
the bet is decided.  The states of the table form a finite Markov chain
(the table point and the point of every open bet); its absorption values are
solved exactly with :class:`fractions.Fraction`, so a house edge comes out as
``7/495`` for the Pass Line, not as a simulation's estimate.

The instructor statistics use :func:`house_edges`; the tests compare it
with the published figures.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from dealer_trainer.rules.craps.config import CrapsRules
from dealer_trainer.rules.craps.model import Bet, BetKind, Outcome, Roll
from dealer_trainer.rules.craps.table import Table
from dealer_trainer.rules.rulesets import Ruleset

#: The 36 equally likely throws of two dice.
ROLLS = tuple(Roll(a, b) for a in range(1, 7) for b in range(1, 7))
_P_ROLL = Fraction(1, len(ROLLS))
_MAX_STATES = 10_000


@dataclass(frozen=True)
class BetValue:
    """The exact long-run value of one bet.

    ``expected`` is the player's expected net result in money (a win counts
    its exact, unrounded amount; a loss the stake; a push nothing).
    """

    stake: Decimal
    expected: Fraction
    p_win: Fraction
    p_lose: Fraction
    p_push: Fraction

    @property
    def house_edge(self) -> Fraction:
        """The house's expected gain per unit staked, per bet made."""
        return -self.expected / Fraction(self.stake)

    @property
    def house_edge_per_resolved_bet(self) -> Fraction:
        """As :attr:`house_edge`, counting only bets that won or lost (not pushes)."""
        resolved = self.p_win + self.p_lose
        return -self.expected / (Fraction(self.stake) * resolved)


def _key(table: Table) -> Hashable:
    """What the future of a table depends on: the point and the open bets with their points."""
    return (table.point, tuple((s.id, s.point) for s in table.open_bets()))


def bet_value(table: Table, bet: Bet) -> BetValue:
    """The exact value of ``bet`` placed on ``table`` (which may already hold the bets it backs).

    Raises :class:`~dealer_trainer.rules.errors.RulesError` if the bet cannot be made there.
    """
    start = table.place(bet)
    index: dict[Hashable, int] = {_key(start): 0}
    tables = [start]
    # For each transient state (the bet still open): the chance of moving to each
    # transient state, and the absorbed value [net result, win, lose, push].
    rows: list[tuple[dict[int, Fraction], list[Fraction]]] = []
    position = 0
    while position < len(tables):
        current = tables[position]
        moves: dict[int, Fraction] = {}
        absorbed = [Fraction(0)] * 4
        for roll in ROLLS:
            after = current.roll(roll)
            state = after.bet(bet.id)
            if state.is_open:
                key = _key(after)
                if key not in index:
                    if len(tables) >= _MAX_STATES:
                        raise RuntimeError("the table's states do not close into a finite chain")
                    index[key] = len(tables)
                    tables.append(after)
                target = index[key]
                moves[target] = moves.get(target, Fraction(0)) + _P_ROLL
            else:
                absorbed[0] += _P_ROLL * state.net_result
                absorbed[_COLUMN[state.outcome]] += _P_ROLL
        rows.append((moves, absorbed))
        position += 1
    expected, p_win, p_lose, p_push = _solve(rows)
    return BetValue(bet.amount, expected, p_win, p_lose, p_push)


_COLUMN = {Outcome.WIN: 1, Outcome.LOSE: 2, Outcome.PUSH: 3}


def _solve(rows: list[tuple[dict[int, Fraction], list[Fraction]]]) -> list[Fraction]:
    """Solve (I - T) v = b exactly (Gauss-Jordan over Fractions); the values of state 0."""
    size = len(rows)
    width = len(rows[0][1])
    matrix: list[list[Fraction]] = []
    for state, (moves, absorbed) in enumerate(rows):
        row = [Fraction(0)] * size
        row[state] = Fraction(1)
        for target, chance in moves.items():
            row[target] -= chance
        matrix.append(row + list(absorbed))
    for column in range(size):
        pivot = next(r for r in range(column, size) if matrix[r][column] != 0)
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        lead = matrix[column][column]
        matrix[column] = [value / lead for value in matrix[column]]
        for r in range(size):
            factor = matrix[r][column]
            if r != column and factor != 0:
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[column], strict=True)]
    return matrix[0][size : size + width]


def _with_point(table: Table, point: int) -> Table:
    """``table`` after a come-out roll that makes ``point``."""
    first = min(point - 1, 6)
    return table.roll(Roll(first, point - first))


def house_edges(ruleset: Ruleset | CrapsRules) -> Mapping[str, BetValue]:
    """The value of every bet of the ruleset, one unit (or one Big block) staked.

    Keys: ``pass dont_pass come dont_come field hard_4 hard_6 hard_8 hard_10 big7
    eleven any_craps big_4 … big_10`` and ``pass_odds_4`` … ``dont_pass_odds_10``
    (the largest whole odds bet, up to 60 units, that the ruleset allows behind a
    60-unit line bet on that point).
    """
    empty = Table.new(ruleset)
    rules = empty.rules
    unit = Decimal("1.00")
    values: dict[str, BetValue] = {}
    values["pass"] = bet_value(empty, Bet("x", BetKind.PASS, unit))
    values["dont_pass"] = bet_value(empty, Bet("x", BetKind.DONT_PASS, unit))
    values["come"] = bet_value(_with_point(empty, 6), Bet("x", BetKind.COME, unit))
    values["dont_come"] = bet_value(_with_point(empty, 6), Bet("x", BetKind.DONT_COME, unit))
    for kind in (BetKind.FIELD, BetKind.BIG7, BetKind.ELEVEN, BetKind.ANY_CRAPS):
        values[kind.value] = bet_value(empty, Bet("x", kind, unit))
    for number in (4, 6, 8, 10):
        values[f"hard_{number}"] = bet_value(empty, Bet("x", BetKind.HARD, unit, number=number))
    for number in (4, 5, 6, 8, 9, 10):
        block = rules.big[number].units * rules.big_bet_unit
        values[f"big_{number}"] = bet_value(empty, Bet("x", BetKind.BIG, block, number=number))
    for line in (BetKind.PASS, BetKind.DONT_PASS):
        for point in (4, 5, 6, 8, 9, 10):
            table = _with_point(empty.place(Bet("line", line, Decimal(60))), point)
            room = table.odds_room("line")
            stake = Decimal(60) if room is None else min(Decimal(60), Decimal(int(room)))
            odds = Bet("x", BetKind.ODDS, stake, on="line")
            values[f"{line.value}_odds_{point}"] = bet_value(table, odds)
    return values
