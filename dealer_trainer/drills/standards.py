"""The target time an exam's speed pass mark counts against, per skill: one function.

Today the drills' own target (``Skill.target_seconds`` at the exam's difficulty, the
timed mode's). The centre's speed standards (house settings per skill and game) are
plugged in here, so the exams, the certification and the reports read one source.
"""

from __future__ import annotations

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.skills import skill as find_skill


def target_seconds(skill: str, difficulty: Difficulty | int = Difficulty.BEGINNER) -> int:
    """Seconds a trained dealer needs for an item of ``skill`` at ``difficulty``."""
    return find_skill(skill).time_allowed(Difficulty(difficulty))
