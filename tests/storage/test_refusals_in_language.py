"""Storage's refusals a person reads are translatable sentences with named fields (``Text``),
so the window says them in its language (``ui.kit.language.problem_text``): groups, instructors,
staff numbers, the centre's settings, standards and plans (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest

from dealer_trainer.rules.text import Text
from dealer_trainer.storage import Store
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.errors import InputRefusedError, StorageError

from .conftest import START

PASSWORD = "correct horse"

#: What a Portuguese reader sees of some of them (as the pending translations say).
PORTUGUESE = {
    "A group named {existing} already exists (names that differ only in capitals, letter "
    "width or invisible characters are one name).": "Já existe um grupo chamado {existing} "
    "(nomes que só diferem em maiúsculas, largura das letras ou caracteres invisíveis são um "
    "só nome).",
    "You cannot disable your own account: another instructor must do it.": "Não pode "
    "desactivar a sua própria conta: outro instrutor tem de o fazer.",
    "The group {name} is archived: bring it back before adding trainees.": "O grupo {name} "
    "está arquivado: restaure-o antes de lhe adicionar formandos.",
    "{setting} must be a whole number from {low} to {high}.": "{setting} tem de ser um "
    "número inteiro de {low} a {high}.",
    "The sittings of one exam": "O número de provas de um exame",
}


def _portuguese(context: str, source: str) -> str:
    assert context == ""
    return PORTUGUESE[source]


def _refusal(error: BaseException) -> Text:
    text = getattr(error, "text", None)
    assert isinstance(text, Text), f"{type(error).__name__} is plain words: {error}"
    return text


def test_group_and_instructor_refusals_are_sentences_read_in_portuguese(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Instructor Ho", PASSWORD))
    people = desk.people()
    group = people.create_group("Intake November", date(2026, 11, 2))
    with pytest.raises(StorageError) as same_name:
        people.create_group("intake  NOVEMBER", date(2026, 11, 9))
    assert _refusal(same_name.value).render(_portuguese) == (
        "Já existe um grupo chamado 'Intake November' (nomes que só diferem em maiúsculas, "
        "largura das letras ou caracteres invisíveis são um só nome)."
    )
    with pytest.raises(StorageError) as own:
        people.set_instructor_disabled(desk.session.instructor_id, True)
    assert _refusal(own.value).render(_portuguese).startswith("Não pode desactivar")
    chan = desk.add_trainee("Chan Tai Man")
    people.set_group_archived(group.id, True)
    with pytest.raises(StorageError) as archived:
        people.move_trainee(chan.id, group.id)
    assert _refusal(archived.value).render(_portuguese) == (
        "O grupo Intake November está arquivado: restaure-o antes de lhe adicionar formandos."
    )
    with pytest.raises(StorageError) as gone:
        people.move_trainee(chan.id, group.id + 99)
    assert str(group.id + 99) not in str(gone.value)  # no internal id, but what to do
    assert "read the list again" in str(gone.value)
    with pytest.raises(ValueError) as bad_number:
        people.set_staff_number(chan.id, "=1+1")
    assert _refusal(bad_number.value).params == {"most": 32}


def test_settings_standard_and_plan_refusals_name_the_problem_in_words(store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Instructor Ho", PASSWORD))
    with pytest.raises(InputRefusedError) as out_of_range:
        desk.save_centre_settings(CentreSettings("Escola", 0, 7, 24))
    assert (
        str(out_of_range.value) == "The sittings of one exam must be a whole number from 1 to 20."
    )
    assert _refusal(out_of_range.value).render(_portuguese) == (
        "O número de provas de um exame tem de ser um número inteiro de 1 a 20."
    )
    assert "retake_limit" not in str(out_of_range.value)  # never the field's internal name
    with pytest.raises(ValueError) as no_skill:
        desk.standards.set_standard("roulette.no_such_skill", Decimal("5"))
    assert "roulette.no_such_skill" not in str(no_skill.value)
    _refusal(no_skill.value)
    plans = desk.schedules
    due = START + timedelta(days=3)
    skill = ["roulette.straight_up"]
    for skills, items, trainees in (([], 10, [1]), (skill, 0, [1]), (skill, 10, [])):
        with pytest.raises(ValueError) as refused:
            plans.assign_plan("Week 1", "roulette", skills, items, due, trainees)
        _refusal(refused.value)
