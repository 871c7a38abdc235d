"""Storage stands on its own: no Qt, no UI, no drills; and it explains unreachable servers."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.engine import locate

from .conftest import FAST_PASSWORDS


def test_storage_imports_neither_qt_nor_ui_nor_drills() -> None:
    probe = (
        "import sys, dealer_trainer.storage\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6',"
        " 'pyqtgraph') or m.startswith(('dealer_trainer.ui', 'dealer_trainer.drills',"
        " 'dealer_trainer.reports')))\n"
        "print(bad)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_plain_postgresql_url_uses_psycopg() -> None:
    location = locate("postgresql://trainer:pw@db.centre:5432/trainer")
    assert location.url.drivername == "postgresql+psycopg"


def test_unreachable_server_is_a_clear_message_without_the_password() -> None:
    with pytest.raises(StorageError) as refused:
        Store.open(
            "postgresql+psycopg://trainer:s3cret@127.0.0.1:9/trainer?sslmode=verify-full",
            passwords=FAST_PASSWORDS,
        )
    message = str(refused.value)
    assert "127.0.0.1:9/trainer" in message and "cannot be used" in message
    assert "s3cret" not in message
