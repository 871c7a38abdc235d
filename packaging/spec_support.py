"""What ``dealer_trainer.spec`` collects, and how it trims PyInstaller's analysis.

Kept out of the spec so that it is linted, typed and unit-tested
(``tests/packaging/test_spec_support.py``); the spec imports it.

* :func:`data_files`: every data file the frozen app reads, listed explicitly.
* :func:`qt_file_kept`: the Qt plugins and Qt translations a desktop build needs (and
  not Windows' software OpenGL).
* :func:`orphaned_libraries`: shared libraries that only a dropped plugin needed
  (the GTK stack of ``libqgtk3``, the EGLFS libraries …).
* :func:`strip_debug_info`: Linux only, strip DWARF debug sections (not symbols)
  from binaries built with ``-g`` (pyenv's ``libpython`` is 23 MB with them, 5 without).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

#: PyInstaller's table-of-contents entry: (destination name, source path, type code).
TocEntry = tuple[str, str, str]

#: Qt plugin folders to keep, and in each either every plugin (``None``) or the named ones.
KEEP_PLUGINS: dict[str, frozenset[str] | None] = {
    # windows / direct2d, cocoa, xcb and wayland for desktops; offscreen for export-layout,
    # the smoke test and CI; minimal for diagnostics.
    "platforms": frozenset(
        {"qwindows", "qdirect2d", "qcocoa", "qxcb", "qwayland", "qoffscreen", "qminimal"}
    ),
    # Native dialogs through the desktop portal; qgtk3 is left out (it pulls in all of GTK 3).
    "platformthemes": frozenset({"qxdgdesktopportal"}),
    # Typing Chinese trainee names needs an input method (ibus), dead keys need compose.
    "platforminputcontexts": frozenset(
        {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"}
    ),
    "imageformats": frozenset({"qico", "qjpeg", "qgif", "qsvg", "qicns"}),
    "iconengines": None,
    "styles": None,  # the Windows 11 and macOS styles
    "printsupport": None,  # printing handouts
    "xcbglintegrations": None,
    "wayland-decoration-client": None,
    "wayland-graphics-integration-client": frozenset({"qt-plugin-wayland-egl"}),
    "wayland-shell-integration": frozenset({"xdg-shell"}),
}

#: Qt's own translations (dialog buttons and the like) for the app's languages.
#: dealer_trainer.ui.kit.language.QT_CATALOGUES names those it looks for (a test keeps
#: them in step).
QT_LANGUAGES = frozenset({"en", "pt", "pt_BR", "pt_PT", "zh_MO", "zh_HK", "zh_TW"})


def _posix(dest: str) -> PurePosixPath:
    return PurePosixPath(dest.replace("\\", "/"))


def plugin_kept(dest: str) -> bool:
    """Whether a file under ``…/Qt/plugins/<folder>/<plugin>`` is one of :data:`KEEP_PLUGINS`."""
    parts = _posix(dest).parts
    index = parts.index("plugins")
    if index + 2 >= len(parts):  # not a plugin file inside a plugin folder
        return True
    folder = parts[index + 1]
    if folder not in KEEP_PLUGINS:
        return False
    keep = KEEP_PLUGINS[folder]
    if keep is None or len(parts) > index + 3:  # the folder's own sub-folders (platforms/darwin)
        return True
    stem = parts[-1].split(".")[0]  # libqxcb.so / qwindows.dll / libqcocoa.dylib
    return stem.removeprefix("lib") in keep


def translation_kept(dest: str) -> bool:
    """Whether a Qt translation (``qtbase_zh_TW.qm``) is in one of :data:`QT_LANGUAGES`."""
    stem = _posix(dest).stem
    language = re.sub(r"^[a-z]+_", "", stem, count=1)  # qtbase_zh_TW -> zh_TW
    return language in QT_LANGUAGES


#: Windows: Mesa's software OpenGL (20 MB), a fallback for Qt Quick and OpenGL widgets on
#: machines without a GPU driver.  The felts and plots are painted by QPainter's raster engine.
DROPPED_QT_FILES = frozenset({"opengl32sw.dll"})


def qt_file_kept(dest: str) -> bool:
    """The filter of the analysis' binaries and datas: trims only what lies under ``PySide6/``."""
    path = _posix(dest)
    if not path.parts or path.parts[0] != "PySide6":
        return True
    if path.name.lower() in DROPPED_QT_FILES:
        return False
    if "plugins" in path.parts:
        return plugin_kept(dest)
    if "translations" in path.parts and path.suffix == ".qm":
        return translation_kept(dest)
    return True


