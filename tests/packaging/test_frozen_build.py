"""Smoke test of the frozen app (issue 8): the PyInstaller build runs as users run it.

The build is made by ``python packaging/build.py``; ``.ci/run`` builds it and runs
this file with ``DEALER_TRAINER_FROZEN=dist/dealer-trainer``.  With that variable
set, a missing build fails; without it, the tests look in ``dist/`` and skip
when nothing has been built there (a plain ``pytest`` on a fresh clone).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.packaging.helpers import ROOT, load_packaging_module

build = load_packaging_module("build")
spec_support = load_packaging_module("spec_support")

FROZEN_ENV = "DEALER_TRAINER_FROZEN"
GAMES = ("roulette", "craps", "caribbean_stud")
TIMEOUT = 120


def _locate() -> Path | None:
    """The frozen executable, or ``None`` when there is no build to test."""
    named = os.environ.get(FROZEN_ENV)
    if not named:
        exe = build.executable()
        return exe if exe.is_file() else None
    path = Path(named).absolute()  # the app runs in a temporary folder
    if path.is_file():
        return path
    exe = build.executable(path.parent)
    return exe if exe.is_file() else path  # a missing path fails in the fixture


def _newer_sources(exe: Path) -> list[Path]:
    """Package files changed since ``exe`` was built."""
    built = exe.stat().st_mtime
    return [
        path
        for path in (ROOT / "dealer_trainer").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.stat().st_mtime > built
    ]


@pytest.fixture(scope="module")
def frozen() -> Path:
    exe = _locate()
    if exe is None:
        pytest.skip(
            f"no frozen build in dist/: run python packaging/build.py (or set {FROZEN_ENV})"
        )
    if not exe.is_file():
        pytest.fail(f"{FROZEN_ENV}={os.environ[FROZEN_ENV]} names no frozen build ({exe})")
    if FROZEN_ENV not in os.environ and (newer := _newer_sources(exe)):
        # A build left in dist/ by an earlier run: testing it would report others' edits.
        pytest.skip(
            f"the build in dist/ is older than {newer[0].relative_to(ROOT)}: "
            f"run python packaging/build.py (or set {FROZEN_ENV} to test it anyway)"
        )
    return exe


@pytest.fixture(scope="module")
def internal(frozen: Path) -> Path:
    """The folder the frozen app runs from (``sys._MEIPASS``)."""
    if sys.platform == "darwin":
        return frozen.parent.parent / "Frameworks"
    return frozen.parent / "_internal"


def run(exe: Path, *args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DEALER_TRAINER_DATA_DIR": str(data_dir)}
    # The frozen app must not lean on the development tree or its interpreter.
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
        env.pop(name, None)
    return subprocess.run(
        [str(exe), *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=env,
        cwd=data_dir,
        check=False,
    )


def first_paint(stdout: str) -> float:
    """The seconds to first paint in ``first_paint=0.41 responsive=0.43`` (checking its form)."""
    fields = dict(field.split("=") for field in stdout.strip().splitlines()[-1].split())
    assert list(fields) == ["first_paint", "responsive"], stdout
    assert float(fields["first_paint"]) <= float(fields["responsive"]), stdout
    return float(fields["first_paint"])


def reported_seconds(done: subprocess.CompletedProcess[str]) -> float | None:
    """The seconds to first paint the app printed; ``None`` from a Windows GUI executable.

    The Windows build is a windowed (no console) executable: whether its ``print`` reaches
    a pipe depends on how Windows hands it the standard handles, so there the exit status
    alone is the check.
    """
    if not done.stdout.strip() and sys.platform == "win32":
        return None
    return first_paint(done.stdout)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_frozen_app_starts_offscreen_and_exits_when_ready(frozen: Path, tmp_path: Path) -> None:
    done = run(frozen, "--exit-when-ready", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    seconds = reported_seconds(done)
    assert seconds is None or 0 < seconds < 60


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 is the Linux desktop")
def test_frozen_app_starts_on_an_x11_display_with_xcb(frozen: Path, tmp_path: Path) -> None:
    xvfb_run = shutil.which("xvfb-run")
    if xvfb_run is None:
        pytest.skip("xvfb-run is not installed (.ci/run installs it)")
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DEALER_TRAINER_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [xvfb_run, "-a", "-s", "-screen 0 1920x1080x24", str(frozen), "--exit-when-ready"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "could not load the Qt platform plugin" not in done.stderr
    assert 0 < first_paint(done.stdout) < 60


def test_frozen_app_opens_a_chosen_game(frozen: Path, tmp_path: Path) -> None:
    done = run(frozen, "--game", "caribbean_stud", "--exit-when-ready", data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    seconds = reported_seconds(done)
    assert seconds is None or seconds > 0


@pytest.mark.parametrize("game", GAMES)
def test_frozen_export_layout_draws_each_felt_as_png(
    frozen: Path, tmp_path: Path, game: str
) -> None:
    out = tmp_path / f"{game}.png"
    done = run(
        frozen,
        "export-layout",
        "--game",
        game,
        "--out",
        str(out),
        "--width",
        "640",
        data_dir=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    width, height = png_size(out)
    assert width == 640
    assert 200 < height < 640
    assert out.stat().st_size > 20_000  # a drawn felt, not an empty picture


def test_frozen_export_layout_prints_a_pdf_page(frozen: Path, tmp_path: Path) -> None:
    out = tmp_path / "craps.pdf"
    done = run(frozen, "export-layout", "--game", "craps", "--out", str(out), data_dir=tmp_path)
    assert done.returncode == 0, done.stderr
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF")
    assert (
        data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") + data.count(b"/Type/Page") >= 1
    )


def test_frozen_app_reads_the_rulesets_it_carries(frozen: Path, tmp_path: Path) -> None:
    out = tmp_path / "craps-2010.png"
    done = run(
        frozen,
        "export-layout",
        "--game",
        "craps",
        "--ruleset",
        "craps-2010",
        "--out",
        str(out),
        "--width",
        "320",
        data_dir=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert png_size(out)[0] == 320

    unknown = run(
        frozen,
        "export-layout",
        "--game",
        "craps",
        "--ruleset",
        "craps-1999",
        "--out",
        str(out),
        data_dir=tmp_path,
    )
    assert unknown.returncode == 2
    if sys.platform == "win32" and not unknown.stderr:
        return  # a windowed executable may have no stderr to write to (see reported_seconds)
    shipped = sorted(
        path.stem for path in (ROOT / "dealer_trainer" / "rules" / "rulesets").glob("*.toml")
    )
    assert f"known: {', '.join(shipped)}" in unknown.stderr


def test_frozen_self_check_passes_modules_database_felts_and_dashboard(
    frozen: Path, tmp_path: Path
) -> None:
    done = run(frozen, "self-check", data_dir=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    if lines:  # a windowed Windows executable may have no stdout
        assert all(line.startswith("ok") for line in lines), lines
        assert any("database and migrations" in line for line in lines)
        assert any("dashboard plot" in line for line in lines)


def test_frozen_app_refuses_bad_arguments_with_exit_2(frozen: Path, tmp_path: Path) -> None:
    done = run(frozen, "export-layout", "--game", "baccarat", "--out", "x.png", data_dir=tmp_path)
    assert done.returncode == 2
    assert "invalid choice" in done.stderr or (sys.platform == "win32" and not done.stderr)


def test_frozen_build_carries_every_data_file_byte_for_byte(internal: Path) -> None:
    pairs = spec_support.data_files(ROOT)
    assert pairs
    for source, dest in pairs:
        frozen_file = internal / dest / Path(source).name
        assert frozen_file.is_file(), f"{dest}/{Path(source).name} is not in the build"
        assert frozen_file.read_bytes() == Path(source).read_bytes(), f"{frozen_file} is stale"


def test_frozen_build_knows_the_project_version(internal: Path) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]
    # dealer_trainer.__version__ is importlib.metadata.version("macau-dealer-trainer"): the
    # build carries the installed project's metadata (a wheel's dist-info, or the egg-info of
    # an editable install).
    found = [
        *internal.glob("macau_dealer_trainer-*.dist-info/METADATA"),
        *internal.glob("macau_dealer_trainer.egg-info/PKG-INFO"),
    ]
    assert len(found) == 1, f"project metadata in the build: {found}"
    assert f"\nVersion: {version}\n" in found[0].read_text(encoding="utf-8")


def _imports_of(path: Path) -> set[str]:
    """Absolute module names a migration file imports (``from a import b`` gives a.b or a)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.update(f"{node.module}:{alias.name}" for alias in node.names)
    return {name for name in names if not name.startswith("__future__")}


