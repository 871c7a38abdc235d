"""``dealer-trainer``: --exit-when-ready and export-layout, run as a user runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

LAUNCH = [sys.executable, "-m", "dealer_trainer.app"]


def _run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [*LAUNCH, *args], capture_output=True, text=True, timeout=timeout, env=env, check=False
    )


def test_app_exit_when_ready_prints_the_seconds_to_first_paint_and_exits_0() -> None:
    done = _run("--exit-when-ready")
    assert done.returncode == 0, done.stderr
    seconds = float(done.stdout.strip())
    assert 0 < seconds < 60


def test_app_exit_when_ready_on_a_chosen_game() -> None:
    done = _run("--game", "caribbean_stud", "--exit-when-ready")
    assert done.returncode == 0, done.stderr
    float(done.stdout.strip())


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
    float(measured.stdout.strip())


def test_app_collects_garbage_again_once_the_window_has_painted(tmp_path: Path) -> None:
    # Start-up runs without the garbage collector (it would only walk objects that live on);
    # the first paint of the felt turns it back on.
    script = tmp_path / "probe.py"
    script.write_text(
        "import gc, sys\n"
        "from dealer_trainer import app\n"
        "real = app._application\n"
        "def probe(argv):\n"
        "    qt = real(argv)\n"
        "    from PySide6.QtCore import QTimer\n"
        "    print('before', gc.isenabled(), flush=True)\n"
        "    def check():\n"
        "        print('after', gc.isenabled(), flush=True)\n"
        "        qt.quit()\n"
        "    QTimer.singleShot(1500, check)\n"
        "    return qt\n"
        "app._application = probe\n"
        "sys.exit(app.main([]))\n",
        encoding="utf-8",
    )
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_DATA_HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path),
    }
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["before", "False", "after", "True"]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--exit-when-ready"],
        ["--game", "craps"],
        ["--game=caribbean_stud"],
        ["--exit-when-ready", "--game", "roulette", "--exit-when-ready"],
        ["--game", "craps", "--game", "roulette"],
    ],
)
def test_app_reads_the_window_options_as_its_parser_does(argv: list[str]) -> None:
    # The icon's launch (no argument) skips building the parser; the answer is the same.
    from types import SimpleNamespace

    from dealer_trainer import app

    quick = app._window_args(argv)
    assert quick is not None
    assert vars(quick) == vars(app._parser().parse_args(argv, namespace=SimpleNamespace()))
    assert app.parse_args(argv) == quick


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["-h"],
        ["--game"],
        ["--game", "baccarat"],
        ["--game=baccarat"],
        ["--ga", "craps"],
        ["--exit"],
        ["self-check"],
        ["export-layout", "--game", "craps", "--out", "x.png"],
        ["--game", "craps", "--", "x"],
        ["--no-such-option"],
    ],
)
def test_app_leaves_every_other_command_line_to_its_parser(argv: list[str]) -> None:
    from dealer_trainer import app

    assert app._window_args(argv) is None


def test_app_keeps_the_parsed_rulesets_in_its_cache_folder(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DEALER_TRAINER_CACHE_DIR": str(tmp_path)}
    for _ in range(2):  # the second start reads the entry the first one wrote
        done = subprocess.run(
            [*LAUNCH, "--exit-when-ready"],
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert [p.name for p in (tmp_path / "rulesets").iterdir()] == [
            "roulette-2003.toml.marshal"
        ]  # the one game on show at start-up


def test_app_modules_imported_before_qt_do_not_use_qt() -> None:
    # run_window imports them before PySide6 (whose import hook reads every module's
    # source after it); one that used Qt would load Qt early and defeat that.
    code = (
        "import sys\nfrom importlib import import_module\nfrom dealer_trainer import app\n"
        "for name in app.WITHOUT_QT:\n    import_module(name)\n"
        "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
