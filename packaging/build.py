"""Build the frozen app (PyInstaller, one folder) on this machine's OS.

    pip install -e '.[packaging]'
    python packaging/build.py [--clean]

Runs ``packaging/dealer_trainer.spec`` once, then prints where the build is,
its executable and its size.  Output (all under the git-ignored ``dist/`` and
``build/``):

* Linux, Windows: ``dist/dealer-trainer/`` (``dealer-trainer[.exe]`` inside),
* macOS: ``dist/Macau Dealer Trainer.app`` as well.

The installers are made from that output by ``packaging/windows/dealer_trainer.iss``
(Inno Setup) and ``packaging/macos/make_dmg.sh``.  The translations are the committed
``dealer_trainer/i18n/*.qm`` (``python -m dealer_trainer.i18n.build`` makes them).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "dealer_trainer.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
FOLDER_NAME = "dealer-trainer"
APP_BUNDLE = "Macau Dealer Trainer.app"
SIZE_GOAL_MB = 150.0


def build_folder(dist: Path = DIST) -> Path:
    """The one-folder build whose size counts (on macOS, the .app bundle)."""
    if sys.platform == "darwin":
        return dist / APP_BUNDLE
    return dist / FOLDER_NAME


def executable(dist: Path = DIST) -> Path:
    if sys.platform == "darwin":
        return dist / APP_BUNDLE / "Contents" / "MacOS" / FOLDER_NAME
    suffix = ".exe" if sys.platform == "win32" else ""
    return dist / FOLDER_NAME / f"{FOLDER_NAME}{suffix}"


def folder_size(folder: Path) -> int:
    """Bytes of all files under ``folder`` (symbolic links not followed)."""
    return sum(path.lstat().st_size for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink())


def largest_parts(folder: Path, count: int = 6) -> list[tuple[str, int]]:
    """The biggest entries of the folder the app runs from (where the size goes)."""
    internal = next((path for path in (folder / "_internal", folder / "Contents" / "Frameworks")
                     if path.is_dir()), folder)
    sizes = [(entry.name, folder_size(entry) if entry.is_dir() else entry.lstat().st_size)
             for entry in internal.iterdir() if not entry.is_symlink()]
    return sorted(sizes, key=lambda item: -item[1])[:count]


def run_pyinstaller(clean: bool) -> None:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(DIST), "--workpath", str(WORK)]
    if clean:
        command.append("--clean")
    command.append(str(SPEC))
    subprocess.run(command, check=True, cwd=ROOT)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true",
                        help="empty PyInstaller's cache first (slower; use after upgrades)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # type: ignore[import-untyped]  # noqa: PLC0415
    except ImportError:
        print("build.py: PyInstaller is missing: pip install -e '.[packaging]'", file=sys.stderr)
        return 2

    started = time.perf_counter()
    print(f"PyInstaller {PyInstaller.__version__}: building {SPEC.relative_to(ROOT)} ...",
          flush=True)
    run_pyinstaller(args.clean)
    exe = executable()
    if not exe.is_file() or not os.access(exe, os.X_OK):
        print(f"build.py: the build finished but {exe} is missing", file=sys.stderr)
        return 1
    size_mb = folder_size(build_folder()) / 1e6
    print(f"built in {time.perf_counter() - started:.0f} s: {build_folder()}")
    print(f"executable: {exe}")
    verdict = "within" if size_mb <= SIZE_GOAL_MB else "OVER"
    print(f"size: {size_mb:.1f} MB ({verdict} the {SIZE_GOAL_MB:.0f} MB goal); largest parts: "
          + ", ".join(f"{name} {size / 1e6:.1f} MB"
                      for name, size in largest_parts(build_folder())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
