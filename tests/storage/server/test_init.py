"""``dealer-trainer server init`` and ``server add-person`` as IT's scripts run them."""

from __future__ import annotations

import psycopg
import pytest

from tests.storage.server.conftest import Centre, command

#: What the server's rules are, as the catalogue has them (no oids, no timestamps).
_STATE = (
    "SELECT tablename, policyname, cmd, roles::text, qual, with_check FROM pg_policies "
    "ORDER BY 1, 2",
    "SELECT table_name, grantee, privilege_type FROM information_schema.role_table_grants "
    "WHERE table_schema = 'public' ORDER BY 1, 2, 3",
    "SELECT table_name, column_name, grantee, privilege_type "
    "FROM information_schema.column_privileges WHERE table_schema = 'public' "
    "AND grantee LIKE current_database() || '%' ORDER BY 1, 2, 3, 4",
    "SELECT p.proname, p.prosecdef, p.proconfig::text, p.proacl::text, md5(p.prosrc) "
    "FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
    "WHERE n.nspname = 'public' ORDER BY 1",
    "SELECT c.relname, c.relrowsecurity, c.relacl::text FROM pg_class c "
    "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' ORDER BY 1",
    "SELECT tgrelid::regclass::text, tgname, tgenabled FROM pg_trigger "
    "WHERE NOT tgisinternal ORDER BY 1, 2",
    "SELECT rolname, rolcanlogin, rolsuper, rolcreaterole FROM pg_roles "
    "WHERE rolname LIKE current_database() || '%' ORDER BY 1",
    "SELECT version_num FROM alembic_version",
)


def _state(centre: Centre) -> list[list[tuple[object, ...]]]:
    with centre.owner_connection() as owner:
        return [owner.execute(query).fetchall() for query in _STATE]


def test_init_twice_changes_nothing(centre: Centre) -> None:
    before = _state(centre)
    assert before[0], "init made no policies"
    done = command("server", "init", centre.admin_url(centre.owner), password=centre.owner_password)
    assert done.returncode == 0, done.stderr
    assert "up to date" in done.stdout
    assert _state(centre) == before


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("postgresql://owner:secret-in-url@localhost/db", "holds a password"),
        ("postgresql://localhost/db", "names no role"),
        ("postgresql://owner@localhost", "names no database"),
        ("sqlite:///records.sqlite3", "not a PostgreSQL server"),
        ("postgresql://owner@localhost:99999/db", "which does not exist"),
        ("postgresql://owner@localhost:port/db", "cannot be read"),
        ("postgresql://owner@localhost/Bad-Name", "cannot be used in server mode"),
    ],
)
def test_init_refuses_a_bad_url_in_a_sentence(url: str, said: str) -> None:
    done = command("server", "init", url, password="pw")
    assert done.returncode == 2
    assert said in done.stderr
    assert "secret-in-url" not in done.stderr + done.stdout


def test_init_refuses_a_wrong_owner_password_without_showing_it(centre: Centre) -> None:
    done = command("server", "init", centre.admin_url(centre.owner), password="wrong-Pw-123")
    assert done.returncode == 1
    assert "wrong password" in done.stderr
    assert "wrong-Pw-123" not in done.stderr + done.stdout


def test_init_refuses_a_person_who_is_not_the_owner(centre: Centre) -> None:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    done = command("server", "init", centre.admin_url(ina), password=centre.passwords[ina])
    assert done.returncode == 1
    assert "does not own the database" in done.stderr


def test_add_person_refuses_bad_input_clearly(centre: Centre) -> None:
    owner_url = centre.admin_url(centre.owner)
    cases = [
        (["--role", "trainee", "--login", "Bad Login", "--name", "X"], "pw-long-enough", 2,
         "cannot be used"),
        (["--role", "trainee", "--login", centre.login("short"), "--name", "Short"], "short", 2,
         "at least 8"),
        (["--role", "trainee", "--login", centre.owner, "--name", "Owner Again"],
         "pw-long-enough", 1, "already taken"),
        (["--role", "trainee", "--login", centre.login("noname"), "--name", "   "],
         "pw-long-enough", 2, "name"),
    ]  # fmt: skip
    for args, password, code, said in cases:
        done = command("server", "add-person", owner_url, *args,
                       password=centre.owner_password, stdin=password + "\n")  # fmt: skip
        assert done.returncode == code, (args, done.stderr)
        assert said in done.stderr, (args, done.stderr)
        assert password not in done.stderr + done.stdout
    bad_role = command("server", "add-person", owner_url, "--role", "owner", "--login", "x",
                       "--name", "X", password=centre.owner_password)  # fmt: skip
    assert bad_role.returncode == 2 and "invalid choice" in bad_role.stderr


