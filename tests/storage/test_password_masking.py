"""Nothing shows a password: not a message, not a chained cause, not a traceback."""

from __future__ import annotations

import traceback

import pytest

from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.engine import hide_password, locate

SECRET = "Tr0ub4dor&3"

MALFORMED = [
    f"postgresql+psycopg://ana:{SECRET}@server:54x2/trainer",  # port not a number
    f"postgresql+psycopg://ana:{SECRET}@server:99999/trainer",  # port out of range
    f"postgresql+psycopg//ana:{SECRET}@server/trainer",  # '://' mistyped
    f"postgresql:ana:{SECRET}@server/trainer",
    f"postgresql+psycopg://server/trainer?user=ana&password={SECRET}",
    f"postgresql+psycopg://ana:{SECRET}@server/trainer?sslpassword={SECRET}&port=x",
    f"mysql://ana:{SECRET}@server/trainer",  # not a database this app supports
    f"postgresql+psycopg://ana:{SECRET}@[::1/trainer",  # broken IPv6 host
]


@pytest.mark.parametrize("url", MALFORMED)
def test_a_malformed_database_url_never_shows_its_password(url: str) -> None:
    assert SECRET not in hide_password(url)
    try:
        location = locate(url)
    except StorageError as exc:
        shown = "".join(traceback.format_exception(exc))
        assert SECRET not in shown
        return
    assert SECRET not in location.display


def test_an_unreachable_server_s_error_does_not_show_the_password() -> None:
    url = f"postgresql+psycopg://ana:{SECRET}@127.0.0.1:1/trainer?connect_timeout=1&sslmode=verify-full"
    with pytest.raises(StorageError) as caught:
        Store.open(url)
    assert SECRET not in str(caught.value)


def test_the_sign_in_password_of_server_mode_is_not_in_the_error() -> None:
    with pytest.raises(StorageError) as caught:
        Store.open(
            "postgresql+psycopg://127.0.0.1:1/trainer?sslmode=verify-full",
            login="ana",
            password=SECRET,
        )
    assert SECRET not in str(caught.value)
