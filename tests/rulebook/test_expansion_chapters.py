"""The expansions' chapters: their try-its play through the engine with the documented numbers, their visuals draw
from the try-it's position, the choices say their price and amount (INFERRED marked), bad scenario data is refused."""

import json
import re

import pytest

from shogun_tutor import i18n
from shogun_tutor.data import COMPONENTS
from shogun_tutor.rulebook.scenario import ScenarioError, load_scenario, parse_scenario, scenario_dir
from shogun_tutor.rules.savefile import check_state
from shogun_tutor.rules.state import Decision
from shogun_tutor.text import terms

RED, BLUE, BLACK = 0, 1, 2
INFERRED = "⚠ inferred"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def rules(events, rule):
    return [e for e in events if e["rule"] == rule]


def plan_court(game, court3, court2, court1):
    for field, card in (("court3", court3), ("court2", court2), ("court1", court1)):
        game.apply(Decision("plan", RED, field=field, card=card))


def court_try_it(court3, court2, court1):
    """The tenno-court position, the learner's three court fields laid, played on to his audience."""
    sc = load_scenario("tenno-court")
    game = sc.build()
    start = len(game.state.log)
    assert game.to_decide() == ("plan", RED) and game.legal_decisions()[0].field == "court3"
    plan_court(game, court3, court2, court1)
    sc.auto(game, lambda g: g.legal_decisions()[0], start)
    return sc, game, game.state.log[start:]


def test_court_try_it_converts_3_2_1_and_red_goes_first_to_the_audience():
    sc = load_scenario("tenno-court")
    game = sc.build()
    events = sc.play_answer(game)
    assert sc.done(game) and sc.check(events) == []
    converted = [(e["field"], e["source"], e["armies"], e["hall"]) for e in rules(events, "court.convert") if e["player"] == RED]
    assert converted == [("court3", "province", 3, 4), ("court2", "tray", 2, 6), ("court1", "province", 1, 7)]
    assert game.state.provinces["Kai"].armies == 1 and not [c for c in game.state.tower.tray if c.owner == RED]
    order = rules(events, "court.audience_order")[0]
    assert (order["order"], order["hall"]) == ([RED, BLUE, BLACK], [7, 6, 1])
    take = rules(events, "court.take")[0]
    assert (take["player"], take["card"], take["cost"], take["officials"], take["status"]) == (RED, 19, 4, 3, "INFERRED")
    assert game.state.players[RED].points == 3  # card 19's (inferred) 3 points
    end = rules(events, "court.end")[0]
    d = game.state.extra["tenno"]
    assert d["supply"][RED] + d["hall"][RED] == COMPONENTS.court_officials_each  # 4 paid back to the supply, 3 wait again
    assert d["hall"][RED] == 3 and end["officials_back"][RED] == 3
    check_state(game.state)


def test_a_tie_in_the_entrance_hall_goes_in_turn_order():
    # a chest card on the field for 1 army: red has 6, as many as blue; red is first in the turn order
    _sc, game, events = court_try_it("Kai/sun", "tower:0", "chest:1")
    assert rules(events, "court.no_action")[0]["player"] == RED
    order = rules(events, "court.audience_order")[0]
    assert order["hall"][:2] == [6, 6] and order["order"][:2] == [RED, BLUE]
    assert game.state.round.turn_order[:2] == [RED, BLUE] and game.to_decide() == ("privilege", RED)


def test_a_court_field_that_would_empty_a_province_lapses_and_red_cannot_afford_a_card():
    # Shinano has 2 armies: 3 cannot leave (one must stay); the war-chest cards do nothing
    _sc, game, events = court_try_it("Shinano/sun", "chest:2", "chest:1")
    lapsed = [(e["field"], e["reason"], e["present"]) for e in rules(events, "court.lapsed") if e["player"] == RED]
    assert lapsed == [("court3", "leave_one_army", 2)]
    assert [e["field"] for e in rules(events, "court.no_action") if e["player"] == RED] == ["court2", "court1"]
    assert rules(events, "court.audience_order")[0]["order"][0] == BLUE
    poor = {e["player"]: e for e in rules(events, "court.cannot_afford")}
    assert poor[RED]["officials"] == 1 and poor[RED]["cards"][-1] == [5, 2]  # his 1 official cannot pay card 5's 2


def test_samurai_try_it_turns_the_card_and_pays_the_bonus():
    sc = load_scenario("samurai-bonus")
    game = sc.build()
    events = sc.play_answer(game)
    assert sc.done(game) and sc.check(events) == []
    turned = rules(events, "samurai.turn_card")[0]
    assert (turned["player"], turned["regions"], turned["top"], turned["options"]) == (RED, 4, 3, {"chests": 4, "rice": 1, "armies_to_tray": 2})
    bonus = rules(events, "samurai.bonus")[0]
    assert (bonus["amount"], bonus["total"]) == (4, 7)  # 3 chests + 4 (then 1 pays red's first action, 1 army)
    assert game.state.players[RED].chests == 6 and game.state.extra["samurai"]["top"][RED] == 2
    assert [e["player"] for e in rules(events, "samurai.not_qualified")] == [BLUE, 3]
    assert rules(sc.lesson(events), "action.reveal") == rules(events, "action.reveal")[:1]  # the lesson ends there


