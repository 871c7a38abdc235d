"""Rulesets as data: every file validates, every Interpretation is a documented setting,
and a malformed file is refused with a message naming the file and the key."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dealer_trainer.rules import rulesets as rulesets_module
from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import (
    Ruleset,
    default_ruleset,
    get_ruleset,
    load_house_ruleset,
    official_rulesets,
    parse_ruleset,
    resolve_ruleset,
    rulesets_for,
)

RULESET_DIR = Path(__file__).parents[2] / "dealer_trainer" / "rules" / "rulesets"
ROULETTE = (RULESET_DIR / "roulette-2003.toml").read_text(encoding="utf-8")


def test_every_ruleset_file_loads_and_names_its_source() -> None:
    rulesets = official_rulesets()
    assert "roulette-2003" in rulesets
    for ruleset in rulesets.values():
        assert ruleset.source and ruleset.title
        if ruleset.game == "sic_bo":  # a house pay table: no regulation's text on file
            assert ruleset.source_text is None
            assert ruleset.source.startswith("House pay table, not the regulation")
            continue
        assert ruleset.source_text is not None
        text = Path(RULESET_DIR.parent / "texts" / ruleset.source_text)
        assert text.is_file(), f"{ruleset.id}: official text {text.name} is not shipped"


def test_every_setting_is_documented_with_a_valid_default() -> None:
    for ruleset in official_rulesets().values():
        for setting in ruleset.settings.values():
            assert len(setting.description) > 40, f"{ruleset.id}: {setting.name} is undocumented"
            assert ruleset.values[setting.name] == setting.default
            if setting.interpretation:
                assert setting.citation is not None, f"{ruleset.id}: {setting.name} cites nothing"


def test_roulette_interpretations_of_the_digest_are_settings() -> None:
    ruleset = official_rulesets()["roulette-2003"]
    names = {s.name for s in ruleset.interpretations()}
    assert {
        "street_corner_order",
        "sector12_pay_group",
        "nine_number_definition",
        "zero_combinations",
        "wheel_order",
    } <= names
    assert ruleset.values["street_corner_order"] == "either"
    assert ruleset.values["nine_number_definition"] == "layout_block"


def _line_bet(payout_name: str) -> bool:
    """The bets craps-2010 itself regulates (Art. 2), odds included: they cite craps-2010."""
    return payout_name in {"pass", "dont_pass", "come", "dont_come"} or "_odds_" in payout_name


def test_every_payout_cites_an_article_of_its_own_ruleset() -> None:
    for ruleset in official_rulesets().values():
        for name, payout in ruleset.payouts.items():
            assert payout.ratio > 0
            cited = payout.citation.ruleset
            # craps-2010's Art. 6 (its payout table) is not on file: its other bets cite the
            # 1985 text they follow, as its notes say; every other payout cites its own text.
            borrowed = ruleset.id == "craps-2010" and cited == "craps-1985" and not _line_bet(name)
            assert cited == ruleset.id or borrowed, (ruleset.id, name, cited)


def test_one_default_ruleset_per_game() -> None:
    defaults = [r for r in official_rulesets().values() if r.is_default]
    assert len({r.game for r in defaults}) == len(defaults)


@pytest.mark.parametrize(
    ("change", "file_and_key"),
    [
        (lambda t: t.replace('ratio = "35"', 'ratio = "thirty-five"'), "payouts.straight.ratio"),
        (lambda t: t.replace('ratio = "17"', "ratio = 17"), "payouts.split.ratio"),
        (
            lambda t: t.replace('citation = "Art. 7(3)"', 'citation = "article three"'),
            "payouts.street.citation",
        ),
        (
            lambda t: t.replace('default = "either"', 'default = "sometimes"'),
            "settings.street_corner_order.default",
        ),
        (
            lambda t: t.replace('type = "choice"', 'type = "colour"', 1),
            "settings.street_corner_order.type",
        ),
        (lambda t: t.replace('game = "roulette"', 'game = "fan-tan"'), "game"),
        (lambda t: t.replace('id = "roulette-2003"\n', ""), "id"),
        (
            lambda t: t.replace("interpretation = true", "interpretation = 1", 1),
            "settings.street_corner_order.interpretation",
        ),
        (lambda t: t + "\n[payouts.broken\n", "not valid TOML"),
    ],
)
def test_malformed_ruleset_is_refused_naming_file_and_key(change, file_and_key: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RulesetError) as caught:
        parse_ruleset(change(ROULETTE), "house.toml")
    assert caught.value.code == "invalid_ruleset"
    assert caught.value.message.startswith("house.toml: ")
    assert file_and_key in caught.value.message


def test_house_ruleset_overrides_settings_of_its_base(tmp_path: Path) -> None:
    path = tmp_path / "grand-lisboa.toml"
    path.write_text(
        'id = "grand-lisboa-roulette"\nbase = "roulette-2003"\ntitle = "House roulette"\n'
        '[overrides]\nstreet_corner_order = "chinese"\n',
        encoding="utf-8",
    )
    house = load_house_ruleset(path)
    assert house.base == "roulette-2003"
    assert house.values["street_corner_order"] == "chinese"
    assert official_rulesets()["roulette-2003"].values["street_corner_order"] == "either"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('id = "roulette-2003"\nbase = "roulette-2003"\ntitle = "x"\n', "read-only"),
        ('id = "h"\nbase = "roulette-1975"\ntitle = "x"\n', "base"),
        (
            'id = "h"\nbase = "roulette-2003"\ntitle = "x"\n[overrides]\nwheel_order = "french"\n',
            "overrides.wheel_order",
        ),
        ('id = "h"\nbase = "roulette-2003"\ntitle = "x"\n[overrides]\nspeed = 3\n', "speed"),
    ],
)
def test_house_ruleset_errors_name_the_file_and_key(
    tmp_path: Path, body: str, message: str
) -> None:
    path = tmp_path / "house.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_house_ruleset(path)
    assert caught.value.message.startswith("house.toml")
    assert message in caught.value.message


def test_ruleset_request_forms() -> None:
    assert resolve_ruleset("roulette", None).id == "roulette-2003"
    assert resolve_ruleset("roulette", "roulette-2003").id == "roulette-2003"
    changed = resolve_ruleset("roulette", {"settings": {"wheel_order": "american_single_zero"}})
    assert changed.values["wheel_order"] == "american_single_zero"
    with pytest.raises(RulesetError, match="unknown keys"):
        resolve_ruleset("roulette", {"id": "roulette-2003", "house": "x"})


def test_citations_in_files_use_the_article_format() -> None:
    # "Art. 4", or "craps-1985 Art. 4" where a ruleset applies another one's article
    # (craps-2010 keeps the 1985 bets until its Art. 6 is on file); Citation.parse reads both.
    # Where the regulation is not on file (Sic Bo), the house's own basis, said so.
    pattern = re.compile(
        r'citation = "(([a-z0-9][a-z0-9-]* )?Art\. \d+(\(\d+\))*'
        r'|house (ruling|pay table|procedure): regulation not on file)"'
    )
    for path in RULESET_DIR.glob("*.toml"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("citation"):
                assert pattern.fullmatch(line), f"{path.name}: {line}"


def test_house_ruleset_cites_the_regulation_it_is_based_on(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'id = "house-roulette"\nbase = "roulette-2003"\ntitle = "x"\n', encoding="utf-8"
    )
    assert str(load_house_ruleset(path).cite(7, 1)) == "roulette-2003 Art. 7(1)"


def test_rules_error_propagates_through_context_managers() -> None:
    from contextlib import contextmanager

    from dealer_trainer.rules.errors import RulesError

    @contextmanager
    def guarded():  # type: ignore[no-untyped-def]
        yield

    with pytest.raises(RulesError) as caught, guarded():
        raise RulesError("illegal_bet", "No.", None)
    assert caught.value.code == "illegal_bet"
    assert caught.value.__traceback__ is not None


def test_docs_rulesets_md_is_the_description_of_the_shipped_rulesets() -> None:
    from dealer_trainer.rules.describe import describe

    document = Path(__file__).parents[2] / "docs" / "rulesets.md"
    expected = describe(official_rulesets().values())
    assert document.read_text(encoding="utf-8") == expected, (
        "docs/rulesets.md is stale: python -m dealer_trainer.rules.describe > docs/rulesets.md"
    )
    for ruleset in official_rulesets().values():
        for setting in ruleset.interpretations():
            assert f"`{setting.name}`" in expected


# ----------------------------------------------- loading one game at a time --


@pytest.fixture
def fresh_rulesets() -> Iterator[None]:
    """Forget the parsed files before and after the test (as a new process starts)."""
    rulesets_module._official_file.cache_clear()
    rulesets_module._official_names.cache_clear()
    official_rulesets.cache_clear()
    yield
    rulesets_module._official_file.cache_clear()
    rulesets_module._official_names.cache_clear()
    official_rulesets.cache_clear()


def _parsed_files(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []
    real = rulesets_module._ruleset_from_tables

    def spy(tables: dict[str, Any], file: str) -> Ruleset:
        parsed.append(file)
        return real(tables, file)

    monkeypatch.setattr(rulesets_module, "_ruleset_from_tables", spy)
    return parsed


@pytest.mark.usefixtures("fresh_rulesets")
def test_a_game_s_rulesets_load_without_parsing_the_other_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parsed = _parsed_files(monkeypatch)
    assert [r.id for r in rulesets_for("roulette")] == ["roulette-2003"]
    assert default_ruleset("roulette").id == "roulette-2003"
    assert parsed == ["roulette-2003.toml"]  # the start-up screen reads one file
    assert get_ruleset("craps-2010").game == "craps"
    assert parsed == ["roulette-2003.toml", "craps-2010.toml"]
    assert sorted(r.id for r in rulesets_for("craps")) == ["craps-1985", "craps-2010"]
    assert parsed == ["roulette-2003.toml", "craps-2010.toml", "craps-1985.toml"]
    official_rulesets()
    # every file parsed once, however it was asked for
    assert sorted(parsed) == sorted(path.name for path in RULESET_DIR.glob("*.toml"))


@pytest.mark.usefixtures("fresh_rulesets")
def test_a_ruleset_picked_later_is_the_one_loaded_with_all_the_others() -> None:
    one_by_one = {game: rulesets_for(game) for game in Game}
    defaults = {game: default_ruleset(game) for game in Game}
    by_id = {
        ruleset_id: get_ruleset(ruleset_id)
        for ruleset_id in (
            "baccarat-2004",
            "caribbean-stud-2004",
            "craps-1985",
            "craps-2010",
            "roulette-2003",
            "sic-bo-house",
        )
    }
    rulesets_module._official_file.cache_clear()
    official_rulesets.cache_clear()
    together = official_rulesets()  # every file parsed afresh, at once
    assert by_id == dict(together)
    for game in Game:
        assert one_by_one[game] == [r for r in together.values() if r.game == game]
        assert defaults[game] == next(
            r for r in together.values() if r.game == game and r.is_default
        )
    craps = by_id["craps-2010"]  # complete: payouts, settings and their values
    assert craps.payouts and craps.settings
    assert set(craps.values) == set(craps.settings)
    with pytest.raises(RulesetError) as caught:
        get_ruleset("craps-1999")
    assert caught.value.code == "unknown_ruleset"
    assert "craps-2010" in caught.value.message and "roulette-2003" in caught.value.message


@pytest.mark.usefixtures("fresh_rulesets")
def test_a_ruleset_file_must_be_named_after_its_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # rulesets_for() finds a game's files by their name: a file named otherwise is refused.
    (tmp_path / "wheel-2003.toml").write_text(
        ROULETTE.replace('id = "roulette-2003"', 'id = "wheel-2003"'), encoding="utf-8"
    )
    monkeypatch.setattr(rulesets_module, "_official_folder", lambda: tmp_path)
    with pytest.raises(RulesetError) as caught:
        official_rulesets()
    assert caught.value.message.startswith("wheel-2003.toml: id: ")
    assert "'roulette-'" in caught.value.message


@pytest.mark.parametrize(
    ("citation", "problem"),
    [
        ('"house rules: regulation not on file"', "not a house basis: 'house rules'"),
        ('"house ruling"', "not a citation: 'house ruling'"),
        ('"house ruling: see the manager"', "not a citation"),
    ],
)
def test_a_house_basis_cited_by_a_setting_is_read_exactly_or_refused_naming_its_key(
    citation: str, problem: str
) -> None:
    """A setting of a game whose regulation is not on file cites the house's basis in
    words (``house ruling: regulation not on file``); anything else is refused."""
    from dealer_trainer.rules.rulesets import parse_ruleset

    text = (RULESET_DIR / "sic-bo-house.toml").read_text(encoding="utf-8")
    text = text.replace('"house ruling: regulation not on file"', citation, 1)
    with pytest.raises(RulesetError, match=r"sic-bo-house.toml: settings\.die_not_flat\.citation"):
        parse_ruleset(text, "sic-bo-house.toml")
    with pytest.raises(RulesetError, match=re.escape(problem)):
        parse_ruleset(text, "sic-bo-house.toml")
