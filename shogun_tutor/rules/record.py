"""Game records: set-up, every decision, the explanation log and each scored winter, as JSON.

A record replays: :func:`replay` rebuilds the game from its set-up and
decisions and checks that it arrives at the recorded log.
Format: ``docs/game-record.md``.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from .errors import SaveFileError
from .game import Game, new_game
from .state import Decision
from .tower import tower_model_from_dict

RECORD_FORMAT = "shogun-tutor-game-record"
RECORD_VERSION = 1


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


def load_record(text: str) -> dict:
    try:
        rec = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveFileError(f"not a game record (invalid JSON: {exc})") from None
    if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
        raise SaveFileError("not a Shogun Tutor game record")
    if rec.get("format_version") != RECORD_VERSION:
        raise SaveFileError(f"game record version {rec.get('format_version')!r}; this program reads {RECORD_VERSION}")
    for key, kind in (("setup", dict), ("decisions", list), ("log", list), ("winters", list), ("result", dict)):
        if not isinstance(rec.get(key), kind):
            raise SaveFileError(f"game record field {key!r} is missing or malformed")
    return rec


def replay(rec: dict[str, Any], *, history: bool = False) -> Game:
    """Play the recorded decisions again; raises SaveFileError if the record does not replay."""
    setup = rec["setup"]
    try:
        tower = tower_model_from_dict(setup["tower"]) if "tower" in setup else None
        expansions = setup.get("expansions", [])
        if not isinstance(expansions, list) or not all(isinstance(e, str) for e in expansions):
            raise TypeError("the record's expansions must be a list of names")
        game = new_game(players=setup["players"], side=setup["side"], seed=setup["seed"], setup=setup["setup"],
                        tower=tower, history=history, expansions=tuple(expansions))
        for raw in rec["decisions"]:
            game.apply(Decision.from_dict(raw))
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError(f"the record does not replay: {exc}") from None
    except Exception as exc:  # a RuleViolation: the decisions do not fit the set-up
        raise SaveFileError(f"the record does not replay: {exc}") from None
    if game.state.log != rec["log"]:
        raise SaveFileError("the record does not replay: the log differs from the recorded one")
    return game
