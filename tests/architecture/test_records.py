"""The seeded games and the scenarios play exactly as they did: each record's digest equals the stored one.

The stored digests (``records_digests.json``) were written by ``python -m tests.architecture.records``
before the engine's restructure (issue 26). A deliberate change of the rules' behaviour rewrites them
with ``python -m tests.architecture.records --digests > tests/architecture/records_digests.json``
(and says so in its commit).
"""

import json
from pathlib import Path

import pytest

from . import records

STORED = json.loads((Path(__file__).parent / "records_digests.json").read_text())
SPECS = {records.spec_name(s): s for s in records.game_specs()}


def test_the_stored_set_is_the_played_set():
    played = set(SPECS) | {f"scenario-{sid}" for sid in records.scenario_ids()}
    assert played == set(STORED)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_seeded_game_is_byte_identical(name):
    data = records.canonical(records.play_spec(SPECS[name]))
    assert records.digest(data) == STORED[name], f"{name} plays differently now; write its record and compare"


@pytest.mark.parametrize("sid", records.scenario_ids())
def test_scenario_is_byte_identical(sid):
    data = records.canonical(records.play_scenario(sid))
    assert records.digest(data) == STORED[f"scenario-{sid}"], f"scenario {sid} plays differently now"
