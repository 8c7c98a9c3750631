"""Every action, event and special card has its screen and a try-it that shows it at work; the castle
what-if recomputes a region's scoring on a copy; demonstrations open in the guided game; keys there."""

import pytest

from shogun_tutor import i18n
from shogun_tutor.data import COMPONENTS
from shogun_tutor.rulebook import cards, content
from shogun_tutor.rulebook.scenario import load_scenario, scenario_ids
from shogun_tutor.rulebook.whatif import CastleMove, MoveError

ACTION_EVENTS = {"action.build", "action.income", "action.armies", "move.armies", "battle.result", "action.lapsed"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def played(sid: str) -> list[dict]:
    sc = load_scenario(sid)
    return sc.play_answer(sc.build())


def test_a_screen_for_every_card_in_its_chapter():
    assert [s.key for s in cards.screens("actions")] == [a.id for a in COMPONENTS.actions]
    assert [s.key for s in cards.screens("events")] == [str(e.number) for e in COMPONENTS.events]
    assert [s.key for s in cards.screens("specials")] == list(COMPONENTS.special_cards)
    for chapter in ("actions", "events", "specials"):
        assert set(cards.screens(chapter)) <= set(content.chapter(chapter).screens)
    for group in ("actions", "events", "specials"):
        for sc in cards.screens(group):
            assert sc.scenarios and set(sc.scenarios) <= set(scenario_ids())


@pytest.mark.parametrize("action", [a.id for a in COMPONENTS.actions])
def test_every_action_has_a_try_it_where_the_learner_carries_it_out(action):
    sc = cards.screen("action", action)
    done = []
    for sid in sc.scenarios:
        learner = load_scenario(sid).learner
        done += [e for e in played(sid) if e["rule"] in ACTION_EVENTS and e.get("player") == learner
                 and e.get("action", e.get("building")) == action and e["rule"] != "action.lapsed"]
    assert done, f"no try-it of {action} carries it out"


@pytest.mark.parametrize("number", [e.number for e in COMPONENTS.events])
def test_every_event_card_is_the_event_of_its_try_it(number):
    sid = cards.screen("event", str(number)).scenarios[0]
    events = played(sid)
    drawn = [e["event"] for e in events if e["rule"] == "round.event"]
    game_event = load_scenario(sid).raw["round"]["event"]
    assert game_event == number or COMPONENTS.events[game_event - 1].effect == COMPONENTS.events[number - 1].effect
    assert drawn in ([], [game_event])  # a plan position draws exactly the card it names


@pytest.mark.parametrize("special", list(COMPONENTS.special_cards))
def test_every_special_card_is_held_in_its_try_it(special):
    sid = cards.screen("special", special).scenarios[0]
    sc = load_scenario(sid)
    game = sc.build()
    held = {p.special for p in game.state.players}  # a move position: the specials lie on the places already
    events = sc.play_answer(game)
    held |= {e["special"] for e in events if e["rule"] == "order.pick_place" and e["player"] == sc.learner}
    assert special in held


def test_event_then_special_in_the_rice_harvest():
    income = [e for e in played("rice-harvest") if e["rule"] == "action.income"][0]
    assert (income["base"], [s["value"] for s in income["steps"]], income["amount"]) == (5, [3, 4], 4)


def test_card_screens_render_in_every_language_with_their_facts():
    english = {sc: content.paragraph("events", sc) for sc in cards.screens("events")}
    i18n.set_language("nl")
    for sc in cards.screens("events"):
        assert content.paragraph("events", sc) != english[sc]
        assert cards.card_facts(sc)[0] == ("Kaart", sc.key)
    i18n.set_language("en")
    assert "3 : 2" in content.paragraph("actions", cards.screen("action", "battle_a"))  # the Kozuke example
    assert "2 farmers against his 4 armies" in content.paragraph("actions", cards.screen("action", "tax"))  # Mikawa
    assert "capped at 5, and the '+1 chest' card makes 6" in content.paragraph("specials", cards.screen("special", "chest_plus1"))


def test_the_panel_shows_a_cards_own_try_its():
    from shogun_tutor.ui.rulebook_panel import RulebookPanel

    panel = RulebookPanel("actions")
    panel.open("actions", 3)  # the first card: build a castle
    assert "shogun-card" in panel.text.value and "Build a castle" in panel.text.value
    assert [v for _l, v in panel.scenario_pick.options] == ["build-castle"]
    panel.key("next")
    assert [v for _l, v in panel.scenario_pick.options] == ["build-temple"]
    tryit = panel._tryits["build-temple"]
    tryit.show_answer()
    assert "temple" in tryit.result.value.lower() and "✔" in tryit.result.value


# --- the castle what-if -----------------------------------------------------------------------
def test_moving_a_castle_changes_the_majority_on_a_copy_only():
    game = load_scenario("castle-majority").build()
    before = {n: list(p.buildings) for n, p in game.state.provinces.items()}
    cm = CastleMove(game.state)
    assert cm.scoring()["red"]["castle"] == {"counts": [1, 1, 0, 1], "winners": [0, 1, 3], "points": 2, "tie": True}
    r = cm.move("Owari", "Ise")  # blue's castle leaves the red region for the purple one
    assert r.regions == ("red", "purple")
    assert r.after["red"]["castle"] == {"counts": [1, 0, 0, 1], "winners": [0, 3], "points": 2, "tie": True}
    assert r.after["purple"]["castle"]["winners"] == [1] and r.after["purple"]["castle"]["points"] == 3
    assert r.totals_after[1] - r.totals_before[1] == 3 - 2  # blue: loses a tied 2, wins 3
    assert {n: list(p.buildings) for n, p in game.state.provinces.items()} == before
    assert cm.scoring()["red"]["castle"]["tie"]  # the what-if's own position is unchanged too


def test_a_castle_move_that_breaks_the_rules_is_refused():
    cm = CastleMove(load_scenario("castle-majority").build().state)
    for source, target, why in (("Mino", "Ise", "no castle"), ("Owari", "Omi", "a castle already"),
                                ("Owari", "Hida", "a castle already"), ("Hida", "Echigo", "belongs to nobody")):
        with pytest.raises(MoveError, match=why):
            cm.move(source, target)
    assert "Tamba" in cm.targets("Owari") and "Omi" not in cm.targets("Owari")


def test_the_castle_widget_shows_the_numbers_in_every_language():
    from shogun_tutor.ui.castle_move import CastleMoveWidget

    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        wdg = CastleMoveWidget()
        wdg.move("Owari", "Mino")
        assert "<table" in wdg.result.value and ">2<" in wdg.result.value and "{" not in wdg.result.value
        # the region's name heads its sentence: never spliced after a preposition that declines it (issue 24)
        assert not any(bad in wdg.result.value for bad in ("in Rote Region", "en Région", "in Rode regio", "i Rød region",
                                                            "w regionie Region"))
    i18n.set_language("en")
    wdg.render()  # the panel redraws its try-it on a language change
    assert "Red region: Red has the most castles (2). The majority scores 3 points." in wdg.result.value


# --- demonstrations and keys in the guided game ----------------------------------------------------
@pytest.mark.parametrize("sid", sorted(set(__import__("shogun_tutor.ui.demos", fromlist=["DEMOS"]).DEMOS.values())))
def test_a_demonstration_opens_in_the_guided_game_at_the_presenters_decision(sid):
    from shogun_tutor.ui.app import App

    app = App()
    app.open_from_query(f"demo={sid}&teacher=1")
    game = app.panel("game")
    sc = load_scenario(sid)
    assert app.tab.selected_index == 3 and "shogun-teacher" in app.widget._dom_classes
    assert game.human.value == sc.learner and game.learner_to_decide()
    before = len(game.game.state.log)
    app.bridge._handle_custom_msg({"key": "next"}, [])  # on the presenter's own turn the key does nothing
    assert len(game.game.state.log) == before


def test_an_unknown_demo_opens_the_app_as_usual():
    from shogun_tutor.ui.app import App

    app = App()
    app.open_from_query("demo=no-such-demo")
    assert app.tab.selected_index == 0


def test_the_headers_teacher_toggle_follows_the_rulebooks():
    from shogun_tutor.ui.app import App

    app = App()
    app.show("rulebook")
    app.panel("rulebook").teacher.value = True
    assert app.teacher.value and "shogun-teacher" in app.widget._dom_classes
    app.teacher.value = False
    assert not app.panel("rulebook").teacher.value and "shogun-teacher" not in app.widget._dom_classes


def test_the_page_has_one_teacher_mode_button():
    """Issue 23: the header and the rulebook each showed a "Teacher mode" button; the header's is the one."""
    from shogun_tutor.ui.app import App

    app = App()
    app.show("rulebook")
    assert app.teacher.layout.display != "none"
    assert app.panel("rulebook").teacher.layout.display == "none"
    app.teacher.value = True  # the hidden one still follows, for the rulebook's own layout
    assert app.panel("rulebook").teacher.value
