"""``python -m dealer_trainer.rules settle|compare``: the rules core from outside.

One JSON object on stdin, one JSON object on stdout.  Exit 0 with the result,
or exit 2 with ``{"error": {"code", "message", "citation"}}`` for any bad input,
never a traceback (see ``docs/rules-cli.md``).
"""

from __future__ import annotations

import importlib
import io
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any, TextIO

from dealer_trainer.rules.errors import RulesError, WrittenNumber, shown
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import judge_answer, procedure_answer
from dealer_trainer.rules.requests import expect_object, expect_str, invalid
from dealer_trainer.rules.rulesets import Ruleset, resolve_ruleset

Handler = Callable[[Mapping[str, Any], Ruleset], dict[str, Any]]
COMMANDS = ("settle", "compare", "procedure", "judge")
EXIT_OK = 0
EXIT_BAD_INPUT = 2
#: Game → module with ``settle`` (and, for card games, ``compare``) handlers.
_API_MODULES = {game: f"dealer_trainer.rules.{game}.api" for game in Game.rules_ids()}
#: Game → module with the dealer's procedure: ``work(request, ruleset)``.
_PROCEDURE_MODULES = {game: f"dealer_trainer.rules.{game}.procedure" for game in Game.rules_ids()}
#: The verbs of the dealer's procedure, answered from a game's ``work`` by one code.
_PROCEDURE_VERBS = {"procedure": procedure_answer, "judge": judge_answer}
_MAX_INPUT = 10_000_000  # characters: far above any table; refuses runaway input cleanly
#: The most digits a number of a request may have before and after its point: far beyond
#: any table (amounts have two decimals, pools and limits stay below 10**13), and small
#: enough that no arithmetic on it is slow. 1e1000000 is refused here, before any sum.
_MAX_INTEGER_DIGITS = 15
_MAX_DECIMAL_PLACES = 15
EXIT_OUTPUT_FAILED = 1

USAGE = (
    "usage: python -m dealer_trainer.rules settle|compare|procedure|judge < request.json\n"
    "  settle     settle a round of roulette, craps, caribbean_stud, sic_bo or baccarat\n"
    "  compare    compare two Caribbean Stud hands (Art. 8)\n"
    "  procedure  the dealer's steps once the outcome is known, in order\n"
    '  judge      judge the steps a dealer did (a settle request plus "done")\n'
)


def _games(last: str) -> str:
    """``roulette, craps and caribbean_stud``: the game ids, as the request writes them."""
    *first, final = Game.rules_ids()
    return f"{', '.join(first)}{last}{final}"


def _reject_constant(name: str) -> Any:
    raise invalid(f"{name} is not a number the rules accept.", "invalid_json")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise invalid(f'The key "{key}" appears twice in one object.', "invalid_json")
        result[key] = value
    return result


#: Keys whose numbers are amounts of money (the contract's error code is invalid_amount).
_AMOUNT_KEYS = frozenset({"amount", "ante", "pool", "reset_to", "fixed"})


class _AbsurdNumber(WrittenNumber):
    """A number no table has: kept as written and refused, with its place, after parsing."""

    reason: str


def _number(text: str) -> Decimal:
    """A JSON number with a point or an exponent: exact, marked when no table has it."""
    number = WrittenNumber(text)
    if number.is_finite() and number != 0:
        if number.adjusted() >= _MAX_INTEGER_DIGITS:
            return _absurd(text, f"at most {_MAX_INTEGER_DIGITS} digits before the point")
        if number.as_tuple().exponent < -_MAX_DECIMAL_PLACES:  # type: ignore[operator]
            return _absurd(text, f"at most {_MAX_DECIMAL_PLACES} decimal places")
    return number


def _absurd(text: str, reason: str) -> _AbsurdNumber:
    number = _AbsurdNumber("0")
    number.written, number.reason = text, reason
    return number


def _integer(text: str) -> int | Decimal:
    """A JSON integer; beyond the limit it is not even made into an int."""
    if len(text.removeprefix("-")) > _MAX_INTEGER_DIGITS:
        return _absurd(text, f"at most {_MAX_INTEGER_DIGITS} digits")
    return int(text)


