"""The translations use the regulations' own words for the games' things.

Roulette (Despacho 30/2003): each dozen has its own name, 小, 中 or 大十二門 (Art. 7(7)),
«pequeno», «médio», «grande» (Art. 6(9)-(11)); the marker is the «indicador» (Art. 4).
Caribbean Stud (Despacho 61/2004): the progressive is 累進大獎 (Art. 5); a player's box is
no «casa», which also means the house. Craps: one Chinese term for a throw that does not count.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from dealer_trainer.i18n.build import ts_file


def _translations(code: str) -> dict[tuple[str, str], str]:
    root = ET.parse(ts_file(code)).getroot()
    found = {}
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            text = "" if translation is None else "".join(translation.itertext())
            found[(name, message.findtext("source") or "")] = text
    return found


def test_roulette_art7_7_each_dozen_has_its_own_chinese_and_portuguese_name() -> None:
    """Declared once, in the glossary: the one message of each dozen's name."""
    context = ""
    zh, pt = _translations("zh_Hant"), _translations("pt")
    for source, chinese, portuguese in [
        ("Dozen 1 (1–12)", "小十二門", "Pequeno"),
        ("Dozen 2 (13–24)", "中十二門", "Médio"),
        ("Dozen 3 (25–36)", "大十二門", "Grande"),
    ]:
        assert zh[(context, source)].startswith(chinese), zh[(context, source)]
        assert pt[(context, source)].startswith(portuguese), pt[(context, source)]
    assert not [t for t in zh.values() if "小中大" in t]


def test_caribbean_stud_art5_the_progressive_is_named_as_the_text_names_it() -> None:
    offenders = [t for t in _translations("zh_Hant").values() if re.search("累積獎|累進獎", t)]
    assert not offenders, offenders[:5]


def test_caribbean_stud_art2_a_box_is_not_the_house_in_portuguese() -> None:
    pt = _translations("pt")
    boxes = {(c, s): t for (c, s), t in pt.items() if re.search(r"\b[Bb]ox(es)?\b", s)}
    assert boxes
    offenders = [f"{s!r} -> {t!r}" for (_c, s), t in boxes.items() if re.search(r"\bcasas?\b", t)]
    # "paid by the house" is the house's: a box is never «casa» beside it
    offenders = [o for o in offenders if "pela casa" not in o or re.search(r"[Cc]asa \{", o)]
    assert not offenders, offenders[:5]


def test_roulette_art4_the_marker_is_the_indicador_in_portuguese() -> None:
    pt = _translations("pt")
    markers = [t for (_c, s), t in pt.items() if re.search(r"\bmarker\b", s)]
    assert markers and all("indicador" in t and "marcador" not in t for t in markers), markers
    # craps's puck is no roulette marker: it is not the indicador
    pucks = [t for (_c, s), t in pt.items() if re.search(r"\bpuck\b", s)]
    assert pucks and not [t for t in pucks if "indicador" in t], pucks


def test_craps_art1_one_chinese_term_for_no_roll_and_no_slang_for_any_craps() -> None:
    zh = _translations("zh_Hant")
    calls = [t for (_c, s), t in zh.items() if "no roll" in s.lower()]
    assert calls and all("無效擲骰" in t for t in calls), calls
    assert not [t for t in zh.values() if "垃圾" in t or "不算" in t]
