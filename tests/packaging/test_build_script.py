"""``packaging/build.py``: the environment the frozen build is made in."""

from __future__ import annotations

from importlib.metadata import version

from tests.packaging.helpers import load_packaging_module

build = load_packaging_module("build")


def test_build_environment_pins_what_the_tests_ran_with_but_not_the_app() -> None:
    pins = build.pinned_versions()
    assert f"pyside6-essentials=={version('PySide6-Essentials')}" in pins
    assert f"numpy=={version('numpy')}" in pins
    assert f"sqlalchemy=={version('SQLAlchemy')}" in pins
    assert not [pin for pin in pins if pin.startswith(f"{build.DIST_NAME}==")]
    names = [pin.partition("==")[0] for pin in pins]
    assert names == sorted(set(names))  # one pin per name, in a stable order


def test_build_environment_is_made_again_when_its_recipe_changes() -> None:
    pins = ["numpy==2.4.6", "pyside6-essentials==6.11.3"]
    key = build.environment_key(pins, "source")
    assert key == build.environment_key(list(pins), "source")
    assert key != build.environment_key(pins, "wheel")
    assert key != build.environment_key(["numpy==2.4.7", "pyside6-essentials==6.11.3"], "source")
