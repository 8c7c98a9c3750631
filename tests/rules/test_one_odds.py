"""One odds (issue 48): every figure a surface shows for a battle is the engine's one figure,
:func:`shogun_tutor.rules.odds.game_battle_odds` -- the cards' armies, the event's farmers, the expansions and the
cubes in the tower counted.

Over every attack open to the seat that moves, in generated games (with and without the expansions), each surface
is asked for its figure: the decision list's label, the try-it's odds line, the review's sentence and its copy of
the list's label, the bots' reasons (an attack now, a battle a plan makes) and the blunder counter's chance. Each must
equal the engine's; and the engine's set-up must be what the engine then throws into the tower.
"""

from __future__ import annotations

import pytest

from shogun_tutor import review as R
from shogun_tutor.bots import HeuristicBot, Reason
from shogun_tutor.bots.values import attack_chance, shown_chance
from shogun_tutor.rules.game import new_game
from shogun_tutor.rules.odds import game_battle_odds
from shogun_tutor.text.explain import odds_lines
from shogun_tutor.text.review import attack_sentence, mistake_text
from shogun_tutor.ui.seat_decisions import SeatDecisions, is_attack

GAMES = [  # (players, side, seed, expansions)
    (3, "sun", 4, ()),
    (4, "moon", 5, ("tenno", "samurai")),
    (5, "sun", 6, ()),
]


def _attacks_of(players, side, seed, expansions):
    """Play a heuristic game; at every move decision yield (game, attack options) before the move is applied."""
    g = new_game(players=players, side=side, seed=seed, setup="beginner" if side == "sun" else "draft",
                 expansions=expansions, history=True)
    bots = [HeuristicBot(seed * 10 + i) for i in range(players)]
    while not g.over:
        kind, seat = g.to_decide()
        d, reason = bots[seat].decide_with_reason(g)
        yield g, kind, d, reason
        g.apply(d)


@pytest.mark.slow
@pytest.mark.parametrize("players, side, seed, expansions", GAMES)
def test_every_surface_quotes_the_engines_odds_for_every_attack(players, side, seed, expansions):
    attacks = with_cards = plans = reasons = 0
    for g, kind, d, reason in _attacks_of(players, side, seed, expansions):
        s = g.state
        if kind == "plan" and reason.kind == "attack_plan":  # a battle the plan makes: the figure of the same battle now
            p = reason.params
            _setup, odds = game_battle_odds(s, d.player, p["target"], p["armies"])
            assert p["chance"] == shown_chance(odds.win)
            plans += 1
        if kind != "move":
            continue
        seat = SeatDecisions(g)
        for option in g.legal_decisions():
            if not is_attack(g, option):
                continue
            setup, odds = game_battle_odds(s, option.player, option.target, option.count)
            engine = shown_chance(odds.win)
            attacks += 1
            with_cards += bool(setup.from_supply)
            assert f"win {engine} %" in seat.label(option)  # the decision list
            assert f": {engine} % win" in odds_lines(*seat.odds(option))[0]  # the try-its and the details
            assert round(attack_chance(s, option.player, option.target, option.count)[0], 6) == round(odds.win, 6)
            said = R.learner_reason(g, option)  # the review's sentence
            assert said.params["chance"] == engine and f"{engine} % to win" in attack_sentence(said)
            assert R.attack_figures(g, option)["win"] == engine  # the review's copy of the list's label
        if reason.kind == "attack":  # the bot's (and the hint's) reason for the attack it takes
            reasons += 1
            _setup, odds = game_battle_odds(s, d.player, d.target, d.count)
            assert reason.params["chance"] == shown_chance(odds.win)
        if is_attack(g, d):  # the set-up the odds counted is what the engine throws in
            setup, _odds = game_battle_odds(s, d.player, d.target, d.count)
            n = len(s.log)
            g.apply(d)
            thrown = next(e for e in g.state.log[n:] if e["rule"] == "battle.result")["thrown"]
            assert (thrown["attacker"], thrown["defender"], thrown["farmers"]) == (
                setup.attacker_armies, setup.defender_armies, setup.farmers)
            g.undo()
    assert attacks >= 20 and reasons >= 1 and plans >= 1
    if players == 5:
        assert with_cards >= 1  # a turn-order card's army was counted at least once


def test_the_review_names_an_attack_as_the_decision_list_did():
    """Issue 48: "You chose: Move 1 army … to Iyo" for what the list called "Attack the neutral province Iyo …"."""
    from shogun_tutor.rules.decisions import Decision

    g = new_game(players=4, seed=26, history=True)
    s = g.state
    target = next(p for p, q in sorted(s.provinces.items()) if q.owner is None)
    source = next(p for p, q in sorted(s.provinces.items()) if q.owner == 0)
    d = Decision("move", 0, province=source, target=target, count=1)
    m = R.Mistake(0, s.year, s.season, 0, d, Decision("move", 0, province=source), 2.0, 4,
                  Reason("stay", province=source), R.learner_reason(g, d), figures={"chosen": R.attack_figures(g, d)})
    t = mistake_text(m)
    assert t.chosen.startswith(f"Attack the neutral province {target} from {source} with 1 army — odds: win 29 %")
    assert t.better == "Do not move"
