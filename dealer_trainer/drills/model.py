"""A drill item: a table situation, a question, the rules core's answer, and why.

Items are plain, immutable data, reproducible from ``(skill, seed,
difficulty, ruleset)``.  The situation holds the rules-CLI request that
describes the table (``situation["request"]``), so an instructor can re-run
any recorded item through ``python -m dealer_trainer.rules`` and get the same
answer the trainee was graded against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import IntEnum, StrEnum, unique
from functools import wraps
from typing import Any

from dealer_trainer.drills.chips import fewest_chips
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.rulings import Ruling
from dealer_trainer.rules.text import T, Text


@unique
class Difficulty(IntEnum):
    """Sets the number of bets, the chip denominations, the amounts and the time allowed."""

    BEGINNER = 1
    INTERMEDIATE = 2
    ADVANCED = 3


@unique
class AnswerKind(StrEnum):
    AMOUNT = "amount"  # keypad or typed digits
    CHIPS = "chips"  # build the payout from chips
    ORDER = "order"  # click the bets in order
    CHOICE = "choice"  # one option of several


@dataclass(frozen=True)
class Option:
    """One option of a multiple-choice question; wrong options name the mistake they stand for."""

    id: str
    label: Text
    mistake: Text | None = None


@dataclass(frozen=True)
class Expected:
    """The rules core's answer, in the form the question asks for."""

    kind: AnswerKind
    amount: Decimal | None = None
    #: What the amount is, when it is not the payout ("the largest odds bet"): the feedback
    #: names it so ("the largest odds bet is 26", not "the payout is 26").
    amount_name: Text | None = None
    order: tuple[tuple[str, ...], ...] = ()  # groups; within a group any order
    choice: str | None = None
    options: tuple[Option, ...] = ()
    denominations: tuple[Decimal, ...] = ()  # chips available to build an amount
    fewest_chips: Mapping[Decimal, int] = field(default_factory=dict)


def one_right(options: Iterable[Option]) -> Expected:
    """A multiple-choice answer: the option whose id is ``"right"``, among the others in the
    order they are shown (shuffle them before, with the item's own random numbers)."""
    shown = tuple(options)
    ids = [option.id for option in shown]
    if ids.count("right") != 1 or len(set(ids)) != len(ids):
        raise ValueError(f"a choice needs one option 'right' and no id twice, not {ids}")
    return Expected(kind=AnswerKind.CHOICE, choice="right", options=shown)


def amount_to_pay(amount: Decimal, denominations: tuple[Decimal, ...] = ()) -> Expected:
    """An amount question's expected answer, with the fewest chips that pay it (if any)."""
    return Expected(
        kind=AnswerKind.AMOUNT,
        amount=amount,
        denominations=denominations,
        fewest_chips=(fewest_chips(amount, denominations) or {}) if denominations else {},
    )


@dataclass(frozen=True)
class DrillItem:
    skill: str
    seed: int
    difficulty: Difficulty
    ruleset: str
    situation: Mapping[str, Any]
    question: Text
    expected: Expected
    solution: tuple[Text, ...]
    citation: Citation
    hint: Text | None = None
    #: What the answer rests on beyond the regulation's words, said in full in the feedback:
    #: an interpretation (the text is silent), a house option (the text leaves the house a
    #: choice) or table procedure (the text sets none); where the regulation is not on file
    #: (Sic Bo), the house's pay table, ruling or procedure. Made with the functions below.
    rests_on: tuple[Text, ...] = ()

    @property
    def game(self) -> Game:
        """The game of the item's rules request (read off its JSON: a ``Game`` from here)."""
        return Game.of(str(self.situation["request"]["game"]))

    def to_json(self) -> dict[str, Any]:
        """Everything storage needs to keep and later re-draw the item."""
        return {
            "skill": self.skill,
            "seed": self.seed,
            "difficulty": int(self.difficulty),
            "ruleset": self.ruleset,
            "situation": self.situation,
            "question": self.question.to_json(),
            "expected": expected_to_json(self.expected),
            "citation": str(self.citation),
        }


@dataclass(frozen=True)
class RulingAsked:
    """What a rulings drill asks about an irregularity: one of ``options`` is right, and
    the solution is the ``ruling``'s decision and steps (see :func:`ruling_drill`)."""

    situation: Mapping[str, Any]
    question: Text
    options: Iterable[Option]
    ruling: Ruling
    citation: Citation
    rests_on: tuple[Text, ...] = ()


