"""The project's own files agree with each other: the README's test command is the one CI
and the push workflow run, the git hooks run the same checks, and nothing shipped points at
files outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert block, "the README starts with a sh block of the two commands"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(lines) == 2, lines
    return lines[1].split("#")[0].strip()


def test_readme_test_command_runs_every_check() -> None:
    command = _readme_test_command()
    for check in ("pip install -e '.[test]'", "ruff check .", "ruff format --check .", "mypy"):
        assert check in command
    assert command.endswith("lint-imports && pytest")


def test_ci_and_the_push_workflow_run_the_readme_test_command_verbatim() -> None:
    command = _readme_test_command()
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    workflow = (ROOT / ".github" / "workflows" / "tests.yml").read_text(encoding="utf-8")
    assert command in workflow
    assert "pull_request" in workflow and "push" in workflow
    for runner in ("ubuntu-", "windows-", "macos-"):
        assert runner in workflow, runner


def test_pre_commit_runs_the_same_checks() -> None:
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    hooks = re.findall(r"^\s+entry: (.+)$", config, re.M)
    assert [hook.split()[0] for hook in hooks] == ["ruff", "ruff", "mypy", "lint-imports"]
    assert "ruff format" in hooks[1]


def test_nothing_shipped_points_outside_the_repository() -> None:
    shipped = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *ROOT.glob("docs/*.md")]
    shipped += list((ROOT / "dealer_trainer").rglob("*.py"))
    outside = [
        p
        for p in shipped
        if re.search(
            r"\.\./shared|\bshared/(contracts|regulations|tools|designs)",
            p.read_text(encoding="utf-8"),
        )
    ]
    assert not outside, outside


def test_contributing_names_the_checks_and_how_to_extend() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for topic in ("pre-commit install", 'pytest -m "not slow"', "skill", "ruleset", "translation"):
        assert topic in text, topic
