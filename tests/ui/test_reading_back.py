"""A step read again is shown whole as the game stood then: board, status line, player table, court;
a banner says so; Next (or "Back to the present") returns; no decision against a past position; the bots'
planned cards stay face down for a seated learner; the board box is asked to show the step's province."""

import json
import re

from shogun_tutor import i18n
from shogun_tutor.rules.rewind import position_at
from shogun_tutor.text import terms
from shogun_tutor.ui.game_panel import GamePanel
from shogun_tutor.ui.position_view import status_html, table_html
from shogun_tutor.viz.board import highlight_from_event


def _json(state):
    return json.loads(json.dumps(state.to_dict()))


def _shown(widget) -> bool:
    return widget.layout.display != "none"


def _learner_in_the_present(panel, kind):
    for _ in range(300):
        if panel.learner_to_decide() and panel.steps.in_present(panel.game):
            if panel.game.to_decide()[0] == kind:
                return
            if panel.game.to_decide()[0] == "plan":
                _plan(panel)
            else:
                panel.play_choice()
        else:
            panel.next_step()
    raise AssertionError(f"no {kind} decision for the learner")


def _plan(panel):
    m = panel.plan_board.model
    m.place("bid", "chest:0")
    for field in m.fields:
        if field not in m.plan:
            m.place(field, m.unused_cards()[0])
    panel.plan_board.render()
    panel.plan_board.confirm()


def test_a_step_read_again_shows_the_game_as_it_stood_right_after_it():
    i18n.set_language("en")
    panel = GamePanel(players=3, seed=4)
    panel.next_round(), panel.next_round()  # spring and summer played: autumn under way
    g = panel.game
    # "Next round" shows how the round ended, as it stood then (the game is on in autumn): no banner, not read again
    step = panel.steps.current(g)
    assert panel.steps.cursor < len(panel.steps.steps(g)) - 1 and not _shown(panel.steps.banner)
    assert _json(panel.board.state) == _json(position_at(g, step.end).state) and "Summer" in panel.status.value
    assert g.state.season == "autumn"
    panel.to_present()
    decisions, present = len(g.decisions), _json(g.state)
    assert not _shown(panel.steps.banner) and panel.board.state is g.state
    while g.state.log[panel.steps.current(g).start]["season"] != "spring":
        panel.back()
    step = panel.steps.current(g)
    total = len(panel.steps.steps(g))
    then = position_at(g, step.end).state
    assert _shown(panel.steps.banner)
    assert f"Reading step {panel.steps.cursor + 1} of {total}" in panel.steps.banner_text.value
    assert "Spring" in panel.status.value and terms.season_name(g.state.season) not in panel.status.value
    assert panel.status.value == status_html(then)  # that step's season and event, nobody "decides" in the past
    assert panel.board.state is not g.state and _json(panel.board.state) == _json(then)
    assert panel.table.value == table_html(then) != table_html(g.state)
    assert len(g.decisions) == decisions and _json(g.state) == present  # reading back plays and undoes nothing
    # Next reads on; one step before the present the banner says Next returns; then the present again
    while panel.steps.cursor < total - 2:
        panel.next_step()
    assert "“Next step” returns to the present." in panel.steps.banner_text.value
    panel.next_step()  # the latest step again: the bots complete it (the game goes on from here)
    assert not _shown(panel.steps.banner) and not panel.steps.reading_back(g)
    now = panel.steps.position(g).state
    assert _json(panel.board.state) == _json(now) and panel.status.value == status_html(now)
    assert panel.table.value == table_html(now)
    # "Back to the present" at once
    panel.back(), panel.back(), panel.back()
    assert _shown(panel.steps.banner) and "reads on towards the present" in panel.steps.banner_text.value
    decisions = len(g.decisions)
    panel.steps.present_button.click()
    assert panel.steps.cursor == len(panel.steps.steps(g)) - 1 and not _shown(panel.steps.banner)
    assert panel.board.state is g.state and panel.status.value == status_html(g.state)
    assert len(g.decisions) == decisions


def test_a_seated_learner_decides_only_in_the_present():
    i18n.set_language("en")
    panel = GamePanel(players=3, seed=6)
    panel.human.value = 0
    _learner_in_the_present(panel, "plan")
    assert _shown(panel.plan_box)
    panel.back()
    assert not _shown(panel.plan_box) and not _shown(panel.choice_box)
    assert "It is your turn in the present" in panel.steps.banner_text.value
    assert panel.steps.present_button.description == "Back to the present"
    panel.steps.present_button.click()
    assert _shown(panel.plan_box) and not _shown(panel.steps.banner)
    _plan(panel)
    _learner_in_the_present(panel, "move")
    assert _shown(panel.choice_box) and panel.seat.decisions is not None
    decisions = len(panel.game.decisions)
    panel.back()
    assert not _shown(panel.choice_box) and panel.seat.decisions is None  # no odds, no map pick for the past
    assert panel.board.on_province_click is None or not panel.board.on_province_click("Kaga")
    assert panel.play_choice() is False and len(panel.game.decisions) == decisions
    panel.next_step()  # Next returns to the present: the decision is offered again
    assert not panel.steps.reading_back(panel.game) and _shown(panel.choice_box)
    assert panel.play_choice() is True and len(panel.game.decisions) == decisions + 1



