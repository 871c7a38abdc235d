import gc
import os
import tempfile

import pytest

from tests.migrated import Templates

# Every GUI test runs without a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _folder_of_this_process(variable: str, prefix: str) -> None:
    """``variable`` names a folder of this test process, unless it was set before the run.

    Parallel runs (pytest-xdist) start their workers with the environment of the process
    that starts them: a folder that process made for itself is not shared with them, each
    makes its own (``<variable>_MADE_BY`` says which process made the one in use)."""
    made_by = f"{variable}_MADE_BY"
    if variable in os.environ and made_by not in os.environ:
        return  # chosen by whoever runs the tests
    if os.environ.get(made_by) != str(os.getpid()):
        os.environ[variable] = tempfile.mkdtemp(prefix=prefix)
        os.environ[made_by] = str(os.getpid())


# No test may touch the real user's records: the app's default store lives in a folder of
# the test session (tests that need a store of their own pass one explicitly).
_folder_of_this_process("DEALER_TRAINER_DATA_DIR", "dealer-trainer-tests-")
# Nor the real user's settings (window sizes, the drill panel's choices): QSettings reads
# XDG_CONFIG_HOME on Linux.
_folder_of_this_process("XDG_CONFIG_HOME", "dealer-trainer-config-")


@pytest.fixture(autouse=True, scope="module")
def _objects_alive_kept_out_of_full_collections() -> None:
    """What is alive when a test module starts (the collected tests, the loaded modules, the
    caches earlier tests filled: a million objects late in a run) is set aside from the
    garbage collector's full collections (``gc.freeze``, as the app does with its loaded
    code: ``dealer_trainer/ui/kit/long_lived.py``), so that one (each drill screen test ends
    with one, tests/ui/drills/conftest.py) walks only what this module made. The garbage of
    the moment is collected first, so none of it is kept; a frozen object is still freed
    when its last reference goes."""
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Templates:
    """``migrated(url)``: the empty database at ``url`` given the current schema as a copy
    of one migrated once per test process (``tests/migrated.py``); returns ``url``."""
    return Templates(tmp_path_factory.mktemp("migrated"))


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


def pytest_itemcollected(item: pytest.Item) -> None:
    """Each server module's tests on one worker (``--dist loadgroup``): they share the
    module's centre (its database, tests/storage/server/conftest.py), and some read what
    the module's earlier tests recorded there. Marked as each is collected, before xdist
    reads the groups."""
    if item.nodeid.startswith("tests/storage/server/"):
        item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
