"""The server's rules, in PostgreSQL's own terms: group roles, grants, row-level security,
``SECURITY DEFINER`` functions and the triggers that write the audit log.

``statements(names)`` is what ``dealer-trainer server init`` runs, as the database's
owner, after the Alembic migrations, in one transaction. Every statement is written
to be run again: running ``init`` twice leaves the same roles, grants, policies and
functions (``tests/storage/server/test_init.py`` compares them).

Who may do what (``docs/server.md`` says it in words):

- the **owner** (the role that owns the database and, through ``init``, every table
  and function) is used by ``server init`` only; no workstation holds it, and its
  rights are given to no one (tables stay the owner's; nobody is granted ``TRUNCATE``,
  ``REFERENCES``, ``TRIGGER`` or ownership, so nobody but the owner can
  ``ALTER TABLE … DISABLE TRIGGER``);
- **trainees** (members of ``<database>_trainees``) read their own rows only and insert
  sessions, answers and table rounds for themselves only (``WITH CHECK`` bound to
  ``session_user``'s ``login``), never update or delete one; the exams table is
  closed to them: ``dt_open_exams()`` lists their assignments without the seed and
  ``dt_start_exam()`` records the start and hands the seed out;
- **instructors** (members of ``<database>_instructors``) read every record, build and
  assign exams, add people and reset trainees' passwords through functions that
  check what they are asked; they cannot change a recorded answer either;
- the **audit log** takes ``INSERT`` only, and a trigger writes who (``session_user``)
  and when (the server's clock) over whatever the client sent; every change to a person
  (name, staff number, archive, group, an instructor's account) is written there by the
  database's own triggers, whoever makes it with whatever client
  (``_person_audit_functions``);
- the **grader** (``<database>_grader``, a login no person holds: ``dealer-trainer server
  grader``, ``storage/server/grader.py``) is the only role that writes a grade
  (``answer_grades``, ``sitting_grades``) or a certification, and ends an exam's sitting
  left open past its time limit; the database wakes it (``pg_notify`` on the channel
  ``GRADER_CHANNEL``) when an answer is recorded, a sitting starts or a session ends. A
  trainee's ``answers.correct`` is the workstation's preview; the record is the grader's.
  The answers' ``recorded_at`` and the sessions' ``started_at`` and ``ended_at`` are the
  server's clock whatever a client sends (triggers), so nothing can be back-dated.

A person is identified by ``session_user`` (their sign-in role), which neither
``SET ROLE`` nor a ``SECURITY DEFINER`` function changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dealer_trainer.drills.skills import all_skills
from dealer_trainer.storage import centre, within_rollup

#: Raised when a policy, grant or function changes: a workstation refuses a server
#: whose rules are older or newer than its own (``dt_security_version()``).
#: 2: retakes, exam windows, certifications (0008); groups, disabled instructors, staff numbers
#: (0009); speed standards, mastery rules, practice plans (0010); the rollups (0011).
#: 3: exams with live-table rounds (0012: dt_exam_table, dt_end_session scoring the rounds,
#: no attempt added to a round once its session has ended); the centre's calendar day of a
#: certification (dt_centre_day); a trainee's own transcript (dt_my_exam_terms,
#: dt_my_instructors).
#: 4: the within-target rollup (0014): ``within_targets`` read by instructors, counted again
#: by dt_recount_within only.
#: 5: an exam assignment withdrawn before it is sat (instructors' DELETE under the
#: "withdraw" policy; the dt_exam_withdrawn trigger writes the audit entry).
#: 6: a practice plan withdrawn (0015: ``plan_withdrawals``, written by dt_withdraw_plan
#: only; a trainee reads the withdrawals of their own plans); a speed standard set back to
#: the drills' target (0016: dt_set_speed_standard takes a NULL time); the owner resets an
#: instructor's password through dt_set_password (`dealer-trainer server set-password`).
#: 7: the server grades (issue 36, migration 0017): the grader role (``<database>_grader``)
#: alone inserts ``answer_grades``, ``sitting_grades`` and ``certifications``, and ends an
#: exam sitting past its time limit (UPDATE of ``ended_at`` under the "overdue" policy);
#: dt_end_session only ends a session (the server's clock) and no longer scores or certifies;
#: the dt_session_ended trigger completes the exam's assignment and wakes the grader, as
#: dt_answer_recorded and dt_sitting_started do; dt_stamp_* write the server's clock over
#: answers.recorded_at and the sessions' started_at / ended_at (and the table rounds'
#: stamps); dt_start_exam refuses a sitting whose time ran out, and a new one while the
#: last waits for grading; the view ``sitting_states`` (graded or waiting, since when);
#: dt_set_password lets the owner set the grader's password.
#: 8: every change to a person audited by the database itself, whoever makes it with
#: whatever client (0019): the dt_person_changed, dt_instructor_changed and
#: dt_group_stay_changed triggers write the entries (old and new values, session_user, the
#: server's clock), the functions no longer do; a certification keeps the name certified
#: (dt_certified_name); the standards functions refuse a skill this version does not know.
#: 9: one-time passwords (issue 36, migration 0018): dt_add_person and dt_set_password mark
#: the password they set one-time (``password_one_time``) and say so in the audit;
#: dt_change_own_password is how a person chooses their own (and clears the mark);
#: dt_start_exam, and a trainee's inserts of sessions, answers and table rounds, are
#: refused while it is one-time (dt_password_chosen); 'password_set' is written by the
#: server only.
#: 10: the views read graded records (issue 36): ``graded_answers`` (the grader's verdicts,
#: the times that count), ``grading_waits`` and ``flagged_answers`` (instructors); the
#: rollups count graded answers (dt_graded_count on ``answer_grades``; the answers' own
#: count trigger is off), dt_recount_within counts graded answers, and an answer's day is
#: the centre's day of the server's clock (dt_stamp_clock).
#: 11: the live table's rounds graded (migration 0020): ``round_grades`` (the grader's),
#: the views ``graded_round_ends``, ``graded_table_attempts`` and ``table_grading_waits``
#: the table figures read; a round's end wakes the grader (dt_round_ended).
SECURITY_VERSION = 11

#: The channel the database wakes the grader on (``pg_notify``). A notification only wakes
#: it: anyone may send one (``NOTIFY`` has no privilege), so it carries nothing the grader
#: believes; the grader reads what is pending from the tables.
GRADER_CHANNEL = "dt_grader"
#: The channel the grader tells on, once a sitting's grade is committed (its session id).
GRADED_CHANNEL = "dt_graded"
#: An answer or a round's step recorded this long after a sitting's time limit still counts:
#: the network and the workstation's start, not more time to think.
LIMIT_GRACE_S = 15

#: What a login may look like (as ``storage.logins`` on the app's side): a PostgreSQL
#: role name that needs no quoting and cannot be mistaken for a keyword's case.
LOGIN_PATTERN = r"^[a-z][a-z0-9_.-]{0,62}$"
_DATABASE = re.compile(r"^[a-z_][a-z0-9_]{0,49}$")

#: Instructors' rows keep this instead of an argon2 hash on the server, where the
#: password is PostgreSQL's own (SCRAM, readable by a superuser only): no argon2
#: hash has this form, so nothing in the app can ever accept a password against it.
SERVER_PASSWORD_MARK = "!postgresql"


#: Audit entries the server writes itself, in its functions and triggers (as
#: ``storage.audit.Action`` names them): adding people, archiving and restoring them,
#: building and assigning exams, starting one.
SERVER_WRITTEN = (
    "person_added",
    "person_archived",
    "person_restored",
    "exam_built",
    "exam_assigned",
    "exam_withdrawn",
    "exam_started",
    # issue 36: set by someone else (one-time) or chosen by the person, said by the server
    "password_set",
    # storage/groups.py: written by the dt_group_* and dt_set_instructor_disabled functions
    "group_created",
    "group_changed",
    "group_archived",
    "group_restored",
    "group_instructors_set",
    "group_member_moved",
    "instructor_disabled",
    "instructor_enabled",
    "standard_set",
    "mastery_rule_set",
    "plan_assigned",
    "plan_withdrawn",
    # Written by the triggers on the people's tables (``_person_audit_functions``): a
    # client's own entry of these would double the trigger's.
    "person_renamed",
    "staff_number_set",
)


@dataclass(frozen=True)
class Names:
    """The roles of one training centre's database (role names are server-wide)."""

    database: str
    owner: str

    @property
    def instructors(self) -> str:
        return f"{self.database}_instructors"

    @property
    def trainees(self) -> str:
        return f"{self.database}_trainees"

    @property
    def grader(self) -> str:
        """The grader's login role (``dealer-trainer server grader``): no person's."""
        return f"{self.database}_grader"


def check_database_name(database: str) -> None:
    if not _DATABASE.match(database):
        raise ValueError(
            f"The database name {database!r} cannot be used in server mode: it names the "
            "centre's roles (<database>_instructors, <database>_trainees, <database>_grader), "
            "so it must be "
            "lower-case letters, digits and _ , start with a letter or _, at most 50 characters."
        )


