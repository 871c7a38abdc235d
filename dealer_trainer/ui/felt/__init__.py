"""Felts as vector scenes: build with :class:`FeltScene`, show with :class:`FeltView`.

``FeltScene(felt_for("roulette"))`` draws a layout model in millimetres;
``spotClicked(spot_id)`` tells which bet was clicked; chips are a
:class:`~dealer_trainer.layouts.chips.TableChips` the scene shows.
``render_image``/``export_png``/``export_pdf`` draw the same scene for handouts.
"""

from __future__ import annotations

from dealer_trainer.ui.felt.scene import ChipsAdapter, FeltScene
from dealer_trainer.ui.felt.view import FeltView

__all__ = ["ChipsAdapter", "FeltScene", "FeltView"]
# render_image, export_png and export_pdf live in dealer_trainer.ui.felt.render
# (imported when a picture is made, not at start-up).
