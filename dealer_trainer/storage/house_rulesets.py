"""House rulesets in the database: where every workstation of the centre sees them.

An instructor adds a house ruleset file (the instructor views, or
``dealer-trainer rulesets add FILE``)::

    added = add_house_ruleset(store, session, text, "grand-lisboa.toml")
    added.stored.versioned_id         # "grand-lisboa-roulette@1"; added.new: False if unchanged

The file is validated by the rules core (:func:`~dealer_trainer.rules.rulesets.parse_house_ruleset`)
before anything is written; a refusal is a :class:`HouseRulesetError` naming the file and the
key, a sentence the window says in its language (its ``text``; ``str(error)`` is the English).
Each change of a house's file is kept as a new version, whole, and never changed (the
database refuses it): an answer records ``<id>@<version>``, so it can be re-graded and re-drawn
under the very text it was graded under however the house's file changes later.

Every workstation reads what is kept with :func:`usable_house_rulesets` (the app does it
when it opens the store) and hands the rulesets to its
:class:`~dealer_trainer.rules.rulesets.RulesetRegistry`, which then knows each version and
offers the ruleset picker the newest one of each house ruleset.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, func, insert, literal, select

from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import (
    Ruleset,
    house_version,
    official_rulesets,
    parse_house_ruleset,
)
from dealer_trainer.rules.text import T, Text
from dealer_trainer.storage.errors import StorageError
from dealer_trainer.storage.models import HouseRulesetRow, Instructor
from dealer_trainer.storage.records import InstructorSession
from dealer_trainer.storage.store import Store

FILE_NAME_LENGTH = 255


class HouseRulesetError(StorageError):
    """A house ruleset file the rules refuse; the message names the file and the key.

    Its ``text`` is the rules' sentence to translate (``RulesError.text``), its English
    the rules' ``message``, word for word.
    """


@dataclass(frozen=True)
class StoredHouseRuleset:
    """One kept version of a house ruleset file."""

    ruleset_id: str
    version: int
    game: Game
    base: str
    title: str
    file_name: str
    text: str
    sha256: str
    added_by: str
    added_at: datetime

    @property
    def versioned_id(self) -> str:
        """The id answers graded under this version record (``grand-lisboa-roulette@2``)."""
        return f"{self.ruleset_id}@{self.version}"


@dataclass(frozen=True)
class AddedHouseRuleset:
    stored: StoredHouseRuleset
    new: bool
    """False when the newest kept version already has this very text (nothing was added)."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _kept(connection: Connection, *, authors: bool = True) -> list[StoredHouseRuleset]:
    """Every kept version; ``authors``: with the name of the instructor who added it (a
    trainee's login on a centre's server may not read the instructors: without)."""
    author = Instructor.name if authors else literal("")
    query = select(HouseRulesetRow, author.label("instructor"))
    if authors:
        query = query.join(Instructor, Instructor.id == HouseRulesetRow.added_by)
    rows = connection.execute(query.order_by(HouseRulesetRow.ruleset_id, HouseRulesetRow.version))
    return [
        StoredHouseRuleset(
            ruleset_id=row.ruleset_id,
            version=row.version,
            game=Game.of(row.game),
            base=row.base,
            title=row.title,
            file_name=row.file_name,
            text=row.text,
            sha256=row.sha256,
            added_by=row.instructor,
            added_at=row.added_at,
        )
        for row in rows
    ]


def kept_house_rulesets(store: Store, *, authors: bool = True) -> list[StoredHouseRuleset]:
    """Every kept version of every house ruleset, by id and version (anyone may read them:
    a trainee's workstation needs them to draw and grade; ``authors=False`` leaves out who
    added each, which only an instructor may read on a centre's server)."""
    return store.read(lambda connection: _kept(connection, authors=authors))


def parse_kept(stored: StoredHouseRuleset) -> Ruleset:
    """The ruleset a kept version is, with its versioned id (raises ``RulesetError``)."""
    ruleset = parse_house_ruleset(stored.text, stored.file_name, official_rulesets())
    if ruleset.id != stored.ruleset_id:
        raise RulesetError(
            "invalid_ruleset",
            T(
                "{file}: id: the kept text names {named}, not {kept}.",
                file=stored.file_name,
                named=repr(ruleset.id),
                kept=repr(stored.ruleset_id),
            ),
        )
    return house_version(ruleset, stored.version)


def add_house_ruleset(
    store: Store, session: InstructorSession, text: str, file_name: str
) -> AddedHouseRuleset:
    """Validate a house ruleset file and keep it as the next version of its id.

    Needs an unlocked instructor session. Raises :class:`HouseRulesetError` (file and
    key named) for a file the rules refuse; nothing is written then.
    """
    store.require(session)
    name = file_name.strip()[-FILE_NAME_LENGTH:] or "house ruleset"
    if not isinstance(text, str):
        raise HouseRulesetError(T("{file}: is not text.", file=name))
    text = text.removeprefix("\ufeff")
    digest = _digest(text)

    def work(connection: Connection) -> AddedHouseRuleset:
        kept = _kept(connection)
        games = {stored.ruleset_id: stored.game for stored in kept}
        try:
            ruleset = parse_house_ruleset(text, name, official_rulesets(), houses=games)
        except RulesetError as exc:
            raise HouseRulesetError(exc.text or exc.message) from None
        versions = [stored for stored in kept if stored.ruleset_id == ruleset.id]
        if versions and versions[-1].sha256 == digest:
            return AddedHouseRuleset(versions[-1], new=False)
        version = (versions[-1].version if versions else 0) + 1
        now = store.now()
        connection.execute(
            insert(HouseRulesetRow).values(
                ruleset_id=ruleset.id,
                version=version,
                game=ruleset.game,
                base=ruleset.base,
                title=ruleset.title,
                file_name=name,
                text=text,
                sha256=digest,
                added_by=session.instructor_id,
                added_at=now,
            )
        )
        instructor = connection.execute(
            select(func.coalesce(Instructor.name, "")).where(Instructor.id == session.instructor_id)
        ).scalar_one()
        stored = StoredHouseRuleset(
            ruleset_id=ruleset.id,
            version=version,
            game=ruleset.game,
            base=ruleset.base or "",
            title=ruleset.title,
            file_name=name,
            text=text,
            sha256=digest,
            added_by=instructor,
            added_at=now,
        )
        return AddedHouseRuleset(stored, new=True)

    return store.write(work)


def usable_house_rulesets(store: Store) -> tuple[list[Ruleset], list[Text]]:
    """Every kept version as a ruleset (for a ``RulesetRegistry``), and a sentence per
    version that no longer validates (an app whose base ruleset changed its settings), to
    translate: that version is left out; the others are given.
    """
    rulesets: list[Ruleset] = []
    problems: list[Text] = []
    for stored in kept_house_rulesets(store, authors=False):  # the texts are all it needs
        try:
            rulesets.append(parse_kept(stored))
        except RulesetError as exc:
            problems.append(
                T(
                    "The house ruleset {title} (version {version}) cannot be used by this "
                    "version of the app: {problem}",
                    title=repr(stored.title),
                    version=stored.version,
                    problem=exc.text or exc.message,
                )
            )
    return rulesets, problems