def test_samurai_armies_bonus_goes_into_the_tray():
    sc = load_scenario("samurai-bonus")
    game = sc.build()
    game.apply(Decision("place", RED, count=4))  # the last place: red takes his bonus after the others
    sc.auto(game, lambda g: g.legal_decisions()[0])
    assert game.to_decide() == ("samurai", RED)
    supply = game.state.players[RED].supply
    game.apply(Decision("samurai", RED, field="armies_to_tray"))
    assert game.state.players[RED].supply == supply - 2 - 1  # 2 into the tray, then 1 placed by red's first action
    bonus = [e for e in rules(game.state.log, "samurai.bonus") if e["player"] == RED][0]
    assert (bonus["option"], bonus["amount"], bonus["total"]) == ("armies_to_tray", 2, 2)
    assert sum(c.owner == RED for c in game.state.tower.tray) == 2
    check_state(game.state)


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_chapter_visuals_draw_from_the_try_it_and_follow_it(lang):
    from shogun_tutor.ui.rulebook_panel import RulebookPanel

    i18n.set_language(lang)
    mark = terms.provenance_mark(COMPONENTS.privilege_provenance)
    panel = RulebookPanel("tenno")
    visual = panel.visual_box.children[0]
    assert visual is panel._court and "shogun-rulebook-court" in visual._dom_classes
    cards = re.findall(r"data-card='(\d+)'", visual.value)
    assert cards == ["19", "9", "5"] and visual.value.count(mark) >= 3  # every card's amount marked
    assert "data-seat='0'" in visual.value and "data-seat='2'" in visual.value
    t = panel._tryits["tenno-court"]
    for card in ("Kai/sun", "tower:0", "Shinano/sun"):
        t.decide(next(d for _label, d in t.choice.options if d.card == card))
    assert "sc-convert" in visual.value and "data-card='19'" in visual.value  # revealed; the cards still on show
    labels = [label for label, _d in t.choice.options]
    assert labels[0] == i18n._("Take no privilege card")
    assert all(mark in label for label in labels[1:]) and "19" in labels[1]
    t.decide(t.choice.options[1][1])
    assert "data-shogun-rule='court.take'" in t.result.value and "data-shogun-rule='court.end'" in t.result.value
    assert t.choice.layout.display == "none"  # done
    panel.open("samurai")
    visual = panel.visual_box.children[0]
    assert "data-samurai='2'" in visual.value  # red's stack: card 2 on top (turned in spring)
    assert terms.provenance_mark(COMPONENTS.samurai_provenance) in visual.value
    panel.close()


def test_tower_cards_are_offered_once_and_a_court_field_says_its_armies():
    from shogun_tutor.ui.tryit import TryIt

    t = TryIt("tenno-court")
    labels = [label for label, _d in t.choice.options]
    assert len(labels) == len(set(labels))
    assert labels.count("Battle-tower card on the court field for 3 armies") == 1
    assert "Kai on the court field for 3 armies" in labels


def test_samurai_choices_say_their_amounts_with_the_inferred_mark():
    from shogun_tutor.ui.tryit import TryIt

    t = TryIt("samurai-bonus")
    t.decide(Decision("place", RED, count=0))
    assert [label for label, _d in t.choice.options] == [
        f"Samurai bonus: 4 chests {INFERRED}", f"Samurai bonus: 1 rice {INFERRED}", f"Samurai bonus: 2 armies into the tray {INFERRED}"]
    assert "Red holds provinces in 4 regions and turns a samurai card" in t.result.value
    assert "Red takes place 1" not in t.result.value  # the scenario's quiet events are not its lesson
    t.decide(t.choice.options[0][1])
    assert "Red takes the samurai bonus: 4 chests" in t.result.value and "Red now has 7 chests." in t.result.value
    assert "Blue holds provinces in only 3 regions: no samurai bonus" in t.result.value


def _raw(sid):
    return json.loads((scenario_dir() / f"{sid}.json").read_text())


@pytest.mark.parametrize("sid, change, message", [
    ("tenno-court", lambda r: r["court"].update(display=[5, 9, 19]), "highest first"),
    ("tenno-court", lambda r: r["court"].update(hall={"0": 8}), "more than 7"),
    ("tenno-court", lambda r: r.update(expansions=[]), "needs the expansion 'tenno'"),
    ("tenno-court", lambda r: r["round"]["decide"].update(fields=["court4"]), "fields"),
    ("samurai-bonus", lambda r: r.update(expansions=["tenno"]), "needs the expansion 'samurai'"),
    ("samurai-bonus", lambda r: r["samurai"].update(top={"0": 4}), "top"),
])
def test_bad_expansion_data_in_a_scenario_is_a_clear_error(sid, change, message):
    raw = _raw(sid)
    change(raw)
    with pytest.raises(ScenarioError) as exc:
        parse_scenario(json.dumps(raw), "bad").build()
    assert message in str(exc.value)
