"""Try-its played on the map (issue 23), without a browser: a table chapter's try-it's own map under its question, the province
to act on ringed, a click choosing the move, a click on a province that cannot be entered refused in a sentence,
the tied region ringed after the scoring."""

from shogun_tutor import i18n
from shogun_tutor.ui.rulebook_panel import RulebookPanel
from shogun_tutor.viz.board import Highlight, highlight_from_event


class _Trace:  # a click on the board's hover layer, as plotly reports it
    name = "hit"

    def __init__(self, province: str):
        self.customdata = [province]


class _Points:
    point_inds = [0]


def test_winter_try_it_kai_to_sagami_on_the_map():
    i18n.set_language("en")
    panel = RulebookPanel("winter")
    t = panel._tryits["kai-winter"]
    # its own map in the try-it's box, right under the question and its choices (in view beside the revolt table),
    # the only figure of the try-it: the table alone in the visual's box
    assert t.board is not None and panel.visual_box.children == (panel._table,)
    kids = t.widget.children
    assert kids[0] is t.prompt and t.play in kids[1].children and kids[2] is t.board.widget
    assert sum(1 for c in kids if c is t.board.widget) == 1
    # the board's own click lesson (reach, shortest way) and its view buttons are not offered: the question says
    assert "none" == t.board.lesson.layout.display == t.board.view.layout.display == t.board.clear.layout.display
    assert t.choice.value is None and t.board.highlight == Highlight("province", "Kai")
    assert t._click("Sagami") is True
    d = t.choice.value
    assert (d.province, d.target) == ("Kai", "Sagami") and t.board.highlight == Highlight("move", "Kai", "Sagami")
    assert t._click("Echigo") is True and "Echigo does not border Kai" in t.map_pick.message.value
    assert t.choice.value == d  # a refused click keeps the choice
    t.decide(t.choice.value)
    assert t.map_pick.message.value == "" and not t.map_pick.active
    assert t._click("Sagami") is False  # nothing to decide: the try-it does not take the click
    t.board._on_click(_Trace("Sagami"), _Points(), None)
    assert t.board.selected == []  # nor does the board's lesson: its own map has none


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


def test_a_card_try_it_is_played_on_its_own_map():
    """A card's try-it in a table chapter (the castle: Hida, Mino or Omi on the castle field): a map of its own under
    the actions table, the three provinces whose cards may be laid ringed (no callout), the drop-down empty; a click
    on Mino chooses its card and the map draws it with the action's callout ("Build"), the other two still ringed;
    a click on a province whose card may not be laid changes nothing and says nothing."""
    i18n.set_language("en")
    panel = RulebookPanel("actions")
    panel.open("actions", 3)
    t = panel._tryits["build-castle"]
    assert panel._map_mode("build-castle") == "own" and t.board is not None
    assert panel.visual_box.children == (panel._table,) and t.board.widget in t.widget.children
    assert t.choice.value is None and t.board.highlight == Highlight("choice", "", rings=("Hida", "Mino", "Omi"))
    assert "ringed on the board" in t.prompt.value
    ring = next(tr for tr in t.board.figure.data if tr.name == "highlight")
    assert ring.meta == "choice" and sum(1 for v in ring.x if v is None) == 3
    assert not [a for a in t.board.figure.layout.annotations if a.name == "highlight"]
    assert t._click("Shinano") is True and t.choice.value is None and t.map_pick.message.value == ""
    assert t.board.highlight.kind == "choice"  # the board's own lesson did not take the click either
    assert t._click("Mino") is True and (t.choice.value.field, t.choice.value.card) == ("castle", "Mino")
    assert t.board.highlight == Highlight("build", "Mino", rings=("Hida", "Omi"))
    assert [a.text for a in t.board.figure.layout.annotations if a.name == "highlight"] == ["<b>Build</b>"]
    assert t._click("Echigo") is True and t.choice.value.card == "Mino"  # not a card to lay: the choice stays
    omi = next(d for _label, d in t.choice.options if d.card == "Omi")
    t.choice.value = omi  # the drop-down, the accessible alternative: the map follows
    assert t.board.highlight == Highlight("build", "Omi", rings=("Hida", "Mino"))
    t.decide(omi)
    assert not t.map_pick.active and "ringed on the board" not in t.prompt.value
    assert panel._map_mode("settsu-tax") == "none"  # a place to pick in the turn order: no province to act on
