"""The live table on screen (Table mode): a round's dealer work on the felt, step by step.

``TableScreen`` and ``ChipFloat`` are loaded when first asked for, so that a module that needs
only the table's words or its felt (``ui.table.bets``, ``ui.table.felt``: the main window's
felt sandbox) does not load the screen and the records it stores rounds in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_trainer.ui.table.screen import ChipFloat, TableScreen

__all__ = ["ChipFloat", "TableScreen"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from dealer_trainer.ui.table import screen  # noqa: PLC0415 (when first asked for)

        return getattr(screen, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