def _check_values(value: Any) -> None:
    """Refuse, naming the place, text that holds half of a UTF-16 pair (``"\\ud800"``: no
    character) and numbers no table has (``1e1000000``), before any arithmetic is done."""
    stack: list[tuple[Any, str, str]] = [(value, "request", "")]
    while stack:
        item, path, key = stack.pop()
        texts: list[str] = []
        if isinstance(item, str):
            texts = [item]
        elif isinstance(item, dict):
            texts = [k for k in item if isinstance(k, str)]
            stack.extend((v, f"{path}.{k}", str(k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, f"{path}[{i}]", key) for i, v in enumerate(item))
        elif isinstance(item, _AbsurdNumber):
            if key in _AMOUNT_KEYS or ".fixed." in path:
                code = "invalid_amount"
            elif ".settings." in path:
                code = "invalid_setting"
            else:
                code = "invalid_request"
            raise invalid(f"{path} is {shown(item)}, a number no table has ({item.reason}).", code)
        for text in texts:
            bad = next((c for c in text if "\ud800" <= c <= "\udfff"), None)
            if bad is not None:
                raise invalid(
                    f"{path} holds \\u{ord(bad):04x}, half of a UTF-16 surrogate pair, "
                    "which is not a character.",
                    "invalid_json",
                )


def parse_request(text: str) -> Mapping[str, Any]:
    """Read the request: decimals stay exact (no floats), duplicate keys are refused,
    numbers of absurd size and text that is not characters are refused before any sum."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some Windows editors write
    if len(text) > _MAX_INPUT:
        raise invalid("The request is too large to be a table situation.", "invalid_json")
    try:
        value = json.loads(
            text,
            parse_float=_number,
            parse_int=_integer,
            parse_constant=_reject_constant,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError as exc:
        raise invalid(
            f"The input is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}).",
            "invalid_json",
        ) from None
    except RecursionError:
        raise invalid(
            "The input is nested too deeply to be a table situation.", "invalid_json"
        ) from None
    _check_values(value)
    return expect_object(value, "The request")


def handle(command: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one parsed request; raises :class:`RulesError` for bad input."""
    if command not in COMMANDS:
        raise invalid(
            f"Unknown command {shown(command)}: use settle, compare, procedure or judge.",
            "unknown_command",
        )
    if "game" not in request:
        raise invalid(f'The request has no "game" ({_games(" or ")}).', "unknown_game")
    game = expect_str(request["game"], "game")
    if game not in Game.rules_ids():
        raise invalid(
            f"Unknown game {shown(game)}: the rules know {_games(' and ')}.",
            "unknown_game",
        )
    game = Game(game)  # read off the JSON once: a Game from here on
    ruleset = resolve_ruleset(game, request.get("ruleset"))
    if command in _PROCEDURE_VERBS:
        steps = importlib.import_module(_PROCEDURE_MODULES[game])
        # A game whose steps are its own (baccarat's coup: deal, draw, stand) answers itself.
        own: Handler | None = getattr(steps, f"answer_{command}", None)
        if own is not None:
            return own(request, ruleset)
        return _PROCEDURE_VERBS[command](steps.work, request, ruleset)
    module = importlib.import_module(_API_MODULES[game])
    handler: Handler | None = getattr(module, command, None)
    if handler is None:
        raise invalid(f"{command} is not available for {game}.", "unknown_command")
    return handler(request, ruleset)


def run(command: str, stdin: TextIO, stdout: TextIO) -> int:
    try:
        try:
            text = stdin.read()
        except UnicodeDecodeError:
            raise invalid("The input is not UTF-8 text.", "invalid_json") from None
        result = handle(command, parse_request(text))
    except RulesError as error:
        return _refuse(error, stdout)
    except RecursionError:
        return _refuse(invalid("The input is nested too deeply to be a table situation."), stdout)
    except Exception as exc:
        # A defect of the rules core, not of the input; the tests hunt these down.
        return _refuse(
            RulesError(
                "internal_error", f"The rules core failed on this input ({type(exc).__name__})."
            ),
            stdout,
        )
    stdout.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    return EXIT_OK


def _refuse(error: RulesError, stdout: TextIO) -> int:
    stdout.write(json.dumps(error.to_json(), ensure_ascii=False) + "\n")
    return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in COMMANDS:
        if args and args[0] in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return EXIT_OK
        error = invalid(
            "Give one command (settle, compare, procedure or judge) and the request on stdin.",
            "unknown_command",
        )
        json.dump(error.to_json(), sys.stdout)
        sys.stdout.write("\n")
        sys.stderr.write(USAGE)
        return EXIT_BAD_INPUT
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict")
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", write_through=True)
    try:
        code = run(args[0], stdin, stdout)
        stdout.flush()
    except OSError as exc:
        # The reader went away (``| head``) or the output cannot be written (a full disk):
        # no traceback, a line on stderr unless nobody is reading, and a failed exit.
        _silence_stdout()
        if not isinstance(exc, BrokenPipeError):
            sys.stderr.write(
                f"dealer_trainer.rules: the result could not be written: {exc.strerror}\n"
            )
        return EXIT_OUTPUT_FAILED
    return code


def _silence_stdout() -> None:
    """Point standard output at /dev/null so that Python's own flush at exit cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
