"""An irregularity at the table, the dealer's choices, and the judge of the dealer's choice.

Any game: the game's own module (``rules.roulette.irregular``, ``rules.craps.irregular``)
builds an :class:`Irregularity` from the regulation's rulings (``rulings.py`` of the
game) and the rules core's checks (a bet placed after the bell, an odds bet over the
cap).  Each :class:`Choice` says which ruling it carries out; the choice is right
exactly when that is the ruling the rules core gives (:func:`judge_choice`), so the
live table grades a ruling with the rules core, never with its own logic.

An irregularity arises at a point of the dealer's work: ``before`` settlement steps
done (0: before the first, e.g. a late bet after the bell, a throw to judge; the
number of steps before the first payment: chips disturbed while paying).  Until it
is ruled, no settlement step is right: such a step is the mistake ``unruled``
names (settling a void spin, settling a throw that is no roll).

An irregularity is data, stored with its round as :meth:`Irregularity.to_json`
(``event``, ``before``, ``detail``): the game's module builds it again from that.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.procedure import RIGHT, Verdict
from dealer_trainer.rules.rulings import Ruling
from dealer_trainer.rules.text import Text


@dataclass(frozen=True)
class Choice:
    """One thing the dealer may do about an irregularity."""

    id: str  # stable, internal ("refuse"); never shown
    label: Text  # what the dealer does, in words
    #: The ruling this choice carries out (a :class:`Ruling` code), or ``None``: none.
    carries_out: str | None
    #: When the choice is not the ruling: the mistake's stable code and why it is wrong.
    mistake: str = ""
    why: Text | None = None


@dataclass(frozen=True)
class Irregularity:
    """An irregular event at the table, what the regulation rules, the dealer's choices."""

    event: str  # stable code of what happened ("roulette.late_bet")
    said: Text  # what the dealer sees, in words
    ruling: Ruling  # the rules core's ruling
    choices: tuple[Choice, ...]
    #: The settlement steps done before it arises.
    before: int = 0
    #: A settlement step while it is not ruled: that mistake's code and why.
    unruled: str = "irregularity_not_ruled"
    unruled_why: Text | None = None
    #: What the felt draws and what builds the irregularity again (JSON values).
    detail: Mapping[str, Any] = field(default_factory=dict)
    #: Where the ruling rests on an Interpretation, a house option or table procedure:
    #: what it rests on, in words (the drills wrap them as their ``rests_on`` sentences).
    readings: tuple[Text, ...] = ()
    #: Choices an earlier version offered here and this one no longer shows: a stored
    #: ruling that chose one is judged again by it in a replay (never shown, never right).
    former: tuple[Choice, ...] = ()

    def __post_init__(self) -> None:
        ids = [c.id for c in (*self.choices, *self.former)]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.event}: two choices share an id")
        if sum(1 for c in self.choices if c.carries_out == self.ruling.code) != 1:
            raise ValueError(f"{self.event}: exactly one choice carries out the ruling")
        if any(c.carries_out == self.ruling.code for c in self.former):
            raise ValueError(f"{self.event}: a former choice never carries out the ruling")
        others = [c for c in (*self.choices, *self.former) if c.carries_out != self.ruling.code]
        if any(not c.mistake for c in others):
            raise ValueError(f"{self.event}: every other choice names its mistake")

    @property
    def right(self) -> Choice:
        """The choice that carries out the ruling."""
        return next(c for c in self.choices if c.carries_out == self.ruling.code)

    def choice(self, choice_id: str) -> Choice:
        """The choice of that id: one shown, or a former one (a stored ruling's)."""
        for choice in (*self.choices, *self.former):
            if choice.id == choice_id:
                return choice
        known = ", ".join(c.id for c in self.choices)
        raise RulesError(
            "invalid_request",
            f"{choice_id!r} is not one of the dealer's choices here ({known}).",
            self.ruling.citation,
        )

    def to_json(self) -> dict[str, Any]:
        return {"event": self.event, "before": self.before, "detail": dict(self.detail)}


def judge_choice(irregularity: Irregularity, choice_id: str) -> Verdict:
    """Right when the choice carries out the regulation's ruling; otherwise the choice's
    mistake, with the ruling's article."""
    choice = irregularity.choice(choice_id)
    if choice.carries_out == irregularity.ruling.code:
        return RIGHT
    return Verdict(
        False,
        code=choice.mistake,
        message=choice.why.english() if choice.why is not None else "",
        citation=irregularity.ruling.citation,
    )


def judge_unruled(irregularity: Irregularity) -> Verdict:
    """A settlement step done while the irregularity is not ruled."""
    why = irregularity.unruled_why
    return Verdict(
        False,
        code=irregularity.unruled,
        message=why.english() if why is not None else "",
        citation=irregularity.ruling.citation,
    )
