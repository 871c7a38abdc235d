"""The translations and the glossary cannot drift apart.

The bets' names are declared once, in the glossary, with their Portuguese and Chinese;
``python -m dealer_trainer.i18n.build`` writes them into the ``.ts`` files. The committed
``.ts`` must hold exactly the glossary's words, and a few terms (``everywhere = true``) are
said with the glossary's word in every message that names them.
"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dealer_trainer.glossary import glossary, occurs, term
from dealer_trainer.i18n import build
from dealer_trainer.i18n.build import ts_file, write_glossary
from dealer_trainer.rules.sic_bo.bets import BetKind as SicBoKind
from dealer_trainer.rules.sic_bo.bets import Spot, spot_name

TRANSLATED = ("pt", "zh_Hant")


def _translations(path: Path) -> dict[tuple[str, str], tuple[str, str | None]]:
    """(context, source) → (translation, its type: None when finished)."""
    found = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            text = "" if translation is None else "".join(translation.itertext())
            kind = None if translation is None else translation.get("type")
            found[(name, message.findtext("source") or "")] = (text, kind)
    return found


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_bet_names_translation_is_the_glossarys(code: str) -> None:
    """Run ``python -m dealer_trainer.i18n.build`` after changing the glossary."""
    found = _translations(ts_file(code))
    wrong = []
    for name in glossary().names():
        text, kind = found.get(("", name.source), ("(missing)", None))
        if text != name.patterns[code] or kind is not None:
            wrong.append(f"{name.source!r}: {text!r}, the glossary says {name.patterns[code]!r}")
    assert not wrong, wrong


def test_no_bet_name_is_left_in_the_old_bets_context() -> None:
    """The felt's names were a second declaration (context ``bets``): translators saw each
    name twice. Only the ratios are left there."""
    found = _translations(ts_file("pt"))
    assert sorted(source for context, source in found if context == "bets") == [
        "%1 to %2",
        "%1 to 1",
    ]


@pytest.mark.parametrize("code", TRANSLATED)
def test_terms_said_everywhere_use_the_glossarys_words(code: str) -> None:
    """The marker is the «indicador» (roulette Art. 4) and a Caribbean Stud box a «posição»
    (門, Art. 2) in every message that names them, not in the glossary alone."""
    found = _translations(ts_file(code))
    offenders = []
    for entry in glossary().terms:
        if code not in entry.everywhere:
            continue
        english = "|".join(re.escape(form) for form in entry.written_forms("en"))
        said = re.compile(rf"(?i)\b(?:{english})\b")
        for (context, source), (text, _kind) in found.items():
            if context == "felt" or not said.search(source):
                continue
            if not any(occurs(form, text) for form in entry.written_forms(code)):
                offenders.append(f"[{context}] {source!r} -> {text!r}")
    assert not offenders, offenders


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_rules_cores_sic_bo_names_use_the_glossarys_words(code: str) -> None:
    """The rules core (below the glossary) names Sic Bo's spots in its rulings ("total 9"):
    their translations say the glossary's words."""
    found = _translations(ts_file(code))
    wrong = []
    for kind in SicBoKind:
        numbers = (2, 5) if kind.takes_numbers else (4,) if kind.takes_number else ()
        text = spot_name(Spot(kind, numbers))
        word = term(f"sic_bo.{kind.value}").word(code)
        translated, _kind = found[("", text.source)]
        if not occurs(word, translated):
            wrong.append(f"{text.source!r} -> {translated!r}, not {word!r}")
    assert not wrong, wrong


def test_the_build_writes_the_glossarys_names_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stale translation of a name is put right, a name missing from the .ts is added
    (finished, with a note sending translators to the glossary), the other messages stay
    as they were, and a second run changes nothing."""
    ts = tmp_path / "ts"
    ts.mkdir()
    shutil.copy(ts_file("pt"), ts / ts_file("pt").name)
    monkeypatch.setattr(build, "TS_DIR", ts)
    path = ts / ts_file("pt").name
    text = path.read_text(encoding="utf-8")
    stale = "<source>Split {shown}</source>"
    assert text.count(stale) == 1
    text = re.sub(
        r"(<source>Split \{shown\}</source>\n(?:.*\n)*?\s*)<translation>[^<]*</translation>",
        r'\1<translation type="unfinished">Quadro {shown}</translation>',
        text,
        count=1,
    )
    red = r"    <message>\n(?:        <[^\n]*\n)*?        <source>Red</source>\n"
    text = re.sub(red + r"(?:.*\n)*?    </message>\n", "", text, count=1)
    path.write_text(text, encoding="utf-8")
    before = _translations(path)
    assert before[("", "Split {shown}")] == ("Quadro {shown}", "unfinished")
    assert ("", "Red") not in before

    write_glossary("pt")
    after = _translations(path)
    assert after[("", "Split {shown}")] == ("Cavalo {shown}", None)
    assert after[("", "Red")] == ("Encarnado", None)
    assert {k: v for k, v in after.items() if k[1] not in ("Split {shown}", "Red")} == {
        k: v for k, v in before.items() if k[1] != "Split {shown}"
    }
    assert "glossary" in path.read_text(encoding="utf-8").split("<source>Red</source>")[1][:200]
    once = path.read_text(encoding="utf-8")
    write_glossary("pt")
    assert path.read_text(encoding="utf-8") == once
