"""Bots, the command line and game records."""

import json

import pytest

from shogun_tutor.__main__ import main
from shogun_tutor.bots import HeuristicBot, RandomBot, make_bot, play
from shogun_tutor.rules.errors import SaveFileError
from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.record import load_record, make_record, replay


def test_heuristic_bot_clearly_beats_random_bots():
    wins = games = 0
    chance = 0.0
    for seed in range(30):
        n = 3 + seed % 3
        seat = seed % n
        bots = [HeuristicBot(seed) if i == seat else RandomBot(seed * 7 + i) for i in range(n)]
        game = play(new_game(players=n, seed=seed, history=False), bots)
        wins += seat in game.state.winners
        games += 1
        chance += 1 / n
    assert wins >= 2 * chance, f"heuristic won {wins} of {games}; chance alone gives {chance:.1f}"


def test_heuristic_bot_only_makes_legal_decisions_on_both_sides():
    for side, setup in (("sun", "beginner"), ("moon", "draft")):
        game = new_game(players=4, side=side, setup=setup, seed=5)
        bots = [HeuristicBot(i) for i in range(4)]
        while not game.over:
            d = bots[game.to_decide()[1]].decide(game)
            assert d in game.legal_decisions()
            game.apply(d)


def test_make_bot_rejects_unknown_names():
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")


def test_cli_simulate_writes_a_record_that_replays(tmp_path):
    out = tmp_path / "game.json"
    assert main(["simulate", "--players", "3", "--side", "moon", "--seed", "4", "--bots", "heuristic,random", "--out", str(out)]) == 0
    rec = load_record(out.read_text())
    assert rec["setup"]["bots"] == ["heuristic", "random", "heuristic"]
    assert rec["setup"]["side"] == "moon" and rec["setup"]["setup"] == "draft"
    assert len(rec["winters"]) == 2
    for winter in rec["winters"]:
        assert set(winter) == {"year", "provinces", "players", "scoring"}
        assert all({"owner", "armies", "buildings", "unrest"} <= set(p) for p in winter["provinces"].values())
        assert all({"rice", "chests", "points"} <= set(p) for p in winter["players"])
    game = replay(rec)
    assert [p.points for p in game.state.players] == rec["result"]["points"]


def test_cli_bad_parameters_write_nothing(tmp_path, capsys):
    out = tmp_path / "game.json"
    assert main(["simulate", "--bots", "genius", "--out", str(out)]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["simulate", "--players", "3", "--bots", "random,random,random,random", "--out", str(out)]) == 2
    assert not out.exists()
    with pytest.raises(SystemExit):
        main(["simulate", "--players", "6"])


def test_tampered_record_does_not_replay():
    game = play(new_game(players=3, seed=2, history=False), [RandomBot(i) for i in range(3)])
    rec = make_record(game, {"players": 3, "side": "sun", "seed": 2, "setup": "beginner"})
    rec["log"][5]["rule"] = "made.up"
    with pytest.raises(SaveFileError, match="log differs"):
        replay(json.loads(json.dumps(rec)))
    for text in ("{}", "[1]", '{"format": "shogun-tutor-game-record", "format_version": 9}'):
        with pytest.raises(SaveFileError):
            load_record(text)
