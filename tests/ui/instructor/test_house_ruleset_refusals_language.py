"""A refused house ruleset file reads in the window's language (it was English in every
language): the rules' sentence (``RulesError.text``) is carried by ``HouseRulesetError`` and
translated by ``problem_text`` with the app's own catalogues; the file name, the keys and
the values stay as typed, the line and column of a TOML error are kept, and the English
(``str(error)``, ``exc.message``, the CLI's) is word for word what it was."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import read_house_file
from dealer_trainer.storage import Store
from dealer_trainer.storage.house_rulesets import (
    HouseRulesetError,
    StoredHouseRuleset,
    add_house_ruleset,
    kept_house_rulesets,
    usable_house_rulesets,
)
from dealer_trainer.ui.instructor.house_rulesets import HouseRulesetsPanel
from dealer_trainer.ui.kit.language import LanguageManager, problem_text, text_in_language

FILE = "grand-lisboa.toml"
HEAD = 'id = "grand-lisboa-roulette"\nbase = "roulette-2003"\ntitle = "Grand Lisboa roulette"\n'
STUD = 'id = "grand-lisboa-stud"\nbase = "caribbean-stud-2004"\ntitle = "Grand Lisboa stud"\n'
SETTINGS = (
    "street_corner_order, sector12_pay_group, nine_number_definition, zero_combinations, "
    "wheel_order, payout_rounding, table_pace_beginner, table_pace_intermediate, "
    "table_pace_advanced"
)

#: A bad file → (English as before, Portuguese, Chinese) as the window shows them.
REFUSALS = {
    "a missing key": (
        'id = "grand-lisboa-roulette"\nbase = "roulette-2003"\n',
        "grand-lisboa.toml: title: is missing.",
        "grand-lisboa.toml: title: falta no ficheiro.",
        "grand-lisboa.toml: title：缺少此項。",
    ),
    "a wrong type": (
        HEAD.replace('"Grand Lisboa roulette"', "1979-05-27"),
        "grand-lisboa.toml: title: expected a string, got 1979-05-27.",
        "grand-lisboa.toml: title: devia ser um texto, e não 1979-05-27.",
        "grand-lisboa.toml: title：應為字串，而非1979-05-27。",
    ),
    "a table where a list is": (
        HEAD + "overrides = [1, 2]\n",
        "grand-lisboa.toml: overrides: expected a table, got a list.",
        "grand-lisboa.toml: overrides: devia ser uma tabela, e não uma lista.",
        "grand-lisboa.toml: overrides：應為表格，而非列表。",
    ),
    "an unknown override setting": (
        HEAD + '[overrides]\nzero_rul = "half"\n',
        f"grand-lisboa.toml: overrides.zero_rul: is not a setting of roulette-2003 "
        f"(its settings: {SETTINGS}).",
        f"grand-lisboa.toml: overrides.zero_rul: não é uma definição de roulette-2003 "
        f"(as suas definições: {SETTINGS}).",
        f"grand-lisboa.toml: overrides.zero_rul：不是 roulette-2003 的設定"
        f"（其設定為：{SETTINGS}）。",
    ),
    "a value out of range": (
        STUD + "[overrides]\nroyal_flush_pays = 1000\n",
        "grand-lisboa.toml: overrides.royal_flush_pays: royal_flush_pays must be at most 100, "
        "not 1000.",
        "grand-lisboa.toml: overrides.royal_flush_pays: royal_flush_pays tem de ser no máximo "
        "100, não 1000.",
        "grand-lisboa.toml: overrides.royal_flush_pays：royal_flush_pays 最多為 100，而非 1000。",
    ),
    "a choice not offered, as typed": (
        HEAD + '[overrides]\nstreet_corner_order = "Chinese"\n',
        "grand-lisboa.toml: overrides.street_corner_order: street_corner_order must be one of "
        'either, portuguese, chinese, not "Chinese".',
        "grand-lisboa.toml: overrides.street_corner_order: street_corner_order tem de ser um "
        'dos valores either, portuguese, chinese, não "Chinese".',
        "grand-lisboa.toml: overrides.street_corner_order：street_corner_order 須為 either, "
        'portuguese, chinese 之一，而非 "Chinese"。',
    ),
    "an amount that is not whole cents": (
        STUD + "[overrides]\nmax_payout_per_round = 1000.105\n",
        "grand-lisboa.toml: overrides.max_payout_per_round: max_payout_per_round is an amount "
        "of money, in whole cents (0.01), not 1000.105.",
        "grand-lisboa.toml: overrides.max_payout_per_round: max_payout_per_round é uma quantia "
        "em dinheiro, em cêntimos inteiros (0.01), não 1000.105.",
        "grand-lisboa.toml: overrides.max_payout_per_round：max_payout_per_round 是金額，"
        "須以整仙計（0.01），而非 1000.105。",
    ),
    "a TOML syntax error": (
        HEAD + "[overrides]\nstreet_corner_order chinese\n",
        "grand-lisboa.toml: not valid TOML: Expected '=' after a key in a key/value pair "
        "(at line 5, column 21).",
        "grand-lisboa.toml: não é TOML válido na linha 5, coluna 21 (Expected '=' after a key "
        "in a key/value pair).",
        "grand-lisboa.toml：第 5 行第 21 欄不是有效的 TOML（Expected '=' after a key in a "
        "key/value pair）。",
    ),
    "a TOML error at the end of the file": (
        HEAD + 'x = "abc',
        "grand-lisboa.toml: not valid TOML: Unterminated string (at end of document).",
        "grand-lisboa.toml: não é TOML válido no fim do ficheiro (Unterminated string).",
        "grand-lisboa.toml：檔案末尾不是有效的 TOML（Unterminated string）。",
    ),
    "a chip not in the set": (
        HEAD + '[chips]\ndefault = ["5", "25", "100"]\nbeginner = ["5", "10"]\n',
        'grand-lisboa.toml: chips.beginner[1]: "10" is not a chip of the set (5, 25, 100).',
        'grand-lisboa.toml: chips.beginner[1]: "10" não é uma ficha do conjunto (5, 25, 100).',
        'grand-lisboa.toml: chips.beginner[1]："10" 不是這套籌碼中的籌碼（5, 25, 100）。',
    ),
    "a bad currency in [chips]": (
        HEAD + '[chips]\ncurrency = "mop"\n',
        'grand-lisboa.toml: chips.currency: is a currency code such as "HKD" or "MOP", not "mop".',
        'grand-lisboa.toml: chips.currency: é um código de moeda, como «HKD» ou «MOP», não "mop".',
        'grand-lisboa.toml: chips.currency：須為貨幣代碼，例如「HKD」或「MOP」，而非 "mop"。',
    ),
    "a file too long": (
        HEAD + "# " + "x" * 70_000 + "\n",
        "grand-lisboa.toml: has 70,087 characters; a house ruleset file has at most 64,000.",
        "grand-lisboa.toml: tem 70.087 caracteres; um ficheiro de regras da casa tem no máximo "
        "64.000.",
        "grand-lisboa.toml：有 70,087 個字元；賭場規則集檔案最多 64,000 個字元。",
    ),
}


@pytest.fixture
def languages(qapp: object, tmp_path: Path) -> Iterator[LanguageManager]:
    """The app's own catalogues, switched as the View menu does; English again after."""
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    yield manager
    manager.set_language("en", remember=False)


