"""Killing a child process the hard way, as a crash or a pulled plug would, on every system.

POSIX: SIGKILL, which the child cannot catch (its return code is ``-SIGKILL``).
Windows: ``TerminateProcess`` (``Popen.kill``), which is just as abrupt (return code 1).
"""

from __future__ import annotations

import signal
import subprocess
import sys

#: The return code of a child killed by :func:`kill_hard`.
if sys.platform == "win32":
    KILLED = 1
else:
    KILLED = -signal.SIGKILL


def kill_hard(child: subprocess.Popen[str]) -> None:
    """Kill ``child`` at once, with no chance to clean up or flush."""
    child.kill()
