"""House ruleset files (issue 16): every bad file refused at once naming the file and the key,
never a traceback; a good one (Notepad's BOM included) is its own ruleset over its base.

Every case here failed on the code before issue 16: a ``ValueError`` or ``RecursionError``
out of the loader, a key silently ignored, a float amount made binary, a 0.001 cap, an id
like ``../x``, or ``royal_flush_pays = "1e1000000"`` refused only after a minute and a half.
"""

from __future__ import annotations

import os
import string
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.craps.config import CrapsRules
from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import (
    HOUSE_KEYS,
    SHIPPED,
    RulesetRegistry,
    get_ruleset,
    house_version,
    load_house_ruleset,
    official_rulesets,
    parse_house_ruleset,
    read_house_file,
)
from dealer_trainer.rules.text import Text

HEAD = 'id = "grand-lisboa-roulette"\nbase = "roulette-2003"\ntitle = "Grand Lisboa roulette"\n'
STUD = 'id = "grand-lisboa-stud"\nbase = "caribbean-stud-2004"\ntitle = "Grand Lisboa stud"\n'
CRAPS = 'id = "grand-lisboa-craps"\nbase = "craps-1985"\ntitle = "Grand Lisboa craps"\n'


def refused(text: str, file: str = "house.toml") -> str:
    """The message a house file is refused with (it must be a RulesetError, naming the file,
    and a sentence to translate whose English is the message)."""
    with pytest.raises(RulesetError) as caught:
        parse_house_ruleset(text, file, official_rulesets())
    message = caught.value.message
    assert caught.value.code == "invalid_ruleset", message
    assert caught.value.text is not None, f"not translatable: {message}"
    assert caught.value.text.english() == message
    assert message.startswith(f"{file}: "), message
    for python in ("Decimal(", "datetime.", "Traceback", "<class"):
        assert python not in message, message
    return message


# ------------------------------------------------------------- good files --


def test_house_ruleset_is_its_own_ruleset_over_its_base() -> None:
    house = parse_house_ruleset(
        HEAD + '[overrides]\nstreet_corner_order = "chinese"\n', "h.toml", official_rulesets()
    )
    assert house.id == "grand-lisboa-roulette"  # before issue 16: the base's id
    assert house.base == "roulette-2003" and house.game == "roulette"
    assert house.title == "Grand Lisboa roulette"
    assert house.choice("street_corner_order") == "chinese"
    assert house_version(house, 3).id == "grand-lisboa-roulette@3"


def test_house_ruleset_file_written_by_notepad_with_a_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "grand-lisboa.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HEAD.replace("\n", "\r\n").encode("utf-8"))
    assert load_house_ruleset(path).id == "grand-lisboa-roulette"
    # and as text handed over with its BOM (a file read as plain UTF-8)
    house = parse_house_ruleset("\ufeff" + HEAD, "h.toml", official_rulesets())
    assert house.id == "grand-lisboa-roulette"


def test_house_ruleset_may_name_its_game_when_it_is_the_base_s() -> None:
    house = parse_house_ruleset(HEAD + 'game = "roulette"\n', "h.toml", official_rulesets())
    assert house.game == "roulette"


def test_caribbean_stud_art9_5_7_a_float_cap_is_the_amount_as_written() -> None:
    house = parse_house_ruleset(
        STUD + "[overrides]\nmax_payout_per_round = 1000.10\n", "h.toml", official_rulesets()
    )
    # before: Decimal(1000.1) = 1000.1000000000000227373675443232059478759765625
    assert house.decimal("max_payout_per_round") == Decimal("1000.10")


def test_caribbean_stud_art9_5_9_a_house_option_within_the_article_is_kept() -> None:
    house = parse_house_ruleset(
        STUD + "[overrides]\nroyal_flush_pays = 75\n", "h.toml", official_rulesets()
    )
    assert house.integer("royal_flush_pays") == 75


def test_house_ruleset_a_not_utf8_file_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "big5.toml"
    path.write_bytes(HEAD.replace("Grand Lisboa", "葡京").encode("big5"))
    with pytest.raises(RulesetError, match=r"^big5\.toml: is not UTF-8 text .*save it as UTF-8"):
        load_house_ruleset(path)


