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
  and when (the server's clock) over whatever the client sent.

A person is identified by ``session_user`` (their sign-in role), which neither
``SET ROLE`` nor a ``SECURITY DEFINER`` function changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
SECURITY_VERSION = 6

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


def check_database_name(database: str) -> None:
    if not _DATABASE.match(database):
        raise ValueError(
            f"The database name {database!r} cannot be used in server mode: it names the "
            "centre's group roles (<database>_instructors, <database>_trainees), so it must be "
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
}

_OWN_ROUND = (
    "EXISTS (SELECT 1 FROM table_rounds r WHERE r.id = round_id AND r.trainee_id = dt_trainee_id())"
)
#: A round of the trainee's whose session is still open: nothing is added to a round
#: once its session (an exam's sitting, scored at its end) has ended.
_OWN_ROUND_OPEN = (
    "EXISTS (SELECT 1 FROM table_rounds r JOIN training_sessions s ON s.id = r.session_id "
    "WHERE r.id = round_id AND r.trainee_id = dt_trainee_id() AND s.ended_at IS NULL)"
)
_OWN_OPEN_SESSION = (
    "EXISTS (SELECT 1 FROM training_sessions s WHERE s.id = session_id "
    "AND s.trainee_id = dt_trainee_id() AND s.ended_at IS NULL)"
)

#: (table, policy, command, group, USING, WITH CHECK); group "t" trainees, "i" instructors.
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
        "AND ended_at IS NULL",
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
    # Nobody inserts a certification: dt_end_session() writes it from a passing sitting.
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
)

#: The centre's settings as the server's functions read them (``storage/centre.py``'s
#: defaults until an instructor saves them).
_SETTING = "COALESCE((SELECT c.{0} FROM centre_settings c ORDER BY c.version DESC LIMIT 1), {1})"
_RETAKE_LIMIT = _SETTING.format("retake_limit", 3)
_RETAKE_WAIT = _SETTING.format("retake_wait_days", 7)
_VALIDITY = _SETTING.format("validity_months", 24)

_DEFINER = "SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp"

