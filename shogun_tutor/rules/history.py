"""The game's past checked against where it stands (part of :func:`.savefile.check_state`).

The scored winters (one per finished year), the event cards (each in a pile, enough left for the
year), the round's decks and the plans (a seat marked done has planned every field).
"""

from __future__ import annotations

from ..data import COMPONENTS
from .rules import SEASONS
from .state import GameState, _bad


def season_index(state: GameState) -> int:
    """Rounds of this year already over: 0 in spring (and in the set-up), 1 in summer, 2 in autumn, 3 in winter/at the end."""
    return {"spring": 0, "summer": 1, "autumn": 2, "winter": 3, "end": 3}.get(state.season, 0)


def check_history(state: GameState) -> None:
    """The game's past fits where it stands: the scored winters, the event piles, the round's decks and the plans."""
    bad, r = _bad, state.round
    years, per_year = COMPONENTS.years, COMPONENTS.events_face_up_per_year
    in_round = state.season in SEASONS
    # -- scored winters: one per finished year ------------------------------------------------------
    scored = len(state.scores)
    want = years if state.phase == "end" else (0 if state.season == "setup" else state.year - 1)
    if scored != want:
        raise bad(f"{scored} winters scored in {state.season} of year {state.year}; the game has scored {want}")
    for i, sc in enumerate(state.scores):
        if not isinstance(sc, dict) or sc.get("year") != i + 1:
            raise bad(f"scores/{i} is not the scoring of year {i + 1}")
    # -- event cards: each in exactly one pile, as many drawn as the year and season say -------------
    all_events = {e.number for e in COMPONENTS.events}
    piles = (set(state.event_deck) | set(state.events_face_up) | set(state.events_used) | {r.event}) - {None}
    if not all_events <= piles:
        missing = sorted(all_events - piles)
        raise bad(f"the event cards {missing} lie in no pile")
    if state.season == "setup" and (r.event is not None or state.events_used or state.events_face_up):
        raise bad("event cards were drawn before the first year")
    started = 0 if state.season == "setup" else state.year
    if len(state.event_deck) < per_year * (years - started):  # each year's start lays out per_year of them
        raise bad(f"{len(state.event_deck)} event cards in the deck in year {state.year}; "
                  f"the years to come need {per_year * (years - started)}")
    if in_round or state.season == "winter":  # one for each round still to draw, one for the winter
        need = 1 + (len(SEASONS) - season_index(state) - (0 if r.event is None else 1) if in_round else 0)
        if len(state.events_face_up) < need:
            raise bad(f"{len(state.events_face_up)} event cards face up in {state.season}; the year still needs {need}")
    # -- the round's decks: what the next step draws from ---------------------------------------------
    if in_round and not (r.action_cards and r.specials):
        raise bad(f"the {state.phase} phase needs the round's ten action cards and five special cards")
    # -- plans: a seat marked as done planning has every field --------------------------------------------
    for pl in state.players:
        full = len(state.rules.plan_fields(state, pl.seat))
        if not in_round:
            if pl.plan:
                raise bad(f"player {pl.seat} has a plan outside a round")
            continue
        done = pl.seat < r.planner if state.phase == "plan" else state.phase != "actions"  # actions hand cards over
        if done and len(pl.plan) != full:
            raise bad(f"player {pl.seat} is done planning but his plan has {len(pl.plan)} of {full} fields")