@pytest.mark.skipif(sys.platform == "win32", reason="no /dev/zero nor named pipe on Windows")
def test_house_ruleset_a_device_a_pipe_or_a_folder_is_refused_unread(tmp_path: Path) -> None:
    """``rulesets add /dev/zero`` read forever, and a named pipe waited for a writer:
    anything that is not a regular file is refused by name, before it is opened."""
    pipe = tmp_path / "pipe.toml"
    if sys.platform != "win32":  # skipped there; mypy checks this file for Windows too
        os.mkfifo(pipe)
    for path in (Path("/dev/zero"), pipe, tmp_path):
        with pytest.raises(RulesetError) as refused:
            read_house_file(path)
        assert (
            refused.value.message == f"{path.name}: is not a file (a folder, a device or a pipe)."
        )


# ----------------------------------------------------------- refused files --


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # syntax: nesting a parser recurses into (RecursionError before)
        (HEAD + "x = " + "[" * 5000 + "]" * 5000 + "\n", "house.toml: not valid TOML: "),
        # an integer of 5,000 digits (ValueError before)
        (STUD + "[overrides]\nroyal_flush_pays = " + "9" * 5000 + "\n", "house.toml: line 5: "),
        (HEAD + "[overrides\n", "house.toml: not valid TOML: "),
    ],
)
def test_house_ruleset_syntax_errors_are_refused_without_a_traceback(
    text: str, expected: str
) -> None:
    assert refused(text).startswith(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            HEAD.replace('"Grand Lisboa roulette"', "1979-05-27"),
            "title: expected a string, got 1979-05-27",
        ),
        (HEAD + "overrides = 3\n", "overrides: expected a table, got 3"),
        (HEAD + "[overrides]\nstreet_corner_order = true\n", "overrides.street_corner_order: "),
        (STUD + "[overrides]\nroyal_flush_pays = [75]\n", "overrides.royal_flush_pays: "),
        (STUD + "[overrides]\nroyal_flush_pays = 1979-05-27\n", "must be a number, not 1979-05-27"),
        (STUD + "[overrides]\nmax_payout_per_round = { a = 1 }\n", "not a table"),
        (STUD + '[overrides]\nmax_payout_per_round = "ten"\n', 'must be a number, not "ten"'),
        (HEAD + "[chips]\ndefault = [true]\n", "chips.default[0]: "),
    ],
)
def test_house_ruleset_wrong_types_are_refused_naming_the_key_and_the_value_as_written(
    text: str, expected: str
) -> None:
    message = refused(text)
    assert expected.replace("not a table", "a table") in message


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('id = "h"\ntitle = "x"\n', "house.toml: base: is missing"),
        (
            'id = "h"\nbase = "h"\ntitle = "x"\n',
            "house.toml: base: a ruleset cannot be its own base",
        ),
        (
            'id = "h"\nbase = "roulette-1975"\ntitle = "x"\n',
            'base: no regulation ruleset "roulette-1975"',
        ),
        (
            'id = "h"\nbase = ["roulette-2003"]\ntitle = "x"\n',
            "base: expected a string, got a list",
        ),
        (HEAD + 'game = "craps"\n', 'game: is "craps", but the base roulette-2003 is a roulette'),
    ],
)
def test_house_ruleset_a_missing_circular_or_foreign_base_is_refused(
    text: str, expected: str
) -> None:
    assert expected in refused(text)


def test_house_ruleset_a_house_base_is_refused_so_no_circle_of_bases_can_exist() -> None:
    houses = {"grand-lisboa-stud": "caribbean_stud"}
    text = 'id = "other-stud"\nbase = "grand-lisboa-stud"\ntitle = "x"\n'
    with pytest.raises(RulesetError, match='base: "grand-lisboa-stud" is a house ruleset'):
        parse_house_ruleset(text, "house.toml", official_rulesets(), houses=houses)
    # and an id kept for one game does not become another game's
    with pytest.raises(RulesetError, match="id: 'grand-lisboa-stud' is already a caribbean_stud"):
        parse_house_ruleset(
            STUD.replace("caribbean-stud-2004", "roulette-2003"),
            "house.toml",
            official_rulesets(),
            houses=houses,
        )


@pytest.mark.parametrize(
    ("table", "key"),
    [
        ('[payouts]\nstraight = "36"\n', "house.toml: payouts: the payouts are the regulation's"),
        ('[settings.speed]\ntype = "integer"\n', "house.toml: settings: a house does not declare"),
        ('colour = "red"\n', "house.toml: colour: is not a key of a house ruleset"),
        (
            "[overrides]\nspeed = 3\n",
            "house.toml: overrides.speed: is not a setting of roulette-2003",
        ),
        ('[chips]\ncolour = "red"\n', "house.toml: chips.colour: is not a key of [chips]"),
        ('"\u202etitle" = "x"\n', "house.toml: \\u202etitle: is not a key"),
    ],
)
def test_house_ruleset_unknown_tables_and_keys_are_refused(table: str, key: str) -> None:
    assert key in refused(HEAD + table)


