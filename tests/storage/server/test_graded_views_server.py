"""Issue 36: on the centre's server the views read the grader's record. A workstation that
marks wrong answers right and quick (its ``correct`` and ``time_taken_ms``), back-dated,
moves no figure of the dashboard, mastery, the standards' shares or a plan: those count the
grader's verdicts, the times by the server's clock and the server's day; answers not graded
yet are counted in words ("N answers wait for grading, since …"), not as right or wrong;
the answers the grader flagged are listed for the instructor with the reason. The grader's
channel cannot be flooded by a trainee's login into a pass per notification."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from psycopg import errors
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.sessions import ItemSpec, Outcome
from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.centre import ZONE
from dealer_trainer.storage.errors import (
    SERVER_REFUSALS,
    SESSION_ENDED,
    SITTING_ENDED,
    SittingEndedError,
)
from dealer_trainer.storage.recorder import answer_record
from dealer_trainer.storage.records import AnswerRecord
from dealer_trainer.storage.server.grader import MAX_PASSES_PER_S
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    ServerTraineeDesk,
    open_server_store,
)
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre, right_answer, wrong_answer

SKILL = "roulette.straight_up"
LONG_AGO = datetime(2000, 1, 1, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "gvi", "Gvi Instructor")
    return {
        "ina": ina,
        "fox": centre.add("trainee", "fox", "Fox Forger", by=ina),
        "flo": centre.add("trainee", "flo", "Flo Flooder", by=ina),
        "end": centre.add("trainee", "end", "Eno Ended", by=ina),
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


def _trainee(store: ServerStore, centre: Centre) -> ServerTraineeDesk:
    return store.trainee_desk(
        store.sign_in(store.person.login, centre.passwords[store.person.login])
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


def _practice(seed: int, *, right: bool, forged: bool) -> AnswerRecord:
    """A practice answer as the app records it; ``forged``: marked right, answered in 1 ms
    and back-dated to 2000, whatever was given."""
    item = ItemSpec(SKILL, seed, Difficulty(1), "roulette-2003").make()
    given = right_answer(item) if right else wrong_answer(item)
    record = answer_record(Outcome(item, given, grade(item, given), 4000), LONG_AGO)
    if forged:
        record = dataclasses.replace(record, correct=True, time_taken_ms=1)
    return record


@pytest.fixture(scope="module")
def forged(centre: Centre, people: dict[str, str]) -> Iterator[dict[str, object]]:
    """Fox's practice with the grader down: 2 right answers, 4 wrong ones sent as right in
    1 ms, back-dated; what the views said then; then the grader is back and grades them."""
    assert centre.grader is not None
    centre.grader.stop()
    try:
        with _open(centre, people["fox"]) as store:
            fox = _trainee(store, centre)
            session = fox.start_session("roulette-2003", SessionKind.PRACTICE)
            for seed in (1, 2):
                fox.record_answer(session.id, _practice(seed, right=True, forged=False))
            for seed in (3, 4, 5, 6):
                fox.record_answer(session.id, _practice(seed, right=False, forged=True))
            own_wait = fox.grading_wait()
            fox_id = fox.trainee_id
        with _open(centre, people["ina"]) as store:
            desk = _instructor(store, centre)
            today = datetime.now(ZONE).date()
            before = {
                "wait": desk.grading_wait(),
                "stats": desk.daily_skill_stats(today, today, trainee_id=fox_id),
                "cohort": desk.daily_skill_stats(today, today),
            }
    finally:
        centre.grader.start()
    centre.wait_answers_graded(session.id)
    yield {"session": session.id, "fox": fox_id, "own_wait": own_wait, **before}


def test_answers_waiting_for_grading_are_said_in_words_and_counted_nowhere(
    forged: dict[str, object],
) -> None:
    wait = forged["wait"]
    assert wait.answers == 6  # type: ignore[attr-defined]
    words = wait.words(ZONE).english()  # type: ignore[attr-defined]
    assert words.startswith("6 answers wait for grading, since ")
    assert forged["own_wait"].answers == 6  # type: ignore[attr-defined]
    assert forged["stats"] == [] and forged["cohort"] == []


def test_the_dashboard_counts_the_graders_verdicts_times_and_days(
    centre: Centre, people: dict[str, str], forged: dict[str, object]
) -> None:
    session, fox_id = forged["session"], forged["fox"]
    today = datetime.now(ZONE).date()
    with centre.owner_connection() as owner:
        rows = owner.execute(
            "SELECT a.time_taken_ms, a.recorded_at, a.answered_day, s.started_at "
            "FROM answers a JOIN training_sessions s ON s.id = a.session_id "
            "WHERE a.session_id = %s ORDER BY a.id",
            (session,),
        ).fetchall()
    # The day is the centre's day by the server's clock, not the back-dated one.
    assert {day for _, _, day, _ in rows} == {today}
    # A practice answer's time: the workstation's, never more than the server's gap since
    # the answer before (the honest answers' 4 s recorded at once count as that gap).
    counted, previous = [], rows[0][3]
    for client_ms, recorded, _, _ in rows:
        counted.append(min(client_ms, (recorded - previous) // timedelta(milliseconds=1)))
        previous = recorded
    ordered = sorted(counted)
    median = Decimal(ordered[2] + ordered[3]) / 2
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        assert desk.grading_wait().answers == 0
        assert desk.grading_wait().words() is None
        [mine] = desk.daily_skill_stats(today, today, trainee_id=fox_id)  # type: ignore[arg-type]
        assert (mine.answers, mine.correct, mine.median_time_ms) == (6, 2, median)
        [cohort] = desk.daily_skill_stats(today, today)
        assert (cohort.answers, cohort.correct, cohort.median_time_ms) == (6, 2, median)
        span = desk.trainee_spans(today, today)[fox_id]  # type: ignore[index]
        assert (span.overall.answers, span.overall.correct) == (6, 2)
        shares = desk.standards.speed_shares(today, today, [fox_id])  # type: ignore[list-item]
        assert (shares[0].answers, shares[0].right) == (6, 2)
        assert SKILL in desk.standards.recount_within()  # dt_recount_within, graded
        shares = desk.standards.speed_shares(today, today, [fox_id])  # type: ignore[list-item]
        assert (shares[0].answers, shares[0].right) == (6, 2)
        assert shares[0].within <= 2
    with _open(centre, people["fox"]) as store:
        fox = _trainee(store, centre)
        [own] = fox.my_daily_skill_stats(today, today)
        assert (own.answers, own.correct) == (6, 2)
        _rule, mastery = fox.standing.mastery()
        assert mastery[SKILL].answers == 6 and mastery[SKILL].good <= 2


def test_the_answers_the_grader_flagged_are_listed_with_the_reason(
    centre: Centre, people: dict[str, str], forged: dict[str, object]
) -> None:
    today = datetime.now(ZONE).date()
    with _open(centre, people["ina"]) as store:
        flagged = _instructor(store, centre).flagged_answers(today, today)
    mine = [f for f in flagged if f.trainee_id == forged["fox"]]
    assert len(mine) == 4
    assert {f.reason.english() for f in mine} == {
        "The workstation said right; the grader's verdict is wrong."
    }
    with centre.connect(people["fox"]) as raw, pytest.raises(errors.InsufficientPrivilege):
        raw.execute("SELECT * FROM flagged_answers")


def test_the_answers_list_and_csv_say_the_graders_verdict_and_time(
    centre: Centre, people: dict[str, str], forged: dict[str, object]
) -> None:
    """The instructor's CSV export: the grader's verdict in "Right", the time that counts."""
    import csv
    import io

    from dealer_trainer.reports.csv_export import write_answers_csv
    from dealer_trainer.storage import AnswerFilter

    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        out = io.StringIO()
        where = AnswerFilter(session_id=forged["session"], limit=None)  # type: ignore[arg-type]
        assert write_answers_csv(desk, out, where) == 6
        listed = desk.answers(where)  # the instructor's list of a trainee's answers
        assert [a.record.correct for a in listed] == [True, True, False, False, False, False]
        assert not any(a.pending for a in listed)
    header, *rows = list(csv.reader(io.StringIO(out.getvalue())))
    right, seconds = header.index("Right"), header.index("Seconds taken")
    assert [row[right] for row in rows] == ["yes", "yes", "no", "no", "no", "no"]
    # The workstation said 4 s; the server's clock saw them come at once: not 4 s.
    assert all(Decimal(row[seconds]) < 4 for row in rows[:2])


def test_a_trainee_cannot_write_the_rollups_or_count_them_from_their_own_verdict(
    centre: Centre, people: dict[str, str], forged: dict[str, object]
) -> None:
    """The rollups are the grades': an answer row a trainee inserts is counted only once
    graded, and a rollup row cannot be written by them."""
    with centre.connect(people["fox"]) as raw:
        for table in ("daily_skill_counts", "trainee_skill_days"):
            with pytest.raises(errors.InsufficientPrivilege):
                raw.execute(
                    f"INSERT INTO {table} (answered_day, skill, answers, correct, median2) "
                    "VALUES ('2026-01-01', 'x', 100, 100, 2)"
                )


def test_a_flood_of_notifications_from_a_trainee_is_one_pass_of_the_grader(
    centre: Centre, people: dict[str, str]
) -> None:
    """``NOTIFY`` takes no privilege: a trainee's login floods the grader's channel. The
    grader drains what is queued when it wakes, at most ``MAX_PASSES_PER_S`` passes a second,
    so 1000 notifications are not 1000 passes, and
    an answer recorded meanwhile is graded."""
    assert centre.grader is not None and centre.grader.service is not None
    service = centre.grader.service
    notified, passes = service.notified, service.passes  # type: ignore[attr-defined]
    flood = 1000
    started = time.monotonic()
    with centre.connect(people["flo"]) as raw:  # each its own transaction: one by one
        for n in range(flood):
            raw.execute(f"NOTIFY dt_grader, 'x{n}'")
    with _open(centre, people["flo"]) as store:
        flo = _trainee(store, centre)
        session = flo.start_session("roulette-2003", SessionKind.PRACTICE)
        flo.record_answer(session.id, _practice(7, right=True, forged=False))
    centre.wait_answers_graded(session.id)
    arrived = threading.Event()
    until = time.monotonic() + 60
    while service.notified - notified < flood:  # type: ignore[attr-defined]
        assert time.monotonic() < until, "the grader did not take the notifications"
        arrived.wait(0.05)
    # At most MAX_PASSES_PER_S passes a second while it lasted (not one per notification).
    allowed = (time.monotonic() - started) * MAX_PASSES_PER_S + 3
    assert service.passes - passes <= allowed  # type: ignore[attr-defined]


def test_an_answer_to_an_ended_session_is_refused_in_the_apps_words(
    centre: Centre, people: dict[str, str]
) -> None:
    """A sitting ended (by the server at its time limit, or handed in) refuses an answer:
    the person reads it in the app's words (translated), never the server's English or an
    internal number."""
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        [me] = [p for p in desk.all_trainees() if p.name == "Eno Ended"]
        paper = desk.create_exam("Ended", "roulette-2003", [SKILL], 2, 21, Fraction(1, 2))
        [given] = desk.assign_exam(paper.id, [me.id])
    with _open(centre, people["end"]) as store:
        eno = _trainee(store, centre)
        practice = eno.start_session("roulette-2003", SessionKind.PRACTICE)
        eno.end_session(practice.id)
        with pytest.raises(SittingEndedError) as said:
            eno.record_answer(practice.id, _practice(8, right=True, forged=False))
        assert said.value.text == SESSION_ENDED
        sitting = eno.start_session("roulette-2003", SessionKind.EXAM, exam_assignment_id=given.id)
        eno.end_session(sitting.id)
        with pytest.raises(SittingEndedError) as said:
            eno.record_answer(sitting.id, _practice(9, right=True, forged=False))
        assert said.value.text == SITTING_ENDED
        assert str(sitting.id) not in str(said.value)


def test_the_servers_refusals_are_mapped_by_their_key_to_the_apps_words(
    centre: Centre,
) -> None:
    """``dt_start_exam``'s refusal of a sitting whose time ran out carries its key (HINT)
    and moment (DETAIL); the app says it in its own words, the moment in the centre's time."""
    from dealer_trainer.storage.engine import server_refusal

    with centre.owner_connection() as owner, pytest.raises(errors.InsufficientPrivilege) as raised:
        owner.execute(
            "DO $$ BEGIN RAISE EXCEPTION 'the time ran out' USING ERRCODE = "
            "'insufficient_privilege', HINT = 'dt:time_ran_out', "
            "DETAIL = '2026-12-08T06:00:00+00:00'; END $$"
        )
    refused = server_refusal(raised.value)
    assert isinstance(refused, SittingEndedError) and refused.text is not None
    assert refused.text.source == SERVER_REFUSALS["dt:time_ran_out"].source
    assert "2026-12-08 14:00" in str(refused)  # Macau's time
    with centre.owner_connection() as owner:
        source = owner.execute(
            "SELECT prosrc FROM pg_proc WHERE proname = 'dt_start_exam'"
        ).fetchone()
    assert source is not None
    assert "dt:time_ran_out" in source[0] and "dt:waiting_for_grading" in source[0]


