"""Build the translations: ``python -m dealer_trainer.i18n.build``.

1. ``pyside6-lupdate`` reads every Python file of the package and updates
   ``ts/dealer_trainer_<lang>.ts`` (``T(...)`` of the drills engine is read as an
   alias of ``QT_TR_NOOP``);
2. the bets' names of the glossary (``dealer_trainer/glossary/terms.toml``, their one home)
   are written into each ``.ts`` with their Portuguese and Chinese from there: a name's
   translation is changed in the glossary, never in the ``.ts``;
3. ``pyside6-lrelease`` compiles each ``.ts`` into ``dealer_trainer_<lang>.qm``.

``--check`` builds into a temporary folder and fails if the committed ``.qm``
files differ (the test suite runs it).
"""

from __future__ import annotations

import argparse
import filecmp
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape, unescape

from dealer_trainer.i18n import CODES, SOURCE_LANGUAGE

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
TS_DIR = HERE / "ts"
ALIAS = "QT_TR_NOOP+=T"


def ts_file(code: str) -> Path:
    return TS_DIR / f"dealer_trainer_{code}.ts"


def qm_file(code: str, folder: Path = HERE) -> Path:
    return folder / f"dealer_trainer_{code}.qm"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not on PATH: install PySide6 (pip install PySide6-Essentials)")
    return found


def sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def update_ts() -> None:
    """Refresh the .ts sources from the code (keeps existing translations)."""
    TS_DIR.mkdir(exist_ok=True)
    files = [str(p) for p in sources()]
    for code in CODES:
        args = [
            _tool("pyside6-lupdate"),
            *files,
            "-tr-function-alias",
            ALIAS,
            "-locations",
            "relative",
            "-no-obsolete",
            "-ts",
            str(ts_file(code)),
        ]
        if code != SOURCE_LANGUAGE:
            args += ["-target-language", code]
        else:
            args += ["-source-language", "en", "-target-language", "en"]
        subprocess.run(args, check=True, capture_output=True, text=True)


#: What a translator reads beside a name written from the glossary.
GLOSSARY_NOTE = (
    "A bet's name from the glossary (dealer_trainer/glossary/terms.toml): change its words "
    "there; python -m dealer_trainer.i18n.build writes them here."
)
_EMPTY_CONTEXT = re.compile(r"<context>\n    <name></name>\n(.*?)</context>\n", re.S)
_MESSAGE = re.compile(r"    <message>\n(.*?)    </message>\n", re.S)
_SOURCE = re.compile(r"<source>(.*?)</source>", re.S)
_LOCATION = re.compile(r"        <location [^>]*/>\n")
_ENTITIES = {"'": "&apos;", '"': "&quot;"}


def glossary_names() -> dict[str, dict[str, str]]:
    """Each bet name's English source and its words by language (``en``, ``pt``,
    ``zh_Hant``), from the glossary."""
    from dealer_trainer.glossary import glossary  # noqa: PLC0415 (the build only)

    return {name.source: dict(name.patterns) for name in glossary().names()}


def _glossary_message(source: str, words: dict[str, str], code: str, locations: str) -> str:
    translation = (
        '<translation type="unfinished"></translation>'
        if code == SOURCE_LANGUAGE
        else f"<translation>{escape(words[code], _ENTITIES)}</translation>"
    )
    return (
        "    <message>\n"
        f"{locations}"
        f"        <source>{escape(source, _ENTITIES)}</source>\n"
        f"        <extracomment>{escape(GLOSSARY_NOTE, _ENTITIES)}</extracomment>\n"
        f"        {translation}\n"
        "    </message>\n"
    )


def write_glossary(code: str, names: dict[str, dict[str, str]] | None = None) -> None:
    """Write the glossary's bet names into ``code``'s ``.ts`` (context ``""``, the context of
    every ``T(...)`` sentence): each with the glossary's translation, marked finished, and a
    note that sends a translator to the glossary. A name lupdate no longer finds in the code
    (it is declared in the glossary only) is added again at the end of the context."""
    names = glossary_names() if names is None else names
    path = ts_file(code)
    text = path.read_text(encoding="utf-8")
    context = _EMPTY_CONTEXT.search(text)
    if context is None:
        raise SystemExit(f"{path.name}: no context for the T(...) sentences")
    written: set[str] = set()

    def rewrite(message: re.Match[str]) -> str:
        found = _SOURCE.search(message[1])
        source = unescape(found[1], {v: k for k, v in _ENTITIES.items()}) if found else None
        if source not in names:
            return message[0]
        assert source is not None
        written.add(source)
        locations = "".join(_LOCATION.findall(message[1]))
        return _glossary_message(source, names[source], code, locations)

    body = _MESSAGE.sub(rewrite, context[1])
    body += "".join(
        _glossary_message(source, words, code, "")
        for source, words in names.items()
        if source not in written
    )
    path.write_text(text[: context.start(1)] + body + text[context.end(1) :], encoding="utf-8")


def release(folder: Path = HERE) -> list[Path]:
    """Compile each catalogue beside its target, then move it into place: a running app
    (or test run) maps the old ``.qm`` into memory, and a file rewritten under it ends that
    process with a bus error; a rename leaves the old file's pages to it."""
    built = []
    for code in CODES:
        target = qm_file(code, folder)
        fresh = target.with_name(target.name + ".new")
        subprocess.run(
            [_tool("pyside6-lrelease"), str(ts_file(code)), "-qm", str(fresh)],
            check=True,
            capture_output=True,
            text=True,
        )
        fresh.replace(target)
        built.append(target)
    return built


def check() -> list[str]:
    """The .qm files that are missing or differ from a fresh build of the .ts sources."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = release(Path(tmp))
        return [
            path.name
            for path in fresh
            if not qm_file(path.stem.removeprefix("dealer_trainer_")).is_file()
            or not filecmp.cmp(
                path, qm_file(path.stem.removeprefix("dealer_trainer_")), shallow=False
            )
        ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail if the .qm files are stale")
    parser.add_argument("--no-update", action="store_true", help="compile the .ts as they are")
    args = parser.parse_args(argv)
    if args.check:
        stale = check()
        if stale:
            print("stale translations, run python -m dealer_trainer.i18n.build:", *stale)
            return 1
        return 0
    if not args.no_update:
        update_ts()
        for code in CODES:
            write_glossary(code)
    for path in release():
        print(path.relative_to(PACKAGE.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
