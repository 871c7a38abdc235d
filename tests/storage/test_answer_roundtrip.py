"""Any JSON situation and answer, money included as decimal text, comes back exactly."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.storage import Store, TraineeDesk

from .conftest import FAST_PASSWORDS, MACAU, answer

amounts = st.decimals(min_value=0, max_value=10**9, places=2, allow_nan=False)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**62), max_value=2**62),
    st.text(max_size=20),
    amounts,
)
json_data = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _as_stored(value: object) -> object:
    """What the store promises to give back: Decimal as its exact text, tuples as lists."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return {key: _as_stored(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_as_stored(item) for item in value]
    return value


@pytest.fixture(scope="module")
def trainee(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TraineeDesk, int]]:
    folder: Path = tmp_path_factory.mktemp("roundtrip")
    store = Store.open(data_dir=folder, passwords=FAST_PASSWORDS, day_zone=MACAU)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    who = store.trainee(desk.add_trainee("Chan Tai Man").id)
    yield who, who.start_session("roulette-2003").id
    store.close()


@settings(max_examples=60, deadline=None)
@given(situation=json_data, given_answer=json_data, seed=st.integers(0, 2**63 - 1))
def test_any_json_answer_round_trips_exactly(
    trainee: tuple[TraineeDesk, int], situation: Any, given_answer: Any, seed: int
) -> None:
    desk, session_id = trainee
    record = replace(answer(seed, given={"answer": given_answer}), situation={"table": situation})
    stored = desk.record_answer(session_id, record)
    [again] = [a for a in desk.answers(session_id=session_id, limit=None) if a.id == stored.id]
    assert again.record.situation == {"table": _as_stored(situation)}
    assert again.record.given == {"answer": _as_stored(given_answer)}
    assert again.record.item_seed == seed
