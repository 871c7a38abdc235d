"""``dealer-trainer``: --exit-when-ready and export-layout, run as a user runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

LAUNCH = [sys.executable, "-m", "dealer_trainer.app"]


def _run(
    *args: str, timeout: float = 120, data_dir: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if data_dir is not None:
        env["DEALER_TRAINER_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [*LAUNCH, *args], capture_output=True, text=True, timeout=timeout, env=env, check=False
    )


def _ready_times(stdout: str) -> dict[str, float]:
    """``first_paint=0.412 responsive=0.431`` as numbers, checking the line's form."""
    (line,) = stdout.strip().splitlines()
    fields = dict(field.split("=") for field in line.split())
    assert list(fields) == ["first_paint", "responsive"], line
    return {name: float(value) for name, value in fields.items()}


def test_app_exit_when_ready_prints_first_paint_and_responsive_and_exits_0(
    tmp_path: Path,
) -> None:
    done = _run("--exit-when-ready", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    times = _ready_times(done.stdout)
    assert 0 < times["first_paint"] <= times["responsive"] < 60
    # It waited for the start-up work after the paint: the records were opened and
    # migrated, and their first daily backup was made.
    assert (tmp_path / "dealer-trainer.sqlite3").is_file()
    assert [p.suffix for p in (tmp_path / "backups").iterdir()] == [".sqlite3"]


def test_app_exit_when_ready_on_a_chosen_game(tmp_path: Path) -> None:
    done = _run("--game", "caribbean_stud", "--exit-when-ready", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    _ready_times(done.stdout)


@pytest.mark.parametrize("game", ["roulette", "craps", "caribbean_stud"])
def test_app_export_layout_writes_a_png_of_the_requested_width(game: str, tmp_path: Path) -> None:
    out = tmp_path / f"{game}.png"
    env_free = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    done = subprocess.run(
        [*LAUNCH, "export-layout", "--game", game, "--out", str(out), "--width", "800"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env_free,
        check=False,
    )  # no display setting: it must go offscreen
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert not image.isNull()
    assert image.width() == 800
    assert 300 < image.height() < 800


def test_app_export_layout_writes_a_printable_pdf(tmp_path: Path) -> None:
    out = tmp_path / "craps.pdf"
    done = _run("export-layout", "--game", "craps", "--out", str(out))
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(data) > 10_000


def test_app_export_layout_shows_the_progressive_pool_on_the_jackpot_display(
    tmp_path: Path,
) -> None:
    bare, pool = tmp_path / "bare.png", tmp_path / "pool.png"
    for out, extra in ((bare, []), (pool, ["--jackpot", "2468135.70"])):
        done = _run(
            "export-layout", "--game", "caribbean_stud", "--out", str(out), "--width", "640", *extra
        )
        assert done.returncode == 0, done.stderr
    assert QImage(str(bare)) != QImage(str(pool))


def test_app_export_layout_follows_a_ruleset_of_the_game(tmp_path: Path) -> None:
    out = tmp_path / "craps-2010.png"
    done = _run(
        "export-layout",
        "--game",
        "craps",
        "--ruleset",
        "craps-2010",
        "--out",
        str(out),
        "--width",
        "320",
    )
    assert done.returncode == 0, done.stderr
    assert QImage(str(out)).width() == 320


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export-layout", "--game", "baccarat", "--out", "x.png"], "invalid choice"),
        (["export-layout", "--game", "craps", "--out", "x.gif"], ".png or .pdf"),
        (["export-layout", "--game", "craps", "--out", "x.png", "--width", "0"], "--width"),
        (["export-layout", "--game", "craps", "--out", "x.png", "--width", "wide"], "--width"),
        (["export-layout", "--game", "craps", "--out", "no/such/folder/x.png"], "does not exist"),
        (
            ["export-layout", "--game", "craps", "--out", "x.png", "--ruleset", "roulette-2003"],
            "roulette ruleset",
        ),
        (
            ["export-layout", "--game", "craps", "--out", "x.png", "--ruleset", "craps-1999"],
            "no ruleset",
        ),
        (["export-layout", "--out", "x.png"], "--game"),
        (
            ["export-layout", "--game", "caribbean_stud", "--out", "x.png", "--jackpot", "12.345"],
            "more than two decimal places",
        ),
        (
            ["export-layout", "--game", "craps", "--out", "x.png", "--jackpot", "100"],
            "Caribbean Stud felt only",
        ),
        (["--no-such-option"], "unrecognized"),
    ],
)
def test_app_bad_arguments_give_a_clear_message_and_exit_2(
    args: list[str], message: str, tmp_path: Path
) -> None:
    done = subprocess.run(
        [*LAUNCH, *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland displays only")
def test_app_without_a_display_says_so_instead_of_crashing() -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    done = subprocess.run(LAUNCH, capture_output=True, text=True, timeout=60, env=env, check=False)
    assert done.returncode == 1
    assert "no display" in done.stderr
    measured = subprocess.run(
        [*LAUNCH, "--exit-when-ready"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert measured.returncode == 0, measured.stderr
    _ready_times(measured.stdout)
