"""The rules core stays pure: importing it loads no Qt and no storage (ARCHITECTURE.md)."""

import subprocess
import sys

FORBIDDEN = (
    "PySide6",
    "shiboken6",
    "pyqtgraph",
    "sqlalchemy",
    "dealer_trainer.ui",
    "dealer_trainer.storage",
)


def test_importing_the_rules_core_and_its_cli_loads_no_qt_or_storage() -> None:
    code = (
        "import sys, dealer_trainer.rules, dealer_trainer.rules.cli\n"
        "import dealer_trainer.rules.roulette.api\n"
        "import importlib, pkgutil\n"
        "for m in pkgutil.walk_packages(dealer_trainer.rules.__path__, 'dealer_trainer.rules.'):\n"
        "    if m.name != 'dealer_trainer.rules.__main__':\n"
        "        importlib.import_module(m.name)\n"
        f"bad = [m for m in sys.modules if m.startswith({FORBIDDEN!r})]\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
