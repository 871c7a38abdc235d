"""Every ruleset's settings, as a document: ``python -m dealer_trainer.rules.describe``.

Writes Markdown listing, per ruleset, its regulation, status and notes, its
payouts with their articles, and every setting with its type, default and
description; settings that decide where the text is silent are marked as
**Interpretation**.  ``docs/rulesets.md`` is this output (a test keeps it so).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from decimal import Decimal

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.house import HouseReference
from dealer_trainer.rules.money import format_ratio
from dealer_trainer.rules.rulesets import (
    CHIP_LEVELS,
    NOT_ON_FILE,
    ChipsSetting,
    Ruleset,
    Setting,
    official_rulesets,
)

#: How a house keeps its own ruleset (the file, its checks, where it is kept).
HOUSE_RULESETS = [
    "",
    "## House rulesets",
    "",
    "A house keeps its own ruleset: a UTF-8 TOML file (with or without the byte-order mark",
    "Notepad writes) that names a regulation's ruleset as its `base` and changes some of its",
    "settings, or its chips. The regulation's own files stay read-only.",
    "",
    "```toml",
    'id = "grand-lisboa-stud"           # lowercase letters and digits, single hyphens, ≤ 48',
    "base = \"caribbean-stud-2004\"       # a regulation's ruleset below (not a house's)",
    'title = "Grand Lisboa stud"        # what the ruleset picker shows, one line, ≤ 100',
    'game = "caribbean_stud"            # optional: must be the base\'s game',
    "",
    "[overrides]                        # any setting of the base, checked by its declaration",
    "royal_flush_pays = 80",
    'max_payout_per_round = "250000.00"  # an amount: whole cents (a float is read as written)',
    "",
    "[chips]                            # optional: the keys of the base's [chips] it changes",
    'default = ["5", "25", "100", "500", "1000", "5000"]',
    'beginner = ["5", "25", "100"]',
    "```",
    "",
    "An instructor adds the file in the instructor views (*House rulesets › Add a house ruleset",
    "file…*) or with `dealer-trainer rulesets add FILE` (the instructor password is asked; on a",
    "centre's server add `--instructor LOGIN`, and the server checks that instructor's own",
    "password; `dealer-trainer rulesets list` shows what is kept). It is checked before it is",
    "kept, and",
    "refused with the file and the key named (`grand-lisboa-stud.toml: overrides.royal_flush_pays:",
    "royal_flush_pays must be at most 100, not 120.`): a TOML syntax error, a value of the wrong",
    "type, a missing base, a base that is a house ruleset or the ruleset itself, a `game` other",
    "than the base's, any table or key not shown above (`[payouts]`: the payouts are the",
    "regulation's; `[settings]`: a house changes its base's settings in `[overrides]`), an empty,",
    "path-like or too long id or title, a title with invisible characters, an amount that is not",
    "whole cents (`0.001`), a number of more than 15 digits before or after the point",
    "(`1e1000000`), a file of more than 64,000 characters. The window says the refusal in its",
    "language, with the file name, the keys and the values as written; the command line says",
    "it in English.",
    "",
    "It is kept in the database every workstation uses (the SQLite file of a single PC, or the",
    "centre's PostgreSQL server), so every workstation's ruleset picker offers it, under its",
    "title, once it has loaded it (at the first use of the records, and whenever the main window",
    "is activated). A changed file is kept as a new version and never replaces the old one:",
    "every answer records the version it was graded under (`grand-lisboa-stud@2`), and is",
    "re-graded and re-drawn under that very text. A house ruleset cites its base's articles.",
]


def _cited(citation: Citation | None) -> str:
    """A setting's article, or the house's own basis where the regulation is not on file."""
    if citation is None:
        return ""
    if isinstance(citation, HouseReference):
        return f"{citation.article_ref}: {NOT_ON_FILE}"
    return str(citation)


def _value(setting: Setting) -> str:
    value = setting.default
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _kind(setting: Setting) -> str:
    if setting.type == "choice":
        return "one of " + ", ".join(f"`{c}`" for c in setting.choices)
    bounds = []
    if setting.minimum is not None:
        bounds.append(f"≥ {setting.minimum}")
    if setting.maximum is not None:
        bounds.append(f"≤ {setting.maximum}")
    text = setting.type + (f" ({', '.join(bounds)})" if bounds else "")
    return text + (", or none" if setting.nullable else "")


def describe(rulesets: Iterable[Ruleset], *, for_the_repository: bool = True) -> str:
    """The document; ``for_the_repository=False`` leaves out how it is made from the source
    tree (the app shows it to an instructor, who has no source tree)."""
    made = [
        "Generated by `python -m dealer_trainer.rules.describe` from the ruleset files in",
        "`dealer_trainer/rules/rulesets/`. A setting marked **Interpretation** decides where the",
    ]
    out = [
        "# Rulesets and their settings",
        "",
        *(
            made
            if for_the_repository
            else ["A setting marked **Interpretation** decides where the"]
        ),
        "regulation's text is silent or ambiguous; its default is the one the project's digest of",
        "the regulations names. A house ruleset may change any setting (see below).",
        *HOUSE_RULESETS,
    ]
    for ruleset in sorted(rulesets, key=lambda r: (r.game, r.id)):
        out += ["", f"## `{ruleset.id}`: {ruleset.title}", ""]
        out.append(f"- Regulation: {ruleset.source}")
        out.append(
            f"- Game: `{ruleset.game}`; status: {ruleset.status}"
            + ("; the default ruleset of its game" if ruleset.is_default else "")
        )
        out += [f"- {note}" for note in ruleset.notes]
        if ruleset.payouts:
            out += ["", "| payout | pays | article |", "|---|---|---|"]
        else:  # a house pay table (Sic Bo): every payout is a setting below
            out += ["", "No payout is the regulation's: every payout is a house setting below."]
        for payout in ruleset.payouts.values():
            out.append(f"| `{payout.name}` | {format_ratio(payout.ratio)} | {payout.citation} |")
        out += ["", "| setting | default | values | article | meaning |", "|---|---|---|---|---|"]
        for setting in ruleset.settings.values():
            mark = "**Interpretation.** " if setting.interpretation else ""
            citation = _cited(setting.citation)
            description = " ".join(setting.description.split()).replace("|", "\\|")
            out.append(
                f"| `{setting.name}` | `{_value(setting)}` | {_kind(setting)} | {citation} "
                f"| {mark}{description} |"
            )
        if ruleset.chips is not None:
            out += _chips(ruleset.chips)
    return "\n".join(out) + "\n"


def _chips(chips: ChipsSetting) -> list[str]:
    """The ``[chips]`` table: the chip set and the part of it each drill level's float holds."""

    def values(denominations: tuple[Decimal, ...]) -> str:
        return ", ".join(f"`{d.normalize():f}`" for d in denominations)

    description = " ".join(chips.description.split()).replace("|", "\\|")
    out = [
        "",
        "| chips | default | values | meaning |",
        "|---|---|---|---|",
        f"| `chips` ({chips.currency}) | {values(chips.denominations)} | denominations "
        f"| {description} |",
    ]
    out += [
        f"| `chips.{level}` | {values(chips.level(level))} | part of `chips` "
        f"| The float (pay tray) of a drill at the {level} level. |"
        for level in CHIP_LEVELS
    ]
    return out


def main() -> int:
    sys.stdout.write(describe(official_rulesets().values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
