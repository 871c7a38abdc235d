"""``dealer-trainer rulesets add FILE`` and ``list`` (issue 16): a bad file refused naming the
file and key before any password, a good one kept in the database, unchanged text not twice."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dealer_trainer.app import main
from dealer_trainer.storage import Store
from dealer_trainer.storage.house_rulesets import kept_house_rulesets

from .conftest import FAST_PASSWORDS

HOUSE = (
    'id = "grand-lisboa-roulette"\nbase = "roulette-2003"\ntitle = "Grand Lisboa roulette"\n'
    '[overrides]\nstreet_corner_order = "chinese"\n'
)
PASSWORD = "a long password"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.delenv("DEALER_TRAINER_DB_URL", raising=False)
    monkeypatch.setenv("DEALER_TRAINER_DATA_DIR", str(folder))
    with Store.open(data_dir=folder, passwords=FAST_PASSWORDS) as store:
        store.create_first_instructor("Mrs Wong", PASSWORD)
    return folder


def _run(monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = "") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(list(argv))


def test_rulesets_add_keeps_the_file_and_list_shows_it(
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "grand-lisboa.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HOUSE.encode("utf-8"))
    assert _run(monkeypatch, "rulesets", "add", str(path), stdin=PASSWORD + "\n") == 0
    out = capsys.readouterr().out
    assert "Added grand-lisboa-roulette, version 1: Grand Lisboa roulette" in out
    assert "grand-lisboa-roulette@1" in out
    assert _run(monkeypatch, "rulesets", "add", str(path), stdin=PASSWORD + "\n") == 0
    assert "unchanged: version 1" in capsys.readouterr().out
    assert _run(monkeypatch, "rulesets", "list") == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].split() == ["ruleset", "version", "game", "base", "title", "added"]
    assert listed[1].split()[:4] == ["grand-lisboa-roulette", "1", "roulette", "roulette-2003"]
    assert listed[1].endswith("by Mrs Wong")
    with Store.open(data_dir=data_dir, passwords=FAST_PASSWORDS) as store:
        assert [k.text for k in kept_house_rulesets(store)] == [HOUSE]


def test_rulesets_add_refuses_a_bad_file_by_file_and_key_before_the_password(
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "grand-lisboa.toml"
    path.write_text(HOUSE + '[payouts]\nstraight = "36"\n', encoding="utf-8")
    assert _run(monkeypatch, "rulesets", "add", str(path)) == 2  # no password read
    err = capsys.readouterr().err
    assert err.startswith("dealer-trainer rulesets add: grand-lisboa.toml: payouts: ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    missing = tmp_path / "missing.toml"
    assert _run(monkeypatch, "rulesets", "add", str(missing)) == 2
    assert "missing.toml: cannot be read" in capsys.readouterr().err


def test_rulesets_add_needs_the_instructor_password(
    data_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "grand-lisboa.toml"
    path.write_text(HOUSE, encoding="utf-8")
    assert _run(monkeypatch, "rulesets", "add", str(path), stdin="wrong\n") == 1
    assert "Wrong password" in capsys.readouterr().err
    with Store.open(data_dir=data_dir, passwords=FAST_PASSWORDS) as store:
        assert kept_house_rulesets(store) == []
    assert _run(monkeypatch, "rulesets", "list") == 0
    assert "No house ruleset is kept yet" in capsys.readouterr().out
