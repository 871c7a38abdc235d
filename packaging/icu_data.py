"""Linux: the frozen build's ICU data, cut down to what the app's languages use.

Qt's Linux wheels bring their own ICU, and its data library (``libicudata.so.73``) is
32 MB: locale data for 800 locales, 190 legacy character-set converters and the
transliterators.  Windows and macOS builds carry no ICU (Qt uses the system's), so
this is Linux only.  The build keeps

* every item that belongs to no locale: Unicode properties, normalisation,
  time-zone rules, plural rules, likely subtags, the converter alias table …;
* the locale data (in every tree: main, collation, currencies, language, region,
  zone and unit names, number spelling, break iterators) of the root locale and of
  :data:`KEEP_LANGUAGES`: the app's three languages, and Cantonese, which the Hong
  Kong and Macau Chinese number spelling inherits from;
* the converters of :data:`KEEP_CONVERTERS`, the legacy encodings of Chinese and
  Portuguese text (UTF-8/16/32 and Latin-1 need no table);

and drops the transliterators, which Qt never calls.  In all about 23 MB less.

``icupkg`` (Debian's ``icu-devtools``) removes the items, and refuses a package
whose kept items need a removed one.  GNU ``as`` and ``ld`` (binutils) wrap the new
package as a library with the original soname that exports the original data symbol,
so Qt's ``libicuuc`` loads it unchanged.  Without those tools the build keeps the full
data and says so.  ``tests/packaging/test_frozen_build.py`` checks that collation,
number formats, time-zone names and the kept converters behave as with the full data.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

#: PyInstaller's table-of-contents entry: (destination name, source path, type code).
TocEntry = tuple[str, str, str]

#: Languages whose locale data stays (with their scripts and regions: zh_Hant_MO, pt_MO …).
KEEP_LANGUAGES = frozenset({"en", "pt", "zh", "yue"})

#: Converter tables that stay: Big5 and its Windows form, Big5-HKSCS, GBK and GB18030,
#: windows-1252 and ISO-8859-15.  (windows-950 and windows-936 extend ibm-1373 and ibm-1386.)
KEEP_CONVERTERS = frozenset(
    {
        "ibm-1373_P100-2002.cnv",
        "windows-950-2000.cnv",
        "ibm-1375_P100-2008.cnv",
        "ibm-1386_P100-2001.cnv",
        "windows-936-2000.cnv",
        "gb18030.cnv",
        "ibm-5348_P100-1997.cnv",
        "ibm-923_P100-1998.cnv",
    }
)

#: Trees dropped whole: the transliterators.
DROPPED_TREES = frozenset({"translit"})

#: A locale's resource bundle in any tree: ``fr.res``, ``coll/zh_Hant.res``, ``coll/de_.res``.
#: Language subtags are two or three letters; ``pool.res``, ``root.res``, ``plurals.res`` and
#: the other non-locale bundles are longer words, except each tree's index of its locales.
LOCALE_ITEM = re.compile(r"^(?:[a-z]+/)?(?P<language>[a-z]{2,3})(?:_[A-Za-z0-9]*)*\.res$")
NOT_LOCALES = frozenset({"res_index.res"})

#: The data library's file name, and the symbol that holds the data (``icudt73_dat``).
LIBRARY_NAME = re.compile(r"^libicudata\.so\.(?P<major>\d+)$")


def item_kept(item: str) -> bool:
    """Whether an item of the ICU package (``coll/pt.res``, ``gb18030.cnv``) stays."""
    tree, _, name = item.rpartition("/")
    if tree in DROPPED_TREES:
        return False
    if name.endswith(".cnv"):
        return name in KEEP_CONVERTERS
    match = LOCALE_ITEM.match(item)
    return name in NOT_LOCALES or match is None or match["language"] in KEEP_LANGUAGES


def items_to_drop(items: Iterable[str]) -> list[str]:
    return [item for item in items if not item_kept(item)]


def _run(command: list[str], cwd: Path | None = None) -> str:
    result = subprocess.run(command, capture_output=True, text=True, cwd=cwd, check=False)
    if result.returncode != 0:
        raise RuntimeError(
            f"{' '.join(command)} failed ({result.returncode}): "
            f"{(result.stderr or result.stdout).strip()}"
        )
    return result.stdout


def data_location(library: Path) -> tuple[str, int, int]:
    """(symbol, file offset, size) of the ICU data inside ``library``."""
    symbols = _run(["nm", "--dynamic", "--print-size", "--defined-only", str(library)])
    found = [
        line.split()
        for line in symbols.splitlines()
        if re.fullmatch(r"icudt\d+_dat", line.split()[-1])
    ]
    if len(found) != 1 or len(found[0]) != 4:
        raise RuntimeError(f"{library}: no single icudt*_dat symbol in {symbols!r}")
    address, size, symbol = int(found[0][0], 16), int(found[0][1], 16), found[0][3]
    # [Nr] Name Type Address Off Size ...: the section that holds the symbol.
    for line in _run(["readelf", "--wide", "--section-headers", str(library)]).splitlines():
        fields = re.sub(r"^\s*\[\s*\d+\]", "", line).split()
        if len(fields) >= 5 and re.fullmatch(r"[0-9a-f]{8,16}", fields[2]):
            start, offset, length = (int(fields[index], 16) for index in (2, 3, 4))
            if start <= address and address + size <= start + length and fields[1] == "PROGBITS":
                return symbol, address - start + offset, size
    raise RuntimeError(f"{library}: no section holds {symbol}")


ASSEMBLY = """\
    .section .note.GNU-stack,"",%progbits
    .section .rodata
    .balign 16
    .globl {symbol}
    .type {symbol},%object
{symbol}:
    .incbin "{package}"
    .size {symbol}, . - {symbol}
