"""The instructor's desk on the centre's server, through each person's own login: a
certification is dated by the centre's calendar (Macau's), not by the session's
``TimeZone`` (``dt_end_session`` dates it with ``dt_centre_day``); the server's refusals
read as the single PC's translatable sentences."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from urllib.parse import quote
from zoneinfo import ZoneInfo

import pytest

from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.centre import CentreSettings, local_day
from dealer_trainer.storage.certification import add_months
from dealer_trainer.storage.server.workstation import open_server_store
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre, exam_answer

SKILL = "roulette.straight_up"


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {"ina": ina, "lei": centre.add("trainee", "lei", "Lei Trainee", by=ina)}


def test_dt_centre_day_is_macaus_day_in_any_session_time_zone(
    centre: Centre, people: dict[str, str]
) -> None:
    with centre.connect(people["lei"]) as connection:  # the trainee's own login
        for zone in ("UTC", "America/New_York", "Asia/Macau"):
            connection.execute(f"SET TimeZone = '{zone}'")
            day = connection.execute(
                "SELECT dt_centre_day('2026-11-30 17:30:00+00'::timestamptz)"
            ).fetchone()
            assert day == (date(2026, 12, 1),), zone  # 01:30 on 1 December in Macau


def _far_zone() -> str:
    """A session time zone whose day is not Macau's right now (UTC-12 and UTC+14 are 26
    hours apart, so Macau's day is at most one of theirs)."""
    now = datetime.now(UTC)
    for zone in ("Etc/GMT+12", "Pacific/Kiritimati"):
        if now.astimezone(ZoneInfo(zone)).date() != now.astimezone(MACAU).date():
            return zone
    raise AssertionError("unreachable")


def test_a_certification_on_the_server_is_dated_by_macaus_day_not_the_sessions(
    centre: Centre, people: dict[str, str]
) -> None:
    zone = _far_zone()
    url = f"{centre.workstation_url}&options={quote(f'-c TimeZone={zone}')}"

    def opened(login: str):  # type: ignore[no-untyped-def]
        return open_server_store(
            url,
            login,
            centre.passwords[login],
            clock=FakeClock(datetime.now(UTC)),
            day_zone=MACAU,
            instructor_idle=timedelta(days=1),
        )

    with opened(people["ina"]) as store:
        person = store.sign_in(people["ina"], centre.passwords[people["ina"]])
        assert person.session is not None
        desk = store.instructor(person.session)
        desk.save_centre_settings(CentreSettings("Escola", 3, 0, 12))
        [lei] = [p for p in desk.all_trainees() if p.name == "Lei Trainee"]
        exam = desk.create_exam("Payouts", "roulette-2003", [SKILL], 1, 5, Fraction(1, 2))
        [assignment] = desk.assign_exam(exam.id, [lei.id])
    with opened(people["lei"]) as store:
        trainee = store.trainee_desk(store.sign_in(people["lei"], centre.passwords[people["lei"]]))
        with store._engine.connect() as connection:  # the session really is in that zone
            assert connection.exec_driver_sql("SHOW TimeZone").scalar() == zone
        paper = trainee.exam_paper(assignment.id)
        session = trainee.start_session(
            "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
        )
        trainee.record_answer(session.id, exam_answer(paper, 0, time_taken_ms=2000))
        trainee.end_session(session.id)
        centre.wait_graded(session.id)
        [cert] = trainee.my_certifications()
    assert cert.valid_until == add_months(local_day(cert.passed_at), 12)


def test_the_servers_group_refusals_are_the_single_pcs_sentences(
    centre: Centre, people: dict[str, str]
) -> None:
    """Through the instructor's own login: what ``dt_group_*`` and
    ``dt_set_instructor_disabled`` refuse reads as the same translatable sentence."""
    from dealer_trainer.storage.errors import StorageError
    from dealer_trainer.storage.groups import NO_GROUP, OWN_ACCOUNT, group_archived

    with open_server_store(
        centre.workstation_url,
        people["ina"],
        centre.passwords[people["ina"]],
        clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    ) as store:
        person = store.sign_in(people["ina"], centre.passwords[people["ina"]])
        assert person.session is not None
        desk = store.instructor(person.session)
        staff = desk.people()
        with pytest.raises(StorageError) as own:
            staff.set_instructor_disabled(person.session.instructor_id, True)
        assert own.value.text == OWN_ACCOUNT
        group = staff.create_group("Intake Refusals", date(2026, 11, 2))
        staff.set_group_archived(group.id, True)
        [lei] = [p for p in desk.all_trainees() if p.name == "Lei Trainee"]
        with pytest.raises(StorageError) as archived:
            staff.move_trainee(lei.id, group.id)
        assert archived.value.text == group_archived("Intake Refusals")
        with pytest.raises(StorageError) as gone:
            staff.set_group_archived(group.id + 99, False)
        assert gone.value.text == NO_GROUP


def test_a_trainees_own_transcript_through_their_login_is_theirs_only(
    centre: Centre, people: dict[str, str]
) -> None:
    """Through Lei's own login: their transcript (sittings, certification, the centre's
    name, the instructor's name) without reading the exams table; another trainee's rows
    are not theirs to read, and the exams' seeds stay closed to them."""
    from psycopg import errors

    from dealer_trainer.storage import StorageError
    from dealer_trainer.storage.transcript import read

    other = centre.add("trainee", "kai", "Kai Trainee", by=people["ina"])
    with open_server_store(
        centre.workstation_url,
        people["ina"],
        centre.passwords[people["ina"]],
        clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    ) as store:
        person = store.sign_in(people["ina"], centre.passwords[people["ina"]])
        assert person.session is not None
        desk = store.instructor(person.session)
        desk.save_centre_settings(CentreSettings("Escola de Croupiers", 3, 0, 12))
        ids = {p.name: p.id for p in desk.all_trainees()}
        exam = desk.create_exam("Kai's own exam", "roulette-2003", [SKILL], 1, 5, Fraction(1, 2))
        desk.assign_exam(exam.id, [ids["Kai Trainee"]])
        expected = desk.transcript(ids["Lei Trainee"])
    with open_server_store(
        centre.workstation_url,
        people["lei"],
        centre.passwords[people["lei"]],
        clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU,
    ) as store:
        lei = store.trainee_desk(store.sign_in(people["lei"], centre.passwords[people["lei"]]))
        mine = lei.my_transcript()
        assert mine == expected  # as the instructor reads it
        assert mine.name == "Lei Trainee" and mine.centre_name == "Escola de Croupiers"
        assert "Kai's own exam" not in {s.title for s in mine.sittings}
        assert all(c.trainee_id == ids["Lei Trainee"] for c in mine.certifications)
        assert set(mine.instructors.values()) <= {"Ina Instructor"}
        with store._engine.connect() as connection:
            terms = connection.exec_driver_sql("SELECT title FROM dt_my_exam_terms()").all()
            assert "Kai's own exam" not in {t.title for t in terms}
            with pytest.raises(StorageError):  # Kai's row is not Lei's to read
                read(connection, ids["Kai Trainee"], server_trainee=True)
    with centre.connect(people["lei"]) as raw:
        with pytest.raises(errors.InsufficientPrivilege):
            raw.execute("SELECT seed FROM exams")
        seen = raw.execute("SELECT count(*) FROM certifications").fetchone()
        assert seen == (len(mine.certifications),)
        rows = raw.execute(
            "SELECT count(*) FROM training_sessions WHERE trainee_id = %s",
            (ids["Kai Trainee"],),
        ).fetchone()
        assert rows == (0,)
    assert other
