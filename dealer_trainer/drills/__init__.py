"""Drills: questions made from the rules core and graded by it.  No Qt, no storage."""

from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import (
    Answer,
    AnswerKind,
    Difficulty,
    DrillItem,
    Expected,
    Grade,
    Option,
    Skill,
)
from dealer_trainer.drills.sessions import (
    DrillSession,
    ExamSpec,
    ItemSpec,
    Mode,
    Outcome,
    Summary,
    amount_answer,
    exam,
    practice,
    replay,
)
from dealer_trainer.drills.skills import all_skills, skill, skills_for, time_allowed
from dealer_trainer.rules.text import T, Text

__all__ = [
    "Answer",
    "AnswerKind",
    "Difficulty",
    "DrillItem",
    "DrillSession",
    "ExamSpec",
    "Expected",
    "Grade",
    "ItemSpec",
    "Mode",
    "Option",
    "Outcome",
    "Skill",
    "Summary",
    "T",
    "Text",
    "all_skills",
    "amount_answer",
    "exam",
    "grade",
    "practice",
    "replay",
    "skill",
    "skills_for",
    "time_allowed",
]