def test_add_person_by_an_instructor_makes_a_login_that_signs_in(centre: Centre) -> None:
    ina = centre.add("instructor", "ina2", "Ina Second")
    tom = centre.add("trainee", "tom", "Tom Trainee", by=ina)
    with centre.connect(tom) as connection:
        assert connection.execute("SELECT kind FROM dt_whoami()").fetchone() == ("trainee",)
    with pytest.raises(psycopg.OperationalError):
        centre.connect(tom, password="not-toms-password")


def test_set_password_by_the_owner_gives_an_instructor_a_new_one(centre: Centre) -> None:
    """IT resets the password of an instructor who forgot theirs; an instructor resets a
    trainee's only; neither password is ever printed, and the audit log says who."""
    ivy = centre.add("instructor", "ivy", "Ivy Forgetful")
    ned = centre.add("instructor", "ned", "Ned Colleague")
    tom = centre.add("trainee", "tomx", "Tom Reset", by=ned)
    owner_url = centre.admin_url(centre.owner)
    done = command("server", "set-password", owner_url, "--login", ivy,
                   password=centre.owner_password, stdin="ivy's new password\n")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "new password is set" in done.stdout
    assert "ivy's new password" not in done.stdout + done.stderr
    with pytest.raises(psycopg.OperationalError):
        centre.connect(ivy)  # the old password no longer works
    with centre.connect(ivy, password="ivy's new password") as connection:
        assert connection.execute("SELECT kind FROM dt_whoami()").fetchone() == ("instructor",)
    centre.passwords[ivy] = "ivy's new password"
    # An instructor may not take over a colleague's login, nor the owner's.
    for whose in (ivy, centre.owner):
        refused = command("server", "set-password", centre.admin_url(ned), "--login", whose,
                          password=centre.passwords[ned], stdin="taken over pw\n")  # fmt: skip
        assert refused.returncode == 1 and "no person with the login" in refused.stderr
    # An instructor resets a trainee's; the owner's own is not a person's.
    by_ned = command("server", "set-password", centre.admin_url(ned), "--login", tom,
                     password=centre.passwords[ned], stdin="tom new password\n")  # fmt: skip
    assert by_ned.returncode == 0, by_ned.stderr
    own = command("server", "set-password", owner_url, "--login", centre.owner,
                  password=centre.owner_password, stdin="owner new pw\n")  # fmt: skip
    assert own.returncode == 1 and "no person with the login" in own.stderr
    short = command("server", "set-password", owner_url, "--login", ivy,
                    password=centre.owner_password, stdin="short\n")  # fmt: skip
    assert short.returncode == 2 and "at least 8" in short.stderr
    with centre.owner_connection() as connection:
        said = connection.execute(
            "SELECT actor, subject, detail FROM audit_log WHERE action = 'password_set' "
            "AND subject IN (%s, %s) ORDER BY id",
            (ivy, tom),
        ).fetchall()
    # Each password someone else set is one-time, and each person's own choice is said.
    assert said == [
        (centre.owner, ivy, "one-time, set by the owner (IT)"),
        (ivy, ivy, "changed by the person"),
        (ned, tom, "one-time, set by an instructor"),
        (tom, tom, "changed by the person"),
        (centre.owner, ivy, "one-time, set by the owner (IT)"),
        (ned, tom, "one-time, set by an instructor"),
    ]
    with centre.owner_connection() as connection:
        assert connection.execute(
            "SELECT (SELECT password_one_time FROM instructors WHERE login = %s), "
            "(SELECT password_one_time FROM trainees WHERE login = %s)",
            (ivy, tom),
        ).fetchone() == (True, True)
