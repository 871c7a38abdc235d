"""Reading SQLite's write-ahead log before SQLite does, to see committed work it would drop.

SQLite appends every committed transaction to ``<database>-wal`` as frames (a page
and a header each) and copies them into the database at a checkpoint. Each frame
carries a checksum that chains on the one before it; at open, SQLite reads frames
until the first whose checksum or salt does not match and ignores the rest *by
design* (that is how it discards a transaction torn by a crash). A flipped byte in
the middle of the log therefore drops every transaction committed after it, with
no error.

:func:`dropped_commits` tells the two cases apart. A torn tail (the crash case) is
only the last, partly written transaction. Damage in the middle leaves intact
frames after it: each frame's checksum can be checked on its own, seeded with the
checksum stored in the frame before it, so the commits after the damage can be
counted. The format is SQLite's, documented at https://sqlite.org/fileformat.html#walformat.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

_MAGIC = (0x377F0682, 0x377F0683)  # the low bit: checksums over big-endian words
_HEADER = 32
_FRAME_HEADER = 24
_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class Damage:
    """Where the log stops being read, and what SQLite would silently leave out after it."""

    frame: int  # 1-based: the first frame SQLite will not read
    frames: int  # frames in the log that belong to it (the same salts)
    commits_lost: int  # intact commit frames after the damage: transactions dropped


def _checksum(data: bytes, big_endian: bool, s0: int, s1: int) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & _MASK
        s1 = (s1 + words[i + 1] + s0) & _MASK
    return s0, s1


def dropped_commits(wal: Path) -> Damage | None:
    """The damage in ``wal`` that makes SQLite drop committed transactions, or ``None``.

    ``None`` too for a missing, empty or torn-at-the-end log, and for a log whose
    header itself is unreadable (nothing in it can be trusted to count).
    """
    try:
        data = wal.read_bytes()
    except OSError:
        return None
    if len(data) < _HEADER:
        return None
    magic, _version, page_size, _seq, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:_HEADER])
    if magic not in _MAGIC or page_size < 512 or page_size & (page_size - 1):
        return None
    big = bool(magic & 1)
    if _checksum(data[:24], big, 0, 0) != (c1, c2):
        return None
    size = _FRAME_HEADER + page_size
    count = (len(data) - _HEADER) // size
    previous = (c1, c2)
    first_bad: int | None = None
    frames = 0
    commits_after = 0
    for n in range(count):
        start = _HEADER + n * size
        frame = data[start : start + size]
        _page, commit, f_salt1, f_salt2, f1, f2 = struct.unpack(">6I", frame[:_FRAME_HEADER])
        if (f_salt1, f_salt2) != (salt1, salt2):
            if first_bad is None:
                break  # the end of this generation of the log: older frames follow
            continue
        frames += 1
        seed = previous
        previous = (f1, f2)
        s0, s1 = _checksum(frame[:8], big, *seed)
        intact = _checksum(frame[_FRAME_HEADER:], big, s0, s1) == (f1, f2)
        if first_bad is None:
            if not intact:
                first_bad = n + 1
        elif intact and commit:
            commits_after += 1
    if first_bad is None or commits_after == 0:
        return None
    return Damage(frame=first_bad, frames=frames, commits_lost=commits_after)
