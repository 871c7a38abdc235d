"""Build the frozen app (PyInstaller, one folder) on this machine's OS.

    pip install -e '.[packaging]'
    python packaging/build.py [--clean] [--numpy source|wheel]

Runs ``packaging/dealer_trainer.spec`` once, then prints where the build is,
its executable and its size.

The build runs in its own virtual environment, ``build/freeze-env``: the app
and its ``packaging`` extra, each dependency at the version installed where
this script runs (the versions the tests passed with), and nothing else, so no
development tool can slip into the build.  On Linux numpy is compiled there
from its source release without BLAS (``--numpy source``): pyqtgraph needs
numpy's arrays, not its linear algebra, and the OpenBLAS that numpy's wheel
carries is 28 MB of the build.  That takes a C and C++ compiler and about five
minutes the first time (pip caches the wheel); ``--numpy wheel`` takes the
wheel instead.  The environment is made again when pyproject.toml, the
Python, the pinned versions or the numpy choice change.

Output (all under the git-ignored ``dist/`` and ``build/``):

* Linux, Windows: ``dist/dealer-trainer/`` (``dealer-trainer[.exe]`` inside),
* macOS: ``dist/Macau Dealer Trainer.app`` as well.

The installers are made from that output by ``packaging/windows/dealer_trainer.iss``
(Inno Setup) and ``packaging/macos/make_dmg.sh``.  The translations are the committed
``dealer_trainer/i18n/*.qm`` (``python -m dealer_trainer.i18n.build`` makes them).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import time
import venv
from importlib.metadata import distributions, version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "dealer_trainer.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
FOLDER_NAME = "dealer-trainer"
APP_BUNDLE = "Macau Dealer Trainer.app"
SIZE_GOAL_MB = 150.0
FREEZE_ENV = ROOT / "build" / "freeze-env"
DIST_NAME = "macau-dealer-trainer"
#: numpy's build options (meson) for a numpy without BLAS or LAPACK libraries: its own
#: loops for products and lapack_lite for numpy.linalg.
NUMPY_WITHOUT_BLAS = (
    "-Csetup-args=-Dblas=none",
    "-Csetup-args=-Dlapack=none",
    "-Csetup-args=-Dallow-noblas=true",
)


def build_folder(dist: Path = DIST) -> Path:
    """The one-folder build whose size counts (on macOS, the .app bundle)."""
    return dist / APP_BUNDLE if sys.platform == "darwin" else dist / FOLDER_NAME


def executable(dist: Path = DIST) -> Path:
    if sys.platform == "darwin":
        return dist / APP_BUNDLE / "Contents" / "MacOS" / FOLDER_NAME
    else:  # not code after the return: mypy checks it on macOS too
        suffix = ".exe" if sys.platform == "win32" else ""
        return dist / FOLDER_NAME / f"{FOLDER_NAME}{suffix}"


def folder_size(folder: Path) -> int:
    """Bytes of all files under ``folder`` (symbolic links not followed)."""
    return sum(
        path.lstat().st_size
        for path in folder.rglob("*")
        if path.is_file() and not path.is_symlink()
    )


def largest_parts(folder: Path, count: int = 6) -> list[tuple[str, int]]:
    """The biggest entries of the folder the app runs from (where the size goes)."""
    internal = next(
        (
            path
            for path in (folder / "_internal", folder / "Contents" / "Frameworks")
            if path.is_dir()
        ),
        folder,
    )
    sizes = [
        (entry.name, folder_size(entry) if entry.is_dir() else entry.lstat().st_size)
        for entry in internal.iterdir()
        if not entry.is_symlink()
    ]
    return sorted(sizes, key=lambda item: -item[1])[:count]


def env_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def pinned_versions() -> list[str]:
    """``name==version`` of every distribution installed here but the app itself.

    Used as pip constraints in the freeze environment: the build takes the
    versions the tests ran with, and only those of them the app needs.
    """
    pins = {
        re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower(): dist.version
        for dist in distributions()
        if dist.metadata["Name"]
    }
    pins.pop(DIST_NAME, None)
    return [f"{name}=={pinned}" for name, pinned in sorted(pins.items())]


def environment_key(pins: list[str], numpy_from: str) -> str:
    """What the freeze environment is made of; it is made again when this changes."""
    recipe = "\n".join(
        [
            sys.version,
            platform.machine(),
            numpy_from,
            (ROOT / "pyproject.toml").read_text(encoding="utf-8"),
            *pins,
        ]
    )
    return hashlib.sha256(recipe.encode("utf-8")).hexdigest()


def pip(env: Path, *args: str) -> None:
    subprocess.run(
        [
            str(env_python(env)),
            "-m",
            "pip",
            "install",
            "--disable-pip-version-check",
            "--quiet",
            *args,
        ],
        check=True,
        cwd=ROOT,
    )


def freeze_environment(numpy_from: str, env: Path = FREEZE_ENV) -> Path:
    """The virtual environment the build runs in (see the module's docstring); its Python."""
    pins = pinned_versions()
    key = environment_key(pins, numpy_from)
    stamp = env / "dealer-trainer-freeze.key"
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == key:
        return env_python(env)
    print(f"making the build environment {env.relative_to(ROOT)} ...", flush=True)
    shutil.rmtree(env, ignore_errors=True)
    venv.EnvBuilder(with_pip=True, clear=True).create(env)
    constraints = env / "constraints.txt"
    constraints.write_text("\n".join(pins) + "\n", encoding="utf-8")
    if numpy_from == "source":
        print(f"compiling numpy {version('numpy')} without BLAS (minutes, once) ...", flush=True)
        try:
            pip(
                env,
                "-c",
                str(constraints),
                "--no-binary",
                "numpy",
                *NUMPY_WITHOUT_BLAS,
                f"numpy=={version('numpy')}",
            )
        except subprocess.CalledProcessError as error:
            raise SystemExit(
                "build.py: numpy could not be compiled without BLAS (it needs a C "
                "and C++ compiler and Python's headers); --numpy wheel takes "
                "numpy's wheel instead (28 MB more)"
            ) from error
    pip(env, "-c", str(constraints), "-e", ".[packaging]")
    stamp.write_text(key, encoding="utf-8")
    return env_python(env)


def run_pyinstaller(python: Path, clean: bool) -> None:
    command = [
        str(python),
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK),
    ]
    if clean:
        command.append("--clean")
    command.append(str(SPEC))
    subprocess.run(command, check=True, cwd=ROOT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--clean",
        action="store_true",
        help="empty PyInstaller's cache first (slower; use after upgrades)",
    )
    parser.add_argument(
        "--numpy",
        choices=("source", "wheel"),
        default="source" if sys.platform.startswith("linux") else "wheel",
        help="compile numpy without BLAS (default on Linux) or take its wheel",
    )
    args = parser.parse_args(argv)
    missing = [
        name
        for name in ("pyinstaller", "numpy")
        if name not in {dist.metadata["Name"].lower() for dist in distributions()}
    ]
    if missing:
        print(
            f"build.py: {' and '.join(missing)} missing here: pip install -e '.[packaging]'",
            file=sys.stderr,
        )
        return 2

    started = time.perf_counter()
    python = freeze_environment(args.numpy)
    print(
        f"PyInstaller {version('pyinstaller')}: building {SPEC.relative_to(ROOT)} ...", flush=True
    )
    run_pyinstaller(python, args.clean)
    exe = executable()
    if not exe.is_file() or not os.access(exe, os.X_OK):
        print(f"build.py: the build finished but {exe} is missing", file=sys.stderr)
        return 1
    size_mb = folder_size(build_folder()) / 1e6
    print(f"built in {time.perf_counter() - started:.0f} s: {build_folder()}")
    print(f"executable: {exe}")
    verdict = "within" if size_mb <= SIZE_GOAL_MB else "OVER"
    print(
        f"size: {size_mb:.1f} MB ({verdict} the {SIZE_GOAL_MB:.0f} MB goal); largest parts: "
        + ", ".join(f"{name} {size / 1e6:.1f} MB" for name, size in largest_parts(build_folder()))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
