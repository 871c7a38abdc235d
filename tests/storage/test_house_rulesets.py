"""House rulesets kept in the database (issue 16): validated, versioned, seen by every
workstation, and an answer graded under one is re-drawn under the very text it was graded under.
"""

from __future__ import annotations

from functools import partial

import pytest
from sqlalchemy import Connection
from sqlalchemy import text as sql

from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Answer, Difficulty
from dealer_trainer.drills.sessions import ItemSpec, Outcome
from dealer_trainer.rules.rulesets import RulesetRegistry
from dealer_trainer.storage import AccessDeniedError, InstructorSession, StorageError, Store
from dealer_trainer.storage.house_rulesets import (
    HouseRulesetError,
    add_house_ruleset,
    kept_house_rulesets,
    usable_house_rulesets,
)
from dealer_trainer.storage.recorder import answer_record, replay_specs

from .conftest import FAST_PASSWORDS, MACAU, START, FakeClock

STUD = (
    'id = "grand-lisboa-stud"\nbase = "caribbean-stud-2004"\ntitle = "Grand Lisboa stud"\n'
    "[overrides]\nroyal_flush_pays = {pays}\n"
)


def _execute(statement: str, connection: Connection) -> None:
    connection.execute(sql(statement))


@pytest.fixture
def session(store: Store) -> InstructorSession:
    return store.create_first_instructor("Ana Lei", "correct horse")


def test_house_ruleset_is_kept_as_versions_and_the_same_text_adds_none(
    store: Store, session: InstructorSession, clock: FakeClock
) -> None:
    first = add_house_ruleset(store, session, STUD.format(pays=50), "stud.toml")
    assert first.new and first.stored.versioned_id == "grand-lisboa-stud@1"
    assert first.stored.game == "caribbean_stud" and first.stored.base == "caribbean-stud-2004"
    assert first.stored.added_by == "Ana Lei"
    again = add_house_ruleset(store, session, "\ufeff" + STUD.format(pays=50), "stud.toml")
    assert not again.new and again.stored.version == 1  # a BOM is not a change
    clock.advance(minutes=1)
    second = add_house_ruleset(store, session, STUD.format(pays=80), "stud.toml")
    assert second.new and second.stored.versioned_id == "grand-lisboa-stud@2"
    kept = kept_house_rulesets(store)
    assert [k.versioned_id for k in kept] == ["grand-lisboa-stud@1", "grand-lisboa-stud@2"]
    assert kept[0].text == STUD.format(pays=50)  # whole, as added


def test_house_ruleset_is_seen_by_another_workstation_and_offered_in_its_newest_version(
    db_url: str, store: Store, session: InstructorSession
) -> None:
    add_house_ruleset(store, session, STUD.format(pays=50), "stud.toml")
    add_house_ruleset(store, session, STUD.format(pays=80), "stud.toml")
    with Store.open(db_url, passwords=FAST_PASSWORDS, day_zone=MACAU) as other:  # another PC
        house, problems = usable_house_rulesets(other)
    assert problems == []
    rulesets = RulesetRegistry(house)
    offered = [r.id for r in rulesets.for_game("caribbean_stud")]
    assert offered == ["caribbean-stud-2004", "grand-lisboa-stud@2"]
    assert rulesets.get("grand-lisboa-stud@1").integer("royal_flush_pays") == 50
    assert rulesets.get("grand-lisboa-stud@2").integer("royal_flush_pays") == 80
    assert rulesets.get("grand-lisboa-stud@2").cite(9, 5).ruleset == "caribbean-stud-2004"