@pytest.mark.parametrize(
    ("ruleset_id", "expected"),
    [
        ("", "id: is empty"),
        ("../../etc/passwd", "is not an id"),
        ("C:\\\\rulesets\\\\house", "is not an id"),
        ("grand lisboa", "is not an id"),
        ("Grand-Lisboa", "is not an id"),
        ("grand--lisboa", "is not an id"),
        ("grand-lisboa.toml", "is not an id"),
        ("g" * 10_000, "id: has 10,000 characters; an id has at most 48"),
        ("roulette-2003", "is a regulation's own ruleset and is read-only"),
    ],
)
def test_house_ruleset_empty_path_like_or_huge_ids_are_refused(
    ruleset_id: str, expected: str
) -> None:
    text = f'id = "{ruleset_id}"\nbase = "roulette-2003"\ntitle = "x"\n'
    message = refused(text)
    assert message.startswith("house.toml: id: ") and expected in message
    assert len(message) < 400  # a huge id is not repeated whole


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("", "title: is empty"),
        ("   ", "title: is empty"),
        ("Grand\u202eLisboa", "title: holds U+202E"),
        ("Grand\u200bLisboa", "title: holds U+200B"),
        ("Grand\\u0000Lisboa", "title: holds U+0000"),
        ("Grand\\nLisboa", "title: holds U+000A"),
        ("x" * 10_000, "title: has 10,000 characters; a title has at most 100"),
    ],
)
def test_house_ruleset_empty_invisible_or_huge_titles_are_refused(
    title: str, expected: str
) -> None:
    text = f'id = "h"\nbase = "roulette-2003"\ntitle = "{title}"\n'
    message = refused(text)
    assert expected in message and len(message) < 400


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ('max_payout_per_round = "0.001"', 'in whole cents (0.01), not "0.001"'),
        ("max_payout_per_round = 0.001", "in whole cents (0.01), not 0.001"),
        ("max_payout_per_round = 1000.105", "in whole cents (0.01), not 1000.105"),
        ('max_payout_per_round = "1e1000000"', 'is "1e1000000", a number no table has'),
        ("max_payout_per_round = 1e1000000", "1e1000000 is a number no table has"),
        ("max_payout_per_round = 1e-1000000", "1e-1000000 is a number no table has"),
        ("max_payout_per_round = 9e99999999999999999999", "a number no table has"),
        ("max_payout_per_round = inf", "inf is not a finite number"),
        ("max_payout_per_round = nan", "nan is not a finite number"),
        ('max_payout_per_round = "5000000000000"', "larger than any table accepts"),
        ('royal_flush_pays = "1e1000000"', 'royal_flush_pays is "1e1000000", a number no table'),
        ("royal_flush_pays = 1e1000000", "1e1000000 is a number no table has"),
        ("royal_flush_pays = 10000000000000000", "a number no table has"),
        ("royal_flush_pays = 1000", "royal_flush_pays must be at most 100, not 1000"),
        ("royal_flush_pays = 75.5", "must be a whole number, not 75.5"),
    ],
)
def test_caribbean_stud_art9_5_sub_cent_and_absurd_amounts_are_refused_at_once(
    overrides: str, expected: str
) -> None:
    started = time.perf_counter()
    message = refused(STUD + f"[overrides]\n{overrides}\n")
    assert time.perf_counter() - started < 1  # "1e1000000" as text took 96 s before
    assert message.startswith("house.toml: overrides."), message
    assert expected in message, message


@pytest.mark.parametrize(
    ("chips", "expected"),
    [
        (
            'default = ["1e1000000"]',
            'chips.default[0]: a chip is a positive amount in cents, not "1e1000000"',
        ),
        ("default = [0.001]", "chips.default[0]: a chip is a positive amount in cents, not 0.001"),
        ('currency = "../HKD"', 'chips.currency: is a currency code such as "HKD"'),
        (
            "default = [" + ", ".join(str(n) for n in range(1, 30)) + "]",
            "a chip set has at most 12",
        ),
    ],
)
def test_house_ruleset_chips_that_are_not_money_are_refused(chips: str, expected: str) -> None:
    assert expected in refused(HEAD + f"[chips]\n{chips}\n")


