"""Try-its played on the map (issue 23), without a browser: the map beside a table chapter's try-it, the province
to act on ringed, a click choosing the move, a click on a province that cannot be entered refused in a sentence,
the tied region ringed after the scoring."""

from shogun_tutor import i18n
from shogun_tutor.ui.rulebook_panel import RulebookPanel
from shogun_tutor.viz.board import Highlight, highlight_from_event


def test_winter_try_it_kai_to_sagami_on_the_map():
    i18n.set_language("en")
    panel = RulebookPanel("winter")
    t = panel._tryits["kai-winter"]
    assert t.board is not None and t.board.widget in panel.visual_box.children  # under the revolt table
    assert t.choice.value is None and t.board.highlight == Highlight("province", "Kai")
    assert t._click("Sagami") is True
    d = t.choice.value
    assert (d.province, d.target) == ("Kai", "Sagami") and t.board.highlight == Highlight("move", "Kai", "Sagami")
    assert t._click("Echigo") is True and "Echigo does not border Kai" in t.map_pick.message.value
    assert t.choice.value == d  # a refused click keeps the choice
    t.decide(t.choice.value)
    assert t.map_pick.message.value == "" and not t.map_pick.active
    assert t._click("Sagami") is False  # nothing to decide: the board's own lesson takes the click


def test_scoring_try_it_attack_owari_and_the_tie_ringed():
    i18n.set_language("nl")
    panel = RulebookPanel("scoring")
    t = panel._tryits["tied-region"]
    assert t._click("Owari") and t.choice.value.target == "Owari" and t.board.highlight.kind == "battle"
    assert "%" in t.odds.value
    to_hida = next(d for _label, d in t.choice.options if d.target == "Hida")
    t.decide(to_hida)
    assert t.board.highlight == Highlight("tie", "", regions=("red",))
    ring = next(tr for tr in t.board.figure.data if tr.name == "highlight")
    assert ring.meta == "tie" and sum(1 for v in ring.x if v is None) == 9  # a ring around each of the region's 9
    callouts = [a.text for a in t.board.figure.layout.annotations if a.name == "highlight"]
    assert callouts == [f"<b>{i18n._('Tied region')}</b>"] and i18n._("Tied region") != "Tied region"
    i18n.set_language("en")


def test_a_scoring_without_a_tie_rings_nothing_and_a_chapter_board_is_shared():
    event = {"rule": "winter.scoring", "regions": {"red": {"castle": {"tie": False}}, "blue": {"temple": {"tie": True}}}}
    assert highlight_from_event(event) == Highlight("tie", "", regions=("blue",))
    assert highlight_from_event({"rule": "winter.scoring", "regions": {"red": {"castle": {"tie": False}}}}) is None
    panel = RulebookPanel("board")
    t = panel._tryits["sea-route"]
    assert t.board is panel._board and panel._board.on_province_click == t._click
    assert t._click("Izu") and t.choice.value.target == "Izu"
