"""The learner's seat: places with their special cards, attacks with odds, the map, the hint, the season's review."""

from __future__ import annotations

import pytest

from shogun_tutor import i18n
from shogun_tutor.rules.battle_setup import battle_in_state
from shogun_tutor.rules.game import new_game
from shogun_tutor.bots import make_bot
from shogun_tutor.rules.odds import setup_odds
from shogun_tutor.text import terms
from shogun_tutor.text.reasons import render as render_reason
from shogun_tutor.ui.game_panel import GamePanel
from shogun_tutor.ui.hint import hint
from shogun_tutor.ui.season_review import season_review
from shogun_tutor.bots.values import shown_chance
from shogun_tutor.rules.odds import GAME_SEED as ODDS_SEED, GAME_TRIALS as ODDS_TRIALS
from shogun_tutor.ui.seat_decisions import is_attack


def _to(game, kind, seat=None, bots=None):
    """Play heuristic bots until ``kind`` is to be decided (by ``seat`` if given)."""
    bots = bots or [make_bot("heuristic", 10 + i) for i in range(game.state.num_players)]
    for _ in range(2000):
        who = game.to_decide()
        if who[0] == kind and (seat is None or who[1] == seat):
            return game
        game.apply(bots[who[1]].decide(game))
    raise AssertionError(f"no {kind} decision came")


def _plan(panel, battle_card=None, lapse=False, battle_b=None):
    """The learner's plan on the planning board: ``battle_card`` on battle A (default: the biggest army),
    ``battle_b`` on battle B (default: a chest card), chests on the army fields."""
    board = panel.plan_board
    m = board.model
    s = panel.game.state
    provinces = [c for c in m.cards if not c.startswith("chest")]
    if battle_card is None:
        battle_card = max(provinces, key=lambda c: (s.provinces[c.split("/")[0]].armies if not lapse else
                                                    -s.provinces[c.split("/")[0]].armies, c))
    m.place("battle_a", battle_card)
    if battle_b is not None:
        m.place("battle_b", battle_b)
    m.place("bid", "chest:0")
    for field in ("armies5", "armies3", "army1_move", "battle_b"):
        if field in m.plan:
            continue
        m.place(field, next(c for c in m.unused_cards() if c.startswith("chest")))
    for field in m.fields:
        if field not in m.plan:
            m.place(field, m.unused_cards()[0])
    board.render()
    board.confirm()
    assert not board.message.value, board.message.value
    return battle_card


def _learner_to(panel, kind, **plan):
    for _ in range(400):
        if panel.learner_to_decide() and panel.steps.in_present(panel.game):  # offered in the present only
            now = panel.game.to_decide()[0]
            if now == kind:
                return
            if now == "plan":
                _plan(panel, **plan)
            else:
                panel.play_choice()
        else:
            panel.next_step()
    raise AssertionError(f"the learner never had a {kind} decision")


@pytest.fixture
def panel():
    p = GamePanel(players=4, seed=1)
    p.human.value = 0
    yield p
    p.close()


# --- turn order ------------------------------------------------------------------------------

def test_each_place_shows_its_special_card_and_what_it_does(panel):
    _learner_to(panel, "place")
    specials = panel.game.state.round.specials
    labels = [label for label, _d in panel.choice.options]
    assert labels == [f"Place {i + 1}: {terms.special_name(sp)}" for i, sp in enumerate(specials)
                      if any(d.count == i for _l, d in panel.choice.options)]
    for special in specials:  # the details say what every card does
        assert terms.special_text(special).replace("'", "&#x27;") in panel.seat.details.value
    i18n.set_language("nl")
    try:
        assert all(label.startswith("Plaats ") for label, _d in panel.choice.options)
        label, first = panel.choice.options[0]
        assert label == f"Plaats {first.count + 1}: {terms.special_name(specials[first.count])}"
    finally:
        i18n.set_language("en")


# --- attacks with odds, on the map --------------------------------------------------------------

def test_an_attack_says_attack_and_shows_the_odds_of_the_tower_as_it_is(panel):
    _learner_to(panel, "move")
    g = panel.game
    attacks = [d for d in panel.seat.decisions.options if is_attack(g, d)]
    assert attacks, "seed 1 gives Red an attack from its biggest army"
    d = attacks[-1]
    label = dict((dd, ll) for ll, dd in panel.choice.options)[d]
    setup = battle_in_state(g.state, d.player, d.target, d.count)
    o = setup_odds(setup, tower=g.state.tower, trials=ODDS_TRIALS, seed=ODDS_SEED)
    assert label.startswith(f"Attack {d.target} from {d.province} with {d.count} armies")
    assert f"win {shown_chance(o.win)} %" in label and f"lose {round(o.loss * 100)} %" in label
    moves = [ll for ll, dd in panel.choice.options if dd.target is not None and not is_attack(g, dd)]
    assert all(ll.startswith("Move ") for ll in moves)  # into an own province: a move, no odds
    panel.choice.value = d
    assert "simulated throws on this tower" in panel.seat.details.value
    assert panel.board.highlight.kind == "battle" and (panel.board.highlight.source, panel.board.highlight.target) == (
        d.province, d.target)


