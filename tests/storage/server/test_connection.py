"""Issue 36, the connection: a workstation reaches the centre's server over TLS that verifies
it (``sslmode=verify-full``) or not at all, unless the lab's switch is on; a sign-in the
server turns away for want of a free connection is tried again for a while.

The refusals need no server; the lab's switch is tried on the real server of
``tests/storage/server`` (skipped without it), signed in as a trainee's own login.
"""

from __future__ import annotations

import os
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from dealer_trainer.storage import StorageError, Store, engine
from dealer_trainer.storage.server import busy
from dealer_trainer.storage.server.workstation import open_server_store
from tests.storage.conftest import FAST_PASSWORDS
from tests.storage.server.conftest import CA_ENV, Centre

FORM = "postgresql+psycopg://SERVER:5432/DATABASE?sslmode=verify-full&sslrootcert=PATH-TO-CA"


@pytest.fixture(autouse=True)
def no_lab_switch(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The lab's switch off and no CA kept in the configuration folders, unless a test says."""
    monkeypatch.delenv(engine.UNVERIFIED_LAB_ENV, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    monkeypatch.setenv("XDG_CONFIG_DIRS", str(tmp_path / "site-config"))


@pytest.mark.parametrize(
    "query",
    ["", "?sslmode=require", "?sslmode=verify-ca&sslrootcert=/ca.crt", "?sslmode=prefer",
     "?sslmode=disable", "?sslmode=verify-full&sslmode=disable", "?sslmode=VERIFY-FULL"],
)  # fmt: skip
def test_a_workstation_refuses_a_server_it_would_not_verify(query: str) -> None:
    url = f"postgresql+psycopg://db.centre.example:5432/dealer_trainer{query}"
    with pytest.raises(StorageError) as refused:
        open_server_store(url, "tom.trainee", "a-secret-password")
    said = str(refused.value)
    assert "does not ask for a verified connection (sslmode=verify-full)" in said
    assert FORM in said and "$DEALER_TRAINER_DB_URL" in said
    assert "db.centre.example" in said and "a-secret-password" not in said


def test_a_shared_login_url_is_refused_the_same_and_its_password_never_shown() -> None:
    """``Store.open`` (a URL that names the role and its password) is a workstation too."""
    url = "postgresql+psycopg://trainer:s3cret-pw@db.centre.example/trainer?sslmode=require"
    with pytest.raises(StorageError) as refused:
        Store.open(url, passwords=FAST_PASSWORDS)
    said = str(refused.value)
    assert "sslmode=verify-full" in said and FORM in said
    assert "s3cret-pw" not in said
    with pytest.raises(StorageError, match="sslmode=verify-full"):
        Store.open("postgresql+psycopg://db.centre.example/trainer", login="ana", password="x")


def test_verify_full_is_taken_and_the_ca_read_from_where_a_workstation_keeps_it(
    tmp_path: Path,
) -> None:
    url = make_url("postgresql+psycopg://db.centre.example/trainer?sslmode=verify-full")
    assert engine.verified_server(url) == (url, False)  # no CA kept: libpq's own root.crt
    site = tmp_path / "site-config" / "dealer-trainer" / engine.CA_FILENAME
    site.parent.mkdir(parents=True)
    site.write_text("the machine's CA\n")
    checked, unverified = engine.verified_server(url)
    assert checked.query["sslrootcert"] == str(site) and not unverified
    mine = tmp_path / "user-config" / "dealer-trainer" / engine.CA_FILENAME
    mine.parent.mkdir(parents=True)
    mine.write_text("this user's CA\n")
    assert engine.verified_server(url)[0].query["sslrootcert"] == str(mine)
    named = url.update_query_dict({"sslrootcert": "/srv/ca.crt"})
    assert engine.verified_server(named) == (named, False)  # the URL's own CA first
    assert engine.ca_places() == (mine, site)


@pytest.mark.parametrize("value", ["0", "yes", "true", ""])
def test_only_the_lab_switch_set_to_1_lets_an_unverified_server_through(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    url = make_url("postgresql+psycopg://db.centre.example/trainer")
    monkeypatch.setenv(engine.UNVERIFIED_LAB_ENV, value)
    with pytest.raises(StorageError):
        engine.verified_server(url)
    monkeypatch.setenv(engine.UNVERIFIED_LAB_ENV, "1")
    assert engine.verified_server(url) == (url, True)


def test_the_window_reads_the_lab_switch_as_storage_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ui.window.app_store`` reads the URL without SQLAlchemy (before the first paint)."""
    from dealer_trainer.ui.window import app_store

    assert app_store.UNVERIFIED_LAB_ENV == engine.UNVERIFIED_LAB_ENV
    urls = [
        "postgresql+psycopg://db/trainer",
        "postgresql://db:5432/trainer?sslmode=require",
        "postgresql+psycopg://db/trainer?sslmode=verify-full",
        "postgresql+psycopg://db/trainer?sslmode=verify-full&sslmode=disable",
        "postgresql+psycopg://u:pw@db/trainer?connect_timeout=3",
    ]
    for switch in ("1", "0"):
        monkeypatch.setenv(engine.UNVERIFIED_LAB_ENV, switch)
        for url in urls:
            try:
                storage_says = engine.verified_server(make_url(url))[1]
            except StorageError:
                storage_says = False  # refused: nothing opens, nothing to warn of
            assert app_store.unverified_lab_server(url) is storage_says, (switch, url)
    assert not app_store.unverified_lab_server("sqlite:////tmp/records.sqlite3")


def test_the_lab_switch_signs_in_unverified_and_the_store_says_so(
    centre: Centre, monkeypatch: pytest.MonkeyPatch
) -> None:
    tom = centre.add("trainee", "tom", "Tom Trainee")
    plain = make_url(centre.workstation_url).difference_update_query(["sslmode", "sslrootcert"])
    url = plain.render_as_string(hide_password=False)
    with pytest.raises(StorageError, match="sslmode=verify-full"):
        open_server_store(url, tom, centre.passwords[tom])
    monkeypatch.setenv(engine.UNVERIFIED_LAB_ENV, "1")
    with open_server_store(url, tom, centre.passwords[tom]) as store:
        assert store.unverified_server
        who = store.read(lambda c: c.execute(text("SELECT session_user")).scalar_one())
        assert who == tom
    with open_server_store(centre.workstation_url, tom, centre.passwords[tom]) as store:
        assert not store.unverified_server  # verify-full: verified even with the switch on
        assert store.location.url.query["sslrootcert"] == os.environ[CA_ENV]


# -- a server with no free connection ------------------------------------------------------


def _too_many() -> OperationalError:
    refused = psycopg.OperationalError(
        'connection failed: connection to server at "127.0.0.1", port 5432 failed: '
        "FATAL:  sorry, too many clients already"
    )
    return OperationalError("connect", {}, refused)


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.waits: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


def test_a_sign_in_turned_away_as_too_many_clients_is_tried_again_until_a_slot_frees() -> None:
    clock = _Clock()
    tries: list[Exception | str] = [_too_many(), _too_many(), _too_many(), "signed in"]

    def attempt() -> str:
        outcome = tries.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    # The jitter at its middle (the waits as doubled); a random one moves each wait within
    # half of it either way, so two workstations do not knock again together.
    done = busy.retrying_busy(
        attempt, sleep=clock.sleep, monotonic=lambda: clock.now, jitter=lambda: 0.5
    )
    assert done == "signed in"
    assert clock.waits == pytest.approx([0.1, 0.2, 0.4])


def test_a_server_busy_for_longer_than_the_patience_is_said_in_words() -> None:
    clock = _Clock()
    calls = 0

    def attempt() -> None:
        nonlocal calls
        calls += 1
        raise _too_many()

    with pytest.raises(StorageError) as busy_said:
        busy.retrying_busy(attempt, sleep=clock.sleep, monotonic=lambda: clock.now)
    assert "The training centre's server is busy" in str(busy_said.value)
    assert "10 s" in str(busy_said.value) and "tell IT" in str(busy_said.value)
    assert clock.now == pytest.approx(busy.BUSY_PATIENCE_S)  # never waits past the patience
    assert max(clock.waits) <= busy.LONGEST_WAIT_S * 1.5 and calls >= 10


def test_a_wrong_password_is_never_tried_again() -> None:
    calls = 0

    def attempt() -> None:
        nonlocal calls
        calls += 1
        raise OperationalError(
            "connect", {}, psycopg.OperationalError("password authentication failed for user")
        )

    with pytest.raises(OperationalError):
        busy.retrying_busy(attempt, sleep=lambda _s: None)
    assert calls == 1  # the server's auth_delay is the wait: none of the app's on top
    role_limit = psycopg.OperationalError('FATAL:  too many connections for role "tom"')
    assert not busy.is_busy(role_limit)
    assert busy.is_busy(psycopg.OperationalError("FATAL:  remaining connection slots are reserved"))


def test_a_login_at_its_connection_limit_is_said_at_once_not_retried() -> None:
    calls = 0

    def attempt() -> None:
        nonlocal calls
        calls += 1
        refused = psycopg.OperationalError('FATAL:  too many connections for role "tom"')
        raise OperationalError("connect", {}, refused)

    with pytest.raises(StorageError, match="someone else may be using your login"):
        busy.retrying_busy(attempt, sleep=lambda _s: None)
    assert calls == 1


def test_a_stolen_login_cannot_take_every_connection_of_the_server(centre: Centre) -> None:
    """Each person's role has ``CONNECTION LIMIT`` (``server init``, and a trigger for people
    added later): a login's eleventh connection is refused, another person's sign-in is not."""
    from dealer_trainer.storage.server.policy import PERSON_CONNECTIONS
    from tests.storage.server.conftest import command

    thief_login = centre.add("trainee", "thief", "Tess Trainee")
    other = centre.add("trainee", "other", "Otto Trainee")
    with centre.owner_connection() as owner:
        limits: dict[str, int] = dict(
            owner.execute(
                "SELECT rolname, rolconnlimit FROM pg_roles WHERE rolname IN (%s, %s, %s)",
                (thief_login, other, centre.grader_role),
            ).fetchall()
        )
    assert limits == {thief_login: PERSON_CONNECTIONS, other: PERSON_CONNECTIONS,
                      centre.grader_role: -1}  # fmt: skip
    held = [centre.connect(thief_login) for _ in range(PERSON_CONNECTIONS)]
    try:
        with pytest.raises(psycopg.OperationalError, match="too many connections for role"):
            centre.connect(thief_login)
        with pytest.raises(StorageError, match="someone else may be using your login"):
            open_server_store(centre.workstation_url, thief_login, centre.passwords[thief_login])
        with open_server_store(centre.workstation_url, other, centre.passwords[other]) as store:
            assert store.person.login == other
    finally:
        for connection in held:
            connection.close()
    with centre.owner_connection() as owner:  # lifted by hand: init sets it again
        owner.execute(f'ALTER ROLE "{thief_login}" CONNECTION LIMIT -1')
    done = command("server", "init", centre.admin_url(centre.owner), password=centre.owner_password)
    assert done.returncode == 0, done.stderr
    said = done.stdout
    assert f"each person's login: at most {PERSON_CONNECTIONS} connections" in said
    assert "max_connections = " in said and "auth_delay.milliseconds = " in said  # CI's
    assert "ssl is off" not in said  # CI's server has TLS
    with centre.owner_connection() as owner:
        again = owner.execute(
            "SELECT rolconnlimit FROM pg_roles WHERE rolname = %s", (thief_login,)
        ).fetchone()
    assert again == (PERSON_CONNECTIONS,)


def test_a_shared_login_url_opens_over_verify_full_and_with_the_lab_switch_only(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Store.open`` with a role and password in the URL (the tests' own server)."""
    verified = make_url(pg_url)
    assert verified.query.get("sslmode") == "verify-full"  # tests/storage/conftest.py's
    with Store.open(pg_url, passwords=FAST_PASSWORDS) as store:
        assert not store.unverified_server
        tls_on = store.read(
            lambda c: c.execute(
                text("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            ).scalar_one()
        )
        assert tls_on is True
    plain = verified.difference_update_query(["sslmode", "sslrootcert"])
    url = plain.render_as_string(hide_password=False)
    with pytest.raises(StorageError, match="sslmode=verify-full"):
        Store.open(url, passwords=FAST_PASSWORDS)
    monkeypatch.setenv(engine.UNVERIFIED_LAB_ENV, "1")
    with Store.open(url, passwords=FAST_PASSWORDS) as store:
        assert store.unverified_server