# -- exams with live-table rounds (migration 0012) -----------------------------------
#: A sitting's rounds scored from what was recorded (dt_end_session's variables ``e``,
#: ``p_session``, ``t_*``): the first ended round of each of the exam's seeds (seed + k),
#: its right steps over its tried and missed ones; clean within the pace's time.
_TABLE_PART = """WITH counted AS (
                                SELECT DISTINCT ON (r.seed) r.id, en.missed AS r_missed,
                                    en.ms AS r_ms, en.complete AS r_complete
                                FROM table_rounds r
                                JOIN table_round_ends en ON en.round_id = r.id
                                WHERE r.session_id = p_session AND r.game = e.table_game
                                  AND r.difficulty = e.table_difficulty
                                  AND r.seed IN (
                                      SELECT ((e.seed::numeric + k)
                                              % 9223372036854775808)::bigint
                                      FROM generate_series(0, e.table_rounds - 1) k)
                                ORDER BY r.seed, r.id
                            ), scored AS (
                                SELECT c.*,
                                    (SELECT count(*) FROM table_attempts ta
                                     WHERE ta.round_id = c.id AND ta.action IS NOT NULL
                                       AND ta.accepted) AS good,
                                    (SELECT count(*) FROM table_attempts ta
                                     WHERE ta.round_id = c.id AND ta.action IS NOT NULL)
                                        AS tried
                                FROM counted c
                            )
                            SELECT count(*), COALESCE(sum(good), 0),
                                   COALESCE(sum(tried + COALESCE(r_missed, 0)), 0),
                                   count(*) FILTER (WHERE r_complete
                                       AND COALESCE(r_missed, 0) = 0 AND good = tried
                                       AND r_ms * e.table_pace <= 3600000),
                                   COALESCE(sum(r_ms), 0)
                            INTO t_ended, t_right, t_judged, t_pace, t_ms FROM scored;"""


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
                                             failed_attempts, last_failed_at, created_at)
                    VALUES (p_name, p_name_key, p_login, '{SERVER_PASSWORD_MARK}', 0, NULL,
                            clock_timestamp())
                    RETURNING id INTO new_id;
                ELSE
                    EXECUTE format('GRANT %I TO %I', {lit_t}, p_login);
                    INSERT INTO trainees (name, name_key, login, archived, created_at,
                                          failed_attempts)
                    VALUES (p_name, p_name_key, p_login, false, clock_timestamp(), 0)
                    RETURNING id INTO new_id;
                END IF;
                PERFORM dt_audit('person_added', p_login, p_kind || ' ' || p_name);
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
                PERFORM dt_audit('password_set', p_login,
                    CASE WHEN session_user = {_lit(names.owner)} THEN 'set by the owner (IT)'
                         ELSE 'set by an instructor' END);
            END $$""",
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
                    EXECUTE format('ALTER ROLE %I %s', NEW.login,
                                   CASE WHEN NEW.archived THEN 'NOLOGIN' ELSE 'LOGIN' END);
                    PERFORM dt_audit(
                        CASE WHEN NEW.archived THEN 'person_archived' ELSE 'person_restored' END,
                        NEW.login, NEW.name);
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
            BEGIN
                SELECT * INTO a FROM exam_assignments WHERE id = p_assignment FOR UPDATE;
                IF me IS NULL OR NOT FOUND OR a.trainee_id <> me THEN
                    RAISE EXCEPTION 'this exam is not assigned to you'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                SELECT e.seed, e.ruleset_id INTO seed, ruleset FROM exams e WHERE e.id = a.exam_id;
                -- An interrupted sitting goes on in its own session.
                SELECT s.id INTO session_id FROM training_sessions s
                WHERE s.exam_assignment_id = a.id AND s.ended_at IS NULL
                ORDER BY s.id LIMIT 1;
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
                a exam_assignments%ROWTYPE;
                e exams%ROWTYPE;
                ended timestamptz := clock_timestamp();
                n_correct integer;
                n_in_time integer;
                ms bigint;
                -- The live-table part (migration 0012), as certification.py's
                -- score_table_part reads it: the first ended round of each seed.
                t_ended integer := 0;
                t_right integer := 0;
                t_judged integer := 0;
                t_pace integer := 0;
                t_ms bigint := 0;
            BEGIN
                SELECT * INTO s FROM training_sessions WHERE id = p_session FOR UPDATE;
                IF NOT FOUND OR s.trainee_id IS DISTINCT FROM dt_trainee_id() THEN
                    RAISE EXCEPTION 'session % is not one of yours', p_session
                        USING ERRCODE = 'insufficient_privilege';
                END IF;
                IF s.ended_at IS NULL THEN
                    UPDATE training_sessions SET ended_at = ended WHERE id = p_session;
                    IF s.exam_assignment_id IS NOT NULL THEN
                        -- The first sitting completes the assignment; every one is kept.
                        UPDATE exam_assignments SET completed_at = ended
                        WHERE id = s.exam_assignment_id AND completed_at IS NULL;
                        SELECT * INTO a FROM exam_assignments WHERE id = s.exam_assignment_id;
                        SELECT * INTO e FROM exams WHERE id = a.exam_id;
                        -- Scored as storage/certification.py scores it: unanswered items
                        -- wrong; in time: right and within the skill's target (ms).
                        SELECT count(*) FILTER (WHERE an.correct),
                               count(*) FILTER (WHERE an.correct
                                   AND (e.speed_targets ->> an.skill) IS NOT NULL
                                   AND an.time_taken_ms
                                       <= (e.speed_targets ->> an.skill)::integer),
                               COALESCE(sum(an.time_taken_ms), 0)
                        INTO n_correct, n_in_time, ms
                        FROM answers an WHERE an.session_id = p_session;
                        IF e.table_rounds > 0 THEN
                            {_TABLE_PART}
                        END IF;
                        IF e.item_count + t_judged > 0
                           AND t_ended >= e.table_rounds
                           AND (n_correct + t_right)::bigint * e.pass_mark_denominator
                               >= e.pass_mark_numerator::bigint * (e.item_count + t_judged)
                           AND (e.speed_mark_numerator IS NULL
                                OR (n_in_time + t_pace)::bigint * e.speed_mark_denominator
                                   >= e.speed_mark_numerator::bigint
                                      * (e.item_count + e.table_rounds)) THEN
                            INSERT INTO certifications (trainee_id, game, exam_id, session_id,
                                passed_at, correct, in_time, item_count, time_taken_ms,
                                approved_by, valid_until, steps_right, steps_judged, rounds,
                                rounds_in_pace, table_ms)
                            VALUES (s.trainee_id,
                                    COALESCE(NULLIF(split_part(e.skills ->> 0, '.', 1), ''),
                                             e.table_game),
                                    e.id, p_session, ended, n_correct, n_in_time, e.item_count,
                                    ms, a.assigned_by,
                                    (dt_centre_day(ended)
                                     + make_interval(months => {_VALIDITY}))::date,
                                    t_right, t_judged, e.table_rounds, t_pace, t_ms);
                        END IF;
                    END IF;
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
                PERFORM dt_audit('group_member_moved', who, coalesce(g.name, ''));
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
                PERFORM dt_audit(CASE WHEN p_disabled THEN 'instructor_disabled'
                                      ELSE 'instructor_enabled' END, target.login, target.name);
            END $$""",
        ),
    ]


