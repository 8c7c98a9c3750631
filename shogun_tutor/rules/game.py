"""The game engine: set-up, the three action rounds, winter, scoring; decisions in, events out.

In the spirit of python-chess: :class:`Game` holds a :class:`GameState`;
:meth:`Game.legal_decisions` lists what whoever must decide now may do;
:meth:`Game.apply` validates a :class:`Decision` *before* changing anything
(an illegal one raises a :class:`RuleViolation` naming the rule, and the state
stays exactly as it was), then runs every automatic step that follows until
the next decision is needed; :meth:`Game.undo` takes the last decision back.
Every rule application appends a structured event to ``state.log`` (rule id,
player, province, numbers, outcome): the UI renders them; the core writes no prose.

>>> game = new_game(players=3, side="sun", seed=7)
>>> game.state.season, game.state.phase, game.to_decide()
('spring', 'plan', ('plan', 0))
>>> sum(p.supply for p in game.state.players) + sum(p.armies for p in game.state.provinces.values()) + game.state.tower_count(0) + game.state.tower_count(1) + game.state.tower_count(2)
186
"""

from __future__ import annotations

import json
import random
from typing import Iterator

from ..board import check_players, check_side, province_graph
from ..data import BOARD, COMPONENTS
from . import battle as battle_rules
from . import errors as E
from .scoring import score, winners
from .state import (
    ACTION_IDS,
    PLACES,
    PLAN_FIELDS,
    Decision,
    GameState,
    Pending,
    PlayerState,
    ProvinceState,
    chest_card,
    chest_value,
)
from .tower import Cube, PhysicalTower, TowerModel, tower_model_from_dict

SEASONS = ("spring", "summer", "autumn")
BUILD_ACTIONS = ("castle", "temple", "theater")
MOVE_ACTIONS = ("army1_move", "battle_a", "battle_b")
SIX_ARMIES = 6  # the special card "6 armies": "place 5 armies" places 6 instead


def _card_province(card: str) -> str:
    return card.split("/")[0]


