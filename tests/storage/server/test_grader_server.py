"""Issue 36: the server is the authority. With a trainee's own login (psql, here psycopg)
a sitting cannot be forged into a pass: the centre's grader grades every answer on the
exam's own items, judges the live-table rounds again from their steps, measures the times
that count by the server's clock, ends a sitting at its time limit, and writes the only
certifications. A sitting answered right through the app passes; with the grader down it
waits for grading, nothing is lost, and it is graded once the grader is back."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import psycopg
import pytest
from psycopg import errors

from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.certification import Grading, Refusal, table_seed
from dealer_trainer.storage.errors import SERVER_REFUSALS, SittingEndedError
from dealer_trainer.storage.records import Exam
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    ServerTraineeDesk,
    open_server_store,
)
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre, exam_answer

SKILL = "roulette.straight_up"
LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "gina", "Gina Instructor")
    names = {
        "mal": "Mal Forger",
        "tab": "Tab Forger",
        "hon": "Hon Honest",
        "dwn": "Dee Down",
        "lat": "Lat Late",
        "wak": "Wak Woken",
        "cli": "Cli Service",
    }
    return {"ina": ina, **{k: centre.add("trainee", k, v, by=ina) for k, v in names.items()}}


def _open(centre: Centre, login: str) -> ServerStore:
    return open_server_store(
        centre.workstation_url,
        login,
        centre.passwords[login],
        clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    )


def _trainee(store: ServerStore, centre: Centre) -> ServerTraineeDesk:
    return store.trainee_desk(
        store.sign_in(store.person.login, centre.passwords[store.person.login])
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


@pytest.fixture(scope="module")
def assigned(centre: Centre, people: dict[str, str]) -> Iterator[dict[str, int]]:
    """Each trainee their own assignment: the five-item exam (Mal, Hon, Dee, Cli), the
    exam with two live-table rounds (Tab), the exam of one second (Lat, Wak)."""
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        desk.save_centre_settings(CentreSettings("Escola de Croupiers", 3, 0, 24))
        ids = {p.name.split()[0].lower(): p.id for p in desk.all_trainees()}
        five = desk.create_exam(
            "Straight-ups", "roulette-2003", [SKILL], 5, 11, Fraction(4, 5),
            speed_mark=Fraction(4, 5), speed_targets_ms={SKILL: 10_000},
        )  # fmt: skip
        table = desk.create_exam(
            "Straight-ups and the table", "roulette-2003", [SKILL], 2, 12, Fraction(3, 4),
            speed_targets_ms={SKILL: 10_000}, table_rounds=2, table_difficulty=1,
            table_pace=25, table_game="roulette",
        )  # fmt: skip
        quick = desk.create_exam(
            "One second", "roulette-2003", [SKILL], 2, 13, Fraction(1, 1),
            time_limit=timedelta(seconds=1),
        )  # fmt: skip
        out = {"five": five.id, "table": table.id, "quick": quick.id}
        for who in ("mal", "hon", "dee", "cli"):
            [given] = desk.assign_exam(five.id, [ids[who]])
            out[who] = given.id
        [given] = desk.assign_exam(table.id, [ids["tab"]])
        out["tab"] = given.id
        for who in ("lat", "wak"):
            [given] = desk.assign_exam(quick.id, [ids[who]])
            out[who] = given.id
        yield out


def _answer_row(
    connection: psycopg.Connection, session: int, skill: str, seed: int, given: object
) -> None:
    """An answer as a forger inserts it: marked right, back-dated, with what they like."""
    connection.execute(
        "INSERT INTO answers (uid, session_id, trainee_id, skill, ruleset_id, item_seed, "
        "situation, expected, given, correct, time_taken_ms, app_version, presented_at, "
        "answered_at, answered_day, recorded_at) VALUES (gen_random_uuid()::text, %s, "
        "dt_trainee_id(), %s, 'roulette-2003', %s, '{}', '{}', %s, true, 1, '0.1.0', %s, %s, "
        "%s, %s)",
        (session, skill, seed, json.dumps(given), LONG_AGO, LONG_AGO, LONG_AGO.date(), LONG_AGO),
    )


def _certified(centre: Centre, login: str) -> list[tuple[object, ...]]:
    with centre.owner_connection() as owner:
        return owner.execute(
            "SELECT c.session_id FROM certifications c JOIN trainees t ON t.id = c.trainee_id "
            "WHERE t.login = %s",
            (login,),
        ).fetchall()


def test_a_forged_sitting_is_graded_wrong_and_never_certified(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    """The issue's recipe: start the exam, insert as many answers as it has items, marked
    right, empty or wrong, back-dated; end it. The grader makes the items again from the
    exam's seed: nothing is right, nothing certified."""
    with centre.connect(people["mal"]) as mal:
        row = mal.execute(
            "SELECT session_id, seed FROM dt_start_exam(%s, '0.1.0', 'psql')", (assigned["mal"],)
        ).fetchone()
        assert row is not None
        session, seed = row
        items = exam_spec(_paper(seed, 5)).items()
        _answer_row(mal, session, items[0].skill, items[0].seed, {})  # empty
        _answer_row(mal, session, items[1].skill, items[1].seed, {"amount": "0.00"})  # wrong
        _answer_row(mal, session, items[2].skill, items[2].seed, {"choice": None})
        _answer_row(mal, session, items[4].skill, items[4].seed, {})  # the 5th item, 4th place
        _answer_row(mal, session, SKILL, 999, {"amount": "350.00"})  # not the exam's item
        _answer_row(mal, session, items[0].skill, items[0].seed, {})  # once more
        # Anyone may send the grader's channel a notification: it only wakes it.
        mal.execute("NOTIFY dt_grader, 'stop'")
        stamped = mal.execute(
            "SELECT min(recorded_at) FROM answers WHERE session_id = %s", (session,)
        ).fetchone()
        assert stamped is not None and stamped[0] > datetime.now(UTC) - timedelta(minutes=5)
        mal.execute("SELECT dt_end_session(%s)", (session,))
    centre.wait_graded(session)
    assert centre.grader is not None and centre.grader.running
    assert centre.state(session)[0] == "graded"
    with centre.owner_connection() as owner:
        grade = owner.execute(
            "SELECT correct, answered, passed, flagged FROM sitting_grades WHERE session_id = %s",
            (session,),
        ).fetchone()
        flags = owner.execute(
            "SELECT g.correct, g.flag, g.item_index, g.counts FROM answer_grades g "
            "JOIN answers a ON a.id = g.answer_id WHERE a.session_id = %s ORDER BY a.id",
            (session,),
        ).fetchall()
    assert grade == (0, 3, False, 6)
    assert flags == [
        (False, "unreadable", 0, True),
        (False, None, 1, True),
        (False, None, 2, True),
        (False, "not_an_item", None, False),
        (False, "not_an_item", None, False),
        (False, "not_an_item", None, False),
    ]
    assert _certified(centre, people["mal"]) == []
    with _open(centre, people["mal"]) as store:
        mine = _trainee(store, centre)
        assert mine.my_certifications() == []
        [sitting] = mine.my_transcript().sittings
        assert sitting.score.grading is Grading.GRADED and not sitting.score.passed