def _standards_functions() -> list[tuple[str, str]]:
    """The instructor's way to set a standard or the rule and to assign a plan (0010)."""
    count, keep = within_rollup.recount_sql("p_skill", "p_ms")
    refuse = """IF dt_instructor_id() IS NULL THEN
                    RAISE EXCEPTION 'only an instructor %s'
                        USING ERRCODE = 'insufficient_privilege';
                END IF;"""
    return [
        (
            "dt_set_speed_standard(text, integer)",
            f"""CREATE OR REPLACE FUNCTION dt_set_speed_standard(p_skill text, p_ms integer)
            RETURNS void LANGUAGE plpgsql {_DEFINER} AS $$
            BEGIN
                {refuse % "sets a speed standard"}
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
            BEGIN
                {refuse % "assigns a practice plan"}
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
                SELECT count(*) INTO done FROM (
                    SELECT 1 FROM answers an
                    JOIN training_sessions s ON s.id = an.session_id
                    WHERE an.trainee_id = given.trainee_id
                      AND an.skill IN (SELECT json_array_elements_text(given.skills))
                      AND an.answered_at > given.assigned_at
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
    "dt_centre_day(timestamp with time zone)": "ti",
    "dt_my_exam_terms()": "t",
    "dt_my_instructors()": "t",
}


#: Who may call which function (EXECUTE is revoked from PUBLIC first).
_CALLERS = {
    "dt_security_version()": "ti",
    "dt_trainee_id()": "ti",
    "dt_instructor_id()": "ti",
    "dt_whoami()": "ti",
    "dt_has_instructor()": "ti",
    "dt_audit(text, text, text)": "",
    "dt_sign_in()": "ti",
    "dt_add_person(text, text, text, text, text)": "i",
    "dt_set_password(text, text)": "i",
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
)

#: Trigger functions of the migrations that write where the inserting person may not:
#: they run with their owner's rights, on a fixed search path.
_DEFINER_TRIGGERS = ("answers_count_daily()",)


def statements(names: Names) -> list[str]:
    """Everything ``server init`` runs after the migrations, in order, idempotent."""
    groups = {"t": names.trainees, "i": names.instructors}
    everyone = f"PUBLIC, {_q(names.trainees)}, {_q(names.instructors)}"
    out: list[str] = []
    for group in (names.instructors, names.trainees):
        out.append(
            f"DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = {_lit(group)}) "
            f"THEN CREATE ROLE {_q(group)} NOLOGIN; END IF; END $$"
        )
    database = _q(names.database)
    out += [
        f"REVOKE ALL ON DATABASE {database} FROM {everyone}",
        f"GRANT CONNECT ON DATABASE {database} TO {_q(names.trainees)}, {_q(names.instructors)}",
        f"REVOKE ALL ON SCHEMA public FROM {everyone}",
        f"GRANT USAGE ON SCHEMA public TO {_q(names.trainees)}, {_q(names.instructors)}",
        f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {everyone}",
        f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {everyone}",
        f"REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM {everyone}",
        "ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC",
    ]
    for table in _TABLES:
        out.append(f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY")
    for signature, create in (
        *_functions(names),
        *_group_functions(names),
        *_standards_functions(),
        *_mixed_exam_functions(),
        *_desk_functions(),
    ):
        out.append(create)
        out.append(f"REVOKE ALL ON FUNCTION {signature} FROM {everyone}")
        callers = ", ".join(_q(groups[g]) for g in {**_CALLERS, **_DESK_CALLERS}[signature])
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
    for group_key, grants in (("t", _TRAINEE_GRANTS), ("i", _INSTRUCTOR_GRANTS)):
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
    return out
