"""The rules CLI's promise, "never a traceback, whatever the input" (docs/rules-cli.md),
against the faults of issue 16: lone surrogates, absurd numbers, a reader that goes away,
a full disk, and messages that show Python's reprs instead of what the request wrote."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.cli import run
from tests.rules.test_cli import CONTRACT_EXAMPLE, assert_clean_error, call

STUD_ROUND = {
    "game": "caribbean_stud",
    "dealer": ["AS", "KD", "7C", "5H", "2S"],
    "boxes": [{"box": 1, "ante": 10, "decision": "raise", "cards": ["QH", "QD", "9S", "4C", "3C"]}],
}


def _cli(text: str | bytes, command: str = "settle") -> subprocess.CompletedProcess[bytes]:
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return subprocess.run(
        [sys.executable, "-m", "dealer_trainer.rules", command],
        input=data,
        capture_output=True,
        check=False,
        timeout=60,
    )


# ------------------------------------------------------------ lone surrogates --


@pytest.mark.parametrize(
    "where",
    ["id", "kind", "key"],
)
def test_contract_a_lone_surrogate_escape_anywhere_is_refused_as_bad_input(where: str) -> None:
    bet = {"id": "a", "kind": "red", "amount": 5}
    text = json.dumps({**CONTRACT_EXAMPLE, "bets": [bet]})
    if where == "id":
        text = text.replace('"id": "a"', '"id": "a\\ud800"')
    elif where == "kind":
        text = text.replace('"kind": "red"', '"kind": "\\udfff"')
    else:
        text = text.replace('"amount": 5', '"amount": 5, "\\ud83d": 1')
    done = _cli(text)
    assert done.returncode == 2, done.stderr
    assert b"Traceback" not in done.stderr
    answer = json.loads(done.stdout)
    assert_clean_error(done.returncode, answer, "invalid_json")
    assert "surrogate" in answer["error"]["message"]
    assert "bets[0]" in answer["error"]["message"]


def test_contract_raw_surrogate_bytes_are_not_utf8() -> None:
    done = _cli(b'{"game": "roulette", "x": "\xed\xa0\x80"}')
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "invalid_json"
    assert b"Traceback" not in done.stderr


# ------------------------------------------------------------- absurd numbers --


@pytest.mark.parametrize(
    ("request_", "written", "error_code"),
    [
        (
            {**STUD_ROUND, "ruleset": {"settings": {"royal_flush_pays": "HUGE"}}},
            "1e1000000",
            "invalid_setting",
        ),
        (
            {**CONTRACT_EXAMPLE, "bets": [{"id": "a", "kind": "red", "amount": "HUGE"}]},
            "1e-99999999",
            "invalid_amount",
        ),
        (
            {**CONTRACT_EXAMPLE, "bets": [{"id": "a", "kind": "red", "amount": "HUGE"}]},
            "1" + "0" * 5000,
            "invalid_amount",
        ),
        ({**CONTRACT_EXAMPLE, "outcome": {"number": "HUGE"}}, "9" * 30, "invalid_request"),
    ],
)
def test_contract_absurd_numbers_are_refused_as_written_before_any_arithmetic(
    request_: dict[str, Any], written: str, error_code: str
) -> None:
    code, answer = call(json.dumps(request_).replace('"HUGE"', written))
    assert_clean_error(code, answer, error_code)
    message = answer["error"]["message"]
    assert written[:30] in message  # as the request wrote it, not Decimal('1E+1000000')
    assert "Decimal" not in message and "E+" not in message


def test_contract_ordinary_numbers_with_exponents_and_decimals_still_settle() -> None:
    text = json.dumps(CONTRACT_EXAMPLE).replace('"amount": 10', '"amount": 1e1')
    text = text.replace('"amount": 50', '"amount": 50.00')
    code, answer = call(text)
    assert code == 0, answer
    assert answer["results"][0]["win"] == "350.00"


# ------------------------------------------------------------ where output goes --


def test_contract_a_reader_that_goes_away_gives_no_traceback() -> None:
    request = {
        **CONTRACT_EXAMPLE,
        "bets": [{"id": f"b{n}", "kind": "red", "amount": 5} for n in range(3000)],
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "dealer_trainer.rules", "settle"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()  # like `| head` that has read all it wants
    _, err = process.communicate(json.dumps(request).encode(), timeout=60)
    assert process.returncode == 1
    assert err == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_contract_a_full_disk_gives_one_line_on_stderr_and_no_traceback() -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "dealer_trainer.rules", "settle"],
            input=json.dumps(CONTRACT_EXAMPLE).encode(),
            stdout=full,
            stderr=subprocess.PIPE,
            check=False,
            timeout=60,
        )
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr
    assert done.stderr.decode().strip().endswith("No space left on device")
    assert done.stderr.decode().count("\n") == 1


# ---------------------------------------------------------- values as written --


@pytest.mark.parametrize(
    ("text", "shows", "never"),
    [
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "dozen", "index": 1e400, "amount": 1}]}',
            "1e400",
            "1E+400",
        ),
        (
            '{"game": "roulette", "outcome": {"number": 1},'
            ' "bets": [{"id": "a", "kind": "red", "amount": 1.001}]}',
            "1.001",
            "Decimal",
        ),
        ('{"game": true}', "true", "True"),
        ('{"game": "poker"}', '"poker"', "'poker'"),
    ],
)
def test_contract_messages_show_values_as_the_request_wrote_them(
    text: str, shows: str, never: str
) -> None:
    code, answer = call(text)
    assert_clean_error(code, answer)
    assert shows in answer["error"]["message"]
    assert never not in answer["error"]["message"]


# ------------------------------------------------------------------- the fuzz --

#: Text with every kind of code point, lone surrogates included.
_any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=6)
_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | _any_text
    | st.sampled_from(["1e1000000", "-0.0", "1E-99999999", "12.345", "7.50"]).map(
        lambda s: {"__number__": s}
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_any_text, inner, max_size=3),
    max_leaves=10,
)
_games = st.sampled_from(["roulette", "craps", "caribbean_stud", "sic_bo", "baccarat", ""])
_requests = st.fixed_dictionaries(
    {"game": _games},
    optional={
        "bets": st.lists(_values, max_size=3),
        "events": st.lists(_values, max_size=3),
        "hands": st.lists(st.lists(st.sampled_from(["AS", "KS", "2D", "TS", "9H", "\ud800"]))),
        "boxes": st.lists(_values, max_size=2),
        "dealer": _values,
        "outcome": _values,
        "ruleset": _values,
        "progressive": _values,
        "shoe": st.lists(st.sampled_from(["AS", "KS", "2D", "TS", "9H", "1S", 7]), max_size=7)
        | _values,
    },
)


def _as_json(value: Any) -> str:
    """The request as JSON text, lone surrogates as escapes, numbers marked by the strategy
    (``{"__number__": "1e1000000"}``) written raw."""
    text = json.dumps(value, ensure_ascii=True)
    out, marker = [], '{"__number__": "'
    while marker in text:
        before, _, rest = text.partition(marker)
        number, _, text = rest.partition('"}')
        out += [before, number]
    return "".join(out) + text


@settings(
    max_examples=int(os.environ.get("DEALER_TRAINER_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(command=st.sampled_from(["settle", "compare"]), request=_requests)
def test_contract_fuzz_every_verb_answers_or_refuses_with_an_error_object(
    command: str, request: dict[str, Any]
) -> None:
    out = io.StringIO()
    code = run(command, io.StringIO(_as_json(request)), out)
    out.getvalue().encode("utf-8")  # what stdout writes: no lone surrogate in it
    answer = json.loads(out.getvalue())
    if code == 0:
        assert "error" not in answer
    else:
        assert_clean_error(code, answer)
