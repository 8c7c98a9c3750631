"""Save files: the state as JSON (format version 2) and back, with a reader for version 1.

``state_to_dict`` gives JSON-safe data; ``state_from_dict`` checks types, ranges and the
game's conservation laws (armies, farmers, province cards, then each group of working data)
and raises :class:`SaveFileError` naming what is wrong, so a corrupt or tampered file never
becomes a game. Version 2 records the :class:`~.rules.Rules` (``rules``: players, side,
set-up, expansions) and groups the working data (``draft``, ``round``, ``winter``, ``extra``);
a version-1 file (flat names, no expansions) is read by :func:`upgrade_v1`.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

from ..data import BUILDINGS, COMPONENTS
from .errors import SaveFileError
from .rules import Rules
from .state import V1_NAMES, DraftData, GameState, Pending, PlayerState, ProvinceState, RoundData, WinterData, _bad
from .tower import TowerState

FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
_GROUPS = {"draft": DraftData, "round": RoundData, "winter": WinterData}


def state_to_dict(state: GameState) -> dict:
    simple = ("seed", "year", "season", "phase", "card_supply", "event_deck", "events_face_up", "events_used",
              "tower_model", "farmer_supply", "buildings_left", "next_cube", "winners", "scores", "log")
    d: dict[str, Any] = {"format_version": FORMAT_VERSION, "rules": state.rules.to_dict()}
    d.update({k: getattr(state, k) for k in simple})
    d["players"] = [asdict(p) for p in state.players]
    d["provinces"] = {n: asdict(p) for n, p in state.provinces.items()}
    d["pending"] = asdict(state.pending) if state.pending else None
    d["tower"] = state.tower.to_dict()
    d["rng_state"] = _rng_to_json(state.rng_state)
    for name in _GROUPS:
        d[name] = asdict(getattr(state, name))
    d["extra"] = state.extra
    return asdict_copy(d)


def asdict_copy(d: dict) -> dict:
    """A deep copy of JSON-like data (so the dict shares nothing with the live state)."""
    if isinstance(d, dict):
        return {k: asdict_copy(v) for k, v in d.items()}
    if isinstance(d, list):
        return [asdict_copy(v) for v in d]
    return d


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


def state_from_dict(raw: Any) -> GameState:
    if not isinstance(raw, dict):
        raise SaveFileError("a saved game must be a JSON object")
    version = raw.get("format_version")
    if version not in READABLE_VERSIONS:
        raise SaveFileError(f"format_version is {version!r}; this program reads versions {', '.join(map(str, READABLE_VERSIONS))}")
    try:
        data = upgrade_v1(raw) if version == 1 else dict(raw)
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


def _rng_to_json(state: Any) -> Any:
    if state is None:
        return None
    version, internal, gauss = state
    return [version, list(internal), gauss]


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
    check_lasting(state)
    for name in _GROUPS:
        getattr(state, name).check(state)
    expected = {name for exp in state.rules.expansion_list for name in exp.state_fields}
    if set(state.extra) != expected:
        raise _bad(f"the expansions' working data {sorted(state.extra)} do not match the rules ({sorted(expected)})")
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
