"""psycopg adapts numpy integers only when numpy is already imported (``"numpy" in sys.modules``).

Its ``import numpy`` must therefore not pull numpy (40 MB) into the frozen app by itself; numpy
is still collected when the app imports it for real (pyqtgraph does).
"""

excludedimports = ["numpy"]