class Game:
    """A game in progress. Create one with :func:`new_game` or :meth:`Game.load`."""

    def __init__(self, state: GameState, *, history: bool = True, tower: TowerModel | None = None):
        self.state = state
        self.graph = province_graph(state.side, state.num_players)
        self.tower_model: TowerModel = tower or tower_model_from_dict(state.tower_model)
        self.rng = random.Random()
        if state.rng_state is not None:
            self.rng.setstate(state.rng_state)
        self.history_enabled = history
        self._history: list[tuple[GameState, dict]] = []  # (state snapshot before, tower model before)
        self.decisions: list[Decision] = []

    # --- public API ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.phase == "end"

    def to_decide(self) -> tuple[str, int] | None:
        """(kind, seat) of the decision the game waits for, or None when it is over."""
        p = self.state.pending
        return (p.kind, p.player) if p else None

    def legal_decisions(self) -> list[Decision]:
        return list(self._legal())

    def apply(self, decision: Decision) -> list[dict]:
        """Validate and apply ``decision``; returns the events it caused."""
        self._validate(decision)
        if self.history_enabled:
            self._sync_rng()
            self._history.append((self.state.snapshot(), self.tower_model.to_dict()))  # type: ignore[attr-defined]
        start = len(self.state.log)
        self.decisions.append(decision)
        self._execute(decision)
        self._advance()
        self._sync_rng()
        return self.state.log[start:]

    def undo(self) -> None:
        if not self._history:
            raise E.NothingToUndo("there is no decision to take back")
        before, model = self._history.pop()
        self.decisions.pop()
        before.restore_log()
        self.state = before
        self.tower_model = tower_model_from_dict(model)
        self.rng.setstate(self.state.rng_state)

    def save(self) -> str:
        self._sync_rng()
        d = self.state.to_dict()
        d["tower_model"] = self.tower_model.to_dict()  # type: ignore[attr-defined]
        return json.dumps(d, separators=(",", ":"))

    @staticmethod
    def load(text: str, *, history: bool = True) -> "Game":
        try:
            raw = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise E.SaveFileError(f"not a saved game (invalid JSON: {exc})") from None
        state = GameState.from_dict(raw)
        try:
            model = tower_model_from_dict(state.tower_model)
        except (TypeError, ValueError) as exc:
            raise E.SaveFileError(f"unknown tower model in the save file: {exc}") from None
        return Game(state, history=history, tower=model)

    # --- helpers ---------------------------------------------------------------------
    def _sync_rng(self) -> None:
        self.state.rng_state = self.rng.getstate()

    def _log(self, rule: str, player: int | None = None, province: str | None = None, **data) -> dict:
        s = self.state
        ev = {"rule": rule, "year": s.year, "season": s.season}
        if player is not None:
            ev["player"] = player
        if province is not None:
            ev["province"] = province
        ev.update(data)
        s.log.append(ev)
        return ev

    def _event_effect(self) -> str | None:
        return COMPONENTS.event(self.state.event).effect if self.state.event else None

    def _event_param(self, key: str) -> int:
        return COMPONENTS.event(self.state.event).parameters[key]

    def _new_cubes(self, owner: int | None, n: int, origin: str) -> list[Cube]:
        s = self.state
        cubes = [Cube(s.next_cube + i, owner, origin) for i in range(n)]
        s.next_cube += n
        return cubes

    def _transfer_card(self, province: str, to: int | None) -> None:
        """A province changed hands: its card goes at once to the new holder (or the supply)."""
        s = self.state
        card = self.graph.nodes[province]["card"]
        for pl in s.players:
            if card in pl.hand:
                pl.hand.remove(card)
                if s.phase == "actions" and card in pl.plan.values() and card not in pl.handed_over:
                    pl.handed_over.append(card)  # taken from his planning board: what he planned there lapses
        if card in s.card_supply:
            s.card_supply.remove(card)
        if to is None:
            s.card_supply.append(card)
        else:
            s.players[to].hand.append(card)

    # --- legal decisions --------------------------------------------------------------
    def _legal(self) -> Iterator[Decision]:
        s = self.state
        p = s.pending
        if p is None:
            return
        pl = s.players[p.player]
        if p.kind == "claim":
            if self._may_redraw(pl):
                yield Decision("redraw", pl.seat)
            sources = [f"up{i}" for i in range(len(s.draft_face_up))] + (["deck"] if s.draft_deck else [])
            for src in sources:
                for gi in sorted(set(range(len(pl.groups))), key=lambda i: i):
                    if pl.groups[gi] not in pl.groups[:gi]:  # equal groups are the same choice
                        yield Decision("claim", pl.seat, field=src, count=gi)
        elif p.kind == "plan":
            field = self._next_plan_field(pl)
            for card in self._plan_options(pl, field):
                yield Decision("plan", pl.seat, field=field, card=card)
        elif p.kind == "place":
            for place in range(PLACES):
                if place not in self._taken_places():
                    yield Decision("place", pl.seat, count=place)
        elif p.kind == "move":
            for target, max_n in self._move_targets(p):
                for n in range(1, max_n + 1):
                    yield Decision("move", pl.seat, province=p.province, target=target, count=n)
            if p.action == "army1_move" or not self._move_targets(p):
                yield Decision("move", pl.seat, province=p.province, target=None, count=0)
        elif p.kind == "revolt":
            for prov in p.options:
                yield Decision("revolt", pl.seat, province=prov)

    def _may_redraw(self, pl: PlayerState) -> bool:
        s = self.state
        return bool(pl.last_offer) and sorted(pl.last_offer) == sorted(s.draft_face_up) and len(s.draft_deck) >= 2

    def _next_plan_field(self, pl: PlayerState) -> str:
        for f in PLAN_FIELDS:
            if f not in pl.plan:
                return f
        raise AssertionError("all fields planned")

    def _unused_cards(self, pl: PlayerState) -> list[str]:
        used = set(v for v in pl.plan.values() if v)
        chest_cards = [chest_card(n) for n in COMPONENTS.war_chest_cards]
        return [c for c in sorted(pl.hand) + chest_cards if c not in used]

    def _plan_options(self, pl: PlayerState, field: str) -> list[str | None]:
        cards = self._unused_cards(pl)
        remaining_fields = sum(1 for f in PLAN_FIELDS if f not in pl.plan)
        opts: list[str | None] = []
        for c in cards:
            if field == "bid" and chest_value(c) is not None and chest_value(c) > pl.chests:
                continue
            opts.append(c)
        if len(cards) < remaining_fields or not opts:
            opts.append(None)  # not enough cards for every field: this one may stay empty
        return opts

    def _taken_places(self) -> set[int]:
        return {pl.place for pl in self.state.players if pl.place is not None}

    def _move_targets(self, p: Pending) -> list[tuple[str, int]]:
        s = self.state
        src = s.provinces[p.province]
        if src.owner != p.player or src.armies < 2:
            return []
        out = []
        for n in sorted(self.graph.adj[p.province]):
            t = s.provinces[n]
            if p.action == "army1_move" and t.owner != p.player:
                continue
            if t.owner not in (None, p.player) and self._event_effect() == "temple_immune" and "temple" in t.buildings:
                continue
            out.append((n, src.armies - 1))
        return out

    def _immune_neighbours(self, seat: int, prov: str) -> list[str]:
        """Neighbours of ``prov`` that may not be attacked this round (event: temple)."""
        if self._event_effect() != "temple_immune":
            return []
        s = self.state
        return sorted(n for n in self.graph.adj[prov]
                      if s.provinces[n].owner not in (None, seat) and "temple" in s.provinces[n].buildings)

    # --- validation -----------------------------------------------------------------
    def _validate(self, d: Decision) -> None:
        s = self.state
        if not isinstance(d, Decision):
            raise TypeError(f"apply() takes a Decision, got {type(d).__name__}")
        _check_shape(d)
        if s.phase == "end" or s.pending is None:
            raise E.GameOver("the game is over")
        p = s.pending
        if d.player != p.player:
            raise E.NotYourDecision(f"seat {p.player} must decide now, not seat {d.player}")
        if d.kind != p.kind and not (p.kind == "claim" and d.kind == "redraw"):
            raise E.WrongDecisionKind(f"a '{p.kind}' decision is needed now, not '{d.kind}'")
        pl = s.players[d.player]
        if d.kind == "redraw":
            if not self._may_redraw(pl):
                raise E.RedrawNotAllowed("both face-up cards may only be replaced when the same two are offered again")
        elif d.kind == "claim":
            if d.field not in [f"up{i}" for i in range(len(s.draft_face_up))] + (["deck"] if s.draft_deck else []):
                raise E.ClaimNotAllowed(f"no card to take from {d.field!r}")
            if not 0 <= d.count < len(pl.groups):
                raise E.ClaimNotAllowed(f"there is no army group {d.count} on the board")
        elif d.kind == "plan":
            field = self._next_plan_field(pl)
            if d.field != field:
                raise E.WrongDecisionKind(f"plan the field {field!r} next, not {d.field!r}", rule="plan.field_order")
            opts = self._plan_options(pl, field)
            if d.card not in opts:
                if d.card is None:
                    raise E.EmptyFieldNotAllowed("every field must be covered while cards are left")
                if field == "bid" and chest_value(d.card) is not None and chest_value(d.card) > pl.chests:
                    raise E.BidTooHigh(f"a bid of {chest_value(d.card)} chests, but only {pl.chests} in the war chest")
                raise E.CardNotAvailable(f"{d.card!r} is not an unused card of this player")
        elif d.kind == "place":
            if not 0 <= d.count < PLACES:
                raise E.PlaceTaken(f"there is no place {d.count}")
            if d.count in self._taken_places():
                raise E.PlaceTaken(f"place {d.count + 1} is taken")
        elif d.kind == "move":
            if d.province != p.province:
                raise E.WrongDecisionKind(f"the armies move from {p.province}, not {d.province}", rule="move.source")
            if d.target is None:
                if d.count:
                    raise E.MalformedDecision("not moving means moving 0 armies (count=0)")
                if p.action != "army1_move" and self._move_targets(p):
                    raise E.RuleViolation("the battle/move action must be carried out when it can be", rule="action.must_carry_out")
                return
            if d.target not in self.graph:
                raise E.NotInPlay(f"{d.target} is not in play")
            if d.target not in self.graph.adj[p.province]:
                raise E.NotAdjacent(f"{d.target} does not border {p.province} (sea routes count)")
            t = s.provinces[d.target]
            if p.action == "army1_move" and t.owner != d.player:
                raise E.NotOwnProvince(f"with 'place 1 army' armies may only move into an own province; {d.target} is not")
            if t.owner not in (None, d.player) and self._event_effect() == "temple_immune" and "temple" in t.buildings:
                raise E.ProvinceImmune(f"{d.target} has a temple and may not be attacked this round")
            src = s.provinces[p.province]
            if not 1 <= d.count <= src.armies - 1:
                raise E.MustLeaveOneArmy(f"{p.province} has {src.armies} armies: move 1 to {src.armies - 1}")
        elif d.kind == "revolt":
            if d.province not in p.options:
                raise E.RevoltOrderInvalid(f"{d.province} is not a province in revolt still to be fought")

    # --- executing decisions -------------------------------------------------------------
    def _execute(self, d: Decision) -> None:
        s = self.state
        pl = s.players[d.player]
        if d.kind == "redraw":
            old = list(s.draft_face_up)
            s.draft_deck.extend(old)
            s.draft_face_up = [s.draft_deck.pop(0), s.draft_deck.pop(0)]
            self._log("claim.redraw", d.player, replaced=old, new=list(s.draft_face_up))
            pl.last_offer = []  # once per turn
            return  # the same player now claims
        if d.kind == "claim":
            pl.last_offer = list(s.draft_face_up)
            if d.field == "deck":
                card = s.draft_deck.pop(0)
            else:
                i = int(d.field[2:])
                card = s.draft_face_up.pop(i)
                if s.draft_deck:
                    s.draft_face_up.insert(i, s.draft_deck.pop(0))
            group = pl.groups.pop(d.count)
            prov = _card_province(card)
            pv = s.provinces[prov]
            pv.owner, pv.armies = d.player, group
            pl.supply -= group
            pl.hand.append(card)
            self._log("claim.province", d.player, prov, source=d.field, card=card, armies=group)
            s.pending = None
            s.draft_turn += 1
        elif d.kind == "plan":
            pl.plan[d.field] = d.card
            s.pending = None
        elif d.kind == "place":
            pl.place = d.count
            pl.special = s.specials[d.count]
            self._log("order.pick_place", d.player, place=d.count + 1, special=pl.special)
            s.pending = None
        elif d.kind == "move":
            p = s.pending
            s.pending = None
            if d.target is None:
                self._log("move.none", d.player, p.province, action=p.action)
            else:
                self._move(d.player, p.action, p.province, d.target, d.count)
            self._next_turn()
        elif d.kind == "revolt":
            p = s.pending
            p.options.remove(d.province)
            rest = list(p.options)
            s.pending = None
            self._winter_revolt(d.player, d.province)
            if rest:
                s.pending = Pending("revolt", d.player, options=rest)

    # --- the flow -----------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a decision is needed or the game ends."""
        s = self.state
        while s.pending is None and s.phase != "end":
            if s.phase == "claim":
                self._claim_step()
            elif s.phase == "plan":
                self._plan_step()
            elif s.phase == "place":
                self._place_step()
            elif s.phase == "actions":
                self._action_step()
            elif s.phase == "winter":
                self._winter_step()
            else:  # pragma: no cover - guarded by the phases above
                raise AssertionError(s.phase)

    def _claim_step(self) -> None:
        s = self.state
        n = s.num_players
        if all(not pl.groups for pl in s.players):
            s.card_supply = sorted(s.draft_deck + s.draft_face_up)
            s.draft_deck, s.draft_face_up = [], []
            self._log("claim.done", neutral=len(s.card_supply))
            self._after_claims()
            return
        seat = s.draft_turn % n
        if not s.players[seat].groups:
            s.draft_turn += 1
            return
        s.pending = Pending("claim", seat)

    def _after_claims(self) -> None:
        self._fill_tower()
        self._start_year()

    def _fill_tower(self) -> None:
        s = self.state
        cubes = []
        for pl in s.players:
            k = COMPONENTS.tower_fill_armies_each
            pl.supply -= k
            cubes += self._new_cubes(pl.seat, k, "fill")
        s.farmer_supply -= COMPONENTS.tower_fill_farmers
        cubes += self._new_cubes(None, COMPONENTS.tower_fill_farmers, "fill")
        result = self.tower_model.throw(s.tower, cubes, self.rng)
        out = result.out_by_owner()
        for c in s.tower.tray:
            if c.owner is None:
                s.farmer_supply += 1
            else:
                s.players[c.owner].supply += 1
        s.tower.tray = []
        self._log(
            "setup.tower_fill",
            thrown={"armies_each": COMPONENTS.tower_fill_armies_each, "farmers": COMPONENTS.tower_fill_farmers},
            came_out={("farmers" if k is None else str(k)): v for k, v in out.items()},
            stayed_inside=s.tower.lodged_count(),
            throw=_throw_record(result),
        )

    def _start_year(self) -> None:
        s = self.state
        k = COMPONENTS.events_face_up_per_year
        s.events_face_up = [s.event_deck.pop(0) for _ in range(k)]
        s.season = "spring"
        self._log("year.events", events=list(s.events_face_up), winter_losses=[COMPONENTS.event(e).winter_rice_loss for e in s.events_face_up])
        self._start_round()

    def _start_round(self) -> None:
        s = self.state
        s.action_cards = list(ACTION_IDS)
        self.rng.shuffle(s.action_cards)
        s.specials = list(COMPONENTS.special_cards)
        self.rng.shuffle(s.specials)
        s.action_index = s.turn_index = 0
        s.event = None
        for pl in s.players:
            pl.plan, pl.special, pl.place, pl.handed_over = {}, None, None, []
        self._log("round.start", open_actions=s.action_cards[:5], hidden=5, specials=list(s.specials))
        s.phase = "plan"
        s.planner = 0

    def _plan_step(self) -> None:
        s = self.state
        while s.planner < s.num_players:
            pl = s.players[s.planner]
            if len(pl.plan) < len(PLAN_FIELDS):
                s.pending = Pending("plan", pl.seat)
                return
            self._log("plan.done", pl.seat, empty_fields=[f for f, c in pl.plan.items() if c is None])
            s.planner += 1
        self._draw_event()
        self._reveal_bids()

    def _draw_event(self) -> None:
        s = self.state
        pool = list(s.events_face_up)
        self.rng.shuffle(pool)
        s.event = pool[0]
        s.events_face_up.remove(s.event)
        self._log("round.event", event=s.event, effect=COMPONENTS.event(s.event).effect, remaining=list(s.events_face_up))

    def _reveal_bids(self) -> None:
        s = self.state
        ranks = []
        for pl in s.players:
            card = pl.plan.get("bid")
            v = chest_value(card)
            if v is not None and v > 0:
                pl.chests -= v
                rank, kind = (0, -v), "chests"
            elif card is not None and v is None:
                rank, kind = (1, 0), "province"
            elif v == 0:
                rank, kind = (2, 0), "zero"
            else:
                rank, kind = (3, 0), "none"
            ranks.append((rank, pl.seat, kind, v or 0))
        tiebreak = list(range(s.num_players))
        self.rng.shuffle(tiebreak)  # the tied daimyo cards, shuffled
        order = sorted(ranks, key=lambda r: (r[0], tiebreak.index(r[1])))
        s.pick_order = [r[1] for r in order]
        ties = {}
        for r in ranks:
            ties.setdefault(r[0], []).append(r[1])
        self._log(
            "order.bids",
            bids=[{"player": r[1], "kind": r[2], "chests": r[3]} for r in sorted(ranks, key=lambda r: r[1])],
            pick_order=list(s.pick_order),
            ties=[sorted(v) for v in ties.values() if len(v) > 1],
        )
        s.phase = "place"

    def _place_step(self) -> None:
        s = self.state
        for seat in s.pick_order:
            if s.players[seat].place is None:
                s.pending = Pending("place", seat)
                return
        s.turn_order = sorted(range(s.num_players), key=lambda seat: s.players[seat].place)
        self._log("order.turn_order", turn_order=list(s.turn_order), specials={str(p.seat): p.special for p in s.players})
        s.phase = "actions"
        s.action_index = s.turn_index = 0
        self._log("action.reveal", action=s.action_cards[0], position=1)

    def _next_turn(self) -> None:
        s = self.state
        s.turn_index += 1
        if s.turn_index >= len(s.turn_order):
            s.turn_index = 0
            s.action_index += 1
            if s.action_index < len(s.action_cards):
                self._log("action.reveal", action=s.action_cards[s.action_index], position=s.action_index + 1)

    def _action_step(self) -> None:
        s = self.state
        if s.action_index >= len(s.action_cards):
            self._end_round()
            return
        action = s.action_cards[s.action_index]
        seat = s.turn_order[s.turn_index]
        pl = s.players[seat]
        card = pl.plan.get(action)
        if card is None or chest_value(card) is not None:
            self._next_turn()
            return
        prov = _card_province(card)
        if s.provinces[prov].owner != seat or card in pl.handed_over:
            # the card was handed over at once when the province changed hands (even if won back since)
            self._log("action.lapsed", seat, prov, action=action, reason="province_lost")
            self._next_turn()
            return
        if action in MOVE_ACTIONS:
            if action == "army1_move" and not self._place_armies(seat, prov, action):
                self._next_turn()
                return
            pend = Pending("move", seat, province=prov, action=action)
            if not self._move_targets(pend) and action == "army1_move":
                self._log("move.none", seat, prov, action=action, reason="no_own_neighbour_or_one_army")
                self._next_turn()
                return
            if not self._move_targets(pend):
                self._log("action.lapsed", seat, prov, action=action, reason="no_move_possible",
                          armies=s.provinces[prov].armies, immune=self._immune_neighbours(seat, prov))
                self._next_turn()
                return
            s.pending = pend
            return
        if action in BUILD_ACTIONS:
            self._build(seat, prov, action)
        elif action in ("rice", "tax"):
            self._income(seat, prov, action)
        else:
            self._place_armies(seat, prov, action)
        self._next_turn()

    def _end_round(self) -> None:
        s = self.state
        s.events_used.append(s.event)
        self._log("round.end", event=s.event)
        for pl in s.players:
            pl.plan, pl.special, pl.handed_over = {}, None, []
        i = SEASONS.index(s.season)
        if i + 1 < len(SEASONS):
            s.season = SEASONS[i + 1]
            self._start_round()
        else:
            s.season, s.phase = "winter", "winter"
            self._start_winter()

    # --- actions ---------------------------------------------------------------------
    def _pay(self, seat: int, prov: str, action: str, cost: int) -> bool:
        pl = self.state.players[seat]
        if pl.chests < cost:
            self._log("action.lapsed", seat, prov, action=action, reason="not_enough_chests", cost=cost, chests=pl.chests)
            return False
        pl.chests -= cost
        return True

    def _build(self, seat: int, prov: str, building: str) -> None:
        s = self.state
        pv = s.provinces[prov]
        slots = self.graph.nodes[prov]["building_slots"]
        cost = COMPONENTS.action(building).cost
        if building in pv.buildings:
            self._log("action.lapsed", seat, prov, action=building, reason="already_built")
            return
        if len(pv.buildings) >= slots:
            self._log("action.lapsed", seat, prov, action=building, reason="no_free_slot", slots=slots)
            return
        if s.buildings_left[building] <= 0:
            self._log("action.lapsed", seat, prov, action=building, reason="no_building_left")
            return
        if not self._pay(seat, prov, building, cost):
            return
        pv.buildings.append(building)
        s.buildings_left[building] -= 1
        ev = self._log("action.build", seat, prov, building=building, cost=cost, slots=slots,
                       used_slots=len(pv.buildings), chests=s.players[seat].chests)
        if building == "theater" and self._event_effect() == "theater_removes_unrest" and pv.unrest > 0:
            pv.unrest -= 1
            self._log("event.theater_removes_unrest", seat, prov, event=s.event, unrest=pv.unrest)
        return ev

    def _place_armies(self, seat: int, prov: str, action: str) -> bool:
        """Pay and place armies. The action needs the armies *after the event*; the special "6 armies"
        then replaces that number by 6 when the supply has 6 (it is optional: else the action still counts)."""
        s = self.state
        pl = s.players[seat]
        base = COMPONENTS.action_amounts[action]
        amount, steps = base, []
        effect = self._event_effect()
        if effect == "armies_reduced" and action in ("armies5", "armies3"):
            amount = self._event_param(action)
            steps.append({"by": "event", "event": s.event, "value": amount})
        cost = COMPONENTS.action(action).cost
        if pl.supply < amount:
            self._log("action.lapsed", seat, prov, action=action, reason="not_enough_armies", needed=amount, supply=pl.supply)
            return False
        if pl.chests < cost:
            self._log("action.lapsed", seat, prov, action=action, reason="not_enough_chests", cost=cost, chests=pl.chests)
            return False
        if pl.special == "six_armies" and action == "armies5":
            # a fixed number, not a bonus (also after "few recruits"); optional, so a short supply keeps the base action
            if pl.supply >= SIX_ARMIES:
                amount = SIX_ARMIES
                steps.append({"by": "special", "special": "six_armies", "value": amount})
            else:
                steps.append({"by": "special", "special": "six_armies", "value": amount, "supply_short": True})
        pl.chests -= cost
        pl.supply -= amount
        s.provinces[prov].armies += amount
        self._log("action.armies", seat, prov, action=action, base=base, steps=steps, placed=amount, cost=cost,
                  armies=s.provinces[prov].armies)
        return True

    def _income(self, seat: int, prov: str, action: str) -> None:
        s = self.state
        pv = s.provinces[prov]
        pl = s.players[seat]
        if pv.unrest > 0:
            kept = self._revolt(seat, prov, farmers=pv.unrest, extra=0, cause=action)
            if not kept:
                self._log("action.lapsed", seat, prov, action=action, reason="revolt_lost")
                return
        node = self.graph.nodes[prov]
        base = node["tax"] if action == "tax" else node["rice"]
        amount, steps = base, []
        effect = self._event_effect()
        caps = {"tax": ("tax_max5", "tax_min6"), "rice": ("rice_max3", "rice_min4")}[action]
        if effect == caps[0]:
            amount = min(amount, self._event_param("max"))
            steps.append({"by": "event", "event": s.event, "rule": "max", "limit": self._event_param("max"), "value": amount})
        elif effect == caps[1]:
            amount = max(amount, self._event_param("min"))
            steps.append({"by": "event", "event": s.event, "rule": "min", "limit": self._event_param("min"), "value": amount})
        special = "chest_plus1" if action == "tax" else "rice_plus1"
        if pl.special == special:
            amount += 1
            steps.append({"by": "special", "special": special, "value": amount})
        if action == "tax":
            pl.chests += amount
        else:
            pl.rice += amount
        pv.unrest += 1
        self._log("action.income", seat, prov, action=action, base=base, steps=steps, amount=amount,
                  total=pl.chests if action == "tax" else pl.rice, unrest=pv.unrest)

    def _move(self, seat: int, action: str, src: str, dst: str, n: int) -> None:
        s = self.state
        sp, tp = s.provinces[src], s.provinces[dst]
        if tp.owner == seat:
            sp.armies -= n
            tp.armies += n
            self._log("move.armies", seat, src, target=dst, armies=n, action=action, left=sp.armies, now=tp.armies)
            return
        sp.armies -= n
        self._battle(seat, action, src, dst, n)

    # --- battles ---------------------------------------------------------------------------
    def _battle(self, attacker: int, action: str, src: str, dst: str, n: int) -> None:
        s = self.state
        tp = s.provinces[dst]
        defender = tp.owner
        kind = "neutral" if defender is None else "player"
        effect = self._event_effect()
        origin = f"battle:{len(s.log)}"
        att_pl = s.players[attacker]
        extras = []
        cubes = self._new_cubes(attacker, n, origin)
        if att_pl.special == "attack_plus1" and att_pl.supply > 0:
            att_pl.supply -= 1
            cubes += self._new_cubes(attacker, 1, origin)
            extras.append({"by": "special", "special": "attack_plus1", "player": attacker, "armies": 1})
        farmers = 0
        if kind == "neutral":
            farmers = self._event_param("farmers") if effect == "neutral_two_farmers" else 1
            farmers = min(farmers, s.farmer_supply)
            s.farmer_supply -= farmers
            cubes += self._new_cubes(None, farmers, origin)
            if effect == "neutral_two_farmers":
                extras.append({"by": "event", "event": s.event, "farmers": farmers})
        else:
            dpl = s.players[defender]
            cubes += self._new_cubes(defender, tp.armies, origin)
            tp.armies = 0
            if dpl.special == "defense_plus1" and dpl.supply > 0:
                dpl.supply -= 1
                cubes += self._new_cubes(defender, 1, origin)
                extras.append({"by": "special", "special": "defense_plus1", "player": defender, "armies": 1})
            if effect == "castle_defender_plus1" and "castle" in tp.buildings and dpl.supply > 0:
                k = min(self._event_param("armies"), dpl.supply)
                dpl.supply -= k
                cubes += self._new_cubes(defender, k, origin)
                extras.append({"by": "event", "event": s.event, "player": defender, "armies": k})
        thrown = {"attacker": sum(1 for c in cubes if c.owner == attacker),
                  "defender": sum(1 for c in cubes if defender is not None and c.owner == defender),
                  "farmers": sum(1 for c in cubes if c.owner is None),
                  "tray": len(s.tower.tray)}
        result = self.tower_model.throw(s.tower, cubes, self.rng)
        out = result.out_by_owner()
        att_out = out.get(attacker, 0)
        def_out = out.get(defender, 0) if defender is not None else 0
        farmers_out = out.get(None, 0)
        unrest_before = tp.unrest
        verdict = battle_rules.judge(kind, att_out, def_out, farmers_out, unrest_before)
        self._settle(verdict, attacker, defender, dst)
        self._log(
            "battle.result", attacker, dst, kind=kind, action=action, source=src, defender=defender,
            moved=n, extras=extras, thrown=thrown, came_out={"attacker": att_out, "defender": def_out, "farmers": farmers_out,
                                                            "others": len(result.came_out) - att_out - def_out - farmers_out},
            unrest=unrest_before, verdict=_verdict_dict(verdict), owner=tp.owner, armies=tp.armies,
            throw=_throw_record(result),
        )

    def _settle(self, v: battle_rules.Verdict, attacker: int | None, defender: int | None, prov: str) -> None:
        """Move the cubes of a decided battle out of the tray; change the province."""
        s = self.state
        s.tower.tray, back = battle_rules.split_tray(s.tower.tray, attacker, defender, v.farmers_side != "none")
        for owner, n in back.items():
            if owner is None:
                s.farmer_supply += n
            else:
                s.players[owner].supply += n
        tp = s.provinces[prov]
        winner = {"attacker": attacker, "defender": defender}.get(v.outcome)
        if v.outcome == "draw" or winner is None:
            # a draw, or the farmers won: the province is cleared
            if tp.owner is not None:
                self._transfer_card(prov, None)
            tp.owner, tp.armies = None, 0
            s.buildings_left.update({b: s.buildings_left[b] + 1 for b in tp.buildings})
            tp.buildings, tp.unrest = [], 0
            return
        s.players[winner].supply -= v.survivors
        if tp.owner != winner:
            self._transfer_card(prov, winner)
        tp.owner, tp.armies = winner, v.survivors

    def _revolt(self, seat: int, prov: str, farmers: int, extra: int, cause: str) -> bool:
        """Farmers rise in ``prov`` against ``seat``; True when the player keeps the province."""
        s = self.state
        pv = s.provinces[prov]
        total = min(farmers + extra, s.farmer_supply)
        s.farmer_supply -= total
        origin = f"revolt:{len(s.log)}"
        defending = pv.armies
        cubes = self._new_cubes(seat, defending, origin) + self._new_cubes(None, total, origin)
        pv.armies = 0
        tray = len(s.tower.tray)
        result = self.tower_model.throw(s.tower, cubes, self.rng)
        out = result.out_by_owner()
        verdict = battle_rules.judge("revolt", 0, out.get(seat, 0), out.get(None, 0), pv.unrest)
        unrest_before = pv.unrest
        self._settle(verdict, None, seat, prov)
        self._log(
            "battle.revolt", seat, prov, cause=cause, unrest=unrest_before, farmers_from_unrest=farmers,
            extra_farmers=extra, farmers=total, thrown={"defender": defending, "farmers": total, "tray": tray},
            came_out={"defender": out.get(seat, 0), "farmers": out.get(None, 0),
                      "others": len(result.came_out) - out.get(seat, 0) - out.get(None, 0)},
            verdict=_verdict_dict(verdict), owner=pv.owner, armies=pv.armies, throw=_throw_record(result),
        )
        return verdict.outcome == "defender"

    # --- winter -------------------------------------------------------------------------
    def _start_winter(self) -> None:
        s = self.state
        winter_card = s.events_face_up[0]
        loss = COMPONENTS.event(winter_card).winter_rice_loss
        s.winter_queue = []
        s.revolts = {}
        for seat in s.turn_order:
            pl = s.players[seat]
            before = pl.rice
            pl.rice = max(0, pl.rice - loss)
            provinces = s.player_provinces(seat)
            shortfall = max(0, len(provinces) - pl.rice)
            row = COMPONENTS.revolt_row(shortfall)
            self._log("winter.rice", seat, event=winter_card, rice_before=before, loss=loss, rice=pl.rice,
                      provinces=len(provinces), shortfall=shortfall,
                      revolts=row.provinces if row else 0, extra_farmers=row.extra_farmers if row else 0)
            if row:
                s.winter_queue.append(seat)
        s.phase = "winter"

    def _winter_step(self) -> None:
        s = self.state
        if s.winter_queue:
            seat = s.winter_queue.pop(0)
            pl = s.players[seat]
            provinces = s.player_provinces(seat)
            shortfall = max(0, len(provinces) - pl.rice)
            row = COMPONENTS.revolt_row(shortfall)
            if row is None or not provinces:
                return
            cards = sorted(pl.hand)
            k = min(row.provinces, len(cards))
            drawn = [_card_province(c) for c in self.rng.sample(cards, k)]
            left = (seat + 1) % s.num_players
            # the log keeps its own copy: the pending decision below consumes ``drawn``
            self._log("winter.revolts_drawn", seat, drawn_by=left, provinces=list(drawn), extra_farmers=row.extra_farmers)
            for prov in drawn:
                s.revolts[prov] = row.extra_farmers
            if len(drawn) == 1:
                self._winter_revolt(seat, drawn[0])
            else:
                s.pending = Pending("revolt", seat, options=drawn)
            return
        self._score_winter()

    def _winter_revolt(self, seat: int, prov: str) -> None:
        s = self.state
        extra = s.revolts.pop(prov)
        pv = s.provinces[prov]
        if pv.owner != seat:  # lost earlier this winter: nothing left to fight for
            self._log("winter.revolt_void", seat, prov)
            return
        self._revolt(seat, prov, farmers=pv.unrest, extra=extra, cause="winter")

    def _score_winter(self) -> None:
        s = self.state
        owners = {n: p.owner for n, p in s.provinces.items()}
        buildings = {n: list(p.buildings) for n, p in s.provinces.items()}
        regions = {n: self.graph.nodes[n]["region"] for n in s.provinces}
        result = score(owners, buildings, regions, s.num_players)
        for row in result["players"]:
            s.players[row["seat"]].points += row["total"]
        snapshot = {
            "year": s.year,
            "provinces": {n: {"owner": p.owner, "armies": p.armies, "buildings": list(p.buildings), "unrest": p.unrest}
                          for n, p in s.provinces.items()},
            "players": [{"seat": p.seat, "rice": p.rice, "chests": p.chests, "points": p.points} for p in s.players],
            "scoring": result,
        }
        s.scores.append(snapshot)
        self._log("winter.scoring", year=s.year, players=result["players"], regions=result["regions"],
                  points=[p.points for p in s.players])
        for pv in s.provinces.values():
            pv.unrest = 0
        for pl in s.players:
            pl.rice = 0
        s.events_used.extend(s.events_face_up)
        s.events_face_up = []
        if s.year >= COMPONENTS.years:
            s.winners = winners([p.points for p in s.players], [p.chests for p in s.players])
            s.phase, s.season = "end", "end"
            s.pending = None
            self._log("game.end", points=[p.points for p in s.players], chests=[p.chests for p in s.players],
                      winners=list(s.winners))
            return
        self._log("year.end", year=s.year)
        s.year += 1
        for pl in s.players:
            pl.place = None
        self._start_year()


