"""Operator conventions: one version, ``--version`` and a ``--help`` that names the program, describes
every option and shows its default; every dependency bounded; the licence and the changelog; a
wheel built without the test extra."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import shogun_tutor
from shogun_tutor.__main__ import PROG, _parser

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_one_version_source():
    assert "version" not in PROJECT["project"] and "version" in PROJECT["project"]["dynamic"]
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "shogun_tutor.__version__"}
    out = subprocess.run([sys.executable, "-m", "shogun_tutor", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"shogun-tutor {shogun_tutor.__version__}"


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("command", ["simulate", "bench", "botstats", "app"])
def test_help_names_the_program_describes_every_option_and_its_default(command, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # one line per option: a default is never broken at a hyphen
    sub = _subparsers(_parser())[command]
    assert sub.prog == f"{PROG} {command}"
    text = sub.format_help()
    for action in sub._actions:
        if action.dest == "help":
            continue
        assert action.help, f"{command} {action.option_strings} has no help"
        if action.default not in (None, False, ""):
            assert re.search(rf"default: {re.escape(str(action.default))}\)", " ".join(text.split())), (command, action.dest)


def test_dependencies_are_bounded_and_jupyterlab_is_an_extra():
    deps = [Requirement(d) for d in PROJECT["project"]["dependencies"]]
    extras = {name: [Requirement(d) for d in reqs] for name, reqs in PROJECT["project"]["optional-dependencies"].items()}
    for req in deps + [r for reqs in extras.values() for r in reqs]:
        assert any(s.operator in ("<", "<=", "==", "~=") for s in req.specifier), f"{req} has no upper bound"
    assert "jupyterlab" not in {r.name for r in deps}
    assert "jupyterlab" in {r.name for r in extras["lab"]}
    assert {"jupyterhub", "jupyterhub-tmpauthenticator", "jupyterhub-idle-culler"} <= {r.name for r in extras["hub"]}


def test_licence_changelog_and_classifiers():
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "the Shogun Tutor authors" in licence
    assert PROJECT["project"]["license"] == "MIT" and PROJECT["project"]["license-files"] == ["LICENSE"]
    assert f"## [{shogun_tutor.__version__}]" in (ROOT / "CHANGELOG.md").read_text()
    assert "Framework :: Jupyter" in PROJECT["project"]["classifiers"]


def test_make_wheel_does_not_need_the_test_extra():
    make = (ROOT / "Makefile").read_text()
    rule = re.search(r"^wheel:(.*)\n((?:\t.*\n)+)", make, re.M)
    assert rule and "install-test" not in rule.group(1) and "--no-build-isolation" not in rule.group(2)
    assert re.search(r"^test:.*\blint\b", make, re.M)  # ruff runs in make test
    assert "ruff" in PROJECT["tool"]
