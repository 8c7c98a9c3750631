"""Save files: the state as JSON (format version 2) and back, with a reader for version 1.

``state_to_dict`` gives JSON-safe data; ``state_from_dict`` checks types, ranges and the
game's conservation laws (armies, farmers, province cards, then each group of working data)
and raises :class:`SaveFileError` naming what is wrong, so a corrupt or tampered file never
becomes a game. Loading runs in three steps, each refusing with a :class:`SaveFileError`
that names the key path (``players/2/chests: ...``): :func:`parse_json` (size and nesting depth
before parsing, UTF-8, no NaN, no duplicate keys), :func:`validate_schema` (the JSON Schema in
``shogun_tutor/schemas/``, published in ``docs/save-format.md``: exact types, ranges, required
keys, enumerations), then :func:`check_state` (the conservation laws). Version 2 records the :class:`~.rules.Rules` (``rules``: players, side,
set-up, expansions) and groups the working data (``draft``, ``round``, ``winter``, ``extra``);
a version-1 file (flat names, no expansions) is read by :func:`upgrade_v1`.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from ..data import BUILDINGS, COMPONENTS
from .errors import SaveFileError
from .rules import ACTION_IDS, Rules
from .state import (_GROUPS, BUILDING_TOKENS, CHEST_CARDS, FORMAT_VERSION, GameState, Pending, PlayerState,  # noqa: F401
                    ProvinceState, _bad, asdict_copy)
from .history import check_history
from .schemas import _validator, exact_validator, inline_refs, schema, schema_problem, validate_schema  # noqa: F401
from .tower import TowerState

MAX_BYTES = 1_000_000  # the largest whole game measured: a 0.16 MB save, a 0.2 MB record (5 players, both expansions)
MAX_DEPTH = 24  # the deepest structure the engine writes is 7 levels
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")

READABLE_VERSIONS = (1, 2)


V1_NAMES = {  # version-1 flat name -> (group, name) in version 2: only the reader of version-1 files knows them
    "draft_deck": ("draft", "deck"), "draft_face_up": ("draft", "face_up"), "draft_turn": ("draft", "turn"),
    "event": ("round", "event"), "action_cards": ("round", "action_cards"), "action_index": ("round", "action_index"),
    "turn_index": ("round", "turn_index"), "specials": ("round", "specials"), "pick_order": ("round", "pick_order"),
    "turn_order": ("round", "turn_order"), "planner": ("round", "planner"),
    "winter_queue": ("winter", "queue"), "revolts": ("winter", "revolts"),
}


def state_to_dict(state: GameState) -> dict:
    """The state as JSON-safe data (format version 2): :meth:`.GameState.to_dict`."""
    return state.to_dict()


def upgrade_v1(raw: dict) -> dict:
    """A version-1 save (flat working data, ``side``/``num_players``/``setup``) as version 2."""
    data = dict(raw)
    data["format_version"] = 2
    data["rules"] = {"players": data.pop("num_players"), "side": data.pop("side"), "setup": data.pop("setup"),
                     "expansions": []}
    groups: dict[str, dict] = {g: {} for g in _GROUPS}
    for old, (group, name) in V1_NAMES.items():
        if old in data:
            groups[group][name] = data.pop(old)
    data.update(groups)
    data["extra"] = {}
    return data


def parse_json(text: Any, what: str = "saved game", *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text (str or UTF-8 bytes) -> data, refusing oversized, too deeply nested or non-standard JSON.

    Size and depth are checked on the raw text before :func:`json.loads` builds anything, so a
    hostile file can neither exhaust memory nor the recursion limit.
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > max_bytes:
            raise SaveFileError(f"the {what} is {len(text):,} bytes; at most {max_bytes:,} are read")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveFileError(f"the {what} is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise SaveFileError(f"a {what} is JSON text, got {type(text).__name__}")
    if len(text) > max_bytes:
        raise SaveFileError(f"the {what} is {len(text):,} characters; at most {max_bytes:,} are read")
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if m.group() in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > max_depth:
                raise SaveFileError(f"the {what} is nested more than {max_depth} levels deep")
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except SaveFileError:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, over-long integers
        raise SaveFileError(f"not a {what} (invalid JSON: {exc})") from None


def _no_constant(name: str) -> Any:
    raise SaveFileError(f"{name} is not a JSON number")


def _no_duplicates(pairs: list) -> dict:
    d = dict(pairs)
    if len(d) != len(pairs):
        dup = next(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
        raise SaveFileError(f"the key {dup!r} appears twice in one object")
    return d


def state_from_dict(raw: Any) -> GameState:
    if not isinstance(raw, dict):
        raise SaveFileError("a saved game must be a JSON object")
    version = raw.get("format_version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise SaveFileError(f"format_version is {version!r}; this program reads versions {', '.join(map(str, READABLE_VERSIONS))}",
                            path="format_version")
    if version == 1:
        missing = [k for k in ("num_players", "side", "setup", *V1_NAMES) if k not in raw]
        if missing:
            raise SaveFileError("a required key of a version-1 save is missing", path=missing[0])
        raw = upgrade_v1(raw)
    validate_schema(raw)
    try:
        data = dict(raw)
        data.pop("format_version")
        rules = Rules.from_dict(data.pop("rules"))
        players = [PlayerState(**p) for p in data.pop("players")]
        provinces = {n: ProvinceState(**p) for n, p in data.pop("provinces").items()}
        pending = data.pop("pending")
        tower = TowerState.from_dict(data.pop("tower"))
        rng_state = _rng_from_json(data.pop("rng_state"))
        groups = {g: cls(**data.pop(g)) for g, cls in _GROUPS.items()}
        extra = data.pop("extra")
        if not isinstance(extra, dict):
            raise TypeError("extra must be an object")
        state = GameState(rules=rules, players=players, provinces=provinces, tower=tower, rng_state=rng_state,
                          pending=Pending(**pending) if pending else None, extra=extra, **groups, **data)
    except SaveFileError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise SaveFileError(f"the saved game is malformed: {exc}") from None
    check_state(state)
    return state


def _seat_ok(state: GameState, seat: Any) -> bool:
    return seat is None or 0 <= seat < state.num_players


def _rng_from_json(raw: Any) -> Any:
    if raw is None:
        return None
    if not (isinstance(raw, list) and len(raw) == 3 and isinstance(raw[1], list) and len(raw[1]) == 625):
        raise SaveFileError("the random generator state is malformed")
    state = (raw[0], tuple(raw[1]), raw[2])
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"the random generator state is malformed: {exc}") from None
    return state


def check_state(state: GameState) -> None:
    """Raise SaveFileError unless the state obeys the game's conservation laws and ranges.

    First the lasting facts (armies, farmers, province cards, buildings), then each group
    of working data (``draft``, ``round``, ``winter``, each expansion's) checks itself.
    """
    expected = {name for exp in state.rules.expansion_list for name in exp.state_fields}
    if set(state.extra) != expected:  # first: every later check may ask an expansion about its data
        raise _bad(f"the expansions' working data {sorted(state.extra)} do not match the rules ({sorted(expected)})")
    check_lasting(state)
    check_progress(state)
    check_history(state)
    for name in _GROUPS:
        getattr(state, name).check(state)
    for exp in state.rules.expansion_list:
        if exp.check:
            exp.check(state)


def check_lasting(state: GameState) -> None:
    bad = _bad
    if state.side not in ("sun", "moon"):
        raise bad(f"unknown board side {state.side!r}")
    if not COMPONENTS.min_players <= state.num_players <= COMPONENTS.max_players or len(state.players) != state.num_players:
        raise bad(f"{len(state.players)} players for a {state.num_players}-player game")
    g = state.rules.graph
    if set(state.provinces) != set(g.nodes):
        raise bad("the provinces do not match the board side and player count")
    for name, p in state.provinces.items():
        if p.armies < 0 or p.unrest < 0:
            raise bad(f"{name} has a negative count")
        if (p.owner is None) != (p.armies == 0):
            raise bad(f"{name}: an owned province must have armies and a neutral one none")
        if p.owner is not None and not 0 <= p.owner < state.num_players:
            raise bad(f"{name} is owned by unknown seat {p.owner}")
        if p.owner is None and (p.buildings or p.unrest):
            raise bad(f"{name} is neutral but holds {', '.join(p.buildings) or 'no building'} and {p.unrest} unrest")
        if len(p.buildings) > g.nodes[name]["building_slots"] or len(set(p.buildings)) != len(p.buildings) or set(p.buildings) - set(BUILDINGS):
            raise bad(f"{name} breaks the building rules: {p.buildings}")
    for pl in state.players:
        for attr in ("chests", "rice", "supply", "points"):
            if getattr(pl, attr) < 0:
                raise bad(f"player {pl.seat} has negative {attr}")
        in_tower = state.tower_count(pl.seat)
        on_board = sum(p.armies for p in state.provinces.values() if p.owner == pl.seat)
        if pl.supply + on_board + in_tower != COMPONENTS.armies_each:
            raise bad(f"player {pl.seat}'s armies add up to {pl.supply + on_board + in_tower}, not {COMPONENTS.armies_each}")
    if state.farmer_supply + state.tower_count(None) != COMPONENTS.farmers:
        raise bad(f"farmers add up to {state.farmer_supply + state.tower_count(None)}, not {COMPONENTS.farmers}")
    cards = [c for pl in state.players for c in pl.hand] + state.card_supply + state.draft.deck + state.draft.face_up
    if len(cards) != len(set(cards)):
        raise bad("a province card is held twice")
    expected = {g.nodes[n]["card"] for n in g.nodes}
    if set(cards) != expected:
        raise bad("province cards are missing or unknown")
    for pl in state.players:
        for c in pl.hand:
            name = c.split("/")[0]
            if state.provinces[name].owner != pl.seat:
                raise bad(f"player {pl.seat} holds the card of {name} but does not hold the province")
    for c in state.card_supply:
        if state.provinces[c.split("/")[0]].owner is not None:
            raise bad(f"the card of {c} lies in the supply but the province is held")


def check_progress(state: GameState) -> None:
    """Year, season and phase agree; cubes, building tokens, events, specials, plans and the pending decision fit."""
    bad = _bad
    # -- where in the game ---------------------------------------------------------------
    if not 1 <= state.year <= COMPONENTS.years:
        raise bad(f"year {state.year} of a {COMPONENTS.years}-year game")
    phases = set(state.rules.phases) | {"end"}
    if state.phase not in phases:
        raise bad(f"unknown phase {state.phase!r}; expected one of {', '.join(sorted(phases))}")
    fits = {"setup": {"claim"}, "winter": {"winter"}, "end": {"end"}}.get(state.season, set(state.rules.season))
    if state.phase not in fits:
        raise bad(f"the phase {state.phase!r} does not happen in {state.season}")
    # -- the tower and its model ------------------------------------------------------------
    model = state.tower_model
    levels = model.get("params", {}).get("levels") if model.get("kind") == "physical" else model.get("levels")
    if levels is not None and levels != len(state.tower.levels):
        raise bad(f"the tower has {len(state.tower.levels)} levels but its model {levels}")
    # -- cubes and building tokens ---------------------------------------------------------
    cubes = list(state.tower.all_cubes())
    for c in cubes:
        if not _seat_ok(state, c.owner):
            raise bad(f"a cube in the tower belongs to seat {c.owner}, not in this game")
    if cubes and max(c.id for c in cubes) >= state.next_cube:
        raise bad(f"next_cube {state.next_cube} would repeat the id of a cube in the tower")
    built = Counter(b for p in state.provinces.values() for b in p.buildings)
    for b, total in BUILDING_TOKENS.items():
        if built[b] + state.buildings_left[b] != total:
            raise bad(f"{built[b]} {b}s built and {state.buildings_left[b]} left; the game has {total}")
    # -- event cards -------------------------------------------------------------------------
    r = state.round
    events = state.event_deck + state.events_face_up + state.events_used
    if len(events) != len(set(events)) or (r.event is not None and r.event in state.event_deck + state.events_face_up):
        raise bad("an event card lies in two places")
    # -- the round's orders -----------------------------------------------------------------
    seats = list(range(state.num_players))
    if state.phase in ("place", "actions") and sorted(r.pick_order) != seats:
        raise bad(f"the bid order {r.pick_order} does not name every seat once")
    if state.phase == "actions" and (sorted(r.turn_order) != seats or any(pl.place is None for pl in state.players)):
        raise bad(f"the actions run without a full turn order ({r.turn_order})")
    # -- seats, specials and plans -------------------------------------------------------
    if not all(_seat_ok(state, w) for w in state.winners) or (state.winners and state.phase != "end"):
        raise bad(f"winners {state.winners} before the end or of unknown seats")
    places = [pl.place for pl in state.players if pl.place is not None]
    if len(places) != len(set(places)):
        raise bad("two players hold the same turn-order place")
    start_groups = Counter(COMPONENTS.start_groups[state.num_players])
    for pl in state.players:
        if pl.seat != state.players.index(pl) or pl.colour != COMPONENTS.colours[pl.seat]:
            raise bad(f"player {state.players.index(pl)} has seat {pl.seat} and colour {pl.colour!r}")
        if pl.place is not None and state.phase in ("place", "actions") and (len(r.specials) != len(COMPONENTS.special_cards) or pl.special != r.specials[pl.place]):
            raise bad(f"player {pl.seat}'s special card does not lie on his place {pl.place}")
        if pl.groups and (state.phase != "claim" or Counter(pl.groups) - start_groups):
            raise bad(f"player {pl.seat}'s army groups {pl.groups} are not from the draft")
        if sum(pl.groups) > pl.supply:
            raise bad(f"player {pl.seat}'s army groups need more armies than his supply")
        fields = set(state.rules.plan_fields(state, pl.seat))
        if set(pl.plan) - fields:
            raise bad(f"player {pl.seat} planned unknown fields {sorted(set(pl.plan) - fields)}")
        planned = [c for c in pl.plan.values() if c is not None]
        if len(planned) != len(set(planned)):
            raise bad(f"player {pl.seat} planned the same card twice")
        extra_cards = state.rules.plan_cards(state, pl.seat)  # an expansion's cards (Tennō's Court: the tower cards)
        for f, c in pl.plan.items():
            if c is not None and c not in pl.hand and c not in pl.handed_over and c not in CHEST_CARDS and c not in extra_cards:
                raise bad(f"player {pl.seat} planned {c!r} on {f}, a card he does not hold")
            if f == "bid" and c in CHEST_CARDS and state.phase == "plan" and int(c[6:]) > pl.chests:
                raise bad(f"player {pl.seat} bids {c!r} with {pl.chests} chests")
    # -- the pending decision --------------------------------------------------------------
    check_pending(state)


BASE_DECISION_KINDS = frozenset({"claim", "redraw", "plan", "place", "move", "revolt"})


def check_pending(state: GameState) -> None:
    p, bad = state.pending, _bad
    if state.phase == "end":
        if p is not None:
            raise bad("the game is over but a decision is pending")
        return
    if p is None:
        if any(exp.between_steps and exp.between_steps(state) for exp in state.rules.expansion_list):
            return  # an expansion vouches for the state: it stands between two of its steps (Game.load steps on)
        raise bad(f"no decision is pending in the {state.phase} phase: the game could not go on")
    kinds = state.rules.decision_kinds
    if p.kind not in kinds or kinds[p.kind][1].id != state.phase:
        raise bad(f"a {p.kind!r} decision cannot be pending in the {state.phase} phase")
    for exp in state.rules.expansion_list:  # an expansion's own decision kinds: it judges them by its working data
        if exp.check_pending and p.kind in {k for ph in exp.phases.values() for k in ph.decisions}:
            exp.check_pending(state, p)
    if not _seat_ok(state, p.player):
        raise bad(f"the pending decision belongs to seat {p.player}, not in this game")
    if p.province is not None and p.province not in state.provinces:
        raise bad(f"the pending decision names the province {p.province!r}, not in play")
    if set(p.options) - set(state.provinces):
        raise bad("the pending revolts name provinces not in play")
    if p.action is not None and p.action not in ACTION_IDS and p.kind in BASE_DECISION_KINDS:
        raise bad(f"the pending decision names the unknown action {p.action!r}")
    pl = state.players[p.player]
    if p.kind == "plan" and (state.round.planner != p.player or len(pl.plan) >= len(state.rules.plan_fields(state, p.player))):
        raise bad(f"seat {p.player} is not the one planning now")
    if p.kind == "place" and (pl.place is not None or p.player not in state.round.pick_order):
        raise bad(f"seat {p.player} cannot pick a turn-order place now")
    if p.kind == "claim" and not pl.groups:
        raise bad(f"seat {p.player} has no army group left to claim with")
    if p.kind == "move" and (p.province is None or state.provinces[p.province].owner != p.player):
        raise bad(f"seat {p.player} must move from a province he does not hold")
