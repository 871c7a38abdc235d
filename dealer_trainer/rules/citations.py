"""Citations of the regulations: ``roulette-2003 Art. 7(1)``."""

from __future__ import annotations

import re

from dealer_trainer.frozen import Frozen

_PATTERN = re.compile(
    r"^(?P<ruleset>[a-z0-9][a-z0-9-]*) Art\. (?P<article>\d+)"
    r"(?:\((?P<paragraph>\d+)\))?(?:\((?P<item>\d+)\))?$"
)
_SHORT = re.compile(r"^Art\. (?P<article>\d+)(?:\((?P<paragraph>\d+)\))?(?:\((?P<item>\d+)\))?$")


class Citation(Frozen):
    """One article (and optionally paragraph and item) of one ruleset.

    Citations are read-only values, compared, hashed and ordered by their fields.
    """

    _fields = ("ruleset", "article", "paragraph", "item")
    ruleset: str
    article: int
    paragraph: int | None
    item: int | None

    def __init__(self, ruleset: str, article: int, paragraph: int | None = None,
                 item: int | None = None) -> None:
        self.__dict__.update(ruleset=ruleset, article=article, paragraph=paragraph, item=item)

    def __lt__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Citation)
        return self._values() < other._values()

    def __le__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Citation)
        return self._values() <= other._values()

    def __gt__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Citation)
        return self._values() > other._values()

    def __ge__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Citation)
        return self._values() >= other._values()

    def __str__(self) -> str:
        text = f"{self.ruleset} Art. {self.article}"
        if self.paragraph is not None:
            text += f"({self.paragraph})"
        if self.item is not None:
            text += f"({self.item})"
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
