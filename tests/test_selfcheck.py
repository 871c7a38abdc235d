"""``dealer-trainer self-check``: what IT runs after an install; every check passes here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_self_check_passes_every_check(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DEALER_TRAINER_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "dealer_trainer.app", "self-check"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    names = [line.split(maxsplit=1)[1] for line in done.stdout.splitlines()]
    assert names == ["modules", "rules core", "database and migrations", "felts", "dashboard plot"]
    assert all(line.startswith("ok") for line in done.stdout.splitlines())


def test_a_failing_check_is_reported_not_raised(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from dealer_trainer import selfcheck

    def broken() -> None:
        raise ValueError("no felt")

    monkeypatch.setattr(selfcheck, "CHECKS", (("felts", broken),))
    ((name, problem),) = list(selfcheck.run_checks())
    assert name == "felts"
    assert problem is not None and problem.startswith("ValueError: no felt")