def test_craps_art9_a_big_bet_unit_written_as_a_float_is_exact_and_whole_cents() -> None:
    house = parse_house_ruleset(
        CRAPS + "[overrides]\nbig_bet_unit = 2.50\n", "h.toml", official_rulesets()
    )
    assert house.decimal("big_bet_unit") == Decimal("2.50")
    assert "whole cents" in refused(CRAPS + "[overrides]\nbig_bet_unit = 2.505\n")


def test_house_ruleset_a_huge_file_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    text = HEAD + "# " + "x" * 200_000 + "\n"
    assert "has at most 64,000" in refused(text)
    path = tmp_path / "huge.toml"
    path.write_text(text * 3, encoding="utf-8")
    with pytest.raises(RulesetError, match=r"^huge\.toml: is .* bytes"):
        load_house_ruleset(path)


# ------------------------------------------------------------------- the fuzz --

_keys = st.sampled_from([*HOUSE_KEYS, "payouts", "settings", "names", "x"]) | st.text(
    string.ascii_letters + "-_", min_size=1, max_size=6
)
_setting_names = st.sampled_from(
    [
        "royal_flush_pays",
        "max_payout_per_round",
        "tie_rule",
        "street_corner_order",
        "wheel_order",
        "big_bet_unit",
        "speed",
    ]
)
_numbers = st.sampled_from(
    [
        "1e1000000",
        "-1e1000000",
        "1e-1000000",
        "0.001",
        "1000.10",
        "75",
        "50",
        "100",
        "-0.0",
        "inf",
        "-inf",
        "nan",
        "9" * 5000,
        "99999999999999999999",
        "1979-05-27",
        "true",
        "[]",
        "{}",
        "[1, 2]",
        '"\\u0000"',
    ]
)
_strings = st.text(st.characters(exclude_categories=["Cs"]), max_size=8)


def _toml_string(text: str) -> str:
    escaped = "".join(c if c.isprintable() and c not in '"\\' else f"\\U{ord(c):08x}" for c in text)
    return f'"{escaped}"'


_values = (
    _numbers
    | _strings.map(_toml_string)
    | st.sampled_from(
        ['"roulette-2003"', '"caribbean-stud-2004"', '"craps-1985"', '"chinese"', '"1e1000000"']
    )
)


@st.composite
def _house_files(draw: Any) -> str:
    lines = []
    if draw(st.booleans()):  # a good head, so that what follows is read too
        lines.append(draw(st.sampled_from([HEAD, STUD, CRAPS])).rstrip("\n"))
    else:
        if draw(st.booleans()):
            ids = ["h", "", "../h", "roulette-2003", "Grand Lisboa"]
            lines.append(f'id = "{draw(st.sampled_from(ids))}"')
        if draw(st.booleans()):
            bases = ["roulette-2003", "caribbean-stud-2004", "craps-1985", "h", ""]
            lines.append(f'base = "{draw(st.sampled_from(bases))}"')
        if draw(st.booleans()):
            lines.append(f"title = {draw(_values)}")
    for _ in range(draw(st.integers(0, 2))):
        lines.append(f"{draw(_keys)} = {draw(_values)}")
    if draw(st.booleans()):
        lines.append("[overrides]")
        for _ in range(draw(st.integers(0, 3))):
            lines.append(f"{draw(_setting_names)} = {draw(_values)}")
    if draw(st.booleans()):
        lines.append("[chips]")
        for key in draw(st.lists(st.sampled_from(["default", "beginner", "currency", "x"]))):
            lines.append(f"{key} = [{draw(_values)}, {draw(_values)}]")
    text = "\n".join(lines) + "\n"
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(_strings) + text[cut:]  # break it anywhere
    return ("\ufeff" if draw(st.booleans()) else "") + text


