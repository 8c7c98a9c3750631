"""The flow of a year: three seasons whose phases run in the order of :attr:`.Rules.season`, then winter."""

from __future__ import annotations

from ...data import COMPONENTS
from ..rules import ACTION_IDS

SEASONS = ("spring", "summer", "autumn")


def start_year(game) -> None:
    s = game.state
    k = COMPONENTS.events_face_up_per_year
    s.events_face_up = [s.event_deck.pop(0) for _ in range(k)]
    s.season = "spring"
    game._log("year.events", events=list(s.events_face_up),
              winter_losses=[COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up])
    s.rules.run_hooks(game, "year_start")
    start_round(game)


def start_round(game) -> None:
    s = game.state
    r = s.round
    r.action_cards = list(ACTION_IDS)
    game.rng.shuffle(r.action_cards)
    r.specials = list(COMPONENTS.special_cards)
    game.rng.shuffle(r.specials)
    r.action_index = r.turn_index = 0
    r.event = None
    for pl in s.players:
        pl.plan, pl.special, pl.place, pl.handed_over = {}, None, None, []
    game._log("round.start", open_actions=r.action_cards[:5], hidden=5, specials=list(r.specials))
    s.rules.run_hooks(game, "round_start")
    enter(game, s.rules.season[0])


def enter(game, phase_id: str) -> None:
    game.state.phase = phase_id
    game.state.rules.phases[phase_id].enter(game)


def next_phase(game) -> None:
    """The current phase is over: the next one of the season, or the end of the round."""
    season = game.state.rules.season
    i = season.index(game.state.phase)
    if i + 1 < len(season):
        enter(game, season[i + 1])
    else:
        end_round(game)


def end_round(game) -> None:
    s = game.state
    s.events_used.append(s.round.event)
    game._log("round.end", event=s.round.event)
    s.rules.run_hooks(game, "round_end")
    for pl in s.players:
        pl.plan, pl.special, pl.handed_over = {}, None, []
    i = SEASONS.index(s.season)
    if i + 1 < len(SEASONS):
        s.season = SEASONS[i + 1]
        start_round(game)
    else:
        s.season = "winter"
        enter(game, "winter")