def test_frozen_build_bundles_what_alembic_migrations_import(frozen: Path) -> None:
    readers = pytest.importorskip("PyInstaller.archive.readers")
    archive = readers.CArchiveReader(str(frozen))
    modules = set(archive.open_embedded_archive("PYZ.pyz").toc)
    migrations = ROOT / "dealer_trainer" / "storage" / "migrations"
    wanted = set().union(
        *(
            _imports_of(path)
            for path in [migrations / "env.py", *sorted(migrations.glob("versions/*.py"))]
        )
    )
    assert "alembic:op" in wanted
    missing = []
    for name in sorted(wanted):
        module, _, attribute = name.partition(":")
        if f"{module}.{attribute}" not in modules and module not in modules:
            missing.append(name)
    # The database drivers the engine opens by URL are imported by name inside SQLAlchemy.
    for module in (
        "alembic.runtime.migration",
        "alembic.ddl.sqlite",
        "alembic.ddl.postgresql",
        "sqlalchemy.dialects.sqlite.pysqlite",
        "sqlalchemy.dialects.postgresql.psycopg",
        "psycopg",
        "sqlite3",
        "dealer_trainer.storage.engine",
    ):
        if module not in modules:
            missing.append(module)
    assert not missing, f"not in the frozen app: {missing}"


