"""The skill catalogue: every game's drill families, gathered from the games' modules.

Each game's drill module declares its skills as data (``SKILLS``); this module reads
them the first time a skill is asked for, so that the drills engine can be imported
without building every game's generators.  Adding a game's drills is a module with
its ``SKILLS`` and its name in :func:`_skills`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

from dealer_trainer.drills.model import DrillItem, Skill


def catalogue(skills: Iterable[Skill]) -> dict[str, Skill]:
    """The skills by id; a ``ValueError`` names an id declared twice."""
    found: dict[str, Skill] = {}
    for one in skills:
        if one.id in found:
            raise ValueError(f"skill {one.id!r} is declared twice")
        found[one.id] = one
    return found


@cache
def _skills() -> dict[str, Skill]:
    # Here, not at the top: importing the drills engine does not build every game's drills.
    from dealer_trainer.drills import caribbean_stud, craps, roulette, sic_bo  # noqa: PLC0415

    # The order the launcher lists the games' skills in.
    return catalogue((*roulette.SKILLS, *craps.SKILLS, *caribbean_stud.SKILLS, *sic_bo.SKILLS))


def all_skills() -> Mapping[str, Skill]:
    return dict(_skills())


def skill(skill_id: str) -> Skill:
    try:
        return _skills()[skill_id]
    except KeyError:
        raise KeyError(f"there is no skill {skill_id!r}") from None


def skills_for(game: str) -> list[Skill]:
    return [s for s in _skills().values() if s.game == game]


def time_allowed(item: DrillItem) -> int:
    """Seconds allowed in the timed modes: the item's skill's target at its difficulty."""
    return skill(item.skill).time_allowed(item.difficulty)
