"""Issue 7: no visible string is left untranslated in Traditional Chinese or Portuguese."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from dealer_trainer.i18n.build import ts_file

PLACEHOLDERS = re.compile(r"\{[a-z_]+\}|%n|%\d")


def _messages(code: str) -> list[tuple[str, str, ET.Element]]:
    root = ET.parse(ts_file(code)).getroot()
    found = []
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found.append((name, message.findtext("source") or "", message))
    return found


@pytest.mark.parametrize("code", ["zh_Hant", "pt"])
def test_every_message_is_translated(code: str) -> None:
    missing = []
    for context, source, message in _messages(code):
        translation = message.find("translation")
        assert translation is not None
        if translation.get("type") in ("unfinished", "vanished", "obsolete"):
            missing.append(f"[{context}] {source}")
        elif message.get("numerus") == "yes":
            if not any((form.text or "").strip() for form in translation.iter("numerusform")):
                missing.append(f"[{context}] {source}")
        elif not (translation.text or "").strip():
            missing.append(f"[{context}] {source}")
    assert not missing, f"{len(missing)} untranslated in {code}: " + "; ".join(missing[:10])


def test_english_says_one_and_many_in_words() -> None:
    """A message with a count (``%n``) reads "1 trainee" and "2 trainees" in English only
    from the English catalogue: its source ("%n trainee(s)") is never shown."""
    missing = []
    for context, source, message in _messages("en"):
        if message.get("numerus") != "yes":
            continue
        translation = message.find("translation")
        forms = [] if translation is None else list(translation.iter("numerusform"))
        texts = [(form.text or "").strip() for form in forms]
        if len(texts) != 2 or not all(texts) or any("(s)" in text for text in texts):
            missing.append(f"[{context}] {source}")
    assert not missing, "; ".join(missing)


@pytest.mark.parametrize("code", ["zh_Hant", "pt"])
def test_translations_keep_every_placeholder(code: str) -> None:
    broken = []
    for context, source, message in _messages(code):
        translation = message.find("translation")
        text = "" if translation is None else "".join(translation.itertext())
        if sorted(PLACEHOLDERS.findall(source)) != sorted(set(PLACEHOLDERS.findall(text)) | set()):
            wanted = set(PLACEHOLDERS.findall(source))
            if wanted != set(PLACEHOLDERS.findall(text)):
                broken.append(f"[{context}] {source!r} -> {text!r}")
    assert not broken, "; ".join(broken[:10])


def test_chinese_is_traditional() -> None:
    simplified = set("们这个时说国来对会过发应让进还关开专无门问题间实现报页数")
    offenders = []
    for context, source, message in _messages("zh_Hant"):
        translation = message.find("translation")
        text = "" if translation is None else "".join(translation.itertext())
        if context == "felt":
            continue
        if simplified & set(text):
            offenders.append(f"{source!r} -> {text!r}")
    assert not offenders, "; ".join(offenders[:10])