def _refusal(store: Store, text: str) -> HouseRulesetError:
    session = store.create_first_instructor("Mrs Wong", "a long password")
    with pytest.raises(HouseRulesetError) as caught:
        add_house_ruleset(store, session, text, FILE)
    assert kept_house_rulesets(store) == []
    return caught.value


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_refused_house_file_reads_in_portuguese_and_chinese_and_english_is_unchanged(
    case: str, empty_store: Store, languages: LanguageManager
) -> None:
    text, english, portuguese, chinese = REFUSALS[case]
    refused = _refusal(empty_store, text)
    assert str(refused) == english  # the CLI and the logs: the very words of before
    assert refused.text is not None and refused.text.english() == english
    languages.set_language("pt", remember=False)
    assert problem_text(refused) == portuguese
    languages.set_language("zh_Hant", remember=False)
    assert problem_text(refused) == chinese
    languages.set_language("en", remember=False)
    assert problem_text(refused) == english


def test_a_file_that_is_not_utf8_is_refused_in_the_window_s_language(
    tmp_path: Path, languages: LanguageManager
) -> None:
    path = tmp_path / "big5.toml"
    path.write_bytes(HEAD.replace("Grand Lisboa", "葡京").encode("big5"))
    with pytest.raises(RulesetError) as caught:
        read_house_file(path)
    assert caught.value.message == "big5.toml: is not UTF-8 text (byte 62): save it as UTF-8."
    languages.set_language("pt", remember=False)
    assert problem_text(caught.value) == (
        "big5.toml: não é texto UTF-8 (byte 62): guarde-o como UTF-8."
    )
    languages.set_language("zh_Hant", remember=False)
    assert (
        problem_text(caught.value)
        == "big5.toml：不是 UTF-8 文字（第 62 個位元組）：請以 UTF-8 儲存。"
    )


