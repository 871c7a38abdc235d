"""Intake groups, several instructors and staff numbers, on SQLite and PostgreSQL.

A group's name is unique as a trainee's is (case, NFKC, invisible characters); a trainee
is in one current group and keeps the history of their groups; the dashboard's figures
narrow to a group; a disabled instructor cannot sign in and keeps their records; the
last active instructor cannot be disabled; staff numbers are unique when given; and
another workstation's store sees a new trainee by the people signature.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from dealer_trainer.storage import AccessDeniedError, StorageError, Store
from dealer_trainer.storage.audit import ARROW, Action
from dealer_trainer.storage.groups import (
    DuplicateGroupNameError,
    DuplicateInstructorNameError,
    DuplicateStaffNumberError,
    LastInstructorError,
    clean_staff_number,
)
from dealer_trainer.storage.signin import DISABLED

from .conftest import FAST_PASSWORDS, MACAU, START, FakeClock, answer

PASSWORD = "correct horse"
START_DAY = date(2026, 11, 2)


def _people(store: Store):  # type: ignore[no-untyped-def]
    desk = store.instructor(store.create_first_instructor("Instructor Ho", PASSWORD))
    return desk, desk.people()


def test_group_name_is_unique_by_its_key_archived_ones_too(store: Store) -> None:
    _desk, people = _people(store)
    made = people.create_group("Intake 2026-11", START_DAY)
    assert made.name == "Intake 2026-11" and made.start_date == START_DAY
    for spelling in (
        "intake 2026-11",
        "ＩＮＴＡＫＥ 2026-11",
        "Intake\u200b 2026-11",
        " Intake  2026-11",
    ):
        with pytest.raises(DuplicateGroupNameError) as refused:
            people.create_group(spelling, START_DAY)
        assert refused.value.existing == "Intake 2026-11"
    people.set_group_archived(made.id, True)
    with pytest.raises(DuplicateGroupNameError):
        people.create_group("INTAKE 2026-11", START_DAY)
    other = people.create_group("Intake 2026-12", START_DAY + timedelta(days=30))
    with pytest.raises(DuplicateGroupNameError):
        people.update_group(other.id, "intake 2026-11", other.start_date)
    renamed = people.update_group(other.id, "Intake December", date(2026, 12, 7))
    assert (renamed.name, renamed.start_date) == ("Intake December", date(2026, 12, 7))
    with pytest.raises(ValueError, match="visible characters"):
        people.create_group("\u200b", START_DAY)


def test_a_trainee_is_in_one_current_group_and_keeps_the_history(
    store: Store, clock: FakeClock
) -> None:
    desk, people = _people(store)
    ana = desk.add_trainee("Ana Lei", password=PASSWORD)
    bo = desk.add_trainee("Bo Chan", password=PASSWORD)
    november = people.create_group("November", START_DAY)
    december = people.create_group("December", START_DAY + timedelta(days=30))
    people.set_members(november.id, [ana.id, bo.id])
    assert people.group(november.id).trainee_ids == (ana.id, bo.id)
    clock.advance(minutes=10)
    people.move_trainee(ana.id, december.id)
    assert people.group(november.id).trainee_ids == (bo.id,)
    assert people.group(december.id).trainee_ids == (ana.id,)
    stays = people.stays(ana.id)
    assert [(s.group_name, s.left_at is None) for s in stays] == [
        ("November", False),
        ("December", True),
    ]
    assert stays[0].left_at == stays[1].joined_at
    people.move_trainee(ana.id, None)
    assert people.current_groups() == {bo.id: november.id}
    assert len(people.stays(ana.id)) == 2  # taken out: the stays stay
    # Each move in the audit log, with the group before and after (as the server's).
    moves = [e.detail for e in reversed(desk.audit_log()) if e.subject == "ana.lei"
             and e.action is Action.GROUP_MEMBER_MOVED]  # fmt: skip
    assert moves == [f"{ARROW}November", f"November{ARROW}December", f"December{ARROW}"]
    people.set_group_archived(december.id, True)
    with pytest.raises(StorageError, match="archived"):
        people.move_trainee(ana.id, december.id)


def test_group_instructors_are_kept_and_checked(store: Store) -> None:
    desk, people = _people(store)
    second = people.add_instructor("Instructor Wong", PASSWORD, "wong")
    group = people.create_group("November", START_DAY, [desk.session.instructor_id, second])
    assert group.instructor_ids == tuple(sorted((desk.session.instructor_id, second)))
    people.set_group_instructors(group.id, [second])
    assert people.group(group.id).instructor_ids == (second,)
    with pytest.raises(StorageError, match="instructor is not on file"):
        people.set_group_instructors(group.id, [999])


def test_dashboard_figures_narrow_to_a_group(store: Store, clock: FakeClock) -> None:
    desk, people = _people(store)
    ana = desk.add_trainee("Ana Lei", password=PASSWORD)
    bo = desk.add_trainee("Bo Chan", password=PASSWORD)
    cy = desk.add_trainee("Cy Ho", password=PASSWORD)
    for n, (trainee, times) in enumerate(((ana, (1000, 3000)), (bo, (2000,)), (cy, (9000,)))):
        own = store.trainee(trainee.id)
        session = own.start_session("roulette-2003")
        for m, ms in enumerate(times):
            own.record_answer(session.id, answer(10 * n + m, time_taken_ms=ms, correct=m == 0))
    group = people.create_group("November", START_DAY)
    people.set_members(group.id, [ana.id, bo.id])
    members = people.group(group.id).trainee_ids
    day = START.astimezone(MACAU).date()
    together = desk.daily_skill_stats(day, day, trainee_ids=members)
    assert [(s.answers, s.correct, s.median_time_ms) for s in together] == [(3, 2, 2000)]
    each = desk.daily_skill_stats(day, day, per_trainee=True, trainee_ids=members)
    assert sorted((s.trainee_id, s.answers) for s in each) == [(ana.id, 2), (bo.id, 1)]
    assert desk.daily_skill_stats(day, day, trainee_ids=()) == []
    whole = desk.daily_skill_stats(day, day)
    assert [s.answers for s in whole] == [4]


def test_second_instructor_signs_in_is_disabled_refused_in_words_and_keeps_records(
    store: Store, clock: FakeClock
) -> None:
    desk, people = _people(store)
    wong = people.add_instructor("Instructor Wong", PASSWORD, "wong")
    with pytest.raises(DuplicateInstructorNameError):
        people.add_instructor("instructor  WONG", PASSWORD, "wong2")
    signed = store.sign_in("wong", PASSWORD)
    assert signed.session is not None
    wong_desk = store.instructor(signed.session)
    exam = wong_desk.create_exam("Straight ups", "roulette-2003", ["x"], 5, 1, 1)  # type: ignore[arg-type]
    with pytest.raises(StorageError, match="own account"):
        people.set_instructor_disabled(desk.session.instructor_id, True)
    people.set_instructor_disabled(wong, True)
    assert [(a.login, a.disabled) for a in people.instructors()][-1] == ("wong", True)
    with pytest.raises(AccessDeniedError) as refused:
        store.sign_in("wong", PASSWORD)
    assert str(refused.value) == DISABLED
    with pytest.raises(AccessDeniedError, match="Wrong password"):
        store.sign_in("wong", "a wrong password")  # told as usual: "disabled" only to Wong
    clock.advance(seconds=5)
    with pytest.raises(AccessDeniedError, match="disabled"):
        store.verify_instructor(PASSWORD, "wong")
    assert [e.id for e in desk.exams()] == [exam.id]  # what Wong built stays
    with pytest.raises(AccessDeniedError, match="disabled"):
        wong_desk.people().create_group("Wong's own", START_DAY)
    people.set_instructor_disabled(wong, False)
    assert store.sign_in("wong", PASSWORD).session is not None


def test_an_instructor_who_forgot_their_password_gets_a_new_one_from_another(
    store: Store, clock: FakeClock
) -> None:
    from dealer_trainer.storage.audit import Action

    desk, people = _people(store)
    wong = people.add_instructor("Instructor Wong", PASSWORD, "wong")
    for _ in range(3):  # Wong tries what they remember: a wait after wrong passwords
        with pytest.raises(AccessDeniedError, match="Wrong password"):
            store.sign_in("wong", "what was it again")
        clock.advance(seconds=30)
    with pytest.raises(AccessDeniedError, match="Wrong password"):
        store.sign_in("wong", "what was it again")  # and now they must wait
    with pytest.raises(StorageError, match="Your password"):
        desk.set_instructor_password(desk.session.instructor_id, "a new password")
    with pytest.raises(ValueError, match="at least 8"):
        desk.set_instructor_password(wong, "short")
    with pytest.raises(StorageError, match="not on file"):
        desk.set_instructor_password(wong + 99, "a new password")

    desk.set_instructor_password(wong, "Ho gave this one")

    # At once: the reset clears the wait, and the new password opens Wong's desk.
    assert store.sign_in("wong", "Ho gave this one").session is not None
    with pytest.raises(AccessDeniedError, match="Wrong password"):
        store.sign_in("wong", PASSWORD)  # the old one no longer works
    [_added, entry] = [e for e in desk.audit_log() if e.action is Action.PASSWORD_SET][::-1]
    [ho] = [a.login for a in people.instructors() if a.id == desk.session.instructor_id]
    # One-time: Wong chooses their own at the next sign-in (issue 36).
    assert (entry.actor, entry.subject, entry.detail) == (
        ho,
        "wong",
        "one-time, set by an instructor",
    )
    assert "Ho gave this one" not in repr(desk.audit_log())
    # Disabled, Wong's window still open cannot take over Ho's account.
    clock.advance(seconds=5)  # past the wait of the old password's try
    wong_desk = store.instructor(store.verify_instructor("Ho gave this one", "wong"))
    people.set_instructor_disabled(wong, True)
    with pytest.raises(AccessDeniedError, match="only an active instructor sets a password"):
        wong_desk.set_instructor_password(desk.session.instructor_id, "taken over password")
    assert store.sign_in(ho, PASSWORD).session is not None


def test_the_last_active_instructor_cannot_be_disabled(store: Store) -> None:
    """Nobody disables themselves, and a disabled instructor's open desk can do nothing:
    so two instructors disabling each other leave one of them active."""
    desk, people = _people(store)
    wong = people.add_instructor("Instructor Wong", PASSWORD, "wong")
    wong_session = store.sign_in("wong", PASSWORD).session
    assert wong_session is not None
    wong_people = store.instructor(wong_session).people()
    with pytest.raises(StorageError, match="own account"):
        wong_people.set_instructor_disabled(wong, True)
    people.set_instructor_disabled(wong, True)
    with pytest.raises(AccessDeniedError, match="disabled"):
        wong_people.set_instructor_disabled(desk.session.instructor_id, True)
    assert [a.disabled for a in people.instructors()] == [False, True]
    assert issubclass(LastInstructorError, StorageError)


def test_staff_numbers_are_optional_cleaned_and_unique(store: Store) -> None:
    desk, people = _people(store)
    assert clean_staff_number("  md-0012 ") == "MD-0012"
    assert clean_staff_number("ＭＤ-0013") == "MD-0013"
    assert clean_staff_number("") is None
    for bad in ("=HYPERLINK(1)", "-12", "MD 12", "x" * 33):
        with pytest.raises(ValueError, match="staff number"):
            clean_staff_number(bad)
    ana = people.add_trainee("Ana Lei", password=PASSWORD, staff_number="md-0012")
    assert ana.staff_number == "MD-0012"
    bo = people.add_trainee("Bo Chan", password=PASSWORD)
    cy = people.add_trainee("Cy Ho", password=PASSWORD)
    assert bo.staff_number is None and cy.staff_number is None  # several without one
    with pytest.raises(DuplicateStaffNumberError) as refused:
        people.set_staff_number(bo.id, "MD-0012")
    assert refused.value.holder == "Ana Lei"
    with pytest.raises(DuplicateStaffNumberError):
        people.add_trainee("Dee Ng", password=PASSWORD, staff_number="MD-0012")
    assert "Dee Ng" not in [t.name for t in desk.all_trainees()]  # refused before adding
    people.set_staff_number(ana.id, None)
    assert people.set_staff_number(bo.id, "MD-0012").staff_number == "MD-0012"
    assert {t.name: t.staff_number for t in desk.all_trainees()} == {
        "Ana Lei": None,
        "Bo Chan": "MD-0012",
        "Cy Ho": None,
    }


def test_another_workstation_sees_a_new_trainee_by_the_signature(
    db_url: str, clock: FakeClock
) -> None:
    first = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    second = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk, people = _people(first)
        there = second.instructor(second.verify_instructor(PASSWORD)).people()
        before = there.signature()
        desk.add_trainee("Ana Lei", password=PASSWORD)
        after_add = there.signature()
        assert after_add != before
        assert there.signature() == after_add  # nothing changed: the same
        ana = desk.all_trainees()[0]
        desk.rename_trainee(ana.id, "Ana Lei Mei")
        assert there.signature() != after_add
        group = people.create_group("November", START_DAY)
        moved = there.signature()
        people.move_trainee(ana.id, group.id)
        assert there.signature() != moved
    finally:
        first.close()
        second.close()