_DECISION_FIELDS = {
    "claim": {"field", "count"},
    "redraw": set(),
    "plan": {"field", "card"},
    "place": {"count"},
    "move": {"province", "target", "count"},
    "revolt": {"province"},
}


def _check_shape(d: Decision) -> None:
    """Types and used fields of a decision, before it is compared with the game."""
    if d.kind not in _DECISION_FIELDS:
        raise E.WrongDecisionKind(f"unknown decision kind {d.kind!r}; expected one of {', '.join(_DECISION_FIELDS)}")
    if isinstance(d.player, bool) or not isinstance(d.player, int):
        raise E.MalformedDecision(f"player must be a seat number, got {d.player!r}")
    if isinstance(d.count, bool) or not isinstance(d.count, int):
        raise E.MalformedDecision(f"count must be a whole number, got {d.count!r}")
    for name in ("field", "card", "province", "target"):
        value = getattr(d, name)
        if value is not None and not isinstance(value, str):
            raise E.MalformedDecision(f"{name} must be text or None, got {value!r}")
    used = _DECISION_FIELDS[d.kind]
    extra = [n for n in ("field", "card", "province", "target") if n not in used and getattr(d, n) is not None]
    if "count" not in used and d.count:
        extra.append("count")
    if extra:
        raise E.MalformedDecision(f"a '{d.kind}' decision does not use {', '.join(extra)}")


