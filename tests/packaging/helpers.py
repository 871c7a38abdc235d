"""The packaging scripts live in ``packaging/`` (not a package): load them by path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def load_packaging_module(name: str) -> ModuleType:
    """Import ``packaging/<name>.py`` once (as ``_packaging_<name>``: ``build`` is taken)."""
    key = f"_packaging_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, PACKAGING / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module