@settings(
    max_examples=int(os.environ.get("DEALER_TRAINER_FUZZ_EXAMPLES", "400")),
    deadline=1000,  # milliseconds: nothing may take long, whatever the file
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(text=_house_files())
def test_house_ruleset_fuzz_every_file_loads_or_is_refused_naming_file_and_key(text: str) -> None:
    try:
        house = parse_house_ruleset(text, "fuzz.toml", official_rulesets())
    except RulesetError as exc:
        assert exc.code == "invalid_ruleset"
        assert exc.message.startswith("fuzz.toml: ")
        # Every refusal is a sentence the window translates, its English the message.
        assert exc.text is not None and exc.text.english() == exc.message
        place = exc.message.removeprefix("fuzz.toml: ")
        # a key (``overrides.royal_flush_pays:``), a line, or "not valid TOML: … line n"
        assert place.split(":")[0].strip(), exc.message
        assert "Decimal(" not in exc.message and "datetime." not in exc.message
        return
    assert house.base is not None and house.id not in official_rulesets()
    assert house.title.strip() and house.game == official_rulesets()[house.base].game


def test_house_ruleset_example_of_docs_rulesets_md_loads_and_its_refusal_is_the_real_one() -> None:
    document = (Path(__file__).parents[2] / "docs" / "rulesets.md").read_text(encoding="utf-8")
    example = document.split("```toml\n", 1)[1].split("```", 1)[0]
    house = parse_house_ruleset(example, "grand-lisboa-stud.toml", official_rulesets())
    assert house.integer("royal_flush_pays") == 80
    assert house.decimal("max_payout_per_round") == Decimal("250000.00")
    message = refused(example.replace("= 80", "= 120"), "grand-lisboa-stud.toml")
    assert message in " ".join(document.split())


def test_house_ruleset_refusal_keeps_the_cli_s_json_and_words_and_adds_its_sentence() -> None:
    """The sentence to translate (``text``) is beside the message, never in the JSON of the
    rules CLI (docs/rules-cli.md): code, message and citation, as before."""
    with pytest.raises(RulesetError) as caught:
        parse_house_ruleset(HEAD + "[overrides\n", "house.toml", official_rulesets())
    error = caught.value
    message = (
        "house.toml: not valid TOML: Expected ']' at the end of a table declaration "
        "(at line 4, column 11)."
    )
    assert error.to_json() == {
        "error": {"code": "invalid_ruleset", "message": message, "citation": None}
    }
    assert str(error) == message
    assert error.text is not None
    assert error.text.params["where"] == "house.toml"  # the file as typed, not translated
    problem = error.text.params["problem"]
    assert isinstance(problem, Text)
    assert problem.params["line"] == 4 and problem.params["column"] == 11


@pytest.mark.parametrize("base", ["craps-1985", "craps-2010"])
def test_craps_every_house_override_a_file_may_give_is_one_the_craps_core_reads(
    base: str,
) -> None:
    """A house file's overrides pass through the craps core's own checks
    (``CrapsRules.from_ruleset``) only after the rulesets' own, so the craps core never
    refuses a house file itself: each choice, each bound, each flag is read."""
    head = f'id = "grand-lisboa-craps"\nbase = "{base}"\ntitle = "Grand Lisboa craps"\n'
    settings = official_rulesets()[base].settings
    overrides: list[str] = []
    for setting in settings.values():
        if setting.type == "choice":
            overrides += [f'{setting.name} = "{choice}"' for choice in setting.choices]
        elif setting.type == "boolean":
            overrides += [f"{setting.name} = true", f"{setting.name} = false"]
        else:
            bounds = [b for b in (setting.minimum, setting.maximum) if b is not None]
            overrides += [f'{setting.name} = "{bound}"' for bound in bounds]
    assert len(overrides) > len(settings)
    for override in overrides:
        house = parse_house_ruleset(
            head + f"[overrides]\n{override}\n", "h.toml", official_rulesets()
        )
        assert CrapsRules.from_ruleset(house).ruleset is house, override


def test_house_rulesets_are_known_to_the_registry_they_are_given_to_only() -> None:
    """No process-wide list: a registry knows the shipped rulesets and the house versions it
    was handed (the newest of each offered after the shipped ones); another knows none."""
    text = HEAD + '[overrides]\nstreet_corner_order = "chinese"\n'
    first, second = (
        house_version(parse_house_ruleset(text, "house.toml", official_rulesets()), version)
        for version in (1, 2)
    )
    rulesets = RulesetRegistry([first, second])
    offered = [r.id for r in rulesets.for_game("roulette")]
    assert offered == ["roulette-2003", "grand-lisboa-roulette@2"]
    assert rulesets.get("grand-lisboa-roulette@1") is first
    assert rulesets.resolve("roulette", {"id": "grand-lisboa-roulette@2"}) is second
    assert rulesets.default("roulette").id == "roulette-2003"
    for elsewhere in (RulesetRegistry(), SHIPPED):
        assert [r.id for r in elsewhere.for_game("roulette")] == ["roulette-2003"]
        with pytest.raises(RulesetError, match="There is no ruleset"):
            elsewhere.get("grand-lisboa-roulette@1")
    with pytest.raises(RulesetError, match="There is no ruleset"):
        get_ruleset("grand-lisboa-roulette@1")  # the module's lookup: the shipped ones only
    rulesets.use_house([first])  # given again: what the records keep now
    assert rulesets.house("roulette") == [first]
    with pytest.raises(TypeError):
        SHIPPED.use_house([first])  # shared by whoever has no registry: never a house's
