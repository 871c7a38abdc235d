"""The live table on screen (Table mode): a round's dealer work on the felt, step by step."""

from dealer_trainer.ui.table.screen import ChipFloat, TableScreen

__all__ = ["ChipFloat", "TableScreen"]
