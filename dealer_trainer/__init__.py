"""Macau Dealer Trainer: learn the official Macau rules of table games."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("macau-dealer-trainer")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"
