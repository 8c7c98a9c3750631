"""Every event the engine writes has an explanation with its numbers, in every language."""

import re

import pytest

from shogun_tutor import i18n
from shogun_tutor.bots import HeuristicBot, RandomBot, play
from shogun_tutor.rules.game import new_game
from shogun_tutor.text.explain import explain, known_rules, player_name


@pytest.fixture(scope="module")
def logs():
    out = []
    for seed, (n, side, setup) in enumerate([(3, "sun", "beginner"), (4, "moon", "draft"), (5, "sun", "draft")]):
        game = new_game(players=n, side=side, setup=setup, seed=seed)
        play(game, [HeuristicBot(i) if i % 2 else RandomBot(i) for i in range(n)])
        out.append(game.state.log)
    for seed in range(8):  # Tennō's Court and Samurai: random play reaches the rarer court and privilege events
        n = 3 + seed % 3
        game = new_game(players=n, seed=seed, history=False, expansions=("tenno", "samurai"))
        play(game, [RandomBot(seed * 10 + i) if i % 2 == 0 else HeuristicBot(i) for i in range(n)])
        out.append(game.state.log)
    return out


def test_every_rule_in_real_games_has_a_renderer(logs):
    seen = {e["rule"] for log in logs for e in log}
    assert seen - known_rules() == set()
    # and the renderers are not dead code: most of them appear in real games
    # (one more for privilege.lapsed: a card only lapses with an empty supply or no fitting province, which
    # random play does not reach; tests/rules/test_expansions.py arranges it and renders it in every language)
    assert len(seen & known_rules()) >= len(known_rules()) - 4


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


KOZUKE = {"rule": "battle.result", "player": 1, "province": "Kozuke", "kind": "player", "action": "battle_a",
          "source": "Shinano", "defender": 3, "moved": 4, "extras": [],
          "thrown": {"attacker": 4, "defender": 3, "farmers": 0, "tray": 2},
          "came_out": {"attacker": 3, "defender": 1, "farmers": 1, "others": 0}, "unrest": 0,
          "verdict": {"outcome": "attacker", "attacker_total": 3, "defender_total": 2, "farmers_side": "defender",
                      "draw_reason": None, "winner_farmers_lost": 0, "winner_armies_lost": 2, "survivors": 1}}


def _told(event, lang):
    i18n.set_language(lang)
    try:
        ex = explain(event)
        return ex.title, ex.lines
    finally:
        i18n.set_language("en")


def test_kozuke_battle_told_with_its_numbers():
    title, lines = _told(KOZUKE, "en")
    assert title == "Blue attacks Yellow in Kozuke with 4 armies"
    assert lines[:3] == ["Blue throws 4 armies into the tower.", "Yellow throws 3 armies into the tower.",
                         "2 cubes from the tray go in as well."]
    assert lines[3:6] == ["3 armies of Blue came out of the tower.", "1 army of Yellow came out of the tower.",
                          "1 farmer came out of the tower."]
    assert "Kozuke has no unrest marker, so the farmers fight for the defender." in lines
    assert "Count: Blue 3 : 2 Yellow." in lines
    assert "1 army of Blue occupies Kozuke." in lines


def test_polish_declines_player_names_and_counts():
    title, lines = _told(KOZUKE, "pl")
    # the defender is the object: accusative; 4 armies: the 2-4 form; the genitive after "armie"
    assert title == "Niebieski atakuje Żółtego w prowincji Kozuke 4 armiami"
    assert "Z wieży wypadły 3 armie Niebieskiego." in lines
    assert "Z wieży wypadła 1 armia Żółtego." in lines
    assert "1 armia Niebieskiego zajmuje prowincję Kozuke." in lines
    five = dict(KOZUKE, moved=5, verdict=dict(KOZUKE["verdict"], survivors=5))
    title, lines = _told(five, "pl")
    assert title.endswith("5 armiami") and "5 armii Niebieskiego zajmuje prowincję Kozuke." in lines


def test_chinese_and_japanese_name_provinces_in_kanji():
    title, lines = _told(KOZUKE, "zh")
    assert title == "蓝以4支军队在上野进攻黄" and "Kozuke" not in " ".join(lines)
    title, lines = _told(KOZUKE, "ja")
    assert title == "青が軍勢4個で上野の黄を攻める"
    assert "青の軍勢1個が上野を占領する。" in lines


FARMERS_WIN = {"rule": "battle.revolt", "player": 2, "province": "Kai", "cause": "winter", "farmers_from_unrest": 1,
               "extra_farmers": 2, "farmers": 3, "thrown": {"attacker": 0, "defender": 1, "farmers": 3, "tray": 0},
               "came_out": {"attacker": 0, "defender": 0, "farmers": 2, "others": 0}, "unrest": 1,
               "verdict": {"outcome": "attacker", "attacker_total": 2, "defender_total": 0, "farmers_side": "attacker",
                           "draw_reason": None, "winner_farmers_lost": 0, "winner_armies_lost": 0, "survivors": 2}}


