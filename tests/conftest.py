import os

# Every GUI test runs without a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
