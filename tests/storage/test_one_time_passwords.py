"""Issue 36 on one PC: a password an instructor sets is one-time, and new passwords follow
a rule at least as strict as the centre's server (PostgreSQL's ``passwordcheck``).

The trainee (or instructor) it was set for chooses their own at the next sign-in
(``Store.change_own_password``); until then no exam starts, and the audit shows both the
instructor's act and the person's.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dealer_trainer.storage import AccessDeniedError, SessionKind, Store
from dealer_trainer.storage.access import check_new_password
from dealer_trainer.storage.audit import Action

from .conftest import FakeClock


def test_a_password_an_instructor_gave_is_replaced_before_any_exam(
    store: Store, clock: FakeClock
) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    chan = desk.add_trainee("Chan Tai Man", password="given by ana 1")
    paper = desk.create_exam(
        "Payouts", "roulette-2003", ["roulette.payout.straight_up"], 3, 7, Fraction(2, 3)
    )
    [assignment] = desk.assign_exam(paper.id, [chan.id])
    person = store.sign_in("chan.tai.man", "given by ana 1")
    assert person.must_choose_password
    trainee = store.trainee_desk(person)
    with pytest.raises(AccessDeniedError, match="choose your own"):
        trainee.exam_paper(assignment.id)
    with pytest.raises(AccessDeniedError, match="choose your own"):
        trainee.start_session("roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id)
    # Each refusal says what is wrong, and changes nothing.
    with pytest.raises(ValueError, match="replaced by your own"):
        store.change_own_password(person, "given by ana 1", "given by ana 1")
    with pytest.raises(ValueError, match=r"must not contain the login chan\.tai\.man"):
        store.change_own_password(person, "given by ana 1", "Chan.Tai.Man 2026")
    with pytest.raises(ValueError, match="mix letters"):
        store.change_own_password(person, "given by ana 1", "onlyletters")
    with pytest.raises(ValueError, match="at least 8"):
        store.change_own_password(person, "given by ana 1", "a1")
    with pytest.raises(AccessDeniedError, match="current password is wrong"):
        store.change_own_password(person, "not the given one", "chan's own 77")
    clock.advance(seconds=1)
    store.change_own_password(person, "given by ana 1", "chan's own 77")
    assert trainee.exam_paper(assignment.id).title == "Payouts"  # signed in: goes on
    with pytest.raises(AccessDeniedError):
        store.sign_in("chan.tai.man", "given by ana 1")  # the given one is gone
    clock.advance(seconds=5)
    assert not store.sign_in("chan.tai.man", "chan's own 77").must_choose_password
    said = [
        (e.actor, e.subject, e.detail)
        for e in reversed(desk.audit_log())
        if e.action is Action.PASSWORD_SET
    ]
    assert said == [
        ("ana.lei", "chan.tai.man", "one-time, set by an instructor"),
        ("chan.tai.man", "chan.tai.man", "changed by the person"),
    ]
    assert "chan's own 77" not in repr(desk.audit_log())


def test_a_reset_is_one_time_again_and_an_instructors_own_choice_is_not(
    store: Store, clock: FakeClock
) -> None:
    session = store.create_first_instructor("Ana Lei", "correct horse")
    assert not store.sign_in("ana.lei", "correct horse").must_choose_password  # her own
    desk = store.instructor(session)
    chan = desk.add_trainee("Chan Tai Man", password="given by ana 1")
    person = store.sign_in("chan.tai.man", "given by ana 1")
    store.change_own_password(person, "given by ana 1", "chan's own 77")
    desk.set_trainee_password(chan.id, "reset by ana 2")
    assert store.sign_in("chan.tai.man", "reset by ana 2").must_choose_password
    wong = desk.add_instructor("Wong Mei Ling", "given to wong 3", login="mei")
    assert store.sign_in("mei", "given to wong 3").must_choose_password
    wong_desk = store.instructor(store.verify_instructor("given to wong 3", "mei"))
    wong_desk.change_password("given to wong 3", "wong's choice 4")
    assert not store.sign_in("mei", "wong's choice 4").must_choose_password
    desk.set_instructor_password(wong, "reset for wong 5")
    assert store.sign_in("mei", "reset for wong 5").must_choose_password


def test_an_instructor_may_not_give_a_password_the_server_would_refuse(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    with pytest.raises(ValueError, match="must not contain the login chan"):
        desk.add_trainee("Chan Tai Man", login="chan", password="chan-password")
    with pytest.raises(ValueError, match="mix letters"):
        desk.add_trainee("Chan Tai Man", password="passwordonly")
    chan = desk.add_trainee("Chan Tai Man", login="chan", password="given by ana 1")
    with pytest.raises(ValueError, match="must not contain the login chan"):
        desk.set_trainee_password(chan.id, "CHAN 12345")


@pytest.mark.parametrize(
    ("password", "login", "refused"),
    [
        ("short1!", None, "at least 8"),  # passwordcheck: too short
        ("abcdefgh", None, "mix letters"),  # passwordcheck: letters only
        ("12345678", None, "mix letters"),  # passwordcheck: no letter
        ("密碼密碼密碼密碼", None, "mix letters"),  # not a letter to passwordcheck's isalpha
        ("tom.lee-2026", "tom.lee", "must not contain"),  # passwordcheck: the user name
        ("TOM.LEE-2026", "tom.lee", "must not contain"),  # the app refuses any case
        ("correct horse", None, None),
        ("密碼 is 8+", None, None),
    ],
)
def test_the_apps_rule_refuses_what_passwordcheck_refuses(
    password: str, login: str | None, refused: str | None
) -> None:
    if refused is None:
        check_new_password(password, login)
        return
    with pytest.raises(ValueError, match=refused):
        check_new_password(password, login)
