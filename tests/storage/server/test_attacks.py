"""Issue 14: with a trainee's own login in psql (here psycopg), every attack is refused.

The centre is set up as IT would (``server init``, ``server add-person``); then a
trainee who knows SQL tries what the issue lists, and the server itself refuses:
no client code stands between them and the database here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest
from psycopg import errors

from tests.storage.server.conftest import Centre

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    """An instructor (added by the owner) and two trainees (added by the instructor)."""
    ina = centre.add("instructor", "ina", "Ina Instructor")
    tom = centre.add("trainee", "tom", "Tom Trainee", by=ina)
    eve = centre.add("trainee", "eve", "Eve Trainee", by=ina)
    return {"ina": ina, "tom": tom, "eve": eve}


def _trainee_id(connection: psycopg.Connection) -> int:
    row = connection.execute("SELECT dt_trainee_id()").fetchone()
    assert row is not None and row[0] is not None
    return int(row[0])


def _record(connection: psycopg.Connection, trainee_id: int, session_id: int, uid: str) -> None:
    connection.execute(
        "INSERT INTO answers (uid, session_id, trainee_id, skill, ruleset_id, item_seed, "
        "situation, expected, given, correct, time_taken_ms, app_version, presented_at, "
        "answered_at, answered_day, recorded_at) VALUES (%s, %s, %s, 'roulette.payout', "
        "'roulette-2003', 1, %s, %s, %s, false, 2000, '0.1.0', %s, %s, %s, %s)",
        (uid, session_id, trainee_id, json.dumps({}), json.dumps({"payout": "350"}),
         json.dumps({"payout": "35"}), NOW, NOW, NOW.date(), NOW),
    )  # fmt: skip


def _session(connection: psycopg.Connection, trainee_id: int) -> int:
    row = connection.execute(
        "INSERT INTO training_sessions (trainee_id, kind, ruleset_id, app_version, "
        "workstation, started_at) VALUES (%s, 'practice', 'roulette-2003', '0.1.0', 'pc1', %s) "
        "RETURNING id",
        (trainee_id, NOW),
    ).fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture(scope="module")
def recorded(centre: Centre, people: dict[str, str]) -> dict[str, int]:
    """Eve has a session with one answer; Tom has his own; an exam is assigned to Tom."""
    ids: dict[str, int] = {}
    for who in ("eve", "tom"):
        with centre.connect(people[who]) as connection:
            ids[f"{who}_id"] = _trainee_id(connection)
            ids[f"{who}_session"] = _session(connection, ids[f"{who}_id"])
            _record(connection, ids[f"{who}_id"], ids[f"{who}_session"], f"{who}-1")
        centre.wait_answers_graded(ids[f"{who}_session"])  # the rollups count graded answers
    with centre.connect(people["ina"]) as connection:
        ina_id = connection.execute("SELECT dt_instructor_id()").fetchone()
        assert ina_id is not None
        exam = connection.execute(
            "INSERT INTO exams (title, ruleset_id, skills, item_count, seed, time_limit_s, "
            "difficulty, pass_mark_numerator, pass_mark_denominator, created_by, created_at) "
            "VALUES ('Final', 'roulette-2003', '[\"roulette.payout\"]', 10, 424242, NULL, 1, "
            "4, 5, %s, %s) RETURNING id",
            (ina_id[0], NOW),
        ).fetchone()
        assert exam is not None
        ids["exam"] = int(exam[0])
        assignment = connection.execute(
            "INSERT INTO exam_assignments (exam_id, trainee_id, assigned_by, assigned_at) "
            "VALUES (%s, %s, %s, %s) RETURNING id",
            (ids["exam"], ids["tom_id"], ina_id[0], NOW),
        ).fetchone()
        assert assignment is not None
        ids["assignment"] = int(assignment[0])
    return ids


@pytest.fixture
def tom(
    centre: Centre, people: dict[str, str], recorded: dict[str, int]
) -> Iterator[psycopg.Connection]:
    with centre.connect(people["tom"]) as connection:
        yield connection


def test_trainee_cannot_read_another_trainees_answers_or_sessions(
    tom: psycopg.Connection, recorded: dict[str, int]
) -> None:
    for table in ("answers", "training_sessions"):
        rows = tom.execute(f"SELECT trainee_id FROM {table}").fetchall()
        assert rows and {r[0] for r in rows} == {recorded["tom_id"]}, table
    assert tom.execute("SELECT count(*) FROM trainees").fetchone() == (1,)
    assert tom.execute(
        "SELECT count(*) FROM answers WHERE trainee_id = %s", (recorded["eve_id"],)
    ).fetchone() == (0,)


def test_trainee_cannot_read_a_password_hash(tom: psycopg.Connection) -> None:
    with pytest.raises(errors.InsufficientPrivilege):
        tom.execute("SELECT password_hash FROM instructors")
    with pytest.raises(errors.InsufficientPrivilege):
        tom.execute("SELECT rolpassword FROM pg_authid")
    # Their own row on the server holds no hash at all: PostgreSQL keeps the password.
    assert tom.execute("SELECT password_hash FROM trainees").fetchall() == [(None,)]


def test_trainee_cannot_update_delete_or_truncate_an_answer(tom: psycopg.Connection) -> None:
    for attack in (
        "UPDATE answers SET correct = true",
        "DELETE FROM answers",
        "TRUNCATE answers",
        "UPDATE training_sessions SET ended_at = NULL",
        "DELETE FROM training_sessions",
    ):
        with pytest.raises(errors.InsufficientPrivilege):
            tom.execute(attack)


def test_trainee_cannot_insert_an_answer_for_another_trainee(
    tom: psycopg.Connection, recorded: dict[str, int]
) -> None:
    with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
        _record(tom, recorded["eve_id"], recorded["eve_session"], "forged-for-eve")
    # Nor into another's session under their own name.
    with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
        _record(tom, recorded["tom_id"], recorded["eve_session"], "forged-in-eves-session")
    # Nor a session in another's name.
    with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
        _session(tom, recorded["eve_id"])


def test_trainee_cannot_disable_a_trigger_or_take_the_owners_rights(
    tom: psycopg.Connection, centre: Centre
) -> None:
    for attack in (
        "ALTER TABLE answers DISABLE TRIGGER ALL",
        "ALTER TABLE answers DISABLE TRIGGER answers_refuse_change",
        "ALTER TABLE answers DISABLE ROW LEVEL SECURITY",
        "DROP POLICY own_t ON answers",
        "ALTER FUNCTION dt_trainee_id() OWNER TO CURRENT_USER",
        f'GRANT "{centre.owner}" TO CURRENT_USER',
        f'SET ROLE "{centre.owner}"',
        "CREATE TABLE answers_copy (id int)",
    ):
        with pytest.raises((errors.InsufficientPrivilege, errors.WrongObjectType)):
            tom.execute(attack)


def test_trainee_cannot_read_an_exam_before_starting_it(
    tom: psycopg.Connection, recorded: dict[str, int], centre: Centre, people: dict[str, str]
) -> None:
    with pytest.raises(errors.InsufficientPrivilege):
        tom.execute("SELECT seed FROM exams")
    listed = tom.execute("SELECT assignment_id, title, seed FROM dt_open_exams()").fetchall()
    assert listed == [(recorded["assignment"], "Final", None)]
    # Another trainee cannot start it either.
    with centre.connect(people["eve"]) as eve, pytest.raises(errors.InsufficientPrivilege):
        eve.execute("SELECT * FROM dt_start_exam(%s, '0.1.0', 'pc2')",
                    (recorded["assignment"],))  # fmt: skip
    # Nor can an exam session be opened behind the function's back.
    with pytest.raises(errors.InsufficientPrivilege, match="row-level security"):
        tom.execute(
            "INSERT INTO training_sessions (trainee_id, kind, ruleset_id, app_version, "
            "workstation, exam_assignment_id, started_at) VALUES (%s, 'exam', 'r', 'v', 'w', "
            "%s, now())",
            (recorded["tom_id"], recorded["assignment"]),
        )
    started = tom.execute(
        "SELECT session_id, seed FROM dt_start_exam(%s, '0.1.0', 'pc1')",
        (recorded["assignment"],),
    ).fetchone()
    assert started is not None and started[1] == 424242
    again = tom.execute(
        "SELECT session_id, seed FROM dt_start_exam(%s, '0.1.0', 'pc1')",
        (recorded["assignment"],),
    ).fetchone()
    assert again == started  # an interrupted sitting goes on in its own session
    with centre.connect(people["ina"]) as ina:
        logged = ina.execute(
            "SELECT actor, subject FROM audit_log WHERE action = 'exam_started'"
        ).fetchall()
    assert logged == [(people["tom"], f"exam:{recorded['exam']}")]


def test_trainee_cannot_reset_a_failure_counter_or_the_servers_delay(
    tom: psycopg.Connection,
) -> None:
    for attack in (
        "UPDATE trainees SET failed_attempts = 0, last_failed_at = NULL",
        "UPDATE instructors SET failed_attempts = 0",
        "ALTER SYSTEM SET auth_delay.milliseconds = 0",
        "ALTER ROLE CURRENT_USER SET auth_delay.milliseconds = 0",
        "SELECT pg_reload_conf()",
    ):
        with pytest.raises((errors.InsufficientPrivilege, errors.CantChangeRuntimeParam)):
            tom.execute(attack)


def test_trainee_cannot_add_people_or_reset_a_password(
    tom: psycopg.Connection, people: dict[str, str]
) -> None:
    with pytest.raises(errors.InsufficientPrivilege):
        tom.execute("SELECT dt_add_person('instructor', 'mallory', 'M', NULL, 'SCRAM-SHA-256$x')")
    with pytest.raises(errors.InsufficientPrivilege):
        tom.execute("SELECT dt_set_password(%s, 'SCRAM-SHA-256$x')", (people["eve"],))
    with pytest.raises(errors.InsufficientPrivilege):
        tom.execute("CREATE ROLE mallory LOGIN")


def test_no_role_can_change_the_audit_log(
    centre: Centre, people: dict[str, str], recorded: dict[str, int]
) -> None:
    for who in ("tom", "ina"):
        with centre.connect(people[who]) as connection:
            for attack in (
                "UPDATE audit_log SET detail = ''",
                "DELETE FROM audit_log",
                "TRUNCATE audit_log",
                "ALTER TABLE audit_log DISABLE TRIGGER ALL",
            ):
                with pytest.raises(errors.InsufficientPrivilege):
                    connection.execute(attack)
            # An entry in another's name is written in one's own, at the server's time.
            connection.execute(
                "INSERT INTO audit_log (at, actor, action, subject, detail) "
                "VALUES ('2000-01-01', %s, 'sign_in', NULL, 'forged')",
                (people["eve"],),
            )
    with centre.connect(people["ina"]) as ina:
        forged = ina.execute(
            "SELECT actor, at > '2001-01-01' FROM audit_log WHERE detail = 'forged' ORDER BY id"
        ).fetchall()
        assert forged == [(people["tom"], True), (people["ina"], True)]
        added = ina.execute(
            "SELECT subject FROM audit_log WHERE action = 'person_added' ORDER BY id"
        ).fetchall()
        assert [r[0] for r in added] == [people["ina"], people["tom"], people["eve"]]
    # Even the owner: the triggers refuse it.
    with centre.owner_connection() as owner, pytest.raises(errors.RestrictViolation):
        owner.execute("DELETE FROM audit_log")


def test_instructor_reads_everything_but_cannot_alter_an_answer(
    centre: Centre, people: dict[str, str], recorded: dict[str, int]
) -> None:
    with centre.connect(people["ina"]) as ina:
        seen = {r[0] for r in ina.execute("SELECT trainee_id FROM answers").fetchall()}
        assert seen == {recorded["tom_id"], recorded["eve_id"]}
        for attack in (
            "UPDATE answers SET correct = true",
            "DELETE FROM answers",
            "TRUNCATE answers",
            "ALTER TABLE answers DISABLE TRIGGER ALL",
            "UPDATE trainees SET login = 'ina2'",
            "UPDATE exam_assignments SET completed_at = NULL",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                ina.execute(attack)
        with pytest.raises(errors.InsufficientPrivilege):
            _record(ina, recorded["tom_id"], recorded["tom_session"], "by-instructor")
        with pytest.raises(errors.InsufficientPrivilege):
            ina.execute("SELECT rolpassword FROM pg_authid")
        # An instructor resets a trainee's password, never an instructor's or the owner's.
        for target in (people["ina"], centre.owner, "postgres"):
            with pytest.raises(errors.UndefinedObject):
                ina.execute("SELECT dt_set_password(%s, 'SCRAM-SHA-256$4096:x$y:z')", (target,))


def test_a_trainees_failed_sign_ins_never_lock_the_instructor_out(
    centre: Centre, people: dict[str, str]
) -> None:
    with centre.owner_connection() as owner:
        delay = owner.execute(
            "SELECT setting::int FROM pg_settings WHERE name = 'auth_delay.milliseconds'"
        ).fetchone()
    began = time.monotonic()
    for _ in range(5):  # a trainee guessing the instructor's password
        with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
            centre.connect(people["ina"], password="guess-guess")
    if delay is not None:  # auth_delay loaded (.ci/postgres.sh): each guess waits
        # Over the five guesses together: the server's sleep (pg_usleep) may end a little
        # early when its backend is signalled, so one guess alone is not a fair measure.
        assert time.monotonic() - began >= 5 * delay[0] / 1000 * 0.75
    with centre.connect(people["ina"]) as ina:
        assert ina.execute("SELECT session_user").fetchone() == (people["ina"],)


def test_an_archived_trainee_cannot_sign_in(centre: Centre, people: dict[str, str]) -> None:
    gone = centre.add("trainee", "gone", "Gone Trainee", by=people["ina"])
    with centre.connect(people["ina"]) as ina:
        ina.execute("UPDATE trainees SET archived = true WHERE login = %s", (gone,))
        logged = ina.execute(
            "SELECT count(*) FROM audit_log WHERE action = 'person_archived' AND subject = %s",
            (gone,),
        ).fetchone()
    assert logged == (1,)
    with pytest.raises(psycopg.OperationalError, match="not permitted to log in"):
        centre.connect(gone)


def test_the_within_target_rollup_is_counted_again_by_the_instructors_function_only(
    centre: Centre, people: dict[str, str], recorded: dict[str, int]
) -> None:
    """Migration 0014: the rolled-up answers within the target and the target they were
    counted against are written by ``dt_recount_within`` alone, which counts them from
    the answers; a trainee may neither call it nor read the targets."""
    with centre.connect(people["tom"]) as tom:
        for attack in (
            "SELECT dt_recount_within('roulette.payout', 5000)",
            "SELECT * FROM within_targets",
            "INSERT INTO within_targets (skill, target_ms) VALUES ('roulette.payout', 1)",
            "UPDATE trainee_skill_days SET within = answers",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                tom.execute(attack)
    with centre.connect(people["ina"]) as ina:
        for attack in (
            "INSERT INTO within_targets (skill, target_ms) VALUES ('roulette.payout', 1)",
            "UPDATE trainee_skill_days SET within = answers",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                ina.execute(attack)
        with pytest.raises(errors.InvalidParameterValue):
            ina.execute("SELECT dt_recount_within('roulette.straight_up', -1)")
        # The answers above are of a skill id no version has: the server refuses it (0019).
        with pytest.raises(errors.InvalidParameterValue, match="there is no skill"):
            ina.execute("SELECT dt_recount_within('roulette.payout', 5000)")
        ina.execute("SELECT dt_recount_within('roulette.straight_up', 5000)")
        assert ina.execute("SELECT skill, target_ms FROM within_targets").fetchall() == [
            ("roulette.straight_up", 5000)
        ]
        # No recorded answer is of that skill: none is within.
        assert ina.execute("SELECT sum(within) FROM trainee_skill_days").fetchone() == (0,)


def test_trainee_reads_only_their_own_rollup_rows_and_cannot_write_one(
    centre: Centre, people: dict[str, str], recorded: dict[str, int]
) -> None:
    """The dashboard's rollups (migration 0011): kept on the server from the grader's grades
    of a trainee's own answer, read by a trainee for themselves only, written by nobody."""
    with centre.connect(people["tom"]) as tom:
        rows = tom.execute("SELECT trainee_id, answers, median2 FROM trainee_skill_days").fetchall()
        counted = tom.execute("SELECT time_taken_ms FROM graded_answers").fetchall()
        assert [c for (c,) in counted] == [min(2000, c) for (c,) in counted]  # server-capped
        assert rows == [(recorded["tom_id"], 1, 2 * counted[0][0])]  # one answer: twice it
        for attack in (
            "UPDATE trainee_skill_days SET correct = answers",
            "DELETE FROM trainee_skill_days",
            "TRUNCATE trainee_skill_days",
            "INSERT INTO trainee_skill_days (answered_day, skill, trainee_id, answers, correct,"
            " median2) VALUES ('2026-12-01', 'x', 1, 1, 1, 2)",
            "UPDATE daily_skill_counts SET median2 = 0",
            "SELECT * FROM daily_skill_counts",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                tom.execute(attack)
    with centre.connect(people["ina"]) as ina:
        seen = {r[0] for r in ina.execute("SELECT trainee_id FROM trainee_skill_days")}
        assert seen == {recorded["tom_id"], recorded["eve_id"]}
        # Both answers of one day and skill: twice their median is the sum of the two.
        times = [t for (t,) in ina.execute("SELECT time_taken_ms FROM graded_answers")]
        assert ina.execute("SELECT answers, median2 FROM daily_skill_counts").fetchall() == [
            (2, sum(times))
        ]
        with pytest.raises(errors.InsufficientPrivilege):
            ina.execute("UPDATE trainee_skill_days SET correct = 0")