def test_after_the_learners_own_decision_the_banner_speaks_plainly():
    """Issue 23: after the learner's decision the others' moves are read on, in words a beginner understands;
    the button skips to the learner's turn, it never says "Back to the present" (nothing was read back)."""
    i18n.set_language("en")
    panel = GamePanel(players=3, seed=6)
    panel.human.value = 0
    seen = 0
    for _ in range(120):
        g = panel.game
        if panel.learner_to_decide() and not panel.steps.in_present(g) and not panel.steps.reading_back(g):
            seen += 1  # the learner's turn has come, the others' moves before it are not read yet
            text = panel.steps.banner_text.value
            assert _shown(panel.steps.banner) and "Not all of the other players" in text
            assert "present" not in text
            assert panel.steps.present_button.description == "Skip to your turn"
            if seen == 3:
                panel.steps.present_button.click()
                assert panel.steps.in_present(panel.game) and not _shown(panel.steps.banner)
        if panel.learner_to_decide() and panel.steps.in_present(g):
            _plan(panel) if g.to_decide()[0] == "plan" else panel.play_choice()
        else:
            panel.next_step()
    assert seen > 3, "the learner never waited for the others' moves to be read"


def _plan_rows(panel):
    html = panel.now.value
    hidden = re.search(r"(\d+) cards? of the bots", html)
    moves = re.findall(r"<ul class='shogun-bot-moves'[^>]*>(.*?)</ul>", html, re.S)
    return sum(m.count("<li>") for m in moves), int(hidden.group(1)) if hidden else 0


def test_the_bots_plans_stay_face_down_for_a_seated_learner_until_the_game_turns_them_up():
    i18n.set_language("en")
    panel = GamePanel(players=3, seed=6)
    panel.human.value = 0
    _learner_in_the_present(panel, "plan")
    _plan(panel)
    panel.next_step()  # the bots plan: the same step with every player; the bids are shown at once
    assert panel.steps.current(panel.game).kind == "plan"
    shown, hidden = _plan_rows(panel)
    assert (shown, hidden) == (2, 20)  # two bots: their bids shown, 10 fields each face down
    plan_step = panel.steps.cursor
    for _ in range(60):  # on to the third action card turned up (the learner picks a place on the way)
        if sum(e["rule"] == "action.reveal" for e in panel.game.state.log) >= 3:
            break
        if panel.learner_to_decide() and panel.steps.in_present(panel.game):
            panel.play_choice()
        else:
            panel.next_step()
    while panel.steps.cursor > plan_step:
        panel.back()
    shown_later, hidden_later = _plan_rows(panel)
    assert shown_later > 2 and shown_later + hidden_later == 22
    panel.human.value = -1  # watching only: every plan may be opened
    while panel.steps.cursor > plan_step:
        panel.back()
    assert _plan_rows(panel) == (22, 0)


def test_the_board_box_is_asked_to_show_the_steps_province_once_per_step():
    panel = GamePanel(players=3, seed=4)
    asked = []
    panel.scroll.show = asked.append
    for _ in range(12):
        panel.next_step()
        located = [e for e in panel.step_events if highlight_from_event(e) is not None]
        if located:
            break
    h = highlight_from_event(located[-1])
    assert asked and asked[-1] == (h.target or h.source)
    n = len(asked)
    panel._render()  # the same step drawn again (a language change, a choice): the reader's scrolling is kept
    assert len(asked) == n


def test_the_court_display_follows_the_step_read():
    from shogun_tutor.viz.court import court_html

    panel = GamePanel(players=3, seed=2)
    panel.tenno.value = True
    panel.new_game()  # a new game with the Tennō's Court
    panel.next_round(), panel.next_round()
    panel.to_present()
    g = panel.game
    present = court_html(g.state, -1)
    assert panel.court.html.value == present
    differs = False
    while panel.steps.cursor:
        panel.back()
        then = court_html(panel.steps.position(g).state, -1)
        assert panel.court.html.value == then
        differs = differs or then != present
    assert differs  # the court has changed since the set-up


def test_a_loaded_game_says_its_earlier_steps_are_shown_in_the_present():
    from shogun_tutor.rules.game import Game

    i18n.set_language("en")
    panel = GamePanel(players=3, seed=4)
    panel.next_round()
    loaded = Game.load(panel.game.save())
    panel.continue_game(loaded)
    assert not _shown(panel.steps.banner) and panel.board.state is loaded.state
    panel.back(), panel.back()
    assert _shown(panel.steps.banner) and "this game was loaded from a file" in panel.steps.banner_text.value
    assert panel.board.state is loaded.state and panel.status.value == status_html(loaded.state)


def test_going_back_hides_the_decision_before_the_banner_shows():
    """The browser applies the widgets' changes in the order the kernel sends them: the decision's controls and
    details go first, so the banner that says a past step is shown never stands beside a Play button (a browser
    test caught the moment in between on a loaded machine)."""
    i18n.set_language("en")
    panel = GamePanel(players=3, seed=6)
    panel.human.value = 0
    _learner_in_the_present(panel, "plan")
    _plan(panel)
    _learner_in_the_present(panel, "move")
    assert _shown(panel.choice_box) and panel.seat.details.value
    changes = []
    panel.steps.banner.layout.observe(lambda c: changes.append(("banner", c["new"])), "display")
    panel.choice_box.layout.observe(lambda c: changes.append(("choice", c["new"])), "display")
    panel.seat.details.observe(lambda c: changes.append(("details", c["new"])), "value")
    panel.back()
    assert ("banner", None) in changes and ("choice", "none") in changes and ("details", "") in changes
    shown = changes.index(("banner", None))
    assert changes.index(("choice", "none")) < shown and changes.index(("details", "")) < shown, changes
