"""Same seed, same game, in any process: the CLI's record does not depend on PYTHONHASHSEED."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _simulate(tmp_path: Path, hash_seed: str) -> bytes:
    out = tmp_path / f"game-{hash_seed}.json"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "shogun_tutor", "simulate", "--players", "5", "--side", "moon",
                    "--seed", "4", "--out", str(out)], check=True, env=env, cwd=ROOT, capture_output=True)
    return out.read_bytes()


def test_simulate_is_byte_identical_across_hash_seeds(tmp_path):
    first = _simulate(tmp_path, "1")
    second = _simulate(tmp_path, "4242")
    assert len(first) > 1000
    assert first == second
