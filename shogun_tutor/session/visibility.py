"""What one device may see of a session: its seats' plan cards, every other face-down fact hidden (:data:`HIDDEN`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.state import Decision, GameState
from ..rules.tower import TowerState

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session

HIDDEN = "?"  # a plan card another seat may not see yet


@dataclass(frozen=True)
class View:
    """What one device may see: its seat (None: a watcher), whether it is the host, and the game's state
    with every plan card it may not see yet replaced by :data:`HIDDEN` (state, log and decisions)."""

    seat: int | None
    host: bool
    state: GameState
    log: list
    decisions: list
    seq: int
    paused: bool
    shown: dict


def view_for(session: "Session", token: str | None) -> View:
    """The game as the device of ``token`` may see it: every plan card of another seat that the game has
    not turned up yet is :data:`HIDDEN` (in the players' plans, in the log's ``plan.done`` and in the
    decisions); so are what the rules keep face down from everyone (:func:`_hide_secrets`: the decks'
    order, the cubes lodged in the tower, the random generator, the court cards other seats keep).
    A hot-seat device sees the plans of all seats it holds; a watcher sees only public facts."""
    mine = set(session.seats_of(token))
    state = session.game.state.snapshot()
    log = session.game.state.log
    start = _round_start(log)
    up = _face_up_fields(log, start)

    def secret(field: str | None, card: object) -> bool:
        return up is not None and card is not None and field not in up

    for pl in state.players:
        if pl.seat not in mine:
            pl.plan = {f: (HIDDEN if secret(f, c) else c) for f, c in pl.plan.items()}
    public_log = []
    for i, e in enumerate(log):
        if e.get("rule") == "plan.done" and i >= start and e.get("player") not in mine:
            e = {**e, "plan": {f: (HIDDEN if secret(f, c) else c) for f, c in e.get("plan", {}).items()}}
        if "throw" in e:  # each cube's path through the tower: where those that stayed inside lie
            e = {k: v for k, v in e.items() if k != "throw"}
        public_log.append(e)
    state.log = public_log
    _hide_secrets(state, mine)
    decisions = []
    for i, d in enumerate(session.game.decisions):
        made = session.positions[i] if i < len(session.positions) else len(log)
        if d.kind == "plan" and d.player not in mine and made >= start and secret(d.field, d.card):
            d = Decision(d.kind, d.player, field=d.field, card=HIDDEN)
        decisions.append(d)
    return View(seat=min(mine) if mine else None, host=session.is_host(token), state=state, log=public_log,
                decisions=decisions, seq=session.seq, paused=session.paused, shown=dict(session.shown))


def _hide_secrets(state: GameState, mine: set[int]) -> None:
    """Replace in ``state`` (a snapshot: its own lists) what the rules keep face down from the device holding the
    seats ``mine``: each face-down card or cube becomes :data:`HIDDEN`, so how many there are stays public.

    * the event deck, the draft's province deck and the court's privilege deck (face down; their order decides
      what comes next); the province cards nobody holds are a set everyone sees on the board, kept in a sorted
      order (the pile's order is not shown);
    * the cubes lodged in the battle tower (nobody sees inside; the tray is public), and in the log each throw's
      cube paths (:func:`view_for` drops them; what came out and how many stayed inside remain);
    * the random generator's state (it foretells every draw and throw);
    * the privilege cards another seat keeps for later (its own: shown to it).
    """
    state.rng_state = None
    state.event_deck = [HIDDEN] * len(state.event_deck)
    state.card_supply = sorted(state.card_supply)
    state.draft.deck = [HIDDEN] * len(state.draft.deck)
    state.tower = TowerState([[HIDDEN] * len(level) for level in state.tower.levels], list(state.tower.tray))
    court = state.extra.get("tenno")
    if isinstance(court, dict):
        court = dict(court)
        if isinstance(court.get("deck"), list):
            court["deck"] = [HIDDEN] * len(court["deck"])
        if isinstance(court.get("kept"), list):
            court["kept"] = [list(k) if seat in mine else [HIDDEN] * len(k) for seat, k in enumerate(court["kept"])]
        state.extra = {**state.extra, "tenno": court}


def _round_start(log: list[dict]) -> int:
    """Index of the current round's first event (its planning starts there)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("rule") == "round.start":
            return i
    return 0


def _face_up_fields(log: list[dict], start: int) -> set[str] | None:
    """Plan fields of the current round whose cards the game has turned up (all once the round ended)."""
    shown: set[str] = set()
    for e in log[start:]:
        rule = e.get("rule")
        if rule == "action.reveal":
            shown.add(e.get("action"))
        elif rule == "order.bids":
            shown.add("bid")
        elif rule == "round.end":
            return None  # the round is over: every card of it has been seen
    return shown