@pytest.mark.parametrize("lang, wins, count", [
    ("en", "The farmers win.", "Count: the farmers 2 : 0 Black."),
    ("de", "Die Bauern gewinnen.", "Stand: Bauern 2 : 0 Schwarz."),
    ("fr", "Les fermiers gagnent.", "Décompte : fermiers 2 : 0 Noir."),
    ("pl", "Chłopi wygrywają.", "Wynik: chłopi 2 : 0 Czarny."),
])
def test_the_farmers_are_words_of_their_own_sentences(lang, wins, count):
    title, lines = _told(FARMERS_WIN, lang)
    assert wins in lines and count in lines
    if lang == "pl":  # "rise against" takes the dative
        assert title == "Chłopi z prowincji Kai powstają przeciw graczowi Czarnemu"


def test_lists_and_numbers_follow_the_language():
    e = {"rule": "order.turn_order", "turn_order": [2, 0, 1]}
    assert _told(e, "en")[0] == "Turn order this round: Black, Red, and Blue"
    assert _told(e, "ja")[0].endswith("黒、赤、青")
    assert _told(e, "zh")[0].endswith("黑、红和蓝")
    rice = {"rule": "winter.rice", "player": 0, "rice_before": 5, "loss": 2, "event": 3, "rice": 3, "provinces": 5,
            "shortfall": 2, "revolts": 1, "extra_farmers": 1}
    assert "Brakuje 2 jednostek ryżu." in _told(rice, "pl")[1]
    assert "5 provinces need one rice each." in _told(rice, "en")[1]


def test_the_farmers_are_not_a_player_name():
    with pytest.raises(ValueError, match="farmers are not a player"):
        player_name(None)


def test_unknown_rule_is_a_clear_error():
    with pytest.raises(ValueError, match="no explanation for rule 'x.y'"):
        explain({"rule": "x.y"})


def _income(steps, base=3, amount=None):
    return explain({"rule": "action.income", "player": 0, "province": "Settsu", "action": "tax", "base": base,
                    "steps": steps, "amount": amount if amount is not None else (steps[-1]["value"] if steps else base),
                    "total": 20, "unrest": 1})


def test_a_cap_that_changed_nothing_is_not_told_as_a_cap():
    cap = {"by": "event", "event": 7, "rule": "max", "limit": 5}
    capped = _income([{**cap, "value": 5}], base=7).lines
    assert "Event card 7 (Tax is capped): at most 5 → 5." in capped
    uncapped = _income([{**cap, "value": 3}], base=3).lines
    assert not any("at most 5 →" in line for line in uncapped)
    assert any("allows at most 5: 3 is not more, so it stays" in line for line in uncapped)


def test_the_order_of_event_and_special_card_is_told_only_when_both_apply():
    order = "First the event card, then the special card."
    event = {"by": "event", "event": 7, "rule": "max", "limit": 5, "value": 5}
    special = {"by": "special", "special": "chest_plus1", "value": 6}
    assert order in _income([event, special], base=7).lines
    assert order not in _income([special], base=7).lines
    assert order not in _income([event], base=7).lines
    assert order not in _income([], base=7).lines


def test_scoring_says_each_majority_in_words_not_as_a_tuple_of_counts(logs):
    """Issue 23: "(2, 0, 0, 0)" told a beginner nothing; the winners' count is said with its building."""
    i18n.set_language("en")
    lines = [line for log in logs for e in log if e["rule"] == "winter.scoring"
             for line in explain(e).lines]
    majorities = [line for line in lines if ": most " in line]
    assert majorities and not [line for line in majorities if "(" in line.split("→")[0]]
    assert all(re.search(r"with \d+ (castles?|temples?|Nō theaters?)( each)? →", line) for line in majorities)
    ties = [line for line in majorities if "tie between" in line]
    assert ties and all(" each → " in line for line in ties)


def test_a_province_card_bid_ranks_between_chest_bids_and_the_zero_card():
    """Issue 23: the province card comes before the war-chest card of 0, not after every chest bid."""
    from shogun_tutor.text.explain import _bid_line
    i18n.set_language("en")
    line = _bid_line({"player": 0, "kind": "province"})
    assert "1 chest or more" in line and "before the 0-chest card" in line


def test_the_odds_headline_says_the_cards_armies_apart_from_the_armies_moved():
    """Issue 23: "Attack Echizen with 1 army" beside "Attack with 2 armies against 3" — the +1 of a card is
    now said in the same words in the headline as in the option: 1 army + 1 from the cards."""
    from shogun_tutor.rules.battle_setup import BattleSetup
    from shogun_tutor.rules.odds import setup_odds
    from shogun_tutor.text.explain import odds_lines
    i18n.set_language("en")
    tower = new_game(players=3, seed=1).state.tower
    with_card = BattleSetup("player", 0, 1, 0, ((0, 2), (1, 3)), from_supply=((0, 1),))
    plain = BattleSetup("player", 0, 1, 0, ((0, 2), (1, 3)))
    text, _note = odds_lines(with_card, setup_odds(with_card, tower=tower, trials=500, seed=3))
    assert text.startswith("Attack with 1 army + 1 from the cards against 3:")
    text, _note = odds_lines(plain, setup_odds(plain, tower=tower, trials=500, seed=3))
    assert text.startswith("Attack with 2 armies against 3:")
    neutral = BattleSetup("neutral", 0, None, 0, ((0, 3), (None, 2)), from_supply=((0, 2),))
    text, _note = odds_lines(neutral, setup_odds(neutral, tower=tower, trials=500, seed=3))
    assert text.startswith("Attack a neutral province with 1 army + 2 from the cards:")
