"""The hash chains that make a change behind the app's back visible (single-PC mode).

Every answer row holds ``chain_hash``: SHA-256 over the previous answer's
``chain_hash`` (the row before it by id) and this answer's recorded fields in a
canonical form. Every audit-log row holds the same over the audit log. An
answer changed, inserted or deleted with the ``sqlite3`` shell (which must drop
the answer triggers to do it) breaks the chain at that row, and
``verify.verify_records`` says where.

What a chain cannot show, and the README says so: a person who reads this
module can recompute the whole chain after a change; a whole file put back
from an older copy is a consistent file; the latest answers removed from the
end leave a shorter, consistent chain. On the server none of this arises: the
database's roles refuse the change itself (the column stays NULL there).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any

#: The value before the first row of a chain.
GENESIS = "0" * 64

#: The answer fields a chain covers, in this order (every recorded field but the row id
#: and the chain itself: the id is the chain's order, it is not known before the insert).
ANSWER_FIELDS: tuple[str, ...] = (
    "uid",
    "session_id",
    "trainee_id",
    "skill",
    "ruleset_id",
    "item_seed",
    "situation",
    "expected",
    "given",
    "correct",
    "time_taken_ms",
    "app_version",
    "presented_at",
    "answered_at",
    "answered_day",
    "recorded_at",
)

AUDIT_FIELDS: tuple[str, ...] = ("at", "actor", "action", "subject", "detail")


def _canonical(value: Any) -> Any:
    if isinstance(value, datetime):
        if value.utcoffset() is None:
            raise ValueError("a naive datetime has no place in a chained record")
        return value.astimezone(UTC).isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool | int | str) or value is None:
        return value
    # JSON columns: as the database gives them back (lists, not tuples; str keys).
    return json.loads(json.dumps(value))


def link(previous: str, row: Mapping[str, Any], fields: Sequence[str]) -> str:
    """The chain value of ``row`` after ``previous``."""
    body = json.dumps(
        [previous, [_canonical(row[name]) for name in fields]],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(body.encode("utf-8")).hexdigest()
