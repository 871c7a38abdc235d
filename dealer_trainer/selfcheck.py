"""``dealer-trainer self-check``: is this installation whole?

Each check imports or exercises one part of the app the way it runs: every
module of the package (a frozen build that left a dependency out fails here),
the rules core on a round of each game, a database created and migrated by
Alembic in a temporary folder, each felt drawn, and a dashboard plot drawn
with pyqtgraph.  Needs a ``QApplication`` (the caller makes an offscreen one).
"""

from __future__ import annotations

import importlib
import pkgutil
import tempfile
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

import dealer_trainer
from dealer_trainer.rules.games import Game

Check = Callable[[], None]


def _modules() -> None:
    failed = []
    for module in pkgutil.walk_packages(dealer_trainer.__path__, "dealer_trainer."):
        if module.name.endswith("__main__") or ".migrations" in module.name:
            continue
        try:
            importlib.import_module(module.name)
        except Exception as exc:
            failed.append(f"{module.name} ({type(exc).__name__}: {exc})")
    if failed:
        raise RuntimeError("; ".join(failed))


def _rules() -> None:
    from dealer_trainer.rules.cli import handle  # noqa: PLC0415

    roulette = handle(
        "settle",
        {
            "game": Game.ROULETTE,
            "outcome": {"number": 17},
            "bets": [{"id": "a", "kind": "split", "numbers": [17, 20], "amount": 25}],
        },
    )
    assert roulette["results"][0]["win"] == "425.00", roulette
    craps = handle(
        "settle",
        {
            "game": Game.CRAPS,
            "events": [{"bet": {"id": "p", "kind": "pass", "amount": 10}}, {"roll": [3, 4]}],
        },
    )
    assert craps["results"][0]["outcome"] == "win", craps
    stud = handle(
        "compare",
        {
            "game": Game.CARIBBEAN_STUD,
            "hands": [["AS", "KS", "QS", "JS", "9S"], ["AH", "KH", "QH", "JH", "9H"]],
        },
    )
    assert stud["winner"] == 0 and stud["decided_by"] == "suit", stud
    sic_bo = handle(
        "settle",
        {
            "game": Game.SIC_BO,
            "outcome": {"dice": [2, 5, 5]},
            "bets": [{"id": "a", "kind": "single", "number": 5, "amount": 10}],
        },
    )
    assert sic_bo["results"][0]["win"] == "20.00", sic_bo  # a house pay table: 2 to 1 twice


def _database() -> None:
    from dealer_trainer.storage import Store  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(f"sqlite:///{Path(folder) / 'check.sqlite3'}")
        try:
            assert not store.has_instructor()
        finally:
            store.close()


def _felts() -> None:
    from dealer_trainer.layouts import felt_for  # noqa: PLC0415
    from dealer_trainer.ui.felt import FeltScene  # noqa: PLC0415
    from dealer_trainer.ui.felt.render import render_image  # noqa: PLC0415

    for game in Game.tables():
        image = render_image(FeltScene(felt_for(game)), 640)
        assert not image.isNull() and image.width() == 640, game


def _dashboard_plot() -> None:
    import pyqtgraph  # noqa: PLC0415

    plot = pyqtgraph.PlotWidget(axisItems={"bottom": pyqtgraph.DateAxisItem()})
    plot.plot([1_700_000_000, 1_700_086_400], [0.5, 0.75])
    plot.resize(320, 200)
    assert not plot.grab().isNull()
    plot.deleteLater()


CHECKS: tuple[tuple[str, Check], ...] = (
    ("modules", _modules),
    ("rules core", _rules),
    ("database and migrations", _database),
    ("felts", _felts),
    ("dashboard plot", _dashboard_plot),
)


def run_checks() -> Iterator[tuple[str, str | None]]:
    """(name, None) for each check that passes, (name, the problem) for each that fails."""
    for name, check in CHECKS:
        try:
            check()
        except Exception as exc:
            last = traceback.extract_tb(exc.__traceback__)[-1]
            yield name, f"{type(exc).__name__}: {exc} ({Path(last.filename).name}:{last.lineno})"
        else:
            yield name, None