#: The oldest macOS each Qt release runs on (doc.qt.io/qt-6.x/macos.html), newest first.
MACOS_MINIMUM_FOR_QT = (((6, 12), "14.4"), ((6, 10), "13.0"), ((6, 7), "12.0"))


def macos_minimum(qt_version: str) -> str:
    """``LSMinimumSystemVersion`` for a bundle of Qt ``qt_version`` (``"6.12.0"`` -> ``"14.4"``)."""
    major, minor = (int(part) for part in qt_version.split(".")[:2])
    for release, minimum in MACOS_MINIMUM_FOR_QT:
        if (major, minor) >= release:
            return minimum
    raise SystemExit(f"dealer_trainer.spec: Qt {qt_version} is older than the app supports")


# -- data files -------------------------------------------------------------------------------


def _matching(folder: Path, patterns: Iterable[str], dest: str) -> list[tuple[str, str]]:
    found = sorted(
        {path for pattern in patterns for path in folder.glob(pattern) if path.is_file()}
    )
    return [(str(path), dest) for path in found]


def _tree(folder: Path, dest: str) -> list[tuple[str, str]]:
    """Every file under ``folder`` (an asset tree), keeping its sub-folders."""
    if not folder.is_dir():
        return []
    return [
        (str(path), str(PurePosixPath(dest, *path.parent.relative_to(folder).parts)))
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.name != ".gitkeep"
    ]


def _required(pairs: list[tuple[str, str]], what: str) -> list[tuple[str, str]]:
    if not pairs:
        raise SystemExit(f"dealer_trainer.spec: no {what} found; is this a full checkout?")
    return pairs


def data_files(root: Path) -> list[tuple[str, str]]:
    """(source, destination folder) of every data file the frozen app reads.

    The destinations mirror the source tree, so ``importlib.resources`` and
    ``Path(__file__)`` lookups find them in the frozen app as in a checkout.
    """
    package = root / "dealer_trainer"
    rules, migrations = package / "rules", package / "storage" / "migrations"
    return [
        *_required(
            _matching(rules / "rulesets", ["*.toml"], "dealer_trainer/rules/rulesets"), "rulesets"
        ),
        *_required(
            _matching(rules / "texts", ["*.txt", "*.toml"], "dealer_trainer/rules/texts"),
            "official texts",
        ),
        *_required(
            _matching(package / "glossary", ["*.toml"], "dealer_trainer/glossary"), "glossary"
        ),
        # Alembic runs env.py and each version file from source, found by path.
        *_required(
            _matching(
                migrations, ["env.py", "script.py.mako"], "dealer_trainer/storage/migrations"
            ),
            "Alembic environment",
        ),
        *_required(
            _matching(
                migrations / "versions", ["*.py"], "dealer_trainer/storage/migrations/versions"
            ),
            "Alembic migrations",
        ),
        # The app's translations (committed; python -m dealer_trainer.i18n.build makes them).
        *_matching(package / "i18n", ["*.qm"], "dealer_trainer/i18n"),
        *_tree(root / "assets", "assets"),
        *_tree(package / "assets", "dealer_trainer/assets"),
    ]


# -- libraries only a dropped plugin needed ---------------------------------------------------


