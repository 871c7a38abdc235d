"""The regulations' own words, article by article, shown with a citation on demand.

Each ruleset ships ``texts/<ruleset>.articles.toml``: the official text of
every article in the languages it was published in (``pt``, ``zh``) and an
English reading (``reading.en``, from the project's digest, clearly not an
official text).  ``texts/<ruleset>.txt`` keeps the source as it was received.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesetError

#: Languages of the official texts, and of the English reading.
OFFICIAL_LANGUAGES = ("pt", "zh")
READING_LANGUAGE = "en"


@dataclass(frozen=True)
class Article:
    """One article of a regulation in the languages it was published in."""

    ruleset: str
    number: int
    titles: Mapping[str, str]
    texts: Mapping[str, str]
    reading_en: str | None
    #: What is on file of it, where its file says (``on file``; ``secondary``: known only
    #: from a repost, as Baccarat's Arts. 3-7); ``None``: the official text, in full.
    status: str | None = None

    def text(self, language: str) -> str | None:
        """The official text in ``language`` (``pt`` or ``zh``), if it was published in it."""
        return self.texts.get(language)

    def title(self, language: str) -> str | None:
        return self.titles.get(language)


@cache
def articles(ruleset_id: str) -> Mapping[int, Article]:
    """Every article on file for a regulation's ruleset, by number."""
    name = f"{ruleset_id}.articles.toml"
    resource = resources.files("dealer_trainer.rules").joinpath("texts", name)
    if not resource.is_file():
        return {}
    try:
        raw = tomllib.loads(resource.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError("invalid_ruleset", f"{name}: not valid TOML: {exc}.") from None
    if raw.get("ruleset") != ruleset_id:
        raise RulesetError("invalid_ruleset", f"{name}: ruleset: expected {ruleset_id!r}.")
    found: dict[int, Article] = {}
    for index, entry in enumerate(raw.get("article", [])):
        number = entry.get("number")
        if not isinstance(number, int) or number in found:
            raise RulesetError(
                "invalid_ruleset", f"{name}: article[{index}].number: missing or repeated."
            )
        texts = {k: v.strip() for k, v in entry.get("text", {}).items()}
        if not texts or set(texts) - set(OFFICIAL_LANGUAGES):
            raise RulesetError(
                "invalid_ruleset", f"{name}: article[{index}].text: expected pt and/or zh texts."
            )
        reading = entry.get("reading", {}).get(READING_LANGUAGE)
        found[number] = Article(
            ruleset=ruleset_id,
            number=number,
            titles=dict(entry.get("title", {})),
            texts=texts,
            reading_en=None if reading is None else reading.strip(),
            status=entry.get("status"),
        )
    return found


def article_for(citation: Citation) -> Article | None:
    """The article a citation names, or ``None`` when its text is not on file."""
    return articles(citation.ruleset).get(citation.article)
