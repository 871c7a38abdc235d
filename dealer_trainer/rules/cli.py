"""``python -m dealer_trainer.rules settle|compare``: the rules core from outside.

One JSON object on stdin, one JSON object on stdout.  Exit 0 with the result,
or exit 2 with ``{"error": {"code", "message", "citation"}}`` for any bad input,
never a traceback (see ``docs/rules-cli.md``).
"""

from __future__ import annotations

import importlib
import io
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any, TextIO

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.requests import expect_object, expect_str, invalid
from dealer_trainer.rules.rulesets import GAMES, Ruleset, resolve_ruleset

Handler = Callable[[Mapping[str, Any], Ruleset], dict[str, Any]]
COMMANDS = ("settle", "compare")
EXIT_OK = 0
EXIT_BAD_INPUT = 2
#: Game → module with ``settle`` (and, for card games, ``compare``) handlers.
_API_MODULES = {game: f"dealer_trainer.rules.{game}.api" for game in GAMES}
_MAX_INPUT = 10_000_000  # characters: far above any table; refuses runaway input cleanly

USAGE = (
    "usage: python -m dealer_trainer.rules settle|compare < request.json > result.json\n"
    "  settle   settle a round of roulette, craps or caribbean_stud\n"
    "  compare  compare two Caribbean Stud hands (Art. 8)\n"
)


def _reject_constant(name: str) -> Any:
    raise invalid(f"{name} is not a number the rules accept.", "invalid_json")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise invalid(f'The key "{key}" appears twice in one object.', "invalid_json")
        result[key] = value
    return result


def parse_request(text: str) -> Mapping[str, Any]:
    """Read the request: decimals stay exact (no floats), duplicate keys are refused."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some Windows editors write
    if len(text) > _MAX_INPUT:
        raise invalid("The request is too large to be a table situation.", "invalid_json")
    try:
        value = json.loads(
            text,
            parse_float=Decimal,
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
    except ValueError as exc:  # e.g. an integer with too many digits
        raise invalid(f"The input is not usable JSON ({exc}).", "invalid_json") from None
    return expect_object(value, "The request")


def handle(command: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one parsed request; raises :class:`RulesError` for bad input."""
    if command not in COMMANDS:
        raise invalid(f"Unknown command {command!r}: use settle or compare.", "unknown_command")
    if "game" not in request:
        raise invalid(
            'The request has no "game" (roulette, craps or caribbean_stud).', "unknown_game"
        )
    game = expect_str(request["game"], "game")
    if game not in GAMES:
        raise invalid(
            f"Unknown game {game!r}: the rules know roulette, craps and caribbean_stud.",
            "unknown_game",
        )
    module = importlib.import_module(_API_MODULES[game])
    handler: Handler | None = getattr(module, command, None)
    if handler is None:
        raise invalid(f"{command} is not available for {game}.", "unknown_command")
    ruleset = resolve_ruleset(game, request.get("ruleset"))
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
    json.dump(result, stdout, ensure_ascii=False, indent=2)
    stdout.write("\n")
    return EXIT_OK


def _refuse(error: RulesError, stdout: TextIO) -> int:
    json.dump(error.to_json(), stdout, ensure_ascii=False)
    stdout.write("\n")
    return EXIT_BAD_INPUT


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in COMMANDS:
        if args and args[0] in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return EXIT_OK
        error = invalid(
            "Give one command, settle or compare, and the request on stdin.", "unknown_command"
        )
        json.dump(error.to_json(), sys.stdout)
        sys.stdout.write("\n")
        sys.stderr.write(USAGE)
        return EXIT_BAD_INPUT
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict")
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", write_through=True)
    return run(args[0], stdin, stdout)
