"""Start-up time of the frozen app against the installed ``dealer-trainer``, in the same run.

    python packaging/build.py                      # once: the frozen build in dist/
    QT_QPA_PLATFORM=offscreen python benchmarks/frozen_startup.py [--runs 7] [--frozen EXE]

Runs the frozen executable and the installed launcher (``dealer-trainer`` on
PATH, the ``[project.gui-scripts]`` entry point), each with ``--exit-when-ready``,
``--runs`` times each, alternating, after one untimed warm-up run of each (it
fills the disk cache).  Prints the median wall-clock time from process start to
exit of each, the median seconds each app reports to its first paint, and the
ratio frozen / installed.  Goal: ratio ≤ 1.0 (freezing must not slow the start).
The ratio, measured in one run, is what to compare between machines.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 1.0
ROOT = Path(__file__).resolve().parent.parent


def default_frozen() -> Path:
    script = ROOT / "packaging" / "build.py"
    spec = importlib.util.spec_from_file_location("_packaging_build", script)
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return Path(build.executable())


def launch(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall-clock seconds to exit, seconds to first paint as the app reports them)."""
    start = time.perf_counter()
    done = subprocess.run(
        [*command, "--exit-when-ready"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({done.returncode}):\n{done.stderr}")
    # first_paint=0.412 responsive=0.431
    fields = dict(field.split("=") for field in done.stdout.strip().splitlines()[-1].split())
    return wall, float(fields["first_paint"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each (median)")
    parser.add_argument(
        "--frozen",
        type=Path,
        default=None,
        help="the frozen executable (default: the one packaging/build.py makes)",
    )
    args = parser.parse_args()

    frozen = args.frozen or default_frozen()
    installed = shutil.which("dealer-trainer")
    if not frozen.is_file():
        raise SystemExit(f"no frozen build at {frozen}: run python packaging/build.py")
    if installed is None:
        raise SystemExit("dealer-trainer is not on PATH: pip install -e .")

    with tempfile.TemporaryDirectory() as data_dir:
        env = {**os.environ, "DEALER_TRAINER_DATA_DIR": data_dir}
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        apps = {"frozen": [str(frozen)], "installed": [installed]}
        for command in apps.values():
            launch(command, env)  # warm-up, not counted
        walls: dict[str, list[float]] = {name: [] for name in apps}
        painted: dict[str, list[float]] = {name: [] for name in apps}
        for _ in range(args.runs):
            for name, command in apps.items():
                wall, paint = launch(command, env)
                walls[name].append(wall)
                painted[name].append(paint)

    print(f"frozen:    {frozen}")
    print(f"installed: {installed} ({sys.version.split()[0]})")
    for name in apps:
        print(
            f"{name:<9}  median of {args.runs}: {statistics.median(walls[name]):.3f} s to exit, "
            f"{statistics.median(painted[name]):.3f} s to first paint (as reported)"
        )
    ratio = statistics.median(walls["frozen"]) / statistics.median(walls["installed"])
    verdict = "meets" if ratio <= GOAL else "MISSES"
    print(f"ratio frozen / installed (wall clock): {ratio:.2f}  ({verdict} the goal ≤ {GOAL})")


if __name__ == "__main__":
    main()
