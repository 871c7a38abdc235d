"""``dealer-trainer rulesets add|list`` on a centre's server: the instructor signs in with
their own login, and the server's rules decide (the app checks no password there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.storage.server.conftest import Centre, command

HOUSE = """\
id = "centre-roulette"
title = "The centre's roulette"
base = "roulette-2003"
[overrides]
street_corner_order = "chinese"
"""


@pytest.fixture(scope="module")
def logins(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "rina", "Rina Instructor")
    return {"ina": ina, "tom": centre.add("trainee", "rtom", "Rom Trainee", by=ina)}


def _rulesets(centre: Centre, *args: str, stdin: str) -> tuple[int, str, str]:
    done = command("rulesets", *args, password="", stdin=stdin, db_url=centre.workstation_url)
    return done.returncode, done.stdout, done.stderr


def test_an_instructor_adds_and_lists_a_house_ruleset_with_their_own_login(
    centre: Centre, logins: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "centre.toml"
    path.write_text(HOUSE, encoding="utf-8")
    password = centre.passwords[logins["ina"]] + "\n"
    code, out, err = _rulesets(
        centre, "add", str(path), "--instructor", logins["ina"], stdin=password
    )
    assert code == 0, err
    assert "Added centre-roulette, version 1" in out
    code, out, err = _rulesets(centre, "list", "--instructor", logins["ina"], stdin=password)
    assert code == 0, err
    assert out.splitlines()[1].split()[:2] == ["centre-roulette", "1"]


def test_rulesets_add_on_a_server_needs_a_login_a_right_password_and_an_instructor(
    centre: Centre, logins: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "centre.toml"
    path.write_text(HOUSE.replace("centre-roulette", "other-roulette"), encoding="utf-8")
    code, _, err = _rulesets(centre, "add", str(path), stdin="whatever\n")
    assert code == 1 and "needs your login: add --instructor LOGIN" in err
    code, _, err = _rulesets(
        centre, "add", str(path), "--instructor", logins["ina"], stdin="not her password\n"
    )
    assert code == 1 and "not her password" not in err
    trainee = centre.passwords[logins["tom"]] + "\n"
    code, _, err = _rulesets(centre, "add", str(path), "--instructor", logins["tom"], stdin=trainee)
    assert code == 1 and "instructor" in err.lower()


def test_a_trainees_own_login_loads_the_house_rulesets_its_workstation_offers(
    centre: Centre, logins: dict[str, str]
) -> None:
    """Issue 38: a trainee's workstation read the rulesets with their authors' names, which
    its login may not read ("permission denied for table instructors" at every refresh),
    and never offered a house ruleset. It reads the texts, which are all it needs."""
    from dealer_trainer.storage.house_rulesets import (
        add_house_ruleset,
        kept_house_rulesets,
        usable_house_rulesets,
    )
    from tests.storage.server.test_workstation import _instructor, _open, _trainee

    with _open(centre, logins["ina"]) as store:
        desk = _instructor(store, centre)
        add_house_ruleset(store, desk.session, HOUSE.replace("centre-", "trainee-"), "t.toml")
        [named] = [k for k in kept_house_rulesets(store) if k.ruleset_id == "trainee-roulette"]
        assert named.added_by == "Rina Instructor"
    with _open(centre, logins["tom"]) as store:
        _trainee(store, centre)
        usable, problems = usable_house_rulesets(store)
        assert problems == [] and "trainee-roulette@1" in {r.id for r in usable}
        kept = {k.ruleset_id: k.added_by for k in kept_house_rulesets(store, authors=False)}
        assert kept["trainee-roulette"] == ""