def test_frozen_build_carries_qts_own_catalogue_for_each_language(internal: Path) -> None:
    from dealer_trainer.ui.kit.language import QT_CATALOGUES

    # In a macOS bundle the data files lie in Contents/Resources (linked from Frameworks).
    roots = [internal, internal.parent / "Resources"] if sys.platform == "darwin" else [internal]
    shipped = {path.stem for root in roots for path in (root / "PySide6").rglob("qtbase_*.qm")}
    for code, names in QT_CATALOGUES.items():
        assert shipped & {f"qtbase_{name}" for name in names}, f"no Qt catalogue for {code}"


def test_frozen_build_has_desktop_and_headless_platform_plugins(internal: Path) -> None:
    # PySide6/Qt/plugins on Linux and macOS, PySide6/plugins on Windows.
    folders = [
        path
        for path in (internal / "PySide6").rglob("platforms")
        if path.is_dir() and path.parent.name == "plugins"
    ]
    assert len(folders) == 1, folders
    names = {path.name.split(".")[0].removeprefix("lib") for path in folders[0].iterdir()}
    assert "qoffscreen" in names
    desktop = {"win32": {"qwindows"}, "darwin": {"qcocoa"}}.get(sys.platform, {"qxcb", "qwayland"})
    assert desktop <= names
    assert not names & {"qeglfs", "qlinuxfb", "qvnc", "qvkkhrdisplay"}


def test_frozen_build_leaves_out_unused_qt_and_development_tools(internal: Path) -> None:
    present = {path.name.split(".")[0] for path in (internal / "PySide6").iterdir()}
    assert {"QtCore", "QtGui", "QtWidgets"} <= present
    assert not present & {"QtQml", "QtQuick", "QtNetwork", "QtTest"}
    # pyqtgraph (the instructor dashboard) imports these two unconditionally.
    assert {"QtOpenGL", "QtOpenGLWidgets"} <= present
    top = {path.name for path in internal.iterdir()}
    assert not top & {"pytest", "_pytest", "hypothesis", "mypy", "tkinter", "yaml", "PyInstaller"}
    assert not list((internal / "PySide6").rglob("*qgtk3*"))
    bundle = internal.parent if sys.platform == "darwin" else internal
    dangling = [path for path in bundle.rglob("*") if path.is_symlink() and not path.exists()]
    assert not dangling, f"links to pruned files: {dangling}"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the goal is measured on Linux")
