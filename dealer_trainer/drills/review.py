"""Review scheduling of weak skills with FSRS (the ``fsrs`` package).

Each (trainee, skill) has an FSRS card.  An answered item reviews the card of
its skill: wrong → Again, right but slow → Hard, right → Good, right and fast
→ Easy.  The skills whose cards are due come up in review sessions, the
weakest (least retrievable) first.  States are JSON-ready dicts for storage.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler
from fsrs.card import CardDict

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.sessions import ItemSpec, Outcome
from dealer_trainer.drills.skills import time_allowed

_SCHEDULER = Scheduler(enable_fuzzing=False)


def rating_for(outcome: Outcome) -> Rating:
    """How well the skill was recalled, from correctness and speed against the target."""
    if not outcome.correct:
        return Rating.Again
    target_ms = time_allowed(outcome.item) * 1000
    if outcome.elapsed_ms > target_ms:
        return Rating.Hard
    if outcome.elapsed_ms <= target_ms // 2:
        return Rating.Easy
    return Rating.Good


@dataclass(frozen=True)
class SkillCard:
    skill: str
    state: CardDict  # Card.to_dict(), JSON-ready

    @property
    def due(self) -> datetime:
        return Card.from_dict(self.state).due

    def retrievability(self, now: datetime) -> float:
        """Estimated recall (a probability used for ordering, not money)."""
        return float(_SCHEDULER.get_card_retrievability(Card.from_dict(self.state), now))


def review(card: SkillCard | None, skill_id: str, outcome: Outcome, when: datetime) -> SkillCard:
    """The skill's card after one answered item."""
    current = Card() if card is None else Card.from_dict(card.state)
    updated, _ = _SCHEDULER.review_card(current, rating_for(outcome), when.astimezone(UTC))
    return SkillCard(skill_id, updated.to_dict())


def due_skills(cards: Sequence[SkillCard], now: datetime) -> list[str]:
    """Skills due for review, the weakest first."""
    due = [c for c in cards if c.due <= now]
    return [c.skill for c in sorted(due, key=lambda c: (c.retrievability(now), c.skill))]


def review_items(
    cards: Sequence[SkillCard], now: datetime, difficulty: Difficulty, seed: int, size: int = 10
) -> list[ItemSpec]:
    """A review session: items of the due skills, the weakest skills most often."""
    skills = due_skills(cards, now)
    if not skills:
        return []
    rng = random.Random(seed)
    weights = [len(skills) - i for i in range(len(skills))]
    chosen = rng.choices(skills, weights=weights, k=size)
    return [ItemSpec(name, rng.getrandbits(32), difficulty) for name in chosen]


def mistakes(outcomes: Sequence[Outcome]) -> list[ItemSpec]:
    """ "My mistakes": the items answered wrongly, to try again (each once, newest first)."""
    seen: set[tuple[str, int, int]] = set()
    specs = []
    for outcome in reversed(outcomes):
        item = outcome.item
        key = (item.skill, item.seed, int(item.difficulty))
        if not outcome.correct and key not in seen:
            seen.add(key)
            specs.append(ItemSpec(item.skill, item.seed, item.difficulty, item.ruleset))
    return specs


def now_utc() -> datetime:
    return datetime.now(UTC)
