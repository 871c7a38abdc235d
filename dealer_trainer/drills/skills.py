"""The skills trainees practise: one drill family each, with difficulty levels."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dealer_trainer.drills.model import AnswerKind, Difficulty, DrillItem
from dealer_trainer.drills.text import Text
from dealer_trainer.rules.rulesets import Ruleset

Generator = Callable[[Ruleset, int, Difficulty], DrillItem]


@dataclass(frozen=True)
class Skill:
    """A drill family: what it trains, how an item is made, how long a dealer may take."""

    id: str
    game: str
    title: Text
    description: Text
    answer: AnswerKind
    generate: Generator
    #: Seconds a trained dealer needs, by difficulty: the timed mode's target.
    target_seconds: Mapping[Difficulty, int]

    def time_allowed(self, difficulty: Difficulty) -> int:
        return self.target_seconds[difficulty]


_REGISTRY: dict[str, Skill] = {}


def register(skill: Skill) -> Skill:
    if skill.id in _REGISTRY:
        raise ValueError(f"skill {skill.id!r} is registered twice")
    _REGISTRY[skill.id] = skill
    return skill


def _load_games() -> None:
    # Importing a game's drill module registers its skills.
    from dealer_trainer.drills import roulette  # noqa: F401, PLC0415

    for name in ("craps", "caribbean_stud"):
        try:
            __import__(f"dealer_trainer.drills.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"dealer_trainer.drills.{name}":
                raise


_LOADED: list[bool] = []  # once every game's drill module is imported


def all_skills() -> Mapping[str, Skill]:
    # Not "if the registry is empty": a game's module imported first (the live table
    # imports Caribbean Stud's) registers its skills alone, and the others were never loaded.
    if not _LOADED:
        _load_games()
        _LOADED.append(True)
    return dict(_REGISTRY)


def skill(skill_id: str) -> Skill:
    skills = all_skills()
    try:
        return skills[skill_id]
    except KeyError:
        raise KeyError(f"there is no skill {skill_id!r}") from None


def skills_for(game: str) -> list[Skill]:
    return [s for s in all_skills().values() if s.game == game]


def seconds(beginner: int, intermediate: int, advanced: int) -> dict[Difficulty, int]:
    return {
        Difficulty.BEGINNER: beginner,
        Difficulty.INTERMEDIATE: intermediate,
        Difficulty.ADVANCED: advanced,
    }