def test_an_answer_graded_under_a_house_ruleset_is_redrawn_under_the_version_it_was_graded_under(
    store: Store, session: InstructorSession, clock: FakeClock
) -> None:
    add_house_ruleset(store, session, STUD.format(pays=50), "stud.toml")
    rulesets = RulesetRegistry(usable_house_rulesets(store)[0])
    desk = store.instructor(session)
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    ruleset_id = rulesets.for_game("caribbean_stud")[-1].id
    assert ruleset_id == "grand-lisboa-stud@1"
    spec = ItemSpec("caribbean_stud.settlement", 7, Difficulty.ADVANCED, ruleset_id)
    item = spec.make(rulesets)
    assert item.ruleset == "grand-lisboa-stud@1"
    given = Answer(amount=item.expected.amount)
    outcome = Outcome(item, given, grade(item, given, rulesets), 3000)
    assert outcome.correct
    training = trainee.start_session(ruleset_id)
    assert training.ruleset_id == "grand-lisboa-stud@1"
    stored = trainee.record_answer(training.id, answer_record(outcome, START))
    assert stored.record.ruleset_id == "grand-lisboa-stud@1"

    # The house changes its file: version 2. The recorded answer keeps its version.
    clock.advance(days=1)
    session = store.verify_instructor("correct horse")
    add_house_ruleset(store, session, STUD.format(pays=80), "stud.toml")
    rulesets.use_house(usable_house_rulesets(store)[0])
    assert rulesets.for_game("caribbean_stud")[-1].id == "grand-lisboa-stud@2"
    (spec,) = replay_specs([stored])
    again = spec.make(rulesets)
    assert again.to_json() == item.to_json()
    assert rulesets.get(again.ruleset).integer("royal_flush_pays") == 50


def test_a_refused_house_ruleset_names_file_and_key_and_nothing_is_kept(
    store: Store, session: InstructorSession
) -> None:
    with pytest.raises(HouseRulesetError, match=r"^stud\.toml: overrides\.royal_flush_pays: "):
        add_house_ruleset(store, session, STUD.format(pays=30), "stud.toml")
    with pytest.raises(HouseRulesetError, match=r"^stud\.toml: payouts: "):
        add_house_ruleset(
            store, session, STUD.format(pays=50) + '[payouts]\nx = "1"\n', "stud.toml"
        )
    assert kept_house_rulesets(store) == []


def test_a_kept_house_id_keeps_its_game(store: Store, session: InstructorSession) -> None:
    add_house_ruleset(store, session, STUD.format(pays=50), "stud.toml")
    roulette = 'id = "grand-lisboa-stud"\nbase = "roulette-2003"\ntitle = "x"\n'
    with pytest.raises(HouseRulesetError, match="already a caribbean_stud house ruleset"):
        add_house_ruleset(store, session, roulette, "roulette.toml")
    based_on_a_house = 'id = "other"\nbase = "grand-lisboa-stud"\ntitle = "x"\n'
    with pytest.raises(HouseRulesetError, match='base: "grand-lisboa-stud" is a house ruleset'):
        add_house_ruleset(store, session, based_on_a_house, "other.toml")


def test_adding_a_house_ruleset_needs_the_instructor_views_unlocked(
    store: Store, session: InstructorSession, clock: FakeClock
) -> None:
    store.lock(session)
    with pytest.raises(AccessDeniedError):
        add_house_ruleset(store, session, STUD.format(pays=50), "stud.toml")
    fresh = store.verify_instructor("correct horse")
    add_house_ruleset(store, fresh, STUD.format(pays=50), "stud.toml")
    clock.advance(minutes=20)  # longer than the instructor views stay unlocked unused
    with pytest.raises(AccessDeniedError):
        add_house_ruleset(store, fresh, STUD.format(pays=60), "stud.toml")
    assert [k.version for k in kept_house_rulesets(store)] == [1]


def test_a_kept_house_ruleset_cannot_be_changed_or_deleted(
    store: Store, session: InstructorSession
) -> None:
    add_house_ruleset(store, session, STUD.format(pays=50), "stud.toml")
    for statement in (
        "UPDATE house_rulesets SET text = 'x'",
        "DELETE FROM house_rulesets",
    ):
        with pytest.raises(StorageError, match="house rulesets are kept as added"):
            store.write(partial(_execute, statement))
    assert kept_house_rulesets(store)[0].text == STUD.format(pays=50)