def test_frozen_one_folder_build_stays_within_the_size_goal(frozen: Path) -> None:
    size_mb = build.folder_size(frozen.parent) / 1e6
    assert size_mb <= build.SIZE_GOAL_MB, (
        f"{size_mb:.1f} MB; largest parts: {build.largest_parts(frozen.parent)}"
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="numpy is compiled on Linux only")
def test_frozen_numpy_carries_no_blas_library(internal: Path) -> None:
    # packaging/build.py compiles numpy without BLAS on Linux: OpenBLAS is 28 MB of the wheel.
    assert (internal / "numpy" / "_core").is_dir()
    libraries = [
        path.name
        for path in internal.rglob("*")
        if "blas" in path.name.lower() or "gfortran" in path.name.lower()
    ]
    assert not libraries


# -- Linux: ICU's data, cut to the app's languages (packaging/icu_data.py) ----------------------

#: Run with the development interpreter's Qt, and print what ICU decides for the app's languages:
#: the order of names (collation), upper case, time-zone names, and whether the legacy Chinese
#: and Portuguese encodings are there (PySide6 does not bind QStringDecoder's decoding itself).
ICU_PROBE = r"""
import json, sys
from PySide6.QtCore import QCollator, QLocale, QStringDecoder, QTimeZone
names = ["陳大文", "李小明", "張偉", "黃嘉欣", "歐陽", "Órfão", "ovo", "Ana", "ábaco", "Zé",
         "émile"]
out = {"loaded": [line.split()[-1] for line in open("/proc/self/maps") if "libicudata" in line][:1]}
macau = QTimeZone(b"Asia/Macau")
for name in ("zh_Hant_MO", "zh_Hant_HK", "zh_TW", "zh_Hans_CN", "pt_PT", "pt_MO", "pt_BR",
             "en_US", "en_GB", "en_MO"):
    locale = QLocale(name)
    out[name] = [sorted(names, key=QCollator(locale).sortKey), locale.toUpper("ação émile"),
                 macau.displayName(QTimeZone.TimeType.StandardTime,
                                   QTimeZone.NameType.LongName, locale)]
for encoding in ("Big5", "Big5-HKSCS", "windows-950", "GBK", "GB18030", "windows-1252",
                 "ISO-8859-15"):
    out[encoding] = QStringDecoder(encoding).isValid()
json.dump(out, sys.stdout, ensure_ascii=False)
"""


def _icu_probe(preload: Path | None) -> dict[str, object]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if preload is not None:  # the loader then takes it for every libicudata.so.73 Qt needs
        env["LD_PRELOAD"] = str(preload)
    done = subprocess.run(
        [sys.executable, "-c", ICU_PROBE],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ICU is bundled on Linux only")
def test_frozen_icu_data_is_cut_and_serves_the_apps_languages_as_the_full_data(
    internal: Path,
) -> None:
    slim = internal / "PySide6" / "Qt" / "lib" / "libicudata.so.73"
    full = Path(__import__("PySide6").__file__).parent / "Qt" / "lib" / "libicudata.so.73"
    if not slim.is_file() or not full.is_file():
        pytest.skip("this PySide6 brings no libicudata.so.73")
    assert slim.stat().st_size < full.stat().st_size / 2, "the ICU data was not cut"
    with_slim, with_full = _icu_probe(slim), _icu_probe(None)
    assert with_slim.pop("loaded") == [str(slim)]
    assert with_full.pop("loaded") == [str(full)]
    assert with_slim == with_full
    assert all(
        with_slim[encoding] is True
        for encoding in (
            "Big5",
            "Big5-HKSCS",
            "windows-950",
            "GBK",
            "GB18030",
            "windows-1252",
            "ISO-8859-15",
        )
    )
    assert with_slim["zh_Hant_MO"][2]  # type: ignore[index]  # a Chinese time-zone name
