"""The flow of the game, in one place: the set-up's end, each year, its rounds, their phases, winter, the end.

Phases never start a year, a round or another phase themselves: a phase whose work is done calls
:meth:`.Game.next_phase`, which comes here (:func:`next_phase`), and this module decides what follows:

* after the set-up (``setup``, the beginner positions) or the draft (``claim``): the tower is
  filled, then the first year begins (:func:`start_year`);
* in a spring, summer or autumn: the next phase of the season (the order is data,
  :attr:`.Rules.season`, expansions insert theirs), and after its last one the round's end
  (:func:`end_round`), then the next season's round or the winter;
* after the winter's scoring: the game's end after the last year, else the next year.

It is the only module that imports the phases; the phases import nothing of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import COMPONENTS
from .phases.draft import fill_tower
from .rules import ACTION_IDS, SEASONS
from .scoring import winners

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["SEASONS", "next_phase", "start_year", "start_round", "enter", "end_round", "end_winter"]


def next_phase(game: "Game") -> None:
    """The current phase is over: whatever the game's flow puts next."""
    phase = game.state.phase
    if phase in ("setup", "claim"):
        fill_tower(game)
        start_year(game)
    elif phase == "winter":
        end_winter(game)
    else:
        season = game.state.rules.season
        i = season.index(phase)
        if i + 1 < len(season):
            enter(game, season[i + 1])
        else:
            end_round(game)


def start_year(game: "Game") -> None:
    s = game.state
    k = COMPONENTS.events_face_up_per_year
    s.events_face_up = [s.event_deck.pop(0) for _ in range(k)]
    s.season = "spring"
    game.log_event("year.events", events=list(s.events_face_up),
                   winter_losses=[COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up])
    s.rules.run_hooks(game, "year_start")
    start_round(game)


def start_round(game: "Game") -> None:
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
    game.log_event("round.start", open_actions=r.action_cards[:5], hidden=5, specials=list(r.specials))
    s.rules.run_hooks(game, "round_start")
    enter(game, s.rules.season[0])


def enter(game: "Game", phase_id: str) -> None:
    game.state.phase = phase_id
    game.state.rules.phases[phase_id].enter(game)


def end_round(game: "Game") -> None:
    s = game.state
    s.events_used.append(s.round.event)
    game.log_event("round.end", event=s.round.event)
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


def end_winter(game: "Game") -> None:
    """The winter is scored: the game ends after the last year, else the next year begins."""
    s = game.state
    if s.year >= COMPONENTS.years:
        s.winners = winners([p.points for p in s.players], [p.chests for p in s.players])
        s.phase, s.season = "end", "end"
        s.pending = None
        game.log_event("game.end", points=[p.points for p in s.players], chests=[p.chests for p in s.players],
                       winners=list(s.winners))
        return
    game.log_event("year.end", year=s.year)
    s.year += 1
    for pl in s.players:
        pl.place = None
    start_year(game)