def ruling_drill(
    skill: str, game: Game
) -> Callable[[Callable[[Ruleset, int, Difficulty], RulingAsked]], Generator]:
    """Make a rulings drill's generator of one that says what it asks: the item's
    situation is the rules request (``game`` and the house), then what it asks adds."""

    def make(ask: Callable[[Ruleset, int, Difficulty], RulingAsked]) -> Generator:
        @wraps(ask)
        def generate(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> DrillItem:
            asked = ask(ruleset, seed, difficulty)
            return DrillItem(
                skill=skill,
                seed=seed,
                difficulty=difficulty,
                ruleset=ruleset.id,
                situation={"request": {"game": game, "ruleset": ruleset.id}, **asked.situation},
                question=asked.question,
                expected=one_right(asked.options),
                solution=(asked.ruling.decision, *asked.ruling.steps),
                citation=asked.citation,
                rests_on=asked.rests_on,
            )

        return generate

    return make


def expected_to_json(expected: Expected) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": str(expected.kind)}
    if expected.amount is not None:
        out["amount"] = f"{expected.amount:.2f}"
    if expected.order:
        out["order"] = [list(group) for group in expected.order]
    if expected.choice is not None:
        out["choice"] = expected.choice
    if expected.fewest_chips:
        out["fewest_chips"] = {f"{d:.2f}": n for d, n in expected.fewest_chips.items()}
    return out


def interpretation(text: Text) -> Text:
    """An answer that rests on a reading of the texts where they are silent (a ruleset setting)."""
    return T(
        "Interpretation (a setting of the ruleset; the regulation does not say): {text}", text=text
    )


def house_option(text: Text) -> Text:
    """An answer that rests on a choice the regulation leaves to the house."""
    return T("House option (the regulation leaves this to the house): {text}", text=text)


def table_procedure(text: Text) -> Text:
    """An answer that rests on the table's procedure, which the regulation does not set."""
    return T("Table procedure, not in the regulation: {text}", text=text)


# A game whose regulation is not on file (Sic Bo: Despacho 31/2003 is named, its articles are
# not) is played on the house's own rules.  Its answers say so, and never what the regulation
# says, leaves to the house or does not set: nobody here has read it.


def on_house_pay_table(text: Text) -> Text:
    """An answer that rests on the house's pay table, where the regulation is not on file."""
    return T("House pay table (the regulation's articles are not on file): {text}", text=text)


def on_house_ruling(text: Text) -> Text:
    """An answer that rests on the house's ruling, where the regulation is not on file."""
    return T("House ruling (the regulation's articles are not on file): {text}", text=text)


def on_house_procedure(text: Text) -> Text:
    """An answer that rests on the house's table procedure, where the regulation is not on
    file."""
    return T("House procedure (the regulation's articles are not on file): {text}", text=text)


#: The sources of the sentences above, so that a test or a view can tell them apart.
RESTS_ON_KINDS = {
    "interpretation": interpretation(Text("")).source,
    "house_option": house_option(Text("")).source,
    "table_procedure": table_procedure(Text("")).source,
    "house_pay_table": on_house_pay_table(Text("")).source,
    "house_ruling": on_house_ruling(Text("")).source,
    "house_procedure": on_house_procedure(Text("")).source,
}


@dataclass(frozen=True)
class Answer:
    """What the trainee gave: exactly one field is filled, by the item's kind."""

    amount: Decimal | None = None
    chips: Mapping[Decimal, int] | None = None
    order: tuple[str, ...] | None = None
    choice: str | None = None
    timed_out: bool = False

    def to_json(self) -> dict[str, Any]:
        if self.timed_out:
            return {"timed_out": True}
        if self.amount is not None:
            return {"amount": f"{self.amount:.2f}"}
        if self.chips is not None:
            return {"chips": {f"{d:.2f}": n for d, n in self.chips.items() if n}}
        if self.order is not None:
            return {"order": list(self.order)}
        return {"choice": self.choice}


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer, with what to tell the trainee."""

    correct: bool
    feedback: tuple[Text, ...]
    notes: tuple[Text, ...] = ()


Generator = Callable[[Ruleset, int, Difficulty], DrillItem]


@dataclass(frozen=True)
class Skill:
    """A drill family: what it trains, how an item is made, how long a dealer may take."""

    id: str
    game: Game
    title: Text
    description: Text
    answer: AnswerKind
    generate: Generator
    #: Seconds a trained dealer needs, by difficulty: the timed mode's target.
    target_seconds: Mapping[Difficulty, int]

    def time_allowed(self, difficulty: Difficulty) -> int:
        return self.target_seconds[difficulty]


def seconds(beginner: int, intermediate: int, advanced: int) -> dict[Difficulty, int]:
    return {
        Difficulty.BEGINNER: beginner,
        Difficulty.INTERMEDIATE: intermediate,
        Difficulty.ADVANCED: advanced,
    }