def test_the_panel_says_the_refusal_in_the_window_s_language(
    qtbot: QtBot, empty_store: Store, tmp_path: Path, languages: LanguageManager
) -> None:
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    languages.set_language("pt", remember=False)
    panel = HouseRulesetsPanel(empty_store, empty_store.instructor(session))
    qtbot.addWidget(panel)
    path = tmp_path / FILE
    path.write_text(HEAD + '[overrides]\nzero_rul = "half"\n', encoding="utf-8")
    assert not panel.add_file(path)
    assert panel.message.text() == (
        "O ficheiro foi recusado: grand-lisboa.toml: overrides.zero_rul: não é uma definição "
        f"de roulette-2003 (as suas definições: {SETTINGS})."
    )
    languages.set_language("zh_Hant", remember=False)
    path.write_bytes(HEAD.replace("Grand Lisboa", "葡京").encode("big5"))
    assert not panel.add_file(path)  # refused by read_house_file, before storage
    assert panel.message.text() == (
        "檔案不獲接納：grand-lisboa.toml：不是 UTF-8 文字（第 62 個位元組）：請以 UTF-8 儲存。"
    )
    assert panel.table.rowCount() == 0


def test_a_kept_version_this_app_cannot_use_is_said_in_the_window_s_language(
    empty_store: Store, languages: LanguageManager, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = StoredHouseRuleset(
        ruleset_id="grand-lisboa-stud",
        version=2,
        game="roulette",
        base="roulette-2003",
        title="Grand Lisboa roulette",
        file_name=FILE,
        text=HEAD,
        sha256="",
        added_by="Mrs Wong",
        added_at=datetime(2026, 1, 5, tzinfo=UTC),
    )
    monkeypatch.setattr(
        "dealer_trainer.storage.house_rulesets.kept_house_rulesets", lambda _store, **_: [kept]
    )
    house, [problem] = usable_house_rulesets(empty_store)
    assert house == []
    assert problem.english() == (
        "The house ruleset 'Grand Lisboa roulette' (version 2) cannot be used by this version "
        "of the app: grand-lisboa.toml: id: the kept text names 'grand-lisboa-roulette', "
        "not 'grand-lisboa-stud'."
    )
    languages.set_language("pt", remember=False)
    assert text_in_language(problem) == (
        "As regras da casa 'Grand Lisboa roulette' (versão 2) não podem ser usadas por esta "
        "versão da aplicação: grand-lisboa.toml: id: o texto guardado indica "
        "'grand-lisboa-roulette', não 'grand-lisboa-stud'."
    )
    languages.set_language("zh_Hant", remember=False)
    assert text_in_language(problem) == (
        "賭場規則集 'Grand Lisboa roulette'（第 2 版）不能在此版本的本程式中使用："
        "grand-lisboa.toml: id：保存的內容寫的是 'grand-lisboa-roulette'，"
        "而非 'grand-lisboa-stud'。"
    )


def test_a_file_handed_over_as_bytes_is_refused_in_the_window_s_language(
    empty_store: Store, languages: LanguageManager
) -> None:
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    with pytest.raises(HouseRulesetError) as caught:
        add_house_ruleset(empty_store, session, HEAD.encode(), FILE)  # type: ignore[arg-type]
    assert str(caught.value) == "grand-lisboa.toml: is not text."
    languages.set_language("pt", remember=False)
    assert problem_text(caught.value) == "grand-lisboa.toml: não é texto."
    languages.set_language("zh_Hant", remember=False)
    assert problem_text(caught.value) == "grand-lisboa.toml：不是文字。"


def test_the_refusal_shown_follows_a_switch_of_language_with_the_panel(
    qtbot: QtBot, empty_store: Store, tmp_path: Path, languages: LanguageManager
) -> None:
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    add_house_ruleset(empty_store, session, HEAD, "kept.toml")
    panel = HouseRulesetsPanel(empty_store, empty_store.instructor(session))
    qtbot.addWidget(panel)
    path = tmp_path / FILE
    path.write_text(STUD + "[overrides]\nroyal_flush_pays = 1000\n", encoding="utf-8")
    assert not panel.add_file(path)
    assert panel.message.text() == (
        "The file was refused: grand-lisboa.toml: overrides.royal_flush_pays: "
        "royal_flush_pays must be at most 100, not 1000."
    )
    languages.set_language("zh_Hant", remember=False)  # the View menu's switch, live
    chinese = (
        "檔案不獲接納：grand-lisboa.toml: overrides.royal_flush_pays："
        "royal_flush_pays 最多為 100，而非 1000。"
    )
    qtbot.waitUntil(lambda: panel.message.text() == chinese)  # LanguageChange is posted
    assert panel.add_button.text() == "加入賭場規則集檔案(&A)…"
    assert panel.table.horizontalHeaderItem(0).text() == "名稱"
    assert panel.table.item(0, 1).text() == "輪盤"  # the game, as the rows were read
    languages.set_language("pt", remember=False)
    qtbot.waitUntil(
        lambda: (
            panel.message.text()
            == (
                "O ficheiro foi recusado: grand-lisboa.toml: overrides.royal_flush_pays: "
                "royal_flush_pays tem de ser no máximo 100, não 1000."
            )
        )
    )
    assert panel.add_button.text() == "&Acrescentar um ficheiro de regras da casa…"
