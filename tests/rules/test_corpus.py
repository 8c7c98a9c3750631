"""The regression corpus: 60 seeded bot games recorded before the engine was restructured (issue 8).

Every record must replay from its set-up and decisions to the identical explanation log,
the same scored winters and the same result: the restructuring changed no behaviour.
"""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest

from shogun_tutor.rules.record import comparable_log, load_record, replay

CORPUS = Path(__file__).parent / "corpus" / "records.jsonl.xz"
LINES = lzma.decompress(CORPUS.read_bytes()).decode().splitlines()


def test_the_corpus_covers_players_sides_setups_and_bots():
    setups = [json.loads(line)["setup"] for line in LINES]
    assert len(setups) == 60
    assert {s["players"] for s in setups} == {3, 4, 5}
    assert {(s["side"], s["setup"]) for s in setups} == {("sun", "beginner"), ("sun", "draft"), ("moon", "draft")}
    assert {b for s in setups for b in s["bots"]} == {"heuristic", "random"}


@pytest.mark.parametrize("index", range(len(LINES)))
def test_every_record_replays_with_an_identical_log(index):
    rec = load_record(LINES[index])
    game = replay(rec)  # raises SaveFileError when the log differs
    assert comparable_log(game.state.log, rec["format_version"]) == rec["log"]  # version 1: plan.done without the plan
    assert json.loads(json.dumps(game.state.scores)) == rec["winters"]
    s = game.state
    assert [p.points for p in s.players] == rec["result"]["points"]
    assert [p.chests for p in s.players] == rec["result"]["chests"]
    assert list(s.winners) == rec["result"]["winners"] and game.over == rec["result"]["finished"]
