"""Storage: trainees, instructors, sessions, every answer, exams and review state.

Reached only through the repository in :mod:`dealer_trainer.storage.store`::

    store = Store.open()                      # SQLite in the data dir, or $DEALER_TRAINER_DB_URL
    trainee = store.trainee(profile_id)       # trainee level: record and read own answers
    session = store.verify_instructor(pw)     # instructor level needs the password
    desk = store.instructor(session)

No Qt here; the rules core and the drills never import this package.
"""

from dealer_trainer.storage.desks import InstructorDesk, TraineeDesk
from dealer_trainer.storage.errors import (
    AccessDeniedError,
    InstructorLockedError,
    StorageError,
    WrongPasswordError,
)
from dealer_trainer.storage.records import (
    AnswerFilter,
    AnswerRecord,
    DailySkillStat,
    Exam,
    ExamAssignment,
    InstructorSession,
    ReviewState,
    SessionKind,
    StoredAnswer,
    TraineeProfile,
    TrainingSession,
)
from dealer_trainer.storage.store import Store

__all__ = [
    "AccessDeniedError",
    "AnswerFilter",
    "AnswerRecord",
    "DailySkillStat",
    "Exam",
    "ExamAssignment",
    "InstructorDesk",
    "InstructorLockedError",
    "InstructorSession",
    "ReviewState",
    "SessionKind",
    "StorageError",
    "Store",
    "StoredAnswer",
    "TraineeDesk",
    "TraineeProfile",
    "TrainingSession",
    "WrongPasswordError",
]
