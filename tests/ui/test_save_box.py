"""Saving and continuing a game in the app: a bad file says why, in the learner's language, and keeps the game."""

from __future__ import annotations

import base64
import json

import pytest

from shogun_tutor import i18n
from shogun_tutor.bots import make_bot, play
from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.record import make_record
from shogun_tutor.ui.game_panel import GamePanel


@pytest.fixture
def panel():
    p = GamePanel(players=3, seed=4)
    for _ in range(5):
        p.next_step()
    yield p
    p.close()
    i18n.set_language("en")


def test_save_offers_a_download_that_continues_the_same_game(panel):
    text = panel.save_box.save()
    href = panel.save_box.link.value.split("base64,")[1].split("'")[0]
    assert base64.b64decode(href).decode() == text
    before = panel.game.state.to_dict()
    panel.next_step()
    assert panel.save_box.load(text.encode())
    assert panel.game.state.to_dict() == before
    assert "continues from the file" in panel.save_box.message.value


@pytest.mark.parametrize("content", [b"\xff\xfe", b"[" * 10_000, b'{"format_version": 2}', b"", b"null"])
def test_a_bad_file_keeps_the_current_game_and_says_why_in_the_learners_language(panel, content):
    i18n.set_language("de")
    before, game = panel.game.state.to_dict(), panel.game
    assert not panel.save_box.load(content)
    assert panel.game is game and panel.game.state.to_dict() == before
    assert "geht dein aktuelles Spiel unverändert weiter" in panel.save_box.message.value
    i18n.set_language("fr")  # the message follows a change of language
    assert "votre partie en cours continue sans changement" in panel.save_box.message.value


def test_a_tampered_save_names_the_key_path(panel):
    d = json.loads(panel.game.save())
    d["players"][1]["chests"] = "15"
    assert not panel.save_box.load(json.dumps(d).encode())
    assert "players/1/chests" in panel.save_box.message.value


def test_a_game_record_continues_at_its_end_and_a_tampered_one_is_refused(panel):
    game = new_game(players=4, side="sun", seed=9, history=False)
    play(game, [make_bot("heuristic", 90 + i) for i in range(4)])
    rec = make_record(game, {"players": 4, "side": "sun", "seed": 9, "setup": "beginner",
                             "tower": game.tower_model.to_dict()}, ["heuristic"] * 4)
    rec["result"]["points"][0] += 1
    assert not panel.save_box.load(json.dumps(rec).encode())
    assert panel.game.state.num_players == 3
    rec["result"]["points"][0] -= 1
    assert panel.save_box.load(json.dumps(rec).encode())
    assert panel.game.over and panel.game.state.num_players == 4 and panel.players.value == 4
    # a record is read as a replay: from its first step, Next re-reads step by step and plays nothing
    assert panel.steps.cursor == 0 and "first step" in panel.save_box.message.value
    log, seen = len(panel.game.state.log), []
    while panel.steps.can_go_on(panel.game):
        panel.next_step()
        seen.append(panel.steps.cursor)
    assert seen == list(range(1, len(seen) + 1)) and len(seen) > 30 and len(panel.game.state.log) == log
