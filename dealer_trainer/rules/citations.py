"""Citations of the regulations: ``roulette-2003 Art. 7(1)``."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_PATTERN = re.compile(
    r"^(?P<ruleset>[a-z0-9][a-z0-9-]*) Art\. (?P<article>\d+)"
    r"(?:\((?P<paragraph>\d+)\))?(?:\((?P<item>\d+)\))?$"
)
_SHORT = re.compile(r"^Art\. (?P<article>\d+)(?:\((?P<paragraph>\d+)\))?(?:\((?P<item>\d+)\))?$")


@dataclass(frozen=True, order=True)
class Citation:
    """One article (and optionally paragraph and item) of one ruleset."""

    ruleset: str
    article: int
    paragraph: int | None = None
    item: int | None = None

    def __str__(self) -> str:
        return f"{self.ruleset} " + self.written("Art. {}", "({})", "({})")

    def written(
        self,
        article: str,
        paragraph: str,
        item: str,
        number: Callable[[int], str] = str,
    ) -> str:
        """The citation in a language's words: ``article``, then ``paragraph`` and ``item``
        where it has them, each a template whose ``{}`` takes the ``number`` as written
        (the item's in digits)."""
        text = article.format(number(self.article))
        if self.paragraph is not None:
            text += paragraph.format(number(self.paragraph))
        if self.item is not None:
            text += item.format(self.item)
        return text

    @property
    def article_ref(self) -> str:
        """The citation without the ruleset: ``Art. 7(1)``."""
        return str(self)[len(self.ruleset) + 1 :]

    @classmethod
    def parse(cls, text: str, ruleset: str | None = None) -> Citation:
        """Read ``roulette-2003 Art. 7(1)``, or ``Art. 7(1)`` when ``ruleset`` is given."""
        match = _PATTERN.match(text)
        if match is not None:
            ruleset_id = match["ruleset"]
        else:
            match = _SHORT.match(text)
            if match is None or ruleset is None:
                raise ValueError(f"not a citation: {text!r} (expected e.g. 'Art. 7(1)')")
            ruleset_id = ruleset
        return cls(
            ruleset_id,
            int(match["article"]),
            None if match["paragraph"] is None else int(match["paragraph"]),
            None if match["item"] is None else int(match["item"]),
        )
