"""Macau Dealer Trainer: learn the official Macau rules of table games."""

from __future__ import annotations

from functools import cache


@cache
def _version() -> str:
    # importlib.metadata costs tens of milliseconds to import: read it only when asked.
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

    try:
        return version("macau-dealer-trainer")
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "0.0.0+source"


def __getattr__(name: str) -> str:
    """``dealer_trainer.__version__``, looked up the first time it is read."""
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'dealer_trainer' has no attribute {name!r}")
