"""The centre's settings: a small, insert-only, versioned store an instructor edits.

What they are, and their defaults (used until an instructor first saves them):

- ``centre_name``: printed at the head of every transcript and certificate
  (default: empty, printed as "Dealer training centre" in the reader's language);
- ``retake_limit``: how many sittings of one exam a trainee may have, the first one
  included (default 3; 1 to 20);
- ``retake_wait_days``: whole days between the end of a sitting and the next one
  (default 7; 0 to 365, 0: at once);
- ``validity_months``: how long a certification stays valid after the passing
  sitting (default 24; 1 to 120).

Each save adds a version (never an UPDATE: triggers refuse it), so what a sitting
was allowed under stays on file; the newest version rules. Each save is in the
audit log, in the same transaction. The centre's speed standards and mastery rule
are not here (they are the standards' own tables).

The centre's **calendar** is Macau's (``ZONE``): a certification's date (passed on, valid
until) is the day in Macau when the sitting ended, on a single PC whatever its clock's
zone and on the server whatever its session's ``TimeZone`` (``dt_centre_day``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from sqlalchemy import Connection, func, insert, select

from dealer_trainer.rules.text import T, Text
from dealer_trainer.storage.models import CentreSettingsRow

NAME_LENGTH = 200

#: The centre's time zone, by its IANA name (the server's SQL uses the name).
ZONE_NAME = "Asia/Macau"
ZONE = ZoneInfo(ZONE_NAME)


def local_day(moment: datetime) -> date:
    """The centre's calendar day of ``moment`` (an aware time): 17:30 UTC is 01:30 the
    next day in Macau."""
    return moment.astimezone(ZONE).date()


@dataclass(frozen=True)
class CentreSettings:
    centre_name: str = ""
    retake_limit: int = 3
    retake_wait_days: int = 7
    validity_months: int = 24
    #: 0: the defaults (no instructor has saved the settings yet).
    version: int = 0
    changed_by: int | None = None
    changed_at: datetime | None = None


DEFAULTS = CentreSettings()

#: (field, lowest, highest): the ranges the table's CHECKs hold too.
RANGES = (
    ("retake_limit", 1, 20),
    ("retake_wait_days", 0, 365),
    ("validity_months", 1, 120),
)


def check(settings: CentreSettings) -> list[tuple[str, int, int]]:
    """The fields out of range, as (field, lowest, highest); empty when all are fine."""
    bad = []
    for field, low, high in RANGES:
        value = getattr(settings, field)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            bad.append((field, low, high))
    return bad


#: What each setting is called where a person reads it.
FIELD_NAMES: dict[str, Text] = {
    "retake_limit": T("The sittings of one exam"),
    "retake_wait_days": T("The days between sittings"),
    "validity_months": T("The months a certification is valid"),
}


def problem(settings: CentreSettings) -> Text | None:
    """What is wrong with ``settings`` in words (the first setting out of range, by its
    name, or a name too long), or ``None``."""
    bad = check(settings)
    if bad:
        field, low, high = bad[0]
        return T(
            "{setting} must be a whole number from {low} to {high}.",
            setting=FIELD_NAMES[field],
            low=low,
            high=high,
        )
    if len(" ".join(str(settings.centre_name).split())) > NAME_LENGTH:
        return T("The centre's name is longer than {most} characters.", most=NAME_LENGTH)
    return None


def current(connection: Connection) -> CentreSettings:
    """The newest version, or the defaults before the first save."""
    row = connection.execute(
        select(CentreSettingsRow).order_by(CentreSettingsRow.version.desc()).limit(1)
    ).first()
    if row is None:
        return DEFAULTS
    return CentreSettings(
        centre_name=row.centre_name,
        retake_limit=row.retake_limit,
        retake_wait_days=row.retake_wait_days,
        validity_months=row.validity_months,
        version=row.version,
        changed_by=row.changed_by,
        changed_at=row.changed_at,
    )


def history(connection: Connection) -> list[CentreSettings]:
    """Every version, newest first."""
    rows = connection.execute(
        select(CentreSettingsRow).order_by(CentreSettingsRow.version.desc())
    ).all()
    return [
        CentreSettings(
            r.centre_name,
            r.retake_limit,
            r.retake_wait_days,
            r.validity_months,
            r.version,
            r.changed_by,
            r.changed_at,
        )
        for r in rows
    ]


def add_version(
    connection: Connection, settings: CentreSettings, instructor_id: int, at: datetime
) -> CentreSettings:
    """Insert the next version (the caller checked it and writes the audit entry)."""
    newest = connection.execute(select(func.max(CentreSettingsRow.version))).scalar_one()
    version = (newest or 0) + 1
    connection.execute(
        insert(CentreSettingsRow).values(
            version=version,
            centre_name=settings.centre_name,
            retake_limit=settings.retake_limit,
            retake_wait_days=settings.retake_wait_days,
            validity_months=settings.validity_months,
            changed_by=instructor_id,
            changed_at=at,
        )
    )
    return current(connection)
