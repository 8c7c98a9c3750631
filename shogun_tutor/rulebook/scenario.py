"""Prepared positions ("scenarios") for the chapters' "try it" and the teacher's demonstrations.

A scenario is a small JSON file in ``data/scenarios/`` (format: ``docs/scenarios.md``):
the game (players, board side, seed), who holds which province with how many armies,
buildings and unrest markers, the players' chests, rice and planned cards, the cubes
inside the tower and in its tray, the scripted throws, and the decision the learner
makes. It is checked against :data:`SCHEMA` (jsonschema), then turned into a saved
game and loaded with :meth:`Game.load`, which checks the game's conservation laws.
Only the engine's public API is used: :func:`new_game`, :meth:`Game.save`,
:meth:`Game.load`, :meth:`Game.apply`, :meth:`Game.legal_decisions`.

>>> sc = load_scenario("kozuke-battle")
>>> game = sc.build()
>>> game.to_decide()
('move', 1)
>>> events = sc.play_answer(game)
>>> [e["verdict"]["attacker_total"] for e in events if e["rule"] == "battle.result"]
[3]
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from ..board import province_graph
from ..data import COMPONENTS, data_dir
from ..rules.errors import RuleViolation, SaveFileError
from ..rules.game import Game, new_game
from ..rules.state import ACTION_IDS, Decision
from ..rules.tower import ScriptedTower
from . import scenario_expansions
from .scenario_schema import SCHEMA

CARD_PREFIXES = ("chest:", "tower:")  # planned as they are: war-chest cards and Tennō's Court's battle-tower cards
MAX_LEARNER_STEPS = 200  # a try-it is short; a scenario that never stops is an error in its data


MAX_SCENARIO_BYTES = 200_000  # the largest shipped scenario is about 3 kB
MAX_SCENARIO_DEPTH = 10  # a scenario nests at most 5 levels (round/plans/seat/field; expect/fields)


class ScenarioError(ValueError):
    """A scenario file that is not valid JSON, breaks the schema or the game's rules.

    ``name`` is the file (its id), ``field`` the key path of the problem (``round/decide/province``; empty for the
    whole file), ``problem`` the technical detail. The message is one sentence in the current language
    (the teacher's), naming the file and the field."""

    def __init__(self, name: str, problem: str, field: str = ""):
        from ..i18n import _

        self.name, self.problem, self.field = name, problem, field
        if field:
            message = _("The scenario file {file} is refused at the field {field}: {problem}").format(
                file=f"{name}.json", field=field, problem=problem)
        else:
            message = _("The scenario file {file} is refused: {problem}").format(file=f"{name}.json", problem=problem)
        super().__init__(message)


def scenario_dir() -> Path:
    return data_dir() / "scenarios"


def scenario_ids() -> list[str]:
    """Every scenario shipped in ``data/scenarios``, sorted."""
    return sorted(p.stem for p in scenario_dir().glob("*.json"))


def _owner(raw: Any) -> int | None:
    return None if raw == "farmer" else int(raw)


def _dig(event: dict, dotted: str) -> Any:
    value: Any = event
    for part in dotted.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            value = value.get(part) if isinstance(value, dict) else None
    return value


@dataclass(frozen=True)
class Scenario:
    """A validated scenario; :meth:`build` gives a fresh :class:`Game` waiting for the learner."""

    id: str
    raw: dict
    file: str = ""  # the file's name (without .json) its errors name; the id when not given

    @property
    def source(self) -> str:
        return self.file or self.id

    @property
    def chapters(self) -> list[str]:
        return list(self.raw["chapters"])

    @property
    def learner(self) -> int:
        if "learner" in self.raw:
            return self.raw["learner"]
        return self.raw.get("round", {}).get("decide", {}).get("player", 0)

    # --- building the position ---------------------------------------------------------
    def build(self) -> Game:
        raw = self.raw
        script = [{k: v for k, v in step.items()} for step in raw.get("script", [])]
        setup = "draft" if raw["start"] == "draft" else "beginner"
        try:
            game = new_game(players=raw["players"], side=raw["side"], seed=raw["seed"], setup=setup,
                            tower=ScriptedTower([]) if raw["start"] == "position" else None,
                            expansions=tuple(raw.get("expansions", ())))
        except ValueError as exc:
            raise ScenarioError(self.source, str(exc)) from None
        if raw["start"] != "position":
            return game
        data = json.loads(game.save())
        try:
            self._arrange(data, script, game.rng.getstate())  # the shuffles still to come (a plan position's event draw)
        except (KeyError, IndexError, TypeError, ValueError) as exc:  # a value the schema allows but the board has not
            if isinstance(exc, ScenarioError):
                raise
            raise ScenarioError(self.source, f"a value does not fit this game: {exc!r}"[:200]) from None
        try:
            return Game.load(json.dumps(data))
        except ValueError as exc:  # SaveFileError: the position breaks a conservation law
            raise ScenarioError(self.source, str(exc)) from None

    def _arrange(self, d: dict, script: list[dict], rng_state: tuple) -> None:
        raw, n = self.raw, self.raw["players"]
        g = province_graph(raw["side"], n)
        unknown = sorted(set(raw.get("provinces", {})) - set(g.nodes))
        if unknown:
            raise ScenarioError(self.source, f"provinces not in play on this board: {', '.join(unknown)}")
        cards = {name: g.nodes[name]["card"] for name in g.nodes}
        for name, pv in d["provinces"].items():
            given = raw.get("provinces", {}).get(name)
            pv.update(owner=None, armies=0, buildings=[], unrest=0)
            if given:
                if given["owner"] >= n:
                    raise ScenarioError(self.source, f"{name} is given to seat {given['owner']} in a {n}-player game")
                pv.update(owner=given["owner"], armies=given["armies"], buildings=list(given.get("buildings", [])),
                          unrest=given.get("unrest", 0))
        # cubes: the tower's levels and tray, with fresh ids
        next_id = 0
        levels = [[] for _ in range(3)]
        for li, level in enumerate(raw.get("tower", {}).get("levels", [])):
            for owner in level:
                levels[li].append([next_id, _owner(owner), "scenario"])
                next_id += 1
        tray = []
        for owner in raw.get("tower", {}).get("tray", []):
            tray.append([next_id, _owner(owner), "scenario"])
            next_id += 1
        d["tower"] = {"levels": levels, "tray": tray}
        d["next_cube"] = next_id
        cubes = [c for level in levels for c in level] + tray
        d["farmer_supply"] = COMPONENTS.farmers - sum(1 for c in cubes if c[1] is None)
        built = {b: 0 for b in ("castle", "temple", "theater")}
        for pv in d["provinces"].values():
            for b in pv["buildings"]:
                built[b] += 1
        d["buildings_left"] = {b: left - built[b] for b, left in {"castle": 28, "temple": 26, "theater": 26}.items()}
        held = set()
        for p in d["players"]:
            seat = p["seat"]
            own = sorted(name for name, pv in d["provinces"].items() if pv["owner"] == seat)
            held.update(own)
            p["hand"] = sorted(cards[name] for name in own)
            on_board = sum(d["provinces"][name]["armies"] for name in own)
            p["supply"] = COMPONENTS.armies_each - on_board - sum(1 for c in cubes if c[1] == seat)
            p["chests"] = raw.get("chests", {}).get(str(seat), p["chests"])
            p["rice"] = raw.get("rice", {}).get(str(seat), 0)
            p.update(plan={}, special=None, place=None, groups=[], last_offer=[], handed_over=[])
        d["card_supply"] = sorted(cards[name] for name in g.nodes if name not in held)
        d["draft"]["deck"], d["draft"]["face_up"] = [], []
        d["tower_model"] = {"kind": "scripted", "levels": 3, "script": script}
        scenario_expansions.arrange(raw, d, lambda problem: ScenarioError(self.source, problem))
        self._arrange_round(d, cards, rng_state)

    def _arrange_round(self, d: dict, cards: dict[str, str], rng_state: tuple) -> None:
        rnd = self.raw["round"]
        n = self.raw["players"]
        d["season"] = rnd["season"]
        d["round"]["event"] = rnd["event"]
        others = [e.number for e in COMPONENTS.events if e.number not in (rnd["event"], rnd.get("winter_card"))]
        winter = rnd.get("winter_card", others[-1])
        seasons_left = {"spring": 2, "summer": 1, "autumn": 0}[rnd["season"]]
        d["events_face_up"] = others[:seasons_left] + [winter]
        if rnd["decide"]["kind"] == "plan":  # the event is still face up: lay it where the coming draw takes it
            pool = [e for e in d["events_face_up"] if e != rnd["event"]]
            order = list(range(len(pool) + 1))
            rng = random.Random()
            rng.setstate(rng_state)
            rng.shuffle(order)  # the same shuffle the engine's draw makes of the face-up cards
            pool.insert(order[0], rnd["event"])
            d["events_face_up"] = pool
        d["event_deck"] = [e for e in others if e not in d["events_face_up"]]
        d["events_used"] = []
        d["round"]["action_cards"] = list(rnd["actions"]) + [a for a in ACTION_IDS if a not in rnd["actions"]]
        d["round"]["action_index"] = 0
        d["round"]["turn_order"] = list(rnd.get("turn_order", range(n)))
        d["round"]["specials"] = list(rnd.get("places", COMPONENTS.special_cards))
        for seat, plan in rnd.get("plans", {}).items():
            player = d["players"][int(seat)]
            for field, province in plan.items():
                if province.startswith(CARD_PREFIXES):
                    continue
                if province not in cards:
                    raise ScenarioError(self.source, f"a plan names {province!r}, which is not in play")
                player["plan"][field] = cards[province]
        decide = rnd["decide"]
        seat = decide["player"]
        for s, plan in rnd.get("plans", {}).items():  # war-chest and battle-tower cards as planned (a bid)
            for field, card in plan.items():
                if card.startswith(CARD_PREFIXES):
                    d["players"][int(s)]["plan"][field] = card
        if decide["kind"] == "plan":
            self._arrange_plan(d, decide)
            return
        for p in d["players"]:  # the planning is over: every field planned, those not given left empty
            for field in scenario_expansions.plan_fields(self.raw):
                p["plan"].setdefault(field, None)
        if decide["kind"] == "move":
            if decide.get("province") not in cards:
                raise ScenarioError(self.source, f"the move starts from {decide.get('province')!r}, which is not in play",
                                    "round/decide/province")
            action = rnd["actions"][0]
            if action not in ("army1_move", "battle_a", "battle_b"):
                raise ScenarioError(self.source, f"a move is decided in a move action, not {action!r}")
            d["players"][seat]["plan"][action] = cards[decide["province"]]
            order = d["round"]["turn_order"]
            d["round"]["pick_order"] = list(order)  # the bids were revealed in that order (a complete round's record)
            specials = d["round"]["specials"]
            for place, s in enumerate(order):
                d["players"][s]["place"] = place
            for s, special in rnd.get("specials", {}).items():  # the given special lies on that seat's place
                here, there = order.index(int(s)), specials.index(special)
                specials[here], specials[there] = specials[there], specials[here]
            for place, s in enumerate(order):
                d["players"][s]["special"] = specials[place]
            d["phase"] = "actions"
            d["round"]["turn_index"] = order.index(seat)
            d["pending"] = {"kind": "move", "player": seat, "province": decide["province"], "action": action, "options": []}
        else:  # place: the bids are revealed, the learner picks a place in the turn order
            d["phase"] = "place"
            d["round"]["pick_order"] = list(decide.get("pick_order", range(n)))
            d["round"]["turn_order"] = []
            d["round"]["turn_index"] = 0
            d["pending"] = {"kind": "place", "player": d["round"]["pick_order"][0], "province": None, "action": None, "options": []}
        d["round"]["planner"] = n
        d["winter"]["queue"], d["winter"]["revolts"] = [], {}

    def _arrange_plan(self, d: dict, decide: dict) -> None:
        """The learner covers one action field (or the ``fields`` named); every other field of every seat is
        planned (or left empty)."""
        seat = decide["player"]
        learner_fields = decide.get("fields", [decide["field"]] if "field" in decide else [])
        if not learner_fields:
            raise ScenarioError(self.source, "a plan decision names its action field ('field') or fields ('fields')")
        fields = scenario_expansions.plan_fields(self.raw)
        unknown = [f for f in learner_fields if f not in fields]
        if unknown:
            raise ScenarioError(self.source, f"no plan field {', '.join(unknown)} in this game")
        d["round"]["event"] = None
        d["phase"] = "plan"
        d["round"]["turn_order"], d["round"]["pick_order"], d["round"]["turn_index"] = [], [], 0
        d["round"]["planner"] = seat
        for p in d["players"]:
            for field in fields:
                p["plan"].setdefault(field, None)
        for field in learner_fields:
            del d["players"][seat]["plan"][field]
        d["pending"] = {"kind": "plan", "player": seat, "province": None, "action": None, "options": []}
        d["winter"]["queue"], d["winter"]["revolts"] = [], {}

    # --- playing ----------------------------------------------------------------------------
    def done(self, game: Game, start: int = 0) -> bool:
        """True once the event that ends the try-it happened (or nobody has to decide)."""
        return any(self.stops(e) for e in game.state.log[start:]) or game.to_decide() is None

    def stops(self, event: dict) -> bool:
        """Whether ``event`` is the one that ends the try-it (``stop``: its rule and fields)."""
        stop = self.raw["stop"]
        return event["rule"] == stop["rule"] and all(_dig(event, k) == v for k, v in stop.get("fields", {}).items())

    def auto(self, game: Game, decide: Callable[[Game], Decision] | None = None, start: int = 0) -> None:
        """Let the other seats decide (a heuristic bot, or ``decide``) until the learner must, or the try-it ends."""
        from ..bots import make_bot

        bots: dict[int, Any] = {}
        while not self.done(game, start):
            who = game.to_decide()
            if who is None:
                return
            if who[1] == self.learner:
                if who[0] != "place" or self.raw.get("round", {}).get("decide", {}).get("kind") != "plan":
                    return
                game.apply(game.legal_decisions()[0])  # a plan try-it: the learner's bid was highest, he takes place 1
            elif decide is not None:
                game.apply(decide(game))
            else:
                seat = who[1]
                bots.setdefault(seat, make_bot("heuristic", self.raw["seed"] * 10 + seat))
                game.apply(bots[seat].decide(game))

    def answer(self) -> list:
        """The rulebook's choices: Decisions, or ``"first"`` (the first legal decision)."""
        return [step if step == "first" else Decision(**step) for step in self.raw["answer"]]

    def play_answer(self, game: Game) -> list[dict]:
        """Play the rulebook's choices (other seats: first legal decision); returns the events."""
        start = len(game.state.log)
        steps = self.answer()
        first = lambda g: g.legal_decisions()[0]  # noqa: E731 - deterministic stand-in for the others
        self.auto(game, first, start)
        for turn in range(MAX_LEARNER_STEPS):
            if self.done(game, start):
                break
            step = steps.pop(0) if steps else "first"  # once the answer is used up: the first legal choice
            try:
                game.apply(first(game) if step == "first" else step)
            except RuleViolation as exc:  # the file's answer breaks a rule: a refusal naming the answer, not a crash
                raise ScenarioError(self.source, f"the answer is not legal here: {exc}"[:300], f"answer/{turn}") from None
            self.auto(game, first, start)
        return game.state.log[start:]

    def lesson(self, events: list[dict]) -> list[dict]:
        """The events of a try-it up to its stop event (what the engine ran on after it is another lesson)."""
        end = next((i for i, e in enumerate(events) if self.stops(e)), len(events) - 1)
        return events[:end + 1]

    def check(self, events: list[dict]) -> list[str]:
        """What the played events got wrong against ``expect``: each entry must match one event of its rule."""
        problems = []
        for exp in self.raw.get("expect", []):
            found = [e for e in events if e["rule"] == exp["rule"]]
            if not found:
                problems.append(f"no {exp['rule']} event")
                continue
            got = [{k: _dig(e, k) for k in exp["fields"]} for e in found]
            if exp["fields"] not in got:
                problems.append(f"{exp['rule']}: expected {exp['fields']}, got {got}")
        return problems


@lru_cache(maxsize=1)
def _validator():
    from ..rules.savefile import exact_validator  # jsonschema: imported when a scenario is first read, not with the app

    return exact_validator(SCHEMA)


def parse_scenario(text: str | bytes, name: str = "<text>") -> Scenario:
    """A scenario from JSON text; :class:`ScenarioError` names the file and the field.

    The same path as a save: size (:data:`MAX_SCENARIO_BYTES`) and depth (:data:`MAX_SCENARIO_DEPTH`) checked on
    the raw text before parsing, no NaN or duplicate keys (:func:`.savefile.parse_json`), then the schema with
    exact integers and bounds on every value; building the position then runs the saves' state checks."""
    from ..rules.savefile import parse_json, schema_problem

    try:
        raw = parse_json(text, "scenario", max_bytes=MAX_SCENARIO_BYTES, max_depth=MAX_SCENARIO_DEPTH)
    except SaveFileError as exc:
        raise ScenarioError(name, exc.problem.replace("not a scenario (invalid JSON: ", "not valid JSON (")) from None
    found = schema_problem(_validator(), raw)
    if found is not None:
        raise ScenarioError(name, found[1], found[0]) from None
    if raw["start"] == "position" and "round" not in raw:
        raise ScenarioError(name, "a 'position' scenario needs a 'round' (what happens and who decides)", "round")
    return Scenario(raw["id"], raw, name)


@lru_cache(maxsize=None)
def load_scenario(scenario_id: str) -> Scenario:
    path = scenario_dir() / f"{scenario_id}.json"
    if not path.exists():
        raise ScenarioError(scenario_id, f"no such scenario; available: {', '.join(scenario_ids())}")
    sc = parse_scenario(path.read_text(encoding="utf-8"), scenario_id)
    if sc.id != scenario_id:
        raise ScenarioError(scenario_id, f"the file's id is {sc.id!r}")
    return sc
