"""The committed .qm files are the compiled form of the committed .ts sources."""

import shutil

import pytest

from dealer_trainer.i18n import CODES
from dealer_trainer.i18n.build import check, qm_file, ts_file


def test_every_language_has_its_sources_and_compiled_files() -> None:
    for code in CODES:
        assert ts_file(code).is_file(), ts_file(code)
        assert qm_file(code).is_file(), qm_file(code)


@pytest.mark.skipif(shutil.which("pyside6-lrelease") is None, reason="needs pyside6-lrelease")
def test_compiled_translations_are_up_to_date() -> None:
    assert check() == []
