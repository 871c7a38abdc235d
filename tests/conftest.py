import os
import tempfile
from collections.abc import Iterator

import pytest

from tests.migrated import Templates

# Every GUI test runs without a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# No test may touch the real user's records: the app's default store lives in a folder of
# the test session (tests that need a store of their own pass one explicitly).
os.environ.setdefault("DEALER_TRAINER_DATA_DIR", tempfile.mkdtemp(prefix="dealer-trainer-tests-"))
# Nor the real user's settings (window sizes, the drill panel's choices): QSettings reads
# XDG_CONFIG_HOME on Linux.
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="dealer-trainer-config-"))


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Templates:
    """``migrated(url)``: the empty database at ``url`` given the current schema as a copy
    of one migrated once per test process (``tests/migrated.py``); returns ``url``."""
    return Templates(tmp_path_factory.mktemp("migrated"))


@pytest.fixture(autouse=True)
def _no_house_rulesets_left_behind() -> Iterator[None]:
    """House rulesets are known process-wide once a store or a test loads them: each test
    starts and ends with the regulations' own only."""
    from dealer_trainer.rules.rulesets import use_house_rulesets

    use_house_rulesets([])
    yield
    use_house_rulesets([])


@pytest.fixture(autouse=True)
def _clean_rounds_unless_irregular(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The live table deals irregularities at a rate set by the difficulty; the tests of
    clean dealing (collect, pay, order) deal without them, and the tests marked
    ``irregular`` with the table's own rates."""
    if request.node.get_closest_marker("irregular") is None:
        from dealer_trainer.drills.table import irregular

        monkeypatch.setattr(irregular, "RATE", dict.fromkeys(irregular.RATE, 0.0))