def orphaned_libraries(
    kept: Iterable[TocEntry], dropped: Iterable[TocEntry], imports: Callable[[str], Iterable[str]]
) -> set[str]:
    """Destination names of libraries reachable only from ``dropped`` entries.

    ``imports(source)`` gives the file names of the libraries a binary needs
    (directly or not).  A library needed by a dropped plugin and by nothing
    kept is an orphan; libraries that nothing needs (loaded with ``dlopen``)
    are left alone.
    """
    kept = list(kept)
    by_name = {_posix(dest).name: dest for dest, _, _ in kept}
    candidates: set[str] = set()
    for _, source, _ in dropped:
        candidates.update(by_name[name] for name in imports(source) if name in by_name)
    needed: set[str] = set()
    for dest, source, kind in kept:
        if dest in candidates or kind not in ("BINARY", "EXTENSION"):
            continue
        needed.update(by_name[name] for name in imports(source) if name in by_name)
    return candidates - needed


def without_dangling_links(entries: list[TocEntry], files: Iterable[TocEntry]) -> list[TocEntry]:
    """``entries`` less the ``SYMLINK`` entries whose target is no longer collected.

    PyInstaller links ``libQt6Core.so.6`` beside the executable to
    ``PySide6/Qt/lib/libQt6Core.so.6``; a pruned library must take its links along.
    """
    present = {_posix(dest).as_posix() for dest, _, kind in files if kind != "SYMLINK"}
    links = {
        _posix(dest).as_posix(): _target(dest, source)
        for dest, source, kind in entries
        if kind == "SYMLINK"
    }

    def resolves(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name in present:
            return True
        return name in links and name not in seen and resolves(links[name], seen | {name})

    return [
        entry for entry in entries if entry[2] != "SYMLINK" or resolves(_posix(entry[0]).as_posix())
    ]


def _target(dest: str, source: str) -> str:
    """The collected name a ``SYMLINK`` entry points at (its target is relative to its folder)."""
    parts: list[str] = []
    for part in (*_posix(dest).parent.parts, *_posix(source).parts):
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def elf_imports(source: str) -> list[str]:
    """File names of the shared libraries an ELF file needs, as ``ldd`` resolves them."""
    from PyInstaller.depend import bindepend  # type: ignore[import-untyped]  # noqa: PLC0415

    return [PurePosixPath(name).name for name, _ in bindepend.get_imports(source)]


# -- debug information --------------------------------------------------------------------------


def has_debug_info(source: str) -> bool:
    result = subprocess.run(
        ["readelf", "-S", "--wide", source], capture_output=True, text=True, check=False
    )
    return result.returncode == 0 and ".debug_info" in result.stdout


def _on_linux() -> bool:
    """A call, not a ``sys.platform`` test, so that mypy on Windows and macOS still checks
    the Linux-only code that follows it."""
    return sys.platform.startswith("linux")


def strip_debug_info(entries: list[TocEntry], workdir: Path) -> tuple[list[TocEntry], int]:
    """Linux: replace binaries that carry DWARF sections by stripped copies in ``workdir``.

    ``strip --strip-debug`` keeps every symbol (dynamic linking and tracebacks
    work as before).  Libraries vendored by auditwheel (``*.libs/``) are left
    untouched.  Returns the new entries and the bytes saved.
    """
    if not _on_linux() or shutil.which("strip") is None or shutil.which("readelf") is None:
        return entries, 0
    result, saved = [], 0
    for dest, source, kind in entries:
        vendored = any(part.endswith(".libs") for part in _posix(dest).parts[:-1])
        if kind in ("BINARY", "EXTENSION") and not vendored and has_debug_info(source):
            target = workdir / "stripped" / dest
            target.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["strip", "--strip-debug", "-o", str(target), source], check=True)
            saved += Path(source).stat().st_size - target.stat().st_size
            result.append((dest, str(target), kind))
        else:
            result.append((dest, source, kind))
    return result, saved
