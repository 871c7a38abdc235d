"""Issue 36, who may act for whom: a password someone else sets is one-time, and the
server refuses weak passwords whoever sets them.

Tried as the people themselves would: the trainee's own login through the app's store
(``open_server_store``, what the sign-in window calls) and in psql (psycopg); an
instructor who resets a trainee's password and signs in as them to sit their exam.
"""

from __future__ import annotations

from fractions import Fraction

import psycopg
import pytest
from psycopg import errors

from dealer_trainer.storage import AccessDeniedError
from dealer_trainer.storage.server import admin
from dealer_trainer.storage.server.workstation import ServerStore, open_server_store
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre, command


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {
        "ina": ina,
        # Added by Ina and not signed in since: the password she gave is still one-time.
        "new": centre.add("trainee", "new", "New Trainee", by=ina, own=False),
        "tom": centre.add("trainee", "tom", "Tom Trainee", by=ina),
    }


def _open(centre: Centre, login: str, password: str | None = None) -> ServerStore:
    return open_server_store(
        centre.workstation_url,
        login,
        centre.passwords[login] if password is None else password,
        clock=FakeClock(),
        day_zone=MACAU,
    )


@pytest.fixture(scope="module")
def assignments(centre: Centre, people: dict[str, str]) -> dict[str, int]:
    """An exam assigned to each trainee (by Ina, through her desk)."""
    with _open(centre, people["ina"]) as store:
        person = store.sign_in(people["ina"], centre.passwords[people["ina"]])
        assert person.session is not None
        desk = store.instructor(person.session)
        ids = {login: tid for tid, (login, _) in desk.trainee_logins().items()}
        paper = desk.create_exam(
            "Payouts", "roulette-2003", ["roulette.payout.straight_up"], 3, 77, Fraction(2, 3)
        )
        made = desk.assign_exam(paper.id, [ids[people["new"]], ids[people["tom"]]])
    return {
        "new": next(a.id for a in made if a.trainee_id == ids[people["new"]]),
        "tom": next(a.id for a in made if a.trainee_id == ids[people["tom"]]),
    }


def _start_exam(connection: psycopg.Connection, assignment: int) -> int:
    row = connection.execute(
        "SELECT session_id FROM dt_start_exam(%s, '0.1.0', 'pc1')", (assignment,)
    ).fetchone()
    assert row is not None
    return int(row[0])


def _audit(centre: Centre, login: str) -> list[tuple[str, str]]:
    with centre.owner_connection() as owner:
        return [
            (str(actor), str(detail))
            for actor, detail in owner.execute(
                "SELECT actor, detail FROM audit_log WHERE action = 'password_set' "
                "AND subject = %s ORDER BY id",
                (login,),
            ).fetchall()
        ]


def test_a_new_trainee_chooses_their_own_password_before_any_exam(
    centre: Centre, people: dict[str, str], assignments: dict[str, int]
) -> None:
    new, ina = people["new"], people["ina"]
    given = centre.passwords[new]
    with _open(centre, new) as store:
        person = store.sign_in(new, given)
        assert person.must_choose_password
        desk = store.trainee_desk(person)
        with pytest.raises(AccessDeniedError, match="choose your own"):
            desk.exam_paper(assignments["new"])
    # The server refuses it itself: the trainee's own login in psql.
    with centre.connect(new) as psql:
        with pytest.raises(errors.InsufficientPrivilege, match="choose your own"):
            _start_exam(psql, assignments["new"])
        with pytest.raises(errors.InsufficientPrivilege):  # no practice either
            psql.execute(
                "INSERT INTO training_sessions (trainee_id, kind, ruleset_id, app_version, "
                "workstation, started_at) VALUES (dt_trainee_id(), 'practice', "
                "'roulette-2003', '0.1.0', 'pc1', now())"
            )
        # Nor may the trainee clear the mark by hand.
        with pytest.raises(errors.InsufficientPrivilege):
            psql.execute("UPDATE trainees SET password_one_time = false")
    with _open(centre, new) as store:
        person = store.sign_in(new, given)
        with pytest.raises(ValueError, match="replaced by your own"):
            store.change_own_password(person, given, given)
        with pytest.raises(ValueError, match="must not contain the login"):
            store.change_own_password(person, given, f"{new}-2026")
        with pytest.raises(AccessDeniedError, match="current password is wrong"):
            store.change_own_password(person, "not-the-given-1", "my own choice 7")
        store.change_own_password(person, given, "my own choice 7")
        desk = store.trainee_desk(person)
        paper = desk.exam_paper(assignments["new"])  # the same store goes on with the new one
        assert paper.title == "Payouts"
    with pytest.raises(AccessDeniedError):
        _open(centre, new, given)  # the given one no longer opens anything
    centre.passwords[new] = "my own choice 7"
    with _open(centre, new) as store:
        assert not store.sign_in(new, "my own choice 7").must_choose_password
    assert _audit(centre, new) == [
        (ina, "one-time, set by an instructor"),
        (new, "changed by the person"),
    ]


