"""The felt's physical colours: its cloth and print, the wheel, dice, cards, chips and devices.

These are the colours of the things on a casino table (a game's own, as a dealer sees them),
drawn by the felt scene and by the screens that draw on it; the screens' own colours, named
by what they mean, are in :mod:`dealer_trainer.ui.kit.palette`. A test fails on a colour
written anywhere else in ``dealer_trainer/ui``. Each is a string ``QColor`` reads:
``"#rrggbb"``, or ``"#aarrggbb"`` with its opacity first.
"""

from __future__ import annotations

from dealer_trainer.ui.kit.palette import FOCUS

# The cloth, its print and the rail -----------------------------------------------------
FELT = "#0e5a3a"
FELT_DARK = "#0a4a2f"
RAIL = "#4a2c17"
RAIL_EDGE = "#24140a"
INK = "#f1e7c7"  # the cream print of the felt's lines and labels
INK_FAINT = "#78f1e7c7"
DARK_INK = "#1b1b1b"  # a label on a light spot
WHITE = "#ffffff"
OUTLINE = "#111111"  # a chip's, a marker's edge
BACKDROP = "#1c1f22"  # round the table
NO_FILL = "#00000000"
RED = "#c0161d"  # a red spot, a red suit
BLACK = "#161616"  # a black spot, a black suit
GREEN = "#13844b"  # the zero's spot
GOLD = "#b8860b"

# The roulette wheel --------------------------------------------------------------------
WHEEL_EDGE = "#2a180b"
WHEEL_RIM = "#6b3f1f"
WHEEL_BOWL = "#8a5a32"
FRET = "#d9c27a"
TURRET = "#5a3418"
BRASS = "#c9a227"
BRASS_SHINE = "#e8d08a"

# Dice, cards and the devices -----------------------------------------------------------
DIE = "#c8161f"
DIE_EDGE = "#7a0d12"
CARD = "#fdfdfb"
CARD_EDGE = "#555555"
CARD_BACK = "#9b1b22"
CARD_BACK_LACE = "#f0d9a8"
DEVICE_EDGE = "#0c0c0c"
DEVICE = "#2b2b2b"
DEVICE_TOP = "#3d3d3d"
SHUFFLER = "#2f3640"
SHOE = "#3a3a3a"
DEVICE_SCREEN = "#101418"
DEVICE_LABEL = "#e0e0e0"

# Markers, the jackpot display and the progressive chip ---------------------------------
PUCK_ON = WHITE
PUCK_OFF = "#151515"
DOLLY = "#fafafa"
DOLLY_GLASS = "#2effffff"
DOLLY_SHADOW = "#96282828"
JACKPOT_PANEL = "#120a02"
LED_GOLD = "#f5d76e"
LED_RED = "#ff5a36"
PROGRESSIVE_CHIP = "#8e1b1b"
PROGRESSIVE_INK = "#fff4d0"

# What the screens light on the felt ----------------------------------------------------
HOVER = "#5affec8c"
LEADER = "#c8ffec8c"  # the line from a spot to its badge
LIT = "#78fff8d6"  # an electronic layout's lit winning area, under the glass
LIT_EDGE = "#fff3c4"
TIP_SHADE = "#cd000000"
SPOT_FOCUS = FOCUS

# A colour chip's ring (colour chips are the players' own, not the house's) ------------
BET_RED = "#d32f2f"
BET_BLUE = "#1e6fd9"
BET_GREEN = "#2e9d48"
BET_YELLOW = "#f2c318"
BET_PURPLE = "#8e44ad"
BET_ORANGE = "#ef7d18"
BET_WHITE = "#f4f4f4"

# The sandbox's settlement marks --------------------------------------------------------
SETTLED_LOST = "#e53935"
SETTLED_WON = "#43a047"
SETTLED_RETURNED = "#1e88e5"
SETTLED_MOVED = "#00acc1"
SETTLED_STAYS = "#9e9e9e"
SETTLED_REFUSED = "#fb8c00"
