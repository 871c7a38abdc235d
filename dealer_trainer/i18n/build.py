"""Build the translations: ``python -m dealer_trainer.i18n.build``.

1. ``pyside6-lupdate`` reads every Python file of the package and updates
   ``ts/dealer_trainer_<lang>.ts`` (``T(...)`` of the drills engine is read as an
   alias of ``QT_TR_NOOP``);
2. ``pyside6-lrelease`` compiles each ``.ts`` into ``dealer_trainer_<lang>.qm``.

``--check`` builds into a temporary folder and fails if the committed ``.qm``
files differ (the test suite runs it).
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from dealer_trainer.i18n import CODES, SOURCE_LANGUAGE

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
TS_DIR = HERE / "ts"
ALIAS = "QT_TR_NOOP+=T"


def ts_file(code: str) -> Path:
    return TS_DIR / f"dealer_trainer_{code}.ts"


def qm_file(code: str, folder: Path = HERE) -> Path:
    return folder / f"dealer_trainer_{code}.qm"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not on PATH: install PySide6 (pip install PySide6-Essentials)")
    return found


def sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def update_ts() -> None:
    """Refresh the .ts sources from the code (keeps existing translations)."""
    TS_DIR.mkdir(exist_ok=True)
    files = [str(p) for p in sources()]
    for code in CODES:
        args = [
            _tool("pyside6-lupdate"),
            *files,
            "-tr-function-alias",
            ALIAS,
            "-locations",
            "relative",
            "-no-obsolete",
            "-ts",
            str(ts_file(code)),
        ]
        if code != SOURCE_LANGUAGE:
            args += ["-target-language", code]
        else:
            args += ["-source-language", "en", "-target-language", "en"]
        subprocess.run(args, check=True, capture_output=True, text=True)


def release(folder: Path = HERE) -> list[Path]:
    """Compile each catalogue beside its target, then move it into place: a running app
    (or test run) maps the old ``.qm`` into memory, and a file rewritten under it ends that
    process with a bus error; a rename leaves the old file's pages to it."""
    built = []
    for code in CODES:
        target = qm_file(code, folder)
        fresh = target.with_name(target.name + ".new")
        subprocess.run(
            [_tool("pyside6-lrelease"), str(ts_file(code)), "-qm", str(fresh)],
            check=True,
            capture_output=True,
            text=True,
        )
        fresh.replace(target)
        built.append(target)
    return built


def check() -> list[str]:
    """The .qm files that are missing or differ from a fresh build of the .ts sources."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = release(Path(tmp))
        return [
            path.name
            for path in fresh
            if not qm_file(path.stem.removeprefix("dealer_trainer_")).is_file()
            or not filecmp.cmp(
                path, qm_file(path.stem.removeprefix("dealer_trainer_")), shallow=False
            )
        ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail if the .qm files are stale")
    parser.add_argument("--no-update", action="store_true", help="compile the .ts as they are")
    args = parser.parse_args(argv)
    if args.check:
        stale = check()
        if stale:
            print("stale translations, run python -m dealer_trainer.i18n.build:", *stale)
            return 1
        return 0
    if not args.no_update:
        update_ts()
    for path in release():
        print(path.relative_to(PACKAGE.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
