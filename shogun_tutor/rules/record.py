"""Game records: set-up, every decision, the explanation log and each scored winter, as JSON.

A record replays: :func:`replay` rebuilds the game from its set-up and
decisions and checks that it arrives at everything the record claims: the log, the scored
winters and the result. :func:`load_record` refuses what is not a record (size, depth, the
JSON Schema ``shogun_tutor/schemas/record.schema.json``) with a :class:`SaveFileError`.
Format: ``docs/game-record.md``. Version 2 (this one) logs each player's whole plan in
``plan.done``, so a changed plan decision no longer replays; version-1 records still replay
(their ``plan.done`` events are compared without the plan).
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from . import errors as E
from .errors import SaveFileError
from .game import Game, new_game
from .savefile import parse_json, validate_schema
from .state import Decision
from .tower import tower_model_from_dict

RECORD_FORMAT = "shogun-tutor-game-record"
RECORD_VERSION = 2
READABLE_RECORD_VERSIONS = (1, 2)


def make_record(game: Game, setup: dict, bots: Sequence[str] = ()) -> dict:
    s = game.state
    return {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "setup": {**setup, "bots": list(bots)},
        "decisions": [d.to_dict() for d in game.decisions],
        "log": s.log,
        "winters": s.scores,
        "result": {
            "points": [p.points for p in s.players],
            "chests": [p.chests for p in s.players],
            "winners": list(s.winners),
            "finished": game.over,
        },
    }


def load_record(text: str | bytes) -> dict:
    """A game record from JSON text or UTF-8 bytes; SaveFileError (with the key path) if it is not one."""
    rec = parse_json(text, "game record")
    if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
        raise SaveFileError("not a Shogun Tutor game record")
    version = rec.get("format_version")
    if type(version) is not int or version not in READABLE_RECORD_VERSIONS:
        raise SaveFileError(f"game record version {version!r}; this program reads "
                            f"{', '.join(map(str, READABLE_RECORD_VERSIONS))}", path="format_version")
    validate_schema(rec, "record.schema.json")
    return rec


def comparable_log(log: list[dict], version: int) -> list[dict]:
    """The log as a record of ``version`` holds it (version 1: ``plan.done`` without the plan)."""
    if version >= 2:
        return log
    return [{k: v for k, v in ev.items() if k != "plan"} if ev.get("rule") == "plan.done" else ev for ev in log]


def replay(rec: dict[str, Any], *, history: bool = False) -> Game:
    """Play the recorded decisions again; SaveFileError if the record does not replay to what it claims.

    Compared: the explanation log, the scored winters, and the result (points, chests, winners, finished).
    """
    setup = rec["setup"]
    try:
        tower = tower_model_from_dict(setup["tower"]) if "tower" in setup else None
        expansions = setup.get("expansions", [])
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise TypeError("the record's expansions must be a list of names")
        game = new_game(players=setup["players"], side=setup["side"], seed=setup["seed"], setup=setup["setup"],
                        tower=tower, history=history, expansions=tuple(expansions))
    except (E.SetupError, KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(f"the record's set-up is invalid: {exc}", path="setup") from None
    for i, raw in enumerate(rec["decisions"]):
        try:
            game.apply(Decision.from_dict(raw))
        except (E.RuleViolation, TypeError, ValueError) as exc:
            raise SaveFileError(f"the record does not replay: {exc}", path=f"decisions/{i}") from None
    s = game.state
    if comparable_log(s.log, rec["format_version"]) != rec["log"]:
        at = next((i for i, (a, b) in enumerate(zip(comparable_log(s.log, rec["format_version"]), rec["log"])) if a != b),
                  min(len(s.log), len(rec["log"])))
        raise SaveFileError("the record does not replay: the log differs from the recorded one", path=f"log/{at}")
    if json.loads(json.dumps(s.scores)) != rec["winters"]:
        raise SaveFileError("the record does not replay: the scored winters differ", path="winters")
    result = {"points": [p.points for p in s.players], "chests": [p.chests for p in s.players],
              "winners": list(s.winners), "finished": game.over}
    for key, value in result.items():
        if rec["result"][key] != value or type(rec["result"][key]) is not type(value):
            raise SaveFileError(f"the record claims {rec['result'][key]!r}, the replay gives {value!r}", path=f"result/{key}")
    return game
