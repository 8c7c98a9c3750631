"""The command line with the expansions: options, refusals, records that carry them and replay."""

from __future__ import annotations

import json

from shogun_tutor.__main__ import main
from shogun_tutor.rules.record import load_record, replay


def test_simulate_with_both_expansions_writes_a_record_that_replays(tmp_path, capsys):
    out = tmp_path / "game.json"
    assert main(["simulate", "--players", "4", "--side", "sun", "--seed", "7", "--expansions", "samurai,tenno", "--bots", "random",
                 "--out", str(out)]) == 0
    rec = load_record(out.read_text("utf-8"))
    assert rec["setup"]["expansions"] == ["tenno", "samurai"]
    kinds = {e["rule"].split(".")[0] for e in rec["log"]}
    assert {"court", "privilege", "samurai"} <= kinds
    assert any(d["kind"] == "privilege" for d in rec["decisions"])
    game = replay(rec)
    assert game.over and game.rules.expansions == ("tenno", "samurai")
    rec["setup"]["expansions"] = ["samurai"]  # another option set: the log no longer fits
    try:
        replay(rec)
    except ValueError as exc:
        assert "does not replay" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a record replayed with other expansions")


def test_a_base_record_has_no_expansions_field(tmp_path):
    out = tmp_path / "game.json"
    assert main(["simulate", "--players", "3", "--seed", "2", "--out", str(out)]) == 0
    assert "expansions" not in json.loads(out.read_text("utf-8"))["setup"]


def test_unknown_expansions_are_refused_with_the_valid_names(tmp_path, capsys):
    out = tmp_path / "game.json"
    assert main(["simulate", "--expansions", "tenno,ninja", "--out", str(out)]) == 2
    assert "unknown expansion(s) ninja; valid: tenno, samurai" in capsys.readouterr().err and not out.exists()
    assert main(["bench", "--games", "1", "--expansions", "court"]) == 2


def test_bench_with_expansions_prints_its_figures(capsys):
    assert main(["bench", "--games", "2", "--players", "3", "--expansions", "tenno,samurai"]) == 0
    assert "expansions tenno,samurai: median" in capsys.readouterr().out
