"""Every event the engine writes has an explanation with its numbers, in every language."""

import pytest

from shogun_tutor import i18n
from shogun_tutor.rules.bots import HeuristicBot, RandomBot, play
from shogun_tutor.rules.game import new_game
from shogun_tutor.text.explain import explain, known_rules


@pytest.fixture(scope="module")
def logs():
    out = []
    for seed, (n, side, setup) in enumerate([(3, "sun", "beginner"), (4, "moon", "draft"), (5, "sun", "draft")]):
        game = new_game(players=n, side=side, setup=setup, seed=seed)
        play(game, [HeuristicBot(i) if i % 2 else RandomBot(i) for i in range(n)])
        out.append(game.state.log)
    return out


def test_every_rule_in_real_games_has_a_renderer(logs):
    seen = {e["rule"] for log in logs for e in log}
    assert seen - known_rules() == set()
    # and the renderers are not dead code: most of them appear in real games
    assert len(seen & known_rules()) >= len(known_rules()) - 3


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_every_event_renders_in_every_language(logs, lang):
    i18n.set_language(lang)
    try:
        for log in logs:
            for e in log:
                ex = explain(e)
                assert ex.title and all(isinstance(line, str) and line for line in ex.lines)
    finally:
        i18n.set_language("en")


def test_kozuke_battle_told_with_its_numbers():
    i18n.set_language("en")
    e = {"rule": "battle.result", "player": 1, "province": "Kozuke", "kind": "player", "action": "battle_a",
         "source": "Shinano", "defender": 3, "moved": 4, "extras": [],
         "thrown": {"attacker": 4, "defender": 3, "farmers": 0, "tray": 0},
         "came_out": {"attacker": 3, "defender": 1, "farmers": 1, "others": 0}, "unrest": 0,
         "verdict": {"outcome": "attacker", "attacker_total": 3, "defender_total": 2, "farmers_side": "defender",
                     "draw_reason": None, "winner_farmers_lost": 0, "winner_armies_lost": 2, "survivors": 1}}
    ex = explain(e)
    assert ex.title == "Blue attacks Yellow in Kozuke with 4 armies"
    text = " ".join(ex.lines)
    assert "Out of the tower came: 3 armies (Blue), 1 army (Yellow), 1 farmer." in text
    assert "Kozuke has no unrest marker, so the farmers fight for the defender." in text
    assert "Count: Blue 3 : 2 Yellow." in text
    assert "1 army of Blue occupies Kozuke." in text


def test_unknown_rule_is_a_clear_error():
    with pytest.raises(ValueError, match="no explanation for rule 'x.y'"):
        explain({"rule": "x.y"})