def _q(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


#: Migration 0010's tables: everyone of the centre reads the standards and the rule, a
#: trainee their own plans; nobody inserts but through the functions below.
_STANDARDS_TABLES = (
    "speed_standards",
    "mastery_rules",
    "practice_plans",
    "plan_assignments",
    "plan_withdrawals",  # 0015
)

#: Every table of the schema (head), and what each group may do with it. Row-level
#: security is on for every one; the policies below say which rows.
_TABLES = (
    "alembic_version",
    "trainees",
    "instructors",
    "exams",
    "exam_assignments",
    "training_sessions",
    "answers",
    "review_states",
    "daily_skill_counts",
    "trainee_skill_days",
    "within_targets",
    "house_rulesets",
    "table_rounds",
    "table_attempts",
    "table_round_ends",
    "audit_log",
    "intake_groups",
    "group_instructors",
    "group_members",
    "centre_settings",
    "certifications",
    *_STANDARDS_TABLES,
    "answer_grades",  # 0017: the grader's
    "sitting_grades",
    "round_grades",  # 0020
)

_TRAINEE_GRANTS = {
    "alembic_version": "SELECT",
    "trainees": "SELECT",
    "exam_assignments": "SELECT",
    "training_sessions": "SELECT, INSERT",
    "answers": "SELECT, INSERT",
    "review_states": "SELECT, INSERT, UPDATE",
    "trainee_skill_days": "SELECT",
    "house_rulesets": "SELECT",
    "table_rounds": "SELECT, INSERT",
    "table_attempts": "SELECT, INSERT",
    "table_round_ends": "SELECT, INSERT",
    "audit_log": "INSERT",
    # Their own group and their own stays only (policies below); never a write.
    "intake_groups": "SELECT",
    "group_members": "SELECT",
    "centre_settings": "SELECT",
    "certifications": "SELECT",
    **dict.fromkeys(_STANDARDS_TABLES, "SELECT"),
    # Their own sittings' grades, the server's record (policies below).
    "answer_grades": "SELECT",
    "sitting_grades": "SELECT",
    "round_grades": "SELECT",
}
_INSTRUCTOR_GRANTS = {
    "alembic_version": "SELECT",
    "trainees": "SELECT, UPDATE (name, name_key, archived, staff_number)",
    "instructors": "SELECT",
    "exams": "SELECT, INSERT",
    # DELETE: an exam withdrawn before its trainee starts it (the "withdraw" policy).
    "exam_assignments": "SELECT, INSERT, DELETE",
    "training_sessions": "SELECT",
    "answers": "SELECT",
    "review_states": "SELECT",
    "daily_skill_counts": "SELECT",
    "trainee_skill_days": "SELECT",
    "within_targets": "SELECT",
    "house_rulesets": "SELECT, INSERT",
    "table_rounds": "SELECT",
    "table_attempts": "SELECT",
    "table_round_ends": "SELECT",
    "audit_log": "SELECT, INSERT",
    # Groups are changed through the dt_group_* functions only.
    "intake_groups": "SELECT",
    "group_instructors": "SELECT",
    "group_members": "SELECT",
    "centre_settings": "SELECT, INSERT",
    "certifications": "SELECT",
    **dict.fromkeys(_STANDARDS_TABLES, "SELECT"),
    "answer_grades": "SELECT",
    "sitting_grades": "SELECT",
    "round_grades": "SELECT",
}
#: The grader reads what it grades from and writes the grades, the certifications and the
#: end of a sitting past its time limit; nothing else (no person's row, no password, no
#: audit entry, no answer).
_GRADER_GRANTS = {
    "alembic_version": "SELECT",
    "exams": "SELECT",
    "exam_assignments": "SELECT",
    "training_sessions": "SELECT, UPDATE (ended_at)",
    "answers": "SELECT",
    "house_rulesets": "SELECT",
    "table_rounds": "SELECT",
    "table_attempts": "SELECT",
    "table_round_ends": "SELECT",
    "centre_settings": "SELECT",
    "certifications": "SELECT, INSERT",
    "answer_grades": "SELECT, INSERT",
    "sitting_grades": "SELECT, INSERT",
    "round_grades": "SELECT, INSERT",
}

_OWN_ROUND = (
    "EXISTS (SELECT 1 FROM table_rounds r WHERE r.id = round_id AND r.trainee_id = dt_trainee_id())"
)
#: A round of the trainee's whose session is still open: nothing is added to a round
#: once its session (an exam's sitting, scored at its end) has ended.
_OWN_ROUND_OPEN = (
    "EXISTS (SELECT 1 FROM table_rounds r JOIN training_sessions s ON s.id = r.session_id "
    "WHERE r.id = round_id AND r.trainee_id = dt_trainee_id() AND s.ended_at IS NULL) "
    "AND dt_password_chosen()"
)
_OWN_SESSION = (
    "EXISTS (SELECT 1 FROM training_sessions s WHERE s.id = session_id "
    "AND s.trainee_id = dt_trainee_id())"
)
#: An exam sitting still open whose time limit (and its grace) is over, by the server's
#: clock: the only session the grader may end (``sitting_deadline`` below).
_OVERDUE = (
    "kind = 'exam' AND ended_at IS NULL AND EXISTS (SELECT 1 FROM exam_assignments a "
    "JOIN exams e ON e.id = a.exam_id WHERE a.id = exam_assignment_id "
    "AND e.time_limit_s IS NOT NULL "
    "AND clock_timestamp() >= started_at + make_interval(secs => e.time_limit_s + "
    f"{LIMIT_GRACE_S}))"
)
#: A trainee whose password is one-time (set by an instructor or IT) records nothing until
#: they have chosen their own: whoever reset it cannot sit in their place unseen.
_OWN_OPEN_SESSION = (
    "EXISTS (SELECT 1 FROM training_sessions s WHERE s.id = session_id "
    "AND s.trainee_id = dt_trainee_id() AND s.ended_at IS NULL) AND dt_password_chosen()"
)

#: (table, policy, command, group, USING, WITH CHECK); group "t" trainees, "i" instructors,
#: "g" the grader.
_POLICIES: tuple[tuple[str, str, str, str, str | None, str | None], ...] = (
    ("alembic_version", "read", "SELECT", "ti", "true", None),
    ("trainees", "own", "SELECT", "t", "login = session_user", None),
    ("trainees", "all", "SELECT", "i", "true", None),
    ("trainees", "manage", "UPDATE", "i", "true", "true"),
    ("instructors", "all", "SELECT", "i", "true", None),
    ("exams", "all", "SELECT", "i", "true", None),
    ("exams", "build", "INSERT", "i", None, "created_by = dt_instructor_id()"),
    ("exam_assignments", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    ("exam_assignments", "all", "SELECT", "i", "true", None),
    ("exam_assignments", "assign", "INSERT", "i", None, "assigned_by = dt_instructor_id()"),
    # Withdrawn only while no sitting of it exists: a sitting is a record of the trainee's
    # work (and dt_start_exam locks the assignment's row, so the two cannot cross).
    (
        "exam_assignments",
        "withdraw",
        "DELETE",
        "i",
        "completed_at IS NULL AND dt_instructor_id() IS NOT NULL AND NOT EXISTS (SELECT 1 "
        "FROM training_sessions s WHERE s.exam_assignment_id = exam_assignments.id)",
        None,
    ),
    ("training_sessions", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    (
        "training_sessions",
        "start",
        "INSERT",
        "t",
        None,
        # An exam's session is opened by dt_start_exam() only (it records the start).
        "trainee_id = dt_trainee_id() AND kind <> 'exam' AND exam_assignment_id IS NULL "
        "AND ended_at IS NULL AND dt_password_chosen()",
    ),
    ("training_sessions", "all", "SELECT", "i", "true", None),
    ("answers", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    (
        "answers",
        "record",
        "INSERT",
        "t",
        None,
        f"trainee_id = dt_trainee_id() AND {_OWN_OPEN_SESSION}",
    ),
    ("answers", "all", "SELECT", "i", "true", None),
    ("review_states", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    ("review_states", "add", "INSERT", "t", None, "trainee_id = dt_trainee_id()"),
    (
        "review_states",
        "keep",
        "UPDATE",
        "t",
        "trainee_id = dt_trainee_id()",
        "trainee_id = dt_trainee_id()",
    ),
    ("review_states", "all", "SELECT", "i", "true", None),
    ("daily_skill_counts", "all", "SELECT", "i", "true", None),
    # Written by the answers' count trigger only (SECURITY DEFINER): nobody's grant.
    ("trainee_skill_days", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    ("trainee_skill_days", "all", "SELECT", "i", "true", None),
    # Written by dt_recount_within only, with the counts it stands for.
    ("within_targets", "all", "SELECT", "i", "true", None),
    ("house_rulesets", "read", "SELECT", "ti", "true", None),
    ("house_rulesets", "add", "INSERT", "i", None, "added_by = dt_instructor_id()"),
    ("table_rounds", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    (
        "table_rounds",
        "deal",
        "INSERT",
        "t",
        None,
        f"trainee_id = dt_trainee_id() AND {_OWN_OPEN_SESSION}",
    ),
    ("table_rounds", "all", "SELECT", "i", "true", None),
    ("table_attempts", "own", "SELECT", "t", _OWN_ROUND, None),
    ("table_attempts", "try", "INSERT", "t", None, _OWN_ROUND_OPEN),
    ("table_attempts", "all", "SELECT", "i", "true", None),
    ("table_round_ends", "own", "SELECT", "t", _OWN_ROUND, None),
    ("table_round_ends", "end", "INSERT", "t", None, _OWN_ROUND_OPEN),
    ("table_round_ends", "all", "SELECT", "i", "true", None),
    ("audit_log", "append", "INSERT", "ti", None, "true"),
    ("audit_log", "all", "SELECT", "i", "true", None),
    (
        "intake_groups",
        "own",
        "SELECT",
        "t",
        "id IN (SELECT m.group_id FROM group_members m WHERE m.trainee_id = dt_trainee_id())",
        None,
    ),
    ("intake_groups", "all", "SELECT", "i", "true", None),
    ("group_instructors", "all", "SELECT", "i", "true", None),
    ("group_members", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    ("group_members", "all", "SELECT", "i", "true", None),
    ("centre_settings", "read", "SELECT", "ti", "true", None),
    ("centre_settings", "set", "INSERT", "i", None, "changed_by = dt_instructor_id()"),
    # A certification is the grader's to write (below), from a passing sitting's grade.
    ("certifications", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    ("certifications", "all", "SELECT", "i", "true", None),
    ("speed_standards", "read", "SELECT", "ti", "true", None),
    ("mastery_rules", "read", "SELECT", "ti", "true", None),
    (
        "practice_plans",
        "own",
        "SELECT",
        "t",
        "EXISTS (SELECT 1 FROM plan_assignments p WHERE p.plan_id = practice_plans.id "
        "AND p.trainee_id = dt_trainee_id())",
        None,
    ),
    ("practice_plans", "all", "SELECT", "i", "true", None),
    ("plan_assignments", "own", "SELECT", "t", "trainee_id = dt_trainee_id()", None),
    ("plan_assignments", "all", "SELECT", "i", "true", None),
    (
        "plan_withdrawals",
        "own",
        "SELECT",
        "t",
        "EXISTS (SELECT 1 FROM plan_assignments p WHERE p.id = plan_withdrawals.assignment_id "
        "AND p.trainee_id = dt_trainee_id())",
        None,
    ),
    ("plan_withdrawals", "all", "SELECT", "i", "true", None),
    # 0017: the grades are the grader's to write, everyone's of the centre to read (a
    # trainee their own); a certification is the grader's to write, from a passing grade.
    ("answer_grades", "own", "SELECT", "t", _OWN_SESSION, None),
    ("answer_grades", "all", "SELECT", "ig", "true", None),
    ("answer_grades", "grade", "INSERT", "g", None, "true"),
    ("sitting_grades", "own", "SELECT", "t", _OWN_SESSION, None),
    ("sitting_grades", "all", "SELECT", "ig", "true", None),
    ("sitting_grades", "grade", "INSERT", "g", None, "true"),
    ("round_grades", "own", "SELECT", "t", _OWN_SESSION, None),
    ("round_grades", "all", "SELECT", "ig", "true", None),
    ("round_grades", "grade", "INSERT", "g", None, "true"),
    ("certifications", "grader", "SELECT", "g", "true", None),
    (
        "certifications",
        "certify",
        "INSERT",
        "g",
        None,
        "EXISTS (SELECT 1 FROM sitting_grades g WHERE g.session_id = certifications.session_id "
        "AND g.passed)",
    ),
    ("alembic_version", "grader", "SELECT", "g", "true", None),
    ("exams", "grader", "SELECT", "g", "true", None),
    ("exam_assignments", "grader", "SELECT", "g", "true", None),
    ("training_sessions", "grader", "SELECT", "g", "true", None),
    ("training_sessions", "overdue", "UPDATE", "g", _OVERDUE, "ended_at IS NOT NULL"),
    ("answers", "grader", "SELECT", "g", "true", None),
    ("house_rulesets", "grader", "SELECT", "g", "true", None),
    ("table_rounds", "grader", "SELECT", "g", "true", None),
    ("table_attempts", "grader", "SELECT", "g", "true", None),
    ("table_round_ends", "grader", "SELECT", "g", "true", None),
    ("centre_settings", "grader", "SELECT", "g", "true", None),
)

#: The centre's settings as the server's functions read them (``storage/centre.py``'s
#: defaults until an instructor saves them).
_SETTING = "COALESCE((SELECT c.{0} FROM centre_settings c ORDER BY c.version DESC LIMIT 1), {1})"
_RETAKE_LIMIT = _SETTING.format("retake_limit", 3)
_RETAKE_WAIT = _SETTING.format("retake_wait_days", 7)
_VALIDITY = _SETTING.format("validity_months", 24)

_DEFINER = "SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp"


def _set_by(names: Names) -> str:
    """The audit's words for a password someone else set (dt_add_person, dt_set_password):
    that it is one-time, and by whom (the entry's actor is their sign-in role)."""
    return (
        f"CASE WHEN session_user = {_lit(names.owner)} THEN 'one-time, set by the owner (IT)' "
        "ELSE 'one-time, set by an instructor' END"
    )


#: A sitting's deadline (``s`` the session, ``e`` its exam): its start by the server's clock
#: plus the exam's time limit and the grace; ``infinity`` for an exam without a limit.
_DEADLINE = (
    "COALESCE(s.started_at + make_interval(secs => e.time_limit_s + "
    f"{LIMIT_GRACE_S}), 'infinity'::timestamptz)"
)

# -- the server grades (issue 36, migration 0017) ------------------------------------

#: Which stamp of each table is the server's clock, whatever the client sends.
_STAMPED = {
    "answers": "recorded_at",
    "table_rounds": "started_at",
    "table_attempts": "recorded_at",
    "table_round_ends": "ended_at",
}


def _grader_functions() -> list[tuple[str, str]]:
    """The server's clock on the records, the grader woken, and the sittings' states.

    Not ``SECURITY DEFINER`` where they only set a row's stamp or send a notification
    (anyone may): ``dt_session_changed`` is, since it completes the exam's assignment,
    which neither the trainee nor the grader may write."""
    stamps = "\n".join(
        f"""                {"IF" if n == 0 else "ELSIF"} TG_TABLE_NAME = {_lit(table)} THEN
                    NEW.{column} := clock_timestamp();"""
        + (
            # The day an answer counts on (the dashboard's, the plans') is the centre's
            # day of the server's clock, not the workstation's calendar.
            "\n                    NEW.answered_day := dt_centre_day(NEW.recorded_at);"
            if table == "answers"
            else ""
        )
        for n, (table, column) in enumerate(_STAMPED.items())
    )
    channel = _lit(GRADER_CHANNEL)
    return [
        (
            "dt_stamp_clock()",
            f"""CREATE OR REPLACE FUNCTION dt_stamp_clock() RETURNS trigger
            LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                -- The server's clock, whatever the client sent: nothing is back-dated.
{stamps}
                END IF;
                RETURN NEW;
            END $$""",
        ),
        (
            "dt_stamp_session()",
            """CREATE OR REPLACE FUNCTION dt_stamp_session() RETURNS trigger
            LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    NEW.started_at := clock_timestamp();
                    IF NEW.ended_at IS NOT NULL THEN
                        NEW.ended_at := clock_timestamp();
                    END IF;
                    RETURN NEW;
                END IF;
                -- A session starts once and ends once, both at the server's time.
                NEW.started_at := OLD.started_at;
                IF OLD.ended_at IS NOT NULL THEN
                    IF NEW.ended_at IS DISTINCT FROM OLD.ended_at THEN
                        RAISE EXCEPTION 'session %: a session that has ended stays ended', OLD.id
                            USING ERRCODE = 'restrict_violation';
                    END IF;
                ELSIF NEW.ended_at IS NOT NULL THEN
                    NEW.ended_at := clock_timestamp();
                END IF;
                RETURN NEW;
            END $$""",
        ),
        (
            "dt_session_changed()",
            f"""CREATE OR REPLACE FUNCTION dt_session_changed() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                IF TG_OP = 'UPDATE' AND OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL
                   AND NEW.exam_assignment_id IS NOT NULL THEN
                    -- The first sitting's end completes the assignment; every one is kept.
                    UPDATE exam_assignments SET completed_at = NEW.ended_at
                    WHERE id = NEW.exam_assignment_id AND completed_at IS NULL;
                END IF;
                IF NEW.kind = 'exam' OR TG_OP = 'UPDATE' THEN
                    -- A sitting started (a deadline to keep) or a session ended: the grader.
                    PERFORM pg_notify({channel}, lower(TG_OP));
                END IF;
                RETURN NULL;
            END $$""",
        ),
        (
            "dt_answer_recorded()",
            f"""CREATE OR REPLACE FUNCTION dt_answer_recorded() RETURNS trigger
            LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                PERFORM pg_notify({channel}, 'answer');
                RETURN NULL;
            END $$""",
        ),
    ]


_GRADER_CALLERS = {
    "dt_stamp_clock()": "",
    "dt_stamp_session()": "",
    "dt_session_changed()": "",
    "dt_answer_recorded()": "",
}

#: What a trainee, an instructor (and the grader) read of a sitting: graded, with the
#: result, waiting for grading since it ended, or open. Its rows are those the reader may
#: read of ``training_sessions`` and ``sitting_grades`` (``security_invoker``).
_SITTING_STATES = """CREATE OR REPLACE VIEW sitting_states WITH (security_invoker = true) AS
    SELECT s.id AS session_id, s.trainee_id, s.exam_assignment_id, s.started_at, s.ended_at,
           CASE WHEN g.session_id IS NOT NULL THEN 'graded'
                WHEN s.ended_at IS NOT NULL THEN 'waiting'
                ELSE 'open' END AS state,
           CASE WHEN g.session_id IS NOT NULL THEN g.graded_at ELSE s.ended_at END AS since,
           g.passed, g.correct, g.item_count, g.in_time, g.steps_right, g.steps_judged,
           g.rounds, g.rounds_in_pace, g.flagged, g.timed_out
    FROM training_sessions s LEFT JOIN sitting_grades g ON g.session_id = s.id
    WHERE s.kind = 'exam'"""


#: The answers as the centre's grader graded them: the record every view of the server reads
#: (the dashboard, mastery, standards, plans, reports). Only graded answers are here (one
#: waiting for grading is in ``grading_waits``, not counted right or wrong); ``correct`` is
#: the grader's verdict (an exam answer that does not count, late or repeated, is not
#: right); ``time_taken_ms`` the time that counts, by the server's clock ``server_ms`` (the
#: answer's ``recorded_at`` minus the one before it in its session, or the session's
#: start): an exam item's is that, or the workstation's where that is longer (no feedback
#: is shown between an exam's items, so the gap is the item's time); a practice answer's
#: is the workstation's, never more than that gap (the gap holds the feedback the trainee
#: read before the next item: taking it would make every honest trainee slow);
#: ``answered_at`` the server's clock (the answer's ``recorded_at``). Same names as
#: ``answers``' columns, so a reader swaps the table only (``storage/graded.py``).
#: ``preview`` is the workstation's own verdict.
GRADED_ANSWERS = """CREATE OR REPLACE VIEW graded_answers WITH (security_invoker = true) AS
    SELECT a.id, a.session_id, a.trainee_id, a.skill, a.answered_day,
           a.recorded_at AS answered_at, a.recorded_at,
           (g.correct AND g.counts) AS correct,
           CASE WHEN g.item_index IS NOT NULL
                THEN greatest(a.time_taken_ms::bigint, coalesce(g.server_ms, 0))
                ELSE least(a.time_taken_ms::bigint, coalesce(g.server_ms, a.time_taken_ms))
           END AS time_taken_ms,
           a.correct AS preview, g.flag, g.situation_matches, g.counts, g.graded_at
    FROM answers a JOIN answer_grades g ON g.answer_id = a.id"""

#: How many answers wait for grading, and since when, per trainee (a trainee reads their
#: own row). Over the newest ``WAIT_WINDOW`` answers past the newest graded one (the grader
#: grades everything pending on each pass, so what waits is there; an older answer left
#: waiting is one this grader's version cannot grade, and its log says which).
WAIT_WINDOW = 50_000
_GRADING_WAITS = f"""CREATE OR REPLACE VIEW grading_waits WITH (security_invoker = true) AS
    SELECT a.trainee_id, count(*) AS answers, min(a.recorded_at) AS since
    FROM answers a
    WHERE a.id > (SELECT coalesce(max(g.answer_id), 0) - {WAIT_WINDOW} FROM answer_grades g)
      AND NOT EXISTS (SELECT 1 FROM answer_grades g WHERE g.answer_id = a.id)
    GROUP BY a.trainee_id"""

#: The answers the grader flagged: its verdict differs from the workstation's preview, it
#: could not grade it as sent (not the exam's item, an answer it cannot read, an item it
#: cannot make), it does not count (late, repeated), or the situation the workstation
#: stored is not the item made again. The instructor's desk lists them with the reason.
_FLAGGED_ANSWERS = """CREATE OR REPLACE VIEW flagged_answers WITH (security_invoker = true) AS
    SELECT a.id AS answer_id, a.session_id, a.trainee_id, a.skill, a.answered_day,
           a.recorded_at, s.kind, a.correct AS preview, g.correct AS graded, g.counts,
           g.flag, g.situation_matches, g.graded_at
    FROM answer_grades g
    JOIN answers a ON a.id = g.answer_id
    JOIN training_sessions s ON s.id = a.session_id
    WHERE g.flag IS NOT NULL OR NOT g.situation_matches OR g.correct <> a.correct"""


#: The live table's rounds as the centre's grader judged them (migration 0020): the rounds
#: that ended and were graded, with the columns of ``table_round_ends`` the figures read
#: (``complete`` the grader's, ``ms`` the time that counts); ``graded_table_attempts`` their
#: attempts with the grader's verdicts (``accepted``, ``verdict_code``, ``citation``), as
#: ``table_attempts``' columns so ``storage/table_stats.py`` swaps the tables only. A round
#: not graded yet is in neither: ``table_grading_waits`` counts them, since when.
GRADED_ROUND_ENDS = """CREATE OR REPLACE VIEW graded_round_ends WITH (security_invoker = true) AS
    SELECT e.round_id, g.complete, g.ms, e.ended_at, g.steps_tried, g.steps_right,
           e.complete AS preview, g.flag, g.situation_matches, g.graded_at
    FROM table_round_ends e JOIN round_grades g ON g.round_id = e.round_id"""
GRADED_TABLE_ATTEMPTS = """CREATE OR REPLACE VIEW graded_table_attempts
    WITH (security_invoker = true) AS
    SELECT t.id, t.round_id, t.position, t.action, t.step,
           coalesce((v.verdict ->> 'accepted')::boolean, false) AS accepted,
           v.verdict ->> 'code' AS verdict_code, v.verdict ->> 'citation' AS citation,
           t.ms, t.recorded_at, t.accepted AS preview
    FROM table_attempts t JOIN round_grades g ON g.round_id = t.round_id
    CROSS JOIN LATERAL (SELECT g.verdicts::jsonb -> t.position::text AS verdict) v
    WHERE v.verdict IS NOT NULL"""
_TABLE_GRADING_WAITS = """CREATE OR REPLACE VIEW table_grading_waits
    WITH (security_invoker = true) AS
    SELECT r.trainee_id, count(*) AS rounds, min(e.ended_at) AS since
    FROM table_round_ends e JOIN table_rounds r ON r.id = e.round_id
    WHERE NOT EXISTS (SELECT 1 FROM round_grades g WHERE g.round_id = e.round_id)
    GROUP BY r.trainee_id"""


def _rolled_up(keys: str, where: str) -> str:
    """``keys``, answers, right answers, twice the median time that counts, and those right
    within the skill's counted target, of the graded answers matching ``where``."""
    return f"""SELECT {keys}, count(*), sum(CASE WHEN v.correct THEN 1 ELSE 0 END),
               (array_agg(v.t ORDER BY v.t))[((count(*) - 1) / 2 + 1)::integer]
               + (array_agg(v.t ORDER BY v.t))[(count(*) / 2 + 1)::integer],
               sum(CASE WHEN v.correct AND v.t <= (SELECT w.target_ms FROM within_targets w
                                                   WHERE w.skill = v.skill)
                        THEN 1 ELSE 0 END)
        FROM (SELECT a.trainee_id, a.answered_day, a.skill, a.correct,
                     a.time_taken_ms AS t
              FROM graded_answers a {where}) AS v
        GROUP BY {keys}"""


_DAY_KEYS = "v.answered_day, v.skill"
_MINE_KEYS = "v.trainee_id, v.answered_day, v.skill"
#: The dashboard's rollups on the server count graded answers: each statement of grades
#: counts again, whole, every day and skill (and trainee, day and skill) it touched.
_TOUCHED_DAYS = (
    "WHERE (a.answered_day, a.skill) IN (SELECT b.answered_day, b.skill FROM fresh f "
    "JOIN answers b ON b.id = f.answer_id)"
)
_TOUCHED_MINE = (
    "WHERE (a.trainee_id, a.answered_day, a.skill) IN (SELECT b.trainee_id, b.answered_day, "
    "b.skill FROM fresh f JOIN answers b ON b.id = f.answer_id)"
)


def _count_daily(where_days: str, where_mine: str) -> list[str]:
    """The two upserts that count the rollups again from the graded answers."""
    return [
        f"""INSERT INTO daily_skill_counts AS d (answered_day, skill, answers, correct, median2)
                SELECT answered_day, skill, n, c, m2 FROM (
                    {_rolled_up(_DAY_KEYS, where_days)}) AS r(answered_day, skill, n, c, m2, w)
                ON CONFLICT (answered_day, skill) DO UPDATE SET answers = EXCLUDED.answers,
                    correct = EXCLUDED.correct, median2 = EXCLUDED.median2""",
        f"""INSERT INTO trainee_skill_days AS t
                    (trainee_id, answered_day, skill, answers, correct, median2, within)
                {_rolled_up(_MINE_KEYS, where_mine)}
                ON CONFLICT (answered_day, skill, trainee_id) DO UPDATE SET
                    answers = EXCLUDED.answers, correct = EXCLUDED.correct,
                    median2 = EXCLUDED.median2, within = EXCLUDED.within""",
    ]


def _graded_rollup_statements(everyone: str) -> list[str]:
    """The rollups of the server from the grader's grades: the answers' own count trigger
    (migration 0011, the workstation's verdict) is off, a statement trigger on
    ``answer_grades`` counts instead, and what the rollups held is counted again."""
    counted = ";\n                ".join(_count_daily(_TOUCHED_DAYS, _TOUCHED_MINE))
    function = f"""CREATE OR REPLACE FUNCTION dt_graded_count() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                -- Only one grader writes grades at a time (its advisory lock).
                {counted};
                RETURN NULL;
            END $$"""
    return [
        "DROP TRIGGER IF EXISTS answers_count_daily ON answers",
        function,
        f"REVOKE ALL ON FUNCTION dt_graded_count() FROM {everyone}",
        "DROP TRIGGER IF EXISTS dt_graded_count ON answer_grades",
        "CREATE TRIGGER dt_graded_count AFTER INSERT ON answer_grades "
        "REFERENCING NEW TABLE AS fresh FOR EACH STATEMENT EXECUTE FUNCTION dt_graded_count()",
        # What the answers' trigger counted before: counted again from the grades.
        "DELETE FROM daily_skill_counts",
        "DELETE FROM trainee_skill_days",
        *_count_daily("", ""),
    ]


# -- exams with live-table rounds (migration 0012) -----------------------------------


def _mixed_exam_functions() -> list[tuple[str, str]]:
    """The live-table part of a trainee's own assigned exam (the exams table is closed
    to trainees; the seed comes from dt_start_exam)."""
    return [
        (
            "dt_exam_table(integer)",
            f"""CREATE OR REPLACE FUNCTION dt_exam_table(p_assignment integer) RETURNS TABLE (
                table_rounds integer, table_difficulty integer, table_pace integer,
                table_game text)
            LANGUAGE sql STABLE {_DEFINER} AS $$
                SELECT e.table_rounds, e.table_difficulty, e.table_pace, e.table_game::text
                FROM exam_assignments a JOIN exams e ON e.id = a.exam_id
                WHERE a.id = p_assignment AND a.trainee_id = dt_trainee_id()
            $$""",
        ),
    ]


def _functions(names: Names) -> list[tuple[str, str]]:
    """(signature, CREATE OR REPLACE statement) of every function ``init`` makes."""
    instructors, trainees = names.instructors, names.trainees
    lit_i, lit_t = f"'{instructors}'", f"'{trainees}'"
    return [
        (
            "dt_security_version()",
            f"""CREATE OR REPLACE FUNCTION dt_security_version() RETURNS integer
            LANGUAGE sql IMMUTABLE AS $$ SELECT {SECURITY_VERSION} $$""",
        ),
        (
            "dt_trainee_id()",
            f"""CREATE OR REPLACE FUNCTION dt_trainee_id() RETURNS integer
            LANGUAGE sql STABLE {_DEFINER} AS $$
                SELECT t.id FROM trainees t
                WHERE t.login = session_user AND NOT t.archived
                  AND pg_has_role(session_user, {lit_t}, 'MEMBER')
            $$""",
        ),
        (
            "dt_instructor_id()",
            f"""CREATE OR REPLACE FUNCTION dt_instructor_id() RETURNS integer
            LANGUAGE sql STABLE {_DEFINER} AS $$
                SELECT i.id FROM instructors i
                WHERE i.login = session_user AND NOT i.disabled
                  AND pg_has_role(session_user, {lit_i}, 'MEMBER')
            $$""",
        ),
        (
            "dt_whoami()",
            f"""CREATE OR REPLACE FUNCTION dt_whoami(
                OUT kind text, OUT person_id integer, OUT name text)
            LANGUAGE sql STABLE {_DEFINER} AS $$
                SELECT 'instructor', i.id, i.name::text FROM instructors i
                WHERE i.login = session_user AND NOT i.disabled
                  AND pg_has_role(session_user, {lit_i}, 'MEMBER')
                UNION ALL
                SELECT 'trainee', t.id, t.name::text FROM trainees t
                WHERE t.login = session_user AND NOT t.archived
                  AND pg_has_role(session_user, {lit_t}, 'MEMBER')
                LIMIT 1
            $$""",
        ),
        (
            "dt_has_instructor()",
            f"""CREATE OR REPLACE FUNCTION dt_has_instructor() RETURNS boolean
            LANGUAGE sql STABLE {_DEFINER} AS $$ SELECT EXISTS (SELECT 1 FROM instructors) $$""",
        ),
        (
            "dt_audit_stamp()",
            # Not SECURITY DEFINER: current_user tells an entry the server's own functions
            # write (the owner's) from one a client sends.
            f"""CREATE OR REPLACE FUNCTION dt_audit_stamp() RETURNS trigger
            LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
            BEGIN
                -- What the server writes itself, it alone writes: a client's entry of
                -- that kind (the app's own, or a forged one) is dropped, not doubled.
                IF current_user <> {_lit(names.owner)}
                   AND NEW.action IN ({", ".join(_lit(a) for a in SERVER_WRITTEN)}) THEN
                    RETURN NULL;
                END IF;
                -- Whoever inserts, the entry says who (their sign-in role) and when (the
                -- server's clock), whatever the client sent.
                NEW.actor := session_user;
                NEW.at := clock_timestamp();
                RETURN NEW;
            END $$""",
        ),
        (
            "dt_audit(text, text, text)",
            f"""CREATE OR REPLACE FUNCTION dt_audit(p_action text, p_subject text, p_detail text)
            RETURNS void LANGUAGE sql {_DEFINER} AS $$
                INSERT INTO audit_log (at, actor, action, subject, detail)
                VALUES (clock_timestamp(), session_user, p_action, p_subject, p_detail)
            $$""",
        ),
        (
            "dt_sign_in()",
            f"""CREATE OR REPLACE FUNCTION dt_sign_in() RETURNS void
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                IF NOT pg_has_role(session_user, {lit_i}, 'MEMBER')
                   AND dt_trainee_id() IS NULL THEN
                    RAISE EXCEPTION 'the login % is not a person of this training centre',
                        session_user USING ERRCODE = 'insufficient_privilege';
                END IF;
                PERFORM dt_audit('sign_in', session_user, 'signed in on the server');
            END $$""",
        ),
        (
            "dt_add_person(text, text, text, text, text)",
            f"""CREATE OR REPLACE FUNCTION dt_add_person(
                p_kind text, p_login text, p_name text, p_name_key text, p_verifier text)
            RETURNS integer LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                new_id integer;
            BEGIN
                IF session_user <> {_lit(names.owner)} AND dt_instructor_id() IS NULL THEN
                    RAISE EXCEPTION 'only an instructor or the owner adds people'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                IF p_kind NOT IN ('instructor', 'trainee') THEN
                    RAISE EXCEPTION 'a person is an instructor or a trainee, not %', p_kind
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                IF p_login !~ '{LOGIN_PATTERN}' THEN
                    RAISE EXCEPTION 'the login % is not a valid login', p_login
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                IF p_verifier !~ '^SCRAM-SHA-256\\$' THEN
                    RAISE EXCEPTION 'the password must come as a SCRAM-SHA-256 verifier'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_login) THEN
                    RAISE EXCEPTION 'the login % is already a role on this server', p_login
                        USING ERRCODE = 'duplicate_object';
                END IF;
                EXECUTE format('CREATE ROLE %I LOGIN INHERIT PASSWORD %L', p_login, p_verifier);
                IF p_kind = 'instructor' THEN
                    EXECUTE format('GRANT %I TO %I', {lit_i}, p_login);
                    INSERT INTO instructors (name, name_key, login, password_hash,
                                             failed_attempts, last_failed_at, created_at,
                                             password_one_time)
                    VALUES (p_name, p_name_key, p_login, '{SERVER_PASSWORD_MARK}', 0, NULL,
                            clock_timestamp(), true)
                    RETURNING id INTO new_id;
                ELSE
                    EXECUTE format('GRANT %I TO %I', {lit_t}, p_login);
                    INSERT INTO trainees (name, name_key, login, archived, created_at,
                                          failed_attempts, password_one_time)
                    VALUES (p_name, p_name_key, p_login, false, clock_timestamp(), 0, true)
                    RETURNING id INTO new_id;
                END IF;
                PERFORM dt_audit('person_added', p_login, p_kind || ' ' || p_name);
                -- Their first password is someone else's choice: one-time (issue 36).
                PERFORM dt_audit('password_set', p_login, {_set_by(names)});
                RETURN new_id;
            END $$""",
        ),
        (
            "dt_set_password(text, text)",
            f"""CREATE OR REPLACE FUNCTION dt_set_password(p_login text, p_verifier text)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                IF session_user <> {_lit(names.owner)} AND dt_instructor_id() IS NULL THEN
                    RAISE EXCEPTION 'only an instructor or the owner resets a password'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                -- An instructor resets a trainee's; the owner (IT, `dealer-trainer server
                -- set-password`) a trainee's or an instructor's. Never the owner's own, nor
                -- a role that is not a person of this database.
                IF EXISTS (SELECT 1 FROM trainees t JOIN pg_roles r ON r.rolname = t.login
                           WHERE t.login = p_login)
                   AND pg_has_role(p_login, {lit_t}, 'MEMBER')
                   AND NOT pg_has_role(p_login, {lit_i}, 'MEMBER') THEN
                    NULL;  -- a trainee of this centre
                ELSIF session_user = {_lit(names.owner)}
                   AND p_login <> {_lit(names.owner)}
                   AND EXISTS (SELECT 1 FROM instructors i JOIN pg_roles r
                               ON r.rolname = i.login WHERE i.login = p_login)
                   AND pg_has_role(p_login, {lit_i}, 'MEMBER') THEN
                    NULL;  -- an instructor of this centre, reset by IT
                ELSIF session_user = {_lit(names.owner)}
                   AND p_login = {_lit(names.grader)} THEN
                    NULL;  -- the centre's grader (no person's login), set by IT
                ELSIF session_user = {_lit(names.owner)} THEN
                    RAISE EXCEPTION 'there is no trainee or instructor with the login %',
                        p_login USING ERRCODE = 'undefined_object';
                ELSE
                    RAISE EXCEPTION 'there is no trainee with the login %', p_login
                        USING ERRCODE = 'undefined_object';
                END IF;
                IF p_verifier !~ '^SCRAM-SHA-256\\$' THEN
                    RAISE EXCEPTION 'the password must come as a SCRAM-SHA-256 verifier'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                EXECUTE format('ALTER ROLE %I PASSWORD %L', p_login, p_verifier);
                -- Someone else's choice: one-time, until the person chooses their own
                -- (dt_change_own_password). The grader is no person: no row to mark.
                UPDATE trainees SET password_one_time = true WHERE login = p_login;
                UPDATE instructors SET password_one_time = true WHERE login = p_login;
                PERFORM dt_audit('password_set', p_login,
                    CASE WHEN p_login = {_lit(names.grader)} THEN 'set by the owner (IT)'
                         ELSE {_set_by(names)} END);
            END $$""",
        ),
        (
            "dt_change_own_password(text)",
            f"""CREATE OR REPLACE FUNCTION dt_change_own_password(p_verifier text)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                -- The person's own choice, by their own sign-in: the one-time mark goes.
                -- (The server cannot tell the new password from the old one: it never sees
                -- either. The app refuses the same one; the audit shows the change.)
                IF dt_trainee_id() IS NULL AND dt_instructor_id() IS NULL THEN
                    RAISE EXCEPTION 'only a person of this training centre changes their password'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                IF p_verifier !~ '^SCRAM-SHA-256\\$' THEN
                    RAISE EXCEPTION 'the password must come as a SCRAM-SHA-256 verifier'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                EXECUTE format('ALTER ROLE %I PASSWORD %L', session_user, p_verifier);
                UPDATE trainees SET password_one_time = false WHERE login = session_user;
                UPDATE instructors SET password_one_time = false WHERE login = session_user;
                PERFORM dt_audit('password_set', session_user, 'changed by the person');
            END $$""",
        ),
        (
            "dt_password_chosen()",
            f"""CREATE OR REPLACE FUNCTION dt_password_chosen() RETURNS boolean
            LANGUAGE sql STABLE {_DEFINER} AS $$
                -- False while the signed-in person's password is one-time (set by someone
                -- else): they choose their own first (dt_change_own_password).
                SELECT NOT EXISTS (SELECT 1 FROM trainees WHERE login = session_user
                                   AND password_one_time)
                   AND NOT EXISTS (SELECT 1 FROM instructors WHERE login = session_user
                                   AND password_one_time)
            $$""",
        ),
        (
            "dt_trainee_archived()",
            f"""CREATE OR REPLACE FUNCTION dt_trainee_archived() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                IF NEW.archived IS DISTINCT FROM OLD.archived
                   AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = NEW.login)
                   AND pg_has_role(NEW.login, {lit_t}, 'MEMBER') THEN
                    -- An archived trainee cannot sign in at all; brought back, they can.
                    -- (The audit entry is dt_person_changed's, whoever archives.)
                    EXECUTE format('ALTER ROLE %I %s', NEW.login,
                                   CASE WHEN NEW.archived THEN 'NOLOGIN' ELSE 'LOGIN' END);
                END IF;
                RETURN NULL;
            END $$""",
        ),
        (
            "dt_exam_built()",
            f"""CREATE OR REPLACE FUNCTION dt_exam_built() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                IF TG_TABLE_NAME = 'exams' THEN
                    PERFORM dt_audit('exam_built', 'exam:' || NEW.id, NEW.title);
                ELSIF TG_OP = 'DELETE' THEN
                    PERFORM dt_audit('exam_withdrawn', 'exam:' || OLD.exam_id,
                        (SELECT login FROM trainees WHERE id = OLD.trainee_id));
                ELSE
                    PERFORM dt_audit('exam_assigned', 'exam:' || NEW.exam_id,
                        (SELECT login FROM trainees WHERE id = NEW.trainee_id));
                END IF;
                RETURN NULL;
            END $$""",
        ),
        (
            "dt_open_exams()",
            f"""CREATE OR REPLACE FUNCTION dt_open_exams() RETURNS TABLE (
                assignment_id integer, exam_id integer, trainee_id integer,
                assigned_by integer, assigned_at timestamptz, due_at timestamptz,
                title text, ruleset_id text, skills text, item_count integer,
                difficulty integer, pass_mark_numerator integer,
                pass_mark_denominator integer, time_limit_s integer, created_by integer,
                created_at timestamptz, seed bigint)
            LANGUAGE sql STABLE {_DEFINER} AS $$
                -- The seed only once the trainee has started the exam (dt_start_exam).
                SELECT a.id, e.id, a.trainee_id, a.assigned_by, a.assigned_at, a.due_at,
                       e.title::text, e.ruleset_id::text, e.skills::text, e.item_count,
                       e.difficulty, e.pass_mark_numerator, e.pass_mark_denominator,
                       e.time_limit_s, e.created_by, e.created_at,
                       CASE WHEN EXISTS (SELECT 1 FROM training_sessions s
                                         WHERE s.exam_assignment_id = a.id)
                            THEN e.seed END
                FROM exam_assignments a JOIN exams e ON e.id = a.exam_id
                WHERE a.trainee_id = dt_trainee_id()
                  -- Taken: listed again while a retake is left and none passed.
                  AND (a.completed_at IS NULL
                       OR EXISTS (SELECT 1 FROM training_sessions s
                                  WHERE s.exam_assignment_id = a.id AND s.ended_at IS NULL)
                       OR (
                      (SELECT count(*) FROM training_sessions s
                       WHERE s.exam_assignment_id = a.id) < {_RETAKE_LIMIT}
                      AND NOT EXISTS (SELECT 1 FROM certifications c
                                      JOIN training_sessions s ON s.id = c.session_id
                                      WHERE s.exam_assignment_id = a.id)))
                ORDER BY a.due_at NULLS LAST, a.id
            $$""",
        ),
        (
            "dt_start_exam(integer, text, text)",
            f"""CREATE OR REPLACE FUNCTION dt_start_exam(
                p_assignment integer, p_app_version text, p_workstation text,
                OUT session_id integer, OUT seed bigint)
            LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                me integer := dt_trainee_id();
                a exam_assignments%ROWTYPE;
                ruleset text;
                held integer;
                last_end timestamptz;
                deadline timestamptz;
            BEGIN
                SELECT * INTO a FROM exam_assignments WHERE id = p_assignment FOR UPDATE;
                IF me IS NULL OR NOT FOUND OR a.trainee_id <> me THEN
                    RAISE EXCEPTION 'this exam is not assigned to you'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                -- Not with a password someone else set (a reset): whoever knows it is not
                -- yet known to be the trainee. Nor taken up again with it.
                IF NOT dt_password_chosen() THEN
                    RAISE EXCEPTION 'your password was set by an instructor: choose your own '
                        'before starting an exam' USING ERRCODE = 'insufficient_privilege';
                END IF;
                SELECT e.seed, e.ruleset_id INTO seed, ruleset FROM exams e WHERE e.id = a.exam_id;
                -- An interrupted sitting goes on in its own session, within its time.
                SELECT s.id, {_DEADLINE} INTO session_id, deadline
                FROM training_sessions s JOIN exams e ON e.id = a.exam_id
                WHERE s.exam_assignment_id = a.id AND s.ended_at IS NULL
                ORDER BY s.id LIMIT 1;
                IF session_id IS NOT NULL AND clock_timestamp() >= deadline THEN
                    -- HINT: the key the app says it by (storage/errors.py SERVER_REFUSALS).
                    RAISE EXCEPTION 'the time of this sitting ran out at %: it is ended and '
                        'graded by the centre''s grader', deadline
                        USING ERRCODE = 'insufficient_privilege', HINT = 'dt:time_ran_out',
                              DETAIL = to_char(deadline AT TIME ZONE 'UTC',
                                               'YYYY-MM-DD"T"HH24:MI:SS"+00:00"');
                END IF;
                IF session_id IS NULL THEN
                    -- A new sitting: within the window, not passed, within the centre's
                    -- limit of sittings and after its waiting period (storage/
                    -- certification.py's sitting_refusal says the same in the app).
                    IF a.opens_at IS NOT NULL AND clock_timestamp() < a.opens_at THEN
                        RAISE EXCEPTION 'this exam opens at %', a.opens_at
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF a.due_at IS NOT NULL AND clock_timestamp() > a.due_at THEN
                        RAISE EXCEPTION 'this exam closed at %', a.due_at
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF EXISTS (SELECT 1 FROM certifications c
                               JOIN training_sessions s ON s.id = c.session_id
                               WHERE s.exam_assignment_id = a.id) THEN
                        RAISE EXCEPTION 'this exam has been passed already'
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF EXISTS (SELECT 1 FROM training_sessions s
                               WHERE s.exam_assignment_id = a.id AND NOT EXISTS (
                                   SELECT 1 FROM sitting_grades g WHERE g.session_id = s.id))
                    THEN
                        RAISE EXCEPTION 'the last sitting of this exam is waiting for grading'
                            USING ERRCODE = 'insufficient_privilege',
                                  HINT = 'dt:waiting_for_grading';
                    END IF;
                    SELECT count(*), max(s.ended_at) INTO held, last_end
                    FROM training_sessions s WHERE s.exam_assignment_id = a.id;
                    IF held >= {_RETAKE_LIMIT} THEN
                        RAISE EXCEPTION 'this exam has been sat % times, the centre''s limit',
                            held USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    IF last_end IS NOT NULL AND clock_timestamp()
                       < last_end + make_interval(days => {_RETAKE_WAIT}) THEN
                        RAISE EXCEPTION 'this exam may be sat again from %',
                            last_end + make_interval(days => {_RETAKE_WAIT})
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    INSERT INTO training_sessions (trainee_id, kind, ruleset_id, app_version,
                        workstation, exam_assignment_id, started_at, ended_at)
                    VALUES (me, 'exam', ruleset, p_app_version, p_workstation, a.id,
                            clock_timestamp(), NULL)
                    RETURNING id INTO session_id;
                    PERFORM dt_audit('exam_started', 'exam:' || a.exam_id,
                                     'session ' || session_id);
                END IF;
            END $$""",
        ),
        (
            "dt_end_session(integer)",
            f"""CREATE OR REPLACE FUNCTION dt_end_session(p_session integer) RETURNS void
            LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                s training_sessions%ROWTYPE;
            BEGIN
                SELECT * INTO s FROM training_sessions WHERE id = p_session FOR UPDATE;
                IF NOT FOUND OR s.trainee_id IS DISTINCT FROM dt_trainee_id() THEN
                    RAISE EXCEPTION 'session % is not one of yours', p_session
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                -- It only ends the session, at the server's time (dt_stamp_session): the
                -- dt_session_changed trigger completes an exam's assignment and wakes the
                -- grader, which scores the sitting and certifies it (issue 36).
                IF s.ended_at IS NULL THEN
                    UPDATE training_sessions SET ended_at = clock_timestamp()
                    WHERE id = p_session;
                END IF;
            END $$""",
        ),
    ]


def _group_functions(names: Names) -> list[tuple[str, str]]:
    """Intake groups and instructors' accounts (``storage/groups.py``): each function checks
    that an active instructor asks, changes the rows and writes the audit entry."""
    lit_i, lit_t = f"'{names.instructors}'", f"'{names.trainees}'"
    instructor_only = """
                IF dt_instructor_id() IS NULL THEN
                    RAISE EXCEPTION 'only an active instructor manages groups and instructors'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;"""
    return [
        (
            "dt_group_create(text, text, date)",
            f"""CREATE OR REPLACE FUNCTION dt_group_create(
                p_name text, p_name_key text, p_start date)
            RETURNS integer LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                new_id integer;
            BEGIN{instructor_only}
                IF p_name IS NULL OR btrim(p_name) = '' OR length(p_name) > 100
                   OR p_name_key IS NULL OR p_name_key = '' OR p_start IS NULL THEN
                    RAISE EXCEPTION 'a group needs a name (1 to 100 characters) and a start date'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                INSERT INTO intake_groups (name, name_key, start_date, archived, created_by,
                                           created_at)
                VALUES (p_name, p_name_key, p_start, false, dt_instructor_id(),
                        clock_timestamp())
                RETURNING id INTO new_id;
                PERFORM dt_audit('group_created', p_name, p_start::text);
                RETURN new_id;
            END $$""",
        ),
        (
            "dt_group_update(integer, text, text, date)",
            f"""CREATE OR REPLACE FUNCTION dt_group_update(
                p_group integer, p_name text, p_name_key text, p_start date)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN{instructor_only}
                IF p_name IS NULL OR btrim(p_name) = '' OR length(p_name) > 100
                   OR p_name_key IS NULL OR p_name_key = '' OR p_start IS NULL THEN
                    RAISE EXCEPTION 'a group needs a name (1 to 100 characters) and a start date'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                UPDATE intake_groups SET name = p_name, name_key = p_name_key,
                                         start_date = p_start
                WHERE id = p_group;
                IF NOT FOUND THEN
                    RAISE EXCEPTION 'there is no such group' USING ERRCODE = 'no_data_found';
                END IF;
                PERFORM dt_audit('group_changed', p_name, p_start::text);
            END $$""",
        ),
        (
            "dt_group_archive(integer, boolean)",
            f"""CREATE OR REPLACE FUNCTION dt_group_archive(p_group integer, p_archived boolean)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                g intake_groups%ROWTYPE;
            BEGIN{instructor_only}
                UPDATE intake_groups SET archived = p_archived WHERE id = p_group
                RETURNING * INTO g;
                IF NOT FOUND THEN
                    RAISE EXCEPTION 'there is no such group' USING ERRCODE = 'no_data_found';
                END IF;
                PERFORM dt_audit(CASE WHEN p_archived THEN 'group_archived'
                                      ELSE 'group_restored' END, g.name, '');
            END $$""",
        ),
        (
            "dt_group_set_instructors(integer, integer[])",
            f"""CREATE OR REPLACE FUNCTION dt_group_set_instructors(
                p_group integer, p_instructors integer[])
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                g intake_groups%ROWTYPE;
            BEGIN{instructor_only}
                SELECT * INTO g FROM intake_groups WHERE id = p_group FOR UPDATE;
                IF NOT FOUND THEN
                    RAISE EXCEPTION 'there is no such group' USING ERRCODE = 'no_data_found';
                END IF;
                IF EXISTS (SELECT 1 FROM unnest(p_instructors) AS x(id)
                           WHERE NOT EXISTS (SELECT 1 FROM instructors i WHERE i.id = x.id)) THEN
                    RAISE EXCEPTION 'there is no such instructor'
                        USING ERRCODE = 'no_data_found';
                END IF;
                DELETE FROM group_instructors WHERE group_id = p_group;
                INSERT INTO group_instructors (group_id, instructor_id)
                SELECT DISTINCT p_group, x.id FROM unnest(p_instructors) AS x(id);
                PERFORM dt_audit('group_instructors_set', g.name,
                                 coalesce(cardinality(p_instructors), 0) || ' instructors');
            END $$""",
        ),
        (
            "dt_group_move(integer, integer)",
            f"""CREATE OR REPLACE FUNCTION dt_group_move(p_trainee integer, p_group integer)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                who text;
                g intake_groups%ROWTYPE;
                stay group_members%ROWTYPE;
            BEGIN{instructor_only}
                SELECT login INTO who FROM trainees WHERE id = p_trainee FOR UPDATE;
                IF NOT FOUND THEN
                    RAISE EXCEPTION 'there is no such trainee' USING ERRCODE = 'no_data_found';
                END IF;
                IF p_group IS NOT NULL THEN
                    SELECT * INTO g FROM intake_groups WHERE id = p_group;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'there is no such group' USING ERRCODE = 'no_data_found';
                    END IF;
                    IF g.archived THEN
                        RAISE EXCEPTION 'the group % is archived: bring it back first', g.name
                            USING ERRCODE = 'invalid_parameter_value';
                    END IF;
                END IF;
                SELECT * INTO stay FROM group_members
                WHERE trainee_id = p_trainee AND left_at IS NULL;
                IF FOUND AND stay.group_id IS NOT DISTINCT FROM p_group THEN
                    RETURN;
                END IF;
                IF NOT FOUND AND p_group IS NULL THEN
                    RETURN;
                END IF;
                UPDATE group_members SET left_at = clock_timestamp()
                WHERE trainee_id = p_trainee AND left_at IS NULL;
                IF p_group IS NOT NULL THEN
                    INSERT INTO group_members (group_id, trainee_id, joined_at, left_at)
                    VALUES (p_group, p_trainee, clock_timestamp(), NULL);
                END IF;
                -- The audit entry is dt_group_stay_changed's (whoever changes a stay).
            END $$""",
        ),
        (
            "dt_set_instructor_disabled(integer, boolean)",
            f"""CREATE OR REPLACE FUNCTION dt_set_instructor_disabled(
                p_instructor integer, p_disabled boolean)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                me integer := dt_instructor_id();
                target instructors%ROWTYPE;
            BEGIN{instructor_only}
                -- Every instructor row locked: two instructors disabling each other at
                -- once leave one of them active.
                PERFORM 1 FROM instructors ORDER BY id FOR UPDATE;
                SELECT * INTO target FROM instructors WHERE id = p_instructor;
                IF NOT FOUND OR NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = target.login)
                   OR pg_has_role(target.login, {lit_t}, 'MEMBER') THEN
                    RAISE EXCEPTION 'there is no such instructor' USING ERRCODE = 'no_data_found';
                END IF;
                IF p_disabled AND target.id = me THEN
                    RAISE EXCEPTION 'you cannot disable your own account: ask another instructor'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                IF NOT (SELECT NOT i.disabled FROM instructors i WHERE i.id = me) THEN
                    RAISE EXCEPTION 'only an active instructor manages groups and instructors'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                IF p_disabled AND NOT EXISTS (SELECT 1 FROM instructors i
                                              WHERE NOT i.disabled AND i.id <> target.id) THEN
                    RAISE EXCEPTION '% is the last active instructor: enable another one first',
                        target.name USING ERRCODE = 'invalid_parameter_value';
                END IF;
                IF target.disabled = p_disabled THEN
                    RETURN;
                END IF;
                UPDATE instructors SET disabled = p_disabled WHERE id = target.id;
                -- A disabled instructor cannot sign in (NOLOGIN) and, signed in somewhere
                -- already, loses the instructors' rights at once (no longer a member).
                IF p_disabled THEN
                    EXECUTE format('ALTER ROLE %I NOLOGIN', target.login);
                    EXECUTE format('REVOKE %I FROM %I', {lit_i}, target.login);
                ELSE
                    EXECUTE format('ALTER ROLE %I LOGIN', target.login);
                    EXECUTE format('GRANT %I TO %I', {lit_i}, target.login);
                END IF;
                -- The audit entry is dt_instructor_changed's (whoever changes the row).
            END $$""",
        ),
    ]


def _standards_functions() -> list[tuple[str, str]]:
    """The instructor's way to set a standard or the rule and to assign a plan (0010)."""
    count, keep = within_rollup.recount_sql("p_skill", "p_ms", graded=True)
    refuse = """IF dt_instructor_id() IS NULL THEN
                    RAISE EXCEPTION 'only an instructor %s'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;"""

    def unknown(skill: str) -> str:
        """Refuse a skill id this version of the app does not know (``dt_skill_known``)."""
        return f"""IF NOT dt_skill_known({skill}) THEN
                    RAISE EXCEPTION {_UNKNOWN_SKILL}, {skill}
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;"""

    return [
        (
            "dt_set_speed_standard(text, integer)",
            f"""CREATE OR REPLACE FUNCTION dt_set_speed_standard(p_skill text, p_ms integer)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                {refuse % "sets a speed standard"}
                {unknown("p_skill")}
                LOCK TABLE speed_standards IN SHARE ROW EXCLUSIVE MODE;
                INSERT INTO speed_standards (skill, version, target_ms, set_by, set_at)
                SELECT p_skill, coalesce(max(version), 0) + 1, p_ms, dt_instructor_id(),
                       clock_timestamp()
                FROM speed_standards WHERE skill = p_skill;
                -- p_ms NULL: back to the drills' own target (0016); the words are
                -- storage/standards.py's DRILLS_TARGET.
                PERFORM dt_audit('standard_set', 'skill:' || p_skill,
                                 coalesce(trim_scale(p_ms / 1000.0)::text || ' s',
                                          'the drills'' target'));
            END $$""",
        ),
        (
            "dt_recount_within(text, integer)",
            # The answers locked against inserts while they are counted: one recorded
            # meanwhile would be added by the trigger against the old target, or missed.
            f"""CREATE OR REPLACE FUNCTION dt_recount_within(p_skill text, p_ms integer)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                {refuse % "counts the rollup again"}
                {unknown("p_skill")}
                IF p_ms IS NULL OR p_ms < 0 THEN
                    RAISE EXCEPTION 'a target time is not negative' USING ERRCODE = '22023';
                END IF;
                LOCK TABLE answers IN SHARE MODE;
                {count};
                {keep};
            END $$""",
        ),
        (
            "dt_set_mastery_rule(integer, integer, integer)",
            f"""CREATE OR REPLACE FUNCTION dt_set_mastery_rule(
                p_last integer, p_mastered integer, p_close integer)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                {refuse % "sets the mastery rule"}
                LOCK TABLE mastery_rules IN SHARE ROW EXCLUSIVE MODE;
                INSERT INTO mastery_rules (version, last_answers, mastered_percent,
                                           close_percent, set_by, set_at)
                SELECT coalesce(max(version), 0) + 1, p_last, p_mastered, p_close,
                       dt_instructor_id(), clock_timestamp()
                FROM mastery_rules;
                PERFORM dt_audit('mastery_rule_set', NULL,
                    p_mastered || ' % of the last ' || p_last || ', close from '
                    || p_close || ' %');
            END $$""",
        ),
        (
            "dt_assign_plan(text, text, text, integer, timestamp with time zone, integer, "
            "integer[])",
            f"""CREATE OR REPLACE FUNCTION dt_assign_plan(
                p_title text, p_game text, p_skills text, p_items integer,
                p_due timestamptz, p_group integer, p_trainees integer[])
            RETURNS integer LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                plan_id integer;
                one integer;
                one_skill text;
            BEGIN
                {refuse % "assigns a practice plan"}
                IF json_typeof(p_skills::json) IS DISTINCT FROM 'array'
                   OR json_array_length(p_skills::json) = 0 THEN
                    RAISE EXCEPTION {_UNKNOWN_SKILL}, p_skills
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                FOR one_skill IN SELECT json_array_elements_text(p_skills::json) LOOP
                    {unknown("one_skill")}
                END LOOP;
                IF p_due <= clock_timestamp() THEN
                    RAISE EXCEPTION 'the due date of a plan must be later than now'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                IF coalesce(cardinality(p_trainees), 0) = 0 OR EXISTS (
                    SELECT 1 FROM unnest(p_trainees) AS t(id)
                    WHERE NOT EXISTS (SELECT 1 FROM trainees WHERE trainees.id = t.id)) THEN
                    RAISE EXCEPTION 'a plan is given to registered trainees'
                        USING ERRCODE = 'invalid_parameter_value';
                END IF;
                INSERT INTO practice_plans (title, game, skills, item_count, due_at, group_id,
                                            created_by, created_at)
                VALUES (p_title, p_game, p_skills::json, p_items, p_due, p_group,
                        dt_instructor_id(), clock_timestamp())
                RETURNING id INTO plan_id;
                FOREACH one IN ARRAY p_trainees LOOP
                    INSERT INTO plan_assignments (plan_id, trainee_id, assigned_by, assigned_at)
                    VALUES (plan_id, one, dt_instructor_id(), clock_timestamp());
                    PERFORM dt_audit('plan_assigned',
                        (SELECT login FROM trainees WHERE id = one), p_title);
                END LOOP;
                RETURN plan_id;
            END $$""",
        ),
        (
            "dt_withdraw_plan(integer)",
            f"""CREATE OR REPLACE FUNCTION dt_withdraw_plan(p_assignment integer)
            RETURNS text LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                given record;
                done integer;
            BEGIN
                -- A plan given by mistake, taken back while it is not done (as
                -- storage/schedules.py counts it): 'gone' when there is no such
                -- assignment or it was withdrawn already, 'done' when the trainee has
                -- answered all its items, 'withdrawn' when it is.
                {refuse % "withdraws a practice plan"}
                SELECT a.id, a.trainee_id, a.assigned_at, p.title, p.skills, p.item_count
                INTO given
                FROM plan_assignments a JOIN practice_plans p ON p.id = a.plan_id
                WHERE a.id = p_assignment
                FOR UPDATE OF a;
                IF NOT FOUND OR EXISTS (SELECT 1 FROM plan_withdrawals w
                                        WHERE w.assignment_id = p_assignment) THEN
                    RETURN 'gone';
                END IF;
                -- The graded answers, by the server's clock (storage/graded.py).
                SELECT count(*) INTO done FROM (
                    SELECT 1 FROM graded_answers an
                    JOIN training_sessions s ON s.id = an.session_id
                    WHERE an.trainee_id = given.trainee_id
                      AND an.skill IN (SELECT json_array_elements_text(given.skills))
                      AND an.answered_at > given.assigned_at AND an.flag IS NULL
                      AND s.kind <> 'exam'
                    LIMIT given.item_count) counted;
                IF done >= given.item_count THEN
                    RETURN 'done';
                END IF;
                INSERT INTO plan_withdrawals (assignment_id, withdrawn_by, withdrawn_at)
                VALUES (p_assignment, dt_instructor_id(), clock_timestamp());
                PERFORM dt_audit('plan_withdrawn',
                    (SELECT login FROM trainees WHERE id = given.trainee_id), given.title);
                RETURN 'withdrawn';
            END $$""",
        ),
    ]


# -- every change to a person audited by the database itself (issue 36, 0019) -----------

#: How the server refuses a skill id this version of the app does not know (the app
#: words it: ``storage/standards.py``'s ``UNKNOWN_ON_SERVER``).
_UNKNOWN_SKILL = "'there is no skill % in this version of the trainer'"
#: Between the value before and the value after, in an audit entry's detail (as
#: ``storage/audit.py``'s ``ARROW``).
_ARROW = " \u2192 "


def _person_audit_functions() -> list[tuple[str, str]]:
    """The triggers that write an audit entry for every change to a person's row, whoever
    makes it with whatever client (an instructor's ``UPDATE trainees`` in psql too): who
    (``session_user``, by ``dt_audit``), when (the server's clock), the value before and
    after. ``SECURITY DEFINER``: the entry is the owner's (``dt_audit_stamp`` keeps it,
    and drops a client's own entry of the same kind, ``SERVER_WRITTEN``). The skills this
    version knows, for the standards functions; the name a certification is issued to."""
    arrow = _lit(_ARROW)
    skills = ", ".join(_lit(skill) for skill in sorted(all_skills()))
    group_name = "(SELECT g.name::text FROM intake_groups g WHERE g.id = {0}.group_id)"
    return [
        (
            "dt_skill_known(text)",
            f"""CREATE OR REPLACE FUNCTION dt_skill_known(p_skill text) RETURNS boolean
            LANGUAGE sql IMMUTABLE AS $$
                SELECT coalesce(p_skill = ANY (ARRAY[{skills}]::text[]), false)
            $$""",
        ),
        (
            "dt_certified_name()",
            f"""CREATE OR REPLACE FUNCTION dt_certified_name() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                -- The name certified is the trainee's name now, whatever the grader sent.
                NEW.certified_name := (SELECT t.name FROM trainees t
                                       WHERE t.id = NEW.trainee_id);
                RETURN NEW;
            END $$""",
        ),
        (
            "dt_person_changed()",
            f"""CREATE OR REPLACE FUNCTION dt_person_changed() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                IF NEW.name IS DISTINCT FROM OLD.name THEN
                    PERFORM dt_audit('person_renamed', NEW.login,
                                     OLD.name || {arrow} || NEW.name);
                END IF;
                IF NEW.staff_number IS DISTINCT FROM OLD.staff_number THEN
                    PERFORM dt_audit('staff_number_set', NEW.login,
                        coalesce(OLD.staff_number, '') || {arrow}
                        || coalesce(NEW.staff_number, ''));
                END IF;
                IF NEW.archived IS DISTINCT FROM OLD.archived THEN
                    PERFORM dt_audit(CASE WHEN NEW.archived THEN 'person_archived'
                                          ELSE 'person_restored' END, NEW.login, NEW.name);
                END IF;
                RETURN NULL;
            END $$""",
        ),
        (
            "dt_instructor_changed()",
            f"""CREATE OR REPLACE FUNCTION dt_instructor_changed() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                IF NEW.name IS DISTINCT FROM OLD.name THEN
                    PERFORM dt_audit('person_renamed', NEW.login,
                                     OLD.name || {arrow} || NEW.name);
                END IF;
                IF NEW.disabled IS DISTINCT FROM OLD.disabled THEN
                    PERFORM dt_audit(CASE WHEN NEW.disabled THEN 'instructor_disabled'
                                          ELSE 'instructor_enabled' END, NEW.login, NEW.name);
                END IF;
                RETURN NULL;
            END $$""",
        ),
        (
            "dt_group_stay_changed()",
            # A deferred constraint trigger: it runs when the transaction commits, so the
            # stay a move closes and the one it opens (dt_group_move) make one entry.
            f"""CREATE OR REPLACE FUNCTION dt_group_stay_changed() RETURNS trigger
            LANGUAGE plpgsql {_DEFINER} AS $$
            DECLARE
                who text;
                here xid;
                before_name text := '';
                after_name text := '';
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM dt_audit('group_member_moved',
                        (SELECT t.login FROM trainees t WHERE t.id = OLD.trainee_id),
                        coalesce({group_name.format("OLD")}, '') || {arrow});
                    RETURN NULL;
                END IF;
                who := (SELECT t.login FROM trainees t WHERE t.id = NEW.trainee_id);
                -- This transaction's rows of group_members carry its id (xmin).
                SELECT m.xmin INTO here FROM group_members m WHERE m.id = NEW.id;
                IF TG_OP = 'INSERT' THEN
                    IF NEW.left_at IS NULL THEN
                        after_name := coalesce({group_name.format("NEW")}, '');
                    END IF;
                    -- The stay this one follows, closed in the same transaction: a move.
                    SELECT g.name INTO before_name
                    FROM group_members m JOIN intake_groups g ON g.id = m.group_id
                    WHERE m.trainee_id = NEW.trainee_id AND m.id <> NEW.id
                      AND m.left_at IS NOT NULL AND m.xmin = here
                    ORDER BY m.left_at DESC LIMIT 1;
                    PERFORM dt_audit('group_member_moved', who,
                                     coalesce(before_name, '') || {arrow} || after_name);
                    RETURN NULL;
                END IF;
                IF OLD.left_at IS NULL AND NEW.left_at IS NOT NULL
                   AND NEW.group_id = OLD.group_id AND NEW.trainee_id = OLD.trainee_id
                   AND EXISTS (SELECT 1 FROM group_members m
                               WHERE m.trainee_id = NEW.trainee_id AND m.left_at IS NULL
                                 AND m.xmin = here) THEN
                    RETURN NULL;  -- a move: the new stay's entry names both groups
                END IF;
                IF OLD.left_at IS NULL THEN
                    before_name := coalesce({group_name.format("OLD")}, '');
                END IF;
                IF NEW.left_at IS NULL THEN
                    after_name := coalesce({group_name.format("NEW")}, '');
                END IF;
                IF before_name = '' AND after_name = '' THEN  -- a past stay changed
                    before_name := coalesce({group_name.format("OLD")}, '');
                    after_name := coalesce({group_name.format("NEW")}, '');
                END IF;
                PERFORM dt_audit('group_member_moved', who,
                                 before_name || {arrow} || after_name);
                RETURN NULL;
            END $$""",
        ),
    ]


_PERSON_AUDIT_CALLERS = {
    "dt_skill_known(text)": "",
    "dt_certified_name()": "",
    "dt_person_changed()": "",
    "dt_instructor_changed()": "",
    "dt_group_stay_changed()": "",
}

#: The deferred constraint triggers (table, trigger, events, function): run at commit.
_DEFERRED_TRIGGERS = (
    (
        "group_members",
        "dt_group_stay_changed",
        "AFTER INSERT OR UPDATE OR DELETE",
        "dt_group_stay_changed()",
    ),
)


def _lit(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


# -- the instructor's desk (s22): the centre's calendar ----------------------------------


def _desk_functions() -> list[tuple[str, str]]:
    """The centre's calendar day of a moment, whatever the session's ``TimeZone``
    (``storage/centre.py``'s ``local_day``): a certification's dates are Macau's. A
    trainee's own transcript: their exams' public terms and their instructors' names."""
    return [
        (
            "dt_centre_day(timestamp with time zone)",
            f"""CREATE OR REPLACE FUNCTION dt_centre_day(p_at timestamptz) RETURNS date
            LANGUAGE sql IMMUTABLE AS $$
                SELECT (p_at AT TIME ZONE {_lit(centre.ZONE_NAME)})::date
            $$""",
        ),
        (
            "dt_my_exam_terms()",
            f"""CREATE OR REPLACE FUNCTION dt_my_exam_terms()
            RETURNS TABLE (id integer, title text, item_count integer,
                           pass_mark_numerator integer, pass_mark_denominator integer,
                           speed_mark_numerator integer, speed_mark_denominator integer,
                           speed_targets json, table_rounds integer, table_difficulty integer,
                           table_pace integer, table_game text)
            LANGUAGE sql STABLE {_DEFINER} AS $$
                -- The public terms of the exams assigned to the caller (never the seed),
                -- for their own transcript (storage/transcript.py): with the live-table
                -- part's rounds, level, pace and game, so a mixed sitting is scored whole.
                SELECT e.id, e.title::text, e.item_count, e.pass_mark_numerator,
                       e.pass_mark_denominator, e.speed_mark_numerator,
                       e.speed_mark_denominator, e.speed_targets::json, e.table_rounds,
                       e.table_difficulty, e.table_pace, e.table_game::text
                FROM exams e
                WHERE e.id IN (SELECT a.exam_id FROM exam_assignments a
                               WHERE a.trainee_id = dt_trainee_id())
            $$""",
        ),
        (
            "dt_my_instructors()",
            f"""CREATE OR REPLACE FUNCTION dt_my_instructors()
            RETURNS TABLE (id integer, name text)
            LANGUAGE sql STABLE {_DEFINER} AS $$
                -- The names of the instructors who assigned the caller's exams or
                -- approved their certifications (their transcript names them).
                SELECT i.id, i.name::text FROM instructors i
                WHERE i.id IN (SELECT a.assigned_by FROM exam_assignments a
                               WHERE a.trainee_id = dt_trainee_id()
                               UNION
                               SELECT c.approved_by FROM certifications c
                               WHERE c.trainee_id = dt_trainee_id())
            $$""",
        ),
    ]


_DESK_CALLERS = {
    "dt_centre_day(timestamp with time zone)": "tig",
    "dt_my_exam_terms()": "t",
    "dt_my_instructors()": "t",
}


#: Who may call which function (EXECUTE is revoked from PUBLIC first).
_CALLERS = {
    "dt_security_version()": "tig",
    "dt_trainee_id()": "ti",
    "dt_instructor_id()": "ti",
    "dt_whoami()": "ti",
    "dt_has_instructor()": "ti",
    "dt_audit(text, text, text)": "",
    "dt_sign_in()": "ti",
    "dt_add_person(text, text, text, text, text)": "i",
    "dt_set_password(text, text)": "i",
    "dt_change_own_password(text)": "ti",
    "dt_password_chosen()": "ti",
    "dt_open_exams()": "t",
    "dt_start_exam(integer, text, text)": "t",
    "dt_end_session(integer)": "t",
    "dt_exam_table(integer)": "t",
    "dt_audit_stamp()": "",
    "dt_trainee_archived()": "",
    "dt_exam_built()": "",
    "dt_group_create(text, text, date)": "i",
    "dt_group_update(integer, text, text, date)": "i",
    "dt_group_archive(integer, boolean)": "i",
    "dt_group_set_instructors(integer, integer[])": "i",
    "dt_group_move(integer, integer)": "i",
    "dt_set_instructor_disabled(integer, boolean)": "i",
    "dt_set_speed_standard(text, integer)": "i",
    "dt_recount_within(text, integer)": "i",
    "dt_set_mastery_rule(integer, integer, integer)": "i",
    "dt_assign_plan(text, text, text, integer, timestamp with time zone, integer, integer[])": "i",
    "dt_withdraw_plan(integer)": "i",
}

_TRIGGERS = (
    ("audit_log", "dt_audit_stamp", "BEFORE INSERT", "dt_audit_stamp()"),
    ("trainees", "dt_trainee_archived", "AFTER UPDATE OF archived", "dt_trainee_archived()"),
    ("exams", "dt_exam_built", "AFTER INSERT", "dt_exam_built()"),
    ("exam_assignments", "dt_exam_assigned", "AFTER INSERT", "dt_exam_built()"),
    ("exam_assignments", "dt_exam_withdrawn", "AFTER DELETE", "dt_exam_built()"),
    # 0017: the server's clock on every stamp that counts, and the grader woken.
    *((table, "dt_stamp_clock", "BEFORE INSERT", "dt_stamp_clock()") for table in _STAMPED),
    ("training_sessions", "dt_stamp_session", "BEFORE INSERT OR UPDATE", "dt_stamp_session()"),
    (
        "training_sessions",
        "dt_session_changed",
        "AFTER INSERT OR UPDATE OF ended_at",
        "dt_session_changed()",
    ),
    ("answers", "dt_answer_recorded", "AFTER INSERT", "dt_answer_recorded()"),
    # 0020: a round's end wakes the grader too (its notification carries nothing).
    ("table_round_ends", "dt_round_ended", "AFTER INSERT", "dt_answer_recorded()"),
    # 0019: every change to a person audited by the database; the name certified.
    ("trainees", "dt_person_changed", "AFTER UPDATE", "dt_person_changed()"),
    ("instructors", "dt_instructor_changed", "AFTER UPDATE", "dt_instructor_changed()"),
    ("certifications", "dt_certified_name", "BEFORE INSERT", "dt_certified_name()"),
)

#: Trigger functions of the migrations that write where the inserting person may not:
#: they run with their owner's rights, on a fixed search path.
_DEFINER_TRIGGERS = ("answers_count_daily()",)


def statements(names: Names) -> list[str]:
    """Everything ``server init`` runs after the migrations, in order, idempotent."""
    groups = {"t": names.trainees, "i": names.instructors, "g": names.grader}
    everyone = f"PUBLIC, {_q(names.trainees)}, {_q(names.instructors)}, {_q(names.grader)}"
    out: list[str] = []
    for group in (names.instructors, names.trainees):
        out.append(
            f"DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = {_lit(group)}) "
            f"THEN CREATE ROLE {_q(group)} NOLOGIN; END IF; END $$"
        )
    # The grader signs in (no password until IT sets one: `server set-password`).
    out.append(
        f"DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = "
        f"{_lit(names.grader)}) THEN CREATE ROLE {_q(names.grader)} LOGIN; END IF; END $$"
    )
    database = _q(names.database)
    signing_in = f"{_q(names.trainees)}, {_q(names.instructors)}, {_q(names.grader)}"
    out += [
        f"REVOKE ALL ON DATABASE {database} FROM {everyone}",
        f"GRANT CONNECT ON DATABASE {database} TO {signing_in}",
        f"REVOKE ALL ON SCHEMA public FROM {everyone}",
        f"GRANT USAGE ON SCHEMA public TO {signing_in}",
        f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {everyone}",
        f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {everyone}",
        f"REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM {everyone}",
        "ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC",
    ]
    for table in _TABLES:
        out.append(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
    callers_of = {**_CALLERS, **_DESK_CALLERS, **_GRADER_CALLERS, **_PERSON_AUDIT_CALLERS}
    for signature, create in (
        *_functions(names),
        *_group_functions(names),
        *_standards_functions(),
        *_mixed_exam_functions(),
        *_desk_functions(),
        *_grader_functions(),
        *_person_audit_functions(),
    ):
        out.append(create)
        out.append(f"REVOKE ALL ON FUNCTION {signature} FROM {everyone}")
        callers = ", ".join(_q(groups[g]) for g in callers_of[signature])
        if callers:
            out.append(f"GRANT EXECUTE ON FUNCTION {signature} TO {callers}")
    for signature in _DEFINER_TRIGGERS:
        out.append(
            f"ALTER FUNCTION {signature} SECURITY DEFINER "
            "SET search_path = pg_catalog, public, pg_temp"
        )
        out.append(f"REVOKE ALL ON FUNCTION {signature} FROM {everyone}")
    for table, trigger, when, function in _TRIGGERS:
        out.append(f"DROP TRIGGER IF EXISTS {trigger} ON {table}")
        out.append(
            f"CREATE TRIGGER {trigger} {when} ON {table} FOR EACH ROW EXECUTE FUNCTION {function}"
        )
    for table, trigger, when, function in _DEFERRED_TRIGGERS:
        out.append(f"DROP TRIGGER IF EXISTS {trigger} ON {table}")
        out.append(
            f"CREATE CONSTRAINT TRIGGER {trigger} {when} ON {table} DEFERRABLE INITIALLY "
            f"DEFERRED FOR EACH ROW EXECUTE FUNCTION {function}"
        )
    out.append(_SITTING_STATES)
    out.append(f"REVOKE ALL ON sitting_states FROM {everyone}")
    out.append(f"GRANT SELECT ON sitting_states TO {signing_in}")
    people = f"{_q(names.trainees)}, {_q(names.instructors)}"
    for view, create, readers in (
        ("graded_answers", GRADED_ANSWERS, people),
        ("grading_waits", _GRADING_WAITS, people),
        ("flagged_answers", _FLAGGED_ANSWERS, _q(names.instructors)),
        ("graded_round_ends", GRADED_ROUND_ENDS, people),
        ("graded_table_attempts", GRADED_TABLE_ATTEMPTS, people),
        ("table_grading_waits", _TABLE_GRADING_WAITS, people),
    ):
        out.append(create)
        out.append(f"REVOKE ALL ON {view} FROM {everyone}")
        out.append(f"GRANT SELECT ON {view} TO {readers}")
    out += _graded_rollup_statements(everyone)
    for group_key, grants in (
        ("t", _TRAINEE_GRANTS),
        ("i", _INSTRUCTOR_GRANTS),
        ("g", _GRADER_GRANTS),
    ):
        for table, privileges in grants.items():
            out.append(f"GRANT {privileges} ON {table} TO {_q(groups[group_key])}")
        out.append(f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {_q(groups[group_key])}")
    out.append(
        "DO $$ DECLARE p record; BEGIN FOR p IN SELECT policyname, tablename FROM pg_policies "
        "WHERE schemaname = 'public' LOOP EXECUTE format('DROP POLICY %I ON %I', "
        "p.policyname, p.tablename); END LOOP; END $$"
    )
    for table, name, command, who, using, check in _POLICIES:
        roles = ", ".join(_q(groups[g]) for g in who)
        sql = f"CREATE POLICY {name}_{who} ON {table} FOR {command} TO {roles}"
        if using is not None:
            sql += f" USING ({using})"
        if check is not None:
            sql += f" WITH CHECK ({check})"
        out.append(sql)
    out += _connection_limits(names, everyone)
    return out


#: The connections one person's login may hold at once (``CONNECTION LIMIT``): a workstation
#: uses a few; a stolen login cannot take every slot of the server (docs/server.md, *Sign-in
#: floods*; measured by ``benchmarks/signin_flood.py --stolen``).
PERSON_CONNECTIONS = 10


def _connection_limits(names: Names, everyone: str) -> list[str]:
    """Every person's login, now and whenever one is added, limited to
    ``PERSON_CONNECTIONS`` connections (an AFTER INSERT trigger on the people's tables:
    ``dt_add_person`` makes the role, then the row)."""
    members = (
        f"pg_has_role(r.rolname, {_lit(names.trainees)}, 'MEMBER') "
        f"OR pg_has_role(r.rolname, {_lit(names.instructors)}, 'MEMBER')"
    )
    out = [
        f"""CREATE OR REPLACE FUNCTION dt_person_connection_limit() RETURNS trigger
        LANGUAGE plpgsql {_DEFINER} AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname = NEW.login
                       AND NOT r.rolsuper AND ({members})) THEN
                EXECUTE format('ALTER ROLE %I CONNECTION LIMIT {PERSON_CONNECTIONS}',
                               NEW.login);
            END IF;
            RETURN NULL;
        END $$""",
        f"REVOKE ALL ON FUNCTION dt_person_connection_limit() FROM {everyone}",
    ]
    for table in ("trainees", "instructors"):
        out.append(f"DROP TRIGGER IF EXISTS dt_person_connection_limit ON {table}")
        out.append(
            f"CREATE TRIGGER dt_person_connection_limit AFTER INSERT ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION dt_person_connection_limit()"
        )
    out.append(
        "DO $$ DECLARE p record; BEGIN FOR p IN SELECT r.rolname FROM pg_roles r "
        "WHERE r.rolname IN (SELECT login FROM trainees UNION SELECT login FROM instructors) "
        f"AND NOT r.rolsuper AND r.rolconnlimit <> {PERSON_CONNECTIONS} AND ({members}) "
        f"LOOP EXECUTE format('ALTER ROLE %I CONNECTION LIMIT {PERSON_CONNECTIONS}', "
        "p.rolname); END LOOP; END $$"
    )
    return out
