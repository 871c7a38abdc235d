"""The screens' colours, named by what they mean.

Every colour a screen shows (a style sheet's, a table cell's, a plot's) is one of these; a
test fails on a colour written anywhere else in ``dealer_trainer/ui`` (the felt's physical
colours, its cloth, wheel, cards and chips, are in :mod:`dealer_trainer.ui.felt.colours`).
Each is a ``"#rrggbb"`` string: ``QColor(palette.OK)`` in a painter, ``f"color: {palette.OK};"``
in a style sheet.
"""

from __future__ import annotations

# What a sentence or a mark says --------------------------------------------------------
OK = "#2e7d32"  # right, saved, passed, mastered: the one green
WRONG = "#b71c1c"  # wrong, refused, failed, an error: the one red
LATE = "#b26a00"  # the time was up
WARN = "#e65100"  # to watch: close to mastery, a group's plan that does not fit
ASIDE = "#8d6e63"  # a note beside the record (an instructor's, a time that ran out)

# Text ----------------------------------------------------------------------------------
TEXT = "#1d1d1d"
HEADING = "#263238"  # a summary's headline
MUTED = "#607d8b"  # an explanation, a tab's quiet status
MUTED_STRONG = "#455a64"  # a rule's text under its heading
FADED = "#9e9e9e"  # an archived row, a figure that does not count
ON_DARK = "#ffffff"  # text on the felt green of a badge or a button

# Surfaces ------------------------------------------------------------------------------
PAPER = "#f4f1ea"  # the drill and table screens' background
PANEL = "#ffffff"  # a panel, a list, a plot on the paper
EDGE = "#d0cbbf"  # a panel's border
SCROLL_TRACK = "#eeeae0"
SCROLL_HANDLE = "#b8b2a4"
SCROLL_HANDLE_HOVER = "#8f897c"
FELT_GREEN = "#0f5a3c"  # the screens' main button and badge, the felt's colour
FELT_GREEN_DISABLED = "#9fb8ad"
FOCUS = "#ffd54a"  # a focused button's ring, the spot waiting for a move

# Tints behind a verdict ----------------------------------------------------------------
OK_TINT = "#eef8ef"
WRONG_TINT = "#fdf0ef"
ALARM_TINT = "#fde2e1"  # a record that could not be kept
LATE_TINT = "#fff6e5"
NEUTRAL_TINT = "#eceae4"
HINT_TINT = "#fff7d6"
HINT_EDGE = "#e6c65c"

# An irregularity at the table, and the stud dealing panel --------------------------------
IRREGULAR = "#c77700"
IRREGULAR_TEXT = "#7a4600"
IRREGULAR_TINT = "#fff6df"
IRREGULAR_CHOSEN = "#ffe1a6"
DEALING_TEXT = "#8e1b22"
DEALING_TINT = "#fffaf0"
DEALING_EDGE = "#c9a227"

# The instructor's plots ----------------------------------------------------------------
PLOT_INK = "#37474f"
PLOT_TIME = "#1565c0"
