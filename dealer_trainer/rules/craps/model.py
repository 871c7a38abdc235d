"""The typed records of craps: bet kinds, throws, bets and decisions.

Every record is frozen; the table (:mod:`.table`) changes by returning a new
record, so a drill or the felt can keep each state of a shooter's hand.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import Final

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError

#: The numbers that become a point (Art. 2(1), Art. 3(1)).
POINT_NUMBERS: Final = frozenset({4, 5, 6, 8, 9, 10})
#: Craps on a come-out or come roll (Art. 2(1)); also the Any Craps numbers (Art. 8).
CRAPS_NUMBERS: Final = frozenset({2, 3, 12})
#: The numbers a hard-way bet can be made on (Art. 5).
HARD_NUMBERS: Final = frozenset({4, 6, 8, 10})
#: The numbers of the Big bets (Arts. 9 to 11).
BIG_NUMBERS: Final = frozenset({4, 5, 6, 8, 9, 10})
SEVEN: Final = 7
ELEVEN: Final = 11


@unique
class BetKind(StrEnum):
    """The bets of the craps layout, named as the rules CLI names them."""

    PASS = "pass"
    DONT_PASS = "dont_pass"
    COME = "come"
    DONT_COME = "dont_come"
    ODDS = "odds"
    FIELD = "field"
    HARD = "hard"
    BIG7 = "big7"
    ELEVEN = "eleven"
    ANY_CRAPS = "any_craps"
    BIG = "big"

    @property
    def is_line(self) -> bool:
        """A bet that has its own point and can be backed by odds (Arts. 2 and 3)."""
        return self in _LINE_KINDS

    @property
    def is_dont(self) -> bool:
        """A bet against the shooter (Art. 3)."""
        return self in (BetKind.DONT_PASS, BetKind.DONT_COME)

    @property
    def is_one_roll(self) -> bool:
        """Decided by the next valid throw, whatever it is (Arts. 4, 6, 7, 8)."""
        return self in _ONE_ROLL_KINDS

    @property
    def takes_number(self) -> bool:
        """The bet names its number: hard ways (Art. 5) and Big bets (Arts. 9 to 11)."""
        return self in (BetKind.HARD, BetKind.BIG)


_LINE_KINDS: Final = frozenset({BetKind.PASS, BetKind.DONT_PASS, BetKind.COME, BetKind.DONT_COME})
_ONE_ROLL_KINDS: Final = frozenset({BetKind.FIELD, BetKind.BIG7, BetKind.ELEVEN, BetKind.ANY_CRAPS})


@unique
class Outcome(StrEnum):
    """Where a bet stands: decided (win, lose, push) or still ``open``.

    A ``push`` hands the stake back with no win: only odds returned under the house
    option ``odds_on_come_out = come_odds_off``.  A Don't Pass or Don't Come bet that
    ties on 12 (Art. 3(1), «empatando») is not a push: the tie decides nothing and
    the bet stays ``open`` (:attr:`BetState.ties`).
    """

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    OPEN = "open"


@dataclass(frozen=True)
class Roll:
    """A valid throw: the upper faces of the two dice (Art. 1)."""

    first: int
    second: int

    def __post_init__(self) -> None:
        for face in (self.first, self.second):
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
                raise RulesError(
                    "invalid_roll",
                    f"A die shows a face from 1 to 6, not {face!r}.",
                )

    @property
    def total(self) -> int:
        return self.first + self.second

    @property
    def is_pair(self) -> bool:
        """Both dice alike: a number thrown "hard" (Art. 5)."""
        return self.first == self.second

    def __str__(self) -> str:
        return f"{self.first}-{self.second}"


@dataclass(frozen=True)
class InvalidThrow:
    """A throw that does not count: a die left the table (Art. 1). It decides nothing."""

    reason: str = "off_table"

    def __str__(self) -> str:
        return "no roll (a die left the table)"


#: The one invalid throw the regulation names (Art. 1).
OFF_TABLE: Final = InvalidThrow()

Throw = Roll | InvalidThrow


@dataclass(frozen=True)
class Bet:
    """A bet as the player makes it.

    ``number`` is the number of a hard-way or Big bet; ``on`` is the id of the
    line or come bet that an ``odds`` bet backs.
    """

    id: str
    kind: BetKind
    amount: Decimal
    _: KW_ONLY
    number: int | None = None
    on: str | None = None


@dataclass(frozen=True)
class Decision:
    """How a bet was decided and by which article.

    ``win`` is the profit paid (rounded once, by the ruleset's
    ``payout_rounding``); ``exact_win`` is the same before rounding, which the
    odds limit of Art. 2(2) and the house-edge computations use.  ``returned``
    is the stake handed back (with a win or a push; nothing with a loss).
    """

    outcome: Outcome
    win: Decimal
    returned: Decimal
    exact_win: Fraction
    event: int
    citation: Citation


@dataclass(frozen=True)
class BetState:
    """A bet on the table: its own point (if it has one) and its decision (if made).

    ``point`` is the point of a line bet: the table point for Pass and Don't
    Pass, the bet's own come point for Come and Don't Come (Art. 2(3),
    Art. 3(3)); for an odds bet, the point of the bet it backs when it was taken.
    ``governing`` is the article that governs the bet; :attr:`citation` is that
    article while the bet is open, and the one that decided it afterwards.
    ``ties`` are the events at which a Don't Pass or Don't Come bet tied on 12 on
    its first throw (Art. 3(1), «empatando»): each decided nothing, the bet stayed
    where it was, and its next throw was again its first.
    """

    bet: Bet
    placed_at: int
    point: int | None
    governing: Citation
    decision: Decision | None = None
    ties: tuple[int, ...] = ()

    @property
    def citation(self) -> Citation:
        return self.governing if self.decision is None else self.decision.citation

    @property
    def id(self) -> str:
        return self.bet.id

    @property
    def kind(self) -> BetKind:
        return self.bet.kind

    @property
    def is_open(self) -> bool:
        return self.decision is None

    @property
    def outcome(self) -> Outcome:
        return Outcome.OPEN if self.decision is None else self.decision.outcome

    def tied_at(self, event: int) -> bool:
        """Whether the throw ``event`` was a tie of this bet (a 12 on its first throw)."""
        return event in self.ties

    @property
    def decided_at(self) -> int | None:
        return None if self.decision is None else self.decision.event

    @property
    def net_result(self) -> Fraction:
        """The player's exact result: the win, nothing for a push or an open bet, the stake lost."""
        if self.decision is None:
            return Fraction(0)
        if self.decision.outcome is Outcome.LOSE:
            return -Fraction(self.bet.amount)
        return self.decision.exact_win