def test_clicking_a_province_on_the_board_chooses_the_target(panel):
    _learner_to(panel, "move")
    g = panel.game
    options = panel.seat.decisions.options
    targets = sorted({d.target for d in options if d.target})
    assert len(targets) >= 2
    panel.seat.map_pick.chosen = None
    panel.board._on_click(_Trace(targets[1]), _Points(), None)  # the board's click handler, as the browser calls it
    chosen = panel.choice.value
    assert chosen.target == targets[1] and chosen.count == max(d.count for d in options if d.target == targets[1])
    assert (panel.board.highlight.source, panel.board.highlight.target) == (chosen.province, chosen.target)
    assert panel.board.selected == []  # the click chose the target; the board's lesson did not take it
    far = next(n for n in sorted(g.state.provinces) if n not in targets and n != chosen.province
               and n not in g.rules.neighbours[chosen.province])
    panel.board._on_click(_Trace(far), _Points(), None)
    assert panel.choice.value == chosen  # refused, with the reason
    assert "does not border" in panel.seat.map_pick.message.value
    panel.play_choice()
    if not (panel.learner_to_decide() and panel.game.to_decide()[0] == "move"):
        panel.board._on_click(_Trace(far), _Points(), None)  # no move pending: the board's lesson again
        assert panel.board.selected == [far]


class _Trace:
    """The board's hover layer as a click in the browser reports it: the point clicked is in ``province``."""

    def __init__(self, province):
        self.name = "hit"
        self.customdata = ["Aki", province]


class _Points:
    point_inds = [1]


# --- the hint ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["plan", "place", "move"])
def test_the_hint_is_a_legal_decision_with_a_reason_and_changes_nothing(kind):
    game = new_game(players=4, seed=1)
    if kind == "move":
        panel = GamePanel(players=4, seed=1)
        panel.human.value = 0
        _learner_to(panel, "move")
        game = panel.game
    else:
        _to(game, kind)
    before = game.state.to_dict()
    h = hint(game)
    assert h.decision in game.legal_decisions()
    assert all(render_reason(r) for _d, r in h.moves)  # every decision with a sentence in the language
    i18n.set_language("de")
    try:
        assert render_reason(h.reason) != "" and render_reason(h.reason) == render_reason(h.reason)
    finally:
        i18n.set_language("en")
    assert game.state.to_dict() == before  # asked on a copy
    assert hint(game) == h  # the same position, the same hint
    if kind == "plan":  # the whole plan, legal in the engine's order
        seat = game.to_decide()[1]
        assert [d.field for d, _r in h.moves] == list(game.state.rules.plan_fields(game.state, seat))
        for d, _r in h.moves:
            game.apply(d)
        assert game.state.players[seat].plan


def test_the_hint_button_shows_the_advice_and_takes_it_onto_the_planning_board(panel):
    panel.next_step()
    assert panel.seat.hint.widget.layout.display is None
    panel.seat.hint.show()
    assert "The strong bot would plan" in panel.seat.hint.text.value
    panel.seat.hint.take.click()
    model = panel.plan_board.model
    assert model.problem() is None
    assert [(d.field, d.card) for d, _r in panel.seat.hint.current.moves] == [(f, model.plan.get(f)) for f in model.fields]
    panel.plan_board.confirm()
    assert panel.game.state.players[0].plan
    assert panel.seat.hint.text.value == ""  # the advice belonged to that decision


# --- after the season ------------------------------------------------------------------------------

def test_after_the_season_a_review_says_what_the_plan_did_and_why_an_action_lapsed(panel):
    _learner_to(panel, "plan")
    s = panel.game.state
    one = sorted(c for c in panel.plan_board.model.cards if not c.startswith("chest")
                 and s.provinces[c.split("/")[0]].armies == 2)[:1]
    s.provinces[one[0].split("/")[0]].armies -= 1  # a province left with one army (its other one back in the supply)
    s.players[0].supply += 1
    biggest = max((c for c in panel.plan_board.model.cards if not c.startswith("chest")),
                  key=lambda c: (s.provinces[c.split("/")[0]].armies, c))
    _plan(panel, battle_card=one[0], battle_b=biggest)
    for _ in range(300):
        if any(e["rule"] == "round.end" for e in panel.step_events):
            break
        if panel.learner_to_decide() and not panel.steps.can_go_on(panel.game):  # else: read the steps played first
            attacks = [d for d in panel.seat.decisions.options if is_attack(panel.game, d)] if panel.seat.decisions else []
            if attacks:
                panel.choice.value = attacks[-1]  # the learner attacks with all it may move
            panel.play_choice()
        else:
            panel.next_step()
    review = season_review(panel.game.state.log, 0)
    assert review is not None and review.season == "spring"
    province = one[0].split("/")[0]
    assert any(province in title and "Battle / move A" in title for title, _why in review.lapsed), review.lapsed
    assert any("at least one must stay" in " ".join(why) for _t, why in review.lapsed)
    assert review.done and all(t.startswith("Red ") for t, _lines in review.done)
    battles = [e for e in panel.game.state.log if e["rule"] == "battle.result" and 0 in (e["player"], e.get("defender"))
               and (e["year"], e["season"]) == (1, "spring")]
    told = [lines[0] for _t, lines in review.done + review.other if lines]
    assert battles and len(told) == len(battles) and all(line.startswith(("You won", "You lost", "A draw")) for line in told)
    html = panel.seat.review.value
    assert "<details" in html and " open " in html and review.headline in html


def test_the_planning_highlight_does_not_stay_after_confirm(panel):
    panel.next_step()
    board = panel.plan_board
    card = next(c for c in board.model.cards if not c.startswith("chest"))
    board.select(card)
    board.click_field("tax")
    assert panel.board.highlight is not None and panel.board.figure.layout.annotations
    _plan(panel)
    assert panel.board.highlight is None and not panel.board.figure.layout.annotations
