"""The command line as a script calls it: every bad argument gives one error line and a non-zero exit, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "shogun_tutor", *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=300)


def assert_refused(res: subprocess.CompletedProcess, words: str) -> None:
    assert res.returncode != 0
    assert "Traceback" not in res.stderr
    last = res.stderr.strip().splitlines()[-1]
    assert last.startswith(("error:", "shogun-tutor")) and words in last, res.stderr


def test_out_into_a_missing_folder(tmp_path):
    assert_refused(run("simulate", "--players", "3", "--out", str(tmp_path / "no" / "game.json"), cwd=tmp_path),
                   "does not exist")


def test_out_at_a_folder_leaves_nothing_behind(tmp_path):
    (tmp_path / "adir").mkdir()
    assert_refused(run("simulate", "--players", "3", "--out", "adir", cwd=tmp_path), "is a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir"] and not any((tmp_path / "adir").iterdir())


def test_out_under_a_file(tmp_path):
    (tmp_path / "afile").write_text("keep")
    assert_refused(run("simulate", "--players", "3", "--out", "afile/game.json", cwd=tmp_path), "not a folder")
    assert (tmp_path / "afile").read_text() == "keep"


def test_empty_out(tmp_path):
    assert_refused(run("simulate", "--players", "3", "--out", "", cwd=tmp_path), "empty")


def test_out_at_a_symlink_keeps_the_link_and_its_target(tmp_path):
    target = tmp_path / "target.json"
    target.write_text("keep")
    (tmp_path / "link.json").symlink_to(target)
    assert_refused(run("simulate", "--players", "3", "--out", "link.json", cwd=tmp_path), "symbolic link")
    assert (tmp_path / "link.json").is_symlink() and target.read_text() == "keep"


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
def test_out_at_a_device_node_keeps_the_node(tmp_path):
    assert_refused(run("simulate", "--players", "3", "--out", "/dev/null", cwd=tmp_path), "not a regular file")
    assert Path("/dev/null").is_char_device()


def test_out_at_a_fifo_is_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    assert_refused(run("simulate", "--players", "3", "--out", "pipe", cwd=tmp_path), "not a regular file")


@pytest.mark.parametrize("args, words", [
    (("bench", "--games", "0"), "1 or more"),
    (("bench", "--games", "-1"), "negative"),
    (("bench", "--games", "x"), "not a whole number"),
    (("simulate", "--seed", "-1"), "negative"),
    (("simulate", "--seed", "1.5"), "not a whole number"),
    (("simulate", "--players", "6"), "invalid choice"),
    (("simulate", "--bots", "nobody"), "unknown bot"),
    (("simulate", "--side", "moon", "--setup", "beginner"), "beginner set-up"),
])
def test_bad_arguments(tmp_path, args, words):
    assert_refused(run(*args, "--out", "x.json", cwd=tmp_path) if args[0] == "simulate" else run(*args, cwd=tmp_path),
                   words)
    assert not (tmp_path / "x.json").exists()


def test_a_good_run_writes_a_regular_file_replacing_an_old_one(tmp_path):
    (tmp_path / "game.json").write_text("old")
    res = run("simulate", "--players", "3", "--seed", "2", "--out", "game.json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    from shogun_tutor.rules.record import load_record, replay

    assert replay(load_record((tmp_path / "game.json").read_text())).over
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
    assert oct((tmp_path / "game.json").stat().st_mode & 0o777) != oct(0o600)
