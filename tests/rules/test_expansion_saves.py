"""Saves of expansion games: the save check asks each expansion whether a state with no decision pending stands
between two of its steps (``Expansion.between_steps``) and whether one of its own pending decisions fits its
working data (``Expansion.check_pending``). A corrupted expansion save is refused with a ``SaveFileError``
("inconsistent game state: ...", docs/save-format.md) and the game it was meant to replace is untouched."""

from __future__ import annotations

import json

import pytest

from shogun_tutor.bots import RandomBot
from shogun_tutor.rules.errors import SaveFileError
from shogun_tutor.rules.expansions import court
from shogun_tutor.rules.game import Game, new_game


def play_until(kind: str, expansions=("tenno", "samurai"), seeds=range(1, 40)) -> Game:
    """A game (4 players, random bots) stopped at the first pending decision of ``kind``."""
    for seed in seeds:
        g = new_game(players=4, seed=seed, expansions=expansions)
        bot = RandomBot(seed)
        while not g.over and g.to_decide()[0] != kind:
            g.apply(bot.decide(g))
        if not g.over:
            return g
    raise AssertionError(f"no {kind!r} decision in seeds {seeds}")


def corrupted(game: Game, change) -> str:
    data = json.loads(game.save())
    change(data)
    return json.dumps(data)


def refused(text: str, match: str) -> None:
    with pytest.raises(SaveFileError, match=r"inconsistent game state: .*" + match):
        Game.load(text)


@pytest.fixture(scope="module")
def at_privilege() -> Game:
    return play_until("privilege")


def test_an_expansion_save_at_a_court_decision_loads_and_goes_on_identically(at_privilege):
    text = at_privilege.save()
    again = Game.load(text)
    assert again.save() == text and again.to_decide() == at_privilege.to_decide()


def idle_in_court_after_the_audience(d: dict) -> None:
    d["pending"] = None
    d["extra"]["tenno"]["step"] = None


def test_no_decision_pending_outside_an_expansion_step_is_refused(at_privilege):
    refused(corrupted(at_privilege, idle_in_court_after_the_audience), "no decision is pending in the court phase")
    plan = play_until("plan")
    refused(corrupted(plan, lambda d: d.update(pending=None)), "no decision is pending in the plan phase")


def test_a_state_between_two_court_steps_is_accepted_and_goes_on_to_the_next_decision():
    """Court phase entered, fields not yet revealed: loading steps on through the conversions, exactly as
    the uninterrupted game did."""
    g = play_until("place", expansions=("tenno",))
    bot = RandomBot(3)
    while sum(pl.place is None for pl in g.state.players) > 1:
        g.apply(bot.decide(g))
    last = bot.decide(g)
    through = Game.load(g.save())
    through.apply(last)
    g.check(last)
    g.rules.decision_kinds[last.kind][1].execute(g, last)
    while g.state.pending is None and g.state.phase != "court":  # stop right after the court phase is entered
        g.rules.phases[g.state.phase].step(g)
    g._sync_rng()
    assert g.state.pending is None and g.state.extra["tenno"]["step"] == "reveal"
    resumed = Game.load(g.save())
    assert resumed.to_decide() == through.to_decide() and resumed.save() == through.save()


def test_a_privilege_decision_that_does_not_fit_the_audience_is_refused(at_privilege):
    seat = at_privilege.state.pending.player

    def nobody_in_the_audience_hall(d):
        t = d["extra"]["tenno"]
        t["supply"][seat] += t["audience"][seat]
        t["audience"][seat] = 0
    refused(corrupted(at_privilege, nobody_in_the_audience_hall), "cannot afford any")

    def still_queued(d):
        d["extra"]["tenno"]["queue"].append(seat)
    refused(corrupted(at_privilege, still_queued), "still waiting in the audience order")

    def outside_the_audience(d):
        d["extra"]["tenno"]["step"] = "reveal"
    refused(corrupted(at_privilege, outside_the_audience), "pending outside the court's audience")


def test_a_samurai_decision_of_the_wrong_seat_is_refused():
    g = play_until("samurai")
    seat = g.state.pending.player
    other = next(s for s in range(4) if s != seat)
    refused(corrupted(g, lambda d: d["pending"].update(player=other)), "not his turn|without a card turned|fewer than")

    def card_not_turned(d):
        d["extra"]["samurai"]["top"][seat] = 0
    refused(corrupted(g, card_not_turned), "without a card turned")


def test_a_province_choice_for_a_card_not_used_in_a_province_is_refused(at_privilege):
    def privilege_use_of_a_chest_card(d):
        chests = next(n for n, c in court.CARDS.items() if c["effect"] == "chests")
        d["pending"].update(kind="privilege_use", action=str(chests), options=[next(iter(d["provinces"]))])
    refused(corrupted(at_privilege, privilege_use_of_a_chest_card), "not one used in a province")


def test_a_refused_expansion_save_leaves_the_current_game_untouched(at_privilege):
    text = at_privilege.save()
    with pytest.raises(SaveFileError):
        Game.load(corrupted(at_privilege, idle_in_court_after_the_audience))
    assert at_privilege.save() == text