def _verdict_dict(v: battle_rules.Verdict) -> dict:
    return {
        "outcome": v.outcome,
        "attacker_total": v.attacker_total,
        "defender_total": v.defender_total,
        "farmers_side": v.farmers_side,
        "draw_reason": v.draw_reason,
        "winner_farmers_lost": v.winner_farmers_lost,
        "winner_armies_lost": v.winner_armies_lost,
        "survivors": v.survivors,
    }


def _throw_record(result) -> dict:
    """What the animation needs to replay a throw: each cube's owner, start and end."""
    return {
        "paths": [[p.cube.id, p.cube.owner, p.cube.origin, p.start, p.end, p.knocked] for p in result.paths],
    }


def new_game(
    players: int = 4,
    side: str = "sun",
    seed: int = 0,
    setup: str = "beginner",
    *,
    tower: TowerModel | None = None,
    history: bool = True,
) -> Game:
    """Set up a new game; returns it waiting for the first decision.

    ``setup`` is ``"beginner"`` (the rulebook's start positions, sun side only)
    or ``"draft"`` (claim provinces with the two face-up cards).
    """
    try:
        check_players(players)
        check_side(side)
    except ValueError as exc:
        raise E.SetupError(str(exc)) from None
    if setup not in ("beginner", "draft"):
        raise E.SetupError(f"unknown set-up {setup!r}; expected 'beginner' or 'draft'")
    if setup == "beginner" and side != COMPONENTS.beginner_setup_side:
        raise E.SetupError(f"the beginner set-up exists for the {COMPONENTS.beginner_setup_side} side only; use setup='draft'")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise E.SetupError(f"seed must be a whole number, got {seed!r}")
    g = province_graph(side, players)
    model = tower or PhysicalTower()
    state = GameState(
        seed=seed,
        side=side,
        num_players=players,
        setup=setup,
        players=[
            PlayerState(seat=i, colour=COMPONENTS.colours[i], chests=COMPONENTS.starting_chests[players],
                        supply=COMPONENTS.armies_each, groups=list(COMPONENTS.start_groups[players]))
            for i in range(players)
        ],
        provinces={n: ProvinceState() for n in g.nodes},
        tower_model=model.to_dict(),  # type: ignore[attr-defined]
        farmer_supply=COMPONENTS.farmers,
    )
    game = Game(state, history=history, tower=model)
    rng = game.rng
    rng.seed(seed)
    events = [e.number for e in COMPONENTS.events]
    rng.shuffle(events)
    state.event_deck = events
    cards = sorted(g.nodes[n]["card"] for n in g.nodes)
    game._log("setup.start", players=players, side=side, setup=setup, seed=seed,
              chests=COMPONENTS.starting_chests[players], armies=COMPONENTS.armies_each,
              excluded=sorted(BOARD.side(side).three_player_excluded) if players == 3 else [],
              excluded_status=BOARD.side(side).excluded_provenance.status)
    if setup == "beginner":
        setups = COMPONENTS.beginner_setups[players]
        for seat, letter in enumerate(sorted(setups)):
            pl = state.players[seat]
            for prov, armies in setups[letter]:
                pv = state.provinces[prov]
                pv.owner, pv.armies = seat, armies
                pl.supply -= armies
                card = g.nodes[prov]["card"]
                pl.hand.append(card)
                cards.remove(card)
            pl.groups = []
            game._log("setup.beginner", seat, letter=letter, provinces=[[p, a] for p, a in setups[letter]])
        state.card_supply = cards
        state.phase = "setup"
        game._after_claims()
    else:
        rng.shuffle(cards)
        state.draft_deck = cards
        state.draft_face_up = [state.draft_deck.pop(0), state.draft_deck.pop(0)]
        state.phase = "claim"
    game._advance()
    game._sync_rng()
    return game
