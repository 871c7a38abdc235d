"""The app's own storage code under the server's grants, signed in as a person.

A trainee's drills and an instructor's views go through the real ``Store`` opened by
``open_server_store(url, login, password)``, the call the sign-in window makes; the
workstation's URL names the server and database only, and its process holds no owner
credential.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from fractions import Fraction

import pytest
from sqlalchemy import text

# Every game's skills, as the app has them (importing a game's drills registers them).
import dealer_trainer.drills.caribbean_stud
import dealer_trainer.drills.craps
import dealer_trainer.drills.roulette  # noqa: F401
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import new_round, steps_in_order
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import (
    AccessDeniedError,
    AnswerFilter,
    SessionKind,
    StorageError,
    audit,
)
from dealer_trainer.storage.recorder import sit_assigned_exam
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    ServerTraineeDesk,
    open_server_store,
)
from dealer_trainer.storage.table_recorder import TableRecorder
from tests.storage.conftest import MACAU, FakeClock, answer
from tests.storage.server.conftest import CA_ENV, Centre


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {
        "ina": ina,
        "tom": centre.add("trainee", "tom", "Tom Trainee", by=ina),
        "eve": centre.add("trainee", "eve", "Eve Trainee", by=ina),
    }


def _open(centre: Centre, login: str, password: str | None = None) -> ServerStore:
    return open_server_store(
        centre.workstation_url,
        login,
        centre.passwords[login] if password is None else password,
        clock=FakeClock(),
        day_zone=MACAU,
    )


def _trainee(store: ServerStore, centre: Centre) -> ServerTraineeDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    return store.trainee_desk(person)


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


def test_a_trainees_drill_is_recorded_and_read_back_through_the_store(
    centre: Centre, people: dict[str, str]
) -> None:
    with _open(centre, people["eve"]) as store:
        eve = _trainee(store, centre)
        session = eve.start_session("roulette-2003")
        eve.record_answer(session.id, answer(7, correct=False))
    with _open(centre, people["tom"]) as store:
        assert store.person.kind == "trainee"
        assert [p.name for p in store.trainees()] == ["Tom Trainee"]  # nobody else's name
        with pytest.raises(AccessDeniedError):
            store.sign_in(people["tom"], "not-toms-password")
        tom = _trainee(store, centre)
        session = tom.start_session("roulette-2003")
        stored = tom.record_answer(session.id, answer(1))
        assert tom.record_answer(session.id, stored.record) == stored  # a retry: one answer
        tom.save_review_state("roulette.payout.straight_up", {"due": 1}, None)
        ended = tom.end_session(session.id)
        assert ended.ended_at is not None
        with pytest.raises(StorageError):
            tom.record_answer(session.id, answer(2))  # the session has ended
        assert [a.record.item_seed for a in tom.answers()] == [1]
        assert [s.id for s in tom.sessions()] == [session.id]
        centre.wait_answers_graded(session.id)  # the server's figures count graded answers
        stats = tom.my_daily_skill_stats(date(2026, 11, 1), date(2026, 12, 31))
        assert [s.answers for s in stats] == [1]
        with pytest.raises(AccessDeniedError):
            store.trainee(store.person.person_id + 1)  # another's desk


def test_a_trainees_live_table_rounds_are_recorded_step_by_step(
    centre: Centre, people: dict[str, str]
) -> None:
    with _open(centre, people["tom"]) as store:
        tom = _trainee(store, centre)
        ruleset = default_ruleset("roulette")
        recorder = TableRecorder.start(tom, ruleset.id, clock=FakeClock())
        round_ = new_round(ruleset, 3, Difficulty.BEGINNER, recorder=recorder)
        for step in steps_in_order(round_.plan):
            assert round_.act(step).accepted
        if not round_.finished:
            assert round_.close().accepted
        recorder.close()
        [stored] = tom.rounds.all(recorder.session_id)
        assert [a.accepted for a in stored.attempts] == [a.accepted for a in round_.attempts]
        assert stored.end is not None and stored.end.complete


def test_the_instructor_views_read_everything_and_manage_trainees(
    centre: Centre, people: dict[str, str]
) -> None:
    with _open(centre, people["ina"]) as store:
        assert store.person.kind == "instructor"
        assert store.has_instructor()
        desk = _instructor(store, centre)
        trainees = {p.name: p for p in desk.all_trainees()}
        assert {"Tom Trainee", "Eve Trainee"} <= set(trainees)
        seen = {a.trainee_id for a in desk.answers(AnswerFilter())}
        assert {trainees["Tom Trainee"].id, trainees["Eve Trainee"].id} <= seen
        assert desk.sessions()
        assert desk.daily_skill_stats(date(2026, 11, 1), date(2026, 12, 31))
        paper = desk.create_exam(
            "Payouts", "roulette-2003", ["roulette.payout.straight_up"], 3, 99, Fraction(2, 3)
        )
        desk.assign_exam(paper.id, [trainees["Tom Trainee"].id])
        sam_login = centre.login("sam")
        sam = desk.add_trainee("Sam Trainee", login=centre.login("sam"), password="sam-first-pw")
        centre.passwords[centre.login("sam")] = "sam-first-pw"
        assert sam.id in {p.id for p in desk.all_trainees()}
        desk.set_trainee_password(sam.id, "sam-second-pw")
        logged = [(e.action, e.subject) for e in desk.audit_log()]
        assert (audit.Action.PASSWORD_SET, sam_login) in logged
        assert logged.count((audit.Action.PERSON_ADDED, sam_login)) == 1
        with pytest.raises(AccessDeniedError):
            store.verify_instructor("not-the-password")
        assert store.verify_instructor(centre.passwords[people["ina"]]).name == "Ina Instructor"
    with pytest.raises(AccessDeniedError, match="wrong password"):
        _open(centre, centre.login("sam"), "sam-first-pw")
    centre.passwords[centre.login("sam")] = "sam-second-pw"
    with _open(centre, centre.login("sam")) as signed_in:
        assert signed_in.person.name == "Sam Trainee"


def test_an_exam_is_sealed_until_the_trainee_sits_it(
    centre: Centre, people: dict[str, str]
) -> None:
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        eve_id = next(p.id for p in desk.all_trainees() if p.name == "Eve Trainee")
        paper = desk.create_exam(
            "Sealed", "roulette-2003", ["roulette.outside_bets"], 2, 31337, Fraction(1, 2)
        )
        desk.assign_exam(paper.id, [eve_id])
    with _open(centre, people["eve"]) as store:
        eve = _trainee(store, centre)
        ((assignment, listed),) = [(a, e) for a, e in eve.open_exams() if e.title == "Sealed"]
        assert not hasattr(listed, "seed")
        paper = eve.exam_paper(assignment.id)
        assert paper.seed == 31337
        sitting = sit_assigned_exam(eve, assignment.id, paper)
        assert sitting.recorder.session_id is not None
        resumed = eve.start_session(
            "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
        )
        assert resumed.id == sitting.recorder.session_id  # the sitting the server opened


def test_open_store_with_a_login_is_the_servers_store(
    centre: Centre, people: dict[str, str]
) -> None:
    """What the sign-in window calls: ``open_store(url, login=…, password=…)``."""
    from dealer_trainer.storage.opening import open_store

    login = people["tom"]
    with open_store(centre.workstation_url, login=login, password=centre.passwords[login]) as store:
        assert isinstance(store, ServerStore)
        person = store.sign_in(login, centre.passwords[login])
        assert store.trainee_desk(person).profile.name == "Tom Trainee"


def test_the_workstation_url_names_no_person_and_no_password(
    centre: Centre, people: dict[str, str]
) -> None:
    with_user = centre.workstation_url.replace("://", f"://{centre.owner}:pw-in-url@")
    with pytest.raises(StorageError, match="server and the database only") as refused:
        open_server_store(with_user, people["tom"], centre.passwords[people["tom"]])
    assert "pw-in-url" not in str(refused.value)
    with pytest.raises(AccessDeniedError) as wrong:
        _open(centre, people["tom"], "typed-wrongly-123")
    assert "typed-wrongly-123" not in str(wrong.value)


def test_the_workstation_process_holds_no_owner_credential(
    centre: Centre, people: dict[str, str]
) -> None:
    """A workstation run as IT sets it up: only the server's URL in its environment."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PG", "DEALER_TRAINER"))}
    env["DEALER_TRAINER_DB_URL"] = centre.workstation_url
    script = (
        "import os, sys\n"
        "from sqlalchemy import text\n"
        "from dealer_trainer.storage.server.workstation import open_server_store\n"
        "login, password = sys.stdin.read().split()\n"
        "store = open_server_store(os.environ['DEALER_TRAINER_DB_URL'], login, password)\n"
        "row = store.read(lambda c: c.execute(text(\n"
        "    'SELECT session_user, pg_has_role(session_user, d.datdba, \\'MEMBER\\') '\n"
        "    'FROM pg_database d WHERE d.datname = current_database()')).one())\n"
        "print(row[0], row[1])\n"
        "print(any(v == os.environ.get('OWNER_PW_PROBE') for v in os.environ.values()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=f"{people['tom']} {centre.passwords[people['tom']]}",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    user, member = done.stdout.split()[:2]
    assert (user, member) == (people["tom"], "False")
    assert centre.owner_password not in "".join(env.values())


def test_a_server_not_set_up_by_init_says_what_it_needs(
    centre: Centre, people: dict[str, str]
) -> None:
    with centre.owner_connection() as owner:
        owner.execute(f'CREATE DATABASE "{centre.database}_bare"')
    try:
        bare = centre.workstation_url_of(f"{centre.database}_bare")
        with pytest.raises(StorageError, match="dealer-trainer server init"):
            open_server_store(bare, people["tom"], centre.passwords[people["tom"]])
    finally:
        with centre.owner_connection() as owner:
            owner.execute(f'DROP DATABASE "{centre.database}_bare"')


def test_verify_full_tls(centre: Centre, people: dict[str, str]) -> None:
    url = centre.workstation_url  # sslmode=verify-full, the test CA
    assert "sslmode=verify-full" in url and os.environ[CA_ENV] in url
    with open_server_store(url, people["tom"], centre.passwords[people["tom"]]) as store:
        on = store.read(
            lambda c: c.execute(
                text("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            ).scalar_one()
        )
    assert on is True
    wrong_name = url.replace("localhost", "127.0.0.2")
    with pytest.raises(StorageError):  # a certificate for another name is refused
        open_server_store(wrong_name, people["tom"], centre.passwords[people["tom"]])


@pytest.mark.irregular
@pytest.mark.parametrize("game", ["craps", "sic_bo"])  # Sic Bo: house rulings
def test_a_trainees_rulings_on_irregularities_are_recorded_under_their_login(
    centre: Centre, people: dict[str, str], game: str
) -> None:
    from dealer_trainer.storage.table_recorder import replay_stored
    from tests.storage.test_table_irregular_rounds import _irregular_seed, play_with_wrong_rulings

    with _open(centre, people["tom"]) as store:
        tom = _trainee(store, centre)
        ruleset = default_ruleset(game)
        recorder = TableRecorder.start(tom, ruleset.id, clock=FakeClock())
        round_ = new_round(ruleset, _irregular_seed(game), Difficulty.ADVANCED, recorder=recorder)
        play_with_wrong_rulings(round_)
        recorder.close()
        [stored] = tom.rounds.all(recorder.session_id)
        assert [a.step for a in stored.attempts] == [a.step_json() for a in round_.attempts]
        assert any(a.action == "ruling" and not a.accepted for a in stored.attempts)
        assert replay_stored(stored).agrees
