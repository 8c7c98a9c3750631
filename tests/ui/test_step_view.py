"""The guided game read step by step: Next/Back re-read without undoing, nothing dropped silently."""

from shogun_tutor.text.explain import explain
from shogun_tutor.text.decisions import describe_decision
from shogun_tutor.ui.game_panel import GamePanel
from shogun_tutor.ui.step_view import MAX_EVENTS, MAX_LOG, StepView


def _titles(panel, n):
    out = []
    for _ in range(n):
        panel.next_step()
        out.append(panel.steps.label.value)
    return out


def test_a_season_is_read_in_the_games_own_steps():
    panel = GamePanel(players=3, seed=4)
    assert "Setting up the game" in panel.steps.label.value
    titles = _titles(panel, 5)
    assert "Planning" in titles[0] and "event card" in titles[1] and "Bids and turn order" in titles[2]
    assert all("Action card" in t for t in titles[3:])
    # the planning is one step: every bot's "has planned in secret" at once
    assert panel.now.value.count("has planned in secret") == 0  # (now on an action card)
    panel.back(), panel.back(), panel.back(), panel.back()
    assert panel.now.value.count("has planned in secret") == 3


def test_back_and_next_re_read_without_undoing():
    panel = GamePanel(players=3, seed=4)
    _titles(panel, 6)
    state, decisions, shown = panel.game.state.to_dict(), len(panel.game.decisions), panel.now.value
    panel.back()
    assert panel.now.value != shown and not panel.next_button.disabled
    assert panel.game.state.to_dict() == state and len(panel.game.decisions) == decisions
    panel.next_step()  # re-read: nothing played
    assert panel.now.value == shown and len(panel.game.decisions) == decisions
    cursor = panel.steps.cursor
    panel.next_step()  # the next step (played now, or already played by the bots of an earlier step)
    assert panel.steps.cursor == cursor + 1 and panel.now.value != shown
    while panel.steps.cursor:
        panel.back()
    assert panel.steps.back_button.disabled and "Setting up the game" in panel.steps.label.value


def test_a_learner_reads_the_step_of_their_decision_and_the_bots_finish_it():
    panel = GamePanel(players=3, seed=6)
    panel.human.value = 0
    panel.next_step()
    board = panel.plan_board
    board.model.place("bid", "chest:0")
    for field in board.model.fields:
        if field not in board.model.plan:
            board.model.place(field, board.model.unused_cards()[0])
    board.render()
    board.confirm()
    assert "Planning" in panel.steps.label.value and "Red has planned in secret" in panel.now.value
    panel.next_step()  # the bots plan too: the same step, now with every player
    assert "Planning" in panel.steps.label.value and panel.now.value.count("has planned in secret") == 3


def test_a_long_step_folds_its_older_events_under_a_count():
    panel = GamePanel(players=3, seed=4)
    panel.to_end()
    events = panel.game.state.log[: MAX_EVENTS + 7]
    html = panel.steps._events_html(events)
    assert "<details" in html and "7 earlier events of this step" in html
    assert all(explain(e).title.split(" ")[0] in html for e in events)


def test_the_game_log_folds_older_lines_and_shows_them_all_on_request():
    panel = GamePanel(players=3, seed=4)
    panel.to_end()
    log = panel.game.state.log
    assert panel.steps.log.value == ""  # drawn only when opened
    panel.log_box.selected_index = 0
    assert panel.steps.log.value.count("<br>") == MAX_LOG - 1
    older = len(log) - MAX_LOG
    assert panel.steps.log_all.description == f"Show {older} earlier lines"
    panel.steps.log_all.value = True
    assert panel.steps.log.value.count("<br>") == len(log) - 1
    assert panel.steps.log_all.description == f"Show only the last {MAX_LOG} lines"


def test_to_the_end_then_back_reads_the_scoring_and_the_battles():
    panel = GamePanel(players=4, seed=2)
    panel.to_end()
    kinds = []
    while panel.steps.cursor:
        kinds.append(panel.steps.current(panel.game).kind)
        panel.back()
    assert {"scoring", "winter_rice", "battle", "action", "plan"} <= set(kinds)
    assert panel.game.over


def test_the_step_view_alone():
    view = StepView(describe_decision)
    assert view.back_button.disabled is False  # not drawn yet
    panel = GamePanel(players=3, seed=1)
    view.reset(panel.game, at_end=False)
    view.render(panel.game)
    assert view.back_button.disabled and "Step 1 of" in view.label.value


def test_next_round_shows_how_the_round_ended_and_back_reads_the_rest():
    panel = GamePanel(players=3, seed=4)
    while panel.game.state.year == 1:  # spring, summer, autumn, then the winter with it
        panel.next_round()
    assert not panel.game.over
    assert panel.steps.current(panel.game).kind == "scoring" and "Scoring of year 1" in panel.now.value
    kinds = []
    while panel.steps.current(panel.game).kind != "winter_rice":
        panel.back()
        kinds.append(panel.steps.current(panel.game).kind)
    assert "feeds the provinces" in panel.now.value
