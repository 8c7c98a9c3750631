"""The JSON schema of a scenario file (``data/scenarios/*.json``; documented in docs/scenarios.md)."""

from __future__ import annotations

from ..data import COMPONENTS
from ..rules.expansions.court import COURT_FIELDS
from ..rules.expansions.privileges import CARDS as PRIVILEGE_CARDS
from ..rules.expansions.samurai import STACK
from ..rules.state import ACTION_IDS, PLAN_FIELDS, SEED_MAX

FORMAT = "shogun-tutor-scenario"
OWNER = {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 4}, {"const": "farmer"}]}
DECISION = {
    "type": "object",
    "required": ["kind", "player"],
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["claim", "redraw", "plan", "place", "move", "revolt", "privilege", "privilege_use", "samurai"]},
        "player": {"type": "integer", "minimum": 0, "maximum": 4},
        "field": {"type": ["string", "null"]},
        "card": {"type": ["string", "null"]},
        "province": {"type": ["string", "null"]},
        "target": {"type": ["string", "null"]},
        "count": {"type": "integer", "minimum": 0},
    },
}
SEAT_MAP = {"type": "object", "propertyNames": {"pattern": "^[0-4]$"}}

#: the JSON schema of a scenario file (documented in docs/scenarios.md)
SCHEMA: dict = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["format", "version", "id", "chapters", "players", "side", "seed", "start", "answer", "stop"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": 1},
        "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
        "chapters": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "note": {"type": "string", "maxLength": 2_000},
        "players": {"type": "integer", "minimum": 3, "maximum": 5},
        "side": {"enum": ["sun", "moon"]},
        "seed": {"type": "integer", "minimum": 0, "maximum": SEED_MAX},
        "start": {"enum": ["beginner", "draft", "position"]},
        "expansions": {"type": "array", "items": {"enum": ["tenno", "samurai"]}, "uniqueItems": True},
        "court": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "hall": {**SEAT_MAP, "additionalProperties": {"type": "integer", "minimum": 0}},
                "display": {"type": "array", "items": {"enum": sorted(PRIVILEGE_CARDS)}, "maxItems": 3, "uniqueItems": True},
            },
        },
        "samurai": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"top": {**SEAT_MAP, "additionalProperties": {"type": "integer", "minimum": 0,
                                                                        "maximum": len(STACK) - 1}}},
        },
        "learner": {"type": "integer", "minimum": 0, "maximum": 4},
        "provinces": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "required": ["owner", "armies"],
                "additionalProperties": False,
                "properties": {
                    "owner": {"type": "integer", "minimum": 0, "maximum": 4},
                    "armies": {"type": "integer", "minimum": 1},
                    "buildings": {"type": "array", "items": {"enum": ["castle", "temple", "theater"]}, "uniqueItems": True},
                    "unrest": {"type": "integer", "minimum": 0},
                },
            },
        },
        "chests": {**SEAT_MAP, "additionalProperties": {"type": "integer", "minimum": 0}},
        "rice": {**SEAT_MAP, "additionalProperties": {"type": "integer", "minimum": 0}},
        "tower": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "levels": {"type": "array", "maxItems": 3, "items": {"type": "array", "items": OWNER}},
                "tray": {"type": "array", "items": OWNER},
            },
        },
        "script": {"type": "array", "items": {"type": "object", "propertyNames": {"pattern": "^([0-4]|farmer)$"},
                                               "additionalProperties": {"type": "integer", "minimum": 0}}},
        "round": {
            "type": "object",
            "required": ["season", "event", "actions", "decide"],
            "additionalProperties": False,
            "properties": {
                "season": {"enum": ["spring", "summer", "autumn"]},
                "event": {"type": "integer", "minimum": 1, "maximum": 12},
                "winter_card": {"type": "integer", "minimum": 1, "maximum": 12},
                "actions": {"type": "array", "items": {"enum": list(ACTION_IDS)}, "minItems": 1, "uniqueItems": True},
                "turn_order": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4}},
                "places": {"type": "array", "items": {"enum": [s for s in COMPONENTS.special_cards]}, "minItems": 5, "maxItems": 5},
                "specials": {**SEAT_MAP, "additionalProperties": {"enum": list(COMPONENTS.special_cards)}},
                "plans": {**SEAT_MAP, "additionalProperties": {
                    "type": "object", "propertyNames": {"enum": list(PLAN_FIELDS + COURT_FIELDS)},
                    "additionalProperties": {"type": "string"}}},
                "decide": {
                    "type": "object",
                    "required": ["kind", "player"],
                    "additionalProperties": False,
                    "properties": {
                        "kind": {"enum": ["move", "place", "plan"]},
                        "player": {"type": "integer", "minimum": 0, "maximum": 4},
                        "province": {"type": "string"},
                        "field": {"enum": list(ACTION_IDS)},
                        "fields": {"type": "array", "items": {"enum": list(ACTION_IDS + COURT_FIELDS)}, "minItems": 1,
                                   "uniqueItems": True},
                        "pick_order": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4}},
                    },
                },
            },
        },
        "answer": {"type": "array", "items": {"oneOf": [DECISION, {"const": "first"}]}},
        "quiet": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "stop": {
            "type": "object",
            "required": ["rule"],
            "additionalProperties": False,
            "properties": {"rule": {"type": "string"}, "fields": {"type": "object"}},
        },
        "expect": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["rule", "fields"],
                "additionalProperties": False,
                "properties": {"rule": {"type": "string"}, "fields": {"type": "object"}},
            },
        },
    },
}


#: the bounds every value of a scenario gets unless its schema names a tighter one
MAX_ITEMS, MAX_LENGTH, MAX_INTEGER, MAX_PROPERTIES = 100, 200, 1_000, 100


def bounded(schema):
    """``schema`` with a size bound on every array, string, integer and object that has none:
    a teacher's file is small, and a 5,000-digit number or a million-item list is refused by the schema."""
    if isinstance(schema, list):
        return [bounded(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: (v if k in ("const", "enum") else bounded(v)) for k, v in schema.items()}
    types = out.get("type")
    types = set(types) if isinstance(types, list) else {types}
    if "array" in types:
        out.setdefault("maxItems", MAX_ITEMS)
    if "string" in types:
        out.setdefault("maxLength", MAX_LENGTH)
    if "integer" in types:
        out.setdefault("maximum", MAX_INTEGER)
    if "object" in types:
        out.setdefault("maxProperties", MAX_PROPERTIES)
    return out


SCHEMA = bounded(SCHEMA)