"""


def slim_library(library: Path, workdir: Path) -> Path:
    """A copy of ICU's data ``library`` without the dropped items; returns its path."""
    match = LIBRARY_NAME.match(library.name)
    if match is None:
        raise ValueError(f"{library.name} is not ICU's data library (libicudata.so.N)")
    symbol, offset, size = data_location(library)
    stem = symbol.removesuffix("_dat")  # icudt73
    package = f"{stem}{'l' if sys.byteorder == 'little' else 'b'}.dat"  # as icupkg names it
    workdir.mkdir(parents=True, exist_ok=True)
    full, slim = workdir / "full", workdir / "slim"
    for folder in (full, slim):
        folder.mkdir(exist_ok=True)
    with library.open("rb") as handle:
        handle.seek(offset)
        (full / package).write_bytes(handle.read(size))
    items = _run(["icupkg", "--list", str(full / package)]).split()
    (workdir / "drop.txt").write_text("\n".join(items_to_drop(items)) + "\n", encoding="ascii")
    # icupkg checks every kept item's dependencies: a needed item that was dropped stops it.
    _run(
        ["icupkg", "--remove", str(workdir / "drop.txt"), str(full / package), str(slim / package)]
    )
    (slim / "data.s").write_text(ASSEMBLY.format(symbol=symbol, package=package), encoding="ascii")
    _run(["as", "-o", "data.o", "data.s"], cwd=slim)
    _run(["ld", "-shared", "-soname", library.name, "-o", library.name, "data.o"], cwd=slim)
    return slim / library.name


def tools_missing() -> list[str]:
    return [tool for tool in ("icupkg", "nm", "readelf", "as", "ld") if shutil.which(tool) is None]


def _on_linux() -> bool:
    """A call, not a ``sys.platform`` test, so that mypy on Windows and macOS still checks
    the Linux-only code that follows it."""
    return sys.platform.startswith("linux")


def slim_icu_data(entries: list[TocEntry], workdir: Path) -> tuple[list[TocEntry], int]:
    """Linux: replace ICU's data library among ``entries`` by the slim one.

    Returns the new entries and the bytes saved (0, with a warning, when the
    tools are missing: the build then carries the full data).
    """
    if not _on_linux():
        return entries, 0
    targets = [
        entry
        for entry in entries
        if entry[2] == "BINARY" and LIBRARY_NAME.match(PurePosixPath(entry[0]).name)
    ]
    if not targets:
        return entries, 0
    missing = tools_missing()
    if missing:
        print(
            f"WARNING: ICU's data stays whole (32 MB): {', '.join(missing)} not found "
            "(apt-get install icu-devtools binutils)",
            file=sys.stderr,
        )
        return entries, 0
    result, saved = [], 0
    for dest, source, kind in entries:
        if (dest, source, kind) not in targets:
            result.append((dest, source, kind))
            continue
        slim = slim_library(Path(source), workdir / "icu" / PurePosixPath(dest).parent.name)
        saved += Path(source).stat().st_size - slim.stat().st_size
        result.append((dest, str(slim), kind))
    return result, saved
