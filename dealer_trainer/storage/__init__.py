"""Storage: trainees, instructors, sessions, every answer, exams and review state.

Reached only through the repository in :mod:`dealer_trainer.storage.store`::

    store = Store.open()                      # SQLite in the data dir, or $DEALER_TRAINER_DB_URL
    if not store.has_instructor():            # first start
        store.create_first_instructor(name, password)
    person = store.sign_in(login, password)   # everyone signs in (trainee or instructor)
    trainee = store.trainee_desk(person)      # TraineeDesk: own sessions and answers only
    session = trainee.start_session("roulette-2003")
    trainee.record_answer(session.id, AnswerRecord(...))   # committed on return: then feedback
    unlocked = store.verify_instructor(pw)    # may raise WrongPasswordError / InstructorLockedError
    desk = store.instructor(unlocked)         # InstructorDesk: trainees, answers, exams, stats

Every error is a ``StorageError`` with a sentence for the user. No Qt here; the
rules core and the drills never import this package.
"""

from dealer_trainer.storage.desks import InstructorDesk, TraineeDesk
from dealer_trainer.storage.errors import (
    AccessDeniedError,
    DuplicateNameError,
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
    "DuplicateNameError",
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