def _paper(seed: int, items: int) -> Exam:
    """The exam as the trainee knows it once started (its seed): enough to make its items."""
    return Exam(
        id=0, title="", ruleset_id="roulette-2003", skills=(SKILL,), item_count=items,
        seed=seed, difficulty=1, pass_mark=Fraction(4, 5), time_limit=None, created_by=0,
        created_at=LONG_AGO,
    )  # fmt: skip


def test_nothing_is_back_dated_and_no_one_but_the_grader_writes_a_grade(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    with centre.connect(people["hon"]) as hon:
        started = hon.execute(
            "INSERT INTO training_sessions (trainee_id, kind, ruleset_id, app_version, "
            "workstation, started_at) VALUES (dt_trainee_id(), 'practice', 'roulette-2003', "
            "'0.1.0', 'psql', %s) RETURNING started_at",
            (LONG_AGO,),
        ).fetchone()
        assert started is not None and started[0] > datetime.now(UTC) - timedelta(minutes=5)
        for attack in (
            "UPDATE training_sessions SET started_at = '2000-01-01'",
            "INSERT INTO sitting_grades (session_id, answered, correct, in_time, item_count, "
            "time_ms, rounds, rounds_ended, steps_right, steps_judged, rounds_in_pace, table_ms,"
            " flagged, timed_out, passed, graded_at, grader_version) SELECT id, 1, 1, 1, 1, 1, "
            "0, 0, 0, 0, 0, 0, 0, false, true, now(), 'x' FROM training_sessions",
            "INSERT INTO answer_grades (answer_id, session_id, correct, situation_matches, "
            "counts, graded_at, grader_version) SELECT id, session_id, true, true, true, now(), "
            "'x' FROM answers",
            "INSERT INTO certifications (trainee_id, game, exam_id, session_id, passed_at, "
            "correct, in_time, item_count, time_taken_ms, approved_by, valid_until) SELECT "
            "dt_trainee_id(), 'roulette', 1, id, now(), 1, 1, 1, 1, 1, '2099-01-01' "
            "FROM training_sessions",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                hon.execute(attack)
    with centre.connect(people["ina"]) as ina:
        for attack in (
            "INSERT INTO certifications (trainee_id, game, exam_id, session_id, passed_at, "
            "correct, in_time, item_count, time_taken_ms, approved_by, valid_until) SELECT "
            "trainee_id, 'roulette', 1, id, now(), 1, 1, 1, 1, 1, '2099-01-01' "
            "FROM training_sessions",
            "UPDATE sitting_grades SET passed = true",
            "UPDATE training_sessions SET ended_at = now()",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                ina.execute(attack)
    grader = psycopg.connect(
        host=centre.host, port=centre.port, dbname=centre.database, user=centre.grader_role,
        password=centre.grader_password, autocommit=True,
    )  # fmt: skip
    with grader:
        for attack in (
            "SELECT name FROM trainees",
            "SELECT * FROM audit_log",
            "INSERT INTO answers (uid) VALUES ('x')",
            "DELETE FROM sitting_grades",
            "UPDATE answer_grades SET correct = true",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                grader.execute(attack)
        # A certification only for a sitting it graded passed; a session only past its limit.
        with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
            grader.execute(
                "INSERT INTO certifications (trainee_id, game, exam_id, session_id, passed_at, "
                "correct, in_time, item_count, time_taken_ms, approved_by, valid_until) SELECT "
                "trainee_id, 'roulette', 1, id, now(), 1, 1, 1, 1, 1, '2099-01-01' "
                "FROM training_sessions LIMIT 1"
            )
        ended = grader.execute("UPDATE training_sessions SET ended_at = now()")
        assert ended.rowcount == 0
    # Not even the owner changes a grade once written.
    with centre.owner_connection() as owner, pytest.raises(errors.RestrictViolation):
        owner.execute("TRUNCATE answer_grades")


def test_forged_table_rounds_are_judged_again_from_their_steps(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    """The table part forges the same way (a round's end saying complete, nothing missed,
    in a millisecond, with no step done): dealt again from the exam's seed, its steps
    judged again, nothing is right and it is not certified."""
    with _open(centre, people["tab"]) as store:
        tab = _trainee(store, centre)
        paper = tab.exam_paper(assigned["tab"])
        session = tab.start_session("roulette-2003", SessionKind.EXAM,
                                    exam_assignment_id=assigned["tab"])  # fmt: skip
        for k in range(2):
            tab.record_answer(session.id, exam_answer(paper, k))
    with centre.connect(people["tab"]) as raw:
        for k in range(2):
            found = raw.execute(
                "INSERT INTO table_rounds (uid, session_id, trainee_id, game, ruleset_id, seed, "
                "difficulty, situation, app_version, started_at) VALUES (gen_random_uuid()::text,"
                " %s, dt_trainee_id(), 'roulette', 'roulette-2003', %s, 1, '{}', '0.1.0', %s) "
                "RETURNING id",
                (session.id, table_seed(paper.seed, k), LONG_AGO),
            ).fetchone()
            assert found is not None
            raw.execute(
                "INSERT INTO table_round_ends (round_id, steps, attempts, mistakes, ms, "
                "complete, ended_at, missed) VALUES (%s, 1, 0, 0, 1, true, %s, 0)",
                (found[0], LONG_AGO),
            )
        raw.execute("SELECT dt_end_session(%s)", (session.id,))
    centre.wait_graded(session.id)
    with centre.owner_connection() as owner:
        grade = owner.execute(
            "SELECT correct, rounds_ended, steps_right, steps_judged > 0, rounds_in_pace, passed "
            "FROM sitting_grades WHERE session_id = %s",
            (session.id,),
        ).fetchone()
    assert grade == (2, 2, 0, True, 0, False)
    assert _certified(centre, people["tab"]) == []


def test_a_sitting_answered_right_through_the_app_is_graded_and_certified(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    with _open(centre, people["hon"]) as store:
        hon = _trainee(store, centre)
        paper = hon.exam_paper(assigned["hon"])
        session = hon.start_session("roulette-2003", SessionKind.EXAM,
                                    exam_assignment_id=assigned["hon"])  # fmt: skip
        for k in range(5):
            hon.record_answer(session.id, exam_answer(paper, k, time_taken_ms=4000))
        ended = hon.end_session(session.id)
        centre.wait_graded(session.id)
        [cert] = hon.my_certifications()
        assert (cert.session_id, cert.correct, cert.in_time, cert.item_count) == (
            session.id, 5, 5, 5,
        )  # fmt: skip
        assert cert.passed_at == ended.ended_at  # the sitting's end, not the grading's
        [sitting] = hon.my_transcript().sittings
        assert sitting.score.grading is Grading.GRADED and sitting.score.passed
    with centre.owner_connection() as owner:
        grades = owner.execute(
            "SELECT g.correct, g.situation_matches, g.item_index, g.counts, g.flag "
            "FROM answer_grades g WHERE g.session_id = %s ORDER BY g.answer_id",
            (session.id,),
        ).fetchall()
    assert grades == [(True, True, k, True, None) for k in range(5)]
    with _open(centre, people["ina"]) as store:
        [(_, _, score)] = _instructor(store, centre).sittings(trainee_id=cert.trainee_id)
        assert score.grading is Grading.GRADED and score.passed


def test_with_the_grader_down_a_sitting_waits_and_is_graded_once_it_is_back(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    from dealer_trainer.reports.exams import exam_results

    assert centre.grader is not None
    centre.grader.stop()
    try:
        with _open(centre, people["dwn"]) as store:
            dee = _trainee(store, centre)
            paper = dee.exam_paper(assigned["dee"])
            session = dee.start_session("roulette-2003", SessionKind.EXAM,
                                        exam_assignment_id=assigned["dee"])  # fmt: skip
            for k in range(5):
                dee.record_answer(session.id, exam_answer(paper, k))
            ended = dee.end_session(session.id)
            state, since = centre.state(session.id)
            assert (state, since) == ("waiting", ended.ended_at)
            [sitting] = dee.my_transcript().sittings
            assert sitting.score.grading is Grading.WAITING
            assert sitting.score.waiting_since == ended.ended_at
            assert dee.my_certifications() == []
            refused = dee.sitting_refusal(assigned["dee"])
            assert refused is not None and refused.reason is Refusal.GRADING
            dee_id = dee.trainee_id
        with (
            centre.connect(people["dwn"]) as raw,
            pytest.raises(errors.InsufficientPrivilege, match="waiting for grading"),
        ):
            raw.execute("SELECT * FROM dt_start_exam(%s, 'v', 'w')", (assigned["dee"],))
        with _open(centre, people["ina"]) as store:
            desk = _instructor(store, centre)
            [exam] = [e for e in desk.exams() if e.id == assigned["five"]]
            [result] = exam_results(desk, exam, dee_id)
            assert result.waiting_since == ended.ended_at and result.passed is None
    finally:
        centre.grader.start()  # grades what waited, first thing
    centre.wait_graded(session.id)
    assert centre.state(session.id)[0] == "graded"
    assert _certified(centre, people["dwn"]) == [(session.id,)]


@pytest.mark.slow
def test_a_sitting_left_open_past_its_limit_is_ended_and_scored_on_its_time(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    """A one-second exam: with the grader down, Lat answers the first item at once and the
    second after the limit; the grader, back, ends the sitting and counts only the first.
    With the grader up, Wak's sitting left open is ended by the grader at its limit."""
    from dealer_trainer.storage.server.policy import LIMIT_GRACE_S

    assert centre.grader is not None
    centre.grader.stop()
    try:
        with _open(centre, people["lat"]) as store:
            lat = _trainee(store, centre)
            paper = lat.exam_paper(assigned["lat"])
            late = lat.start_session("roulette-2003", SessionKind.EXAM,
                                     exam_assignment_id=assigned["lat"])  # fmt: skip
            lat.record_answer(late.id, exam_answer(paper, 0, time_taken_ms=500))
            time.sleep(1 + LIMIT_GRACE_S + 0.5)  # the server's clock past the limit
            lat.record_answer(late.id, exam_answer(paper, 1, time_taken_ms=500))
        with (
            centre.connect(people["lat"]) as raw,
            pytest.raises(errors.InsufficientPrivilege, match="ran out"),
        ):
            raw.execute("SELECT * FROM dt_start_exam(%s, 'v', 'w')", (assigned["lat"],))
        # Through the app, the server's refusal in the app's own (translated) words.
        with _open(centre, people["lat"]) as store, pytest.raises(SittingEndedError) as said:
            _trainee(store, centre).exam_paper(assigned["lat"])
        assert said.value.text is not None
        assert said.value.text.source == SERVER_REFUSALS["dt:time_ran_out"].source
    finally:
        centre.grader.start()
    centre.wait_graded(late.id)
    with _open(centre, people["wak"]) as store:
        wak = _trainee(store, centre)
        paper = wak.exam_paper(assigned["wak"])
        left = wak.start_session("roulette-2003", SessionKind.EXAM,
                                 exam_assignment_id=assigned["wak"])  # fmt: skip
        wak.record_answer(left.id, exam_answer(paper, 0))
    centre.wait_graded(left.id, timeout=LIMIT_GRACE_S + 60)  # woken at the limit
    with centre.owner_connection() as owner:
        graded = owner.execute(
            "SELECT session_id, correct, passed, timed_out FROM sitting_grades "
            "WHERE session_id IN (%s, %s) ORDER BY session_id",
            (late.id, left.id),
        ).fetchall()
        flags = owner.execute(
            "SELECT correct, counts, flag FROM answer_grades WHERE session_id = %s "
            "ORDER BY answer_id",
            (late.id,),
        ).fetchall()
    assert graded == [(late.id, 1, False, True), (left.id, 1, False, True)]
    assert flags == [(True, True, None), (True, False, "late")]
    assert _certified(centre, people["lat"]) == [] and _certified(centre, people["wak"]) == []


def _read_line(process: subprocess.Popen[str], timeout: float) -> str:
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout):
            raise AssertionError("the grader said nothing")
    return process.stdout.readline()


def test_the_grader_runs_as_a_service_and_stops_cleanly(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    """``dealer-trainer server grader URL``, as the systemd unit runs it: it grades, and
    SIGTERM stops it (exit 0). It refuses another role's URL and a remote one without TLS."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env["PGPASSWORD"] = centre.grader_password
    command = [sys.executable, "-m", "dealer_trainer.app", "server", "grader"]
    for url, said in (
        (centre.admin_url(people["ina"]), "signs in as"),
        (f"postgresql://{centre.grader_role}@db.centre.example/{centre.database}", "verify-full"),
    ):
        refused = subprocess.run([*command, url], env=env, capture_output=True, text=True,
                                 timeout=120, check=False)  # fmt: skip
        assert refused.returncode == 2 and said in refused.stderr, refused.stderr
    assert centre.grader is not None
    centre.grader.stop()
    service = subprocess.Popen(
        [*command, centre.grader_url], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert "grading" in _read_line(service, 60)
        with _open(centre, people["cli"]) as store:
            cli = _trainee(store, centre)
            paper = cli.exam_paper(assigned["cli"])
            session = cli.start_session("roulette-2003", SessionKind.EXAM,
                                        exam_assignment_id=assigned["cli"])  # fmt: skip
            for k in range(5):
                cli.record_answer(session.id, exam_answer(paper, k))
            cli.end_session(session.id)
        centre.wait_graded(session.id)
        service.send_signal(signal.SIGTERM)
        out, err = service.communicate(timeout=30)
        assert service.returncode == 0, err
        assert "stopped" in out
        assert centre.grader_password not in out + err
    finally:
        if service.poll() is None:
            service.kill()
            service.communicate()
        centre.grader.start()
    assert _certified(centre, people["cli"]) == [(session.id,)]