def test_the_cohort_view_says_what_waits_and_lists_what_the_grader_flagged(
    centre: Centre, people: dict[str, str], forged: dict[str, object], qtbot: QtBot
) -> None:
    """The instructor's window, signed in as the instructor: the four answers sent as right
    are a button that lists them with the reason; with the grader down, an answer recorded
    is said to wait for grading, since when."""
    from dealer_trainer.ui.instructor.grading import GradingNotice
    from dealer_trainer.ui.kit.background import Jobs
    from dealer_trainer.ui.trainee.launcher import DrillLauncher
    from dealer_trainer.ui.trainee.progress import ProgressWindow

    today = datetime.now(ZONE).date()
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        jobs = Jobs()
        notice = GradingNotice(desk, jobs, ZONE)
        qtbot.addWidget(notice)
        with qtbot.waitSignal(notice.loaded, timeout=30_000):
            notice.load(today, today, None)
        assert not notice.isHidden() and not notice.flagged.isHidden()
        said = notice.flagged.text()  # "4 answers …" where the plural is translated
        assert said.startswith("4 answer") and said.endswith("flagged by the grader…")
        assert notice.waiting.text() == ""
        lines = notice.lines()
        assert len(lines) == 4
        assert all(
            line.startswith("Fox Forger — ")
            and " — practice — " in line
            and line.endswith("The workstation said right; the grader's verdict is wrong.")
            for line in lines
        )
        dialog = notice.show_flagged()
        qtbot.addWidget(dialog)
        assert centre.grader is not None
        centre.grader.stop()
        try:
            with _open(centre, people["fox"]) as mine:
                person = mine.sign_in(people["fox"], centre.passwords[people["fox"]])
                fox = mine.trainee_desk(person)
                session = fox.start_session("roulette-2003", SessionKind.PRACTICE)
                fox.record_answer(session.id, _practice(11, right=True, forged=False))
                # The trainee's own progress says it too.
                launcher = DrillLauncher(lambda: person, store=mine)
                qtbot.addWidget(launcher)
                progress = ProgressWindow(lambda: launcher, lambda: ZONE)
                qtbot.addWidget(progress)
                with qtbot.waitSignal(progress.loaded, timeout=30_000):
                    progress.refresh()
                said = progress.message.text()
                assert said.startswith("1 answer waits for grading, since "), said
            with qtbot.waitSignal(notice.loaded, timeout=30_000):
                notice.load(today, today, [forged["fox"]])  # type: ignore[list-item]
            assert notice.waiting.text().startswith("1 answer waits for grading, since ")
        finally:
            centre.grader.start()
        centre.wait_answers_graded(session.id)
