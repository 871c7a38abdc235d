"""The answers right within their skill's target, rolled up per trainee, day and skill.

``trainee_skill_days.within`` (migration 0014) counts, of one trainee's answers of one
skill on one day, those right and given within the target time ``within_targets`` holds
for the skill. The answers' insert trigger adds each new answer in its own transaction;
this module counts a skill's answers again when the target in force (the centre's
speed standard, else the drills' own) is not the one its counts were made against: a
standard set, or an app version with another default.

The readers (``standards.speed_shares``) take a skill's figure from the rollup only
while its counted target is the one in force, and count the answers themselves for
the other skills, so a figure shown never rests on an old target: counting again only
makes the read quicker.

On the server an instructor counts again through ``dt_recount_within`` (``SECURITY
DEFINER``, ``storage/server/policy.py``): the rollup is nobody's to write, and the
function counts from the answers, so what it stores always matches the target it
stores beside it.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, select, text

from dealer_trainer.storage.models import WithinTarget


def recount_sql(skill: str, ms: str, *, graded: bool = False) -> tuple[str, str]:
    """The two statements that count a skill again, with ``skill`` and ``ms`` as SQL
    expressions (bind parameters here, the arguments of ``dt_recount_within`` on the
    server): of each rollup row of the skill, its answers right within the target,
    counted from the answers' covering index ``ix_answers_trainee_day``; then the target
    the skill's counts are now of. ``graded``: a centre's server, where the rollup counts
    the grader's verdicts and the times that count (``policy.GRADED_ANSWERS``)."""
    source = "graded_answers" if graded else "answers"
    count = f"""UPDATE trainee_skill_days SET within = (
        SELECT count(*) FROM {source} AS a
        WHERE a.trainee_id = trainee_skill_days.trainee_id
          AND a.answered_day = trainee_skill_days.answered_day
          AND a.skill = trainee_skill_days.skill
          AND a.time_taken_ms <= {ms} AND a.correct
    )
    WHERE skill = {skill}"""
    keep = f"""INSERT INTO within_targets (skill, target_ms) VALUES ({skill}, {ms})
    ON CONFLICT (skill) DO UPDATE SET target_ms = excluded.target_ms"""
    return count, keep


def counted_targets(connection: Connection) -> dict[str, int]:
    """Each skill's target (ms) its rolled-up ``within`` was counted against."""
    rows = connection.execute(select(WithinTarget.skill, WithinTarget.target_ms))
    return {str(skill): int(ms) for skill, ms in rows}


def split(
    targets: Mapping[str, int], counted: Mapping[str, int]
) -> tuple[list[str], dict[str, int]]:
    """The skills whose rollup counts are of their target in force, and the others with
    their targets (to be counted from the answers)."""
    rolled = sorted(skill for skill, ms in targets.items() if counted.get(skill) == ms)
    others = {skill: ms for skill, ms in targets.items() if counted.get(skill) != ms}
    return rolled, others


def one_snapshot(connection: Connection) -> None:
    """Read the counted targets and the counts in one snapshot (call first in a read).

    On PostgreSQL each statement of a read otherwise sees what was committed before it:
    a count made again between reading its target and reading the rollup would be taken
    for a count of the old target. SQLite's read transaction is one snapshot already.
    """
    if connection.dialect.name == "postgresql":
        connection.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))


def recount(connection: Connection, skill: str, ms: int, *, server: bool) -> None:
    """Count ``skill``'s rolled-up answers within ``ms`` again, and keep ``ms`` as its
    counted target, in the connection's transaction (a write). ``server``: a centre's
    server, where only ``dt_recount_within`` may write them."""
    if ms < 0:
        raise ValueError(f"a target time is not negative: {ms} ms")
    values = {"skill": skill, "ms": ms}
    if server:
        connection.execute(text("SELECT dt_recount_within(:skill, :ms)"), values)
        return
    if connection.dialect.name == "postgresql":
        # No answer recorded while they are counted (SQLite's write lock does the same).
        connection.execute(text("LOCK TABLE answers IN SHARE MODE"))
    for statement in recount_sql(":skill", ":ms"):
        connection.execute(text(statement), values)