def test_an_instructor_who_resets_a_password_cannot_sit_the_exam_unseen(
    centre: Centre, people: dict[str, str], assignments: dict[str, int]
) -> None:
    tom, ina = people["tom"], people["ina"]
    # Tom starts his exam himself, then leaves it open (a break, a crash).
    with centre.connect(tom) as psql:
        sitting = _start_exam(psql, assignments["tom"])
    # Ina resets his password through her desk and signs in as him.
    with _open(centre, ina) as store:
        person = store.sign_in(ina, centre.passwords[ina])
        assert person.session is not None
        desk = store.instructor(person.session)
        tom_id = next(t for t, (login, _) in desk.trainee_logins().items() if login == tom)
        desk.set_trainee_password(tom_id, "ina knows this 1")
    centre.passwords[tom] = "ina knows this 1"
    with _open(centre, tom, "ina knows this 1") as store:
        assert store.sign_in(tom, "ina knows this 1").must_choose_password
    with centre.connect(tom, password="ina knows this 1") as as_tom:
        # Neither a new sitting nor the open one taken up again ...
        with pytest.raises(errors.InsufficientPrivilege, match="choose your own"):
            _start_exam(as_tom, assignments["tom"])
        # ... nor an answer added to the sitting Tom left open.
        with pytest.raises(errors.InsufficientPrivilege):
            as_tom.execute(
                "INSERT INTO answers (uid, session_id, trainee_id, skill, ruleset_id, "
                "item_seed, situation, expected, given, correct, time_taken_ms, app_version, "
                "presented_at, answered_at, answered_day, recorded_at) VALUES ('x-1', %s, "
                "dt_trainee_id(), 'roulette.payout.straight_up', 'roulette-2003', 1, '{}', "
                "'{}', '{}', true, 2000, '0.1.0', now(), now(), current_date, now())",
                (sitting,),
            )
    # The only way on is to change Tom's password, which the audit shows: Tom finds his own
    # no longer works, and the log says who reset it and that it was then changed.
    assert _audit(centre, tom)[-1:] == [(ina, "one-time, set by an instructor")]


def test_the_server_refuses_a_weak_password_a_trainee_sets_in_psql(
    centre: Centre, people: dict[str, str]
) -> None:
    loaded = _password_check_loaded(centre)
    if not loaded:
        pytest.skip(
            "PostgreSQL's passwordcheck is not loaded on this cluster: run .ci/postgres.sh "
            "again (it loads it, with a restart) to test what the server refuses"
        )
    tom = people["tom"]
    with centre.connect(tom) as psql:
        for weak, why in (
            ("a", "too short"),
            (f"{tom}-9", "user name"),
            ("abcdefghij", "letters and nonletters"),
        ):
            with pytest.raises(errors.InvalidParameterValue, match=why):
                psql.execute(f"ALTER ROLE CURRENT_USER PASSWORD '{weak}'")
    with centre.connect(tom) as psql:  # the password he had still opens his login
        assert psql.execute("SELECT current_user").fetchone() == (tom,)


def _password_check_loaded(centre: Centre) -> bool:
    owner = admin.connect(
        admin.parse_admin_url(centre.admin_url(centre.owner)), centre.owner_password
    )
    try:
        with owner.connect() as connection, connection.begin():
            return admin.password_check_loaded(connection)
    finally:
        owner.dispose()


def test_server_init_says_whether_the_server_checks_passwords(centre: Centre) -> None:
    done = command("server", "init", centre.admin_url(centre.owner), password=centre.owner_password)
    assert done.returncode == 0, done.stderr
    if _password_check_loaded(centre):
        assert "PostgreSQL refuses weak passwords (passwordcheck is loaded)" in done.stdout
    else:  # what IT must do, to the line
        assert "password check: NOT LOADED" in done.stdout
        assert admin.PASSWORD_CHECK_LINE in done.stdout and "restart PostgreSQL" in done.stdout
    with centre.owner_connection() as owner:  # the probe left no role behind
        assert owner.execute(
            "SELECT count(*) FROM pg_roles WHERE rolname LIKE 'dt_password_probe_%'"
        ).fetchone() == (0,)
