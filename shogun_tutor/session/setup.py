"""A session's set-up: the host's token as stored, the set-up checked (schema, then engine), and the game it makes.

:func:`check_setup` validates a set-up (JSON Schema ``session-setup.schema.json``); :func:`game_from_setup`
builds the game before its first decision; :func:`initial_setup` is the inverse (a game's starting set-up,
for :meth:`.session.Session.adopt`).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..rules import errors as RE
from ..rules.game import Game, new_game
from .errors import BadSetup, NotYourSeat

MAX_TOKEN = 200


def token_hash(token: str) -> str:
    """What the store keeps of a device's token."""
    if not isinstance(token, str) or not 8 <= len(token) <= MAX_TOKEN:
        raise NotYourSeat(None)
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_setup(setup: Any) -> dict:
    """The set-up as stored, or :class:`BadSetup` (JSON Schema ``session-setup.schema.json``, then the engine)."""
    from ..rules.savefile import validate_schema

    try:
        validate_schema(setup, "session-setup.schema.json")
    except RE.SaveFileError as exc:
        raise BadSetup(str(exc)) from None
    return json.loads(json.dumps(setup))


def game_from_setup(setup: dict) -> Game:
    """The game before its first decision: a new game, or the saved position ``setup["start"]`` (a demo, a load)."""
    try:
        if setup.get("start"):
            return Game.load(setup["start"])
        return new_game(players=setup["players"], side=setup["side"], seed=setup["seed"], setup=setup["setup"],
                        expansions=tuple(setup.get("expansions", ())))
    except (RE.SetupError, RE.SaveFileError, KeyError, TypeError, ValueError) as exc:
        raise BadSetup(str(exc)) from None


def initial_setup(game: Game) -> dict:
    """The set-up that rebuilds ``game`` before its first decision (see :meth:`Session.adopt`)."""
    from ..rules.tower import tower_model_from_dict

    s = game.state
    if game.decisions:
        history = game.history
        if len(history) != len(game.decisions):
            raise BadSetup("the game's history does not reach back to its first decision")
        before = history[0]
        first = Game(before.state.copy_with_log(s.log[:before.log_len]), tower=tower_model_from_dict(before.tower_model))
    else:
        first = game
    params = {"players": s.num_players, "side": s.side, "seed": s.seed, "setup": s.setup,
              "expansions": list(s.rules.expansions)}
    text = first.save()
    if game.started_at == 0:
        try:
            if new_game(players=s.num_players, side=s.side, seed=s.seed, setup=s.setup,
                        expansions=tuple(s.rules.expansions)).save() == text:
                return params
        except (RE.SetupError, ValueError):
            pass
    return {**params, "start": text}
