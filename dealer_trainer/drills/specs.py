"""Drill items again from what was recorded: an exam's items, "my mistakes", the review cards.

No storage and no Qt.  The functions take plain records described by the small
protocols below (storage's ``AnswerRecord``, ``Exam`` and ``ReviewState`` have
exactly these fields), so the drills decide how a recorded item is made again
while storage only reads and writes rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, Protocol, cast

from fsrs.card import CardDict

from dealer_trainer.drills.model import Answer, Difficulty
from dealer_trainer.drills.review import SkillCard
from dealer_trainer.drills.sessions import ExamSpec, ItemSpec
from dealer_trainer.drills.skills import all_skills

_FLOAT_FIELDS = ("stability", "difficulty")
_LEVELS = frozenset(int(d) for d in Difficulty)


class RecordedItem(Protocol):
    """An answered item as recorded: which skill, seed and ruleset made it, and its grade."""

    @property
    def skill(self) -> str: ...
    @property
    def item_seed(self) -> int: ...
    @property
    def ruleset_id(self) -> str: ...
    @property
    def situation(self) -> object: ...
    @property
    def correct(self) -> bool: ...


class ExamPaper(Protocol):
    """An exam as an instructor set it."""

    @property
    def skills(self) -> tuple[str, ...]: ...
    @property
    def difficulty(self) -> int: ...
    @property
    def item_count(self) -> int: ...
    @property
    def pass_mark(self) -> Fraction: ...
    @property
    def seed(self) -> int: ...
    @property
    def ruleset_id(self) -> str: ...


class RecordedCard(Protocol):
    """A skill's review card as recorded (``state`` is the FSRS card's dictionary)."""

    @property
    def skill(self) -> str: ...
    @property
    def state(self) -> object: ...


def exam_spec(paper: ExamPaper) -> ExamSpec:
    """The drills' exam for a recorded one: every trainee gets the same items."""
    return ExamSpec(
        skills=paper.skills,
        difficulty=Difficulty(paper.difficulty),
        size=paper.item_count,
        pass_mark=paper.pass_mark,
        seed=paper.seed,
        ruleset=paper.ruleset_id,
    )


def answer_from_json(data: object) -> Answer:
    """The trainee's answer as ``Answer.to_json`` recorded it."""
    if not isinstance(data, Mapping):
        raise ValueError("a stored answer is a JSON object")
    if data.get("timed_out"):
        return Answer(timed_out=True)
    if "amount" in data:
        return Answer(amount=Decimal(str(data["amount"])))
    if isinstance(data.get("chips"), Mapping):
        return Answer(chips={Decimal(str(k)): int(n) for k, n in data["chips"].items()})
    if isinstance(data.get("order"), list):
        return Answer(order=tuple(str(bet) for bet in data["order"]))
    if "choice" in data:
        choice = data["choice"]
        return Answer(choice=None if choice is None else str(choice))
    raise ValueError(f"this version cannot read the stored answer {data!r}")


def item_spec(item: RecordedItem) -> ItemSpec | None:
    """What makes the recorded item again, or ``None`` where it was not a drill item
    (no drill level in its situation) or its skill is not in this version."""
    situation = item.situation
    level = situation.get("difficulty") if isinstance(situation, Mapping) else None
    if not isinstance(level, int) or level not in _LEVELS or item.skill not in all_skills():
        return None
    return ItemSpec(item.skill, item.item_seed, Difficulty(level), item.ruleset_id)


def mistakes(items: Iterable[RecordedItem], limit: int = 20) -> list[ItemSpec]:
    """ "My mistakes": the wrongly answered drill items, in the order given, each once."""
    specs: list[ItemSpec] = []
    for item in items:
        spec = None if item.correct else item_spec(item)
        if spec is None or spec in specs:
            continue
        specs.append(spec)
        if len(specs) >= limit:
            break
    return specs


def decode_card(data: Mapping[str, Any]) -> CardDict:
    """An FSRS card as recorded (numbers given as text are read back too)."""
    out = dict(data)
    for name in _FLOAT_FIELDS:
        value = out.get(name)
        out[name] = None if value is None else float(value)
    return cast(CardDict, out)


def skill_cards(cards: Iterable[RecordedCard]) -> list[SkillCard]:
    """The FSRS cards of the skills this version knows, from the recorded review states."""
    known = all_skills()
    return [
        SkillCard(card.skill, decode_card(card.state))
        for card in cards
        if card.skill in known and isinstance(card.state, Mapping)
    ]
