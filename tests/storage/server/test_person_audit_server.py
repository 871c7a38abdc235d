"""The server is the authority (issue 36): the database audits every change to a person,
keeps the name a certification was issued to, refuses an unknown skill id in its
standards functions, and *Verify records* counts its rollups again.

Each change is made as an instructor (or IT, the owner) would: through the app, and with a
plain statement in a psql-like session of their own login. Whatever the client, there is
exactly one audit entry, by the server, naming who (their login), when (the server's
clock) and the value before and after.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import psycopg
import pytest
from psycopg import errors

from dealer_trainer.drills.skills import all_skills
from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.audit import ARROW
from dealer_trainer.storage.errors import (
    UNKNOWN_SKILL_ON_SERVER,
    InputRefusedError,
)
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    ServerTraineeDesk,
    open_server_store,
)
from dealer_trainer.storage.verify import DAILY, PER_TRAINEE, Problem
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre, exam_answer

SKILL = "roulette.straight_up"


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {
        "ina": ina,
        "joe": centre.add("instructor", "joe", "Joe Instructor"),
        "tom": centre.add("trainee", "tom", "Tom Trainee", by=ina),
        "eve": centre.add("trainee", "eve", "Eve Trainee", by=ina),
    }


def _open(centre: Centre, login: str) -> ServerStore:
    return open_server_store(
        centre.workstation_url,
        login,
        centre.passwords[login],
        clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


def _trainee(store: ServerStore, centre: Centre) -> ServerTraineeDesk:
    return store.trainee_desk(
        store.sign_in(store.person.login, centre.passwords[store.person.login])
    )


def _id(centre: Centre, login: str) -> int:
    with centre.owner_connection() as owner:
        row = owner.execute("SELECT id FROM trainees WHERE login = %s", (login,)).fetchone()
    assert row is not None
    return int(row[0])


def _entries(centre: Centre, subject: str, since: int) -> list[tuple[str, str, str, datetime]]:
    """The audit entries about ``subject`` after entry ``since``: (actor, action, detail, at)."""
    with centre.owner_connection() as owner:
        rows = owner.execute(
            "SELECT actor, action, detail, at FROM audit_log WHERE subject = %s AND id > %s "
            "AND action <> 'sign_in' ORDER BY id",
            (subject, since),
        ).fetchall()
    return [(str(a), str(b), str(c), d) for a, b, c, d in rows]


def _last_entry(centre: Centre) -> int:
    with centre.owner_connection() as owner:
        row = owner.execute("SELECT coalesce(max(id), 0) FROM audit_log").fetchone()
    assert row is not None
    return int(row[0])


def test_an_instructors_plain_update_in_psql_is_audited_by_the_database(
    centre: Centre, people: dict[str, str]
) -> None:
    tom, ina = people["tom"], people["ina"]
    since = _last_entry(centre)
    before = datetime.now(UTC)
    with centre.connect(ina) as session:
        session.execute(
            "UPDATE trainees SET name = 'Tom Forged', name_key = 'tom forged' WHERE login = %s",
            (tom,),
        )
        session.execute("UPDATE trainees SET staff_number = 'MD-0042' WHERE login = %s", (tom,))
        session.execute("UPDATE trainees SET archived = true WHERE login = %s", (tom,))
        session.execute("UPDATE trainees SET archived = false WHERE login = %s", (tom,))
        session.execute(
            "UPDATE trainees SET name = 'Tom Trainee', name_key = 'tom trainee' WHERE login = %s",
            (tom,),
        )
    after = datetime.now(UTC)
    entries = _entries(centre, tom, since)
    assert [(actor, action, detail) for actor, action, detail, _ in entries] == [
        (ina, "person_renamed", f"Tom Trainee{ARROW}Tom Forged"),
        (ina, "staff_number_set", f"{ARROW}MD-0042"),
        (ina, "person_archived", "Tom Forged"),
        (ina, "person_restored", "Tom Forged"),
        (ina, "person_renamed", f"Tom Forged{ARROW}Tom Trainee"),
    ]
    assert all(before <= at <= after for *_, at in entries)  # the server's clock


def test_the_apps_changes_are_audited_once_by_the_server(
    centre: Centre, people: dict[str, str]
) -> None:
    eve, ina = people["eve"], people["ina"]
    eve_id = _id(centre, eve)
    since = _last_entry(centre)
    with _open(centre, ina) as store:
        desk = _instructor(store, centre)
        desk.rename_trainee(eve_id, "Eve Lee")
        desk.people().set_staff_number(eve_id, "md-0007")
        desk.people().set_staff_number(eve_id, "md-0008")
        desk.set_trainee_archived(eve_id, True)
        desk.set_trainee_archived(eve_id, False)
        desk.rename_trainee(eve_id, "Eve Trainee")
    entries = [(actor, action, detail) for actor, action, detail, _ in _entries(centre, eve, since)]
    assert entries == [
        (ina, "person_renamed", f"Eve Trainee{ARROW}Eve Lee"),
        (ina, "staff_number_set", f"{ARROW}MD-0007"),
        (ina, "staff_number_set", f"MD-0007{ARROW}MD-0008"),
        (ina, "person_archived", "Eve Lee"),
        (ina, "person_restored", "Eve Lee"),
        (ina, "person_renamed", f"Eve Lee{ARROW}Eve Trainee"),
    ]


def test_group_moves_and_instructors_accounts_are_audited_once_whoever_changes_them(
    centre: Centre, people: dict[str, str]
) -> None:
    tom, ina, joe = people["tom"], people["ina"], people["joe"]
    tom_id = _id(centre, tom)
    since = _last_entry(centre)
    with _open(centre, ina) as store:
        desk = _instructor(store, centre).people()
        november = desk.create_group("November", date(2026, 11, 2))
        december = desk.create_group("December", date(2026, 12, 7))
        desk.move_trainee(tom_id, november.id)
        desk.move_trainee(tom_id, december.id)
        desk.move_trainee(tom_id, None)
        joe_id = next(i.id for i in desk.instructors() if i.login == joe)
        desk.set_instructor_disabled(joe_id, True)
        desk.set_instructor_disabled(joe_id, False)
    moves = [(a, b, c) for a, b, c, _ in _entries(centre, tom, since)]
    assert moves == [
        (ina, "group_member_moved", f"{ARROW}November"),
        (ina, "group_member_moved", f"November{ARROW}December"),
        (ina, "group_member_moved", f"December{ARROW}"),
    ]
    assert [(a, b, c) for a, b, c, _ in _entries(centre, joe, since)] == [
        (ina, "instructor_disabled", "Joe Instructor"),
        (ina, "instructor_enabled", "Joe Instructor"),
    ]
    # IT, as the database's owner in psql: the same entries, naming the owner.
    since = _last_entry(centre)
    with centre.owner_connection() as owner:
        owner.execute(
            "INSERT INTO group_members (group_id, trainee_id, joined_at) VALUES (%s, %s, now())",
            (november.id, tom_id),
        )
        owner.execute("UPDATE instructors SET name = 'Joe Lam' WHERE login = %s", (joe,))
        owner.execute("DELETE FROM group_members WHERE trainee_id = %s AND left_at IS NULL",
                      (tom_id,))  # fmt: skip
    assert [(a, b, c) for a, b, c, _ in _entries(centre, tom, since)] == [
        (centre.owner, "group_member_moved", f"{ARROW}November"),
        (centre.owner, "group_member_moved", f"November{ARROW}"),
    ]
    assert [(a, b, c) for a, b, c, _ in _entries(centre, joe, since)] == [
        (centre.owner, "person_renamed", f"Joe Instructor{ARROW}Joe Lam"),
    ]


def test_a_client_cannot_write_or_drop_the_servers_person_entries(
    centre: Centre, people: dict[str, str]
) -> None:
    tom, ina = people["tom"], people["ina"]
    since = _last_entry(centre)
    with centre.connect(ina) as session:
        session.execute(
            "INSERT INTO audit_log (at, actor, action, subject, detail) "
            "VALUES (now(), 'someone', 'person_renamed', %s, 'forged')",
            (tom,),
        )
        with pytest.raises(errors.InsufficientPrivilege):
            session.execute("DELETE FROM audit_log")
        with pytest.raises(errors.InsufficientPrivilege):
            session.execute("ALTER TABLE trainees DISABLE TRIGGER dt_person_changed")
    with centre.connect(tom) as session, pytest.raises(errors.InsufficientPrivilege):
        session.execute("UPDATE trainees SET name = 'Mine' WHERE login = %s", (tom,))
    assert _entries(centre, tom, since) == []  # the forged entry was dropped


def test_the_standards_functions_refuse_an_unknown_skill(
    centre: Centre, people: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ina = people["ina"]
    with centre.connect(ina) as session:
        for call, args in (
            ("SELECT dt_set_speed_standard(%s, 5000)", ("roulette.no_such_skill",)),
            ("SELECT dt_set_speed_standard(%s, NULL)", (None,)),
            ("SELECT dt_recount_within(%s, 5000)", ("craps.nothing",)),
            (
                "SELECT dt_assign_plan('Plan', 'roulette', %s, 5, now() + interval '2 days', "
                "NULL, ARRAY[%s])",
                (f'["{SKILL}", "roulette.no_such_skill"]', _id(centre, people["tom"])),
            ),
            (
                "SELECT dt_assign_plan('Plan', 'roulette', %s, 5, now() + interval '2 days', "
                "NULL, ARRAY[%s])",
                ("[]", _id(centre, people["tom"])),
            ),
        ):
            with pytest.raises(errors.InvalidParameterValue, match="there is no skill"):
                session.execute(call, args)
        session.execute("SELECT dt_set_speed_standard(%s, 5000)", (SKILL,))  # a known one
        count = session.execute("SELECT count(*) FROM speed_standards").fetchone()
        assert count == (1,)
    # The app words the server's refusal (an app that knows a skill this server does not).
    known = dict(all_skills())
    known["roulette.no_such_skill"] = known[SKILL]
    monkeypatch.setattr("dealer_trainer.storage.standards.all_skills", lambda: known)
    with _open(centre, ina) as store:
        desk = _instructor(store, centre)
        with pytest.raises(InputRefusedError) as refused:
            desk.standards.set_standard("roulette.no_such_skill", None)
    assert refused.value.text == UNKNOWN_SKILL_ON_SERVER
    assert "does not know this skill" in str(refused.value)


@pytest.fixture(scope="module")
def certified(centre: Centre, people: dict[str, str]) -> Iterator[int]:
    """Tom passes an exam through the app, graded and certified by the centre's grader."""
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        paper = desk.create_exam("Final", "roulette-2003", [SKILL], 2, 5, Fraction(1, 2))
        [assignment] = desk.assign_exam(paper.id, [_id(centre, people["tom"])])
    with _open(centre, people["tom"]) as store:
        tom = _trainee(store, centre)
        exam = tom.exam_paper(assignment.id)
        session = tom.start_session(
            "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
        )
        for n in range(2):
            tom.record_answer(session.id, exam_answer(exam, n, right=True))
        tom.end_session(session.id)
        centre.wait_graded(session.id)
    yield session.id


def test_a_certification_keeps_the_name_certified_after_a_rename(
    centre: Centre, people: dict[str, str], certified: int, qapp: object, tmp_path: Path
) -> None:
    from dealer_trainer.reports.certificates import certificates_pdf

    tom, ina = people["tom"], people["ina"]
    with centre.connect(ina) as session:
        session.execute(
            "UPDATE trainees SET name = 'Tom Chan', name_key = 'tom chan' WHERE login = %s",
            (tom,),
        )
    with centre.owner_connection() as owner, pytest.raises(psycopg.Error):
        owner.execute("UPDATE certifications SET certified_name = 'Tom Chan'")
    with _open(centre, ina) as store:
        desk = _instructor(store, centre)
        [cert] = desk.certifications(_id(centre, tom))
        assert cert.session_id == certified
        assert cert.certified_name == "Tom Trainee"
        assert cert.names("Tom Chan") == ("Tom Trainee", "Tom Chan")
        certificates_pdf(desk, _id(centre, tom), tmp_path / "certificate.pdf")
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils)")
    text = subprocess.run(
        ["pdftotext", "-layout", str(tmp_path / "certificate.pdf"), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert "Tom Trainee" in lines and "now named Tom Chan" in lines
    with _open(centre, tom) as store:
        [mine] = _trainee(store, centre).my_certifications()
        assert mine.certified_name == "Tom Trainee"


def test_verify_records_on_the_server_counts_the_rollups_again(
    centre: Centre, people: dict[str, str], certified: int
) -> None:
    with _open(centre, people["ina"]) as store:
        clean = _instructor(store, centre).verify_records()
    assert clean.on_server and clean.clean and clean.answers_checked == 2
    with centre.owner_connection() as owner:  # only the owner can: IT, or a stolen password
        owner.execute("UPDATE daily_skill_counts SET answers = answers + 28, correct = 30")
        owner.execute("UPDATE trainee_skill_days SET within = 2")
    with _open(centre, people["ina"]) as store:
        found = _instructor(store, centre).verify_records()
    by_rollup = {f.rollup: f for f in found.findings}
    assert set(by_rollup) == {DAILY, PER_TRAINEE}
    daily = by_rollup[DAILY]
    assert daily.problem is Problem.ROLLUP_CHANGED and daily.skill == SKILL
    assert daily.shown is not None and daily.recorded is not None
    assert (daily.shown.answers, daily.shown.correct) == (30, 30)
    assert (daily.recorded.answers, daily.recorded.correct) == (2, 2)
    assert by_rollup[PER_TRAINEE].trainee == "Tom Chan"


def test_verify_records_on_the_server_counts_only_what_the_grader_graded(
    centre: Centre, people: dict[str, str]
) -> None:
    """The server's rollups count graded answers: an answer waiting for grading (the grader
    down) is in no rollup yet, and Verify, counting the same graded answers, finds no
    difference for it (it counted every answer before, and reported one)."""
    from tests.storage.conftest import answer

    assert centre.grader is not None
    centre.grader.stop()
    try:
        with _open(centre, people["eve"]) as store:
            eve = _trainee(store, centre)
            session = eve.start_session("roulette-2003", SessionKind.PRACTICE)
            eve.record_answer(session.id, answer(3, skill="roulette.payout.split"))
        with _open(centre, people["ina"]) as store:
            found = _instructor(store, centre).verify_records()
        assert [f for f in found.findings if f.skill == "roulette.payout.split"] == []
        assert [f for f in found.findings if f.trainee == "Eve Trainee"] == []
    finally:
        centre.grader.start()
